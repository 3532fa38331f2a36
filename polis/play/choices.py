"""What a choice costs and what it risks, worked out before the player commits.

The engine itself is asked: each option is played on a copy of the state and
the result compared with the present. Where the option draws a card or rolls a
die, the real generator would give the answer away, so it is played several
times with other seeds and only what is the same in every result is reported
(a certain cost, or a loss that happens whatever falls).

"If the round ended now" is asked the same way: a copy is sent through the
engine's own end-of-round steps, the deciding side feeding as well as it can
(paying the shortfall in prestige, or releasing poleis where that saves it),
so the answer follows whatever rules the data declares.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from polis.compiler.config import PRESTIGE
from polis.engine import (
    DONE,
    DRAW,
    FEED,
    GROW,
    PASS,
    PHOROS,
    RELEASE,
    Action,
    State,
    advance,
    apply_unchecked,
    civil_war_cost,
    determinize,
    feeding_need,
    legal_actions,
    price,
    proxenos_costs,
    proxenos_moves,
    round_end_now,
    siege_need,
    startable_projects,
    trade_slots,
    unit_costs,
    zero_prestige_loses,
)

# other seeds an option with a die or a card is tried with (never the game's own)
PROBE_SEEDS = (101, 202, 303, 404)
# round-end decisions the forecast makes for a side; any other phase ends it
END_DECISIONS = frozenset({"feed", "grow", "phoros"})
MAX_FORECAST_STEPS = 200
ZERO_PRESTIGE = "zero_prestige_at_round_end"
# a danger met in the middle of an action counts only if no way of finishing the action
# averts it: this many decisions deep, this many tried outcomes at most
FINISH_DEPTH = 3
MAX_FINISH_PROBES = 64
# phases in which no action is under way: the turn's choice of action, the round's end
IDLE_PHASES = frozenset({"turn"}) | END_DECISIONS

Resources = tuple[tuple[int, int], ...]  # (good, or PRESTIGE, amount)


@dataclass(frozen=True, slots=True)
class Danger:
    """`side` loses, at once ("now") or when the round ends ("round_end"), for `reason`."""

    when: str
    side: int
    reason: str  # the engine's loss reason (capital_unfed, zero_prestige_at_round_end...)


@dataclass(frozen=True, slots=True)
class Consequence:
    action: Action
    spent: Resources  # what the deciding side pays for sure
    gained: Resources  # what it gets for sure (only for options without chance)
    danger: Danger | None


@dataclass(frozen=True, slots=True)
class Feeding:
    """The feeding step of a side: wheat (the feeding good) needed against held."""

    side: int
    need: int
    held: int
    prestige: int
    capital_need: int  # the capital alone: below this, even prestige cannot save it

    @property
    def shortfall(self) -> int:
        return max(0, self.need - self.held)


# ------------------------------------------------------------------ simulation


def _lost(s: State, side: int) -> bool:
    return s.finished and s.reason in s.cfg.loss_conditions and s.winner in (1 - side, DRAW)


def outcomes(state: State, action: Action) -> list[State]:
    """The states `action` can lead to, without ever using the game's own generator."""
    after = apply_unchecked(state, action)
    if after.chance == state.chance:
        return [after]
    results = []
    for seed in PROBE_SEEDS:  # the observer's copy: other dice, and other hidden cards
        probe = determinize(state, state.player, random.Random(seed))
        results.append(apply_unchecked(probe, action))
    return results


def _resources(s: State, side: int) -> list[int]:
    return [s.good(side, g) for g in range(len(s.cfg.goods))] + [s.prestige[side]]


def _key(index: int, n_goods: int) -> int:
    return PRESTIGE if index == n_goods else index


def _feed_options(s: State, side: int) -> list[Action]:
    """Feeding choices worth trying: pay with prestige, or release the largest polis."""
    options = legal_actions(s)
    out = [a for a in options if a[0] == FEED]
    releases = [a for a in options if a[0] == RELEASE]
    if releases:
        out.append(max(releases, key=lambda a: (s.pop[a[1]], -a[1])))
    return out


def _play_out(s: State, side: int, rnd: int, steps: int = 0) -> Danger | None:
    """Run the end of round `rnd` from `s`; the danger to `side`, or None if it survives."""
    while steps < MAX_FORECAST_STEPS:
        if s.finished:
            return Danger("round_end", side, s.reason) if _lost(s, side) else None
        if s.round != rnd or s.phase not in END_DECISIONS:
            return None
        steps += 1
        if s.phase == "feed":
            tried: Danger | None = None
            for option in _feed_options(s, s.player):
                nxt = s.copy()
                advance(nxt, option)
                result = _play_out(nxt, side, rnd, steps)
                if result is None or s.player != side:
                    return result
                tried = tried or result
            return tried
        nxt = s.copy()
        advance(nxt, (DONE,))
        s = nxt
    return None


