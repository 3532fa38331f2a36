"""Turn pydantic's ValidationError into located, plain-worded issues."""

from __future__ import annotations

import difflib
from functools import cache
from importlib import resources
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from polis.rules.issues import Issue, YamlPath, dotted
from polis.rules.schema_paths import fields_at
from polis.rules.yaml_loader import Document

# Parts of pydantic's error location that are model internals, not data keys.
_INTERNAL_LOC = ("function-after", "function-before", "function-wrap", "tagged-union", "union")


@cache
def _messages() -> dict[str, str]:
    text = resources.files("polis.rules").joinpath("messages.yaml").read_text("utf-8")
    table = yaml.safe_load(text)
    assert isinstance(table, dict)
    return {str(k): str(v) for k, v in table.items()}


def _show(value: object) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    return str(value)


def _indexes(node: Any, part: int | str) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def _clean_loc(loc: tuple[int | str, ...], data: Any) -> YamlPath:
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


def _expected(error: ErrorDetails) -> str:
    ctx = error.get("ctx") or {}
    exp = ctx.get("expected")
    return str(exp) if exp is not None else ""


def _suggestion(loc: YamlPath, model: type[BaseModel] | None) -> str:
    """Offer the closest real field name for a misspelt key."""
    if model is None or not loc or not isinstance(loc[-1], str):
        return ""
    fields = fields_at(model, loc[:-1])
    close = difflib.get_close_matches(loc[-1], fields, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def issues_from_validation(
    exc: ValidationError, doc: Document, model: type[BaseModel] | None = None
) -> list[Issue]:
    messages = _messages()
    out: list[Issue] = []
    for error in exc.errors(include_url=False):
        loc = _clean_loc(error["loc"], doc.data)
        kind = error["type"]
        ctx = {f"ctx_{k}": v for k, v in (error.get("ctx") or {}).items()}
        template = messages.get(kind)
        if template is None:
            text = str(error["msg"])
        else:
            try:
                text = template.format(
                    input=_show(error.get("input")),
                    expected=_expected(error),
                    suggestion=_suggestion(loc, model) if kind == "extra_forbidden" else "",
                    **ctx,
                )
            except (KeyError, IndexError):
                text = str(error["msg"])
        if text.startswith("Value error, "):
            text = text.removeprefix("Value error, ")
        location = doc.locate(loc, key=kind == "extra_forbidden")
        out.append(Issue(location, dotted(loc), text))
    return out
