"""Semantic checks of the board layout: everything of the ruleset is drawn, and sensibly.

The layout is a drawing, so the checks ask what a person looking at the board
needs: every area, polis, market slot and trade port has a place, nothing is
drawn that the rules do not know, every point lies on the board, a polis sits
inside its territory, and no two poleis are drawn on top of each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from polis.messages import Message, msg
from polis.rules.geometry import Pt, distance, inside, parse_points
from polis.rules.issues import YamlPath
from polis.rules.models import BoardLayout, Ruleset

# centres of two poleis closer than this overlap (a polis is drawn with radius ~13)
MIN_POLIS_GAP = 28


class Reporter(Protocol):
    def fail(self, path: YamlPath, problem: Message) -> None: ...


def check_layout(rs: Ruleset, out: Reporter) -> None:
    lay = rs.layout
    base: YamlPath = ("layout",)
    _same_ids(out, "territories", lay.territories, rs.territories, "kind.territory")
    _same_ids(out, "seas", lay.seas, rs.seas, "kind.sea")
    _same_ids(out, "poleis", lay.poleis, rs.poleis, "kind.polis")
    _same_ids(out, "markets", lay.markets, rs.markets, "kind.market")
    _same_ids(out, "trade_ports", lay.trade_ports, rs.trade_ports, "kind.trade_port")
    for zid in lay.neutral_zones:
        if zid not in rs.neutral_zones:
            problem = msg("layout.not_in_ruleset", id=zid, what=msg("kind.neutral_zone"))
            out.fail((*base, "neutral_zones", zid), problem)
    for mid, drawing in lay.markets.items():
        market = rs.markets.get(mid)
        if market is None:
            continue
        path = (*base, "markets", mid)
        cargos = [s.cargo for s in market.slots]
        for i, cargo in enumerate(cargos):
            if cargo not in drawing.slots:
                problem = msg("layout.slot_not_drawn", cargo=cargo, market=mid)
                out.fail(("markets", mid, "slots", i), problem)
        for cargo in drawing.slots:
            if cargo not in cargos:
                out.fail(
                    (*path, "slots", cargo), msg("check.no_cargo_slot", market=mid, cargo=cargo)
                )
        if market.land_route_from and drawing.land_route is None:
            problem = msg("layout.land_route_missing", polis=market.land_route_from, market=mid)
            out.fail((*path, "land_route"), problem)
        if drawing.land_route is not None and not market.land_route_from:
            out.fail((*path, "land_route"), msg("layout.no_land_route", market=mid))
    if rs.diolkos is not None and lay.diolkos is None:
        out.fail(("diolkos",), msg("layout.diolkos_missing"))
    if rs.diolkos is None and lay.diolkos is not None:
        out.fail((*base, "diolkos"), msg("layout.no_diolkos"))
    reported: set[YamlPath] = set()  # the first point off the board of each outline or mark
    for path, point in _points(lay):
        x, y = point
        if not (0 <= x <= lay.width and 0 <= y <= lay.height) and path not in reported:
            reported.add(path)
            # coordinates as written, never with a language's digit grouping
            size = {"width": str(lay.width), "height": str(lay.height)}
            out.fail(path, msg("layout.off_board", x=str(x), y=str(y), **size))
    _poleis_in_place(rs, out)
    _marks_on_their_area(lay, out)


def _same_ids(
    out: Reporter, section: str, drawn: Iterable[str], known: Iterable[str], what: str
) -> None:
    """Every record of `section` drawn under layout.<section>, and nothing else drawn there.

    `what` is the `kind.*` message key naming such a record.

    A missing drawing is reported at the record that lacks it: in an overlay that
    adds an area, that is the line of the new area.
    """
    drawn_ids, known_ids = list(drawn), list(known)
    for rid in known_ids:
        if rid not in drawn_ids:
            problem = msg("layout.not_drawn", what=msg(what), id=rid, section=section)
            out.fail((section, rid), problem)
    for rid in drawn_ids:
        if rid not in known_ids:
            problem = msg("layout.not_in_ruleset", id=rid, what=msg(what))
            out.fail(("layout", section, rid), problem)


def _points(lay: BoardLayout) -> Iterator[tuple[YamlPath, Pt]]:
    """Every point of the drawing with the path it is written at."""
    for i, outline in enumerate(lay.backdrop):
        for point in parse_points(outline):
            yield ("layout", "backdrop", i), point
    for section in ("territories", "seas"):
        drawings = lay.territories if section == "territories" else lay.seas
        for aid, area in drawings.items():
            path = ("layout", section, aid)
            for i, outline in enumerate(area.shape):
                for point in parse_points(outline):
                    yield (*path, "shape", i), point
            yield (*path, "name_at"), (area.name_at[0], area.name_at[1])
            yield (*path, "units_at"), (area.units_at[0], area.units_at[1])
    for zid, zone in lay.neutral_zones.items():
        for i, outline in enumerate(zone.shape):
            for point in parse_points(outline):
                yield ("layout", "neutral_zones", zid, "shape", i), point
    for pid, at in lay.poleis.items():
        yield ("layout", "poleis", pid), (at[0], at[1])
    for mid, market in lay.markets.items():
        path = ("layout", "markets", mid)
        yield (*path, "at"), (market.at[0], market.at[1])
        for cargo, at in market.slots.items():
            yield (*path, "slots", cargo), (at[0], at[1])
        for key in ("sea_route", "land_route"):
            route = getattr(market, key)
            for point in parse_points(route) if route else ():
                yield (*path, key), point
    for sid, port in lay.trade_ports.items():
        yield ("layout", "trade_ports", sid, "at"), (port.at[0], port.at[1])
    for point in parse_points(lay.diolkos) if lay.diolkos else ():
        yield ("layout", "diolkos"), point


def _poleis_in_place(rs: Ruleset, out: Reporter) -> None:
    lay = rs.layout
    zone_of = {pid: zid for zid, zone in rs.neutral_zones.items() for pid in zone.poleis}
    placed = [(pid, (at[0], at[1])) for pid, at in lay.poleis.items() if pid in rs.poleis]
    for pid, at in placed:
        polis = rs.poleis[pid]
        home = None
        if polis.territory in lay.territories:
            home, what = lay.territories[polis.territory].shape, polis.territory
        elif zone_of.get(pid) in lay.neutral_zones:
            home, what = lay.neutral_zones[zone_of[pid]].shape, zone_of[pid]
        if home is not None and not any(inside(at, parse_points(o)) for o in home):
            out.fail(("layout", "poleis", pid), msg("layout.polis_outside", polis=pid, area=what))
    for i, (pid, at) in enumerate(placed):
        for other, there in placed[:i]:
            if distance(at, there) < MIN_POLIS_GAP:
                problem = msg("layout.polis_overlap", polis=pid, other=other, gap=MIN_POLIS_GAP)
                out.fail(("layout", "poleis", pid), problem)


def _marks_on_their_area(lay: BoardLayout, out: Reporter) -> None:
    """An area's name and units stand on the area (a sea's on open water, not on land).

    Why: a click on the name is a click on the area, and the component anchors
    each area at its name for anything that clicks "the middle" of it.
    """
    land = [parse_points(o) for area in lay.territories.values() for o in area.shape]
    land += [parse_points(o) for o in lay.backdrop]
    for section, drawings in (("territories", lay.territories), ("seas", lay.seas)):
        for aid, area in drawings.items():
            outlines = [parse_points(o) for o in area.shape]
            for key in ("name_at", "units_at"):
                at = getattr(area, key)
                point = (at[0], at[1])
                on_land = section == "seas" and any(inside(point, o) for o in land)
                if on_land or not any(inside(point, o) for o in outlines):
                    where = ("layout", section, aid, key)
                    problem = msg(
                        "layout.mark_off_area", key=key, x=str(at[0]), y=str(at[1]), area=aid
                    )
                    out.fail(where, problem)
