"""How well the rules search finds what players look for: top-1 and top-3 hit rates.

The queries are data (`tests/data/search/queries.yaml`): per language a ruleset
and a list of {query, section}. `polis search-bench` prints the table; the test
suite asserts the goal on the same file.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import BaseModel

from polis.reference.render import render
from polis.reference.search import index_for

DEFAULT_QUERIES = Path(__file__).resolve().parents[2] / "tests" / "data" / "search" / "queries.yaml"


class Case(BaseModel):
    query: str
    section: str


class LanguageCases(BaseModel):
    ruleset: str
    queries: list[Case]


def load_cases(path: Path = DEFAULT_QUERIES) -> dict[str, LanguageCases]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {lang: LanguageCases.model_validate(block) for lang, block in raw.items()}


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
    """CPU seconds: building each language's index (median of `repeat`) and one query (median)."""
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
