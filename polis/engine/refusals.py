"""Why not? A refusal for any proposed action, naming the rule it breaks.

Legal actions get None. For the rest we look for the most specific reason a
player would want to hear (no prestige for a military action, the stacking
limit, a blocked route...) and fall back to the phase's own rule.
"""

from __future__ import annotations

from collections.abc import Callable

from polis.engine import act_development as dev
from polis.engine import act_military as mil
from polis.engine import battle, board, flow, turns
from polis.engine.operations import ACT, ATTACK, FROM, OPERATIONS, RANSOM, fits
from polis.engine.phases import PHASES, Action, Refusal
from polis.engine.state import State
from polis.i18n import N_

Diagnosis = Callable[[State, int], Refusal]


def _units(s: State, side: int, kind: str) -> Refusal:
    """The first condition of a create action that fails, in the order a player checks them."""
    cfg = s.cfg
    if not dev.any_affordable(s, side, dev.costs(s, kind)):
        return Refusal("actions.create_units", "You cannot pay for a single piece.")
    spare = [p for p in s.owned(side) if dev.can_spare_cube(s, p)]
    if not spare:
        return Refusal(
            "units.keep_last_cube", "The last population cube of a polis never leaves it."
        )
    if kind == "create_merchants":
        if s.merchants_hired[side] >= cfg.merchants_per_side:
            return Refusal(
                "actions.create_merchants", "All your merchant pieces are already in play."
            )
        return Refusal(
            "actions.create_merchants",
            "Merchants come only from your own commercial poleis, and none of them "
            "can spare a cube.",
        )
    if kind == "create_galleys" and not any(cfg.poleis[p].ports for p in spare):
        return Refusal(
            "actions.create_galleys", "None of your poleis with a port can spare a cube."
        )
    return Refusal(
        "board.stacking_limit",
        "Every area you could place a unit in is at the stacking limit.",
        limit=s.stacking_limit(),
    )


def _needs_disc(s: State, side: int) -> Refusal | None:
    """Sieges, tribute and civil wars leave a disc on the board; discs may run out."""
    if s.discs_free(side) < 1:
        return Refusal(
            "components.discs", "All your discs are on the board; this action needs one."
        )
    return None


def _military(action_id: str, rule: str, message: Callable[[State], str]) -> Diagnosis:
    def diagnose(s: State, side: int) -> Refusal:
        act = s.cfg.action(action_id)
        if act is not None and s.prestige[side] < act.prestige_cost:
            return Refusal(
                "actions.military_cost",
                "Military actions cost prestige you do not have.",
                cost=act.prestige_cost,
            )
        if action_id in ("besiege", "collect_tribute") and (no_disc := _needs_disc(s, side)):
            return no_disc
        return Refusal(rule, message(s))

    return diagnose


def _siege_message(s: State) -> str:
    if s.cfg.siege_capitals_immune:
        return N_(
            "A siege needs control of the territory and at least as many hoplites as the "
            "fortification; capitals cannot be besieged."
        )
    return N_(
        "A siege needs control of the territory and at least as many hoplites as the fortification."
    )


def _tribute_message(s: State) -> str:
    if s.cfg.tribute_once:
        return N_(
            "Tribute needs your hoplites in a territory where you hold a polis (or that has "
            "none), once per territory and round."
        )
    return N_(
        "Tribute needs your hoplites in a territory where you hold a polis (or that has none)."
    )


def _trade(s: State, side: int) -> Refusal:
    if s.merchants_in_port(side) < 1:
        return Refusal("actions.trade", "No merchant of yours waits in your trade port.")
    if s.cfg.trade_needs_commercial and not s.owns_commercial(side):
        return Refusal(
            "actions.trade", "You hold none of your commercial poleis, so you cannot trade."
        )
    return Refusal(
        "actions.trade", "No open cargo slot is reachable by a free route and affordable."
    )


def _proxenos(s: State, side: int) -> Refusal:
    if s.proxenos[side] < 0:
        return Refusal("actions.proxenos", "Your proxenos is a prisoner; ransom it first.")
    return Refusal(
        "actions.proxenos", "You cannot pay the bribes to any polis the proxenos could reach."
    )


def _civil_war(s: State, side: int) -> Refusal:
    p = s.proxenos[side]
    if p < 0:
        return Refusal("actions.civil_war", "Your proxenos is a prisoner.")
    if s.owner[p] == side:
        return Refusal("actions.civil_war", "Your proxenos stands in one of your own poleis.")
    if s.cfg.civil_war_capitals_immune and s.cfg.poleis[p].capital_of >= 0:
        return Refusal("actions.civil_war", "No civil war can be started in a capital.")
    if no_disc := _needs_disc(s, side):
        return no_disc
    return Refusal("actions.civil_war", "You lack the silver or the cubes for this civil war.")


