"""Load YAML safely while keeping the line and column of every key and value.

Why: errors must point at `file:line:col`, so plain `yaml.safe_load` (which
drops positions) is not enough. We read the parser's event stream and build
plain Python data ourselves, in a loop rather than by recursion, which also
lets us refuse what a rules file never needs and an attacker might use before
it costs anything: nesting deeper than any real file (PyYAML's C composer
overflows the C stack near 25,000 levels and takes the whole process down),
aliases (the "billion laughs" blow-up), custom tags, duplicate keys, numbers
too long to read, characters YAML forbids, huge files.
"""

from __future__ import annotations

import math
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from polis.messages import Message, msg
from polis.rules.issues import Issue, Location, RulesError, YamlPath, dotted

MAX_RULES_FILE_BYTES = 2 * 1024 * 1024
# The deepest shipped file nests 7 levels; 32 leaves room for any house rule and keeps
# every later walk over the data (merge, checks) shallow.
MAX_YAML_DEPTH = 32
# The largest shipped file holds about 1,700 values (keys, items, scalars and collections),
# a whole edition about 5,100; a file with more than twice that is refused where it crosses
# the bound, before its parsing, schema and checks cost a second of CPU (each value may be
# a problem to report; a 2 MB file of short keys holds ~130,000 values).
MAX_YAML_NODES = 10_000
# The largest number in the shipped rules is 50; a count, size or cost is checked against
# its own bound by the schema, this only keeps absurd digits away from everything else.
MAX_NUMBER_CHARS = 24
MAX_NUMBER = 10**12
REPLACE_TAG = "!replace"
_CORE = "tag:yaml.org,2002:"
_CORE_TAGS = frozenset(
    f"{_CORE}{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq")
)
# what the YAML 1.1 reader refuses (its "printable" set), found before parsing so the
# message has the exact line and column
_UNPRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

try:  # the C parser is much faster; both give the same events and marks
    _Loader: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment]
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

_RESOLVER = yaml.resolver.Resolver()


def _resolve(kind: type[yaml.Node], value: str | None, implicit: Any) -> str:
    """The tag PyYAML gives an untagged node (its implicit resolvers: int, bool, null...)."""
    tag: str = _RESOLVER.resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
    return tag


_CONSTRUCTOR = yaml.SafeLoader("")  # its scalar constructors only; nothing is cached


class Replace(dict[Any, Any]):
    """A mapping tagged `!replace` in an overlay: swap the base value wholesale."""


@dataclass
class Document:
    """Plain data plus where each part of it was written.

    A merged document (an overlay on its base) holds no positions of its own:
    `base` answers for what the base wrote, and `redirects` send each path the
    overlay replaced or added to where the overlay wrote it (None for a removed
    record). Merging is then linear in the size of the overlay, however many
    records it adds.
    """

    data: Any
    keys: dict[YamlPath, Location] = field(default_factory=dict)
    values: dict[YamlPath, Location] = field(default_factory=dict)
    base: Document | None = None
    redirects: dict[YamlPath, tuple[Document, YamlPath] | None] = field(default_factory=dict)

    def position(self, path: YamlPath, *, key: bool) -> Location | None:
        """Where exactly `path` (its key, or its value) was written, if anywhere."""
        doc: Document = self
        while True:
            for cut in range(len(path), -1, -1):
                if path[:cut] in doc.redirects:
                    target = doc.redirects[path[:cut]]
                    if target is None:  # a removed record
                        return None
                    doc, path = target[0], target[1] + path[cut:]
                    break
            else:
                found = (doc.keys if key else doc.values).get(path)
                if found is not None or doc.base is None:
                    return found
                doc = doc.base

    def locate(self, path: YamlPath, *, key: bool = False) -> Location | None:
        """The position of `path`, or of its nearest written ancestor."""
        order = (True, False) if key else (False, True)  # the one asked for first, then the other
        for cut in range(len(path), -1, -1):
            sub = path[:cut]
            loc = self.position(sub, key=order[0]) or self.position(sub, key=order[1])
            if loc is not None:
                return loc
        return None


