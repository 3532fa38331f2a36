"""The rollout policy of the search bot: quick, mostly random, never self-destructive.

A rollout plays both sides from a leaf of the search tree to the end of the
round (or a few dozen decisions), so it must be cheap: each decision is a
weighted random pick by phase, with a few rules that keep a side alive, since
a rollout in which a side starves itself says nothing about the position:

- feeding pays in prestige while a prestige remains afterwards (where a
  round ending without prestige loses: `round_end.zero_prestige_loses`, so not
  after 1e's last round), and releases the fewest cubes otherwise; growth is
  taken; phoros only from spare prestige;
- no action or retreat spends the last prestige while anything else is open
  (a retreat keeps one more where the feeding must leave one);
- passing is possible but rare while the other side still plays, so rollouts
  reach the round's end the way games do. Once the other side has passed,
  every action costs a good; with `pass_alone_fed`, a side whose feeding is
  covered then passes at once with that chance. Acting on at random, the
  rollouts played the search's opponent as one who spends goods for nothing,
  and the search learnt to pass first to make it do so, which a person does
  not (docs/bots.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from mypy_extensions import i64

from polis.bots.evaluation import feeding_ahead
from polis.compiler.config import EngineConfig
from polis.engine import (
    ACT,
    DONE,
    FEED,
    FIGHT,
    GROW,
    PASS,
    PHOROS,
    RANSOM,
    RELEASE,
    RETREAT,
    STOP,
    Action,
    State,
    TurnOffers,
    legal_actions,
    tribute_cost,
    zero_prestige_loses,
)

# how often each turn action is picked, relative to the others; the rest weigh 1
ACTION_WEIGHTS: Final = {
    "collect_tribute": 4.0,
    "trade": 3.0,
    "besiege": 4.0,
    "start_project": 3.0,
    "civil_war": 3.0,
    "create_hoplites": 1.5,
    "move_hoplites": 1.5,
    "move_proxenos": 0.3,
}
WHEAT_ACTIONS: Final = frozenset({"collect_tribute", "trade"})  # where wheat comes from
HUNGRY_BOOST: Final = 3.0  # those weigh this much more while the next feeding is short
PASS_WEIGHT: Final = 0.6  # against the weights above, while the other side still plays
PASS_WEIGHT_ALONE: Final = 2.0  # once the other side has passed every action costs a good
STOP_CHANCE: Final = 0.3  # stopping a composite action (build, move) after its first unit
GROW_CHANCE: Final = 0.9

Policy = Callable[[State, list[Action], random.Random], Action]
PASS_ACTION: Final[Action] = (PASS,)
RANSOM_ACTION: Final[Action] = (RANSOM,)


def play(s: State, rng: random.Random, pass_alone_fed: float = 0.0) -> Action:
    """The rollout's pick in `s`, drawn as `choose` draws it from `legal_actions(s)`.

    In the turn decision it does not list the options: it draws among the actions the
    policy could pick and asks the engine only whether the one drawn is offered
    (`TurnOffers`), drawing again without it when not. That is the same distribution
    (the weights among the offered choices are unchanged) at a fraction of the checks:
    listing every option was a third of a search's time.
    """
    if s.phase != "turn":
        return choose(s, legal_actions(s), rng, pass_alone_fed)
    me = s.player
    if (
        pass_alone_fed
        and _other_passed(s, me)
        and not _short_of_wheat(s, me)
        and rng.random() < pass_alone_fed
    ):
        # `choose` draws this only where an action is offered besides the pass; where
        # none is, both end in the pass all the same
        return PASS_ACTION
    offers = TurnOffers(s)
    table = _table(s)
    prestige = s.prestige[me]
    hungry = _short_of_wheat(s, me)
    n = len(offers.choices)
    ransom = offers.ransom()
    pass_weight = PASS_WEIGHT_ALONE if _other_passed(s, me) else PASS_WEIGHT
    # `weighted_pick` over [the open actions' weights..., the ransom's 1.0 if offered, the
    # pass], each sum added in the same order, so the same floats and the same pick; an
    # action drawn and not offered gets weight 0 and the draw is made again
    weights = [table.weight(k, prestige, hungry) if offers.open(k) else 0.0 for k in range(n)]
    while True:
        total = 0.0
        for weight in weights:
            if weight > 0.0:
                total += weight
        if ransom:
            total += 1.0
        total += pass_weight
        x = rng.random() * total
        running = 0.0
        drawn = _PASS_DRAWN  # the last entry: taken when no running sum passes x
        for k in range(n):
            weight = weights[k]
            if weight > 0.0:
                running += weight
                if running > x:
                    drawn = k
                    break
        if drawn == _PASS_DRAWN and ransom:
            running += 1.0
            if running > x:
                drawn = _RANSOM_DRAWN
        if drawn == _PASS_DRAWN:
            return PASS_ACTION
        if drawn == _RANSOM_DRAWN:
            return RANSOM_ACTION  # offered: asked already
        if offers.act(drawn):
            return offers.choices[drawn]
        weights[drawn] = 0.0  # not offered: draw among the rest


_PASS_DRAWN: Final = -2
_RANSOM_DRAWN: Final = -1


class _ActionWeights:
    """The turn policy's weights, per action index of one configuration (looked up once per
    configuration and kept with its tables, not by the action's name at every pick)."""

    __slots__ = ("base", "costs", "free_at_home", "wheat")

    def __init__(self, cfg: EngineConfig) -> None:
        self.base = tuple(ACTION_WEIGHTS.get(act.id, 1.0) for act in cfg.actions)
        self.wheat = tuple(act.id in WHEAT_ACTIONS for act in cfg.actions)
        self.costs = tuple(act.prestige_cost for act in cfg.actions)
        # tribute at home may be free: that is judged when the territory is chosen
        self.free_at_home = tuple(
            act.id == "collect_tribute" and cfg.tribute_home_free for act in cfg.actions
        )

    def weight(self, k: int, prestige: int, hungry: bool) -> float:
        """How often the turn policy picks the action with index `k` (0: never)."""
        cost = self.costs[k]
        if cost and not self.free_at_home[k] and prestige - cost < 1:
            # never the last prestige: where a round ending without it does not lose
            # (1e's last round) it is still a point of score, and spent on a random move
            # it marked the position down by the rollout's own doing
            return 0.0
        weight = self.base[k]
        if hungry and self.wheat[k]:
            weight *= HUNGRY_BOOST
        return weight


