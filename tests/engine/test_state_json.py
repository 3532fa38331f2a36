"""The state JSON matches its documented schema in every phase, hands included or not."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest

from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, legal_actions, new_game, schemas
from polis.engine.state_json import OverrideError, apply_overrides, to_json
from polis.rules import schema_export
from polis.rules.registry import rules_data_dir
from tests.helpers import rich_start

DOCS = rules_data_dir().parent / "docs" / "schema"


def test_documented_schemas_are_current() -> None:
    assert schema_export.stale(DOCS, schemas.files()) == []


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_states_validate(ruleset: str) -> None:
    validator = jsonschema.Draft202012Validator(
        json.loads((DOCS / "state.schema.json").read_text("utf-8"))
    )
    cfg = compile_ruleset(ruleset).config
    chooser = random.Random(1)
    phases: set[str] = set()
    for seed in range(6):
        s = new_game(cfg, seed)
        apply_overrides(s, rich_start(ruleset))
        while not s.finished:
            for hidden in (True, False):
                errors = list(validator.iter_errors(to_json(s, reveal_hands=hidden)))
                assert errors == [], errors[0].message if errors else ""
            phases.add(s.phase)
            s = apply_unchecked(s, chooser.choice(legal_actions(s)))
        assert list(validator.iter_errors(to_json(s))) == []
    assert {"turn", "move_origin", "feed", "grow"} <= phases


def test_hands_only_when_asked() -> None:
    s = new_game(compile_ruleset("2e").config, 0)
    apply_overrides(
        s,
        {
            "clear_units": True,
            "units": {"athens": {"boiotia": 4}, "sparta": {"boiotia": 4}},
            "battle": {
                "area": "boiotia",
                "attacker": "sparta",
                "hands": {"sparta": ["land:phalanx/othismos"], "athens": []},
            },
        },
    )
    assert to_json(s)["battle"]["hands"]["sparta"] == ["land:phalanx/othismos"]
    assert "hands" not in to_json(s, reveal_hands=False)["battle"]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"round": "gamma"}, "unknown round"),
        ({"units": {"thebes": {}}}, "unknown side"),
        ({"poleis": {"atlantis": {"owner": "athens"}}}, "unknown polis"),
        ({"market": {"silver": 2}}, "has no market track"),
        ({"weather": "fine"}, "cannot set 'weather'"),
    ],
)
def test_bad_overrides(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(OverrideError, match=message):
        apply_overrides(new_game(compile_ruleset("2e").config, 0), overrides)
