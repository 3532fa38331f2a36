"""What the search bot would play in a position, and why, in the evaluation's terms. No Streamlit.

A hint is the search bot's decision for the side to move (`HINT_BOT`, the
level people play against), searched like any of its moves (in the server's
pool, polis.play.pool, from a seed fixed by the game and the step, so a hint
is the same wherever it is asked for), with the reasons a person can check:

- what the suggested move changes, term by term of the evaluation
  (polis.bots.evaluation.TERMS) for both sides, with the change in the game's
  own units where the term has one (prestige, goods, units, poleis...);
- the risks it avoids: the terms of losing (feeding, starvation, a hollowed
  capital, a captured proxenos) in which other choices come out worse;
- how the search valued each choice it tried: the mover's chance to win.

A choice that starts an action (move hoplites, trade) changes nothing until
the action is done, so every choice is judged after the mover has finished
its action the greedy bot's way, on a copy whose generator and hidden cards
are drawn afresh (as the search does): a hint never reads the dice to come or
the opponent's hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from polis.bots import MctsBot, Progress, fitted, make_bot
from polis.bots.evaluation import Parts, evaluate, value_parts
from polis.engine import Action, State, apply_unchecked, determinize, legal_actions, score_parts

HINT_BOT = "mcts:normal"  # what hints and the review's "bot's choice" ask
HINT_SALT = 0x48494E54  # a hint's seed is not the bot's own at the same step ("HINT")
FOLLOW_UP = 6  # steps of the mover's own action played out before a choice is judged
MIN_POINTS = 0.25  # a term that moves less than this is not worth a word
MAX_GAINS = 3
RISK_MARGIN = 0.5  # an alternative runs a risk where that term is this much worse
# the terms of losing the game, or of a position that soon loses
RISK_TERMS = ("starvation", "feeding", "next_feeding", "capital", "prisoner")
# the evaluation's score term, told as what makes the score
SCORE_PARTS = ("prestige", "population")


def hint_seed(decision_seed: int) -> int:
    return (decision_seed ^ HINT_SALT) % 2**63


@dataclass(frozen=True, slots=True)
class Reason:
    """A term of the evaluation the suggested move changes, for one side."""

    term: str  # a name of polis.bots.evaluation.TERMS, or "prestige" / "population"
    side: int
    points: float  # the change, in points of the evaluation
    amount: int  # the change in the game's own units where the term has one, else 0
    goods: tuple[tuple[int, int], ...] = ()  # for goods and wheat: (good, change) per good


@dataclass(frozen=True, slots=True)
class Risk:
    """A risk the suggested move avoids: how many of the other choices run it."""

    term: str
    count: int  # other choices that come out at least RISK_MARGIN worse on the term
    others: int  # the other choices


@dataclass(frozen=True, slots=True)
class Option:
    action: Action
    chance: float  # the mover's chance to win after it, as the search valued it
    visits: int  # iterations of the search that tried it


@dataclass(frozen=True, slots=True)
class Advice:
    side: int  # the side to move, whom the advice is for
    action: Action  # the suggested decision
    options: tuple[Option, ...]  # the choices the search tried, most tried first
    gains: tuple[Reason, ...]  # what the suggestion changes, the largest first
    risks: tuple[Risk, ...]  # risks it avoids, the most common first

    def chance_of(self, action: Action) -> float | None:
        """The mover's chance after `action`, if the search tried it."""
        found = next((o for o in self.options if o.action == action), None)
        return found.chance if found is not None else None


# ---------------------------------------------------------------- judging one choice


def finish(state: State, action: Action, me: int, rng: random.Random) -> State:
    """`action` played on a copy `me` might believe in, then `me`'s action finished greedily."""
    probe = determinize(state, me, rng)
    s = apply_unchecked(probe, action)
    weights = fitted.weights_for(state.cfg)
    for _ in range(FOLLOW_UP):
        if s.finished or s.player != me or s.phase == "turn":
            break
        options = legal_actions(s)
        s = max(
            (apply_unchecked(s, a) for a in options),
            key=lambda after: evaluate(after, me, weights),
        )
    return s


