"""Lookups derived from one EngineConfig, shared by every state of its games.

The engine asks a configuration the same questions on every decision: an
action's index and prestige cost, the goods an action may spend, the ways to
spread hoplites over a tribute territory, the proxenos's cheapest routes. The
answers live in one `Tables` per configuration, which every state of a game
holds (`State.tables`). Only states hold tables strongly; the registry that
finds them for `new_game` holds weak references, so an uploaded ruleset's
memos go when its last game goes, and a configuration lives no longer than
the tables that name it. The memos that grow with play are bounded: a full
one is emptied and fills again with what play needs.
"""

from __future__ import annotations

import weakref
from typing import Final, TypeVar

from mypy_extensions import mypyc_attr

from polis.compiler.config import EngineConfig
from polis.engine.operations import ACT

ROUTES_MAX: Final = 1024  # proxenos route tables per configuration (one per enemy placement)
ALLOCATIONS_MAX: Final = 256  # tribute allocation lists per configuration
UNIT_ACTIONS: Final = ("create_hoplites", "create_galleys", "create_merchants")

Costs = tuple[tuple[tuple[int, int], ...], ...]
RouteKey = tuple[int, tuple[int, ...], bool]
Allocations = tuple[tuple[int, ...], ...]
_K = TypeVar("_K")
_V = TypeVar("_V")


# a plain Python class even when compiled: the registry needs weak references to it
@mypyc_attr(native_class=False)
class Tables:
    __slots__ = (
        "__weakref__",
        "act_choices",
        "action_index",
        "allocations",
        "cfg",
        "prestige_cost",
        "routes",
        "score_end_prestige",
        "score_population",
        "score_prestige",
        "spends",
        "surcharge_order",
        "unit_costs",
    )

    cfg: EngineConfig
    action_index: dict[str, int]  # action id -> index in cfg.actions (present actions only)
    act_choices: tuple[tuple[str, str], ...]  # per action: the turn's choice (ACT, id)
    prestige_cost: dict[str, int]  # action id -> prestige it costs
    unit_costs: dict[str, Costs]  # create action id -> cost alternatives of one unit
    spends: dict[str, frozenset[int]]  # action id -> goods it may ever spend
    surcharge_order: dict[str, tuple[int, ...]]  # goods to try for the surcharge, see turns
    routes: dict[RouteKey, dict[tuple[int, int], int]]
    allocations: dict[tuple[tuple[int, ...], int], Allocations]
    # which parts the score counts (outcomes.scores adds them up without building the parts)
    score_population: bool
    score_prestige: bool
    score_end_prestige: bool

    def __init__(self, cfg: EngineConfig) -> None:
        self.cfg = cfg  # keeps the id below valid for as long as these tables live
        self.action_index = {act.id: k for k, act in enumerate(cfg.actions)}
        self.act_choices = tuple((ACT, act.id) for act in cfg.actions)
        self.prestige_cost = {act.id: act.prestige_cost for act in cfg.actions}
        per_kind = (cfg.hoplite_costs, cfg.galley_costs, cfg.merchant_costs)
        self.unit_costs = dict(zip(UNIT_ACTIONS, per_kind, strict=True))
        spends = {
            aid: frozenset(g for alt in costs for g, _ in alt)
            for aid, costs in self.unit_costs.items()
        }
        spends["start_project"] = frozenset(
            [g for j in cfg.projects for g, _ in j.cost] + [cfg.project_substitute]
        )
        spends["trade"] = frozenset([*cfg.track_goods, cfg.purchase_currency])
        spends["move_proxenos"] = frozenset([cfg.proxenos_bribe_good])
        spends["ransom_proxenos"] = frozenset([cfg.ransom_good])
        spends["civil_war"] = frozenset([cfg.civil_war_good])
        self.spends = spends
        # paying the surcharge in a good the action never spends cannot stop it,
        # so those goods come first (sorted is stable: index order within each group)
        self.surcharge_order = {
            act.id: _unspent_first(len(cfg.goods), spends.get(act.id, frozenset()))
            for act in cfg.actions
        }
        self.routes = {}
        self.allocations = {}
        self.score_population = "population" in cfg.score_parts
        self.score_prestige = "prestige" in cfg.score_parts
        self.score_end_prestige = "project_end_prestige" in cfg.score_parts


def _unspent_first(n_goods: int, spent: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(range(n_goods), key=lambda g: g in spent))


def remember(memo: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """Store `value` under `key`; a full memo is emptied first (what play needs comes back)."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value


_TABLES: Final[dict[int, weakref.ref[Tables]]] = {}


def tables(cfg: EngineConfig) -> Tables:
    """The tables of `cfg`: those its live games share, or new ones."""
    ref = _TABLES.get(id(cfg))
    found = ref() if ref is not None else None
    if found is None:
        found = Tables(cfg)
        key = id(cfg)
        _TABLES[key] = weakref.ref(found, lambda _ref: _forget(key, _ref))
    return found


def _forget(key: int, ref: weakref.ref[Tables]) -> None:
    if _TABLES.get(key) is ref:  # not a newer entry for a new configuration with the same id
        del _TABLES[key]


def live_tables() -> int:
    """How many configurations have tables now (for tests and the bench)."""
    return len(_TABLES)
