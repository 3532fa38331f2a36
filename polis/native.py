"""The compiled engine: which modules mypyc builds, and whether this process uses them.

`./run` compiles the engine's hot modules with mypyc into `build/native/`
after installing (`python -m polis.native_build`, see there). Nothing compiled
sits next to the sources: when `polis` is imported, `install()` puts a finder
in front of the import system that serves the compiled modules, and only if
the build's stamp names the very source hashes of the `.py` files now in the
tree. After an edit the stamp no longer matches, so the pure-Python modules
load and a warning says why: old compiled code never runs silently.

Environment: `POLIS_PURE_PYTHON=1` always loads the pure-Python modules (the
tests run the engine both ways); `POLIS_NATIVE_DIR` names another build folder.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

# The hot path: the compiled configuration it reads, every engine module a
# decision or a move runs through, the bots' evaluation and rollout policy
# (compiled, a greedy decision takes a quarter of the time) and the search bot's
# inner loop (polis.bots.tree). Slow paths (records, JSON, explanations of
# refusals, narration) stay interpreted.
MODULES = (
    "polis.bots.evaluation",
    "polis.bots.rollout",
    "polis.bots.tree",
    "polis.compiler.config",
    "polis.engine.act_development",
    "polis.engine.act_military",
    "polis.engine.act_political",
    "polis.engine.battle",
    "polis.engine.board",
    "polis.engine.continuations",
    "polis.engine.core",
    "polis.engine.events",
    "polis.engine.facts",
    "polis.engine.flow",
    "polis.engine.outcomes",
    "polis.engine.phases",
    "polis.engine.rng",
    "polis.engine.round_end",
    "polis.engine.state",
    "polis.engine.tables",
    "polis.engine.turns",
    "polis.engine.units",
)
GROUP = "polis_native"  # mypyc's shared library is the top-level module `polis_native__mypyc`
STAMP = "stamp.json"
PURE_ENV = "POLIS_PURE_PYTHON"
DIR_ENV = "POLIS_NATIVE_DIR"

SOURCE_ROOT = Path(__file__).resolve().parent.parent  # the folder that holds `polis/`


def build_dir() -> Path:
    return Path(os.environ.get(DIR_ENV) or SOURCE_ROOT / "build" / "native")


def source_file(module: str) -> Path:
    return SOURCE_ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _hash(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def source_hashes() -> dict[str, str]:
    return {m: _hash(source_file(m)) for m in MODULES}


def interpreter_tag() -> dict[str, str]:
    """What a compiled module must have been built for to load here."""
    return {
        "cache_tag": sys.implementation.cache_tag or "",
        "extension_suffix": importlib.machinery.EXTENSION_SUFFIXES[0],
    }


def check(folder: Path) -> tuple[dict[str, Path], str]:
    """The compiled files to use from `folder` (module -> file), or none and the reason."""
    stamp_path = folder / STAMP
    if not stamp_path.is_file():
        return {}, "not built"
    try:
        stamp = json.loads(stamp_path.read_text("utf-8"))
        files = {name: folder / rel for name, rel in stamp["files"].items()}
        built_for, sources = stamp["interpreter"], stamp["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}, f"the build stamp {stamp_path} is unreadable"
    if built_for != interpreter_tag():
        return {}, f"built for another Python ({built_for.get('cache_tag')})"
    now = source_hashes()
    changed = sorted(m for m in MODULES if sources.get(m) != now[m])
    if changed:
        return {}, "stale: the source changed since the build (" + ", ".join(changed) + ")"
    missing = [str(f) for f in files.values() if not f.is_file()]
    if missing or set(MODULES) - set(files):
        return {}, "incomplete build (" + ", ".join(missing or ["a module is missing"]) + ")"
    if set(files) - set(MODULES) - {f"{GROUP}__mypyc"}:  # a module no longer compiled: source
        return {}, "stale: the build holds modules no longer compiled"
    return files, "compiled"


class _CompiledFinder:
    """Serves the listed modules from their compiled files; everything else as usual.

    A meta path finder needs only `find_spec`; not deriving from importlib.abc's
    MetaPathFinder spares every `polis` command importing importlib.abc (20 to 50 ms).

    A module imported again later (a reload, say) is checked again: if its source
    changed since this process started, the `.py` file loads, with a warning.
    """

    def __init__(self, files: dict[str, Path], sources: dict[str, str]) -> None:
        self.files = files
        self.sources = sources

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        if fullname in self.sources and self.sources[fullname] != _hash(source_file(fullname)):
            warnings.warn(
                f"polis: {fullname} changed since the engine was compiled; loading its "
                "source instead (restart after ./run setup to use the compiled engine)",
                RuntimeWarning,
                stacklevel=2,
            )
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


_status: dict[str, Any] = {"compiled": False, "reason": "not checked", "modules": []}


def install() -> None:
    """Use the compiled modules if they match the source (called once, as `polis` loads)."""
    global _status
    if any(isinstance(f, _CompiledFinder) for f in sys.meta_path):
        return
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        _status = {"compiled": False, "reason": f"{PURE_ENV} is set", "modules": []}
        return
    folder = build_dir()
    files, reason = check(folder)
    modules = sorted(set(files) & set(MODULES))
    _status = {"compiled": bool(files), "reason": reason, "modules": modules}
    if files:
        sys.meta_path.insert(0, _CompiledFinder(files, source_hashes()))
    elif reason != "not built":
        warnings.warn(
            f"polis: not using the compiled engine in {folder}: {reason}; running the "
            "pure-Python engine (slower). Rebuild it with ./run setup.",
            RuntimeWarning,
            stacklevel=2,
        )


def status() -> dict[str, Any]:
    """Whether this process runs the compiled engine, and why (or why not)."""
    loaded = [m for m in MODULES if m in sys.modules]
    active = [m for m in loaded if not str(getattr(sys.modules[m], "__file__", "")).endswith(".py")]
    return {**_status, "active": active}
