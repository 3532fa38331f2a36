"""Every difference between two rulesets in the reader's words and names.

polis.diff finds each change as a place in the data (`setup.sparta.galleys.myrtoon:
1 → 2`). This module says it the way a player reads it: each step of the place
becomes the name of the thing it is (a good, a polis, a round, a sea) or a label
for the property, and each value becomes words: names for ids, yes or no for
switches, labels for the data's keywords, numbers and lists formatted for the
language. German readers get "Sparta › Galeeren › Myrtoon: 1 → 2". The data path
stays available as a detail for authors.

Which fields hold ids of what is said here; the labels of fields and keywords are in
polis.i18n.vocabulary, and a test walks the rules model to find any without one.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from polis.diff import TOPICS, Change, DiffReport, Step
from polis.i18n.formats import items, number
from polis.i18n.names import Names
from polis.i18n.vocabulary import field_label, keyword_label

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
        return keyword_label(self.tr, value)

    def topic(self, topic: str) -> str:
        label = TOPICS.get(topic)
        return self._(label) if label else topic

    def field(self, name: str) -> str:
        return field_label(self.tr, name)

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
            return self.keyword(value)
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

    def record(self, key: str) -> str:
        """A record named by its catalog path (`rounds.alpha`, `goods.metal`), as words."""
        section, *rest = key.split(".")
        words = [self.topic(section)]
        if rest and section == "actions":
            record = self._record("actions", rest[0], 0)
            english = record[1].get("name") if record else None
            words.append(self.names[0].action(rest[0], str(english or rest[0])))
        elif rest and section in ID_SECTIONS:
            kind = "sides" if section in SIDE_KEYED else section
            words.append(self.name_of(kind, rest[0], 0))
        elif rest:
            words += self._list_item(section, rest)
        return self.SEP.join(words)

    def _list_item(self, section: str, rest: list[str]) -> list[str]:
        """Names for an item of a list (by id or index) and the fields that lead to it."""
        node: Any = self.data[0].get(section)
        words: list[str] = []
        field = section
        for step in rest:
            if isinstance(node, dict):
                node = node.get(step)
                field = step
                words.append(self.field(step))
                continue
            if not isinstance(node, list):
                break
            item = next((x for x in node if isinstance(x, dict) and x.get("id") == step), None)
            if item is None and step.isdigit() and int(step) < len(node):
                item = node[int(step)]
            words.append(self._item_name(item, field, step))
            node = item
        return words

    def _item_name(self, item: Any, field: str, step: str) -> str:
        if isinstance(item, dict):
            if isinstance(item.get("label"), str):
                return self.names[0].data(f"{field}.{step}.label", item["label"])
            if "formation" in item and "maneuver" in item:
                names = [self.name_of(k + "s", item[k], 0) for k in ("formation", "maneuver")]
                return " / ".join(names)
            if isinstance(item.get("id"), str):
                return self.keyword(item["id"])
        return self._("no. {number}").format(number=int(step) + 1 if step.isdigit() else step)

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
    if report.headlines:
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
