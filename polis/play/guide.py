"""The guided first game, and tips for each new kind of decision. No Streamlit.

A newcomer's first game is 2e's first round against the easy bot. At each
kind of decision met for the first time (choosing an action, then each
action's own steps, a battle's cards, the feeding at the round's end...) the
page shows a short tip on what the decision does, what it costs and why it
matters, linked to the rule section that says it all (`RULES`). A kind is
explained until the player has made a decision of that kind; what the player
has decided is read from the game's history, so an undo brings a tip back.
The tips' words are polis.app.words' (`Words.tip`).
"""

from __future__ import annotations

from collections.abc import Sequence

from polis.engine import State
from polis.play.game import Step

GUIDED_RULESET = "2e"
GUIDED_SEED = 1
GUIDED_CONTROLLERS = ("human", "greedy")  # the player is Athens; the easy bot plays Sparta
TIP_ROUNDS = 1  # tips are given in the first round (the guided game's own)
AFTER = "after_first_round"  # the closing tip, at the player's first decision after it

# each kind of decision with a tip, and the rule section that explains it in full
RULES = {
    "turn": "turn.actions",
    "surcharge": "turn.after_pass",
    "create_hoplites": "actions.create_hoplites",
    "create_galleys": "actions.create_galleys",
    "create_merchants": "actions.create_merchants",
    "start_project": "actions.start_project",
    "move_hoplites": "actions.move_hoplites",
    "move_galleys": "actions.move_galleys",
    "besiege": "actions.besiege",
    "collect_tribute": "actions.tribute",
    "trade": "actions.trade",
    "move_proxenos": "actions.proxenos",
    "civil_war": "actions.civil_war",
    "battle_order": "battle.deferred",
    "retreat": "battle.retreat",
    "attack": "battle.assault",
    "defend": "battle.assault",
    "event_remove": "events.effects",
    "event_choice": "events.effects",
    "discard_project": "round.project_removal",
    "feed": "end.feeding",
    "grow": "end.growth",
    "phoros": "end.phoros",
    AFTER: "game.score",
}
# phases that are a kind of their own, whichever action they happen in (a battle begun by
# a move, an event's choice)
OWN_KINDS = frozenset(
    {
        "turn",
        "surcharge",
        "battle_order",
        "retreat",
        "attack",
        "defend",
        "event_remove",
        "event_choice",
        "discard_project",
        "feed",
        "grow",
        "phoros",
    }
)


def kind(state: State) -> str:
    """The kind of decision owed in `state`: its phase, or the action whose step it is."""
    if state.phase in OWN_KINDS or state.cur_action < 0:
        return state.phase
    return state.cfg.actions[state.cur_action].id


def tip(states: Sequence[State], steps: Sequence[Step], side: int) -> str | None:
    """The kind of decision to explain to `side` now, if any.

    `states` and `steps` are the game's history (GameSession), the last state the
    position now, where `side` owes the decision.
    """
    now = states[-1]
    if now.finished or now.player != side:
        return None
    decided = {kind(states[i]) for i, step in enumerate(steps) if step.side == side}
    if now.round >= TIP_ROUNDS:
        # once, to close the guided round: until the player's first decision after it
        after = any(
            step.side == side and states[i].round >= TIP_ROUNDS for i, step in enumerate(steps)
        )
        return AFTER if now.round == TIP_ROUNDS and not after else None
    found = kind(now)
    return found if found in RULES and found not in decided else None
