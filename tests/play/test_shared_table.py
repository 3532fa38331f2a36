"""Two desks at one shared table: moves pass between them, a late click is told the game
moved on, a failing table plays nothing (the stored tables are tested in tests/store)."""

from __future__ import annotations

from typing import Any

import pytest

from polis.compiler import compile_ruleset
from polis.messages import MessageError, msg
from polis.play.desk import Choose, Desk, MovedOnError, Undo
from polis.play.game import GameSession


class MemoryTable:
    def __init__(self) -> None:
        self.moves: list[list[Any]] = []
        self.finished = False
        self.down = False

    def version(self) -> int:
        self._check()
        return len(self.moves)

    def commit(self, version: int, action: list[Any], *, finished: bool) -> None:
        self._check()
        if version != len(self.moves):
            raise MovedOnError(msg("record.meta_mapping"))
        self.moves.append(action)
        self.finished = finished

    def moves_since(self, version: int) -> list[list[Any]]:
        self._check()
        return self.moves[version:]

    def _check(self) -> None:
        if self.down:
            raise MessageError(msg("record.meta_mapping"))


def safe(desk: Desk) -> Any:
    """A choice that risks nothing (passing at once would starve: it asks first)."""
    return next(c.action for c in desk.consequences() if c.danger is None)


def seats(table: MemoryTable) -> tuple[Desk, Desk]:
    compiled = compile_ruleset("2e")

    def desk(side: int) -> Desk:
        game = GameSession.start(compiled, 3, ("human", "human"), answer=False)
        return Desk(game, seats=frozenset({side}), table=table)

    return desk(0), desk(1)


def test_a_move_at_one_desk_reaches_the_other() -> None:
    table = MemoryTable()
    athens, sparta = seats(table)
    assert not athens.view().options and sparta.view().options  # Sparta opens in 2e
    move = safe(sparta)
    sparta.click(Choose(move))
    assert table.moves == [sparta.game.steps[0].action] and len(sparta.game.steps) == 1
    assert not athens.view().options
    while sparta.deciding():  # the rest of Sparta's action, step by step
        sparta.click(Choose(safe(sparta)))
    assert athens.sync() and athens.view().options  # Athens' turn, seen after its poll
    assert [s.action for s in athens.game.steps] == table.moves
    assert not athens.sync()  # nothing new


def test_a_late_click_is_told_the_game_moved_on_and_nothing_is_doubled() -> None:
    table = MemoryTable()
    first, second = seats(table)[1], seats(table)[1]  # Sparta's seat open twice
    first.click(Choose(safe(first)))
    view = second.click(Choose(safe(second)))  # from the position before
    assert view.moved_on and len(table.moves) == 1
    assert len(second.game.steps) == 1 and second.game.steps[0].action == table.moves[0]
    assert second.click(Choose(second.view().options[0])).moved_on is False  # cleared


def test_a_failing_table_plays_nothing_and_says_why() -> None:
    table = MemoryTable()
    _athens, sparta = seats(table)
    move = safe(sparta)
    table.down = True
    view = sparta.click(Choose(move))
    assert view.problem is not None and not sparta.game.steps and not table.moves
    assert not sparta.sync() and sparta.view().problem is not None
    table.down = False
    assert sparta.click(Choose(move)).problem is None and len(table.moves) == 1


def test_no_undo_at_a_shared_table() -> None:
    table = MemoryTable()
    _athens, sparta = seats(table)
    sparta.click(Choose(safe(sparta)))
    assert len(sparta.game.steps) == 1 and not sparta.can_undo()
    sparta.click(Undo())
    assert len(sparta.game.steps) == 1


@pytest.mark.parametrize("stored", [["act", "no_such_action"], ["nonsense"], 5])
def test_a_stored_move_the_rules_refuse_is_reported(stored: Any) -> None:
    table = MemoryTable()
    athens, _sparta = seats(table)
    table.moves.append(stored)
    athens.sync()
    view = athens.view()
    assert view.problem is not None and "action 1" in view.problem.render("en")
    assert not athens.game.steps
