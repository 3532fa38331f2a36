"""The `mcts` bot: information-set Monte Carlo tree search over determinizations.

The bot sees what a player at the table sees. Two things are hidden from it:
everything the state's generator will produce (event cards, project tiles,
the order of the combat deck, dice) and, in a battle, the opponent's hand.
Each iteration of the search therefore plays on a *determinization*
(`polis.engine.determinize`, the engine's observer): a copy of the state with
a generator seeded from the bot's own generator and the opponent's hand dealt
afresh from the cards the bot cannot see (the deck and that hand together,
keeping its size). Dice are chance: a decision whose
result depends on the generator leads to one child per outcome the players
can observe (the public log of the step, and the bot's own hand).

One tree is grown over all determinizations (single-observer ISMCTS): an
action is judged only in the iterations where it is legal, and UCB counts the
iterations in which it was available. A new leaf (its action in progress
finished greedily) is scored by polis.bots.evaluation, squashed to a win
chance; a rollout then plays both sides from it with the cheap policy of
polis.bots.rollout to the end of the round or a few dozen decisions, and the
leaf's value is half its own score and half the score where the rollout
stopped. A finished game is valued by its result, and a game lost on the
score a little by its margin.

The tree covers the decisions of the root's round only, and a search begun in
its turns stops where the turns end (except in the last round, whose end is
the game's): the feeding, growth and phoros that follow are played by the
rollout policy. Searched in the tree, their choices were first tried at random
(releasing a polis it could feed, say), and every such trial counted against
the pass that led there: in a traced 2e game, rollouts after Athens' pass
scored 0.91 on average while the tree valued the pass at 0.50, so Athens paid
its wheat to move the proxenos instead, and starved.

Each iteration's work (down the tree, the leaf's rollout, the backup) is done by
polis.bots.tree, compiled with the engine; this module decides what a search is.

A level is an iteration budget: the same seed and the same game give the same
choices on any machine. Each budget was calibrated so that a decision stays
under its level's bound on a 2-core machine; a CPU-time cap stops a search
whose next iteration could end past that bound all the same (counted in
`guard_stops`: a decision cut short by it may differ from run to run).
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from dataclasses import dataclass
from typing import Literal

from polis.bots import fitted, tree
from polis.bots.base import Progress
from polis.bots.evaluation import WEIGHTS, Weights
from polis.bots.tree import Edge, Node
from polis.engine import Action, State, apply_unchecked, determinize, legal_actions


@dataclass(frozen=True, slots=True)
class Budget:
    iterations: int  # determinized playouts per decision: what makes a level reproducible
    seconds: float  # CPU-time guard: a search never runs past it
    rollout_plies: int  # decisions a rollout plays before the position is scored
    exploration: float = 0.2  # UCB constant, values being win chances in 0..1
    finish: Literal["greedy", "policy", "none"] = "greedy"  # how a leaf's action in progress
    # is completed
    # points of evaluation that make a 73 % win chance. Not the fit's calibrated scale (8 to
    # 12 points): with it 2e's Athens won 58 of 80 screened games, with 4 points 72
    scale: float = 4.0
    prior_visits: int = 0  # virtual visits seeding each root action with its evaluation
    # most a game lost on the score is worth, by its margin: a game lost by a point is worth
    # more than one lost by ten, and either more than a sudden-death loss (0), so a search
    # that sees only lost lines still picks the least bad one. A win stays a win (1): graded
    # by margin too, the search traded win chances for wide wins
    loss_share: float = 0.25
    # the evaluation's weights (leaves, the root's prior); None: those fitted for the ruleset
    weights: Weights | None = None
    # share of a leaf's value read from its evaluation before the rollout, the rest from
    # where the rollout stops: the evaluation steadies the noise of one random rollout, the
    # rollout sees what the evaluation misses (AlphaGo's mixing of value and rollout)
    leaf_share: float = 0.0
    # chance a rollout passes at once where the other side has passed and its own feeding
    # is covered (polis.bots.rollout.choose): against greedy 730 -> 757 wins of 800 at normal
    pass_alone_fed: float = 0.0
    # Weights.tiebreak for this level's evaluation, on top of the fitted weights. The fit
    # gives goods no worth in the last round, so the search spent them on moves that change
    # nothing and lost ties on goods: in the Corinthian War (one round; 32 of 100 self-play
    # games tied on score) its Athens won 84 of 100 games against greedy, with 0.02 a good 94
    tiebreak: float = 0.0
    # how the root shares out the iterations: "ucb" as every node of the tree, or "halving"
    # (sequential halving: rounds that try each remaining action equally often and keep the
    # better half, the last one standing played). UCB spends its iterations where the value
    # looks best so far, which is what the tree below needs; the root only has to name the
    # best action, and a bigger budget spent evenly on the contenders names it more surely
    root: Literal["ucb", "halving"] = "ucb"

    def __post_init__(self) -> None:
        # a misspelt way would otherwise run as the default without a word
        if self.finish not in ("greedy", "policy", "none"):
            raise ValueError(f"Budget.finish: greedy, policy or none, not {self.finish!r}")
        if self.root not in ("ucb", "halving"):
            raise ValueError(f"Budget.root: ucb or halving, not {self.root!r}")


# the prior: 14 -> 19 wins of 20 against greedy on 1e at 300 iterations (2e: 15 -> 13,
# within chance); 1,000 iterations without it won 2e no more often (13 of 20). Half the
# leaf's value from its evaluation, rollouts of 30: 335 wins of 400 screened games on the
# weak sides, against 318 with rollouts of 60 and no mixing (docs/bots.md)
_QUICK = Budget(iterations=300, seconds=0.5, rollout_plies=30, prior_visits=10, leaf_share=0.5)
# `normal`: 800 iterations won the Second Peloponnesian War's Sparta 90 of 100 games
# against greedy where 300 won 86; with the faster engine and rollouts 700 take about
# 0.6 of the CPU time 800 took (500 won 2e 185 of 200 where 800 had won 191: issue 31
# part 5, docs/bots.md). Its rollouts pass where acting alone would spend goods for nothing.
# `strong` looks further and shares its root's iterations by sequential halving: 132 of
# 200 games of 2e against `normal` (seeds 0-199), where the same 2,000 iterations shared
# by UCB won 122 and 4,000 by UCB 121 (docs/bots.md). `quick` is the search the shipped
# balance records were made with: what the balance lab's self-play games use
_NORMAL = dataclasses.replace(_QUICK, iterations=700, pass_alone_fed=0.5, tiebreak=0.02)
LEVELS: dict[str, Budget] = {
    "quick": _QUICK,
    "normal": _NORMAL,
    "strong": dataclasses.replace(_NORMAL, iterations=2000, seconds=2.0, root="halving"),
}

PROGRESS_STEPS = 20  # progress reports per decision
# share of a level's bound the guard keeps for what no iteration shows coming: the work
# after the last one, and a pause longer than any before it. Without it the slowest of
# 8,363 decisions ran 2.8 ms past 0.5 s
GUARD_SLACK = 0.02


class MctsBot:
    name = "mcts"

    def __init__(self, seed: int = 0, level: str = "normal", budget: Budget | None = None) -> None:
        self.level = level
        self.budget = budget if budget is not None else LEVELS[level]
        self.rng = random.Random(seed)
        self.progress: Progress | None = None
        self.guard_stops = 0  # decisions the CPU-time guard cut short
        self.last_iterations = 0
        self.weights = WEIGHTS  # set per search: the budget's, or those fitted for the ruleset
        self._halving: _Halving | None = None  # the root's rounds, where the budget says so

    # ---------------------------------------------------------------- search

    def choose(self, state: State) -> Action:
        started = time.process_time()  # the bound is the whole decision's, this too
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        root = self.search(state, started)
        if self._halving is not None:
            return self._halving.winner()
        return self._best(root, options)

    def search(self, state: State, started: float | None = None) -> Node:
        """Grow a tree for the decision `state.player` owes; returns its root.

        `started`: the CPU time at which the decision began (default: now), from
        which the guard counts; the root's prior, which evaluates every option, counts.
        """
        start = time.process_time() if started is None else started
        me = state.player
        budget = self.budget
        self.weights = fitted.weights_for(state.cfg) if budget.weights is None else budget.weights
        if budget.tiebreak:
            self.weights = dataclasses.replace(self.weights, tiebreak=budget.tiebreak)
        root = Node()
        if budget.prior_visits:
            self._seed_root(root, state, me)
        search = self._search()
        self._halving = None
        if budget.root == "halving":
            self._halving = _Halving(root, legal_actions(state), budget.iterations)
        report = max(1, budget.iterations // PROGRESS_STEPS)
        bound = budget.seconds * (1.0 - GUARD_SLACK)
        done = 0
        last = time.process_time()
        slowest = 0.0
        for done in range(1, budget.iterations + 1):
            first = self._halving.next() if self._halving is not None else None
            search.iterate(root, determinize(state, me, self.rng), me, first)
            if self.progress is not None and done % report == 0:
                self.progress(done / budget.iterations)
            # stop where the next iteration could end past the bound, not once it has: allow
            # for the slowest so far. The clock is read after every iteration (0.6 us, an
            # iteration 0.2 to 0.6 ms): read every twentieth of the budget, projecting the
            # average slice from a clock started after the prior, it let decisions run to
            # 560 ms on a machine where 800 iterations took more than 0.5 s; allowing for
            # the slowest slice, to 518 ms while a test run shared the cores
            now = time.process_time()
            slowest = max(slowest, now - last)
            last = now
            if done < budget.iterations and now - start + slowest > bound:
                self.guard_stops += 1
                break
        if self.progress is not None and done < budget.iterations:
            self.progress(1.0)  # cut short by the guard: the search is over all the same
        self.last_iterations = done
        return root

    def _seed_root(self, root: Node, state: State, me: int) -> None:
        """Start each root action with the evaluation of its result as if visited a few times.

        The search's own visits soon outweigh this prior where they disagree with it;
        until they do, the evaluation (which knows feeding and prestige) steers which
        actions get searched, where uniform rollouts alone would spread a small budget
        thinly over every option.
        """
        k = self.budget.prior_visits
        search = self._search()
        for action in legal_actions(state):
            probe = determinize(state, me, self.rng)
            after = search.finish(apply_unchecked(probe, action))
            edge = root.edges[action] = Edge()
            edge.visits = edge.available = k
            edge.value = k * search.chance(after, me)

    @staticmethod
    def _best(root: Node, options: list[Action]) -> Action:
        """The most tried action (then the best valued, then the first listed)."""

        def rank(a: Action) -> tuple[int, float]:
            edge = root.edges.get(a)
            if edge is None or not edge.visits:
                return (0, 0.0)
            return (edge.visits, edge.value / edge.visits)

        return max(options, key=rank)

    # the search's inner loop is compiled (polis.bots.tree); these name its parts for tests

    def _search(self) -> tree.Search:
        budget = self.budget
        return tree.Search(
            self.rng,
            self.weights,
            exploration=budget.exploration,
            scale=budget.scale,
            loss_share=budget.loss_share,
            leaf_share=budget.leaf_share,
            rollout_plies=budget.rollout_plies,
            pass_alone_fed=budget.pass_alone_fed,
            finish=budget.finish,
        )

    def _chance(self, s: State, me: int) -> float:
        """`me`'s win chance in `s` (`tree.Search.chance`)."""
        return self._search().chance(s, me)

    def _rollout(self, s: State, me: int) -> float:
        """A leaf's value after its rollout (`tree.Search.rollout`)."""
        return self._search().rollout(s, me)

    def _finish(self, s: State) -> State:
        """The leaf's action in progress completed (`tree.Search.finish`)."""
        return self._search().finish(s)


