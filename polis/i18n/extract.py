"""A Babel extractor for the rules data (registered as `polis_rules` under `babel.extractors`).

It yields every translatable text of an edition, a variant, a rule-text
chapter or the glossary (names, rule text, the readings and decisions of
disagreements, the reasons given for estimated values), with the data path as
`msgctxt` (so translators see which thing a word names, and each edition keeps
its own terms) and a translator comment saying where it comes from:

    #. 2e goods.metal.name (rules_data/editions/2e/ruleset.yaml)
    msgctxt "2e:goods.metal.name"
    msgid "Iron"

Which fields count is set by the `keys` option in babel.cfg.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import PurePath
from typing import IO, Any

from polis.rules.yaml_loader import parse

DEFAULT_KEYS = (
    "name,label,title,description,text,term,definition,question,decision,reason,estimate,value,used"
)

Message = tuple[int, str, tuple[str, str], list[str]]


def _keys(options: Mapping[str, Any]) -> frozenset[str]:
    raw = str(options.get("keys", DEFAULT_KEYS))
    return frozenset(k.strip() for k in raw.split(",") if k.strip())


def _walk(
    node: Any, path: str, keys: frozenset[str], at: tuple[Any, ...]
) -> Iterator[tuple[str, str, tuple[Any, ...]]]:
    """(data path, text, position key) for every translatable string below `node`.

    List items with an `id` are named by it (`rounds.alpha.label`), others by index.
    """
    if isinstance(node, dict):
        for key, value in node.items():
            sub = f"{path}.{key}" if path else str(key)
            if isinstance(value, str) and key in keys and value.strip():
                yield sub, value, (*at, key)
            else:
                yield from _walk(value, sub, keys, (*at, key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            label = item.get("id", i) if isinstance(item, dict) else i
            yield from _walk(item, f"{path}.{label}", keys, (*at, i))


Found = tuple[str, str, str, tuple[Any, ...]]  # context, shown path, text, position key


def _records(
    prefix: str, shown: str, record: dict[str, Any], fields: tuple[str, ...], at: tuple[Any, ...]
) -> Iterator[Found]:
    """One message per field of a rule-text record (a section, a glossary term)."""
    for field in fields:
        yield (
            f"{prefix}:{record['id']}:{field}",
            f"{shown} {record['id']}",
            record[field],
            (*at, field),
        )


def _messages(data: Any, parts: tuple[str, ...], keys: frozenset[str]) -> Iterator[Found]:
    """Messages of one file, by what kind of file it is: `parts` is its path below rules_data."""
    kind = parts[0] if parts else ""
    if kind == "rules" and isinstance(data, dict):
        if "terms" in data:
            for i, term in enumerate(data["terms"]):
                yield from _records(
                    "glossary", "glossary", term, ("term", "definition"), ("terms", i)
                )
            return
        yield f"rules:{data['id']}:chapter", f"chapter {data['id']}", data["title"], ("title",)
        for i, section in enumerate(data.get("sections", [])):
            yield from _records("rules", "section", section, ("title", "text"), ("sections", i))
        return
    if kind == "variants" and isinstance(data, dict):
        scope = str(data.get("id", ""))
        for field in ("title", "description"):
            if isinstance(data.get(field), str):
                yield f"{scope}:{field}", f"{scope} {field}", data[field], (field,)
        for section in ("override", "add"):
            for path, text, at in _walk(data.get(section, {}), "", keys, (section,)):
                yield f"{scope}:{path}", f"{scope} {path}", text, at
        return
    if kind == "editions" and len(parts) > 1:
        scope = parts[1]
        for path, text, at in _walk(data, "", keys, ()):
            yield f"{scope}:{path}", f"{scope} {path}", text, at


def extract_rules_data(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Message]:
    name = str(getattr(fileobj, "name", ""))
    text = fileobj.read().decode("utf-8")
    doc = parse(text, display=name, allow_replace=True)
    parts = PurePath(name).parts
    # the last rules_data folder in the path, so a checkout under any folder name works
    root = len(parts) - 1 - parts[::-1].index("rules_data") if "rules_data" in parts else -1
    inside = parts[root + 1 :] if root >= 0 else ()
    shown = PurePath(*parts[root:]) if root >= 0 else PurePath(name)
    keys = _keys(options)
    for context, where, message, at in _messages(doc.data, inside, keys):
        loc = doc.values.get(at)
        yield loc.line if loc else 1, "pgettext", (context, message), [f"{where} ({shown})"]


def extract_messages(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """The message table (polis/messages.yaml): one message per key, `message:<key>` its context.

    A two-item entry is a plural message; its count is the {n} placeholder.
    """
    text = fileobj.read().decode("utf-8")
    doc = parse(text, display="polis/messages.yaml")
    for key, value in doc.data.items():
        loc = doc.keys.get((key,))
        line = loc.line if loc else 1
        context = f"message:{key}"
        if isinstance(value, list):
            yield (
                line,
                "npgettext",
                (context, str(value[0]), str(value[1])),
                [f"{key}, counted by {{n}}"],
            )
        else:
            yield line, "pgettext", (context, str(value)), [str(key)]
