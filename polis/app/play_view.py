"""What the Play page shows and how a click becomes a choice (no Streamlit here)."""

from __future__ import annotations

from polis.engine import Action, State
from polis.narrate import N_

# the question each kind of decision asks, marked for translation
PROMPTS = {
    "turn": N_("{side}: choose an action, or pass"),
    "surcharge": N_("{side}: your opponent has passed; pay a good to act"),
    "create_polis": N_("{side}: in which polis?"),
    "build": N_("{side}: pay for one more unit, or stop"),
    "project": N_("{side}: which project?"),
    "project_polis": N_("{side}: in which polis?"),
    "project_pay": N_("{side}: how do you pay?"),
    "move_dest": N_("{side}: where do the units go?"),
    "move_origin": N_("{side}: bring a unit from where? (one at a time)"),
    "siege_polis": N_("{side}: which polis do you besiege?"),
    "tribute_territory": N_("{side}: where do you collect tribute?"),
    "tribute_alloc": N_("{side}: which goods do your hoplites collect?"),
    "trade_slot": N_("{side}: which cargo?"),
    "trade_pay": N_("{side}: how do you pay?"),
    "proxenos_dest": N_("{side}: where does your proxenos go?"),
    "battle_order": N_("{side}: which battle first?"),
    "retreat": N_("{side}: fight on or retreat?"),
    "attack": N_("{side}: show two cards"),
    "defend": N_("{side}: answer each card"),
    "event_remove": N_("{side}: remove one of your units"),
    "event_choice": N_("{side}: choose an option"),
    "discard_project": N_("{side}: remove a project tile from the offer"),
    "feed": N_("{side}: not enough wheat: release poleis or pay the rest in prestige"),
    "grow": N_("{side}: grow your poleis (1 wheat per cube)"),
    "phoros": N_("{side}: take phoros?"),
    "over": N_("The game is over"),
}

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
