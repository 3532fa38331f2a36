"""The edition comparison finds every difference the two rulebook lines describe."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from polis.cli.main import app
from polis.compiler import compile_ruleset
from polis.diff import diff_rulesets, render_text
from polis.rules.loader import load_ruleset


def _diff(a: str, b: str):  # type: ignore[no-untyped-def]
    return diff_rulesets(
        load_ruleset(a).model,
        load_ruleset(b).model,
        compile_ruleset(a).config,
        compile_ruleset(b).config,
    )


def test_first_versus_second_edition_headlines() -> None:
    report = _diff("1e", "2e")
    heads = {h.key: (h.a, h.b) for h in report.headlines}
    assert heads["rounds"] == ("4 (3, 4, 5α, 5β)", "3 (Alpha, Sigma, Omega)")
    assert "oil" in heads["goods"][0] and "oil" not in heads["goods"][1]
    assert heads["actions"] == (12, 11)
    assert heads["event_cards"] == (40, 24)
    assert heads["siege_discs"] == ("none", "+1 per disc")
    assert heads["barter_marker_dice"] == ("1d4", "2d4, lowest")
    assert heads["purchase_marker_dice"] == (
        "2d4, highest (requested_good)",
        "1d4 (every_accepted_good)",
    )
    assert heads["phoros"][0] == "1→1 (repeatable)"
    assert heads["phoros"][1] == "1→1; 2→3 (once), needs polis_besides_capital"
    assert heads["project_reveal"] == ("3, 3, 3, 3", "3, 5 (−1), 6 (−1)")
    assert heads["sparta_galleys"] == (2, 3)
    assert heads["covered_market_slots"] == (0, 8)
    assert heads["free_actions"] == ("none", "ransom_proxenos")


def test_first_versus_second_edition_records() -> None:
    changes = {(c.path, c.kind): c for c in _diff("1e", "2e").changes}
    assert ("goods.oil", "removed") in changes
    galleys = changes[("setup.sparta.galleys.myrtoon", "changed")]
    assert (galleys.a, galleys.b) == (1, 2)
    assert ("actions.ransom_proxenos.as_action", "changed") in changes
    assert ("actions.besiege.siege_discs", "changed") in changes
    assert ("markets.persis.slots[4].covered", "changed") in changes
    assert ("phoros.options[2]", "added") in changes
    # provenance is not a rule difference
    assert not any(".src" in path or "estimates" in path for path, _ in changes)


def test_scenario_against_its_edition() -> None:
    report = _diff("1e", "1e-corinthian-war")
    heads = {h.key for h in report.headlines}
    assert {"rounds", "project_reveal"} <= heads
    added = {c.path for c in report.changes if c.kind == "added"}
    assert "setup.sparta.poleis.syrakousai" in added


def test_identical_rulesets_have_no_differences() -> None:
    report = _diff("2e", "2e")
    assert report.headlines == [] and report.changes == []


def test_cli_text_and_json() -> None:
    runner = CliRunner()
    text = runner.invoke(app, ["diff", "1e", "2e"])
    assert text.exit_code == 0
    assert text.stdout.startswith("1e → 2e: ")
    data = json.loads(runner.invoke(app, ["diff", "1e", "2e", "--json"]).stdout)
    assert data["counts"]["headlines"] == len(data["headlines"]) >= 14
    assert "goods" in data["topics"]
    assert render_text(_diff("1e", "2e")) == text.stdout
