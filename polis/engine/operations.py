"""Every kind of choice, declared once: the table of operations.

An action is a small tuple: an operation's name, then its arguments as integer
indices (`("dest", 4)`, `("build", 1, 9)`). For each operation this table says

- `args`: what each argument is (`ARG_KINDS`): how notation writes it in JSON
  (an id, a number, a list), how narration words it, whether it is a place on
  the board;
- `target`: which argument names the board element a click on the Play page
  chooses (-1: none);
- `phases`: the decisions that offer it; a refusal of it cites the rule of its
  decision (`polis.engine.phases`) unless `rule` names its own;
- `wording`: the key of its button label (`polis.narrate.LABELS`).

Engine modules build actions with the names below, and the bots, the app and
narration compare with them, so no operation is spelled twice. Notation
(`polis/engine/notation.py`), board clicks (`polis/play/clicks.py`),
narration (`polis/narrate.py`) and `explain` read the table; a test checks that
every operation a decision offers is declared here, with the arguments it has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# ------------------------------------------------------------------ the names

ACT: Final = "act"
PASS: Final = "pass"
RANSOM: Final = "ransom"
SURCHARGE: Final = "surcharge"
POLIS: Final = "polis"
BUILD: Final = "build"
STOP: Final = "stop"
PROJECT: Final = "project"
PAY: Final = "pay"
DEST: Final = "dest"
FROM: Final = "from"
TERRITORY: Final = "territory"
ALLOC: Final = "alloc"
SLOT: Final = "slot"
BARTER: Final = "barter"
BUY: Final = "buy"
PROXENOS: Final = "proxenos"
BATTLE: Final = "battle"
FIGHT: Final = "fight"
RETREAT: Final = "retreat"
ATTACK: Final = "attack"
DEFEND: Final = "defend"
REMOVE: Final = "remove"
OPTION: Final = "option"
DISCARD: Final = "discard"
FEED: Final = "feed"
RELEASE: Final = "release"
GROW: Final = "grow"
DONE: Final = "done"
PHOROS: Final = "phoros"

# ------------------------------------------------------------------ argument kinds

# what an argument is, and how JSON writes it: an id of the ruleset, a number, a list
ARG_KINDS: Final[dict[str, str]] = {
    "action": "action id",  # an action of the ruleset (the turn's choice)
    "good": "good id",
    "barter": "good id",  # the good a cargo is paid in (its price is the market's)
    "polis": "polis id",
    "area": "area id",
    "place": "area id, or null for the trade port",  # where a new piece goes
    "project": "project id",
    "slot": "market/cargo",  # a cargo slot
    "mode": "land or sea",  # the proxenos's way
    "card": "deck:formation/maneuver",  # a combat card of the battle's deck
    "payment": "number",  # which of a piece's cost alternatives is paid
    "substitution": "number",  # bit i: the i-th good of a project's cost paid in the substitute
    "phoros": "number",  # which of the ruleset's phoros exchanges
    "option": "number",  # which option of the event card
    "counts": "numbers",  # hoplites per tribute row (any count of arguments)
}
# the kinds that name an element of the board (the Play page's data-id kinds)
BOARD_KINDS: Final = frozenset({"area", "polis", "slot", "place"})


@dataclass(frozen=True, slots=True)
class Operation:
    name: str
    args: tuple[str, ...]  # kinds, from ARG_KINDS; ("counts",) takes any number of numbers
    phases: tuple[str, ...]  # the decisions that offer it
    wording: str  # key of its label in polis.narrate.LABELS
    target: int = -1  # index of the argument a click on the board chooses, or -1
    rule: str = ""  # the rule a refusal of it cites, where not its decision's

    @property
    def arity(self) -> int:
        """How many arguments it takes (-1: any number, for counts)."""
        return -1 if self.args == ("counts",) else len(self.args)


def _op(
    name: str, args: tuple[str, ...], phases: tuple[str, ...], *, target: int = -1, rule: str = ""
) -> Operation:
    return Operation(name, args, phases, name, target, rule)


OPERATIONS: Final[dict[str, Operation]] = {
    op.name: op
    for op in (
        # the turn
        _op(ACT, ("action",), ("turn",)),
        _op(PASS, (), ("turn",)),
        _op(RANSOM, (), ("turn",), rule="actions.ransom"),
        _op(SURCHARGE, ("good",), ("surcharge",)),
        # development actions
        _op(POLIS, ("polis",), ("create_polis", "siege_polis", "project_polis"), target=0),
        _op(BUILD, ("payment", "place"), ("build",), target=1),
        _op(STOP, (), ("build", "move_origin")),
        _op(PROJECT, ("project",), ("project",)),
        _op(PAY, ("substitution",), ("project_pay",)),
        # military actions
        _op(DEST, ("area",), ("move_dest",), target=0),
        _op(FROM, ("area",), ("move_origin",), target=0),
        _op(TERRITORY, ("area",), ("tribute_territory",), target=0),
        _op(ALLOC, ("counts",), ("tribute_alloc",)),
        # political actions
        _op(SLOT, ("slot",), ("trade_slot",), target=0),
        _op(BARTER, ("barter",), ("trade_pay",)),
        _op(BUY, (), ("trade_pay",)),
        _op(PROXENOS, ("polis", "mode"), ("proxenos_dest",), target=0),
        # battles
        _op(BATTLE, ("area",), ("battle_order",), target=0),
        _op(FIGHT, (), ("retreat",)),
        _op(RETREAT, (), ("retreat",)),
        _op(ATTACK, ("card", "card"), ("attack",)),
        _op(DEFEND, ("card", "card"), ("defend",)),
        # events and the round
        _op(REMOVE, ("area",), ("event_remove",), target=0),
        _op(OPTION, ("option",), ("event_choice",)),
        _op(DISCARD, ("project",), ("discard_project",)),
        _op(FEED, (), ("feed",)),
        _op(RELEASE, ("polis",), ("feed",), target=0),
        _op(GROW, ("polis",), ("grow",), target=0),
        _op(DONE, (), ("grow", "phoros")),
        _op(PHOROS, ("phoros",), ("phoros",)),
    )
}


def board_argument(action: tuple[object, ...]) -> tuple[str, int] | None:
    """(kind, index) of the argument of `action` that names a board element, or None.

    A `place` of -1 is the deciding side's trade port.
    """
    op = OPERATIONS.get(str(action[0])) if action else None
    if op is None or op.target < 0 or len(action) <= op.target + 1:
        return None
    value = action[op.target + 1]
    return (op.args[op.target], value) if isinstance(value, int) else None


def fits(action: tuple[object, ...]) -> bool:
    """Whether `action` has the shape its operation declares (a known name, its arguments)."""
    op = OPERATIONS.get(str(action[0])) if action else None
    return op is not None and (op.arity < 0 or len(action) - 1 == op.arity)