def round_end_danger(state: State, side: int) -> Danger | None:
    """Would `side` lose if the round ended now (both passed, no battle left)?"""
    if state.finished:
        return None
    return _play_out(round_end_now(state), side, state.round)


def feeding(state: State, side: int) -> Feeding:
    cfg = state.cfg
    return Feeding(
        side,
        feeding_need(state, side),
        state.good(side, cfg.feeding_good),
        state.prestige[side],
        state.pop[cfg.capital[side]],
    )


# ------------------------------------------------------------------ per option


def consequence(state: State, action: Action, before: Danger | None) -> Consequence:
    """Cost, gain and danger of one legal option; `before` is the round-end danger now."""
    side = state.player
    results = outcomes(state, action)
    n_goods = len(state.cfg.goods)
    start = _resources(state, side)
    deltas = [[b - a for a, b in zip(start, _resources(r, side), strict=True)] for r in results]
    spent = tuple(
        (_key(i, n_goods), -d)
        for i, d in enumerate(deltas[0])
        if d < 0 and all(other[i] == d for other in deltas)
    )
    gained: Resources = ()
    if len(results) == 1:
        gained = tuple((_key(i, n_goods), d) for i, d in enumerate(deltas[0]) if d > 0)
    if state.phase in END_DECISIONS:  # the round's later steps (storage...) are no price
        spent, gained = _end_step_terms(state, action)
    danger: Danger | None = None
    if all(_lost(r, side) for r in results):
        danger = Danger("now", side, results[0].reason)
    elif action[0] == PASS or before is None:
        # passing gives up every later chance to mend things, so an old danger counts too;
        # only the end of this round counts (a choice that ends it leaves a whole round)
        def leaf(s: State) -> Danger | None:
            return round_end_danger(s, side) if s.round == state.round else None

        budget = [MAX_FINISH_PROBES]
        later = [_unless_finished_well(r, side, leaf, FINISH_DEPTH, budget) for r in results]
        if all(later) and later[0] is not None:
            danger = later[0]
    if danger is None and _spends_last_prestige(state, results, side):
        # a danger of its own even when another one looms already (an unfed capital)
        danger = Danger("round_end", side, ZERO_PRESTIGE)
    return Consequence(tuple(action), spent, gained, danger)


def _spends_last_prestige(state: State, results: Sequence[State], side: int) -> bool:
    """Does the option surely leave `side` without prestige when the round ends, in a round
    whose end takes the game from a player without prestige? (After what the end of the
    round pays: projects, a megalopolis.)"""
    if not zero_prestige_loses(state.cfg, state.round) or state.prestige[side] == 0:
        return False

    def leaf(s: State) -> Danger | None:
        if s.round != state.round or s.finished or s.prestige[side] > 0:
            return None
        return Danger("round_end", side, ZERO_PRESTIGE) if _no_prestige_left(s, side) else None

    budget = [MAX_FINISH_PROBES]
    return all(_unless_finished_well(r, side, leaf, FINISH_DEPTH, budget) for r in results)


def _no_prestige_left(s: State, side: int) -> bool:
    """Would the end of the round, if it came now, leave `side` without prestige? Feeding is
    set aside (the side is given the food it needs): the question is what the end pays."""
    probe = s.copy()
    food = s.cfg.feeding_good
    short = feeding_need(probe, side) - probe.good(side, food)
    if short > 0:
        probe.add_good(side, food, short)
    later = round_end_danger(probe, side)
    return later is not None and later.reason == ZERO_PRESTIGE


def _unless_finished_well(
    s: State, side: int, leaf: Callable[[State], Danger | None], depth: int, budget: list[int]
) -> Danger | None:
    """`leaf(s)`, unless `side` is in the middle of an action and some way of finishing it
    may avert that danger (a siege pays back the prestige it cost when it succeeds; the
    target's odds are on its button). As everywhere here, a loss is announced only where it
    happens whatever falls: a warning that fires where the loss can be avoided teaches a
    player to ignore it. `budget` bounds the outcomes tried; when it runs out the danger
    stands."""
    danger = leaf(s)
    under_way = not s.finished and s.player == side and s.phase not in IDLE_PHASES
    if danger is None or not under_way or depth == 0:
        return danger
    for option in legal_actions(s):
        if budget[0] <= 0:
            break
        results = outcomes(s, option)
        budget[0] -= len(results)
        if any(_unless_finished_well(r, side, leaf, depth - 1, budget) is None for r in results):
            return None
    return danger


