"""Full-text search of the rules reference, in the reader's language.

Sections are ranked with BM25 (`bm25s`) over Snowball stems (`snowballstemmer`,
which has stemmers for all seven languages, Polish and Czech included since
Snowball 3.1), so any inflected form of a word finds the sections that use
another form of it. Stems are folded (case, accents) after stemming, so a query
typed without diacritics still matches.

Each section is one document made of three weighted fields: its title, the
glossary words that belong to it (the translated glossary terms whose entry
points to the section, and the other words players and rulebooks use for them,
from `rules_data/search/synonyms.yaml`) and its text. BM25 has no fields, so a
field's weight is the number of times its words are repeated in the document.

An index is built once per (sections, language) and kept (`index_for`); a hit
carries the sentence of the section that matches the query best.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import bm25s
import numpy as np
import snowballstemmer
from pydantic import Field, RootModel, ValidationError

from polis.i18n import LANGUAGES
from polis.reference.render import LINK, RenderedSection, glossary, render, render_glossary
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
TITLE_WEIGHT = 3
GLOSSARY_WEIGHT = 2
TEXT_WEIGHT = 1
# Hits scoring under this share of the best one are left out: with any-word
# matching, a common word alone would otherwise list half the reference.
RELATIVE_FLOOR = 0.25
MAX_HITS = 12
# Stems that differ only in their last one or two letters often name the same thing
# where Snowball leaves a derivational ending (German "belag"/"belager", Russian
# "неудач"/"неудачн"): such a near term counts, a little less than an exact one.
NEAR_MIN = 5
NEAR_CHARS = 2
NEAR_WEIGHT = 0.75

WORD = re.compile(r"\w+")
MARKUP = re.compile(r"\*\*|^\s*[-*]\s+", re.MULTILINE)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
SHORT_SENTENCE = 4  # words; a shorter piece (a bold lead such as "Failure.") joins the next


def fold(text: str) -> str:
    """Lower-case, accents removed (also Cyrillic й/ё and Czech háčky)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@cache
