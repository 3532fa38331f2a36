"""The board as plain data for the board component (no Streamlit here).

`board_data` turns a game state, the compiled layout and the reader's language
into one JSON-ready dict: shapes as SVG path strings, what stands where, the
tooltips already translated, which elements may be clicked now and which the
last move touched. The component (polis/app/board_assets) only draws it.

Every element is named by its kind and the id of the rules data: an area or
polis id, a market id, a cargo slot id as written in game records
(`persis/3`, polis.engine.notation) or a trade port's side id. Kinds matter:
the polis `sparta` and Sparta's trade port `sparta` share an id.

What depends on the layout and the language only (outlines, names, the legend,
fixed facts in the tooltips) is built once and cached; each rerun adds the
state.
"""

from __future__ import annotations

import gettext
import threading
from collections.abc import Collection, Iterable
from typing import Any

from polis.compiler.config import EngineConfig
from polis.compiler.layout import BoardGeometry
from polis.engine import SLOT_BLOCKED, SLOT_COVERED, SLOT_FREE, State, price, slot_id
from polis.i18n import N_
from polis.i18n.formats import alternatives, items
from polis.i18n.names import Names
from polis.play.clicks import Element
from polis.rules.geometry import Pt

KINDS = ("area", "polis", "slot", "market", "port")
SIDE_COLOURS = ("#2f6fbf", "#c0392b")  # Athens blue, Sparta red, as the pieces

LABELS = {
    "board": N_("Game board"),
    "zoom_in": N_("Zoom in"),
    "zoom_out": N_("Zoom out"),
    "reset": N_("Show the whole board"),
    "legend": N_("Legend"),
    "can_choose": N_("you can choose this"),
    "last_move": N_("last move"),
}
LEGEND = (
    ("territory", N_("Territory, tinted for the side that controls it")),
    ("sea", N_("Sea, with waves in the colour of the side that controls it")),
    ("polis", N_("Polis: the number is its population; a double ring marks a capital")),
    ("cubes", N_("Units: hoplites on land, galleys at sea, with their number")),
    ("siege", N_("Siege discs left by failed sieges")),
    ("proxenos", N_("Proxenos")),
    ("project", N_("Project: ★ built, ☆ under way")),
    ("slot", N_("Cargo slot and its size; ■ covered, ✕ closed, a pawn: a merchant holds it")),
    ("port", N_("Trade port, with the merchants waiting in it")),
    ("sea_route", N_("Sea route to a foreign market")),
    ("land_route", N_("Land route to a foreign market")),
    ("diolkos", N_("Diolkos: the owner of its polis may cross between its seas")),
    ("target", N_("Glowing outline: you can click it now")),
    ("last", N_("Dashed ring: what the last moves touched")),
)


def element_name(names: Names, kind: str, index: int) -> str:
    """A board element as the reader calls it."""
    cfg = names.cfg
    if kind == "area":
        return names.area(index)
    if kind == "polis":
        return names.polis_at(index)
    if kind == "slot":
        slot = cfg.slots[index]
        return names.gettext("{market}, cargo {n}").format(
            market=names.market(slot.market), n=slot.cargo
        )
    if kind == "market":
        return names.market(index)
    if kind == "port":
        return names.gettext("Trade port of {side}").format(side=names.side(index))
    raise ValueError(f"unknown board element kind {kind!r}")


def _path(points: Iterable[Pt], closed: bool) -> str:
    pairs = " ".join(f"{x},{y}" for x, y in points)
    return f"M{pairs}{'Z' if closed else ''}"


class _Text:
    """The reader's words for the board: names, fixed tooltip lines, the legend."""

    def __init__(self, names: Names, lang: str) -> None:
        self.names = names
        self.lang = lang
        self.tr: gettext.NullTranslations = names.tr

    def _(self, message: str) -> str:
        return self.tr.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.tr.ngettext(singular, plural, count)

    def items(self, parts: Iterable[str]) -> str:
        return items(list(parts), self.lang)

    def alternatives(self, parts: Iterable[str]) -> str:
        return alternatives(list(parts), self.lang)

    def seas(self, areas: Iterable[int]) -> str:
        return self.items(self.names.area(a) for a in areas)


