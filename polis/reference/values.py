"""The numbers and lists rule text may quote, computed from the compiled ruleset.

Rule text never writes a number the data holds: it writes `{stacking_limits}`
and each ruleset fills in its own values, in the reader's language (lists and
numbers formatted by Babel, names from the catalogs). That way the reference
states exactly the rules the engine enforces.

`CONDITIONS` are the switches a section may depend on (`when: siege_discs`),
also computed from the data, so a house variant that adds siege discs to the
1st edition gets the siege-disc rules in its reference too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from polis.compiler.config import UNANSWERABLE, WILDCARD, EngineConfig
from polis.i18n.formats import items
from polis.i18n.names import Names
from polis.rules.models import Ruleset
from polis.rules.provenance import Record

# marks a value that no printed source gives (a reconstruction)
ESTIMATE_MARK = "≈"


def _cost(names: Names, alternatives: tuple[tuple[tuple[int, int], ...], ...], locale: str) -> str:
    _ = names.gettext
    options = [items([names.amount(n, g) for g, n in alt], locale) for alt in alternatives]
    return _(" or ").join(options) if options else "—"


def _dice(names: Names, dice: int, keep: str) -> str:
    _ = names.gettext
    if keep == "single":
        return _("one die")
    if keep == "lowest":
        text = names.ngettext("{n} die, keeping the lowest", "{n} dice, keeping the lowest", dice)
    else:
        text = names.ngettext("{n} die, keeping the highest", "{n} dice, keeping the highest", dice)
    return text.format(n=dice)


def _reveal(cfg: EngineConfig, names: Names, locale: str) -> str:
    _ = names.gettext
    parts = []
    for r in cfg.rounds:
        label = names.round_label(r.id, r.label)
        if r.remove:
            text = _("{label}: {reveal} tiles (the player with less prestige removes {remove})")
            parts.append(text.format(label=label, reveal=r.reveal, remove=r.remove))
        else:
            parts.append(_("{label}: {reveal} tiles").format(label=label, reveal=r.reveal))
    return items(parts, locale)


def _phoros(cfg: EngineConfig, names: Names, locale: str) -> str:
    _ = names.gettext
    rates = [
        _("{prestige} prestige for {gain}").format(
            prestige=p, gain=names.amount(g, cfg.phoros_good)
        )
        for p, g in cfg.phoros_options
    ]
    return _(" or ").join(rates)


def rule_values(cfg: EngineConfig, names: Names, locale: str) -> dict[str, Any]:
    """Every placeholder a rule text may use, rendered for one ruleset and language."""
    side = names.side
    goods = [names.good(g) for g in range(len(cfg.goods))]
    rounds = [names.round_label(r.id, r.label) for r in cfg.rounds]
    actions = [a for a in cfg.actions if a.as_action]
    military = next((a.prestige_cost for a in cfg.actions if a.category == "military"), 0)
    return {
        "rounds_count": len(cfg.rounds),
        "round_labels": items(rounds, locale),
        "first_round": rounds[0],
        "last_round": rounds[-1],
        "stacking_limits": items([str(r.stacking_limit) for r in cfg.rounds], locale),
        "cargo_open": items([str(r.cargo_open) for r in cfg.rounds], locale),
        "goods": items(goods, locale),
        "goods_count": len(goods),
        "perishable_goods": items([goods[g] for g, p in enumerate(cfg.perishable) if p], locale),
        "market_goods": items([goods[g] for g in cfg.track_goods], locale),
        "feeding_good": goods[cfg.feeding_good],
        "actions_count": len(actions),
        "action_names": items([names.action(a.id, a.name) for a in actions], locale),
        "military_cost": military,
        "hoplite_cost": _cost(names, cfg.hoplite_costs, locale),
        "galley_cost": _cost(names, cfg.galley_costs, locale),
        "merchant_cost": _cost(names, cfg.merchant_costs, locale),
        "substitute_good": goods[cfg.project_substitute] if cfg.project_substitute >= 0 else "",
        "battle_threshold": cfg.battle_threshold,
        "retreat_cost": cfg.retreat_cost,
        "retreat_gain": cfg.retreat_gain,
        "defender_min_units": cfg.defender_min_units,
        "cards_per_assault": cfg.cards_per_assault,
        "attacker_draw": cfg.attacker_draw,
        "land_first_attacker": side(cfg.first_attacker_land),
        "naval_first_attacker": side(cfg.first_attacker_naval),
        "combat_cards": sum(c.count for c in cfg.land_cards),
        "siege_die": cfg.siege_die,
        "siege_disc_bonus": cfg.siege_disc_bonus,
        "barter_dice": _dice(names, cfg.barter_dice, cfg.barter_keep),
        "purchase_dice": _dice(names, cfg.purchase_dice, cfg.purchase_keep),
        "purchase_price": cfg.purchase_price,
        "purchase_good": goods[cfg.purchase_good] if cfg.purchase_good >= 0 else "",
        "purchase_currency": goods[cfg.purchase_currency] if cfg.purchase_currency >= 0 else "",
        "bribe": cfg.proxenos_bribe,
        "bribe_good": goods[cfg.proxenos_bribe_good] if cfg.proxenos_bribe_good >= 0 else "",
        "ransom_amount": cfg.ransom_amount,
        "ransom_good": goods[cfg.ransom_good] if cfg.ransom_good >= 0 else "",
        "civil_war_neutral": cfg.civil_war_neutral_factor,
        "civil_war_enemy": cfg.civil_war_enemy_factor,
        "civil_war_good": goods[cfg.civil_war_good] if cfg.civil_war_good >= 0 else "",
        "surcharge": cfg.after_pass_surcharge,
        "actions_per_turn": cfg.actions_per_turn,
        "phoros_rates": _phoros(cfg, names, locale),
        "project_reveal": _reveal(cfg, names, locale),
        "project_tiles": len(cfg.projects),
        "event_cards": sum(d.size for d in cfg.decks),
        "event_decks": items([names.deck(d.id, d.name) for d in cfg.decks], locale),
        "cubes_per_side": cfg.cubes_per_side,
        "discs_per_side": cfg.discs_per_side,
        "merchants_per_side": cfg.merchants_per_side,
        "goods_max": cfg.goods_max,
        "prestige_max": cfg.prestige_max,
        "megalopolis_prestige": cfg.megalopolis_prestige,
        "tribute_yields": items([str(y) for y in cfg.tribute_yields], locale),
        "market_columns": len(cfg.market_table[-1]),
        "athens": side(0),
        "sparta": side(1),
        "athens_capital": names.polis_at(cfg.capital[0]),
        "sparta_capital": names.polis_at(cfg.capital[1]),
        "athens_home": names.area(cfg.home_region[0]),
        "sparta_home": names.area(cfg.home_region[1]),
        "athens_trade_seas": items([names.area(a) for a in _bits(cfg.trade_port_seas[0])], locale),
        "sparta_trade_seas": items([names.area(a) for a in _bits(cfg.trade_port_seas[1])], locale),
        "athens_commercial": items(
            [names.polis_at(p) for p, pol in enumerate(cfg.poleis) if pol.commercial == 0], locale
        ),
        "sparta_commercial": items(
            [names.polis_at(p) for p, pol in enumerate(cfg.poleis) if pol.commercial == 1], locale
        ),
        "neutral_coast_poleis": items(
            [names.polis_at(p) for p, pol in enumerate(cfg.poleis) if pol.territory < 0], locale
        ),
        "sea_only_territories": items(
            [names.area(t) for t in range(cfg.n_territories) if not cfg.land_adj[t]], locale
        ),
        "diolkos_polis": names.polis_at(cfg.diolkos[2]) if cfg.diolkos else "",
        "two_port_poleis": items(
            [names.polis_at(p) for p, pol in enumerate(cfg.poleis) if len(pol.ports) > 1], locale
        ),
        "diolkos_seas": items([names.area(a) for a in cfg.diolkos[:2]], locale)
        if cfg.diolkos
        else "",
        "event_reader_tie": side(cfg.reader_tie),
        "first_player_tie": side(cfg.first_tie),
        "siege_hoplite_loss": cfg.siege_loser_hoplites,
        "siege_population_loss": cfg.siege_population_loss,
        "covers_removed_per_round": cfg.market_cover_removed,
        "project_pool": items([names.project(j) for j in cfg.project_pool], locale),
        "project_pool_size": len(cfg.project_pool),
        "wildcard_card": _special_name(cfg, names, WILDCARD),
        "ambush_card": _special_name(cfg, names, UNANSWERABLE),
    }


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _special_name(cfg: EngineConfig, names: Names, special: int) -> str:
    card = next((c for c in cfg.land_cards if c.special == special), None)
    return names.formation(card.formation) if card else ""


# Where the value behind a placeholder is written in the rules data: (section, field or None
# for the whole record). Used to mark values that are reconstructions, not printed facts.
SOURCES: dict[str, tuple[str, str | None]] = {
    "goods_max": ("player_board", None),
    "prestige_max": ("player_board", None),
    "market_columns": ("market_values", None),
    "tribute_yields": ("tribute_yields", None),
    "cubes_per_side": ("components", "cubes_per_side"),
    "discs_per_side": ("components", "discs_per_side"),
    "merchants_per_side": ("components", "merchants_per_side"),
    "combat_cards": ("components", "combat_cards"),
    "event_cards": ("components", "event_cards"),
    "project_tiles": ("components", "project_tiles"),
    "stacking_limits": ("rounds", None),
    "cargo_open": ("rounds", None),
    "phoros_rates": ("phoros", None),
    "battle_threshold": ("battle", None),
    "storage": ("storage", None),
}


def estimated_values(model: Ruleset) -> set[str]:
    """Placeholders whose value comes from an estimated record or field of this ruleset."""
    out = set()
    for name, (section, field) in SOURCES.items():
        node = getattr(model, section, None)
        records = node if isinstance(node, list) else [node]
        for record in records:
            if not isinstance(record, Record):
                continue
            if record.src.is_estimate or (
                field is not None and any(e.field == field for e in record.estimates)
            ):
                out.add(name)
    return out


CONDITIONS: dict[str, Callable[[EngineConfig], bool]] = {
    "siege_discs": lambda c: c.siege_disc_bonus > 0,
    "ransom_action": lambda c: any(a.id == "ransom_proxenos" and a.as_action for a in c.actions),
    "ransom_free": lambda c: any(a.id == "ransom_proxenos" and not a.as_action for a in c.actions),
    "phoros_needs_polis": lambda c: c.phoros_condition == "polis_besides_capital",
    "phoros_repeatable": lambda c: c.phoros_repeatable,
    "covered_slots": lambda c: any(s.covered for s in c.slots),
    "project_removal": lambda c: any(r.remove for r in c.rounds),
    "events": lambda c: any(r.event_deck >= 0 for r in c.rounds),
    "projects": lambda c: any(r.reveal for r in c.rounds),
    "discs_limited": lambda c: c.discs_limited,
    "forced_salpinx_rule": lambda c: "forced_salpinx_unpaid" in c.battle_end_conditions,
    "defender_refills": lambda c: c.defender_draw == "refill_to_units",
    "defender_two_minus_losses": lambda c: c.defender_draw == "two_minus_losses",
    "shared_victory": lambda c: "shared_victory" in c.tie_breakers,
    "single_round": lambda c: len(c.rounds) == 1,
    "zero_prestige_loss": lambda c: "zero_prestige_at_round_end" in c.loss_conditions,
    "zero_prestige_last_round": lambda c: (
        "zero_prestige_at_round_end" in c.loss_conditions and c.zero_prestige_after_last_round
    ),
    "battle_at_pass": lambda c: c.battles_checked_at_pass or not c.battles_deferred_after_pass,
    "scenario": lambda c: c.kind == "scenario",
}


# Where in the rules data each value and switch comes from, as path patterns (`*` is any
# one step; rounds and other lists count from 1). A rule section that reads differently
# in two rulesets links to the changes behind it through these (polis.reference.links).
VALUE_PATHS: dict[str, tuple[str, ...]] = {
    "rounds_count": ("rounds",),
    "round_labels": ("rounds.*.label",),
    "first_round": ("rounds.*.label",),
    "last_round": ("rounds.*.label",),
    "stacking_limits": ("rounds.*.stacking_limit",),
    "cargo_open": ("rounds.*.cargo_open",),
    "goods": ("goods.*.name",),
    "goods_count": ("goods",),
    "perishable_goods": ("goods.*.perishable",),
    "market_goods": ("goods.*.market_track",),
    "feeding_good": ("end_of_round.feeding_good",),
    "actions_count": ("actions.*.as_action",),
    "action_names": ("actions.*.name", "actions.*.as_action"),
    "military_cost": ("actions.*.prestige_cost",),
    "hoplite_cost": ("actions.create_hoplites.unit_costs",),
    "galley_cost": ("actions.create_galleys.unit_costs",),
    "merchant_cost": ("actions.create_merchants.unit_costs",),
    "substitute_good": ("actions.start_project.substitute_good",),
    "battle_threshold": ("battle.threshold",),
    "retreat_cost": ("battle.retreat_prestige_cost",),
    "retreat_gain": ("battle.retreat_opponent_gain",),
    "defender_min_units": ("battle.defender_min_units",),
    "cards_per_assault": ("battle.cards_per_assault",),
    "attacker_draw": ("battle.attacker_draw",),
    "land_first_attacker": ("battle.first_attacker.land",),
    "naval_first_attacker": ("battle.first_attacker.naval",),
    "combat_cards": ("combat_deck.land",),
    "siege_die": ("actions.besiege.die",),
    "siege_disc_bonus": ("actions.besiege.siege_discs",),
    "barter_dice": ("actions.trade.barter_marker_move",),
    "purchase_dice": ("actions.trade.purchase_marker_move",),
    "purchase_price": ("actions.trade.purchase_price",),
    "purchase_good": ("actions.trade.purchase_good",),
    "purchase_currency": ("actions.trade.purchase_currency",),
    "bribe": ("actions.move_proxenos.bribe_per_enemy_unit",),
    "bribe_good": ("actions.move_proxenos.bribe_good",),
    "ransom_amount": ("actions.ransom_proxenos.amount",),
    "ransom_good": ("actions.ransom_proxenos.good",),
    "civil_war_neutral": ("actions.civil_war.neutral_cost_per_base_population",),
    "civil_war_enemy": ("actions.civil_war.enemy_cost_per_population",),
    "civil_war_good": ("actions.civil_war.good",),
    "surcharge": ("turn.after_pass_surcharge",),
    "actions_per_turn": ("turn.actions_per_turn",),
    "phoros_rates": ("phoros.options", "phoros.good"),
    "project_reveal": ("rounds.*.projects",),
    "project_tiles": ("projects", "components.project_tiles"),
    "event_cards": ("event_decks.*.size", "components.event_cards"),
    "event_decks": ("event_decks",),
    "cubes_per_side": ("components.cubes_per_side",),
    "discs_per_side": ("components.discs_per_side",),
    "merchants_per_side": ("components.merchants_per_side",),
    "goods_max": ("player_board.goods_max",),
    "prestige_max": ("player_board.prestige_max",),
    "megalopolis_prestige": ("end_of_round.megalopolis_prestige",),
    "tribute_yields": ("tribute_yields",),
    "market_columns": ("market_values.table",),
    "athens": ("sides.athens.name",),
    "sparta": ("sides.sparta.name",),
    "athens_capital": ("sides.athens.capital", "poleis.*.name"),
    "sparta_capital": ("sides.sparta.capital", "poleis.*.name"),
    "athens_home": ("sides.athens.home_region", "territories.*.name"),
    "sparta_home": ("sides.sparta.home_region", "territories.*.name"),
    "athens_trade_seas": ("trade_ports.athens", "seas.*.name"),
    "sparta_trade_seas": ("trade_ports.sparta", "seas.*.name"),
    "athens_commercial": ("poleis.*.commercial", "poleis.*.name"),
    "sparta_commercial": ("poleis.*.commercial", "poleis.*.name"),
    "neutral_coast_poleis": ("neutral_zones", "poleis.*.territory"),
    "sea_only_territories": ("territories.*.neighbours", "territories.*.name"),
    "diolkos_polis": ("diolkos.polis", "poleis.*.name"),
    "two_port_poleis": ("poleis.*.ports",),
    "diolkos_seas": ("diolkos.seas", "seas.*.name"),
    "event_reader_tie": ("turn.event_reader",),
    "first_player_tie": ("turn.first_player",),
    "siege_hoplite_loss": ("actions.besiege.loser_hoplites",),
    "siege_population_loss": ("actions.besiege.owner_population_loss",),
    "covers_removed_per_round": ("end_of_round.market_cover_removed_per_round",),
    "project_pool": ("project_pool",),
    "project_pool_size": ("project_pool",),
    "wildcard_card": ("combat_deck.land", "formations.*.name"),
    "ambush_card": ("combat_deck.land", "formations.*.name"),
}
CONDITION_PATHS: dict[str, tuple[str, ...]] = {
    "siege_discs": ("actions.besiege.siege_discs",),
    "ransom_action": ("actions.ransom_proxenos.as_action",),
    "ransom_free": ("actions.ransom_proxenos.as_action",),
    "phoros_needs_polis": ("phoros.condition",),
    "phoros_repeatable": ("phoros.repeatable",),
    "covered_slots": ("markets.*.slots.*.covered",),
    "project_removal": ("rounds.*.projects.remove",),
    "events": ("rounds.*.event_deck",),
    "projects": ("rounds.*.projects.reveal",),
    "discs_limited": ("components.discs_limited",),
    "forced_salpinx_rule": ("battle.end_conditions",),
    "defender_refills": ("battle.defender_draw",),
    "defender_two_minus_losses": ("battle.defender_draw",),
    "shared_victory": ("scoring.tie_breakers",),
    "single_round": ("rounds",),
    "zero_prestige_loss": ("loss_conditions",),
    "scenario": ("edition",),
}
