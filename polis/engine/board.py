"""Board queries: who may pass where, what a unit can reach, trade and proxenos routes.

Everything works on int bitmasks over area indices (the compiler precomputes
adjacency as masks), which keeps a reachability test to a few dozen operations.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from polis.engine.state import State
from polis.engine.tables import ROUTES_MAX, remember

BITS_MAX: Final = 4096  # play sees a few hundred distinct masks
_BITS: Final[dict[int, tuple[int, ...]]] = {}


def bits(mask: int) -> tuple[int, ...]:
    """Indices of the set bits, low to high (memoised: boards have few distinct masks)."""
    found = _BITS.get(mask)
    if found is None:
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            out.append(low.bit_length() - 1)
            rest ^= low
        found = remember(_BITS, mask, tuple(out), BITS_MAX)
    return found


def index_of(bit: i64) -> i64:
    """The index of the one set bit of `bit` (compiled: native ints, as in every loop over
    a mask of areas here; masks fit in 64 bits, the ruleset checks allow at most 62 areas)."""
    return int(bit).bit_length() - 1


def _spread(adj: tuple[int, ...], start: int, passable: int) -> int:
    """Areas adjacent to `start` or to any passable area reachable from it."""
    reached: i64 = 0
    seen: i64 = start
    frontier: i64 = start
    while frontier:
        nbrs: i64 = 0
        rest: i64 = frontier
        while rest:  # each set bit, low to high: a plain loop, no tuple of indices made
            low = rest & -rest
            nbrs |= adj[index_of(low)]
            rest ^= low
        new = nbrs & ~seen
        reached |= new
        seen |= new
        frontier = new & passable
    return reached


def uses_diolkos(s: State, side: int) -> bool:
    link = s.cfg.diolkos
    return bool(link) and s.owner[link[2]] == side


def sea_adjacency(s: State, side: int, allowed: bool) -> tuple[int, ...]:
    """Sea adjacency for `side`, with the diolkos link if it holds the polis and may use it."""
    if allowed and uses_diolkos(s, side):
        return s.tables.sea_adj_diolkos
    return s.cfg.sea_adj


def not_enemy_controlled(s: State, side: int, areas: int) -> int:
    """The subset of `areas` where the opponent does not have more units than `side`."""
    n: i64 = len(s.cfg.areas)
    units = s.units
    mine: i64 = side * n
    theirs: i64 = (1 - side) * n
    out: i64 = 0
    rest: i64 = areas
    while rest:
        low = rest & -rest
        i = index_of(low)
        if units[theirs + i] <= units[mine + i]:
            out |= low
        rest ^= low
    return out


def below_limit(s: State, side: int, areas: int) -> int:
    base: i64 = side * len(s.cfg.areas)
    limit: i64 = s.stacking_limit()
    units = s.units
    out: i64 = 0
    rest: i64 = areas
    while rest:
        low = rest & -rest
        if units[base + index_of(low)] < limit:
            out |= low
        rest ^= low
    return out


class Passage:
    """What `side` may cross right now, computed once per question (one pass over the areas)."""

    __slots__ = ("land_ok", "sea_adj", "seas_for_galleys", "seas_for_hoplites")

    land_ok: int
    seas_for_hoplites: int
    seas_for_galleys: int
    sea_adj: tuple[int, ...]

    def __init__(self, s: State, side: int) -> None:
        cfg = s.cfg
        n: i64 = len(cfg.areas)
        units = s.units
        mine: i64 = side * n
        theirs: i64 = (1 - side) * n
        limit: i64 = s.stacking_limit()
        by_control = cfg.move_blocked_by_control
        by_full = cfg.move_blocked_by_full
        free: i64 = 0  # not controlled by the opponent
        room: i64 = 0  # below the stacking limit for `side`
        bit: i64 = 1
        for i in range(n):
            own: i64 = units[mine + i]
            if not by_control or units[theirs + i] <= own:
                free |= bit
            if not by_full or own < limit:
                room |= bit
            bit <<= 1
        self.land_ok = free & room & cfg.territory_mask
        self.seas_for_hoplites = free & cfg.sea_mask  # galleys never block a hoplite's crossing
        self.seas_for_galleys = free & room & cfg.sea_mask
        self.sea_adj = sea_adjacency(s, side, cfg.move_diolkos)


def hoplite_reach(s: State, side: int, origin: int, passage: Passage | None = None) -> int:
    """Territories a hoplite in `origin` can move to (by land or, separately, by sea)."""
    cfg = s.cfg
    way = passage if passage is not None else Passage(s, side)
    reach = _spread(cfg.land_adj, 1 << origin, way.land_ok)
    seas_ok = way.seas_for_hoplites
    entry = cfg.coasts[origin] & seas_ok
    if entry:
        rest: i64 = (entry | _spread(way.sea_adj, entry, seas_ok)) & seas_ok
        shores = cfg.shores
        while rest:  # every sea on the way is crossed
            low = rest & -rest
            reach |= shores[index_of(low)]
            rest ^= low
    return reach & cfg.territory_mask & ~(1 << origin)


def galley_reach(s: State, side: int, origin: int, passage: Passage | None = None) -> int:
    """Seas a galley in `origin` can move to."""
    cfg = s.cfg
    way = passage if passage is not None else Passage(s, side)
    return _spread(way.sea_adj, 1 << origin, way.seas_for_galleys) & cfg.sea_mask & ~(1 << origin)


def reach(s: State, side: int, origin: int, naval: bool, passage: Passage | None = None) -> int:
    if naval:
        return galley_reach(s, side, origin, passage)
    return hoplite_reach(s, side, origin, passage)


def market_reachable(s: State, side: int, market: int) -> bool:
    """A free route from the side's trade port (or the land route) to the market."""
    cfg = s.cfg
    mk = cfg.markets[market]
    if mk.land_route_polis >= 0 and s.owner[mk.land_route_polis] == side:
        return True
    ok = not_enemy_controlled(s, side, cfg.sea_mask)
    entry = cfg.trade_port_seas[side] & ok
    if not entry:
        return False
    seas = entry | (_spread(sea_adjacency(s, side, cfg.trade_diolkos), entry, ok) & ok)
    return bool(seas >> mk.sea & 1)


