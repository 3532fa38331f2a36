"""Game records: ruleset + content hash + seed + actions, and exact replay.

A record replays to the same states every time because all randomness comes
from the seeded generator in the state. The content hash pins the compiled
rules: a record made under other rules is refused rather than replayed wrongly.
Records are untrusted input when uploaded, so reading them is size-limited and
every problem is a RecordError with a plain message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from polis.compiler import Compiled
from polis.engine.battle import battle_areas
from polis.engine.core import apply, legal_actions, new_game
from polis.engine.invariants import violations
from polis.engine.notation import NotationError, from_json, to_json
from polis.engine.phases import Action, Refusal
from polis.engine.schemas import RecordDoc
from polis.engine.state import State
from polis.engine.state_json import OverrideError, apply_overrides
from polis.messages import Message, MessageError, gettext_message, msg, quoted
from polis.rules import pydantic_issues
from polis.rules.issues import YamlPath, dotted

FORMAT = "polis-record/1"
MAX_RECORD_BYTES = 2 * 1024 * 1024
# A record nests 4 levels (record, start, sides, goods); 16 leaves room, and the check runs
# before anything walks the data.
MAX_RECORD_DEPTH = 16


class RecordError(MessageError):
    """A record that cannot be read or replayed; the message says why, in any language."""


@dataclass
class Record:
    ruleset: str
    content_hash: str
    seed: int
    actions: list[list[Any]] = field(default_factory=list)
    overlay: str | None = None  # the text of an uploaded overlay the game was played under
    start: dict[str, Any] | None = None  # state overrides after setup (as in position files)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "content_hash": self.content_hash,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.overlay is not None:
            out["overlay"] = self.overlay
        if self.start is not None:
            out["start"] = self.start
        if self.meta:
            out["meta"] = self.meta
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def _depth_exceeds(text: str, limit: int) -> bool:
    """Whether JSON text nests deeper than `limit`, found without parsing (so without recursion)."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


# brackets outside strings: a string (with its escapes) is matched whole and skipped
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def loads(raw: bytes | str) -> Record:
    """Check and read a record from outside: a file, a `?record=` link, a stored game.

    The one check every such record passes before anything reads it: at most
    MAX_RECORD_BYTES of UTF-8 JSON nested at most MAX_RECORD_DEPTH deep, then
    every field against the record's schema (polis.engine.schemas.RecordDoc,
    strict: no number as text, no true as 1). Anything else is a RecordError
    whose message names the first wrong field (`start.sides.athens.prestige:
    expected a whole number, got 'x'`) in any language. What the ruleset must
    have (a side, a polis, a legal action) is checked when the record is
    replayed; which controllers may play a side, by the play layer.
    """
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(msg("record.too_big", size=len(data), limit=MAX_RECORD_BYTES))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(msg("record.not_utf8")) from None
    if _depth_exceeds(text, MAX_RECORD_DEPTH):
        raise RecordError(msg("record.too_deep", limit=MAX_RECORD_DEPTH))
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(msg("record.not_json", line=exc.lineno, col=exc.colno)) from None
    except (ValueError, RecursionError):  # a number of thousands of digits
        raise RecordError(msg("record.number_too_long")) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise RecordError(msg("record.not_a_record", format=FORMAT))
    try:
        RecordDoc.model_validate(obj)
    except ValidationError as exc:
        raise RecordError(_schema_problem(exc, obj)) from None
    return Record(
        obj["ruleset"],
        obj["content_hash"],
        obj["seed"],
        obj["actions"],
        obj.get("overlay"),
        obj.get("start"),
        obj.get("meta") or {},
    )


# the words for what a field holds, to say which kinds of value a field takes
_KINDS = {
    "string_type": "value.text",
    "int_type": "value.whole_number",
    "none_required": "value.null",
    "bool_type": "value.bool",
    "list_type": "value.list",
    "dict_type": "value.mapping",
    "model_type": "value.mapping",
}
# pydantic's wording for YAML files ("key: value lines"), said for JSON; the one pattern
_RECORD_WORDING = {
    "dict_type": "record.expected_mapping",
    "model_type": "record.expected_mapping",
    "model_attributes_type": "record.expected_mapping",
    "list_type": "record.expected_list",
    "string_pattern_mismatch": "record.hash_form",
}


