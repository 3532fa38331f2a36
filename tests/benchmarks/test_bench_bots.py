"""Bot decision time per level, in CPU time (`pytest tests/benchmarks --benchmark-enable`).

Reported, never asserted: a level is an iteration budget, so what a decision
costs depends on the machine; `polis simulate ... --json` reports the same per
bot over whole games (`bots.<spec>.decision_ms`: p50, p95).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from polis.bots import make_bot
from polis.compiler import compile_ruleset
from polis.engine import State, apply_unchecked, legal_actions, new_game


def positions(ruleset: str, count: int = 6) -> list[State]:
    """Turn decisions with several choices, from a greedy game."""
    cfg = compile_ruleset(ruleset).config
    s = new_game(cfg, 5)
    bots = (make_bot("greedy", 1), make_bot("greedy", 2))
    found: list[State] = []
    while not s.finished and len(found) < count:
        if s.phase == "turn" and len(legal_actions(s)) > 3:
            found.append(s)
        s = apply_unchecked(s, bots[s.player].choose(s))
    return found


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_decision_time_per_level(benchmark: Any, level: str) -> None:
    states = positions("2e")
    bot = make_bot("mcts", 1, level=level)

    def decide_all() -> list[object]:
        return [bot.choose(s) for s in states]

    benchmark.extra_info["cpu_seconds_per_decision"] = []

    def timed() -> list[object]:
        start = time.process_time()
        out = decide_all()
        benchmark.extra_info["cpu_seconds_per_decision"].append(
            (time.process_time() - start) / len(states)
        )
        return out

    chosen = benchmark.pedantic(timed, rounds=1, iterations=1)
    assert all(a in legal_actions(s) for a, s in zip(chosen, states, strict=True))
