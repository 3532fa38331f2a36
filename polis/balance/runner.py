"""Play the games of a run, in this process or in a pool of worker processes.

Each game is a pure function of (ruleset, seed, game index, bot, level)
(polis.balance.game), and the facts are put back in game order, so a run's
figures do not depend on the number of workers or on which finishes first.
Workers are fresh interpreters (polis.balance.worker) started as plain
subprocesses: safe from a threaded program (the app's session thread), where
`fork` is not, and, unlike multiprocessing's `spawn`, they never re-import the
parent's `__main__` (inside the app, the Streamlit page).

A run stops early when `stop()` answers True or on Ctrl-C (KeyboardInterrupt);
the games that finished are kept and the run says it was interrupted.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from polis.balance.game import GameFacts, play_game
from polis.compiler.config import EngineConfig
from polis.compiler.serialize import to_jsonable

Progress = Callable[[int, int], None]  # (games finished, games planned)
Stop = Callable[[], bool]

POLL_SECONDS = 0.2  # how often a waiting run looks at `stop`


@dataclass(frozen=True)
class Run:
    facts: tuple[GameFacts, ...]  # the finished games, in game order
    planned: int
    interrupted: bool
    seconds: float  # wall time


def default_workers() -> int:
    """Every core this process may use (2 on the project's machines)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# ------------------------------------------------------------------ parent side


def run_games(
    cfg: EngineConfig,
    games: int,
    seed: int,
    bot: str,
    level: str | None = None,
    *,
    workers: int = 1,
    in_process: bool | None = None,
    progress: Progress | None = None,
    stop: Stop | None = None,
) -> Run:
    """Play games 0..games-1; `in_process` defaults to True for one worker."""
    start = time.perf_counter()
    done: dict[int, GameFacts] = {}
    interrupted = False
    if progress:
        progress(0, games)
    try:
        if in_process if in_process is not None else workers <= 1:
            for index in range(games):
                if stop is not None and stop():
                    interrupted = True
                    break
                done[index] = play_game(cfg, seed, index, bot, level)
                if progress:
                    progress(len(done), games)
        else:
            interrupted = _in_pool(cfg, games, seed, bot, level, workers, done, progress, stop)
    except KeyboardInterrupt:
        interrupted = True
    facts = tuple(done[i] for i in sorted(done))
    return Run(facts, games, interrupted or len(facts) < games, time.perf_counter() - start)


class _Worker:
    """One `python -m polis.balance.worker` process and a thread reading its results."""

    def __init__(self, job: tuple[object, ...], results: queue.Queue[tuple[_Worker, object]]):
        read_fd, write_fd = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "polis.balance.worker", str(write_fd)],
                stdin=subprocess.PIPE,
                pass_fds=(write_fd,),
            )
        finally:
            os.close(write_fd)
        self.results = os.fdopen(read_fd, "rb")
        self.queue = results
        assert self.process.stdin is not None
        self.stdin = self.process.stdin
        pickle.dump(job, self.stdin)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            while True:
                self.queue.put((self, pickle.load(self.results)))
        except (EOFError, OSError, pickle.UnpicklingError) as exc:
            self.queue.put((self, exc))

    def send(self, index: int) -> None:
        pickle.dump(index, self.stdin)
        self.stdin.flush()

    def stop(self, *, now: bool) -> None:
        with contextlib.suppress(OSError):
            self.stdin.close()  # no more games: the worker returns
        if now:
            self.process.kill()  # a game still running is dropped, not waited for
        self.process.wait()
        self.reader.join(timeout=5)
        self.results.close()


def _in_pool(
    cfg: EngineConfig,
    games: int,
    seed: int,
    bot: str,
    level: str | None,
    workers: int,
    done: dict[int, GameFacts],
    progress: Progress | None,
    stop: Stop | None,
) -> bool:
    """Play in `workers` processes; True if stopped early. Fills `done` as games finish.

    Each worker gets the next game index as soon as it returns one, so the
    order games finish in varies; their facts do not.
    """
    results: queue.Queue[tuple[_Worker, object]] = queue.Queue()
    pool: list[_Worker] = []
    stopped = True
    try:
        # the configuration travels as JSON: a compiled (mypyc) config cannot be unpickled
        job = (to_jsonable(cfg), seed, bot, level)
        pool = [_Worker(job, results) for _ in range(min(workers, games))]
        upcoming = iter(range(games))
        for worker in pool:
            worker.send(next(upcoming))
        while len(done) < games:
            if stop is not None and stop():
                return True
            try:
                worker, answer = results.get(timeout=POLL_SECONDS)
            except queue.Empty:
                continue
            if not isinstance(answer, GameFacts):
                raise RuntimeError(f"a balance worker stopped: {answer!r}")
            done[answer.index] = answer
            if progress:
                progress(len(done), games)
            following = next(upcoming, None)
            if following is not None:
                worker.send(following)
        stopped = False
        return False
    finally:
        for worker in pool:
            worker.stop(now=stopped)
