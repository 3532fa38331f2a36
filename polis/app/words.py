"""The Play page's sentences: costs, dangers, the table, what just happened, the score.

Plain strings in the reader's language (every message goes through the
catalogs); names inside come from `Names` and may come from an uploaded
overlay, so pages render these strings as text, never as markdown or HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from babel.lists import format_list

from polis.compiler.config import PRESTIGE, UNANSWERABLE, WILDCARD
from polis.engine import (
    ALLOC,
    BARTER,
    BUILD,
    DRAW,
    PAY,
    PHOROS,
    SURCHARGE,
    Action,
    LogEntry,
    State,
)
from polis.i18n import N_
from polis.i18n.formats import items
from polis.narrate import BATTLE_ENDS, REASONS, Narrator
from polis.play.cards import Face, Preview
from polis.play.choices import ActionTerms, Consequence, Danger, Feeding, Resources
from polis.play.outcome import Outcome
from polis.play.recent import BattleReport, Group
from polis.play.table import MarketRow, PlayerBoard, ProjectOffer, TurnStatus

SCORE_PARTS = {
    "population": N_("Population"),
    "prestige": N_("Prestige"),
    "project_end_prestige": N_("Projects (end of game)"),
}
# choices whose label already names what they pay (and, for phoros, what they give)
NAMES_ITS_PRICE = frozenset({SURCHARGE, BUILD, BARTER, PAY, PHOROS})
# choices whose label already names what they give (tribute: "Take 3 Silver and 1 Wine")
NAMES_ITS_GAIN = frozenset({ALLOC})
# marks a perishable good on the player boards ("≈" means an estimated value elsewhere)
PERISHABLE_MARK = "½"
# a row of the player boards: label, mark after the label, one cell per side
BoardRow = tuple[str, str, list[str]]
END_STEPS = {
    "projects": N_("projects are completed"),
    "feeding": N_("feeding"),
    "growth": N_("growth"),
    "megalopolis": N_("megalopolis"),
    "storage": N_("storage"),
    "phoros": N_("phoros"),
    "preparation": N_("preparation"),
}


class Words:
    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.n = narrator.n
        self.cfg = narrator.n.cfg
        self.locale = narrator.locale
        self._ = narrator.n.gettext

    # ------------------------------------------------------------- amounts

    def prestige(self, n: int) -> str:
        return self.n.ngettext("{n} prestige", "{n} prestige", n).format(n=n)

    def resource(self, good: int, n: int) -> str:
        return self.prestige(n) if good == PRESTIGE else self.n.amount(n, good)

    def resources(self, res: Resources) -> str:
        return items([self.resource(g, n) for g, n in res], self.locale)

    def alternatives(self, res: Resources) -> str:
        """'4 metal, 5 wood or 3 silver': one of these."""
        parts = [self.resource(g, n) for g, n in res]
        return format_list(parts, style="or", locale=self.locale) if parts else ""

    # ------------------------------------------------------------- choices

    def prompt(self, state: State, options: Sequence[Action]) -> str:
        return self.narrator.prompt(state, options)

    def terms(self, t: ActionTerms) -> list[str]:
        """What starting an action costs, as short phrases."""
        _ = self._
        out = []
        if t.prestige and t.prestige_home_free:
            out.append(
                _("{cost} (none in your home territory)").format(cost=self.prestige(t.prestige))
            )
        elif t.prestige:
            out.append(self.prestige(t.prestige))
        if t.per_piece:
            options = [self.resources(alt) for alt in t.per_piece]
            out.append(
                _("per piece: {cost}").format(
                    cost=format_list(options, style="or", locale=self.locale)
                )
            )
        if t.fixed:
            out.append(self.resources(t.fixed))
        if t.cheapest_cargo:
            out.append(_("cheapest cargo: {cost}").format(cost=self.resources(t.cheapest_cargo)))
        if t.bribes is not None:
            out.append(self.bribes(*t.bribes))
        if t.projects:
            names = [self.n.project(j) for j in t.projects]
            out.append(
                _("you can start: {projects}").format(
                    projects=format_list(names, style="or", locale=self.locale)
                )
            )
        if t.population:
            out.append(
                self.n.ngettext(
                    "{n} cube from your supply", "{n} cubes from your supply", t.population
                ).format(n=t.population)
            )
        return out

    def bribes(self, low: int, high: int) -> str:
        """The proxenos' bribes over the poleis it can reach: none, one amount, or a range."""
        _ = self._
        if not high:
            return _("no bribe")
        cost = self.resource(self.cfg.proxenos_bribe_good, high)
        if low == high:
            return _("bribe: {cost}").format(cost=cost)
        # the range's low end is a bare number before the amount: "0–3 Silver"
        return _("bribe: {low}–{cost}").format(low=low, cost=cost)

    def details(
        self,
        state: State,
        c: Consequence,
        terms: ActionTerms | None = None,
        extra: Sequence[str] = (),
    ) -> str:
        """The short note after a choice's name: its cost, what it gives, what follows."""
        _ = self._
        parts: list[str] = list(extra)
        op = c.action[0]
        spent, gained = c.spent, c.gained
        if op in NAMES_ITS_PRICE:  # the label says what is paid: only the rest is news
            spent = tuple((g, k) for g, k in spent if g == PRESTIGE and op != "phoros")
            gained = () if op == "phoros" else gained
        if op in NAMES_ITS_GAIN:
            gained = ()
        if terms is not None:
            parts.extend(self.terms(terms))
        elif spent and op == "surcharge":
            parts.append(_("plus {cost} for the action").format(cost=self.resources(spent)))
        elif spent:
            parts.append(_("costs {cost}").format(cost=self.resources(spent)))
        if gained and terms is None:
            parts.append(_("you get {gain}").format(gain=self.resources(gained)))
        return "; ".join(parts)

    def label(self, state: State, c: Consequence, detail: str) -> str:
        name = self.narrator.action(state, c.action)
        if c.danger is not None:
            name = "⚠ " + name
        return (
            self._("{choice} — {details}").format(choice=name, details=detail) if detail else name
        )

    def surcharge_note(self, amount: int) -> str:
        """On an action's button once the other side has passed: what comes first."""
        return self.n.ngettext(
            "first {n} good of your choice", "first {n} goods of your choice", amount
        ).format(n=amount)

    def pass_note(self, other_passed: bool, feed: Feeding | None = None) -> str:
        """What passing means; with `feed`, what the round's end will ask of the wheat."""
        _ = self._
        note = _("the round ends") if other_passed else _("you take no more actions this round")
        if feed is None or not feed.shortfall:
            return note
        return _("{note}; your poleis will need {need} {good}, you hold {held}").format(
            note=note, need=feed.need, good=self.n.good(self.cfg.feeding_good), held=feed.held
        )

    def release_note(self, need: int, held: int) -> str:
        """After releasing a polis: what the rest needs, against the wheat held."""
        return self._("then {need} {good} needed, you hold {held}").format(
            need=need, good=self.n.good(self.cfg.feeding_good), held=held
        )

    def siege_note(self, need: int, faces: int) -> str:
        if need == 0:
            return self._("it cannot fail")
        chance = max(0, faces - need + 1)
        return self._("needs {need} or more on the die: {chance} in {faces}").format(
            need=need, chance=chance, faces=faces
        )

    def slot_note(self, prices: Resources) -> str:
        return self._("pay {price}").format(price=self.alternatives(prices))

    def danger(self, d: Danger, feed: Feeding | None = None, *, standing: bool = False) -> str:
        """Why a choice loses the game, at once or when the round ends; `standing`: the
        danger of the position itself, whatever the player chooses next."""
        _ = self._
        if standing and d.reason == "zero_prestige_at_round_end":
            if feed is not None and feed.prestige == 0:
                return _(
                    "You have no prestige left: a player with no prestige when the round "
                    "ends loses the game."
                )
            return _(
                "If the round ended now you would lose: the end of the round would leave you "
                "without prestige."
            )
        good = self.n.good(self.cfg.feeding_good)
        if d.reason == "capital_unfed" and feed is not None:
            numbers = _(
                "your capital alone needs {capital} {good}; you hold {held} and {prestige}"
            ).format(
                capital=feed.capital_need,
                good=good,
                held=feed.held,
                prestige=self.prestige(feed.prestige),
            )
            if d.when == "now":
                return _("You lose at once: your capital cannot be fed ({numbers}).").format(
                    numbers=numbers
                )
            return _(
                "If the round ended now you would lose: your capital could not be fed ({numbers})."
            ).format(numbers=numbers)
        if d.reason == "zero_prestige_at_round_end":
            return _(
                "This leaves you without prestige: a player with no prestige when the round "
                "ends loses the game."
            )
        if d.reason == "prestige_debt":
            return _("You would have to pay prestige you do not have, and lose the game.")
        reason = _(REASONS.get(d.reason, d.reason))
        if d.when == "now":
            return _("You lose at once: {reason}.").format(reason=reason)
        return _("If the round ended now you would lose: {reason}.").format(reason=reason)

    def confirm_question(self) -> str:
        return self._("Do you really want this?")

    def confirm_yes(self) -> str:
        return self._("Yes, do it")

    def confirm_no(self) -> str:
        return self._("No, choose again")

    def feeding_line(self, f: Feeding) -> str:
        _ = self._
        good = self.n.good(self.cfg.feeding_good)
        if f.shortfall:
            return _(
                "Feeding: your poleis need {need} {good}, you hold {held}: {short} short."
            ).format(need=f.need, good=good, held=f.held, short=f.shortfall)
        return _("Feeding: your poleis need {need} {good}, you hold {held}.").format(
            need=f.need, good=good, held=f.held
        )

    # ------------------------------------------------------------- the table

    def status(self, t: TurnStatus, round_label: str, number: int, limit: int) -> list[str]:
        """The turn status, as lines: round (`number` counts from 1) and limit, whose
        decision, passes, surcharge."""
        _ = self._
        n = self.n
        lines = [
            _("Round {round} ({number} of {rounds}) · stacking limit {limit}").format(
                round=round_label, number=number, rounds=len(self.cfg.rounds), limit=limit
            )
        ]
        if t.finished:
            lines.append(_("The game is over."))
            return lines
        if t.alone:
            lines.append(_("Turn of {side}: one action at a time").format(side=n.side(t.active)))
        elif t.action_number:
            lines.append(
                _("Turn of {side}: action {number} of {total}").format(
                    side=n.side(t.active), number=t.action_number, total=t.actions_per_turn
                )
            )
        elif t.step:
            lines.append(
                _("End of the round: {step}").format(step=_(END_STEPS.get(t.step, t.step)))
            )
        for side in (0, 1):
            if t.passed[side]:
                lines.append(_("{side} has passed.").format(side=n.side(side)))
        if t.surcharge:
            lines.append(
                n.ngettext(
                    "Each action now costs {n} good of your choice first.",
                    "Each action now costs {n} goods of your choice first.",
                    t.surcharge,
                ).format(n=t.surcharge)
            )
        return lines

    def board_rows(
        self, boards: Sequence[PlayerBoard], scores: Sequence[int], halved: bool = True
    ) -> list[BoardRow]:
        """Rows of the player boards: a label, its mark (perishable goods, where the end of
        this round halves them: `halved`), one cell per side."""
        _ = self._
        n = self.n

        def row(label: str, cells: Sequence[str], mark: str = "") -> BoardRow:
            return (label, mark, list(cells))

        # the score first: on a phone the first rows are what shows without scrolling
        rows = [
            row(_("Score now"), [str(s) for s in scores]),
            row(_("Prestige"), [str(b.prestige) for b in boards]),
        ]
        for g in range(len(self.cfg.goods)):
            mark = PERISHABLE_MARK if halved and self.cfg.perishable[g] else ""
            rows.append(row(n.good(g), [str(b.goods[g].amount) for b in boards], mark))
        rows.append(
            row(
                _("Population (poleis)"),
                [
                    _("{population} ({poleis})").format(population=b.population, poleis=b.poleis)
                    for b in boards
                ],
            )
        )
        rows.append(
            row(
                _("Feeding: need / held"),
                [f"{b.feeding_need} / {b.feeding_held}" for b in boards],
            )
        )
        rows.append(
            row(
                _("Cubes in supply"),
                [_("{n} of {total}").format(n=b.supply, total=b.cubes) for b in boards],
            )
        )
        rows.append(
            row(
                _("Merchants: in port / at markets"),
                [
                    _("{port} / {market} of {total}").format(
                        port=b.merchants_in_port,
                        market=b.merchants_at_market,
                        total=b.merchants_total,
                    )
                    for b in boards
                ],
            )
        )
        rows.append(
            row(
                _("Proxenos"),
                [n.polis_at(b.proxenos) if b.proxenos >= 0 else _("prisoner") for b in boards],
            )
        )
        if boards[0].discs_free >= 0:
            rows.append(row(_("Discs left"), [str(b.discs_free) for b in boards]))
        return rows

    def perishable_note(self) -> str:
        return self._("{mark} perishable: halved at the end of each round").format(
            mark=PERISHABLE_MARK
        )

    def round_track(self, rounds: Sequence[Any], current: int) -> list[tuple[str, bool]]:
        """Each round as 'label (limit n)', with a flag for the current one."""
        return [
            (
                self._("{round} (limit {limit})").format(
                    round=self.n.round_label(r.id, r.label), limit=r.stacking_limit
                ),
                r.index == current,
            )
            for r in rounds
        ]

    def market_headers(self, rows: Sequence[MarketRow]) -> list[str]:
        _ = self._
        sizes = [size for size, _price in rows[0].prices] if rows else []
        return [
            _("Good"),
            _("Track"),
            *(_("cargo of {size}").format(size=size) for size in sizes),
        ]

    def market_row(self, row: MarketRow) -> list[str]:
        """The good, its place on the track and today's price of each open cargo size."""
        return [
            self.n.good(row.good),
            self._("{column} of {columns}").format(column=row.column + 1, columns=row.columns),
            *(str(price) for _size, price in row.prices),
        ]

    def purchase(self, good: int, currency: int, price: int) -> str:
        return self._("Buy {good} with {currency}: {price} {currency} per {good}").format(
            good=self.n.good(good), currency=self.n.good(currency), price=price
        )

    def project_headers(self) -> list[str]:
        _ = self._
        return [_("Project"), _("Cost"), _("Prestige"), _("At the end"), _("Who can build it")]

    def project(self, offer: ProjectOffer) -> list[str]:
        """Name, cost, prestige on completion, prestige at the end of the game, who may build."""
        _ = self._
        n = self.n
        now = _("half the population") if offer.half_population else str(offer.prestige)
        hosts = [n.side(side) for side, ok in offer.hosts if ok]
        where = items(hosts, self.locale) if hosts else _("nobody now")
        return [
            n.project(offer.project),
            self.resources(offer.cost),
            now,
            str(offer.end_prestige),
            where,
        ]

    def project_note(self, offer: ProjectOffer) -> str:
        """A project as a choice: what it costs and the prestige it brings, now and at the end."""
        _ = self._
        now = _("half the population") if offer.half_population else self.prestige(offer.prestige)
        return _("costs {cost}; completed: {now}; at the end of the game: {end}").format(
            cost=self.resources(offer.cost), now=now, end=self.prestige(offer.end_prestige)
        )

    def substitute_note(self, substitute: int) -> str:
        if substitute < 0:
            return ""
        return self._("Any good of a project's cost may be paid in {substitute} instead.").format(
            substitute=self.n.good(substitute)
        )

    # ------------------------------------------------------------- the event

    def event_lines(self, entries: Sequence[LogEntry]) -> list[str]:
        """The round's event card: what card it is, then what it did."""
        _ = self._
        lines = []
        for key, params in entries:
            line = self.narrator.entry(key, params)
            if line is None and "deck" in params:  # a card kind this page has no words for
                deck = self.cfg.decks[params["deck"]]
                line = _("Event: an unknown card of deck {deck}").format(
                    deck=self.n.deck(deck.id, deck.name)
                )
            if line:
                lines.append(line)
        return lines

    def no_event(self) -> str:
        return self._("No event card this round (yet).")

    # ------------------------------------------------------------- what happened

    def group(self, g: Group) -> tuple[str, list[str]]:
        """A group's heading and its lines."""
        if g.head[0] == "turn":
            head: str | None = self._("Turn of {side}").format(side=self.n.side(g.head[1]["side"]))
        else:
            head = self.narrator.entry(*g.head) if g.head[0] else None
        naval = bool(g.head[1].get("naval")) if g.head[0] == "battle" else False
        lines = [
            self.assault(params, naval) if key == "assault" else self.entry(key, params)
            for key, params in g.entries
        ]
        # a move of four hoplites is four log entries: one line, with the count after a
        # multiplication sign, which reads the same in every language of the app
        told = []
        for line, run in groupby(line for line in lines if line):
            n = sum(1 for _ in run)
            told.append(f"{line} ×{n}" if n > 1 else line)
        return head or self._("Earlier"), told

    def entry(self, key: str, params: dict[str, Any]) -> str | None:
        line = self.narrator.entry(key, params)
        if line is None and key.startswith("event") and "deck" in params:
            found = self.event_lines([(key, params)])
            return found[0] if found else None
        return line

    def card_name(self, naval: bool, card: int) -> str:
        c = (self.cfg.naval_cards if naval else self.cfg.land_cards)[card]
        return self._("{formation} ({maneuver}, {value})").format(
            formation=self.n.formation(c.formation),
            maneuver=self.n.maneuver(c.maneuver),
            value=f"{c.value:+d}",
        )

    def assault(self, p: dict[str, Any], naval: bool) -> str:
        _ = self._
        attacker, defender = self.n.side(p["attacker"]), self.n.side(1 - p["attacker"])
        shown = items([self.card_name(naval, k) for k in p["played"]], self.locale)
        answered = items([self.card_name(naval, k) for k in p["answered"]], self.locale)
        result = self.n.ngettext(
            "{defender} loses {losses} unit", "{defender} loses {losses} units", p["losses"]
        ).format(defender=defender, losses=p["losses"])
        return _(
            "{attacker} shows {shown}; {defender} answers with {answered}: {result}, "
            "{attacker} {prestige}"
        ).format(
            attacker=attacker,
            defender=defender,
            shown=shown,
            answered=answered,
            result=result,
            prestige=self.signed_prestige(p["prestige"]),
        )

    def signed_prestige(self, n: int) -> str:
        if n >= 0:
            return self._("gains {prestige}").format(prestige=self.prestige(n))
        return self._("pays {prestige}").format(prestige=self.prestige(-n))

    def battle_summary(self, r: BattleReport) -> list[str]:
        """Each side's losses and prestige, and how the battle ended."""
        _ = self._
        lines = []
        for side in (0, 1):
            lines.append(
                _("{side}: lost {losses}, won {prestige}").format(
                    side=self.n.side(side),
                    losses=self.n.ngettext("{n} unit", "{n} units", r.losses(side)).format(
                        n=r.losses(side)
                    ),
                    prestige=self.prestige(r.prestige(side)),
                )
            )
        if r.ended:
            lines.append(
                _("The battle is over: {why}.").format(why=_(BATTLE_ENDS.get(r.ended, r.ended)))
            )
        return lines

    def battle_story(self, r: BattleReport) -> list[str]:
        """A battle told whole: each assault's result and the summary (first once the battle
        is over: the outcome is the news)."""
        assaults = [
            self.assault(
                {
                    "attacker": a.attacker,
                    "played": a.played,
                    "answered": a.answered,
                    "losses": a.losses,
                    "prestige": a.prestige,
                },
                r.naval,
            )
            for a in r.assaults
        ]
        summary = self.battle_summary(r)
        if not r.ended:
            return assaults + summary
        return [summary[-1], *summary[:-1], *assaults]  # how it ended, the totals, the assaults

    def battle_title(self, r: BattleReport) -> str:
        _ = self._
        if r.naval:
            return _("Sea battle in {area}").format(area=self.n.area(r.area))
        return _("Land battle in {area}").format(area=self.n.area(r.area))

    # ------------------------------------------------------------- cards

    def card_face(self, f: Face) -> dict[str, str]:
        """A card's texts for the card component (shown as text there)."""
        _ = self._
        special = ""
        if f.special == WILDCARD:
            special = _("answers any card, and any card answers it")
        elif f.special == UNANSWERABLE:
            special = _("cannot be answered")
        return {
            "id": f.id,
            "formation": self.n.formation(f.formation),
            "maneuver": self.n.maneuver(f.maneuver),
            "value": f"{f.value:+d}",
            "special": special,
        }

    def preview(self, p: Preview) -> str:
        _ = self._
        losses = self.n.ngettext("you lose {n} unit", "you lose {n} units", p.losses).format(
            n=p.losses
        )
        return _("{losses}; the attacker {prestige}").format(
            losses=losses, prestige=self.signed_prestige(p.prestige)
        )

    def card_texts(self) -> dict[str, str]:
        _ = self._
        return {
            "attack": _("Click two of your cards to show them, then confirm."),
            "defend": _("Click one of your cards under each card shown to answer it."),
            "show": _("Show these two cards"),
            "answer": _("Answer with these cards"),
            "clear": _("Start again"),
            "your_hand": _("Your cards"),
            "shown": _("Cards shown"),
            "answered": _("answered"),
            "unanswered": _("not answered"),
            "value": _("value"),
            "pick_here": _("your answer"),
            "not_allowed": _("These two cannot be played together now."),
        }

    # ------------------------------------------------------------- game over

    def outcome_headline(self, o: Outcome) -> str:
        _ = self._
        n = self.n
        if o.sudden:
            reason = _(REASONS.get(o.reason, o.reason))
            if len(o.losers) == 2:
                return _("Both sides lose at the same moment ({reason}): a draw.").format(
                    reason=reason
                )
            return _("{loser} loses the game: {reason}. {winner} wins.").format(
                loser=n.side(o.losers[0]), reason=reason, winner=n.side(o.winner)
            )
        if o.winner == DRAW:
            return _("The game ends in a draw: {reason}.").format(
                reason=_(REASONS.get(o.reason, o.reason))
            )
        return _("{winner} wins on points ({reason}).").format(
            winner=n.side(o.winner), reason=_(REASONS.get(o.reason, o.reason))
        )

    def outcome_detail(self, o: Outcome) -> str:
        """When and why a sudden loss happened, with the numbers ("" on points)."""
        _ = self._
        n = self.n
        if not o.sudden or not o.losers:
            return ""
        rnd = self.cfg.rounds[o.round]
        when = n.round_label(rnd.id, rnd.label)
        side = n.side(o.losers[0])
        if o.unfed is not None:
            capital, population, held, prestige = o.unfed
            return _(
                "End of round {round}: {capital} (population {population}) needed "
                "{population} {good}; {side} had {held} {good} and {prestige}."
            ).format(
                round=when,
                capital=n.polis_at(capital),
                population=population,
                good=n.good(self.cfg.feeding_good),
                side=side,
                held=held,
                prestige=self.prestige(prestige),
            )
        if o.reason == "zero_prestige_at_round_end":
            return _("End of round {round}: {side} had no prestige left.").format(
                round=when, side=side
            )
        return ""

    def score_note(self, o: Outcome) -> str:
        if o.sudden:
            return self._(
                "The game ended by a loss, not on points: the scores below are for information."
            )
        return self._("Final score, part by part:")

    def score_rows(self, o: Outcome) -> list[list[str]]:
        _ = self._
        rows = [
            [_(SCORE_PARTS.get(part, part)), str(o.parts[0][part]), str(o.parts[1][part])]
            for part in o.parts[0]
        ]
        rows.append([_("Total"), str(o.totals[0]), str(o.totals[1])])
        return rows
