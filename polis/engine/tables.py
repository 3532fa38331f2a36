"""Lookups derived from one EngineConfig, shared by every state of its games.

The engine asks a configuration the same questions on every decision: an
action's index and prestige cost, the goods an action may spend, the ways to
spread hoplites over a tribute territory, the proxenos's cheapest routes. The
answers live in one `Tables` per configuration, which every state of a game
holds (`State.tables`). Only states hold tables from outside (a table and its
anchor refer to each other); the registry that finds them for `new_game` holds
weak references to the anchors, so an uploaded ruleset's memos go with the
garbage collector's next pass after its last game goes, and a configuration
lives no longer than the tables that name it. The memos that grow with play are bounded: a full
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


# What each action does, as the engine's code knows it: an int per action id, so the dozen
# checks of every turn decision branch on small ints instead of comparing strings
HOPLITES: Final = 0
GALLEYS: Final = 1
MERCHANTS: Final = 2
PROJECT: Final = 3
MOVE_HOPLITES: Final = 4
MOVE_GALLEYS: Final = 5
SIEGE: Final = 6
TRIBUTE: Final = 7
TRADE: Final = 8
PROXENOS: Final = 9
RANSOM: Final = 10
CIVIL_WAR: Final = 11
UNKNOWN: Final = -1
ACTION_KINDS: Final[dict[str, int]] = {
    "create_hoplites": HOPLITES,
    "create_galleys": GALLEYS,
    "create_merchants": MERCHANTS,
    "start_project": PROJECT,
    "move_hoplites": MOVE_HOPLITES,
    "move_galleys": MOVE_GALLEYS,
    "besiege": SIEGE,
    "collect_tribute": TRIBUTE,
    "trade": TRADE,
    "move_proxenos": PROXENOS,
    "ransom_proxenos": RANSOM,
    "civil_war": CIVIL_WAR,
}


class Tables:
    """The lookups of one configuration (a native class when compiled: the engine reads its
    fields on every decision, and a plain class's attributes are looked up by name)."""

    __slots__ = (
        "act_choices",
        "action_index",
        "allocations",
        "anchor",
        "capital_unfed_loses",
        "cfg",
        "kinds",
        "memo",
        "most_goods_breaks_ties",
        "prestige_costs",
        "prestige_debt_loses",
        "ransom_index",
        "routes",
        "score_end_prestige",
        "score_population",
        "score_prestige",
        "sea_adj_diolkos",
        "spend_masks",
        "surcharge_orders",
        "tribute_cost",
        "unit_costs",
        "unit_costs_by_kind",
        "zero_prestige_loses",
    )

    cfg: EngineConfig
    anchor: _Anchor  # what the registry holds weakly (a native class cannot be weakly referenced)
    action_index: dict[str, int]  # action id -> index in cfg.actions (present actions only)
    act_choices: tuple[tuple[str, str], ...]  # per action: the turn's choice (ACT, id)
    kinds: tuple[int, ...]  # per action index: its kind (ACTION_KINDS), UNKNOWN if none
    prestige_costs: tuple[int, ...]  # per action index: the prestige it costs
    tribute_cost: int  # prestige a tribute costs, -1 where the ruleset has no tribute action
    ransom_index: int  # index of the ransom action, -1 where the ruleset has none
    unit_costs: dict[str, Costs]  # create action id -> cost alternatives of one unit
    unit_costs_by_kind: tuple[Costs, ...]  # the same by kind: HOPLITES, GALLEYS, MERCHANTS
    spend_masks: tuple[int, ...]  # per action index: the goods it may ever spend, as a bitmask
    surcharge_orders: tuple[tuple[int, ...], ...]  # per action index: goods to try for the
    # surcharge (turns.surcharge_goods)
    sea_adj_diolkos: tuple[int, ...]  # sea adjacency with the diolkos link (cfg.sea_adj if none)
    routes: dict[RouteKey, dict[tuple[int, int], int]]
    allocations: dict[tuple[tuple[int, ...], int], Allocations]
    # what the layers above the engine derive from the configuration, by their own names
    # (the search's rollout policy keeps its weights per action there): it lives and goes
    # with the configuration's games, as the engine's own lookups do
    memo: dict[str, object]
    # which parts the score counts (outcomes.scores adds them up without building the parts)
    score_population: bool
    score_prestige: bool
    score_end_prestige: bool
    # the loss conditions and tie-breakers the bots ask about at every evaluation
    capital_unfed_loses: bool
    prestige_debt_loses: bool
    most_goods_breaks_ties: bool
    zero_prestige_loses: tuple[bool, ...]  # per round index: does its end without prestige lose

    def __init__(self, cfg: EngineConfig) -> None:
        self.cfg = cfg  # keeps the id below valid for as long as these tables live
        self.anchor = _Anchor(self)
        self.action_index = {act.id: k for k, act in enumerate(cfg.actions)}
        self.act_choices = tuple((ACT, act.id) for act in cfg.actions)
        self.kinds = tuple(ACTION_KINDS.get(act.id, UNKNOWN) for act in cfg.actions)
        self.prestige_costs = tuple(act.prestige_cost for act in cfg.actions)
        tribute = self.action_index.get("collect_tribute", -1)
        self.tribute_cost = self.prestige_costs[tribute] if tribute >= 0 else -1
        self.ransom_index = self.action_index.get("ransom_proxenos", -1)
        per_kind = (cfg.hoplite_costs, cfg.galley_costs, cfg.merchant_costs)
        self.unit_costs = dict(zip(UNIT_ACTIONS, per_kind, strict=True))
        self.unit_costs_by_kind = per_kind  # kinds HOPLITES, GALLEYS, MERCHANTS are 0, 1, 2
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
        self.spend_masks = tuple(_mask(spends.get(act.id, frozenset())) for act in cfg.actions)
        # paying the surcharge in a good the action never spends cannot stop it,
        # so those goods come first (sorted is stable: index order within each group)
        self.surcharge_orders = tuple(
            _unspent_first(len(cfg.goods), spends.get(act.id, frozenset())) for act in cfg.actions
        )
        self.sea_adj_diolkos = _with_diolkos(cfg)
        self.routes = {}
        self.allocations = {}
        self.memo = {}
        self.score_population = "population" in cfg.score_parts
        self.score_prestige = "prestige" in cfg.score_parts
        self.score_end_prestige = "project_end_prestige" in cfg.score_parts
        self.capital_unfed_loses = "capital_unfed" in cfg.loss_conditions
        self.prestige_debt_loses = "prestige_debt" in cfg.loss_conditions
        self.most_goods_breaks_ties = "most_goods" in cfg.tie_breakers
        # outcomes.zero_prestige_loses, round by round
        last = len(cfg.rounds) - 1
        self.zero_prestige_loses = tuple(
            "zero_prestige_at_round_end" in cfg.loss_conditions
            and (r < last or cfg.zero_prestige_after_last_round)
            for r in range(len(cfg.rounds))
        )


# a plain Python class even when compiled: the registry needs weak references to it
@mypyc_attr(native_class=False)
class _Anchor:
    """The handle of one configuration's tables that the registry refers to weakly.

    The tables and their anchor refer to each other, so the anchor lives exactly as long as
    the tables do (the cycle is collected by the garbage collector once the last game of the
    configuration is gone)."""

    __slots__ = ("__weakref__", "tables")

    def __init__(self, tables: Tables) -> None:
        self.tables = tables


def _mask(goods: frozenset[int]) -> int:
    out = 0
    for g in goods:
        out |= 1 << g
    return out


def _with_diolkos(cfg: EngineConfig) -> tuple[int, ...]:
    if not cfg.diolkos:
        return cfg.sea_adj
    a, b, _ = cfg.diolkos
    adj = list(cfg.sea_adj)
    adj[a] |= 1 << b
    adj[b] |= 1 << a
    return tuple(adj)


def _unspent_first(n_goods: int, spent: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(range(n_goods), key=lambda g: g in spent))


def remember(memo: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """Store `value` under `key`; a full memo is emptied first (what play needs comes back)."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value


_TABLES: Final[dict[int, weakref.ref[_Anchor]]] = {}


def tables(cfg: EngineConfig) -> Tables:
    """The tables of `cfg`: those its live games share, or new ones."""
    ref = _TABLES.get(id(cfg))
    anchor = ref() if ref is not None else None
    if anchor is not None:
        return anchor.tables
    found = Tables(cfg)
    key = id(cfg)
    _TABLES[key] = weakref.ref(found.anchor, lambda _ref: _forget(key, _ref))
    return found


def _forget(key: int, ref: weakref.ref[_Anchor]) -> None:
    if _TABLES.get(key) is ref:  # not a newer entry for a new configuration with the same id
        del _TABLES[key]


def live_tables() -> frozenset[int]:
    """The ids of the configurations that have tables now (for tests)."""
    return frozenset(_TABLES)
