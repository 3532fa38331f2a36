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


# an event card drawn: (deck id, card id), the card None when no source names it
EventDraw = tuple[str, str | None]


@dataclass
class GameResult:
    seed: int
    actions: int
    winner: int  # side, DRAW, or -1 after an error
    reason: str
    scores: tuple[int, int]
    bots: tuple[str, str]
    error: str | None = None
    battles: int = 0  # battles fought (each start counts, however it ended)
    events: tuple[EventDraw, ...] = ()  # the event cards drawn, round by round
    cap_cuts: int = 0  # gains the player-board caps cut short

    def to_json(self, sides: tuple[str, ...]) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "bots": dict(zip(sides, self.bots, strict=True)),
            "winner": _winner_key(sides, self.winner),
            "reason": self.reason,
            "actions": self.actions,
            "battles": self.battles,
            "events": [{"deck": deck, "card": card} for deck, card in self.events],
            "cap_cuts": self.cap_cuts,
        }


def _winner_key(sides: tuple[str, ...], winner: int) -> str | None:
    if winner < 0:
        return None
    return "draw" if winner == DRAW else sides[winner]


class _Tally:
    """What a game's log shows besides the result: battles, event draws, cut gains."""

    def __init__(self, cfg: EngineConfig) -> None:
        self.cfg = cfg
        self.battles = 0
        self.cap_cuts = 0
        self.events: list[EventDraw] = []

    def read(self, state: State) -> None:
        cfg = self.cfg
        for key, params in state.log:
            if key == "battle":
                self.battles += 1
            elif key == "cap_cut":
                self.cap_cuts += 1
            elif key == "event":
                event = cfg.events[params["event"]]
                self.events.append((cfg.decks[event.deck].id, event.id))
            elif key == "event_unknown":
                card = params["event"]
                deck = cfg.decks[params["deck"]].id
                self.events.append((deck, cfg.events[card].id if card >= 0 else None))


def play(cfg: EngineConfig, seed: int, athens: str, sparta: str) -> GameResult:
    bots = (make_bot(athens, seed * 2 + 1), make_bot(sparta, seed * 2 + 2))
    state: State = new_game(cfg, seed)
    tally = _Tally(cfg)
    tally.read(state)
    actions = 0
    try:
        while not state.finished:
            state = apply_unchecked(state, bots[state.player].choose(state))
            tally.read(state)
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
        seed,
        actions,
        state.winner,
        state.reason,
        (score[0], score[1]),
        (athens, sparta),
        battles=tally.battles,
        events=tuple(tally.events),
        cap_cuts=tally.cap_cuts,
    )


@dataclass
class DeckDraws:
    """How often each card of one deck came up in a simulation."""

    draws: int = 0
    cards: dict[str, int] = field(default_factory=dict)  # by event id (known or not)
    unnamed: int = 0  # cards no source names

    def to_json(self) -> dict[str, Any]:
        return {"draws": self.draws, "cards": self.cards, "unnamed": self.unnamed}


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
    battles: int = 0
    cap_cuts: int = 0
    events_drawn: dict[str, DeckDraws] = field(default_factory=dict)  # by deck id
    results: list[GameResult] = field(default_factory=list)
    sides: tuple[str, ...] = ("athens", "sparta")

    def add(self, result: GameResult) -> None:
        """Count one finished game's battles, event draws and cut gains."""
        self.results.append(result)
        self.battles += result.battles
        self.cap_cuts += result.cap_cuts
        for deck, card in result.events:
            counts = self.events_drawn.setdefault(deck, DeckDraws())
            counts.draws += 1
            if card is None:
                counts.unnamed += 1
            else:
                counts.cards[card] = counts.cards.get(card, 0) + 1

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
            "battles": self.battles,
            "battles_per_game": round(self.battles / len(self.scores), 3) if self.scores else 0,
            "cap_cuts": self.cap_cuts,
            "events_drawn": {deck: d.to_json() for deck, d in sorted(self.events_drawn.items())},
            "per_game": [r.to_json(self.sides) for r in self.results],
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
    summary = Summary(cfg.id, wins=dict.fromkeys([*cfg.sides, "draw"], 0), sides=cfg.sides)
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
        summary.add(result)
    summary.seconds = time.perf_counter() - start
    return summary
