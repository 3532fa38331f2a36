"""The engine's shortcuts give what the long way gives (issue 31 part 5).

- `TurnOffers` answers one question at a time from facts computed once; asked in any
  order, it agrees with a fresh check of each action (`turns.offered`) and with
  `legal_actions`.
- `scores` adds up the score without building `score_parts`; the sums agree.
- The parts of the state that play seldom changes are tuples shared by copies; a move
  played on a copy never changes the state it was given.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from polis.compiler import compile_ruleset
from polis.engine import (
    ACT,
    PASS,
    RANSOM,
    TurnOffers,
    apply_unchecked,
    legal_actions,
    new_game,
    score_parts,
    scores,
    turns,
)
from polis.engine.state_json import apply_overrides, to_json
from polis.rules.registry import discover
from tests.helpers import random_states, rich_start

RULESETS = list(discover())


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**31 - 1), rich=st.booleans(), order=st.randoms(use_true_random=False))
def test_turn_offers_asked_in_any_order_agree_with_a_fresh_check_of_each_action(
    ruleset: str, seed: int, rich: bool, order: random.Random
) -> None:
    cfg = compile_ruleset(ruleset).config
    state = new_game(cfg, seed)
    if rich:
        apply_overrides(state, rich_start(ruleset))
    chooser = random.Random(seed)
    turns_seen = 0
    while not state.finished:
        options = legal_actions(state)
        if state.phase == "turn":
            turns_seen += 1
            offers = TurnOffers(state)
            asked = [*range(len(cfg.actions)), *range(len(cfg.actions))]  # each one twice
            order.shuffle(asked)
            for k in asked:
                fresh = turns.offered(state, state.player, k)
                assert offers.act(k) == fresh, (cfg.actions[k].id, state.phase)
                assert fresh <= offers.open(k)  # open is a necessary condition
                assert ((ACT, cfg.actions[k].id) in options) == fresh
            assert offers.ransom() == ((RANSOM,) in options)
            assert options[-1] == (PASS,)
        state = apply_unchecked(state, chooser.choice(options))
    assert turns_seen


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_score_is_the_sum_of_its_parts(ruleset: str) -> None:
    checked = 0
    for state in random_states(ruleset, games=30):
        parts = score_parts(state)
        assert scores(state) == [sum(side.values()) for side in parts]
        checked += 1
    assert checked > 500


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_move_never_changes_the_state_it_was_played_on(ruleset: str) -> None:
    """Copies share the tuples of what play seldom changes; a move replaces them."""
    cfg = compile_ruleset(ruleset).config
    checked = 0
    for seed in range(30):
        state = new_game(cfg, seed)
        if seed % 2:
            apply_overrides(state, rich_start(ruleset))
        chooser = random.Random(seed)
        while not state.finished:
            before = to_json(state)
            options = legal_actions(state)
            for action in options[:4]:  # several moves from the same state
                apply_unchecked(state, action)
            assert to_json(state) == before
            checked += 1
            state = apply_unchecked(state, chooser.choice(options))
    assert checked > 500
