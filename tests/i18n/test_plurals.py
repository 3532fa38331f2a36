"""Catalogs follow the language's plural rule when Babel's changes."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from polis.i18n.checks import check_catalog
from polis.i18n.plurals import expected, follow_babel, form_sources, same_rule

TWO_FORMS = "nplurals=2; plural=(n != 1);"


def two_form_catalog(lang: str) -> Catalog:
    """A catalog written when the language had one/other (Babel before 2.19 for es, it)."""
    catalog = Catalog(locale=lang)
    catalog.mime_headers = [("Plural-Forms", TWO_FORMS)]
    catalog.add(("{n} hoplite", "{n} hoplites"), ("{n} hoplita", "{n} hoplitas"))
    catalog.add("Sparta", "Esparta")
    return catalog


def test_a_new_form_takes_the_translation_the_old_rule_used_for_its_numbers() -> None:
    new = expected("es").plural_expr  # one, many (round millions), other
    assert form_sources("(n != 1)", new, 3) == (0, 1, 1)
    # and the other way round: two forms from three keep `one` and `other`
    assert form_sources(new, "(n != 1)", 2) == (0, 2)


def test_an_outdated_header_is_reported_and_brought_along() -> None:
    catalog = two_form_catalog("es")
    assert not same_rule(catalog, "es")
    problems = [p.problem for p in check_catalog("es", catalog)]
    assert any("plural rule" in p for p in problems), problems
    assert follow_babel(catalog, "es")
    assert same_rule(catalog, "es") and catalog.num_plurals == 3
    message = catalog.get("{n} hoplite")
    assert message is not None
    assert tuple(message.string) == ("{n} hoplita", "{n} hoplitas", "{n} hoplitas")
    assert catalog.get("Sparta").string == "Esparta"  # singular messages untouched
    assert not check_catalog("es", catalog)
    assert not follow_babel(catalog, "es")  # a second run changes nothing


@pytest.mark.parametrize(
    ("lang", "header"),
    [
        # the header older Babel wrote for Polish, spelled unlike today's but the same rule
        (
            "pl",
            "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20)"
            " ? 1 : 2);",
        ),
        ("de", TWO_FORMS),
    ],
)
def test_a_rule_is_compared_by_what_it_does_not_how_it_is_spelled(lang: str, header: str) -> None:
    catalog = Catalog(locale=lang)
    catalog.mime_headers = [("Plural-Forms", header)]
    assert same_rule(catalog, lang)
    assert not follow_babel(catalog, lang)


def test_a_wrong_rule_with_the_right_count_is_caught() -> None:
    catalog = Catalog(locale="ru")
    catalog.mime_headers = [("Plural-Forms", "nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);")]
    assert not same_rule(catalog, "ru")
