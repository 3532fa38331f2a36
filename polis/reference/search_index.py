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

Building imports bm25s, numpy and num2words and renders the glossary;
a command that only searches must not pay that on every call. So the built index
is written to the cache folder (beside the compiled rulesets), under a hash of
everything it is built from: the sections' text, the language, the synonyms and
query-words files, the glossary, the language's catalog and this module's code. A changed input
changes the key; a damaged entry is rebuilt.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import snowballstemmer
from pydantic import BaseModel, ConfigDict, Field, RootModel, ValidationError

from polis import __version__
from polis.i18n import DOMAIN, LANGUAGES, LOCALES_DIR
from polis.reference.render import (
    LINK,
    RenderedSection,
    glossary,
    render_glossary,
    rules_dir,
    source_sections,
)
from polis.rules.issues import RulesError
from polis.rules.pydantic_issues import issues_from_validation
from polis.rules.registry import display_path, rules_data_dir
from polis.rules.yaml_loader import load_file

SNOWBALL = {
    "en": "english",
    "es": "spanish",
    "pl": "polish",
    "ru": "russian",
    "cs": "czech",
    "it": "italian",
    "de": "german",
}
FIELD_WEIGHTS = {"title": 2.0, "glossary": 2.0, "text": 1.0}
NUMBER_WORDS_UP_TO = 20
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


class Synonyms(RootModel[dict[str, dict[str, list[str]]]]):
    """glossary term id -> language -> other words for the term (search only, never shown)."""

    root: dict[str, dict[str, list[str]]] = Field(default_factory=dict)


