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
    PARAPHRASE_THRESHOLD,
    best_matches,
    book_words,
    close_paraphrases,
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
    exceptions = {(e["context"], e["run"]) for e in allowed() if e["lang"] == lang and "run" in e}
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


@needs_books
@pytest.mark.parametrize("lang", ["pl", "ru", "cs", "it", "de"])
def test_no_catalog_closely_paraphrases_its_rulebook(lang: str) -> None:
    """A sentence of ours whose Snowball stems follow one of the book's sentences with a
    rapidfuzz ratio of PARAPHRASE_THRESHOLD or more is a copy with a few words changed."""
    assert BOOKS is not None
    exceptions = {
        (e["context"], e["sentence"]) for e in allowed() if e["lang"] == lang and "sentence" in e
    }
    found = {
        (p.context, p.sentence): p
        for p in close_paraphrases(lang, rulebooks_by_language(BOOKS)[lang])
    }
    close = sorted(set(found) - exceptions)
    assert not close, "reword in your own words:\n" + "\n".join(
        f"{c}: {s}  [{found[(c, s)].score:.0f}: {found[(c, s)].book}]" for c, s in close
    )
    stale = sorted(exceptions - set(found))
    assert not stale, f"allowlist entries that no longer match: {stale}"


# Sections about the app itself, which no rulebook has: their sentences are our own words
# by construction. The threshold stands above all of them (docs/translating.md).
NOT_IN_THE_BOOKS = (
    "rules:overview.reference:",
    "rules:events.unknown:",
    "rules:game.over:",
    "rules:turn.decisions:",
    "rules:end.storage_rounding:",
)


@needs_books
@pytest.mark.parametrize("lang", ["pl", "ru", "cs", "it", "de"])
def test_own_words_by_construction_stay_well_below_the_threshold(lang: str) -> None:
    assert BOOKS is not None
    scores = [
        m.score
        for m in best_matches(lang, rulebooks_by_language(BOOKS)[lang])
        if m.context.startswith(NOT_IN_THE_BOOKS)
    ]
    assert len(scores) >= 5
    assert max(scores) <= PARAPHRASE_THRESHOLD - 10, sorted(scores)[-3:]


def test_paraphrase_check_sees_through_endings_but_not_own_words(tmp_path: Path) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    book = tmp_path / "book.txt"
    book.write_text(
        "Der Spieler mit dem meisten Prestige deckt die Ereigniskarte auf und liest sie vor.\n\n"
        "Jede Polis darf in einer Runde nur ein einziges Projekt beginnen.",
        encoding="utf-8",
    )
    catalog = Catalog(locale="de", domain="polis")
    catalog.add(
        "a",
        "Der Spieler mit mehr Prestige deckt eine Ereigniskarte auf und liest sie.",
        context="close",
    )
    catalog.add(
        "b",
        "Wer vorn liegt, zeigt allen, was die Runde bringt, bevor jemand handelt.",
        context="own",
    )
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "polis.po").open("wb") as fh:
        write_po(fh, catalog)
    scores = {m.context: m.score for m in best_matches("de", [book], tmp_path)}
    assert scores["close"] >= PARAPHRASE_THRESHOLD > scores["own"] + 10
    assert [p.context for p in close_paraphrases("de", [book], tmp_path)] == ["close"]
