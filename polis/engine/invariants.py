"""Things that must hold in every state of every game, whatever the ruleset.

Used by the property tests after every action of thousands of seeded games,
and available to anyone debugging a position.
"""

from __future__ import annotations

from polis.engine.state import SLOT_BLOCKED, SLOT_COVERED, SLOT_FREE, State


def violations(s: State) -> list[str]:
    cfg = s.cfg
    out: list[str] = []
    n, g = len(cfg.areas), len(cfg.goods)
    limit = s.stacking_limit()
    for side in (0, 1):
        if s.supply(side) < 0:
            out.append(f"side {side} uses more cubes than it has (supply {s.supply(side)})")
        for area in range(n):
            count = s.units[side * n + area]
            if count < 0 or count > limit:
                out.append(f"side {side} has {count} units in {cfg.areas[area]} (limit {limit})")
        for good in range(g):
            amount = s.goods[side * g + good]
            if not 0 <= amount <= cfg.goods_max:
                out.append(f"side {side} holds {amount} {cfg.goods[good]}")
        if not 0 <= s.prestige[side] <= cfg.prestige_max:
            out.append(f"side {side} has {s.prestige[side]} prestige")
        if s.merchants_in_port(side) < 0:
            out.append(
                f"side {side} has {s.slots.count(side)} merchants at market "
                f"but hired {s.merchants_hired[side]}"
            )
        if s.merchants_hired[side] > cfg.merchants_per_side:
            out.append(f"side {side} hired {s.merchants_hired[side]} merchants")
        if s.discs_free(side) < 0:
            out.append(f"side {side} uses more discs than it has")
    for p, pol in enumerate(cfg.poleis):
        owner = s.owner[p]
        if owner < 0 and s.pop[p] != 0:
            out.append(f"neutral {pol.id} holds {s.pop[p]} cubes")
        if owner >= 0 and not 1 <= s.pop[p] <= pol.max_population:
            out.append(f"{pol.id} has population {s.pop[p]}")
        if pol.capital_of >= 0 and owner != pol.capital_of:
            out.append(f"capital {pol.id} belongs to {owner}")
    # they may share a capital only: a ransomed proxenos returns home even if the other is there
    if (
        s.proxenos[0] >= 0
        and s.proxenos[0] == s.proxenos[1]
        and cfg.poleis[s.proxenos[0]].capital_of < 0
    ):
        out.append("both proxenoi stand in the same polis")
    busy = [loc for j, loc in enumerate(s.proj_loc) if loc >= 0 and not s.proj_done[j]]
    if cfg.project_one_per_polis and len(busy) != len(set(busy)):
        out.append("a polis started two projects in one round")
    if any(v not in (SLOT_FREE, SLOT_COVERED, SLOT_BLOCKED, 0, 1) for v in s.slots):
        out.append("a market slot is in an unknown state")
    return out
