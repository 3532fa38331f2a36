"""Semantic checks: what the schema alone cannot see.

Each check reports issues located at the offending value. The checks are
deliberately plain loops over the model: they run once per load, and clarity
matters more here than speed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import BaseModel

from polis.rules.issues import Issue, YamlPath, dotted
from polis.rules.layout_checks import check_layout
from polis.rules.models import (
    AddUnitsEffect,
    BlockSlotEffect,
    ChoiceEffect,
    GainEffect,
    RemoveUnitsEffect,
    Ruleset,
)
from polis.rules.provenance import Source
from polis.rules.sources import Sources
from polis.rules.yaml_loader import Document


class _Checker:
    def __init__(self, rs: Ruleset, doc: Document, sources: Sources) -> None:
        self.rs = rs
        self.doc = doc
        self.sources = sources
        self.issues: list[Issue] = []

    def fail(self, path: YamlPath, message: str) -> None:
        self.issues.append(Issue(self.doc.locate(path), dotted(path), message))

    def ref(self, path: YamlPath, value: str | None, known: Iterable[str], what: str) -> bool:
        if value is None:
            return True
        pool = list(known)
        if value in pool:
            return True
        import difflib

        close = difflib.get_close_matches(value, pool, n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        self.fail(path, f"'{value}' is not a known {what}{hint}")
        return False

    def count(self, path: YamlPath, actual: int, component: str) -> None:
        """A collection must hold as many items as components.<component> says."""
        expected = getattr(self.rs.components, component)
        if actual != expected:
            self.fail(path, f"{actual} listed, but components.{component} says {expected}")

    def refs(self, path: YamlPath, values: Iterable[str], known: Iterable[str], what: str) -> None:
        pool = set(known)
        for i, value in enumerate(values):
            self.ref((*path, i), value, pool, what)

    # ------------------------------------------------------------- checks

    def run(self) -> list[Issue]:
        self.sides_and_goods()
        self.rounds_and_turn()
        self.board()
        self.poleis_and_projects()
        self.combat()
        self.engine_limits()
        self.events()
        self.setups()
        self.discrepancies()
        check_layout(self.rs, self)
        self.source_refs(self.rs, ())
        return self.issues

    def sides_and_goods(self) -> None:
        rs = self.rs
        for sid, side in rs.sides.items():
            self.ref(("sides", sid, "capital"), side.capital, rs.poleis, "polis")
            self.ref(("sides", sid, "home_region"), side.home_region, rs.territories, "territory")
        for name, action in rs.actions:
            if action is None:
                continue
            for i, cost in enumerate(getattr(action, "unit_costs", [])):
                for good in cost:
                    self.ref(("actions", name, "unit_costs", i, good), good, rs.goods, "good")
            for field in (
                "good",
                "purchase_good",
                "purchase_currency",
                "substitute_good",
                "bribe_good",
            ):
                if hasattr(action, field):
                    self.ref(("actions", name, field), getattr(action, field), rs.goods, "good")
        self.ref(("phoros", "good"), rs.phoros.good, rs.goods, "good")
        self.ref(("end_of_round", "feeding_good"), rs.end_of_round.feeding_good, rs.goods, "good")
        if rs.actions.ransom_proxenos and rs.actions.move_proxenos is None:
            self.fail(("actions", "ransom_proxenos"), "ransom needs the move_proxenos action")

    def rounds_and_turn(self) -> None:
        rs = self.rs
        seen: set[str] = set()
        for i, rnd in enumerate(rs.rounds):
            if rnd.id in seen:
                self.fail(("rounds", i, "id"), f"round id '{rnd.id}' is used twice")
            seen.add(rnd.id)
            self.ref(("rounds", i, "event_deck"), rnd.event_deck, rs.event_decks, "event deck")
            if rnd.projects.remove > rnd.projects.reveal:
                self.fail(
                    ("rounds", i, "projects", "remove"),
                    "cannot remove more tiles than are revealed",
                )
            if rnd.cargo_open not in rs.market_values.table:
                self.fail(
                    ("rounds", i, "cargo_open"),
                    f"no row for cargo {rnd.cargo_open} in market_values.table",
                )
        for field in ("event_reader", "first_player"):
            self.ref(("turn", field, "tie"), getattr(rs.turn, field).tie, rs.sides, "side")
        for kind, side in rs.battle.first_attacker.items():
            self.ref(("battle", "first_attacker", kind), side, rs.sides, "side")
        steps = [s.id for s in rs.end_of_round.steps]
        for i, step in enumerate(steps):
            if steps.index(step) != i:
                self.fail(("end_of_round", "steps", i, "id"), f"step '{step}' is listed twice")
        reveal = sum(r.projects.reveal for r in rs.rounds)
        pool = len(rs.project_pool) if rs.project_pool is not None else len(rs.projects)
        if reveal > pool:
            self.fail(
                ("rounds",), f"the rounds reveal {reveal} project tiles but only {pool} exist"
            )

    def board(self) -> None:
        rs = self.rs
        for tid, terr in rs.territories.items():
            self.refs(
                ("territories", tid, "neighbours"), terr.neighbours, rs.territories, "territory"
            )
            self.refs(("territories", tid, "coasts"), terr.coasts, rs.seas, "sea")
            if not terr.coasts:
                self.fail(
                    ("territories", tid, "coasts"), "every territory touches at least one sea"
                )
            for i, row in enumerate(terr.tribute):
                self.ref(("territories", tid, "tribute", i, "good"), row.good, rs.goods, "good")
                if row.boxes > len(rs.tribute_yields.yields):
                    self.fail(
                        ("territories", tid, "tribute", i, "boxes"),
                        f"a row may have at most {len(rs.tribute_yields.yields)} boxes "
                        "(tribute_yields)",
                    )
        self._symmetric("territories", {t: v.neighbours for t, v in rs.territories.items()})
        for sid, sea in rs.seas.items():
            self.refs(("seas", sid, "neighbours"), sea.neighbours, rs.seas, "sea")
        self._symmetric("seas", {s: v.neighbours for s, v in rs.seas.items()})
        if rs.diolkos:
            self.refs(("diolkos", "seas"), rs.diolkos.seas, rs.seas, "sea")
            self.ref(("diolkos", "polis"), rs.diolkos.polis, rs.poleis, "polis")
        for side, port in rs.trade_ports.items():
            self.ref(("trade_ports", side), side, rs.sides, "side")
            self.refs(("trade_ports", side, "seas"), port.seas, rs.seas, "sea")
        for side in rs.sides:
            if side not in rs.trade_ports:
                self.fail(("trade_ports",), f"side '{side}' has no trade port")
        widths = {len(row) for row in rs.market_values.table.values()}
        if len(widths) > 1:
            self.fail(
                ("market_values", "table"),
                "every row of the market table needs the same number of columns",
            )
        if rs.market_values.start_column > min(widths, default=0):
            self.fail(("market_values", "start_column"), "the start column is beyond the table")
        for mid, market in rs.markets.items():
            self.ref(("markets", mid, "sea"), market.sea, rs.seas, "sea")
            self.ref(
                ("markets", mid, "land_route_from"), market.land_route_from, rs.poleis, "polis"
            )
            for i, slot in enumerate(market.slots):
                path = ("markets", mid, "slots", i)
                self.ref((*path, "offers"), slot.offers, rs.goods, "good")
                if slot.cargo not in rs.market_values.table:
                    self.fail(
                        (*path, "cargo"), f"no row for cargo {slot.cargo} in market_values.table"
                    )
                for j, good in enumerate(slot.accepts):
                    if (
                        self.ref((*path, "accepts", j), good, rs.goods, "good")
                        and not rs.goods[good].market_track
                    ):
                        self.fail(
                            (*path, "accepts", j),
                            f"'{good}' has no market track and cannot be bartered",
                        )
        zoned: set[str] = set()
        for zid, zone in rs.neutral_zones.items():
            self.refs(("neutral_zones", zid, "poleis"), zone.poleis, rs.poleis, "polis")
            zoned.update(zone.poleis)
        for pid, polis in rs.poleis.items():
            if polis.territory is None and pid not in zoned:
                self.fail(
                    ("poleis", pid, "territory"),
                    "a polis outside every territory must be in a neutral zone",
                )
            if polis.territory is not None and pid in zoned:
                self.fail(
                    ("poleis", pid, "territory"), "a polis in a neutral zone has no territory"
                )

    def _symmetric(self, section: str, graph: dict[str, list[str]]) -> None:
        for node, neighbours in graph.items():
            for i, other in enumerate(neighbours):
                if other == node:
                    self.fail((section, node, "neighbours", i), f"'{node}' cannot border itself")
                elif other in graph and node not in graph[other]:
                    # reported at the list that lacks the entry: usually the one just edited
                    self.fail(
                        (section, other, "neighbours"),
                        f"'{other}' does not list '{node}', although '{node}' lists '{other}'; "
                        "borders go both ways",
                    )

    def poleis_and_projects(self) -> None:
        rs = self.rs
        self.count(("poleis",), len(rs.poleis), "polis_cards")
        for pid, polis in rs.poleis.items():
            path = ("poleis", pid)
            self.ref((*path, "territory"), polis.territory, rs.territories, "territory")
            self.refs((*path, "ports"), polis.ports, rs.seas, "sea")
            self.ref((*path, "commercial"), polis.commercial, rs.sides, "side")
            self.refs(
                (*path, "project_types"), polis.project_types, rs.project_types, "project type"
            )
            if polis.max_population < polis.base_population:
                self.fail((*path, "max_population"), "below the base population")
            if polis.territory and polis.ports:
                terr = rs.territories.get(polis.territory)
                for i, sea in enumerate(polis.ports):
                    if terr and sea in rs.seas and sea not in terr.coasts:
                        self.fail(
                            (*path, "ports", i), f"'{sea}' is not on the coast of {polis.territory}"
                        )
        for sid, side in rs.sides.items():
            cap = rs.poleis.get(side.capital)
            if cap and cap.territory != side.home_region:
                self.fail(
                    ("sides", sid, "home_region"),
                    f"the capital {side.capital} is not in {side.home_region}",
                )
        self.count(("projects",), len(rs.projects), "project_tiles")
        for prid, proj in rs.projects.items():
            path = ("projects", prid)
            self.ref((*path, "type"), proj.type, rs.project_types, "project type")
            for good in proj.cost:
                self.ref((*path, "cost", good), good, rs.goods, "good")
            for i, pid in enumerate(proj.poleis):
                if (
                    self.ref((*path, "poleis", i), pid, rs.poleis, "polis")
                    and proj.type not in rs.poleis[pid].project_types
                ):
                    self.fail(
                        (*path, "poleis", i),
                        f"{pid} does not allow {proj.type} projects (poleis.{pid}.project_types)",
                    )
        for tid in rs.project_types:
            hosts = [pid for pid, p in rs.poleis.items() if tid in p.project_types]
            for pid in hosts:
                if not any(pid in p.poleis for p in rs.projects.values() if p.type == tid):
                    self.fail(
                        ("poleis", pid, "project_types"), f"no {tid} project may be built in {pid}"
                    )
        if rs.project_pool is not None:
            self.refs(("project_pool",), rs.project_pool, rs.projects, "project")

    def combat(self) -> None:
        rs = self.rs
        for half in ("land", "naval"):
            cards = getattr(rs.combat_deck, half)
            self.count(("combat_deck", half), sum(c.count for c in cards), "combat_cards")
            for i, card in enumerate(cards):
                self.ref(
                    ("combat_deck", half, i, "formation"),
                    card.formation,
                    rs.formations,
                    "formation",
                )
                self.ref(
                    ("combat_deck", half, i, "maneuver"), card.maneuver, rs.maneuvers, "maneuver"
                )

    def engine_limits(self) -> None:
        """What the engine can play: said here, rather than let a variant ask for more."""
        rs = self.rs
        battle = rs.battle
        if battle.cards_per_assault != 2:
            self.fail(("battle", "cards_per_assault"), "the engine plays assaults of 2 cards")
        structural = {"deck_short", "retreat", "defender_below_min"}
        if missing := sorted(structural - set(battle.end_conditions)):
            self.fail(
                ("battle", "end_conditions"),
                f"the engine always ends a battle this way too: {', '.join(missing)}",
            )
        losses = {c.id for c in rs.loss_conditions}
        if ("forced_salpinx_unpaid" in battle.end_conditions) != ("prestige_debt" in losses):
            self.fail(
                ("battle", "end_conditions"),
                "forced_salpinx_unpaid goes with the prestige_debt loss condition: "
                "an unpaid forced ambush ends the battle by ending the game",
            )
        if "capital_unfed" not in losses:
            self.fail(
                ("loss_conditions",),
                "capital_unfed is needed: the engine has no other way out when even the "
                "capital cannot be fed",
            )

    def events(self) -> None:
        rs = self.rs
        counted = dict.fromkeys(rs.event_decks, 0)
        for eid, card in rs.events.items():
            path = ("events", eid)
            if self.ref((*path, "deck"), card.deck, rs.event_decks, "event deck"):
                counted[card.deck] += card.copies
            if card.effects != "unknown":
                for i, effect in enumerate(card.effects):
                    self._effect((*path, "effects", i), effect)
        for did, deck in rs.event_decks.items():
            if counted[did] + deck.unnamed != deck.size:
                self.fail(
                    ("event_decks", did, "size"),
                    f"deck holds {deck.size} cards but {counted[did]} are listed "
                    f"and {deck.unnamed} unnamed",
                )
        total = sum(deck.size for deck in rs.event_decks.values())
        self.count(("event_decks",), total, "event_cards")

    def _effect(self, path: YamlPath, effect: Any) -> None:
        rs = self.rs
        if isinstance(effect, GainEffect):
            if effect.what != "prestige":
                self.ref((*path, "what"), effect.what, rs.goods, "good")
        elif isinstance(effect, AddUnitsEffect):
            pool = rs.territories if effect.unit == "hoplite" else rs.seas
            self.ref(
                (*path, "area"),
                effect.area,
                pool,
                "territory" if effect.unit == "hoplite" else "sea",
            )
        elif isinstance(effect, BlockSlotEffect):
            if self.ref((*path, "market"), effect.market, rs.markets, "market"):
                cargos = [s.cargo for s in rs.markets[effect.market].slots]
                if effect.cargo not in cargos:
                    self.fail((*path, "cargo"), f"{effect.market} has no cargo-{effect.cargo} slot")
        elif isinstance(effect, ChoiceEffect):
            for i, option in enumerate(effect.options):
                for j, sub in enumerate(option):
                    self._effect((*path, "options", i, j), sub)
        elif isinstance(effect, RemoveUnitsEffect):
            pass

    def setups(self) -> None:
        rs = self.rs
        limit = rs.rounds[0].stacking_limit
        owners: dict[str, str] = {}
        for sid in rs.sides:
            if sid not in rs.setup:
                self.fail(("setup",), f"no setup for side '{sid}'")
        for sid, setup in rs.setup.items():
            path = ("setup", sid)
            self.ref(path, sid, rs.sides, "side")
            for pid, pop in setup.poleis.items():
                if not self.ref((*path, "poleis", pid), pid, rs.poleis, "polis"):
                    continue
                if pid in owners:
                    self.fail((*path, "poleis", pid), f"{pid} is also given to {owners[pid]}")
                owners[pid] = sid
                if pop > rs.poleis[pid].max_population:
                    self.fail(
                        (*path, "poleis", pid),
                        f"population {pop} is above {pid}'s maximum "
                        f"{rs.poleis[pid].max_population}",
                    )
            side = rs.sides.get(sid)
            if side and side.capital not in setup.poleis:
                self.fail((*path, "poleis"), f"the side must start with its capital {side.capital}")
            for kind, pool in (("hoplites", rs.territories), ("galleys", rs.seas)):
                for area, n in getattr(setup, kind).items():
                    self.ref(
                        (*path, kind, area),
                        area,
                        pool,
                        "territory" if kind == "hoplites" else "sea",
                    )
                    if n > limit:
                        self.fail(
                            (*path, kind, area),
                            f"{n} {kind} exceed the first round's stacking limit of {limit}",
                        )
            for good, n in setup.goods.items():
                self.ref((*path, "goods", good), good, rs.goods, "good")
                if n > rs.player_board.goods_max:
                    self.fail(
                        (*path, "goods", good),
                        f"{n} is above the player board's maximum {rs.player_board.goods_max}",
                    )
            for good in rs.goods:
                if good not in setup.goods:
                    self.fail((*path, "goods"), f"the starting amount of {good} is missing")
            self.ref((*path, "proxenos"), setup.proxenos, rs.poleis, "polis")
            if setup.merchants > rs.components.merchants_per_side:
                self.fail(
                    (*path, "merchants"), f"only {rs.components.merchants_per_side} merchants exist"
                )
            cubes = (
                sum(setup.poleis.values())
                + sum(setup.hoplites.values())
                + sum(setup.galleys.values())
            )
            tracks = len(rs.goods) + 1
            if cubes + tracks > rs.components.cubes_per_side:
                self.fail(
                    (*path, "poleis"),
                    f"population and units use {cubes} cubes and the player board {tracks}, "
                    f"more than the {rs.components.cubes_per_side} a side has",
                )

    def discrepancies(self) -> None:
        for did, disc in self.rs.discrepancies.items():
            if disc.path is None:
                continue
            node: Any = self.rs
            for part in disc.path.split("."):
                if isinstance(node, BaseModel) and part in type(node).model_fields:
                    node = getattr(node, part)
                elif isinstance(node, dict) and part in node:
                    node = node[part]
                else:
                    self.fail(
                        ("discrepancies", did, "path"),
                        f"'{disc.path}' does not name a value in this ruleset",
                    )
                    break
            else:
                if node != disc.used:
                    self.fail(
                        ("discrepancies", did, "used"),
                        f"the ruleset has {node!r} at {disc.path}, not {disc.used!r}",
                    )

    def source_refs(self, node: Any, path: YamlPath) -> None:
        for sub_path, source in _sources(node, path):
            for book in source.books():
                if book not in self.sources.books:
                    self.ref(
                        (*sub_path, "book"),
                        book,
                        self.sources.books,
                        "book (rules_data/sources.yaml)",
                    )
            if source.page is not None:
                self.ref(
                    (*sub_path, "page"),
                    source.page,
                    self.sources.pages,
                    "page (rules_data/sources.yaml)",
                )


def _sources(node: Any, path: YamlPath) -> Iterator[tuple[YamlPath, Source]]:
    if isinstance(node, Source):
        yield path, node
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _sources(getattr(node, name), (*path, name))
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _sources(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _sources(value, (*path, i))


def semantic_issues(rs: Ruleset, doc: Document, sources: Sources) -> list[Issue]:
    return _Checker(rs, doc, sources).run()
