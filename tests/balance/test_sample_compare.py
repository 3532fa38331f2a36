"""Figures and comparisons on made-up games whose answers are known."""

from __future__ import annotations

import pytest

from polis.balance.compare import compare
from polis.balance.game import GameFacts
from polis.balance.sample import Sample, figures
from polis.stats import wilson

SIDES = ("athens", "sparta")
ACTIONS = ("trade", "besiege")


def game(
    index: int,
    winner: str,
    reason: str = "score",
    score: tuple[int, int] = (10, 8),
    turns: int = 10,
    sieges: int = 0,
) -> GameFacts:
    parts = (
        {"population": score[0] - 2, "prestige": 2, "project_end_prestige": 0},
        {"population": score[1] - 1, "prestige": 1, "project_end_prestige": 0},
    )
    return GameFacts(
        index=index,
        winner=winner,
        reason=reason,
        score=score,
        parts=parts,
        rounds=3,
        turns=turns,
        actions=2 * turns,
        steps=5 * turns,
        counts={"siege": sieges, "action:besiege": sieges, "action:trade": 1, "event": 3},
    )


def sample(games: list[GameFacts]) -> Sample:
    return Sample.from_facts(games, SIDES, ACTIONS)


def test_figures_count_what_was_played() -> None:
    games = [
        game(0, "athens"),
        game(1, "sparta", "capital_unfed", score=(3, 9)),
        game(2, "sparta", "score", score=(7, 12)),
        game(3, "error", "error"),
        game(4, "draw", "tie", score=(9, 9)),
    ]
    f = figures(sample(games))
    assert (f["games"], f["played"], f["errors"], f["scored_games"]) == (5, 4, 1, 3)
    assert f["wins"] == {"athens": 1, "sparta": 2, "draw": 1}
    expected = wilson(2, 4)
    assert f["win_rate"]["sparta"] == {
        "rate": 0.5,
        "low": round(expected.low, 4),
        "high": round(expected.high, 4),
    }
    assert f["end_reasons"] == {
        "score": {"athens": 1, "sparta": 1, "draw": 0},
        "tie": {"athens": 0, "sparta": 0, "draw": 1},
        "capital_unfed": {"athens": 0, "sparta": 1, "draw": 0},
    }
    # scores only over the games that reached the final scoring: 10, 7, 9 for Athens
    assert f["score"]["athens"]["mean"] == pytest.approx(26 / 3, abs=1e-3)
    assert f["score_parts"]["athens"]["population"] == pytest.approx(20 / 3, abs=1e-3)
    assert f["per_game"]["event"] == 3.0
    assert f["length"]["turns"]["mean"] == 10.0


def test_json_round_trip_keeps_every_column() -> None:
    s = sample([game(i, "athens", sieges=i) for i in range(4)])
    again = Sample.from_json(s.to_json())
    assert again == s
    assert figures(again) == figures(s)


def test_a_real_difference_is_found_and_noise_is_not() -> None:
    # a: Athens wins 36 of 40; b: 12 of 40. Turns alternate 9/11 in both: no difference.
    # Sieges: 0-1 per game in a, 3-4 in b: a difference.
    a = sample(
        [
            game(i, "athens" if i < 36 else "sparta", turns=9 + 2 * (i % 2), sieges=i % 2)
            for i in range(40)
        ]
    )
    b = sample(
        [
            game(i, "athens" if i < 12 else "sparta", turns=11 - 2 * (i % 2), sieges=3 + i % 2)
            for i in range(40)
        ]
    )
    diffs = {d.metric: d for d in compare({"a": a, "b": b})}
    win = diffs["win:athens"]
    assert win.test == "fisher"
    assert (win.value_a, win.value_b) == (0.9, 0.3)
    assert win.larger_than_chance
    sieges = diffs["count:siege"]
    assert sieges.test == "mann_whitney"
    assert sieges.larger_than_chance
    assert sieges.effect == 1.0  # every game of b has more sieges than any of a
    turns = diffs["length:turns"]
    assert not turns.larger_than_chance
    assert turns.p_adjusted >= turns.p
    # the constant parts (project prestige is 0 everywhere) are not tested at all
    assert "part:athens:project_end_prestige" not in diffs


def test_correction_makes_borderline_findings_harder() -> None:
    # 20 wins of 40 against 29 of 40: Fisher p is about 0.07 alone; never smaller after BH
    a = sample([game(i, "athens" if i < 20 else "sparta") for i in range(40)])
    b = sample([game(i, "athens" if i < 29 else "sparta") for i in range(40)])
    diffs = compare({"a": a, "b": b})
    win = next(d for d in diffs if d.metric == "win:athens")
    assert 0.05 < win.p < 0.1
    assert win.p_adjusted >= win.p
    assert not win.larger_than_chance


def test_actions_a_ruleset_lacks_are_not_compared() -> None:
    a = Sample.from_facts([game(0, "athens"), game(1, "sparta")], SIDES, ("trade", "besiege"))
    b = Sample.from_facts([game(0, "athens"), game(1, "sparta")], SIDES, ("trade",))
    metrics = {d.metric for d in compare({"a": a, "b": b})}
    assert "count:action:besiege" not in metrics
    assert not b.has("count:action:besiege")
