"""Search speed (run with `pytest tests/benchmarks --benchmark-enable`): building an index
(bm25s, once per change of its inputs), reading it back from the cache folder (once per
process) and answering a query. They assert only that the work was done, never a time."""

from __future__ import annotations

from typing import Any

import pytest

from polis.reference.render import RenderedSection, render
from polis.reference.search import index_for
from polis.reference.search_build import build
from polis.reference.search_index import index_data


@pytest.fixture
def sections() -> tuple[RenderedSection, ...]:
    # rendered when a test runs, in the tests' own cache folder, not while collecting
    return render("1e", "de")


def test_build_index(benchmark: Any, sections: tuple[RenderedSection, ...]) -> None:
    data = benchmark(build, sections, "de")
    assert data.postings


def test_read_index_from_cache(benchmark: Any, sections: tuple[RenderedSection, ...]) -> None:
    index_data(sections, "de")  # built and stored once
    data = benchmark(index_data, sections, "de")
    assert data.postings


def test_query(benchmark: Any, sections: tuple[RenderedSection, ...]) -> None:
    index = index_for(sections, "de")
    hits = benchmark(index.search, "gescheiterte Belagerung einer Stadt")
    assert hits
