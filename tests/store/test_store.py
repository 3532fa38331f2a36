"""The storage API on SQLite and PostgreSQL: create, seats, load, move, list, delete."""

from __future__ import annotations

import base64
import hashlib
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from polis.engine.record import Record
from polis.store import (
    WATCH,
    BadTokenError,
    GameGoneError,
    GameStore,
    MovedOnError,
    StoreError,
)
from polis.store.connect import make_engine
from polis.store.schema import games, moves, seats
from tests.conftest import ROOT
from tests.store.conftest import fresh_record, line_of_play


def rows(url: str, table: sa.Table) -> list[sa.Row]:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.select(table)).all())
    finally:
        engine.dispose()


def test_a_created_game_loads_as_its_record(store: GameStore) -> None:
    played = line_of_play(length=6)
    meta = {"controllers": ["human", "human"]}
    record = Record("2e", fresh_record().content_hash, 5, played, meta=meta)
    before = datetime.now(UTC)
    invite = store.create(record, {"hints": True})
    game = store.load(invite.game_id)
    assert game.record == record
    assert game.version == 6 and game.options == {"hints": True} and not game.finished
    assert before <= game.created <= game.updated and game.created.tzinfo is not None
    assert store.version(invite.game_id) == 6


def test_the_largest_seed_survives(store: GameStore) -> None:
    # beyond a signed 64-bit integer, the widest integer column both databases have
    record = fresh_record(seed=2**64 - 1)
    invite = store.create(record)
    assert store.load(invite.game_id).record.seed == 2**64 - 1


def test_an_overlay_game_keeps_the_overlay_text(store: GameStore) -> None:
    from polis.compiler import compile_loaded
    from polis.rules.loader import load_overlay_text

    text = (ROOT / "polis" / "app" / "example_overlay.yaml").read_text("utf-8")
    compiled = compile_loaded(load_overlay_text(text, display="overlay.yaml"))
    record = Record(compiled.config.id, compiled.content_hash, 3, [], overlay=text)
    invite = store.create(record)
    assert store.load(invite.game_id).record.overlay == text


def test_seats_open_their_sides_and_tokens_are_secret(store: GameStore, db_url: str) -> None:
    invite = store.create(fresh_record())
    assert store.open_seat(invite.tokens[0]).side == 0
    assert store.open_seat(invite.tokens[1]).side == 1
    assert store.open_seat(invite.watch).side == WATCH
    assert {store.open_seat(t).game_id for t in (*invite.tokens, invite.watch)} == {invite.game_id}
    every = [invite.game_id, *invite.tokens, invite.watch]
    assert len(set(every)) == 4
    for token in every:  # at least 128 bits from secrets
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
    stored = rows(db_url, seats)
    assert {r.token_hash for r in stored} == {
        hashlib.sha256(t.encode()).hexdigest() for t in (*invite.tokens, invite.watch)
    }
    # no raw token anywhere in the database
    for table in (games, moves, seats):
        for row in rows(db_url, table):
            text = repr(tuple(row))
            assert not any(token in text for token in (*invite.tokens, invite.watch))
    assert store.seats(invite.game_id) == {0: 1, 1: 1, WATCH: 1}


@pytest.mark.parametrize(
    "token",
    ["A" * 24, "short", "x" * 10_000, "../../etc/passwd", "", "Ω" * 24, "a b c d e f g h i j k l"],
)
def test_a_wrong_token_opens_nothing(store: GameStore, token: str) -> None:
    store.create(fresh_record())
    with pytest.raises(BadTokenError) as caught:
        store.open_seat(token)
    assert "opens no seat" in str(caught.value)
    assert "ningún puesto" in caught.value.render("es")


@pytest.mark.parametrize("game_id", ["B" * 24, "nope", "x" * 10_000, "'; DROP TABLE games; --"])
def test_a_tampered_game_id_is_no_game(store: GameStore, game_id: str) -> None:
    invite = store.create(fresh_record())
    for call in (store.load, store.version, store.delete, store.seats):
        with pytest.raises(GameGoneError):
            call(game_id)
    with pytest.raises(GameGoneError):
        store.move(game_id, 0, ["pass"])
    assert store.load(invite.game_id).version == 0  # the real game untouched


