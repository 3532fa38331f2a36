"""Pydantic models for everything a ruleset declares.

These models run only while loading and compiling; the engine reads the frozen,
indexed `EngineConfig` the compiler builds from them. Field descriptions end up
in the exported JSON Schema (rules_data/schema/ruleset.schema.json), so they are
written for the person editing a YAML file.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from polis.rules.provenance import Record, Source
from polis.rules.strict import Strict

# Every count, size and cost has an upper bound, several times what either edition uses
# (the shipped value is in the comment), so a house rule has room while the engine never
# meets a board, a deck, a price or a list of choices it cannot play quickly: a bound is
# what keeps one uploaded file from costing the server minutes or gigabytes.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
RulesetId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]{0,59}$")]
Count = Annotated[int, Field(ge=0, le=20)]  # small numbers of things: costs, draws, losses
Positive = Annotated[int, Field(ge=1, le=20)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=2000)]  # longest shipped: 259
IdList = Annotated[list[Id], Field(max_length=20)]
Rounding = Literal["up", "down"]
MAX_CARGO = 10  # cargo sizes 3 to 5; the market table has a row per size
MarketRow = Annotated[list[Annotated[int, Field(ge=1, le=100)]], Field(min_length=1, max_length=30)]


# ---------------------------------------------------------------- sides, goods


class Side(Record):
    name: Text
    capital: Id = Field(description="polis id of the capital")
    home_region: Id = Field(description="territory where tribute costs this side no prestige")
    colour: Text


class Good(Record):
    name: Text
    perishable: bool = Field(description="halved in the storage step at the end of a round")
    market_track: bool = Field(
        description="has a market-value marker and can be bartered at foreign markets"
    )


class Storage(Record):
    keep: Literal["half"] = "half"
    rounding: Rounding = Field(description="how the kept half is rounded")


class PlayerBoard(Record):
    goods_max: int = Field(ge=1, le=100, description="highest value a goods track shows")  # 20
    prestige_max: int = Field(
        ge=1, le=500, description="highest value the prestige track shows"
    )  # 50


class Components(Record):
    cubes_per_side: int = Field(ge=1, le=200)  # 45
    discs_per_side: int = Field(ge=1, le=100)  # 25
    discs_limited: bool = Field(description="running out of discs blocks actions that need one")
    merchants_per_side: int = Field(ge=1, le=20)  # 8
    combat_cards: int = Field(ge=1, le=200)  # 24
    project_tiles: int = Field(ge=1, le=60)  # 14
    event_cards: int = Field(ge=1, le=200)  # 40
    polis_cards: int = Field(ge=1, le=60)  # 18


# ---------------------------------------------------------------- rounds


class ProjectReveal(Strict):
    reveal: Count = Field(description="project tiles revealed for the round")
    remove: Count = Field(
        default=0, description="of those, how many the player with less prestige removes"
    )


class Round(Record):
    id: Id
    label: Text
    stacking_limit: int = Field(
        ge=1, le=30, description="units one side may have in one area"
    )  # 3 to 5
    cargo_open: int = Field(
        ge=1, le=MAX_CARGO, description="largest cargo size open at foreign markets"
    )  # 3 to 5
    event_deck: Id | None = Field(description="deck the round's event comes from, or none")
    projects: ProjectReveal


# ---------------------------------------------------------------- turns and actions


class TieRule(Strict):
    rule: Literal["more_prestige", "less_prestige"]
    tie: Id = Field(description="side chosen on a tie")


class Turn(Record):
    actions_per_turn: int = Field(ge=1, le=6)  # 2
    distinct_actions: bool = Field(description="the actions of one turn must differ")
    event_reader: TieRule = Field(description="who reveals the event and applies it first")
    first_player: TieRule
    after_pass_surcharge: Count = Field(
        description="goods the remaining player pays before each action once the other has passed"
    )
    repeat_after_pass: bool = Field(description="after the other passed, actions may repeat")


UnitCost = Annotated[dict[Id, Positive], Field(max_length=6)]


class ActionBase(Record):
    name: Text
    category: Literal["development", "military", "political"]
    prestige_cost: Count = 0
    as_action: bool = Field(
        default=True, description="false: done for free during your turn, not as an action"
    )


class CreateUnitsAction(ActionBase):
    unit_costs: list[UnitCost] = Field(
        min_length=1,
        max_length=6,
        description="alternative payments for one unit, e.g. [{metal: 1}, {silver: 1}]",
    )
    keep_last_cube: bool = Field(description="the last population cube of a polis never leaves")


class StartProjectAction(ActionBase):
    substitute_good: Id = Field(
        description="any one good of the cost may be paid entirely (not partly) in this good"
    )
    one_per_polis_per_round: bool


class MoveAction(ActionBase):
    blocked_by_control: bool = Field(description="areas the opponent controls cannot be crossed")
    blocked_by_full_areas: bool = Field(
        description="areas where the mover is at the stacking limit cannot be crossed"
    )
    diolkos: bool = Field(description="the Korinthos link may be used by its owner")


class SiegeDiscs(Strict):
    bonus: Positive = Field(description="added to the die per own siege disc at the polis")
    removed_when: list[
        Literal["success", "no_besieging_hoplites", "other_side_besieges", "round_end"]
    ] = Field(max_length=4)


class SiegeAction(ActionBase):
    die: Positive = Field(description="faces of the siege die")
    loser_hoplites: Positive = Field(description="hoplites the attacker loses on a failure")
    owner_population_loss: Count = Field(
        description="population an owned polis loses on a failure (neutral poleis lose none)"
    )
    revolt_at_zero: bool = Field(
        description="an owned polis that reaches 0 population turns neutral"
    )
    success_prestige: Literal["fortification"]
    captures_proxenos: bool
    capitals_immune: bool = Field(description="capitals can never be besieged")
    siege_discs: SiegeDiscs | None = Field(description="failed sieges leave discs (2nd edition)")


class TributeAction(ActionBase):
    home_region_free: bool = Field(description="no prestige cost in the side's home region")
    once_per_territory_per_round: bool


class DiceRule(Strict):
    dice: int = Field(ge=1, le=5, description="d4 rolled for each marker moved")  # 1 or 2
    keep: Literal["single", "lowest", "highest"]

    @model_validator(mode="after")
    def _single_means_one(self) -> DiceRule:
        if (self.keep == "single") != (self.dice == 1):
            raise PydanticCustomError("model.dice_keep", "keep 'single' goes with exactly one die")
        return self


class TradeAction(ActionBase):
    needs_commercial_polis: bool = Field(
        description="the side must hold one of its commercial poleis"
    )
    diolkos: bool = Field(description="merchants may use the Korinthos link when its owner trades")
    barter_marker_move: DiceRule = Field(
        description="how far the bartered good's marker moves right"
    )
    purchase_good: Id = Field(description="the only cargo that may be bought outright")
    purchase_currency: Id = Field(description="the good it is bought with (silver)")
    purchase_price: Positive = Field(description="currency per unit bought")
    purchase_markers: Literal["requested_good", "every_accepted_good"] = Field(
        description="which market markers move left after a silver purchase"
    )
    purchase_marker_move: DiceRule


class ProxenosAction(ActionBase):
    bribe_good: Id
    bribe_per_enemy_unit: Count = Field(
        description="goods per enemy unit on every area of the route"
    )
    bribe_includes_endpoints: bool
    diolkos: bool


class RansomAction(ActionBase):
    amount: Positive
    good: Id
    paid_to_opponent: bool


class CivilWarAction(ActionBase):
    neutral_cost_per_base_population: Positive
    enemy_cost_per_population: Positive
    good: Id
    prestige: Literal["population"] = Field(
        description="prestige gained equals the bribed population"
    )
    capitals_immune: bool


class Actions(Strict):
    """The mechanics the engine knows; a ruleset lists those it uses and their parameters."""

    create_hoplites: CreateUnitsAction | None = None
    create_galleys: CreateUnitsAction | None = None
    create_merchants: CreateUnitsAction | None = None
    start_project: StartProjectAction | None = None
    move_hoplites: MoveAction | None = None
    move_galleys: MoveAction | None = None
    besiege: SiegeAction | None = None
    collect_tribute: TributeAction | None = None
    trade: TradeAction | None = None
    move_proxenos: ProxenosAction | None = None
    ransom_proxenos: RansomAction | None = None
    civil_war: CivilWarAction | None = None


# ---------------------------------------------------------------- battles


class Battle(Record):
    threshold: int = Field(
        ge=2, le=100, description="units of both sides in one area that start a battle"
    )  # 8
    first_attacker: dict[Literal["land", "naval"], Id]
    cards_per_assault: Positive
    attacker_draw: Count
    defender_draw: Literal["two_minus_losses", "refill_to_units"]
    defender_min_units: int = Field(
        ge=1, le=30, description="the battle ends when the defender has fewer"
    )  # 2
    retreat_prestige_cost: Count
    retreat_opponent_gain: Count
    deferred_after_pass: bool = Field(
        description="once a player passed, battles wait until both have passed"
    )
    checked_at_pass: bool = Field(
        description="a pass ends the passing player's turn, so battles are checked at the pass "
        "itself; the deferral then covers only the other player's actions after it"
    )
    end_conditions: list[
        Literal["deck_short", "retreat", "defender_below_min", "forced_salpinx_unpaid"]
    ] = Field(max_length=4)


class CombatCard(Record):
    formation: Id
    maneuver: Id
    value: int = Field(ge=-20, le=20)  # 0 to 2
    count: Positive  # 2 to 5
    special: Literal["wildcard", "unanswerable"] | None = None


class CombatDeck(Strict):
    land: list[CombatCard] = Field(max_length=30)  # 9 kinds of card
    naval: list[CombatCard] = Field(max_length=30)


class Named(Record):
    name: Text


# ---------------------------------------------------------------- end of round, game end


class PhorosOption(Strict):
    prestige: Positive = Field(description="prestige given up")
    gain: Positive = Field(description="goods received")


class Phoros(Record):
    condition: Literal["none", "polis_besides_capital"]
    good: Id = Field(description="the good the tribute is paid in")
    options: list[PhorosOption] = Field(min_length=1, max_length=6)
    repeatable: bool = Field(description="the first option may be taken any number of times")


class EndStep(Strict):
    id: Literal["projects", "feeding", "growth", "megalopolis", "storage", "phoros", "preparation"]
    skip_after_last_round: bool = False


class EndOfRound(Record):
    steps: list[EndStep] = Field(max_length=7)
    feeding_good: Id = Field(
        description="paid per population cube in the feeding step; buys growth"
    )
    order: Literal["first_passer_first"]
    megalopolis_prestige: Count
    market_cover_removed_per_round: Count = Field(
        description="covers (black cubes) leaving each market at preparation"
    )


class LossCondition(Record):
    id: Literal["capital_unfed", "zero_prestige_at_round_end", "prestige_debt"]
    after_last_round: bool = Field(
        default=False,
        description="zero_prestige_at_round_end only: checked after the last round too, "
        "before the game is scored",
    )

    @model_validator(mode="after")
    def _last_round_only_for_zero_prestige(self) -> LossCondition:
        if self.after_last_round and self.id != "zero_prestige_at_round_end":
            raise PydanticCustomError(
                "model.after_last_round", "after_last_round is for zero_prestige_at_round_end"
            )
        return self


class Scoring(Record):
    parts: list[Literal["population", "prestige", "project_end_prestige"]] = Field(max_length=3)
    tie_breakers: list[Literal["most_goods", "shared_victory"]] = Field(max_length=2)


# ---------------------------------------------------------------- board


class TributeRow(Strict):
    good: Id
    boxes: int = Field(ge=1, le=10)  # 2 to 5


class Territory(Record):
    name: Text
    neighbours: IdList = Field(description="territories reachable by land")  # up to 4
    coasts: IdList = Field(description="seas a hoplite may embark on or land from")
    tribute: list[TributeRow] = Field(max_length=6)  # 3 rows


class Sea(Record):
    name: Text
    neighbours: IdList


class Diolkos(Record):
    seas: Annotated[list[Id], Field(min_length=2, max_length=2)]
    polis: Id = Field(description="whoever controls this polis may use the link")


class TradePort(Record):
    seas: IdList = Field(min_length=1, description="seas a merchant may start its route in")


class MarketSlot(Strict):
    cargo: int = Field(ge=1, le=MAX_CARGO)  # 3 to 5
    offers: Id = Field(description="good received (wheat or silver)")
    accepts: IdList = Field(min_length=1, description="goods that may be bartered for it")
    covered: bool = Field(default=False, description="covered by a black cube at setup")


class Market(Record):
    name: Text
    sea: Id = Field(description="the last sea of the sea route")
    land_route_from: Id | None = Field(
        default=None, description="polis whose controller reaches the market by land"
    )
    slots: list[MarketSlot] = Field(min_length=1, max_length=MAX_CARGO)


class MarketValues(Record):
    table: dict[Annotated[int, Field(ge=1, le=MAX_CARGO)], MarketRow] = Field(
        max_length=MAX_CARGO,
        description="goods paid per cargo size, by marker column (column 1 first)",
    )
    start_column: int = Field(ge=1, le=30)  # 1


class NeutralZone(Record):
    name: Text
    poleis: IdList


class TributeYields(Record):
    yields: list[Annotated[int, Field(ge=1, le=100)]] = Field(
        min_length=1, max_length=10, description="goods gained for 1, 2, 3... hoplites on a row"
    )  # 1, 3, 6, 10, 15


# ---------------------------------------------------------------- poleis, projects


class Polis(Record):
    name: Text
    territory: Id | None = Field(description="None for poleis in a neutral zone")
    base_population: int = Field(ge=1, le=20, description="also the fortification")  # up to 5
    max_growth: int = Field(ge=1, le=10)  # up to 3
    max_population: int = Field(ge=1, le=30)  # up to 10
    ports: IdList = Field(description="seas its galleys and proxenos reach")
    commercial: Id | None = Field(default=None, description="side that may hire merchants here")
    project_types: IdList


class HalfPopulation(Strict):
    half_population: Rounding = Field(description="prestige = half the polis population, rounded")


class Project(Record):
    name: Text
    type: Id
    poleis: IdList = Field(min_length=1)
    cost: dict[Id, Positive] = Field(min_length=1, max_length=6)
    prestige: Annotated[int, Field(ge=0, le=50)] | HalfPopulation  # 2 to 5
    end_prestige: Count


# ---------------------------------------------------------------- events


Target = Literal["athens", "sparta", "both"]
Timing = Literal["immediate", "end_of_turn", "end_of_round"]


class GainEffect(Strict):
    do: Literal["gain", "lose"]
    side: Target
    what: Id = Field(description="a good id or 'prestige'")
    amount: Positive
    when: Timing = "immediate"


class AddUnitsEffect(Strict):
    do: Literal["add_units"]
    side: Target
    unit: Literal["hoplite", "galley"]
    area: Id
    count: int = Field(ge=1, le=10)  # 1; the engine places units one by one
    when: Timing = "immediate"


class RemoveUnitsEffect(Strict):
    do: Literal["remove_units"]
    side: Target
    units: list[Literal["hoplite", "galley"]] = Field(min_length=1, max_length=2)
    count: int = Field(ge=1, le=10)  # 1
    chooser: Literal["owner"] = "owner"
    when: Timing = "immediate"


class BlockSlotEffect(Strict):
    do: Literal["block_slot"]
    market: Id
    cargo: int = Field(ge=1, le=MAX_CARGO)


class FirstPlayerEffect(Strict):
    do: Literal["first_player"]
    side: Literal["athens", "sparta"]


class ChoiceEffect(Strict):
    do: Literal["choose"]
    side: Literal["athens", "sparta"]
    options: list[
        Annotated[list[GainEffect | AddUnitsEffect | RemoveUnitsEffect], Field(max_length=4)]
    ] = Field(min_length=2, max_length=4)


Effect = Annotated[
    GainEffect
    | AddUnitsEffect
    | RemoveUnitsEffect
    | BlockSlotEffect
    | FirstPlayerEffect
    | ChoiceEffect,
    Field(discriminator="do"),
]


class EventDeck(Record):
    name: Text
    size: int = Field(ge=1, le=100)  # 8 to 11
    unnamed: int = Field(ge=0, le=100, description="cards of this deck no source identifies")


class EventCard(Record):
    name: Text
    deck: Id
    copies: int = Field(default=1, ge=1, le=10)
    effects: Annotated[list[Effect], Field(max_length=8)] | Literal["unknown"] = Field(
        description="'unknown': the card is drawn like any other but has no effect "
        "(an overlay from the owner's box may give it its printed effects)"
    )


# ---------------------------------------------------------------- setup, discrepancies


class SideSetup(Record):
    poleis: dict[Id, Positive] = Field(max_length=60, description="polis -> starting population")
    hoplites: dict[Id, Positive] = Field(max_length=64)
    galleys: dict[Id, Positive] = Field(max_length=32)
    merchants: Count
    proxenos: Id
    prestige: int = Field(ge=0, le=500)  # 3; at most player_board.prestige_max
    goods: dict[Id, Annotated[int, Field(ge=0, le=100)]] = Field(max_length=12)


class Reading(Strict):
    value: int | float | str | bool
    src: Source


class Discrepancy(Strict):
    topic: Text
    question: Text
    path: str | None = Field(
        default=None, description="dotted path of the value in this ruleset that follows `used`"
    )
    readings: list[Reading] = Field(min_length=2, max_length=12)
    used: int | float | str | bool
    reason: Text


class Decision(Strict):
    """A rule the books leave open, decided for this ruleset."""

    question: Text
    decision: Text
    reason: Text
    src: Source


# ---------------------------------------------------------------- board layout (a drawing)

_PAIR = r"-?\d+,-?\d+"
_OUTLINE = rf"^\s*{_PAIR}(?:\s+{_PAIR}){{2,}}\s*$"
_ROUTE = rf"^\s*{_PAIR}(?:\s+{_PAIR})+\s*$"


# The shipped drawings use outlines of at most 30 points (230 characters) and 366 points in
# all; the bounds leave a house rule room for a much finer map, and keep the checks that
# test every mark against every outline well under a second.
MAX_OUTLINE_CHARS = 4_000
MAX_LAYOUT_POINTS = 5_000
MAX_COORDINATE = 100_000


def _points_check(pattern: str, key: str) -> AfterValidator:
    def check(text: str) -> str:
        if not re.fullmatch(pattern, text):
            shown = repr(text if len(text) <= 60 else text[:59] + "…")
            raise PydanticCustomError(key, "write points as 'x,y x,y ...'", {"value": shown})
        return text

    return AfterValidator(check)


Outline = Annotated[
    str,
    StringConstraints(max_length=MAX_OUTLINE_CHARS),
    _points_check(_OUTLINE, "model.outline_points"),
    Field(
        description="a closed outline: 'x,y x,y x,y ...' (at least 3 points, like SVG points)",
        json_schema_extra={"pattern": _OUTLINE},
    ),
]
Route = Annotated[
    str,
    StringConstraints(max_length=MAX_OUTLINE_CHARS),
    _points_check(_ROUTE, "model.route_points"),
    Field(
        description="a line through 'x,y x,y ...' (at least 2 points)",
        json_schema_extra={"pattern": _ROUTE},
    ),
]
Coordinate = Annotated[int, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Point = Annotated[list[Coordinate], Field(min_length=2, max_length=2, description="[x, y]")]
Outlines = Annotated[list[Outline], Field(min_length=1, max_length=8)]


class AreaDrawing(Strict):
    shape: Outlines = Field(description="the area's outlines; islands are extra outlines")
    name_at: Point = Field(description="where the area's name is written")
    units_at: Point = Field(description="where the units in the area stand")


class ZoneDrawing(Strict):
    shape: Outlines


class MarketDrawing(Strict):
    at: Point = Field(description="centre of the market's box")
    slots: dict[Annotated[int, Field(ge=1, le=MAX_CARGO)], Point] = Field(
        max_length=MAX_CARGO, description="cargo size -> where its cargo slot is drawn"
    )
    sea_route: Route = Field(description="the route from the market's sea to the market")
    land_route: Route | None = Field(
        default=None, description="the route from the polis of land_route_from to the market"
    )


class PortDrawing(Strict):
    at: Point


class BoardLayout(Strict):
    """Where everything is drawn: our own map of Greece and the Aegean (x right, y down)."""

    width: int = Field(ge=1, le=MAX_COORDINATE, description="width of the drawing, in layout units")
    height: int = Field(ge=1, le=MAX_COORDINATE)
    backdrop: list[Outline] = Field(
        default_factory=list,
        max_length=40,
        description="land that is no area of the game, for orientation",
    )
    territories: dict[Id, AreaDrawing] = Field(max_length=64)
    seas: dict[Id, AreaDrawing] = Field(max_length=32)
    neutral_zones: dict[Id, ZoneDrawing] = Field(default_factory=dict, max_length=8)
    poleis: dict[Id, Point] = Field(max_length=60, description="centre of each polis")
    markets: dict[Id, MarketDrawing] = Field(max_length=16)
    trade_ports: dict[Id, PortDrawing] = Field(max_length=2, description="by side, as trade_ports")
    diolkos: Route | None = Field(default=None, description="the Korinthos link between its seas")

    @model_validator(mode="after")
    def _few_enough_points(self) -> BoardLayout:
        outlines = [*self.backdrop]
        for area in [*self.territories.values(), *self.seas.values()]:
            outlines += area.shape
        for zone in self.neutral_zones.values():
            outlines += zone.shape
        points = sum(o.count(",") for o in outlines)
        if points > MAX_LAYOUT_POINTS:
            raise PydanticCustomError(
                "model.layout_points",
                "too many points",
                {"points": points, "limit": MAX_LAYOUT_POINTS},
            )
        return self


# ---------------------------------------------------------------- the ruleset


class RulesetHeader(Strict):
    id: RulesetId
    title: Text
    kind: Literal["edition", "scenario", "variant"]
    description: Text
    src: Source


class Ruleset(RulesetHeader):
    """A complete, playable ruleset (an edition, or an overlay merged onto one)."""

    extends: RulesetId | None = None
    edition: Literal["1e", "2e"]
    sides: dict[Id, Side]
    components: Components
    goods: dict[Id, Good] = Field(max_length=12)  # 5 or 6
    storage: Storage
    player_board: PlayerBoard
    rounds: list[Round] = Field(min_length=1, max_length=12)  # 3 or 4
    turn: Turn
    actions: Actions
    battle: Battle
    formations: dict[Id, Named] = Field(max_length=30)
    maneuvers: dict[Id, Named] = Field(max_length=30)
    combat_deck: CombatDeck
    phoros: Phoros
    end_of_round: EndOfRound
    loss_conditions: list[LossCondition] = Field(max_length=3)
    scoring: Scoring
    territories: dict[Id, Territory] = Field(max_length=64)  # 12
    seas: dict[Id, Sea] = Field(max_length=32)  # 5
    diolkos: Diolkos | None
    trade_ports: dict[Id, TradePort] = Field(max_length=2)
    markets: dict[Id, Market] = Field(max_length=16)  # 5
    market_values: MarketValues
    tribute_yields: TributeYields
    neutral_zones: dict[Id, NeutralZone] = Field(max_length=8)
    poleis: dict[Id, Polis] = Field(max_length=60)  # 18
    project_types: dict[Id, Named] = Field(max_length=12)
    projects: dict[Id, Project] = Field(max_length=60)  # 14
    project_pool: Annotated[list[Id], Field(max_length=60)] | None = Field(
        default=None, description="if set, only these tiles are used (scenarios)"
    )
    event_decks: dict[Id, EventDeck] = Field(max_length=12)
    events: dict[Id, EventCard] = Field(max_length=200)  # 40
    setup: dict[Id, SideSetup] = Field(max_length=2)
    discrepancies: dict[Id, Discrepancy] = Field(default_factory=dict, max_length=200)
    decisions: dict[Id, Decision] = Field(default_factory=dict, max_length=200)
    layout: BoardLayout = Field(
        description="how the board is drawn (presentation only: not part of the rules' hash)"
    )

    @field_validator("sides")
    @classmethod
    def _two_sides(cls, sides: dict[str, Side]) -> dict[str, Side]:
        if set(sides) != {"athens", "sparta"}:
            raise PydanticCustomError("model.two_sides", "the sides are athens and sparta")
        return sides


class Overlay(RulesetHeader):
    """A variant or scenario: an existing ruleset plus changes."""

    extends: RulesetId
    override: dict[str, object] = Field(
        default_factory=dict,
        description="deep-merged onto the base; every key named must exist there",
    )
    add: dict[str, object] = Field(
        default_factory=dict,
        description="new records for id-keyed maps (a dotted key such as 'layout.poleis' "
        "reaches a map inside a section); keys must be new",
    )
    remove: list[str] = Field(
        default_factory=list, description="dotted paths of records to drop; must exist"
    )
