"""How a game ends, and prestige on the way there.

A side loses at once when the ruleset's loss conditions say so (prestige debt,
an unfed capital, a round ended without prestige); otherwise the game is
scored after its last round, ties broken as the data says. Prestige moves only
through `gain_prestige` (which stops at the track's end) and `pay_prestige`
(where a debt may lose the game), so every module that changes it shares one
reading of those rules. Nothing here decides what happens next: that is the
flow's (polis/engine/flow.py), which these rules sit below.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from polis.compiler.config import PRESTIGE, EngineConfig
from polis.engine.state import DRAW, State

# the end reasons `finish_game` gives, all read from the score; every other reason a game
# ends for is a sudden-death loss condition
SCORE_REASONS: Final = frozenset({"score", "tie", "tie_most_goods", "shared_victory"})


def lose(s: State, side: int, reason: str) -> None:
    """`side` loses at once; if the other side already lost in the same step, it is a draw."""
    if s.phase == "over":
        if s.winner == side:  # both sides failed in the same step
            s.winner = DRAW
        return
    s.winner = 1 - side
    s.reason = reason
    s.phase = "over"
    s.player = -1
    s.emit("game_lost", side=side, reason=reason)


def zero_prestige_loses(cfg: EngineConfig, round_index: int) -> bool:
    """Whether a player without prestige at the end of round `round_index` loses the game.

    After the last round only where the rules say so (2e: lost, not scored; 1e: scored).
    """
    return "zero_prestige_at_round_end" in cfg.loss_conditions and (
        round_index < len(cfg.rounds) - 1 or cfg.zero_prestige_after_last_round
    )


def zero_prestige_loses_in(s: State, round_index: int) -> bool:
    """`zero_prestige_loses` for the game of `s`, read from its tables (the bots ask at
    every evaluation; the rule's words are compared once per configuration)."""
    return s.tables.zero_prestige_loses[round_index]


# ------------------------------------------------------------------ prestige


def gain_prestige(s: State, side: int, amount: int) -> None:
    """Add prestige up to the track's end; the cap is an estimate, so a cut gain is logged."""
    after = s.prestige[side] + amount
    if after > s.cfg.prestige_max:
        s.emit("cap_cut", side=side, good=PRESTIGE, lost=after - s.cfg.prestige_max)
        after = s.cfg.prestige_max
    s.prestige[side] = after


def pay_prestige(s: State, side: int, amount: int) -> bool:
    """Take prestige; a player who cannot pay loses (prestige debt). False if the game ended."""
    if s.prestige[side] >= amount:
        s.prestige[side] -= amount
        return True
    s.prestige[side] = 0
    if s.tables.prestige_debt_loses:
        lose(s, side, "prestige_debt")
        return False
    return True


def leader(s: State, rule: str, tie: int) -> int:
    """The side with more (or less) prestige; `tie` on equal prestige."""
    a, b = s.prestige
    if a == b:
        return tie
    more = 0 if a > b else 1
    return more if rule == "more_prestige" else 1 - more


# ------------------------------------------------------------------ the score


def score_parts(s: State) -> list[dict[str, int]]:
    """Each side's score, part by part (the parts the ruleset counts, in its order)."""
    cfg = s.cfg
    out = []
    for side in (0, 1):
        owned = s.owned(side)
        values = {
            "population": sum(s.pop[p] for p in owned),
            "prestige": s.prestige[side],
            "project_end_prestige": sum(
                cfg.projects[j].end_prestige
                for j, loc in enumerate(s.proj_loc)
                if loc in owned and s.proj_done[j]
            ),
        }
        out.append({part: values[part] for part in cfg.score_parts if part in values})
    return out


def scores(s: State) -> list[int]:
    """Each side's score now (the final score once the game is over): the sums of
    `score_parts`, added up without building them (every evaluation of a bot asks)."""
    tab = s.tables
    athens: i64 = 0
    sparta: i64 = 0
    owner = s.owner
    if tab.score_population:
        pop = s.pop
        for p, side in enumerate(owner):
            if side == 0:
                athens += pop[p]
            elif side == 1:
                sparta += pop[p]
    if tab.score_prestige:
        athens += s.prestige[0]
        sparta += s.prestige[1]
    totals = [athens, sparta]
    if tab.score_end_prestige:
        projects = s.cfg.projects
        done = s.proj_done
        for j, loc in enumerate(s.proj_loc):
            if loc >= 0 and done[j]:
                side = owner[loc]
                if side >= 0:
                    totals[side] += projects[j].end_prestige
    return totals


def goods_held(s: State, side: int) -> int:
    """All the goods `side` holds: what breaks a tied score where the rules say so."""
    g = len(s.cfg.goods)
    goods = s.goods
    held = 0
    for i in range(side * g, side * g + g):
        held += goods[i]
    return held


def finish_game(s: State) -> None:
    """Score the game after its last round; the ruleset's tie-breakers settle a tie."""
    cfg = s.cfg
    score = scores(s)
    s.phase = "over"
    s.player = -1
    if score[0] != score[1]:
        s.winner, s.reason = (0 if score[0] > score[1] else 1), "score"
    else:
        s.winner, s.reason = DRAW, "tie"
        for rule in cfg.tie_breakers:
            if rule == "most_goods":
                mine, theirs = goods_held(s, 0), goods_held(s, 1)
                if mine != theirs:
                    s.winner, s.reason = (0 if mine > theirs else 1), "tie_most_goods"
                    break
            elif rule == "shared_victory":
                s.reason = "shared_victory"
    s.emit("game_over", winner=s.winner, reason=s.reason, athens=score[0], sparta=score[1])
