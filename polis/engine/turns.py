"""The turn decision: which action to take next, or pass.

An action is offered only if it can be carried through (at least one complete
set of choices exists), so a player never starts something that dead-ends.
Once the opponent has passed, every action first costs goods of the player's
choice (the surcharge), and actions may repeat when the ruleset says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from polis.engine import act_development as dev
from polis.engine import act_military as mil
from polis.engine import act_political as pol
from polis.engine import flow, phases
from polis.engine.phases import Action
from polis.engine.state import State


def _prestige_ok(s: State, side: int, action_id: str) -> bool:
    act = s.cfg.action(action_id)
    return act is not None and s.prestige[side] >= act.prestige_cost


def _any(items: Iterator[object]) -> bool:
    return next(items, None) is not None


CAN_START: dict[str, Callable[[State, int], bool]] = {
    "create_hoplites": lambda s, side: _any(dev.builders(s, "create_hoplites", side)),
    "create_galleys": lambda s, side: _any(dev.builders(s, "create_galleys", side)),
    "create_merchants": lambda s, side: _any(dev.builders(s, "create_merchants", side)),
    "start_project": lambda s, side: _any(dev.startable_projects(s, side)),
    "move_hoplites": lambda s, side: (
        _prestige_ok(s, side, "move_hoplites")
        and bool(mil.destinations(s, side, naval=False, any_one=True))
    ),
    "move_galleys": lambda s, side: (
        _prestige_ok(s, side, "move_galleys")
        and bool(mil.destinations(s, side, naval=True, any_one=True))
    ),
    "besiege": lambda s, side: (
        _prestige_ok(s, side, "besiege") and _any(mil.siege_targets(s, side))
    ),
    "collect_tribute": lambda s, side: _any(mil.tribute_targets(s, side)),
    "trade": lambda s, side: _any(pol.trade_slots(s, side)),
    "move_proxenos": pol.can_move_proxenos,
    "ransom_proxenos": pol.can_ransom,
    "civil_war": lambda s, side: pol.civil_war_cost(s, side) is not None,
}

ENTER: dict[str, Callable[[State], None]] = {
    "create_hoplites": dev.enter,
    "create_galleys": dev.enter,
    "create_merchants": dev.enter,
    "start_project": dev.enter_project,
    "move_hoplites": mil.enter_move,
    "move_galleys": mil.enter_move,
    "besiege": mil.enter_siege,
    "collect_tribute": mil.enter_tribute,
    "trade": pol.enter_trade,
    "move_proxenos": pol.enter_proxenos,
    "ransom_proxenos": pol.enter_ransom,
    "civil_war": pol.enter_civil_war,
}


_SPENDS: dict[int, tuple[object, dict[str, frozenset[int]]]] = {}


def spends(s: State, action_id: str) -> frozenset[int]:
    """Goods an action may ever spend (paying the surcharge in any other good cannot matter)."""
    cfg = s.cfg
    entry = _SPENDS.get(id(cfg))
    if entry is None or entry[0] is not cfg:
        table = {
            aid: frozenset(g for alt in dev.costs(s, aid) for g, _ in alt)
            for aid in ("create_hoplites", "create_galleys", "create_merchants")
        }
        table["start_project"] = frozenset(
            [g for j in cfg.projects for g, _ in j.cost] + [cfg.project_substitute]
        )
        table["trade"] = frozenset([*cfg.track_goods, cfg.purchase_currency])
        table["move_proxenos"] = frozenset([cfg.proxenos_bribe_good])
        table["ransom_proxenos"] = frozenset([cfg.ransom_good])
        table["civil_war"] = frozenset([cfg.civil_war_good])
        entry = _SPENDS[id(cfg)] = (cfg, table)
    return entry[1].get(action_id, frozenset())


def surcharge(s: State) -> int:
    return s.cfg.after_pass_surcharge if flow.other_passed(s) else 0


def can_start_after(s: State, side: int, action_id: str, good: int, amount: int) -> bool:
    """Could the action start once `amount` of `good` is paid? (The state is restored.)"""
    i = side * len(s.cfg.goods) + good
    s.goods[i] -= amount
    try:
        return CAN_START[action_id](s, side)
    finally:
        s.goods[i] += amount


def surcharge_goods(s: State, side: int, action_id: str, *, first_only: bool = False) -> list[int]:
    """Goods the surcharge can be paid in, leaving the action still possible.

    Paying in a good the action never spends cannot stop it, so those goods are
    tried first and need no second check.
    """
    amount = surcharge(s)
    if not CAN_START[action_id](s, side):
        return []  # paying only ever takes goods away
    used = spends(s, action_id)
    out = []
    for g in sorted(range(len(s.cfg.goods)), key=lambda g: g in used):
        if s.good(side, g) < amount:
            continue
        if g in used and not can_start_after(s, side, action_id, g, amount):
            continue
        out.append(g)
        if first_only:
            break
    return sorted(out)


def offered(s: State, side: int, k: int) -> bool:
    cfg = s.cfg
    act = cfg.actions[k]
    if not act.as_action:
        return False
    repeat = flow.other_passed(s) and cfg.repeat_after_pass
    if cfg.distinct_actions and not repeat and s.used_actions >> k & 1:
        return False
    if surcharge(s):
        return bool(surcharge_goods(s, side, act.id, first_only=True))
    return CAN_START[act.id](s, side)


def free_ransom(s: State, side: int) -> bool:
    act = s.cfg.action("ransom_proxenos")
    return act is not None and not act.as_action and pol.can_ransom(s, side)


def _turn_legal(s: State) -> list[Action]:
    side = s.player
    out: list[Action] = [
        ("act", act.id) for k, act in enumerate(s.cfg.actions) if offered(s, side, k)
    ]
    if free_ransom(s, side):
        out.append(("ransom",))
    out.append(("pass",))
    return out


def start_action(s: State, k: int) -> None:
    act = s.cfg.actions[k]
    s.cur_action = k
    s.used_actions |= 1 << k
    s.emit("action", side=s.player, action=act.id)
    # tribute's cost depends on the territory, so it is paid when that is chosen
    pays_now = act.id != "collect_tribute" and act.prestige_cost
    if pays_now and not flow.pay_prestige(s, s.player, act.prestige_cost):
        return
    ENTER[act.id](s)


def _turn_play(s: State, action: Action) -> None:
    if action[0] == "pass":
        flow.pass_turn(s)
    elif action[0] == "ransom":
        pol.ransom(s, s.player)
    else:
        k = next(i for i, a in enumerate(s.cfg.actions) if a.id == action[1])
        if surcharge(s):
            s.cur_action = k
            s.phase = "surcharge"
        else:
            start_action(s, k)


def _surcharge_legal(s: State) -> list[Action]:
    return [("surcharge", g) for g in surcharge_goods(s, s.player, s.cfg.actions[s.cur_action].id)]


def _surcharge_play(s: State, action: Action) -> None:
    s.add_good(s.player, action[1], -surcharge(s))
    s.emit("surcharge", side=s.player, good=action[1], amount=surcharge(s))
    start_action(s, s.cur_action)


phases.register("turn", _turn_legal, _turn_play, rule="turn.actions")
phases.register("surcharge", _surcharge_legal, _surcharge_play, rule="turn.after_pass")
