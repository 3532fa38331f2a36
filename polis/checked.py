"""What a ruleset's files gave when last checked, remembered by their bytes and the code.

`polis validate` and `polis list` load every ruleset through the rules models
(pydantic) and the semantic checks; most runs see the very files and code of
the run before. Like the compile cache (polis/compiler/cache_key.py), a result
is kept under a key made of every file the ruleset is built from (its own,
what it extends, rules_data/sources.yaml) and of the package's code
(polis.fingerprint): an edit to either makes a new key, and the work is done
again. A result that depends on more (the rules reference also on the rule
text and a language's catalog) names it in `also`, a digest of those bytes.
Only results are kept, never refusals: a ruleset with problems is checked
afresh every time, so its every problem is printed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

from polis.compiler import cache_dir
from polis.compiler.cache_key import files_key
from polis.fingerprint import code_fingerprint


def entry_path(kind: str, target: str | Path, also: str = "") -> Path | None:
    """Where a result for these files, code and `also` is kept (None: the files cannot be
    known cheaply, nothing is kept)."""
    key = files_key(target)
    if key is None:
        return None
    parts = f"{key}\0{code_fingerprint()}" + (f"\0{also}" if also else "")
    return cache_dir().parent / kind / f"{hashlib.sha256(parts.encode()).hexdigest()}.json"


def recall(kind: str, target: str | Path, also: str = "") -> Any | None:
    """What `remember` kept for these very files and code, or None."""
    path = entry_path(kind, target, also)
    if path is None:
        return None
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None  # not kept yet, or a damaged entry: made again


def remember(kind: str, target: str | Path, value: Any, also: str = "") -> None:
    """Keep `value` (JSON) for these files and code; a read-only cache is no error."""
    path = entry_path(kind, target, also)
    if path is None:
        return
    from polis.safe_write import WriteError, write_text

    # remembering is an optimisation: the result was computed all the same
    with contextlib.suppress(WriteError):
        write_text(path, json.dumps(value, ensure_ascii=False))
