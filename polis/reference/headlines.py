"""The headline parameters of a ruleset, written for a reader.

The edition comparison (`polis diff`, the Compare page) shows these first. Each
value is written the way the rules reference writes it, so "2 dice, keeping the
highest" or "Eisen, Holz, Wein, Silber und Weizen" read naturally; polis.diff
compares the English values to decide which parameters differ.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from polis.compiler.config import EngineConfig
from polis.i18n import N_
from polis.i18n.formats import items, number
from polis.i18n.names import Names
from polis.i18n.vocabulary import keyword_label
from polis.reference.values import rule_values

LABELS = {
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
# where each headline's value comes from in the rules data (patterns as in
# polis.reference.values.VALUE_PATHS): a headline row links to the rule sections whose
# differences come from the same places
HEADLINE_PATHS: dict[str, tuple[str, ...]] = {
    "rounds": ("rounds.*.label",),
    "stacking_limits": ("rounds.*.stacking_limit",),
    "goods": ("goods.*.name",),
    "perishable_goods": ("goods.*.perishable",),
    "actions": ("actions.*.as_action",),
    "free_actions": ("actions.*.as_action",),
    "event_cards": ("event_decks.*.size", "components.event_cards"),
    "event_decks": ("event_decks.*.name",),
    "siege_discs": ("actions.besiege.siege_discs",),
    "barter_marker_dice": ("actions.trade.barter_marker_move",),
    "purchase_marker_dice": (
        "actions.trade.purchase_marker_move",
        "actions.trade.purchase_markers",
    ),
    "phoros": ("phoros",),
    "project_reveal": ("rounds.*.projects",),
    "covered_market_slots": ("markets.*.slots.*.covered",),
    "battle_defender_draw": ("battle.defender_draw",),
    "tie_breakers": ("scoring.tie_breakers",),
    "sparta_galleys": ("setup.sparta.galleys",),
    "athens_galleys": ("setup.athens.galleys",),
}
Values = dict[str, Any]
Presenter = Callable[[EngineConfig, Names, Values, str], str]


def _none_or(text: str, names: Names) -> str:
    return text or names.gettext("none")


def _phoros(cfg: EngineConfig, names: Names, v: Values, lang: str) -> str:
    _ = names.gettext
    parts = [v["phoros_rates"], _("repeatable") if cfg.phoros_repeatable else _("once a round")]
    if cfg.phoros_condition != "none":
        parts.append(keyword_label(names.tr, cfg.phoros_condition))
    return "; ".join(parts)


def _galleys(side: str) -> Presenter:
    def present(cfg: EngineConfig, names: Names, v: Values, lang: str) -> str:
        return number(sum(n for _, n in cfg.setup[cfg.sides.index(side)].galleys), lang)

    return present


HEADLINE_VALUES: dict[str, Presenter] = {
    "rounds": lambda c, n, v, lang: f"{number(v['rounds_count'], lang)} ({v['round_labels']})",
    "stacking_limits": lambda c, n, v, lang: str(v["stacking_limits"]),
    "goods": lambda c, n, v, lang: str(v["goods"]),
    "perishable_goods": lambda c, n, v, lang: _none_or(v["perishable_goods"], n),
    "actions": lambda c, n, v, lang: number(v["actions_count"], lang),
    "free_actions": lambda c, n, v, lang: _none_or(
        items([n.action(a.id, a.name) for a in c.actions if not a.as_action], lang), n
    ),
    "event_cards": lambda c, n, v, lang: number(v["event_cards"], lang),
    "event_decks": lambda c, n, v, lang: str(v["event_decks"]),
    "siege_discs": lambda c, n, v, lang: (
        n.gettext("+{bonus} to the roll per disc").format(bonus=c.siege_disc_bonus)
        if c.siege_disc_bonus
        else n.gettext("none")
    ),
    "barter_marker_dice": lambda c, n, v, lang: str(v["barter_dice"]),
    "purchase_marker_dice": lambda c, n, v, lang: (
        f"{v['purchase_dice']}; {keyword_label(n.tr, c.purchase_markers)}"
    ),
    "phoros": _phoros,
    "project_reveal": lambda c, n, v, lang: str(v["project_reveal"]),
    "covered_market_slots": lambda c, n, v, lang: number(
        sum(1 for s in c.slots if s.covered), lang
    ),
    "battle_defender_draw": lambda c, n, v, lang: keyword_label(n.tr, c.defender_draw),
    "tie_breakers": lambda c, n, v, lang: _none_or(
        items([keyword_label(n.tr, t) for t in c.tie_breakers], lang), n
    ),
    "sparta_galleys": _galleys("sparta"),
    "athens_galleys": _galleys("athens"),
}


def headline_values(cfg: EngineConfig, names: Names, lang: str) -> dict[str, str]:
    """Every headline parameter of a ruleset, written for `lang`, in the order of LABELS."""
    values = rule_values(cfg, names, lang)
    return {key: present(cfg, names, values, lang) for key, present in HEADLINE_VALUES.items()}
