"""Game records: ruleset + content hash + seed + actions, and exact replay.

A record replays to the same states every time because all randomness comes
from the seeded generator in the state. The content hash pins the compiled
rules: a record made under other rules is refused rather than replayed wrongly.
Records are untrusted input when uploaded, so reading them is size-limited and
every problem is a RecordError with a plain message.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from polis.compiler import Compiled
from polis.engine import apply, new_game
from polis.engine.invariants import violations
from polis.engine.notation import NotationError, from_json, to_json
from polis.engine.phases import Action, Refusal
from polis.engine.state import State
from polis.engine.state_json import OverrideError, apply_overrides

FORMAT = "polis-record/1"
MAX_RECORD_BYTES = 2 * 1024 * 1024


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why."""


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


def loads(raw: bytes | str) -> Record:
    """Parse a record file (JSON), refusing anything malformed or oversized."""
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            f"the record is {len(data):,} bytes; at most {MAX_RECORD_BYTES:,} are accepted"
        )
    try:
        obj = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("the record is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"the record is not valid JSON (line {exc.lineno}, column {exc.colno})"
        ) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise RecordError(f"this is not a Polis game record (expected format {FORMAT!r})")
    try:
        seed = obj["seed"]
        ruleset = obj["ruleset"]
        digest = obj["content_hash"]
        actions = obj["actions"]
    except KeyError as exc:
        raise RecordError(f"the record has no {exc.args[0]!r}") from None
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(ruleset, str):
        raise RecordError("the record's seed must be a whole number and its ruleset a name")
    if not isinstance(digest, str) or not isinstance(actions, list):
        raise RecordError("the record's content_hash must be text and its actions a list")
    overlay = obj.get("overlay")
    if overlay is not None and not isinstance(overlay, str):
        raise RecordError("the record's overlay must be the overlay's YAML text")
    start = obj.get("start")
    if start is not None and not isinstance(start, dict):
        raise RecordError("the record's start must be a mapping of state overrides")
    meta = obj.get("meta", {})
    return Record(
        ruleset, digest, seed, actions, overlay, start, meta if isinstance(meta, dict) else {}
    )


def replay(record: Record, compiled: Compiled) -> Iterator[State]:
    """Every state of the game, from the first decision to the last action's result."""
    if record.content_hash != compiled.content_hash:
        raise RecordError(
            f"the record was made with other rules for {record.ruleset!r} (content hash "
            f"{record.content_hash[:12]}…, these rules are {compiled.content_hash[:12]}…)"
        )
    state = new_game(compiled.config, record.seed)
    if record.start:
        try:
            apply_overrides(state, record.start)
        except (OverrideError, KeyError, TypeError, AttributeError) as exc:  # a wrong shape or name
            raise RecordError(f"the record's start cannot be applied: {exc}") from None
        broken = violations(state)
        if broken:
            raise RecordError(f"the record's start is not a possible position: {broken[0]}")
    yield state
    for i, data in enumerate(record.actions):
        try:
            action: Action = from_json(compiled.config, data)
            state = apply(state, action)
        except NotationError as exc:
            raise RecordError(f"action {i + 1} ({data!r}) cannot be read: {exc}") from None
        except Refusal as exc:
            raise RecordError(
                f"action {i + 1} ({data!r}) is not allowed there: {exc.message} [{exc.rule}]"
            ) from None
        yield state


def action_json(state: State, action: Action) -> list[Any]:
    """The JSON form of an action played in `state` (cards need to know the battle's deck)."""
    naval = state.battle.naval if state.battle is not None else False
    return to_json(state.cfg, action, naval=naval)
