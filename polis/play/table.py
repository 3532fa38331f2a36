"""The table around the board, as facts: player boards, round and market tracks, projects,
the round's event and the turn status. No Streamlit and no wording here.

Everything is read from the state and the game's own configuration (never the
sidebar's ruleset), so a running game keeps showing its own rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from polis.engine import (
    ON_OFFER,
    LogEntry,
    State,
    feeding_need,
    other_passed,
    passes_in_turns,
    project_hosts,
    surcharge,
)

# log entries that belong to the round's event card (the card itself first)
EVENT_CARD_KEYS = frozenset({"event", "event_none", "event_unknown"})
EVENT_EFFECT_PREFIX = "event_"


@dataclass(frozen=True, slots=True)
class Holding:
    good: int
    amount: int
    perishable: bool


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    side: int
    prestige: int
    goods: tuple[Holding, ...]
    population: int
    poleis: int
    supply: int  # cubes not on the board, in a polis or on a track
    cubes: int  # cubes a side has in all
    merchants_in_port: int
    merchants_at_market: int
    merchants_total: int  # pieces in the box
    proxenos: int  # polis, or -1 while a prisoner
    discs_free: int  # -1 when the ruleset does not count discs
    passed: bool
    feeding_need: int
    feeding_held: int


@dataclass(frozen=True, slots=True)
class RoundMark:
    index: int
    id: str
    label: str
    stacking_limit: int
    cargo_open: int  # largest cargo size open this round


@dataclass(frozen=True, slots=True)
class MarketRow:
    good: int
    column: int  # 0-based position on the market value track
    columns: int
    prices: tuple[tuple[int, int], ...]  # (cargo size, price in this good) for open cargo sizes


@dataclass(frozen=True, slots=True)
class ProjectOffer:
    project: int
    cost: tuple[tuple[int, int], ...]
    substitute: int  # good that may replace any good of the cost, -1 none
    prestige: int  # on completion; 0 with half_population set
    half_population: str  # "" or the rounding of half the host's population
    end_prestige: int
    hosts: tuple[tuple[int, bool], ...]  # per side: (side, has an own polis that may host it)


@dataclass(frozen=True, slots=True)
class ProjectInPlay:
    project: int
    polis: int
    owner: int
    done: bool


@dataclass(frozen=True, slots=True)
class TurnStatus:
    phase: str
    player: int  # who decides now, -1 nobody
    active: int  # whose turn it is
    action_number: int  # 1-based action of the turn (0 outside the turn phases)
    actions_per_turn: int
    alone: bool  # the other side has passed: each action is a turn of its own
    passed: tuple[bool, bool]
    surcharge: int  # goods each action costs now because the opponent passed
    step: str  # end-of-round step under way, "" otherwise
    finished: bool


@dataclass(frozen=True, slots=True)
class Table:
    boards: tuple[PlayerBoard, PlayerBoard]
    rounds: tuple[RoundMark, ...]
    round: int
    market: tuple[MarketRow, ...]
    purchase: tuple[int, int, int]  # (good bought, currency, price per cargo unit)
    offers: tuple[ProjectOffer, ...]
    in_play: tuple[ProjectInPlay, ...]
    status: TurnStatus


# turn phases where the action counter means something
TURN_PHASES = frozenset(
    {
        "turn",
        "surcharge",
        "create_polis",
        "build",
        "project",
        "project_polis",
        "project_pay",
        "move_dest",
        "move_origin",
        "siege_polis",
        "tribute_territory",
        "tribute_alloc",
        "trade_slot",
        "trade_pay",
        "proxenos_dest",
    }
)


def player_board(s: State, side: int) -> PlayerBoard:
    cfg = s.cfg
    owned = s.owned(side)
    at_market = s.slots.count(side)
    return PlayerBoard(
        side=side,
        prestige=s.prestige[side],
        goods=tuple(Holding(g, s.good(side, g), cfg.perishable[g]) for g in range(len(cfg.goods))),
        population=sum(s.pop[p] for p in owned),
        poleis=len(owned),
        supply=s.supply(side),
        cubes=cfg.cubes_per_side,
        merchants_in_port=s.merchants_in_port(side),
        merchants_at_market=at_market,
        merchants_total=cfg.merchants_per_side,
        proxenos=s.proxenos[side],
        discs_free=s.discs_free(side) if cfg.discs_limited else -1,
        passed=has_passed(s, side),
        feeding_need=feeding_need(s, side),
        feeding_held=s.good(side, cfg.feeding_good),
    )


def market_rows(s: State) -> tuple[MarketRow, ...]:
    cfg = s.cfg
    open_cargo = cfg.rounds[s.round].cargo_open
    sizes = sorted(
        {sl.cargo for sl in cfg.slots if sl.cargo <= open_cargo and cfg.market_table[sl.cargo]}
    )
    rows = []
    for track, good in enumerate(cfg.track_goods):
        column = s.market[track]
        prices = tuple((size, cfg.market_table[size][column]) for size in sizes)
        columns = max((len(cfg.market_table[size]) for size in sizes), default=0)
        rows.append(MarketRow(good, column, columns, prices))
    return tuple(rows)


def project_offers(s: State) -> tuple[ProjectOffer, ...]:
    cfg = s.cfg
    out = []
    for j, loc in enumerate(s.proj_loc):
        if loc != ON_OFFER:
            continue
        proj = cfg.projects[j]
        out.append(
            ProjectOffer(
                project=j,
                cost=proj.cost,
                substitute=cfg.project_substitute,
                prestige=0 if proj.half_population else proj.prestige,
                half_population=proj.half_population,
                end_prestige=proj.end_prestige,
                hosts=tuple((side, bool(project_hosts(s, side, j))) for side in (0, 1)),
            )
        )
    return tuple(out)


def projects_in_play(s: State) -> tuple[ProjectInPlay, ...]:
    return tuple(
        ProjectInPlay(j, loc, s.owner[loc], s.proj_done[j])
        for j, loc in enumerate(s.proj_loc)
        if loc >= 0
    )


def perishables_halved(s: State) -> bool:
    """Does the end of this round halve the perishable goods? (Storage is skipped after the
    last round where the rules say so.)"""
    last = s.round == len(s.cfg.rounds) - 1
    return any(step == "storage" and not (last and skip) for step, skip in s.cfg.end_steps)


def has_passed(s: State, side: int) -> bool:
    """Whether `side` has passed in this round's turns (not shown once they are over)."""
    in_turns = not s.step and not s.finished
    return in_turns and bool(passes_in_turns(s) >> side & 1)


