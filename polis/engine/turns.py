"""The turn decision: which action to take next, or pass.

An action is offered only if it can be carried through (at least one complete
set of choices exists), so a player never starts something that dead-ends.
Once the opponent has passed, every action first costs goods of the player's
choice (the surcharge), and actions may repeat when the ruleset says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from polis.engine import act_development as dev
from polis.engine import act_military as mil
from polis.engine import act_political as pol
from polis.engine import flow, phases
from polis.engine.facts import SideFacts, facts_for
from polis.engine.operations import PASS, RANSOM, SURCHARGE
from polis.engine.outcomes import pay_prestige
from polis.engine.phases import Action
from polis.engine.state import State
from polis.engine.tables import (
    CIVIL_WAR,
    MERCHANTS,
    MOVE_GALLEYS,
    MOVE_HOPLITES,
    PROJECT,
    PROXENOS,
    SIEGE,
    TRADE,
    TRIBUTE,
    UNKNOWN,
)
from polis.engine.tables import RANSOM as RANSOM_KIND


def _prestige_ok(s: State, side: int, k: int) -> bool:
    return s.prestige[side] >= s.tables.prestige_costs[k]


def can_start(s: State, side: int, action_id: str, facts: SideFacts | None = None) -> bool:
    """Whether `side` could carry the action through now (surcharge aside).

    An action is offered only if at least one complete set of choices exists, so
    each check looks as far ahead as the action's own steps need.
    """
    k = s.tables.action_index.get(action_id, -1)
    if k < 0 or s.tables.kinds[k] == UNKNOWN:
        raise KeyError(f"no check for the action {action_id!r}")
    return _can_start(s, side, k, facts_for(s, side, facts))


def _can_start(s: State, side: int, k: int, f: SideFacts) -> bool:
    """`can_start` for the action with index `k`, on the decision's facts: the check of
    each action kind (an int per action, `Tables.kinds`, so the dozen checks of every turn
    decision branch on small ints instead of comparing strings)."""
    kind = s.tables.kinds[k]
    if kind <= MERCHANTS:  # HOPLITES, GALLEYS, MERCHANTS
        return kind >= 0 and dev.can_build_unit(s, kind, side, f)
    if kind == PROJECT:
        return dev.can_start_project(s, side, f)
    if kind in (MOVE_HOPLITES, MOVE_GALLEYS):
        return _prestige_ok(s, side, k) and bool(
            mil.destinations(s, side, kind == MOVE_GALLEYS, any_one=True, facts=f)
        )
    if kind == SIEGE:
        return _prestige_ok(s, side, k) and mil.can_besiege(s, side, f)
    if kind == TRIBUTE:
        return mil.can_collect_tribute(s, side, f)
    if kind == TRADE:
        return pol.can_trade_now(s, side)
    if kind == PROXENOS:
        return pol.can_move_proxenos(s, side)
    if kind == RANSOM_KIND:
        return pol.can_ransom(s, side)
    return kind == CIVIL_WAR and pol.civil_war_cost(s, side, f) is not None


ENTER: Final[dict[str, Callable[[State], None]]] = {
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


def surcharge(s: State) -> int:
    return s.cfg.after_pass_surcharge if flow.other_passed(s) else 0


def _can_start_after(s: State, side: int, k: int, good: int, amount: int, f: SideFacts) -> bool:
    """Could action `k` start once `amount` of `good` is paid? (The state is restored.)"""
    i = side * len(s.cfg.goods) + good
    s.goods[i] -= amount
    try:
        return _can_start(s, side, k, f)  # the facts do not depend on goods
    finally:
        s.goods[i] += amount


def surcharge_goods(
    s: State,
    side: int,
    action_id: str,
    *,
    first_only: bool = False,
    facts: SideFacts | None = None,
) -> list[int]:
    """Goods the surcharge can be paid in, leaving the action still possible.

    Paying in a good the action never spends cannot stop it, so those goods are
    tried first and need no second check.
    """
    k = s.tables.action_index[action_id]
    return _surcharge_goods(s, side, k, surcharge(s), facts_for(s, side, facts), first_only)


def _surcharge_goods(
    s: State, side: int, k: int, amount: int, f: SideFacts, first_only: bool
) -> list[int]:
    out: list[int] = []
    if not _can_start(s, side, k, f):
        return out  # paying only ever takes goods away
    tab = s.tables
    used = tab.spend_masks[k]
    base = side * len(s.cfg.goods)
    goods = s.goods
    for g in tab.surcharge_orders[k]:
        if goods[base + g] < amount:
            continue
        if used >> g & 1 and not _can_start_after(s, side, k, g, amount, f):
            continue
        out.append(g)
        if first_only:
            break
    out.sort()
    return out


def offered(s: State, side: int, k: int, facts: SideFacts | None = None) -> bool:
    """Whether the turn decision offers the action with index `k` to `side`."""
    repeat = flow.other_passed(s) and s.cfg.repeat_after_pass
    return _offered(s, side, k, facts_for(s, side, facts), surcharge(s), repeat)


def _open(s: State, k: int, repeat: bool) -> bool:
    """Whether the action with index `k` may be taken this turn at all (before what it needs)."""
    cfg = s.cfg
    if not cfg.actions[k].as_action:
        return False
    return not (cfg.distinct_actions and not repeat and s.used_actions >> k & 1)


def _offered(s: State, side: int, k: int, facts: SideFacts, amount: int, repeat: bool) -> bool:
    if not _open(s, k, repeat):
        return False
    if amount:
        return bool(_surcharge_goods(s, side, k, amount, facts, True))
    return _can_start(s, side, k, facts)


def free_ransom(s: State, side: int) -> bool:
    k = s.tables.ransom_index
    return k >= 0 and not s.cfg.actions[k].as_action and pol.can_ransom(s, side)


class TurnOffers:
    """Which choices the turn decision offers, asked one at a time.

    `legal_actions` asks about every action; a bot's rollout draws one choice and asks
    only about that one (then draws again if it is not offered), so most of the dozen
    checks are never made. Both read this, so they cannot disagree. The facts of the
    decision are computed on the first question and shared by the rest.
    """

    __slots__ = ("_facts", "amount", "choices", "repeat", "side", "state")

    def __init__(self, s: State) -> None:
        self.state = s
        self.side = s.player
        self._facts: SideFacts | None = None
        self.amount = surcharge(s)
        self.repeat = flow.other_passed(s) and s.cfg.repeat_after_pass
        self.choices = s.tables.act_choices  # per action index: its choice (ACT, id)

    def open(self, k: int) -> bool:
        """Whether the action with index `k` may be taken this turn at all: as an action,
        and not already this turn where actions are distinct. Cheap: `act` asks the rest."""
        return _open(self.state, k, self.repeat)

    def act(self, k: int) -> bool:
        """Whether the choice to take the action with index `k` is offered."""
        if self._facts is None:
            self._facts = SideFacts(self.state, self.side)
        return _offered(self.state, self.side, k, self._facts, self.amount, self.repeat)

    def ransom(self) -> bool:
        """Whether the free ransom of the proxenos is offered."""
        return free_ransom(self.state, self.side)


def _turn_legal(s: State) -> list[Action]:
    offers = TurnOffers(s)
    choices = offers.choices
    out: list[Action] = [choices[k] for k in range(len(choices)) if offers.act(k)]
    if offers.ransom():
        out.append((RANSOM,))
    out.append((PASS,))
    return out


def start_action(s: State, k: int) -> None:
    act = s.cfg.actions[k]
    s.cur_action = k
    s.used_actions |= 1 << k
    s.emit("action", side=s.player, action=act.id)
    # tribute's cost depends on the territory, so it is paid when that is chosen
    pays_now = act.id != "collect_tribute" and act.prestige_cost
    if pays_now and not pay_prestige(s, s.player, act.prestige_cost):
        return
    ENTER[act.id](s)


def _turn_play(s: State, action: Action) -> None:
    if action[0] == PASS:
        flow.pass_turn(s)
    elif action[0] == RANSOM:
        pol.ransom(s, s.player)
    else:
        k = s.tables.action_index[action[1]]
        if surcharge(s):
            s.cur_action = k
            s.phase = "surcharge"
        else:
            start_action(s, k)


def _surcharge_legal(s: State) -> list[Action]:
    return [(SURCHARGE, g) for g in surcharge_goods(s, s.player, s.cfg.actions[s.cur_action].id)]


def _surcharge_play(s: State, action: Action) -> None:
    s.add_good(s.player, action[1], -surcharge(s))
    s.emit("surcharge", side=s.player, good=action[1], amount=surcharge(s))
    start_action(s, s.cur_action)


phases.register("turn", _turn_legal, _turn_play, rule="turn.actions")
phases.register("surcharge", _surcharge_legal, _surcharge_play, rule="turn.after_pass")
