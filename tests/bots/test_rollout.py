"""The rollout policy: always a legal choice, never a self-inflicted loss."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from polis.bots import rollout
from polis.compiler import compile_ruleset
from polis.engine import Action, apply_unchecked, legal_actions, new_game
from polis.rules.registry import discover
from tests.bots.positions import at_feeding, position


@pytest.mark.parametrize("ruleset", list(discover()))
def test_rollouts_pick_legal_choices_to_the_end_of_games(ruleset: str) -> None:
    cfg = compile_ruleset(ruleset).config
    rng = random.Random(3)
    for seed in range(4):
        s = new_game(cfg, seed)
        while not s.finished:
            options = legal_actions(s)
            choice = rollout.choose(s, options, rng)
            assert choice in options
            s = apply_unchecked(s, choice)


def test_feeding_pays_in_prestige_while_one_remains() -> None:
    s = at_feeding("1e", "athens", wheat=6, prestige=4)
    assert rollout.choose(s, legal_actions(s), random.Random(0)) == ("feed",)


def test_feeding_releases_the_smallest_polis_that_saves_the_last_prestige() -> None:
    # 5 short with 3 prestige: Chios (2) must go, then 3 are paid and 1 prestige stays
    s = at_feeding("1e", "athens", wheat=3, prestige=3)
    chios = s.cfg.poleis.index(next(p for p in s.cfg.poleis if p.id == "chios"))
    assert rollout.choose(s, legal_actions(s), random.Random(0)) == ("release", chios)


def test_no_action_spends_the_last_prestige() -> None:
    s = position("2e", 2, player="athens", active="athens", sides={"athens": {"prestige": 1}})
    options = legal_actions(s)
    costly = {("act", a.id) for a in s.cfg.actions if a.prestige_cost} & set(options)
    assert costly, "moves or sieges are open"
    rng = random.Random(0)
    picks = {rollout.choose(s, options, rng) for _ in range(300)}
    assert not picks & (costly - {("act", "collect_tribute")})
    assert len(picks) > 2


def test_phoros_keeps_a_reserve_of_prestige() -> None:
    s = position("1e", player="athens", active="athens", sides={"athens": {"prestige": 2}})
    s.phase, s.player = "phoros", 0
    rng = random.Random(0)
    assert all(rollout.choose(s, [("phoros", 0), ("done",)], rng) == ("done",) for _ in range(50))


def test_after_the_last_round_of_1e_feeding_may_spend_the_last_prestige() -> None:
    # 2 short with 2 prestige: 1e scores a last round ended without prestige, so paying
    # both beats releasing a polis; in any earlier round one prestige must stay
    last = at_feeding("1e", "athens", wheat=6, prestige=2, round="five_beta")
    assert rollout.choose(last, legal_actions(last), random.Random(0)) == ("feed",)
    earlier = at_feeding("1e", "athens", wheat=6, prestige=2)
    assert rollout.choose(earlier, legal_actions(earlier), random.Random(0))[0] == "release"


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_once_the_other_side_has_passed_a_fed_side_passes_at_least_half_the_time(
    ruleset: str,
) -> None:
    """Acting alone costs a good an action: a side acts on for wheat, not for nothing."""
    cfg = compile_ruleset(ruleset).config
    wheat_id = cfg.goods[cfg.feeding_good]

    def passes(wheat: int, pass_alone_fed: float) -> int:
        s = position(
            ruleset,
            player="sparta",
            active="sparta",
            sides={"athens": {"goods": {wheat_id: wheat}}},
        )
        s = apply_unchecked(s, ("pass",))  # Sparta passes: Athens plays on alone
        assert cfg.sides[s.player] == "athens" and s.phase == "turn"
        options = legal_actions(s)
        rng = random.Random(5)
        return sum(rollout.choose(s, options, rng, pass_alone_fed) == ("pass",) for _ in range(400))

    assert passes(wheat=30, pass_alone_fed=0.5) > 200  # fed: half at once, some of the rest
    assert passes(wheat=0, pass_alone_fed=0.5) < 100  # hungry: it looks for wheat
    assert passes(wheat=30, pass_alone_fed=0.0) < 100  # without it: acts on at random


@given(
    weights=st.lists(
        st.floats(min_value=0.01, max_value=20.0, allow_nan=False), min_size=1, max_size=14
    ),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_the_weighted_pick_is_the_standard_librarys(weights: list[float], seed: int) -> None:
    """The same draw and the same pick as `random.choices`: games stay move for move."""
    picks: list[Action] = [("act", str(i)) for i in range(len(weights))]
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert rollout.weighted_pick(picks, weights, ours) == theirs.choices(picks, weights)[0]
    assert ours.random() == theirs.random()  # and the generators stay in step


@given(n=st.integers(min_value=1, max_value=10**6), seed=st.integers(min_value=0, max_value=2**32))
def test_randbelow_draws_as_randrange(n: int, seed: int) -> None:
    """The same numbers as `random.randrange`, and the generators stay in step."""
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [rollout.randbelow(ours, n) for _ in range(5)] == [theirs.randrange(n) for _ in range(5)]
    assert ours.random() == theirs.random()


def test_randbelow_refuses_an_empty_range() -> None:
    # getrandbits(0) is always 0: without the check the draw would loop for ever
    with pytest.raises(ValueError, match="n > 0"):
        rollout.randbelow(random.Random(1), 0)


@pytest.mark.parametrize("ruleset", ["1e", "2e", "1e-second-peloponnesian-war"])
@pytest.mark.parametrize("pass_alone_fed", [0.0, 0.5])
def test_play_draws_the_turn_choice_as_choose_picks_it_from_the_listed_options(
    ruleset: str, pass_alone_fed: float
) -> None:
    """`play` asks the engine only about the turn choice it draws; the distribution stays
    `choose`'s over `legal_actions` (seeded draws: the same counts on every run)."""
    cfg = compile_ruleset(ruleset).config
    chooser = random.Random(11)
    compared = 0
    for seed in range(12):
        s = new_game(cfg, seed)
        while not s.finished and compared < 12 * (seed + 1):
            options = legal_actions(s)
            if s.phase == "turn" and len(options) > 2:
                draws = 1500
                ours, theirs = random.Random(seed), random.Random(seed + 1000)
                played = Counter(rollout.play(s, ours, pass_alone_fed) for _ in range(draws))
                chosen = Counter(
                    rollout.choose(s, options, theirs, pass_alone_fed) for _ in range(draws)
                )
                assert set(played) <= set(options)
                for action in set(played) | set(chosen):
                    gap = abs(played[action] - chosen[action]) / draws
                    assert gap < 0.06, (action, played[action], chosen[action])
                compared += 1
            s = apply_unchecked(s, chooser.choice(options))
    assert compared > 20


def test_play_outside_the_turn_is_choose() -> None:
    s = position("2e", 1, player="sparta", active="sparta")
    s = apply_unchecked(s, ("act", "create_hoplites"))
    assert s.phase != "turn"
    options = legal_actions(s)
    ours, theirs = random.Random(4), random.Random(4)
    for _ in range(20):
        assert rollout.play(s, ours) == rollout.choose(s, options, theirs)
