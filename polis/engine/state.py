"""The game state: plain ints, lists and tuples, copied on every transition.

`apply` never changes a state it is given: it copies (`State.copy`) and changes
the copy, so earlier states stay valid for undo, replay and search. What most
moves change (units, poleis' owners and population, goods, prestige) is in lists
the copy copies; what few moves change (projects, market, cargo slots, tribute
and siege discs, growth marks, merchants, proxenoi) is in tuples the copy shares,
and a move that changes one replaces it (`put`). Everything
random is drawn from `rng`, the generator held in the state; `forced` holds dice
results a test (or a position file) imposes before the generator is used.

Indices follow the EngineConfig: side 0 is Athens, side 1 Sparta; `units` is
side-major (`units[side * n_areas + area]`), as is `goods`.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from mypy_extensions import i64, mypyc_attr

from polis.compiler.config import EngineConfig
from polis.engine import rng
from polis.engine.tables import Tables

# project tile locations other than a polis index
IN_BOX: Final = -3
DISCARDED: Final = -2
ON_OFFER: Final = -1
# market slot states other than a side index
SLOT_FREE: Final = -1
SLOT_COVERED: Final = -2
SLOT_BLOCKED: Final = -3
# game result
NO_WINNER: Final = -1
DRAW: Final = 2
# the round's event card (State.round_event) other than an event index
NO_EVENT: Final = -1  # the round draws no event (or has not drawn it yet)
UNNAMED_EVENT: Final = -2  # a card of the round's deck that no source names: it has no effect

LogEntry = tuple[str, dict[str, Any]]
_T = TypeVar("_T")


def put(values: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    """`values` with item `i` replaced by `value`.

    The parts of the state that play seldom changes (projects, market, cargo slots,
    tribute and siege discs, growth marks, merchants, proxenoi) are tuples, shared by a
    copy instead of copied: a write makes a new tuple through this.
    """
    out = list(values)
    out[i] = value
    return tuple(out)


def count_in(values: tuple[int, ...], x: int) -> int:
    """`values.count(x)` as a typed loop: compiled, it compares machine ints, where
    `count` compares objects (the turn decision and the evaluation ask it every time)."""
    n: i64 = 0
    want: i64 = x
    for v in values:
        if v == want:
            n += 1
    return n


# acyclic: nothing a battle or a state holds refers back to it, so when compiled
# (polis/native.py) the garbage collector need not track them
@mypyc_attr(acyclic=True)
class Battle:
    """A battle in progress (see polis/engine/battle.py)."""

    __slots__ = (
        "after_retreat",
        "area",
        "assaults",
        "attacker",
        "deck",
        "hands",
        "last_losses",
        "naval",
        "played",
        "retreat_queue",
    )

    area: int
    naval: bool
    attacker: int
    deck: list[int]
    hands: list[list[int]]
    played: tuple[int, ...]
    retreat_queue: list[int]
    after_retreat: str
    assaults: int
    last_losses: int

    def __init__(self, area: int, naval: bool, attacker: int) -> None:
        self.area = area
        self.naval = naval
        self.attacker = attacker
        self.deck = []  # card types, drawn from the end
        self.hands = [[], []]  # per side: count of each card type
        self.played: tuple[int, ...] = ()  # the attacker's cards of this assault
        self.retreat_queue = []  # sides still to answer "retreat?"
        self.after_retreat = "deal"  # what follows the retreat window: deal | draw
        self.assaults = 0
        self.last_losses = 0  # units the defender lost in the last assault

    def copy(self) -> Battle:
        b = Battle(self.area, self.naval, self.attacker)
        b.deck = self.deck[:]
        b.hands = [self.hands[0][:], self.hands[1][:]]
        b.played = self.played
        b.retreat_queue = self.retreat_queue[:]
        b.after_retreat = self.after_retreat
        b.assaults = self.assaults
        b.last_losses = self.last_losses
        return b


@mypyc_attr(acyclic=True)
class State:
    __slots__ = (
        "actions_done",
        "active",
        "battle",
        "battles_fought",
        "battles_pending",
        "cfg",
        "chance",
        "cur_action",
        "cur_count",
        "cur_dest",
        "cur_polis",
        "cur_project",
        "cur_slot",
        "effect_queue",
        "first_passer",
        "first_player",
        "forced",
        "goods",
        "grown",
        "lasting",
        "log",
        "market",
        "merchants_hired",
        "owner",
        "passed",
        "phase",
        "player",
        "pop",
        "prestige",
        "proj_done",
        "proj_loc",
        "proxenos",
        "reason",
        "rng",
        "round",
        "round_event",
        "siege_discs",
        "slots",
        "step",
        "step_queue",
        "tables",
        "then",
        "tributed",
        "units",
        "used_actions",
        "winner",
    )

    cfg: EngineConfig
    tables: Tables  # lookups derived from cfg, shared by every state of the game
    # round and turn
    round: int
    phase: str  # the pending decision (see polis.engine.phases)
    player: int  # who decides now; -1 when nobody does
    active: int  # whose turn it is
    actions_done: int
    used_actions: int  # bitmask over cfg.actions, this turn
    passed: int  # bitmask over sides
    first_passer: int
    first_player: int  # set by an event for this round, else -1
    round_event: int  # the event card drawn this round: event index, NO_EVENT or UNNAMED_EVENT
    # board and player boards: lists where most moves change them, copied with the state;
    # tuples where few moves do, shared by copies (a write replaces the tuple: `put`)
    units: list[int]
    owner: list[int]  # per polis: side or -1
    pop: list[int]  # per polis (0 while neutral)
    goods: list[int]
    prestige: list[int]
    merchants_hired: tuple[int, ...]
    proxenos: tuple[int, ...]  # per side: polis, or -1 while a prisoner
    proj_loc: tuple[int, ...]  # per project: polis, or ON_OFFER / IN_BOX / DISCARDED
    proj_done: tuple[bool, ...]
    market: tuple[int, ...]  # per market track: column, 0-based
    slots: tuple[int, ...]  # per cargo slot: side, or SLOT_FREE / SLOT_COVERED / SLOT_BLOCKED
    tributed: tuple[int, ...]  # per territory: side whose disc is there, or -1
    siege_discs: tuple[int, ...]  # per polis and side
    grown: tuple[int, ...]  # per polis, this growth step
    # the action in progress
    cur_action: int
    cur_polis: int
    cur_dest: int
    cur_count: int
    cur_project: int
    cur_slot: int
    # pending work
    effect_queue: tuple[tuple[int, int, int, int], ...]
    lasting: tuple[tuple[int, int, int, int], ...]
    step: str
    step_queue: tuple[tuple[str, int], ...]
    then: str
    battle: Battle | None
    battles_pending: tuple[int, ...]
    battles_fought: tuple[int, ...]
    # chance and result
    rng: int
    forced: tuple[int, ...]
    chance: int
    winner: int
    reason: str
    log: list[LogEntry]

    def __init__(self) -> None:
        """An empty state: `new_game` sets up a game's first one, `copy` the rest (every
        field is set by them). Constructed so, not through `State.__new__`, because a
        compiled `State()` is a native allocation and `__new__` a call by name."""

    def copy(self) -> State:
        s = State()
        s.cfg = self.cfg
        s.tables = self.tables
        s.round = self.round
        s.phase = self.phase
        s.player = self.player
        s.active = self.active
        s.actions_done = self.actions_done
        s.used_actions = self.used_actions
        s.passed = self.passed
        s.first_passer = self.first_passer
        s.first_player = self.first_player
        s.round_event = self.round_event
        s.units = self.units[:]
        s.owner = self.owner[:]
        s.pop = self.pop[:]
        s.goods = self.goods[:]
        s.prestige = self.prestige[:]
        s.merchants_hired = self.merchants_hired  # tuples: shared safely
        s.proxenos = self.proxenos
        s.proj_loc = self.proj_loc
        s.proj_done = self.proj_done
        s.market = self.market
        s.slots = self.slots
        s.tributed = self.tributed
        s.siege_discs = self.siege_discs
        s.grown = self.grown
        s.cur_action = self.cur_action
        s.cur_polis = self.cur_polis
        s.cur_dest = self.cur_dest
        s.cur_count = self.cur_count
        s.cur_project = self.cur_project
        s.cur_slot = self.cur_slot
        s.effect_queue = self.effect_queue  # tuples: shared safely
        s.lasting = self.lasting
        s.step = self.step
        s.step_queue = self.step_queue
        s.then = self.then
        s.battle = self.battle.copy() if self.battle is not None else None
        s.battles_pending = self.battles_pending
        s.battles_fought = self.battles_fought
        s.rng = self.rng
        s.forced = self.forced
        s.chance = self.chance
        s.winner = self.winner
        s.reason = self.reason
        s.log = []
        return s

    # ------------------------------------------------------------ derived facts

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def stacking_limit(self) -> int:
        return self.cfg.rounds[self.round].stacking_limit

    def n_units(self, side: int, area: int) -> int:
        return self.units[side * len(self.cfg.areas) + area]

    def winner_id(self) -> str | None:
        """The winning side's id, "draw", or None while the game runs."""
        if self.winner == NO_WINNER:
            return None
        return "draw" if self.winner == DRAW else self.cfg.sides[self.winner]

    def owned(self, side: int) -> list[int]:
        """The poleis of `side`'s league."""
        return [p for p, o in enumerate(self.owner) if o == side]

    def controls(self, side: int, area: int) -> bool:
        n = len(self.cfg.areas)
        return self.units[side * n + area] > self.units[(1 - side) * n + area]

    def supply(self, side: int) -> int:
        """Cubes of `side` not in a polis, on the board or on the player board."""
        cfg = self.cfg
        n = len(cfg.areas)
        units = self.units
        used = cfg.track_cubes
        for i in range(side * n, side * n + n):
            used += units[i]
        pop = self.pop
        for p, o in enumerate(self.owner):
            if o == side:
                used += pop[p]
        return cfg.cubes_per_side - used

    def discs_free(self, side: int) -> int:
        cfg = self.cfg
        if not cfg.discs_limited:
            return 1 << 30
        used = count_in(self.tributed, side)
        for o in self.owner:
            if o == side:
                used += 1
        siege = self.siege_discs
        for i in range(side, len(siege), 2):  # polis-major: [p * 2 + side]
            used += siege[i]
        return cfg.discs_per_side - used

    def good(self, side: int, good: int) -> int:
        return self.goods[side * len(self.cfg.goods) + good]

    def add_good(self, side: int, good: int, amount: int) -> int:
        """Add (or, with a negative amount, take) goods; gains stop at the board's cap.

        The cap is an estimate (no book prints the track's length), so every gain it
        cuts is logged."""
        i = side * len(self.cfg.goods) + good
        before = self.goods[i]
        after = before + amount
        if after > self.cfg.goods_max:
            self.emit("cap_cut", side=side, good=good, lost=after - self.cfg.goods_max)
            after = self.cfg.goods_max
        self.goods[i] = after
        return after - before

    def merchants_in_port(self, side: int) -> int:
        """Merchants of `side` in its trade port: those hired and not on a market slot."""
        return self.merchants_hired[side] - count_in(self.slots, side)

    def owns_commercial(self, side: int) -> bool:
        owner = self.owner
        for i, p in enumerate(self.cfg.poleis):
            if p.commercial == side and owner[i] == side:
                return True
        return False

    def emit(self, key: str, **params: Any) -> None:
        self.log.append((key, params))


def draw(s: State, n: int) -> int:
    """A uniform draw in range(n) from the state's generator."""
    s.rng, bits = rng.next_u64(s.rng)
    s.chance += 1
    return bits % n


def roll(s: State, faces: int) -> int:
    """One die: a forced result if a test imposed one, else the generator."""
    if s.forced:
        value, s.forced = s.forced[0], s.forced[1:]
        s.chance += 1
        return value
    return draw(s, faces) + 1
