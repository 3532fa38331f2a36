"""Every worked example of the five rulebooks, as a position file naming its book and section."""

from __future__ import annotations

from pathlib import Path

import pytest

from polis.engine.position import load_position, run_position
from tests.conftest import DATA

POSITIONS = sorted((DATA / "positions").glob("*.yaml"))


@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_position(path: Path) -> None:
    position = load_position(path)
    assert position.source.get("book") or position.source.get("page"), "name the book and section"
    outcome = run_position(position)
    assert outcome.problems == []
