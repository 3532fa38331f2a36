"""The Polis engine: a seeded, replayable state machine over a compiled ruleset.

>>> from polis.compiler import compile_ruleset
>>> from polis import engine
>>> s = engine.new_game(compile_ruleset("2e").config, seed=1)
>>> s.phase, s.player
('turn', 1)
>>> ("pass",) in engine.legal_actions(s)
True

At every moment one player owes a decision: `legal_actions(state)` lists the
choices, `apply(state, action)` returns the next state (the given one is never
changed) or raises `Refusal` naming the rule, and `explain(state, action)` says
why an action is not allowed. The engine reads only the compiled configuration;
editions differ in data, never in code.
"""

from __future__ import annotations

from polis.engine import (  # noqa: F401  (modules register their phases on import)
    act_development,
    act_military,
    act_political,
    battle,
    events,
    flow,
    round_end,
    turns,
)
from polis.engine.core import advance, apply, apply_unchecked, legal_actions, new_game
from polis.engine.explain import explain
from polis.engine.phases import Action, Refusal
from polis.engine.state import State

__all__ = [
    "Action",
    "Refusal",
    "State",
    "advance",
    "apply",
    "apply_unchecked",
    "explain",
    "legal_actions",
    "new_game",
]
