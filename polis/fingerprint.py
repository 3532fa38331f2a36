"""The fingerprint of the package's code: what plays a game, checks a ruleset, builds a report.

Two processes with the same fingerprint (compiled engine or not) play the same
game from a seed and give the same verdict on the same files. A Dask worker
reports it (polis.executor), a game log is pinned to it (polis.game_log), and
results remembered from the rules files (polis.checked) are keyed by it.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

SUFFIXES = (".py", ".json", ".yaml")
SKIPPED = ("__pycache__", "_rules_data")  # bytecode; the rules data is pinned apart


@cache
def code_fingerprint() -> str:
    """sha256 of the `polis` package's .py, .json and .yaml files (the rules data is pinned apart).

    One walk of the package (os.walk): `Path.rglob` once per suffix took 20 to 30 ms,
    a third of what `polis list` spends when its results are remembered."""
    root = Path(__file__).resolve().parent
    found: list[tuple[str, ...]] = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = [d for d in subfolders if d not in SKIPPED]
        inside = Path(folder).relative_to(root).parts
        found += [(*inside, name) for name in names if name.endswith(SUFFIXES)]
    digest = hashlib.sha256()
    for parts in sorted(found):
        digest.update("/".join(parts).encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(root.joinpath(*parts).read_bytes()).digest())
    return digest.hexdigest()