def need_after(state: State, action: Action) -> int:
    """What the deciding side's poleis need to eat after `action` (a polis released...)."""
    after = apply_unchecked(state, action)
    return feeding_need(after, state.player)


def _end_step_terms(state: State, action: Action) -> tuple[Resources, Resources]:
    """What a feeding, growth or phoros choice itself pays and gets."""
    cfg = state.cfg
    side = state.player
    food = cfg.feeding_good
    if action[0] == FEED:
        held = state.good(side, food)
        short = feeding_need(state, side) - held
        paid = [(food, held)] if held else []
        return tuple(paid + ([(PRESTIGE, short)] if short > 0 else [])), ()
    if action[0] == GROW:
        return ((food, 1),), ()
    if action[0] == PHOROS:
        prestige, gain = cfg.phoros_options[action[1]]
        return ((PRESTIGE, prestige),), ((cfg.phoros_good, gain),)
    return (), ()


def consequences(state: State, options: Sequence[Action]) -> list[Consequence]:
    before = round_end_danger(state, state.player)
    return [consequence(state, a, before) for a in options]


# ------------------------------------------------------------------ declared terms


@dataclass(frozen=True, slots=True)
class ActionTerms:
    """What an action of the turn costs, as the rules state it (before any choice in it)."""

    action: str
    prestige: int  # prestige paid to start it
    prestige_home_free: bool  # tribute in one's home territory costs none
    per_piece: tuple[Resources, ...]  # create actions: cost alternatives of each piece
    fixed: Resources  # ransom, civil war: what it costs outright
    population: int  # civil war: cubes it takes from the supply
    # trade: the least an open cargo costs (its cargo slot is chosen only in the next step)
    cheapest_cargo: Resources = ()
    # proxenos: the lowest and highest bribe over the poleis it can reach and pay for now
    bribes: tuple[int, int] | None = None
    # project: the projects on offer the player can start and pay for now (chosen next step)
    projects: tuple[int, ...] = ()


def action_terms(state: State, action_id: str) -> ActionTerms:
    """What the rules ask to start the action (the surcharge after a pass comes on top, the
    same for every action: table.turn_status has it)."""
    cfg = state.cfg
    side = state.player
    act = cfg.action(action_id)
    prestige = act.prestige_cost if act else 0
    per_piece: tuple[Resources, ...] = ()
    fixed: Resources = ()
    population = 0
    if action_id in ("create_hoplites", "create_galleys", "create_merchants"):
        per_piece = unit_costs(state, action_id)
    elif action_id == "ransom_proxenos":
        fixed = ((cfg.ransom_good, cfg.ransom_amount),)
    elif action_id == "civil_war":
        found = civil_war_cost(state, side)
        if found is not None:
            fixed = ((cfg.civil_war_good, found[0]),)
            population = found[1]
    return ActionTerms(
        action_id,
        prestige,
        action_id == "collect_tribute" and cfg.tribute_home_free,
        per_piece,
        fixed,
        population,
        cheapest_cargo(state) if action_id == "trade" else (),
        bribe_range(state) if action_id == "move_proxenos" else None,
        tuple(startable_projects(state, side)) if action_id == "start_project" else (),
    )


def cheapest_cargo(state: State) -> Resources:
    """The least the player could pay now for a cargo open to it: one good, or () if none."""
    side = state.player
    best: tuple[int, int] | None = None
    for slot in trade_slots(state, side):
        for good, amount in slot_prices(state, slot):
            if state.good(side, good) >= amount and (best is None or amount < best[1]):
                best = (good, amount)
    return (best,) if best is not None else ()


def bribe_range(state: State) -> tuple[int, int] | None:
    """(lowest, highest) bribe over the poleis the player's proxenos can reach and pay for."""
    bribes = [bribe for _polis, _mode, bribe in proxenos_moves(state, state.player)]
    return (min(bribes), max(bribes)) if bribes else None


def siege_odds(state: State, polis: int) -> tuple[int, int]:
    """(roll needed on the siege die, faces); a need of 0 means the siege cannot fail."""
    return siege_need(state, state.player, polis), state.cfg.siege_die


def slot_prices(state: State, slot: int) -> Resources:
    """What a cargo costs: each accepted good at today's market value, or bought with silver."""
    cfg = state.cfg
    sl = cfg.slots[slot]
    out = [(g, price(state, slot, g)) for g in sl.accepts]
    if sl.offers == cfg.purchase_good:
        out.append((cfg.purchase_currency, sl.cargo * cfg.purchase_price))
    return tuple(out)


def proxenos_bribe(state: State, polis: int, mode: int) -> int:
    side = state.player
    return proxenos_costs(state, side, state.proxenos[side]).get((polis, mode), 0)
