"""Compile a validated ruleset into the EngineConfig every consumer reads.

`compile_ruleset(target)` validates and compiles; results are cached on disk
(keyed by the bytes of every file involved and the package version) and in
memory, so only the first compile after an edit pays for validation. Calls
in between only look at the files' modification times (polis/compiler/cache_key.py).
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from polis.compiler.cache_key import files_key, forget

# What a command needs is imported when it is used: the compiled engine's configuration
# when a ruleset is compiled or read back, the builders, the loader and the rules models
# (pydantic) only when it is really compiled. `polis list` and `polis validate` of
# unchanged files need none of them (polis.checked).
if TYPE_CHECKING:
    from polis.compiler.config import EngineConfig
    from polis.compiler.layout import BoardGeometry
    from polis.compiler.provenance import ProvenanceReport
    from polis.rules.issues import RulesError
    from polis.rules.loader import LoadedRuleset
    from polis.rules.models import Ruleset

__all__ = [
    "BoardGeometry",
    "Compiled",
    "EngineConfig",
    "RulesError",
    "cache_dir",
    "compile_loaded",
    "compile_ruleset",
]


@dataclass(frozen=True)
class Compiled:
    config: EngineConfig
    content_hash: str  # of `config` only: the rules, never how the board is drawn
    geometry: BoardGeometry


def cache_dir() -> Path:
    base = os.environ.get("POLIS_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) if base else Path.home() / ".cache"
    return (root / "polis" if not os.environ.get("POLIS_CACHE_DIR") else root) / "compiled"


def __getattr__(name: str) -> Any:
    """The re-exported names, imported on first use."""
    if name == "RulesError":
        from polis.rules.issues import RulesError

        return RulesError
    if name == "EngineConfig":
        from polis.compiler.config import EngineConfig

        return EngineConfig
    if name == "BoardGeometry":
        from polis.compiler.layout import BoardGeometry

        return BoardGeometry
    raise AttributeError(name)


def compile_loaded(loaded: LoadedRuleset) -> Compiled:
    from polis.compiler.build import build_config
    from polis.compiler.layout import build_geometry
    from polis.compiler.serialize import content_hash

    model = loaded.model
    # an overlay's own event cards are shown as such; the edition it builds on tells them apart
    edition = None if model.id == model.edition else _edition_model(model.edition)
    config = build_config(model, edition)
    return Compiled(config, content_hash(config), build_geometry(model, config))


@lru_cache(maxsize=4)
def _edition_model(edition: str) -> Ruleset:
    from polis.rules.loader import load_ruleset

    return load_ruleset(edition).model


@lru_cache(maxsize=32)
def _compile_cached(target: str, key: str | None) -> Compiled:
    from polis.compiler.serialize import from_jsonable, geometry_from_jsonable, to_jsonable

    path = cache_dir() / f"{key}.json" if key else None
    if path is not None and path.is_file():
        try:
            data = json.loads(path.read_text("utf-8"))
            config = from_jsonable(data["config"])
            geometry = geometry_from_jsonable(data["geometry"])
            return Compiled(config, data["content_hash"], geometry)
        except (OSError, ValueError, KeyError, TypeError):
            pass  # a damaged cache entry is rebuilt below
    from polis.rules.loader import load_ruleset

    compiled = compile_loaded(load_ruleset(target))
    if path is not None:
        from polis.safe_write import WriteError, write_text

        # caching is an optimisation; a read-only or full home must not break compiling
        with contextlib.suppress(WriteError):
            write_text(
                path,
                json.dumps(
                    {
                        "config": to_jsonable(compiled.config),
                        "content_hash": compiled.content_hash,
                        "geometry": to_jsonable(compiled.geometry),
                    }
                ),
            )
    return compiled


def compile_ruleset(target: str | Path, *, use_cache: bool = True) -> Compiled:
    """Validate and compile a ruleset by id or path. Raises RulesError on bad data."""
    if not use_cache:
        from polis.rules.loader import load_ruleset

        return compile_loaded(load_ruleset(target))
    return _compile_cached(str(target), files_key(target))


def clear_memory_caches() -> None:
    """Forget every compiled ruleset and files key held in memory (the disk cache stays)."""
    _compile_cached.cache_clear()
    forget()


def provenance(target: str | Path) -> ProvenanceReport:
    from polis.compiler.provenance import provenance_report
    from polis.rules.loader import load_ruleset

    return provenance_report(load_ruleset(target).model)
