"""How good a position looks for a side, in points of final score.

Both bots judge positions with `evaluate`: the greedy bot after each of its
choices, the search bot where it cuts a rollout short. A side's value is its
score now, plus what it is about to earn (projects under way, megalopolis
prestige), minus what the next feeding will cost it, plus what its goods, units
and merchants are worth while rounds remain to use them, plus the tribute and
sieges its hoplites make possible.

The feeding term reads the rules as the engine plays them: a shortfall of
wheat costs a prestige per cube, or whole poleis when prestige runs out (each
released cube is a point lost), and a side that cannot feed its capital, or
would end the round without prestige where that loses, is about to lose the
game. The old evaluation charged every cube of population against the wheat in
store at every moment, so feeding looked worse than releasing a polis, growth
looked like a loss and the bot starved: this one charges the shortfall once,
at the feeding it belongs to.

Only public facts are read: the board, the player boards and the round's
progress. Nothing here looks at the generator, the combat deck or the hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import i64

from polis.compiler.config import EngineConfig
from polis.engine import (
    DRAW,
    SLOT_FREE,
    State,
    goods_held,
    market_reachable,
    passes_in_turns,
    scores,
    siege_chance,
    zero_prestige_loses_in,
)

WIN: Final = 1000.0  # a finished game outweighs any position


@dataclass(frozen=True, slots=True)
class Weights:
    """What one unit of each asset is worth, in points of score, while rounds remain."""

    good: float = 0.3  # a durable good (metal, wood, silver)
    perishable: float = 0.18  # a good halved at storage (wine, oil)
    wheat_surplus: float = 0.3  # wheat beyond the next feeding: it feeds the round after
    unit: float = 0.3  # a hoplite or galley on the board
    merchant: float = 0.5  # a hired merchant (the first few: trade is one action a turn)
    useful_merchants: int = 2
    population: float = 0.2  # a cube in a polis, beyond its point, per round to come:
    # it grows, builds and scores again; a cube spent or released is gone for good
    megalopolis: float = 0.7  # share of future megalopolis prestige counted now
    polis: float = 1.0  # owning a polis beyond its cubes: where units and growth come from
    capital: float = 1.0  # per cube the capital lacks of its base population: what builds
    # units and merchants and what a feeding must never fail; a hollowed capital takes rounds
    # to regrow
    tribute: float = 0.12  # per good of the best tribute the hoplites could collect
    siege: float = 0.35  # share of a possible capture's points counted before the die
    last_round: float = 0.25  # what assets keep of their worth in the last round
    starve: float = 30.0  # a sudden-death loss at this round's end that no action can avert
    reach: float = 0.5  # share of the wheat a side could still collect that it counts on
    shortfall: float = 0.5  # per cube of wheat missing for a feeding still turns away
    starve_gap: float = 3.0  # per cube of wheat or prestige a side lacks to survive a
    # feeding still turns away
    starve_gap_next: float = 1.0  # the same, for the next round's feeding
    prisoner: float = 1.0  # a proxenos held by the enemy
    tiebreak: float = 0.0  # per good held, where the rules give a tied score to the side
    # with more goods: what a good is still worth when nothing is left to buy with it


WEIGHTS: Final = Weights()


def evaluate(s: State, side: int, weights: Weights = WEIGHTS) -> float:
    """`side`'s value minus its opponent's, in points; ±WIN once the game is decided."""
    if s.finished:
        if s.winner == DRAW:
            return 0.0
        return WIN if s.winner == side else -WIN
    score = scores(s)
    return side_value(s, side, score[side], weights) - side_value(
        s, 1 - side, score[1 - side], weights
    )


# ------------------------------------------------------------------ the round's progress


def feeding_ahead(s: State, who: int) -> bool:
    """Whether `who` still has to feed this round (during turns, battles or the round end)."""
    if not s.step:
        return True
    if s.step == "feeding" and s.phase == "feed" and s.player == who:
        return True
    return _queued(s, "feeding", who)


def _queued(s: State, step: str, who: int) -> bool:
    """Whether `(step, who)` is in the round end's queue (a loop: no tuple made to look for)."""
    for name, side in s.step_queue:
        if side == who and name == step:
            return True
    return False


def _can_still_act(s: State, who: int) -> bool:
    """Whether `who` still has turns this round (turns are on and it has not passed)."""
    return not s.step and not passes_in_turns(s) >> who & 1


def _step_ahead(s: State, step: str) -> bool:
    return not s.step or _queued(s, step, -1)


def _last_round(s: State) -> bool:
    return s.round == len(s.cfg.rounds) - 1


