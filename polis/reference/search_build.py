"""Building the rules search's index (polis.reference.search_index keeps it): bm25s, numpy,
num2words, the glossary and the search words files, imported only when an index is built."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, RootModel, ValidationError

from polis.i18n import LANGUAGES
from polis.reference.render import glossary, render_glossary, source_sections
from polis.reference.rendered import RenderedSection
from polis.reference.search_index import (
    WORD,
    IndexData,
    fold,
    phrase_term,
    plain_text,
    query_words_path,
    section_words_path,
    synonyms_path,
    word_term,
)
from polis.rules.issues import RulesError
from polis.rules.pydantic_issues import issues_from_validation
from polis.rules.registry import display_path
from polis.rules.yaml_loader import load_file

FIELD_WEIGHTS = {"title": 2.0, "glossary": 2.0, "text": 1.0}
NUMBER_WORDS_UP_TO = 20


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
