"""Which database the app and the CLI use, from the environment and the app's secrets."""

from __future__ import annotations

from pathlib import Path

import pytest

from polis.store.location import data_dir, default_url, driver_url, secrets_url

SECRETS = {"connections": {"polis": {"url": "postgresql://app@db/polis"}}}


def test_the_default_is_a_sqlite_file_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert data_dir({}) == tmp_path / "data"
    assert default_url(environ={}) == f"sqlite:///{tmp_path}/data/polis.db"
    env = {"POLIS_DATA_DIR": str(tmp_path / "elsewhere")}
    assert default_url(environ=env) == f"sqlite:///{tmp_path}/elsewhere/polis.db"


def test_the_environment_wins_over_the_secrets() -> None:
    assert default_url(SECRETS, environ={}) == "postgresql://app@db/polis"
    env = {"POLIS_DATABASE_URL": "sqlite:////srv/games.db", "POLIS_DATA_DIR": "/x"}
    assert default_url(SECRETS, environ=env) == "sqlite:////srv/games.db"


@pytest.mark.parametrize(
    "secrets",
    [None, {}, {"connections": "x"}, {"connections": {"polis": {"url": 5}}}, {"connections": {}}],
)
def test_secrets_without_a_url_give_none(secrets: dict[str, object] | None) -> None:
    assert secrets_url(secrets) is None


def test_a_bare_postgresql_url_means_psycopg_3() -> None:
    assert driver_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert driver_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert driver_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert driver_url("sqlite:///x.db") == "sqlite:///x.db"
