"""A finished game looked back on: each side's chance after every turn, and the turns that
cost a side most. No Streamlit.

The chance is the bot's estimate: the evaluation of the position
(polis.bots.evaluation, with the weights fitted for the ruleset) squashed to a
win chance by the scale the fit found (`fitted_weights.json`: the points of
advantage that make a 73 % chance), the way the search turns positions into
chances. A finished game is 1, ½ or 0. Evaluating every position of a game of
300 steps takes milliseconds, so the whole curve is drawn at once.

A turn is what players call one: a side's run of decisions (its actions and
every step of them, a battle's cards), each action of a side playing alone
after the other passed, and each side's part of a round's end; its cost to
the side that played it is the fall of that side's chance from just before
the turn to just after it.
The dice and cards drawn during the turn count too: a failed siege falls
like a poor choice. What the bot would have chosen at the start of the
costliest turns is asked of the search (polis.play.advice), like a hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from polis.bots import evaluate, fitted
from polis.bots.mcts import LEVELS
from polis.bots.tree import squash
from polis.compiler.config import EngineConfig
from polis.engine import DRAW, State

WORST = 3  # costly turns shown


@dataclass(frozen=True, slots=True)
class Turn:
    side: int
    first: int  # index of the first step: states[first] is the position before the turn
    end: int  # index after its last step: states[end] is the position after it


@dataclass(frozen=True, slots=True)
class Slip:
    """A turn that lowered its player's chance."""

    turn: Turn
    before: float  # the player's chance before the turn
    after: float  # and after it

    @property
    def fall(self) -> float:
        return self.before - self.after


def scale_for(cfg: EngineConfig) -> float:
    """The points of advantage that make a 73 % chance: the fit's, else the search's."""
    entry = fitted.table().get(cfg.id) or fitted.table().get(cfg.edition)
    if entry is not None and entry.get("scale"):
        return float(entry["scale"])
    return LEVELS["normal"].scale


def chance(state: State, side: int, scale: float) -> float:
    """`side`'s chance to win in `state`, as the bot estimates it."""
    if state.finished:
        if state.winner == DRAW:
            return 0.5
        return 1.0 if state.winner == side else 0.0
    return squash(evaluate(state, side, fitted.weights_for(state.cfg)), scale)


def chances(states: Sequence[State]) -> list[float]:
    """The first side's chance at every position (the second's is one minus it)."""
    if not states:
        return []
    scale = scale_for(states[0].cfg)
    return [chance(s, 0, scale) for s in states]


def _begins_turn(before: State, now: State) -> bool:
    """Whether the decision owed in `now` begins a new turn, `before` being the position
    of the decision before it."""
    if now.player != before.player or now.round != before.round:
        return True
    if bool(now.step) != bool(before.step):  # the round's end begins
        return True
    # a side acting alone after the other passed: each action is a turn of its own
    alone = now.passed >> (1 - now.player) & 1
    return now.phase == "turn" and bool(alone)


def turns(states: Sequence[State]) -> list[Turn]:
    """The game's turns, as players tell them: a side's run of decisions (its actions and
    their steps, a battle's cards, its feeding), each action of a side playing alone
    after a pass on its own, and a round's end apart from its turns. `states` is the
    history: states[i] is the position of the i-th decision, the last the position now."""
    found: list[Turn] = []
    first = 0
    decisions = len(states) - 1
    for i in range(1, decisions + 1):
        if i == decisions or _begins_turn(states[i - 1], states[i]):
            found.append(Turn(states[first].player, first, i))
            first = i
    return found


def slips(first_side_chances: Sequence[float], game_turns: Sequence[Turn], side: int) -> list[Slip]:
    """`side`'s turns that lowered its chance, the costliest first (at most WORST)."""

    def of(i: int) -> float:
        c = first_side_chances[i]
        return c if side == 0 else 1.0 - c

    found = [
        Slip(t, of(t.first), of(t.end))
        for t in game_turns
        if t.side == side and of(t.first) - of(t.end) > 1e-9
    ]
    found.sort(key=lambda s: (-s.fall, s.turn.first))
    return found[:WORST]
