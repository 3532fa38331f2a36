"""The engine's hot paths, with python-chess in the same loop shape as the reference
(`pytest tests/benchmarks --benchmark-enable`). They report; they assert only that the
work was done, never a time. `polis bench` is the interleaved CPU-time comparison."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from polis.bench import chess_slice, engine_slice
from polis.bots import make_bot
from polis.compiler import compile_ruleset
from polis.engine import State, apply, apply_unchecked, legal_actions, new_game
from polis.rules.registry import discover

RULESETS = list(discover())


def _positions(ruleset: str, games: int = 20) -> list[tuple[State, Any]]:
    """Every decision of some random games, with the choice that was made."""
    cfg = compile_ruleset(ruleset).config
    chooser = random.Random(7)
    out = []
    for seed in range(games):
        state = new_game(cfg, seed)
        while not state.finished:
            action = chooser.choice(legal_actions(state))
            out.append((state, action))
            state = apply_unchecked(state, action)
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_playouts(benchmark: Any, ruleset: str) -> None:
    """One game in the loop of `polis bench`: list the choices, stop at none or the cap,
    play one."""
    one_game = engine_slice(compile_ruleset(ruleset).config, itertools.cycle(range(10)))
    actions, games, _, _ = benchmark(one_game, 0.0)
    assert games == 1 and actions > 0


def test_python_chess_reference(benchmark: Any) -> None:
    one_game = chess_slice()
    assert one_game is not None
    actions, games, _, _ = benchmark(one_game, 0.0)
    assert games == 1 and actions > 0


@pytest.mark.parametrize("phase", ["turn", "other"])
def test_legal_actions(benchmark: Any, phase: str) -> None:
    states = [s for s, _ in _positions("2e") if (s.phase == "turn") == (phase == "turn")]
    assert sum(benchmark(lambda: [len(legal_actions(s)) for s in states])) > 0


def test_apply_unchecked(benchmark: Any) -> None:
    positions = _positions("2e")
    assert len(benchmark(lambda: [apply_unchecked(s, a) for s, a in positions])) > 0


def test_checked_apply(benchmark: Any) -> None:
    positions = _positions("2e")
    assert len(benchmark(lambda: [apply(s, a) for s, a in positions])) > 0


def test_state_copy(benchmark: Any) -> None:
    states = [s for s, _ in _positions("2e")]
    assert len(benchmark(lambda: [s.copy() for s in states])) == len(states)


def test_compile_in_memory(benchmark: Any) -> None:
    compile_ruleset("2e")
    assert benchmark(compile_ruleset, "2e").config.id == "2e"


def test_greedy_decisions(benchmark: Any) -> None:
    states = [s for s, _ in _positions("2e", games=3)]
    bot = make_bot("greedy", 1)
    assert len(benchmark(lambda: [bot.choose(s) for s in states])) == len(states)
