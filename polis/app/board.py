"""The map as a plotly figure: areas, borders, poleis, markets and pieces.

Positions are a schematic of the Greek world (presentation, not rules); an
area or polis a variant adds without a position is placed on a ring at the
edge. Every clickable point carries `customdata = [kind, index]`, so a click
on the map can be matched to a legal choice.
"""

from __future__ import annotations

import math
from typing import Any

import pandas  # type: ignore[import-untyped]  # noqa: F401  (plotly imports it lazily, mid-run, where a rerun can cut the import short)
import plotly.graph_objects as go

from polis.compiler.config import EngineConfig
from polis.engine.state import SLOT_BLOCKED, SLOT_COVERED, SLOT_FREE, State
from polis.i18n.names import Names

# x west -> east, y south -> north, both 0..100
AREA_POS: dict[str, tuple[float, float]] = {
    "makedonia": (52, 86),
    "thessalia": (47, 71),
    "akarnania": (30, 66),
    "boiotia": (56, 60),
    "attika": (66, 53),
    "megaris": (54, 51),
    "achaia": (40, 52),
    "arkadia": (47, 39),
    "messenia": (36, 29),
    "lakedaimon": (51, 24),
    "sikelia": (7, 30),
    "ionia": (90, 54),
    "ionion": (20, 46),
    "myrtoon": (63, 27),
    "kyklades": (76, 43),
    "thrakiko": (74, 77),
    "noties": (88, 33),
}
MARKET_POS: dict[str, tuple[float, float]] = {
    "illyria": (18, 92),
    "thraki": (78, 97),
    "euxeinos_pontos": (97, 88),
    "persis": (98, 46),
    "aigyptos": (82, 6),
}
NEUTRAL_POS: dict[str, tuple[float, float]] = {"epidamnos": (22, 80), "abdera": (68, 92)}
PORT_POS = {"athens": (70, 47), "sparta": (38, 16)}
SIDE_COLOURS = ("#2f6fbf", "#c0392b")  # Athens blue, Sparta red
NEUTRAL = "#9a8f7a"


def _fallback(i: int, n: int) -> tuple[float, float]:
    angle = 2 * math.pi * i / max(n, 1)
    return 50 + 48 * math.cos(angle), 50 + 48 * math.sin(angle)


def area_positions(cfg: EngineConfig) -> list[tuple[float, float]]:
    return [AREA_POS.get(a) or _fallback(i, len(cfg.areas)) for i, a in enumerate(cfg.areas)]


def polis_positions(cfg: EngineConfig) -> list[tuple[float, float]]:
    areas = area_positions(cfg)
    out = []
    for p, pol in enumerate(cfg.poleis):
        if pol.id in NEUTRAL_POS:
            out.append(NEUTRAL_POS[pol.id])
            continue
        if pol.territory < 0:
            out.append(_fallback(p, len(cfg.poleis)))
            continue
        siblings = cfg.poleis_in_area[pol.territory]
        k = siblings.index(p)
        x, y = areas[pol.territory]
        angle = math.pi * (0.25 + 0.5 * k)  # up-left, then down-right of the territory's label
        out.append((x + 5.5 * math.cos(angle) - 2, y + 5 * math.sin(angle) + 1))
    return out


def _units_label(state: State, area: int, names: Names) -> str:
    n = len(state.cfg.areas)
    parts = []
    for side in (0, 1):
        count = state.units[side * n + area]
        if count:
            parts.append(f"{names.side(side)[0]}{count}")
    return " ".join(parts)


