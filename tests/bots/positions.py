"""Positions the bot tests share: a feeding decision and a battle with chosen hands."""

from __future__ import annotations

from typing import Any

from polis.compiler import compile_ruleset
from polis.engine import State, apply, new_game
from polis.engine.state_json import apply_overrides


def position(ruleset: str, seed: int = 0, **overrides: Any) -> State:
    s = new_game(compile_ruleset(ruleset).config, seed)
    apply_overrides(s, {"phase": "turn", **overrides})
    return s


def at_feeding(ruleset: str, side: str, wheat: int, prestige: int, **overrides: Any) -> State:
    """Both sides pass with these stocks; `side` (the first to pass) now owes its feeding."""
    cfg = compile_ruleset(ruleset).config
    other = next(sid for sid in cfg.sides if sid != side)
    wheat_id = cfg.goods[cfg.feeding_good]
    s = position(
        ruleset,
        player=side,
        active=side,
        sides={
            side: {"prestige": prestige, "goods": {wheat_id: wheat}},
            other: {"prestige": 5, "goods": {wheat_id: 20}},
        },
        **overrides,
    )
    s = apply(apply(s, ("pass",)), ("pass",))
    assert s.phase == "feed" and cfg.sides[s.player] == side
    return s


# 2e, land battle in Boiotia, Sparta attacking first (the rulebook's first battle example)
SPARTA_HAND = [
    "land:phalanx/othismos",
    "land:archers/shoot",
    "land:cavalry/hold",
    "land:peltasts/hold",
]
ATHENS_HANDS = [  # hands Athens might hold: same size, drawn from the cards Sparta cannot see
    ["land:phalanx/advance", "land:archers/advance", "land:cavalry/advance", "land:peltasts/hold"],
    ["land:phalanx/othismos", "land:phalanx/advance", "land:cavalry/hold", "land:mercenaries/hold"],
    ["land:peltasts/hold", "land:peltasts/hold", "land:cavalry/advance", "land:salpinx/ambush"],
]


def battle(athens: list[str], sparta: list[str] = SPARTA_HAND, seed: int = 0) -> State:
    return position(
        "2e",
        seed,
        round="sigma",
        clear_units=True,
        units={"athens": {"boiotia": 4}, "sparta": {"boiotia": 4}},
        sides={"athens": {"prestige": 3}, "sparta": {"prestige": 3}},
        battle={
            "area": "boiotia",
            "attacker": "sparta",
            "hands": {"sparta": sparta, "athens": athens},
        },
    )
