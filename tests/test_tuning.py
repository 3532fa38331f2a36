"""polis.tuning: the features describe the evaluation exactly, and the fit finds known weights."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from pathlib import Path

import pytest

from polis.bots.evaluation import WEIGHTS, evaluate
from polis.compiler import compile_ruleset
from polis.engine import new_game
from polis.tuning import (
    FITTED,
    GameSample,
    features,
    fit,
    merged_table,
    read_table,
    sample,
    sample_game,
)


@pytest.fixture(scope="module")
def games() -> list[GameSample]:
    return sample(compile_ruleset("2e").config, 12, 7)


def test_the_features_give_the_evaluation_under_any_weights() -> None:
    """The evaluation is linear in each fitted weight: base + Σ Δw·feature is exact."""
    rng = random.Random(5)
    cfg = compile_ruleset("1e").config
    checked = 0
    for seed in range(3):
        game = sample_game(cfg, seed)
        assert game.athens_result in (0.0, 0.5, 1.0)
        checked += len(game.positions)
    assert checked > 10
    s = new_game(cfg, 0)
    other = dataclasses.replace(
        WEIGHTS, **{name: round(rng.uniform(0, 2), 2) for name in FITTED if name != "last_round"}
    )
    f = features(s)
    predicted = f[0] + sum(
        (getattr(other, name) - getattr(WEIGHTS, name)) * f[1 + i] for i, name in enumerate(FITTED)
    )
    assert predicted == pytest.approx(evaluate(s, 0, other), abs=1e-6)


def test_sampling_is_the_same_in_one_process_or_two() -> None:
    cfg = compile_ruleset("1e-corinthian-war").config
    assert sample(cfg, 4, 30, jobs=1) == sample(cfg, 4, 30, jobs=2)


def test_the_fit_finds_the_weights_that_made_the_results(games: list[GameSample]) -> None:
    """Results drawn as win chances from known weights: the fit recovers those weights."""
    truth = dict.fromkeys(FITTED, 0.0) | {"unit": 1.5, "good": 0.8, "polis": 2.0}
    scale = 6.0
    labelled = []
    for game in games:
        for f in game.positions:
            value = f[0] + sum(
                (truth[name] - getattr(WEIGHTS, name)) * f[1 + i] for i, name in enumerate(FITTED)
            )
            labelled.append(GameSample([f], 1.0 / (1.0 + math.exp(-value / scale))))
    result = fit(labelled, ridge=0.0)
    assert result.weights["unit"] == pytest.approx(1.5, abs=0.05)
    assert result.weights["good"] == pytest.approx(0.8, abs=0.05)
    assert result.weights["polis"] == pytest.approx(2.0, abs=0.1)
    assert result.scale == pytest.approx(scale, rel=0.05)
    assert result.log_loss_fitted < result.log_loss_hand


def test_the_ridge_keeps_weights_the_sample_cannot_tell_at_their_hand_set_values(
    games: list[GameSample],
) -> None:
    ignorant = [GameSample(g.positions, 0.5) for g in games]  # results that say nothing
    result = fit(ignorant)
    for name in FITTED:
        assert result.weights[name] == pytest.approx(getattr(WEIGHTS, name), abs=0.01)


def test_the_table_keeps_other_rulesets(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    assert read_table(path) == {}
    path.write_text(merged_table({"2e": {"weights": {"unit": 1.0}}}, {}))
    path.write_text(merged_table({"1e": {"weights": {"unit": 2.0}}}, read_table(path)))
    assert list(json.loads(path.read_text())) == ["1e", "2e"]
    assert read_table(path)["2e"] == {"weights": {"unit": 1.0}}
