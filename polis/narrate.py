"""Actions, log lines and refusals as sentences in the reader's language.

Every sentence is a gettext message with named placeholders, so translators
can reorder them; names inside come from the catalogs too (`Names`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from polis.engine import BUILD, DRAW, OPERATIONS, Action, Refusal, State, price
from polis.i18n import N_
from polis.i18n.formats import items
from polis.i18n.names import Names

REASONS = {
    "capital_unfed": N_("could not feed the capital"),
    "zero_prestige_at_round_end": N_("ended a round without prestige"),
    "prestige_debt": N_("had to pay prestige it did not have"),
    "score": N_("higher score"),
    "tie_most_goods": N_("tied score, more goods left"),
    "shared_victory": N_("tied score and goods: both are masters of Polis"),
    "tie": N_("tied score and goods: a draw"),
}
# the question each kind of decision asks, marked for translation
PROMPTS = {
    "turn": N_("{side}: choose an action, or pass"),
    "surcharge": N_("{side}: your opponent has passed; pay a good to act"),
    "create_polis": N_("{side}: in which polis?"),
    "build": N_("{side}: pay for one more piece, or stop"),
    "build:first": N_("{side}: pay for the first piece"),
    "project": N_("{side}: which project?"),
    "project_polis": N_("{side}: in which polis?"),
    "project_pay": N_("{side}: how do you pay?"),
    "move_dest": N_("{side}: where do the units go?"),
    "move_origin": N_("{side}: bring a unit from where? (one at a time)"),
    "siege_polis": N_("{side}: which polis do you besiege?"),
    "tribute_territory": N_("{side}: where do you collect tribute?"),
    "tribute_alloc": N_("{side}: which goods do your hoplites collect?"),
    "trade_slot": N_("{side}: which cargo?"),
    "trade_pay": N_("{side}: how do you pay?"),
    "proxenos_dest": N_("{side}: where does your proxenos go?"),
    "battle_order": N_("{side}: which battle first?"),
    "retreat": N_("{side}: fight on or retreat?"),
    "attack": N_("{side}: show two cards"),
    "defend": N_("{side}: answer each card"),
    "event_remove": N_("{side}: remove one of your units"),
    "event_choice": N_("{side}: choose an option"),
    "discard_project": N_("{side}: remove a project tile from the offer"),
    "feed": N_("{side}: not enough {good}: release poleis or pay the rest in prestige"),
    "feed:release": N_("{side}: not enough {good}: release poleis until the rest can be fed"),
    "feed:prestige": N_("{side}: not enough {good}: pay the rest in prestige"),
    "grow": N_("{side}: grow your poleis (1 {good} per cube)"),
    "phoros": N_("{side}: take phoros?"),
    "over": N_("The game is over"),
}
BATTLE_ENDS = {
    "retreat": N_("a player retreated"),
    "defender_below_min": N_("the defender had too few units left"),
    "deck_short": N_("the combat deck could not refill both hands"),
}


BARE_NAME = re.compile(r"\{\w+\}")
# the button label of each operation, by its wording key (polis.engine.OPERATIONS); the
# placeholders are those its arguments' kinds fill (Narrator._argument)
LABELS = {
    "act": "{action}",
    "pass": N_("Pass"),
    "ransom": N_("Ransom your proxenos"),
    "surcharge": N_("Pay 1 {good}"),
    "polis": "{polis}",
    "build": N_("Pay {cost}, place it in {area}"),
    "build:port": N_("Pay {cost}"),
    "stop": N_("Stop here"),
    "project": "{project}",
    "pay": N_("Pay {cost}"),
    "dest": "{area}",
    "from": N_("One from {area}"),
    "territory": "{area}",
    "alloc": N_("Take {goods}"),
    "slot": "{slot}",
    "barter": N_("Give {amount}"),
    "buy": N_("Buy with silver"),
    "proxenos": N_("{polis}, {route}"),
    "battle": "{area}",
    "fight": N_("Fight on"),
    "retreat": N_("Retreat"),
    "attack": N_("Show {a} and {b}"),
    "defend": N_("Answer with {a} and {b}"),
    "remove": N_("Remove one in {area}"),
    "option": N_("Option {number}"),
    "discard": N_("Remove {project}"),
    "feed": N_("Feed the rest with prestige"),
    "release": N_("Release {polis}"),
    "grow": N_("Grow {polis}"),
    "done": N_("Done"),
    "phoros": N_("Give {prestige} prestige for {gain}"),
}


# a prompt that names optional choices: per choice, the variant used when it is not offered
VARIANTS = {
    "build": {"stop": "build:first"},
    "feed": {"feed": "feed:release", "release": "feed:prestige"},
}


def _prompt_variant(phase: str, offered: set[str]) -> str:
    for needed, variant in VARIANTS.get(phase, {}).items():
        if needed not in offered:
            return variant
    return phase


class Narrator:
    def __init__(self, names: Names, locale: str) -> None:
        self.n = names
        self.locale = locale
        self._ = names.gettext

    # ------------------------------------------------------------- pieces

    def card(self, state: State, card: int) -> str:
        cfg = state.cfg
        naval = state.battle.naval if state.battle else False
        c = (cfg.naval_cards if naval else cfg.land_cards)[card]
        return self._("{formation} ({maneuver}, {value})").format(
            formation=self.n.formation(c.formation),
            maneuver=self.n.maneuver(c.maneuver),
            value=f"{c.value:+d}",
        )

    def slot(self, k: int) -> str:
        cfg = self.n.cfg
        slot = cfg.slots[k]
        return self._("{market}, cargo of {cargo}").format(
            market=self.n.market(slot.market), cargo=self.n.amount(slot.cargo, slot.offers)
        )

    def goods_list(self, amounts: list[tuple[int, int]]) -> str:
        parts = [self.n.amount(n, g) for g, n in amounts if n]
        return items(parts, self.locale) if parts else self._("nothing")

    def prompt(self, state: State, options: Sequence[Action] | None = None) -> str:
        """The question the player to move must answer; given the options, it names no
        choice that is not among them (no "or stop" before the first piece)."""
        phase = "over" if state.finished else state.phase
        if options is not None:
            phase = _prompt_variant(phase, {a[0] for a in options})
        message = PROMPTS.get(phase, "{side}")
        if state.finished:
            return self._(message)
        # every prompt may name the side and the feeding good; each uses what it needs
        side, good = self.n.side(state.player), self.n.good(self.n.cfg.feeding_good)
        return self._(message).format(side=side, good=good)

    def action_name(self, action_id: str) -> str:
        act = self.n.cfg.action(action_id)
        return self.n.action(action_id, act.name if act else action_id)

    # ------------------------------------------------------------- choices

    def action(self, state: State, action: Action) -> str:
        """A legal choice, as a button label: its operation's wording (`LABELS`, keyed by
        the table of operations) filled with what each argument is, by its kind."""
        op = OPERATIONS.get(action[0]) if action else None
        if op is None:
            return " ".join(str(a) for a in action)
        args = action[1:]
        key = op.wording
        if op.name == BUILD and args[1] < 0:
            key = "build:port"  # a merchant: it waits in the trade port
        fields: dict[str, str] = {}
        # not strict: ("counts",) stands for any number of arguments
        kinds = list(zip(op.args, args, strict=False))
        cards = [self.card(state, value) for kind, value in kinds if kind == "card"]
        fields.update(zip(("a", "b"), cards, strict=False))
        for kind, value in kinds:
            fields.update(self._argument(state, kind, value, args))
        label = LABELS[key]
        # a label that is only a name ("{polis}") has nothing to translate
        return (label if BARE_NAME.fullmatch(label) else self._(label)).format(**fields)

    def _argument(self, state: State, kind: str, value: int, args: Sequence[int]) -> dict[str, str]:
        """The placeholders an argument of this kind fills (see polis.engine.OPERATIONS)."""
        _ = self._
        n = self.n
        cfg = n.cfg
        if kind == "action":
            return {"action": self.action_name(str(value))}
        if kind == "good":
            return {"good": n.good(value)}
        if kind == "barter":
            return {"amount": n.amount(price(state, state.cur_slot, value), value)}
        if kind == "polis":
            return {"polis": n.polis_at(value)}
        if kind == "area" or (kind == "place" and value >= 0):
            return {"area": n.area(value)}
        if kind == "project":
            return {"project": n.project(value)}
        if kind == "slot":
            return {"slot": self.slot(value)}
        if kind == "mode":
            return {"route": _("by sea") if value else _("by land")}
        if kind == "payment":
            piece = cfg.actions[state.cur_action].id if state.cur_action >= 0 else ""
            costs = {"create_hoplites": cfg.hoplite_costs, "create_galleys": cfg.galley_costs}.get(
                piece, cfg.merchant_costs
            )
            return {"cost": self.goods_list(list(costs[value]))}
        if kind == "substitution":
            return {"cost": self._project_payment(state, value)}
        if kind == "phoros":
            prestige, gain = cfg.phoros_options[value]
            return {"prestige": str(prestige), "gain": n.amount(gain, cfg.phoros_good)}
        if kind == "option":
            return {"number": str(value + 1)}
        if kind == "counts":
            rows = cfg.tribute_rows[state.cur_dest]
            got = [
                (g, cfg.tribute_yields[c - 1])
                for (g, _boxes), c in zip(rows, args, strict=True)
                if c
            ]
            return {"goods": self.goods_list(got)}
        return {}

    def _project_payment(self, state: State, mask: int) -> str:
        cfg = self.n.cfg
        cost = cfg.projects[state.cur_project].cost
        paid: dict[int, int] = {}
        for i, (g, amount) in enumerate(cost):
            good = cfg.project_substitute if mask >> i & 1 else g
            paid[good] = paid.get(good, 0) + amount
        return self.goods_list(list(paid.items()))

    # ------------------------------------------------------------- log

    def entry(self, key: str, p: dict[str, Any]) -> str | None:
        """One log line, or None for bookkeeping entries not worth showing."""
        _ = self._
        n = self.n
        side = n.side(p["side"]) if isinstance(p.get("side"), int) and p["side"] >= 0 else ""
        handlers: dict[str, Callable[[], str | None]] = {
            "setup": lambda: None,
            "preparation": lambda: None,
            "turn": lambda: _("{side} to play").format(side=side),
            "round": lambda: _("Round {round} begins").format(
                round=n.round_label(n.cfg.rounds[p["round"]].id, n.cfg.rounds[p["round"]].label)
            ),
            "round_end": lambda: _("End of the round"),
            "projects_revealed": lambda: _("Projects on offer: {projects}").format(
                projects=items([n.project(j) for j in p["projects"]], self.locale)
            ),
            "pass": lambda: _("{side} passes").format(side=side),
            "action": lambda: _("{side}: {action}").format(
                side=side, action=self.action_name(p["action"])
            ),
            "surcharge": lambda: _(
                "{side} pays {amount} {good} to act after the other passed"
            ).format(side=side, amount=p["amount"], good=n.good(p["good"])),
            "unit_created": lambda: self._unit_created(side, p),
            "project_started": lambda: _("{side} starts {project} in {polis}").format(
                side=side, project=n.project(p["project"]), polis=n.polis_at(p["polis"])
            ),
            "unit_moved": lambda: _("{side} moves a unit from {origin} to {dest}").format(
                side=side, origin=n.area(p["origin"]), dest=n.area(p["dest"])
            ),
            "siege": lambda: self._siege(side, p),
            "polis_taken": lambda: _(
                "{side} takes {polis} (population {population}, +{prestige} prestige)"
            ).format(
                side=side,
                polis=n.polis_at(p["polis"]),
                population=p["population"],
                prestige=p["prestige"],
            ),
            "proxenos_captured": lambda: _(
                "The proxenos of {side} is taken prisoner in {polis}"
            ).format(side=side, polis=n.polis_at(p["polis"])),
            "polis_revolted": lambda: _("{polis} rebels against {side} and becomes neutral").format(
                side=side, polis=n.polis_at(p["polis"])
            ),
            "siege_discs_removed": lambda: _(
                "The siege discs of {side} at {polis} are removed"
            ).format(side=side, polis=n.polis_at(p["polis"])),
            "tribute": lambda: _("{side} collects tribute in {territory}: {goods}").format(
                side=side,
                territory=n.area(p["territory"]),
                goods=self.goods_list([(g, got) for g, _amount, got in p["goods"]]),
            ),
            "trade": lambda: _("{side} trades at {slot}, paying {paid}").format(
                side=side, slot=self.slot(p["slot"]), paid=n.amount(p["paid"], p["currency"])
            ),
            "proxenos_moved": lambda: _(
                "The proxenos of {side} travels to {polis} {route}, bribing {bribe}"
            ).format(
                side=side,
                polis=n.polis_at(p["polis"]),
                route=_("by sea") if p["by_sea"] else _("by land"),
                bribe=n.amount(p["bribe"], n.cfg.proxenos_bribe_good),
            ),
            "proxenos_ransomed": lambda: _("{side} ransoms its proxenos for {paid}").format(
                side=side, paid=n.amount(p["paid"], n.cfg.ransom_good)
            ),
            "civil_war": lambda: _(
                "Civil war: {polis} joins {side} (+{population} prestige)"
            ).format(side=side, polis=n.polis_at(p["polis"]), population=p["population"]),
            "battle": lambda: _("Battle in {area}; {attacker} attacks first").format(
                area=n.area(p["area"]), attacker=n.side(p["attacker"])
            ),
            "assault": lambda: self._assault(p),
            "retreat": lambda: _("{side} retreats from {area}").format(
                side=side, area=n.area(p["area"])
            ),
            "battle_end": lambda: _("The battle in {area} ends: {why}").format(
                area=n.area(p["area"]), why=_(BATTLE_ENDS.get(p["why"], p["why"]))
            ),
            "event": lambda: self._event(p),
            "event_unknown": lambda: self._event_unknown(p),
            "event_goods": lambda: self._event_goods(side, p),
            "event_units": lambda: n.ngettext(
                "{side} places {placed} unit in {area}",
                "{side} places {placed} units in {area}",
                p["placed"],
            ).format(side=side, placed=p["placed"], area=n.area(p["area"])),
            "event_block": lambda: _("{slot} is closed this round").format(
                slot=self.slot(p["slot"])
            ),
            "event_first_player": lambda: _("{side} plays first this round").format(side=side),
            "event_unit_removed": lambda: _("{side} removes a unit from {area}").format(
                side=side, area=n.area(p["area"])
            ),
            "event_nothing_to_remove": lambda: _("{side} has no unit to remove").format(side=side),
            "event_option": lambda: _("{side} chooses option {number}").format(
                side=side, number=p["option"] + 1
            ),
            "project_completed": lambda: _(
                "{project} is completed in {polis} (+{prestige} prestige)"
            ).format(
                project=n.project(p["project"]),
                polis=n.polis_at(p["polis"]),
                prestige=p["prestige"],
            ),
            "project_removed": lambda: _("{side} removes {project} from the offer").format(
                side=side, project=n.project(p["project"])
            ),
            "fed": lambda: _("{side} feeds its poleis: {food} and {prestige} prestige").format(
                side=side, food=n.amount(p["wheat"], n.cfg.feeding_good), prestige=p["prestige"]
            ),
            "polis_released": lambda: _("{side} releases {polis}").format(
                side=side, polis=n.polis_at(p["polis"])
            ),
            "growth": lambda: _("{polis} grows").format(polis=n.polis_at(p["polis"])),
            "megalopolis": lambda: _("Megalopolis: {side} gains {prestige} prestige").format(
                side=side, prestige=p["prestige"]
            ),
            "storage": lambda: _("Perishable goods are halved"),
            "phoros": lambda: _("{side} takes phoros: {prestige} prestige for {gain}").format(
                side=side, prestige=p["prestige"], gain=n.amount(p["gain"], n.cfg.phoros_good)
            ),
            "cap_cut": lambda: self._cap_cut(side, p),
            "game_lost": lambda: _("{side} loses: {reason}").format(
                side=side, reason=_(REASONS.get(p["reason"], p["reason"]))
            ),
            "game_over": lambda: self._game_over(p),
        }
        handler = handlers.get(key)
        return handler() if handler else None

    def _unit_created(self, side: str, p: dict[str, Any]) -> str:
        _ = self._
        polis = self.n.polis_at(p["polis"])
        if p["kind"] == "create_merchants":
            return _("{side} adds a merchant in {polis}").format(side=side, polis=polis)
        if p["kind"] == "create_galleys":
            return _("{side} builds a galley in {polis} ({area})").format(
                side=side, polis=polis, area=self.n.area(p["area"])
            )
        return _("{side} trains a hoplite in {polis} ({area})").format(
            side=side, polis=polis, area=self.n.area(p["area"])
        )

    def _siege(self, side: str, p: dict[str, Any]) -> str:
        _ = self._
        polis = self.n.polis_at(p["polis"])
        if not p["roll"]:
            return _("{side} besieges {polis}: it cannot hold out").format(side=side, polis=polis)
        outcome = _("success") if p["success"] else _("failure")
        return _("{side} besieges {polis}: rolls {roll} (+{bonus}): {outcome}").format(
            side=side, polis=polis, roll=p["roll"], bonus=p["bonus"], outcome=outcome
        )

    def _assault(self, p: dict[str, Any]) -> str:
        return self._(
            "{attacker} attacks: the defender loses {losses}, "
            "the attacker gains {prestige} prestige"
        ).format(attacker=self.n.side(p["attacker"]), losses=p["losses"], prestige=p["prestige"])

    def _event(self, p: dict[str, Any]) -> str:
        event = self.n.event(p["event"])
        if self.n.cfg.events[p["event"]].from_overlay:
            return self._("Event: {event} (a card from the overlay)").format(event=event)
        return self._("Event: {event}").format(event=event)

    def _event_unknown(self, p: dict[str, Any]) -> str:
        _ = self._
        cfg = self.n.cfg
        deck = self.n.deck(cfg.decks[p["deck"]].id, cfg.decks[p["deck"]].name)
        if p["event"] >= 0:
            return _(
                "Event: {event}, from deck {deck}; its text is not known, so it has no effect"
            ).format(event=self.n.event(p["event"]), deck=deck)
        return _(
            "Event: an unknown card of deck {deck}; its text is not known, so it has no effect"
        ).format(deck=deck)

    def _cap_cut(self, side: str, p: dict[str, Any]) -> str:
        _ = self._
        if p["good"] < 0:  # prestige
            return _(
                "{side} is at the end of the prestige track: {amount} prestige more is lost"
            ).format(side=side, amount=p["lost"])
        return _("{side} has no room for more {good}: {goods} are lost").format(
            side=side, good=self.n.good(p["good"]), goods=self.n.amount(p["lost"], p["good"])
        )

    def _event_goods(self, side: str, p: dict[str, Any]) -> str:
        _ = self._
        if p["good"] < 0:  # prestige
            if p["op"] == "gain":
                return _("{side} gains {amount} prestige").format(side=side, amount=p["amount"])
            return _("{side} loses {amount} prestige").format(side=side, amount=p["amount"])
        goods = self.n.amount(p["amount"], p["good"])
        if p["op"] == "gain":
            return _("{side} gains {goods}").format(side=side, goods=goods)
        return _("{side} loses {goods}").format(side=side, goods=goods)

    def _game_over(self, p: dict[str, Any]) -> str:
        _ = self._
        reason = _(REASONS.get(p["reason"], p["reason"]))
        if p["winner"] == DRAW:
            return _("The game ends in a draw ({reason})").format(reason=reason)
        # the sides' names are placeholders: some languages inflect or reorder them
        return _("{side} wins ({reason}): {athens} {athens_score}, {sparta} {sparta_score}").format(
            side=self.n.side(p["winner"]),
            reason=reason,
            athens=self.n.side(0),
            athens_score=p["athens"],
            sparta=self.n.side(1),
            sparta_score=p["sparta"],
        )

    def log(self, state: State) -> list[str]:
        return [line for key, params in state.log if (line := self.entry(key, params))]

    def refusal(self, refusal: Refusal) -> str:
        return (
            self._(refusal.message).format(**refusal.params)
            if refusal.params
            else self._(refusal.message)
        )
