"""Follow a data path through the model annotations to the model it lands in.

Used to suggest field names for typos and to let overlays set optional fields
that the base file leaves at their default.
"""

from __future__ import annotations

import typing
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from polis.rules.issues import YamlPath


def _unwrap(tp: Any) -> Any:
    """Step into Optional/list/dict/Annotated to the model type they hold."""
    for _ in range(6):
        origin = typing.get_origin(tp)
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if origin is typing.Annotated:
            tp = args[0]
        elif origin in (list, dict) and args:
            tp = args[-1]
        elif args and origin is not None:
            models = [a for a in args if isinstance(a, type) and issubclass(a, BaseModel)]
            if not models:
                return None
            tp = models[0]
        else:
            break
    return tp


def model_at(model: type[BaseModel], path: YamlPath) -> type[BaseModel] | None:
    """The model class describing the mapping at `path`, if there is one."""
    current: Any = model
    expect_key = False  # True after a dict/list annotation: the next part is an id or index
    for part in path:
        if expect_key:
            expect_key = False
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        info = current.model_fields.get(str(part))
        if info is None:
            return None
        annotation = info.annotation
        origin = typing.get_origin(annotation)
        inner = [a for a in typing.get_args(annotation) if a is not type(None)]
        if origin in (list, dict) or (inner and typing.get_origin(inner[0]) in (list, dict)):
            expect_key = True
        current = _unwrap(annotation)
    if isinstance(current, type) and issubclass(current, BaseModel) and not expect_key:
        return current
    return None


@lru_cache(maxsize=256)
def fields_at(model: type[BaseModel], path: YamlPath) -> tuple[str, ...]:
    """The field names of the model at `path` (none where no model describes it)."""
    found = model_at(model, path)
    return tuple(found.model_fields) if found else ()
