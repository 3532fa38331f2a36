"""Records: exact replay, the content hash, and every way a bad record is refused."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest

from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, legal_actions, new_game
from polis.engine.record import MAX_RECORD_BYTES, Record, RecordError, action_json, loads, replay
from polis.engine.state_json import to_json
from polis.rules.issues import dotted
from polis.rules.registry import rules_data_dir
from tests.fuzz.mutate import (
    BOIOTIA_BATTLE,
    EVERY_START_KEY,
    full_records,
    swapped,
    type_swaps,
)


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
        (
            json.dumps({"format": "polis-record/1", "ruleset": "2e", "actions": []}).encode(),
            r"^content_hash: this field is required but missing \(and 1 more problem\)$",
        ),
        (
            json.dumps(
                {
                    "format": "polis-record/1",
                    "ruleset": "2e",
                    "content_hash": "0" * 64,
                    "seed": "1",
                    "actions": [],
                }
            ).encode(),
            r"^seed: expected a whole number, got '1'$",
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
        ({"phase": "bogus"}, "may set only the phase 'turn'"),
        ({"units": {"athens": {"attika": -5}}}, "attika must be a whole number from 0"),
        ({"sides": {"athens": {"prestige": "x"}}}, "prestige must be a whole number"),
        ({"sides": {"athens": {"prestige": True}}}, "prestige must be a whole number"),
        ({"market": {"metal": 99}}, "metal market column must be a whole number from 1 to 12"),
        ({"slots": {"persis/3": "covred"}}, "unknown slot state 'covred'"),
        ({"player": "thebes"}, "unknown side 'thebes'"),
        ({"units": {"athens": {"attika": 9}}}, "not a possible position: athens has 9 units"),
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
        ({"battle": {"attacker": "sparta"}}, "cannot be applied: unknown area None"),
    ],
)
def test_bad_start_is_refused(start: dict[str, object], message: str) -> None:
    compiled = compile_ruleset("2e")
    rec = Record("2e", compiled.content_hash, 1, [], start=start)
    with pytest.raises(RecordError, match=message):
        list(replay(rec, compiled))


# ------------------------------------------------------------------ issue 13: hostile records


def _refused(start: dict[str, object], ruleset: str = "2e") -> RecordError:
    compiled = compile_ruleset(ruleset)
    rec = Record(ruleset, compiled.content_hash, 1, [], start=start)
    with pytest.raises(RecordError) as caught:
        list(replay(rec, compiled))
    assert "\n" not in str(caught.value)
    return caught.value


def test_a_battle_start_that_follows_the_deal_is_played() -> None:
    compiled = compile_ruleset("2e")
    rec = Record("2e", compiled.content_hash, 1, [], start=BOIOTIA_BATTLE)
    state = list(replay(rec, compiled))[-1]
    assert state.phase == "attack" and legal_actions(state)


@pytest.mark.parametrize("phase", ["attack", "move_origin", "event_remove", "create_polis"])
def test_a_phase_needs_the_move_in_progress(phase: str) -> None:
    """Each of these used to pass and then crash or stall the engine (IndexError, no choice)."""
    assert "may set only the phase 'turn'" in str(_refused({"phase": phase}))


@pytest.mark.parametrize("key", ["player", "active"])
def test_nobody_to_move_is_refused(key: str) -> None:
    assert "unknown side None" in str(_refused({key: None}))


def test_battle_then_must_be_a_known_continuation() -> None:
    start = {**BOIOTIA_BATTLE, "battle": {**BOIOTIA_BATTLE["battle"], "then": "anything"}}  # type: ignore[dict-item]
    assert "unknown continuation after the battle 'anything'" in str(_refused(start))


def test_a_battle_without_hands_is_refused() -> None:
    start = {**BOIOTIA_BATTLE, "battle": {"area": "boiotia", "attacker": "sparta"}}
    assert "one card per unit" in str(_refused(start))


def test_a_battle_where_no_battle_can_be_is_refused() -> None:
    start = {**BOIOTIA_BATTLE, "units": {"athens": {"boiotia": 1}, "sparta": {"boiotia": 1}}}
    assert "fewer than 8 units" in str(_refused(start))


def test_more_cards_in_hand_than_the_deck_holds() -> None:
    hands = {"sparta": ["land:salpinx/ambush"] * 4, "athens": ["land:salpinx/ambush"] * 4}
    start = {**BOIOTIA_BATTLE, "battle": {**BOIOTIA_BATTLE["battle"], "hands": hands}}  # type: ignore[dict-item]
    assert "more of a card than the deck has" in str(_refused(start))


def test_tribute_disc_on_a_sea_is_an_unknown_territory() -> None:
    """A sea's index lies past the territories: this was an IndexError."""
    assert "unknown territory 'kyklades'" in str(_refused({"tributed": {"kyklades": "athens"}}))


@pytest.mark.parametrize(
    "start",
    [{"units": []}, {"sides": {"athens": 5}}, {"poleis": {"thebai": None}}, {"passed": "athens"}],
)
def test_wrong_shapes_in_a_start_are_refused(start: dict[str, object]) -> None:
    assert "must be a" in str(_refused(start))


def _record_text(**changes: object) -> str:
    rec, _ = recorded_game()
    data = rec.to_json()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_json_nested_deep_is_refused_before_parsing(depth: int) -> None:
    """json.loads recursed until RecursionError at about 1,000 levels."""
    text = _record_text()[:-1] + ', "meta": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(RecordError, match="nested more than 16 levels"):
        loads(text)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    rec = loads(_record_text(meta={"note": "[" * 5_000}))
    assert rec.meta["note"].startswith("[[[")


