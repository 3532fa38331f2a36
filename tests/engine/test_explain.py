"""Why not? Refusals name a known rule and say something specific."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from polis.compiler import compile_ruleset
from polis.engine import Refusal, apply, apply_unchecked, explain, legal_actions, new_game
from polis.engine.rule_ids import RULE_IDS
from polis.engine.state_json import apply_overrides

ENGINE = Path(__file__).resolve().parents[2] / "polis" / "engine"


def test_every_rule_id_cited_in_the_engine_is_listed() -> None:
    cited: set[str] = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "Refusal"
                and node.args
            ):
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    cited.add(first.value)
            if (
                isinstance(node, ast.keyword)
                and node.arg == "rule"
                and isinstance(node.value, ast.Constant)
            ):
                cited.add(node.value.value)
    assert cited and cited <= RULE_IDS, cited - RULE_IDS


def test_legal_actions_have_no_refusal_and_illegal_ones_do() -> None:
    cfg = compile_ruleset("2e").config
    chooser = random.Random(0)
    s = new_game(cfg, 0)
    checked = 0
    while not s.finished and checked < 300:
        for action in legal_actions(s):
            assert explain(s, action) is None
        refusal = explain(s, ("nonsense",))
        assert refusal is not None and refusal.rule in RULE_IDS and refusal.message
        s = apply_unchecked(s, chooser.choice(legal_actions(s)))
        checked += 1


def state(ruleset: str = "2e", **overrides: object):  # type: ignore[no-untyped-def]
    s = new_game(compile_ruleset(ruleset).config, 0)
    apply_overrides(s, {"phase": "turn", "player": "athens", "active": "athens", **overrides})
    return s


def test_military_action_without_prestige() -> None:
    s = state(sides={"athens": {"prestige": 0}})
    refusal = explain(s, ("act", "move_hoplites"))
    assert refusal is not None and refusal.rule == "actions.military_cost"
    with pytest.raises(Refusal) as caught:
        apply(s, ("act", "move_hoplites"))
    assert caught.value.rule == "actions.military_cost"


def test_repeating_an_action_in_one_turn() -> None:
    s = state(sides={"athens": {"goods": {"metal": 4}}}, clear_units=True)
    s = apply(s, ("act", "create_hoplites"))
    s = apply(s, ("polis", s.cfg.capital[0]))
    s = apply(s, ("build", 0, s.cfg.home_region[0]))
    if s.phase == "build":
        s = apply(s, ("stop",))
    refusal = explain(s, ("act", "create_hoplites"))
    assert refusal is not None and refusal.rule == "turn.actions"
    assert "different" in refusal.message


def test_blocked_unit_and_full_destination() -> None:
    s = state(
        round="omega",
        clear_units=True,
        units={
            "athens": {"attika": 1, "makedonia": 1},
            "sparta": {"boiotia": 2, "kyklades": 2, "thrakiko": 2},
        },
    )
    s = apply(s, ("act", "move_hoplites"))
    s = apply(s, ("dest", s.cfg.areas.index("thessalia")))
    refusal = explain(s, ("from", s.cfg.areas.index("attika")))
    assert (
        refusal is not None
        and refusal.rule == "actions.move_crossing"
        and "controls" in refusal.message
    )


def test_ransom_as_an_action_only_where_the_data_says() -> None:
    s = state(sides={"athens": {"proxenos": None, "goods": {"silver": 5}}})
    refusal = explain(s, ("act", "ransom_proxenos"))
    assert refusal is not None and refusal.rule == "actions.ransom"
    assert explain(s, ("ransom",)) is None
    one = state("1e", sides={"athens": {"proxenos": None, "goods": {"silver": 5}}})
    assert explain(one, ("act", "ransom_proxenos")) is None
    assert explain(one, ("ransom",)) is not None


def test_game_over() -> None:
    s = state()
    s.phase = "over"
    refusal = explain(s, ("pass",))
    assert refusal is not None and refusal.rule == "game.over"
