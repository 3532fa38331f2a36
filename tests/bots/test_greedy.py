"""The greedy bot (the `easy` level): determinism, no peeking, sound feeding, and beating random."""

from __future__ import annotations

import pytest

import polis.bots.greedy
from polis.bots import GreedyBot, RandomBot, evaluate, make_bot
from polis.compiler import compile_ruleset
from polis.engine import Action, State, apply_unchecked, legal_actions, new_game
from polis.rules.registry import discover
from polis.simulate import simulate
from tests.bots.positions import at_feeding

# no hoplite near Chios or Chalkis: a released polis is not one siege away from coming back
AWAY_FROM_ITS_POLEIS = {
    "clear_units": True,
    "units": {"athens": {"attika": 3}, "sparta": {"lakedaimon": 3}},
}


@pytest.mark.parametrize("ruleset", list(discover()))
def test_greedy_beats_random(ruleset: str, record_property: object) -> None:
    summary = simulate(
        compile_ruleset(ruleset).config, 200, 1000, "greedy", "random", alternate=True
    )
    assert summary.errors == 0
    rate = summary.bot_wins.get("greedy", 0) / summary.games
    record_property("greedy_win_rate", rate)  # type: ignore[operator]
    print(f"{ruleset}: greedy won {rate:.1%} of {summary.games} games against random")
    assert rate >= 0.70


def test_bots_are_deterministic_per_seed() -> None:
    cfg = compile_ruleset("2e").config
    s = new_game(cfg, 9)
    assert GreedyBot(3).choose(s) == GreedyBot(3).choose(s)
    assert RandomBot(3).choose(s) == RandomBot(3).choose(s)
    assert GreedyBot(3).choose(s) in legal_actions(s)


def test_greedy_does_not_peek_at_the_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    # every state the bot plays a choice on carries a scrambled generator, never the real one
    cfg = compile_ruleset("2e").config
    s = new_game(cfg, 9)
    s.forced = (6, 6, 6)  # dice a position file imposed: not for the bot to see either
    before = (s.rng, s.chance, s.forced)
    probed: list[tuple[int, tuple[int, ...]]] = []

    def probe(state: State, action: Action) -> State:
        probed.append((state.rng, state.forced))
        return apply_unchecked(state, action)

    monkeypatch.setattr(polis.bots.greedy, "apply_unchecked", probe)
    GreedyBot(1).choose(s)
    assert len(probed) > 1
    assert all(rng != s.rng for rng, _forced in probed)
    assert all(forced == () for _rng, forced in probed)
    assert (s.rng, s.chance, s.forced) == before  # and the real state is untouched


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_greedy_pays_a_small_shortfall_in_prestige_rather_than_releasing(ruleset: str) -> None:
    # Athens needs 8 wheat and has 6, with 7 prestige: paying keeps every polis;
    # releasing one gives the same points now and loses what the polis would bring
    s = at_feeding(ruleset, "athens", wheat=6, prestige=7, **AWAY_FROM_ITS_POLEIS)
    assert ("feed",) in legal_actions(s) and ("release", 13) in legal_actions(s)
    assert all(GreedyBot(seed).choose(s) == ("feed",) for seed in range(5))


def test_greedy_releases_a_polis_when_prestige_would_run_out() -> None:
    # 5 cubes short with 3 prestige: feeding would end the round without prestige (a loss)
    s = at_feeding("1e", "athens", wheat=3, prestige=3)
    assert GreedyBot(1).choose(s)[0] == "release"


def test_evaluation_prefers_winning() -> None:
    s = new_game(compile_ruleset("2e").config, 1)
    won, lost = s.copy(), s.copy()
    won.phase = lost.phase = "over"
    won.winner, lost.winner = 0, 1
    assert evaluate(won, 0) > evaluate(s, 0) > evaluate(lost, 0)


def test_unknown_bot_or_level() -> None:
    with pytest.raises(KeyError, match="unknown bot"):
        make_bot("clever")
    with pytest.raises(KeyError, match="unknown level"):
        make_bot("mcts:grandmaster")
