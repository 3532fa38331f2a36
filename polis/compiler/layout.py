"""BoardGeometry: the layout compiled beside the EngineConfig, aligned with its indices.

Why a separate object: the layout says where things are drawn, never what the
rules are. The engine never reads it, and it stays out of the content hash that
game records carry, so moving a polis on the drawing does not make saved games
look as if they were played under other rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from polis.compiler.config import EngineConfig
from polis.rules.geometry import Pt, parse_points

if TYPE_CHECKING:  # a cached board is read back without the rules models (pydantic)
    from polis.rules.models import AreaDrawing, Ruleset

Outline = tuple[Pt, ...]


@dataclass(frozen=True, slots=True)
class AreaShape:
    outlines: tuple[Outline, ...]
    name_at: Pt
    units_at: Pt


@dataclass(frozen=True, slots=True)
class MarketPlace:
    at: Pt
    sea_route: Outline
    land_route: Outline  # () when the market has no land route


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    width: int
    height: int
    backdrop: tuple[Outline, ...]  # land that is no area of the game
    areas: tuple[AreaShape, ...]  # by area index (territories, then seas)
    zones: tuple[tuple[str, tuple[Outline, ...]], ...]  # (neutral zone id, outlines)
    poleis: tuple[Pt, ...]  # by polis index
    markets: tuple[MarketPlace, ...]  # by market index
    slots: tuple[Pt, ...]  # by cargo slot index
    ports: tuple[Pt, ...]  # by side
    diolkos: Outline  # () without a diolkos


def _pt(point: list[int]) -> Pt:
    return (point[0], point[1])


def _area(drawing: AreaDrawing) -> AreaShape:
    return AreaShape(
        tuple(parse_points(o) for o in drawing.shape), _pt(drawing.name_at), _pt(drawing.units_at)
    )


def build_geometry(rs: Ruleset, cfg: EngineConfig) -> BoardGeometry:
    """The layout of a validated ruleset (checks ensure every id below is drawn)."""
    lay = rs.layout
    drawn = {**lay.territories, **lay.seas}
    return BoardGeometry(
        width=lay.width,
        height=lay.height,
        backdrop=tuple(parse_points(o) for o in lay.backdrop),
        areas=tuple(_area(drawn[a]) for a in cfg.areas),
        zones=tuple(
            (zid, tuple(parse_points(o) for o in zone.shape))
            for zid, zone in lay.neutral_zones.items()
        ),
        poleis=tuple(_pt(lay.poleis[p.id]) for p in cfg.poleis),
        markets=tuple(
            MarketPlace(
                _pt(lay.markets[m.id].at),
                parse_points(lay.markets[m.id].sea_route),
                parse_points(lay.markets[m.id].land_route or ""),
            )
            for m in cfg.markets
        ),
        slots=tuple(_pt(lay.markets[cfg.markets[s.market].id].slots[s.cargo]) for s in cfg.slots),
        ports=tuple(_pt(lay.trade_ports[side].at) for side in cfg.sides),
        diolkos=parse_points(lay.diolkos) if lay.diolkos else (),
    )
