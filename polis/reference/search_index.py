"""The rules search's index: built once with the kept libraries, then kept on disk.

Terms are Snowball stems (`snowballstemmer`, all seven languages), folded (case,
accents) after stemming so a query typed without diacritics still matches. A
number word (num2words' 0 to 20 of the language: "zwei", "два") is indexed as its
digits, so "2 actions" and "two actions" meet.

Each section is one document made of three weighted fields: its title, the
glossary words that belong to it (the translated glossary terms whose entry
points to the section, and the other words for them from
`rules_data/search/synonyms.yaml`, and the words players use for a section no
glossary term points to, from `section_words.yaml`) and its text. BM25 has no fields, so a
field's weight is the number of times its words are repeated in the document.
`bm25s` ranks with BM25; it computes every (term, section) weight when it
indexes, and those weights are what the index keeps: a query only adds them up.

The query words of each language (`rules_data/search/query_words.yaml`: the
question words and fillers a query leaves out, the words a "0" stands for, and
the words of a how-many question and of its answer) are kept as terms too.

Building (polis.reference.search_build) imports bm25s, numpy and num2words and
renders the glossary; a command that only searches must not pay that on every
call. So the built index is written to the cache folder (beside the compiled
rulesets, through polis.safe_write), under a hash of everything it is built
from: the sections' text, the language, the synonyms and query-words files, the
glossary, the language's catalog and the package's code (polis.fingerprint). A
changed input changes the key; a damaged entry is built again. This module, all
a search reads, imports only the stemmer.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import snowballstemmer

from polis.fingerprint import code_fingerprint
from polis.i18n import DOMAIN, LOCALES_DIR
from polis.reference.rendered import LINK, RenderedSection, rules_dir
from polis.rules.registry import rules_data_dir

SNOWBALL = {
    "en": "english",
    "es": "spanish",
    "pl": "polish",
    "ru": "russian",
    "cs": "czech",
    "it": "italian",
    "de": "german",
}
# Bumped whenever what is stored or how it is built changes: old entries are then not read.
INDEX_FORMAT = 1

WORD = re.compile(r"\w+")
MARKUP = re.compile(r"\*\*|^\s*[-*]\s+", re.MULTILINE)


def fold(text: str) -> str:
    """Lower-case, accents removed (also Cyrillic й/ё and Czech háčky)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@cache
def _stemmer(lang: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(SNOWBALL[lang])


@lru_cache(maxsize=65536)
def stem(word: str, lang: str) -> str:
    """The stem of one word, folded."""
    return fold(_stemmer(lang).stemWord(word.casefold()))


def phrase_term(first: str, second: str) -> str:
    """The index term of two words in a row of a glossary word or synonym ("sell prestige")."""
    return f"{first}+{second}"


def word_term(word: str, lang: str, numbers: Mapping[str, str]) -> str:
    """The index term of one word: the digits of a number word, else its folded stem."""
    return numbers.get(fold(word)) or stem(word, lang)


def section_words_path() -> Path:
    return rules_data_dir() / "search" / "section_words.yaml"


def synonyms_path() -> Path:
    return rules_data_dir() / "search" / "synonyms.yaml"


def query_words_path() -> Path:
    return rules_data_dir() / "search" / "query_words.yaml"


def plain_text(section: RenderedSection, titles: Mapping[str, str]) -> str:
    """The section's text as a reader sees it: links as "→ title", no markup."""
    linked = LINK.sub(lambda m: f"(→ {titles.get(m.group(1), m.group(1))})", section.text)
    return MARKUP.sub("", linked)


@dataclass(frozen=True)
class IndexData:
    """What a query needs, all plain data (stored as JSON)."""

    postings: dict[str, list[tuple[int, float]]]  # term -> (section, BM25 weight)
    idf: dict[str, float]  # term -> its inverse document frequency (picks the passage)
    stop: frozenset[str]  # terms of the words a query leaves out (question words, fillers)
    numbers: dict[str, str]  # folded number word -> digits
    zero: tuple[str, ...]  # terms a "0" in a query also stands for ("no", "without")
    how_many: frozenset[str]  # the words of a how-many question, folded ("many", "сколько")
    limit: tuple[str, ...]  # terms the rules answer it with ("most", "limit")

    def to_json(self) -> dict[str, Any]:
        return {
            "postings": self.postings,
            "idf": self.idf,
            "stop": sorted(self.stop),
            "numbers": self.numbers,
            "zero": list(self.zero),
            "how_many": sorted(self.how_many),
            "limit": list(self.limit),
        }

    @classmethod
    def from_json(cls, data: Any, sections: int) -> IndexData:
        """The index a stored entry holds; ValueError if it is not exactly that shape (a
        damaged file), so a search never fails on it. `sections`: how many it indexes."""
        try:
            postings = {
                _text(t): [(_section(d, sections), _weight(w)) for d, w in p]
                for t, p in data["postings"].items()
            }
            return cls(
                postings=postings,
                idf={_text(t): _weight(v) for t, v in data["idf"].items()},
                stop=frozenset(map(_text, data["stop"])),
                numbers={_text(k): _text(v) for k, v in data["numbers"].items()},
                zero=tuple(map(_text, data["zero"])),
                how_many=frozenset(map(_text, data["how_many"])),
                limit=tuple(map(_text, data["limit"])),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a search index: {exc!r}") from None


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a string: {value!r}")
    return value


def _section(value: Any, sections: int) -> int:
    if type(value) is not int or not 0 <= value < sections:
        raise ValueError(f"not a section: {value!r}")
    return value


def _weight(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError(f"not a weight: {value!r}")
    return float(value)


def _inputs_digest(sections: Iterable[RenderedSection], lang: str) -> str:
    """A hash of everything an index is built from."""
    digest = hashlib.sha256(f"{INDEX_FORMAT}:{code_fingerprint()}:{lang}".encode())
    for s in sections:
        for part in (s.id, s.chapter_title, s.title, s.text, *s.see):
            digest.update(part.encode())
            digest.update(b"\0")
    catalog = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    sources = (
        synonyms_path(),
        section_words_path(),
        query_words_path(),
        rules_dir() / "glossary.yaml",
    )
    for path in (*sources, catalog):
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"-")
    return digest.hexdigest()


def cache_path(sections: tuple[RenderedSection, ...], lang: str) -> Path:
    from polis.compiler import cache_dir

    return cache_dir().parent / "search" / f"{_inputs_digest(sections, lang)}.json"


def index_data(sections: tuple[RenderedSection, ...], lang: str) -> IndexData:
    """The index of these sections: read from the cache folder, else built and stored there."""
    path = cache_path(sections, lang)
    try:
        return IndexData.from_json(json.loads(path.read_bytes()), len(sections))
    except (OSError, ValueError, RecursionError):
        pass  # not built yet, or damaged: built below
    from polis.reference.search_build import build
    from polis.safe_write import WriteError, write_text

    data = build(sections, lang)
    # caching is an optimisation; a read-only home must not break searching
    with contextlib.suppress(WriteError):
        write_text(path, json.dumps(data.to_json(), ensure_ascii=False))
    return data
