"""Every difference between two rulesets in the reader's words and names.

polis.diff finds each change as a place in the data (`setup.sparta.galleys.myrtoon:
1 → 2`). This module says it the way a player reads it: each step of the place
becomes the name of the thing it is (a good, a polis, a round, a sea) or a label
for the property, and each value becomes words: names for ids, yes or no for
switches, labels for the data's keywords, numbers and lists formatted for the
language. German readers get "Sparta › Galeeren › Myrtoon: 1 → 2". The data path
stays available as a detail for authors.

Which fields hold ids of what, and which keywords the data uses, are read off the
rules model: a test walks it and fails on a field or keyword without a label here.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from polis.diff import TOPICS, Change, DiffReport, Step
from polis.i18n import N_
from polis.i18n.formats import items, number
from polis.i18n.names import Names

# sections that map ids to records; a change below one names its record first
ID_SECTIONS = frozenset(
    {
        "sides",
        "goods",
        "formations",
        "maneuvers",
        "territories",
        "seas",
        "trade_ports",
        "markets",
        "neutral_zones",
        "poleis",
        "project_types",
        "projects",
        "event_decks",
        "events",
        "setup",
        "actions",
    }
)
# records whose ids are side ids (their own names are the sides')
SIDE_KEYED = frozenset({"trade_ports", "setup"})

# fields holding ids (or lists of ids, or mappings whose values are ids) -> whose ids
REFERENCES: dict[str, str] = {
    "capital": "poleis",
    "home_region": "territories",
    "event_deck": "event_decks",
    "deck": "event_decks",
    "tie": "sides",
    "first_attacker": "sides",
    "side": "sides",
    "commercial": "sides",
    "coasts": "seas",
    "ports": "seas",
    "seas": "seas",
    "sea": "seas",
    "good": "goods",
    "offers": "goods",
    "accepts": "goods",
    "purchase_good": "goods",
    "purchase_currency": "goods",
    "substitute_good": "goods",
    "bribe_good": "goods",
    "feeding_good": "goods",
    "what": "goods",
    "polis": "poleis",
    "land_route_from": "poleis",
    "poleis": "poleis",
    "proxenos": "poleis",
    "territory": "territories",
    "project_types": "project_types",
    "type": "project_types",
    "project_pool": "projects",
    "formation": "formations",
    "maneuver": "maneuvers",
    "area": "areas",
    "market": "markets",
}
# a territory's neighbours are territories, a sea's are seas
NEIGHBOURS = {"territories": "territories", "seas": "seas"}

# mappings keyed by ids (or by keywords, or by cargo sizes) -> what their keys are
KEYED_MAPS: dict[str, str] = {
    "galleys": "seas",
    "hoplites": "areas",
    "poleis": "poleis",
    "goods": "goods",
    "cost": "goods",
    "unit_costs": "goods",
    "first_attacker": "keyword",
    "table": "cargo",
}
# mappings of goods to counts read as amounts ("3 Wood")
AMOUNTS = frozenset({"goods", "cost", "unit_costs"})

FIELD_LABELS = {
    "accepts": N_("goods accepted"),
    "actions_per_turn": N_("actions per turn"),
    "after_pass_surcharge": N_("surcharge after the other player passed"),
    "amount": N_("amount"),
    "area": N_("area"),
    "as_action": N_("takes an action"),
    "attacker_draw": N_("cards the attacker draws"),
    "barter_marker_move": N_("market marker after bartering"),
    "base_population": N_("base population"),
    "blocked_by_control": N_("blocked by enemy control"),
    "blocked_by_full_areas": N_("blocked by full areas"),
    "bonus": N_("bonus per disc"),
    "boxes": N_("boxes"),
    "bribe_good": N_("bribe paid in"),
    "bribe_includes_endpoints": N_("bribe counts the first and last areas"),
    "bribe_per_enemy_unit": N_("bribe per enemy unit"),
    "capital": N_("capital"),
    "capitals_immune": N_("capitals immune"),
    "captures_proxenos": N_("captures the proxenos"),
    "cards_per_assault": N_("cards per assault"),
    "cargo": N_("cargo"),
    "cargo_open": N_("largest open cargo"),
    "category": N_("category"),
    "chooser": N_("who chooses"),
    "coasts": N_("coasts"),
    "colour": N_("colour"),
    "combat_cards": N_("combat cards"),
    "commercial": N_("commercial polis of"),
    "condition": N_("condition"),
    "copies": N_("copies"),
    "cost": N_("cost"),
    "count": N_("count"),
    "covered": N_("covered at setup"),
    "cubes_per_side": N_("cubes per side"),
    "deck": N_("event deck"),
    "defender_draw": N_("defender's draw"),
    "defender_min_units": N_("fewest units the defender fights on with"),
    "deferred_after_pass": N_("battles wait after a pass"),
    "dice": N_("dice"),
    "die": N_("faces of the siege die"),
    "diolkos": N_("diolkos"),
    "discs_limited": N_("discs limited"),
    "discs_per_side": N_("discs per side"),
    "distinct_actions": N_("actions of a turn must differ"),
    "do": N_("effect"),
    "edition": N_("edition"),
    "effects": N_("effects"),
    "end_conditions": N_("battle ends when"),
    "end_prestige": N_("prestige at the end of the game"),
    "enemy_cost_per_population": N_("cost per enemy population"),
    "event_cards": N_("event cards"),
    "event_deck": N_("event deck"),
    "event_reader": N_("who reads the event"),
    "feeding_good": N_("good for feeding"),
    "first_attacker": N_("first attacker"),
    "first_player": N_("first player"),
    "formation": N_("formation"),
    "gain": N_("goods received"),
    "galleys": N_("galleys"),
    "good": N_("good"),
    "goods": N_("goods"),
    "goods_max": N_("highest goods value"),
    "half_population": N_("half the population, rounded"),
    "home_region": N_("home region"),
    "home_region_free": N_("free in the home region"),
    "hoplites": N_("hoplites"),
    "keep": N_("kept"),
    "keep_last_cube": N_("last population cube stays"),
    "label": N_("name"),
    "land": N_("land cards"),
    "land_route_from": N_("land route from"),
    "loser_hoplites": N_("hoplites lost on a failure"),
    "maneuver": N_("maneuver"),
    "market": N_("market"),
    "market_cover_removed_per_round": N_("covers removed per round"),
    "market_track": N_("on the market track"),
    "max_growth": N_("largest growth"),
    "max_population": N_("largest population"),
    "megalopolis_prestige": N_("prestige for a megalopolis"),
    "merchants": N_("merchants"),
    "merchants_per_side": N_("merchants per side"),
    "name": N_("name"),
    "naval": N_("naval cards"),
    "needs_commercial_polis": N_("needs a commercial polis"),
    "neighbours": N_("neighbours"),
    "neutral_cost_per_base_population": N_("cost per neutral base population"),
    "offers": N_("offers"),
    "once_per_territory_per_round": N_("once per territory and round"),
    "one_per_polis_per_round": N_("one per polis and round"),
    "options": N_("options"),
    "order": N_("order"),
    "owner_population_loss": N_("population an owned polis loses on a failure"),
    "paid_to_opponent": N_("paid to the opponent"),
    "parts": N_("score parts"),
    "perishable": N_("perishable"),
    "polis": N_("polis"),
    "polis_cards": N_("polis cards"),
    "poleis": N_("poleis"),
    "ports": N_("ports"),
    "prestige": N_("prestige"),
    "prestige_cost": N_("prestige cost"),
    "prestige_max": N_("highest prestige value"),
    "project_pool": N_("project tiles used"),
    "project_tiles": N_("project tiles"),
    "project_types": N_("project types"),
    "projects": N_("project tiles"),
    "proxenos": N_("proxenos"),
    "purchase_currency": N_("paid for with"),
    "purchase_good": N_("good that may be bought"),
    "purchase_marker_move": N_("market markers after buying"),
    "purchase_markers": N_("markers moved after buying"),
    "purchase_price": N_("price per unit"),
    "remove": N_("tiles removed"),
    "removed_when": N_("discs removed"),
    "repeat_after_pass": N_("actions may repeat after a pass"),
    "repeatable": N_("repeatable"),
    "retreat_opponent_gain": N_("prestige the opponent gains on a retreat"),
    "retreat_prestige_cost": N_("prestige a retreat costs"),
    "reveal": N_("tiles revealed"),
    "revolt_at_zero": N_("revolts at zero population"),
    "rounding": N_("rounding"),
    "rule": N_("rule"),
    "sea": N_("sea"),
    "seas": N_("seas"),
    "side": N_("side"),
    "siege_discs": N_("siege discs"),
    "size": N_("cards"),
    "skip_after_last_round": N_("skipped after the last round"),
    "slots": N_("cargo slots"),
    "special": N_("special"),
    "stacking_limit": N_("stacking limit"),
    "start_column": N_("starting column"),
    "steps": N_("steps"),
    "substitute_good": N_("substitute good"),
    "success_prestige": N_("prestige for a success"),
    "table": N_("market values"),
    "territory": N_("territory"),
    "threshold": N_("units that start a battle"),
    "tie": N_("on a tie"),
    "tie_breakers": N_("tie-breakers"),
    "tribute": N_("tribute"),
    "type": N_("project type"),
    "unit": N_("unit"),
    "unit_costs": N_("cost of a unit"),
    "units": N_("units"),
    "unnamed": N_("unidentified cards"),
    "value": N_("value"),
    "when": N_("when"),
    "yields": N_("yields"),
}

# the keywords the data uses as values
VALUE_LABELS = {
    "development": N_("development"),
    "military": N_("military"),
    "political": N_("political"),
    "single": N_("the one die"),
    "lowest": N_("the lowest"),
    "highest": N_("the highest"),
    "requested_good": N_("the marker of the good the slot asks for"),
    "every_accepted_good": N_("the markers of every good the slot accepts"),
    "two_minus_losses": N_("two cards minus the units just lost"),
    "refill_to_units": N_("back up to one card per unit"),
    "deck_short": N_("the deck runs short"),
    "retreat": N_("a retreat"),
    "defender_below_min": N_("the defender has too few units"),
    "forced_salpinx_unpaid": N_("an unpaid ambush card"),
    "none": N_("none"),
    "polis_besides_capital": N_("needs a polis besides the capital"),
    "projects": N_("projects"),
    "feeding": N_("feeding"),
    "growth": N_("growth"),
    "megalopolis": N_("megalopolis"),
    "storage": N_("storage"),
    "phoros": N_("phoros"),
    "preparation": N_("preparation"),
    "first_passer_first": N_("who passed first goes first"),
    "capital_unfed": N_("a capital left unfed"),
    "zero_prestige_at_round_end": N_("no prestige at the end of a round"),
    "prestige_debt": N_("prestige owed and not paid"),
    "population": N_("population"),
    "prestige": N_("prestige"),
    "project_end_prestige": N_("prestige of projects at the end"),
    "most_goods": N_("more goods left"),
    "shared_victory": N_("shared victory"),
    "success": N_("after a successful siege"),
    "no_besieging_hoplites": N_("when no besieging hoplites are left"),
    "other_side_besieges": N_("when the other side besieges the polis"),
    "round_end": N_("at the end of the round"),
    "fortification": N_("the fortification"),
    "half": N_("half"),
    "up": N_("up"),
    "down": N_("down"),
    "more_prestige": N_("more prestige"),
    "less_prestige": N_("less prestige"),
    "wildcard": N_("wild card"),
    "unanswerable": N_("cannot be answered"),
    "immediate": N_("at once"),
    "end_of_turn": N_("at the end of the turn"),
    "end_of_round": N_("at the end of the round"),
    "gain": N_("gain"),
    "lose": N_("lose"),
    "add_units": N_("add units"),
    "remove_units": N_("remove units"),
    "block_slot": N_("block a cargo slot"),
    "first_player": N_("first player"),
    "choose": N_("a choice"),
    "hoplite": N_("hoplite"),
    "galley": N_("galley"),
    "owner": N_("the owner"),
    "both": N_("both sides"),
    "land": N_("land"),
    "naval": N_("naval"),
    "unknown": N_("not known"),
    "edition": N_("edition"),
    "scenario": N_("scenario"),
    "variant": N_("variant"),
}
# values that are words in the data but names, not keywords, in these fields
TRANSLATED_TEXT = ("name", "label")


@dataclass(frozen=True, slots=True)
class ChangeWords:
    """One change as a reader sees it; `path` is the data path, a detail for authors."""

    topic: str
    what: str
    kind: str
    a: str
    b: str
    path: str


class DiffWords:
    """Says the changes between two rulesets in one language.

    `data_a` and `data_b` are the rulesets as plain data (polis.diff.plain), and
    `names_a`, `names_b` their names in the reader's language.
    """

    SEP = " › "

    def __init__(
        self,
        data_a: Mapping[str, Any],
        data_b: Mapping[str, Any],
        names_a: Names,
        names_b: Names,
        lang: str,
        ruleset_title: Callable[[str], str] = str,
    ) -> None:
        self.data = (data_a, data_b)
        self.names = (names_a, names_b)
        self.lang = lang
        self.tr: gettext.NullTranslations = names_b.tr
        self.ruleset_title = ruleset_title

    def _(self, message: str) -> str:
        return self.tr.gettext(message)

    # -- names of things --------------------------------------------------

    def _record(self, section: str, key: str, side: int) -> tuple[int, dict[str, Any]] | None:
        """The record `section.key` from `side`'s data, else from the other side's."""
        for s in (side, 1 - side):
            found = (self.data[s].get(section) or {}).get(key)
            if isinstance(found, dict):
                return s, found
        return None

    def name_of(self, kind: str, key: Any, side: int) -> str:
        """The name of the thing `key` is an id of (a good, a polis, a side...)."""
        if kind == "keyword":
            return self.keyword(key)
        if kind == "cargo":
            return self._("cargo {size}").format(size=key)
        sections = ("territories", "seas") if kind == "areas" else (kind,)
        for section in sections:
            found = self._record(section, str(key), side)
            if found is not None:
                s, record = found
                english = record.get("name")
                if isinstance(english, str):
                    return self.names[s].data(f"{section}.{key}.name", english)
        return self.keyword(key) if isinstance(key, str) else str(key)

    def keyword(self, value: str) -> str:
        label = VALUE_LABELS.get(value)
        return self._(label) if label else value

    def topic(self, topic: str) -> str:
        label = TOPICS.get(topic)
        return self._(label) if label else topic

    def field(self, name: str) -> str:
        label = FIELD_LABELS.get(name)
        return self._(label) if label else name

    # -- values -----------------------------------------------------------

    def value(self, value: Any, field: str, side: int, where: str = "") -> str:
        """A value of `field` as words; `where` is its data path, for names in the catalogs."""
        _ = self._
        if value is None:
            return _("none")
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, int | float):
            return number(value, self.lang)
        if isinstance(value, str):
            return self._text(value, field, side, where)
        if isinstance(value, list):
            if not value:
                return _("none")
            return items([self.value(v, field, side) for v in value], self.lang)
        if isinstance(value, dict):
            return self._mapping(value, field, side, where)
        return str(value)

    def _text(self, value: str, field: str, side: int, where: str) -> str:
        if field in TRANSLATED_TEXT and where:
            return self.names[side].data(where, value)
        if field == "edition":
            return self.ruleset_title(value)
        if field == "what" and value == "prestige":
            return self._("prestige")
        if field in REFERENCES:
            return self.name_of(REFERENCES[field], value, side)
        return self.keyword(value)

    def _mapping(self, value: dict[str, Any], field: str, side: int, where: str) -> str:
        for own_name in TRANSLATED_TEXT:  # a record is called by its name
            if isinstance(value.get(own_name), str) and where:
                return self.names[side].data(f"{where}.{own_name}", value[own_name])
        if field in KEYED_MAPS:
            kind = KEYED_MAPS[field]
            if field in AMOUNTS:
                parts = [
                    self.tr.pgettext("quantity", "{n} {good}").format(
                        n=number(n, self.lang), good=self.name_of("goods", k, side)
                    )
                    for k, n in value.items()
                ]
            else:
                parts = [
                    f"{self.name_of(kind, k, side)}: {self.value(v, field, side)}"
                    for k, v in value.items()
                ]
            return items(parts, self.lang)
        return "; ".join(
            f"{self.field(k)}: {self.value(v, k, side, f'{where}.{k}' if where else '')}"
            for k, v in value.items()
        )

    # -- a whole change -----------------------------------------------------

    def _place(self, change: Change) -> tuple[list[str], str, str, str]:
        """(names along the way, the last field, catalog path on side a, on side b)."""
        section = change.topic
        steps: list[Step] = list(change.steps)
        words: list[str] = []
        paths = [section, section]
        field = section
        container = section
        side = 1 if change.kind == "added" else 0
        if section in ID_SECTIONS and steps and steps[0][0] == "field":
            key = steps.pop(0)[1]
            kind = "sides" if section in SIDE_KEYED else section
            if section == "actions":
                record = self._record("actions", key, side)
                english = record[1].get("name") if record else None
                words.append(self.names[side].action(key, str(english or key)))
            else:
                words.append(self.name_of(kind, key, side))
            paths = [f"{p}.{key}" for p in paths]
            field = container = key
        for step in steps:
            if step[0] == "index":
                n = step[1]
                if section == "rounds" and len(words) == 0:
                    words.append(self._("Round {number}").format(number=n))
                    ids = [self._round_id(s, n) for s in (0, 1)]
                    paths = [f"rounds.{ids[s] or n - 1}" for s in (0, 1)]
                else:
                    words.append(self._("no. {number}").format(number=n))
                    paths = [f"{p}.{n - 1}" for p in paths]
                continue
            if step[0] == "key":
                names, values = step[1], step[2]
                named = [self._key_name(k, v, side) for k, v in zip(names, values, strict=True)]
                words.append(" / ".join(named))
                paths = [f"{p}.{'/'.join(map(str, values))}" for p in paths]
                continue
            key = step[1]
            if container in KEYED_MAPS and field == container:
                words.append(self.name_of(KEYED_MAPS[container], key, side))
                field = container  # the value is still one of the mapping's
            else:
                field = container = str(key)
                if field not in TRANSLATED_TEXT:
                    words.append(self.field(field))
            paths = [f"{p}.{key}" for p in paths]
        return words, field, paths[0], paths[1]

    def _round_id(self, side: int, n: int) -> str | None:
        rounds = self.data[side].get("rounds") or []
        return rounds[n - 1].get("id") if 0 < n <= len(rounds) else None

    def _key_name(self, key_field: str, value: Any, side: int) -> str:
        if key_field == "cargo":
            return self._("cargo {size}").format(size=value)
        if key_field in REFERENCES:
            return self.name_of(REFERENCES[key_field], value, side)
        return self.keyword(str(value))

    def change(self, change: Change) -> ChangeWords:
        words, field, where_a, where_b = self._place(change)
        if change.kind == "changed" and field in TRANSLATED_TEXT:
            # a renamed thing: its old and new names are the values, so it is not named twice
            if change.topic in ID_SECTIONS and len(change.steps) == 2:
                words = []
            words.append(self.field(field))
        a = "" if change.kind == "added" else self.value(change.a, field, 0, where_a)
        b = "" if change.kind == "removed" else self.value(change.b, field, 1, where_b)
        what = self.SEP.join(w for w in words if w)
        return ChangeWords(self.topic(change.topic), what, change.kind, a, b, change.path)

    def changes(self, report: DiffReport) -> tuple[list[ChangeWords], int]:
        """Every change in words, and how many read the same in this language (left out).

        Two English names that differ ("Move Proxenos", "Move the Proxenos") may be one
        word in another language; such a change is no difference for this reader.
        """
        said = [self.change(c) for c in report.changes]
        shown = [w for w in said if not (w.kind == "changed" and w.a == w.b)]
        return shown, len(said) - len(shown)


SYMBOLS = {"added": "+", "removed": "-", "changed": "~"}


def change_line(words: ChangeWords, with_path: bool = False) -> str:
    """One change as a line of text: `~ what: a → b`, `+ what: b`, `- what`."""
    if words.kind == "changed":
        text = f"{words.what}: {words.a} → {words.b}" if words.what else f"{words.a} → {words.b}"
    else:
        value = words.b if words.kind == "added" else words.a
        last = words.what.rsplit(DiffWords.SEP, 1)[-1]
        text = f"{words.what}: {value}" if value and value != last else words.what or value
    line = f"{SYMBOLS[words.kind]} {text}"
    return f"{line}   [{words.path}]" if with_path else line


def render_text(
    report: DiffReport,
    words: DiffWords,
    headlines: Mapping[str, tuple[str, str]],
    titles: tuple[str, str],
    with_paths: bool = False,
) -> str:
    """The comparison as text in the reader's language.

    `headlines` gives each differing headline's two values, `titles` the two rulesets'
    titles; with `with_paths` each change ends with its data path (for authors).
    """
    from polis.reference.headlines import LABELS

    _ = words._
    said, unchanged = words.changes(report)
    lines = [
        f"{titles[0]} → {titles[1]}",
        words.tr.ngettext(
            "{count} headline difference", "{count} headline differences", len(report.headlines)
        ).format(count=len(report.headlines))
        + "; "
        + words.tr.ngettext(
            "{count} change in the records", "{count} changes in the records", len(said)
        ).format(count=len(said)),
    ]
    if unchanged:
        lines.append(
            words.tr.ngettext(
                "{count} more differs only in its English name.",
                "{count} more differ only in their English names.",
                unchanged,
            ).format(count=unchanged)
        )
    lines += ["", _("Headline")]
    for h in report.headlines:
        a, b = headlines[h.key]
        lines.append(f"  {_(LABELS[h.key])}: {a} → {b}")
    topic = None
    for w in said:
        if w.topic != topic:
            topic = w.topic
            lines += ["", topic]
        lines.append("  " + change_line(w, with_paths))
    return "\n".join(lines) + "\n"
