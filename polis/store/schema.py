"""The tables of stored games (SQLAlchemy Core). The migrations build exactly these.

A game is its record, split so that a move is one small insert:

- `games`: one row per game: the record's ruleset, content hash, seed, the
  overlay's text and the start overrides, its meta, the options agreed at
  creation, the version (= the number of moves) and whether it is finished.
- `moves`: one row per action, keyed by (game_id, ply): two moves racing for
  the same ply cannot both land.
- `seats`: the sha256 of each seat token (raw tokens are never stored), the
  game and the side (0 Athens, 1 Sparta, -1 a watcher). Seats are not tied to
  the games table: they outlive a deleted game, so an old link says "deleted"
  rather than "wrong link".

JSON values are kept as text and parsed by the record check when read, so a
damaged value is reported like a damaged record, on SQLite and PostgreSQL
alike. The seed is text too: a record's seed goes up to 2**64 - 1, beyond a
signed 64-bit integer.
"""

from __future__ import annotations

import sqlalchemy as sa

# constraint names fixed here, so migrations on SQLite and PostgreSQL agree
NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
ID_LENGTH = 64  # ids are 24 characters; room for a longer scheme later
HASH_LENGTH = 64  # sha256 in hex
SEED_LENGTH = 20  # 2**64 - 1 has 20 digits
RULESET_LENGTH = 200

metadata = sa.MetaData(naming_convention=NAMING)
When = sa.DateTime(timezone=True)

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(ID_LENGTH), primary_key=True),
    sa.Column("ruleset", sa.String(RULESET_LENGTH), nullable=False),
    sa.Column("content_hash", sa.String(HASH_LENGTH), nullable=False),
    sa.Column("seed", sa.String(SEED_LENGTH), nullable=False),
    sa.Column("overlay", sa.Text(), nullable=True),  # the YAML text of an uploaded overlay
    sa.Column("start", sa.Text(), nullable=True),  # JSON: the record's start overrides
    sa.Column("meta", sa.Text(), nullable=False),  # JSON: the record's meta
    sa.Column("options", sa.Text(), nullable=False),  # JSON: what was agreed at creation
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("finished", sa.Boolean(), nullable=False),
    sa.Column("created", When, nullable=False),
    sa.Column("updated", When, nullable=False),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column(
        "game_id",
        sa.String(ID_LENGTH),
        sa.ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("ply", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("action", sa.Text(), nullable=False),  # JSON: the action as in records
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("token_hash", sa.String(HASH_LENGTH), primary_key=True),
    sa.Column("game_id", sa.String(ID_LENGTH), nullable=False, index=True),
    sa.Column("side", sa.SmallInteger(), nullable=False),
)
