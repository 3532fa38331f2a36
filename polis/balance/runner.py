"""Play the games of a run, in this process or in a pool of worker processes.

Each game is a pure function of (ruleset, seed, game index, bot, level)
(polis.balance.game), and the facts are put back in game order, so a run's
figures do not depend on the number of workers or on which finishes first.
Workers are started with `spawn`: a fresh interpreter is safe to start from a
threaded program (the app's session thread) where `fork` is not.

A run stops early when `stop()` answers True or on Ctrl-C (KeyboardInterrupt);
the games that finished are kept and the run says it was interrupted.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass

from polis.balance.game import GameFacts, play_game
from polis.compiler.config import EngineConfig

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


# ------------------------------------------------------------------ worker side

_job: tuple[EngineConfig, int, str, str | None] | None = None


def _init_worker(cfg: EngineConfig, seed: int, bot: str, level: str | None) -> None:
    global _job
    _job = (cfg, seed, bot, level)
    # Ctrl-C reaches the whole process group: the parent decides, workers must not
    # print a traceback each
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play(index: int) -> GameFacts:
    assert _job is not None, "worker not initialised"
    cfg, seed, bot, level = _job
    return play_game(cfg, seed, index, bot, level)


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
    """Play in `workers` processes; True if stopped early. Fills `done` as games finish."""
    pool = ProcessPoolExecutor(
        max_workers=max(1, min(workers, games)),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_init_worker,
        initargs=(cfg, seed, bot, level),
    )
    pending = {pool.submit(_play, index) for index in range(games)}
    try:
        while pending:
            if stop is not None and stop():
                return True
            finished, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in finished:
                facts = future.result()  # BrokenProcessPool if a worker died: a real failure
                done[facts.index] = facts
            if finished and progress:
                progress(len(done), games)
        return False
    finally:
        if pending:
            _terminate(pool)
        pool.shutdown(wait=True, cancel_futures=True)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop the workers now: a game still running is dropped, not waited for."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()
