"""Bots: `random` picks any legal choice; `greedy` looks one decision ahead.

The greedy bot plays each choice on a copy of the state and keeps the one whose
result scores best for its side. The copy gets a scrambled generator first:
the state holds the real dice, and a bot that probed with them would know how
a siege or a trade will roll before choosing it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from polis.engine import Action, State, apply_unchecked, legal_actions
from polis.engine.flow import scores
from polis.engine.state import DRAW


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> Action: ...


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(legal_actions(state))


def evaluate(s: State, side: int) -> float:
    """How good the state looks for `side`: its score lead, plus what keeps a side alive."""
    if s.finished:
        if s.winner == DRAW:
            return 0.0
        return 1000.0 if s.winner == side else -1000.0
    cfg = s.cfg
    score = scores(s)
    value = 0.0
    for who, sign in ((side, 1.0), (1 - side, -1.0)):
        g = len(cfg.goods)
        goods = s.goods[who * g : (who + 1) * g]
        population = sum(p for p, o in zip(s.pop, s.owner, strict=True) if o == who)
        on_board = sum(s.units[who * len(cfg.areas) : (who + 1) * len(cfg.areas)])
        hunger = max(0, population - goods[cfg.feeding_good])
        part = 3.0 * score[who] + 0.25 * sum(goods) + 0.4 * on_board - 2.0 * hunger
        if s.prestige[who] == 0:
            part -= 15.0  # no prestige at round end loses the game
        value += sign * part
    return value


class GreedyBot:
    name = "greedy"
    follow_up = 6  # steps of its own composite action the bot plays out before judging a choice

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def _best(
        self, state: State, side: int, follow: int, options: list[Action] | None = None
    ) -> Action:
        options = legal_actions(state) if options is None else options
        best: list[Action] = []
        best_value = float("-inf")
        probe = state.copy()
        for action in options:
            probe.rng = self.rng.getrandbits(64)  # never the real dice
            probe.forced = ()
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


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    if name not in BOTS:
        raise KeyError(f"unknown bot '{name}'; choose from {', '.join(BOTS)}")
    return BOTS[name](seed)
