"""GameStore: games two browsers play by link, kept in SQLite or PostgreSQL.

A stored game is its record (polis.engine.record) split into a games row and
one row per move, plus the seats its secret tokens open and a version (the
number of moves). Every call is one short transaction; nothing is cached
between calls, so any number of server processes can share one database.

A move is one transaction that checks the version the player saw: it inserts
the move at ply = that version and bumps the game's version only where it is
still that version. Two clicks racing on the same game give one move and one
MovedOnError carrying the new version: the second insert of the same ply
breaks the moves table's primary key (or the version no longer matches), and
its transaction rolls back whole. Nothing is lost and nothing is doubled.

Tokens and game ids come from `secrets` (144 bits each); the database keeps
only the sha256 of each seat token, so a copy of the database opens no seat.
Ids and tokens from a link are checked for form before any query.

Every failure a person can meet is a StoreError in their language (see
polis.store.errors); a database that is down, locked or read-only gives a
StoreDownError, and the server goes on serving every other game.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import exc

from polis.engine import MAX_RECORD_BYTES, Record, RecordError
from polis.messages import Message, msg, quoted
from polis.store import schema
from polis.store.connect import BUSY_SECONDS, WRITE, down_error, make_engine
from polis.store.errors import (
    BadTokenError,
    GameGoneError,
    MovedOnError,
    StoreError,
)
from polis.store.location import default_url
from polis.store.migrate import upgrade
from polis.store.rows import DamagedError, check_rules, parse_json, parse_options, row_record

SIDES = (0, 1)
WATCH = -1
TOKEN_BYTES = 18  # 144 bits from secrets; 24 URL-safe characters, no padding
# what an id or a token from a link may look like before it reaches a query
_TOKEN_FORM = re.compile(r"[A-Za-z0-9_-]{16,64}")
MAX_ACTION_CHARS = 1_000  # one action's JSON: the longest the engine writes is far shorter
MAX_LISTED = 200  # ids a browser may ask to list at once

games_t, moves_t, seats_t = schema.games, schema.moves, schema.seats


@dataclass(frozen=True)
class Invite:
    """What create() returns: the only time raw tokens exist outside the browser."""

    game_id: str
    tokens: tuple[str, str]  # seat tokens for Athens (0) and Sparta (1)
    watch: str  # a watch-only token


@dataclass(frozen=True)
class StoredGame:
    game_id: str
    record: Record  # actions = every move so far, in order
    version: int  # = number of moves
    created: datetime
    updated: datetime
    options: dict[str, Any]
    finished: bool


@dataclass(frozen=True)
class SeatGrant:
    game_id: str
    side: int  # 0, 1, or WATCH


@dataclass(frozen=True)
class GameSummary:
    """One line of a listing. A damaged row is listed with its problem, never raised."""

    game_id: str
    ruleset: str
    moves: int  # = version
    finished: bool
    created: datetime
    updated: datetime
    overlay: bool  # played under an uploaded overlay the record carries
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    problem: Message | None = None  # why the row cannot be opened

    @property
    def damaged(self) -> bool:
        return self.problem is not None


class GameStore:
    """Stored games in one database (a SQLite file by default, PostgreSQL by URL)."""

    def __init__(
        self, url: str | None = None, *, busy_seconds: float = BUSY_SECONDS, migrate: bool = True
    ) -> None:
        self.url = url or default_url()
        self._engine = make_engine(self.url, busy_seconds=busy_seconds)
        if migrate:
            try:
                upgrade(self._engine)
            except BaseException:
                self._engine.dispose()
                raise

    # ---------------------------------------------------------------- transactions

    @contextmanager
    def _read(self) -> Iterator[sa.Connection]:
        with _faults(), self._engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self) -> Iterator[sa.Connection]:
        with _faults(), self._engine.connect() as conn:
            conn.execution_options(**{WRITE: True})
            with conn.begin():
                yield conn

    # ---------------------------------------------------------------- the API

    def create(self, record: Record, options: dict[str, Any] | None = None) -> Invite:
        """Store a new game (its moves so far too); its id, two seat tokens and a watch token."""
        size = len(record.dumps().encode("utf-8"))
        if size > MAX_RECORD_BYTES:
            raise StoreError(msg("store.too_big", size=size, limit=MAX_RECORD_BYTES))
        game_id = _new_game_id()
        tokens = (_new_token(), _new_token())
        watch = _new_token()
        now = _now()
        with self._write() as conn:
            conn.execute(
                games_t.insert(),
                {
                    "id": game_id,
                    "ruleset": record.ruleset,
                    "content_hash": record.content_hash,
                    "seed": str(record.seed),
                    "overlay": record.overlay,
                    "start": None if record.start is None else _dumps(record.start),
                    "meta": _dumps(record.meta),
                    "options": _dumps(options or {}),
                    "version": len(record.actions),
                    "finished": False,
                    "created": now,
                    "updated": now,
                },
            )
            if record.actions:
                conn.execute(
                    moves_t.insert(),
                    [
                        {"game_id": game_id, "ply": ply, "action": _action_text(action)}
                        for ply, action in enumerate(record.actions)
                    ],
                )
            conn.execute(
                seats_t.insert(),
                [
                    {"token_hash": token_hash(token), "game_id": game_id, "side": side}
                    for token, side in ((tokens[0], 0), (tokens[1], 1), (watch, WATCH))
                ],
            )
        return Invite(game_id, tokens, watch)

    def open_seat(self, token: str) -> SeatGrant:
        """The seat a token opens: BadTokenError if none, GameGoneError if its game was deleted."""
        if not isinstance(token, str) or not _TOKEN_FORM.fullmatch(token):
            raise BadTokenError()
        query = (
            sa.select(seats_t.c.game_id, seats_t.c.side, games_t.c.id)
            .select_from(seats_t.outerjoin(games_t, games_t.c.id == seats_t.c.game_id))
            .where(seats_t.c.token_hash == token_hash(token))
        )
        with self._read() as conn:
            row = conn.execute(query).one_or_none()
        if row is None:
            raise BadTokenError()
        if row.id is None:
            raise GameGoneError(row.game_id)
        return SeatGrant(row.game_id, row.side)

    def load(self, game_id: str) -> StoredGame:
        """The game, checked all the way (replayed under its rules).

        GameGoneError for no such game; DamagedError (a StoreError naming the
        game) for a row that is not a playable record.
        """
        gid = _checked_id(game_id)
        with self._read() as conn:
            row = conn.execute(sa.select(games_t).where(games_t.c.id == gid)).one_or_none()
            if row is None:
                raise GameGoneError(game_id)
            # plies below the version read: rows that were committed with it, never changed
            actions = conn.execute(
                sa.select(moves_t.c.ply, moves_t.c.action)
                .where(moves_t.c.game_id == gid, moves_t.c.ply < row.version)
                .order_by(moves_t.c.ply)
            ).all()
        try:
            if [a.ply for a in actions] != list(range(row.version)):
                raise RecordError(
                    msg("store.moves_missing", expected=row.version, found=len(actions))
                )
            record = row_record(row, [a.action for a in actions])
            options = parse_options(row.options)
            check_rules(record)
        except RecordError as error:
            raise DamagedError(gid, error.problem) from None
        return StoredGame(
            gid, record, row.version, _utc(row.created), _utc(row.updated), options, row.finished
        )

    def version(self, game_id: str) -> int:
        """The game's version (its number of moves): one indexed read, what a page polls."""
        gid = _checked_id(game_id)
        with self._read() as conn:
            return _version_in(conn, gid)

    def moves_since(self, game_id: str, since: int) -> tuple[int, list[list[Any]]]:
        """The version now and the moves made after `since` (plies since .. version-1).

        For a page that holds the game and wants only what is new; the moves are
        the record's JSON form, unchecked (the page plays them through the engine).
        """
        gid = _checked_id(game_id)
        with self._read() as conn:
            version = _version_in(conn, gid)
            rows = conn.execute(
                sa.select(moves_t.c.ply, moves_t.c.action)
                .where(moves_t.c.game_id == gid, moves_t.c.ply >= since, moves_t.c.ply < version)
                .order_by(moves_t.c.ply)
            ).all()
        try:
            if [r.ply for r in rows] != list(range(max(since, 0), version)):
                raise RecordError(msg("store.moves_missing", expected=version, found=len(rows)))
            return version, [parse_json(r.action, "action") for r in rows]
        except RecordError as error:
            raise DamagedError(gid, error.problem) from None

    def move(
        self,
        game_id: str,
        expected_version: int,
        action: list[Any],
        *,
        finished: bool = False,
    ) -> int:
        """Append one move iff the game is still at `expected_version`; the new version.

        One transaction: insert the move at ply = expected_version, then bump the
        version where it still is that. Else MovedOnError(current version), and
        nothing is written. `finished` marks the game over (for listings).
        """
        gid = _checked_id(game_id)
        if (
            not isinstance(expected_version, int)
            or isinstance(expected_version, bool)
            or expected_version < 0
        ):
            raise MovedOnError(self.version(gid))
        text = _action_text(action)
        changes: dict[str, Any] = {"version": expected_version + 1, "updated": _now()}
        if finished:
            changes["finished"] = True
        try:
            with self._write() as conn:
                conn.execute(
                    moves_t.insert(), {"game_id": gid, "ply": expected_version, "action": text}
                )
                bumped = conn.execute(
                    games_t.update()
                    .where(games_t.c.id == gid, games_t.c.version == expected_version)
                    .values(**changes)
                ).rowcount
                if bumped != 1:
                    raise _LostRaceError()
        except (exc.IntegrityError, _LostRaceError):
            # another move took this ply first (or the game is gone): say where it stands now
            raise MovedOnError(self.version(gid)) from None
        return expected_version + 1

    def games(self, game_ids: Iterable[str] | None = None) -> list[GameSummary]:
        """Stored games, most recently played first: these ids (a browser's), or all (the CLI).

        Each row is checked as a record under its rules (the rules' hash and the
        start position; its moves are replayed by load() only); a damaged one is
        listed with its problem. Ids that are not well formed are skipped.
        """
        moves_below = (
            sa.select(sa.func.count())
            .where(moves_t.c.game_id == games_t.c.id, moves_t.c.ply < games_t.c.version)
            .scalar_subquery()
        )
        query = sa.select(games_t, moves_below.label("stored_moves")).order_by(
            games_t.c.updated.desc(), games_t.c.id
        )
        if game_ids is not None:
            wanted = [g for g in game_ids if isinstance(g, str) and _TOKEN_FORM.fullmatch(g)]
            query = query.where(games_t.c.id.in_(wanted[:MAX_LISTED]))
        with self._read() as conn:
            rows = conn.execute(query).all()
        return [_summary(row) for row in rows]

    def seats(self, game_id: str) -> dict[int, int]:
        """How many tokens open each side (WATCH: watchers) of a game; never the tokens."""
        gid = _checked_id(game_id)
        with self._read() as conn:
            if conn.execute(sa.select(games_t.c.id).where(games_t.c.id == gid)).first() is None:
                raise GameGoneError(game_id)
            rows = conn.execute(
                sa.select(seats_t.c.side, sa.func.count())
                .where(seats_t.c.game_id == gid)
                .group_by(seats_t.c.side)
            ).all()
        return {int(side): int(count) for side, count in rows}

    def delete(self, game_id: str) -> None:
        """Delete a game and its moves; GameGoneError if there is none.

        Its seat rows stay (hashes and a side, nothing of the game), so a link to
        it says the game is gone rather than that the link is wrong.
        """
        gid = _checked_id(game_id)
        with self._write() as conn:
            conn.execute(moves_t.delete().where(moves_t.c.game_id == gid))
            if conn.execute(games_t.delete().where(games_t.c.id == gid)).rowcount != 1:
                raise GameGoneError(game_id)

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class _LostRaceError(Exception):
    """The version moved between the player's look and this move."""