def _static(geometry: BoardGeometry, cfg: EngineConfig, text: _Text) -> dict[str, Any]:
    names, _ = text.names, text._
    areas = []
    for a, shape in enumerate(geometry.areas):
        land = a < cfg.n_territories
        lines = []
        if land:
            members = [names.polis_at(p) for p in cfg.poleis_in_area[a]]
            if members:
                lines.append(_("Poleis: {poleis}").format(poleis=text.items(members)))
            # a row of n boxes gives the n-th yield when n hoplites stand on it
            rows = [
                text.ngettext(
                    "up to {amount} ({n} hoplite)", "up to {amount} ({n} hoplites)", n
                ).format(amount=names.amount(cfg.tribute_yields[n - 1], good), n=n)
                for good, n in cfg.tribute_rows[a]
            ]
            if rows:
                lines.append(_("Tribute: {rows}").format(rows=text.items(rows)))
            coasts = [s for s in range(len(cfg.areas)) if cfg.coasts[a] >> s & 1]
            lines.append(_("Coast: {seas}").format(seas=text.seas(coasts)))
        areas.append(
            {
                "id": cfg.areas[a],
                "kind": "territory" if land else "sea",
                "name": names.area(a),
                "d": " ".join(_path(o, closed=True) for o in shape.outlines),
                "name_at": shape.name_at,
                "units_at": shape.units_at,
                "facts": lines,
            }
        )
    poleis = []
    for p, pol in enumerate(cfg.poleis):
        lines = [
            _("Fortification {n}").format(n=pol.base),
            _("Population at most {n}").format(n=pol.max_population),
            _("Grows by up to {n} a round").format(n=pol.max_growth),
        ]
        if pol.capital_of >= 0:
            lines.insert(0, _("Capital of {side}").format(side=names.side(pol.capital_of)))
        if pol.commercial >= 0:
            lines.append(
                _("Commercial polis: {side} hires merchants here").format(
                    side=names.side(pol.commercial)
                )
            )
        lines.append(
            _("Port on {seas}").format(seas=text.seas(pol.ports)) if pol.ports else _("No port")
        )
        kinds = [
            names.data(f"project_types.{cfg.project_types[t]}.name", cfg.project_type_names[t])
            for t in pol.project_types
        ]
        if kinds:
            lines.append(_("Projects allowed: {kinds}").format(kinds=text.items(kinds)))
        poleis.append(
            {
                "id": pol.id,
                "name": names.polis_at(p),
                "at": geometry.poleis[p],
                "capital": pol.capital_of,
                "facts": lines,
            }
        )
    markets = []
    for m, market in enumerate(cfg.markets):
        place = geometry.markets[m]
        lines = [_("By sea through {sea}").format(sea=names.area(market.sea))]
        if market.land_route_polis >= 0:
            lines.append(
                _("By land from {polis}").format(polis=names.polis_at(market.land_route_polis))
            )
        slots = []
        for k in market.slots:
            slot = cfg.slots[k]
            slots.append(
                {
                    "id": slot_id(cfg, k),
                    "index": k,
                    "at": geometry.slots[k],
                    "cargo": slot.cargo,
                    "offers": cfg.goods[slot.offers],
                    "title": _("{market}, cargo {n}").format(market=names.market(m), n=slot.cargo),
                    "facts": [
                        _("Gives {amount}").format(amount=names.amount(slot.cargo, slot.offers)),
                        _("Takes {goods}").format(
                            goods=text.alternatives(names.good(g) for g in slot.accepts)
                        ),
                    ],
                }
            )
        markets.append(
            {
                "id": market.id,
                "name": names.market(m),
                "at": place.at,
                "sea_route": _path(place.sea_route, closed=False),
                "land_route": _path(place.land_route, closed=False) if place.land_route else "",
                "facts": lines,
                "slots": slots,
            }
        )
    ports = []
    for side, at in enumerate(geometry.ports):
        seas = [s for s in range(len(cfg.areas)) if cfg.trade_port_seas[side] >> s & 1]
        ports.append(
            {
                "id": cfg.sides[side],
                "side": side,
                "at": at,
                "name": _("Trade port of {side}").format(side=names.side(side)),
                "facts": [_("Routes start in {seas}").format(seas=text.seas(seas))],
            }
        )
    diolkos = None
    if geometry.diolkos and cfg.diolkos:
        sea_a, sea_b, polis = cfg.diolkos
        diolkos = {
            "d": _path(geometry.diolkos, closed=False),
            "polis": polis,
            "tip": {
                "title": _("Diolkos"),
                "lines": [
                    _("Whoever holds {polis} may cross between {a} and {b}").format(
                        polis=names.polis_at(polis), a=names.area(sea_a), b=names.area(sea_b)
                    )
                ],
            },
        }
    return {
        "width": geometry.width,
        "height": geometry.height,
        "backdrop": [_path(o, closed=True) for o in geometry.backdrop],
        "zones": [_path(o, closed=True) for _id, outlines in geometry.zones for o in outlines],
        "areas": areas,
        "poleis": poleis,
        "markets": markets,
        "ports": ports,
        "diolkos": diolkos,
        "sides": [
            {"id": sid, "name": names.side(s), "colour": SIDE_COLOURS[s]}
            for s, sid in enumerate(cfg.sides)
        ],
        "labels": {key: _(message) for key, message in LABELS.items()},
        "legend": [{"key": key, "text": _(message)} for key, message in LEGEND],
    }


