"""Search speed (run with `pytest tests/benchmarks --benchmark-enable`): building an index
and answering a query. They assert only that the work was done, never a time."""

from __future__ import annotations

from typing import Any

from polis.reference.render import render
from polis.reference.search import SearchIndex, index_for

SECTIONS = render("1e", "de")


def test_build_index(benchmark: Any) -> None:
    index = benchmark(SearchIndex, SECTIONS, "de")
    assert len(index.sections) == len(SECTIONS)


def test_query(benchmark: Any) -> None:
    index = index_for(SECTIONS, "de")
    hits = benchmark(index.search, "gescheiterte Belagerung einer Stadt")
    assert hits
