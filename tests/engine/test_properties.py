"""Property tests over seeded random playouts: 500 games per ruleset.

Half the games start as printed; half start rich in wheat and prestige so
they last into the later rounds where battles happen. After every action the
invariants hold; every game ends; replaying its record gives the same state.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from polis.compiler import compile_ruleset
from polis.engine import State, apply_unchecked, legal_actions, new_game
from polis.engine.invariants import violations
from polis.engine.record import Record, action_json, replay
from polis.engine.state_json import apply_overrides, to_json
from polis.rules.registry import discover
from tests.helpers import rich_start

MAX_ACTIONS = 5_000


def play(ruleset: str, seed: int, rich: bool) -> tuple[State, Record, list[str]]:
    compiled = compile_ruleset(ruleset)
    state = new_game(compiled.config, seed)
    start = rich_start(ruleset) if rich else None
    if start:
        apply_overrides(state, start)
    chooser = random.Random(seed)
    record = Record(ruleset, compiled.content_hash, seed, start=start)
    problems = violations(state)
    steps = 0
    while not state.finished and not problems:
        options = legal_actions(state)
        assert options, f"no legal action in phase {state.phase}"
        action = chooser.choice(options)
        record.actions.append(action_json(state, action))
        state = apply_unchecked(state, action)
        problems = violations(state)
        steps += 1
        assert steps < MAX_ACTIONS, "the game did not end"
    return state, record, problems


@pytest.mark.parametrize("ruleset", list(discover()))
def test_random_playouts_keep_every_invariant(ruleset: str) -> None:
    @settings(
        max_examples=500,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=st.integers(0, 2**31 - 1), rich=st.booleans())
    def check(seed: int, rich: bool) -> None:
        final, record, problems = play(ruleset, seed, rich)
        assert problems == [], f"seed {seed} rich={rich}: {problems}"
        assert final.finished
        *_, replayed = replay(record, compile_ruleset(ruleset))
        assert to_json(replayed) == to_json(final)

    check()
