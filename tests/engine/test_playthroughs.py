"""Committed seeded playthroughs replay line for line (update with --update-goldens)."""

from __future__ import annotations

import pytest

from polis.engine.playthrough import playthrough
from polis.rules.registry import discover
from tests.conftest import DATA, Golden
from tests.helpers import BATTLE_SEEDS, rich_start

# Per ruleset: a printed start (seed 1) and a rich start whose seed was picked
# because its game includes battles with assaults.
CASES = [(r, seed) for r in discover() for seed in (1, BATTLE_SEEDS.get(r, 2))]


def assaults_per_battle(text: str) -> list[int]:
    """How many assaults each battle of a playthrough had, in order."""
    counts: list[int] = []
    for line in text.splitlines():
        if line.startswith("  | battle "):
            counts.append(0)
        elif line.startswith("  | assault "):
            assert counts, f"an assault outside any battle: {line}"
            counts[-1] += 1
    return counts


@pytest.mark.parametrize(("ruleset", "seed"), CASES, ids=[f"{r}-{s}" for r, s in CASES])
def test_playthrough_matches_golden(ruleset: str, seed: int, golden: Golden) -> None:
    text = playthrough(ruleset, seed, rich_start(ruleset) if seed != 1 else None)
    if seed == BATTLE_SEEDS.get(ruleset):  # the reason this seed was chosen
        assaults = assaults_per_battle(text)
        assert sum(assaults) >= 2, f"battles with these assaults: {assaults}"
    golden.check(DATA / "playthroughs" / f"{ruleset}-seed{seed}.txt", text)
