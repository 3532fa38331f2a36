"""Development actions: create hoplites, galleys and merchants; start a project.

Units come from one polis per action, one at a time, each paid with one of the
ruleset's cost alternatives (metal or silver, wood or silver); the last
population cube of a polis never leaves it, and areas never exceed the round's
stacking limit. Merchants are hired only in the side's own commercial poleis.
"""

from __future__ import annotations

from itertools import product

from polis.engine import flow, phases, units
from polis.engine.facts import SideFacts, facts_for
from polis.engine.operations import BUILD, PAY, POLIS, PROJECT, STOP
from polis.engine.phases import Action
from polis.engine.state import ON_OFFER, State, put
from polis.engine.tables import GALLEYS, HOPLITES, Costs


def costs(s: State, kind: str) -> Costs:
    """The cost alternatives of one unit of a create action."""
    return s.tables.unit_costs[kind]


def can_spare_cube(s: State, polis: int) -> bool:
    """Whether `polis` may give up a population cube (never its last, where the rules say so)."""
    return s.pop[polis] >= (2 if s.cfg.keep_last_cube else 1)


def affordable(s: State, side: int, cost: tuple[tuple[int, int], ...]) -> bool:
    base = side * len(s.cfg.goods)
    goods = s.goods
    for g, n in cost:
        if goods[base + g] < n:
            return False
    return True


def any_affordable(s: State, side: int, alternatives: Costs) -> bool:
    """Can `side` pay one of these cost alternatives?"""
    for cost in alternatives:
        if affordable(s, side, cost):
            return True
    return False


def _unit(s: State, kind: str) -> int:
    """The unit a create action makes: HOPLITES, GALLEYS or MERCHANTS."""
    return s.tables.kinds[s.tables.action_index[kind]]


def _places(s: State, kind: str, side: int, polis: int) -> list[int]:
    """Where one new unit from `polis` could go: areas, or [-1] for the trade port."""
    cfg = s.cfg
    pol = cfg.poleis[polis]
    limit = s.stacking_limit()
    unit = _unit(s, kind)
    if unit == HOPLITES:
        t = pol.territory
        return [t] if t >= 0 and s.n_units(side, t) < limit else []
    if unit == GALLEYS:
        return [sea for sea in pol.ports if s.n_units(side, sea) < limit]
    if pol.commercial == side and s.merchants_hired[side] < cfg.merchants_per_side:
        return [-1]
    return []


def _has_place(s: State, unit: int, side: int, polis: int, limit: int) -> bool:
    """Whether `_places` would find somewhere (without building the list)."""
    cfg = s.cfg
    pol = cfg.poleis[polis]
    n = len(cfg.areas)
    if unit == HOPLITES:
        t = pol.territory
        return t >= 0 and s.units[side * n + t] < limit
    if unit == GALLEYS:
        for sea in pol.ports:
            if s.units[side * n + sea] < limit:
                return True
        return False
    return pol.commercial == side and s.merchants_hired[side] < cfg.merchants_per_side


def builders(s: State, kind: str, side: int, facts: SideFacts | None = None) -> list[int]:
    """Poleis where `side` could create one more unit of this kind right now."""
    return _builders(s, _unit(s, kind), side, facts_for(s, side, facts), False)


def _builders(s: State, unit: int, side: int, f: SideFacts, first_only: bool) -> list[int]:
    out: list[int] = []
    if not any_affordable(s, side, s.tables.unit_costs_by_kind[unit]):
        return out
    least = 2 if s.cfg.keep_last_cube else 1  # see can_spare_cube
    pop = s.pop
    for p in f.owned:
        if pop[p] >= least and _has_place(s, unit, side, p, f.limit):
            out.append(p)
            if first_only:
                break
    return out


def can_build_unit(s: State, unit: int, side: int, f: SideFacts) -> bool:
    """Can `side` create one unit of this kind (HOPLITES, GALLEYS, MERCHANTS) now? The
    turn's check."""
    return bool(_builders(s, unit, side, f, True))


def _build_options(s: State) -> list[Action]:
    side, kind, p = s.player, s.cfg.actions[s.cur_action].id, s.cur_polis
    if not can_spare_cube(s, p):
        return []
    places = _places(s, kind, side, p)
    return [
        (BUILD, alt, place)
        for alt, cost in enumerate(costs(s, kind))
        if affordable(s, side, cost)
        for place in places
    ]


def enter(s: State) -> None:
    s.phase = "create_polis"


def _polis_legal(s: State) -> list[Action]:
    return [(POLIS, p) for p in builders(s, s.cfg.actions[s.cur_action].id, s.player)]


def _polis_play(s: State, action: Action) -> None:
    s.cur_polis = action[1]
    s.cur_count = 0
    s.phase = "build"


def _build_legal(s: State) -> list[Action]:
    out = _build_options(s)
    return [*out, (STOP,)] if s.cur_count else out


