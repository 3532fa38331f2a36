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

from polis.compiler import Compiled
from polis.engine.battle import battle_areas
from polis.engine.core import apply, legal_actions, new_game
from polis.engine.invariants import violations
from polis.engine.notation import NotationError, from_json, to_json
from polis.engine.phases import Action, Refusal
from polis.engine.state import State
from polis.engine.state_json import OverrideError, apply_overrides
from polis.messages import Message, MessageError, gettext_message, msg, quoted

FORMAT = "polis-record/1"
MAX_RECORD_BYTES = 2 * 1024 * 1024
# A record nests 4 levels (record, start, sides, goods); 16 leaves room, and the check runs
# before anything walks the data.
MAX_RECORD_DEPTH = 16
MAX_SEED = 2**64 - 1


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
    """Parse a record file (JSON), refusing anything malformed, oversized or too deep."""
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
    for name in ("seed", "ruleset", "content_hash", "actions"):
        if name not in obj:
            raise RecordError(msg("record.missing", field=name))
    seed, ruleset, digest, actions = (
        obj[k] for k in ("seed", "ruleset", "content_hash", "actions")
    )
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise RecordError(msg("record.seed", limit=MAX_SEED))
    if not isinstance(ruleset, str) or not ruleset:
        raise RecordError(msg("record.ruleset"))
    if not isinstance(digest, str) or not isinstance(actions, list):
        raise RecordError(msg("record.hash_actions"))
    overlay = obj.get("overlay")
    if overlay is not None and not isinstance(overlay, str):
        raise RecordError(msg("record.overlay"))
    start = obj.get("start")
    if start is not None and not isinstance(start, dict):
        raise RecordError(msg("record.start"))
    meta = obj.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError(msg("record.meta_mapping"))
    # who played each side (meta.controllers) is checked where controllers are declared,
    # above the engine (polis.play.controllers.from_meta)
    return Record(ruleset, digest, seed, actions, overlay, start, meta)


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
