"""The `greedy` bot (the `easy` level): looks one decision ahead.

It plays each choice on a copy of the state, finishes its own composite action
one greedy step at a time, and keeps the choice whose result `evaluate` scores
best for its side. The copy is first made one the bot might believe
(`polis.engine.conceal`, the engine's observer): the state holds the real dice
and, in a battle, the opponent's hand, and a bot that probed with them would
know how a siege or a trade will roll before choosing it.
"""

from __future__ import annotations

import random

from polis.bots.base import Progress
from polis.bots.evaluation import evaluate
from polis.engine import Action, State, apply_unchecked, conceal, legal_actions


class GreedyBot:
    name = "greedy"
    follow_up = 6  # steps of its own composite action the bot plays out before judging a choice

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.progress: Progress | None = None

    def _best(
        self, state: State, side: int, follow: int, options: list[Action] | None = None
    ) -> Action:
        options = legal_actions(state) if options is None else options
        best: list[Action] = []
        best_value = float("-inf")
        probe = state.copy()
        for action in options:
            conceal(probe, side, self.rng)  # never the real dice, nor the other hand
            after = apply_unchecked(probe, action)
            value = self._finish(after, side, follow) if follow else evaluate(after, side)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def _finish(self, state: State, side: int, follow: int) -> float:
        """Value after playing out the rest of the bot's own action, one greedy step at a time."""
        for _ in range(follow):
            if state.finished or state.player != side or state.phase == "turn":
                break
            state = apply_unchecked(state, self._best(state, side, 0))
        return evaluate(state, side)

    def choose(self, state: State) -> Action:
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        return self._best(state, state.player, self.follow_up, options)
