"""Political actions: trade, move the proxenos, ransom it, instigate a civil war.

Trade sends one merchant from the side's trade port along a route of seas the
opponent does not control (or by land from Epidamnos/Abdera) to a free cargo
slot open this round; it pays the market value of the good it barters, or buys
wheat with silver, and the market markers move by the ruleset's dice rule.
"""

from __future__ import annotations

from collections.abc import Iterator

from polis.engine import board, flow, phases, units
from polis.engine.facts import SideFacts, facts_for
from polis.engine.operations import BARTER, BUY, PROXENOS, SLOT
from polis.engine.outcomes import gain_prestige
from polis.engine.phases import Action
from polis.engine.state import SLOT_FREE, State, put, roll

# ------------------------------------------------------------------ trade


def price(s: State, slot: int, good: int) -> int:
    cfg = s.cfg
    table = cfg.market_table[cfg.slots[slot].cargo]
    return table[s.market[cfg.track_of_good[good]]]


def payments(s: State, side: int, slot: int) -> list[Action]:
    cfg = s.cfg
    sl = cfg.slots[slot]
    out: list[Action] = [(BARTER, g) for g in sl.accepts if s.good(side, g) >= price(s, slot, g)]
    if (
        sl.offers == cfg.purchase_good
        and s.good(side, cfg.purchase_currency) >= sl.cargo * cfg.purchase_price
    ):
        out.append((BUY,))
    return out


def can_pay_slot(s: State, side: int, slot: int) -> bool:
    """Whether `payments` would offer anything (without building the list)."""
    cfg = s.cfg
    sl = cfg.slots[slot]
    base = side * len(cfg.goods)
    table = cfg.market_table[sl.cargo]
    for g in sl.accepts:
        if s.goods[base + g] >= table[s.market[cfg.track_of_good[g]]]:
            return True
    return (
        sl.offers == cfg.purchase_good
        and s.goods[base + cfg.purchase_currency] >= sl.cargo * cfg.purchase_price
    )


def can_trade(s: State, side: int) -> bool:
    cfg = s.cfg
    if s.merchants_in_port(side) < 1:
        return False
    return not (cfg.trade_needs_commercial and not s.owns_commercial(side))


def trade_slots(s: State, side: int) -> list[int]:
    """The cargo slots `side` could trade at now, in slot order."""
    return _trade_slots(s, side, False)


def can_trade_now(s: State, side: int) -> bool:
    return bool(_trade_slots(s, side, True))


def _trade_slots(s: State, side: int, first_only: bool) -> list[int]:
    cfg = s.cfg
    out: list[int] = []
    if not can_trade(s, side):
        return out
    open_cargo = cfg.rounds[s.round].cargo_open
    # per market, whether a route leads there: the route search is the dear part, so once
    # per market (bit m of `asked`: looked up; of `reached`: reachable)
    asked = reached = 0
    for k, sl in enumerate(cfg.slots):
        if s.slots[k] != SLOT_FREE or sl.cargo > open_cargo or not can_pay_slot(s, side, k):
            continue
        bit = 1 << sl.market
        if not asked & bit:
            asked |= bit
            if board.market_reachable(s, side, sl.market):
                reached |= bit
        if reached & bit:
            out.append(k)
            if first_only:
                break
    return out


def enter_trade(s: State) -> None:
    s.phase = "trade_slot"


def _slot_legal(s: State) -> list[Action]:
    return [(SLOT, k) for k in trade_slots(s, s.player)]


def _slot_play(s: State, action: Action) -> None:
    s.cur_slot = action[1]
    s.phase = "trade_pay"


def _pay_legal(s: State) -> list[Action]:
    return payments(s, s.player, s.cur_slot)


def _dice(s: State, dice: int, keep: str) -> int:
    rolls = [roll(s, s.cfg.siege_die) for _ in range(dice)]  # the game has one die for all
    return min(rolls) if keep == "lowest" else max(rolls)


def _pay_play(s: State, action: Action) -> None:
    cfg = s.cfg
    side, k = s.player, s.cur_slot
    sl = cfg.slots[k]
    last = len(cfg.market_table[sl.cargo]) - 1
    moves = []
    if action[0] == BARTER:
        good = action[1]
        paid = price(s, k, good)
        s.add_good(side, good, -paid)
        track = cfg.track_of_good[good]
        step = _dice(s, cfg.barter_dice, cfg.barter_keep)
        s.market = put(s.market, track, min(last, s.market[track] + step))  # supply up, value down
        moves.append((good, step))
        currency = good
    else:
        paid = sl.cargo * cfg.purchase_price
        s.add_good(side, cfg.purchase_currency, -paid)
        goods = sl.accepts[:1] if cfg.purchase_markers == "requested_good" else sl.accepts
        for good in goods:
            track = cfg.track_of_good[good]
            step = _dice(s, cfg.purchase_dice, cfg.purchase_keep)
            s.market = put(s.market, track, max(0, s.market[track] - step))  # demand up, value up
            moves.append((good, -step))
        currency = cfg.purchase_currency
    got = s.add_good(side, sl.offers, sl.cargo)
    s.slots = put(s.slots, k, side)
    s.emit("trade", side=side, slot=k, paid=paid, currency=currency, got=got, moves=moves)
    flow.finish_action(s)


