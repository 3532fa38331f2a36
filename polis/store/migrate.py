"""Schema migrations (Alembic), run from code: no alembic.ini, no shell step.

`upgrade(url)` brings a database to the newest schema; GameStore calls it, so
a fresh SQLite file or an empty PostgreSQL database is ready to use. It first
reads the current revision and returns at once when it is the newest (what
every start after the first does). Otherwise it migrates inside one
transaction that holds a lock: `BEGIN IMMEDIATE` on SQLite, a transaction-level
advisory lock on PostgreSQL. Two servers starting together on a fresh
database migrate one after the other; the second finds the work done.

A database a newer Polis has migrated (a revision this one does not know) is
refused with a StoreError instead of being touched.

New revisions: change polis/store/schema.py, then
`.venv/bin/python -c "from polis.store.migrate import revision; revision('what changed')"`
writes one under polis/store/migrations/versions/ from the difference
(review it), and tests/store/test_migrations.py checks that it matches.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa
from sqlalchemy import exc
from sqlalchemy.engine import Engine

from polis.messages import msg
from polis.store.connect import WRITE, down_error, is_postgresql, make_engine
from polis.store.errors import StoreError

# Alembic (0.3 s to import) is imported where a migration is looked at, not with the store:
# a test module or a command that only names the store's classes does not pay for it.
if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# pg_advisory_xact_lock's key: any constant the application uses for nothing else
LOCK_KEY = 0x706F6C6973  # "polis"


def config(connection: sa.Connection | None = None) -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision this code knows."""
    from alembic.script import ScriptDirectory

    found = ScriptDirectory.from_config(config()).get_current_head()
    assert found is not None
    return found


def current(connection: sa.Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def upgrade(url: str | Engine, target: str = "head") -> None:
    """Bring the database to `target` (the newest schema by default); StoreError if it cannot."""
    engine = make_engine(url) if isinstance(url, str) else url
    try:
        _upgrade(engine, target)
    except exc.DBAPIError as error:
        raise down_error(error) from None
    finally:
        if isinstance(url, str):
            engine.dispose()


def _upgrade(engine: Engine, target: str) -> None:
    from alembic import command
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(config())
    wanted = scripts.get_current_head() if target == "head" else target
    with engine.connect() as conn:
        now = current(conn)
        conn.rollback()
        if now == wanted:
            return
        _known(scripts, now)
        conn.execution_options(**{WRITE: True})
        with conn.begin():
            if is_postgresql(engine):
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
            _known(scripts, current(conn))  # another server may have migrated meanwhile
            command.upgrade(config(conn), target)


def _known(scripts: ScriptDirectory, revision: str | None) -> None:
    if revision is None:
        return
    from alembic.script.revision import RevisionError
    from alembic.util import CommandError

    try:
        scripts.get_revision(revision)
    except (CommandError, RevisionError):
        raise StoreError(msg("store.newer_schema", revision=revision)) from None


def downgrade(url: str, target: str) -> None:
    """Take the schema back to `target` (tests and operators only)."""
    from alembic import command

    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            conn.execution_options(**{WRITE: True})
            with conn.begin():
                command.downgrade(config(conn), target)
    finally:
        engine.dispose()


def revision(message: str, url: str = "sqlite://") -> None:  # pragma: no cover - a dev tool
    """Write a new revision from what schema.py has and the migrations do not (review it)."""
    from alembic import command

    engine = make_engine(url)
    _upgrade(engine, "head")
    with engine.connect() as conn:
        command.revision(config(conn), message=message, autogenerate=True)
