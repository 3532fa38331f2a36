"""Our text is our own: no translation shares a run of 8 or more words with the rulebook
in its language (pl, ru: 2nd edition; cs, it, de: 1st edition), save the names, titles and
attributed quotes listed in tests/data/own_words_allowlist.yaml.

The rulebooks live outside the repository (../shared/rulebooks, or $POLIS_RULEBOOKS);
without them these tests are skipped and say so."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from polis.i18n.own_words import (
    MIN_RUN,
    book_words,
    find_rulebooks,
    message_words,
    rulebooks_by_language,
    runs_in,
    shared_runs,
)

ALLOWLIST = Path(__file__).parents[1] / "data" / "own_words_allowlist.yaml"
BOOKS = find_rulebooks()
needs_books = pytest.mark.skipif(
    BOOKS is None,
    reason="rulebooks not found: set POLIS_RULEBOOKS or keep shared/rulebooks beside the checkout",
)


def allowed() -> list[dict[str, str]]:
    entries = yaml.safe_load(ALLOWLIST.read_text(encoding="utf-8"))
    assert all(e.get("reason") for e in entries), "every exception says why"
    return list(entries)


@needs_books
def test_every_book_language_has_its_rulebook() -> None:
    assert BOOKS is not None
    assert set(rulebooks_by_language(BOOKS)) == {"pl", "ru", "cs", "it", "de"}


@needs_books
@pytest.mark.parametrize("lang", ["pl", "ru", "cs", "it", "de"])
def test_no_catalog_copies_its_rulebook(lang: str) -> None:
    assert BOOKS is not None
    exceptions = {(e["context"], e["run"]) for e in allowed() if e["lang"] == lang}
    found = {(r.context, r.text) for r in shared_runs(lang, rulebooks_by_language(BOOKS)[lang])}
    copied = sorted(found - exceptions)
    assert not copied, "rewrite in your own words:\n" + "\n".join(f"{c}: {t}" for c, t in copied)
    stale = sorted(exceptions - found)
    assert not stale, f"allowlist entries that no longer match: {stale}"


def test_runs_are_found_through_case_accents_markup_and_broken_lines() -> None:
    book = "Der Spieler mit mehr Pres-\ntige deckt die Karte auf, liest sie vor und führt sie aus."
    ours = "**Der Spieler** mit mehr PRESTIGE deckt die Karte auf [[events.draw]] – liest sie vor."
    grams = {tuple(book_words(book)[i : i + MIN_RUN]) for i in range(len(book_words(book)))}
    (run,) = runs_in(message_words(ours), grams)
    assert " ".join(run) == "der spieler mit mehr prestige deckt die karte auf liest sie vor"
    assert runs_in(message_words("Der Spieler mit mehr Prestige zieht eine Karte."), grams) == []


def test_two_separate_runs_stay_apart() -> None:
    words = [f"w{i}" for i in range(30)]
    grams = {tuple(words[i : i + MIN_RUN]) for i in range(len(words))}
    tokens = [*words[:9], "x", "y", *words[15:25]]
    assert [len(r) for r in runs_in(tokens, grams)] == [9, 10]


def test_rulebooks_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "README.md").write_text(
        "| file | language | edition |\n|---|---|---|\n"
        "| a.txt | Czech | 1st |\n| b.txt | Klingon | 1st |\n",
        encoding="utf-8",
    )
    (tmp_path / "a.txt").write_text("text", encoding="utf-8")
    monkeypatch.setenv("POLIS_RULEBOOKS", str(tmp_path))
    assert find_rulebooks() == tmp_path
    assert rulebooks_by_language(tmp_path) == {"cs": [tmp_path / "a.txt"]}
    monkeypatch.setenv("POLIS_RULEBOOKS", str(tmp_path / "missing"))
    assert find_rulebooks() is None
