"""Full-text search of the rules reference, in the reader's language.

The index (`polis.reference.search_index`: BM25 weights from bm25s over Snowball
stems, glossary words and synonyms, kept on disk) is built once; a query is read
here, with only light imports, and answered by adding up the index's weights.

A query is read word by word, each word a *concept* that may reach several index
terms, each with a weight:
- its stem, and its stem without accents (a stray or missing accent can change
  the stem: Spanish "asedió" / "asedio"), weight 1;
- stems that extend or shorten it by at most NEAR_CHARS letters, where Snowball
  leaves a derivational ending (German "belag"/"belager"), weight NEAR_WEIGHT;
- when the word is not in the index at all, the index terms within one or two
  edits of it (a typo inside a word: "seige", "Hopilten"), found by rapidfuzz
  over the index's vocabulary (optimal string alignment, so a swap of two
  letters is one edit), weight FUZZY_WEIGHT;
- a number, typed as digits or as a word, reaches the digits; "0" also reaches
  the words a rule uses for none ("no prestige", "ohne Prestige").
Question words and fillers (the language's stop words that name no rule) are left
out unless the query has nothing else.

A concept scores a section with the best of its terms, never their sum, and a
section's score is the sum over concepts times the share of the query's concepts
it matches: one heavy word (a glossary synonym repeated in many sections) cannot
outweigh the rest of the query, and a section that answers every word of it wins.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from polis.reference.rendered import RenderedSection, render
from polis.reference.search_index import (
    WORD,
    IndexData,
    fold,
    index_data,
    phrase_term,
    plain_text,
    stem,
    word_term,
)

__all__ = [
    "WORD",
    "Hit",
    "SearchIndex",
    "fold",
    "index_for",
    "marked",
    "search",
    "sentences",
]

# Hits scoring under this share of the best one are left out: with any-word
# matching, a common word alone would otherwise list half the reference.
RELATIVE_FLOOR = 0.25
MAX_HITS = 12
NEAR_MIN = 5
NEAR_CHARS = 2
NEAR_WEIGHT = 0.95
FUZZY_MIN = 4  # letters; a shorter word has too many neighbours one edit away
FUZZY_WEIGHT = 0.7
COMPOUND_PART = 4  # letters; the shortest part of a compound split
LIMIT = "#limit"  # the concept a how-many question adds
LIMIT_WEIGHT = 1.0
# How much a section loses for each concept of the query it does not match: its score
# is multiplied by (matched / concepts) ** COVERAGE.
COVERAGE = 1.0

SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
SHORT_SENTENCE = 4  # words; a shorter piece (a bold lead such as "Failure.") joins the next


def max_edits(term: str) -> int:
    """Typos tolerated in a word: one up to 7 letters, two from 8."""
    return 1 if len(term) < 8 else 2


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


@dataclass(frozen=True)
class Concept:
    """One word of the query and the index terms it reaches, each with its weight."""

    word: str
    terms: dict[str, float] = field(default_factory=dict)
    optional: bool = False  # adds to a section's score but is not counted for coverage


@dataclass(frozen=True)
class Hit:
    section: RenderedSection
    score: float
    passage: str  # the sentence of the section that best matches the query (plain text)
    matched: tuple[str, ...]  # words of the passage that match the query, as written there
    query_words: tuple[str, ...] = ()  # the words of the query this section matches


class SearchIndex:
    """The sections of one ruleset in one language, searchable."""

    def __init__(self, sections: tuple[RenderedSection, ...], lang: str) -> None:
        self.lang = lang
        self.sections = sections
        self.data: IndexData = index_data(sections, lang)
        self._titles = {s.id: s.title for s in sections}
        self._by_prefix: dict[str, list[str]] = {}
        for t in self.data.postings:
            if len(t) >= NEAR_MIN:
                self._by_prefix.setdefault(t[:NEAR_MIN], []).append(t)
        self._fuzzy_vocabulary = [
            t for t in self.data.postings if len(t) >= FUZZY_MIN and t not in self.data.stop
        ]

    # reading the query

    def concepts(self, query: str) -> list[Concept]:
        """The query's words that say something, each with the index terms it reaches."""
        words = WORD.findall(query)
        said = [w for w in words if not self._is_stop(w)] or words
        concepts = [c for w in said for c in self._concepts_of(w)]
        concepts += self._phrases(said)
        if any(fold(w) in self.data.how_many for w in words):
            limit = {t: LIMIT_WEIGHT for t in self.data.limit if t in self.data.postings}
            concepts.append(Concept(LIMIT, limit, optional=True))
        return [c for c in concepts if c.terms]

    def _phrases(self, words: list[str]) -> list[Concept]:
        """Two words in a row that are also a phrase among a section's glossary words
        ("costa di più", "sell prestige"): a bonus, not counted for coverage."""
        terms = [self._term(w) for w in words]
        found = []
        for first, second in itertools.pairwise(terms):
            pair = phrase_term(first, second)
            if pair in self.data.postings:
                found.append(Concept(pair, {pair: 1.0}, optional=True))
        return found

    def _stems(self, word: str) -> set[str]:
        return {stem(word, self.lang), stem(fold(word), self.lang)}

    def _concepts_of(self, word: str) -> list[Concept]:
        """A word's concept; an unknown compound ("Söldnerkarte"), its two parts' concepts."""
        concept = self._concept(word)
        if concept.terms:
            return [concept]
        parts = self._compound(word)
        return [self._concept(p) for p in parts] if parts else [concept]

    def _compound(self, word: str) -> tuple[str, str] | None:
        """The split of an unknown word into two words of the index, the longest head first
        ("Söldner|karte", "Runden|ende", "Bevölkerungs|wachstum": a linking s is dropped).

        Why not a compound splitter such as compound-split: it loads its n-gram data for
        2 s per process; the index's own words are the only dictionary a split needs."""
        folded = fold(word)
        for cut in range(COMPOUND_PART, len(folded) - COMPOUND_PART + 1):
            head, tail = folded[:cut], folded[cut:]
            if self._known(tail) and (
                self._known(head) or (head.endswith("s") and self._known(head[:-1]))
            ):
                return (head if self._known(head) else head[:-1], tail)
        return None

    def _known(self, word: str) -> bool:
        return word_term(word, self.lang, self.data.numbers) in self.data.postings

    def _is_stop(self, word: str) -> bool:
        if self._number(word) is not None:
            return False
        return self._stems(word) <= self.data.stop

    def _number(self, word: str) -> str | None:
        folded = fold(word)
        return folded if folded.isdigit() else self.data.numbers.get(folded)

    def _concept(self, word: str) -> Concept:
        postings = self.data.postings
        number = self._number(word)
        if number is not None:
            reach = {number: 1.0}
            if int(number) == 0:
                reach |= {t: 1.0 for t in self.data.zero if t in postings}
            return Concept(word, {t: w for t, w in reach.items() if t in postings})
        variants = list(
            dict.fromkeys(
                [
                    word_term(word, self.lang, self.data.numbers),
                    word_term(fold(word), self.lang, self.data.numbers),
                ]
            )
        )
        terms = {t: 1.0 for t in variants if t in postings}
        for t in variants:
            for near in self._near(t):
                terms.setdefault(near, NEAR_WEIGHT)
        if not terms:
            for t in variants:
                for typo in self._typos(t):
                    terms.setdefault(typo, FUZZY_WEIGHT)
        return Concept(word, terms)

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

    def _typos(self, term: str) -> list[str]:
        """Index terms within max_edits(term) edits of `term` (rapidfuzz, OSA distance)."""
        if len(term) < FUZZY_MIN:
            return []
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        found = process.extract(
            term,
            self._fuzzy_vocabulary,
            scorer=OSA.distance,
            score_cutoff=max_edits(term),
            limit=None,
        )
        if not found:
            return []
        closest = min(distance for _, distance, _ in found)
        return [t for t, distance, _ in found if distance == closest]

    # ranking

    def search(self, query: str) -> list[Hit]:
        concepts = self.concepts(query)
        if not concepts:
            return []
        count = len(self.sections)
        scores = [0.0] * count
        matched: list[list[str]] = [[] for _ in range(count)]
        for concept in concepts:
            best: dict[int, float] = {}
            for term, weight in concept.terms.items():
                for doc, value in self.data.postings[term]:
                    if weight * value > best.get(doc, 0.0):
                        best[doc] = weight * value
            for doc, value in best.items():
                scores[doc] += value
                if not concept.optional:
                    matched[doc].append(concept.word)
        counted = sum(not c.optional for c in concepts)
        for doc in range(count):
            scores[doc] *= (len(matched[doc]) / max(counted, 1)) ** COVERAGE
        top = max(scores)
        if top <= 0:
            return []
        order = sorted(
            (i for i in range(count) if scores[i] >= top * RELATIVE_FLOOR),
            key=lambda i: (-scores[i], i),
        )
        return [self._hit(i, scores[i], concepts, matched[i]) for i in order[:MAX_HITS]]

    def _hit(self, i: int, score: float, concepts: list[Concept], words: Sequence[str]) -> Hit:
        """The hit, with the sentence that matches the most of the query's words (then the
        rarest), its matched words as written there."""
        wanted = {t for c in concepts for t in c.terms}

        def rank(sentence: str) -> tuple[int, float]:
            present = {self._term(w) for w in WORD.findall(sentence)}
            counted = [c for c in concepts if not c.optional and present & c.terms.keys()]
            weight = sum(
                max(w * self.data.idf.get(t, 0.0) for t, w in c.terms.items() if t in present)
                for c in concepts
                if present & c.terms.keys()
            )
            return len(counted), weight

        text = plain_text(self.sections[i], self._titles)
        passage = max(sentences(text), key=rank, default="")
        found = self.matches(passage, wanted)
        return Hit(self.sections[i], score, passage, found, tuple(dict.fromkeys(words)))

    def _term(self, word: str) -> str:
        return word_term(word, self.lang, self.data.numbers)

    def matches(self, text: str, wanted: Iterable[str]) -> tuple[str, ...]:
        """The words of `text` whose index term is one of `wanted`, as written there."""
        terms = set(wanted)
        return tuple(w for w in WORD.findall(text) if self._term(w) in terms)


def marked(hit: Hit) -> list[tuple[str, bool]]:
    """The hit's passage cut into pieces, each with whether it is a word the query matched
    (for the app and the CLI to mark; the text is untouched: joined, it is the passage)."""
    matched = set(hit.matched)
    pieces: list[tuple[str, bool]] = []
    at = 0
    for word in WORD.finditer(hit.passage):
        if word.group() in matched:
            if word.start() > at:
                pieces.append((hit.passage[at : word.start()], False))
            pieces.append((word.group(), True))
            at = word.end()
    if at < len(hit.passage):
        pieces.append((hit.passage[at:], False))
    return pieces


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
