"""Find text of ours that runs along a rulebook's text for too many words.

The project never copies a rulebook sentence (docs/translating.md#our-own-words). This
compares every translation of a catalog with the rulebook in the same language
and reports each stretch of at least `MIN_RUN` words that both share. Both
sides are normalized first (case, accents, punctuation, markup, placeholders,
words broken at the end of a printed line), so a copy with a changed comma or
capital still shows.

A copy can also hide behind small changes (a word swapped, an ending changed, a clause
moved). `close_paraphrases()` compares every sentence of ours (at least
`PARAPHRASE_MIN_WORDS` words, split with sentencex) with every sentence of the book in
its language: both as Snowball stems, folded, in order, scored with rapidfuzz's
`fuzz.ratio` (0-100, an edit-distance similarity of the two stem sequences). A sentence
whose best match scores `PARAPHRASE_THRESHOLD` or more is a close paraphrase. The
threshold comes from the text itself (docs/translating.md, "Our own words"): our
sentences about things the books never say (the app's decision notes, this reference's
own sections) are own words by construction, and their best match never scored above 60
in any of the five languages; 70 leaves ten points above that.

The rulebooks are not part of the repository: `find_rulebooks()` looks for them
where `POLIS_RULEBOOKS` points, or in a `shared/rulebooks` folder inside any
folder that holds the checkout (`../shared/rulebooks` for a clone beside
`shared/`, as in CI).
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import snowballstemmer
from babel.messages.pofile import read_po
from rapidfuzz import fuzz, process
from sentencex import segment

from polis.i18n import DOMAIN, LOCALES_DIR

MIN_RUN = 8
PARAPHRASE_MIN_WORDS = 8
PARAPHRASE_THRESHOLD = 70.0
SNOWBALL = {"pl": "polish", "ru": "russian", "cs": "czech", "it": "italian", "de": "german"}
ENV = "POLIS_RULEBOOKS"
BOOK_LANGUAGES = {"polish": "pl", "russian": "ru", "czech": "cs", "italian": "it", "german": "de"}

# A row of the rulebooks' README table: | file | language | edition | notes |
BOOK_ROW = re.compile(r"^\|\s*([\w.-]+\.txt)\s*\|\s*(\w+)\s*\|", re.MULTILINE)
BROKEN_WORD = re.compile(r"(\w)[-\u00ad]\s*\n\s*(\w)")  # "hod-\nnotu" was printed as one word
MARKUP = re.compile(r"\[\[[a-z_.]+\]\]|\{[a-z_]+\}|\*\*")  # links, placeholders, bold
WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    """The words of a text: case and accents folded, punctuation dropped."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return WORD.findall(plain)


def book_words(text: str) -> list[str]:
    return words(BROKEN_WORD.sub(r"\1\2", text))


def message_words(text: str) -> list[str]:
    return words(MARKUP.sub(" ", text))


def find_rulebooks(start: Path = LOCALES_DIR.parent) -> Path | None:
    """The rulebooks folder: $POLIS_RULEBOOKS, else shared/rulebooks beside a parent folder."""
    if os.environ.get(ENV):
        folder = Path(os.environ[ENV])
        return folder if folder.is_dir() else None
    for parent in [start, *start.parents]:
        folder = parent / "shared" / "rulebooks"
        if folder.is_dir():
            return folder
    return None


def rulebooks_by_language(folder: Path) -> dict[str, list[Path]]:
    """Language code -> its rulebook files, as listed in the folder's README table."""
    readme = (folder / "README.md").read_text(encoding="utf-8")
    found: dict[str, list[Path]] = {}
    for name, language in BOOK_ROW.findall(readme):
        code = BOOK_LANGUAGES.get(language.casefold())
        if code and (folder / name).is_file():
            found.setdefault(code, []).append(folder / name)
    return found


@dataclass(frozen=True)
class SharedRun:
    lang: str
    context: str  # msgctxt, or the English msgid where there is none
    words: tuple[str, ...]  # the shared run, normalized

    @property
    def text(self) -> str:
        return " ".join(self.words)


