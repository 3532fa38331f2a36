"""The search bot: it never reads what a player could not know, and a seed fixes its play.

A bot that peeked would search differently when only the hidden part of a
position changes: the opponent's combat hand (with the same cards unseen in
all), the generator behind event cards, project tiles and dice, or dice a test
forces. Each test below compares the whole search (visits of every action at
the root), not just the choice, and checks that a peeking bot fails it.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import pytest

import polis.bots.mcts
import polis.bots.rollout
from polis.bots import LEVELS, Budget, MctsBot
from polis.bots.mcts import Node, determinize
from polis.engine import Action, State, apply, legal_actions
from polis.engine.outcomes import finish_game, lose, scores
from tests.bots.positions import ATHENS_HANDS, SPARTA_HAND, at_feeding, battle, position

# with a prior, so that the tests of hidden information cover the root's seeding too
QUICK = Budget(iterations=120, seconds=60.0, rollout_plies=2, prior_visits=3)


def statistics(root: Node) -> dict[Action, tuple[int, float]]:
    return {a: (e.visits, round(e.value, 9)) for a, e in root.edges.items()}


def search(state: State, seed: int = 7, budget: Budget = QUICK) -> dict[Action, tuple[int, float]]:
    return statistics(MctsBot(seed, budget=budget).search(state))


# rollouts long enough to reach the generator's draws (a siege die, a trade's market dice)
TO_THE_DICE = dataclasses.replace(QUICK, rollout_plies=12)


def peeking_determinize(state: State, me: int, rng: random.Random) -> State:
    """What a cheating bot would do: new dice, but the opponent's real hand."""
    s = state.copy()
    s.rng = rng.getrandbits(64)
    s.forced = ()
    return s


def unseen_cards(s: State, me: int) -> Counter[int]:
    assert s.battle is not None
    hand = s.battle.hands[1 - me]
    return Counter(s.battle.deck) + Counter({k: n for k, n in enumerate(hand) if n})


def test_hidden_hands_of_the_variants_differ_but_not_what_sparta_sees() -> None:
    variants = [battle(hand) for hand in ATHENS_HANDS]
    assert len({tuple(v.battle.hands[0]) for v in variants if v.battle}) == len(variants)
    assert all(unseen_cards(v, 1) == unseen_cards(variants[0], 1) for v in variants)
    assert all(v.battle and v.battle.hands[1] == variants[0].battle.hands[1] for v in variants)  # type: ignore[union-attr]


def test_attacker_ignores_the_defenders_hand() -> None:
    searches = [search(battle(hand)) for hand in ATHENS_HANDS]
    assert all(found == searches[0] for found in searches[1:])
    assert len(searches[0]) > 1


def test_defender_ignores_the_attackers_hand() -> None:
    # Sparta shows two cards; Athens answers knowing its own hand and those two cards only
    shown = ("attack", 0, 5)  # phalanx/othismos and archers/shoot
    others = [
        SPARTA_HAND,
        [
            "land:phalanx/othismos",
            "land:archers/shoot",
            "land:phalanx/advance",
            "land:salpinx/ambush",
        ],
        [
            "land:phalanx/othismos",
            "land:archers/shoot",
            "land:cavalry/advance",
            "land:cavalry/advance",
        ],
    ]
    states = [apply(battle(ATHENS_HANDS[0], sparta), shown) for sparta in others]
    assert all(s.phase == "defend" and s.player == 0 for s in states)
    searches = [search(s) for s in states]
    assert all(found == searches[0] for found in searches[1:])


def test_a_peeking_bot_would_fail_these_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(polis.bots.mcts, "determinize", peeking_determinize)
    searches = [search(battle(hand)) for hand in ATHENS_HANDS]
    assert any(found != searches[0] for found in searches[1:])


def test_the_generator_and_forced_dice_are_hidden() -> None:
    # the generator holds the event cards, project tiles and dice still to come
    s = position("2e", 3, player="athens", active="athens")
    variants = [s.copy() for _ in range(3)]
    variants[1].rng ^= 0x5DEECE66D
    variants[2].forced = (6, 6, 6)
    searches = [search(v, budget=TO_THE_DICE) for v in variants]
    assert all(found == searches[0] for found in searches[1:])


def test_a_bot_that_used_the_real_generator_would_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    def real_generator(state: State, me: int, rng: random.Random) -> State:
        return state.copy()

    monkeypatch.setattr(polis.bots.mcts, "determinize", real_generator)
    s = position("2e", 3, player="athens", active="athens")
    seen = search(s, budget=TO_THE_DICE)
    others = []
    for flip in (0x5DEECE66D, 0x2545F491, 0x9E3779B9):  # a search may reach no die: try three
        other = s.copy()
        other.rng ^= flip
        others.append(search(other, budget=TO_THE_DICE))
    assert any(found != seen for found in others)


