"""JSON Schemas of the state, action and record formats (docs/schema/*.schema.json).

These models describe the JSON that `state_json.to_json`, `notation.to_json`
and `Record.to_json` produce; they are used to export the documented schemas
and, in the tests, to validate real output. `RecordDoc` is also the one check
of every record that comes from outside (a file, a link, a stored game):
`polis.engine.record.loads` validates it, strictly, before anything reads the
record. The engine itself never touches these models.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from polis.engine.state_json import MAX_COUNT
from polis.rules.schema_export import dump

Side = Literal["athens", "sparta"]


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Merchants(_Doc):
    hired: int = Field(ge=0)
    in_port: int = Field(ge=0)


class SideState(_Doc):
    prestige: int = Field(ge=0)
    goods: dict[str, int] = Field(description="good id -> amount on the player board")
    supply: int = Field(ge=0, description="unused cubes")
    merchants: Merchants
    proxenos: str | None = Field(description="polis id, or null while a prisoner")
    passed: bool


class PolisState(_Doc):
    owner: Side | None
    population: int = Field(ge=0, description="cubes of the owner; a neutral polis shows its base")
    siege_discs: dict[str, int]


class ProjectState(_Doc):
    where: str = Field(description="box, offer, discarded, or the id of the polis building it")
    completed: bool


class BattleState(_Doc):
    area: str
    naval: bool
    attacker: Side
    assaults: int
    deck_size: int
    played: list[str] = Field(description="the attacker's cards of the current assault")
    hands: dict[str, list[str]] | None = Field(
        default=None, description="hidden information: show each hand only to its owner"
    )


class EventState(_Doc):
    deck: str = Field(description="the event deck of the round")
    card: str | None = Field(description="event id, or null for a card no source names")
    known: bool = Field(description="false: the card's effect is unknown, so it has no effect")
    from_overlay: bool = Field(description="the card's text comes from an overlay")


class StateDoc(_Doc):
    """A game state as `polis new --json` and `polis replay --json` print it."""

    ruleset: str
    round: str
    round_index: int
    phase: str = Field(
        description="the kind of decision pending (turn, move_dest, attack, feed, over...)"
    )
    player: Side | None = Field(description="who must decide now")
    active: Side | None = Field(description="whose turn it is")
    actions_done: int
    used_actions: list[str]
    first_passer: Side | None
    end_step: str | None
    sides: dict[str, SideState]
    units: dict[str, dict[str, int]] = Field(
        description="side -> area -> hoplites or galleys (only non-zero)"
    )
    poleis: dict[str, PolisState]
    projects: dict[str, ProjectState]
    market: dict[str, int] = Field(description="good -> market-value column (1 = leftmost)")
    slots: dict[str, str] = Field(
        description="market/cargo -> free, covered, blocked or the side trading there"
    )
    tributed: dict[str, Side]
    battle: BattleState | None
    event: EventState | None = Field(description="the event card drawn this round, if any")
    chance_draws: int
    forced_dice: list[int]
    winner: Literal["athens", "sparta", "draw"] | None
    reason: str | None
    scores: dict[str, int] | None = None


# ------------------------------------------------------------------ records

MAX_SEED = 2**64 - 1
# a count a record's start may set (state_json.MAX_COUNT: no board count comes near it)
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
# an action's arguments: ids, numbers, or null (a `build` without an area)
Atom = StrictStr | StrictInt | None


def _absent_not_null(schema: dict[str, Any]) -> None:
    """A field of a start may be left out but never be null: no `"default": null` shown."""
    for prop in schema.get("properties", {}).values():
        if "default" in prop and prop["default"] is None:
            del prop["default"]


class _Start(BaseModel):
    """Part of a record's `start`: every field optional (left out: unchanged), none null
    unless null means something (a captured proxenos, a neutral polis)."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra=_absent_not_null)


class StartMerchants(_Start):
    hired: Annotated[Count, Field(default=None)]


class StartSide(_Start):
    prestige: Annotated[Count, Field(default=None)]
    goods: Annotated[dict[StrictStr, Count], Field(default=None)]
    proxenos: StrictStr | None = Field(default=None, description="polis id, or null: a prisoner")
    merchants: Annotated[StartMerchants, Field(default=None)]


