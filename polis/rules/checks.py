"""Semantic checks: what the schema alone cannot see.

Each check reports issues located at the offending value. The checks are
deliberately plain loops over the model: they run once per load, and clarity
matters more here than speed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import BaseModel

from polis.messages import Message, did_you_mean, msg
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

# Most choices one decision may offer: a person must be able to read them, a bot to weigh
# them. The shipped rulesets offer at most ~60 (the moves of a full turn); tribute rows
# are what can multiply past this, so they are counted here.
MAX_CHOICES = 1_000


# the engine holds sets of areas as bitmasks in native 64-bit ints (polis/engine/board.py):
# at most 62 territories and seas together (the shipped boards have 17)
MAX_AREAS = 62


def tribute_choices(boxes: list[int], hoplites: int) -> int:
    """How many ways `hoplites` (all that fit) can fill rows of these box counts.

    The same count the engine lists as tribute choices, found by counting
    instead of listing: ways[k] = placements of k hoplites on the rows so far.
    """
    placed = min(hoplites, sum(boxes))
    ways = [1] + [0] * placed
    for row in boxes:
        ways = [sum(ways[k - j] for j in range(min(row, k) + 1)) for k in range(placed + 1)]
    return ways[placed]


def most_tribute_choices(boxes: list[int], hoplites: int) -> int:
    return max((tribute_choices(boxes, h) for h in range(1, hoplites + 1)), default=0)


class _Checker:
    def __init__(self, rs: Ruleset, doc: Document, sources: Sources) -> None:
        self.rs = rs
        self.doc = doc
        self.sources = sources
        self.issues: list[Issue] = []

    def fail(self, path: YamlPath, problem: Message) -> None:
        self.issues.append(Issue(self.doc.locate(path), dotted(path), problem))

    def fail_at_change(self, paths: list[YamlPath], problem: Message) -> None:
        """A problem of two values together: placed at the one the top file wrote, if one is.

        Why: an overlay that lowers the threshold should be told at its own line, not at
        the stacking limit in the shipped file it extends (and the other way round).
        """
        own = self.doc.locate(("id",))
        for path in paths:
            loc = self.doc.locate(path)
            if own is not None and loc is not None and loc.file == own.file:
                self.fail(path, problem)
                return
        self.fail(paths[0], problem)

    def ref(self, path: YamlPath, value: str | None, known: Iterable[str], what: str) -> bool:
        """`value` must name one of `known`; `what` is a `kind.*` message key."""
        if value is None:
            return True
        pool = list(known)
        if value in pool:
            return True
        hint = did_you_mean(value, pool)
        self.fail(path, msg("check.unknown_ref", value=value, what=msg(what), hint=hint))
        return False

    def count(self, path: YamlPath, actual: int, component: str) -> None:
        """A collection must hold as many items as components.<component> says."""
        expected = getattr(self.rs.components, component)
        if actual != expected:
            self.fail(
                path,
                msg("check.component_count", actual=actual, component=component, expected=expected),
            )

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
        self.distinct_ids()
        self.events()
        self.setups()
        self.discrepancies()
        check_layout(self.rs, self)
        self.source_refs(self.rs, ())
        return self.issues

    def sides_and_goods(self) -> None:
        rs = self.rs
        for sid, side in rs.sides.items():
            self.ref(("sides", sid, "capital"), side.capital, rs.poleis, "kind.polis")
            self.ref(
                ("sides", sid, "home_region"), side.home_region, rs.territories, "kind.territory"
            )
        for name, action in rs.actions:
            if action is None:
                continue
            for i, cost in enumerate(getattr(action, "unit_costs", [])):
                for good in cost:
                    self.ref(("actions", name, "unit_costs", i, good), good, rs.goods, "kind.good")
            for field in (
                "good",
                "purchase_good",
                "purchase_currency",
                "substitute_good",
                "bribe_good",
            ):
                if hasattr(action, field):
                    self.ref(
                        ("actions", name, field), getattr(action, field), rs.goods, "kind.good"
                    )
        self.ref(("phoros", "good"), rs.phoros.good, rs.goods, "kind.good")
        self.ref(
            ("end_of_round", "feeding_good"), rs.end_of_round.feeding_good, rs.goods, "kind.good"
        )
        if rs.actions.ransom_proxenos and rs.actions.move_proxenos is None:
            self.fail(("actions", "ransom_proxenos"), msg("check.ransom_needs_proxenos"))

    def rounds_and_turn(self) -> None:
        rs = self.rs
        seen: set[str] = set()
        for i, rnd in enumerate(rs.rounds):
            if rnd.id in seen:
                self.fail(("rounds", i, "id"), msg("check.round_twice", id=rnd.id))
            seen.add(rnd.id)
            self.ref(("rounds", i, "event_deck"), rnd.event_deck, rs.event_decks, "kind.event_deck")
            if rnd.projects.remove > rnd.projects.reveal:
                self.fail(
                    ("rounds", i, "projects", "remove"),
                    msg("check.remove_above_reveal"),
                )
            if rnd.cargo_open not in rs.market_values.table:
                self.fail(
                    ("rounds", i, "cargo_open"),
                    msg("check.no_cargo_row", cargo=rnd.cargo_open),
                )
        for field in ("event_reader", "first_player"):
            self.ref(("turn", field, "tie"), getattr(rs.turn, field).tie, rs.sides, "kind.side")
        for kind, side in rs.battle.first_attacker.items():
            self.ref(("battle", "first_attacker", kind), side, rs.sides, "kind.side")
        steps = [s.id for s in rs.end_of_round.steps]
        for i, step in enumerate(steps):
            if steps.index(step) != i:
                self.fail(("end_of_round", "steps", i, "id"), msg("check.step_twice", step=step))
        reveal = sum(r.projects.reveal for r in rs.rounds)
        pool = len(rs.project_pool) if rs.project_pool is not None else len(rs.projects)
        if reveal > pool:
            self.fail(("rounds",), msg("check.too_few_projects", reveal=reveal, pool=pool))

    def board(self) -> None:
        rs = self.rs
        for tid, terr in rs.territories.items():
            self.refs(
                ("territories", tid, "neighbours"),
                terr.neighbours,
                rs.territories,
                "kind.territory",
            )
            self.refs(("territories", tid, "coasts"), terr.coasts, rs.seas, "kind.sea")
            if not terr.coasts:
                self.fail(("territories", tid, "coasts"), msg("check.coastless"))
            for i, row in enumerate(terr.tribute):
                self.ref(
                    ("territories", tid, "tribute", i, "good"), row.good, rs.goods, "kind.good"
                )
                if row.boxes > len(rs.tribute_yields.yields):
                    self.fail(
                        ("territories", tid, "tribute", i, "boxes"),
                        msg("check.tribute_boxes", limit=len(rs.tribute_yields.yields)),
                    )
        self._symmetric("territories", {t: v.neighbours for t, v in rs.territories.items()})
        for sid, sea in rs.seas.items():
            self.refs(("seas", sid, "neighbours"), sea.neighbours, rs.seas, "kind.sea")
        self._symmetric("seas", {s: v.neighbours for s, v in rs.seas.items()})
        if rs.diolkos:
            self.refs(("diolkos", "seas"), rs.diolkos.seas, rs.seas, "kind.sea")
            self.ref(("diolkos", "polis"), rs.diolkos.polis, rs.poleis, "kind.polis")
        for side, port in rs.trade_ports.items():
            self.ref(("trade_ports", side), side, rs.sides, "kind.side")
            self.refs(("trade_ports", side, "seas"), port.seas, rs.seas, "kind.sea")
        for side in rs.sides:
            if side not in rs.trade_ports:
                self.fail(("trade_ports",), msg("check.no_trade_port", side=side))
        widths = {len(row) for row in rs.market_values.table.values()}
        if len(widths) > 1:
            self.fail(
                ("market_values", "table"),
                msg("check.market_rows_differ"),
            )
        if rs.market_values.start_column > min(widths, default=0):
            self.fail(("market_values", "start_column"), msg("check.start_column"))
        for mid, market in rs.markets.items():
            self.ref(("markets", mid, "sea"), market.sea, rs.seas, "kind.sea")
            self.ref(
                ("markets", mid, "land_route_from"), market.land_route_from, rs.poleis, "kind.polis"
            )
            for i, slot in enumerate(market.slots):
                path = ("markets", mid, "slots", i)
                self.ref((*path, "offers"), slot.offers, rs.goods, "kind.good")
                if slot.cargo not in rs.market_values.table:
                    self.fail((*path, "cargo"), msg("check.no_cargo_row", cargo=slot.cargo))
                for j, good in enumerate(slot.accepts):
                    if (
                        self.ref((*path, "accepts", j), good, rs.goods, "kind.good")
                        and not rs.goods[good].market_track
                    ):
                        self.fail(
                            (*path, "accepts", j),
                            msg("check.no_market_track", good=good),
                        )
        zoned: set[str] = set()
        for zid, zone in rs.neutral_zones.items():
            self.refs(("neutral_zones", zid, "poleis"), zone.poleis, rs.poleis, "kind.polis")
            zoned.update(zone.poleis)
        for pid, polis in rs.poleis.items():
            if polis.territory is None and pid not in zoned:
                self.fail(
                    ("poleis", pid, "territory"),
                    msg("check.polis_outside"),
                )
            if polis.territory is not None and pid in zoned:
                self.fail(("poleis", pid, "territory"), msg("check.zone_polis_territory"))

    def _symmetric(self, section: str, graph: dict[str, list[str]]) -> None:
        for node, neighbours in graph.items():
            for i, other in enumerate(neighbours):
                if other == node:
                    self.fail((section, node, "neighbours", i), msg("check.self_border", id=node))
                elif other in graph and node not in graph[other]:
                    # reported at the list that lacks the entry: usually the one just edited
                    self.fail(
                        (section, other, "neighbours"),
                        msg("check.border_one_way", node=node, other=other),
                    )

    def poleis_and_projects(self) -> None:
        rs = self.rs
        self.count(("poleis",), len(rs.poleis), "polis_cards")
        for pid, polis in rs.poleis.items():
            path = ("poleis", pid)
            self.ref((*path, "territory"), polis.territory, rs.territories, "kind.territory")
            self.refs((*path, "ports"), polis.ports, rs.seas, "kind.sea")
            self.ref((*path, "commercial"), polis.commercial, rs.sides, "kind.side")
            self.refs(
                (*path, "project_types"), polis.project_types, rs.project_types, "kind.project_type"
            )
            if polis.max_population < polis.base_population:
                self.fail((*path, "max_population"), msg("check.max_below_base"))
            if polis.territory and polis.ports:
                terr = rs.territories.get(polis.territory)
                for i, sea in enumerate(polis.ports):
                    if terr and sea in rs.seas and sea not in terr.coasts:
                        self.fail(
                            (*path, "ports", i),
                            msg("check.port_not_coast", sea=sea, territory=polis.territory),
                        )
        for sid, side in rs.sides.items():
            cap = rs.poleis.get(side.capital)
            if cap and cap.territory != side.home_region:
                self.fail(
                    ("sides", sid, "home_region"),
                    msg("check.capital_elsewhere", capital=side.capital, region=side.home_region),
                )
        self.count(("projects",), len(rs.projects), "project_tiles")
        for prid, proj in rs.projects.items():
            path = ("projects", prid)
            self.ref((*path, "type"), proj.type, rs.project_types, "kind.project_type")
            for good in proj.cost:
                self.ref((*path, "cost", good), good, rs.goods, "kind.good")
            for i, pid in enumerate(proj.poleis):
                if (
                    self.ref((*path, "poleis", i), pid, rs.poleis, "kind.polis")
                    and proj.type not in rs.poleis[pid].project_types
                ):
                    self.fail(
                        (*path, "poleis", i),
                        msg("check.project_host", polis=pid, type=proj.type),
                    )
        for tid in rs.project_types:
            hosts = [pid for pid, p in rs.poleis.items() if tid in p.project_types]
            for pid in hosts:
                if not any(pid in p.poleis for p in rs.projects.values() if p.type == tid):
                    self.fail(
                        ("poleis", pid, "project_types"),
                        msg("check.project_nowhere", type=tid, polis=pid),
                    )
        if rs.project_pool is not None:
            self.refs(("project_pool",), rs.project_pool, rs.projects, "kind.project")

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
                    "kind.formation",
                )
                self.ref(
                    ("combat_deck", half, i, "maneuver"),
                    card.maneuver,
                    rs.maneuvers,
                    "kind.maneuver",
                )

    def engine_limits(self) -> None:
        """What the engine can play: said here, rather than let a variant ask for more."""
        rs = self.rs
        battle = rs.battle
        if battle.cards_per_assault != 2:
            self.fail(("battle", "cards_per_assault"), msg("check.assault_cards"))
        structural = {"deck_short", "retreat", "defender_below_min"}
        if missing := sorted(structural - set(battle.end_conditions)):
            self.fail(
                ("battle", "end_conditions"),
                msg("check.end_conditions", missing=missing),
            )
        losses = {c.id for c in rs.loss_conditions}
        if ("forced_salpinx_unpaid" in battle.end_conditions) != ("prestige_debt" in losses):
            self.fail(
                ("battle", "end_conditions"),
                msg("check.salpinx_debt"),
            )
        if "capital_unfed" not in losses:
            self.fail(("loss_conditions",), msg("check.capital_unfed"))
        areas = len(rs.territories) + len(rs.seas)
        if areas > MAX_AREAS:  # sets of areas are 64-bit masks in the compiled engine
            self.fail(("seas",), msg("check.too_many_areas", count=areas, limit=MAX_AREAS))
        self.playable()

    def playable(self) -> None:
        """Values the schema accepts one by one but the engine cannot play together."""
        rs = self.rs
        threshold = rs.battle.threshold
        for i, rnd in enumerate(rs.rounds):
            if rnd.stacking_limit >= threshold:  # one side alone would start a battle
                self.fail_at_change(
                    [("rounds", i, "stacking_limit"), ("battle", "threshold")],
                    msg(
                        "check.stack_starts_battle",
                        round=rnd.id,
                        limit=rnd.stacking_limit,
                        threshold=threshold,
                    ),
                )
            if i and rnd.stacking_limit < rs.rounds[i - 1].stacking_limit:
                self.fail(
                    ("rounds", i, "stacking_limit"),
                    msg(
                        "check.stacking_drops",
                        limit=rnd.stacking_limit,
                        before=rs.rounds[i - 1].stacking_limit,
                    ),
                )
        most = max(r.stacking_limit for r in rs.rounds)
        for tid, terr in rs.territories.items():
            boxes = [row.boxes for row in terr.tribute]
            choices = most_tribute_choices(boxes, most)
            if choices > MAX_CHOICES:
                self.fail(
                    ("territories", tid, "tribute"),
                    msg("check.tribute_choices", choices=choices, limit=MAX_CHOICES),
                )
        board = rs.player_board
        for sid, setup in rs.setup.items():
            if setup.prestige > board.prestige_max:
                self.fail_at_change(
                    [("setup", sid, "prestige"), ("player_board", "prestige_max")],
                    msg("check.prestige_above", prestige=setup.prestige, limit=board.prestige_max),
                )
            discs = rs.components.discs_per_side
            if rs.components.discs_limited and len(setup.poleis) >= discs:
                self.fail_at_change(
                    [("components", "discs_per_side"), ("setup", sid, "poleis")],
                    msg("check.discs", discs=discs, side=sid, poleis=len(setup.poleis)),
                )
        if "prestige" in rs.goods:
            self.fail(("goods", "prestige"), msg("check.good_called_prestige"))

    def distinct_ids(self) -> None:
        """Ids that share a namespace in the engine (areas, slots, cards) must differ."""
        rs = self.rs
        for sid in rs.seas:
            if sid in rs.territories:
                self.fail(("seas", sid), msg("check.sea_is_territory", id=sid))
        for mid, market in rs.markets.items():
            seen: set[int] = set()
            for i, slot in enumerate(market.slots):
                if slot.cargo in seen:
                    self.fail(
                        ("markets", mid, "slots", i, "cargo"),
                        msg("check.slot_twice", market=mid, cargo=slot.cargo),
                    )
                seen.add(slot.cargo)
        for half in ("land", "naval"):
            cards: set[tuple[str, str]] = set()
            for i, card in enumerate(getattr(rs.combat_deck, half)):
                pair = (card.formation, card.maneuver)
                if pair in cards:
                    self.fail(
                        ("combat_deck", half, i),
                        msg("check.card_twice", formation=card.formation, maneuver=card.maneuver),
                    )
                cards.add(pair)

    def events(self) -> None:
        rs = self.rs
        counted = dict.fromkeys(rs.event_decks, 0)
        for eid, card in rs.events.items():
            path = ("events", eid)
            if self.ref((*path, "deck"), card.deck, rs.event_decks, "kind.event_deck"):
                counted[card.deck] += card.copies
            if card.effects != "unknown":
                for i, effect in enumerate(card.effects):
                    self._effect((*path, "effects", i), effect)
        for did, deck in rs.event_decks.items():
            if counted[did] + deck.unnamed != deck.size:
                self.fail(
                    ("event_decks", did, "size"),
                    msg(
                        "check.deck_size", size=deck.size, listed=counted[did], unnamed=deck.unnamed
                    ),
                )
        total = sum(deck.size for deck in rs.event_decks.values())
        self.count(("event_decks",), total, "event_cards")

    def _effect(self, path: YamlPath, effect: Any) -> None:
        rs = self.rs
        if isinstance(effect, GainEffect):
            if effect.what != "prestige":
                self.ref((*path, "what"), effect.what, rs.goods, "kind.good")
        elif isinstance(effect, AddUnitsEffect):
            pool = rs.territories if effect.unit == "hoplite" else rs.seas
            self.ref(
                (*path, "area"),
                effect.area,
                pool,
                "kind.territory" if effect.unit == "hoplite" else "kind.sea",
            )
        elif isinstance(effect, BlockSlotEffect):
            if self.ref((*path, "market"), effect.market, rs.markets, "kind.market"):
                cargos = [s.cargo for s in rs.markets[effect.market].slots]
                if effect.cargo not in cargos:
                    self.fail(
                        (*path, "cargo"),
                        msg("check.no_cargo_slot", market=effect.market, cargo=effect.cargo),
                    )
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
                self.fail(("setup",), msg("check.no_setup", side=sid))
        for sid, setup in rs.setup.items():
            path = ("setup", sid)
            self.ref(path, sid, rs.sides, "kind.side")
            for pid, pop in setup.poleis.items():
                if not self.ref((*path, "poleis", pid), pid, rs.poleis, "kind.polis"):
                    continue
                if pid in owners:
                    self.fail(
                        (*path, "poleis", pid),
                        msg("check.polis_twice", polis=pid, side=owners[pid]),
                    )
                owners[pid] = sid
                if pop > rs.poleis[pid].max_population:
                    self.fail(
                        (*path, "poleis", pid),
                        msg(
                            "check.population_above",
                            population=pop,
                            polis=pid,
                            limit=rs.poleis[pid].max_population,
                        ),
                    )
            side = rs.sides.get(sid)
            if side and side.capital not in setup.poleis:
                self.fail((*path, "poleis"), msg("check.capital_missing", capital=side.capital))
            for kind, pool in (("hoplites", rs.territories), ("galleys", rs.seas)):
                for area, n in getattr(setup, kind).items():
                    self.ref(
                        (*path, kind, area),
                        area,
                        pool,
                        "kind.territory" if kind == "hoplites" else "kind.sea",
                    )
                    if n > limit:
                        self.fail(
                            (*path, kind, area),
                            msg(
                                "check.setup_stack",
                                count=n,
                                units=msg(
                                    "kind.hoplites" if kind == "hoplites" else "kind.galleys"
                                ),
                                limit=limit,
                            ),
                        )
            for good, n in setup.goods.items():
                self.ref((*path, "goods", good), good, rs.goods, "kind.good")
                if n > rs.player_board.goods_max:
                    self.fail(
                        (*path, "goods", good),
                        msg("check.goods_above", amount=n, limit=rs.player_board.goods_max),
                    )
            for good in rs.goods:
                if good not in setup.goods:
                    self.fail((*path, "goods"), msg("check.goods_missing", good=good))
            self.ref((*path, "proxenos"), setup.proxenos, rs.poleis, "kind.polis")
            if setup.merchants > rs.components.merchants_per_side:
                self.fail(
                    (*path, "merchants"),
                    msg("check.merchants", limit=rs.components.merchants_per_side),
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
                    msg(
                        "check.cubes",
                        cubes=cubes,
                        tracks=tracks,
                        limit=rs.components.cubes_per_side,
                    ),
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
                        msg("check.discrepancy_path", path=disc.path),
                    )
                    break
            else:
                if node != disc.used:
                    self.fail(
                        ("discrepancies", did, "used"),
                        msg(
                            "check.discrepancy_value",
                            value=repr(node),
                            path=disc.path,
                            used=repr(disc.used),
                        ),
                    )

    def source_refs(self, node: Any, path: YamlPath) -> None:
        for sub_path, source in _sources(node, path):
            for book in source.books():
                if book not in self.sources.books:
                    self.ref(
                        (*sub_path, "book"),
                        book,
                        self.sources.books,
                        "kind.book",
                    )
            if source.page is not None:
                self.ref(
                    (*sub_path, "page"),
                    source.page,
                    self.sources.pages,
                    "kind.page",
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
