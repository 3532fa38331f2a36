"""EngineConfig <-> JSON, and the content hash records use to pin a ruleset."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
import typing
from functools import cache
from typing import Any, TypeVar

from polis.compiler.config import EngineConfig
from polis.compiler.layout import BoardGeometry

T = TypeVar("T")


def to_jsonable(obj: Any) -> Any:
    """Dataclasses become dicts, tuples lists; everything else is already JSON."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, tuple | list):
        return [to_jsonable(x) for x in obj]
    return obj


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))


def _decode(tp: Any, value: Any) -> Any:
    origin = typing.get_origin(tp)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        hints = _hints(tp)
        return tp(**{name: _decode(hints[name], value[name]) for name in hints if name in value})
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in value)
        return tuple(_decode(a, v) for a, v in zip(args, value, strict=True))
    return value


def from_jsonable(data: dict[str, Any]) -> EngineConfig:
    result: EngineConfig = _decode(EngineConfig, data)
    return result


def geometry_from_jsonable(data: dict[str, Any]) -> BoardGeometry:
    result: BoardGeometry = _decode(BoardGeometry, data)
    return result


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def content_hash(config: EngineConfig) -> str:
    """sha256 of the canonical JSON of the compiled rules: changes iff play can change."""
    return hashlib.sha256(canonical_json(to_jsonable(config)).encode("utf-8")).hexdigest()
