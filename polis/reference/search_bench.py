"""How well the rules search finds what players look for: top-1 and top-3 hit rates.

The queries are data, per language a ruleset and a list of {query, section}, in
two sets under `tests/data/search/`: `queries.yaml` (the first, 20 per language)
`player_queries.yaml` (25 per language typed the way players type mid-game,
written before the search was changed for it) and `holdout_queries.yaml` (10 per
language, written after those changes and never tuned to: how far they carry).
`polis search-bench` prints the table of each set; the test suite asserts the goal
on the first two.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, RootModel, ValidationError

from polis.reference.render import render
from polis.reference.search import index_for
from polis.rules.issues import RulesError
from polis.rules.pydantic_issues import issues_from_validation
from polis.rules.registry import display_path
from polis.rules.yaml_loader import load_file

QUERIES_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "search"
DEFAULT_QUERIES = QUERIES_DIR / "queries.yaml"
PLAYER_QUERIES = QUERIES_DIR / "player_queries.yaml"
HOLDOUT_QUERIES = QUERIES_DIR / "holdout_queries.yaml"
QUERY_SETS = (DEFAULT_QUERIES, PLAYER_QUERIES, HOLDOUT_QUERIES)


class Case(BaseModel):
    query: str
    section: str


class LanguageCases(BaseModel):
    ruleset: str
    queries: list[Case]


class QuerySet(RootModel[dict[str, LanguageCases]]):
    """language -> its ruleset and queries."""


def load_cases(path: Path = DEFAULT_QUERIES) -> dict[str, LanguageCases]:
    """A queries file, read like a rules file: a bad one raises RulesError with positions."""
    doc = load_file(path, display=display_path(path))
    try:
        return QuerySet.model_validate(doc.data).root
    except ValidationError as exc:
        raise RulesError(issues_from_validation(exc, doc, QuerySet)) from None


Ranker = Callable[[str, str, str], Sequence[str]]  # (ruleset, lang, query) -> section ids


def ranked_ids(ruleset: str, lang: str, query: str) -> list[str]:
    return [hit.section.id for hit in index_for(render(ruleset, lang), lang).search(query)]


@dataclass
class LanguageResult:
    lang: str
    ruleset: str
    total: int = 0
    top1: int = 0
    top3: int = 0
    misses: list[tuple[str, str, int | None]] = field(default_factory=list)  # query, want, rank

    @property
    def top1_rate(self) -> float:
        return self.top1 / self.total if self.total else 0.0

    @property
    def top3_rate(self) -> float:
        return self.top3 / self.total if self.total else 0.0


def evaluate(
    cases: dict[str, LanguageCases], ranker: Ranker = ranked_ids
) -> dict[str, LanguageResult]:
    results = {}
    for lang, block in cases.items():
        result = LanguageResult(lang, block.ruleset)
        for case in block.queries:
            ids = list(ranker(block.ruleset, lang, case.query))
            rank = ids.index(case.section) + 1 if case.section in ids else None
            result.total += 1
            result.top1 += rank == 1
            result.top3 += rank is not None and rank <= 3
            if rank != 1:
                result.misses.append((case.query, case.section, rank))
        results[lang] = result
    return results


def timings(cases: dict[str, LanguageCases], repeat: int = 5) -> dict[str, dict[str, float]]:
    """CPU seconds: making each language's index ready (read from the cache folder, or built
    when its inputs changed; median of `repeat`) and one query (median)."""
    out = {}
    for lang, block in cases.items():
        sections = render(block.ruleset, lang)
        builds = []
        for _ in range(repeat):
            index_for.cache_clear()
            start = time.process_time()
            index_for(sections, lang)
            builds.append(time.process_time() - start)
        index = index_for(sections, lang)
        per_query = []
        for _ in range(repeat):
            start = time.process_time()
            for case in block.queries:
                index.search(case.query)
            per_query.append((time.process_time() - start) / max(len(block.queries), 1))
        out[lang] = {
            "index_build_s": statistics.median(builds),
            "query_s": statistics.median(per_query),
        }
    return out