@contextmanager
def _faults() -> Iterator[None]:
    """A database failure becomes a StoreDownError; a broken key goes to the caller."""
    try:
        yield
    except exc.IntegrityError:
        raise
    except (exc.DBAPIError, exc.TimeoutError) as error:
        raise down_error(error) from None


def _version_in(conn: sa.Connection, game_id: str) -> int:
    found = conn.execute(
        sa.select(games_t.c.version).where(games_t.c.id == game_id)
    ).scalar_one_or_none()
    if found is None:
        raise GameGoneError(game_id)
    return int(found)


def _summary(row: Any) -> GameSummary:
    problem: Message | None = None
    seed: int | None = None
    options: dict[str, Any] = {}
    try:
        if row.stored_moves != row.version:
            raise RecordError(
                msg("store.moves_missing", expected=row.version, found=row.stored_moves)
            )
        record = row_record(row, [])
        seed = record.seed
        options = parse_options(row.options)
        check_rules(record)  # no moves: the rules' hash and the start position
    except RecordError as error:
        problem = error.problem
    return GameSummary(
        game_id=row.id,
        ruleset=row.ruleset,
        moves=row.version,
        finished=bool(row.finished),
        created=_utc(row.created),
        updated=_utc(row.updated),
        overlay=row.overlay is not None,
        options=options,
        seed=seed,
        problem=problem,
    )


def token_hash(token: str) -> str:
    """What the database keeps of a token. A token carries 144 random bits, so a plain
    hash is enough (no salt or slow hash: there is nothing to guess from a dictionary)."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def _new_game_id() -> str:
    """A token that does not begin with "-": `polis games show ID` takes the id as an
    argument, and one in 64 ids read as an option there ("No such option: -6")."""
    while (game_id := _new_token()).startswith("-"):
        pass
    return game_id


def _checked_id(game_id: str) -> str:
    """A game id from a link, refused as "no such game" unless it has an id's form."""
    if not isinstance(game_id, str) or not _TOKEN_FORM.fullmatch(game_id):
        raise GameGoneError(str(game_id))
    return game_id


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _action_text(action: list[Any]) -> str:
    text = _dumps(action) if isinstance(action, list | tuple) and action else ""
    if not text or len(text) > MAX_ACTION_CHARS:
        raise StoreError(msg("store.bad_action", action=quoted(action), limit=MAX_ACTION_CHARS))
    return text


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(value: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were written in UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
