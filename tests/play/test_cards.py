"""Battles as cards: faces, what a pick means, and what an answer would do."""

from __future__ import annotations

import pytest

from polis.engine import apply, legal_actions
from polis.engine.battle import matched
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


def test_the_chance_of_an_answer_counts_the_cards_the_attacker_cannot_see() -> None:
    from math import comb

    from polis.engine.battle import cards_of
    from polis.play.cards import answer_chance, answer_chances, answered_by

    s = state(**BATTLE)
    while s.phase != "attack":
        s = apply(s, legal_actions(s)[0])
    me = s.player
    assert s.battle is not None
    cards = cards_of(s, s.battle)
    chances = answer_chances(s, me)
    assert set(chances) == {k for k, n in enumerate(s.battle.hands[me]) if n}
    theirs = s.battle.hands[1 - me]
    unseen = list(s.battle.deck) + [k for k, n in enumerate(theirs) for _ in range(n)]
    for k, chance in chances.items():
        answering = sum(1 for j in unseen if matched(cards[k], cards[j]))
        expected = 1 - comb(len(unseen) - answering, sum(theirs)) / comb(len(unseen), sum(theirs))
        assert chance == pytest.approx(expected)
    # the defender's real hand is not read: the same chances whatever it holds
    other = s.copy()
    assert other.battle is not None
    held = next(k for k, n in enumerate(other.battle.hands[1 - me]) if n)
    free = next(k for k in other.battle.deck if k != held)
    other.battle.hands[1 - me][held] -= 1
    other.battle.hands[1 - me][free] += 1
    other.battle.deck.remove(free)
    other.battle.deck.append(held)
    assert answer_chances(other, me) == chances
    # a card nobody can answer, and one every card answers
    special = {c.special: k for k, c in enumerate(cards) if c.special}
    for k in special.values():
        s.battle.hands[me][k] += 1
    unanswerable = next(k for k, c in enumerate(cards) if c.special and not matched(c, c))
    assert answer_chance(s, me, unanswerable) == 0.0
    wildcard = next(k for k, c in enumerate(cards) if c.special and matched(c, cards[0]))
    assert answer_chance(s, me, wildcard) == 1.0
    # the defender: which of its cards answer which card shown
    s = apply(s, next(a for a in legal_actions(s) if a[0] == "attack"))
    assert s.phase == "defend"
    shown = s.battle.played
    for k, positions in answered_by(s, s.player).items():
        assert positions == tuple(i for i, a in enumerate(shown) if matched(cards[a], cards[k]))
