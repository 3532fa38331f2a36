"""The search benchmarks (tests/data/search/): players' queries in every language must
find their section in the top 3 at least 95 % of the time and first at least 80 % of the
time (issue 30's goal). Two sets: queries.yaml (20 per language) and player_queries.yaml
(25 per language, typed as players type mid-game, written before the search was changed
for it). The held-out set (holdout_queries.yaml) is only reported, never a goal."""

from __future__ import annotations

import pytest

from polis.i18n import LANGUAGES
from polis.reference.render import render
from polis.reference.search_bench import PLAYER_QUERIES, evaluate, load_cases

CASES = load_cases()
PLAYER_CASES = load_cases(PLAYER_QUERIES)
GOAL_TOP3 = 0.95
GOAL_TOP1 = 0.80


@pytest.mark.parametrize(("cases", "count"), [(CASES, 20), (PLAYER_CASES, 25)])
def test_every_language_has_its_queries_for_sections_that_exist(cases, count) -> None:  # type: ignore[no-untyped-def]
    assert set(cases) == set(LANGUAGES)
    for lang, block in cases.items():
        assert len(block.queries) == count, lang
        assert len({c.query for c in block.queries}) == count, lang
        sections = {s.id for s in render(block.ruleset, lang)}
        missing = [c.section for c in block.queries if c.section not in sections]
        assert not missing, (lang, missing)


@pytest.mark.parametrize("cases", [CASES, PLAYER_CASES], ids=["queries", "player_queries"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_hit_rates_reach_the_goal(lang: str, cases) -> None:  # type: ignore[no-untyped-def]
    result = evaluate({lang: cases[lang]})[lang]
    missed = [m for m in result.misses if m[2] is None or m[2] > 3]
    assert result.top3_rate >= GOAL_TOP3, missed
    assert result.top1_rate >= GOAL_TOP1, result.misses


def test_evaluation_counts_ranks() -> None:
    one = {"en": CASES["en"].model_copy(update={"queries": CASES["en"].queries[:2]})}
    first, second = (c.section for c in one["en"].queries)
    result = evaluate(one, lambda _r, _l, q: ["x", "y", first, second])["en"]
    assert (result.total, result.top1, result.top3) == (2, 0, 1)
    assert [m[2] for m in result.misses] == [3, 4]
