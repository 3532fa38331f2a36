"""The decision phases: for each, what may be chosen and what a choice does.

Every pending decision belongs to one phase (`State.phase`). A phase handler
lists the legal choices and plays one on a fresh copy of the state; its rule id
is what a refusal in that phase cites unless polis.engine.refusals finds a more
specific one. Modules register their phases here; the public API in
`polis.engine` dispatches on `State.phase`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from polis.engine.state import State

Action = tuple[Any, ...]


class Refusal(ValueError):  # noqa: N818 - the rules' word; "RefusalError" says less
    """An action the rules do not allow now; names the rule it breaks.

    `rule` is a stable rule id (the rules reference has a section for each);
    `message` is an English sentence; `params` fill the translated message.
    """

    def __init__(self, rule: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.params = params


Legal = Callable[[State], list[Action]]
Play = Callable[[State, Action], None]


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    legal: Legal
    play: Play
    rule: str = "turn.decisions"  # the rule a refusal in this phase falls back to


PHASES: Final[dict[str, Phase]] = {}


def register(name: str, legal: Legal, play: Play, rule: str = "turn.decisions") -> None:
    PHASES[name] = Phase(name, legal, play, rule)