def figure(state: State, names: Names, highlight: set[tuple[str, int]] | None = None) -> go.Figure:
    """The board for `state`; `highlight` marks the points a click may choose now."""
    cfg = state.cfg
    n = len(cfg.areas)
    areas = area_positions(cfg)
    poleis = polis_positions(cfg)
    marked = highlight or set()
    fig = go.Figure()

    # borders: land (solid), sea (dotted), coasts (faint), diolkos (dashed gold)
    def line(
        a: tuple[float, float], b: tuple[float, float], style: dict[str, Any], name: str
    ) -> None:
        fig.add_trace(
            go.Scatter(
                x=[a[0], b[0]],
                y=[a[1], b[1]],
                mode="lines",
                line=style,
                hoverinfo="skip",
                showlegend=False,
                name=name,
            )
        )

    for a in range(n):
        for b in range(a + 1, n):
            if cfg.land_adj[a] >> b & 1:
                line(areas[a], areas[b], {"color": "#b8a27a", "width": 3}, "land")
            if cfg.sea_adj[a] >> b & 1:
                line(areas[a], areas[b], {"color": "#7fb3d5", "width": 2, "dash": "dot"}, "sea")
            if a < cfg.n_territories <= b and cfg.coasts[a] >> b & 1:
                line(areas[a], areas[b], {"color": "#d6eaf8", "width": 1}, "coast")
    if cfg.diolkos:
        line(
            areas[cfg.diolkos[0]],
            areas[cfg.diolkos[1]],
            {"color": "#d4ac0d", "width": 2, "dash": "dash"},
            "diolkos",
        )

    # areas
    for kind, lo, hi, colour, symbol in (
        ("territory", 0, cfg.n_territories, "#eadfc8", "circle"),
        ("sea", cfg.n_territories, n, "#d6eaf8", "circle"),
    ):
        idx = list(range(lo, hi))
        controllers = []
        for a in idx:
            if state.controls(0, a):
                controllers.append(SIDE_COLOURS[0])
            elif state.controls(1, a):
                controllers.append(SIDE_COLOURS[1])
            else:
                controllers.append("#7f7f7f")
        fig.add_trace(
            go.Scatter(
                x=[areas[a][0] for a in idx],
                y=[areas[a][1] for a in idx],
                mode="markers+text",
                marker={
                    "size": [46 if ("area", a) in marked else 38 for a in idx],
                    "color": colour,
                    "symbol": symbol,
                    "line": {
                        "width": [4 if ("area", a) in marked else 2 for a in idx],
                        "color": [
                            "#f1c40f" if ("area", a) in marked else c
                            for a, c in zip(idx, controllers, strict=True)
                        ],
                    },
                },
                text=[f"{names.area(a)}<br><b>{_units_label(state, a, names)}</b>" for a in idx],
                textposition="middle center",
                textfont={"size": 10},
                customdata=[["area", a] for a in idx],
                hovertext=[names.area(a) for a in idx],
                hoverinfo="text",
                name=kind,
                showlegend=False,
            )
        )

    # poleis
    colours = [SIDE_COLOURS[o] if o >= 0 else NEUTRAL for o in state.owner]
    labels = []
    for p, pol in enumerate(cfg.poleis):
        population = state.pop[p] if state.owner[p] >= 0 else pol.base
        projects = sum(1 for j, loc in enumerate(state.proj_loc) if loc == p)
        mark = "⚑" if p in state.proxenos else ""
        labels.append(f"{names.polis_at(p)} <b>{population}</b>{' ✦' * projects}{mark}")
    fig.add_trace(
        go.Scatter(
            x=[x for x, _ in poleis],
            y=[y for _, y in poleis],
            mode="markers+text",
            marker={
                "size": [18 if ("polis", p) in marked else 13 for p in range(len(cfg.poleis))],
                "symbol": "square",
                "color": colours,
                "line": {
                    "width": 2,
                    "color": [
                        "#f1c40f" if ("polis", p) in marked else "#333"
                        for p in range(len(cfg.poleis))
                    ],
                },
            },
            text=labels,
            # alternate above and below, so the labels of a territory's poleis do not collide
            textposition=[
                "top center"
                if pol.territory >= 0 and cfg.poleis_in_area[pol.territory].index(p) % 2
                else "bottom center"
                for p, pol in enumerate(cfg.poleis)
            ],
            textfont={"size": 9, "color": "#3b3325"},
            customdata=[["polis", p] for p in range(len(cfg.poleis))],
            hovertext=labels,
            hoverinfo="text",
            showlegend=False,
            name="poleis",
        )
    )

    # markets with their slots
    mx, my, mtext = [], [], []
    for m, market in enumerate(cfg.markets):
        x, y = MARKET_POS.get(market.id) or _fallback(m, len(cfg.markets))
        slots = []
        for k in market.slots:
            value = state.slots[k]
            sign = {SLOT_FREE: "·", SLOT_COVERED: "■", SLOT_BLOCKED: "✕"}.get(
                value, names.side(value)[0] if value >= 0 else "?"
            )
            slots.append(f"{cfg.slots[k].cargo}{sign}")
        mx.append(x)
        my.append(y)
        mtext.append(f"{names.market(m)}<br>{' '.join(slots)}")
    fig.add_trace(
        go.Scatter(
            x=mx,
            y=my,
            mode="markers+text",
            marker={"size": 16, "symbol": "diamond", "color": "#f5cba7"},
            text=mtext,
            textposition="middle right",
            textfont={"size": 9},
            hoverinfo="text",
            hovertext=mtext,
            showlegend=False,
            name="markets",
        )
    )
    # trade ports with merchants waiting
    for side, sid in enumerate(cfg.sides):
        x, y = PORT_POS.get(sid, (50, 2))
        fig.add_trace(
            go.Scatter(
                x=[x],
                y=[y],
                mode="markers+text",
                marker={"size": 14, "symbol": "star", "color": SIDE_COLOURS[side]},
                text=[f"⚓ {state.merchants_in_port(side)}"],
                textposition="bottom center",
                hoverinfo="skip",
                showlegend=False,
                name="port",
            )
        )
    fig.update_layout(
        height=680,
        margin={"l": 4, "r": 4, "t": 4, "b": 4},
        plot_bgcolor="#fbf8f1",
        xaxis={"visible": False, "range": [-9, 118], "fixedrange": True},
        # no fixed aspect: the map fills its column, and the extra height spreads the labels
        yaxis={"visible": False, "range": [0, 102], "fixedrange": True},
        dragmode=False,
        clickmode="event+select",
        hovermode="closest",
    )
    return fig
