"""Game over: the reason, who lost, and the score part by part."""

from __future__ import annotations

from polis.engine import score_parts, scores
from polis.play.outcome import outcome
from tests.app.scenes import starved_out, state


def test_a_running_game_has_no_outcome() -> None:
    assert outcome(state()) is None


def test_a_sudden_loss_names_the_loser_and_keeps_scores_as_information() -> None:
    s, loser = starved_out()
    result = outcome(s)
    assert result is not None and result.sudden
    assert result.losers == (loser,) and result.winner == 1 - loser
    assert result.reason == "capital_unfed"
    assert list(result.totals) == scores(s)
    # what the capital needed against what the side had: the loss is decided before paying
    capital = s.cfg.capital[loser]
    assert result.unfed == (capital, s.pop[capital], 0, 1)
    assert result.round == s.round


def test_score_parts_add_up_to_the_score() -> None:
    s = state("1e")
    parts = score_parts(s)
    assert [list(p) for p in parts] == [list(s.cfg.score_parts)] * 2
    assert [sum(p.values()) for p in parts] == scores(s)
