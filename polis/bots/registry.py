"""Bots by name and level: `make_bot("mcts", seed, level="strong")` or `make_bot("mcts:strong")`.

A bot spec is a name with an optional level, `name[:level]`; the app's
controllers, game records and `polis simulate` all use that form. Levels
belong to the search bot: `easy` is the greedy bot, `quick`, `normal` and `strong` are
search budgets (polis.bots.mcts.LEVELS).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from polis.bots.base import Bot
from polis.bots.greedy import GreedyBot
from polis.bots.mcts import LEVELS, MctsBot
from polis.bots.random_bot import RandomBot

DEFAULT_LEVEL = "normal"
LEVEL_NAMES = ("easy", *LEVELS)


def _mcts(seed: int, level: str) -> Bot:
    if level == "easy":
        return GreedyBot(seed)
    return MctsBot(seed, level)


BOTS: dict[str, Callable[[int, str], Bot]] = {
    "random": lambda seed, _level: RandomBot(seed),
    "greedy": lambda seed, _level: GreedyBot(seed),
    "mcts": _mcts,
}


# bots with levels of their own, besides `easy` (which is the greedy bot under another name)
OWN_LEVELS: dict[str, tuple[str, ...]] = {"mcts": tuple(LEVELS)}


def every_spec() -> list[str]:
    """Each registered bot at each of its own levels: random, greedy, mcts:normal, ..."""
    return [
        f"{name}:{level}" if level else name
        for name in BOTS
        for level in OWN_LEVELS.get(name, ("",))
    ]


def parse_spec(spec: str, level: str | None = None) -> tuple[str, str]:
    """(name, level) of a spec `name[:level]`; raises KeyError naming what is unknown."""
    name, _, own_level = spec.partition(":")
    chosen = own_level or level or DEFAULT_LEVEL
    if name not in BOTS:
        raise KeyError(f"unknown bot '{name}'; choose from {', '.join(BOTS)}")
    if chosen not in LEVEL_NAMES:
        raise KeyError(f"unknown level '{chosen}'; choose from {', '.join(LEVEL_NAMES)}")
    return name, chosen


def spec_label(spec: str, level: str | None = None) -> str:
    """A spec written out in full: levels only where the bot has them (`mcts:normal`, `greedy`)."""
    name, chosen = parse_spec(spec, level)
    return f"{name}:{chosen}" if name == "mcts" else name


def make_bot(spec: str, seed: int = 0, level: str | None = None, *, timed: bool = True) -> Bot:
    """A bot from its spec; `level` applies when the spec names none.

    `timed=False` lifts the search's CPU-time guard: the level's iteration budget
    alone bounds a decision, so a seed gives the same game on any machine under any
    load (bot games of `polis simulate` and the balance lab). A person waiting for a
    move gets the guarded bot.
    """
    name, chosen = parse_spec(spec, level)
    bot = BOTS[name](seed, chosen)
    if not timed and isinstance(bot, MctsBot):
        bot.budget = dataclasses.replace(bot.budget, seconds=math.inf)
    return bot