def test_determinize_redeals_only_the_hidden_cards() -> None:
    s = battle(ATHENS_HANDS[0])
    rng = random.Random(1)
    seen = set()
    for _ in range(20):
        d = determinize(s, 1, rng)
        assert d.battle is not None and s.battle is not None
        assert d.battle.hands[1] == s.battle.hands[1]  # Sparta's own hand stays
        assert sum(d.battle.hands[0]) == sum(s.battle.hands[0])
        assert unseen_cards(d, 1) == unseen_cards(s, 1)
        assert d.rng != s.rng and d.forced == ()
        seen.add(tuple(d.battle.hands[0]))
    assert len(seen) > 5
    assert s.battle.hands[0] == battle(ATHENS_HANDS[0]).battle.hands[0]  # type: ignore[union-attr]


def test_same_seed_same_search_and_a_legal_choice() -> None:
    s = position("1e", 4, player="sparta", active="sparta")
    assert search(s, seed=11) == search(s, seed=11)
    assert search(s, seed=11) != search(s, seed=12)
    assert MctsBot(5, budget=QUICK).choose(s) in legal_actions(s)


def test_levels_are_iteration_budgets_with_a_time_guard() -> None:
    assert list(LEVELS) == ["quick", "normal", "strong"]
    budgets = list(LEVELS.values())
    assert budgets[0].iterations < budgets[1].iterations < budgets[2].iterations
    assert LEVELS["normal"].seconds == 0.5 and LEVELS["strong"].seconds == 2.0
    # strong looks further than normal and halves its root's contenders; nothing else differs
    assert LEVELS["normal"].root == "ucb" and LEVELS["strong"].root == "halving"
    assert dataclasses.replace(LEVELS["strong"], iterations=0, seconds=0.0, root="ucb") == (
        dataclasses.replace(LEVELS["normal"], iterations=0, seconds=0.0)
    )
    s = position("2e", 1, player="sparta", active="sparta")
    bot = MctsBot(1, budget=Budget(iterations=40, seconds=60.0, rollout_plies=0))
    bot.choose(s)
    assert bot.last_iterations == 40 and bot.guard_stops == 0
    guarded = MctsBot(1, budget=Budget(iterations=10**6, seconds=0.0, rollout_plies=0))
    guarded.choose(s)
    assert guarded.guard_stops == 1 and guarded.last_iterations < 10**6


def readings(monkeypatch: pytest.MonkeyPatch, times: list[float], then: float = 0.1) -> None:
    """The search's CPU clock reads `times` in turn, then goes on `then` seconds a reading.

    The search reads it at its start, after the root's prior, and after each iteration.
    """
    given = iter(times)
    last = [-then]

    class Clock:
        offset = 0.0  # time spent outside the readings (a test may set it)

        @staticmethod
        def process_time() -> float:
            last[0] = next(given, last[0] + then)
            return last[0] + Clock.offset

    monkeypatch.setattr(polis.bots.mcts, "time", Clock)


