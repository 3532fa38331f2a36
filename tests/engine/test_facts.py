"""SideFacts (computed once per decision) agree with the state's own answers, everywhere."""

from __future__ import annotations

import random

import pytest

from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, legal_actions, new_game, turns
from polis.engine.facts import SideFacts
from polis.rules.registry import discover
from tests.helpers import random_states


@pytest.mark.parametrize("ruleset", list(discover()))
def test_side_facts_match_the_state(ruleset: str) -> None:
    checked = 0
    for state in random_states(ruleset):
        for side in (0, 1):
            facts = SideFacts(state, side)
            assert facts.owned == state.owned(side)
            assert facts.supply == state.supply(side)
            assert facts.discs_free == state.discs_free(side)
            assert facts.limit == state.stacking_limit()
            checked += 1
    assert checked > 1000


def test_the_surcharge_check_leaves_the_goods_as_they_were() -> None:
    cfg = compile_ruleset("2e").config
    chooser = random.Random(3)
    seen = 0
    for seed in range(60):
        state = new_game(cfg, seed)
        while not state.finished:
            if state.phase == "turn" and turns.surcharge(state):
                goods = state.goods[:]
                facts = SideFacts(state, state.player)
                for act in cfg.actions:
                    with_facts = turns.surcharge_goods(state, state.player, act.id, facts=facts)
                    assert with_facts == turns.surcharge_goods(state, state.player, act.id)
                assert state.goods == goods
                seen += 1
            state = apply_unchecked(state, chooser.choice(legal_actions(state)))
    assert seen > 20
