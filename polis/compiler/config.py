"""EngineConfig: the compiled ruleset the engine, reference and diff all read.

Plain frozen dataclasses holding ints, strings, bools and tuples only, so the
engine's hot path never touches pydantic and the whole thing serialises to JSON
and back losslessly. Indices are positions in the id tuples (`poleis`, `areas`,
`goods`, ...); sets of areas are int bitmasks over area indices.

Side 0 is Athens and side 1 is Sparta (ids sorted); areas list the territories
first, then the seas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# unit kinds on the board
HOPLITE: Final = 0
GALLEY: Final = 1
# combat card specials
PLAIN: Final = 0
WILDCARD: Final = 1
UNANSWERABLE: Final = 2
# prestige is addressed as good -1 where an effect names "prestige"
PRESTIGE: Final = -1


@dataclass(frozen=True, slots=True)
class RoundCfg:
    id: str
    label: str
    stacking_limit: int
    cargo_open: int
    event_deck: int  # -1: no event this round
    reveal: int
    remove: int


@dataclass(frozen=True, slots=True)
class PolisCfg:
    id: str
    name: str
    territory: int  # area index, -1 in a neutral zone
    base: int  # base population = fortification
    max_growth: int
    max_population: int
    ports: tuple[int, ...]  # sea area indices
    port_mask: int
    commercial: int  # side allowed to hire merchants, -1 none
    capital_of: int  # side, -1 none
    project_types: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ProjectCfg:
    id: str
    name: str
    type: int
    poleis_mask: int  # bitmask over polis indices
    cost: tuple[tuple[int, int], ...]  # (good, amount)
    prestige: int
    half_population: str  # "" fixed prestige, else rounding "up"/"down"
    end_prestige: int


@dataclass(frozen=True, slots=True)
class SlotCfg:
    market: int
    cargo: int
    offers: int  # good
    accepts: tuple[int, ...]  # goods (all with market tracks)
    covered: bool


@dataclass(frozen=True, slots=True)
class MarketCfg:
    id: str
    name: str
    sea: int  # area index
    land_route_polis: int  # -1 none
    slots: tuple[int, ...]  # slot indices, in printed order


@dataclass(frozen=True, slots=True)
class CardCfg:
    formation: int
    maneuver: int
    value: int
    count: int
    special: int  # PLAIN / WILDCARD / UNANSWERABLE


@dataclass(frozen=True, slots=True)
class EffectCfg:
    op: str  # gain | lose | add_units | remove_units | block_slot | first_player | choose
    sides: tuple[int, ...] = ()
    good: int = PRESTIGE
    amount: int = 0
    unit: int = HOPLITE
    area: int = -1
    units: tuple[int, ...] = ()
    slot: int = -1
    when: str = "immediate"
    options: tuple[tuple[EffectCfg, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class EventCfg:
    id: str
    name: str
    deck: int
    copies: int
    known: bool  # False: the card's effect is unknown, so drawing it has no effect
    effects: tuple[EffectCfg, ...]
    from_overlay: bool  # the card (or its effects) comes from an overlay, not the edition


# a card of a deck that no source names (DeckCfg.cards)
UNNAMED_CARD = -1


@dataclass(frozen=True, slots=True)
class DeckCfg:
    id: str
    name: str
    size: int
    # one entry per physical card: its event index (repeated by copies), or
    # UNNAMED_CARD; a draw picks one entry, so every card is equally likely
    cards: tuple[int, ...]
    unknown: int  # cards whose effect is unknown (named or not)


@dataclass(frozen=True, slots=True)
class ActionCfg:
    id: str
    name: str
    category: str
    prestige_cost: int
    as_action: bool


@dataclass(frozen=True, slots=True)
class SetupCfg:
    poleis: tuple[tuple[int, int], ...]  # (polis, population)
    hoplites: tuple[tuple[int, int], ...]  # (area, count)
    galleys: tuple[tuple[int, int], ...]
    merchants: int
    proxenos: int
    prestige: int
    goods: tuple[int, ...]  # by good index


@dataclass(frozen=True, slots=True)
class EngineConfig:
    id: str
    title: str
    kind: str
    edition: str
    # sides
    sides: tuple[str, ...]
    side_names: tuple[str, ...]
    capital: tuple[int, ...]
    home_region: tuple[int, ...]
    # goods and player board
    goods: tuple[str, ...]
    good_names: tuple[str, ...]
    perishable: tuple[bool, ...]
    track_of_good: tuple[int, ...]  # market track index, -1 none
    track_goods: tuple[int, ...]
    storage_rounding: str
    goods_max: int
    prestige_max: int
    cubes_per_side: int
    track_cubes: int
    discs_per_side: int
    discs_limited: bool
    merchants_per_side: int
    # rounds and turns
    rounds: tuple[RoundCfg, ...]
    actions_per_turn: int
    distinct_actions: bool
    reader_rule: str
    reader_tie: int
    first_rule: str
    first_tie: int
    after_pass_surcharge: int
    repeat_after_pass: bool
    # actions (present ones only, in the data's order)
    actions: tuple[ActionCfg, ...]
    hoplite_costs: tuple[tuple[tuple[int, int], ...], ...]  # alternatives: ((good, n), ...)
    galley_costs: tuple[tuple[tuple[int, int], ...], ...]
    merchant_costs: tuple[tuple[tuple[int, int], ...], ...]
    keep_last_cube: bool
    project_substitute: int
    project_one_per_polis: bool  # a polis starts at most one project per round
    move_blocked_by_control: bool
    move_blocked_by_full: bool
    move_diolkos: bool
    siege_die: int
    siege_loser_hoplites: int
    siege_population_loss: int
    siege_revolt_at_zero: bool
    siege_captures_proxenos: bool
    siege_disc_bonus: int  # 0: no siege discs
    siege_disc_removal: tuple[str, ...]
    tribute_home_free: bool
    tribute_once: bool
    trade_needs_commercial: bool
    trade_diolkos: bool
    barter_dice: int
    barter_keep: str
    purchase_good: int
    purchase_currency: int
    purchase_price: int
    purchase_markers: str
    purchase_dice: int
    purchase_keep: str
    proxenos_bribe_good: int
    proxenos_bribe: int
    proxenos_bribe_endpoints: bool
    proxenos_diolkos: bool
    ransom_amount: int
    ransom_good: int
    ransom_to_opponent: bool
    civil_war_neutral_factor: int
    civil_war_enemy_factor: int
    civil_war_good: int
    siege_capitals_immune: bool
    civil_war_capitals_immune: bool
    # battles
    battle_threshold: int
    first_attacker_land: int
    first_attacker_naval: int
    cards_per_assault: int
    attacker_draw: int
    defender_draw: str
    defender_min_units: int
    retreat_cost: int
    retreat_gain: int
    battles_deferred_after_pass: bool
    battles_checked_at_pass: bool
    battle_end_conditions: tuple[str, ...]
    formations: tuple[str, ...]
    formation_names: tuple[str, ...]
    maneuvers: tuple[str, ...]
    maneuver_names: tuple[str, ...]
    land_cards: tuple[CardCfg, ...]
    naval_cards: tuple[CardCfg, ...]
    # end of round and game end
    end_steps: tuple[tuple[str, bool], ...]  # (step, skipped after the last round)
    feeding_good: int
    megalopolis_prestige: int
    market_cover_removed: int
    phoros_condition: str
    phoros_good: int
    phoros_options: tuple[tuple[int, int], ...]  # (prestige, gain)
    phoros_repeatable: bool
    loss_conditions: tuple[str, ...]
    zero_prestige_after_last_round: bool
    score_parts: tuple[str, ...]
    tie_breakers: tuple[str, ...]
    # board
    areas: tuple[str, ...]
    area_names: tuple[str, ...]
    n_territories: int
    land_adj: tuple[int, ...]  # per area: mask of land neighbours
    sea_adj: tuple[int, ...]  # per area: mask of sea neighbours (seas only)
    coasts: tuple[int, ...]  # per area: mask of seas a territory touches
    shores: tuple[int, ...]  # per area: mask of territories a sea touches
    territory_mask: int
    sea_mask: int
    diolkos: tuple[int, ...]  # (sea, sea, polis) or ()
    trade_port_seas: tuple[int, ...]  # per side: mask
    tribute_rows: tuple[tuple[tuple[int, int], ...], ...]  # per territory: ((good, boxes), ...)
    tribute_yields: tuple[int, ...]
    poleis_in_area: tuple[tuple[int, ...], ...]  # per territory
    # poleis and projects
    poleis: tuple[PolisCfg, ...]
    project_types: tuple[str, ...]
    project_type_names: tuple[str, ...]
    projects: tuple[ProjectCfg, ...]
    project_pool: tuple[int, ...]
    # markets
    markets: tuple[MarketCfg, ...]
    slots: tuple[SlotCfg, ...]
    market_table: tuple[tuple[int, ...], ...]  # by cargo size (index = cargo), columns 0-based
    market_start_column: int
    # events
    decks: tuple[DeckCfg, ...]
    events: tuple[EventCfg, ...]
    # setup
    setup: tuple[SetupCfg, ...]

    def action(self, action_id: str) -> ActionCfg | None:
        for act in self.actions:
            if act.id == action_id:
                return act
        return None
