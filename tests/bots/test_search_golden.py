"""Seeded games of the search bot replay move for move (update with --update-goldens).

The search is reproducible from its seed while its CPU-time guard does not cut it
short, and it runs the same compiled or interpreted (`tests/test_native.py` runs
this file with the pure-Python engine too). A change that moves any of its random
draws, or any value it compares, changes these games.
"""

from __future__ import annotations

import dataclasses

import pytest

from polis.bots import LEVELS, MctsBot, make_bot
from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, new_game, scores
from tests.conftest import DATA, Golden

# normal's search with fewer iterations and no time guard: the same code paths, quick
BUDGET = dataclasses.replace(LEVELS["normal"], iterations=40, seconds=1e9)
CASES = ["2e", "1e-corinthian-war"]


def search_game(ruleset: str, seed: int) -> str:
    """The search (Athens) against greedy (Sparta): every decision, then the result."""
    cfg = compile_ruleset(ruleset).config
    bots = (MctsBot(2 * seed + 1, budget=BUDGET), make_bot("greedy", 2 * seed + 2))
    s = new_game(cfg, seed)
    lines = []
    while not s.finished:
        action = bots[s.player].choose(s)
        lines.append(f"{cfg.sides[s.player]} r{s.round} {s.phase}: {action!r}")
        s = apply_unchecked(s, action)
    athens, sparta = scores(s)
    lines.append(f"winner {s.winner} by {s.reason}, score {athens}-{sparta}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("ruleset", CASES)
def test_a_seeded_search_game_replays_move_for_move(ruleset: str, golden: Golden) -> None:
    golden.check(
        DATA / "bot_games" / f"{ruleset}-mcts-vs-greedy-seed3.txt", search_game(ruleset, 3)
    )
