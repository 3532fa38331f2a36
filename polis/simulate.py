"""Bot-against-bot games: wins, end reasons, scores, length and think time (`polis simulate`).

Game `i` of a run uses seed `seed + i` for the game and `2 * (seed + i) + 1`,
`2 * (seed + i) + 2` for the Athenian and Spartan bots, and the search bots
play on their iteration budgets alone (no CPU-time guard), so a run is
reproducible from its seed on any machine, in one process, in worker
processes or on a Dask cluster (polis.executor): results are gathered in game
order whatever order the workers finish in. An interrupted run (Ctrl-C, or
`stop` answering True) keeps the games that finished and says so; with a game
log (polis.game_log) they are on disk and a later run resumes from them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import statistics
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from polis.bots import make_bot, spec_label
from polis.compiler.config import EngineConfig
from polis.engine import (
    DRAW,
    SCORE_REASONS,
    State,
    apply_unchecked,
    legal_actions,
    new_game,
    scores,
)
from polis.executor import Executor, make_executor
from polis.game_log import uninterrupted
from polis.stats import percentile, wilson

if TYPE_CHECKING:
    from polis.game_log import GameLog

MAX_ACTIONS_PER_GAME = 20_000  # far above any real game; a guard against a rules bug looping

Progress = Callable[[int, int], None]  # (games finished, games in the run)
# an event card drawn: (deck id, card id), the card None when no source names it
EventDraw = tuple[str, str | None]


@dataclass
class GameResult:
    seed: int
    actions: int
    winner: int  # side, DRAW, or -1 after an error
    reason: str
    scores: tuple[int, int]
    bots: tuple[str, str]  # specs with their levels, Athens first
    error: str | None = None
    turns: int = 0
    rounds: int = 0  # rounds begun
    # CPU seconds of each decision in which the side had a choice
    think: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    guard_stops: tuple[int, int] = (0, 0)
    battles: int = 0  # battles fought (each start counts, however it ended)
    events: tuple[EventDraw, ...] = ()  # the event cards drawn, round by round
    cap_cuts: int = 0  # gains the player-board caps cut short

    @property
    def sudden_death(self) -> bool:
        return self.error is None and self.reason not in SCORE_REASONS

    def to_log(self) -> dict[str, Any]:
        """Every field as plain JSON (a game log's line); `from_log` reads it back equal."""
        return dataclasses.asdict(self)

    @classmethod
    def from_log(cls, data: dict[str, Any]) -> GameResult:
        think = data["think"]
        return cls(
            **{
                **data,
                "scores": (data["scores"][0], data["scores"][1]),
                "bots": (data["bots"][0], data["bots"][1]),
                "think": (list(think[0]), list(think[1])),
                "guard_stops": (data["guard_stops"][0], data["guard_stops"][1]),
                "events": tuple((deck, card) for deck, card in data["events"]),
            }
        )

    def to_json(self, sides: tuple[str, ...]) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "bots": dict(zip(sides, self.bots, strict=True)),
            "winner": _winner_key(sides, self.winner),
            "reason": self.reason,
            "scores": dict(zip(sides, self.scores, strict=True)),
            "actions": self.actions,
            "turns": self.turns,
            "rounds": self.rounds,
            "battles": self.battles,
            "events": [{"deck": deck, "card": card} for deck, card in self.events],
            "cap_cuts": self.cap_cuts,
        }


def _winner_key(sides: tuple[str, ...], winner: int) -> str | None:
    if winner < 0:
        return None
    return "draw" if winner == DRAW else sides[winner]


class _Tally:
    """What a game's log shows besides the result: turns, battles, event draws, cut gains."""

    def __init__(self, cfg: EngineConfig) -> None:
        self.cfg = cfg
        self.turns = 0
        self.battles = 0
        self.cap_cuts = 0
        self.events: list[EventDraw] = []

    def read(self, state: State) -> None:
        cfg = self.cfg
        for key, params in state.log:
            if key == "turn":
                self.turns += 1
            elif key == "battle":
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


