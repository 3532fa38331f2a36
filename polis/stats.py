"""The statistics of bot games (polis simulate, the balance lab), all from scipy and numpy.

Choices (docs/balance.md says why at more length):

- a rate (Athens wins, a game ends by an unfed capital) gets a Wilson score
  interval: it stays inside 0..1 and is sound for small samples and for 0 or N;
- two rates are compared with Fisher's exact test (no large-sample
  approximation, fine for rare end reasons);
- two samples of counts or scores (game length, sieges per game, final score)
  with the Mann–Whitney U test: game lengths and counts are skewed and full of
  ties, so a test on ranks is safer than one on means; its effect size is the
  probability that a game from the second sample shows more than one from the
  first (ties count half);
- a rate under a changed value against the same seeds without the change is a
  paired comparison: the exact McNemar test (a binomial test on the games whose
  outcome changed);
- many comparisons at once are corrected with Benjamini–Hochberg, which keeps
  the expected share of false findings among the reported ones at 5 %.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# numpy and scipy.stats (0.5 s to import) are imported by the functions that use them: a
# module that only names these types, or a test that only collects, does not pay for them

CONFIDENCE = 0.95
ALPHA = 0.05  # a corrected p below this is reported as larger than chance


@dataclass(frozen=True, slots=True)
class Interval:
    rate: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class TestResult:
    test: str  # "fisher" | "mann_whitney" | "mcnemar"
    p: float
    effect: float  # rates: b - a; ranks: P(b > a) + P(b = a) / 2; paired: changed share


def wilson(successes: int, trials: int, confidence: float = CONFIDENCE) -> Interval:
    """A proportion with its Wilson score interval (0..1 when there are no trials)."""
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    from scipy import stats

    ci = stats.binomtest(successes, trials).proportion_ci(
        confidence_level=confidence, method="wilson"
    )
    return Interval(successes / trials, float(ci.low), float(ci.high))


def fisher(hits_a: int, n_a: int, hits_b: int, n_b: int) -> TestResult:
    """Do two rates differ? Fisher's exact test, two-sided; effect = rate b - rate a."""
    if n_a <= 0 or n_b <= 0:
        return TestResult("fisher", 1.0, 0.0)
    from scipy import stats

    table = [[hits_a, n_a - hits_a], [hits_b, n_b - hits_b]]
    p = float(stats.fisher_exact(table, alternative="two-sided").pvalue)
    return TestResult("fisher", min(1.0, p), hits_b / n_b - hits_a / n_a)


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> TestResult:
    """Do two samples differ in location? Two-sided Mann–Whitney U with tie correction.

    effect = P(a game of b shows more than one of a) + half the chance of a tie;
    0.5 means no tendency either way.
    """
    if not a or not b:
        return TestResult("mann_whitney", 1.0, 0.5)
    if len(set(a) | set(b)) == 1:  # every value equal: no difference, and scipy would divide by 0
        return TestResult("mann_whitney", 1.0, 0.5)
    from scipy import stats

    result = stats.mannwhitneyu(b, a, alternative="two-sided", method="auto")
    effect = float(result.statistic) / (len(a) * len(b))
    p = float(result.pvalue)
    return TestResult("mann_whitney", 1.0 if math.isnan(p) else min(1.0, p), effect)


def mcnemar(before: Sequence[bool], after: Sequence[bool]) -> TestResult:
    """Paired rates (the same seeds with and without a change): exact McNemar test.

    Only the pairs whose outcome changed carry information; without a real
    change they split evenly between the two directions, so the test is a
    binomial test of that split against 1/2. effect = rate after - rate before.
    """
    if len(before) != len(after):
        raise ValueError("paired samples must have the same length")
    gained = sum(1 for x, y in zip(before, after, strict=True) if y and not x)
    lost = sum(1 for x, y in zip(before, after, strict=True) if x and not y)
    n = len(before)
    effect = (gained - lost) / n if n else 0.0
    if gained + lost == 0:
        return TestResult("mcnemar", 1.0, effect)
    from scipy import stats

    p = float(stats.binomtest(gained, gained + lost, 0.5).pvalue)
    return TestResult("mcnemar", min(1.0, p), effect)


def adjust(p_values: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (same order as given)."""
    if not p_values:
        return []
    import numpy as np
    from scipy import stats

    adjusted = stats.false_discovery_control(np.asarray(p_values, dtype=float), method="bh")
    return [float(min(1.0, p)) for p in adjusted]


def quantiles(values: Sequence[float]) -> dict[str, float]:
    """Mean, median, 10th and 90th percentile, min and max (zeros for no values)."""
    if not values:
        return dict.fromkeys(("mean", "median", "p10", "p90", "min", "max"), 0.0)
    import numpy as np

    arr = np.asarray(values, dtype=float)
    p10, median, p90 = np.percentile(arr, [10, 50, 90])
    return {
        "mean": round(float(arr.mean()), 3),
        "median": round(float(median), 3),
        "p10": round(float(p10), 3),
        "p90": round(float(p90), 3),
        "min": float(arr.min()),
        "max": float(arr.max()),
    }


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank; 0.0 for no values)."""
    if not values:
        return 0.0
    import numpy as np

    return float(np.percentile(np.asarray(values, dtype=float), share * 100, method="inverted_cdf"))
