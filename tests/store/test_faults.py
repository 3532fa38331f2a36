"""A database locked, read-only or down: a clear message, nothing lost, service goes on."""

from __future__ import annotations

import os
import pwd
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from polis.compiler import compile_ruleset
from polis.i18n import translator
from polis.messages import table
from polis.store import GameStore, StoreDownError, StoreError
from polis.store.migrate import upgrade
from tests.postgres import PostgresServer
from tests.store.conftest import fresh_record, line_of_play, sqlite_url

QUICK = 0.2  # seconds a writer waits for a lock in these tests


def assert_clear(error: StoreError, words: str) -> None:
    """The message says what happened, in English and in another language, with no traceback."""
    english, german = error.render("en"), error.render("de")
    assert words in english and "Traceback" not in english
    assert german != english and "store." not in german


# ---------------------------------------------------------------- SQLite


def test_a_locked_sqlite_file_refuses_a_move_and_loses_nothing(tmp_path: Path) -> None:
    played = line_of_play(length=2)
    url = sqlite_url(tmp_path)
    store = GameStore(url, busy_seconds=QUICK)
    invite = store.create(fresh_record())
    store.move(invite.game_id, 0, played[0])
    other = sqlite3.connect(tmp_path / "games.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        with pytest.raises(StoreDownError) as caught:
            store.move(invite.game_id, 1, played[1])
        assert caught.value.reason == "locked"
        assert_clear(caught.value, "busy")
        with pytest.raises(StoreDownError):
            store.create(fresh_record())
        # readers are not held up by a writer (WAL): the game still shows
        assert store.version(invite.game_id) == 1
        assert store.load(invite.game_id).record.actions == played[:1]
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.move(invite.game_id, 1, played[1]) == 2  # the lock gone, play goes on
    assert store.load(invite.game_id).record.actions == played
    store.close()


def test_a_read_only_sqlite_connection_refuses_writes(tmp_path: Path) -> None:
    played = line_of_play(length=2)
    with GameStore(sqlite_url(tmp_path)) as store:
        invite = store.create(fresh_record())
        store.move(invite.game_id, 0, played[0])
        read_only = GameStore(f"sqlite:///file:{tmp_path / 'games.db'}?mode=ro&uri=true")
        for write in (
            lambda: read_only.move(invite.game_id, 1, played[1]),
            lambda: read_only.create(fresh_record()),
            lambda: read_only.delete(invite.game_id),
        ):
            with pytest.raises(StoreDownError) as caught:
                write()
            assert caught.value.reason == "read-only"
            assert_clear(caught.value, "read-only")
        read_only.close()
        assert store.load(invite.game_id).record.actions == played[:1]  # nothing lost


def _drop_privileges() -> bool:
    """In a child process: become `nobody`, so file permissions bind (root ignores them)."""
    if os.geteuid() != 0:
        return True
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        return False
    os.setgid(nobody.pw_gid)
    os.setuid(nobody.pw_uid)
    return True


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A folder another user can reach (pytest's tmp_path is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="polis-store-"))
    folder.chmod(0o755)
    yield folder
    folder.chmod(0o755)
    for child in folder.iterdir():
        child.unlink()
    folder.rmdir()


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_sqlite_file_or_folder_says_so(shared_folder: Path, what: str) -> None:
    if not hasattr(os, "fork"):
        pytest.skip("needs fork to run as another user")
    played = line_of_play(length=2)
    url = sqlite_url(shared_folder)
    with GameStore(url) as store:
        invite = store.create(fresh_record())
        store.move(invite.game_id, 0, played[0])
    (shared_folder / "games.db").chmod(0o444)
    if what == "folder":
        shared_folder.chmod(0o555)
    # what the child needs from places `nobody` cannot read: loaded before the fork
    table(), translator("de"), compile_ruleset("2e")
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child, reports through the pipe
        code = 3
        try:
            if _drop_privileges():
                try:
                    GameStore(url).move(invite.game_id, 1, played[1])
                    code = 1
                except StoreDownError as error:
                    os.write(write, f"{error.reason}|{error.render('de')}".encode())
                    code = 0
                except BaseException:
                    code = 2
        finally:
            os._exit(code)
    os.close(write)
    _, status = os.waitpid(child, 0)
    said = os.read(read, 4096).decode()
    os.close(read)
    if os.waitstatus_to_exitcode(status) == 3:
        pytest.skip("no user without write access to run as")
    assert os.waitstatus_to_exitcode(status) == 0, said
    reason, german = said.split("|", 1)
    assert reason == "read-only" and german and "Traceback" not in german
    shared_folder.chmod(0o755)
    (shared_folder / "games.db").chmod(0o644)
    with GameStore(url) as store:  # nothing lost
        assert store.load(invite.game_id).record.actions == played[:1]


def test_a_sqlite_folder_that_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreDownError) as caught:
        GameStore(sqlite_url(blocker / "inside"))
    assert caught.value.reason in ("unreachable", "read-only")


# ---------------------------------------------------------------- PostgreSQL


@pytest.fixture
def own_server() -> Iterator[PostgresServer]:
    """A server of this test's own, to stop and start again."""
    server = PostgresServer()
    server.start()
    yield server
    server.remove()


def test_postgresql_down_then_back(own_server: PostgresServer) -> None:
    played = line_of_play(length=2)
    url = own_server.create_database()
    store = GameStore(url)
    invite = store.create(fresh_record())
    store.move(invite.game_id, 0, played[0])
    own_server.stop()
    for call in (
        lambda: store.version(invite.game_id),
        lambda: store.load(invite.game_id),
        lambda: store.move(invite.game_id, 1, played[1]),
        lambda: store.games(),
    ):
        with pytest.raises(StoreDownError) as caught:
            call()
        assert caught.value.reason == "unreachable"
        assert_clear(caught.value, "cannot be reached")
    own_server.start(port=own_server.port)
    # the same store (its pool held dead connections) serves again, nothing lost
    assert store.version(invite.game_id) == 1
    assert store.move(invite.game_id, 1, played[1]) == 2
    assert store.load(invite.game_id).record.actions == played
    store.close()


def test_postgresql_nowhere_to_be_found() -> None:
    from tests.postgres import free_port

    with pytest.raises(StoreDownError) as caught:
        GameStore(f"postgresql://postgres@127.0.0.1:{free_port()}/polis")
    assert caught.value.reason == "unreachable"


def admin_connection(url: str, *, autocommit: bool = False) -> Any:
    """A plain psycopg connection beside the store's (psycopg imported when a test runs)."""
    import psycopg

    return psycopg.connect(url.replace("+psycopg", ""), autocommit=autocommit)


def test_postgresql_read_only(postgresql_server: PostgresServer, postgresql_url: str) -> None:
    played = line_of_play(length=2)
    with GameStore(postgresql_url) as store:
        invite = store.create(fresh_record())
        store.move(invite.game_id, 0, played[0])
    name = postgresql_url.rsplit("/", 1)[1]
    with admin_connection(postgresql_url, autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'.encode())
    with GameStore(postgresql_url) as store:
        with pytest.raises(StoreDownError) as caught:
            store.move(invite.game_id, 1, played[1])
        assert caught.value.reason == "read-only"
        assert store.load(invite.game_id).record.actions == played[:1]


def test_postgresql_locked(postgresql_url: str) -> None:
    played = line_of_play(length=2)
    store = GameStore(postgresql_url, busy_seconds=QUICK)
    invite = store.create(fresh_record())
    with admin_connection(postgresql_url) as other:
        other.execute("LOCK TABLE moves IN ACCESS EXCLUSIVE MODE")
        with pytest.raises(StoreDownError) as caught:
            store.move(invite.game_id, 0, played[0])
        assert caught.value.reason == "locked"
        assert store.version(invite.game_id) == 0
        other.rollback()
    assert store.move(invite.game_id, 0, played[0]) == 1
    store.close()


# ---------------------------------------------------------------- URLs and schemas


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("mysql://me:secret@host/db", "mysql://me:***@host/db"),
        ("postgresql+psycopg2://me:secret@host/db", "***"),
        ("not a url", None),
    ],
)
def test_a_url_this_app_cannot_use(url: str, shown: str | None) -> None:
    with pytest.raises(StoreError) as caught:
        GameStore(url)
    text = caught.value.render("en")
    assert "secret" not in text and "sqlite:///PATH" in text
    if shown is not None:
        assert shown in text


def test_a_database_from_a_newer_polis_is_left_alone(db_url: str) -> None:
    upgrade(db_url)
    from polis.store.connect import make_engine

    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    engine.dispose()
    with pytest.raises(StoreError) as caught:
        GameStore(db_url)
    assert "newer version" in caught.value.render("en")
    assert "9999_from_the_future" in caught.value.render("ru")
