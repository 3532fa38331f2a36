"""A game played from two places: invited by link, kept in a store, one desk per browser.

`invite` stores a new game and returns its seat links' tokens; `join` opens the
seat a token grants, as a desk whose moves go to the stored game
(`StoredTable`). A stored game is a record: it is replayed and checked whenever
a desk opens it, so a damaged row is refused in words, never played.

The seed of a game between two people is drawn here from `secrets`, never
chosen or shown: with it (and the rules) anyone could work out the event deck
and the battle hands. The record, which holds it, reaches a browser only once
the game is over.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from polis.compiler import Compiled
from polis.engine import MAX_SEED, Record
from polis.play.controllers import HUMAN
from polis.play.desk import Desk, MovedOnError
from polis.play.game import GameSession, compiled_for
from polis.play.pool import SearchPool
from polis.store import WATCH, GameStore, Invite
from polis.store import MovedOnError as StoreMovedOnError


@dataclass
class StoredTable:
    """The shared table of a desk: the stored game, by id (polis.play.desk.SharedTable)."""

    store: GameStore
    game_id: str

    def version(self) -> int:
        return self.store.version(self.game_id)

    def commit(self, version: int, action: list[Any], *, finished: bool) -> None:
        try:
            self.store.move(self.game_id, version, action, finished=finished)
        except StoreMovedOnError as moved:
            raise MovedOnError(moved.problem) from None

    def moves_since(self, version: int) -> list[list[Any]]:
        return self.store.moves_since(self.game_id, version)[1]


@dataclass(frozen=True)
class Seat:
    """A desk at a stored game, and what the page says about it."""

    desk: Desk
    game_id: str
    side: int  # 0, 1, or WATCH
    options: dict[str, Any]


def invite(
    store: GameStore, compiled: Compiled, overlay: str | None, *, hints: bool = False
) -> Invite:
    """Store a new game between two people under these rules; the seats' tokens."""
    record = Record(
        compiled.config.id,
        compiled.content_hash,
        secrets.randbelow(MAX_SEED + 1),
        [],
        overlay=overlay,
        meta={"controllers": [HUMAN, HUMAN]},
    )
    return store.create(record, {"hints": hints})


def join(
    store: GameStore,
    token: str,
    shipped: Callable[[str], bool],
    pool: SearchPool | None = None,
) -> Seat:
    """The desk a seat's token opens (raises the store's errors, or RecordError/RulesError
    for a stored game that no longer replays). Hints (searched in `pool`) only where the
    game was made with them: both players were told so by the invitation."""
    grant = store.open_seat(token)
    stored = store.load(grant.game_id)
    compiled, _loaded = compiled_for(stored.record, shipped)
    game = GameSession.from_record(stored.record, compiled, (HUMAN, HUMAN))
    seats = frozenset() if grant.side == WATCH else frozenset({grant.side})
    table = StoredTable(store, grant.game_id)
    desk = Desk(game, seats=seats, table=table, pool=pool)
    desk.hints_allowed = bool(stored.options.get("hints", False))
    return Seat(desk, grant.game_id, grant.side, stored.options)
