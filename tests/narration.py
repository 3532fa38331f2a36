"""Seeded random games narrated step by step, shared by the narration and catalog tests.

`State.copy()` starts every new state with an empty log, so a game's story is the
log of each state in turn: it is read after every `apply`, never just at the end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from polis.compiler import compile_ruleset
from polis.engine import State, apply_unchecked, explain, legal_actions, new_game
from polis.engine.state_json import apply_overrides
from polis.narrate import Narrator
from tests.helpers import BATTLE_SEEDS, rich_start

# bookkeeping entries that Narrator.entry leaves out on purpose
SILENT_LOG_KEYS = frozenset({"setup", "preparation"})
MAX_STEPS = 5_000


@dataclass
class NarratedGame:
    lines: list[str] = field(default_factory=list)  # prompts, choices, refusals and log lines
    log_keys: set[str] = field(default_factory=set)  # every log key the game produced
    unnarrated: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def games(ruleset: str) -> list[tuple[int, dict[str, Any] | None]]:
    """(seed, start overrides) of the games to narrate: three printed starts, and a rich
    start whose game has battles (see tests/engine/test_playthroughs.py)."""
    return [(0, None), (1, None), (2, None), (BATTLE_SEEDS.get(ruleset, 2), rich_start(ruleset))]


def narrate_game(
    ruleset: str, narrator: Narrator, seed: int, start: dict[str, Any] | None = None
) -> NarratedGame:
    """Play a random game, narrating every prompt, choice and refusal, and the log of
    every state; log entries without a sentence are collected in `unnarrated`."""
    game = NarratedGame()

    def read_log(state: State) -> None:
        for key, params in state.log:
            game.log_keys.add(key)
            line = narrator.entry(key, params)
            if key not in SILENT_LOG_KEYS and not (line and line.strip()):
                game.unnarrated.append((key, params))
        game.lines.extend(narrator.log(state))

    chooser = random.Random(seed)
    state = new_game(compile_ruleset(ruleset).config, seed)
    if start:
        apply_overrides(state, start)
    read_log(state)
    for _ in range(MAX_STEPS):
        if state.finished:
            break
        options = legal_actions(state)
        game.lines.append(narrator.prompt(state))
        game.lines.extend(narrator.action(state, a) for a in options)
        refusal = explain(state, ("nonsense",))
        assert refusal is not None, "a nonsense action was accepted"
        game.lines.append(narrator.refusal(refusal))
        state = apply_unchecked(state, chooser.choice(options))
        read_log(state)
    assert state.finished, f"{ruleset} seed {seed}: no end after {MAX_STEPS} steps"
    game.lines.append(narrator.prompt(state))
    return game
