"""How much of a ruleset is sourced, per category, and which facts are estimates."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from polis.rules.models import Ruleset
from polis.rules.provenance import Record

# Categories in the order the app and the CLI show them; each maps to sections.
CATEGORIES: dict[str, tuple[str, ...]] = {
    "rules": (
        "sides",
        "components",
        "goods",
        "storage",
        "player_board",
        "rounds",
        "turn",
        "actions",
        "battle",
        "phoros",
        "end_of_round",
        "loss_conditions",
        "scoring",
    ),
    "board": ("territories", "seas", "diolkos", "trade_ports", "neutral_zones", "tribute_yields"),
    "markets": ("markets", "market_values"),
    "poleis": ("poleis",),
    "projects": ("project_types", "projects"),
    "combat": ("formations", "maneuvers", "combat_deck"),
    "events": ("event_decks", "events"),
    "setup": ("setup",),
}

Status = Literal["sourced", "partly estimated", "estimated"]


@dataclass(frozen=True, slots=True)
class FactProvenance:
    path: str
    category: str
    status: Status
    source: str  # short description of the source
    estimates: tuple[str, ...]  # "field: reason" for partial estimates
    # the record's path as the catalogs name it (list items by id, else by index from 0),
    # so its estimate reasons can be read in the reader's language
    key: str = ""
    record: Record | None = None


@dataclass(frozen=True, slots=True)
class CategoryCount:
    category: str
    sourced: int
    partly_estimated: int
    estimated: int

    @property
    def total(self) -> int:
        return self.sourced + self.partly_estimated + self.estimated

    @property
    def sourced_share(self) -> float:
        """Fully sourced records count 1, partly estimated ones 1/2."""
        return (self.sourced + 0.5 * self.partly_estimated) / self.total if self.total else 1.0


@dataclass(frozen=True, slots=True)
class ProvenanceReport:
    ruleset: str
    categories: tuple[CategoryCount, ...]
    facts: tuple[FactProvenance, ...]

    @property
    def sourced_share(self) -> float:
        total = sum(c.total for c in self.categories)
        weight = sum(c.sourced + 0.5 * c.partly_estimated for c in self.categories)
        return weight / total if total else 1.0

    def summary(self) -> dict[str, Any]:
        return {
            "sourced_share": round(self.sourced_share, 3),
            "records": sum(c.total for c in self.categories),
            "by_category": {
                c.category: {
                    "sourced": c.sourced,
                    "partly_estimated": c.partly_estimated,
                    "estimated": c.estimated,
                    "sourced_share": round(c.sourced_share, 3),
                }
                for c in self.categories
            },
        }


def _records(node: Any, path: str, key: str) -> Iterator[tuple[str, str, Record]]:
    """(path, catalog key, record) for every record below `node`."""
    if isinstance(node, Record):
        yield path, key, node
        return
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _records(
                getattr(node, name), f"{path}.{name}" if path else name, f"{key}.{name}"
            )
    elif isinstance(node, dict):
        for k, value in node.items():
            yield from _records(value, f"{path}.{k}", f"{key}.{k}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            label = getattr(value, "id", i)
            yield from _records(value, f"{path}[{i}]", f"{key}.{label}")


def _describe(record: Record) -> str:
    src = record.src
    if src.estimate is not None:
        return f"estimate: {src.estimate}"
    if src.book is not None:
        return f"{', '.join(src.books())}: {src.section}"
    if src.page is not None:
        return f"page {src.page}"
    if src.printed is not None:
        return f"printed component: {src.printed}"
    return src.url or ""


def provenance_report(rs: Ruleset) -> ProvenanceReport:
    facts: list[FactProvenance] = []
    counts: list[CategoryCount] = []
    for category, sections in CATEGORIES.items():
        tally = {"sourced": 0, "partly estimated": 0, "estimated": 0}
        for section in sections:
            for path, key, record in _records(getattr(rs, section), section, section):
                tally[record.provenance] += 1
                facts.append(
                    FactProvenance(
                        path=path,
                        category=category,
                        status=record.provenance,
                        source=_describe(record),
                        estimates=tuple(
                            f"{e.field}{' ' + ', '.join(e.items) if e.items else ''}: {e.reason}"
                            for e in record.estimates
                        ),
                        key=key,
                        record=record,
                    )
                )
        counts.append(
            CategoryCount(category, tally["sourced"], tally["partly estimated"], tally["estimated"])
        )
    return ProvenanceReport(rs.id, tuple(counts), tuple(facts))
