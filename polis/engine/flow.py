"""Turn and round flow: whose decision comes next once a step is done.

A round: reveal projects (and, where the ruleset says so, let the player with
less prestige remove some), resolve the event, then turns of two different
actions until both players have passed; battles after each turn (once a player
has passed, the other's single actions are not followed by a check, and the
data says whether the pass itself is); then the end-of-round steps in the
data's order. The sub-processes this module starts (a battle, the event, the
end of the round, a project removal) never call in here: each hands control
back by name through polis/engine/continuations.py, and this module registers
what every name does. So this is the one place that knows the order. The
actions, which never start anything here, end with `finish_action`.
"""

from __future__ import annotations

from typing import Final

from polis.engine import battle, events, round_end
from polis.engine import continuations as then
from polis.engine.outcomes import leader
from polis.engine.state import IN_BOX, ON_OFFER, State, draw, put

# ------------------------------------------------------------------ turns


def begin_turn(s: State, side: int) -> None:
    s.active = side
    s.player = side
    s.actions_done = 0
    s.used_actions = 0
    s.phase = "turn"
    s.emit("turn", side=side)


def other_passed(s: State) -> bool:
    """Whether the opponent of the side whose turn it is has passed this round."""
    return bool(s.passed >> (1 - s.active) & 1)


# a round's preparation, before its turns: a project tile taken off the offer, an event
PREPARATION_PHASES: Final = frozenset({"discard_project", "event_remove", "event_choice"})


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
            check_battles(s, then.TURN)
        return
    if s.actions_done >= s.cfg.actions_per_turn:
        end_turn(s)
    else:
        s.phase, s.player = "turn", s.active


def end_turn(s: State) -> None:
    events.apply_lasting(s, "end_of_turn")
    if s.phase == "over":
        return
    check_battles(s, then.NEXT_TURN)


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
        check_battles(s, then.ROUND_END)
    elif s.cfg.battles_deferred_after_pass and not s.cfg.battles_checked_at_pass:
        begin_turn(s, 1 - me)  # battles wait until the other player passes too
    else:
        check_battles(s, then.NEXT_TURN)  # the pass ends this turn like any other


# ------------------------------------------------------------------ battles


def check_battles(s: State, after: str) -> None:
    s.then = after
    s.battles_pending = tuple(battle.battle_areas(s))
    s.battles_fought = ()
    next_battle(s)


def next_battle(s: State) -> None:
    """Start the next pending battle, ask for the order, or continue the round."""
    if s.phase == "over":
        return
    if not s.battles_pending:  # the usual case: no battle at all
        s.battles_fought = ()
        then.resume(s)
        return
    ready = set(battle.battle_areas(s))
    pending = [a for a in s.battles_pending if a not in s.battles_fought and a in ready]
    if not pending:
        s.battles_pending = s.battles_fought = ()
        then.resume(s)
    elif len(pending) == 1:
        battle.start(s, pending[0])
    else:
        s.phase, s.player = "battle_order", s.active


# ------------------------------------------------------------------ rounds


def start_round(s: State) -> None:
    cfg = s.cfg
    rnd = cfg.rounds[s.round]
    s.first_player = -1
    s.emit("round", round=s.round)
    box = [j for j in cfg.project_pool if s.proj_loc[j] == IN_BOX]
    revealed = []
    for _ in range(min(rnd.reveal, len(box))):
        j = box.pop(draw(s, len(box)))
        s.proj_loc = put(s.proj_loc, j, ON_OFFER)
        revealed.append(j)
    if revealed:
        s.emit("projects_revealed", projects=revealed)
    if rnd.remove and len(revealed) > rnd.remove:
        # who passed first last round settles a tie; passes are cleared when the turns begin
        tie = s.first_passer if s.first_passer >= 0 else cfg.first_tie
        s.cur_count = rnd.remove
        s.phase = "discard_project"
        s.player = leader(s, "less_prestige", tie)
        s.then = then.EVENT
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


def _next_turn(s: State) -> None:
    begin_turn(s, 1 - s.active)


def _same_turn(s: State) -> None:
    s.phase, s.player = "turn", s.active


then.register(then.NEXT_BATTLE, next_battle)
then.register(then.START_ROUND, start_round)
then.register(then.NEXT_TURN, _next_turn)
then.register(then.TURN, _same_turn)
then.register(then.ROUND_END, round_end.begin)
then.register(then.EVENT, events.start)
then.register(then.TURNS, begin_round_turns)