def _route_costs(start: int, adj: tuple[int, ...], weight: list[int]) -> list[int]:
    """Cheapest sum of area weights from `start` to every area, both ends included
    (-1 where no route leads).

    Dijkstra's algorithm with the open areas in a short list: boards are small
    and the open set at any time smaller still, so a scan beats a heap here.
    """
    best = [-1] * len(weight)
    cost = [0] * len(weight)
    cost[start] = weight[start]
    reached = 1 << start  # open or settled
    open_areas = [start]
    while open_areas:
        k = 0
        for j in range(1, len(open_areas)):
            if cost[open_areas[j]] < cost[open_areas[k]]:
                k = j
        area = open_areas[k]
        open_areas[k] = open_areas[-1]
        open_areas.pop()
        here = best[area] = cost[area]
        rest: i64 = adj[area]
        while rest:  # each neighbour, low to high
            low = rest & -rest
            rest ^= low
            nxt = index_of(low)
            if best[nxt] >= 0:
                continue
            c = here + weight[nxt]
            if not reached & low:
                reached |= low
                cost[nxt] = c
                open_areas.append(nxt)
            elif c < cost[nxt]:
                cost[nxt] = c
    return best


def bribe_free_destinations(s: State, side: int, origin: int) -> int:
    """Mask over the poleis the proxenos in `origin` reaches without paying any bribe.

    The cheap question first: usually some polis is that close, and then nobody
    needs the cheapest-route table (`proxenos_costs`) to know that a move exists.
    A polis is in the mask exactly when one of its entries in that table is 0:
    the route crosses only areas without enemy units (its ends too, where the
    ruleset makes them count).
    """
    cfg = s.cfg
    n: i64 = len(cfg.areas)
    theirs: i64 = (1 - side) * n
    units = s.units
    free: i64 = 0  # areas that cost no bribe
    bit: i64 = 1
    no_bribe = cfg.proxenos_bribe == 0
    for i in range(n):
        if no_bribe or units[theirs + i] == 0:
            free |= bit
        bit <<= 1
    ends = cfg.proxenos_bribe_endpoints
    here = cfg.poleis[origin]
    land: i64 = _free_ends(cfg.land_adj, here.territory, free, ends) if here.territory >= 0 else 0
    sea: i64 = 0
    if here.ports:
        adj = sea_adjacency(s, side, cfg.proxenos_diolkos)
        for start in here.ports:
            sea |= _free_ends(adj, start, free, ends)
    out: i64 = 0
    bit = 1
    for p, pol in enumerate(cfg.poleis):
        t: i64 = pol.territory
        if p != origin and ((t >= 0 and land >> t & 1) or pol.port_mask & sea):
            out |= bit
        bit <<= 1
    return out


