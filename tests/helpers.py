"""Starting positions and overlay headers shared by several test modules."""

from __future__ import annotations

import random
from collections.abc import Iterator

from polis.compiler import compile_ruleset
from polis.engine import State, apply_unchecked, legal_actions, new_game
from polis.engine.state_json import apply_overrides

# Per ruleset: a seed whose game from `rich_start` (played by `random.Random(seed)`
# picking among the legal actions) includes battles with assaults.
BATTLE_SEEDS = {"1e": 25, "2e": 20, "1e-corinthian-war": 9, "1e-second-peloponnesian-war": 20}


def rich_start(ruleset: str) -> dict[str, object]:
    """Overrides giving both sides plenty of wheat and prestige, so games reach later rounds."""
    cfg = compile_ruleset(ruleset).config
    wheat = cfg.goods[cfg.feeding_good]
    rich = {"prestige": 20, "goods": {wheat: cfg.goods_max}}
    return {"sides": dict.fromkeys(cfg.sides, rich)}


def random_states(ruleset: str, games: int = 40) -> Iterator[State]:
    """Every state of seeded random games, every other one from `rich_start`."""
    cfg = compile_ruleset(ruleset).config
    for seed in range(games):
        state = new_game(cfg, seed)
        if seed % 2:
            apply_overrides(state, rich_start(ruleset))
        chooser = random.Random(seed)
        while not state.finished:
            yield state
            state = apply_unchecked(state, chooser.choice(legal_actions(state)))


# the header of a test overlay on 2e; a test appends its override/add/remove sections
OVERLAY_HEADER = """\
id: house
title: House rule
kind: variant
description: A test overlay.
src: {estimate: "test"}
extends: 2e
"""
