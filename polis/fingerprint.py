"""The fingerprint of the package's code: what plays a game, checks a ruleset, builds a report.

Two processes with the same fingerprint (compiled engine or not) play the same
game from a seed and give the same verdict on the same files. A Dask worker
reports it (polis.executor), a game log is pinned to it (polis.game_log), and
results remembered from the rules files (polis.checked) are keyed by it.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path


@cache
def code_fingerprint() -> str:
    """sha256 of the `polis` package's .py and .json files (the rules data is pinned apart)."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    files = sorted(
        p
        for pattern in ("*.py", "*.json", "*.yaml")
        for p in root.rglob(pattern)
        if "__pycache__" not in p.parts and "_rules_data" not in p.parts
    )
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()
