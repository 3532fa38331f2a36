from __future__ import annotations

from polis.compiler.provenance import CATEGORIES, provenance_report
from polis.rules.loader import load_ruleset


def test_every_record_is_counted_once_per_category() -> None:
    report = provenance_report(load_ruleset("2e").model)
    assert [c.category for c in report.categories] == list(CATEGORIES)
    assert sum(c.total for c in report.categories) == len(report.facts)
    assert 0 < report.sourced_share < 1


def test_estimates_are_never_reported_as_sourced() -> None:
    report = provenance_report(load_ruleset("1e").model)
    facts = {f.path: f for f in report.facts}
    assert facts["territories.achaia"].status == "estimated"
    assert facts["territories.achaia"].source.startswith("estimate: ")
    assert facts["poleis.athenai"].status == "partly estimated"
    assert any(e.startswith("base_population:") for e in facts["poleis.athenai"].estimates)
    assert facts["projects.socrates"].status == "sourced"
    assert facts["market_values"].status == "sourced"  # the Italian table, 1st edition


def test_second_edition_market_table_is_an_estimate() -> None:
    facts = {f.path: f for f in provenance_report(load_ruleset("2e").model).facts}
    assert facts["market_values"].status == "estimated"
