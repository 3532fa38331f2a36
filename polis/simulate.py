"""Bot-against-bot games: counts, wins, scores and time (`polis simulate`)."""

from __future__ import annotations

import statistics
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from polis.bots import make_bot
from polis.compiler.config import EngineConfig
from polis.engine import State, apply_unchecked, new_game
from polis.engine.flow import scores
from polis.engine.state import DRAW

MAX_ACTIONS_PER_GAME = 20_000  # far above any real game; a guard against a rules bug looping


@dataclass
class GameResult:
    seed: int
    actions: int
    winner: int  # side, DRAW, or -1 after an error
    reason: str
    scores: tuple[int, int]
    bots: tuple[str, str]
    error: str | None = None


def play(cfg: EngineConfig, seed: int, athens: str, sparta: str) -> GameResult:
    bots = (make_bot(athens, seed * 2 + 1), make_bot(sparta, seed * 2 + 2))
    state: State = new_game(cfg, seed)
    actions = 0
    try:
        while not state.finished:
            state = apply_unchecked(state, bots[state.player].choose(state))
            actions += 1
            if actions > MAX_ACTIONS_PER_GAME:
                raise RuntimeError(f"game did not end after {actions} actions")
    except Exception as exc:  # a simulation reports errors, it does not stop at the first
        return GameResult(
            seed,
            actions,
            -1,
            "error",
            (0, 0),
            (athens, sparta),
            f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}",
        )
    score = scores(state)
    return GameResult(
        seed, actions, state.winner, state.reason, (score[0], score[1]), (athens, sparta)
    )


@dataclass
class Summary:
    ruleset: str
    games: int = 0
    actions: int = 0
    errors: int = 0
    wins: dict[str, int] = field(default_factory=dict)  # by side id, and "draw"
    bot_wins: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)
    scores: list[tuple[int, int]] = field(default_factory=list)
    seconds: float = 0.0
    error_samples: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        athens = [a for a, _ in self.scores]
        sparta = [b for _, b in self.scores]
        return {
            "ruleset": self.ruleset,
            "games": self.games,
            "actions": self.actions,
            "errors": self.errors,
            "wins": self.wins,
            "bot_wins": self.bot_wins,
            "end_reasons": self.reasons,
            "mean_score": {
                "athens": round(statistics.fmean(athens), 2) if athens else 0,
                "sparta": round(statistics.fmean(sparta), 2) if sparta else 0,
            },
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else 0,
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0,
            "error_samples": self.error_samples[:3],
        }


def simulate(
    cfg: EngineConfig,
    games: int,
    seed: int,
    athens: str = "random",
    sparta: str = "random",
    *,
    alternate: bool = False,
) -> Summary:
    """Play `games` games; with `alternate`, the two bots swap sides every other game."""
    summary = Summary(cfg.id, wins=dict.fromkeys([*cfg.sides, "draw"], 0))
    start = time.perf_counter()
    for i in range(games):
        a, b = (sparta, athens) if alternate and i % 2 else (athens, sparta)
        result = play(cfg, seed + i, a, b)
        summary.games += 1
        summary.actions += result.actions
        if result.error:
            summary.errors += 1
            summary.error_samples.append(result.error)
            continue
        key = "draw" if result.winner == DRAW else cfg.sides[result.winner]
        summary.wins[key] += 1
        if result.winner != DRAW:
            bot = result.bots[result.winner]
            summary.bot_wins[bot] = summary.bot_wins.get(bot, 0) + 1
        summary.reasons[result.reason] = summary.reasons.get(result.reason, 0) + 1
        summary.scores.append(result.scores)
    summary.seconds = time.perf_counter() - start
    return summary