DIAGNOSE: dict[str, Diagnosis] = {
    "create_hoplites": lambda s, side: _units(s, side, "create_hoplites"),
    "create_galleys": lambda s, side: _units(s, side, "create_galleys"),
    "create_merchants": lambda s, side: _units(s, side, "create_merchants"),
    "start_project": lambda s, side: Refusal(
        "actions.start_project", "No project on offer fits one of your poleis and your goods."
    ),
    "move_hoplites": _military(
        "move_hoplites",
        "actions.move",
        lambda s: N_("No hoplite of yours can reach an area below the limit."),
    ),
    "move_galleys": _military(
        "move_galleys",
        "actions.move",
        lambda s: N_("No galley of yours can reach a sea below the limit."),
    ),
    "besiege": _military("besiege", "actions.besiege", _siege_message),
    "collect_tribute": _military("collect_tribute", "actions.tribute", _tribute_message),
    "trade": _trade,
    "move_proxenos": _proxenos,
    "ransom_proxenos": lambda s, side: Refusal(
        "actions.ransom",
        "Ransom is paid only for a captured proxenos, and only with enough silver.",
    ),
    "civil_war": _civil_war,
}


def _turn(s: State, action: Action) -> Refusal:
    side = s.player
    cfg = s.cfg
    if action[0] == RANSOM:
        return Refusal(
            OPERATIONS[RANSOM].rule,
            "There is no captured proxenos to ransom, or not enough silver.",
        )
    if action[0] != ACT or not fits(action):
        return Refusal("turn.actions", "Choose an action or pass.")
    k = next((i for i, a in enumerate(cfg.actions) if a.id == action[1]), -1)
    if k < 0:
        return Refusal("turn.actions", "This ruleset has no action {action}.", action=action[1])
    act = cfg.actions[k]
    if not act.as_action:
        return Refusal(
            "actions.ransom", "In this ruleset this is done during your turn, not as an action."
        )
    repeat = flow.other_passed(s) and cfg.repeat_after_pass
    if cfg.distinct_actions and not repeat and s.used_actions >> k & 1:
        return Refusal("turn.actions", "The actions of one turn must be different.")
    if turns.surcharge(s) and turns.can_start(s, side, act.id):
        return Refusal(
            "turn.after_pass",
            "After your opponent passed, each action first costs a surcharge of {cost} in goods.",
            cost=cfg.after_pass_surcharge,
        )
    return DIAGNOSE[act.id](s, side)


def _move_origin(s: State, action: Action) -> Refusal:
    if action[0] != FROM:
        return Refusal("actions.move", "Move a unit to the chosen destination, or stop.")
    side, origin = s.player, action[1]
    if s.n_units(side, s.cur_dest) >= s.stacking_limit():
        return Refusal(
            "board.stacking_limit",
            "The destination is at the stacking limit.",
            limit=s.stacking_limit(),
        )
    if not (0 <= origin < len(s.cfg.areas)) or not s.n_units(side, origin):
        return Refusal("actions.move", "You have no unit there.")
    if not board.reach(s, side, origin, mil._naval(s)) >> s.cur_dest & 1:
        return Refusal(
            "actions.move_crossing",
            "Every way from there crosses an area the opponent controls "
            "or where you are at the stacking limit.",
        )
    return Refusal("actions.move", "That unit cannot move now.")


def _attack(s: State, action: Action) -> Refusal:
    b = s.battle
    assert b is not None
    shown = tuple(sorted(action[1:])) if fits(action) else ()
    if action[0] == ATTACK and shown in battle.pairs(b.hands[b.attacker]):
        return Refusal(
            "battle.salpinx",
            "Playing the ambush card costs prestige you do not have, "
            "unless every pair of your cards includes it.",
        )
    return Refusal("battle.assault", "Show two of your cards.")


SPECIFIC: dict[str, Callable[[State, Action], Refusal]] = {
    "turn": _turn,
    "move_origin": _move_origin,
    "attack": _attack,
}


def explain(state: State, action: Action) -> Refusal | None:
    """None if `action` is legal now; otherwise the refusal a player should see."""
    phase = PHASES[state.phase]
    if state.phase == "over":
        return Refusal("game.over", "The game is over.")
    legal = phase.legal(state)
    if tuple(action) in legal:
        return None
    if action and action[0] == ATTACK and fits(action) and (ATTACK, action[2], action[1]) in legal:
        return None  # the two cards are laid side by side: either order shows the same pair
    specific = SPECIFIC.get(state.phase)
    if specific is not None:
        return specific(state, tuple(action))
    # the rule of the decision, or the operation's own where it names one (the table)
    op = OPERATIONS.get(str(action[0])) if action else None
    rule = op.rule if op is not None and op.rule and state.phase in op.phases else phase.rule
    return Refusal(rule, "That is not one of the choices at this moment.")


__all__ = ["explain"]
