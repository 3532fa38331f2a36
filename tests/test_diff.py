"""The edition comparison finds every difference the two rulebook lines describe."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from polis.cli.main import app
from polis.compiler import compile_ruleset
from polis.diff import diff_rulesets
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
    assert heads["rounds"] == ("4 (3, 4, 5α, and 5β)", "3 (Alpha, Sigma, and Omega)")
    assert "Oil" in heads["goods"][0] and "Oil" not in heads["goods"][1]
    assert heads["actions"] == ("12", "11")
    assert heads["event_cards"] == ("40", "24")
    assert heads["siege_discs"] == ("none", "+1 to the roll per disc")
    assert heads["barter_marker_dice"] == ("one die", "2 dice, keeping the lowest")
    assert heads["purchase_marker_dice"] == (
        "2 dice, keeping the highest; the marker of the good the slot asks for",
        "one die; the markers of every good the slot accepts",
    )
    assert heads["phoros"][0] == "1 prestige for 1 Silver; repeatable"
    assert heads["phoros"][1] == (
        "1 prestige for 1 Silver or 2 prestige for 3 Silver; once a round; "
        "needs a polis besides the capital"
    )
    assert heads["project_reveal"][1].startswith("Alpha: 3 tiles, Sigma: 5 tiles (")
    assert heads["sparta_galleys"] == ("2", "3")
    assert heads["covered_market_slots"] == ("0", "8")
    assert heads["free_actions"] == ("none", "Ransom the Proxenos")


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


def test_reorderings_and_positional_round_ids_are_no_changes() -> None:
    paths = {c.path for c in _diff("1e", "2e").changes}
    # Athenai's project types are the same three in another order
    assert "poleis.athenai.project_types" not in paths
    assert "poleis.korinthos.project_types" in paths  # a type was added there
    # rounds are matched by position: their ids name the place, their labels are the rule
    assert "rounds[1].label" in paths and "rounds[1].id" not in paths
    # the order of tie-breakers is the rule
    assert "scoring.tie_breakers" in paths


def test_cli_text_and_json() -> None:
    runner = CliRunner()
    text = runner.invoke(app, ["diff", "1e", "2e"])
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    assert lines[0].startswith("Polis: Fight for the Hegemony, 1st edition")
    assert "  Rounds: 4 (3, 4, 5α, and 5β) → 3 (Alpha, Sigma, and Omega)" in lines
    assert "  ~ Sparta › galleys › Myrtoon Pelagos: 1 → 2" in lines
    assert "  ~ Round 1 › name: 3 → Alpha" in lines
    assert not any("rounds[" in line or "False" in line for line in lines)
    data = json.loads(runner.invoke(app, ["diff", "1e", "2e", "--json"]).stdout)
    assert data["counts"]["headlines"] == len(data["headlines"]) >= 14
    assert "goods" in data["topics"]
    german = runner.invoke(app, ["diff", "1e", "2e", "--lang", "de"]).stdout
    assert "Eisen" in german and "Runden: 4 (3, 4, 5α und 5β)" in german
    with_paths = runner.invoke(app, ["diff", "1e", "2e", "--paths"]).stdout
    assert "[setup.sparta.galleys.myrtoon]" in with_paths
