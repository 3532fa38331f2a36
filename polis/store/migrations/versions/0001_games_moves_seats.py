"""Stored games: games, moves and seats.

Revision ID: 0001_games_moves_seats
Revises:
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_games_moves_seats"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("ruleset", sa.String(200), nullable=False),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("seed", sa.String(20), nullable=False),
        sa.Column("overlay", sa.Text(), nullable=True),
        sa.Column("start", sa.Text(), nullable=True),
        sa.Column("meta", sa.Text(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_table(
        "moves",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("ply", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_moves_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "ply", name=op.f("pk_moves")),
    )
    op.create_table(
        "seats",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("side", sa.SmallInteger(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_seats")),
    )
    op.create_index(op.f("ix_seats_game_id"), "seats", ["game_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_seats_game_id"), table_name="seats")
    op.drop_table("seats")
    op.drop_table("moves")
    op.drop_table("games")
