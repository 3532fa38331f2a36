"""Actions survive the trip to JSON and back; malformed JSON is refused plainly."""

from __future__ import annotations

import random

import pytest

from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, legal_actions, new_game
from polis.engine.notation import NotationError, from_json
from polis.engine.record import action_json
from polis.rules.registry import discover


@pytest.mark.parametrize("ruleset", list(discover()))
def test_every_offered_action_round_trips(ruleset: str) -> None:
    cfg = compile_ruleset(ruleset).config
    chooser = random.Random(5)
    seen_ops: set[str] = set()
    for seed in range(30):
        s = new_game(cfg, seed)
        while not s.finished:
            options = legal_actions(s)
            for action in options:
                assert from_json(cfg, action_json(s, action)) == action
                seen_ops.add(action[0])
            s = apply_unchecked(s, chooser.choice(options))
    assert {"act", "pass", "dest", "from", "polis", "build", "slot"} <= seen_ops


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("pass", "an action is a list"),
        ([], "an action is a list"),
        (["fly"], "unknown action 'fly'"),
        (["dest"], "takes 1 argument"),
        (["dest", "atlantis"], "unknown area 'atlantis'"),
        (["attack", "phalanx", "x"], "a card is written like"),
        (["attack", "sky:phalanx/othismos", "land:x/y"], "unknown combat deck"),
        (["alloc", 1, "two"], "takes whole numbers"),
        (["pay", True], "takes a whole number"),
    ],
)
def test_malformed_actions(data: object, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        from_json(compile_ruleset("2e").config, data)
