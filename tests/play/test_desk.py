"""The desk: one seat's view of one game, and the one call each click makes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from polis.compiler import compile_ruleset
from polis.engine import legal_actions
from polis.engine.state_json import apply_overrides
from polis.play import desk as desk_module
from polis.play import game as game_module
from polis.play.desk import (
    Answer,
    BoardClick,
    Choose,
    Desk,
    PickCards,
    Reveal,
    Undo,
    WhyNot,
)
from polis.play.game import GameSession
from polis.play.pool import SearchPool
from tests.app.scenes import BATTLE, hotseat, starving


@pytest.fixture(scope="module")
def pool() -> Iterator[SearchPool]:
    searches = SearchPool(1)
    yield searches
    searches.shutdown()


def counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_click_lists_the_choices_once_and_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    desk = Desk(hotseat())
    listed = counting(monkeypatch, game_module, "legal_actions")
    view = desk.view()
    assert view.options and view.viewer == view.state.player
    desk.view()  # the page draws again: nothing listed again
    assert len(listed) == 1
    after = desk.click(Choose(("act", "move_hoplites")))
    assert len(listed) == 2  # the click's check read that list; the new position has its own
    assert after.version == view.version + 1 and desk.game.steps[-1].action == [
        "act",
        "move_hoplites",
    ]
    assert after.refusal is None


def test_a_refused_click_is_explained_once_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    desk = Desk(hotseat())
    explained = counting(monkeypatch, desk_module, "explain")
    view = desk.click(Choose(("act", "no_such_action")))
    assert len(explained) == 1 and view.refusal is not None and view.refusal.rule == "turn.actions"
    assert not desk.game.steps and view.version == 0
    assert desk.click(WhyNot(("act", "no_such_action"))).refusal is not None
    assert desk.click(Choose(desk.view().options[0])).refusal is None  # cleared by a move


def test_a_losing_choice_waits_for_confirmation() -> None:
    game = hotseat()
    apply_overrides(game.states[-1], starving(game.state))
    desk = Desk(game)
    view = desk.click(Choose(("pass",)))
    assert view.confirm is not None and view.confirm.danger.when == "now"
    assert not game.steps
    assert desk.click(Answer(False)).confirm is None and not game.steps
    desk.click(Choose(("pass",)))
    view = desk.click(Answer(True))
    assert view.finished and game.steps[-1].action == ["pass"]


def test_a_confirmation_of_a_stale_position_plays_nothing() -> None:
    game = hotseat()
    apply_overrides(game.states[-1], starving(game.state))
    desk = Desk(game)
    desk.click(Choose(("pass",)))
    game.push(game.legal()[0], by_bot=False)  # the position moved on meanwhile
    steps = len(game.steps)
    desk.click(Answer(True))
    assert len(game.steps) == steps or game.steps[-1].action != ["pass"]


def test_a_board_click_plays_offers_a_pick_or_explains() -> None:
    desk = Desk(GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy")))
    game = desk.game
    cfg = game.state.cfg
    desk.click(Choose(("act", "move_proxenos")))
    options = game.legal()
    both = [p for p in range(len(cfg.poleis)) if sum(a[1] == p for a in options) == 2]
    assert both
    steps = len(game.steps)
    view = desk.click(BoardClick("polis", cfg.poleis[both[0]].id))
    assert view.board_pick is not None and len(view.board_pick.options) == 2
    assert len(game.steps) == steps
    view = desk.click(Choose(view.board_pick.options[1]))
    assert view.board_pick is None and len(game.steps) == steps + 1
    # a click on nothing the rules allow now: refused with the rule, nothing played
    desk2 = Desk(hotseat())
    desk2.click(Choose(("act", "move_hoplites")))
    open_areas = {a[1] for a in desk2.game.legal() if a[0] == "dest"}
    closed = next(i for i in range(len(cfg.areas)) if i not in open_areas)
    view = desk2.click(BoardClick("area", cfg.areas[closed]))
    assert view.refusal is not None and len(desk2.game.steps) == 1
    desk2.click(BoardClick("area", "atlantis"))  # no such place: nothing happens
    assert len(desk2.game.steps) == 1


def test_a_hidden_hand_waits_for_its_player_in_a_hotseat_game() -> None:
    desk = Desk(hotseat(**BATTLE))
    view = desk.view()
    assert view.hand_over == view.state.player and not view.options
    assert desk.click(Choose(legal_actions(view.state)[0])).version == view.version  # hidden
    view = desk.click(Reveal())
    assert view.hand_over is None and view.options
    attack = next(a for a in view.options if a[0] == "attack")
    view = desk.click(PickCards("attack", (attack[2], attack[1])))  # picked in any order
    assert desk.game.steps[-1].action[0] == "attack"
    assert view.hand_over == view.state.player  # the defender's hand: a new hand-over


def test_a_seat_decides_only_for_its_own_side() -> None:
    game = hotseat()
    mine = 1 - game.state.player
    desk = Desk(game, seats=frozenset({mine}))
    view = desk.view()
    assert view.viewer == mine and not view.options
    desk.click(Choose(game.legal()[0]))
    assert not game.steps and desk.view().refusal is None  # not theirs: ignored, not refused
    watcher = Desk(game, seats=frozenset())
    assert not watcher.view().options


def test_bots_answer_through_the_pool_with_the_moves_made_here(pool: SearchPool) -> None:
    compiled = compile_ruleset("2e")
    remote = Desk(GameSession.start(compiled, 5, ("human", "mcts:quick"), answer=False), pool=pool)
    here = Desk(GameSession.start(compiled, 5, ("human", "mcts:quick"), answer=False))
    seen = []
    while (thinking := remote.think(wait=0.0)) is not None:  # at once: the search is queued
        seen.append(thinking)
        assert thinking.side == 1
    assert here.think() is None
    assert [s.action for s in remote.game.steps] == [s.action for s in here.game.steps]
    assert remote.game.steps and remote.view().options  # Athens' turn now
    assert seen  # the page had something to show while the search ran


def test_undo_while_a_bot_thinks_cancels_its_search(pool: SearchPool) -> None:
    compiled = compile_ruleset("2e")
    desk = Desk(GameSession.start(compiled, 5, ("human", "mcts:strong"), answer=False), pool=pool)
    while desk.think(wait=0.1) is not None:
        pass
    desk.click(Choose(("pass",)))
    assert desk.think() is not None  # Sparta's search is under way
    ticket = desk._ticket
    assert ticket is not None
    desk.click(Undo())
    assert desk._ticket is None and pool._cancelled[ticket.slot]
    assert desk.view().options  # Athens decides again


def test_a_hint_is_searched_in_the_pool_as_it_would_be_here(
    pool: SearchPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from polis.play.desk import Hint
    from polis.play.pool import advise_here

    monkeypatch.setattr(game_module, "HINT_BOT", "mcts:quick")
    desk = Desk(GameSession.start(compile_ruleset("2e"), 6, ("human", "greedy")), pool=pool)
    desk.click(Hint())
    seen = []
    while (pending := desk.advise(wait=0.0)) is not None:
        seen.append(pending)
        assert pending.side == desk.state.player and not pending.busy
    found = desk.view().advice
    assert found is not None and seen  # queued first: the page had a bar to show
    assert found == advise_here(desk.game.hint_job())


def test_a_desk_where_nobody_decides_is_only_watched() -> None:
    compiled = compile_ruleset("2e")
    bots = Desk(GameSession.start(compiled, 3, ("greedy", "greedy"), answer=False))
    assert bots.watched() and not bots.deciding()
    assert not Desk(GameSession.start(compiled, 3, ("human", "greedy"))).watched()
    assert not Desk(GameSession.start(compiled, 3, ("human", "human"))).watched()
