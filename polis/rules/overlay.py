"""Apply an overlay (variant, scenario or house rule) to the ruleset it extends.

Semantics, chosen so that a typo can never silently add a rule:
- `override:` deep-merges mappings; every key it names must already exist in the
  base. Lists and plain values are replaced; a mapping tagged `!replace` is
  swapped wholesale instead of merged.
- `add:` inserts new records into an id-keyed map (`add: {projects: {new_id: ...}}`);
  the map must exist and the ids must be new. A dotted section reaches a map
  inside another (`add: {layout.territories: {new_id: ...}}` places a new area).
- `remove:` drops records by dotted path (`events.egypt_rebels`); they must exist.

A record the overlay changes without giving its own `src` takes the overlay's: the
base's book does not vouch for a value the overlay wrote, so a house rule's new
setup counts as the house rule's (an estimate), not as sourced from the books.
"""

from __future__ import annotations

import copy
import difflib
from typing import Any

from polis.rules.issues import Issue, Location, YamlPath, dotted
from polis.rules.models import Ruleset
from polis.rules.schema_paths import fields_at
from polis.rules.yaml_loader import Document, Replace

HEADER_KEYS = ("id", "title", "kind", "description", "src", "extends")
WHOLE_VALUES = frozenset({"src"})  # mappings an override replaces instead of merging


def _suggest(key: object, options: list[Any]) -> str:
    close = difflib.get_close_matches(str(key), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


class _Merger:
    def __init__(self, base: Document, overlay: Document, base_id: str) -> None:
        self.result = Document(
            data=copy.deepcopy(base.data), keys=dict(base.keys), values=dict(base.values)
        )
        self.overlay = overlay
        self.base_id = base_id
        self.issues: list[Issue] = []

    # -- positions -------------------------------------------------------

    def _drop_positions(self, path: YamlPath) -> None:
        n = len(path)
        for table in (self.result.keys, self.result.values):
            for key in [k for k in table if k[:n] == path and len(k) > n]:
                del table[key]

    def _copy_positions(self, src_prefix: YamlPath, dst_prefix: YamlPath) -> None:
        n = len(src_prefix)
        for src_table, dst_table in (
            (self.overlay.keys, self.result.keys),
            (self.overlay.values, self.result.values),
        ):
            for key, loc in src_table.items():
                if key[:n] == src_prefix:
                    dst_table[dst_prefix + key[n:]] = loc

    def _where(self, overlay_path: YamlPath) -> Location | None:
        return self.overlay.keys.get(overlay_path) or self.overlay.locate(overlay_path)

    def _fail(self, overlay_path: YamlPath, field: YamlPath, message: str) -> None:
        self.issues.append(Issue(self._where(overlay_path), dotted(field), message))

    # -- sections --------------------------------------------------------

    def override(self, target: Any, patch: Any, path: YamlPath) -> None:
        if not isinstance(patch, dict):
            self._fail(("override", *path), path, "override must be a mapping of keys to change")
            return
        if not isinstance(target, dict):
            self._fail(
                ("override", *path), path, "this value is not a mapping; replace it whole instead"
            )
            return
        declared = fields_at(Ruleset, path)
        # a record (not the ruleset itself) changed here without a source of its own
        if path and "src" in target and "src" not in patch and patch:
            self._own_source(target, path)
        for key, value in patch.items():
            sub = (*path, key)
            if key not in target and key in declared:
                target[key] = None  # an optional field the base leaves at its default
            if key not in target:
                self._fail(
                    ("override", *sub),
                    sub,
                    f"there is no '{key}' in {self.base_id} to override"
                    f"{_suggest(key, [*target, *declared])}; use 'add:' for new records",
                )
                continue
            # a source is one reference, never a mix of the old and the new one
            mergeable = key not in WHOLE_VALUES and not isinstance(value, Replace)
            if mergeable and isinstance(value, dict) and isinstance(target[key], dict):
                self.override(target[key], value, sub)
                continue
            target[key] = dict(value) if isinstance(value, Replace) else copy.deepcopy(value)
            self._drop_positions(sub)
            self._copy_positions(("override", *sub), sub)

    def _own_source(self, record: dict[str, Any], path: YamlPath) -> None:
        header = self.overlay.data.get("src")
        if isinstance(header, dict):
            record["src"] = copy.deepcopy(header)
            self._drop_positions((*path, "src"))
            self._copy_positions(("src",), (*path, "src"))

    def add(self, patch: Any) -> None:
        if not isinstance(patch, dict):
            self._fail(("add",), ("add",), "add must map a section to new records")
            return
        data = self.result.data
        for section, records in patch.items():
            # a dotted section names a map inside another: `layout.territories`
            parts = tuple(str(section).split("."))
            target: Any = data
            for part in parts:
                target = target.get(part) if isinstance(target, dict) else None
            if not isinstance(target, dict):
                self._fail(
                    ("add", section),
                    parts,
                    f"{self.base_id} has no id-keyed section '{section}' to add to"
                    f"{_suggest(section, [k for k, v in data.items() if isinstance(v, dict)])}",
                )
                continue
            if not isinstance(records, dict):
                self._fail(("add", section), parts, "list the new records as id: record")
                continue
            for rid, record in records.items():
                if rid in target:
                    self._fail(
                        ("add", section, rid),
                        (*parts, rid),
                        f"'{rid}' already exists in {self.base_id}; use 'override:' to change it",
                    )
                    continue
                target[rid] = copy.deepcopy(record)
                self._copy_positions(("add", section, rid), (*parts, rid))

    def remove(self, paths: Any) -> None:
        if not isinstance(paths, list):
            self._fail(("remove",), ("remove",), "remove must be a list of dotted paths")
            return
        for i, raw in enumerate(paths):
            parts = str(raw).split(".")
            node = self.result.data
            for part in parts[:-1]:
                node = node.get(part) if isinstance(node, dict) else None
            if not isinstance(node, dict) or parts[-1] not in node:
                self._fail(
                    ("remove", i),
                    tuple(parts),
                    f"there is nothing at '{raw}' in {self.base_id} to remove",
                )
                continue
            del node[parts[-1]]
            self._drop_positions(tuple(parts))


def apply_overlay(base: Document, overlay: Document, base_id: str) -> tuple[Document, list[Issue]]:
    """Merge `overlay` (already header-validated) onto `base`; returns the result and issues."""
    merger = _Merger(base, overlay, base_id)
    ov = overlay.data
    merger.override(merger.result.data, ov.get("override", {}), ())
    if "add" in ov:
        merger.add(ov["add"])
    if "remove" in ov:
        merger.remove(ov["remove"])
    for key in HEADER_KEYS:
        if key in ov:
            merger.result.data[key] = copy.deepcopy(ov[key])
            merger._drop_positions((key,))
            merger._copy_positions((key,), (key,))
    return merger.result, merger.issues