def _refuse(display: str, line: int, col: int, problem: Message) -> RulesError:
    return RulesError([Issue(Location(display, line, col), "", problem)])


def read_text(path: Path, *, display: str, max_bytes: int = MAX_RULES_FILE_BYTES) -> str:
    """Read a file as UTF-8, refusing oversized, undecodable or special files with an issue."""
    try:
        info = path.stat()
    except OSError as exc:
        raise RulesError(
            [Issue(None, display, msg("file.unreadable", reason=exc.strerror or ""))]
        ) from None
    if stat.S_ISDIR(info.st_mode):
        raise RulesError([Issue(None, display, msg("file.is_folder"))])
    if not stat.S_ISREG(info.st_mode):  # a pipe or a device would block or never end
        raise RulesError([Issue(None, display, msg("file.not_regular"))])
    if info.st_size > max_bytes:
        raise _refuse(display, 1, 1, msg("file.too_big", size=info.st_size, limit=max_bytes))
    try:
        with path.open("rb") as fh:
            raw = fh.read(max_bytes + 1)
    except OSError as exc:
        raise RulesError(
            [Issue(None, display, msg("file.unreadable", reason=exc.strerror or ""))]
        ) from None
    return decode(raw, display=display, max_bytes=max_bytes)


def decode(raw: bytes, *, display: str, max_bytes: int = MAX_RULES_FILE_BYTES) -> str:
    if len(raw) > max_bytes:
        raise _refuse(display, 1, 1, msg("file.too_big", size=len(raw), limit=max_bytes))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise _refuse(
            display, line, col, msg("file.not_utf8", byte=f"0x{raw[exc.start]:02x}")
        ) from None


def _check_characters(text: str, display: str) -> None:
    bad = _UNPRINTABLE.search(text)
    if bad is None:
        return
    before = text[: bad.start()]
    line = before.count("\n") + 1
    col = bad.start() - (before.rfind("\n") + 1) + 1
    code = f"U+{ord(bad.group()):04X}"
    raise _refuse(display, line, col, msg("yaml.bad_character", code=code))


def _mark_location(display: str, mark: Any) -> Location:
    return Location(display, int(mark.line) + 1, int(mark.column) + 1)


# libyaml's commonest complaints, in words the message table translates
_PROBLEMS = {
    "mapping values are not allowed here": "yaml.problem.colon",
    "mapping values are not allowed in this context": "yaml.problem.colon",
    "did not find expected key": "yaml.problem.indentation",
    "did not find expected '-' indicator": "yaml.problem.indentation",
    "did not find expected node content": "yaml.problem.missing_value",
    "did not find expected ',' or ']'": "yaml.problem.unclosed_list",
    "did not find expected ',' or '}'": "yaml.problem.unclosed_mapping",
    "found unexpected end of stream": "yaml.problem.unclosed_quote",
    "found character that cannot start any token": "yaml.problem.bad_start",
    "found undefined tag handle": "yaml.problem.tag",
    "could not find expected ':'": "yaml.problem.missing_colon",
    "found a tab character that violates indentation": "yaml.problem.tab",
    "found a tab character where an indentation space is expected": "yaml.problem.tab",
    "block sequence entries are not allowed in this context": "yaml.problem.dash",
}


# libyaml (with PyYAML 6.0.4 and later) refuses nesting past its own limit while it scans
# ahead, before the builder has seen the first levels: the builder's refusal, in the
# reader's language, and the same whichever parser is installed
LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"


def _syntax_issue(exc: yaml.YAMLError, display: str) -> Issue:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    loc = _mark_location(display, mark) if mark is not None else Location(display, 1, 1)
    problem = str(getattr(exc, "problem", None) or getattr(exc, "context", None) or "")
    if problem == LIBYAML_TOO_DEEP:
        return Issue(loc, "", msg("yaml.too_deep", limit=MAX_YAML_DEPTH))
    key = _PROBLEMS.get(problem)
    first_line = (problem.splitlines() or [""])[0]
    detail = msg(key) if key else msg("yaml.problem.other", detail=first_line)
    return Issue(loc, "", msg("yaml.invalid", problem=detail))