def _ngrams(tokens: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def runs_in(tokens: list[str], book: set[tuple[str, ...]], n: int = MIN_RUN) -> list[list[str]]:
    """Maximal stretches of `tokens` whose every n-word window occurs in the book."""
    found: list[list[str]] = []
    start = end = -1
    for i in range(len(tokens) - n + 1):
        if tuple(tokens[i : i + n]) not in book:
            continue
        if i <= end - n + 1 and found:  # the window overlaps or touches the current run
            end = i + n
            found[-1] = tokens[start:end]
        else:
            start, end = i, i + n
            found.append(tokens[start:end])
    return found


def _translations(lang: str, locales_dir: Path) -> Iterator[tuple[str, str]]:
    """(context, translated text) for every message of a language's catalog."""
    path = locales_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        context = message.context or msgid
        strings = [message.string] if isinstance(message.string, str) else message.string or ()
        for text in strings:
            if text:
                yield context, str(text)


def shared_runs(
    lang: str, books: list[Path], locales_dir: Path = LOCALES_DIR, n: int = MIN_RUN
) -> list[SharedRun]:
    """Every run of `n` or more words that a translation shares with the books."""
    grams: set[tuple[str, ...]] = set()
    for book in books:
        grams |= _ngrams(book_words(book.read_text(encoding="utf-8")), n)
    return [
        SharedRun(lang, context, tuple(run))
        for context, text in _translations(lang, locales_dir)
        for run in runs_in(message_words(text), grams, n)
    ]


@dataclass(frozen=True)
class Paraphrase:
    lang: str
    context: str  # msgctxt, or the English msgid where there is none
    sentence: str  # our sentence, as written (markup and placeholders taken out)
    book: str  # the book's closest sentence, normalized (stems)
    score: float  # fuzz.ratio of the two stem sequences, 0-100


@cache
def _stemmer(lang: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(SNOWBALL[lang])


def stems(text: str, lang: str) -> str:
    """A sentence as its folded words' Snowball stems, in order, one space apart."""
    return " ".join(_stemmer(lang).stemWords(words(text)))


def sentences_of(text: str, lang: str) -> list[str]:
    """The sentences of a text (sentencex's rules for the language), each line on its own."""
    return [s.strip() for line in text.splitlines() for s in segment(lang, line) if s.strip()]


def book_sentences(books: list[Path], lang: str) -> list[str]:
    """The books' sentences of at least five words, as stems (a printed line break inside a
    paragraph joined, a word broken at a line end mended)."""
    found = []
    for book in books:
        text = BROKEN_WORD.sub(r"\1\2", book.read_text(encoding="utf-8"))
        for paragraph in re.split(r"\n\s*\n", text):
            for sentence in segment(lang, " ".join(paragraph.split())):
                if len(words(sentence)) >= 5:
                    found.append(stems(sentence, lang))
    return found


def best_matches(
    lang: str,
    books: list[Path],
    locales_dir: Path = LOCALES_DIR,
    min_words: int = PARAPHRASE_MIN_WORDS,
) -> list[Paraphrase]:
    """Each sentence of the catalog (at least `min_words` words) with the book's sentence
    closest to it and their similarity."""
    theirs = book_sentences(books, lang)
    found = []
    for context, text in _translations(lang, locales_dir):
        for sentence in sentences_of(MARKUP.sub(" ", text), lang):
            if len(words(sentence)) < min_words:
                continue
            match = process.extractOne(stems(sentence, lang), theirs, scorer=fuzz.ratio)
            if match is not None:
                found.append(Paraphrase(lang, context, sentence, match[0], float(match[1])))
    return found


def close_paraphrases(
    lang: str,
    books: list[Path],
    locales_dir: Path = LOCALES_DIR,
    threshold: float = PARAPHRASE_THRESHOLD,
) -> list[Paraphrase]:
    """The sentences of ours that follow a sentence of the book too closely."""
    return [m for m in best_matches(lang, books, locales_dir) if m.score >= threshold]