# ------------------------------------------------------------------ feeding


def pending_project_prestige(s: State, who: int) -> int:
    """Prestige the projects under way in `who`'s poleis bring at this round's end."""
    cfg = s.cfg
    total: i64 = 0
    done = s.proj_done
    owner = s.owner
    for j, loc in enumerate(s.proj_loc):
        if loc >= 0 and not done[j] and owner[loc] == who:
            proj = cfg.projects[j]
            if proj.half_population:
                half = s.pop[loc] // 2 + (s.pop[loc] % 2 if proj.half_population == "up" else 0)
                total += half
            else:
                total += proj.prestige
    return total


class Feeding:
    """The next feeding `who` faces: this round's, or the next round's once this one is done.

    A plain class, not a frozen dataclass: every evaluation makes two, and the frozen
    dataclass's `__init__` (through `object.__setattr__`) took a tenth of `evaluate`.
    """

    __slots__ = ("keep", "prestige", "this_round", "wheat")

    def __init__(self, wheat: int, prestige: int, keep: int, this_round: bool) -> None:
        # wheat it can count on then: what it holds, and part of what it could collect
        self.wheat = wheat
        self.prestige = prestige  # prestige it will hold then
        self.keep = keep  # prestige it must keep at that round's end (1: zero prestige loses)
        self.this_round = this_round

    def _fields(self) -> tuple[int, int, int, bool]:
        return (self.wheat, self.prestige, self.keep, self.this_round)

    def __eq__(self, other: object) -> bool:  # tests compare feedings; nothing hashes one
        return isinstance(other, Feeding) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return "Feeding(wheat={}, prestige={}, keep={}, this_round={})".format(*self._fields())


class _League:
    """What one pass over the poleis says of `who`'s league, for one evaluation: its cubes,
    its poleis, those above their base population (megalopoleis to come), and the prestige
    of its projects under way (counted on first asking)."""

    __slots__ = ("big", "pending", "poleis", "population", "who")

    population: int
    poleis: int
    big: int

    def __init__(self, s: State, who: int) -> None:
        self.who = who
        population: i64 = 0
        poleis: i64 = 0
        big: i64 = 0
        pop = s.pop
        bases = s.cfg.poleis
        mine: i64 = who
        for p, owner in enumerate(s.owner):
            if owner == mine:
                here: i64 = pop[p]
                population += here
                poleis += 1
                if here > bases[p].base:
                    big += 1
        self.population = population
        self.poleis = poleis
        self.big = big
        self.pending = -1  # not asked yet

    def pending_projects(self, s: State) -> int:
        if self.pending < 0:
            self.pending = pending_project_prestige(s, self.who)
        return self.pending


def next_feeding(
    s: State, who: int, w: Weights = WEIGHTS, league: _League | None = None
) -> Feeding | None:
    """The feeding ahead of `who`, or None after the last one.

    Once a side has fed, the next round's feeding is what its wheat must
    cover: counting it from the moment this round's is done keeps the value
    of a position from jumping when a round ends.
    """
    cfg = s.cfg
    of = league if league is not None else _League(s, who)
    wheat = s.goods[who * len(cfg.goods) + cfg.feeding_good]
    prestige = s.prestige[who]
    last = _last_round(s)
    if feeding_ahead(s, who):
        if _step_ahead(s, "projects"):
            prestige += of.pending_projects(s)
        keep = 1 if zero_prestige_loses_in(s, s.round) else 0
        if _can_still_act(s, who):
            wheat += int(w.reach * wheat_reach(s, who))
        return Feeding(wheat, prestige, keep, True)
    if last:
        return None
    if cfg.perishable[cfg.feeding_good] and _step_ahead(s, "storage"):
        wheat = _half(wheat, cfg.storage_rounding)
    wheat += int(w.reach * wheat_reach(s, who, next_round=True))
    prestige += _megalopolis_now(s, of.big)
    keep = 1 if zero_prestige_loses_in(s, s.round + 1) else 0
    return Feeding(wheat, prestige, keep, False)


def _half(n: int, rounding: str) -> int:
    return (n + 1) // 2 if rounding == "up" else n // 2


