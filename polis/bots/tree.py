"""The search bot's inner loop: one iteration down the tree, the leaf's rollout, the backup.

`polis.bots.mcts` decides what a search is (its budget, the determinizations, the
root's prior, the time guard, the progress it reports, the action it plays);
this module does the work each of its hundreds of iterations repeats, and is
compiled with the engine (`polis.native.MODULES`): interpreted, the walk down
the tree, the UCB scores and the rollout loop were about a fifth of a search's
time. Everything here plays exactly as it did inside `mcts`: the same random
draws in the same order, so seeded games are unchanged.
"""

from __future__ import annotations

import math
import random
from typing import Final

from polis.bots import rollout
from polis.bots.evaluation import Weights, evaluate
from polis.engine import (
    DRAW,
    SCORE_REASONS,
    Action,
    State,
    advance,
    apply_unchecked,
    legal_actions,
    scores,
)

FINISH_STEPS: Final = 8  # most steps a leaf's action in progress is played on


class Edge:
    """An action from a node: its statistics and the nodes of its observable outcomes."""

    __slots__ = ("available", "outcomes", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.value = 0.0  # summed win chances of the side that chose the action
        self.outcomes: dict[str, Node] = {}


class Node:
    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Action, Edge] = {}


def observed(after: State, drawn_before: int, me: int) -> str:
    """What `me` observes of the chance of the step that led to `after` from a state that
    had made `drawn_before` chance draws (the step played in place, its log in `after.log`):
    its public log, and `me`'s own hand."""
    if after.chance == drawn_before:
        return ""
    key = repr(after.log)
    if after.battle is not None:
        key += repr(after.battle.hands[me])
    return key


