"""The invariant checker itself catches what it claims to catch."""

from __future__ import annotations

from polis.compiler import compile_ruleset
from polis.engine import new_game
from polis.engine.invariants import violations


def test_a_fresh_game_is_clean() -> None:
    for ruleset in ("1e", "2e"):
        assert violations(new_game(compile_ruleset(ruleset).config, 3)) == []


def test_each_kind_of_violation_is_reported() -> None:
    s = new_game(compile_ruleset("2e").config, 3)
    n, g = len(s.cfg.areas), len(s.cfg.goods)
    s.units[0] = 9  # far above the first round's limit of 3
    s.goods[g + 1] = -1
    s.prestige[0] = s.cfg.prestige_max + 1
    s.slots = (1, 1, *s.slots[2:])  # two Spartan merchants at market, one hired
    s.owner[s.cfg.capital[0]] = 1
    s.units[n + 5] = 40  # more cubes than Sparta has
    found = "\n".join(map(str, violations(s)))
    for fragment in (
        "units in",
        "holds -1",
        "prestige",
        "merchants at market",
        "capital",
        "more cubes",
    ):
        assert fragment in found
