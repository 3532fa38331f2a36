"""The Play page's sentences: costs, dangers, the table, what just happened, the score.

Plain strings in the reader's language (every message goes through the
catalogs); names inside come from `Names` and may come from an uploaded
overlay, so pages render these strings as text, never as markdown or HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from math import isnan
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
from polis.i18n.formats import items, percent
from polis.narrate import BATTLE_ENDS, REASONS, Narrator
from polis.play.advice import Advice, Reason
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
        # a number of its own, not "{n} prestige" inside a verb's phrase: a language can then
        # write it without a verb ("престиж +2"), which would have to agree with the side
        if n >= 0:
            return self.n.ngettext("gains {n} prestige", "gains {n} prestige", n).format(n=n)
        return self.n.ngettext("pays {n} prestige", "pays {n} prestige", -n).format(n=-n)

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
            "defend": _(
                "Click one of your cards for each card shown, in order; a card that answers "
                "is marked."
            ),
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
            "rules_title": _("Which card answers which?"),
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


# ---------------------------------------------------------------- for newcomers
# Battle cards' meanings, a hint's reasons, the review and the guided game's tips. Card
# meanings are keyed by the rules data's stable ids (a formation or maneuver an overlay
# adds has none, and shows its name alone).

CARD_MEANINGS = {
    "phalanx": N_("heavy infantry"),
    "cavalry": N_("cavalry"),
    "archers": N_("archers"),
    "peltasts": N_("light infantry"),
    "mercenaries": N_("mercenaries"),
    "salpinx": N_("trumpeter"),
    "elite_trireme": N_("elite trireme"),
    "trireme": N_("trireme"),
    "bireme": N_("bireme"),
    "triacontor": N_("thirty-oared ship"),
    "othismos": N_("push"),
    "advance": N_("advance"),
    "hold": N_("hold"),
    "shoot": N_("volley"),
    "ambush": N_("ambush"),
    "diekplous": N_("breakthrough"),
    "periplous": N_("outflanking"),
    "kyklos": N_("circle"),
}

# what a change of each term is, for a hint's reasons: (when it helps, when it hurts)
CHANGES = {
    "feeding": (
        N_("a cheaper feeding at the round's end"),
        N_("a dearer feeding at the round's end"),
    ),
    "starvation": (
        N_("further from losing the game at the round's end"),
        N_("closer to losing the game at the round's end"),
    ),
    "next_feeding": (
        N_("a better fed next round"),
        N_("less food for the next round"),
    ),
    "projects": (N_("prestige to come from projects"), N_("less prestige to come from projects")),
    "megalopolis": (
        N_("more megalopolis prestige to come"),
        N_("less megalopolis prestige to come"),
    ),
    "wheat": (
        N_("more {good} to spare after the feeding"),
        N_("less {good} to spare after the feeding"),
    ),
    "goods": (N_("more goods"), N_("fewer goods")),
    "capital": (N_("a fuller capital"), N_("a hollowed capital")),
    "tribute": (N_("more tribute within reach"), N_("less tribute within reach")),
    "siege": (N_("a siege within reach"), N_("fewer sieges within reach")),
    "tiebreak": (N_("more goods for a tied score"), N_("fewer goods for a tied score")),
    "prisoner": (N_("proxenos freed"), N_("proxenos captured")),
    "score": (N_("more points of score"), N_("fewer points of score")),
}
# a risk the other choices run, as a noun phrase
RISKS = {
    "starvation": N_("losing the game at the round's end"),
    "feeding": N_("a dearer feeding at the round's end"),
    "next_feeding": N_("too little food for the next round"),
    "capital": N_("a hollowed capital"),
    "prisoner": N_("a captured proxenos"),
}

# the guided game's tips: what a kind of decision does, what it costs, why it matters
TIPS = {
    "turn": (
        N_("Your turn: choose an action"),
        N_(
            "Each button says what the action costs; ⚠ marks a choice that can lose the game. "
            "Plan for the {good} your poleis eat at the round's end, and keep some prestige."
        ),
    ),
    "surcharge": (
        N_("Acting alone after a pass"),
        N_(
            "Your opponent has passed. You may take more actions, one at a time, each for a "
            "good first: get what the feeding needs, then pass too."
        ),
    ),
    "create_hoplites": (
        N_("Creating hoplites"),
        N_(
            "Each hoplite costs a good and a population cube of the polis; it stands in that "
            "polis's territory. Hoplites control land, collect tribute and besiege poleis."
        ),
    ),
    "create_galleys": (
        N_("Creating galleys"),
        N_(
            "Each galley costs a good and a population cube of a port polis. Galleys control "
            "the seas: trade routes and hoplites' voyages depend on them."
        ),
    ),
    "create_merchants": (
        N_("Hiring merchants"),
        N_(
            "Each merchant costs a good and a population cube of a commercial polis. "
            "Merchants buy {good} and Silver at the markets; one or two are enough early on."
        ),
    ),
    "start_project": (
        N_("Developing a project"),
        N_(
            "Pay the goods on the tile and place it on a polis. At the round's end it gives "
            "its prestige to whoever holds that polis: keep it safe."
        ),
    ),
    "move_hoplites": (
        N_("Moving hoplites"),
        N_(
            "Choose where the hoplites go, then bring them one at a time. It costs prestige. "
            "More hoplites than the enemy in a territory give you control of it."
        ),
    ),
    "move_galleys": (
        N_("Moving galleys"),
        N_(
            "Choose the sea, then bring galleys one at a time. It costs prestige. Whoever "
            "controls a sea opens or closes the trade routes through it."
        ),
    ),
    "besiege": (
        N_("Besieging a polis"),
        N_(
            "You need control of its territory and as many hoplites as its fortification. It "
            "costs prestige and a die decides (the odds are on each button)."
        ),
    ),
    "collect_tribute": (
        N_("Collecting tribute"),
        N_(
            "Your hoplites in a territory collect its goods: more hoplites, more goods. It "
            "costs prestige outside your home region. A cheap way to {good}."
        ),
    ),
    "trade": (
        N_("Trading"),
        N_(
            "A merchant sails to a market and buys a cargo of {good} or Silver with your "
            "other goods. The route must be open: galleys matter."
        ),
    ),
    "move_proxenos": (
        N_("Moving the proxenos"),
        N_(
            "Your diplomat travels freely and pays bribes on the way. In a neutral or enemy "
            "polis it can start a civil war; it is captured if the enemy takes that polis."
        ),
    ),
    "civil_war": (
        N_("Instigating a civil war"),
        N_(
            "Buy the polis where your proxenos stands with Silver: it joins your league "
            "with its population and brings prestige, without a die."
        ),
    ),
    "battle_order": (
        N_("Several battles"),
        N_("Battles broke out in more than one area: choose which is fought first."),
    ),
    "retreat": (
        N_("Fight on or retreat"),
        N_(
            "Retreating ends the battle at once: you pay prestige and your opponent gains "
            "it; your units stay. Fight on if your cards and units are stronger."
        ),
    ),
    "attack": (
        N_("Attacking with cards"),
        N_(
            "Show two cards. Each one the defender cannot answer costs them a unit and gains "
            "you its value in prestige. Each card shows the chance of an answer."
        ),
    ),
    "defend": (
        N_("Answering the attack"),
        N_(
            "Answer each shown card with one of yours. The same formation meets it; an "
            "unmet card costs you a unit. Your cards that answer are marked."
        ),
    ),
    "event_remove": (
        N_("An event takes units"),
        N_("The round's event makes you remove a unit: choose which."),
    ),
    "event_choice": (
        N_("An event offers a choice"),
        N_("The round's event lets you choose between its options."),
    ),
    "discard_project": (
        N_("Removing a project"),
        N_(
            "The side with less prestige removes one of the new project tiles: take away "
            "the one your opponent wants most."
        ),
    ),
    "feed": (
        N_("Feeding your poleis"),
        N_(
            "Each population cube eats a {good}. Pay what is missing in prestige or release "
            "whole poleis; a capital that cannot be fed loses the game."
        ),
    ),
    "grow": (
        N_("Growth"),
        N_(
            "Each {good} left makes a polis grow by a cube. More population scores more, but "
            "eats more next round."
        ),
    ),
    "phoros": (
        N_("Phoros"),
        N_(
            "Give up prestige for Silver if you must. Prestige is score, and a side without "
            "any at a round's end loses."
        ),
    ),
    "after_first_round": (
        N_("The first round is over"),
        N_(
            "The game goes on to the last round; then population, prestige and completed "
            "projects decide. Ask for a suggestion when unsure, and see the review at the end."
        ),
    ),
}


class Coach(Words):
    """Words for a newcomer: card meanings and odds, a hint's reasons, the review, tips."""

    # ------------------------------------------------------------- cards

    def meaning(self, key: str, name: str) -> str:
        """What a card's formation or maneuver (rules-data id `key`) means; "" when its
        name says it already."""
        found = CARD_MEANINGS.get(key)
        if found is None:
            return ""
        text = self._(found)
        return "" if text.casefold() == name.casefold() else text

    def answer_odds(self, chance: float) -> str:
        return self._("chance of an answer: {chance}").format(chance=percent(chance, self.locale))

    def answers_note(self, shown: Sequence[str]) -> str:
        return self._("answers {cards}").format(cards=items(list(shown), self.locale))

    def card_rules(self, naval: bool) -> list[str]:
        """Which card answers which, one line per kind of card of the deck."""
        _ = self._
        deck = self.cfg.naval_cards if naval else self.cfg.land_cards
        lines, done = [], set()
        wild = [self.n.formation(c.formation) for c in deck if c.special == WILDCARD]
        for c in deck:
            if c.formation in done:
                continue
            done.add(c.formation)
            name = self.n.formation(c.formation)
            if c.special == WILDCARD:
                lines.append(
                    _("{card}: answers any card, and any card answers it").format(card=name)
                )
            elif c.special == UNANSWERABLE:
                lines.append(_("{card}: no card answers it").format(card=name))
            else:
                by = items([name, *wild], self.locale) if wild else name
                lines.append(_("{card}: answered by {cards}").format(card=name, cards=by))
        return lines

    # ------------------------------------------------------------- a hint

    def change(self, r: Reason, me: int) -> str:
        """One reason: what changes, for whom (the mover's, `me`'s, own name nobody)."""
        text = self._change(r)
        if r.side == me:
            return text
        return self._("{side}: {change}").format(side=self.n.side(r.side), change=text)

    def _signed(self, n: int, text: str) -> str:
        return ("+" if n > 0 else "−") + text

    def _change(self, r: Reason) -> str:
        _ = self._
        n, up = abs(r.amount), r.points > 0
        counted = {
            "prestige": lambda: self.prestige(n),
            "population": lambda: self.n.ngettext(
                "{n} cube of population", "{n} cubes of population", n
            ).format(n=n),
            "units": lambda: self.n.ngettext("{n} unit", "{n} units", n).format(n=n),
            "merchants": lambda: self.n.ngettext("{n} merchant", "{n} merchants", n).format(n=n),
            "poleis": lambda: self.n.ngettext("{n} polis", "{n} poleis", n).format(n=n),
        }
        if r.term in counted and r.amount:
            return self._signed(r.amount, counted[r.term]())
        if r.term in ("goods", "wheat") and r.goods:
            return items(
                [self._signed(k, self.n.amount(abs(k), g)) for g, k in r.goods], self.locale
            )
        if r.term == "projects" and round(r.points):
            return _("{prestige} from projects at the round's end").format(
                prestige=self._signed(round(r.points), self.prestige(abs(round(r.points))))
            )
        helps, hurts = CHANGES.get(r.term, (r.term, r.term))
        return _(helps if up else hurts).format(good=self.n.good(self.cfg.feeding_good))

    def hint(self, state: State, a: Advice) -> tuple[str, list[str]]:
        """The suggestion's title and its lines: the chances, what it changes, what it
        avoids."""
        _ = self._
        title = _("Suggested: {choice}").format(choice=self.narrator.action(state, a.action))
        lines = []
        best = a.options[0]
        if not best.visits:
            lines.append(_("There is only this choice."))
        elif len(a.options) > 1 and a.options[1].visits:
            lines.append(
                _("The bot gives it {chance} to win; next best: {choice}, {other}.").format(
                    chance=percent(best.chance, self.locale),
                    choice=self.narrator.action(state, a.options[1].action),
                    other=percent(a.options[1].chance, self.locale),
                )
            )
        else:
            lines.append(
                _("The bot gives it {chance} to win.").format(
                    chance=percent(best.chance, self.locale)
                )
            )
        if a.gains:
            lines.append(
                _("What it changes: {changes}.").format(
                    changes="; ".join(self.change(r, a.side) for r in a.gains)
                )
            )
        for risk in a.risks[:1]:
            lines.append(
                self.n.ngettext(
                    "It avoids a risk {count} of the {others} other choices runs: {risk}.",
                    "It avoids a risk {count} of the {others} other choices run: {risk}.",
                    risk.count,
                ).format(count=risk.count, others=risk.others, risk=_(RISKS[risk.term]))
            )
        return title, lines

    # ------------------------------------------------------------- the review

    def chance(self, share: float) -> str:
        return percent(share, self.locale)

    def slip_title(self, number: int, round_label: str, before: float, after: float) -> str:
        return self._("Turn {number}, round {round}: {before} → {after}").format(
            number=number, round=round_label, before=self.chance(before), after=self.chance(after)
        )

    def bot_choice(self, choice: str, chance: float | None, same: bool) -> str:
        _ = self._
        if same:
            return _(
                "The bot would have made the same first choice: what followed cost the "
                "chance (the dice, the cards or the later steps)."
            )
        if chance is None or isnan(chance):  # not searched: the only choice
            return _("The bot's choice: {choice}").format(choice=choice)
        return _("The bot's choice: {choice} ({chance} to win)").format(
            choice=choice, chance=self.chance(chance)
        )

    # ------------------------------------------------------------- tips

    def tip(self, kind: str) -> tuple[str, str]:
        title, text = TIPS[kind]
        good = self.n.good(self.cfg.feeding_good)
        return self._(title), self._(text).format(good=good)
