"""Every difference between two rulesets: headline parameters and record changes.

Records are compared as plain data with their provenance stripped (where a fact
comes from is not a rule difference). Lists of records are matched by id, or by
their natural key (a combat card by formation and maneuver, a tribute row by
good, a market slot by cargo); rounds are matched by position, because each
edition names its rounds differently, and the internal ids of rounds matched that
way are not a difference (their labels are). Lists of plain values whose order
means nothing (a polis's project types, a territory's neighbours) compare as
sets, so a reordering is no change. polis.diff_words says each change in words.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from polis.compiler.config import EngineConfig
from polis.i18n import N_
from polis.i18n.names import Names
from polis.reference.headlines import headline_values
from polis.rules.models import Ruleset

IGNORED_KEYS = frozenset({"src", "estimates"})
# the layout is how the board is drawn, not a rule: two rulesets drawn apart play alike
IGNORED_SECTIONS = frozenset(
    {"id", "title", "kind", "description", "src", "extends", "discrepancies", "decisions", "layout"}
)
# Natural keys for lists of records without ids.
LIST_KEYS: tuple[tuple[str, ...], ...] = (("formation", "maneuver"), ("good",), ("cargo",))
POSITIONAL_LISTS = frozenset({"rounds"})
# lists of plain values that are sets; every other list (tie-breakers, yields) is ordered
UNORDERED_LISTS = frozenset(
    {
        "neighbours",
        "coasts",
        "ports",
        "poleis",
        "accepts",
        "project_types",
        "removed_when",
        "end_conditions",
        "parts",
        "seas",
        "project_pool",
        "units",
    }
)

Kind = Literal["added", "removed", "changed"]

# the sections of a ruleset, which are the topics a change is grouped under
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


# One step of a change's place in the data: ("field", name) for a key of a mapping,
# ("key", (field names), (values)) for a list item matched by its key, ("index", n) for a
# list item matched by position (n counts from 1).
Step = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Change:
    topic: str
    path: str
    kind: Kind
    a: Any = None
    b: Any = None
    steps: tuple[Step, ...] = field(default=(), compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"topic": self.topic, "path": self.path, "kind": self.kind, "a": self.a, "b": self.b}


@dataclass(frozen=True, slots=True)
class Headline:
    key: str
    a: str  # the values in English, as polis.reference.headlines writes them
    b: str


@dataclass
class DiffReport:
    a: str
    b: str
    headlines: list[Headline] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)

    def topics(self) -> dict[str, list[Change]]:
        grouped: dict[str, list[Change]] = {}
        for change in self.changes:
            grouped.setdefault(change.topic, []).append(change)
        return grouped

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "headlines": [asdict(h) for h in self.headlines],
            "topics": {t: [c.to_json() for c in cs] for t, cs in self.topics().items()},
            "counts": {"headlines": len(self.headlines), "changes": len(self.changes)},
        }


def plain(model: Ruleset) -> dict[str, Any]:
    """A ruleset as the plain data the comparison reads: provenance left out."""
    data: dict[str, Any] = _strip(model.model_dump(mode="json"))
    return data


def _strip(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _strip(v) for k, v in data.items() if k not in IGNORED_KEYS}
    if isinstance(data, list):
        return [_strip(v) for v in data]
    return data


def _key_of(item: Any, keys: tuple[str, ...]) -> tuple[Any, ...] | None:
    if isinstance(item, dict) and all(k in item for k in keys):
        return tuple(item[k] for k in keys)
    return None


def _list_key(items_a: list[Any], items_b: list[Any]) -> tuple[str, ...] | None:
    items = items_a + items_b
    if not items or not all(isinstance(x, dict) for x in items):
        return None
    for keys in (("id",), *LIST_KEYS):
        if all(_key_of(x, keys) is not None for x in items):
            return keys
    return None


def _label(keys: tuple[Any, ...]) -> str:
    return "/".join(str(k) for k in keys)


Label = Callable[[Any], tuple[str, Step]]


def _as_maps(path: str, a: Any, b: Any) -> tuple[dict[Any, Any], dict[Any, Any], Label] | None:
    """Both sides as maps from a matching key to the item, with a path label per key."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a, b, lambda k: (f"{path}.{k}" if path else str(k), ("field", k))
    if not (isinstance(a, list) and isinstance(b, list)):
        return None
    keys = None if path in POSITIONAL_LISTS else _list_key(a, b)
    if keys is not None:
        return (
            {_key_of(x, keys): x for x in a},
            {_key_of(x, keys): x for x in b},
            lambda k: (f"{path}[{_label(k or ())}]", ("key", keys, k)),
        )
    if all(isinstance(x, dict) for x in a + b):
        return (
            dict(enumerate(a)),
            dict(enumerate(b)),
            lambda i: (f"{path}[{i + 1}]", ("index", i + 1)),
        )
    return None  # lists of plain values compare as whole values


def _same_set(a: Any, b: Any) -> bool:
    return sorted(map(repr, a)) == sorted(map(repr, b))


class _Differ:
    def __init__(self) -> None:
        self.changes: list[Change] = []

    def walk(self, topic: str, path: str, a: Any, b: Any, steps: tuple[Step, ...]) -> None:
        if a == b:
            return
        last = steps[-1] if steps else ("field", topic)
        unordered = last[0] == "field" and last[1] in UNORDERED_LISTS
        if unordered and isinstance(a, list) and isinstance(b, list) and _same_set(a, b):
            return
        maps = _as_maps(path, a, b)
        if maps is None:
            self.changes.append(Change(topic, path, "changed", a=a, b=b, steps=steps))
            return
        map_a, map_b, label = maps
        for key in [*map_a, *[k for k in map_b if k not in map_a]]:
            sub, step = label(key)
            where = (*steps, step)
            if key not in map_b:
                self.changes.append(Change(topic, sub, "removed", a=map_a[key], steps=where))
            elif key not in map_a:
                self.changes.append(Change(topic, sub, "added", b=map_b[key], steps=where))
            elif step[0] == "index" and isinstance(map_a[key], dict):
                # matched by position: an internal id is a name for the place, not a rule
                item_a = {k: v for k, v in map_a[key].items() if k != "id"}
                item_b = {k: v for k, v in map_b[key].items() if k != "id"}
                self.walk(topic, sub, item_a, item_b, where)
            else:
                self.walk(topic, sub, map_a[key], map_b[key], where)


def diff_rulesets(a: Ruleset, b: Ruleset, ca: EngineConfig, cb: EngineConfig) -> DiffReport:
    report = DiffReport(a.id, b.id)
    # the headline values in English decide what differs; readers get them in their language
    english = gettext.NullTranslations()
    va = headline_values(ca, Names(ca, english), "en")
    vb = headline_values(cb, Names(cb, english), "en")
    report.headlines = [Headline(key, va[key], vb[key]) for key in va if va[key] != vb[key]]
    da, db = plain(a), plain(b)
    differ = _Differ()
    for section in [*da, *[k for k in db if k not in da]]:
        if section in IGNORED_SECTIONS:
            continue
        differ.walk(section, section, da.get(section), db.get(section), ())
    report.changes = differ.changes
    return report
