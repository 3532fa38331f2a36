"""Speed measurements reported by `polis bench` (never asserted in unit tests).

Compile: cold (empty disk cache, fresh in-memory caches), disk-cached (what a
new process pays once a ruleset was compiled before) and in-memory.
"""

from __future__ import annotations

import os
import statistics
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
