"""The fitted evaluation weights: the shipped table, the lookup and the search's use of it."""

from __future__ import annotations

import dataclasses

import pytest

from polis.bots import fitted
from polis.bots.evaluation import WEIGHTS
from polis.bots.mcts import LEVELS, MctsBot
from polis.compiler import compile_ruleset
from polis.engine import new_game
from polis.rules.registry import discover
from polis.tuning import FITTED


@pytest.mark.parametrize("rid", list(discover()))
def test_every_shipped_ruleset_has_weights_fitted_on_its_current_rules(rid: str) -> None:
    """Fails when the rules change: refit on purpose with `polis fit-weights RULESET`."""
    entry = fitted.table().get(rid)
    assert entry is not None, f"no fitted weights for {rid}: run `polis fit-weights {rid}`"
    assert entry["content_hash"] == compile_ruleset(rid).content_hash, (
        f"the weights of {rid} were fitted on other rules: run `polis fit-weights {rid}`"
    )
    assert set(entry["weights"]) == set(FITTED)
    assert all(value >= 0 for value in entry["weights"].values())
    # the fit is kept only because it predicts held-out games better than the hand-set weights
    assert entry["log_loss"]["fitted"] < entry["log_loss"]["hand_set"]


def test_a_shipped_ruleset_gets_its_own_weights() -> None:
    cfg = compile_ruleset("2e").config
    weights = fitted.weights_for(cfg)
    expected = fitted.table()["2e"]["weights"]
    assert {name: getattr(weights, name) for name in expected} == expected
    # what the fit leaves alone keeps its hand-set value
    assert weights.starve == WEIGHTS.starve and weights.reach == WEIGHTS.reach


def test_a_variant_without_a_fit_takes_its_editions_then_the_hand_set_weights() -> None:
    cfg = compile_ruleset("1e").config
    variant = dataclasses.replace(cfg, id="1e-house-rules")
    assert fitted.weights_for(variant) == fitted.weights_for(cfg) != WEIGHTS
    unknown = dataclasses.replace(cfg, id="house", edition="3e")
    assert fitted.weights_for(unknown) == WEIGHTS


def test_the_search_reads_the_rulesets_weights_unless_its_budget_names_its_own() -> None:
    s = new_game(compile_ruleset("1e-corinthian-war").config, 3)
    bot = MctsBot(seed=1, budget=dataclasses.replace(LEVELS["normal"], iterations=4))
    bot.search(s)
    tiebreak = LEVELS["normal"].tiebreak  # the level's own term joins whichever weights
    assert fitted.weights_for(s.cfg) != WEIGHTS
    assert bot.weights == dataclasses.replace(fitted.weights_for(s.cfg), tiebreak=tiebreak)
    own = dataclasses.replace(WEIGHTS, unit=2.0)
    bot = MctsBot(seed=1, budget=dataclasses.replace(LEVELS["normal"], iterations=4, weights=own))
    bot.search(s)
    assert bot.weights == dataclasses.replace(own, tiebreak=tiebreak)
