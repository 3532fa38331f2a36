"""The guided first game: a tip at each new kind of decision of the first round, each with
its rule, gone once the player has made a decision of that kind."""

from __future__ import annotations

from polis.bots import make_bot
from polis.compiler import compile_ruleset
from polis.play import guide
from polis.play.desk import Choose, Desk, Undo
from polis.play.game import GameSession
from polis.reference.render import section_for_rule


def test_every_tip_links_a_rule_section_of_the_guided_ruleset() -> None:
    for found, rule in guide.RULES.items():
        section = section_for_rule(guide.GUIDED_RULESET, "en", rule)
        assert section is not None, (found, rule)


def guided() -> Desk:
    game = GameSession.start(
        compile_ruleset(guide.GUIDED_RULESET),
        guide.GUIDED_SEED,
        guide.GUIDED_CONTROLLERS,
    )
    desk = Desk(game)
    desk.tips = True
    return desk


def test_the_first_round_explains_each_new_kind_once() -> None:
    desk = guided()
    player = make_bot("greedy", 11)  # plays the person's side, as a newcomer might
    shown: list[tuple[int, str]] = []
    kinds_decided: set[str] = set()
    while True:
        desk.think()  # the easy bot answers here (no pool)
        view = desk.view()
        if view.state.round >= guide.TIP_ROUNDS:
            break
        assert view.options, view.state.phase
        now = guide.kind(view.state)
        if view.tip is not None:
            assert view.tip == now and now not in kinds_decided
            shown.append((len(desk.game.steps), view.tip))
        else:
            assert now in kinds_decided or now not in guide.RULES
        kinds_decided.add(now)
        desk.click(Choose(player.choose(view.state)))
    kinds = [k for _step, k in shown]
    assert kinds[0] == "turn" and len(kinds) == len(set(kinds))  # each kind explained once
    assert len(kinds) >= 4  # an action's own steps, the feeding... not only the first choice
    if desk.view().options:
        assert desk.view().tip == guide.AFTER  # the round is over: the closing tip
        desk.click(Choose(desk.view().options[0]))
        assert desk.view().tip is None  # and nothing more in the rounds after


def test_tips_can_be_switched_off_and_an_undo_brings_one_back() -> None:
    desk = guided()
    assert desk.view().tip == "turn"
    desk.tips = False
    assert desk.view().tip is None
    desk.tips = True
    desk.click(Choose(("act", "create_merchants")))
    assert desk.view().tip == "create_merchants"
    desk.click(Undo())
    assert desk.view().tip == "turn"  # nothing decided any more: explained again


def test_a_kind_is_the_action_whose_step_it_is_or_the_phase() -> None:
    desk = guided()
    assert guide.kind(desk.state) == "turn"
    desk.click(Choose(("act", "move_hoplites")))
    assert desk.state.phase == "move_dest" and guide.kind(desk.state) == "move_hoplites"
