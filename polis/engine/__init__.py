"""The Polis engine: a seeded, replayable state machine over a compiled ruleset.

>>> from polis.compiler import compile_ruleset
>>> from polis import engine
>>> s = engine.new_game(compile_ruleset("2e").config, seed=1)
>>> s.phase, s.player
('turn', 1)
>>> ("pass",) in engine.legal_actions(s)
True

At every moment one player owes a decision: `legal_actions(state)` lists the
choices, `apply(state, action)` returns the next state (the given one is never
changed) or raises `Refusal` naming the rule, and `explain(state, action)` says
why an action is not allowed. The engine reads only the compiled configuration;
editions differ in data, never in code.

This package is the engine's one face: code outside `polis/engine/` imports
from `polis.engine` only, never from its modules (a lint rule refuses it; see
docs/engine.md#the-public-face, which lists every name below).
"""

from __future__ import annotations

from polis.engine import (  # noqa: F401  (modules register their phases on import)
    act_development,
    act_military,
    act_political,
    battle,
    events,
    flow,
    round_end,
    turns,
)
from polis.engine.act_development import costs as unit_costs
from polis.engine.act_development import project_hosts, startable_projects
from polis.engine.act_military import siege_chance, siege_need, tribute_cost
from polis.engine.act_political import civil_war_cost, price, proxenos_moves, trade_slots
from polis.engine.battle import cards_of, matched
from polis.engine.board import market_reachable, proxenos_costs
from polis.engine.core import advance, apply, apply_unchecked, legal_actions, new_game
from polis.engine.flow import other_passed, passes_in_turns
from polis.engine.notation import NotationError, card_id, slot_id
from polis.engine.notation import from_json as action_from_json
from polis.engine.notation import to_json as action_to_json
from polis.engine.observation import (
    Observation,
    conceal,
    determinize,
    observe,
    unseen_cards,
)
from polis.engine.operations import (
    ACT,
    ALLOC,
    ATTACK,
    BARTER,
    BATTLE,
    BUILD,
    BUY,
    DEFEND,
    DEST,
    DISCARD,
    DONE,
    FEED,
    FIGHT,
    FROM,
    GROW,
    OPERATIONS,
    OPTION,
    PASS,
    PAY,
    PHOROS,
    POLIS,
    PROJECT,
    PROXENOS,
    RANSOM,
    RELEASE,
    REMOVE,
    RETREAT,
    SLOT,
    STOP,
    SURCHARGE,
    TERRITORY,
    Operation,
    board_argument,
    fits,
)
from polis.engine.outcomes import (
    SCORE_REASONS,
    goods_held,
    score_parts,
    scores,
    zero_prestige_loses,
    zero_prestige_loses_in,
)
from polis.engine.phases import Action, Refusal
from polis.engine.record import (
    FORMAT as RECORD_FORMAT,
)
from polis.engine.record import (
    MAX_RECORD_BYTES,
    MAX_RECORD_DEPTH,
    Record,
    RecordError,
    action_json,
    replay,
)
from polis.engine.record import loads as load_record
from polis.engine.refusals import explain
from polis.engine.round_end import feeding_need, round_end_now
from polis.engine.schemas import MAX_SEED
from polis.engine.state import (
    DISCARDED,
    DRAW,
    IN_BOX,
    NO_WINNER,
    ON_OFFER,
    SLOT_BLOCKED,
    SLOT_COVERED,
    SLOT_FREE,
    LogEntry,
    State,
)
from polis.engine.state_json import OverrideError, apply_overrides
from polis.engine.state_json import to_json as state_to_json
from polis.engine.turns import TurnOffers, surcharge


def schema_files() -> dict[str, str]:
    """The JSON Schemas of the state, action and record formats, as committed in docs/schema/.

    Imported on demand: only the schema export needs the pydantic models behind them.
    """
    from polis.engine import schemas

    return schemas.files()


__all__ = [
    "ACT",
    "ALLOC",
    "ATTACK",
    "BARTER",
    "BATTLE",
    "BUILD",
    "BUY",
    "DEFEND",
    "DEST",
    "DISCARD",
    "DISCARDED",
    "DONE",
    "DRAW",
    "FEED",
    "FIGHT",
    "FROM",
    "GROW",
    "IN_BOX",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_DEPTH",
    "MAX_SEED",
    "NO_WINNER",
    "ON_OFFER",
    "OPERATIONS",
    "OPTION",
    "PASS",
    "PAY",
    "PHOROS",
    "POLIS",
    "PROJECT",
    "PROXENOS",
    "RANSOM",
    "RECORD_FORMAT",
    "RELEASE",
    "REMOVE",
    "RETREAT",
    "SCORE_REASONS",
    "SLOT",
    "SLOT_BLOCKED",
    "SLOT_COVERED",
    "SLOT_FREE",
    "STOP",
    "SURCHARGE",
    "TERRITORY",
    "Action",
    "LogEntry",
    "NotationError",
    "Observation",
    "Operation",
    "OverrideError",
    "Record",
    "RecordError",
    "Refusal",
    "State",
    "TurnOffers",
    "action_from_json",
    "action_json",
    "action_to_json",
    "advance",
    "apply",
    "apply_overrides",
    "apply_unchecked",
    "board_argument",
    "card_id",
    "cards_of",
    "civil_war_cost",
    "conceal",
    "determinize",
    "explain",
    "feeding_need",
    "fits",
    "goods_held",
    "legal_actions",
    "load_record",
    "market_reachable",
    "matched",
    "new_game",
    "observe",
    "other_passed",
    "passes_in_turns",
    "price",
    "project_hosts",
    "proxenos_costs",
    "proxenos_moves",
    "replay",
    "round_end_now",
    "schema_files",
    "score_parts",
    "scores",
    "siege_chance",
    "siege_need",
    "slot_id",
    "startable_projects",
    "state_to_json",
    "surcharge",
    "trade_slots",
    "tribute_cost",
    "unit_costs",
    "unseen_cards",
    "zero_prestige_loses",
    "zero_prestige_loses_in",
]
