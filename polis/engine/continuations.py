"""What follows a sub-process: the continuations, by name, as `phases` holds the decisions.

A battle, an event's effects, the end of a round and the removal of a project
tile each end by handing control back, by name, to what the flow
(polis/engine/flow.py) registered under it. So none of them imports the flow,
which starts them, and only the flow knows the order of a round (as in
boardgame.io, where a move never calls into the flow). `State.then` holds the
name of what follows a sub-process that needed decisions; `resume` continues
from it. (An action's steps end with `flow.finish_action`: the flow never
imports the actions, so that call makes no circle, and it is the hottest
hand-over of all: a direct call keeps it cheap.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from polis.engine.state import State

Continuation = Callable[[State], None]

# named hand-overs a sub-process makes when it is done
NEXT_BATTLE: Final = "next_battle"  # a battle is over: the next one, or what follows them
START_ROUND: Final = "start_round"  # `State.round` has moved on: reveal, event, turns
# what `State.then` may name (positions and record starts may set it, so the names are stable)
NEXT_TURN: Final = "next_turn"  # the other side's turn
TURN: Final = "turn"  # the same side's turn goes on
ROUND_END: Final = "round_end"  # the end-of-round steps
EVENT: Final = "event"  # the round's event card
TURNS: Final = "turns"  # the round's first turn
THEN: Final = (NEXT_TURN, TURN, ROUND_END, EVENT, TURNS)

CONTINUATIONS: Final[dict[str, Continuation]] = {}


def register(name: str, continuation: Continuation) -> None:
    CONTINUATIONS[name] = continuation


def proceed(s: State, name: str) -> None:
    """Hand control to the continuation registered as `name`."""
    CONTINUATIONS[name](s)


def resume(s: State) -> None:
    """Continue with what `State.then` names (and clear it)."""
    then, s.then = s.then, ""
    CONTINUATIONS[then](s)
