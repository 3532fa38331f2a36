"""What can go wrong with stored games, as messages a person reads in their own language.

Every failure a player or an operator can meet is a `StoreError` whose message
is a key of polis/messages.yaml (`store.*`): a page or the CLI shows
`error.render(lang)` and goes on. Nothing here imports SQLAlchemy.
"""

from __future__ import annotations

from typing import Literal

from polis.messages import Message, MessageError, msg

DownReason = Literal["unreachable", "locked", "read-only", "full", "failed"]


class StoreError(MessageError):
    """A stored game cannot be read, written or found; the message says why."""


class MovedOnError(StoreError):
    """The game has moved on since the version a move was made against."""

    def __init__(self, version: int) -> None:
        super().__init__(msg("store.moved_on", version=version))
        self.version = version


class GameGoneError(StoreError):
    """No such game: it was deleted, or its id was never one (a damaged or tampered link)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(msg("store.no_game", game=shown_id(game_id)))
        self.game_id = game_id


class BadTokenError(StoreError):
    """A seat token that opens no seat of any game."""

    def __init__(self) -> None:
        super().__init__(msg("store.bad_token"))


class StoreDownError(StoreError):
    """The database cannot serve now: unreachable, locked, read-only, full; nothing changed."""

    def __init__(self, reason: DownReason, problem: Message | None = None) -> None:
        super().__init__(problem or msg(DOWN_KEYS[reason]))
        self.reason: DownReason = reason


DOWN_KEYS: dict[DownReason, str] = {
    "unreachable": "store.down.unreachable",
    "locked": "store.down.locked",
    "read-only": "store.down.read_only",
    "full": "store.down.full",
    "failed": "store.down.failed",
}

SHOWN_ID = 40  # characters of an id from a link quoted back in a message


def shown_id(game_id: object) -> str:
    """An id as given (from a link: untrusted), cut short and quoted for a message."""
    text = str(game_id)
    if len(text) > SHOWN_ID:
        text = text[: SHOWN_ID - 1] + "…"
    return repr(text)