_MEMO_KEY: Final = "rollout.action_weights"


def _table(s: State) -> _ActionWeights:
    found = s.tables.memo.get(_MEMO_KEY)
    if isinstance(found, _ActionWeights):
        return found
    table = _ActionWeights(s.cfg)
    s.tables.memo[_MEMO_KEY] = table
    return table


def choose(
    s: State, options: list[Action], rng: random.Random, pass_alone_fed: float = 0.0
) -> Action:
    """The rollout's pick among `options` (the legal actions of `s`)."""
    if len(options) == 1:
        return options[0]
    if (
        pass_alone_fed
        and s.phase == "turn"
        and PASS_ACTION in options
        and _other_passed(s, s.player)
        and not _short_of_wheat(s, s.player)
        and rng.random() < pass_alone_fed
    ):
        return PASS_ACTION
    handler = POLICIES.get(s.phase)
    if handler is not None:
        return handler(s, options, rng)
    return options[randbelow(rng, len(options))]


def _keeps_prestige(s: State) -> int:
    """Prestige a side must keep at this round's end (1 where zero prestige loses then)."""
    return 1 if zero_prestige_loses(s.cfg, s.round) else 0


def _other_passed(s: State, me: int) -> bool:
    """Whether `me`'s opponent has passed: each action of `me` now costs a good."""
    return bool(s.passed >> (1 - me) & 1)


def _short_of_wheat(s: State, me: int) -> bool:
    if not feeding_ahead(s, me):
        return False
    return s.good(me, s.cfg.feeding_good) < _population(s, me)


def _population(s: State, me: int) -> int:
    """Cubes in `me`'s poleis: the wheat its feeding needs."""
    need: i64 = 0
    side: i64 = me
    pop = s.pop
    for p, owner in enumerate(s.owner):
        if owner == side:
            need += pop[p]
    return need


def _turn(s: State, options: list[Action], rng: random.Random) -> Action:
    table = _table(s)
    index = s.tables.action_index
    me = s.player
    prestige = s.prestige[me]
    hungry = _short_of_wheat(s, me)
    picks: list[Action] = []
    weights: list[float] = []
    passing: Action | None = None
    for a in options:
        op: str = a[0]  # typed: compiled, str comparisons instead of generic ones
        if op == PASS:
            passing = a
            continue
        if op == ACT:
            aid: str = a[1]
            weight = table.weight(index[aid], prestige, hungry)
            if weight <= 0.0:
                continue
            weights.append(weight)
        else:
            weights.append(1.0)
        picks.append(a)
    if passing is not None:
        alone = _other_passed(s, me)
        picks.append(passing)
        weights.append(PASS_WEIGHT_ALONE if alone else PASS_WEIGHT)
    return weighted_pick(picks, weights, rng)


