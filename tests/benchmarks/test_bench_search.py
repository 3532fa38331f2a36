"""Search speed (run with `pytest tests/benchmarks --benchmark-enable`): building an index
(bm25s, once per change of its inputs), reading it back from the cache folder (once per
process) and answering a query. They assert only that the work was done, never a time."""

from __future__ import annotations

from typing import Any

from polis.reference.render import render
from polis.reference.search import index_for
from polis.reference.search_build import build
from polis.reference.search_index import index_data

SECTIONS = render("1e", "de")


def test_build_index(benchmark: Any) -> None:
    data = benchmark(build, SECTIONS, "de")
    assert data.postings


def test_read_index_from_cache(benchmark: Any) -> None:
    index_data(SECTIONS, "de")  # built and stored once
    data = benchmark(index_data, SECTIONS, "de")
    assert data.postings


def test_query(benchmark: Any) -> None:
    index = index_for(SECTIONS, "de")
    hits = benchmark(index.search, "gescheiterte Belagerung einer Stadt")
    assert hits
