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
from typing import Any

from polis.messages import Message, did_you_mean, msg
from polis.rules.issues import Issue, Location, YamlPath, dotted
from polis.rules.models import Ruleset
from polis.rules.schema_paths import fields_at
from polis.rules.yaml_loader import Document, Replace

HEADER_KEYS = ("id", "title", "kind", "description", "src", "extends")
WHOLE_VALUES = frozenset({"src"})  # mappings an override replaces instead of merging


class _Merger:
    def __init__(self, base: Document, overlay: Document, base_id: str) -> None:
        self.result = Document(data=copy.deepcopy(base.data), base=base)
        self.overlay = overlay
        self.base_id = base_id
        self.issues: list[Issue] = []

    # -- positions -------------------------------------------------------

    def _written_by_overlay(self, overlay_path: YamlPath, path: YamlPath) -> None:
        """Positions under `path` are now those the overlay wrote under `overlay_path`.

        One entry per change, never a copy of the positions: the merge stays linear in
        the size of the overlay however many records it adds (issue 13).
        """
        self.result.redirects[path] = (self.overlay, overlay_path)

    def _where(self, overlay_path: YamlPath) -> Location | None:
        return self.overlay.keys.get(overlay_path) or self.overlay.locate(overlay_path)

    def _fail(self, overlay_path: YamlPath, field: YamlPath, problem: Message) -> None:
        self.issues.append(Issue(self._where(overlay_path), dotted(field), problem))

    # -- sections --------------------------------------------------------

    def override(self, target: Any, patch: Any, path: YamlPath) -> None:
        if not isinstance(patch, dict):
            self._fail(("override", *path), path, msg("overlay.override_not_mapping"))
            return
        if not isinstance(target, dict):
            self._fail(("override", *path), path, msg("overlay.not_mergeable"))
            return
        declared = fields_at(Ruleset, path)
        known = tuple(dict.fromkeys(str(k) for k in (*target, *declared)))  # for every typo here
        # a record (not the ruleset itself) changed here without a source of its own
        if path and "src" in target and "src" not in patch and patch:
            self._own_source(target, path)
        for key, value in patch.items():
            sub = (*path, key)
            if key not in target and key in declared:
                target[key] = None  # an optional field the base leaves at its default
            if key not in target:
                hint = did_you_mean(key, known)
                problem = msg("overlay.no_such_key", key=str(key), base=self.base_id, hint=hint)
                self._fail(("override", *sub), sub, problem)
                continue
            # a source is one reference, never a mix of the old and the new one
            mergeable = key not in WHOLE_VALUES and not isinstance(value, Replace)
            if mergeable and isinstance(value, dict) and isinstance(target[key], dict):
                self.override(target[key], value, sub)
                continue
            target[key] = copy.deepcopy(dict(value) if isinstance(value, Replace) else value)
            self._written_by_overlay(("override", *sub), sub)

    def _own_source(self, record: dict[str, Any], path: YamlPath) -> None:
        header = self.overlay.data.get("src")
        if isinstance(header, dict):
            record["src"] = copy.deepcopy(header)
            self._written_by_overlay(("src",), (*path, "src"))

    def add(self, patch: Any) -> None:
        if not isinstance(patch, dict):
            self._fail(("add",), ("add",), msg("overlay.add_not_mapping"))
            return
        data = self.result.data
        for section, records in patch.items():
            # a dotted section names a map inside another: `layout.territories`
            parts = tuple(str(section).split("."))
            target: Any = data
            for part in parts:
                target = target.get(part) if isinstance(target, dict) else None
            if not isinstance(target, dict):
                hint = did_you_mean(section, [k for k, v in data.items() if isinstance(v, dict)])
                problem = msg("overlay.no_section", base=self.base_id, section=section, hint=hint)
                self._fail(("add", section), parts, problem)
                continue
            if not isinstance(records, dict):
                self._fail(("add", section), parts, msg("overlay.add_records_not_mapping"))
                continue
            for rid, record in records.items():
                if rid in target:
                    problem = msg("overlay.exists", id=rid, base=self.base_id)
                    self._fail(("add", section, rid), (*parts, rid), problem)
                    continue
                target[rid] = copy.deepcopy(record)
                self._written_by_overlay(("add", section, rid), (*parts, rid))

    def remove(self, paths: Any) -> None:
        if not isinstance(paths, list):
            self._fail(("remove",), ("remove",), msg("overlay.remove_not_list"))
            return
        for i, raw in enumerate(paths):
            if not isinstance(raw, str):
                continue  # the overlay's schema reports it (remove: a list of dotted paths)
            parts = raw.split(".")
            node = self.result.data
            for part in parts[:-1]:
                node = node.get(part) if isinstance(node, dict) else None
            if not isinstance(node, dict) or parts[-1] not in node:
                problem = msg("overlay.nothing_to_remove", path=raw, base=self.base_id)
                self._fail(("remove", i), tuple(parts), problem)
                continue
            del node[parts[-1]]
            self.result.redirects[tuple(parts)] = None


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
            merger._written_by_overlay((key,), (key,))
    return merger.result, merger.issues
