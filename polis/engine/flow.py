"""Turn and round flow: whose decision comes next once a step is done.

A round: reveal projects (and, where the ruleset says so, let the player with
less prestige remove some), resolve the event, then turns of two different
actions until both players have passed; battles after each turn (once a player
has passed, the other's single actions are not followed by a check, and the
data says whether the pass itself is); then the end-of-round steps in the
data's order. `State.then` names what follows a sub-process that needs decisions
(an event choice, a battle, a removal), and `resume` continues from it.
"""

from __future__ import annotations

from polis.compiler.config import PRESTIGE
from polis.engine import battle, events, round_end
from polis.engine.state import DRAW, IN_BOX, ON_OFFER, State, draw

# ------------------------------------------------------------------ outcomes


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
    if "prestige_debt" in s.cfg.loss_conditions:
        lose(s, side, "prestige_debt")
        return False
    return True


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
    return [sum(parts.values()) for parts in score_parts(s)]


# the end reasons `finish_game` gives, all read from the score; every other reason a game
# ends for is a sudden-death loss condition
SCORE_REASONS = frozenset({"score", "tie", "tie_most_goods", "shared_victory"})


def goods_held(s: State, side: int) -> int:
    """All the goods `side` holds: what breaks a tied score where the rules say so."""
    g = len(s.cfg.goods)
    return sum(s.goods[side * g : (side + 1) * g])


def finish_game(s: State) -> None:
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


# ------------------------------------------------------------------ turns


def begin_turn(s: State, side: int) -> None:
    s.active = side
    s.player = side
    s.actions_done = 0
    s.used_actions = 0
    s.phase = "turn"
    s.emit("turn", side=side)


def other_passed(s: State) -> bool:
    return bool(s.passed >> (1 - s.active) & 1)


# a round's preparation, before its turns: a project tile taken off the offer, an event
PREPARATION_PHASES = frozenset({"discard_project", "event_remove", "event_choice"})


def passes_in_turns(s: State) -> int:
    """The pass flags of the round's turns, as bits by side; none before the turns begin.

    The flags of the last round's turns stay set through its end and the next round's
    preparation (they are cleared when the turns begin): read there, they would say
    that a round nobody has played yet is closing.
    """
    return 0 if s.phase in PREPARATION_PHASES else s.passed


def clear_action(s: State) -> None:
    s.cur_action = s.cur_polis = s.cur_dest = s.cur_project = s.cur_slot = -1
    s.cur_count = 0


def finish_action(s: State) -> None:
    """The current action is complete: continue the turn, end it, or check battles."""
    if s.phase == "over":
        return
    clear_action(s)
    s.actions_done += 1
    if other_passed(s):
        # alone after a pass, each single action is a whole turn
        events.apply_lasting(s, "end_of_turn")
        if s.phase == "over":
            return
        if s.cfg.battles_deferred_after_pass:
            s.phase, s.player = "turn", s.active
        else:
            check_battles(s, "turn")
        return
    if s.actions_done >= s.cfg.actions_per_turn:
        end_turn(s)
    else:
        s.phase, s.player = "turn", s.active


def end_turn(s: State) -> None:
    events.apply_lasting(s, "end_of_turn")
    if s.phase == "over":
        return
    check_battles(s, "next_turn")


def pass_turn(s: State) -> None:
    me = s.active
    s.passed |= 1 << me
    if s.first_passer < 0:
        s.first_passer = me
    s.emit("pass", side=me)
    clear_action(s)
    events.apply_lasting(s, "end_of_turn")  # passing ends the turn too
    if s.phase == "over":
        return
    if s.passed == 0b11:
        check_battles(s, "round_end")
    elif s.cfg.battles_deferred_after_pass and not s.cfg.battles_checked_at_pass:
        begin_turn(s, 1 - me)  # battles wait until the other player passes too
    else:
        check_battles(s, "next_turn")  # the pass ends this turn like any other


# ------------------------------------------------------------------ battles


def battle_areas(s: State) -> list[int]:
    n = len(s.cfg.areas)
    t = s.cfg.battle_threshold
    return [a for a in range(n) if s.units[a] + s.units[n + a] >= t]


def check_battles(s: State, then: str) -> None:
    s.then = then
    s.battles_pending = tuple(battle_areas(s))
    s.battles_fought = ()
    next_battle(s)


def next_battle(s: State) -> None:
    """Start the next pending battle, ask for the order, or continue the round."""
    if s.phase == "over":
        return
    if not s.battles_pending:  # the usual case: no battle at all
        s.battles_fought = ()
        resume(s)
        return
    ready = set(battle_areas(s))
    pending = [a for a in s.battles_pending if a not in s.battles_fought and a in ready]
    if not pending:
        s.battles_pending = s.battles_fought = ()
        resume(s)
    elif len(pending) == 1:
        battle.start(s, pending[0])
    else:
        s.phase, s.player = "battle_order", s.active


# what may follow a battle (State.then), as resume() reads it
CONTINUATIONS = ("next_turn", "turn", "round_end", "event", "turns")


def resume(s: State) -> None:
    then, s.then = s.then, ""
    if then == "next_turn":
        begin_turn(s, 1 - s.active)
    elif then == "turn":
        s.phase, s.player = "turn", s.active
    elif then == "round_end":
        round_end.begin(s)
    elif then == "event":
        events.start(s)
    elif then == "turns":
        begin_round_turns(s)
    else:  # pragma: no cover - a missing continuation is a bug, not a game state
        raise AssertionError(f"nothing to resume after {s.phase!r}")


# ------------------------------------------------------------------ rounds


def leader(s: State, rule: str, tie: int) -> int:
    """The side with more (or less) prestige; `tie` on equal prestige."""
    a, b = s.prestige
    if a == b:
        return tie
    more = 0 if a > b else 1
    return more if rule == "more_prestige" else 1 - more


def start_round(s: State) -> None:
    cfg = s.cfg
    rnd = cfg.rounds[s.round]
    s.first_player = -1
    s.emit("round", round=s.round)
    box = [j for j in cfg.project_pool if s.proj_loc[j] == IN_BOX]
    revealed = []
    for _ in range(min(rnd.reveal, len(box))):
        j = box.pop(draw(s, len(box)))
        s.proj_loc[j] = ON_OFFER
        revealed.append(j)
    if revealed:
        s.emit("projects_revealed", projects=revealed)
    if rnd.remove and len(revealed) > rnd.remove:
        # who passed first last round settles a tie; passes are cleared when the turns begin
        tie = s.first_passer if s.first_passer >= 0 else cfg.first_tie
        s.cur_count = rnd.remove
        s.phase = "discard_project"
        s.player = leader(s, "less_prestige", tie)
        s.then = "event"
        return
    events.start(s)


def begin_round_turns(s: State) -> None:
    cfg = s.cfg
    first = s.first_player
    if first < 0:
        first = leader(s, cfg.first_rule, cfg.first_tie)
    s.passed = 0
    s.first_passer = -1
    begin_turn(s, first)
