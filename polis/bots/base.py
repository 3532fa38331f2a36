"""What every bot offers: a name and a choice for the side that owes the decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from polis.engine import Action, State

# called while a bot thinks, with the share of its budget used (0.0 .. 1.0)
Progress = Callable[[float], None]


class Bot(Protocol):
    name: str
    progress: Progress | None

    def choose(self, state: State) -> Action: ...
