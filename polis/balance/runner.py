"""Play the games of a run on an executor (this process, local processes or a Dask cluster).

Each game is a pure function of (ruleset, seed, game index, bot, level)
(polis.balance.game: the bots search on iteration budgets only), and the facts
are put back in game order, so a run's figures do not depend on the executor,
the number of workers, the machine or which game finishes first.

A run keeps each finished game in its game log as it goes (polis.game_log)
when given one, and starts from the games a resumed log already holds.
It stops early when `stop()` answers True or on Ctrl-C (KeyboardInterrupt);
the games that finished are kept and the run says it was interrupted.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from polis.balance.game import GameFacts, play_game
from polis.compiler.config import EngineConfig
from polis.executor import Executor, default_workers, make_executor
from polis.game_log import uninterrupted

if TYPE_CHECKING:
    from polis.game_log import GameLog

__all__ = ["Progress", "Run", "Stop", "default_workers", "run_games"]

Progress = Callable[[int, int], None]  # (games finished, games planned)
Stop = Callable[[], bool]

Task = tuple[int, int, str, str | None]  # (seed, game index, bot, level)


@dataclass(frozen=True)
class Run:
    facts: tuple[GameFacts, ...]  # the finished games, in game order
    planned: int
    interrupted: bool
    seconds: float  # wall time of this session (a resumed run's earlier sessions not counted)
    resumed: int = 0  # games taken from the log of an earlier session


def _play_task(cfg: EngineConfig, task: Task) -> GameFacts:
    seed, index, bot, level = task
    return play_game(cfg, seed, index, bot, level)


def run_games(
    cfg: EngineConfig,
    games: int,
    seed: int,
    bot: str,
    level: str | None = None,
    *,
    workers: int = 1,
    in_process: bool | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    stop: Stop | None = None,
    log: GameLog | None = None,
    kept: Mapping[int, GameFacts] | None = None,
) -> Run:
    """Play games 0..games-1 but those in `kept`, on `executor` (default: `workers` local
    processes, this one for one unless `in_process` is False); each new game goes to `log`."""
    start = time.perf_counter()
    done = {i: facts for i, facts in (kept or {}).items() if i < games}
    resumed = len(done)
    interrupted = False
    if progress:
        progress(len(done), games)
    tasks: list[Task] = [(seed, i, bot, level) for i in range(games) if i not in done]
    own = executor is None
    runner = executor if executor is not None else make_executor(workers, in_process=in_process)
    try:
        with contextlib.closing(runner.results(_play_task, cfg, tasks, stop)) as results:
            for game in results:
                with uninterrupted():
                    if log is not None:
                        log.append(game.index, game.to_json())
                    done[game.index] = game
                if progress:
                    progress(len(done), games)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if own:
            runner.close()
    facts = tuple(done[i] for i in sorted(done))
    return Run(
        facts,
        games,
        interrupted or len(facts) < games,
        time.perf_counter() - start,
        resumed,
    )