# ------------------------------------------------------------------ proxenos


def proxenos_moves(s: State, side: int) -> Iterator[tuple[int, int, int]]:
    """(polis, mode, bribe) for every polis the proxenos can reach and pay for."""
    cfg = s.cfg
    here = s.proxenos[side]
    if here < 0:
        return
    taken = s.proxenos[1 - side]
    silver = s.good(side, cfg.proxenos_bribe_good)
    for (p, mode), cost in board.proxenos_costs(s, side, here).items():
        if p != taken and cost <= silver:
            yield p, mode, cost


def can_move_proxenos(s: State, side: int) -> bool:
    here = s.proxenos[side]
    if here < 0:
        return False
    taken = s.proxenos[1 - side]
    free = board.bribe_free_destinations(s, side, here) & ~(1 << taken if taken >= 0 else 0)
    if free and s.good(side, s.cfg.proxenos_bribe_good) >= 0:
        return True  # a bribe of 0 is always affordable
    return next(proxenos_moves(s, side), None) is not None


def enter_proxenos(s: State) -> None:
    s.phase = "proxenos_dest"


def _proxenos_legal(s: State) -> list[Action]:
    return sorted((PROXENOS, p, mode) for p, mode, _ in proxenos_moves(s, s.player))


def _proxenos_play(s: State, action: Action) -> None:
    side, dest, mode = s.player, action[1], action[2]
    cost = board.proxenos_costs(s, side, s.proxenos[side])[(dest, mode)]
    s.add_good(side, s.cfg.proxenos_bribe_good, -cost)
    origin = s.proxenos[side]
    s.proxenos = put(s.proxenos, side, dest)
    s.emit("proxenos_moved", side=side, origin=origin, polis=dest, by_sea=bool(mode), bribe=cost)
    flow.finish_action(s)


# ------------------------------------------------------------------ ransom, civil war


def can_ransom(s: State, side: int) -> bool:
    cfg = s.cfg
    return (
        s.tables.ransom_index >= 0
        and s.proxenos[side] < 0
        and s.good(side, cfg.ransom_good) >= cfg.ransom_amount
    )


def ransom(s: State, side: int) -> None:
    cfg = s.cfg
    s.add_good(side, cfg.ransom_good, -cfg.ransom_amount)
    if cfg.ransom_to_opponent:
        s.add_good(1 - side, cfg.ransom_good, cfg.ransom_amount)
    s.proxenos = put(s.proxenos, side, cfg.capital[side])
    s.emit("proxenos_ransomed", side=side, paid=cfg.ransom_amount)


def enter_ransom(s: State) -> None:
    ransom(s, s.player)
    flow.finish_action(s)


def civil_war_cost(s: State, side: int, facts: SideFacts | None = None) -> tuple[int, int] | None:
    """(silver, population) of a civil war where the proxenos stands, or None if impossible."""
    cfg = s.cfg
    p = s.proxenos[side]
    if p < 0 or s.owner[p] == side:
        return None
    f = facts_for(s, side, facts)
    if f.discs_free < 1:
        return None
    pol = cfg.poleis[p]
    if cfg.civil_war_capitals_immune and pol.capital_of >= 0:
        return None
    if s.owner[p] < 0:
        cost, population = cfg.civil_war_neutral_factor * pol.base, pol.base
    else:
        cost, population = cfg.civil_war_enemy_factor * s.pop[p], s.pop[p]
    if s.good(side, cfg.civil_war_good) < cost or f.supply < population:
        return None
    return cost, population


def enter_civil_war(s: State) -> None:
    side = s.player
    found = civil_war_cost(s, side)
    assert found is not None, "civil war was offered although impossible"
    cost, population = found
    p = s.proxenos[side]
    was = s.owner[p]
    s.add_good(side, s.cfg.civil_war_good, -cost)
    units.take_polis(s, side, p)
    gain_prestige(s, side, population)
    s.emit("civil_war", side=side, polis=p, paid=cost, population=population, was=was)
    flow.finish_action(s)


phases.register("trade_slot", _slot_legal, _slot_play, rule="actions.trade")
phases.register("trade_pay", _pay_legal, _pay_play, rule="actions.trade")
phases.register("proxenos_dest", _proxenos_legal, _proxenos_play, rule="actions.proxenos")
