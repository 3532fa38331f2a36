"""The key a compiled ruleset is cached under: a hash of every file it is built from.

Hashing means reading every YAML file of the ruleset (and of what it
`extends`), which is too slow to repeat on every `compile_ruleset` call (the
app compiles several times per rerun). So each key is remembered together with
what the file system said about every file and folder read to make it
(modification and change times, size, inode). While all of those are unchanged
the key is reused without reading anything; an edit, a new file in an edition
folder or a replaced file changes one of them, and the key is computed afresh.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Final

from polis import __version__
from polis.rules.registry import ref_for, rules_data_dir

Stat = tuple[str, int, int, int, int]  # path, mtime_ns, ctime_ns, size, inode
KEYS_MAX: Final = 64  # targets remembered (the shipped rulesets and a few overlay paths)

_KEYS: dict[str, tuple[tuple[Stat, ...], str | None]] = {}


def _stat(path: str | Path) -> Stat:
    try:
        st = os.stat(path)  # noqa: PTH116 - called per file on every compile; no Path objects
    except (OSError, ValueError):  # ValueError: a NUL character in a name given on the command line
        return (str(path), -1, -1, -1, -1)
    return (str(path), st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)


def _unchanged(stats: tuple[Stat, ...]) -> bool:
    return all(_stat(stat[0]) == stat for stat in stats)


def _compute(target: str | Path) -> tuple[str | None, tuple[Stat, ...]]:
    """The key, and the state of everything read for it (each taken before reading it)."""
    root = rules_data_dir()
    # where ids resolve and what `discover` finds: a new or removed ruleset changes these
    watched = [_stat(root), _stat(root / "editions"), _stat(root / "variants")]
    watched.append(_stat(Path(target)))  # a path target (for an id: a path that is not there)
    ref = ref_for(target)
    if ref is None:
        return None, tuple(watched)
    digest = hashlib.sha256(__version__.encode())
    sources = root / "sources.yaml"
    watched.append(_stat(sources))
    digest.update(sources.read_bytes())
    chain = [ref]
    seen = set()
    while chain:
        current = chain.pop()
        if current.path in seen:
            return None, tuple(watched)
        seen.add(current.path)
        if current.form == "edition":
            watched.append(_stat(current.path))  # files added or removed
        for file in current.files():
            if not file.is_file():  # a folder or a pipe: the loader refuses it with a message
                return None, tuple(watched)
            watched.append(_stat(file))
            raw = file.read_bytes()
            digest.update(file.name.encode() + b"\0" + raw)
            if current.form == "overlay":
                for line in raw.decode("utf-8", "replace").splitlines():
                    if line.startswith("extends:"):
                        base_name = line.split(":", 1)[1].strip().strip("'\"")
                        base = ref_for(base_name)
                        if base is None:
                            return None, tuple(watched)
                        chain.append(base)
    return digest.hexdigest(), tuple(watched)


def files_key(target: str | Path) -> str | None:
    """Hash of every file the ruleset is built from, or None if it cannot be known cheaply."""
    name = f"{os.getcwd()}\0{target}"  # noqa: PTH109 - a relative path means another file
    known = _KEYS.get(name)
    if known is not None and _unchanged(known[0]):
        return known[1]
    key, stats = _compute(target)
    if len(_KEYS) >= KEYS_MAX:
        _KEYS.clear()
    _KEYS[name] = (stats, key)
    return key


def forget() -> None:
    """Drop every remembered key (the next call reads and hashes the files again)."""
    _KEYS.clear()