def play(
    cfg: EngineConfig, seed: int, athens: str, sparta: str, level: str | None = None
) -> GameResult:
    """One game between two bot specs (`name[:level]`; `level` where a spec names none)."""
    specs = (spec_label(athens, level), spec_label(sparta, level))
    # iteration budgets only (no CPU-time guard): the seeds alone decide the game
    bots = (
        make_bot(specs[0], seed * 2 + 1, timed=False),
        make_bot(specs[1], seed * 2 + 2, timed=False),
    )
    state: State = new_game(cfg, seed)
    tally = _Tally(cfg)
    tally.read(state)
    think: tuple[list[float], list[float]] = ([], [])
    actions = 0
    try:
        while not state.finished:
            side = state.player
            choice = len(legal_actions(state)) > 1
            start = time.process_time()
            action = bots[side].choose(state)
            if choice:
                think[side].append(time.process_time() - start)
            state = apply_unchecked(state, action)
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
            specs,
            f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}",
        )
    score = scores(state)
    stops = tuple(getattr(bot, "guard_stops", 0) for bot in bots)
    return GameResult(
        seed,
        actions,
        state.winner,
        state.reason,
        (score[0], score[1]),
        specs,
        turns=tally.turns,
        rounds=state.round + 1,
        think=think,
        guard_stops=(stops[0], stops[1]),
        battles=tally.battles,
        events=tuple(tally.events),
        cap_cuts=tally.cap_cuts,
    )