def feeding_outcome(s: State, who: int, feeding: Feeding) -> tuple[int, int, int]:
    """(prestige `who` pays, cubes it releases, cubes it lacks to survive) at `feeding`.

    As the engine plays it: a side whose wheat and prestige cannot feed its
    capital loses at once; otherwise the shortfall is paid in prestige, and
    where that would leave too little prestige the smallest set of poleis
    (never the capital) whose release covers the rest goes first. A side that
    lacks cubes of wheat or prestige to survive loses the game there unless
    it finds them first.
    """
    cfg = s.cfg
    need: i64 = 0
    others: list[int] = []
    capital: i64 = cfg.capital[who]
    mine: i64 = who
    pop = s.pop
    for p, owner in enumerate(s.owner):
        if owner == mine:
            here: i64 = pop[p]
            need += here
            if p != capital:
                others.append(here)
    wheat, prestige, keep = feeding.wheat, feeding.prestige, feeding.keep
    short = need - wheat
    if short <= 0:
        return 0, 0, max(0, keep - prestige)
    if s.tables.capital_unfed_loses and wheat + prestige < s.pop[capital]:
        return short, 0, s.pop[capital] - wheat - prestige
    deficit = short - (prestige - keep)  # cubes that must go by release
    if deficit <= 0:
        return short, 0, 0
    released = _smallest_sum_at_least(others, deficit)
    if released is None:
        return short, 0, deficit - sum(others)
    return max(0, short - released), released, 0


def _smallest_sum_at_least(values: list[int], target: int) -> int | None:
    """The smallest sum of a subset of `values` that reaches `target` (None if none does)."""
    if sum(values) < target:
        return None
    reachable = 1  # bit k set: some subset sums to k
    for v in values:
        reachable |= reachable << v
    reachable >>= target
    return target + (reachable & -reachable).bit_length() - 1


def wheat_reach(s: State, who: int, *, next_round: bool = False) -> int:
    """Wheat `who` could still bring in before a feeding: its best tribute and its best trade.

    Read from the board as it stands (for the next round, as if tribute discs
    and market slots were cleared): hoplites on a territory's wheat row, and a
    merchant in port that can pay for an open wheat cargo on a free route.
    """
    cfg = s.cfg
    wheat = cfg.feeding_good
    n = len(cfg.areas)
    units = s.units
    mine = who * n
    yields = cfg.tribute_yields
    tribute = 0
    for t in range(cfg.n_territories):
        h = units[mine + t]
        if not h or (not next_round and cfg.tribute_once and s.tributed[t] >= 0):
            continue
        boxes = 0
        for g, b in cfg.tribute_rows[t]:
            if g == wheat:
                boxes = b
                break
        if boxes and _held_or_open(s, cfg.poleis_in_area[t], who):
            tribute = max(tribute, yields[min(h, boxes, len(yields)) - 1])
    trade = 0
    merchants = s.merchants_hired[who] if next_round else s.merchants_in_port(who)
    if merchants and not (cfg.trade_needs_commercial and not s.owns_commercial(who)):
        open_cargo = cfg.rounds[min(s.round + next_round, len(cfg.rounds) - 1)].cargo_open
        g = len(cfg.goods)
        goods = s.goods
        own = who * g  # `who`'s goods are goods[own + good]
        asked = reached = 0  # per market (a bit each): route looked up; route free
        for k, sl in enumerate(cfg.slots):
            if sl.offers != wheat or sl.cargo > open_cargo or sl.cargo <= trade:
                continue
            if s.slots[k] != SLOT_FREE and not (next_round and s.slots[k] >= 0):
                continue
            table = cfg.market_table[sl.cargo]
            payable = False
            for a in sl.accepts:
                if goods[own + a] >= table[s.market[cfg.track_of_good[a]]]:
                    payable = True
                    break
            if sl.offers == cfg.purchase_good:
                price = sl.cargo * cfg.purchase_price
                payable = payable or goods[own + cfg.purchase_currency] >= price
            if not payable:
                continue
            bit = 1 << sl.market
            if not asked & bit:
                asked |= bit
                if market_reachable(s, who, sl.market):
                    reached |= bit
            if reached & bit:
                trade = sl.cargo
    return tribute + trade


def _held_or_open(s: State, here: tuple[int, ...], who: int) -> bool:
    """Whether a territory with the poleis `here` yields tribute to `who`: it has no polis,
    or `who` holds one of them."""
    if not here:
        return True
    owner = s.owner
    for p in here:
        if owner[p] == who:
            return True
    return False


# ------------------------------------------------------------------ a side's value


