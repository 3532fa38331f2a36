"""What a ruleset's files gave when last checked, remembered by their bytes and the code.

`polis validate` and `polis list` load every ruleset through the rules models
(pydantic) and the semantic checks; most runs see the very files and code of
the run before. Like the compile cache (polis/compiler/cache_key.py), a result
is kept under a key made of every file the ruleset is built from (its own,
what it extends, rules_data/sources.yaml) and of the package's code
(polis.fingerprint): an edit to either makes a new key, and the work is done
again. Only results are kept, never refusals: a ruleset with problems is
checked afresh every time, so its every problem is printed.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from polis.compiler import cache_dir
from polis.compiler.cache_key import files_key
from polis.fingerprint import code_fingerprint


def _path(kind: str, target: str | Path) -> Path | None:
    key = files_key(target)
    if key is None:
        return None
    both = hashlib.sha256(f"{key}\0{code_fingerprint()}".encode()).hexdigest()
    return cache_dir().parent / kind / f"{both}.json"


def recall(kind: str, target: str | Path) -> Any | None:
    """What `remember` kept for these very files and code, or None."""
    path = _path(kind, target)
    if path is None or not path.is_file():
        return None
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None  # a damaged entry is made again


def remember(kind: str, target: str | Path, value: Any) -> None:
    """Keep `value` (JSON) for these files and code; a read-only cache is no error."""
    path = _path(kind, target)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(value, ensure_ascii=False), "utf-8")
        tmp.replace(path)
    except OSError:
        pass
