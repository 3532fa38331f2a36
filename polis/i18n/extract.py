"""A Babel extractor for the rules data (registered as `polis_rules` under `babel.extractors`).

It yields every translatable text of an edition, a variant, a rule-text
chapter or the glossary, with the data path as `msgctxt` (so translators see
which thing a word names, and each edition keeps its own terms) and a
translator comment saying where it comes from:

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

DEFAULT_KEYS = "name,label,title,description,text,term,definition,question,decision,reason"
SKIP = frozenset({"src", "estimates", "readings", "used"})

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
            if key in SKIP:
                continue
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


def _messages(data: Any, parts: tuple[str, ...], keys: frozenset[str]) -> Iterator[Found]:
    """Messages of one file, by what kind of file it is."""
    if "rules" in parts and isinstance(data, dict):
        if "terms" in data:
            for i, term in enumerate(data["terms"]):
                for field in ("term", "definition"):
                    yield (
                        f"glossary:{term['id']}:{field}",
                        f"glossary {term['id']}",
                        term[field],
                        ("terms", i, field),
                    )
            return
        yield f"rules:{data['id']}:chapter", f"chapter {data['id']}", data["title"], ("title",)
        for i, section in enumerate(data.get("sections", [])):
            for field in ("title", "text"):
                yield (
                    f"rules:{section['id']}:{field}",
                    f"section {section['id']}",
                    section[field],
                    ("sections", i, field),
                )
        return
    if "variants" in parts and isinstance(data, dict):
        scope = str(data.get("id", ""))
        for field in ("title", "description"):
            if isinstance(data.get(field), str):
                yield f"{scope}:{field}", f"{scope} {field}", data[field], (field,)
        for section in ("override", "add"):
            for path, text, at in _walk(data.get(section, {}), "", keys, (section,)):
                yield f"{scope}:{path}", f"{scope} {path}", text, at
        return
    if "editions" in parts:
        scope = parts[parts.index("editions") + 1]
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
    shown = (
        PurePath(*parts[parts.index("rules_data") :]) if "rules_data" in parts else PurePath(name)
    )
    keys = _keys(options)
    for context, where, message, at in _messages(doc.data, parts, keys):
        loc = doc.values.get(at)
        yield loc.line if loc else 1, "pgettext", (context, message), [f"{where} ({shown})"]
