"""One-line facts about each shipped ruleset, shared by `polis list` and the app."""

from __future__ import annotations

from typing import Any

from polis.compiler.provenance import provenance_report
from polis.rules.loader import load_ruleset
from polis.rules.registry import discover


def ruleset_summaries() -> list[dict[str, Any]]:
    rows = []
    for rid in discover():
        model = load_ruleset(rid).model
        rows.append(
            {
                "id": model.id,
                "title": model.title,
                "kind": model.kind,
                "edition": model.edition,
                "extends": model.extends,
                "rounds": len(model.rounds),
                "provenance": provenance_report(model).summary(),
            }
        )
    return rows
