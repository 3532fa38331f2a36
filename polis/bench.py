"""Speed measurements reported by `polis bench` (never asserted in unit tests).

Compile: cold (empty disk cache, fresh in-memory caches), disk-cached (what a
new process pays once a ruleset was compiled before) and in-memory.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from polis import compiler
from polis.rules import loader, yaml_loader
from polis.rules.registry import discover


def clear_memory_caches() -> None:
    compiler._compile_cached.cache_clear()
    loader.load_sources.cache_clear()
    yaml_loader._parse_cached.cache_clear()


def _timed(fn: Callable[[], object], repeat: int, before: Callable[[], None]) -> list[float]:
    times = []
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def bench_compile(repeat: int = 5) -> dict[str, Any]:
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
            memory = _timed(compile_all, repeat, lambda: None)
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


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_engine(ruleset: str, seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Random playouts for `seconds`: actions/s, games/s and legal_actions latency."""
    import random

    from polis.engine import apply_unchecked, legal_actions, new_game

    cfg = compiler.compile_ruleset(ruleset).config
    chooser = random.Random(seed)
    games = actions = 0
    latencies: list[float] = []
    clock = time.perf_counter
    start = clock()
    while clock() - start < seconds:
        state = new_game(cfg, seed + games)
        while not state.finished:
            t0 = clock()
            options = legal_actions(state)
            latencies.append(clock() - t0)
            state = apply_unchecked(state, chooser.choice(options))
            actions += 1
        games += 1
    elapsed = clock() - start
    return {
        "ruleset": ruleset,
        "games": games,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_second": round(actions / elapsed),
        "games_per_second": round(games / elapsed, 1),
        "legal_actions_p50_us": round(_percentile(latencies, 0.50) * 1e6, 1),
        "legal_actions_p99_us": round(_percentile(latencies, 0.99) * 1e6, 1),
    }


def bench_chess(seconds: float = 3.0, seed: int = 0) -> dict[str, Any] | None:
    """python-chess random playouts, the reference speed (None if it is not installed)."""
    try:
        import chess
    except ImportError:
        return None
    import random

    chooser = random.Random(seed)
    games = actions = 0
    clock = time.perf_counter
    start = clock()
    while clock() - start < seconds:
        board = chess.Board()
        plies = 0
        while not board.is_game_over(claim_draw=False) and plies < 400:
            board.push(chooser.choice(list(board.legal_moves)))
            plies += 1
        actions += plies
        games += 1
    elapsed = clock() - start
    return {
        "games": games,
        "actions": actions,
        "actions_per_second": round(actions / elapsed),
        "games_per_second": round(games / elapsed, 1),
    }


def bench_all(seconds: float = 3.0, rulesets: list[str] | None = None) -> dict[str, Any]:
    ids = rulesets or list(discover())
    chess_before = bench_chess(seconds / 2)
    engine = [bench_engine(rid, seconds) for rid in ids]
    chess_after = bench_chess(seconds / 2)
    # chess runs before and after the engine, so drifting machine speed hits both
    chess_rate = None
    if chess_before and chess_after:
        chess_rate = round(
            (chess_before["actions_per_second"] + chess_after["actions_per_second"]) / 2
        )
    return {
        "engine": engine,
        "python_chess_actions_per_second": chess_rate,
        "compile": bench_compile(),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
    }