def _build_play(s: State, action: Action) -> None:
    if action[0] == STOP:
        flow.finish_action(s)
        return
    side, kind = s.player, s.cfg.actions[s.cur_action].id
    _, alt, place = action
    for g, n in costs(s, kind)[alt]:
        s.add_good(side, g, -n)
    s.pop[s.cur_polis] -= 1
    if kind == "create_merchants":
        s.merchants_hired = put(s.merchants_hired, side, s.merchants_hired[side] + 1)
    else:
        units.add_units(s, side, place)
    s.cur_count += 1
    s.emit("unit_created", side=side, kind=kind, polis=s.cur_polis, area=place, paid=alt)
    if not _build_options(s):
        flow.finish_action(s)


# ------------------------------------------------------------------ projects


def _payable(
    goods: list[int], base: int, cost: tuple[tuple[int, int], ...], sub: int, mask: int
) -> bool:
    need: dict[int, int] = {}
    for i, (g, n) in enumerate(cost):
        good = sub if mask >> i & 1 else g
        need[good] = need.get(good, 0) + n
    return all(goods[base + g] >= n for g, n in need.items())


def payments(s: State, side: int, project: int) -> list[int]:
    """Affordable ways to pay: bit i set = the i-th good of the cost paid in the substitute.

    Each kind of good in the cost may be paid entirely (never partly) in the substitute.
    """
    cfg = s.cfg
    cost = cfg.projects[project].cost
    sub = cfg.project_substitute
    swappable = [i for i, (g, _) in enumerate(cost) if g != sub and sub >= 0]
    base = side * len(cfg.goods)
    out = []
    for choice in product((0, 1), repeat=len(swappable)):
        mask = sum(1 << i for i, bit in zip(swappable, choice, strict=True) if bit)
        if _payable(s.goods, base, cost, sub, mask):
            out.append(mask)
    return out


def _busy(s: State) -> set[int]:
    """Poleis that already started a project this round."""
    return {loc for j, loc in enumerate(s.proj_loc) if loc >= 0 and not s.proj_done[j]}


def project_hosts(
    s: State,
    side: int,
    project: int,
    busy: set[int] | None = None,
    owned: list[int] | None = None,
) -> list[int]:
    """Own poleis that allow this tile (and, where the rules say so, started none this round)."""
    mask = s.cfg.projects[project].poleis_mask
    if not s.cfg.project_one_per_polis:
        busy = set()
    elif busy is None:
        busy = _busy(s)
    league = s.owned(side) if owned is None else owned
    return [p for p in league if mask >> p & 1 and p not in busy]


def can_pay(s: State, side: int, project: int) -> bool:
    """Whether any payment works: substituting exactly the goods one lacks uses the least
    substitute, so that is the one to test."""
    cfg = s.cfg
    sub = cfg.project_substitute
    base = side * len(cfg.goods)
    goods = s.goods
    need_sub = 0
    for g, n in cfg.projects[project].cost:
        if g == sub or goods[base + g] < n:
            if sub < 0:
                return False
            need_sub += n
    return need_sub == 0 or goods[base + sub] >= need_sub


def startable_projects(s: State, side: int, facts: SideFacts | None = None) -> list[int]:
    """The projects on offer `side` can pay for and host now, in tile order."""
    return _startable(s, side, facts, False)


def can_start_project(s: State, side: int, facts: SideFacts | None = None) -> bool:
    return bool(_startable(s, side, facts, True))


def _startable(s: State, side: int, facts: SideFacts | None, first_only: bool) -> list[int]:
    out: list[int] = []
    busy = None
    owned = None
    for j, loc in enumerate(s.proj_loc):
        if loc != ON_OFFER or not can_pay(s, side, j):
            continue
        if busy is None:
            busy = _busy(s)
            owned = facts_for(s, side, facts).owned
        if project_hosts(s, side, j, busy, owned):
            out.append(j)
            if first_only:
                break
    return out


def enter_project(s: State) -> None:
    s.phase = "project"


def _project_legal(s: State) -> list[Action]:
    return [(PROJECT, j) for j in startable_projects(s, s.player)]


def _project_play(s: State, action: Action) -> None:
    s.cur_project = action[1]
    s.phase = "project_polis"


def _project_polis_legal(s: State) -> list[Action]:
    return [(POLIS, p) for p in project_hosts(s, s.player, s.cur_project)]


def _project_polis_play(s: State, action: Action) -> None:
    s.cur_polis = action[1]
    s.phase = "project_pay"


def _project_pay_legal(s: State) -> list[Action]:
    return [(PAY, mask) for mask in payments(s, s.player, s.cur_project)]


def _project_pay_play(s: State, action: Action) -> None:
    cfg = s.cfg
    side, j, mask = s.player, s.cur_project, action[1]
    for i, (g, n) in enumerate(cfg.projects[j].cost):
        s.add_good(side, cfg.project_substitute if mask >> i & 1 else g, -n)
    s.proj_loc = put(s.proj_loc, j, s.cur_polis)
    s.emit("project_started", side=side, project=j, polis=s.cur_polis, substituted=mask)
    flow.finish_action(s)


phases.register("create_polis", _polis_legal, _polis_play, rule="actions.create_units")
phases.register("build", _build_legal, _build_play, rule="actions.create_units")
phases.register("project", _project_legal, _project_play, rule="actions.start_project")
phases.register(
    "project_polis", _project_polis_legal, _project_polis_play, rule="actions.start_project"
)
phases.register("project_pay", _project_pay_legal, _project_pay_play, rule="actions.start_project")