# The terms of a side's value, by name: what `side_value` adds up when asked for its parts
# (polis.play.advice explains a suggested move by them). Each is in points of score.
TERMS = (
    "score",  # the score now (population and prestige)
    "projects",  # prestige the projects under way bring
    "megalopolis",  # prestige of poleis above their base population, still to come
    "growth",  # the population's worth in the rounds to come
    "feeding",  # what the feeding ahead takes: prestige, and poleis released
    "starvation",  # a loss at the round's end (or a step towards one) for want of wheat
    # or prestige
    "next_feeding",  # what the next round's feeding lacks
    "wheat",  # wheat beyond the feeding ahead
    "goods",  # goods other than wheat
    "units",  # hoplites and galleys on the board
    "merchants",
    "poleis",
    "capital",  # cubes the capital lacks of its base population
    "tribute",  # the best tribute the hoplites could collect
    "siege",  # the sieges the hoplites could try
    "tiebreak",  # goods held, where they break a tied score
    "prisoner",  # a proxenos held by the enemy
)
Parts = dict[str, float]


def _add(parts: Parts | None, term: str, points: float) -> None:
    if parts is not None:
        parts[term] = parts.get(term, 0.0) + points


def side_value(
    s: State, who: int, score: int, w: Weights = WEIGHTS, parts: Parts | None = None
) -> float:
    """`who`'s value in points; with `parts`, each term is also added there by name (TERMS).

    The value is summed in the same order with or without `parts`, so asking for the
    parts never changes it.
    """
    cfg = s.cfg
    later = len(cfg.rounds) - 1 - s.round  # whole rounds after this one
    league = _League(s, who)
    feeding = next_feeding(s, who, w, league)
    # assets are worth their full value while rounds remain to use them
    if later >= 1:
        worth = 1.0
    elif feeding is not None:
        worth = w.last_round
    else:
        worth = 0.0
    value = float(score)
    _add(parts, "score", float(score))
    if _step_ahead(s, "projects"):
        pending = float(league.pending_projects(s))
        value += pending
        _add(parts, "projects", pending)
        if s.tables.score_end_prestige:
            pending_end = float(_pending_end_prestige(s, who))
            value += pending_end
            _add(parts, "projects", pending_end)
    megalopolis = _megalopolis(s, league.big, later) * w.megalopolis
    value += megalopolis
    _add(parts, "megalopolis", megalopolis)
    population = league.population
    growth = w.population * later * population
    value += growth
    _add(parts, "growth", growth)
    if feeding is not None:
        if feeding.this_round:  # what the engine will take, as things stand
            paid, released, lacking = feeding_outcome(s, who, feeding)
            taken = paid + released * (1.0 + w.population * later)
            value -= taken
            _add(parts, "feeding", -taken)
            if lacking > 0:  # even with the wheat it could still collect
                if s.step or passes_in_turns(s):
                    # the round is closing: a loss unless it finds more. Charged in full
                    # before its own pass too, so that passing never looks worse than
                    # moves that change nothing (the bot would stall on them)
                    value -= w.starve
                    _add(parts, "starvation", -w.starve)
                else:  # nobody has passed: turns remain to find it, the sooner the better
                    value -= w.starve_gap * lacking
                    _add(parts, "starvation", -w.starve_gap * lacking)
        else:  # a round away: what is missing then may still be bought or collected
            short = w.shortfall * max(0, population - feeding.wheat)
            value -= short
            capital = s.pop[cfg.capital[who]]
            gap = w.starve_gap_next * max(0, capital - feeding.wheat - feeding.prestige)
            value -= gap
            _add(parts, "next_feeding", -short - gap)
        if later >= 1:  # wheat beyond the feeding ahead feeds the round after it
            surplus = w.wheat_surplus * max(0, feeding.wheat - population)
            value += surplus
            _add(parts, "wheat", surplus)
    fed = feeding is None or not feeding.this_round  # after the last feeding, too
    if (
        fed
        and zero_prestige_loses_in(s, s.round)
        and s.prestige[who] + _megalopolis_now(s, league.big) < 1
    ):
        value -= w.starve  # fed, but this round ends without prestige
        _add(parts, "starvation", -w.starve)
    if worth:
        value += worth * _assets(s, who, cfg, w, league.poleis, parts, worth)
    if w.tiebreak and s.tables.most_goods_breaks_ties:
        tiebreak = w.tiebreak * goods_held(s, who)
        value += tiebreak
        _add(parts, "tiebreak", tiebreak)
    if s.proxenos[who] < 0:
        value -= w.prisoner
        _add(parts, "prisoner", -w.prisoner)
    return value


def value_parts(s: State, who: int, weights: Weights = WEIGHTS) -> Parts:
    """`who`'s value term by term (every name of TERMS, 0 where it has none)."""
    parts = dict.fromkeys(TERMS, 0.0)
    if not s.finished:
        side_value(s, who, scores(s)[who], weights, parts)
    return parts


