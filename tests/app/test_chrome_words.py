"""Streamlit's own words: a word in any language leads back to one English word only."""

from __future__ import annotations

from collections import defaultdict

from polis.app.chrome_words import english, words
from polis.i18n import LANGUAGES


def test_no_two_words_share_a_translation() -> None:
    # the page is renamed from what it shows: a shared word could not be renamed back
    meanings: dict[str, set[str]] = defaultdict(set)
    for lang in LANGUAGES:
        for word, shown in words(lang).items():
            meanings[shown].add(word)
    assert {shown: m for shown, m in meanings.items() if len(m) > 1} == {}
    assert len(english()) == len(meanings)


def test_the_words_are_translated() -> None:
    german = words("de")
    assert german["Collapse sidebar"] == "Seitenleiste einklappen"
    assert words("en")["Collapse sidebar"] == "Collapse sidebar"
