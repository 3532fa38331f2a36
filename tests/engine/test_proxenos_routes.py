"""The bribe-free shortcut agrees with the cheapest-route table, in every state of many games."""

from __future__ import annotations

import pytest

from polis.compiler import compile_ruleset
from polis.engine.act_political import can_move_proxenos, proxenos_moves
from polis.engine.board import bribe_free_destinations, proxenos_costs
from polis.rules.registry import discover
from tests.helpers import random_states


@pytest.mark.parametrize("ruleset", list(discover()))
def test_bribe_free_destinations_are_the_zero_cost_routes(ruleset: str) -> None:
    cfg = compile_ruleset(ruleset).config
    checked = blocked = 0
    for state in random_states(ruleset):
        for side in (0, 1):
            here = state.proxenos[side]
            if here < 0:
                continue
            costs = proxenos_costs(state, side, here)
            free = {p for (p, _), cost in costs.items() if cost == 0}
            mask = bribe_free_destinations(state, side, here)
            assert {p for p in range(len(cfg.poleis)) if mask >> p & 1} == free
            moves = next(proxenos_moves(state, side), None) is not None
            assert can_move_proxenos(state, side) == moves
            checked += 1
            blocked += not free
    assert checked > 1000 and blocked > 0, (checked, blocked)
