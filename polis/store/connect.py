"""Opening the database, and what its failures mean to a person.

SQLite (the default): a file in WAL mode, so readers never wait for the one
writer; a busy timeout, so a writer waits its turn instead of failing at once;
no same-thread check, so a threaded server shares its pool. pysqlite's own
transaction handling is switched off and every transaction is begun here: a
write transaction begins with `BEGIN IMMEDIATE`, taking the write lock before
it reads anything, so two writers queue on the lock instead of one failing
half-way (SQLAlchemy's documented recipe for pysqlite, with the lock mode
chosen per connection by the `WRITE` execution option).

PostgreSQL through psycopg 3: connections are pinged before use, so a pool
whose server restarted recovers on the next call; connecting gives up after
`CONNECT_SECONDS`, and a statement waits for a lock as long as a SQLite writer
waits for the file (`lock_timeout`), then fails as "locked".

`down_error` turns a driver's failure into a StoreDownError naming what a
person can do about it: unreachable, locked (busy), read-only or full.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event, exc
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.pool import ConnectionPoolEntry

from polis.messages import msg
from polis.store.errors import DownReason, StoreDownError, StoreError
from polis.store.location import driver_url

log = logging.getLogger(__name__)

WRITE = "polis_write"  # execution option: this connection's next transaction writes
BUSY_SECONDS = 5.0  # how long a SQLite writer waits for the lock before "locked"
CONNECT_SECONDS = 5  # how long connecting to PostgreSQL may take before "unreachable"


def make_engine(url: str, *, busy_seconds: float = BUSY_SECONDS) -> Engine:
    """An engine for `url` (SQLite or PostgreSQL); StoreError for any other or a bad URL."""
    try:
        parsed = make_url(driver_url(url))
    except exc.ArgumentError:
        raise StoreError(msg("store.url_unreadable")) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return _sqlite_engine(parsed, busy_seconds)
    if backend == "postgresql" and parsed.get_driver_name() == "psycopg":
        args: dict[str, Any] = {}
        if "connect_timeout" not in parsed.query:
            args["connect_timeout"] = CONNECT_SECONDS
        if "options" not in parsed.query:  # a move waits this long for a lock, as on SQLite
            args["options"] = f"-c lock_timeout={round(busy_seconds * 1000)}"
        return sa.create_engine(parsed, pool_pre_ping=True, connect_args=args)
    raise StoreError(msg("store.bad_url", url=parsed.render_as_string(hide_password=True)))


def _sqlite_engine(url: sa.URL, busy_seconds: float) -> Engine:
    database = url.database or ""
    if database and database != ":memory:" and not url.query.get("uri"):
        try:
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        except PermissionError:
            raise StoreDownError("read-only") from None
        except OSError:
            raise StoreDownError("unreachable") from None
    engine = sa.create_engine(
        url, connect_args={"check_same_thread": False, "timeout": busy_seconds}
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
        dbapi_connection.isolation_level = None  # pysqlite begins nothing by itself
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys=ON")
            # a read-only or busy file keeps its mode: the first statement that fails says why
            with contextlib.suppress(sqlite3.OperationalError):
                cursor.execute("PRAGMA journal_mode=WAL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: sa.Connection) -> None:
        writes = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")

    return engine


def is_postgresql(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


# ------------------------------------------------------------------ failures

_SQLITE: dict[str, DownReason] = {
    "SQLITE_BUSY": "locked",
    "SQLITE_LOCKED": "locked",
    "SQLITE_READONLY": "read-only",
    "SQLITE_CANTOPEN": "unreachable",
    "SQLITE_FULL": "full",
    "SQLITE_PERM": "read-only",
    "SQLITE_AUTH": "read-only",
}
_SQLITE_TEXT: dict[str, DownReason] = {
    "locked": "locked",
    "readonly": "read-only",
    "read-only": "read-only",
    "unable to open": "unreachable",
    "disk is full": "full",
}
# SQLSTATE classes and codes (PostgreSQL's appendix A)
_SQLSTATE: dict[str, DownReason] = {
    "08": "unreachable",  # connection exception
    "57P01": "unreachable",  # admin shutdown
    "57P02": "unreachable",  # crash shutdown
    "57P03": "unreachable",  # cannot connect now (starting up)
    "25006": "read-only",  # read-only SQL transaction (a standby, or read-only by setting)
    "55P03": "locked",  # lock not available (lock_timeout)
    "57014": "locked",  # query cancelled (statement_timeout)
    "40P01": "locked",  # deadlock detected
    "40001": "locked",  # serialization failure
    "53": "full",  # insufficient resources: disk full, out of memory, too many connections
}


def down_reason(error: BaseException) -> DownReason:
    """What a database failure means to the person waiting: which StoreDownError to raise."""
    if isinstance(error, exc.TimeoutError):  # every pooled connection in use
        return "locked"
    orig = getattr(error, "orig", None)
    if isinstance(error, exc.DBAPIError) and error.connection_invalidated:
        return "unreachable"
    if isinstance(orig, sqlite3.Error):
        name = getattr(orig, "sqlite_errorname", "") or ""
        primary = "_".join(name.split("_")[:2])
        if primary in _SQLITE:
            return _SQLITE[primary]
        text = str(orig).lower()
        for words, reason in _SQLITE_TEXT.items():
            if words in text:
                return reason
        return "failed"
    state = getattr(orig, "sqlstate", None)
    if isinstance(state, str):
        for prefix in (state, state[:2]):
            if prefix in _SQLSTATE:
                return _SQLSTATE[prefix]
        return "failed"
    if isinstance(error, exc.OperationalError | exc.InterfaceError):
        return "unreachable"  # no SQLSTATE: the connection itself failed
    return "failed"


def down_error(error: BaseException) -> StoreDownError:
    """The StoreDownError for a driver's failure; the original is logged for the operator."""
    reason = down_reason(error)
    log.warning("game database: %s (%s)", reason, error, exc_info=reason == "failed")
    return StoreDownError(reason)
