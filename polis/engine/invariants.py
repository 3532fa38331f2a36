"""Things that must hold in every state of every game, whatever the ruleset.

Used by the property tests after every action of thousands of seeded games,
and available to anyone debugging a position.
"""

from __future__ import annotations

from polis.engine.state import SLOT_BLOCKED, SLOT_COVERED, SLOT_FREE, State
from polis.messages import Message, msg


def violations(s: State) -> list[Message]:
    """Every broken invariant, as a message (`str()` of one is English)."""
    cfg = s.cfg
    out: list[Message] = []
    n, g = len(cfg.areas), len(cfg.goods)
    limit = s.stacking_limit()
    for side in (0, 1):
        if s.supply(side) < 0:
            out.append(msg("invariant.cubes", side=cfg.sides[side], supply=s.supply(side)))
        for area in range(n):
            count = s.units[side * n + area]
            if count < 0 or count > limit:
                out.append(
                    msg(
                        "invariant.units",
                        side=cfg.sides[side],
                        count=count,
                        area=cfg.areas[area],
                        limit=limit,
                    )
                )
        for good in range(g):
            amount = s.goods[side * g + good]
            if not 0 <= amount <= cfg.goods_max:
                out.append(
                    msg(
                        "invariant.goods", side=cfg.sides[side], amount=amount, good=cfg.goods[good]
                    )
                )
        if not 0 <= s.prestige[side] <= cfg.prestige_max:
            out.append(msg("invariant.prestige", side=cfg.sides[side], prestige=s.prestige[side]))
        if s.merchants_in_port(side) < 0:
            out.append(
                msg(
                    "invariant.merchants_at_market",
                    side=cfg.sides[side],
                    at_market=s.slots.count(side),
                    hired=s.merchants_hired[side],
                )
            )
        if s.merchants_hired[side] > cfg.merchants_per_side:
            out.append(
                msg("invariant.merchants", side=cfg.sides[side], hired=s.merchants_hired[side])
            )
        if s.discs_free(side) < 0:
            out.append(msg("invariant.discs", side=cfg.sides[side]))
    for p, pol in enumerate(cfg.poleis):
        owner = s.owner[p]
        if owner < 0 and s.pop[p] != 0:
            out.append(msg("invariant.neutral_population", polis=pol.id, population=s.pop[p]))
        if owner >= 0 and not 1 <= s.pop[p] <= pol.max_population:
            out.append(msg("invariant.population", polis=pol.id, population=s.pop[p]))
        if pol.capital_of >= 0 and owner != pol.capital_of:
            out.append(msg("invariant.capital", polis=pol.id))
    # they may share a capital only: a ransomed proxenos returns home even if the other is there
    if (
        s.proxenos[0] >= 0
        and s.proxenos[0] == s.proxenos[1]
        and cfg.poleis[s.proxenos[0]].capital_of < 0
    ):
        out.append(msg("invariant.proxenoi"))
    busy = [loc for j, loc in enumerate(s.proj_loc) if loc >= 0 and not s.proj_done[j]]
    if cfg.project_one_per_polis and len(busy) != len(set(busy)):
        out.append(msg("invariant.projects"))
    if any(v not in (SLOT_FREE, SLOT_COVERED, SLOT_BLOCKED, 0, 1) for v in s.slots):
        out.append(msg("invariant.slot"))
    return out
