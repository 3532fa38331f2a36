"""End of round: the steps in the ruleset's order, each for the first passer first.

Projects complete (neutral poleis give no prestige); each side feeds its
population with wheat, paying any shortfall in prestige or releasing whole
poleis; growth within each polis's max growth and max population; megalopolis;
storage halves the perishable goods; phoros turns prestige into silver;
preparation clears the round's markers. A player left without prestige loses
(after the last round only where the data says so). After the last round the
steps the data marks are skipped and the game is scored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from polis.engine import continuations, events, phases, units
from polis.engine.operations import DISCARD, DONE, FEED, GROW, PHOROS, RELEASE
from polis.engine.outcomes import (
    finish_game,
    gain_prestige,
    lose,
    pay_prestige,
    zero_prestige_loses_in,
)
from polis.engine.phases import Action
from polis.engine.state import DISCARDED, ON_OFFER, SLOT_COVERED, SLOT_FREE, State, put

PER_SIDE: Final = frozenset({"feeding", "growth", "phoros"})


def begin(s: State) -> None:
    events.apply_lasting(s, "end_of_round")
    if s.phase == "over":
        return
    last = s.round == len(s.cfg.rounds) - 1
    first = s.first_passer if s.first_passer >= 0 else s.active
    queue: list[tuple[str, int]] = []
    for step, skip_after_last in s.cfg.end_steps:
        if last and skip_after_last:
            continue
        queue += [(step, side) for side in (first, 1 - first)] if step in PER_SIDE else [(step, -1)]
    s.step_queue = tuple(queue)
    s.emit("round_end", round=s.round)
    advance(s)


# the decisions of the end-of-round steps
DECISION_PHASES: Final = frozenset({"feed", "grow", "phoros"})


def round_end_now(state: State) -> State:
    """A copy of `state` sent into the end of its round, as if both sides had passed and
    no battle or event effect were pending (a copy already there is left where it is).

    For forecasts ("if the round ended now"): the copy runs the ruleset's own steps
    until one needs a decision.
    """
    s = state.copy()
    if s.step_queue or s.phase in DECISION_PHASES:
        return s
    s.passed = 0b11
    s.battle = None
    s.battles_pending = s.battles_fought = ()
    s.effect_queue = ()
    s.then = ""
    begin(s)
    return s


def advance(s: State) -> None:
    """Run steps until one needs a decision; after the last, start the next round or score."""
    while s.step_queue and s.phase != "over":
        (step, side), s.step_queue = s.step_queue[0], s.step_queue[1:]
        s.step = step
        if STEPS[step](s, side):
            return
    if s.phase == "over":
        return
    s.step = ""
    last = s.round == len(s.cfg.rounds) - 1
    if zero_prestige_loses_in(s, s.round):
        for side in (0, 1):
            if s.prestige[side] == 0:
                lose(s, side, "zero_prestige_at_round_end")
        if s.phase == "over":
            return
    if last:
        finish_game(s)
        return
    s.round += 1
    continuations.proceed(s, continuations.START_ROUND)


# ------------------------------------------------------------------ steps


def _projects(s: State, _side: int) -> bool:
    cfg = s.cfg
    for j, loc in enumerate(s.proj_loc):
        if loc < 0 or s.proj_done[j]:
            continue
        s.proj_done = put(s.proj_done, j, True)
        owner = s.owner[loc]
        proj = cfg.projects[j]
        if proj.half_population:
            prestige = _half(s.pop[loc], proj.half_population)
        else:
            prestige = proj.prestige
        if owner >= 0:
            gain_prestige(s, owner, prestige)
        s.emit(
            "project_completed",
            project=j,
            polis=loc,
            side=owner,
            prestige=prestige if owner >= 0 else 0,
        )
    return False


def _half(n: int, rounding: str) -> int:
    """Half of `n`, an odd one rounded "up" or down as the ruleset says."""
    return (n + 1) // 2 if rounding == "up" else n // 2


def _ask(s: State, phase: str, side: int, options: list[int]) -> bool:
    """Hand `side` a decision of this step if it has any choice; True if it must decide."""
    if not options:
        return False
    s.phase, s.player = phase, side
    return True


def feeding_need(s: State, side: int) -> int:
    return sum(s.pop[p] for p in s.owned(side))


def _settle_feeding(s: State, side: int) -> bool:
    """Pay if the wheat suffices; lose if even the capital cannot be fed; else ask."""
    cfg = s.cfg
    need = feeding_need(s, side)
    have = s.good(side, cfg.feeding_good)
    if have >= need:
        s.add_good(side, cfg.feeding_good, -need)
        s.emit("fed", side=side, wheat=need, prestige=0)
        return False
    capital = cfg.capital[side]
    if have + s.prestige[side] < s.pop[capital] and s.tables.capital_unfed_loses:
        lose(s, side, "capital_unfed")
        return False
    s.phase, s.player = "feed", side
    return True


def _growth_options(s: State, side: int) -> list[int]:
    cfg = s.cfg
    if s.good(side, cfg.feeding_good) < 1 or s.supply(side) < 1:
        return []
    return [
        p
        for p in s.owned(side)
        if s.grown[p] < cfg.poleis[p].max_growth and s.pop[p] < cfg.poleis[p].max_population
    ]


def _growth(s: State, side: int) -> bool:
    grown = list(s.grown)
    for p in s.owned(side):
        grown[p] = 0
    s.grown = tuple(grown)
    return _ask(s, "grow", side, _growth_options(s, side))


def _megalopolis(s: State, _side: int) -> bool:
    cfg = s.cfg
    for side in (0, 1):
        big = [p for p in s.owned(side) if s.pop[p] > cfg.poleis[p].base]
        if big:
            gain_prestige(s, side, cfg.megalopolis_prestige * len(big))
            s.emit(
                "megalopolis", side=side, poleis=big, prestige=cfg.megalopolis_prestige * len(big)
            )
    return False


def _storage(s: State, _side: int) -> bool:
    cfg = s.cfg
    for side in (0, 1):
        for g, perishable in enumerate(cfg.perishable):
            if perishable:
                have = s.good(side, g)
                s.add_good(side, g, _half(have, cfg.storage_rounding) - have)
    s.emit("storage")
    return False


def _phoros_options(s: State, side: int) -> list[int]:
    cfg = s.cfg
    if cfg.phoros_condition == "polis_besides_capital" and len(s.owned(side)) < 2:
        return []
    return [i for i, (prestige, _) in enumerate(cfg.phoros_options) if s.prestige[side] >= prestige]


def _phoros(s: State, side: int) -> bool:
    return _ask(s, "phoros", side, _phoros_options(s, side))


def _preparation(s: State, _side: int) -> bool:
    cfg = s.cfg
    s.tributed = (-1,) * len(s.tributed)
    if "round_end" in cfg.siege_disc_removal:
        s.siege_discs = (0,) * len(s.siege_discs)
    slots = [SLOT_FREE if state != SLOT_COVERED else state for state in s.slots]
    for market in cfg.markets:
        covered = sorted(
            (k for k in market.slots if slots[k] == SLOT_COVERED),
            key=lambda k: cfg.slots[k].cargo,
        )
        for k in covered[: cfg.market_cover_removed]:
            slots[k] = SLOT_FREE
    s.slots = tuple(slots)
    s.proj_loc = tuple(DISCARDED if loc == ON_OFFER else loc for loc in s.proj_loc)
    s.lasting = ()
    s.emit("preparation")
    return False


STEPS: Final[dict[str, Callable[[State, int], bool]]] = {
    "projects": _projects,
    "feeding": _settle_feeding,
    "growth": _growth,
    "megalopolis": _megalopolis,
    "storage": _storage,
    "phoros": _phoros,
    "preparation": _preparation,
}


# ------------------------------------------------------------------ decision phases


def _feed_legal(s: State) -> list[Action]:
    side = s.player
    cfg = s.cfg
    out: list[Action] = [(RELEASE, p) for p in s.owned(side) if p != cfg.capital[side]]
    if s.good(side, cfg.feeding_good) + s.prestige[side] >= feeding_need(s, side):
        out.append((FEED,))
    return out


def _feed_play(s: State, action: Action) -> None:
    side = s.player
    cfg = s.cfg
    if action[0] == RELEASE:
        units.release_polis(s, action[1])
        s.emit("polis_released", side=side, polis=action[1])
        if _settle_feeding(s, side):
            return
    else:
        need = feeding_need(s, side)
        have = s.good(side, cfg.feeding_good)
        s.add_good(side, cfg.feeding_good, -have)
        pay_prestige(s, side, need - have)
        s.emit("fed", side=side, wheat=have, prestige=need - have)
    advance(s)


def _grow_legal(s: State) -> list[Action]:
    return [(GROW, p) for p in _growth_options(s, s.player)] + [(DONE,)]


def _grow_play(s: State, action: Action) -> None:
    side = s.player
    if action[0] == GROW:
        p = action[1]
        s.pop[p] += 1
        s.grown = put(s.grown, p, s.grown[p] + 1)
        s.add_good(side, s.cfg.feeding_good, -1)
        s.emit("growth", side=side, polis=p)
        if _growth_options(s, side):
            return
    advance(s)


def _phoros_legal(s: State) -> list[Action]:
    return [(PHOROS, i) for i in _phoros_options(s, s.player)] + [(DONE,)]


def _phoros_play(s: State, action: Action) -> None:
    side = s.player
    cfg = s.cfg
    if action[0] == PHOROS:
        prestige, gain = cfg.phoros_options[action[1]]
        pay_prestige(s, side, prestige)
        s.add_good(side, cfg.phoros_good, gain)
        s.emit("phoros", side=side, prestige=prestige, gain=gain)
        if cfg.phoros_repeatable and _phoros_options(s, side):
            return
    advance(s)


def _discard_legal(s: State) -> list[Action]:
    return [(DISCARD, j) for j, loc in enumerate(s.proj_loc) if loc == ON_OFFER]


def _discard_play(s: State, action: Action) -> None:
    s.proj_loc = put(s.proj_loc, action[1], DISCARDED)
    s.emit("project_removed", side=s.player, project=action[1])
    s.cur_count -= 1
    if s.cur_count <= 0:
        s.cur_count = 0
        continuations.resume(s)


phases.register("feed", _feed_legal, _feed_play, rule="end.feeding")
phases.register("grow", _grow_legal, _grow_play, rule="end.growth")
phases.register("phoros", _phoros_legal, _phoros_play, rule="end.phoros")
phases.register("discard_project", _discard_legal, _discard_play, rule="round.projects")
