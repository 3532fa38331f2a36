"""The review of a game: the chances after every turn, the costliest turns, the bot's choice."""

from __future__ import annotations

import itertools

import pytest

from polis.bots import fitted
from polis.compiler import compile_ruleset
from polis.play import game as game_module
from polis.play import review
from polis.play.desk import Desk, Hint
from polis.play.game import GameSession
from polis.play.review import Turn
from tests.app.scenes import starved_out

QUICK = "mcts:quick"


def test_turns_are_what_players_call_turns() -> None:
    game = GameSession.start(compile_ruleset("2e"), 3, ("greedy", "greedy"))
    states = game.states
    found = review.turns(states)
    # they cover the game, one after the other, each by one side
    assert found[0].first == 0 and found[-1].end == len(game.steps)
    assert all(a.end == b.first for a, b in itertools.pairwise(found))
    for turn in found:
        assert {s.side for s in game.steps[turn.first : turn.end]} == {turn.side}
        # a turn never spans two rounds, nor the turns and the round's end
        assert len({states[i].round for i in range(turn.first, turn.end)}) == 1
        assert len({bool(states[i].step) for i in range(turn.first, turn.end)}) == 1
    # a side acting alone after a pass plays one action a turn
    alone = [
        t
        for t in found
        if states[t.first].phase == "turn" and states[t.first].passed >> (1 - t.side) & 1
    ]
    assert alone
    for turn in alone:
        actions = [i for i in range(turn.first, turn.end) if states[i].phase == "turn"]
        assert actions == [turn.first]
    assert review.turns(states[:1]) == []


def test_the_chance_is_the_fitted_evaluation_squashed_and_a_result_at_the_end() -> None:
    cfg = compile_ruleset("2e").config
    assert review.scale_for(cfg) == fitted.table()["2e"]["scale"]
    final, loser = starved_out()
    assert review.chance(final, loser, 10.0) == 0.0 and review.chance(final, 1 - loser, 10.0) == 1.0
    game = GameSession.start(compile_ruleset("2e"), 3, ("greedy", "greedy"))
    curve = review.chances(game.states)
    assert len(curve) == len(game.states) and game.state.finished
    assert all(0.0 <= c <= 1.0 for c in curve)
    assert curve[-1] in (0.0, 0.5, 1.0)
    assert 0.2 < curve[0] < 0.8  # nobody has won before the first move


def test_slips_are_the_sides_own_turns_that_cost_it_most() -> None:
    turns = [Turn(0, 0, 1), Turn(1, 1, 2), Turn(0, 2, 3), Turn(1, 3, 4), Turn(0, 4, 5)]
    curve = [0.5, 0.4, 0.6, 0.3, 0.35, 0.1]  # the first side's chance at each position
    athens = review.slips(curve, turns, 0)
    # 0.6 -> 0.3, then 0.35 -> 0.1, then 0.5 -> 0.4
    assert [s.turn.first for s in athens] == [2, 4, 0]
    assert athens[0].fall == pytest.approx(0.3)
    sparta = review.slips(curve, turns, 1)
    # Sparta's chance is the rest: 0.6 -> 0.4, then 0.7 -> 0.65
    assert [s.turn.first for s in sparta] == [1, 3]
    assert review.slips([0.5, 0.6], [Turn(0, 0, 1)], 0) == []  # a turn that gained: no slip
    many = [Turn(0, i, i + 1) for i in range(5)]
    assert len(review.slips([1.0 - i / 10 for i in range(6)], many, 0)) == review.WORST


def test_the_desk_reviews_a_finished_game_with_the_bots_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game_module, "HINT_BOT", QUICK)
    desk = Desk(GameSession.start(compile_ruleset("2e"), 3, ("greedy", "greedy")))
    assert desk.reviewable()
    found = desk.review(0)
    assert found is desk.review(0)  # once per position
    assert found.slips and all(s.turn.side == 0 for s in found.slips)
    assert all(found.choice(s) is None for s in found.slips)  # not searched yet
    shares: list[float] = []
    while (pending := desk.analyse(0, progress=shares.append)) is not None:
        assert 0.0 <= pending.share <= 1.0
    for slip in found.slips:
        choice = found.choice(slip)
        assert choice is not None and choice.side == 0
        # the bot's choice there is the hint the player would have had at that step
        job = desk.game.hint_job(slip.turn.first)
        assert job.actions == tuple(s.move for s in desk.game.steps[: slip.turn.first])
    assert shares  # the searches told how far they had come
    assert desk.review(1).side == 1 and desk.review(1) is not found


def test_a_game_under_way_is_reviewed_only_where_hints_are_allowed() -> None:
    desk = Desk(GameSession.start(compile_ruleset("2e"), 3, ("human", "greedy")))
    assert desk.reviewable()  # Sparta has moved: something to look back on
    desk.hints_allowed = False
    assert not desk.reviewable()
    assert not desk.view().hints
    desk.click(Hint())
    assert not desk.view().hinting and desk.advise() is None


def test_a_hint_is_asked_searched_and_dropped_when_the_game_moves_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game_module, "HINT_BOT", QUICK)
    desk = Desk(GameSession.start(compile_ruleset("2e"), 3, ("human", "greedy")))
    view = desk.view()
    assert view.hints and not view.hinting and view.advice is None
    view = desk.click(Hint())
    assert view.hinting and view.advice is None
    while desk.advise() is not None:
        pass
    view = desk.view()
    assert not view.hinting and view.advice is not None
    assert view.advice.action in view.options
    desk.click(Hint())  # asked again in the same position: the same hint, not a new search
    assert desk.view().advice == view.advice
    from polis.play.desk import Choose

    desk.click(Choose(view.advice.action))  # the hint followed
    assert desk.game.steps[-1].move == view.advice.action
    assert desk.view().advice is None  # a new position: a hint of its own, when asked