# The state-free part of the board per (layout, rules, translation, language). It
# holds no one's game, so sessions may share it; app sessions run in threads.
_CACHE: dict[tuple[int, int, int, str], tuple[object, ...]] = {}
_CACHE_SIZE = 64
_CACHE_LOCK = threading.Lock()


def _cached_static(geometry: BoardGeometry, names: Names, lang: str) -> dict[str, Any]:
    """The state-free part of the board; ids in the key stay valid while the entry holds them."""
    key = (id(geometry), id(names.cfg), id(names.tr), lang)
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
    if hit is not None and hit[0] is geometry and hit[1] is names.cfg and hit[2] is names.tr:
        static: dict[str, Any] = hit[3]  # type: ignore[assignment]
        return static
    static = _static(geometry, names.cfg, _Text(names, lang))
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = (geometry, names.cfg, names.tr, static)
    return static


def _shown(base: dict[str, Any]) -> dict[str, Any]:
    """A cached record without what only builds the tooltip."""
    return {key: value for key, value in base.items() if key not in ("facts", "slots", "index")}


def _units_lines(text: _Text, state: State, area: int) -> list[str]:
    cfg = state.cfg
    land = area < cfg.n_territories
    out = []
    for side in (0, 1):
        n = state.n_units(side, area)
        if n:
            unit = (
                text.ngettext("{n} hoplite", "{n} hoplites", n)
                if land
                else text.ngettext("{n} galley", "{n} galleys", n)
            )
            out.append(
                text._("{side}: {units}").format(side=text.names.side(side), units=unit.format(n=n))
            )
    return out


def _controller(state: State, area: int) -> int:
    for side in (0, 1):
        if state.controls(side, area):
            return side
    return -1