def _facts(s: State, side: int) -> dict[str, int]:
    """What a side holds, in the game's units, for the terms that have them."""
    cfg = s.cfg
    n, g = len(cfg.areas), len(cfg.goods)
    return {
        "units": sum(s.units[side * n : (side + 1) * n]),
        "merchants": s.merchants_hired[side],
        "poleis": s.owner.count(side),
        "wheat": s.goods[side * g + cfg.feeding_good],
        "goods": sum(
            v for k, v in enumerate(s.goods[side * g : (side + 1) * g]) if k != cfg.feeding_good
        ),
    }


def _goods_changes(
    before: State, after: State, side: int, wheat: bool
) -> tuple[tuple[int, int], ...]:
    cfg = before.cfg
    g = len(cfg.goods)
    return tuple(
        (k, after.goods[side * g + k] - before.goods[side * g + k])
        for k in range(g)
        if (k == cfg.feeding_good) == wheat
        and after.goods[side * g + k] != before.goods[side * g + k]
    )


def _parts(s: State, side: int) -> Parts:
    """The evaluation's terms, the score told by what makes it (prestige, population), and
    the population's worth in the rounds to come counted with the population."""
    parts = value_parts(s, side, fitted.weights_for(s.cfg))
    score = score_parts(s)[side] if not s.finished else {}
    for part in SCORE_PARTS:
        parts[part] = float(score.get(part, 0))
        parts["score"] -= parts[part]
    parts["population"] += parts.pop("growth")
    return parts


def gains(before: State, after: State, me: int) -> tuple[Reason, ...]:
    """The terms that moved from `before` to `after`, for both sides, the largest first;
    `me`'s first among equals. Only terms that moved by MIN_POINTS or more."""
    found: list[Reason] = []
    for side in (me, 1 - me):
        old, new = _parts(before, side), _parts(after, side)
        facts_old, facts_new = _facts(before, side), _facts(after, side)
        for term, points in new.items():
            change = points - old.get(term, 0.0)
            if abs(change) < MIN_POINTS:
                continue
            amount = 0
            if term in facts_new:
                amount = facts_new[term] - facts_old[term]
            elif term in SCORE_PARTS:
                amount = round(change)
            goods: tuple[tuple[int, int], ...] = ()
            if term in ("goods", "wheat"):
                goods = _goods_changes(before, after, side, wheat=term == "wheat")
            found.append(Reason(term, side, change, amount, goods))

    def weight(r: Reason) -> tuple[float, int]:
        return (abs(r.points), r.side == me)

    return tuple(sorted(found, key=weight, reverse=True)[:MAX_GAINS])


def risks(chosen: State, others: Sequence[State], me: int) -> tuple[Risk, ...]:
    """The risk terms on which other choices come out worse than the chosen one."""
    mine = _parts(chosen, me)
    found = []
    for term in RISK_TERMS:
        worse = sum(1 for o in others if _parts(o, me)[term] <= mine[term] - RISK_MARGIN)
        if worse:
            found.append(Risk(term, worse, len(others)))
    return tuple(sorted(found, key=lambda r: -r.count))


# ---------------------------------------------------------------- the hint


def _ranked(bot: MctsBot, state: State, options: list[Action]) -> tuple[Option, ...]:
    root = bot.search(state)
    tried = []
    for action in options:
        edge = root.edges.get(action)
        if edge is not None and edge.visits:
            tried.append(Option(action, edge.value / edge.visits, edge.visits))
    # the bot's own rule at a UCB root (HINT_BOT's level; a halving root, as `strong`'s,
    # plays the best valued of its last contenders): the most tried, then the best valued,
    # then the first listed
    order = {a: i for i, a in enumerate(options)}
    tried.sort(key=lambda o: (-o.visits, -o.chance, order[o.action]))
    return tuple(tried)


def advise(state: State, bot_spec: str, seed: int, progress: Progress | None = None) -> Advice:
    """The search bot's choice for the side to move in `state`, with its reasons."""
    me = state.player
    options = legal_actions(state)
    if len(options) == 1:
        ranked: tuple[Option, ...] = (Option(options[0], float("nan"), 0),)
        if progress is not None:
            progress(1.0)
    else:
        bot = make_bot(bot_spec, seed)
        bot.progress = progress
        assert isinstance(bot, MctsBot), bot_spec
        ranked = _ranked(bot, state, options)
    choice = ranked[0].action
    rng = random.Random(seed)
    results = {action: finish(state, action, me, rng) for action in options}
    others = [results[a] for a in options if a != choice]
    return Advice(
        me,
        choice,
        ranked,
        gains(state, results[choice], me),
        risks(results[choice], others, me),
    )
