"""What the Play page shows and how a click becomes a choice (no Streamlit here)."""

from __future__ import annotations

from polis.engine import Action, State

# a map point is ("area", index) or ("polis", index); these choices name one
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
}
HIDDEN_PHASES = frozenset({"attack", "defend", "retreat"})


def targets(options: list[Action]) -> set[tuple[str, int]]:
    """Map points a click may choose among these options."""
    return {(CLICKABLE[a[0]], a[1]) for a in options if a[0] in CLICKABLE}


def for_click(options: list[Action], kind: str, index: int) -> list[Action]:
    """The options a click on a map point stands for (several for a proxenos's two routes)."""
    return [a for a in options if a[0] in CLICKABLE and CLICKABLE[a[0]] == kind and a[1] == index]


def probe_for_click(state: State, kind: str, index: int) -> Action | None:
    """The action a click would have meant in this phase, to explain why it is refused."""
    guesses = {
        ("move_origin", "area"): ("from", index),
        ("move_dest", "area"): ("dest", index),
        ("tribute_territory", "area"): ("territory", index),
        ("siege_polis", "polis"): ("polis", index),
        ("create_polis", "polis"): ("polis", index),
        ("project_polis", "polis"): ("polis", index),
    }
    return guesses.get((state.phase, kind))


def shows_hand(phase: str) -> bool:
    return phase in HIDDEN_PHASES
