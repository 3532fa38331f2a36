"""Alembic's environment for stored games: run from polis.store.migrate, never from a shell.

The caller passes an open connection, already inside a transaction that holds
the migration lock (polis.store.migrate.upgrade), so every revision runs in
that one transaction and two servers starting at once migrate one after the other.
"""

from __future__ import annotations

from alembic import context

from polis.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - a developer running `alembic` by hand
    raise RuntimeError("run migrations through polis.store.migrate (it passes the connection)")

context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=True,  # SQLite alters a table by copying it; batch mode writes that
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
