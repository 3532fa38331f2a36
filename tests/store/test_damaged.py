"""A damaged row is reported, naming its game, and skipped: never a traceback, never a crash.

Rows are damaged by hand here, the way a bad restore or an edit in a database
shell would: each kind of damage is refused by load() with a DamagedError and
listed by games() with its problem, while the other games stay usable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa

from polis.store import DamagedError, GameStore, StoreError
from polis.store.connect import make_engine
from polis.store.schema import games, moves
from tests.store.conftest import fresh_record, line_of_play

Damage = Callable[[sa.Connection, str], Any]


def set_game(**values: Any) -> Damage:
    return lambda conn, gid: conn.execute(games.update().where(games.c.id == gid).values(values))


def set_move(ply: int, action: str) -> Damage:
    return lambda conn, gid: conn.execute(
        moves.update().where(moves.c.game_id == gid, moves.c.ply == ply).values(action=action)
    )


def drop_move(ply: int) -> Damage:
    return lambda conn, gid: conn.execute(
        moves.delete().where(moves.c.game_id == gid, moves.c.ply == ply)
    )


# (damage, words of the English problem, whether listing finds it without replaying)
DAMAGE: dict[str, tuple[Damage, str, bool]] = {
    "meta not JSON": (set_game(meta="{not json"), "its meta is not valid JSON", True),
    "meta a list": (set_game(meta="[1, 2]"), "meta: expected a mapping", True),
    "start not JSON": (set_game(start="{"), "its start is not valid JSON", True),
    "options not a mapping": (set_game(options='"x"'), "options are not a mapping", True),
    "seed not a number": (set_game(seed="12abc"), "seed: expected a whole number", True),
    "seed too large": (set_game(seed=str(2**64)), "seed: must be at most", True),
    "other rules": (set_game(content_hash="0" * 64), "made with other rules", True),
    "a ruleset path": (set_game(ruleset="/etc/passwd"), "rules this app does not have", True),
    "an unknown ruleset": (set_game(ruleset="3e"), "rules this app does not have", True),
    "a bad overlay": (set_game(overlay="id: [unclosed"), "overlay it was played under", True),
    "version ahead of the moves": (set_game(version=5), "3 stored, 5 expected", True),
    "a lost move": (drop_move(1), "2 stored, 3 expected", True),
    "a move not JSON": (set_move(2, "[act"), "its action is not valid JSON", False),
    "a move refused": (set_move(1, '["pass"]'), "action 2", False),
    "a move unreadable": (set_move(0, '["fly", "moon"]'), "action 1", False),
    "a deeply nested move": (set_move(0, "[" * 5000 + "]" * 5000), "nested more than", False),
    "a nested move": (set_move(0, "[" * 40 + "]" * 40), "nested more than", False),
}


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_row_is_reported_and_skipped(store: GameStore, db_url: str, kind: str) -> None:
    damage, words, listed = DAMAGE[kind]
    played = line_of_play(length=3)
    sound = store.create(fresh_record())
    broken = store.create(fresh_record())
    for i, action in enumerate(played):
        store.move(broken.game_id, i, action)
    engine = make_engine(db_url)
    with engine.begin() as conn:
        damage(conn, broken.game_id)
    engine.dispose()

    with pytest.raises(DamagedError) as caught:
        store.load(broken.game_id)
    text = caught.value.render("en")
    assert broken.game_id in text and words in text and "Traceback" not in text
    assert isinstance(caught.value, StoreError)

    listing = {g.game_id: g for g in store.games()}
    assert set(listing) == {sound.game_id, broken.game_id}
    assert not listing[sound.game_id].damaged
    assert listing[broken.game_id].damaged == listed
    if listed:
        problem = listing[broken.game_id].problem
        assert problem is not None and words in problem.render("en")
    assert store.load(sound.game_id).version == 0  # the server goes on serving the others
    assert store.open_seat(broken.tokens[0]).game_id == broken.game_id


def test_damage_is_told_in_the_readers_language(store: GameStore, db_url: str) -> None:
    broken = store.create(fresh_record())
    engine = make_engine(db_url)
    with engine.begin() as conn:
        set_game(seed="x")(conn, broken.game_id)
    engine.dispose()
    with pytest.raises(DamagedError) as caught:
        store.load(broken.game_id)
    english, polish = caught.value.render("en"), caught.value.render("pl")
    assert broken.game_id in polish and polish != english
    assert "is damaged" not in polish and "whole number" not in polish
