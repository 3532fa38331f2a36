"""Property tests over seeded random playouts: 500 games per ruleset.

Half the games start as printed; half start rich in wheat and prestige so
they last into the later rounds where battles happen. After every action the
invariants hold; every game ends; replaying its record gives the same state;
a state played on in place (`advance`) holds what copies of it hold.
"""

from __future__ import annotations

import ast
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from polis.compiler import compile_ruleset
from polis.engine import State, advance, apply_unchecked, legal_actions, new_game
from polis.engine.invariants import violations
from polis.engine.record import Record, action_json, replay
from polis.engine.state_json import apply_overrides, to_json
from polis.native import source_file
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


@cache
def _slots(cls: str) -> tuple[str, ...]:
    """The slot names of a class of polis.engine.state, read from its source (a compiled
    class need not list them); read when a test asks, not while collecting."""
    tree = ast.parse(source_file("polis.engine.state").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for stmt in node.body:
                target = stmt.targets[0] if isinstance(stmt, ast.Assign) else None
                if isinstance(target, ast.Name) and target.id == "__slots__":
                    return tuple(ast.literal_eval(stmt.value))
    raise AssertionError(f"no __slots__ in {cls}")


def fields(s: State) -> dict[str, object]:
    """Everything a state holds, its battle's fields spelled out."""
    held = {name: getattr(s, name) for name in _slots("State") if name != "battle"}
    if s.battle is not None:
        held["battle"] = {name: getattr(s.battle, name) for name in _slots("Battle")}
    return held


def test_the_slots_read_from_the_source_are_the_states() -> None:
    assert {"units", "battle", "log", "rng"} <= set(_slots("State"))
    assert {"deck", "hands"} <= set(_slots("Battle"))


@pytest.mark.parametrize("ruleset", list(discover()))
def test_advance_plays_as_apply_unchecked_in_place(ruleset: str) -> None:
    """A state played on in place holds what the copies hold, step by step, log included."""
    compiled = compile_ruleset(ruleset)

    @settings(max_examples=25, deadline=None, derandomize=True, database=None)
    @given(seed=st.integers(0, 2**31 - 1), rich=st.booleans())
    def check(seed: int, rich: bool) -> None:
        copied = new_game(compiled.config, seed)
        start = rich_start(ruleset) if rich else None
        if start:
            apply_overrides(copied, start)
        in_place = copied.copy()
        chooser = random.Random(seed)
        while not copied.finished:
            action = chooser.choice(legal_actions(copied))
            copied = apply_unchecked(copied, action)
            advance(in_place, action)
            assert fields(in_place) == fields(copied)

    check()
