"""Shared test fixtures: a private compile cache, the repo root as working folder,
`--update-goldens` to regenerate golden files on purpose, and a real PostgreSQL
server for the storage and browser tests (`postgresql_server`, `postgresql_url`)."""

from __future__ import annotations

import gc
import os
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from tests.postgres import PostgresMissingError, PostgresServer

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="rewrite golden files from the current output instead of comparing",
    )


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    # Collecting imports every test module and makes thousands of objects that are freed by
    # their counts, not in cycles: the cycle collector walked the growing heap again and
    # again, a fifth of the collection's time. It runs again once the tests are collected.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return (yield)
    finally:
        if enabled:
            gc.enable()


@pytest.fixture(scope="session", autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    # Tests must not read or write the developer's real cache.
    os.environ["POLIS_CACHE_DIR"] = str(tmp_path_factory.mktemp("polis-cache"))


@pytest.fixture(scope="session", autouse=True)
def _compiled_catalogs() -> None:
    # The .mo files are build output (never committed); tests read translations through them.
    from polis.i18n.catalogs import compile_catalogs

    compile_catalogs()


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    # The CLI speaks the locale's language by default; tests expect English unless they say.
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.setenv(var, "C.UTF-8")


@pytest.fixture(autouse=True)
def _repo_root_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    # Messages show paths relative to the working folder; goldens assume the repo root.
    monkeypatch.chdir(ROOT)


class Golden:
    def __init__(self, update: bool) -> None:
        self.update = update

    def check(self, path: Path, actual: str) -> None:
        if self.update or not path.exists():
            if not self.update:
                pytest.fail(f"golden file {path} is missing; run pytest --update-goldens")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(actual, "utf-8")
            return
        expected = path.read_text("utf-8")
        assert actual == expected, f"output differs from {path.relative_to(ROOT)}"


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Golden:
    return Golden(bool(request.config.getoption("--update-goldens")))


@pytest.fixture(scope="session")
def postgresql_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server for this test process (tests/postgres.py), stopped at the end."""
    try:
        server = PostgresServer()
    except PostgresMissingError as missing:
        pytest.fail(str(missing))
    try:
        server.start()
        yield server
    finally:
        server.remove()


@pytest.fixture
def postgresql_url(postgresql_server: PostgresServer) -> Iterator[str]:
    """A fresh empty database on the test server: its SQLAlchemy URL (postgresql+psycopg)."""
    url = postgresql_server.create_database()
    yield url
    postgresql_server.drop_database(url)
