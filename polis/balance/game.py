"""One bot-against-bot game of the balance lab and the facts it leaves.

A game is a pure function of (ruleset, seed, game index, bot, level): its
engine seed and the two bots' seeds come from `seeds(seed, index)`, so a run
gives the same facts in one process or spread over workers in any order.
With the same bot on both sides, "sides alternate" means the two bots' seed
streams swap sides every other game, as `polis simulate` does with two bots.

Everything counted comes from the engine's log entries, read after each step
(`State.log` holds the entries of the step that made the state): one source
for the lab, `polis simulate`, the narration and the replays.
"""

from __future__ import annotations

import dataclasses
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from polis.bots import Bot, make_bot
from polis.compiler.config import EngineConfig
from polis.engine import DRAW, LogEntry, State, apply_unchecked, new_game, score_parts

MAX_STEPS_PER_GAME = 20_000  # far above any real game; a guard against a rules bug looping
# end reasons that come from the final scoring; the others are sudden-death losses
SCORED_REASONS = ("score", "tie", "tie_most_goods", "shared_victory")
# what the lab counts per game besides the action kinds (`action:<id>`)
OCCURRENCES = ("siege", "siege_won", "trade", "battle", "event", "event_unknown")


@dataclass(frozen=True)
class GameFacts:
    """What one game leaves for the statistics (plain values: it crosses process borders)."""

    index: int
    winner: str  # a side id, "draw", or "error"
    reason: str  # the engine's end reason, or "error"
    score: tuple[int, int]  # Athens, Sparta
    parts: tuple[dict[str, int], dict[str, int]]  # score parts by side
    rounds: int  # rounds begun
    turns: int
    actions: int  # actions taken (the "action" log entries), not counting passes
    steps: int  # engine decisions, every small step of a composite action included
    counts: dict[str, int] = field(default_factory=dict)  # OCCURRENCES and action:<id>
    guard_stops: int = 0  # decisions a search bot's time guard cut short (may not reproduce)
    error: str | None = None

    @property
    def scored(self) -> bool:
        """The game reached the final scoring (no sudden-death loss, no error)."""
        return self.reason in SCORED_REASONS

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (a game log's line, polis.game_log); `from_json` reads it back equal."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameFacts:
        score, parts = data["score"], data["parts"]
        return cls(
            **{
                **data,
                "score": (int(score[0]), int(score[1])),
                "parts": (dict(parts[0]), dict(parts[1])),
                "counts": dict(data["counts"]),
            }
        )


def seeds(seed: int, index: int) -> tuple[int, int, int]:
    """(game seed, Athens bot seed, Sparta bot seed) of game `index` of a run."""
    game = seed + index
    first, second = 2 * game + 1, 2 * game + 2
    return (game, first, second) if index % 2 == 0 else (game, second, first)


def bot_spec(bot: str, level: str | None) -> str:
    """The registry's spec of a bot at a level (`name` or `name:level`)."""
    return bot if level is None else f"{bot}:{level}"


def resolve_bot(bot: str, level: str | None) -> tuple[str, str | None]:
    """The bot name and level a run records; KeyError names what the registry does not know.

    A registry with levels (`polis.bots.spec_label`) writes the level it uses
    (its default when none is asked, none for a bot without levels).
    """
    import polis.bots as registry

    label = getattr(registry, "spec_label", None)
    if label is None:  # a registry of plain names
        make_bot(bot_spec(bot, level))
        return bot, level
    name, _, own_level = str(label(bot, level)).partition(":")
    return name, own_level or None


def make_player(bot: str, level: str | None, seed: int) -> Bot:
    """A bot on an iteration budget only (no CPU-time guard): one seed, one game, any machine."""
    return make_bot(bot_spec(bot, level), seed, timed=False)


def _count(log: list[LogEntry], counts: Counter[str]) -> None:
    for key, params in log:
        if key == "action":
            counts["action:" + str(params["action"])] += 1
        elif key == "siege":
            counts["siege"] += 1
            counts["siege_won"] += bool(params.get("success"))
        elif key == "event_unknown":  # a card drawn whose effect no source gives: it does nothing
            counts["event"] += 1
            counts["event_unknown"] += 1
        elif key in ("trade", "battle", "event", "turn", "round"):
            counts[key] += 1


def play_game(
    cfg: EngineConfig, seed: int, index: int, bot: str, level: str | None = None
) -> GameFacts:
    """Play game `index` of a run with `bot` (at `level`) on both sides."""
    game_seed, athens_seed, sparta_seed = seeds(seed, index)
    players = (make_player(bot, level, athens_seed), make_player(bot, level, sparta_seed))
    counts: Counter[str] = Counter()
    steps = 0
    try:
        state: State = new_game(cfg, game_seed)
        _count(state.log, counts)
        while not state.finished:
            state = apply_unchecked(state, players[state.player].choose(state))
            _count(state.log, counts)
            steps += 1
            if steps > MAX_STEPS_PER_GAME:
                raise RuntimeError(f"game did not end after {steps} steps")
    except Exception as exc:  # a run reports a failing game, it does not stop at it
        return GameFacts(
            index,
            "error",
            "error",
            (0, 0),
            ({}, {}),
            counts["round"],
            counts["turn"],
            sum(n for k, n in counts.items() if k.startswith("action:")),
            steps,
            error=f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}",
        )
    parts = score_parts(state)
    winner = "draw" if state.winner == DRAW else cfg.sides[state.winner]
    return GameFacts(
        index=index,
        winner=winner,
        reason=state.reason,
        score=(sum(parts[0].values()), sum(parts[1].values())),
        parts=(parts[0], parts[1]),
        rounds=counts.pop("round", 0),
        turns=counts.pop("turn", 0),
        actions=sum(n for k, n in counts.items() if k.startswith("action:")),
        steps=steps,
        counts=dict(counts),
        guard_stops=sum(int(getattr(p, "guard_stops", 0)) for p in players),
    )
