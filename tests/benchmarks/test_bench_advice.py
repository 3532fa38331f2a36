"""What a hint and a review cost, in CPU time (`pytest tests/benchmarks --benchmark-enable`).

Reported, never asserted. A hint is one search of the search bot's normal level
plus the reasons (every choice played out greedily); a review is the chance at
every position of a whole game plus the bot's choice at its three costliest turns
(three hints), searched in the page's own process here (in the app, in the pool).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from polis.compiler import compile_ruleset
from polis.play import review
from polis.play.advice import HINT_BOT, advise
from polis.play.desk import Desk
from polis.play.game import GameSession
from tests.benchmarks.test_bench_bots import positions


def test_hint_time(benchmark: Any) -> None:
    states = positions("2e")
    per_hint: list[float] = []

    def hint_all() -> list[object]:
        out = []
        for i, s in enumerate(states):
            start = time.process_time()
            out.append(advise(s, HINT_BOT, 100 + i))
            per_hint.append(time.process_time() - start)
        return out

    found = benchmark.pedantic(hint_all, rounds=1, iterations=1)
    benchmark.extra_info["cpu_seconds_per_hint_median"] = statistics.median(per_hint)
    assert len(found) == len(states)


def test_review_time(benchmark: Any) -> None:
    game = GameSession.start(compile_ruleset("2e"), 3, ("greedy", "greedy"))
    parts: dict[str, float] = {}

    def review_all() -> Desk:
        desk = Desk(game)
        start = time.process_time()
        review.chances(game.states)
        parts["chances_s"] = time.process_time() - start
        start = time.process_time()
        desk.review(0)
        while desk.analyse(0) is not None:
            pass
        parts["review_s"] = time.process_time() - start
        return desk

    desk = benchmark.pedantic(review_all, rounds=1, iterations=1)
    benchmark.extra_info.update(parts, steps=len(game.steps))
    assert all(desk.review(0).choice(s) is not None for s in desk.review(0).slips)
