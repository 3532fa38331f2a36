"""Battles as cards: faces, what a pick means, and what an answer would do."""

from __future__ import annotations

from polis.engine import apply, legal_actions
from polis.play import cards
from tests.app.scenes import BATTLE, state


def test_the_hand_has_one_face_per_card() -> None:
    s = state(**BATTLE)
    hand = cards.hand(s, s.player)
    assert len(hand) == sum(s.battle.hands[s.player])  # type: ignore[union-attr]
    assert len({f.id for f in hand}) == len(hand)


def test_a_pick_is_the_legal_option_it_stands_for() -> None:
    s = state(**BATTLE)
    options = legal_actions(s)
    attack = options[0]
    a, b = attack[1], attack[2]
    assert cards.pick_action(options, "attack", [b, a]) == attack  # order does not matter
    assert cards.pick_action(options, "attack", [a]) is None
    assert cards.pick_action(options, "defend", [a, b]) is None  # not the decision now
    s = apply(s, attack)
    defend = legal_actions(s)
    for option in defend:
        assert cards.pick_action(defend, "defend", list(option[1:])) == option


def test_the_preview_is_what_the_engine_does() -> None:
    s = state(**BATTLE)
    s = apply(s, legal_actions(s)[0])
    for option in legal_actions(s):
        p = cards.preview(s, option[1:])
        after = apply(s, option)
        assault = next(params for key, params in after.log if key == "assault")
        assert (p.losses, p.prestige) == (assault["losses"], assault["prestige"])
        assert p.losses == sum(not ok for ok in p.answered)


def test_shown_cards_and_hand_cards_have_distinct_ids() -> None:
    s = state(**BATTLE)
    s = apply(s, legal_actions(s)[0])  # shown: the defender sees them next to its hand
    shown = {f.id for f in cards.shown(s)}
    hand = {f.id for f in cards.hand(s, s.player)}
    assert len(shown) == 2 and not shown & hand
