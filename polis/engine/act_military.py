"""Military actions: move hoplites or galleys, besiege a polis, collect tribute.

A move names one destination, then brings units there one at a time from any
areas that can reach it; each unit travels by land or by sea (never both),
never crossing an area the opponent controls or one where the mover is at the
stacking limit. A siege needs control of the territory and at least as many
hoplites as the polis's fortification; the die decides (siege discs add to it
where the ruleset has them). Tribute spreads the side's hoplites over the
territory's goods rows.
"""

from __future__ import annotations

from polis.engine import board, flow, phases, units
from polis.engine.facts import SideFacts, facts_for
from polis.engine.operations import ALLOC, DEST, FROM, POLIS, STOP, TERRITORY
from polis.engine.outcomes import gain_prestige, pay_prestige
from polis.engine.phases import Action
from polis.engine.state import State, put, roll
from polis.engine.tables import ALLOCATIONS_MAX, Allocations, remember

# ------------------------------------------------------------------ moves


def _naval(s: State) -> bool:
    return s.cfg.actions[s.cur_action].id == "move_galleys"


def _origins(s: State, side: int, naval: bool) -> list[int]:
    cfg = s.cfg
    n = len(cfg.areas)
    lo, hi = (cfg.n_territories, n) if naval else (0, cfg.n_territories)
    return [a for a in range(lo, hi) if s.units[side * n + a]]


def destinations(
    s: State, side: int, naval: bool, *, any_one: bool = False, facts: SideFacts | None = None
) -> int:
    """Mask of areas at least one unit can move to and that are below the limit for `side`.

    With `any_one`, stop at the first origin that has somewhere to go.
    """
    origins = _origins(s, side, naval)
    if not origins:
        return 0
    passage = facts.passage if facts is not None else board.Passage(s, side)
    found = 0
    for origin in origins:
        found |= board.below_limit(s, side, board.reach(s, side, origin, naval, passage))
        if found and any_one:
            break
    return found


def enter_move(s: State) -> None:
    s.phase = "move_dest"


def _dest_legal(s: State) -> list[Action]:
    return [(DEST, a) for a in board.bits(destinations(s, s.player, _naval(s)))]


def _dest_play(s: State, action: Action) -> None:
    s.cur_dest = action[1]
    s.cur_count = 0
    s.phase = "move_origin"


def _sources(s: State) -> list[int]:
    side, dest, naval = s.player, s.cur_dest, _naval(s)
    if s.n_units(side, dest) >= s.stacking_limit():
        return []
    passage = board.Passage(s, side)
    return [
        o
        for o in _origins(s, side, naval)
        if o != dest and board.reach(s, side, o, naval, passage) >> dest & 1
    ]


def _origin_legal(s: State) -> list[Action]:
    out: list[Action] = [(FROM, o) for o in _sources(s)]
    return [*out, (STOP,)] if s.cur_count else out


def _origin_play(s: State, action: Action) -> None:
    if action[0] == STOP:
        flow.finish_action(s)
        return
    side, origin = s.player, action[1]
    units.remove_units(s, side, origin)
    units.add_units(s, side, s.cur_dest)
    s.cur_count += 1
    s.emit("unit_moved", side=side, origin=origin, dest=s.cur_dest)
    if not _sources(s):
        flow.finish_action(s)


# ------------------------------------------------------------------ sieges


def siege_targets(s: State, side: int, facts: SideFacts | None = None) -> list[int]:
    """The poleis `side` could besiege now, in polis order."""
    return _siege_targets(s, side, facts_for(s, side, facts), False)


def can_besiege(s: State, side: int, f: SideFacts) -> bool:
    return bool(_siege_targets(s, side, f, True))


def _siege_targets(s: State, side: int, f: SideFacts, first_only: bool) -> list[int]:
    cfg = s.cfg
    out: list[int] = []
    if f.discs_free < 1:
        return out
    n = len(cfg.areas)
    mine, theirs = side * n, (1 - side) * n
    for p, pol in enumerate(cfg.poleis):
        t = pol.territory
        if t < 0 or s.owner[p] == side:
            continue
        if cfg.siege_capitals_immune and pol.capital_of >= 0:
            continue
        own = s.units[mine + t]
        if own < pol.base or own <= s.units[theirs + t]:  # enough hoplites, and control
            continue
        if f.supply >= units.population_if_taken(s, p):
            out.append(p)
            if first_only:
                break
    return out


def siege_need(s: State, side: int, polis: int) -> int:
    """The least roll of the siege die with which `side` takes `polis` now, its siege discs
    added; 0 where the siege cannot fail (then no die is rolled)."""
    cfg = s.cfg
    need = cfg.poleis[polis].base - s.siege_discs[polis * 2 + side] * cfg.siege_disc_bonus
    return 0 if need <= 1 else need


def siege_chance(s: State, side: int, polis: int) -> float:
    """The chance that `side`'s siege of `polis` succeeds now (the odds of `siege_need`)."""
    need = siege_need(s, side, polis)
    faces = s.cfg.siege_die
    return 1.0 if need == 0 else max(0.0, (faces - need + 1) / faces)


def enter_siege(s: State) -> None:
    s.phase = "siege_polis"


def _siege_legal(s: State) -> list[Action]:
    return [(POLIS, p) for p in siege_targets(s, s.player)]


