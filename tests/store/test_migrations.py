"""The migrations build exactly the tables polis/store/schema.py declares, from any revision."""

from __future__ import annotations

import threading

import sqlalchemy as sa

from polis.store import GameStore
from polis.store.connect import make_engine
from polis.store.migrate import config, current, downgrade, head, upgrade
from polis.store.schema import metadata
from tests.store.conftest import fresh_record


def differences(url: str) -> list[object]:
    # Alembic is imported when a test runs (0.3 s), as polis.store.migrate imports it
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return list(compare_metadata(MigrationContext.configure(conn), metadata))
    finally:
        engine.dispose()


def revision_of(url: str) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return current(conn)
    finally:
        engine.dispose()


def test_the_models_and_the_migrations_agree(db_url: str) -> None:
    upgrade(db_url)
    assert revision_of(db_url) == head()
    assert differences(db_url) == []


def test_the_comparison_sees_a_difference(db_url: str) -> None:
    # the check above can fail: a column the migrations lack is a difference
    upgrade(db_url)
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE games ADD COLUMN stray INTEGER")
    engine.dispose()
    assert differences(db_url) != []


def test_every_revision_upgrades_to_head_keeping_games(db_url: str) -> None:
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(config())
    revisions = [r.revision for r in reversed(list(scripts.walk_revisions()))]
    assert revisions[-1] == head()
    for revision in revisions:
        downgrade(db_url, "base")
        upgrade(db_url, revision)
        assert revision_of(db_url) == revision
        upgrade(db_url)
        assert revision_of(db_url) == head()
    with GameStore(db_url) as store:  # a game stored at head survives a second upgrade
        invite = store.create(fresh_record())
    upgrade(db_url)
    with GameStore(db_url) as store:
        assert store.load(invite.game_id).version == 0


def test_servers_starting_together_migrate_once(db_url: str) -> None:
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def start() -> None:
        try:
            barrier.wait(timeout=30)
            GameStore(db_url).close()
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert revision_of(db_url) == head()
    engine = make_engine(db_url)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM alembic_version")).scalar() == 1
    engine.dispose()
