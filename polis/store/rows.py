"""A stored row back into a game record, checked like any record from outside.

The database is trusted no more than a file: a row edited by hand, cut short
by a bad restore or written under other rules must give a message naming the
game, never a traceback. So a row is read back through the record check
(polis.engine.record.loads: shape, sizes, depth), and opening a game replays
it under its rules (the shipped ruleset it names, or the overlay it carries):
a hash of other rules or a move the rules refuse is found there.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from polis.compiler import Compiled, compile_loaded, compile_ruleset
from polis.engine import MAX_RECORD_DEPTH, Record, RecordError, replay
from polis.engine import RECORD_FORMAT as FORMAT
from polis.engine import load_record as loads
from polis.messages import Message, msg, quoted
from polis.rules.issues import RulesError
from polis.rules.loader import load_overlay_text
from polis.rules.registry import discover
from polis.store.errors import StoreError, shown_id

OVERLAYS_KEPT = 16  # compiled overlays of stored games kept in memory


class DamagedError(StoreError):
    """A stored game whose row cannot be read as a record; the message names the game."""

    def __init__(self, game_id: str, problem: Message) -> None:
        super().__init__(msg("store.damaged", game=shown_id(game_id), problem=problem))
        self.game_id = game_id
        self.detail = problem


def parse_json(text: str | None, column: str) -> Any:
    """A JSON column's value; RecordError naming the column when it is not JSON."""
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        raise RecordError(msg("store.column_json", column=column)) from None
    except RecursionError:  # deeper than any record may be (loads refuses what is less deep)
        raise RecordError(msg("record.too_deep", limit=MAX_RECORD_DEPTH)) from None


def parse_options(text: str) -> dict[str, Any]:
    options = parse_json(text, "options")
    if not isinstance(options, dict):
        raise RecordError(msg("store.options"))
    return options


def row_record(row: Any, actions: Sequence[str]) -> Record:
    """The record a games row and its move rows hold, through the record check."""
    seed: Any = int(row.seed) if row.seed.isdigit() else row.seed  # loads says what is wrong
    data: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": row.ruleset,
        "content_hash": row.content_hash,
        "seed": seed,
        "actions": [parse_json(text, "action") for text in actions],
        "meta": parse_json(row.meta, "meta"),
    }
    if row.overlay is not None:
        data["overlay"] = row.overlay
    if row.start is not None:
        data["start"] = parse_json(row.start, "start")
    return loads(json.dumps(data, ensure_ascii=False))


def rules_of(record: Record) -> Compiled:
    """The compiled rules a record was played under: a shipped ruleset or the overlay it carries.

    A stored ruleset name is never a path: only shipped ids are compiled by name.
    """
    if record.overlay is not None:
        try:
            return _overlay_rules(record.overlay)
        except RulesError as error:
            first = error.issues[0].problem  # a RulesError carries at least one issue
            raise RecordError(msg("store.overlay_invalid", problem=first)) from None
    if record.ruleset not in discover():
        raise RecordError(msg("record.unknown_rules", ruleset=quoted(record.ruleset)))
    return compile_ruleset(record.ruleset)


@lru_cache(maxsize=OVERLAYS_KEPT)
def _overlay_rules(text: str) -> Compiled:
    return compile_loaded(load_overlay_text(text, display="overlay.yaml"))


def check_rules(record: Record) -> None:
    """Replay the record under its rules: RecordError for other rules or a refused move."""
    for _ in replay(record, rules_of(record)):
        pass
