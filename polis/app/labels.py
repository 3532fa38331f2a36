"""Labels for ids the app shows (diff topics, provenance, controllers), marked for translation."""

from __future__ import annotations

from polis.i18n import N_

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

# who plays a side (polis.play.controllers.CONTROLLERS); "greedy" is the easy level and
# "quick" the search the balance lab plays with
CONTROLLERS = {
    "human": N_("Human"),
    "random": N_("Bot: random"),
    "greedy": N_("Bot: easy"),
    "mcts:quick": N_("Bot: quick"),
    "mcts:normal": N_("Bot: normal"),
    "mcts:strong": N_("Bot: strong"),
}
