"""Position files: a situation, some actions, and what must follow (for rule tests).

    name: Siege of Thebai fails, then succeeds with a siege disc
    source: {book: pl, section: "7. OBŁĘŻENIE POLIS, Przykład 2"}
    ruleset: 2e
    seed: 0
    state: {round: sigma, player: athens, active: athens, units: {athens: {boiotia: 3}}}
    dice: [2]
    actions: [[act, besiege], [polis, thebai]]
    expect: {units: {athens: {boiotia: 2}}, poleis: {thebai: {owner: null}}}
    refused: null          # or the rule id the last action must be refused with
    legal: []              # actions that must be legal at the end
    not_legal: []          # actions that must not be
    log: [siege]           # log keys that must appear during the actions

`expect` is matched against the state JSON (state_json.to_json): every key it
names must have that value; a unit count of 0 matches an absent area.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polis.compiler import compile_ruleset
from polis.engine.core import apply, legal_actions, new_game
from polis.engine.notation import from_json
from polis.engine.phases import Refusal
from polis.engine.state import State
from polis.engine.state_json import apply_overrides, to_json
from polis.rules.yaml_loader import load_file


@dataclass
class Position:
    name: str
    ruleset: str
    source: dict[str, Any]
    seed: int = 0
    state: dict[str, Any] = field(default_factory=dict)
    dice: list[int] = field(default_factory=list)
    actions: list[list[Any]] = field(default_factory=list)
    expect: dict[str, Any] = field(default_factory=dict)
    refused: str | None = None
    legal: list[list[Any]] = field(default_factory=list)
    not_legal: list[list[Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def load_position(path: Path) -> Position:
    data = load_file(path).data
    return Position(**data)


def mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where `actual` differs from the partial structure `expected`."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected a mapping, found {actual!r}"]
        out = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                if value != 0:
                    out.append(f"{sub}: missing (expected {value!r})")
                continue
            out += mismatches(value, actual[key], sub)
        return out
    return [] if expected == actual else [f"{path}: expected {expected!r}, found {actual!r}"]


@dataclass
class Outcome:
    state: State
    log: list[str]
    problems: list[str]


def run_position(pos: Position) -> Outcome:
    cfg = compile_ruleset(pos.ruleset).config
    state = new_game(cfg, pos.seed)
    apply_overrides(state, pos.state)
    state.forced = tuple(pos.dice)
    problems: list[str] = []
    log: list[str] = []
    for i, data in enumerate(pos.actions):
        action = from_json(cfg, data)
        last = i == len(pos.actions) - 1
        try:
            state = apply(state, action)
        except Refusal as refusal:
            if last and pos.refused == refusal.rule:
                break
            problems.append(f"action {i + 1} {data!r} refused: {refusal.message} [{refusal.rule}]")
            return Outcome(state, log, problems)
        log += [key for key, _ in state.log]
        if last and pos.refused:
            problems.append(
                f"the last action {data!r} was allowed, expected refusal {pos.refused!r}"
            )
    problems += mismatches(pos.expect, to_json(state))
    offered = legal_actions(state)
    for data in pos.legal:
        if from_json(cfg, data) not in offered:
            problems.append(f"{data!r} should be legal at the end")
    for data in pos.not_legal:
        if from_json(cfg, data) in offered:
            problems.append(f"{data!r} should not be legal at the end")
    for key in pos.log:
        if key not in log:
            problems.append(f"log never showed {key!r} (saw {sorted(set(log))})")
    return Outcome(state, log, problems)
