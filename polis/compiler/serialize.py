"""EngineConfig <-> JSON, and the content hash records use to pin a ruleset."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from functools import cache
from typing import Any

from polis.compiler import config as config_module
from polis.compiler import layout as layout_module
from polis.compiler.config import EngineConfig
from polis.compiler.layout import BoardGeometry


def to_jsonable(obj: Any) -> Any:
    """Dataclasses become dicts, tuples lists; everything else is already JSON."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, tuple | list):
        return [to_jsonable(x) for x in obj]
    return obj


@cache
def _records() -> dict[frozenset[str], type]:
    """Every record type of the configuration and the board geometry, by field names.

    Each record type has its own set (checked here), so a JSON object names its
    type by its keys. The decoder cannot ask the annotations instead: compiled
    with mypyc (polis/native.py), `tuple[RoundCfg, ...]` reads as plain `tuple`.
    """
    types = [
        obj
        for module in (config_module, layout_module)
        for obj in vars(module).values()
        if isinstance(obj, type)
        and obj.__module__ == module.__name__
        and dataclasses.is_dataclass(obj)
    ]
    found = {frozenset(f.name for f in dataclasses.fields(t)): t for t in types}
    if len(found) != len(types):
        raise TypeError("two configuration records have the same field names")
    return found


def _decode(value: Any) -> Any:
    """The inverse of to_jsonable: objects become their records, lists tuples."""
    if isinstance(value, dict):
        record = _records().get(frozenset(value))
        if record is None:
            raise ValueError(f"no configuration record has the fields {sorted(value)}")
        return record(**{name: _decode(v) for name, v in value.items()})
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def from_jsonable(data: dict[str, Any]) -> EngineConfig:
    result = _decode(data)
    if not isinstance(result, EngineConfig):
        raise ValueError("not a compiled configuration")
    return result


def geometry_from_jsonable(data: dict[str, Any]) -> BoardGeometry:
    result = _decode(data)
    if not isinstance(result, BoardGeometry):
        raise ValueError("not a board geometry")
    return result


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def content_hash(config: EngineConfig) -> str:
    """sha256 of the canonical JSON of the compiled rules: changes iff play can change."""
    return hashlib.sha256(canonical_json(to_jsonable(config)).encode("utf-8")).hexdigest()