def board_data(
    state: State,
    names: Names,
    geometry: BoardGeometry,
    lang: str,
    *,
    targets: Collection[Element] = (),
    last: Collection[Element] = (),
) -> dict[str, Any]:
    """Everything the board component draws for `state`, as JSON-ready data.

    `targets` are the elements a click may choose now, `last` those the last
    moves touched, both as (kind, id).
    """
    cfg = state.cfg
    static = _cached_static(geometry, names, lang)
    text = _Text(names, lang)
    _ = text._
    chosen, touched = set(targets), set(last)

    areas = []
    for a, base in enumerate(static["areas"]):
        ruler = _controller(state, a)
        lines = [
            _("Controlled by {side}").format(side=names.side(ruler))
            if ruler >= 0
            else _("Nobody controls it"),
            *_units_lines(text, state, a),
        ]
        tributed = state.tributed[a] if a < cfg.n_territories else -1
        if tributed >= 0:
            lines.append(_("Tribute taken this round by {side}").format(side=names.side(tributed)))
        areas.append(
            {
                **_shown(base),
                "control": ruler,
                "units": [state.n_units(0, a), state.n_units(1, a)],
                "tributed": tributed,
                "target": ("area", base["id"]) in chosen,
                "last": ("area", base["id"]) in touched,
                "tip": {"title": base["name"], "lines": lines + base["facts"]},
            }
        )

    built: dict[int, list[str]] = {}
    building: dict[int, list[str]] = {}
    for j, loc in enumerate(state.proj_loc):
        if loc >= 0:
            (built if state.proj_done[j] else building).setdefault(loc, []).append(names.project(j))
    poleis = []
    for p, base in enumerate(static["poleis"]):
        owner = state.owner[p]
        pop = state.pop[p] if owner >= 0 else cfg.poleis[p].base
        lines = [
            _("Owner: {side}").format(side=names.side(owner)) if owner >= 0 else _("Neutral"),
            _("Population {n}").format(n=pop),
        ]
        if p in built:
            lines.append(_("Built: {projects}").format(projects=text.items(built[p])))
        if p in building:
            lines.append(_("Under way: {projects}").format(projects=text.items(building[p])))
        siege = [state.siege_discs[p * 2 + side] for side in (0, 1)]
        for side in (0, 1):
            if siege[side]:
                lines.append(
                    _("Siege discs of {side}: {n}").format(side=names.side(side), n=siege[side])
                )
        proxenos = [side for side in (0, 1) if state.proxenos[side] == p]
        for side in proxenos:
            lines.append(_("The proxenos of {side} is here").format(side=names.side(side)))
        poleis.append(
            {
                **_shown(base),
                "owner": owner,
                "pop": pop,
                "siege": siege,
                "proxenos": proxenos,
                "built": len(built.get(p, ())),
                "building": len(building.get(p, ())),
                "target": ("polis", base["id"]) in chosen,
                "last": ("polis", base["id"]) in touched,
                "tip": {"title": base["name"], "lines": lines + base["facts"]},
            }
        )

    open_cargo = cfg.rounds[state.round].cargo_open
    markets = []
    for base in static["markets"]:
        slots = []
        for slot in base["slots"]:
            k = slot["index"]
            held = state.slots[k]
            status = (
                {SLOT_FREE: "free", SLOT_COVERED: "covered", SLOT_BLOCKED: "blocked"}[held]
                if held < 0
                else "merchant"
            )
            lines = [
                {
                    "free": _("Free"),
                    "covered": _("Covered: it opens in a later round"),
                    "blocked": _("Closed by an event"),
                    "merchant": _("Held by a merchant of {side}").format(
                        side=names.side(held) if held >= 0 else ""
                    ),
                }[status]
            ]
            if slot["cargo"] > open_cargo:
                lines.append(_("Not open this round"))
            elif status == "free":
                spec = cfg.slots[k]
                prices = [names.amount(price(state, k, g), g) for g in spec.accepts]
                if spec.offers == cfg.purchase_good:
                    prices.append(
                        names.amount(spec.cargo * cfg.purchase_price, cfg.purchase_currency)
                    )
                lines.append(_("Price today: {prices}").format(prices=text.alternatives(prices)))
            slots.append(
                {
                    "id": slot["id"],
                    "at": slot["at"],
                    "cargo": slot["cargo"],
                    "offers": slot["offers"],
                    "status": status,
                    "holder": held if held >= 0 else -1,
                    "open": slot["cargo"] <= open_cargo,
                    "target": ("slot", slot["id"]) in chosen,
                    "last": ("slot", slot["id"]) in touched,
                    "tip": {"title": slot["title"], "lines": lines + slot["facts"]},
                }
            )
        markets.append(
            {
                **_shown(base),
                "slots": slots,
                "target": ("market", base["id"]) in chosen,
                "last": ("market", base["id"]) in touched,
                "tip": {"title": base["name"], "lines": base["facts"]},
            }
        )

    ports = []
    for base in static["ports"]:
        side = base["side"]
        waiting = state.merchants_in_port(side)
        in_port = text.ngettext("{n} merchant in port", "{n} merchants in port", waiting)
        ports.append(
            {
                **_shown(base),
                "merchants": waiting,
                "target": ("port", base["id"]) in chosen,
                "last": ("port", base["id"]) in touched,
                "tip": {
                    "title": base["name"],
                    "lines": [
                        in_port.format(n=waiting),
                        *base["facts"],
                    ],
                },
            }
        )
    diolkos = static["diolkos"]
    if diolkos is not None:
        diolkos = {**diolkos, "owner": state.owner[diolkos["polis"]]}
    return {
        **static,
        "areas": areas,
        "poleis": poleis,
        "markets": markets,
        "ports": ports,
        "diolkos": diolkos,
        "interactive": bool(chosen),
    }
