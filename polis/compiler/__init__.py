"""Compile a validated ruleset into the EngineConfig every consumer reads.

`compile_ruleset(target)` validates and compiles; results are cached on disk
(keyed by the bytes of every file involved and the package version) and in
memory, so only the first compile after an edit pays for validation.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from polis import __version__
from polis.compiler.build import build_config
from polis.compiler.config import EngineConfig
from polis.compiler.layout import BoardGeometry, build_geometry
from polis.compiler.provenance import ProvenanceReport, provenance_report
from polis.compiler.serialize import (
    content_hash,
    from_jsonable,
    geometry_from_jsonable,
    to_jsonable,
)
from polis.rules.issues import RulesError
from polis.rules.loader import LoadedRuleset, load_ruleset
from polis.rules.models import Ruleset
from polis.rules.registry import ref_for, rules_data_dir

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


def _files_key(target: str | Path) -> str | None:
    """Hash of every file the ruleset is built from, or None if it cannot be known cheaply."""
    ref = ref_for(target)
    if ref is None:
        return None
    digest = hashlib.sha256(__version__.encode())
    digest.update((rules_data_dir() / "sources.yaml").read_bytes())
    chain = [ref]
    seen = set()
    while chain:
        current = chain.pop()
        if current.path in seen:
            return None
        seen.add(current.path)
        for file in current.files():
            raw = file.read_bytes()
            digest.update(file.name.encode() + b"\0" + raw)
            if current.form == "overlay":
                for line in raw.decode("utf-8", "replace").splitlines():
                    if line.startswith("extends:"):
                        base = ref_for(line.split(":", 1)[1].strip().strip("'\""))
                        if base is None:
                            return None
                        chain.append(base)
    return digest.hexdigest()


def compile_loaded(loaded: LoadedRuleset) -> Compiled:
    model = loaded.model
    # an overlay's own event cards are shown as such; the edition it builds on tells them apart
    edition = None if model.id == model.edition else _edition_model(model.edition)
    config = build_config(model, edition)
    return Compiled(config, content_hash(config), build_geometry(model, config))


@lru_cache(maxsize=4)
def _edition_model(edition: str) -> Ruleset:
    return load_ruleset(edition).model


@lru_cache(maxsize=32)
def _compile_cached(target: str, key: str | None) -> Compiled:
    path = cache_dir() / f"{key}.json" if key else None
    if path is not None and path.is_file():
        try:
            data = json.loads(path.read_text("utf-8"))
            config = from_jsonable(data["config"])
            geometry = geometry_from_jsonable(data["geometry"])
            return Compiled(config, data["content_hash"], geometry)
        except (OSError, ValueError, KeyError, TypeError):
            pass  # a damaged cache entry is rebuilt below
    compiled = compile_loaded(load_ruleset(target))
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(
                json.dumps(
                    {
                        "config": to_jsonable(compiled.config),
                        "content_hash": compiled.content_hash,
                        "geometry": to_jsonable(compiled.geometry),
                    }
                ),
                "utf-8",
            )
            tmp.replace(path)
        except OSError:
            pass  # caching is an optimisation; a read-only home must not break compiling
    return compiled


def compile_ruleset(target: str | Path, *, use_cache: bool = True) -> Compiled:
    """Validate and compile a ruleset by id or path. Raises RulesError on bad data."""
    if not use_cache:
        return compile_loaded(load_ruleset(target))
    return _compile_cached(str(target), _files_key(target))


def provenance(target: str | Path) -> ProvenanceReport:
    return provenance_report(load_ruleset(target).model)