class StartPolis(_Start):
    owner: StrictStr | None = Field(default=None, description="side id, or null: neutral")
    population: Annotated[Count, Field(default=None)]
    siege_discs: Annotated[dict[StrictStr, Count], Field(default=None)]


class StartProject(_Start):
    where: Annotated[StrictStr, Field(default=None, description="box, offer, discarded or a polis")]
    completed: Annotated[StrictBool, Field(default=None)]


class StartBattle(_Start):
    area: StrictStr
    attacker: StrictStr
    hands: Annotated[dict[StrictStr, list[StrictStr]], Field(default=None)]
    deck: Annotated[list[StrictStr], Field(default=None)]
    then: Annotated[StrictStr, Field(default=None, description="what follows the battle")]


class StartDoc(_Start):
    """State overrides applied after setup (polis.engine.state_json.apply_overrides)."""

    clear_units: Annotated[StrictBool, Field(default=None)]
    round: Annotated[StrictStr, Field(default=None)]
    phase: Annotated[StrictStr, Field(default=None, description="only 'turn'")]
    player: Annotated[StrictStr, Field(default=None)]
    active: Annotated[StrictStr, Field(default=None)]
    passed: Annotated[list[StrictStr], Field(default=None)]
    first_passer: StrictStr | None = None
    sides: Annotated[dict[StrictStr, StartSide], Field(default=None)]
    units: Annotated[dict[StrictStr, dict[StrictStr, Count]], Field(default=None)]
    poleis: Annotated[dict[StrictStr, StartPolis], Field(default=None)]
    projects: Annotated[dict[StrictStr, StartProject], Field(default=None)]
    market: Annotated[
        dict[StrictStr, Annotated[StrictInt, Field(ge=1, le=MAX_COUNT)]],
        Field(default=None, description="good -> market-value column (1 = leftmost)"),
    ]
    tributed: Annotated[dict[StrictStr, StrictStr | None], Field(default=None)]
    slots: Annotated[dict[StrictStr, StrictStr], Field(default=None)]
    battle: Annotated[StartBattle, Field(default=None)]


class MetaDoc(BaseModel):
    """What the app notes about a game; free beyond the fields it reads."""

    model_config = ConfigDict(extra="allow", strict=True)

    controllers: Annotated[list[StrictStr], Field(min_length=2, max_length=2)] | None = Field(
        default=None,
        description="who plays each side: human or a bot spec (the play layer checks which); "
        "null or left out: two people",
    )


class RecordDoc(_Doc):
    """A game record: replaying the actions from the seed reproduces every state."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: Literal["polis-record/1"]
    ruleset: StrictStr = Field(min_length=1)
    content_hash: StrictStr = Field(
        pattern=r"^[0-9a-f]{64}$", description="sha256 of the compiled rules"
    )
    seed: StrictInt = Field(ge=0, le=MAX_SEED)
    actions: list[Annotated[list[Atom], Field(min_length=1)]] = Field(
        description='each ["op", args...] as in action.schema.json'
    )
    overlay: StrictStr | None = Field(
        default=None, description="YAML of an uploaded overlay, if any"
    )
    start: StartDoc | None = Field(default=None, description="state overrides after setup")
    meta: MetaDoc | None = None


ACTION_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Action",
    "description": (
        "An action as JSON: an operation name followed by its arguments, written with ids. "
        'Examples: ["pass"], ["act", "move_hoplites"], ["dest", "boiotia"], ["from", "attika"], '
        '["build", 0, "kyklades"], ["slot", "persis/4"], ["barter", "wine"], '
        '["proxenos", "poteidaia", "sea"], '
        '["attack", "land:phalanx/othismos", "land:salpinx/ambush"], '
        '["alloc", 3, 2, 0].'
    ),
    "type": "array",
    "minItems": 1,
    "prefixItems": [{"type": "string"}],
    "items": {"type": ["string", "integer", "null"]},
}


def files() -> dict[str, str]:
    """The state, record and action schemas as committed under docs/schema/."""
    return {
        "state.schema.json": dump(StateDoc.model_json_schema()),
        "record.schema.json": dump(RecordDoc.model_json_schema()),
        "action.schema.json": dump(ACTION_SCHEMA),
    }
