"""What the Play page shows and how a click becomes a choice (no Streamlit here).

The board names what was clicked by kind and rules-data id (see
polis.app.board_view); here a click is matched to the legal choices it can
stand for, and the choices on offer become the board's highlighted targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from polis.compiler.config import EngineConfig
from polis.engine import OPERATIONS, Action, State, board_argument, slot_id

Element = tuple[str, str]  # (kind, rules-data id): how the board names what it draws

HIDDEN_PHASES = frozenset({"attack", "defend", "retreat"})


def element_id(cfg: EngineConfig, kind: str, index: int) -> str:
    """The rules-data id of a board element given by its engine index."""
    if kind == "area":
        return cfg.areas[index]
    if kind == "polis":
        return cfg.poleis[index].id
    if kind == "slot":
        return slot_id(cfg, index)
    if kind == "market":
        return cfg.markets[index].id
    if kind == "port":
        return cfg.sides[index]
    raise ValueError(f"unknown board element kind {kind!r}")


def element_index(cfg: EngineConfig, kind: str, ident: str) -> int | None:
    """The engine index of a board element, or None if this ruleset has no such element."""
    if kind == "area":
        pool: list[str] = list(cfg.areas)
    elif kind == "polis":
        pool = [p.id for p in cfg.poleis]
    elif kind == "slot":
        pool = [slot_id(cfg, k) for k in range(len(cfg.slots))]
    elif kind == "market":
        pool = [m.id for m in cfg.markets]
    elif kind == "port":
        pool = list(cfg.sides)
    else:
        return None
    return pool.index(ident) if ident in pool else None


def board_target(state: State, action: Action) -> tuple[str, int] | None:
    """The board element (kind, index) a choice names, if it names one (the table of
    operations says which argument): a new unit's place is an area, a merchant's the
    deciding side's trade port."""
    found = board_argument(action)
    if found is None:
        return None
    kind, index = found
    if kind == "place":
        return ("area", index) if index >= 0 else ("port", state.player)
    return kind, index


def targets(state: State, options: Sequence[Action]) -> set[Element]:
    """The board elements a click may choose among these options, as (kind, id)."""
    out = set()
    for action in options:
        found = board_target(state, action)
        if found is not None:
            out.add((found[0], element_id(state.cfg, *found)))
            if found[0] == "slot":  # a market's box chooses its slot too
                market = state.cfg.slots[found[1]].market
                out.add(("market", element_id(state.cfg, "market", market)))
    return out


def for_click(state: State, options: Sequence[Action], kind: str, index: int) -> list[Action]:
    """The options a click on a board element stands for (several for a proxenos's two routes)."""
    out = []
    for action in options:
        found = board_target(state, action)
        if found is None:
            continue
        in_market = found[0] == "slot" and state.cfg.slots[found[1]].market == index
        if found == (kind, index) or (kind == "market" and in_market):
            out.append(action)
    return out


def probe_for_click(state: State, kind: str, index: int) -> Action | None:
    """The action a click would have meant in this phase, to explain why it is refused: the
    operation of this decision whose one argument is an element of that kind."""
    for op in OPERATIONS.values():
        if state.phase in op.phases and op.args == (kind,) and op.target == 0:
            return (op.name, index)
    return None


def resolve_click(
    state: State, options: Sequence[Action], kind: str, ident: str
) -> tuple[list[Action], Action | None]:
    """What a click on the board means now: the matching options, or a probe to explain.

    Returns (matches, probe): one match is the choice to play; none with a probe
    is a choice the rules refuse (explain the probe); anything else means nothing.
    """
    index = element_index(state.cfg, kind, ident)
    if index is None:
        return [], None
    matches = for_click(state, options, kind, index)
    return matches, (None if matches else probe_for_click(state, kind, index))


def _touched(sides: Sequence[str], action: Sequence[Any], side: int) -> list[Element]:
    """The board elements a recorded action (JSON, as in records) names."""
    op = OPERATIONS.get(str(action[0])) if action else None
    if op is None or op.target < 0 or len(action) <= op.target + 1:
        return []
    kind, value = op.args[op.target], action[op.target + 1]
    if kind == "place":  # a new unit's area, or null: a merchant in the trade port
        return [("area", value)] if isinstance(value, str) else [("port", sides[side])]
    return [(kind, value)] if isinstance(value, str) else []


def last_marks(
    sides: Sequence[str], steps: Sequence[tuple[Sequence[Any], int]], viewer: int
) -> set[Element]:
    """What the moves since `viewer` last decided touched; else what their own last moves did.

    `steps` are (action JSON, side) in game order; "moves" are the run of steps
    one side made in a row (a whole move of hoplites: destination, then origins).
    """
    if not steps:
        return set()
    i = len(steps)
    while i > 0 and steps[i - 1][1] != viewer:
        i -= 1
    if i == len(steps):  # the viewer decided last: their own run of steps
        while i > 0 and steps[i - 1][1] == viewer:
            i -= 1
    recent = steps[i:]
    return {element for action, side in recent for element in _touched(sides, action, side)}


def shows_hand(phase: str) -> bool:
    return phase in HIDDEN_PHASES
