"""Every storage test runs on SQLite and on a real PostgreSQL (tests/postgres.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from polis.compiler import compile_ruleset
from polis.engine import State, apply, legal_actions, new_game
from polis.engine.record import Record, action_json
from polis.store import GameStore

BACKENDS = ("sqlite", "postgresql")


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'games.db'}"


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    url: str = request.getfixturevalue("postgresql_url")
    return url


@pytest.fixture
def store(db_url: str) -> Iterator[GameStore]:
    opened = GameStore(db_url)
    yield opened
    opened.close()


def fresh_record(ruleset: str = "2e", seed: int = 5, **meta: Any) -> Record:
    compiled = compile_ruleset(ruleset)
    return Record(ruleset, compiled.content_hash, seed, [], meta=dict(meta))


def line_of_play(ruleset: str = "2e", seed: int = 5, length: int = 30) -> list[list[Any]]:
    """Up to `length` actions of a game whose choices a seeded generator picks."""
    pick = random.Random(seed)
    state: State = new_game(compile_ruleset(ruleset).config, seed)
    actions = []
    while len(actions) < length and not state.finished:
        action = pick.choice(legal_actions(state))
        actions.append(action_json(state, action))
        state = apply(state, action)
    return actions
