"""The rules reference: every section in every language for every ruleset, links that
resolve, a section for every rule the engine cites, estimates marked, search that folds."""

from __future__ import annotations

import re

import pytest

from polis.engine.rule_ids import RULE_IDS
from polis.i18n import LANGUAGES
from polis.reference.render import (
    ESTIMATE_MARK,
    LINK,
    applies_to,
    chapters,
    glossary,
    render,
    render_glossary,
    section_for_rule,
)
from polis.reference.search import fold, search
from polis.rules.registry import discover

RULESETS = sorted(discover())
LEFTOVER = re.compile(r"\{[a-z_]+\}")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_section_renders(ruleset: str, lang: str) -> None:
    english = render(ruleset, "en")
    sections = render(ruleset, lang)
    assert [s.id for s in sections] == [s.id for s in english]
    ids = {s.id for s in sections}
    for section in sections:
        assert section.title.strip() and section.text.strip(), section.id
        assert not LEFTOVER.search(section.title + section.text), section.id
        for target in LINK.findall(section.text):
            assert target in ids, f"{section.id} links to {target}, absent from {ruleset}"
        assert set(section.see) <= ids, (section.id, set(section.see) - ids)
    if lang != "en":  # translated, not the English fallback
        same = [s.id for s, e in zip(sections, english, strict=True) if s.text == e.text]
        assert not same, same[:5]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("rule", sorted(RULE_IDS))
def test_every_cited_rule_has_a_section(ruleset: str, rule: str) -> None:
    assert section_for_rule(ruleset, "en", rule) is not None


def test_edition_values_fill_the_text() -> None:
    first = {s.id: s for s in render("1e", "en")}
    second = {s.id: s for s in render("2e", "en")}
    assert "3, 4, 5, and 5" in first["board.stacking_limit"].text
    assert "3, 4, and 5" in second["board.stacking_limit"].text
    assert "Oil" in first["components.goods"].text
    assert (
        "Oil" not in second["components.goods"].text and "Iron" in second["components.goods"].text
    )


def test_values_are_formatted_for_the_language() -> None:
    german = {s.id: s for s in render("2e", "de")}
    assert "3, 4 und 5" in german["board.stacking_limit"].text


def test_estimated_values_are_marked() -> None:
    marked = [s.id for s in render("2e", "en") if ESTIMATE_MARK in s.text]
    assert marked  # 2e event-deck sizes and project costs are reconstructions


def test_applies_to_lists_the_rulesets() -> None:
    assert set(applies_to("board.stacking_limit")) == set(RULESETS)
    siege_discs = [s.id for c in chapters() for s in c.sections if "siege_discs" in s.when]
    assert siege_discs  # only the 2nd edition has siege discs
    for section_id in siege_discs:
        assert applies_to(section_id) == ("2e",), section_id
    without_events = [s.id for c in chapters() for s in c.sections if "events" in s.unless]
    assert without_events  # only the Corinthian War has no event cards
    for section_id in without_events:
        assert applies_to(section_id) == ("1e-corinthian-war",), section_id


def test_section_for_rule_finds_sections_that_list_it() -> None:
    # the Corinthian War has no projects, so no section of that name: another one lists it
    rule = "actions.start_project"
    assert rule not in [s.id for s in render("1e-corinthian-war", "en")]
    found = section_for_rule("1e-corinthian-war", "en", rule)
    assert found is not None and found.id == "round.no_projects" and rule in found.rules
    named = section_for_rule("2e", "en", rule)
    assert named is not None and named.id == rule  # a section of that name comes first


@pytest.mark.parametrize(
    ("lang", "query", "section"),
    [
        ("en", "STACKING limit", "board.stacking_limit"),
        ("es", "asedio", "actions.besiege"),
        ("es", "ASEDIÓ", "actions.besiege"),
        ("cs", "obléhání", "actions.besiege"),
        ("cs", "oblehani", "actions.besiege"),
        ("ru", "ОСАДА", "actions.besiege"),
        ("ru", "осада", "actions.besiege"),
        ("pl", "oblężenie", "actions.besiege"),
        ("pl", "OBLEZENIE", "actions.besiege"),
        ("de", "belagerung", "actions.besiege"),
        ("it", "assedio", "actions.besiege"),
    ],
)
def test_search_ignores_case_and_accents(lang: str, query: str, section: str) -> None:
    assert section in [hit.section.id for hit in search("2e", lang, query)[:3]]


def test_fold_handles_cyrillic_and_czech() -> None:
    assert fold("Ёлка Йод") == fold("елка иод")
    assert fold("Příliš ŽLUŤOUČKÝ") == "prilis zlutoucky"
    assert fold("Straße") == "strasse"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_in_every_language(lang: str) -> None:
    terms = render_glossary(lang)
    assert len(terms) == len(glossary().terms)
    sections = {s.id for r in RULESETS for s in render(r, "en")}
    for term in terms:
        assert term.term.strip() and term.definition.strip()
        assert set(term.see) <= sections, term.id
    if lang != "en":
        english = {t.id: t.definition for t in render_glossary("en")}
        assert all(t.definition != english[t.id] for t in terms)
    second = [t.id for t in glossary().terms if not t.editions or "2e" in t.editions]
    assert [t.id for t in render_glossary(lang, edition="2e")] == second