def test_a_five_thousand_digit_number_is_refused() -> None:
    text = _record_text().replace('"seed": 4', '"seed": ' + "9" * 5_000)
    with pytest.raises(RecordError, match="number too long"):
        loads(text)


def test_a_seed_beyond_64_bits_is_refused() -> None:
    with pytest.raises(RecordError, match=r"^seed: must be at most 18,446,744,073,709,551,615"):
        loads(_record_text(seed=2**64))


@pytest.mark.parametrize(
    "meta",
    [{"controllers": ["human", "robot"]}, {"controllers": ["human", "mcts:expert"]}],
)
def test_meta_controllers_are_checked_where_controllers_are_declared(meta: object) -> None:
    """The engine reads records without knowing the bots; the play layer refuses these."""
    from polis.play.controllers import from_meta

    record = loads(_record_text(meta=meta))
    with pytest.raises(RecordError, match=r"meta\.controllers two of: human, random, greedy"):
        from_meta(record.meta)


@pytest.mark.parametrize(
    ("meta", "message"),
    [
        ({"controllers": 5}, "meta.controllers: expected a list (a JSON array), got 5"),
        ({"controllers": [1, 2]}, "meta.controllers[0]: expected text, got 1 (and 1 more"),
        ({"controllers": ["human"]}, "meta.controllers: needs at least 2 items, has 1"),
        ([], "meta: expected a mapping (a JSON object), got a list"),
        ("x", "meta: expected a mapping (a JSON object), got 'x'"),
    ],
)
def test_meta_controllers_must_be_two_names(meta: object, message: str) -> None:
    """`tuple(5)` on the Play page was a TypeError the visitor saw as a traceback. Which
    names may play a side is the play layer's to say, not the record's schema."""
    with pytest.raises(RecordError) as caught:
        loads(_record_text(meta=meta))
    assert str(caught.value).startswith(message)


def test_meta_may_hold_more_than_the_controllers() -> None:
    rec = loads(_record_text(meta={"controllers": ["human", "mcts:strong"], "note": [1]}))
    assert rec.meta == {"controllers": ["human", "mcts:strong"], "note": [1]}


@pytest.mark.parametrize("meta", [None, {}, {"controllers": None}])
def test_no_controllers_said_is_two_people(meta: object) -> None:
    """Accepted before the schema, so a saved file may hold them."""
    assert not loads(_record_text(meta=meta)).meta.get("controllers")


# ------------------------------------------------------------------ issue 32: one schema


def test_a_start_whose_project_place_is_a_mapping_is_refused_where_it_is() -> None:
    """A 262-character link: `polis replay` and the Play page showed a TypeError."""
    start = {"projects": {"protagoras": {"where": {}}}}
    with pytest.raises(RecordError) as caught:
        loads(_record_text(start=start))
    assert str(caught.value) == "start.projects.protagoras.where: expected text, got a mapping"
    assert "start.projects.protagoras.where" in caught.value.render("de")
    assert caught.value.render("de") != str(caught.value)


def records_with_every_start_key() -> list[dict[str, object]]:
    return [json.loads(json.dumps(rec)) for rec in full_records()]


def test_the_full_records_play() -> None:
    """The records the type swaps start from are good ones: a swap is all that is wrong."""
    for data in records_with_every_start_key():
        rec = loads(json.dumps(data))
        assert len(list(replay(rec, compile_ruleset("2e")))) == len(rec.actions) + 1
    assert set(EVERY_START_KEY) | set(BOIOTIA_BATTLE) == {
        "clear_units", "round", "phase", "player", "active", "passed", "first_passer", "sides",
        "units", "poleis", "projects", "market", "tributed", "slots", "battle",
    }  # fmt: skip


@pytest.mark.parametrize("which", [0, 1])
def test_a_wrong_type_anywhere_is_refused_at_its_place_or_replayed(which: int) -> None:
    """Every path of a record that sets every start key, every kind of value put there:
    refused by the schema naming the place (or a place inside it), or taken because that
    kind belongs there and then replayed or refused in words; never another exception."""
    data = records_with_every_start_key()[which]
    compiled = compile_ruleset("2e")
    refused_at_place = 0
    for path, value in type_swaps(data):
        text = json.dumps(swapped(data, path, value))
        place = dotted(path)
        try:
            rec = loads(text)
        except RecordError as exc:
            said = str(exc)
            assert said.startswith(place) or (place == "format" and "not a Polis" in said)
            assert "\n" not in said
            refused_at_place += 1
            continue
        try:
            list(replay(rec, compiled))
        except RecordError as exc:
            assert "\n" not in str(exc)
    assert refused_at_place > 0.8 * len(type_swaps(data))


def test_a_refused_action_shows_its_filled_sentence_in_any_language() -> None:
    """The raw '{action}' placeholder once reached the Play page."""
    rec, _ = recorded_game()
    rec.actions.insert(0, ["act", "fly"])
    with pytest.raises(RecordError) as caught:
        list(replay(rec, compile_ruleset("2e")))
    for lang in ("en", "de", "ru"):
        text = caught.value.render(lang)
        assert "{" not in text and "fly" in text


def test_the_committed_json_schema_says_what_the_check_says() -> None:
    """docs/schema/record.schema.json is for other tools (editors, other languages): on every
    type swap it accepts exactly what `loads` accepts. Known difference, left out of the
    swaps: JSON Schema counts 1.0 as an integer, the strict check does not."""
    schema = json.loads((rules_data_dir().parent / "docs/schema/record.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    disagree = []
    for data in records_with_every_start_key():
        for path, value in type_swaps(data):
            case = swapped(data, path, value)
            try:
                loads(json.dumps(case))
                ours = True
            except RecordError:
                ours = False
            if validator.is_valid(case) != ours:
                disagree.append((dotted(path), value))
    assert disagree == []
