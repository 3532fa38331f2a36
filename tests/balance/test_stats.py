"""The statistics on made-up samples whose answers are known from the literature."""

from __future__ import annotations

import pytest

from polis.stats import adjust, fisher, mann_whitney, mcnemar, quantiles, wilson


@pytest.mark.parametrize(
    ("hits", "n", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3 (Wilson score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # 5 of 10 is symmetric around one half
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_interval_matches_published_values(
    hits: int, n: int, low: float, high: float
) -> None:
    interval = wilson(hits, n)
    assert interval.rate == pytest.approx(hits / n)
    assert interval.low == pytest.approx(low, abs=1e-4)
    assert interval.high == pytest.approx(high, abs=1e-4)


def test_wilson_without_games_says_nothing_is_known() -> None:
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)


def test_fisher_lady_tasting_tea() -> None:
    # Fisher (1935): 3 of 4 cups right against 1 of 4 wrong; two-sided p = 34/70
    result = fisher(3, 4, 1, 4)
    assert result.test == "fisher"
    assert result.p == pytest.approx(34 / 70)
    assert result.effect == pytest.approx(-0.5)


def test_fisher_sees_a_large_difference_and_not_a_small_one() -> None:
    assert fisher(10, 100, 40, 100).p < 1e-5
    assert fisher(50, 100, 52, 100).p > 0.8


def test_mann_whitney_complete_separation_exact_p() -> None:
    # five against five with every b above every a: the most extreme of C(10,5) = 252
    # arrangements, on both sides: p = 2 / 252
    result = mann_whitney([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
    assert result.p == pytest.approx(2 / 252)
    assert result.effect == 1.0  # every game of b shows more


def test_mann_whitney_identical_samples() -> None:
    result = mann_whitney([3, 1, 2, 2], [2, 3, 1, 2])
    assert result.p == pytest.approx(1.0)
    assert result.effect == pytest.approx(0.5)
    assert mann_whitney([4, 4], [4, 4, 4]).p == 1.0  # all equal: no difference, no error


def test_mcnemar_exact_counts_only_changed_pairs() -> None:
    # 10 games turned from loss to win, none the other way: two-sided binomial 2 / 2**10
    before = [False] * 10 + [True] * 30 + [False] * 60
    after = [True] * 10 + [True] * 30 + [False] * 60
    result = mcnemar(before, after)
    assert result.p == pytest.approx(2 / 1024)
    assert result.effect == pytest.approx(0.1)
    # as many changes each way: nothing moved
    assert mcnemar([True, False] * 5, [False, True] * 5).p == pytest.approx(1.0)
    assert mcnemar([True] * 4, [True] * 4).p == 1.0


def test_benjamini_hochberg_worked_example() -> None:
    # sorted 0.005, 0.01, 0.03, 0.04 (m = 4): 0.02, 0.02, 0.04, 0.04 after the step-up
    assert adjust([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert adjust([]) == []


def test_quantiles() -> None:
    q = quantiles(list(range(1, 12)))  # 1..11
    assert (q["mean"], q["median"], q["p10"], q["p90"], q["min"], q["max"]) == (
        6.0,
        6.0,
        2.0,
        10.0,
        1.0,
        11.0,
    )
