"""Where bot games are played: in this process, in local worker processes, or on a Dask cluster.

`polis simulate`, `polis balance`, `polis balance-records`, the sensitivity
reruns and `polis fit-weights` hand their games to one interface,
`Executor.results(work, cfg, tasks)`: `work(cfg, task)` for every task, the
results in the order they finish. Each game is a pure function of its task
(the seeds are in it) and of the compiled rules, so callers put results back
in game order and a run gives the same games whichever executor played it.

- `InProcess`: one game after another in this process (one worker).
- `LocalProcesses`: a `concurrent.futures.ProcessPoolExecutor` of spawned
  processes. Spawned, not forked: the app runs threads, and a forked copy of a
  threaded process can hang. Every worker starts at once, while `__main__` is
  an empty module: a spawned process first runs its parent's main module, which
  under Streamlit is the page script.
- `DaskCluster`: a Dask distributed scheduler at `tcp://HOST:PORT` (imported
  only then). On connecting, every worker is asked for the fingerprint of its
  `polis` code: a worker running other code would play other games, so it is
  refused; a worker without the compiled engine plays the same games, slower,
  and is named in `notes`.

The compiled rules travel as JSON (a compiled, mypyc-built configuration
cannot be pickled) with each task, and each worker decodes a configuration
once. Each worker imports `polis`, which loads the compiled engine from
`build/native` when it was built from the very same source (polis/native.py).

Stopping: `results` polls `stop()` while it waits; when it answers True, or
on Ctrl-C (KeyboardInterrupt), or when the caller closes the iterator, the
games not yet finished are dropped. While the workers' results stream in, a
Ctrl-C is noted and raised where the stream next looks (within POLL_SECONDS),
never in the middle of its bookkeeping: raised between handing a game to the
pool and noting it as pending, it could leave a game nobody would drop, and
the run would wait for that game to end before it stopped. Local workers are
killed at once (a new pool starts on the next call); Dask cannot interrupt a
running task, so the cluster's games in progress run to their end and their
results are dropped.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import queue
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent import futures
from typing import TYPE_CHECKING, Any, TypeVar

from polis.fingerprint import code_fingerprint
from polis.spawn import bare_main

if TYPE_CHECKING:
    from polis.compiler.config import EngineConfig

T = TypeVar("T")
R = TypeVar("R")
Work = Callable[["EngineConfig", T], R]
Stop = Callable[[], bool]

POLL_SECONDS = 0.2  # how often a waiting run looks at `stop`
IN_FLIGHT_PER_WORKER = 2  # tasks handed out per worker ahead of their results
CONNECT_SECONDS = 10.0  # how long to wait for a Dask scheduler to answer


class ClusterError(Exception):
    """A cluster that cannot play a run; `kind` says why, `detail` gives the particulars.

    kinds: "missing" (dask is not installed here), "unreachable" (no scheduler
    answered), "other_code" (a worker runs other code), "no_workers".
    """

    def __init__(self, kind: str, address: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {address}: {detail}")
        self.kind = kind
        self.address = address
        self.detail = detail


def default_workers() -> int:
    """Every core this process may use (2 on the project's machines)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# ------------------------------------------------------------------ worker side

_configs: dict[str, EngineConfig] = {}  # configuration key -> decoded, per worker process
_configs_lock = threading.Lock()


def _config(key: str, text: str) -> EngineConfig:
    with _configs_lock:
        cfg = _configs.get(key)
        if cfg is None:
            import json

            from polis.compiler.serialize import from_jsonable

            if len(_configs) >= 8:  # a sensitivity run plays a few rulesets, not hundreds
                _configs.clear()
            cfg = _configs[key] = from_jsonable(json.loads(text))
        return cfg


def _call(work: Work[T, R], key: str, text: str, task: T) -> R:
    return work(_config(key, text), task)


def _ignore_ctrl_c() -> None:
    # Ctrl-C reaches the whole process group: the parent decides what stops
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ready() -> int:
    return os.getpid()


def worker_facts() -> dict[str, Any]:
    """What a worker runs: its code's fingerprint and whether the engine is compiled."""
    from polis import native

    code_fingerprint.cache_clear()  # a long-lived worker may have been updated since
    return {
        "code": code_fingerprint(),
        "compiled": bool(native.status()["compiled"]),
        "python": sys.version.split()[0],
    }


def _encoded(cfg: EngineConfig) -> tuple[str, str]:
    import json

    from polis.compiler.serialize import to_jsonable

    text = json.dumps(to_jsonable(cfg), separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest(), text


# ------------------------------------------------------------------ executors


class Executor:
    """Plays tasks; `workers` is how many play at once."""

    workers = 1
    kind = "local"
    notes: tuple[str, ...] = ()  # what the caller should tell the reader (pure-Python workers)

    def results(
        self, work: Work[T, R], cfg: EngineConfig, tasks: Sequence[T], stop: Stop | None = None
    ) -> Generator[R, None, None]:
        """`work(cfg, task)` for every task, in the order they finish.

        `work` must be a module-level function (a worker imports it by name).
        Ends early, dropping unfinished games, when `stop()` answers True.
        """
        raise NotImplementedError

    def close(self) -> None:
        """Stop the workers (an executor may be used for several runs before)."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcess(Executor):
    def results(
        self, work: Work[T, R], cfg: EngineConfig, tasks: Sequence[T], stop: Stop | None = None
    ) -> Generator[R, None, None]:
        for task in tasks:
            if stop is not None and stop():
                return
            yield work(cfg, task)


class LocalProcesses(Executor):
    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: futures.ProcessPoolExecutor | None = None

    def _started(self) -> futures.ProcessPoolExecutor:
        if self._pool is None:
            import multiprocessing

            pool = futures.ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_ignore_ctrl_c,
            )
            # one task per worker while none is idle starts every worker now, with a bare
            # main module; none starts later (a pool whose worker died is replaced whole)
            with bare_main():
                started = [pool.submit(_ready) for _ in range(self.workers)]
            futures.wait(started)
            self._pool = pool
        return self._pool

    def results(
        self, work: Work[T, R], cfg: EngineConfig, tasks: Sequence[T], stop: Stop | None = None
    ) -> Generator[R, None, None]:
        if not tasks:
            return
        key, text = _encoded(cfg)
        pool = self._started()

        def submit(task: T) -> futures.Future[R]:
            return pool.submit(_call, work, key, text, task)

        yield from _stream(submit, tasks, self.workers, stop, self._drop)

    def _drop(self, pending: set[Any]) -> None:
        for future in pending:
            future.cancel()
        if any(not f.done() for f in pending):
            self._kill()  # a game still running is dropped, not waited for

    def _kill(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        kill = getattr(pool, "kill_workers", None)  # Python 3.14
        if kill is not None:
            kill()
        else:
            for process in list(getattr(pool, "_processes", {}).values()):
                with contextlib.suppress(OSError, ValueError):
                    process.kill()
        pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


class DaskCluster(Executor):
    kind = "dask"

    def __init__(self, address: str) -> None:
        try:
            import distributed
        except ImportError:
            raise ClusterError("missing", address) from None
        self.address = address
        try:
            self._client: Any = distributed.Client(
                address, timeout=CONNECT_SECONDS, set_as_default=False
            )
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError("unreachable", address, str(exc)) from None
        try:
            facts: dict[str, dict[str, Any]] = self._client.run(worker_facts)
            threads = sum(self._client.nthreads().values())
        except Exception as exc:  # a worker that cannot import polis answers with its error
            self._client.close()
            raise ClusterError("other_code", address, f"{type(exc).__name__}: {exc}") from None
        if not facts or threads < 1:
            self._client.close()
            raise ClusterError("no_workers", address)
        mine = code_fingerprint()
        other = sorted(w for w, f in facts.items() if f["code"] != mine)
        if other:
            self._client.close()
            raise ClusterError("other_code", address, ", ".join(other))
        self.workers = threads
        self.pure_workers = sorted(w for w, f in facts.items() if not f["compiled"])

    def results(
        self, work: Work[T, R], cfg: EngineConfig, tasks: Sequence[T], stop: Stop | None = None
    ) -> Generator[R, None, None]:
        if not tasks:
            return
        client = self._client
        key, text = _encoded(cfg)
        # the configuration is sent to every worker once, not with every task
        shared = client.scatter(text, broadcast=True, hash=True)

        def submit(task: T) -> Any:
            return client.submit(_call, work, key, shared, task, pure=False)

        yield from _stream(
            submit, tasks, self.workers, stop, lambda left: client.cancel(list(left))
        )

    def close(self) -> None:
        self._client.close()


def _stream(
    submit: Callable[[T], Any],
    tasks: Sequence[T],
    workers: int,
    stop: Stop | None,
    drop: Callable[[set[Any]], None],
) -> Generator[Any, None, None]:
    """Results of submitted tasks as they finish, a few tasks per worker handed out at a time.

    `submit` returns a future (concurrent.futures or Dask: both call a done-callback);
    `drop` gets the futures left when the run ends early.
    """
    finished_queue: queue.Queue[Any] = queue.Queue()
    upcoming = iter(tasks)
    pending: set[Any] = set()
    ctrl_c: list[int] = []
    restore = _note_ctrl_c(ctrl_c)

    def launch(task: T) -> None:
        future = submit(task)
        pending.add(future)
        future.add_done_callback(finished_queue.put)

    complete = False
    try:
        for task in _take(upcoming, workers * IN_FLIGHT_PER_WORKER):
            launch(task)
        while pending:
            if ctrl_c:
                raise KeyboardInterrupt
            if stop is not None and stop():
                return
            try:
                future = finished_queue.get(timeout=POLL_SECONDS)
            except queue.Empty:
                continue
            pending.discard(future)
            following = next(upcoming, None)
            if following is not None:
                launch(following)
            yield future.result()
        complete = True
    finally:
        try:
            if not complete:
                drop(pending)
        finally:
            restore()  # after the drop: a second Ctrl-C does not cut the workers' kill short


def _note_ctrl_c(noted: list[int]) -> Callable[[], None]:
    """Note Ctrl-C in `noted` instead of raising it at once; returns what undoes that.

    Only where Ctrl-C would raise KeyboardInterrupt in this thread: the main thread with
    Python's own handler (the app's threads and a caller's own handler are left alone).
    """
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return lambda: None
    signal.signal(signal.SIGINT, lambda signum, _frame: noted.append(signum))

    def restore() -> None:
        signal.signal(signal.SIGINT, signal.default_int_handler)

    return restore


def _take(items: Iterator[T], n: int) -> list[T]:
    return [item for _, item in zip(range(n), items, strict=False)]


def make_executor(
    workers: int = 1, cluster: str | None = None, *, in_process: bool | None = None
) -> Executor:
    """A Dask cluster at `cluster`, else `workers` local processes (this process for one,
    unless `in_process` is False: the app keeps games out of the server's process)."""
    if cluster:
        return DaskCluster(cluster)
    if in_process if in_process is not None else workers <= 1:
        return InProcess()
    return LocalProcesses(workers)
