"""`polis bench` measures what it says (structure and loop shape; never a time)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import polis.bots
from polis import bench
from polis.compiler import compile_ruleset
from polis.engine import Action, State, legal_actions


def test_bench_all_reports_the_documented_figures() -> None:
    data = bench.bench_all(0.03, ["2e"])
    (row,) = data["engine"]
    assert row["ruleset"] == "2e" and row["actions_per_second"] > 0
    assert row["ratio_vs_python_chess"] > 0 and data["python_chess_actions_per_second"] > 0
    assert row["checked_actions_per_second"] > 0 and row["ceiling_actions_per_second"] > 0
    assert 0 <= row["first_round_end_share"] <= 1 and row["games"] > 0
    assert [b["bot"] for b in data["bots"]] == polis.bots.every_spec()
    assert {"greedy", "mcts:normal", "mcts:strong"} <= {b["bot"] for b in data["bots"]}
    assert data["compile"]["rulesets"] and data["native"]["reason"]
    assert data["method"]["clock"].startswith("time.process_time")


def test_the_engine_loop_stops_at_no_choice_or_the_cap() -> None:
    cfg = compile_ruleset("2e").config
    seeds = iter(range(100))
    actions, games, first_round, seconds = bench.engine_slice(cfg, seeds)(0.0)
    assert games == 1 and 0 < actions <= bench.PLY_CAP and seconds >= 0
    assert first_round in (0, 1)


def test_python_chess_plays_the_same_loop() -> None:
    run = bench.chess_slice()
    assert run is not None
    actions, games, _, _ = run(0.0)
    assert games == 1 and 0 < actions <= bench.PLY_CAP


class _FirstChoice:
    name = "first"

    def __init__(self, seed: int = 0, *_level: object) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return legal_actions(state)[0]


def test_every_registered_bot_is_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(polis.bots.BOTS, "first", _FirstChoice)
    rows: list[dict[str, Any]] = bench.bench_bots(["1e"], 0.01, min_choices=3)
    assert [r["bot"] for r in rows] == polis.bots.every_spec()
    assert rows[-1]["bot"] == "first" and {r["bot"].partition(":")[0] for r in rows} == set(
        polis.bots.BOTS
    )
    assert all(r["decisions"] > 0 and r["games"] >= 1 for r in rows)
    # every bot plays at least the decisions with a choice asked for, timed one by one
    assert all(r["choice_decisions"] >= 3 for r in rows)
    assert all(0 <= r["choice_p50_ms"] <= r["choice_p95_ms"] for r in rows)
