"""One-line facts about each shipped ruleset, shared by `polis list` and the app.

Each ruleset's row is remembered by its files and the code (polis.checked), so
a list of unchanged rulesets needs neither the loader nor the rules models.
"""

from __future__ import annotations

from typing import Any

from polis import checked
from polis.rules.registry import discover


def _summary(rid: str) -> dict[str, Any]:
    from polis.compiler.provenance import provenance_report
    from polis.rules.loader import load_ruleset

    model = load_ruleset(rid).model
    return {
        "id": model.id,
        "title": model.title,
        "kind": model.kind,
        "edition": model.edition,
        "extends": model.extends,
        "rounds": len(model.rounds),
        "provenance": provenance_report(model).summary(),
    }


def ruleset_summaries() -> list[dict[str, Any]]:
    rows = []
    for rid in discover():
        row = checked.recall("summaries", rid)
        if not isinstance(row, dict):
            row = _summary(rid)
            checked.remember("summaries", rid, row)
        rows.append(row)
    return rows
