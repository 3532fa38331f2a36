"""Small game positions for the Play page's tests (built with the engine's own overrides)."""

from __future__ import annotations

from typing import Any

from polis.compiler import compile_ruleset
from polis.engine import new_game
from polis.engine.state import State
from polis.engine.state_json import apply_overrides
from polis.play.game import GameSession

# a land battle in Boiotia that Athens opens, with known hands
BATTLE = {
    "units": {"athens": {"boiotia": 4}, "sparta": {"boiotia": 4}},
    "battle": {
        "area": "boiotia",
        "attacker": "athens",
        "hands": {
            "athens": ["land:phalanx/othismos", "land:phalanx/advance", "land:cavalry/advance"],
            "sparta": ["land:phalanx/othismos", "land:cavalry/hold", "land:archers/advance"],
        },
    },
}


def state(ruleset: str = "2e", seed: int = 1, **overrides: Any) -> State:
    s = new_game(compile_ruleset(ruleset).config, seed)
    if overrides:
        apply_overrides(s, overrides)
    return s


def hotseat(ruleset: str = "2e", seed: int = 1, **overrides: Any) -> GameSession:
    """A game of two people, with the last state changed by `overrides`."""
    game = GameSession.start(compile_ruleset(ruleset), seed, ("human", "human"))
    if overrides:
        apply_overrides(game.states[-1], overrides)
    return game


def starving(s: State) -> dict[str, Any]:
    """Overrides that leave the player to move without wheat and the other side passed."""
    me, other = s.cfg.sides[s.player], s.cfg.sides[1 - s.player]
    return {"passed": [other], "sides": {me: {"goods": {"wheat": 0}, "prestige": 1}}}


def starved_out(ruleset: str = "2e") -> tuple[State, int]:
    """A game lost at once: the player to move passes with an unfed capital after the other
    passed. Returns the final state and the side that lost."""
    from polis.engine import apply

    s = state(ruleset)
    loser = s.player
    apply_overrides(s, starving(s))
    return apply(s, ("pass",)), loser
