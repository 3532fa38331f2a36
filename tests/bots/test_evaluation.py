"""The position evaluation: feeding as the engine plays it, and only public facts read."""

from __future__ import annotations

import dataclasses
import random

import pytest

from polis.bots import fitted, rollout
from polis.bots.evaluation import (
    Feeding,
    _smallest_sum_at_least,
    evaluate,
    feeding_outcome,
    next_feeding,
)
from polis.engine import apply, apply_unchecked, legal_actions
from polis.engine.tables import tables
from tests.bots.positions import ATHENS_HANDS, battle, position


@pytest.mark.parametrize(
    ("values", "target", "best"),
    [
        ([1, 2], 1, 1),
        ([1, 2], 2, 2),
        ([1, 2], 3, 3),
        ([2, 3, 4], 5, 5),
        ([3, 4], 2, 3),
        ([1], 2, None),
    ],
)
def test_smallest_release_that_covers_a_deficit(
    values: list[int], target: int, best: int | None
) -> None:
    assert _smallest_sum_at_least(values, target) == best


def feeding(wheat: int, prestige: int, keep: int = 1) -> Feeding:
    return Feeding(wheat, prestige, keep, True)


def test_feeding_outcome_follows_the_engine() -> None:
    # 1e Athens: Athenai 5, Chalkis 1, Chios 2 (8 to feed)
    s = position("1e", player="athens", active="athens")
    assert feeding_outcome(s, 0, feeding(8, 3)) == (0, 0, 0)  # fed from the stores
    assert feeding_outcome(s, 0, feeding(6, 3)) == (2, 0, 0)  # two prestige pay the rest
    # 5 short with 3 prestige: releasing Chios (2) leaves 3 to pay... one prestige must stay
    assert feeding_outcome(s, 0, feeding(3, 3)) == (2, 3, 0)
    assert feeding_outcome(s, 0, feeding(3, 3, keep=0)) == (3, 2, 0)
    # the capital (5) cannot be fed from 2 wheat and 2 prestige: the game is lost there
    *_paid_and_released, lacking = feeding_outcome(s, 0, feeding(2, 2))
    assert lacking == 1


def test_the_next_feeding_counts_projects_finishing_first() -> None:
    s = position(
        "2e", player="athens", active="athens", projects={"protagoras": {"where": "athenai"}}
    )
    ahead = next_feeding(s, 0)
    assert ahead is not None and ahead.this_round
    assert ahead.prestige == s.prestige[0] + 3  # Protagoras brings its 3 prestige first


def test_after_its_feeding_a_side_looks_at_the_next_round() -> None:
    wheat = {"sides": {"athens": {"goods": {"wheat": 12}}, "sparta": {"goods": {"wheat": 12}}}}
    s = position("2e", player="athens", active="athens", **wheat)
    s = apply(apply(s, ("pass",)), ("pass",))  # both fed from their stores, growth is next
    assert s.phase == "grow"
    ahead = next_feeding(s, 0)
    assert ahead is not None and not ahead.this_round
    assert ahead.wheat >= (12 - 8 + 1) // 2  # what storage leaves of the rest


def test_a_shortfall_that_loses_the_game_weighs_more_than_one_that_costs_prestige() -> None:
    # Athens has passed: what it holds now is what it feeds with
    def athens(wheat: int, prestige: int) -> float:
        sides = {"athens": {"prestige": prestige, "goods": {"wheat": wheat}}}
        s = position("1e", player="sparta", active="sparta", passed=["athens"], sides=sides)
        return evaluate(s, 0)

    assert athens(6, 6) - athens(6, 4) == pytest.approx(2.0)  # two prestige, two points
    assert athens(6, 6) - athens(0, 2) > 20  # the capital would starve: the game is lost


def test_the_evaluation_reads_no_hidden_card_and_no_generator() -> None:
    states = [battle(hand) for hand in ATHENS_HANDS]
    states[1].rng ^= 0xDEADBEEF
    for side in (0, 1):
        assert len({evaluate(s, side) for s in states}) == 1


