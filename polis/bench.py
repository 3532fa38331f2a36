"""Speed measurements reported by `polis bench` (never asserted in unit tests).

The machine this runs on is usually shared, so every figure is CPU time of this
process (`time.process_time`), never wall-clock time, and the things compared
run interleaved in short slices: a python-chess slice, then a slice of one
ruleset, then chess again, and so on, repeated. Rates are medians over the
slices; a ruleset's ratio to python-chess is the median of the ratios of each
engine slice to the chess slice run just before it, so a machine that speeds
up or slows down in between hits both sides of every ratio alike.

Both playout loops have one shape: list the legal moves, stop when there are
none or at the ply cap, push a random one. Ours also runs with the checked
`apply` (what the app and replays call), and as a ceiling that only copies the
state and picks a random index, which no engine built on copied states can beat.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polis import compiler, native
from polis.compiler.config import EngineConfig
from polis.rules import loader, yaml_loader
from polis.rules.registry import discover

PLY_CAP = 400  # the same cap for both loops; no random game of ours gets near it
SLICE_SECONDS = 0.1  # CPU seconds per slice

clock = time.process_time


def clear_memory_caches() -> None:
    compiler.clear_memory_caches()
    loader.load_sources.cache_clear()
    yaml_loader._parse_cached.cache_clear()


# ------------------------------------------------------------------ compile


def _timed(fn: Callable[[], object], repeat: int, before: Callable[[], None]) -> list[float]:
    times = []
    for _ in range(repeat):
        before()
        start = clock()
        fn()
        times.append(clock() - start)
    return times


def bench_compile(repeat: int = 5) -> dict[str, Any]:
    """Compile every shipped ruleset: cold (empty caches), from the disk cache, in memory."""
    ids = list(discover())

    def compile_all() -> None:
        for rid in ids:
            compiler.compile_ruleset(rid)

    old = os.environ.get("POLIS_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="polis-bench-") as tmp:
        try:
            cold_dirs = iter(range(repeat))

            def fresh_disk() -> None:
                os.environ["POLIS_CACHE_DIR"] = str(Path(tmp) / f"cold-{next(cold_dirs)}")
                clear_memory_caches()

            cold = _timed(compile_all, repeat, fresh_disk)
            os.environ["POLIS_CACHE_DIR"] = str(Path(tmp) / "warm")
            compile_all()
            disk = _timed(compile_all, repeat, clear_memory_caches)
            memory = _timed(compile_all, repeat * 20, lambda: None)
        finally:
            if old is None:
                os.environ.pop("POLIS_CACHE_DIR", None)
            else:
                os.environ["POLIS_CACHE_DIR"] = old
            clear_memory_caches()
    return {
        "rulesets": ids,
        "cold_ms": round(statistics.median(cold) * 1000, 1),
        "disk_cached_ms": round(statistics.median(disk) * 1000, 1),
        "memory_cached_ms": round(statistics.median(memory) * 1000, 3),
        "repeat": repeat,
    }


# ------------------------------------------------------------------ playout loops


@dataclass
class Tally:
    """What one kind of loop did over all its slices."""

    rates: list[float] = field(default_factory=list)  # actions per CPU second, per slice
    actions: int = 0
    games: int = 0
    first_round_games: int = 0  # games that ended before the second round began
    seconds: float = 0.0

    def add(self, actions: int, games: int, seconds: float, first_round: int = 0) -> float:
        rate = actions / seconds if seconds > 0 else 0.0
        self.rates.append(rate)
        self.actions += actions
        self.games += games
        self.first_round_games += first_round
        self.seconds += seconds
        return rate

    def median(self) -> int:
        return round(statistics.median(self.rates)) if self.rates else 0


Slice = Callable[[float], tuple[int, int, int, float]]  # budget -> actions, games, first, secs


def engine_slice(cfg: EngineConfig, seeds: Iterator[int], *, checked: bool = False) -> Slice:
    """Random playouts of whole games for about `budget` CPU seconds."""
    from polis.engine import apply, apply_unchecked, legal_actions, new_game

    step = apply if checked else apply_unchecked
    chooser = random.Random(0)

    def run(budget: float) -> tuple[int, int, int, float]:
        actions = games = first_round = 0
        start = clock()
        while True:  # whole games, at least one, until the budget is spent
            state = new_game(cfg, next(seeds))
            plies = 0
            while True:
                options = legal_actions(state)
                if not options or plies >= PLY_CAP:
                    break
                state = step(state, chooser.choice(options))
                plies += 1
            actions += plies
            games += 1
            first_round += state.round == 0
            if clock() - start >= budget:
                return actions, games, first_round, clock() - start

    return run


def ceiling_slice(cfg: EngineConfig) -> Slice:
    """The same loop doing nothing but copy the state and pick a random index."""
    from polis.engine import legal_actions, new_game

    chooser = random.Random(0)
    state = new_game(cfg, 0)
    options = legal_actions(state)

    def run(budget: float) -> tuple[int, int, int, float]:
        actions = 0
        start = clock()
        while True:
            s = state
            for _ in range(PLY_CAP):
                s = s.copy()
                chooser.choice(options)
            actions += PLY_CAP
            if clock() - start >= budget:
                return actions, 0, 0, clock() - start

    return run


def chess_slice() -> Slice | None:
    """python-chess random playouts in the same loop shape (None if it is not installed)."""
    try:
        import chess
    except ImportError:
        return None
    chooser = random.Random(0)

    def run(budget: float) -> tuple[int, int, int, float]:
        actions = games = 0
        start = clock()
        while True:  # whole games, at least one, until the budget is spent
            board = chess.Board()
            plies = 0
            while True:
                moves = list(board.legal_moves)
                if not moves or plies >= PLY_CAP:
                    break
                board.push(chooser.choice(moves))
                plies += 1
            actions += plies
            games += 1
            if clock() - start >= budget:
                return actions, games, 0, clock() - start

    return run


def _seeds() -> Iterator[int]:
    seed = 0
    while True:
        yield seed
        seed += 1


def bench_playouts(
    rulesets: list[str], seconds: float, slice_seconds: float = SLICE_SECONDS
) -> dict[str, Any]:
    """Engine, checked apply, ceiling and python-chess, interleaved slice by slice.

    `seconds` is the CPU time the unchecked engine loop gets per ruleset; chess
    gets as much next to it, the checked loop and the ceiling a third of it each.
    """
    configs = {rid: compiler.compile_ruleset(rid).config for rid in rulesets}
    chess = chess_slice()
    loops = {
        rid: {
            "engine": engine_slice(cfg, _seeds()),
            "checked": engine_slice(cfg, _seeds(), checked=True),
            "ceiling": ceiling_slice(cfg),
        }
        for rid, cfg in configs.items()
    }
    tallies = {rid: {kind: Tally() for kind in loops[rid]} for rid in rulesets}
    chess_tally = Tally()
    ratios: dict[str, list[float]] = {rid: [] for rid in rulesets}
    repeats = max(3, round(seconds / slice_seconds))
    for rep in range(repeats):
        for rid in rulesets:
            chess_rate = chess_tally.add(*_pair(chess(slice_seconds))) if chess else 0.0
            rate = tallies[rid]["engine"].add(*_unpack(loops[rid]["engine"](slice_seconds)))
            if chess_rate:
                ratios[rid].append(rate / chess_rate)
            if rep % 3 == 0:
                for kind in ("checked", "ceiling"):
                    tallies[rid][kind].add(*_unpack(loops[rid][kind](slice_seconds)))
    engine = []
    for rid in rulesets:
        t = tallies[rid]
        e = t["engine"]
        ceiling = t["ceiling"].median()
        engine.append(
            {
                "ruleset": rid,
                "actions_per_second": e.median(),
                "ratio_vs_python_chess": round(statistics.median(ratios[rid]), 2)
                if ratios[rid]
                else None,
                "checked_actions_per_second": t["checked"].median(),
                "ceiling_actions_per_second": ceiling,
                "share_of_ceiling": round(e.median() / ceiling, 3) if ceiling else None,
                "games": e.games,
                "actions": e.actions,
                "mean_game_length": round(e.actions / e.games, 1) if e.games else 0,
                "first_round_end_share": round(e.first_round_games / e.games, 3) if e.games else 0,
                "cpu_seconds": round(e.seconds, 2),
                "slices": len(e.rates),
            }
        )
    return {
        "engine": engine,
        "python_chess_actions_per_second": chess_tally.median() if chess else None,
        "python_chess_slices": len(chess_tally.rates),
    }


def _unpack(result: tuple[int, int, int, float]) -> tuple[int, int, float, int]:
    actions, games, first_round, seconds = result
    return actions, games, seconds, first_round


def _pair(result: tuple[int, int, int, float]) -> tuple[int, int, float]:
    actions, games, _, seconds = result
    return actions, games, seconds


# ------------------------------------------------------------------ decisions


def bench_decisions(rulesets: list[str], games: int = 20) -> list[dict[str, Any]]:
    """Mean CPU microseconds of `legal_actions`, the turn decision apart from the rest.

    The states come from random games; each group is timed as one batch, a few
    times, and the median batch is kept.
    """
    from polis.engine import apply_unchecked, legal_actions, new_game

    out = []
    for rid in rulesets:
        cfg = compiler.compile_ruleset(rid).config
        chooser = random.Random(1)
        groups: dict[str, list[Any]] = {"turn": [], "other": []}
        for seed in range(games):
            state = new_game(cfg, seed)
            while not state.finished:
                groups["turn" if state.phase == "turn" else "other"].append(state)
                state = apply_unchecked(state, chooser.choice(legal_actions(state)))
        row: dict[str, Any] = {"ruleset": rid}
        for name, states in groups.items():
            batches = []
            for _ in range(5):
                start = clock()
                for s in states:
                    legal_actions(s)
                batches.append((clock() - start) / max(1, len(states)))
            row[f"{name}_legal_actions_us"] = round(statistics.median(batches) * 1e6, 1)
            row[f"{name}_states"] = len(states)
        out.append(row)
    return out


# a search level's decision times are reported as p50 and p95 too: each bot plays at
# least this many decisions with a choice per ruleset (a few seconds of CPU at `normal`)
MIN_CHOICES = 40


def bench_bots(
    rulesets: list[str], seconds: float, min_choices: int = MIN_CHOICES
) -> list[dict[str, Any]]:
    """Decisions per CPU second of every registered bot at each of its levels, both sides,
    and the CPU milliseconds of its decisions with a choice (p50, p95), as
    `polis simulate` reports them.

    Each bot gets `seconds` per ruleset, in whole decisions, and at least `min_choices`
    decisions with a choice (games from seed 0 on; a slow bot still reports). The search
    runs without its CPU-time guard, so a loaded machine shows its cost instead of cutting
    it short.
    """
    from polis.bots import every_spec, make_bot
    from polis.engine import apply_unchecked, legal_actions, new_game
    from polis.stats import percentile

    out = []
    for name in every_spec():
        for rid in rulesets:
            cfg = compiler.compile_ruleset(rid).config
            bots = (make_bot(name, 1, timed=False), make_bot(name, 2, timed=False))
            decisions = games = 0
            spent = 0.0
            choices: list[float] = []  # CPU seconds of the decisions with a choice
            seed = 0

            while spent < seconds or len(choices) < min_choices:
                state = new_game(cfg, seed)
                seed += 1
                games += 1
                while not state.finished and (spent < seconds or len(choices) < min_choices):
                    chosen = len(legal_actions(state)) > 1
                    start = clock()
                    action = bots[state.player].choose(state)
                    took = clock() - start
                    spent += took
                    decisions += 1
                    if chosen:
                        choices.append(took)
                    state = apply_unchecked(state, action)
            ms = [t * 1000 for t in choices]
            out.append(
                {
                    "bot": name,
                    "ruleset": rid,
                    "decisions_per_second": round(decisions / spent, 1) if spent else 0,
                    "decisions": decisions,
                    "choice_decisions": len(ms),
                    "choice_p50_ms": round(percentile(ms, 0.5), 2),
                    "choice_p95_ms": round(percentile(ms, 0.95), 2),
                    "games": games,
                    "cpu_seconds": round(spent, 2),
                }
            )
    return out


def bench_all(seconds: float = 3.0, rulesets: list[str] | None = None) -> dict[str, Any]:
    ids = rulesets or list(discover())
    playouts = bench_playouts(ids, seconds)
    return {
        **playouts,
        "decisions": bench_decisions(ids),
        "bots": bench_bots(ids, seconds / 3),
        "compile": bench_compile(),
        "method": {
            "clock": "time.process_time (CPU time of this process)",
            "slice_seconds": SLICE_SECONDS,
            "ply_cap": PLY_CAP,
            "statistic": "median over slices; ratio = median of per-slice ratios to the "
            "python-chess slice run just before",
        },
        "native": native.status(),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
    }


def render(data: dict[str, Any]) -> list[str]:
    """`bench_all`'s figures as the lines `polis bench` prints."""
    chess = data["python_chess_actions_per_second"]
    native_state = data["native"]
    engine = (
        "compiled (mypyc)"
        if native_state["compiled"]
        else f"pure Python ({native_state['reason']})"
    )
    method = data["method"]
    lines = [
        f"engine: {engine}; CPU time, {method['slice_seconds']} s slices interleaved "
        "with python-chess, medians",
        f"{'ruleset':<30} {'actions/s':>10} {'× chess':>8} {'checked/s':>10} "
        f"{'ceiling/s':>10} {'of ceiling':>10} {'1st-round end':>13}",
    ]
    for row in data["engine"]:
        ratio = row["ratio_vs_python_chess"]
        share = row["share_of_ceiling"]
        lines.append(
            f"{row['ruleset']:<30} {row['actions_per_second']:>10} "
            f"{'—' if ratio is None else f'{ratio:.2f}':>8} "
            f"{row['checked_actions_per_second']:>10} {row['ceiling_actions_per_second']:>10} "
            f"{'—' if share is None else f'{share:.0%}':>10} "
            f"{row['first_round_end_share']:>13.0%}"
        )
    lines.append(
        f"python-chess, same loop: {chess} actions/s"
        if chess
        else "python-chess is not installed: no reference speed"
    )
    for row in data["decisions"]:
        lines.append(
            f"legal_actions {row['ruleset']}: turn {row['turn_legal_actions_us']} µs, "
            f"other decisions {row['other_legal_actions_us']} µs"
        )
    for row in data["bots"]:
        lines.append(
            f"bot {row['bot']} on {row['ruleset']}: {row['decisions_per_second']} decisions/s; "
            f"decisions with a choice: p50 {row['choice_p50_ms']} ms, "
            f"p95 {row['choice_p95_ms']} ms ({row['choice_decisions']})"
        )
    c = data["compile"]
    lines.append(
        f"compile all rulesets: cold {c['cold_ms']} ms, disk-cached {c['disk_cached_ms']} ms, "
        f"in memory {c['memory_cached_ms']} ms"
    )
    return lines
