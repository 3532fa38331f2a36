"""Compile speed (run with `pytest tests/benchmarks --benchmark-enable`).

These measure and report; they assert only that the work was done, never a time.
"""

from __future__ import annotations

from typing import Any

from polis import compiler
from polis.bench import clear_memory_caches
from polis.rules.registry import discover

IDS = list(discover())


def _compile_all() -> list[str]:
    return [compiler.compile_ruleset(rid).content_hash for rid in IDS]


def test_cold_compile_all_rulesets(benchmark: Any, tmp_path_factory: Any, monkeypatch: Any) -> None:
    def setup() -> None:
        monkeypatch.setenv("POLIS_CACHE_DIR", str(tmp_path_factory.mktemp("cold")))
        clear_memory_caches()

    hashes = benchmark.pedantic(_compile_all, setup=setup, rounds=5)
    assert len(set(hashes)) == len(IDS)


def test_disk_cached_compile_all_rulesets(benchmark: Any) -> None:
    _compile_all()
    hashes = benchmark.pedantic(_compile_all, setup=clear_memory_caches, rounds=10)
    assert len(hashes) == len(IDS)