@pytest.fixture
def slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each reading of the search's clock is 0.1 s after the last: the prior and every
    iteration take 0.1 s."""
    readings(monkeypatch, [0.0])


def guarded_search(seconds: float, iterations: int = 400, prior_visits: int = 0) -> MctsBot:
    """A search of `iterations` under a bound of `seconds`."""
    s = position("2e", 1, player="sparta", active="sparta")
    budget = Budget(
        iterations=iterations, seconds=seconds, rollout_plies=0, prior_visits=prior_visits
    )
    bot = MctsBot(1, budget=budget)
    bot.search(s)
    return bot


@pytest.mark.parametrize(
    ("seconds", "iterations", "done", "stops"),
    [
        # the prior and one iteration end at 0.2 s; a second could end at 0.3 s: not begun
        (0.25, 400, 1, 1),
        (2.25, 20, 20, 0),  # the twentieth ends at 2.1 s: the search is whole, none stopped
    ],
)
def test_the_guard_stops_before_an_iteration_would_end_past_the_bound(
    slow_clock: None, seconds: float, iterations: int, done: int, stops: int
) -> None:
    bot = guarded_search(seconds, iterations)
    assert (bot.guard_stops, bot.last_iterations) == (stops, done)


def test_the_guard_allows_for_the_slowest_iteration_not_the_average(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a quick iteration (0.01 s) then a slow one (0.29 s): at 0.3 s the average projects a
    # third to end at 0.45 s, but another as slow as the second would end at 0.59 s
    readings(monkeypatch, [0.0, 0.0, 0.01, 0.3], then=0.01)
    bot = guarded_search(0.5)
    assert (bot.guard_stops, bot.last_iterations) == (1, 2)


def test_the_guards_clock_counts_the_roots_prior(monkeypatch: pytest.MonkeyPatch) -> None:
    # each reading is 0.03 s after the last, and the prior takes 0.45 s more: after it and one
    # iteration the clock reads 0.51 s. A clock started after the prior would let 15 run
    readings(monkeypatch, [], then=0.03)
    clock = polis.bots.mcts.time
    seed_root = MctsBot._seed_root

    def slow_prior(bot: MctsBot, root: Node, state: State, me: int) -> None:
        seed_root(bot, root, state, me)
        monkeypatch.setattr(clock, "offset", 0.45)

    monkeypatch.setattr(MctsBot, "_seed_root", slow_prior)
    bot = guarded_search(0.5, prior_visits=1)
    assert (bot.guard_stops, bot.last_iterations) == (1, 1)


def test_the_guard_keeps_a_slack_for_what_no_iteration_shows(slow_clock: None) -> None:
    # 0.1 s an iteration under a bound of 2.21 s: the 21st could end at 2.2 s, inside the
    # bound but not inside its last 2 %, so only 20 run
    assert polis.bots.mcts.GUARD_SLACK == 0.02
    bot = guarded_search(2.21)
    assert (bot.guard_stops, bot.last_iterations) == (1, 20)


def test_the_guards_clock_starts_with_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    # listing the options takes 0.45 s here: a search whose clock started after it would
    # let 15 iterations run
    readings(monkeypatch, [], then=0.03)
    clock = polis.bots.mcts.time
    options = polis.bots.mcts.legal_actions

    def slow_options(s: State) -> list[Action]:
        monkeypatch.setattr(clock, "offset", 0.45)
        return options(s)

    monkeypatch.setattr(polis.bots.mcts, "legal_actions", slow_options)
    bot = MctsBot(1, budget=Budget(iterations=400, seconds=0.5, rollout_plies=0))
    bot.choose(position("2e", 1, player="sparta", active="sparta"))
    assert (bot.guard_stops, bot.last_iterations) == (1, 1)


def test_the_budgets_pass_chance_reaches_every_rollout(monkeypatch: pytest.MonkeyPatch) -> None:
    chances: set[float] = set()
    play = polis.bots.rollout.play

    def spy(s: State, rng: random.Random, pass_alone_fed: float = 0.0) -> Action:
        chances.add(pass_alone_fed)
        return play(s, rng, pass_alone_fed)

    monkeypatch.setattr(polis.bots.rollout, "play", spy)
    s = position("2e", 1, player="sparta", active="sparta")
    MctsBot(1, budget=dataclasses.replace(QUICK, pass_alone_fed=0.25)).choose(s)
    assert chances == {0.25}


def test_the_budgets_tiebreak_joins_the_fitted_weights() -> None:
    s = position("1e-corinthian-war", 1, player="sparta", active="sparta")
    fitted_weights = polis.bots.mcts.fitted.weights_for(s.cfg)
    assert fitted_weights.tiebreak == 0.0
    plain = MctsBot(1, budget=dataclasses.replace(QUICK, iterations=20))
    plain.choose(s)
    assert plain.weights == fitted_weights
    tied = MctsBot(1, budget=dataclasses.replace(QUICK, iterations=20, tiebreak=0.02))
    tied.choose(s)
    assert tied.weights == dataclasses.replace(fitted_weights, tiebreak=0.02)
    assert LEVELS["quick"].tiebreak == 0.0  # the level the balance records were made with


def test_the_prior_seeds_every_root_action_and_steers_a_short_search() -> None:
    s = position("2e", 3, player="athens", active="athens")
    options = legal_actions(s)
    seeded = Budget(iterations=0, seconds=60.0, rollout_plies=0, prior_visits=10)
    root = MctsBot(3, budget=seeded).search(s)
    assert set(root.edges) == set(options)
    assert all(e.visits == 10 and 0.0 <= e.value <= 10.0 for e in root.edges.values())
    assert len({round(e.value, 6) for e in root.edges.values()}) > 1  # the evaluation tells apart
    # with no search at all, the choice is the best-valued action: the greedy view
    best = max(root.edges, key=lambda a: root.edges[a].value)
    assert MctsBot(3, budget=seeded).choose(s) == best
    # one iteration goes to that same action (equal visits: equal exploration)
    one = MctsBot(3, budget=Budget(iterations=1, seconds=60.0, rollout_plies=0, prior_visits=10))
    assert one.search(s).edges[best].visits == 11
    plain = MctsBot(3, budget=Budget(iterations=1, seconds=60.0, rollout_plies=0)).search(s)
    assert sum(e.visits for e in plain.edges.values()) == 1


def test_progress_is_reported_while_the_bot_thinks() -> None:
    # the level's iterations with a guard no machine reaches: every slice is reported
    budget = dataclasses.replace(LEVELS["normal"], iterations=200, seconds=600.0)
    bot = MctsBot(1, budget=budget)
    seen: list[float] = []
    bot.progress = seen.append
    bot.choose(position("2e", 1, player="sparta", active="sparta"))
    assert seen == [pytest.approx(k / polis.bots.mcts.PROGRESS_STEPS) for k in range(1, 21)]


def test_a_search_the_guard_cuts_short_still_reports_its_end(slow_clock: None) -> None:
    """On a slow machine the guard stops the search early; the progress bar ends all the same."""
    # 0.1 s an iteration: the 21st ends at 2.2 s, and a 22nd could end past 2.25 s
    budget = Budget(iterations=400, seconds=2.25, rollout_plies=0)
    bot = MctsBot(1, budget=budget)
    seen: list[float] = []
    bot.progress = seen.append
    bot.choose(position("2e", 1, player="sparta", active="sparta"))
    assert (bot.guard_stops, bot.last_iterations) == (1, 21)
    assert seen == [pytest.approx(0.05), 1.0]


def test_a_forced_choice_needs_no_search() -> None:
    # Athens holds only its capital and can pay the shortfall: feeding is the one choice
    alone = {"chios": {"owner": None}, "chalkis": {"owner": None}}
    s = at_feeding("2e", "athens", wheat=3, prestige=5, poleis=alone)
    assert legal_actions(s) == [("feed",)]
    bot = MctsBot(1, budget=QUICK)
    assert bot.choose(s) == ("feed",) and bot.last_iterations == 0


def _athens_alone(round_id: str) -> State:
    """Sparta has passed: Athens' pass ends the turns, and its feeding is a real choice after it."""
    return position(
        "2e",
        3,
        round=round_id,
        player="athens",
        active="athens",
        passed=["sparta"],
        sides={"athens": {"prestige": 4, "goods": {"wheat": 2}}},
    )


