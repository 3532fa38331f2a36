"""Starting worker processes safely from inside a Streamlit server or a test run.

A process started with the "spawn" method first runs its parent's main module
again, as `__mp_main__`. Under Streamlit (and after an `AppTest` in the same
test process) the main module is the app's script, which must never run in a
worker: it would draw a page outside a server and die. While workers start,
`bare_main` puts an empty module in its place.
"""

from __future__ import annotations

import contextlib
import sys
import types
from collections.abc import Iterator


@contextlib.contextmanager
def bare_main() -> Iterator[None]:
    """While the block runs (and its workers start), `__main__` is an empty module."""
    real = sys.modules.get("__main__")
    bare = types.ModuleType("__main__")
    sys.modules["__main__"] = bare
    try:
        yield
    finally:
        if real is not None and sys.modules.get("__main__") is bare:
            sys.modules["__main__"] = real  # a script run may have put its own meanwhile
