"""The `random` bot: any legal choice, uniformly."""

from __future__ import annotations

import random

from polis.bots.base import Progress
from polis.engine import Action, State, legal_actions


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.progress: Progress | None = None

    def choose(self, state: State) -> Action:
        return self.rng.choice(legal_actions(state))