class _Halving:
    """Sequential halving at the root (Karnin, Koren and Somekh 2013): over ceil(log2 n)
    rounds of about equal budget, each remaining action is tried equally often (in turn),
    then the better half by mean value (the root's prior included) goes on."""

    def __init__(self, root: Node, options: list[Action], iterations: int) -> None:
        self.root = root
        self.alive = list(options)
        self.rounds = max(1, math.ceil(math.log2(len(options)))) if len(options) > 1 else 1
        self.per_round = max(1, iterations // self.rounds)
        self.used = 0  # iterations of this round so far
        self.turn = 0

    def next(self) -> Action:
        """The root action of the next iteration."""
        if len(self.alive) > 1 and self.used >= max(self.per_round, len(self.alive)):
            self._halve()
        action = self.alive[self.turn % len(self.alive)]
        self.turn += 1
        self.used += 1
        return action

    def _mean(self, action: Action) -> float:
        edge = self.root.edges.get(action)
        return edge.value / edge.visits if edge is not None and edge.visits else 0.0

    def _halve(self) -> None:
        ranked = sorted(self.alive, key=self._mean, reverse=True)  # stable: listed order on ties
        self.alive = ranked[: (len(ranked) + 1) // 2]
        self.used = 0
        self.turn = 0

    def winner(self) -> Action:
        return max(self.alive, key=self._mean)