def test_the_tree_ends_with_the_turns_and_leaves_the_round_end_to_the_rollouts() -> None:
    s = _athens_alone("alpha")
    at_feeding_now = apply(s, ("pass",))
    assert at_feeding_now.step and len(legal_actions(at_feeding_now)) > 1
    budget = Budget(iterations=200, seconds=60.0, rollout_plies=60)
    root = MctsBot(2, budget=budget).search(s)
    passing = root.edges[("pass",)]
    assert passing.visits >= 2 and passing.outcomes
    # every visit after the pass went to the rollout policy: no node below it grew edges
    assert all(not node.edges for node in passing.outcomes.values())
    # a search that begins at the round's end searches that round's end
    fed = MctsBot(2, budget=budget).search(at_feeding_now)
    assert set(fed.edges) == set(legal_actions(at_feeding_now))
    assert any(node.edges for e in fed.edges.values() for node in e.outcomes.values())


def test_in_the_last_round_the_tree_plays_on_to_the_final_score() -> None:
    s = _athens_alone("omega")
    budget = Budget(iterations=200, seconds=60.0, rollout_plies=60)
    passing = MctsBot(2, budget=budget).search(s).edges[("pass",)]
    assert passing.visits >= 2
    assert any(node.edges for node in passing.outcomes.values())  # the last feeding is searched


def _finished(athens_lead: int, sudden: bool = False) -> State:
    """A 2e game over, Athens ahead on the score by `athens_lead` (or lost by a sudden death)."""
    s = position("2e", sides={"athens": {"prestige": 12}, "sparta": {"prestige": 12}})
    s.prestige[0] += athens_lead - (scores(s)[0] - scores(s)[1])  # prestige counts a point each
    if sudden:
        lose(s, 0, "capital_unfed")
    else:
        finish_game(s)
    lead = scores(s)[0] - scores(s)[1]
    assert s.finished and (sudden or lead == athens_lead), lead
    return s