@dataclass
class BotRecord:
    """How one bot spec fared over the sides it played."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    sudden_death_losses: int = 0
    games_as: dict[str, int] = field(default_factory=dict)
    wins_as: dict[str, int] = field(default_factory=dict)
    think: list[float] = field(default_factory=list)
    guard_stops: int = 0

    def to_json(self) -> dict[str, Any]:
        ms = [t * 1000 for t in self.think]
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.games - self.wins - self.draws,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "sudden_death_losses": self.sudden_death_losses,
            "games_as": self.games_as,
            "wins_as": self.wins_as,
            "decision_ms": {
                "decisions": len(ms),
                "p50": round(percentile(ms, 0.5), 2),
                "p95": round(percentile(ms, 0.95), 2),
                "max": round(max(ms), 2) if ms else 0.0,
                "mean": round(statistics.fmean(ms), 2) if ms else 0.0,
            },
            "guard_stops": self.guard_stops,
        }


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
    bots: dict[str, BotRecord] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)
    scores: list[tuple[int, int]] = field(default_factory=list)
    seconds: float = 0.0
    error_samples: list[str] = field(default_factory=list)
    battles: int = 0
    cap_cuts: int = 0
    events_drawn: dict[str, DeckDraws] = field(default_factory=dict)  # by deck id
    results: list[GameResult] = field(default_factory=list)  # every game, in game order
    sides: tuple[str, ...] = ("athens", "sparta")
    planned: int = 0
    interrupted: bool = False
    resumed: int = 0  # games taken from the log of an earlier session

    def add(self, result: GameResult) -> None:
        """Count one game: its result, and its battles, event draws and cut gains."""
        sides = self.sides
        self.results.append(result)
        self.games += 1
        self.actions += result.actions
        if result.error:
            self.errors += 1
            self.error_samples.append(result.error)
            return
        self.battles += result.battles
        self.cap_cuts += result.cap_cuts
        for deck, card in result.events:
            counts = self.events_drawn.setdefault(deck, DeckDraws())
            counts.draws += 1
            if card is None:
                counts.unnamed += 1
            else:
                counts.cards[card] = counts.cards.get(card, 0) + 1
        key = "draw" if result.winner == DRAW else sides[result.winner]
        self.wins[key] += 1
        if result.winner != DRAW:
            bot = result.bots[result.winner]
            self.bot_wins[bot] = self.bot_wins.get(bot, 0) + 1
        self.reasons[result.reason] = self.reasons.get(result.reason, 0) + 1
        self.scores.append(result.scores)
        for side, spec in enumerate(result.bots):
            record = self.bots.setdefault(spec, BotRecord())
            record.games += 1
            record.games_as[sides[side]] = record.games_as.get(sides[side], 0) + 1
            record.think += result.think[side]
            record.guard_stops += result.guard_stops[side]
            if result.winner == side:
                record.wins += 1
                record.wins_as[sides[side]] = record.wins_as.get(sides[side], 0) + 1
            elif result.winner == DRAW:
                record.draws += 1
            elif result.sudden_death:
                record.sudden_death_losses += 1

    def to_json(self) -> dict[str, Any]:
        athens = [a for a, _ in self.scores]
        sparta = [b for _, b in self.scores]
        decided = len(self.scores)
        played = [r for r in self.results if r.error is None]
        win_rate = {}
        for side, n in self.wins.items():
            if side == "draw":
                continue
            interval = wilson(n, decided)
            low, high = interval.low, interval.high
            win_rate[side] = {
                "rate": round(n / decided, 4) if decided else 0.0,
                "low": round(low, 4),
                "high": round(high, 4),
            }
        return {
            "ruleset": self.ruleset,
            "games": self.games,
            "planned": self.planned,
            "interrupted": self.interrupted,
            "actions": self.actions,
            "errors": self.errors,
            "wins": self.wins,
            "win_rate": win_rate,
            "bot_wins": self.bot_wins,
            "bots": {spec: record.to_json() for spec, record in self.bots.items()},
            "end_reasons": self.reasons,
            "mean_score": {
                "athens": round(statistics.fmean(athens), 2) if athens else 0,
                "sparta": round(statistics.fmean(sparta), 2) if sparta else 0,
            },
            "length": {
                "actions_mean": round(statistics.fmean(r.actions for r in played), 1)
                if played
                else 0,
                "turns_mean": round(statistics.fmean(r.turns for r in played), 1) if played else 0,
                "rounds_mean": round(statistics.fmean(r.rounds for r in played), 2)
                if played
                else 0,
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


# ------------------------------------------------------------------ running games

Task = tuple[int, int, str, str, str | None]  # (game index, seed, athens, sparta, level)


def _play_task(cfg: EngineConfig, task: Task) -> tuple[int, GameResult]:
    index, seed, athens, sparta, level = task
    return index, play(cfg, seed, athens, sparta, level)


def open_log(
    folder: Path,
    content_hash: str,
    cfg: EngineConfig,
    seed: int,
    specs: tuple[str, str],
    *,
    alternate: bool,
    resume: bool,
) -> tuple[GameLog, dict[int, Any]]:
    """The run's game log in `folder`, new or resumed, and the games it holds (as JSON).

    The log is pinned to the rules, the code, the two bot specs (levels written
    out), whether they alternate, and the seed; a resumed log made for anything
    else raises polis.game_log.LogMismatchError.
    """
    from polis.fingerprint import code_fingerprint
    from polis.game_log import GameLog, log_name

    order = "alternate" if alternate else "fixed"
    path = folder / log_name(cfg.id, specs[0], specs[1], order, f"s{seed}")
    pinned = {
        "kind": "simulate",
        "ruleset": cfg.id,
        "content_hash": content_hash,
        "code": code_fingerprint(),
        "bots": list(specs),
        "alternate": alternate,
        "seed": seed,
    }
    if resume and path.is_file():
        return GameLog.resume(path, pinned)
    return GameLog.start(path, pinned), {}


def simulate(
    cfg: EngineConfig,
    games: int,
    seed: int,
    athens: str = "random",
    sparta: str = "random",
    *,
    alternate: bool = False,
    level: str | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
    log: GameLog | None = None,
    kept: Mapping[int, GameResult] | None = None,
) -> Summary:
    """Play `games` games; with `alternate`, the two bots swap sides every other game.

    `level` applies to a bot spec that names none; the games are played on
    `executor` (default: `jobs` local processes, this one for one). `kept` are
    games of an earlier, interrupted session (by index), not played again;
    each new game goes to `log`. `progress` hears of every finished game, and
    `stop` is asked while the run waits: when it answers True (or on Ctrl-C)
    the run ends, keeping the games already finished.
    """
    summary = Summary(
        cfg.id, wins=dict.fromkeys([*cfg.sides, "draw"], 0), sides=cfg.sides, planned=games
    )
    finished: dict[int, GameResult] = {i: r for i, r in (kept or {}).items() if i < games}
    summary.resumed = len(finished)
    tasks: list[Task] = []
    for i in range(games):
        if i in finished:
            continue
        a, b = (sparta, athens) if alternate and i % 2 else (athens, sparta)
        tasks.append((i, seed + i, a, b, level))
    start = time.perf_counter()
    own = executor is None
    runner = executor if executor is not None else make_executor(jobs)
    try:
        with contextlib.closing(runner.results(_play_task, cfg, tasks, stop)) as results:
            for index, result in results:
                with uninterrupted():
                    if log is not None:
                        log.append(index, result.to_log())
                    finished[index] = result
                if progress is not None:
                    progress(len(finished), games)
    except KeyboardInterrupt:
        pass
    finally:
        if own:
            runner.close()
    summary.interrupted = len(finished) < games
    for index in sorted(finished):
        summary.add(finished[index])
    summary.seconds = time.perf_counter() - start
    return summary
