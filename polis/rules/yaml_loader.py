"""Load YAML safely while keeping the line and column of every key and value.

Why: errors must point at `file:line:col`, so plain `yaml.safe_load` (which
drops positions) is not enough. We compose the node graph with PyYAML's safe
composer and build plain Python data ourselves, which also lets us refuse what
a rules file never needs and an attacker might use: aliases (the
"billion laughs" blow-up), custom tags, duplicate keys, huge or deep files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from polis.rules.issues import Issue, Location, RulesError, YamlPath

MAX_RULES_FILE_BYTES = 2 * 1024 * 1024
REPLACE_TAG = "!replace"
_CORE_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq")
)

try:  # the C composer is much faster; both give the same marks
    _Loader: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment]
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader


class Replace(dict[Any, Any]):
    """A mapping tagged `!replace` in an overlay: swap the base value wholesale."""


@dataclass
class Document:
    """Plain data plus where each part of it was written."""

    data: Any
    keys: dict[YamlPath, Location] = field(default_factory=dict)
    values: dict[YamlPath, Location] = field(default_factory=dict)

    def locate(self, path: YamlPath, *, key: bool = False) -> Location | None:
        """The position of `path`, or of its nearest written ancestor."""
        table = self.keys if key else self.values
        for cut in range(len(path), -1, -1):
            sub = path[:cut]
            loc = table.get(sub) or self.values.get(sub) or self.keys.get(sub)
            if loc is not None:
                return loc
        return None


_SCALAR_CONSTRUCTOR = yaml.SafeLoader("")  # used only to turn scalar nodes into values


def read_text(path: Path, *, display: str, max_bytes: int = MAX_RULES_FILE_BYTES) -> str:
    """Read a file as UTF-8, refusing oversized or undecodable input with a located issue."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise RulesError([Issue(None, display, f"cannot read the file ({exc.strerror})")]) from None
    if size > max_bytes:
        raise RulesError([Issue(Location(display, 1, 1), "", _too_big(size, max_bytes))])
    return decode(path.read_bytes(), display=display, max_bytes=max_bytes)


def _too_big(size: int, limit: int) -> str:
    return f"the file is {size:,} bytes; rules files may be at most {limit:,} bytes"


def decode(raw: bytes, *, display: str, max_bytes: int = MAX_RULES_FILE_BYTES) -> str:
    if len(raw) > max_bytes:
        raise RulesError([Issue(Location(display, 1, 1), "", _too_big(len(raw), max_bytes))])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise RulesError(
            [
                Issue(
                    Location(display, line, col),
                    "",
                    f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot be read); "
                    "save it as UTF-8",
                )
            ]
        ) from None


def parse(text: str, *, display: str, allow_replace: bool = False) -> Document:
    """Parse YAML text into a Document; every problem becomes a RulesError."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Location(display, mark.line + 1, mark.column + 1) if mark else None
        problem = exc.problem or exc.context or "unreadable YAML"
        raise RulesError([Issue(loc, "", f"this is not valid YAML: {problem}")]) from None
    except yaml.YAMLError as exc:
        raise RulesError(
            [Issue(Location(display, 1, 1), "", f"this is not valid YAML: {exc}")]
        ) from None
    except RecursionError:
        raise RulesError(
            [Issue(Location(display, 1, 1), "", "the YAML is nested too deeply")]
        ) from None
    doc = Document(data=None)
    if node is None:
        raise RulesError([Issue(Location(display, 1, 1), "", "the file is empty")])
    builder = _Builder(display, doc, allow_replace)
    try:
        doc.data = builder.build(node, ())
    except RecursionError:
        raise RulesError(
            [Issue(Location(display, 1, 1), "", "the YAML is nested too deeply")]
        ) from None
    if builder.issues:
        raise RulesError(builder.issues)
    return doc


def load_file(
    path: Path,
    *,
    display: str | None = None,
    allow_replace: bool = False,
    max_bytes: int = MAX_RULES_FILE_BYTES,
) -> Document:
    """Parse a rules file; a file whose bytes were parsed before comes from a cache.

    The Document returned is shared and must be treated as read-only (the
    overlay merge deep-copies before changing anything).
    """
    shown = display or str(path)
    return _parse_cached(read_text(path, display=shown, max_bytes=max_bytes), shown, allow_replace)


@lru_cache(maxsize=128)
def _parse_cached(text: str, shown: str, allow_replace: bool) -> Document:
    return parse(text, display=shown, allow_replace=allow_replace)


class _Builder:
    def __init__(self, display: str, doc: Document, allow_replace: bool) -> None:
        self.display = display
        self.doc = doc
        self.allow_replace = allow_replace
        self.issues: list[Issue] = []
        self.seen: set[int] = set()

    def loc(self, node: yaml.Node) -> Location:
        return Location(self.display, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node: yaml.Node, path: YamlPath, message: str) -> None:
        from polis.rules.issues import dotted

        self.issues.append(Issue(self.loc(node), dotted(path), message))

    def build(self, node: yaml.Node, path: YamlPath) -> Any:
        if id(node) in self.seen:
            self.fail(node, path, "YAML anchors and aliases (&name, *name) are not allowed here")
            return None
        self.seen.add(id(node))
        self.doc.values[path] = self.loc(node)
        tag = node.tag or ""
        if tag not in _CORE_TAGS and not (tag == REPLACE_TAG and self.allow_replace):
            where = "outside an overlay file" if tag == REPLACE_TAG else "in a rules file"
            shown = tag.replace("tag:yaml.org,2002:", "!!")
            self.fail(node, path, f"the YAML tag {shown} is not allowed {where}")
            return None
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, replace=tag == REPLACE_TAG)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        try:
            return _SCALAR_CONSTRUCTOR.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            self.fail(node, path, f"cannot read this value ({exc})")
            return None

    def _mapping(self, node: yaml.MappingNode, path: YamlPath, *, replace: bool) -> dict[Any, Any]:
        out: dict[Any, Any] = Replace() if replace else {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.fail(key_node, path, "YAML merge keys (<<) are not allowed")
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.fail(key_node, path, "a key must be a plain word or number")
                continue
            key = _SCALAR_CONSTRUCTOR.construct_object(key_node)
            if not isinstance(key, str | int) or isinstance(key, bool):
                key = str(key_node.value)
            if key in out:
                self.fail(key_node, (*path, key), "this key appears twice in the same mapping")
                continue
            self.doc.keys[(*path, key)] = self.loc(key_node)
            out[key] = self.build(value_node, (*path, key))
        return out