def test_a_finished_game_is_valued_by_its_result_and_a_lost_one_by_its_margin() -> None:
    bot = MctsBot(0)
    value = {lead: bot._chance(_finished(lead), 0) for lead in (-10, -1, 1, 5)}
    sudden = bot._chance(_finished(3, sudden=True), 0)
    assert sudden == 0.0 < value[-10] < value[-1] < bot.budget.loss_share / 2
    assert value[1] == value[5] == 1.0  # a win is a win, however wide
    assert bot._chance(_finished(-1), 1) == 1.0  # Sparta's view of its win
    assert bot._chance(_finished(3, sudden=True), 1) == 1.0
    result_only = MctsBot(0, budget=dataclasses.replace(bot.budget, loss_share=0.0))
    assert [result_only._chance(_finished(lead), 0) for lead in (-10, -1, 1, 5)] == [0, 0, 1, 1]


def _mid_action() -> State:
    """A 2e position halfway through a trade (so a leaf there is finished first)."""
    s = apply(position("2e", round="alpha", player="athens", active="athens"), ("act", "trade"))
    assert s.phase == "trade_slot" and len(legal_actions(s)) > 1
    return s


@pytest.mark.parametrize("plies", [0, 5, 40])
def test_a_leaf_share_mixes_the_leafs_value_with_the_rollouts(plies: int) -> None:
    s = _mid_action()
    budget = Budget(iterations=1, seconds=60.0, rollout_plies=plies)
    # all of it from the leaf: where the rollout stops does not matter
    whole = MctsBot(4, budget=dataclasses.replace(budget, leaf_share=1.0))
    leaf = whole._finish(s)
    assert leaf.phase != s.phase  # the trade was finished
    assert whole._rollout(s, 0) == whole._chance(leaf, 0)
    # half of it: the rest is the value of a rollout from that leaf, on the same draws
    half = MctsBot(4, budget=dataclasses.replace(budget, leaf_share=0.5))
    plain = MctsBot(4, budget=budget)
    mixed = half._rollout(s, 0)
    rolled = plain._rollout(plain._finish(s), 0)
    assert mixed == pytest.approx(0.5 * half._chance(leaf, 0) + 0.5 * rolled)
    if plies:
        assert rolled != plain._chance(leaf, 0)  # the rollout moved the value: the mix is a mix


def test_sequential_halving_tries_every_root_action_then_keeps_the_better_half() -> None:
    """`root="halving"`: the first round gives each root action the same share, each later
    round keeps the better half (by mean value), and the last one standing is played."""
    s = position("2e", 3, player="athens", active="athens")
    options = legal_actions(s)
    assert len(options) >= 4
    budget = Budget(iterations=240, seconds=60.0, rollout_plies=10, root="halving")
    bot = MctsBot(7, budget=budget)
    root = bot.search(s)
    visits = {a: root.edges[a].visits for a in options}
    assert sum(visits.values()) == 240  # every iteration went down from a chosen root action
    rounds = math.ceil(math.log2(len(options)))
    first = 240 // rounds // len(options)
    assert min(visits.values()) >= first  # nobody was left out of the first round
    halving = bot._halving
    assert halving is not None and len(halving.alive) <= 2
    survivors = set(halving.alive)
    assert all(visits[a] > max(visits[b] for b in options if b not in survivors) for a in survivors)
    chosen = MctsBot(7, budget=budget).choose(s)
    assert chosen in survivors and chosen == MctsBot(7, budget=budget).choose(s)


def test_the_halving_root_shares_its_visits_otherwise_than_ucb() -> None:
    """The option takes effect: the same search with the other root rule visits the root's
    actions differently (UCB's own behaviour is pinned by the seeded search games)."""
    s = position("1e", 4, player="sparta", active="sparta")
    ucb = MctsBot(11, budget=QUICK).search(s)
    halving = MctsBot(11, budget=dataclasses.replace(QUICK, root="halving")).search(s)
    assert QUICK.root == "ucb"
    assert {a: e.visits for a, e in ucb.edges.items()} != {
        a: e.visits for a, e in halving.edges.items()
    }


def test_a_budget_refuses_a_way_it_does_not_know() -> None:
    with pytest.raises(ValueError, match=r"Budget\.root"):
        dataclasses.replace(QUICK, root="halfing")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Budget\.finish"):
        dataclasses.replace(QUICK, finish="greed")  # type: ignore[arg-type]


def test_a_root_action_that_is_not_legal_is_refused() -> None:
    s = position("2e", 3, player="athens", active="athens")
    bot = MctsBot(2, budget=QUICK)
    root = Node()
    with pytest.raises(ValueError, match="not legal here"):
        bot._search().iterate(root, determinize(s, 0, random.Random(1)), 0, ("act", "nothing"))
