"""Records: exact replay, the content hash, and every way a bad record is refused."""

from __future__ import annotations

import json
import random

import pytest

from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, legal_actions, new_game
from polis.engine.record import MAX_RECORD_BYTES, Record, RecordError, action_json, loads, replay
from polis.engine.state_json import to_json


def recorded_game(ruleset: str = "2e", seed: int = 4) -> tuple[Record, dict[str, object]]:
    compiled = compile_ruleset(ruleset)
    s = new_game(compiled.config, seed)
    rec = Record(ruleset, compiled.content_hash, seed)
    chooser = random.Random(seed)
    while not s.finished:
        action = chooser.choice(legal_actions(s))
        rec.actions.append(action_json(s, action))
        s = apply_unchecked(s, action)
    return rec, to_json(s)


def test_replay_reproduces_every_state() -> None:
    rec, final = recorded_game()
    again = loads(rec.dumps())
    states = list(replay(again, compile_ruleset("2e")))
    assert len(states) == len(rec.actions) + 1
    assert to_json(states[-1]) == final


def test_other_rules_are_refused() -> None:
    rec, _ = recorded_game()
    rec.content_hash = "0" * 64
    with pytest.raises(RecordError, match="made with other rules"):
        list(replay(rec, compile_ruleset("2e")))


def test_an_illegal_action_names_its_index_and_rule() -> None:
    rec, _ = recorded_game()
    rec.actions.insert(0, ["act", "besiege"])
    with pytest.raises(
        RecordError,
        match=r"action 1 \(\['act', 'besiege'\]\) is not allowed there: .*\[actions\.besiege\]",
    ):
        list(replay(rec, compile_ruleset("2e")))


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"{not json", "not valid JSON"),
        (b"[]", "not a Polis game record"),
        (json.dumps({"format": "polis-record/1", "ruleset": "2e"}).encode(), "has no 'seed'"),
        (
            json.dumps(
                {
                    "format": "polis-record/1",
                    "ruleset": "2e",
                    "content_hash": "x",
                    "seed": "1",
                    "actions": [],
                }
            ).encode(),
            "seed must be a whole number",
        ),
        (b" " * (MAX_RECORD_BYTES + 1), "at most"),
    ],
)
def test_bad_files(raw: bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        loads(raw)


def test_unreadable_action_inside_a_record() -> None:
    rec, _ = recorded_game()
    rec.actions[0] = ["teleport"]
    with pytest.raises(RecordError, match=r"action 1 .* cannot be read"):
        list(replay(rec, compile_ruleset("2e")))


@pytest.mark.parametrize(
    ("start", "message"),
    [
        ({"phase": "bogus"}, "unknown phase 'bogus'"),
        ({"units": {"athens": {"attika": -5}}}, "attika must be a whole number from 0"),
        ({"sides": {"athens": {"prestige": "x"}}}, "prestige must be a whole number"),
        ({"sides": {"athens": {"prestige": True}}}, "prestige must be a whole number"),
        ({"market": {"metal": 99}}, "metal market column must be a whole number from 1 to 12"),
        ({"slots": {"persis/3": "covred"}}, "unknown slot state 'covred'"),
        ({"player": "thebes"}, "unknown side 'thebes'"),
        ({"units": {"athens": {"attika": 9}}}, "not a possible position: side 0 has 9 units"),
        (
            {
                "battle": {
                    "area": "boiotia",
                    "attacker": "sparta",
                    "hands": {"sparta": ["naval:trireme/periplous"]},
                }
            },
            "is not a card of this battle's deck",
        ),
        ({"battle": {"attacker": "sparta"}}, "cannot be applied: 'area'"),
    ],
)
def test_bad_start_is_refused(start: dict[str, object], message: str) -> None:
    compiled = compile_ruleset("2e")
    rec = Record("2e", compiled.content_hash, 1, [], start=start)
    with pytest.raises(RecordError, match=message):
        list(replay(rec, compiled))
