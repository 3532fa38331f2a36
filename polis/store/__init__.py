"""Stored games: play with a friend by link, resume later, from any server (docs/games.md).

Below polis.play and polis.app, above the engine; no Streamlit here.
"""

from __future__ import annotations

from polis.store.errors import (
    BadTokenError,
    GameGoneError,
    MovedOnError,
    StoreDownError,
    StoreError,
)
from polis.store.location import data_dir, default_url
from polis.store.migrate import upgrade
from polis.store.rows import DamagedError
from polis.store.store import (
    SIDES,
    WATCH,
    GameStore,
    GameSummary,
    Invite,
    SeatGrant,
    StoredGame,
)

__all__ = [
    "SIDES",
    "WATCH",
    "BadTokenError",
    "DamagedError",
    "GameGoneError",
    "GameStore",
    "GameSummary",
    "Invite",
    "MovedOnError",
    "SeatGrant",
    "StoreDownError",
    "StoreError",
    "StoredGame",
    "data_dir",
    "default_url",
    "upgrade",
]