def _pending_end_prestige(s: State, who: int) -> int:
    projects = s.cfg.projects
    done = s.proj_done
    owner = s.owner
    total = 0
    for j, loc in enumerate(s.proj_loc):
        if loc >= 0 and not done[j] and owner[loc] == who:
            total += projects[j].end_prestige
    return total


def _megalopolis(s: State, big: int, later: int) -> float:
    """Megalopolis prestige still to come for `big` poleis above their base population."""
    cfg = s.cfg
    steps = later + (1 if _step_ahead(s, "megalopolis") else 0)
    if not steps or not cfg.megalopolis_prestige:
        return 0.0
    return float(big * cfg.megalopolis_prestige * steps)


def _megalopolis_now(s: State, big: int) -> int:
    """Megalopolis prestige a side with `big` such poleis still gets at this round's end."""
    return int(_megalopolis(s, big, 0)) if _step_ahead(s, "megalopolis") else 0


def _assets(
    s: State,
    who: int,
    cfg: EngineConfig,
    w: Weights,
    owned: int,
    parts: Parts | None = None,
    worth: float = 1.0,
) -> float:
    """Goods, units and merchants, the `owned` poleis, and what the hoplites could take
    or collect.

    With `parts`, each asset's points times `worth` (what assets count for in this
    round) are added there too.
    """
    value = 0.0
    g: i64 = len(cfg.goods)
    goods = 0.0
    have = s.goods
    wheat: i64 = cfg.feeding_good
    perishable = cfg.perishable
    first: i64 = who * g
    for k in range(g):
        if k != wheat:
            goods += have[first + k] * (w.perishable if perishable[k] else w.good)
    value += goods
    n: i64 = len(cfg.areas)
    all_units = s.units
    mine: i64 = who * n  # `who`'s units are units[mine + area]
    on_board: i64 = 0
    for i in range(mine, mine + n):
        on_board += all_units[i]
    units = w.unit * float(on_board)  # as float * int does: the int made a float first
    value += units
    merchants = w.merchant * min(s.merchants_hired[who], w.useful_merchants)
    value += merchants
    poleis = w.polis * owned
    value += poleis
    capital = cfg.capital[who]
    lacking = 0.0
    if s.owner[capital] == who:
        lacking = w.capital * max(0, cfg.poleis[capital].base - s.pop[capital])
        value -= lacking
    tribute = w.tribute * _best_tribute(s, who, mine)
    value += tribute
    siege = w.siege * _siege_chances(s, who, mine)
    value += siege
    if parts is not None:
        for term, points in (
            ("goods", goods),
            ("units", units),
            ("merchants", merchants),
            ("poleis", poleis),
            ("capital", -lacking),
            ("tribute", tribute),
            ("siege", siege),
        ):
            _add(parts, term, worth * points)
    return value


def _best_tribute(s: State, who: int, mine: int) -> int:
    """Goods of the largest tribute `who`'s hoplites could still collect this round
    (its units are `s.units[mine + area]`)."""
    cfg = s.cfg
    best: i64 = 0
    yields = cfg.tribute_yields
    most: i64 = len(yields)
    units = s.units
    base: i64 = mine
    once = cfg.tribute_once
    tributed = s.tributed
    n: i64 = cfg.n_territories
    for t in range(n):
        h: i64 = units[base + t]
        rows = cfg.tribute_rows[t]
        if not h or not rows or (once and tributed[t] >= 0):
            continue
        if not _held_or_open(s, cfg.poleis_in_area[t], who):
            continue
        # the yield grows faster than linearly: hoplites on the longest row give the most
        boxes: i64 = 0
        for _, b in rows:
            if b > boxes:
                boxes = b
        placed = h if h < boxes else boxes
        if placed > most:
            placed = most
        gain: i64 = yields[placed - 1]
        if gain > best:
            best = gain
    return best


def _siege_chances(s: State, who: int, mine: int) -> float:
    """Expected points of the sieges `who` could try now (prestige and population)."""
    cfg = s.cfg
    n: i64 = len(cfg.areas)
    units = s.units
    ours: i64 = mine
    theirs: i64 = (1 - who) * n
    owner = s.owner
    side: i64 = who
    total = 0.0
    for p, pol in enumerate(cfg.poleis):
        t: i64 = pol.territory
        if t < 0 or owner[p] == side:
            continue
        own: i64 = units[ours + t]
        if own < pol.base or own <= units[theirs + t]:
            continue
        if cfg.siege_capitals_immune and pol.capital_of >= 0:
            continue
        chance = siege_chance(s, who, p)
        population = pol.base if s.owner[p] < 0 else s.pop[p]
        total += chance * (pol.base + population)
    return total