def parse(text: str, *, display: str, allow_replace: bool = False) -> Document:
    """Parse YAML text into a Document; every problem becomes a RulesError."""
    _check_characters(text, display)
    doc = Document(data=None)
    builder = _Builder(display, doc, allow_replace)
    try:
        builder.run(yaml.parse(text, Loader=_Loader))
    except yaml.YAMLError as exc:
        raise RulesError([_syntax_issue(exc, display)]) from None
    if builder.fatal is not None:
        raise RulesError([builder.fatal])
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
    overlay merge copies before changing anything).
    """
    shown = display or str(path)
    return _parse_cached(read_text(path, display=shown, max_bytes=max_bytes), shown, allow_replace)


@lru_cache(maxsize=128)
def _parse_cached(text: str, shown: str, allow_replace: bool) -> Document:
    return parse(text, display=shown, allow_replace=allow_replace)


@dataclass
class _Frame:
    """A mapping or list being built; the items of a `skip` frame are read and dropped."""

    value: Any
    path: YamlPath
    skip: bool
    key: Any = None
    has_key: bool = False
    skip_value: bool = False


_SKIPPED = object()  # a node with no place in the data (a refused key, or inside one)


class _Builder:
    """Plain data from the parser's events, with positions, one event at a time."""

    def __init__(self, display: str, doc: Document, allow_replace: bool) -> None:
        self.display = display
        self.doc = doc
        self.allow_replace = allow_replace
        self.issues: list[Issue] = []
        self.fatal: Issue | None = None
        self.stack: list[_Frame] = []
        self.documents = 0
        self.nodes = 0

    def loc(self, event: Any) -> Location:
        return _mark_location(self.display, event.start_mark)

    def fail(self, event: Any, path: YamlPath, problem: Message) -> None:
        self.issues.append(Issue(self.loc(event), dotted(path), problem))

    def run(self, events: Any) -> None:
        for event in events:
            if isinstance(event, yaml.DocumentStartEvent):
                self.documents += 1
                if self.documents > 1:
                    self.fatal = Issue(self.loc(event), "", msg("yaml.several_documents"))
                    return
            elif isinstance(event, yaml.StreamEndEvent) and self.documents == 0:
                self.fatal = Issue(Location(self.display, 1, 1), "", msg("file.empty"))
                return
            elif isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                if self.too_many(event):
                    return
                if len(self.stack) >= MAX_YAML_DEPTH:  # before anything else grows
                    path = self.stack[-1].path
                    problem = msg("yaml.too_deep", limit=MAX_YAML_DEPTH)
                    self.fatal = Issue(self.loc(event), dotted(path), problem)
                    return
                self.start(event)
            elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                frame = self.stack.pop()
                self.done(frame.value, event)
            elif isinstance(event, yaml.ScalarEvent | yaml.AliasEvent):
                if self.too_many(event):
                    return
                self.scalar(event)

    def too_many(self, event: Any) -> bool:
        """Count a node; past MAX_YAML_NODES the file is refused here and parsing stops."""
        self.nodes += 1
        if self.nodes <= MAX_YAML_NODES:
            return False
        path = self.stack[-1].path if self.stack else ()
        problem = msg("yaml.too_many_values", limit=MAX_YAML_NODES)
        self.fatal = Issue(self.loc(event), dotted(path), problem)
        return True

    def _child(self) -> tuple[YamlPath, bool, bool]:
        """(path, skipped, is_key) of the node that starts now."""
        if not self.stack:
            return (), False, False
        parent = self.stack[-1]
        if parent.skip:
            return parent.path, True, False
        if isinstance(parent.value, list):
            return (*parent.path, len(parent.value)), False, False
        if not parent.has_key:
            return parent.path, False, True
        return (*parent.path, parent.key), parent.skip_value, False

    def _tag_ok(self, event: Any, path: YamlPath, tag: str) -> bool:
        mapping = isinstance(event, yaml.MappingStartEvent)
        if tag in _CORE_TAGS or (tag == REPLACE_TAG and self.allow_replace and mapping):
            return True
        shown = tag.replace(_CORE, "!!")
        if tag != REPLACE_TAG:
            key = "yaml.tag_not_allowed"
        else:
            key = "yaml.replace_not_mapping" if self.allow_replace else "yaml.tag_outside_overlay"
        self.fail(event, path, msg(key, tag=shown))
        return False

    def start(self, event: Any) -> None:
        path, skipped, is_key = self._child()
        mapping = isinstance(event, yaml.MappingStartEvent)
        value: Any = _SKIPPED
        if is_key and not skipped:
            self.fail(event, path, msg("yaml.complex_key"))
            skipped = True
        if not skipped:
            kind = yaml.MappingNode if mapping else yaml.SequenceNode
            tag = event.tag if event.tag not in (None, "!") else _resolve(kind, None, True)
            self.doc.values[path] = self.loc(event)
            if self._tag_ok(event, path, tag):
                value = (Replace() if tag == REPLACE_TAG else {}) if mapping else []
            else:
                value, skipped = None, True  # it keeps its place, as null
        self.stack.append(_Frame(value, path, skipped))

    def scalar(self, event: Any) -> None:
        path, skipped, is_key = self._child()
        if skipped:
            self.done(_SKIPPED, event)
            return
        if isinstance(event, yaml.AliasEvent):
            self.fail(event, path, msg("yaml.alias"))
            self.done(_SKIPPED if is_key else None, event)
            return
        tag = event.tag
        if tag is None or tag == "!":
            tag = _resolve(yaml.ScalarNode, event.value, event.implicit)
        if is_key and tag == f"{_CORE}merge":
            self.fail(event, path, msg("yaml.merge_key"))
            self.done(_SKIPPED, event)
            return
        if not is_key:
            self.doc.values[path] = self.loc(event)
        if not self._tag_ok(event, path, tag):
            self.done(_SKIPPED if is_key else None, event)
            return
        value, problem = _scalar_value(tag, event)
        if problem is not None:
            self.fail(event, path, problem)
            value = _SKIPPED if is_key else None
        self.done(value, event)

    def done(self, value: Any, event: Any) -> None:
        """A node is complete: it becomes its parent's item, key or value (or the document)."""
        if not self.stack:
            self.doc.data = None if value is _SKIPPED else value
            return
        parent = self.stack[-1]
        if parent.skip:
            return
        if isinstance(parent.value, list):
            parent.value.append(None if value is _SKIPPED else value)
            return
        if not parent.has_key:
            parent.has_key = True
            if value is _SKIPPED:
                parent.skip_value = True
                return
            key = value if isinstance(value, str | int) and not isinstance(value, bool) else None
            if key is None:  # null, true, 1.5 as a key: the text as written
                key = str(event.value)
            path = (*parent.path, key)
            if key in parent.value:
                self.fail(event, path, msg("yaml.duplicate_key"))
                parent.skip_value = True
            else:
                self.doc.keys[path] = self.loc(event)
            parent.key = key
            return
        if not parent.skip_value:
            parent.value[parent.key] = None if value is _SKIPPED else value
        parent.has_key = False
        parent.skip_value = False
        parent.key = None


def _scalar_value(tag: str, event: Any) -> tuple[Any, Message | None]:
    """The value of a scalar, or the problem that keeps it from being read."""
    text = event.value
    if tag == f"{_CORE}int" and len(text) > MAX_NUMBER_CHARS:
        return None, msg("yaml.number_too_long", limit=MAX_NUMBER_CHARS)
    node = yaml.ScalarNode(tag, text, event.start_mark, event.end_mark, event.style)
    try:
        value = _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)
    except (yaml.YAMLError, ValueError, TypeError, KeyError, OverflowError):
        return None, msg("yaml.unreadable_value", tag=tag.replace(_CORE, "!!"))
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_NUMBER:
        return None, msg("yaml.number_too_big")
    if isinstance(value, float) and not math.isfinite(value):
        return None, msg("yaml.number_not_finite")
    return value, None
