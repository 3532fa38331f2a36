from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from polis.i18n.catalogs import compile_catalogs
from tests.conftest import ROOT

# Streamlit (0.5 s to import) only when a test runs: not while the suite is collected
if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


@pytest.fixture(scope="session", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


@pytest.fixture(autouse=True)
def _searches_in_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    # bots search in the test's own process, where a test's budget applies; the pool's own
    # tests (tests/play/test_pool.py, and one page test here) start worker processes
    monkeypatch.setenv("POLIS_SEARCH_WORKERS", "0")


@pytest.fixture
def app() -> AppTest:
    return new_app()


def new_app() -> AppTest:
    """The whole app under AppTest (Streamlit imported here, when a test starts it)."""
    from streamlit.testing.v1 import AppTest

    return AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)


def no_errors(at: AppTest) -> None:
    assert not at.exception, [str(e.value)[:500] for e in at.exception]
