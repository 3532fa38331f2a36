"""Committed seeded playthroughs replay line for line (update with --update-goldens)."""

from __future__ import annotations

import pytest

from polis.compiler import compile_ruleset
from polis.engine.playthrough import playthrough
from polis.rules.registry import discover
from tests.conftest import DATA, Golden

# Per ruleset: a printed start (seed 1) and a rich start whose seed was picked
# because its game includes a battle with several assaults.
BATTLE_SEEDS = {"1e": 51, "2e": 42, "1e-corinthian-war": 9, "1e-second-peloponnesian-war": 20}
CASES = [(r, seed) for r in discover() for seed in (1, BATTLE_SEEDS.get(r, 2))]


def _start(ruleset: str) -> dict[str, object]:
    cfg = compile_ruleset(ruleset).config
    wheat = cfg.goods[cfg.feeding_good]
    rich = {"prestige": 20, "goods": {wheat: cfg.goods_max}}
    return {"sides": dict.fromkeys(cfg.sides, rich)}


@pytest.mark.parametrize(("ruleset", "seed"), CASES, ids=[f"{r}-{s}" for r, s in CASES])
def test_playthrough_matches_golden(ruleset: str, seed: int, golden: Golden) -> None:
    text = playthrough(ruleset, seed, _start(ruleset) if seed != 1 else None)
    golden.check(DATA / "playthroughs" / f"{ruleset}-seed{seed}.txt", text)