def _siege_play(s: State, action: Action) -> None:
    cfg = s.cfg
    side, p = s.player, action[1]
    pol = cfg.poleis[p]
    enemy = 1 - side
    units.drop_siege_discs_at(s, enemy, p, "other_side_besieges")
    bonus = s.siege_discs[p * 2 + side] * cfg.siege_disc_bonus
    need = siege_need(s, side, p)
    # a result the die cannot miss is not rolled (fortification 1): no chance, no undo barrier
    die = 0 if need == 0 else roll(s, cfg.siege_die)
    success = die >= need
    s.emit("siege", side=side, polis=p, roll=die, bonus=bonus, success=success)
    if success:
        owner = s.owner[p]
        population = units.take_polis(s, side, p)
        units.drop_siege_discs_at(s, side, p, "success")
        gain_prestige(s, side, pol.base)
        s.emit(
            "polis_taken", side=side, polis=p, population=population, prestige=pol.base, was=owner
        )
        if cfg.siege_captures_proxenos and s.proxenos[enemy] == p:
            s.proxenos = put(s.proxenos, enemy, -1)
            s.emit("proxenos_captured", side=enemy, polis=p)
    else:
        units.remove_units(s, side, pol.territory, cfg.siege_loser_hoplites)
        if s.owner[p] == enemy:
            s.pop[p] = max(0, s.pop[p] - cfg.siege_population_loss)
            if s.pop[p] == 0 and cfg.siege_revolt_at_zero:
                units.release_polis(s, p)
                s.emit("polis_revolted", side=enemy, polis=p)
        if cfg.siege_disc_bonus and s.n_units(side, pol.territory) > 0:
            s.siege_discs = put(s.siege_discs, p * 2 + side, s.siege_discs[p * 2 + side] + 1)
    flow.finish_action(s)


# ------------------------------------------------------------------ tribute


def tribute_cost(s: State, side: int, territory: int) -> int:
    cfg = s.cfg
    cost = s.tables.tribute_cost
    if cost < 0 or (cfg.tribute_home_free and cfg.home_region[side] == territory):
        return 0
    return cost


def tribute_targets(s: State, side: int, facts: SideFacts | None = None) -> list[int]:
    """The territories `side` could collect tribute from now, in area order."""
    return _tribute_targets(s, side, facts_for(s, side, facts), False)


def can_collect_tribute(s: State, side: int, f: SideFacts) -> bool:
    return bool(_tribute_targets(s, side, f, True))


def _tribute_targets(s: State, side: int, f: SideFacts, first_only: bool) -> list[int]:
    cfg = s.cfg
    out: list[int] = []
    if f.discs_free < 1:
        return out
    base = side * len(cfg.areas)
    units_of = s.units
    owner = s.owner
    for t in range(cfg.n_territories):
        if cfg.tribute_once and s.tributed[t] >= 0:
            continue
        if not units_of[base + t] or not cfg.tribute_rows[t]:
            continue
        here = cfg.poleis_in_area[t]
        if here:
            held = False
            for p in here:
                if owner[p] == side:
                    held = True
                    break
            if not held:
                continue
        if s.prestige[side] >= tribute_cost(s, side, t):
            out.append(t)
            if first_only:
                break
    return out


def allocations(boxes: tuple[int, ...], hoplites: int) -> Allocations:
    """Every way to place all the hoplites that fit on rows with these box counts."""
    n = min(hoplites, sum(boxes))

    def fill(i: int, left: int) -> list[tuple[int, ...]]:
        if i == len(boxes):
            return [()] if left == 0 else []
        return [
            (k, *rest) for k in range(min(left, boxes[i]) + 1) for rest in fill(i + 1, left - k)
        ]

    return tuple(fill(0, n))


def enter_tribute(s: State) -> None:
    s.phase = "tribute_territory"


def _territory_legal(s: State) -> list[Action]:
    return [(TERRITORY, t) for t in tribute_targets(s, s.player)]


def _territory_play(s: State, action: Action) -> None:
    side, t = s.player, action[1]
    if not pay_prestige(s, side, tribute_cost(s, side, t)):
        return
    s.tributed = put(s.tributed, t, side)
    s.cur_dest = t
    s.phase = "tribute_alloc"


def _alloc_legal(s: State) -> list[Action]:
    rows = s.cfg.tribute_rows[s.cur_dest]
    key = (tuple(b for _, b in rows), s.n_units(s.player, s.cur_dest))
    memo = s.tables.allocations  # per configuration, bounded
    found = memo.get(key)
    if found is None:
        found = remember(memo, key, allocations(*key), ALLOCATIONS_MAX)
    return [(ALLOC, *counts) for counts in found]


def _alloc_play(s: State, action: Action) -> None:
    cfg = s.cfg
    side, t = s.player, s.cur_dest
    gained = []
    for (good, _), count in zip(cfg.tribute_rows[t], action[1:], strict=True):
        if count:
            amount = cfg.tribute_yields[count - 1]
            got = s.add_good(side, good, amount)
            gained.append((good, amount, got))
    s.emit("tribute", side=side, territory=t, goods=gained)
    flow.finish_action(s)


phases.register("move_dest", _dest_legal, _dest_play, rule="actions.move")
phases.register("move_origin", _origin_legal, _origin_play, rule="actions.move")
phases.register("siege_polis", _siege_legal, _siege_play, rule="actions.besiege")
phases.register("tribute_territory", _territory_legal, _territory_play, rule="actions.tribute")
phases.register("tribute_alloc", _alloc_legal, _alloc_play, rule="actions.tribute")
