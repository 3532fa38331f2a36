"""Does a result hinge on an estimated value? Rerun with the estimates moved by one.

The values tried are the estimated whole numbers of the ruleset (records
marked `estimate`, or the `estimates:` parts of sourced records) that match a
group of `rules_data/balance/settings.yaml`, in the order the groups are
listed there (what a side starts with, project prestige, polis size, project
costs: the values that act on the score most directly), at most `max_groups`
groups. Each group is tried twice, every matched value down by one and then up
by one, as an overlay that extends the ruleset (validated like any overlay; a
change the rules checks refuse skips that run and says why). A positive value
is never brought to 0: that would remove a thing, not nudge a number.

Each changed ruleset plays the same seeds as the record it is compared with,
so the comparison is paired: the exact McNemar test on the games whose winner
changed, Benjamini–Hochberg over the runs of the ruleset. Cost: 2 × groups ×
`games` games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any

import yaml

from polis.balance.runner import Progress, Stop, run_games
from polis.balance.sample import Sample
from polis.balance.settings import SensitivitySettings
from polis.compiler import compile_loaded
from polis.compiler.provenance import provenance_report
from polis.executor import Executor
from polis.rules.issues import RulesError
from polis.rules.loader import load_overlay_text
from polis.rules.models import Ruleset
from polis.rules.provenance import Record
from polis.stats import ALPHA, adjust, mcnemar


@dataclass(frozen=True, slots=True)
class Leaf:
    """One estimated whole number: `record.field` or `record.field.key`."""

    record: str  # e.g. "setup.athens"
    field: str
    key: str | None
    value: int

    @property
    def path(self) -> str:
        return f"{self.record}.{self.field}" + (f".{self.key}" if self.key else "")


def _numbers(record: Record, field: str, keys: list[str] | None) -> list[tuple[str | None, int]]:
    value = getattr(record, field, None)
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [(None, value)]
    if isinstance(value, dict):
        return [
            (k, v)
            for k, v in value.items()
            if isinstance(v, int) and not isinstance(v, bool) and (keys is None or k in keys)
        ]
    return []


def estimated_leaves(rs: Ruleset) -> list[Leaf]:
    """Every estimated whole number of a ruleset that an overlay can change."""
    leaves: list[Leaf] = []
    for fact in provenance_report(rs).facts:
        path, record = fact.path, fact.record
        if record is None or "[" in path or path.count(".") != 1:
            continue  # list items cannot be overridden one by one
        if record.src.is_estimate:
            fields: list[tuple[str, list[str] | None]] = [
                (name, None)
                for name in type(record).model_fields
                if name not in ("src", "estimates")
            ]
        else:
            fields = [(e.field, e.items) for e in record.estimates if "." not in e.field]
        for field, keys in fields:
            leaves += [Leaf(path, field, k, v) for k, v in _numbers(record, field, keys)]
    return leaves


def group_leaves(rs: Ruleset, settings: SensitivitySettings) -> list[tuple[str, list[Leaf]]]:
    """(group id, its leaves) for the first `max_groups` groups that match anything."""
    leaves = estimated_leaves(rs)
    out: list[tuple[str, list[Leaf]]] = []
    for group in settings.groups:
        matched = [
            leaf
            for leaf in leaves
            if any(fnmatchcase(f"{leaf.record}.{leaf.field}", pat) for pat in group.fields)
        ]
        if matched:
            out.append((group.id, matched))
        if len(out) >= settings.max_groups:
            break
    return out


def moved(leaves: list[Leaf], step: int) -> list[tuple[Leaf, int]]:
    """The leaves that can move by `step`, with their new values."""
    out = []
    for leaf in leaves:
        new = leaf.value + step
        if new < 0 or (new == 0 and leaf.value > 0):
            continue
        out.append((leaf, new))
    return out


def overlay_text(rs: Ruleset, group: str, step: int, changes: list[tuple[Leaf, int]]) -> str:
    """An overlay of `rs` with the changed values (and any discrepancy that names one)."""
    base = rs.id
    override: dict[str, Any] = {}
    for leaf, new in changes:
        for did, disc in rs.discrepancies.items():
            if disc.path == leaf.path:  # the record of a disagreement follows the value used
                override.setdefault("discrepancies", {})[did] = {"used": new}
        section, _, record = leaf.record.partition(".")
        fields = override.setdefault(section, {}).setdefault(record, {})
        if leaf.key is None:
            fields[leaf.field] = new
        else:
            fields.setdefault(leaf.field, {})[leaf.key] = new
    direction = "plus" if step > 0 else "minus"
    doc = {
        "id": f"{base}-{group.replace('_', '-')}-{direction}",
        "title": f"{base}: {group} {step:+d}",
        "kind": "variant",
        "description": f"sensitivity run: estimated {group} values of {base} moved by {step:+d}",
        "src": {"estimate": "balance lab sensitivity run"},
        "extends": base,
        "override": override,
    }
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def _won(indices: Iterable[int], winners: Iterable[str], side: str) -> dict[int, bool]:
    """Game index -> did `side` win, for the games that ended without an error."""
    return {i: w == side for i, w in zip(indices, winners, strict=True) if w != "error"}


def run_sensitivity(
    rs: Ruleset,
    base: Sample,
    settings: SensitivitySettings,
    *,
    seed: int,
    bot: str,
    level: str | None,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Progress | None = None,
    stop: Stop | None = None,
) -> dict[str, Any]:
    """The sensitivity section of a record (RecordDoc.sensitivity), paired with `base`'s games."""
    side = next(iter(rs.sides))  # the first side (Athens): its win rate is the one tested
    games = min(settings.games, base.games)
    base_won = _won(base.index, base.winner, side)
    variants: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    plan = [(g, leaves, step) for g, leaves in group_leaves(rs, settings) for step in (-1, 1)]
    for n, (group, leaves, step) in enumerate(plan):
        changes = moved(leaves, step)
        entry: dict[str, Any] = {
            "group": group,
            "step": step,
            "changed": [
                {"path": leaf.path, "from": leaf.value, "to": new} for leaf, new in changes
            ],
        }
        if not changes:
            skipped.append({**entry, "reason": "no_change"})
            continue
        try:
            loaded = load_overlay_text(overlay_text(rs, group, step, changes), display=group)
        except RulesError as exc:
            detail = "; ".join(i.message for i in exc.issues[:3])
            skipped.append({**entry, "reason": "invalid", "detail": detail})
            continue
        cfg = compile_loaded(loaded).config

        def report(done: int, total: int, n: int = n) -> None:
            if progress:
                progress(n * games + done, len(plan) * games)

        run = run_games(
            cfg,
            games,
            seed,
            bot,
            level,
            workers=workers,
            executor=executor,
            progress=report,
            stop=stop,
        )
        if run.interrupted:
            skipped.append({**entry, "reason": "interrupted"})
            break
        won = _won((f.index for f in run.facts), (f.winner for f in run.facts), side)
        paired = sorted(set(won) & set(base_won))
        before = [base_won[i] for i in paired]
        after = [won[i] for i in paired]
        test = mcnemar(before, after)
        variants.append(
            {
                **entry,
                "games": len(paired),
                "side": side,
                "rate_before": round(sum(before) / len(paired), 4) if paired else 0.0,
                "rate_after": round(sum(after) / len(paired), 4) if paired else 0.0,
                "test": test.test,
                "p": test.p,
            }
        )
    for variant, q in zip(variants, adjust([v["p"] for v in variants]), strict=True):
        variant["p_adjusted"] = q
        variant["moves_beyond_chance"] = q < ALPHA
    return {"games": games, "variants": variants, "skipped": skipped}