class LanguageWords(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ignore: list[str] = Field(min_length=1)
    zero: list[str] = Field(min_length=1)
    how_many: list[str] = Field(min_length=1)
    limit: list[str] = Field(min_length=1)


class QueryWords(RootModel[dict[str, LanguageWords]]):
    """language -> the words a query leaves out, and what its numbers and questions mean."""


def section_words_path() -> Path:
    return rules_data_dir() / "search" / "section_words.yaml"


def synonyms_path() -> Path:
    return rules_data_dir() / "search" / "synonyms.yaml"


def query_words_path() -> Path:
    return rules_data_dir() / "search" / "query_words.yaml"


def _word_table(path: Path, known: Iterable[str], what: str) -> dict[str, dict[str, list[str]]]:
    """A words file (key -> language -> words), checked: known keys and languages only."""
    doc = load_file(path, display=display_path(path))
    try:
        table = Synonyms.model_validate(doc.data).root
    except ValidationError as exc:
        raise RulesError(issues_from_validation(exc, doc, Synonyms)) from None
    ids = set(known)
    wrong = [key for key in table if key not in ids] + [
        f"{key}.{lang}" for key, by in table.items() for lang in by if lang not in LANGUAGES
    ]
    if wrong:
        raise ValueError(f"{display_path(path)}: unknown {what} or language: {wrong}")
    return table


@cache
def synonyms() -> Mapping[str, Mapping[str, list[str]]]:
    """The synonyms file, checked: known glossary ids and languages only."""
    return _word_table(synonyms_path(), (t.id for t in glossary().terms), "glossary term")


@cache
def section_words() -> Mapping[str, Mapping[str, list[str]]]:
    """The section-words file, checked: known section ids and languages only."""
    return _word_table(section_words_path(), source_sections(), "section")


@cache
def query_words() -> Mapping[str, LanguageWords]:
    """The query-words file, checked: every language present, nothing else."""
    path = query_words_path()
    doc = load_file(path, display=display_path(path))
    try:
        table = QueryWords.model_validate(doc.data).root
    except ValidationError as exc:
        raise RulesError(issues_from_validation(exc, doc, QueryWords)) from None
    if set(table) != set(LANGUAGES):
        raise ValueError(f"{display_path(path)}: languages must be exactly {list(LANGUAGES)}")
    return table


def glossary_words(lang: str) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Section id -> the glossary terms (in `lang`) and their synonyms that point to it,
    and the section's own search words; section id -> the definitions of those terms."""
    table = synonyms()
    words: dict[str, list[str]] = {}
    definitions: dict[str, list[str]] = {}
    for term in render_glossary(lang):
        for section in term.see:
            words.setdefault(section, []).extend([term.term, *table.get(term.id, {}).get(lang, [])])
            definitions.setdefault(section, []).append(term.definition)
    for section, by in section_words().items():
        words.setdefault(section, []).extend(by.get(lang, []))
    return words, definitions


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
    def from_json(cls, data: dict[str, Any]) -> IndexData:
        return cls(
            postings={t: [(int(d), float(w)) for d, w in p] for t, p in data["postings"].items()},
            idf={t: float(v) for t, v in data["idf"].items()},
            stop=frozenset(data["stop"]),
            numbers={str(k): str(v) for k, v in data["numbers"].items()},
            zero=tuple(data["zero"]),
            how_many=frozenset(data["how_many"]),
            limit=tuple(data["limit"]),
        )


def number_words(lang: str) -> dict[str, str]:
    """Folded number word -> digits, 0 to NUMBER_WORDS_UP_TO (num2words' cardinals)."""
    from num2words import num2words

    return {fold(num2words(n, lang=lang)): str(n) for n in range(NUMBER_WORDS_UP_TO + 1)}


def build(sections: tuple[RenderedSection, ...], lang: str) -> IndexData:
    """Index the sections with bm25s and keep its weights (imports the heavy libraries)."""
    numbers = number_words(lang)

    def terms(text: str) -> list[str]:
        return [word_term(w, lang, numbers) for w in WORD.findall(text)]

    said = query_words()[lang]
    ignored = {t for w in said.ignore for t in (*terms(w), *terms(fold(w)))}

    def phrases(entries: list[str]) -> list[str]:
        """The terms of glossary words and synonyms, and of every two words in a row of
        one entry (question words and fillers left out, as a query leaves them out)."""
        found = []
        for entry in entries:
            entry_terms = terms(entry)
            found += entry_terms
            kept = [t for t in entry_terms if t not in ignored]
            found += [phrase_term(a, b) for a, b in itertools.pairwise(kept)]
        return found

    titles = {s.id: s.title for s in sections}
    words, definitions = glossary_words(lang)
    fields = {
        "title": [terms(s.title) for s in sections],
        "glossary": [phrases(words.get(s.id, [])) for s in sections],
        "text": [
            terms(" ".join([s.chapter_title, plain_text(s, titles), *definitions.get(s.id, [])]))
            for s in sections
        ],
    }
    weights: dict[str, dict[int, float]] = {}
    for name, field_documents in fields.items():
        for term, posting in _bm25(field_documents).items():
            into = weights.setdefault(term, {})
            for doc, value in posting:
                into[doc] = into.get(doc, 0.0) + FIELD_WEIGHTS[name] * value
    postings = {t: sorted(by.items()) for t, by in weights.items()}
    documents = [
        [*title, *glossary_terms, *text]
        for title, glossary_terms, text in zip(*fields.values(), strict=True)
    ]
    idf = _idf(documents)

    def terms_of(phrases: list[str]) -> list[str]:
        found = [t for phrase in phrases for t in terms(phrase) + terms(fold(phrase))]
        return list(dict.fromkeys(found))

    return IndexData(
        postings=postings,
        idf=idf,
        stop=frozenset(terms_of(said.ignore)),
        numbers=numbers,
        zero=tuple(terms_of(said.zero)),
        how_many=frozenset(fold(w) for w in said.how_many),
        limit=tuple(t for t in terms_of(said.limit) if t not in ignored),
    )


def _bm25(documents: list[list[str]]) -> dict[str, list[tuple[int, float]]]:
    """Term -> (document, BM25 weight), as bm25s computes them when it indexes."""
    import bm25s

    model = bm25s.BM25()
    model.index(documents, show_progress=False)
    scores = model.scores
    postings: dict[str, list[tuple[int, float]]] = {}
    for term, tid in model.vocab_dict.items():
        if not term:
            continue
        start, end = int(scores["indptr"][tid]), int(scores["indptr"][tid + 1])
        docs = scores["indices"][start:end].tolist()
        values = scores["data"][start:end].tolist()
        postings[term] = [(int(d), float(v)) for d, v in zip(docs, values, strict=True)]
    return postings


def _idf(documents: list[list[str]]) -> dict[str, float]:
    """BM25's (Lucene's) inverse document frequency of every term."""
    frequency = Counter(t for doc in documents for t in set(doc))
    count = len(documents)
    return {t: math.log(1 + (count - n + 0.5) / (n + 0.5)) for t, n in frequency.items()}


def _inputs_digest(sections: Iterable[RenderedSection], lang: str) -> str:
    """A hash of everything an index is built from."""
    digest = hashlib.sha256(f"{INDEX_FORMAT}:{__version__}:{lang}".encode())
    for s in sections:
        for part in (s.id, s.chapter_title, s.title, s.text, *s.see):
            digest.update(part.encode())
            digest.update(b"\0")
    catalog = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    sources = (
        Path(__file__),
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
        return IndexData.from_json(json.loads(path.read_text("utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        pass  # not built yet, or damaged: built below
    data = build(sections, lang)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # one temporary file per process and thread: two writers never share one
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_text(json.dumps(data.to_json(), ensure_ascii=False), "utf-8")
        tmp.replace(path)
    except OSError:
        pass  # caching is an optimisation; a read-only home must not break searching
    return data
