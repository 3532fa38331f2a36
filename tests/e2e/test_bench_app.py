"""`polis bench --app` drives the real server from Chromium sessions and reports what it
measured (the figures are the benchmark's, never asserted: the machine is shared)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from polis.bench_app import DECISION_JS, SETTLED_JS
from polis.cli.main import app as cli

pytestmark = pytest.mark.e2e


def test_the_app_benchmark_reports_latency_and_server_cpu_per_click() -> None:
    result = CliRunner().invoke(
        cli,
        ["bench", "--app", "--sessions", "2", "--clicks", "3", "--rounds", "1", "--think", "0.3",
         "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["think_s"] == 0.3
    alone, loaded = report["phases"]
    for phase in (alone, loaded):
        assert phase["clicks"] == 6  # every click was seen through to the next decision
        assert 0 < phase["latency_p50_ms"] <= phase["latency_p95_ms"]
        assert phase["server_cpu_per_click_ms"] > 0
    assert loaded["pool_cpu_s"] > 0  # the strong bots searched in the pool, not the server
    # the benchmark's own browsers share the machine: their CPU is counted in each phase
    assert alone["browsers_cpu_s"] > 0 and loaded["browsers_cpu_s"] > 0
    assert report["first_load_warm_s"] > 0 and report["p95_ratio_with_bots"] > 0
    assert report["p50_ratio_with_bots"] == round(
        loaded["latency_p50_ms"] / alone["latency_p50_ms"], 2
    )
    assert report["page_script_cpu_ms_p50"] > 0


def test_the_friends_benchmark_reports_how_soon_the_other_seat_sees_a_move() -> None:
    result = CliRunner().invoke(
        cli, ["bench", "--app", "--friends", "2", "--clicks", "3", "--think", "0.5", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["think_s"] == 0.5  # the pause asked for, not the default
    assert report["games"] == 2 and report["sessions"] == 4
    assert report["moves"] == 6  # every move was seen at the other seat
    assert 0 < report["seen_p50_ms"] <= report["seen_p95_ms"]
    assert report["server_cpu_per_move_ms"] > 0


PAGE = """<div data-id="prompt" data-step="a"></div>
<div class="st-key-choice_0"></div><div data-testid="stStatusWidget"></div>"""


def test_a_player_waits_inside_the_page_for_the_next_decision(browser: Any) -> None:
    """The benchmark's wait: answered when the page changes and its run has finished, not
    by asking again from outside (which cost each page a tenth of a core)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content(PAGE)
    # the step changes while the script still runs: not the next decision until it ends
    page.evaluate("""() => {
      setTimeout(() => document.querySelector('[data-id="prompt"]').dataset.step = "b", 100);
      setTimeout(() => document.querySelector('[data-testid="stStatusWidget"]').remove(), 400);
    }""")
    before = page.evaluate(DECISION_JS)
    assert before == "a running st-key-choice_0"
    settled = page.evaluate(SETTLED_JS, [before, 10_000])
    assert settled == page.evaluate(DECISION_JS) == "b  st-key-choice_0"
    # nothing changes: the wait gives up when it was told to, with no answer
    assert page.evaluate(SETTLED_JS, [settled, 300]) is None
    # a first look (nothing before it) takes what the page shows
    assert page.evaluate(SETTLED_JS, [None, 300]) == settled
    context.close()