def _schema_problem(exc: ValidationError, data: dict[str, Any]) -> Message:
    """The first wrong field of a record, with how many more there are."""
    by_place: dict[YamlPath, list[ErrorDetails]] = {}
    for error in exc.errors(include_url=False):
        by_place.setdefault(pydantic_issues.clean_loc(error["loc"], data), []).append(error)
    place, errors = next(iter(by_place.items()))
    what = _field_problem(place, errors)
    more = len(by_place) - 1
    if more:
        return msg("record.invalid_more", n=more, field=dotted(place), problem=what)
    return msg("record.invalid", field=dotted(place), problem=what)


def _field_problem(place: YamlPath, errors: list[ErrorDetails]) -> Message:
    kinds = [_KINDS.get(error["type"]) for error in errors]
    if len(errors) > 1 and all(kinds):  # a value of none of a union's kinds (an action's item)
        expected = [msg(kind) for kind in dict.fromkeys(k for k in kinds if k)]
        return msg(
            "record.expected_one_of",
            expected=expected,
            input=pydantic_issues.shown(errors[0]["input"]),
        )
    error = errors[0]
    key = _RECORD_WORDING.get(error["type"])
    if key is not None:
        return msg(key, input=pydantic_issues.shown(error.get("input")))
    return pydantic_issues.problem(error, place, RecordDoc)


def start_problem(state: State) -> Message | None:
    """Why a position set by a record's start cannot be played on, or None if it can.

    A start is untrusted: beyond the invariants, the battle it sets must be
    fightable, and the engine must offer a choice and be able to play each one.
    """
    broken = violations(state)
    if broken:
        return msg("record.start_impossible", problem=broken[0])
    b = state.battle
    if b is not None:
        if b.area not in battle_areas(state):  # not enough units there for a battle
            return msg("record.start_battle_units", threshold=state.cfg.battle_threshold)
        # a battle starts with the deal: each side holds a card per unit it has there
        for side in (0, 1):
            if sum(b.hands[side]) != state.n_units(side, b.area):
                return msg("record.start_battle_hands")
    if state.finished:
        return msg("record.start_over")
    options = legal_actions(state)
    if not options:
        return msg("record.start_stuck")
    for action in options:  # one step further on every branch: the position is coherent
        try:
            apply(state, action)
        except Refusal:
            return msg("record.start_stuck")
        except (IndexError, KeyError, ValueError, AssertionError, TypeError):
            return msg("record.start_incoherent")
    return None


def replay(record: Record, compiled: Compiled) -> Iterator[State]:
    """Every state of the game, from the first decision to the last action's result."""
    if record.content_hash != compiled.content_hash:
        raise RecordError(
            msg(
                "record.other_rules",
                ruleset=record.ruleset,
                recorded=record.content_hash[:12],
                current=compiled.content_hash[:12],
            )
        )
    state = new_game(compiled.config, record.seed)
    if record.start:
        try:
            apply_overrides(state, record.start)
        except OverrideError as exc:
            raise RecordError(msg("record.start_unusable", problem=exc.problem)) from None
        problem = start_problem(state)
        if problem is not None:
            raise RecordError(problem)
    yield state
    for i, data in enumerate(record.actions):
        try:
            action: Action = from_json(compiled.config, data)
            state = apply(state, action)
        except NotationError as exc:
            raise RecordError(
                msg("record.action_unreadable", n=i + 1, action=quoted(data), problem=exc.problem)
            ) from None
        except Refusal as exc:
            reason = gettext_message(exc.message, exc.params)
            raise RecordError(
                msg(
                    "record.action_refused",
                    n=i + 1,
                    action=quoted(data),
                    reason=reason,
                    rule=exc.rule,
                )
            ) from None
        yield state


def action_json(state: State, action: Action) -> list[Any]:
    """The JSON form of an action played in `state` (cards need to know the battle's deck)."""
    naval = state.battle.naval if state.battle is not None else False
    return to_json(state.cfg, action, naval=naval)
