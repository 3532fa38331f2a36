"""Bot-against-bot games: wins, end reasons, scores, length and think time (`polis simulate`).

Game `i` of a run uses seed `seed + i` for the game and `2 * (seed + i) + 1`,
`2 * (seed + i) + 2` for the Athenian and Spartan bots, so a run is reproducible
from its seed, in one process or spread over worker processes (`jobs`):
results are gathered in game order whatever order the workers finish in. An
interrupted run (Ctrl-C, or `stop` answering True) keeps the games that
finished and says so.
"""

from __future__ import annotations

import multiprocessing
import signal
import statistics
import sys
import time
import traceback
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from polis.bots import make_bot, spec_label
from polis.compiler.config import EngineConfig
from polis.compiler.serialize import from_jsonable, to_jsonable
from polis.engine import (
    DRAW,
    SCORE_REASONS,
    State,
    apply_unchecked,
    legal_actions,
    new_game,
    scores,
)
from polis.stats import percentile, wilson

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
    bots = (make_bot(specs[0], seed * 2 + 1), make_bot(specs[1], seed * 2 + 2))
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
T = TypeVar("T")
R = TypeVar("R")

_worker_cfg: EngineConfig | None = None


def _init_worker(config_json: dict[str, Any]) -> None:
    global _worker_cfg  # one ruleset per worker process, set once at its start
    # sent as JSON: the engine's compiled classes (build/native) cannot be unpickled
    _worker_cfg = from_jsonable(config_json)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _run_in_worker(job: tuple[Callable[[EngineConfig, T], R], T]) -> R:
    work, task = job
    assert _worker_cfg is not None
    return work(_worker_cfg, task)


def _play_task(cfg: EngineConfig, task: Task) -> tuple[int, GameResult]:
    index, seed, athens, sparta, level = task
    return index, play(cfg, seed, athens, sparta, level)


@contextmanager
def _plain_main() -> Iterator[None]:
    """Start workers as if from a plain script.

    A spawned worker first imports its parent's `__main__`. Under Streamlit (a
    page, or AppTest) that module is the page script itself, which the worker
    would run, and die, and be started again; an empty `__main__` while the
    workers start keeps them to this module's own functions.
    """
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def run_tasks(
    cfg: EngineConfig, work: Callable[[EngineConfig, T], R], tasks: list[T], jobs: int
) -> Iterator[R]:
    """`work(cfg, task)` for every task, in `jobs` worker processes, in the order they finish.

    `work` must be a module-level function (a worker process imports it by name).
    """
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield work(cfg, task)
        return
    # spawn, not fork: the app runs threads, and a forked copy of a threaded process can hang
    context = multiprocessing.get_context("spawn")
    with _plain_main():
        pool = context.Pool(min(jobs, len(tasks)), _init_worker, (to_jsonable(cfg),))
    try:
        yield from pool.imap_unordered(_run_in_worker, [(work, task) for task in tasks])
        pool.close()
    finally:
        pool.terminate()  # an interrupted run stops its workers at once
        pool.join()


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
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
) -> Summary:
    """Play `games` games; with `alternate`, the two bots swap sides every other game.

    `level` applies to a bot spec that names none; `jobs` > 1 plays games in
    that many worker processes. `progress` hears of every finished game, and
    `stop` is asked after each: when it answers True (or on Ctrl-C) the run
    ends, keeping the games already finished.
    """
    summary = Summary(
        cfg.id, wins=dict.fromkeys([*cfg.sides, "draw"], 0), sides=cfg.sides, planned=games
    )
    tasks: list[Task] = []
    for i in range(games):
        a, b = (sparta, athens) if alternate and i % 2 else (athens, sparta)
        tasks.append((i, seed + i, a, b, level))
    start = time.perf_counter()
    finished: dict[int, GameResult] = {}
    try:
        for index, result in run_tasks(cfg, _play_task, tasks, jobs):
            finished[index] = result
            if progress is not None:
                progress(len(finished), games)
            if stop is not None and stop():
                summary.interrupted = len(finished) < games
                break
    except KeyboardInterrupt:
        summary.interrupted = True
    for index in sorted(finished):
        summary.add(finished[index])
    summary.seconds = time.perf_counter() - start
    return summary
