"""Turn pydantic's ValidationError into located, plain-worded issues."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from polis.messages import Message, did_you_mean, msg, table
from polis.rules.issues import Issue, YamlPath, dotted
from polis.rules.schema_paths import fields_at
from polis.rules.yaml_loader import Document

# Parts of pydantic's error location that are model internals, not data keys.
_INTERNAL_LOC = ("function-after", "function-before", "function-wrap", "tagged-union", "union")
SHOWN_TEXT = 60  # characters of a written value quoted in a message
_MAPPING_EXPECTED = frozenset({"model_type", "model_attributes_type", "dict_type"})
_UNION_MISS = frozenset({"literal_error", "union_tag_invalid", "enum"})
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def shown(value: object) -> object:
    """A value from the file as a message shows it: text quoted and cut short, kinds named."""
    if isinstance(value, str):
        return repr(value if len(value) <= SHOWN_TEXT else value[:SHOWN_TEXT] + "…")
    if isinstance(value, dict):
        return msg("value.mapping")
    if isinstance(value, list):
        return msg("value.list")
    if value is None:
        return msg("value.null")
    if isinstance(value, bool):
        return str(value).lower()
    text = str(value) if isinstance(value, int | float) else repr(value)
    return text if len(text) <= SHOWN_TEXT else text[: SHOWN_TEXT - 1] + "…"


def _indexes(node: Any, part: int | str) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def clean_loc(loc: tuple[int | str, ...], data: Any) -> YamlPath:
    """Drop pydantic's internal location parts, keeping only real data keys.

    Union members show up as class names (`GainEffect`) and tagged unions add
    the tag value (`gain`); we keep a part only if it indexes into the data we
    loaded, or names a missing field.
    """
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(part, str) and part.startswith(_INTERNAL_LOC):
            continue
        if _indexes(node, part):
            path.append(part)
            node = node[part]
            continue
        is_tag = isinstance(node, dict) and part in node.values()
        if isinstance(part, str) and part[:1].islower() and not is_tag and isinstance(node, dict):
            path.append(part)  # a missing key still names a real field
            node = None
    return tuple(path)


def _expected(error: ErrorDetails) -> object:
    """The allowed values pydantic lists ("'up' or 'down'"), as a list where it can."""
    ctx = error.get("ctx") or {}
    exp = ctx.get("expected")
    if exp is None:
        return ""
    quoted = _QUOTED.findall(str(exp))
    return [repr(q) for q in quoted] if quoted else str(exp)


def _suggestion(loc: YamlPath, model: type[BaseModel] | None) -> object:
    """Offer the closest real field name for a misspelt key."""
    if model is None or not loc or not isinstance(loc[-1], str):
        return ""
    return did_you_mean(loc[-1], fields_at(model, loc[:-1]))


def problem(error: ErrorDetails, loc: YamlPath, model: type[BaseModel] | None) -> Message:
    """One pydantic error as a message of the table (`schema.<type>`, or our validator's key)."""
    kind = error["type"]
    ctx = {f"ctx_{k}": v for k, v in (error.get("ctx") or {}).items()}
    if kind in table():  # our own validators raise PydanticCustomError with a table key
        return msg(kind, **{k.removeprefix("ctx_"): v for k, v in ctx.items()})
    key = f"schema.{kind}"
    if key not in table():
        return msg("schema.other", detail=str(error["msg"]).removeprefix("Value error, "))
    ctx.pop("ctx_expected", None)
    if kind in ("too_short", "too_long"):  # plural messages, counted by the bound
        given = error.get("input")
        actual = ctx.pop("ctx_actual_length", None)
        bound = ctx.pop("ctx_min_length" if kind == "too_short" else "ctx_max_length", 0)
        ctx.pop("ctx_field_type", None)
        if actual is None and isinstance(given, list | dict | str):
            actual = len(given)
        return msg(key, n=bound, actual=actual if actual is not None else "?")
    return msg(
        key,
        input=shown(error.get("input")),
        expected=_expected(error),
        suggestion=_suggestion(loc, model) if kind == "extra_forbidden" else "",
        **ctx,
    )


def issues_from_validation(
    exc: ValidationError, doc: Document, model: type[BaseModel] | None = None
) -> list[Issue]:
    errors = [(error, clean_loc(error["loc"], doc.data)) for error in exc.errors(include_url=False)]
    # A value of a union (a number or a mapping, say) earns one error per alternative; a
    # number is not a mistaken mapping, so "expected a mapping" is dropped when another
    # alternative has something more to the point to say about the same value.
    specific = {loc for error, loc in errors if error["type"] not in _MAPPING_EXPECTED}
    # Likewise a list of effects that is not the word 'unknown' is no mistaken word: an
    # alternative's "not allowed here" or "expected ..." at a place is dropped when another
    # alternative found the problem inside it (effects[0].cargo: expected a whole number).
    inside = {loc[:cut] for _error, loc in errors for cut in range(len(loc))}
    out: list[Issue] = []
    for error, loc in errors:
        if error["type"] in _MAPPING_EXPECTED and loc in specific:
            continue
        if loc in inside and (error["type"] in _UNION_MISS or error["type"].endswith("_type")):
            continue
        location = doc.locate(loc, key=error["type"] == "extra_forbidden")
        out.append(Issue(location, dotted(loc), problem(error, loc, model)))
    return out
