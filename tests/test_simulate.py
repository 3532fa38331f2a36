"""Bot matches: the same results from one process or several, in game order; an
interrupted run keeps its finished games; what the JSON reports per bot."""

from __future__ import annotations

import sys
import types

import pytest

from polis.bots import LEVELS, Budget
from polis.compiler import compile_ruleset
from polis.simulate import SCORE_REASONS, play, simulate
from polis.stats import percentile


def outcomes(summary: object) -> list[tuple[int, int, str, tuple[int, int], tuple[str, str]]]:
    return [(r.seed, r.winner, r.reason, r.scores, r.bots) for r in summary.results]  # type: ignore[attr-defined]


def test_workers_give_the_same_games_as_one_process() -> None:
    cfg = compile_ruleset("1e-corinthian-war").config
    alone = simulate(cfg, 6, 40, "greedy", "random", alternate=True)
    spread = simulate(cfg, 6, 40, "greedy", "random", alternate=True, jobs=2)
    assert outcomes(alone) == outcomes(spread)
    assert [r.seed for r in spread.results] == list(range(40, 46))
    assert alone.to_json()["wins"] == spread.to_json()["wins"]


def test_sides_alternate_and_levels_are_named() -> None:
    cfg = compile_ruleset("2e").config
    result = play(cfg, 3, "greedy", "random")
    assert result.bots == ("greedy", "random")
    summary = simulate(cfg, 2, 1, "mcts", "random", alternate=True, level="easy")
    assert [r.bots for r in summary.results] == [("mcts:easy", "random"), ("random", "mcts:easy")]


def test_a_stopped_run_keeps_what_finished() -> None:
    cfg = compile_ruleset("1e-corinthian-war").config
    heard: list[tuple[int, int]] = []
    summary = simulate(
        cfg,
        10,
        0,
        "random",
        progress=lambda done, total: heard.append((done, total)),
        stop=lambda: len(heard) >= 3,
    )
    assert summary.interrupted and summary.games == 3 and summary.planned == 10
    assert heard == [(1, 10), (2, 10), (3, 10)]
    data = summary.to_json()
    assert data["interrupted"] and data["games"] == 3


def test_the_report_per_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "normal", Budget(iterations=20, seconds=60.0, rollout_plies=0))
    cfg = compile_ruleset("1e-corinthian-war").config
    data = simulate(cfg, 2, 5, "mcts", "greedy", alternate=True).to_json()
    assert set(data["bots"]) == {"mcts:normal", "greedy"}
    mcts = data["bots"]["mcts:normal"]
    assert mcts["games"] == 2 and mcts["games_as"] == {"athens": 1, "sparta": 1}
    assert mcts["wins"] + mcts["draws"] + mcts["losses"] == 2
    assert mcts["decision_ms"]["decisions"] > 0
    assert mcts["decision_ms"]["p50"] <= mcts["decision_ms"]["p95"] <= mcts["decision_ms"]["max"]
    assert mcts["guard_stops"] == 0
    sudden = sum(n for reason, n in data["end_reasons"].items() if reason not in SCORE_REASONS)
    assert sum(b["sudden_death_losses"] for b in data["bots"].values()) == sudden
    for side in ("athens", "sparta"):
        rate = data["win_rate"][side]
        assert rate["low"] <= rate["rate"] <= rate["high"]
    assert data["length"]["turns_mean"] > 0 and data["length"]["rounds_mean"] == 1


def test_percentile_is_nearest_rank() -> None:
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.95) == 4.0
    assert percentile([], 0.5) == 0.0


@pytest.mark.timeout(180)
def test_workers_start_under_a_page_script(
    tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Streamlit runs a page as `__main__`; a spawned worker must not import and run it
    page = tmp_path / "page.py"  # type: ignore[operator]
    page.write_text("raise SystemExit('a worker ran the page')\n", "utf-8")
    fake = types.ModuleType("__main__")
    fake.__file__ = str(page)
    monkeypatch.setitem(sys.modules, "__main__", fake)
    cfg = compile_ruleset("1e-corinthian-war").config
    summary = simulate(cfg, 2, 7, "greedy", "random", alternate=True, jobs=2)
    assert summary.games == 2 and summary.errors == 0
    assert sys.modules["__main__"] is fake
