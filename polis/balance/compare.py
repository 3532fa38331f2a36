"""Which differences between the runs of two or more rulesets are larger than chance.

Every pair of rulesets is compared on every metric both have (polis.balance.sample
lists them): rates with Fisher's exact test, per-game values with the
Mann–Whitney U test. All the p-values of one report form one family and are
adjusted together with Benjamini–Hochberg; a difference is reported as larger
than chance when its adjusted p is below ALPHA.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from polis.balance.sample import LENGTHS, PARTS, Sample
from polis.stats import ALPHA, TestResult, adjust, fisher, mann_whitney


@dataclass(frozen=True, slots=True)
class Difference:
    a: str  # ruleset ids
    b: str
    metric: str
    test: str
    value_a: float  # a rate, or a mean per game
    value_b: float
    n_a: int
    n_b: int
    p: float
    p_adjusted: float
    effect: float  # see polis.stats.TestResult

    @property
    def larger_than_chance(self) -> bool:
        return self.p_adjusted < ALPHA

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "metric": self.metric,
            "test": self.test,
            "value_a": round(self.value_a, 4),
            "value_b": round(self.value_b, 4),
            "n_a": self.n_a,
            "n_b": self.n_b,
            "p": self.p,
            "p_adjusted": self.p_adjusted,
            "effect": round(self.effect, 4),
            "larger_than_chance": self.larger_than_chance,
        }


def rate_metrics(a: Sample, b: Sample) -> list[str]:
    keys = [f"win:{a.sides[0]}"]
    if a.rate("draw")[0] or b.rate("draw")[0]:
        keys.append("draw")
    reasons = dict.fromkeys([*a.reasons(), *b.reasons()])
    return keys + [f"reason:{r}" for r in reasons]


def value_metrics(a: Sample, b: Sample) -> list[str]:
    keys = [f"length:{length}" for length in LENGTHS]
    for side in a.sides:
        keys.append(f"score:{side}")
        keys += [f"part:{side}:{part}" for part in PARTS]
    counts = dict.fromkeys([*a.count_keys(), *b.count_keys()])
    keys += [f"count:{key}" for key in counts if a.has(f"count:{key}") and b.has(f"count:{key}")]
    return keys


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


Row = tuple[str, float, float, int, int, TestResult]  # metric, value a, value b, n a, n b, test


def _pair(a: Sample, b: Sample) -> list[Row]:
    rows: list[Row] = []
    for key in rate_metrics(a, b):
        hits_a, n_a = a.rate(key)
        hits_b, n_b = b.rate(key)
        rows.append(
            (
                key,
                hits_a / n_a if n_a else 0.0,
                hits_b / n_b if n_b else 0.0,
                n_a,
                n_b,
                fisher(hits_a, n_a, hits_b, n_b),
            )
        )
    for key in value_metrics(a, b):
        values_a, values_b = a.values(key), b.values(key)
        if len(set(values_a) | set(values_b)) <= 1:
            continue  # the same constant in both (a part neither ruleset scores): nothing to test
        rows.append(
            (
                key,
                _mean(values_a),
                _mean(values_b),
                len(values_a),
                len(values_b),
                mann_whitney(values_a, values_b),
            )
        )
    return rows


def compare(samples: Mapping[str, Sample]) -> list[Difference]:
    """Every metric of every pair of rulesets, with Benjamini–Hochberg adjusted p-values."""
    raw: list[tuple[str, str, str, float, float, int, int, TestResult]] = []
    for a_id, b_id in combinations(samples, 2):
        for key, va, vb, na, nb, result in _pair(samples[a_id], samples[b_id]):
            raw.append((a_id, b_id, key, va, vb, na, nb, result))
    adjusted = adjust([row[-1].p for row in raw])
    return [
        Difference(a, b, key, r.test, va, vb, na, nb, r.p, q, r.effect)
        for (a, b, key, va, vb, na, nb, r), q in zip(raw, adjusted, strict=True)
    ]
