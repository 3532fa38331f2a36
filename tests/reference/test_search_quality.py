"""The search benchmark (tests/data/search/queries.yaml): players' queries in every
language must find their section in the top 3 at least 95 % of the time."""

from __future__ import annotations

import pytest

from polis.i18n import LANGUAGES
from polis.reference.render import render
from polis.reference.search_bench import evaluate, load_cases

CASES = load_cases()
GOAL_TOP3 = 0.95


def test_every_language_has_twenty_queries_for_sections_that_exist() -> None:
    assert set(CASES) == set(LANGUAGES)
    for lang, block in CASES.items():
        assert len(block.queries) == 20, lang
        sections = {s.id for s in render(block.ruleset, lang)}
        missing = [c.section for c in block.queries if c.section not in sections]
        assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_top3_hit_rate_reaches_the_goal(lang: str) -> None:
    result = evaluate({lang: CASES[lang]})[lang]
    missed = [m for m in result.misses if m[2] is None or m[2] > 3]
    assert result.top3_rate >= GOAL_TOP3, missed


def test_evaluation_counts_ranks() -> None:
    one = {"en": CASES["en"].model_copy(update={"queries": CASES["en"].queries[:2]})}
    first, second = (c.section for c in one["en"].queries)
    result = evaluate(one, lambda _r, _l, q: ["x", "y", first, second])["en"]
    assert (result.total, result.top1, result.top3) == (2, 0, 1)
    assert [m[2] for m in result.misses] == [3, 4]
