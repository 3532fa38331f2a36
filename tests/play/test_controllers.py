"""Controllers are declared once: every one of them is saved and loaded again, by file and link."""

from __future__ import annotations

import pytest

from polis.app import labels
from polis.bots import every_spec
from polis.compiler import compile_ruleset
from polis.engine.record import RecordError, loads
from polis.play.controllers import CONTROLLERS, HUMAN, SEARCHES, canonical, from_meta
from polis.play.game import GameSession, open_record
from polis.play.share import decode_record, encode_record


def shipped(rid: str) -> bool:
    return rid in ("1e", "2e")


def test_every_bot_and_level_is_a_controller_and_has_a_label() -> None:
    assert (HUMAN, *every_spec()) == CONTROLLERS
    assert set(labels.CONTROLLERS) == set(CONTROLLERS)  # the form offers each, worded
    assert {"mcts:quick", "mcts:normal", "mcts:strong"} == SEARCHES


@pytest.mark.parametrize("controller", CONTROLLERS)
def test_a_game_with_each_controller_is_saved_and_loaded(controller: str) -> None:
    compiled = compile_ruleset("2e")
    game = GameSession.start(compiled, 4, (HUMAN, controller), answer=False)
    assert game.state.player == 1  # Sparta opens: a move of the controller's side
    if game.awaiting_bot:
        game.run_bots(limit=1)
    else:
        game.play(game.legal()[0], answer=False)
    raw = game.record().dumps().encode("utf-8")
    by_file, _overlay = open_record(raw, shipped=shipped)
    by_link, _overlay = open_record(
        decode_record(encode_record(loads(raw).to_json())), shipped=shipped
    )
    for loaded in (by_file, by_link):
        assert loaded.controllers == (HUMAN, controller)
        assert [s.action for s in loaded.steps] == [s.action for s in game.steps]
        assert [s.by_bot for s in loaded.steps] == [s.by_bot for s in game.steps]


def test_other_names_of_a_controller_are_its_declared_name() -> None:
    assert canonical("mcts") == "mcts:normal" and canonical("greedy:strong") == "greedy"
    assert canonical("robot") is None and canonical("mcts:expert") is None
    assert from_meta({"controllers": ["mcts", "human"]}) == ("mcts:normal", HUMAN)
    assert from_meta({}) == (HUMAN, HUMAN)


@pytest.mark.parametrize("bad", [["human"], ["human", "robot"], "human", [1, 2], None])
def test_an_unknown_controller_is_refused_naming_the_declared_ones(bad: object) -> None:
    meta = {"controllers": bad} if bad is not None else {"controllers": 5}
    with pytest.raises(RecordError) as caught:
        from_meta(meta)
    assert "mcts:strong" in caught.value.render("en")