def _stemmer(lang: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(SNOWBALL[lang])


@lru_cache(maxsize=65536)
def _term(word: str, lang: str) -> str:
    """The index term of one word: its stem, folded."""
    return fold(_stemmer(lang).stemWord(word.casefold()))


def terms(text: str, lang: str) -> list[str]:
    """The index terms of a text, in order, repeats kept."""
    return [_term(word, lang) for word in WORD.findall(text)]


def query_terms(query: str, lang: str) -> list[str]:
    """The terms of a query, each once. A word typed with accents is also taken without
    them: a stray or missing accent can change the stem (Spanish "asedió" / "asedio")."""
    found = []
    for word in WORD.findall(query):
        found.append(_term(word, lang))
        found.append(_term(fold(word), lang))
    return list(dict.fromkeys(found))


class Synonyms(RootModel[dict[str, dict[str, list[str]]]]):
    """glossary term id -> language -> other words for the term (search only, never shown)."""

    root: dict[str, dict[str, list[str]]] = Field(default_factory=dict)


def synonyms_path() -> Path:
    return rules_data_dir() / "search" / "synonyms.yaml"


@cache
def synonyms() -> Mapping[str, Mapping[str, list[str]]]:
    """The synonyms file, checked: known glossary ids and languages only."""
    path = synonyms_path()
    doc = load_file(path, display=display_path(path))
    try:
        table = Synonyms.model_validate(doc.data).root
    except ValidationError as exc:
        raise RulesError(issues_from_validation(exc, doc, Synonyms)) from None
    known = {t.id for t in glossary().terms}
    wrong = [f"{tid}" for tid in table if tid not in known] + [
        f"{tid}.{lang}" for tid, by in table.items() for lang in by if lang not in LANGUAGES
    ]
    if wrong:
        raise ValueError(f"{display_path(path)}: unknown glossary term or language: {wrong}")
    return table


def glossary_words(lang: str) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Section id -> the glossary terms (in `lang`) and their synonyms that point to it,
    and section id -> the definitions of those terms."""
    table = synonyms()
    words: dict[str, list[str]] = {}
    definitions: dict[str, list[str]] = {}
    for term in render_glossary(lang):
        for section in term.see:
            words.setdefault(section, []).extend([term.term, *table.get(term.id, {}).get(lang, [])])
            definitions.setdefault(section, []).append(term.definition)
    return words, definitions


def sentences(text: str) -> list[str]:
    """The sentences of a plain text, each line on its own. A full stop does not end a
    sentence after a number ("die 1. Edition") or an abbreviation ("z. B.", "e.g."), nor
    before a lower-case word; a piece of fewer than SHORT_SENTENCE words (a bold lead
    such as "Failure.") joins the next one."""
    found: list[str] = []
    for line in text.splitlines():
        current = ""
        for piece in SENTENCE_END.split(line.strip()):
            last = current.rsplit(" ", 1)[-1][:-1]
            joins = current and (
                last.isdigit()
                or len(last) == 1
                or "." in last
                or not piece[:1].isupper()
                or len(WORD.findall(current)) < SHORT_SENTENCE
            )
            if joins:
                current = f"{current} {piece}"
            else:
                if current:
                    found.append(current)
                current = piece
        if current:
            found.append(current)
    return found


def plain_text(section: RenderedSection, titles: Mapping[str, str]) -> str:
    """The section's text as a reader sees it: links as "→ title", no markup."""
    linked = LINK.sub(lambda m: f"(→ {titles.get(m.group(1), m.group(1))})", section.text)
    return MARKUP.sub("", linked)


@dataclass(frozen=True)
class Hit:
    section: RenderedSection
    score: float
    passage: str  # the sentence of the section that best matches the query (plain text)
    matched: tuple[str, ...]  # words of the passage that match the query, as written there


class SearchIndex:
    """BM25 over the sections of one ruleset in one language."""

    def __init__(self, sections: tuple[RenderedSection, ...], lang: str) -> None:
        self.lang = lang
        self.sections = sections
        titles = {s.id: s.title for s in sections}
        words, definitions = glossary_words(lang)
        self._texts = [plain_text(s, titles) for s in sections]
        documents = [
            terms(s.title, lang) * TITLE_WEIGHT
            + terms(" ".join(words.get(s.id, [])), lang) * GLOSSARY_WEIGHT
            + terms(" ".join([s.chapter_title, text, *definitions.get(s.id, [])]), lang)
            * TEXT_WEIGHT
            for s, text in zip(sections, self._texts, strict=True)
        ]
        self._bm25 = bm25s.BM25()
        self._bm25.index(documents, show_progress=False)
        frequency = Counter(t for doc in documents for t in set(doc))
        count = len(documents)
        self._idf = {t: math.log(1 + (count - n + 0.5) / (n + 0.5)) for t, n in frequency.items()}
        self._by_prefix: dict[str, list[str]] = {}
        for t in self._idf:
            if len(t) >= NEAR_MIN:
                self._by_prefix.setdefault(t[:NEAR_MIN], []).append(t)

    def search(self, query: str) -> list[Hit]:
        asked = query_terms(query, self.lang)
        exact = [t for t in asked if t in self._idf]
        near = [v for t in asked for v in self._near(t) if v not in exact]
        if not exact and not near:
            return []
        scores = np.zeros(len(self.sections))
        if exact:
            scores += self._bm25.get_scores(exact)
        if near:
            scores += NEAR_WEIGHT * self._bm25.get_scores(list(dict.fromkeys(near)))
        best = float(scores.max())
        if best <= 0:
            return []
        order = sorted(
            (i for i in range(len(scores)) if scores[i] >= best * RELATIVE_FLOOR),
            key=lambda i: (-scores[i], i),
        )
        return [self._hit(i, float(scores[i]), {*exact, *near}) for i in order[:MAX_HITS]]

    def _near(self, term: str) -> list[str]:
        """Index terms that extend or shorten `term` by at most NEAR_CHARS characters."""
        if len(term) < NEAR_MIN:
            return []
        return [
            other
            for other in self._by_prefix.get(term[:NEAR_MIN], ())
            if other != term
            and abs(len(other) - len(term)) <= NEAR_CHARS
            and (other.startswith(term) or term.startswith(other))
        ]

    def _hit(self, i: int, score: float, wanted: set[str]) -> Hit:
        passage, matched = max(
            ((s, self._matches(s, wanted)) for s in sentences(self._texts[i])),
            key=lambda pair: sum(self._idf[_term(w, self.lang)] for w in set(pair[1])),
            default=("", ()),
        )
        return Hit(self.sections[i], score, passage, matched)

    def _matches(self, sentence: str, wanted: set[str]) -> tuple[str, ...]:
        return tuple(w for w in WORD.findall(sentence) if _term(w, self.lang) in wanted)


@lru_cache(maxsize=64)
def index_for(sections: tuple[RenderedSection, ...], lang: str) -> SearchIndex:
    """The index of these sections (a shipped ruleset or an overlay), built once and kept."""
    return SearchIndex(sections, lang)


def search(
    ruleset: str, lang: str, query: str, sections: Iterable[RenderedSection] | None = None
) -> list[Hit]:
    """Sections matching the query, best first, each with its best-matching sentence."""
    shown = tuple(sections) if sections is not None else render(ruleset, lang)
    return index_for(shown, lang).search(query)
