"""The table of operations declares every choice the engine offers, as it offers it."""

from __future__ import annotations

import random

import pytest

from polis.compiler import compile_ruleset
from polis.engine import (
    OPERATIONS,
    apply_unchecked,
    board_argument,
    explain,
    fits,
    legal_actions,
    new_game,
)
from polis.engine.operations import ARG_KINDS, BOARD_KINDS
from polis.engine.phases import PHASES
from polis.engine.state_json import apply_overrides
from polis.narrate import LABELS
from polis.play.clicks import board_target, probe_for_click
from polis.rules.registry import discover


@pytest.mark.parametrize("ruleset", list(discover()))
def test_every_offered_choice_is_declared_with_its_decision_and_arguments(ruleset: str) -> None:
    cfg = compile_ruleset(ruleset).config
    chooser = random.Random(11)
    seen: set[tuple[str, str]] = set()
    for seed in range(20):
        s = new_game(cfg, seed)
        while not s.finished:
            options = legal_actions(s)
            for action in options:
                op = OPERATIONS[action[0]]
                assert s.phase in op.phases, (action, s.phase)
                assert fits(action), action
                assert all(isinstance(a, int) for a in action[1:] if op.args != ("action",))
                seen.add((s.phase, op.name))
            s = apply_unchecked(s, chooser.choice(options))
    assert len(seen) >= 20  # the games reach most decisions


def test_the_table_is_consistent() -> None:
    for name, op in OPERATIONS.items():
        assert op.name == name
        assert op.phases and set(op.phases) <= set(PHASES), name
        assert set(op.args) <= set(ARG_KINDS), name
        assert op.wording in LABELS, f"polis.narrate.LABELS has no label for {op.wording!r}"
        if op.target >= 0:
            assert op.args[op.target] in BOARD_KINDS, name
        else:  # an argument naming a board element is clickable
            assert not set(op.args) & BOARD_KINDS, name
    # every decision of the engine offers some declared operation (the game's end none)
    offered = {phase for op in OPERATIONS.values() for phase in op.phases}
    assert offered == set(PHASES) - {"over"}


def test_shapes_and_board_arguments() -> None:
    assert fits(("dest", 3)) and not fits(("dest",)) and not fits(("dest", 3, 4))
    assert fits(("alloc", 1, 2, 0)) and fits(("pass",)) and not fits(("fly",)) and not fits(())
    assert board_argument(("dest", 3)) == ("area", 3)
    assert board_argument(("build", 0, -1)) == ("place", -1)
    assert board_argument(("proxenos", 5, 1)) == ("polis", 5)
    assert board_argument(("pass",)) is None and board_argument(("attack", 1, 2)) is None


def test_board_clicks_read_the_table() -> None:
    s = new_game(compile_ruleset("2e").config, 0)
    assert board_target(s, ("build", 1, -1)) == ("port", s.player)
    assert board_target(s, ("build", 1, 4)) == ("area", 4)
    assert board_target(s, ("release", 2)) == ("polis", 2)
    apply_overrides(s, {"phase": "turn", "player": "athens", "active": "athens"})
    s.phase = "move_dest"
    assert probe_for_click(s, "area", 7) == ("dest", 7)
    s.phase = "feed"
    assert probe_for_click(s, "polis", 7) == ("release", 7)
    assert probe_for_click(s, "slot", 1) is None


def test_a_refusal_cites_the_operations_own_rule() -> None:
    s = new_game(compile_ruleset("2e").config, 0)
    apply_overrides(s, {"phase": "turn", "player": "athens", "active": "athens"})
    refusal = explain(s, ("ransom",))
    assert refusal is not None and refusal.rule == OPERATIONS["ransom"].rule == "actions.ransom"
    refusal = explain(s, ("dest", 3))  # not a choice of the turn: the turn's rule
    assert refusal is not None and refusal.rule == PHASES["turn"].rule
