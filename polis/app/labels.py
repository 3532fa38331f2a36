"""Labels for ids the app shows (diff topics and headlines, provenance), marked for translation."""

from __future__ import annotations

from polis.i18n import N_

HEADLINES = {
    "rounds": N_("Rounds"),
    "stacking_limits": N_("Stacking limits"),
    "goods": N_("Goods"),
    "perishable_goods": N_("Perishable goods"),
    "actions": N_("Kinds of action"),
    "free_actions": N_("Done without an action"),
    "event_cards": N_("Event cards"),
    "event_decks": N_("Event decks"),
    "siege_discs": N_("Siege discs"),
    "barter_marker_dice": N_("Market marker after bartering"),
    "purchase_marker_dice": N_("Market markers after buying with silver"),
    "phoros": N_("Phoros"),
    "project_reveal": N_("Project tiles per round"),
    "covered_market_slots": N_("Covered cargo slots at setup"),
    "battle_defender_draw": N_("Defender's draw in battle"),
    "tie_breakers": N_("Tie-breakers"),
    "sparta_galleys": N_("Sparta's starting galleys"),
    "athens_galleys": N_("Athens' starting galleys"),
}

TOPICS = {
    "edition": N_("Edition"),
    "sides": N_("Sides"),
    "components": N_("Components"),
    "goods": N_("Goods"),
    "storage": N_("Storage"),
    "player_board": N_("Player board"),
    "rounds": N_("Rounds"),
    "turn": N_("Turns"),
    "actions": N_("Actions"),
    "battle": N_("Battles"),
    "formations": N_("Combat formations"),
    "maneuvers": N_("Combat maneuvers"),
    "combat_deck": N_("Combat deck"),
    "phoros": N_("Phoros"),
    "end_of_round": N_("End of round"),
    "loss_conditions": N_("Losing the game"),
    "scoring": N_("Scoring"),
    "territories": N_("Territories"),
    "seas": N_("Seas"),
    "diolkos": N_("Diolkos"),
    "trade_ports": N_("Trade ports"),
    "markets": N_("Foreign markets"),
    "market_values": N_("Market values"),
    "tribute_yields": N_("Tribute"),
    "neutral_zones": N_("Neutral coasts"),
    "poleis": N_("Poleis"),
    "project_types": N_("Project types"),
    "projects": N_("Projects"),
    "project_pool": N_("Project pool"),
    "event_decks": N_("Event decks"),
    "events": N_("Event cards"),
    "setup": N_("Setup"),
}

CHANGE_KINDS = {"added": N_("added"), "removed": N_("removed"), "changed": N_("changed")}

STATUS = {
    "sourced": N_("sourced"),
    "partly estimated": N_("partly estimated"),
    "estimated": N_("estimated"),
}

CATEGORIES = {
    "rules": N_("Rules"),
    "board": N_("Board"),
    "markets": N_("Markets"),
    "poleis": N_("Poleis"),
    "projects": N_("Projects"),
    "combat": N_("Combat cards"),
    "events": N_("Events"),
    "setup": N_("Setup"),
}

CONTROLLERS = {"human": N_("Human"), "random": N_("Bot: random"), "greedy": N_("Bot: greedy")}
