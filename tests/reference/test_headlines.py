from __future__ import annotations

import re

import pytest

from polis.compiler import compile_ruleset
from polis.i18n import LANGUAGES, translator
from polis.i18n.names import Names
from polis.reference.headlines import HEADLINE_VALUES, LABELS, headline_values


def shown(ruleset: str, lang: str) -> dict[str, str]:
    cfg = compile_ruleset(ruleset).config
    return headline_values(cfg, Names(cfg, translator(lang)), lang)


def test_every_headline_has_a_presenter_and_a_label() -> None:
    assert list(HEADLINE_VALUES) == list(LABELS)


def test_english_values() -> None:
    first, second = shown("1e", "en"), shown("2e", "en")
    assert first["rounds"] == "4 (3, 4, 5α, and 5β)"
    assert second["goods"] == "Iron, Wood, Wine, Silver, and Wheat"
    assert first["siege_discs"] == "none" and second["siege_discs"].startswith("+1")
    assert first["purchase_marker_dice"].startswith("2 dice, keeping the highest")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_values_are_translated(lang: str) -> None:
    english, other = shown("2e", "en"), shown("2e", lang)
    for key in ("goods", "battle_defender_draw", "barter_marker_dice", "phoros"):
        assert other[key] != english[key], key
    assert not any(re.search(r"\{[a-z_]+\}", v) for v in other.values())
