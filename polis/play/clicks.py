"""What the Play page shows and how a click becomes a choice (no Streamlit here).

The board names what was clicked by kind and rules-data id (see
polis.app.board_view); here a click is matched to the legal choices it can
stand for, and the choices on offer become the board's highlighted targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from polis.compiler.config import EngineConfig
from polis.engine import Action, State, slot_id

Element = tuple[str, str]  # (kind, rules-data id): how the board names what it draws

# choices whose first argument is a place on the board
CLICKABLE = {
    "dest": "area",
    "from": "area",
    "territory": "area",
    "battle": "area",
    "remove": "area",
    "polis": "polis",
    "release": "polis",
    "grow": "polis",
    "proxenos": "polis",
    "slot": "slot",
}
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
    """The board element (kind, index) a choice names, if it names one."""
    op = action[0]
    if op in CLICKABLE:
        return CLICKABLE[op], int(action[1])
    if op == "build":  # a unit goes to an area; a merchant waits in the trade port
        place = int(action[2])
        return ("area", place) if place >= 0 else ("port", state.player)
    return None


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
    """The action a click would have meant in this phase, to explain why it is refused."""
    guesses = {
        ("move_origin", "area"): ("from", index),
        ("move_dest", "area"): ("dest", index),
        ("tribute_territory", "area"): ("territory", index),
        ("siege_polis", "polis"): ("polis", index),
        ("create_polis", "polis"): ("polis", index),
        ("project_polis", "polis"): ("polis", index),
        ("trade_slot", "slot"): ("slot", index),
    }
    return guesses.get((state.phase, kind))


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
    op = action[0]
    kind = CLICKABLE.get(op)
    if kind is not None and len(action) > 1 and isinstance(action[1], str):
        return [(kind, action[1])]
    if op == "build" and len(action) > 2:
        return [("area", action[2])] if isinstance(action[2], str) else [("port", sides[side])]
    return []


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
