"""Who plays a side, declared once: a person, or a bot at one of its levels.

Game records (`meta.controllers`), the app's new-game form and its labels, and
the CLI all read `CONTROLLERS`. A bot is named by its spec (`name[:level]`,
polis.bots.registry) written out in full, so one bot has one name: `greedy`
(the easy level), `mcts:normal`, and so on.
"""

from __future__ import annotations

from typing import Any

from polis.bots import MctsBot, every_spec, make_bot, spec_label
from polis.engine import RecordError
from polis.messages import msg

HUMAN = "human"
CONTROLLERS: tuple[str, ...] = (HUMAN, *every_spec())
# what a new game offers each side by default: a person plays Athens against the easy bot
DEFAULTS = (HUMAN, "greedy")
Pair = tuple[str, str]


def canonical(value: str) -> str | None:
    """The declared name of a controller (`mcts:easy` is `greedy`), or None if it is none."""
    if value == HUMAN:
        return HUMAN
    try:
        name = spec_label(value)
    except KeyError:
        return None
    return name if name in CONTROLLERS else None


# the controllers whose every decision is a search (run in the server's pool, polis.play.pool)
SEARCHES = frozenset(
    c for c in CONTROLLERS if isinstance(make_bot(c) if c != HUMAN else None, MctsBot)
)


def is_bot(controller: str) -> bool:
    return controller != HUMAN


def is_search(controller: str) -> bool:
    return controller in SEARCHES


def from_meta(meta: dict[str, Any]) -> Pair:
    """The controllers a record's meta names (two people where it names none).

    Raises RecordError naming the declared controllers when one is unknown.
    """
    value = meta.get("controllers")
    if value is None:
        return (HUMAN, HUMAN)
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        found = [canonical(v) for v in value]
        if found[0] is not None and found[1] is not None:
            return (found[0], found[1])
    raise RecordError(msg("record.meta", controllers=list(CONTROLLERS)))
