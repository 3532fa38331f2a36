"""The app's game session: bots answer, undo stops at dice and at the other human."""

from __future__ import annotations

import pytest

from polis.bots import LEVELS, Budget
from polis.compiler import compile_ruleset
from polis.engine import legal_actions
from polis.engine.record import loads
from polis.play.clicks import for_click, probe_for_click, targets
from polis.play.game import GameSession


def test_bots_answer_until_a_human_must_decide() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    assert game.awaiting_human and game.state.player == 0  # Sparta (a bot) opened the round


def test_bot_against_bot_plays_to_the_end() -> None:
    game = GameSession.start(compile_ruleset("1e-corinthian-war"), 2, ("random", "greedy"))
    assert game.state.finished and len(game.steps) > 10
    assert all(step.by_bot for step in game.steps)


def test_undo_takes_back_a_human_move_and_the_bots_answers() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    before = len(game.states)
    game.play(("act", "create_hoplites")) if ("act", "create_hoplites") in game.legal() else None
    assert game.undo_target() == before - 1
    assert game.undo() and len(game.states) == before


def test_no_undo_past_a_die_roll() -> None:
    game = GameSession.start(compile_ruleset("2e"), 0, ("human", "human"))
    from polis.engine.state_json import apply_overrides

    apply_overrides(
        game.states[-1],
        {
            "phase": "turn",
            "player": "athens",
            "active": "athens",
            "clear_units": True,
            "units": {"athens": {"boiotia": 3}},
        },
    )
    game.play(("act", "besiege"))
    thebai = next(p for p, pol in enumerate(game.compiled.config.poleis) if pol.id == "thebai")
    assert game.undo_target() is not None  # choosing the action rolled nothing yet
    game.play(("polis", thebai))
    assert game.undo_target() is None  # the siege die was rolled


def test_no_undo_of_the_other_humans_move() -> None:
    game = GameSession.start(compile_ruleset("2e"), 0, ("human", "human"))
    assert game.state.player == 1
    game.play(("pass",))  # Sparta passes; now Athens decides
    assert game.state.player == 0
    assert game.undo_target() is None


def test_refused_play_changes_nothing() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    steps = len(game.steps)
    refusal = game.play(("act", "no_such_action"))
    assert refusal is not None and refusal.rule == "turn.actions"
    assert len(game.steps) == steps


def test_record_round_trip() -> None:
    compiled = compile_ruleset("2e")
    game = GameSession.start(compiled, 3, ("greedy", "random"))
    again = GameSession.from_record(loads(game.record().dumps()), compiled, ("greedy", "random"))
    assert [s.action for s in again.steps] == [s.action for s in game.steps]
    assert again.state.winner == game.state.winner


def test_map_clicks_map_to_choices() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "human"))
    assert game.play(("act", "move_hoplites")) is None
    options = legal_actions(game.state)
    points = targets(game.state, options)
    assert points and all(kind == "area" for kind, _ in points)
    kind, ident = sorted(points)[0]
    index = game.state.cfg.areas.index(ident)
    assert for_click(game.state, options, kind, index) == [("dest", index)]
    assert probe_for_click(game.state, "area", index) == ("dest", index)


def test_search_bots_answer_with_progress_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "normal", Budget(iterations=40, seconds=60.0, rollout_plies=0))
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "mcts:normal"), answer=False)
    assert game.awaiting_bot and not game.steps  # Sparta opens; nothing played yet
    heard: list[tuple[float, int]] = []
    moved = game.run_bots(progress=lambda share, done: heard.append((share, done)))
    assert moved >= 1 and game.awaiting_human and all(s.by_bot for s in game.steps)
    assert heard and heard[-1][0] == pytest.approx(1.0)
    assert {done for _share, done in heard} <= set(range(moved))
    assert game.record().meta["controllers"] == ["human", "mcts:normal"]


def test_a_human_move_can_wait_for_the_bots_answer() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    assert game.play(game.legal()[0], answer=False) is None
    assert game.awaiting_bot or game.awaiting_human  # Athens may still be on its turn
    game.run_bots()
    assert not game.awaiting_bot