@pytest.mark.parametrize(
    ("ruleset", "last_round", "loses"), [("2e", "omega", True), ("1e", "five_beta", False)]
)
def test_ending_the_last_round_without_prestige_loses_only_where_the_rules_say(
    ruleset: str, last_round: str, loses: bool
) -> None:
    # Athens has passed with wheat for its feeding: only its prestige differs
    def athens(prestige: int) -> float:
        sides = {"athens": {"prestige": prestige, "goods": {"wheat": 20}}}
        s = position(
            ruleset,
            player="sparta",
            active="sparta",
            round=last_round,
            passed=["athens"],
            sides=sides,
        )
        return evaluate(s, 0)

    assert (athens(1) - athens(0) > 20) is loses  # 2e: the game is lost; 1e: one point


def test_the_next_rounds_preparation_does_not_read_the_last_rounds_passes() -> None:
    # the engine keeps both pass flags until the turns begin: read as passes, they made a
    # round nobody has played yet look closed (its wheat out of reach, a shortfall fatal)
    s = position("2e", player="athens", active="athens")
    rng = random.Random(0)
    while s.phase != "discard_project":
        assert not s.finished
        s = apply_unchecked(s, rollout.choose(s, legal_actions(s), rng))
    assert s.passed == 0b11 and s.round == 1
    fresh = s.copy()
    fresh.passed = 0
    for side in (0, 1):
        assert evaluate(s, side) == evaluate(fresh, side)
        assert next_feeding(s, side) == next_feeding(fresh, side)


@pytest.mark.parametrize("breaks_ties", [True, False])
def test_in_the_last_round_goods_count_only_as_the_tie_break(breaks_ties: bool) -> None:
    s = position("1e-corinthian-war", player="athens", active="athens")
    assert s.round == len(s.cfg.rounds) - 1 and "most_goods" in s.cfg.tie_breakers
    if not breaks_ties:
        s.cfg = dataclasses.replace(s.cfg, tie_breakers=())
        s.tables = tables(s.cfg)  # what the engine reads of a configuration goes with it
    metal = s.cfg.goods.index("metal")
    richer = s.copy()
    richer.goods[metal] += 5
    plain, tiebreak = fitted.weights_for(s.cfg), 0.02
    assert plain.last_round == 0.0  # the fit: goods are worth nothing once nothing is left
    assert evaluate(richer, 0, plain) == evaluate(s, 0, plain)
    with_tiebreak = dataclasses.replace(plain, tiebreak=tiebreak)
    gain = evaluate(richer, 0, with_tiebreak) - evaluate(s, 0, with_tiebreak)
    assert gain == pytest.approx(5 * tiebreak if breaks_ties else 0.0)


@pytest.mark.parametrize("ruleset", ["2e", "1e"])
def test_the_parts_of_a_value_add_up_to_it(ruleset: str) -> None:
    """Positions of a whole rollout game: the named terms sum to the value, and asking for
    them leaves the value as it is (the bots' choices never depend on it)."""
    from polis.bots.evaluation import TERMS, side_value, value_parts
    from polis.engine.outcomes import scores

    s = position(ruleset, player="athens", active="athens")
    rng = random.Random(3)
    weights = fitted.weights_for(s.cfg)
    seen: set[str] = set()
    while not s.finished:
        for side in (0, 1):
            parts = value_parts(s, side, weights)
            assert set(parts) == set(TERMS)
            plain = side_value(s, side, scores(s)[side], weights)
            assert sum(parts.values()) == pytest.approx(plain, abs=1e-9)
            assert side_value(s, side, scores(s)[side], weights, {}) == plain
            seen |= {term for term, points in parts.items() if points}
        s = apply_unchecked(s, rollout.choose(s, legal_actions(s), rng))
    # a whole game moves most terms at some point
    assert {"score", "feeding", "goods", "units"} <= seen