def _free_ends(adj: tuple[int, ...], start: int, free: int, endpoints: bool) -> int:
    """Areas a route from `start` reaches through bribe-free areas (the route's ends
    must be free too where the ruleset counts them)."""
    if endpoints and not free >> start & 1:
        return 0
    reach = _spread(adj, 1 << start, free) | 1 << start
    return reach & free if endpoints else reach


def proxenos_costs(s: State, side: int, origin: int) -> dict[tuple[int, int], int]:
    """Cheapest bribe to every polis the proxenos can reach, by land (0) and by sea (1).

    Every enemy unit on every area of the route costs the bribe, including the
    first and last area when the ruleset says so. Start and end may be the same
    area (Chios to Samos through Ionia). Results depend only on the configuration,
    the enemy units, the origin and the diolkos, so they are memoised with the
    configuration's tables (the dict must not be changed).
    """
    cfg = s.cfg
    n = len(cfg.areas)
    enemy = tuple(s.units[(1 - side) * n : (2 - side) * n])
    key = (origin, enemy, cfg.proxenos_diolkos and uses_diolkos(s, side))
    memo = s.tables.routes
    found = memo.get(key)
    if found is None:
        found = remember(memo, key, _proxenos_costs(s, side, origin, enemy), ROUTES_MAX)
    return found


def _bribe(endpoints: bool, start: int, end: int, table: list[int], weight: list[int]) -> int:
    """The bribe from `start` to `end` given the route costs from `start` (both ends included)."""
    if endpoints:
        return table[end]
    return 0 if start == end else table[end] - weight[start] - weight[end]


def _proxenos_costs(
    s: State, side: int, origin: int, enemy: tuple[int, ...]
) -> dict[tuple[int, int], int]:
    cfg = s.cfg
    weight = [u * cfg.proxenos_bribe for u in enemy]
    ends = cfg.proxenos_bribe_endpoints
    out: dict[tuple[int, int], int] = {}
    here = cfg.poleis[origin]
    if here.territory >= 0:
        first = here.territory
        land = _route_costs(first, cfg.land_adj, weight)
        for p, pol in enumerate(cfg.poleis):
            t = pol.territory
            if p != origin and t >= 0 and land[t] >= 0:
                out[(p, 0)] = _bribe(ends, first, t, land, weight)
    if here.ports:
        adj = sea_adjacency(s, side, cfg.proxenos_diolkos)
        for first in here.ports:
            table = _route_costs(first, adj, weight)
            for p, pol in enumerate(cfg.poleis):
                for end in pol.ports:
                    if p != origin and table[end] >= 0:
                        c = _bribe(ends, first, end, table, weight)
                        out[(p, 1)] = min(c, out.get((p, 1), c))
    return out