class Search:
    """What one decision's iterations share: the bot's generator, the leaf's weights and
    the budget's numbers (copied out of `mcts.Budget`, a plain dataclass, for speed)."""

    def __init__(
        self,
        rng: random.Random,
        weights: Weights,
        *,
        exploration: float,
        scale: float,
        loss_share: float,
        leaf_share: float,
        rollout_plies: int,
        pass_alone_fed: float,
        finish: str,
    ) -> None:
        self.rng = rng
        self.weights = weights
        self.exploration = exploration
        self.scale = scale
        self.loss_share = loss_share
        self.leaf_share = leaf_share
        self.rollout_plies = rollout_plies
        self.pass_alone_fed = pass_alone_fed
        self.finish_how = finish
        # the rollout policy, looked up once: a test may put a spy in its place. `play`
        # draws a turn choice without listing the turn's options; `choose` picks among
        # listed options (the leaf's action in progress, finished by the policy)
        self.play = rollout.play
        self.policy = rollout.choose

    def iterate(self, root: Node, s: State, me: int, first: Action | None = None) -> None:
        """One iteration from the determinization `s`: down the tree, a rollout, the backup.

        `s` is this iteration's own (`determinize` made it): it is played on in place, down
        the tree and through the rollout, with no copy at each step. `first`: the root's
        action to take (a root that shares out its iterations itself), else UCB's."""
        rng = self.rng
        node = root
        forced = first
        path: list[tuple[Edge, int]] = []
        # the tree ends where the root's round does, and a search begun in the turns ends it
        # where the turns do: the round's bookkeeping after them (feeding, growth, phoros) is
        # left to the rollout policy, which feeds before it releases; explored at random in
        # the tree, its blunders were charged to the pass that led there. The last round's
        # end is the game's: there the tree plays on to the final score
        start_round = s.round
        in_turns = not s.step and start_round < len(s.cfg.rounds) - 1
        while not s.finished and s.round == start_round and not (in_turns and s.step):
            options = legal_actions(s)
            player = s.player
            edges = node.edges
            untried: list[Action] = []  # in the order listed
            known_edges: list[Edge] = []  # the options' edges, in the order listed
            for a in options:
                known = edges.get(a)
                if known is None:
                    untried.append(a)
                else:
                    known.available += 1
                    known_edges.append(known)
            if forced is not None:
                action, forced = forced, None
                # the root's options are `me`'s, which no determinization changes; a root
                # that names another has been handed the wrong state
                if action not in options:
                    raise ValueError(f"the root's action {action!r} is not legal here")
                taken = edges.get(action)
                if taken is None:  # new: expanded as an untried action is
                    untried = [action]
                else:
                    untried = []
                    known_edges = [taken]
                    options = [action]
            if untried:
                action = untried[rollout.randbelow(rng, len(untried))]
                edge = Edge()
                edges[action] = edge
                edge.available = 1
                path.append((edge, player))
                advance(s, action)
                break
            i = self._most_promising(known_edges)
            action, edge = options[i], known_edges[i]
            path.append((edge, player))
            drawn = s.chance
            advance(s, action)
            key = observed(s, drawn, me)
            child = edge.outcomes.get(key)
            if child is None:
                child = Node()
                edge.outcomes[key] = child
            node = child
        value = self.rollout(s, me, owned=True)
        for edge, player in path:
            edge.visits += 1
            edge.value += value if player == me else 1.0 - value

    def _most_promising(self, edges: list[Edge]) -> int:
        """The index of the edge with the best UCB score (the first of equals, as `max`
        picks); every option has one here, in the order listed."""
        best = 0
        best_score = -math.inf
        for i, edge in enumerate(edges):
            score = ucb(edge, self.exploration)
            if score > best_score:
                best, best_score = i, score
        return best

    def rollout(self, s: State, me: int, *, owned: bool = False) -> float:
        """Play on with the rollout policy to the round's end or the ply cap; `me`'s win chance.

        With a `leaf_share`, the leaf (its action in progress finished) is valued too, and
        the two values are mixed. `owned`: `s` is the caller's to change (a search's own
        determinization), so the rollout plays on it without copying it first.
        """
        rng = self.rng
        start_round = s.round
        share = self.leaf_share
        leaf_value = 0.0
        if share:
            finished = self.finish(s)
            owned = owned or finished is not s  # what `finish` makes is nobody else's
            s = finished
            leaf_value = self.chance(s, me)
        play = self.play
        # played on in place, once copied unless it is already ours: no earlier position is
        # looked at again
        for _ in range(self.rollout_plies):
            if s.finished or s.round != start_round:
                break
            if not owned:
                s, owned = s.copy(), True
            advance(s, play(s, rng, self.pass_alone_fed))
        return share * leaf_value + (1.0 - share) * self.chance(self.finish(s), me)

    def finish(self, s: State) -> State:
        """Complete the action in progress (a leaf halfway through one says little)."""
        how = self.finish_how
        for _ in range(FINISH_STEPS):
            if how == "none" or s.finished or s.cur_action < 0 or s.phase == "turn":
                break
            options = legal_actions(s)
            if how == "policy" or len(options) == 1:
                s = apply_unchecked(s, self.policy(s, options, self.rng, self.pass_alone_fed))
                continue
            s = self._greedy_step(s, options)
        return s

    def _greedy_step(self, s: State, options: list[Action]) -> State:
        """The option whose result the mover values most (the first of equals)."""
        mover = s.player
        best = s
        best_value = -math.inf
        for a in options:
            after = apply_unchecked(s, a)
            value = evaluate(after, mover, self.weights)
            if value > best_value:
                best, best_value = after, value
        return best

    def chance(self, s: State, me: int) -> float:
        """`me`'s win chance in `s`: the squashed evaluation, or the value of the finished game.

        Won 1, drawn ½, lost by a sudden death 0, lost on the score up to `loss_share`
        by the margin.
        """
        if not s.finished:
            return squash(evaluate(s, me, self.weights), self.scale)
        if s.winner == DRAW:
            return 0.5
        if s.winner == me:
            return 1.0
        if s.reason not in SCORE_REASONS:
            return 0.0
        score = scores(s)
        return self.loss_share * squash(score[me] - score[1 - me], self.scale)


def squash(points: float, scale: float) -> float:
    """Points of advantage as a win chance in 0..1 (`scale` points: 73 %)."""
    return 1.0 / (1.0 + math.exp(-points / scale))


def ucb(edge: Edge, exploration: float) -> float:
    """UCB1 with availability: an action is compared over the iterations it could be taken."""
    # math.log of a float: compiled, the C function itself (of an int, a generic call)
    return edge.value / edge.visits + exploration * math.sqrt(
        math.log(float(max(1, edge.available))) / edge.visits
    )
