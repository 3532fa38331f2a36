"""Engine speed in random playouts, with python-chess measured in the same run
(`pytest tests/benchmarks --benchmark-enable`). Reported, never asserted."""

from __future__ import annotations

import random
from typing import Any

import chess
import pytest

from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, legal_actions, new_game


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_random_playouts(benchmark: Any, ruleset: str) -> None:
    cfg = compile_ruleset(ruleset).config
    chooser = random.Random(0)

    def ten_games() -> int:
        actions = 0
        for seed in range(10):
            s = new_game(cfg, seed)
            while not s.finished:
                s = apply_unchecked(s, chooser.choice(legal_actions(s)))
                actions += 1
        return actions

    assert benchmark(ten_games) > 0


def test_python_chess_reference(benchmark: Any) -> None:
    chooser = random.Random(0)

    def three_games() -> int:
        plies = 0
        for _ in range(3):
            board = chess.Board()
            while not board.is_game_over(claim_draw=False) and plies < 1200:
                board.push(chooser.choice(list(board.legal_moves)))
                plies += 1
        return plies

    assert benchmark(three_games) > 0
