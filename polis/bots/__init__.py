"""Bots: `random`, `greedy` (the `easy` level) and `mcts` (levels `normal`, `strong`).

`make_bot(spec, seed, level)` builds one from a spec `name[:level]`; every bot
has `choose(state) -> action` and a `progress` callback slot the app fills to
show how far a search has come.
"""

from polis.bots.base import Bot, Progress
from polis.bots.evaluation import evaluate
from polis.bots.greedy import GreedyBot
from polis.bots.mcts import LEVELS, Budget, MctsBot
from polis.bots.random_bot import RandomBot
from polis.bots.registry import (
    BOTS,
    DEFAULT_LEVEL,
    LEVEL_NAMES,
    every_spec,
    make_bot,
    parse_spec,
    spec_label,
)

__all__ = [
    "BOTS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "LEVEL_NAMES",
    "Bot",
    "Budget",
    "GreedyBot",
    "MctsBot",
    "Progress",
    "RandomBot",
    "evaluate",
    "every_spec",
    "make_bot",
    "parse_spec",
    "spec_label",
]
