"""The observer: what a seat may see, and states it could believe in."""

from __future__ import annotations

import json
import random
from collections import Counter

from polis.compiler import compile_ruleset
from polis.engine import (
    apply_unchecked,
    determinize,
    legal_actions,
    new_game,
    observe,
    unseen_cards,
)
from tests.bots.positions import ATHENS_HANDS, SPARTA_HAND, battle


def test_a_seat_sees_its_hand_and_only_the_size_of_the_other() -> None:
    s = battle(ATHENS_HANDS[0])  # Sparta attacks and decides
    assert s.battle is not None
    sparta, athens = observe(s, 1), observe(s, 0)
    assert sparta.hand == tuple(s.battle.hands[1]) and athens.hand == tuple(s.battle.hands[0])
    assert sparta.hand_sizes == athens.hand_sizes == (len(ATHENS_HANDS[0]), len(SPARTA_HAND))
    data = sparta.to_json()
    assert sorted(data["hand"]) == sorted(SPARTA_HAND)
    assert "hands" not in data["battle"] and "forced_dice" not in data
    assert data["seat"] == "sparta" and data["hand_sizes"] == {"athens": 4, "sparta": 4}
    assert data["legal"] and all(a[0] == "attack" for a in data["legal"])
    json.dumps(data)  # JSON-able as it is


def test_what_a_seat_cannot_see_never_changes_its_observation() -> None:
    """Only the other hand, the deck's order, the generator and forced dice differ."""
    seen = []
    for hand in ATHENS_HANDS:
        s = battle(hand)
        assert s.battle is not None
        s.battle.deck.reverse()
        s.rng ^= 0x5DEECE66D
        s.forced = (6, 1)
        seen.append(json.dumps(observe(s, 1).to_json(), sort_keys=True))
    assert len(set(seen)) == 1
    # the hidden hand is what the other seat sees: its observations differ
    assert len({json.dumps(observe(battle(h), 0).to_json()) for h in ATHENS_HANDS}) > 1


def test_only_the_deciding_seat_gets_its_choices() -> None:
    s = new_game(compile_ruleset("2e").config, 1)
    assert observe(s, s.player).legal == tuple(legal_actions(s))
    assert observe(s, 1 - s.player).legal == () and not observe(s, 1 - s.player).deciding
    s = apply_unchecked(s, ("pass",))
    assert observe(s, 0).log == tuple(s.log) and observe(s, 0).to_json()["log"]


def test_a_determinization_keeps_what_the_seat_knows() -> None:
    s = battle(ATHENS_HANDS[0])
    assert s.battle is not None
    unseen = Counter(unseen_cards(s, 1))
    assert unseen == Counter(s.battle.deck) + Counter(
        {k: n for k, n in enumerate(s.battle.hands[0]) if n}
    )
    rng = random.Random(3)
    deals = set()
    for _ in range(20):
        d = determinize(s, 1, rng)
        assert d.battle is not None
        assert d.battle.hands[1] == s.battle.hands[1] and sum(d.battle.hands[0]) == 4
        assert Counter(unseen_cards(d, 1)) == unseen and d.forced == () and d.rng != s.rng
        # the same observation (a copy starts an empty log: the log is the last step's)
        assert observe(d, 1).to_json() | {"log": []} == observe(s, 1).to_json() | {"log": []}
        deals.add(tuple(d.battle.hands[0]))
    assert len(deals) > 5
    # the deal depends on the cards Sparta cannot tell apart, never on the real split
    one = determinize(battle(ATHENS_HANDS[0]), 1, random.Random(9))
    other = determinize(battle(ATHENS_HANDS[1]), 1, random.Random(9))
    assert one.battle is not None and other.battle is not None
    assert one.battle.hands == other.battle.hands and one.battle.deck == other.battle.deck