def test_moves_bump_the_version_and_replay(store: GameStore) -> None:
    played = line_of_play(length=12)
    invite = store.create(fresh_record())
    for i, action in enumerate(played):
        assert store.move(invite.game_id, i, action) == i + 1
    game = store.load(invite.game_id)
    assert game.version == 12 and game.record.actions == played
    assert store.moves_since(invite.game_id, 9) == (12, played[9:])
    assert store.moves_since(invite.game_id, 12) == (12, [])


def test_a_stale_move_is_moved_on_with_the_current_version(store: GameStore) -> None:
    played = line_of_play(length=5)
    invite = store.create(fresh_record())
    for i, action in enumerate(played[:4]):
        store.move(invite.game_id, i, action)
    for stale in (0, 2, 3, 7, -1):  # behind, and a version the game never reached
        with pytest.raises(MovedOnError) as caught:
            store.move(invite.game_id, stale, played[4])
        assert caught.value.version == 4
        assert "move 4" in caught.value.render("en") and "Zug 4" in caught.value.render("de")
    game = store.load(invite.game_id)
    assert game.version == 4 and game.record.actions == played[:4]  # nothing written


def test_finished_is_kept_for_listings(store: GameStore) -> None:
    played = line_of_play(length=2)
    invite = store.create(fresh_record())
    store.move(invite.game_id, 0, played[0])
    assert not store.load(invite.game_id).finished
    store.move(invite.game_id, 1, played[1], finished=True)
    assert store.load(invite.game_id).finished
    assert [g.finished for g in store.games([invite.game_id])] == [True]


def test_an_unstorable_move_is_refused(store: GameStore) -> None:
    invite = store.create(fresh_record())
    for bad in ("pass", {"op": "pass"}, ["x" * 2_000], []):
        with pytest.raises(StoreError):
            store.move(invite.game_id, 0, bad)  # type: ignore[arg-type]
    assert store.version(invite.game_id) == 0


def test_listing_all_or_a_browsers_ids(store: GameStore) -> None:
    played = line_of_play(length=3)
    first = store.create(fresh_record())
    second = store.create(fresh_record("1e", 9))
    store.move(first.game_id, 0, played[0])  # played last: listed first
    listed = store.games()
    assert [g.game_id for g in listed] == [first.game_id, second.game_id]
    assert [(g.ruleset, g.moves, g.seed) for g in listed] == [("2e", 1, 5), ("1e", 0, 9)]
    assert not any(g.damaged for g in listed)
    mine = store.games([second.game_id, "C" * 24, "x" * 5000, 42])  # type: ignore[list-item]
    assert [g.game_id for g in mine] == [second.game_id]
    assert store.games([]) == []


def test_a_deleted_game_is_gone_everywhere(store: GameStore, db_url: str) -> None:
    keep = store.create(fresh_record())
    invite = store.create(fresh_record())
    store.move(invite.game_id, 0, line_of_play(length=1)[0])
    store.delete(invite.game_id)
    for call in (store.load, store.version, store.delete):
        with pytest.raises(GameGoneError):
            call(invite.game_id)
    with pytest.raises(GameGoneError):
        store.move(invite.game_id, 1, ["pass"])
    with pytest.raises(GameGoneError) as caught:  # the link says "gone", not "wrong link"
        store.open_seat(invite.tokens[0])
    assert "удалена" in caught.value.render("ru") and invite.game_id in caught.value.render("ru")
    assert [g.game_id for g in store.games()] == [keep.game_id]
    assert {r.game_id for r in rows(db_url, moves)} == set()
    assert store.load(keep.game_id).version == 0


def test_two_stores_on_one_database_see_each_other(db_url: str) -> None:
    played = line_of_play(length=2)
    with GameStore(db_url) as one, GameStore(db_url) as two:
        invite = one.create(fresh_record())
        two.move(invite.game_id, 0, played[0])
        assert one.version(invite.game_id) == 1
        with pytest.raises(MovedOnError):
            one.move(invite.game_id, 0, played[1])
        assert one.move(invite.game_id, 1, played[1]) == 2
        assert two.load(invite.game_id).record.actions == played