def turn_status(s: State) -> TurnStatus:
    in_turn = s.phase in TURN_PHASES
    return TurnStatus(
        phase=s.phase,
        player=s.player,
        active=s.active,
        action_number=min(s.actions_done + 1, s.cfg.actions_per_turn) if in_turn else 0,
        actions_per_turn=s.cfg.actions_per_turn,
        alone=in_turn and not s.finished and other_passed(s),
        passed=(has_passed(s, 0), has_passed(s, 1)),
        surcharge=surcharge(s) if in_turn and not s.finished else 0,
        step=s.step,
        finished=s.finished,
    )


def table(s: State) -> Table:
    cfg = s.cfg
    return Table(
        boards=(player_board(s, 0), player_board(s, 1)),
        rounds=tuple(
            RoundMark(i, r.id, r.label, r.stacking_limit, r.cargo_open)
            for i, r in enumerate(cfg.rounds)
        ),
        round=s.round,
        market=market_rows(s),
        purchase=(cfg.purchase_good, cfg.purchase_currency, cfg.purchase_price),
        offers=project_offers(s),
        in_play=projects_in_play(s),
        status=turn_status(s),
    )


def round_event(states: Sequence[State]) -> list[LogEntry]:
    """The log entries of this round's event card: the card (known, unknown or none) and
    what it did, read back from the history to the start of the round. Empty if the round
    has no event (yet)."""
    found: list[LogEntry] = []
    for state in reversed(states):
        for key, params in reversed(state.log):
            if key == "round":
                return found
            if key.startswith(EVENT_EFFECT_PREFIX) or key in EVENT_CARD_KEYS:
                found.insert(0, (key, params))
    return found