def randbelow(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n > 0: the same draws in the same order (the standard
    library's own rejection loop over `getrandbits`), compiled, where `randrange` itself
    runs as interpreted Python at every pick of a rollout."""
    if n <= 0:  # as randrange: getrandbits(0) is always 0, and the loop below would not end
        raise ValueError(f"randbelow needs n > 0, not {n}")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def weighted_pick(picks: list[Action], weights: list[float], rng: random.Random) -> Action:
    """`rng.choices(picks, weights)[0]` computed as the standard library does it (one draw,
    the same pick), without its general set-up: a rollout picks so at every turn, and
    `random.choices` was a tenth of a search's time."""
    return picks[_weighted_index(weights, rng)]


def _weighted_index(weights: list[float], rng: random.Random) -> int:
    """`bisect_right` over the running sums, as `random.choices` finds its pick: the sums
    are added in the same order, so they are the same floats; a scan of a dozen weights
    beats building the list and calling `bisect`."""
    total = 0.0
    for weight in weights:
        total += weight
    x = rng.random() * total
    last = len(weights) - 1
    running = 0.0
    for i in range(last):
        running += weights[i]
        if running > x:
            return i
    return last


def _surcharge(s: State, options: list[Action], rng: random.Random) -> Action:
    """Pay with the largest stock, wheat last."""
    cfg = s.cfg
    return max(options, key=lambda a: (a[1] != cfg.feeding_good, s.good(s.player, a[1])))


def _feed(s: State, options: list[Action], rng: random.Random) -> Action:
    cfg = s.cfg
    me = s.player
    short = _population(s, me) - s.good(me, cfg.feeding_good)
    deficit = short - (s.prestige[me] - _keeps_prestige(s))
    if (FEED,) in options and deficit <= 0:
        return (FEED,)
    releases = [a for a in options if a[0] == RELEASE]
    if not releases:
        return options[0]
    # the smallest polis that covers the deficit, else the largest (and decide again)
    enough = [a for a in releases if s.pop[a[1]] >= deficit]
    if enough:
        return min(enough, key=lambda a: s.pop[a[1]])
    return max(releases, key=lambda a: s.pop[a[1]])


def _grow(s: State, options: list[Action], rng: random.Random) -> Action:
    grows = [a for a in options if a[0] == GROW]
    if grows and rng.random() < GROW_CHANCE:
        cfg = s.cfg
        # a polis at its base population first: one more cube makes it a megalopolis
        at_base = [a for a in grows if s.pop[a[1]] == cfg.poleis[a[1]].base]
        pool = at_base or grows
        return pool[randbelow(rng, len(pool))]
    return (DONE,)


def _phoros(s: State, options: list[Action], rng: random.Random) -> Action:
    me = s.player
    spare = s.prestige[me] - 3
    cfg = s.cfg
    for a in options:
        if a[0] == PHOROS and cfg.phoros_options[a[1]][0] <= spare and rng.random() < 0.5:
            return a
    return (DONE,)


def _retreat(s: State, options: list[Action], rng: random.Random) -> Action:
    me = s.player
    if s.prestige[me] - s.cfg.retreat_cost < _keeps_prestige(s) + 1:
        return (FIGHT,)
    return (RETREAT,) if rng.random() < 0.2 else (FIGHT,)


def _stop_or_random(s: State, options: list[Action], rng: random.Random) -> Action:
    if (STOP,) in options and rng.random() < STOP_CHANCE:
        return (STOP,)
    units = [a for a in options if a[0] != STOP]
    return units[randbelow(rng, len(units))]


def _tribute_territory(s: State, options: list[Action], rng: random.Random) -> Action:
    """The territory with the most hoplites, a free one first."""
    me = s.player
    # max(options, key=...) as a loop: the same draws in the same order, the first of equals
    best = options[0]
    best_key = (0, 0, 0.0)
    for i, a in enumerate(options):
        key = (-tribute_cost(s, me, a[1]), s.n_units(me, a[1]), rng.random())
        if i == 0 or key > best_key:
            best, best_key = a, key
    return best


def _tribute_alloc(s: State, options: list[Action], rng: random.Random) -> Action:
    """The allocation that yields the most goods (the yield grows faster than the count)."""
    cfg = s.cfg
    yields = cfg.tribute_yields
    rows = cfg.tribute_rows[s.cur_dest]
    short = _short_of_wheat(s, s.player)
    wheat = cfg.feeding_good
    # the allocation's worth, as max(options, key=...) would pick: the first of equals
    best = options[0]
    best_worth = 0.0
    for i, a in enumerate(options):
        total = 0.0
        for r in range(len(rows)):
            count: int = a[r + 1]
            if count:
                total += yields[count - 1] * (1.5 if short and rows[r][0] == wheat else 1.0)
        worth = total + rng.random() * 0.01
        if i == 0 or worth > best_worth:
            best, best_worth = a, worth
    return best


def _trade_slot(s: State, options: list[Action], rng: random.Random) -> Action:
    """Wheat first when the next feeding is short of it, else any slot."""
    cfg = s.cfg
    me = s.player
    if _short_of_wheat(s, me):
        wheat = [a for a in options if cfg.slots[a[1]].offers == cfg.feeding_good]
        if wheat:
            return max(wheat, key=lambda a: (cfg.slots[a[1]].cargo, rng.random()))
    return options[randbelow(rng, len(options))]


POLICIES: Final[dict[str, Policy]] = {
    "turn": _turn,
    "surcharge": _surcharge,
    "feed": _feed,
    "grow": _grow,
    "phoros": _phoros,
    "retreat": _retreat,
    "build": _stop_or_random,
    "move_origin": _stop_or_random,
    "tribute_territory": _tribute_territory,
    "tribute_alloc": _tribute_alloc,
    "trade_slot": _trade_slot,
}
