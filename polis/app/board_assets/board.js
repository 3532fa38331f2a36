// The Polis board: draws the data of polis/app/board_view.py as SVG and sends
// clicks back to Python as {kind, id}. Plain ES module, no build step.
//
// Streamlit calls the default export on every rerun with new data and the same
// DOM; the zoom and pan of each board instance survive in `views`. Every text
// that comes from the data is set with textContent, never as markup: names
// from an uploaded overlay are untrusted.

const NS = "http://www.w3.org/2000/svg";
const views = new Map(); // component key -> {x, y, w, h}
// Below WIDE px the whole board would be too small to read: the board is drawn
// taller than wide and starts zoomed on the middle of the poleis, at FOCUS_SCALE
// px per layout unit; the zoom buttons, a pinch or ctrl+wheel show the rest.
// From WIDE px on the whole board shows, its names drawn larger the smaller it is,
// so that none is under about READABLE_PX on screen.
const WIDE = 540;
const PHONE = 480;
const FOCUS_SCALE = 0.9;
const READABLE_PX = 10;
let nameScale = 1; // names are drawn larger on a phone and on a small whole board
let pieceScale = 1; // and poleis with their numbers, a little larger too
const GOODS = { wheat: "#f0d27a", silver: "#d3d8de" };
const LAND = "#f1e4c2";
const LAND_TINTS = ["#d5e1f1", "#f3d2c9"]; // land controlled by Athens, by Sparta
const SEA = "#b5d2e2";
const WATER = "#d3e5ed"; // water that is no sea of the game

function node(name, attrs, parent) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

function label(parent, x, y, words, cls, attrs) {
  const el = node("text", { x, y, class: cls, ...(attrs || {}) }, parent);
  el.textContent = words;
  return el;
}

function rgba(hex, alpha) {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha})`;
}

function cube(parent, x, y, size, colour, count) {
  // an isometric cube: front face with the count, top and side faces lighter/darker
  const s = size;
  const d = s * 0.32;
  const g = node("g", { class: "pb-cube" }, parent);
  node("polygon", {
    points: `${x - s / 2},${y - s / 2} ${x - s / 2 + d},${y - s / 2 - d} ${x + s / 2 + d},${y - s / 2 - d} ${x + s / 2},${y - s / 2}`,
    fill: rgba(colour, 0.55),
    stroke: "#1e1e1e",
    "stroke-width": 0.8,
  }, g);
  node("polygon", {
    points: `${x + s / 2},${y - s / 2} ${x + s / 2 + d},${y - s / 2 - d} ${x + s / 2 + d},${y + s / 2 - d} ${x + s / 2},${y + s / 2}`,
    fill: colour,
    stroke: "#1e1e1e",
    "stroke-width": 0.8,
    "fill-opacity": 0.8,
  }, g);
  node("rect", {
    x: x - s / 2, y: y - s / 2, width: s, height: s, fill: colour, stroke: "#1e1e1e", "stroke-width": 0.8,
  }, g);
  if (count !== undefined) {
    label(g, x, y + s * 0.27, String(count), "pb-count", {
      "text-anchor": "middle", "font-size": s * 0.72, "font-weight": 700, fill: "#fff",
      stroke: rgba("#000000", 0.35), "stroke-width": 1.2,
    });
  }
  return g;
}

function pawn(parent, x, y, colour, scale) {
  const k = scale || 1;
  const g = node("g", { transform: `translate(${x} ${y}) scale(${k})` }, parent);
  node("path", { d: "M-5,4 L-2.2,-3.5 L2.2,-3.5 L5,4 Z", fill: colour, stroke: "#fff", "stroke-width": 1.1 }, g);
  node("circle", { cx: 0, cy: -6.2, r: 3.3, fill: colour, stroke: "#fff", "stroke-width": 1.1 }, g);
  return g;
}

function disc(parent, x, y, r, colour, count) {
  const g = node("g", {}, parent);
  node("circle", { cx: x, cy: y, r, fill: colour, stroke: "#fff", "stroke-width": 1.2 }, g);
  if (count > 1) {
    label(g, x, y + r * 0.42, String(count), "", {
      "text-anchor": "middle", "font-size": r * 1.2, "font-weight": 700, fill: "#fff",
    });
  }
  return g;
}

function anchorAt(box, x, y) {
  // Balance the group's bounding box around (x, y) with an invisible, unclickable
  // point, so whatever clicks "the middle of the element" (a test driver, a screen
  // reader's default action) lands there: on the area's name, a polis's disc.
  const ex = x - box.x < box.x + box.width - x ? 2 * x - (box.x + box.width) : 2 * x - box.x;
  const ey = y - box.y < box.y + box.height - y ? 2 * y - (box.y + box.height) : 2 * y - box.y;
  return { x: ex, y: ey, width: 0.01, height: 0.01, fill: "none", stroke: "none", "pointer-events": "none", class: "pb-anchor" };
}

// Reading a size makes the browser lay out the drawing again if anything was added since
// the last read, and a board drew a hundred elements with a read after each: 72 layouts
// a click. Text widths depend only on the words and their font, so they are kept (once the
// page's fonts have loaded); the anchors' boxes are all read after the drawing, in one go.
const textWidths = new Map();

function textWidth(el, fallback) {
  if (!el.getComputedTextLength) return fallback;
  const font = ["class", "font-size", "font-weight", "font-style", "letter-spacing"].map((a) => el.getAttribute(a));
  const key = `${font.join("|")}|${el.textContent}`;
  let width = textWidths.get(key);
  if (width === undefined) {
    width = el.getComputedTextLength();
    if (width > 0 && document.fonts && document.fonts.status === "loaded") textWidths.set(key, width);
  }
  return width;
}

function polisRadius(polis) {
  return (polis.capital >= 0 ? 15 : 12.5) * pieceScale;
}

function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

class Board {
  constructor(root, data, send, key) {
    this.root = root;
    this.data = data;
    this.send = send;
    this.key = key;
    this.svg = root.querySelector(".pb-map");
    this.stage = root.querySelector(".pb-stage");
    this.tip = root.querySelector(".pb-tip");
    this.abort = new AbortController();
    this.pointers = new Map();
    this.dragged = false;
    this.elements = new Map(); // "kind:id" -> {g, item}
    this.boxes = []; // taken label space, for placing polis names
  }

  // ------------------------------------------------------------ drawing

  draw() {
    const d = this.data;
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    this.boxes = [];
    this.anchors = []; // [group, x, y]: balanced once the whole board is drawn
    this.elements.clear();
    svg.setAttribute("aria-label", d.labels.board);
    svg.classList.toggle("pb-choosing", Boolean(d.interactive));
    this.defs();
    node("rect", { x: -2000, y: -2000, width: d.width + 4000, height: d.height + 4000, fill: WATER }, svg);
    const layers = {};
    for (const name of ["seas", "backdrop", "zones", "land", "routes", "names", "units", "markets", "ports", "poleis", "marks"]) {
      layers[name] = node("g", { class: `pb-layer-${name}` }, svg);
    }
    this.layers = layers;
    for (const area of d.areas) if (area.kind === "sea") this.area(area, layers.seas);
    for (const outline of d.backdrop) {
      node("path", { d: outline, fill: "#e2d9c2", stroke: "#b9ab87", "stroke-width": 1 }, layers.backdrop);
    }
    for (const outline of d.zones) {
      node("path", { d: outline, fill: "url(#pb-hatch)", stroke: "#9c8b66", "stroke-width": 1, "stroke-dasharray": "3 3" }, layers.zones);
    }
    for (const area of d.areas) if (area.kind === "territory") this.area(area, layers.land);
    for (const { g, item } of this.elements.values()) {
      if (item.name_at) this.anchors.push([g, item.name_at[0], item.name_at[1] - 4]);
    }
    for (const market of d.markets) this.routes(market, layers.routes);
    if (d.diolkos) this.diolkos(d.diolkos, layers.routes);
    // names and units first: polis names are placed around them
    for (const area of d.areas) this.areaName(area, layers.names);
    for (const area of d.areas) this.units(area, layers.units);
    for (const polis of d.poleis) {
      const r = polisRadius(polis);
      this.boxes.push({ x: polis.at[0] - r, y: polis.at[1] - r, w: 2 * r, h: 2 * r });
    }
    for (const market of d.markets) this.market(market, layers.markets);
    for (const port of d.ports) this.port(port, layers.ports);
    for (const polis of d.poleis) this.polis(polis, layers.poleis);
    this.legend();
    const boxes = this.anchors.map(([g]) => g.getBBox()); // all read, then all written
    this.anchors.forEach(([g, x, y], i) => node("rect", anchorAt(boxes[i], x, y), g));
  }

  defs() {
    const defs = node("defs", {}, this.svg);
    const glow = node("filter", { id: "pb-glow", x: "-40%", y: "-40%", width: "180%", height: "180%" }, defs);
    node("feGaussianBlur", { stdDeviation: 2.4, result: "blur" }, glow);
    const merge = node("feMerge", {}, glow);
    node("feMergeNode", { in: "blur" }, merge);
    node("feMergeNode", { in: "SourceGraphic" }, merge);
    const hatch = node("pattern", { id: "pb-hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    node("rect", { width: 6, height: 6, fill: "#e6dcc1" }, hatch);
    node("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#cdbf9b", "stroke-width": 2 }, hatch);
    this.data.sides.forEach((side, i) => {
      const waves = node("pattern", { id: `pb-waves-${i}`, width: 44, height: 22, patternUnits: "userSpaceOnUse" }, defs);
      node("path", {
        d: "M2,14 q3.5,-4 7,0 t7,0 M24,4 q3.5,-4 7,0 t7,0", fill: "none", stroke: side.colour,
        "stroke-width": 1.7, "stroke-opacity": 0.6, "stroke-linecap": "round",
      }, waves);
    });
  }

  clickable(parent, kind, item, extraClass) {
    const g = node("g", {
      class: `pb-el pb-${kind}${extraClass ? " " + extraClass : ""}${item.target ? " pb-target" : ""}`,
      "data-kind": kind,
      "data-id": item.id,
      role: "button",
      tabindex: item.target ? 0 : -1,
    }, parent);
    const tip = item.tip || { title: item.name, lines: [] };
    let aria = [tip.title, ...tip.lines].join(". ");
    if (item.target) aria += ` (${this.data.labels.can_choose})`;
    if (item.last) aria += ` (${this.data.labels.last_move})`;
    g.setAttribute("aria-label", aria);
    this.elements.set(`${kind}:${item.id}`, { g, item });
    return g;
  }

  area(area, layer) {
    const g = this.clickable(layer, "area", area, area.kind === "sea" ? "pb-sea" : "pb-land");
    const sea = area.kind === "sea";
    // control: land takes a light tint of the side's colour, a sea its wave pattern
    const fill = sea ? SEA : area.control >= 0 ? LAND_TINTS[area.control] : LAND;
    node("path", { d: area.d, class: sea ? "pb-sea-area" : "pb-area", fill }, g);
    if (sea && area.control >= 0) {
      node("path", { d: area.d, fill: `url(#pb-waves-${area.control})`, "pointer-events": "none" }, g);
    }
    if (area.last) {
      node("path", { d: area.d, class: "pb-last-ring", fill: "none" }, this.layers.marks);
    }
  }

  areaName(area, layer) {
    const [x, y] = area.name_at;
    const sea = area.kind === "sea";
    const words = sea ? area.name : area.name.toUpperCase();
    const el = label(layer, x, y, words, sea ? "pb-sea-name" : "pb-land-name", {
      "text-anchor": "middle",
      "font-size": (sea ? 14 : 12.5) * nameScale,
      "font-style": sea ? "italic" : "normal",
      "font-weight": sea ? 500 : 700,
      "letter-spacing": sea ? 0.5 : 1.4,
      fill: sea ? "#2b5f7c" : "#5a4526",
      stroke: sea ? "#d3e6ef" : "#f6eed8",
      "stroke-width": 3,
    });
    const w = textWidth(el, words.length * 8);
    const box = { x: x - w / 2, y: y - 12 * nameScale, w, h: 15 * nameScale };
    this.boxes.push(box);
    if (area.tributed >= 0) {
      disc(layer, box.x - 9, y - 4, 5.5, this.data.sides[area.tributed].colour);
    }
  }

  units(area, layer) {
    const present = [0, 1].filter((side) => area.units[side] > 0);
    if (!present.length) return;
    const [x, y] = area.units_at;
    const g = node("g", { class: "pb-units", "pointer-events": "none" }, layer);
    const gap = 24;
    present.forEach((side, i) => {
      const cx = x + (i - (present.length - 1) / 2) * gap;
      cube(g, cx, y, 17, this.data.sides[side].colour, area.units[side]);
    });
    const w = present.length * gap + 6;
    this.boxes.push({ x: x - w / 2, y: y - 15, w, h: 26 });
  }

  routes(market, layer) {
    node("path", {
      d: market.sea_route, fill: "none", stroke: "#2f77a3", "stroke-width": 2.2,
      "stroke-dasharray": "1 6", "stroke-linecap": "round", "pointer-events": "none",
    }, layer);
    if (market.land_route) {
      node("path", {
        d: market.land_route, fill: "none", stroke: "#7a5a2e", "stroke-width": 2.4,
        "stroke-dasharray": "9 5", "pointer-events": "none",
      }, layer);
    }
  }

  diolkos(diolkos, layer) {
    const g = node("g", { class: "pb-diolkos" }, layer);
    node("path", { d: diolkos.d, fill: "none", stroke: "#6d5330", "stroke-width": 6, "stroke-linecap": "round" }, g);
    node("path", { d: diolkos.d, fill: "none", stroke: "#ecdcb2", "stroke-width": 2.2, "stroke-dasharray": "4 4" }, g);
    this.hover(g, diolkos.tip);
  }

  polis(polis, layer) {
    const d = this.data;
    const [x, y] = polis.at;
    const capital = polis.capital >= 0;
    const r = polisRadius(polis);
    const g = this.clickable(layer, "polis", polis, "pb-dimmable");
    const owned = polis.owner >= 0;
    const fill = owned ? d.sides[polis.owner].colour : "#fbf5e4";
    node("circle", { cx: x, cy: y, r: r + 6, class: "pb-ring", fill: "none", stroke: "none" }, g);
    node("circle", { cx: x, cy: y, r, fill, stroke: owned ? "#1e1e1e" : "#6b5a3a", "stroke-width": 1.5 }, g);
    if (capital) {
      node("circle", { cx: x, cy: y, r: r - 3.5, fill: "none", stroke: owned ? "#fff" : "#6b5a3a", "stroke-width": 1.2 }, g);
    }
    label(g, x, y + 4.6 * pieceScale, String(polis.pop), "pb-pop", {
      "text-anchor": "middle", "font-size": 13 * pieceScale, "font-weight": 700, fill: owned ? "#fff" : "#3b3020",
    });
    polis.siege.forEach((n, side) => {
      if (n > 0) disc(g, x + (side ? -1 : 1) * r * 0.85, y - r * 0.85, 5.5, d.sides[side].colour, n);
    });
    for (const side of polis.proxenos) pawn(g, x - r - 4, y + r - 4, d.sides[side].colour, 1.05);
    const stars = "★".repeat(polis.built) + "☆".repeat(polis.building);
    if (stars) {
      label(g, x + r + 1, y - r + 3, stars, "pb-stars", {
        "font-size": 12, fill: "#b8860b", stroke: "#fff8e6", "stroke-width": 2.5,
      });
    }
    if (polis.last) node("circle", { cx: x, cy: y, r: r + 9, class: "pb-last-ring" }, this.layers.marks);
    this.polisName(polis, g, x, y, r);
    this.anchors.push([g, x, y]);
  }

  polisName(polis, g, x, y, r) {
    // try below, right, left, above; keep the first place no other label or piece uses
    const el = label(g, x, y, polis.name, "pb-polis-name", {
      "font-size": 11.5 * nameScale, "font-weight": 600, fill: "#2d2416", stroke: "#fffaf0", "stroke-width": 3,
      "pointer-events": "auto", // the name chooses its polis too
    });
    const w = textWidth(el, polis.name.length * 6.5);
    const h = 12 * nameScale;
    const places = [
      [x - w / 2, y + r + 3, "middle", x, y + r + 13],
      [x + r + 4, y - h / 2, "start", x + r + 4, y + 4],
      [x - r - 4 - w, y - h / 2, "end", x - r - 4, y + 4],
      [x - w / 2, y - r - 15, "middle", x, y - r - 5],
    ];
    let pick = places[0];
    for (const place of places) {
      const box = { x: place[0], y: place[1], w, h };
      if (!this.boxes.some((other) => overlaps(box, other))) {
        pick = place;
        break;
      }
    }
    el.setAttribute("x", pick[3]);
    el.setAttribute("y", pick[4]);
    el.setAttribute("text-anchor", pick[2]);
    this.boxes.push({ x: pick[0], y: pick[1], w, h });
  }

  market(market, layer) {
    const xs = market.slots.map((s) => s.at[0]);
    const ys = market.slots.map((s) => s.at[1]);
    const top = market.at[1] - 27;
    const bottom = Math.max(...ys) + 18;
    const backdrop = node("g", {}, layer);
    // the name plate is the market itself: a click there means "any slot of this market"
    const g = this.clickable(layer, "market", market, "");
    const plate = node("rect", { y: top + 2, height: 17, rx: 6, class: "pb-ring", fill: "#f3e6c3", stroke: "none" }, g);
    const name = label(g, market.at[0], top + 14, market.name, "pb-market-name", {
      "text-anchor": "middle", "font-size": 12 * pieceScale, "font-weight": 700, fill: "#5a4526",
    });
    const half = textWidth(name, market.name.length * 7) / 2 + 8;
    const left = Math.min(Math.min(...xs) - 20, market.at[0] - half);
    const right = Math.max(Math.max(...xs) + 20, market.at[0] + half);
    plate.setAttribute("x", left + 3);
    plate.setAttribute("width", right - left - 6);
    node("rect", {
      x: left, y: top, width: right - left, height: bottom - top, rx: 8,
      fill: "#fbf4df", stroke: "#8a7450", "stroke-width": 1.4,
    }, backdrop);
    this.boxes.push({ x: left, y: top, w: right - left, h: bottom - top });
    if (market.last) {
      node("rect", { x: left - 5, y: top - 5, width: right - left + 10, height: bottom - top + 10, rx: 10, class: "pb-last-ring" }, this.layers.marks);
    }
    for (const slot of market.slots) this.slot(slot, layer);
  }

  slot(slot, layer) {
    const d = this.data;
    const [x, y] = slot.at;
    const s = 24;
    const g = this.clickable(layer, "slot", slot, `pb-dimmable${slot.open ? "" : " pb-unopened"}`);
    if (!slot.open) g.setAttribute("opacity", 0.5);
    node("rect", { x: x - s / 2 - 3, y: y - s / 2 - 3, width: s + 6, height: s + 6, rx: 5, class: "pb-ring", fill: "none", stroke: "none" }, g);
    node("rect", {
      x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 3,
      fill: GOODS[slot.offers] || "#e9e2d0", stroke: "#6b5a3a", "stroke-width": 1.2,
    }, g);
    const covered = slot.status === "covered";
    label(g, covered ? x - 4 : x, y + (covered ? 2 : 5), String(slot.cargo), "pb-cargo", {
      "text-anchor": "middle", "font-size": covered ? 12 : 14, "font-weight": 700, fill: "#3b3020",
    });
    if (covered) cube(g, x + 5, y + 6, 9, "#202020");
    if (slot.status === "blocked") {
      node("path", { d: `M${x - 9},${y - 9} L${x + 9},${y + 9} M${x + 9},${y - 9} L${x - 9},${y + 9}`, stroke: "#b03a2e", "stroke-width": 3, "stroke-linecap": "round" }, g);
    }
    if (slot.status === "merchant" && slot.holder >= 0) pawn(g, x + 6, y + 6, d.sides[slot.holder].colour, 1.1);
    if (slot.last) node("rect", { x: x - s / 2 - 6, y: y - s / 2 - 6, width: s + 12, height: s + 12, rx: 6, class: "pb-last-ring" }, this.layers.marks);
  }

  port(port, layer) {
    const d = this.data;
    const [x, y] = port.at;
    const colour = d.sides[port.side].colour;
    const g = this.clickable(layer, "port", port, "pb-dimmable");
    node("circle", { cx: x, cy: y, r: 19, class: "pb-ring", fill: "none", stroke: "none" }, g);
    node("circle", { cx: x, cy: y, r: 13, fill: "#fffdf6", stroke: colour, "stroke-width": 3 }, g);
    label(g, x, y + 5.5, "⚓", "pb-anchor", { "text-anchor": "middle", "font-size": 15, fill: colour });
    node("circle", { cx: x + 12, cy: y - 11, r: 7.5, fill: colour, stroke: "#fff", "stroke-width": 1.2 }, g);
    label(g, x + 12, y - 7.2, String(port.merchants), "pb-merchants", {
      "text-anchor": "middle", "font-size": 10.5, "font-weight": 700, fill: "#fff",
    });
    this.anchors.push([g, x, y]);
    this.boxes.push({ x: x - 14, y: y - 19, w: 34, h: 33 });
    if (port.last) node("circle", { cx: x, cy: y, r: 21, class: "pb-last-ring" }, this.layers.marks);
  }

  legend() {
    const d = this.data;
    const details = this.root.querySelector(".pb-legend");
    details.querySelector("summary").textContent = d.labels.legend;
    const list = details.querySelector("ul");
    while (list.firstChild) list.removeChild(list.firstChild);
    const [athens, sparta] = d.sides.map((s) => s.colour);
    const icons = {
      territory: (g) => {
        node("rect", { x: 1, y: 3, width: 13, height: 16, rx: 2, fill: LAND_TINTS[0], stroke: "#8a7450" }, g);
        node("rect", { x: 16, y: 3, width: 13, height: 16, rx: 2, fill: LAND_TINTS[1], stroke: "#8a7450" }, g);
      },
      sea: (g) => {
        node("rect", { x: 2, y: 3, width: 26, height: 16, rx: 3, fill: SEA, stroke: "#fff", "stroke-dasharray": "4 3" }, g);
        node("path", { d: "M5,12 q3,-4 6,0 t6,0 t6,0", fill: "none", stroke: athens, "stroke-width": 1.5 }, g);
      },
      polis: (g) => {
        node("circle", { cx: 15, cy: 11, r: 9, fill: athens, stroke: "#1e1e1e" }, g);
        label(g, 15, 15, "3", "", { "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" });
      },
      cubes: (g) => { cube(g, 9, 13, 11, athens, 2); cube(g, 23, 13, 11, sparta, 1); },
      siege: (g) => { disc(g, 10, 11, 6, athens); disc(g, 21, 11, 6, sparta); },
      proxenos: (g) => { pawn(g, 10, 14, athens); pawn(g, 21, 14, sparta); },
      project: (g) => label(g, 15, 16, "★☆", "", { "text-anchor": "middle", "font-size": 13, fill: "#b8860b" }),
      slot: (g) => {
        node("rect", { x: 7, y: 2, width: 17, height: 17, rx: 3, fill: GOODS.wheat, stroke: "#6b5a3a" }, g);
        label(g, 15.5, 15, "4", "", { "text-anchor": "middle", "font-size": 11, "font-weight": 700 });
      },
      port: (g) => {
        node("circle", { cx: 15, cy: 11, r: 9, fill: "#fffdf6", stroke: athens, "stroke-width": 2 }, g);
        label(g, 15, 15, "⚓", "", { "text-anchor": "middle", "font-size": 11, fill: athens });
      },
      sea_route: (g) => node("path", { d: "M2,11 L28,11", stroke: "#2f77a3", "stroke-width": 2.2, "stroke-dasharray": "1 5", "stroke-linecap": "round" }, g),
      land_route: (g) => node("path", { d: "M2,11 L28,11", stroke: "#7a5a2e", "stroke-width": 2.4, "stroke-dasharray": "7 4" }, g),
      diolkos: (g) => {
        node("path", { d: "M2,11 L28,11", stroke: "#6d5330", "stroke-width": 5, "stroke-linecap": "round" }, g);
        node("path", { d: "M2,11 L28,11", stroke: "#ecdcb2", "stroke-width": 2, "stroke-dasharray": "3 3" }, g);
      },
      target: (g) => node("circle", { cx: 15, cy: 11, r: 8, fill: "none", stroke: "#f2a900", "stroke-width": 3.5 }, g),
      last: (g) => node("circle", { cx: 15, cy: 11, r: 8, fill: "none", stroke: "#1b1b1b", "stroke-width": 2, "stroke-dasharray": "4 3" }, g),
    };
    for (const entry of d.legend) {
      const li = document.createElement("li");
      const icon = node("svg", { viewBox: "0 0 30 22", "aria-hidden": "true" });
      (icons[entry.key] || (() => {}))(icon);
      li.appendChild(icon);
      const span = document.createElement("span");
      span.textContent = entry.text;
      li.appendChild(span);
      list.appendChild(li);
    }
  }

  // ------------------------------------------------------------ tooltips

  hover(g, tip) {
    const signal = this.abort.signal;
    g.addEventListener("pointerenter", (e) => this.showTip(tip, e.clientX, e.clientY), { signal });
    g.addEventListener("pointermove", (e) => this.showTip(tip, e.clientX, e.clientY), { signal });
    g.addEventListener("pointerleave", () => this.hideTip(), { signal });
  }

  showTip(tip, clientX, clientY) {
    const box = this.tip;
    while (box.firstChild) box.removeChild(box.firstChild);
    const title = document.createElement("strong");
    title.textContent = tip.title;
    box.appendChild(title);
    for (const line of tip.lines) {
      const div = document.createElement("div");
      div.textContent = line;
      box.appendChild(div);
    }
    box.hidden = false;
    const stage = this.stage.getBoundingClientRect();
    const w = box.offsetWidth;
    const h = box.offsetHeight;
    let left = clientX - stage.left + 14;
    let top = clientY - stage.top + 14;
    if (left + w > stage.width - 4) left = Math.max(4, clientX - stage.left - w - 14);
    if (top + h > stage.height - 4) top = Math.max(4, clientY - stage.top - h - 14);
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }

  hideTip() {
    this.tip.hidden = true;
  }

  // ------------------------------------------------------------ input

  attach() {
    const signal = this.abort.signal;
    for (const { g, item } of this.elements.values()) {
      const kind = g.getAttribute("data-kind");
      this.hover(g, item.tip || { title: item.name, lines: [] });
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        if (this.dragged) return;
        // while nothing is to be chosen a click (a tap on a phone) only shows what is there
        if (this.data.interactive) this.choose(kind, item.id, g);
        else this.showTip(item.tip || { title: item.name, lines: [] }, e.clientX, e.clientY);
      }, { signal });
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          this.choose(kind, item.id, g);
        }
      }, { signal });
      g.addEventListener("focus", () => {
        const r = g.getBoundingClientRect();
        this.showTip(item.tip || { title: item.name, lines: [] }, r.right, r.top);
      }, { signal });
      g.addEventListener("blur", () => this.hideTip(), { signal });
    }
    for (const button of this.root.querySelectorAll(".pb-zoom")) {
      const what = button.getAttribute("data-zoom");
      const words = { in: this.data.labels.zoom_in, out: this.data.labels.zoom_out, reset: this.data.labels.reset }[what];
      button.setAttribute("aria-label", words);
      button.title = words;
      button.addEventListener("click", () => {
        if (what === "reset") this.setView(this.fullView());
        else this.zoom(what === "in" ? 1.5 : 1 / 1.5);
      }, { signal });
    }
    const svg = this.svg;
    svg.addEventListener("wheel", (e) => {
      if (!(e.ctrlKey || e.metaKey)) return; // plain wheel scrolls the page
      e.preventDefault();
      const [x, y] = this.toBoard(e.clientX, e.clientY);
      this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, x, y);
    }, { signal, passive: false });
    svg.addEventListener("pointerdown", (e) => this.down(e), { signal });
    svg.addEventListener("pointermove", (e) => this.move(e), { signal });
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
      svg.addEventListener(type, (e) => this.up(e), { signal });
    }
  }

  choose(kind, id, g) {
    g.classList.add("pb-pressed");
    this.hideTip();
    this.send("click", { kind, id });
  }

  toBoard(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const v = this.view;
    return [v.x + ((clientX - r.left) / r.width) * v.w, v.y + ((clientY - r.top) / r.height) * v.h];
  }

  down(e) {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.start = { view: { ...this.view }, pointers: new Map(this.pointers) };
    this.dragged = false;
  }

  move(e) {
    if (!this.pointers.has(e.pointerId) || !this.start) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const r = this.svg.getBoundingClientRect();
    const v0 = this.start.view;
    const scale = v0.w / r.width;
    const now = [...this.pointers.values()];
    const then = [...this.start.pointers.values()];
    if (now.length >= 2 && then.length >= 2) {
      const dist = (p) => Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1;
      const factor = dist(now) / dist(then);
      const mid = { x: (then[0].x + then[1].x) / 2, y: (then[0].y + then[1].y) / 2 };
      const bx = v0.x + (mid.x - r.left) * scale;
      const by = v0.y + (mid.y - r.top) * scale;
      this.view = v0;
      this.zoom(factor, bx, by);
      this.dragged = true;
      return;
    }
    const first = then[0];
    const dx = e.clientX - first.x;
    const dy = e.clientY - first.y;
    if (!this.dragged && Math.hypot(dx, dy) < 6) return;
    if (v0.w >= this.fullView().w - 0.5) return; // nothing to pan at full view
    this.dragged = true;
    this.svg.classList.add("pb-dragging");
    this.setView({ ...v0, x: v0.x - dx * scale, y: v0.y - dy * scale });
  }

  up(e) {
    this.pointers.delete(e.pointerId);
    this.svg.classList.remove("pb-dragging");
    if (this.pointers.size === 0) {
      this.start = null;
      // a drag ends with a click event on the element under the pointer: let it pass first
      setTimeout(() => { this.dragged = false; }, 0);
    } else {
      this.start = { view: { ...this.view }, pointers: new Map(this.pointers) };
    }
  }

  // ------------------------------------------------------------ zoom and pan

  aspect() {
    const width = this.stage.clientWidth || WIDE;
    if (width >= WIDE) return this.data.width / this.data.height;
    return width < PHONE ? 0.8 : 1;
  }

  fullView() {
    const d = this.data;
    const a = this.aspect();
    const w = Math.max(d.width, d.height * a);
    const h = w / a;
    return { x: (d.width - w) / 2, y: (d.height - h) / 2, w, h };
  }

  firstView() {
    const full = this.fullView();
    const width = this.stage.clientWidth || WIDE;
    if (width >= WIDE) return full;
    // a narrow board starts on the middle of the poleis, close enough to read and tap
    const xs = this.data.poleis.map((p) => p.at[0]).sort((a, b) => a - b);
    const ys = this.data.poleis.map((p) => p.at[1]).sort((a, b) => a - b);
    const cx = xs[Math.floor(xs.length / 2)] || this.data.width / 2;
    const cy = ys[Math.floor(ys.length / 2)] || this.data.height / 2;
    const w = Math.min(Math.max(width / FOCUS_SCALE, 360), full.w);
    const h = w / this.aspect();
    return this.clamp({ x: cx - w / 2, y: cy - h / 2, w, h });
  }

  clamp(v) {
    const d = this.data;
    const full = this.fullView();
    const w = Math.min(Math.max(v.w, full.w / 8), full.w);
    const h = w / this.aspect();
    const cx = v.x + v.w / 2;
    const cy = v.y + v.h / 2;
    const fix = (c, size, total) => (size >= total ? total / 2 : Math.min(Math.max(c, size / 2), total - size / 2));
    const x = fix(cx, w, d.width) - w / 2;
    const y = fix(cy, h, d.height) - h / 2;
    return { x, y, w, h };
  }

  zoom(factor, cx, cy) {
    const v = this.view;
    const x = cx === undefined ? v.x + v.w / 2 : cx;
    const y = cy === undefined ? v.y + v.h / 2 : cy;
    const w = v.w / factor;
    const h = v.h / factor;
    this.setView({ x: x - (x - v.x) * (w / v.w), y: y - (y - v.y) * (h / v.h), w, h });
  }

  setView(v) {
    this.view = this.clamp(v);
    views.set(this.key, { ...this.view, aspect: this.aspect() });
    const { x, y, w, h } = this.view;
    this.svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    this.svg.style.aspectRatio = `${this.aspect()}`;
    this.svg.classList.toggle("pb-zoomed", w < this.fullView().w - 0.5);
  }

  restoreView() {
    const kept = views.get(this.key);
    if (kept && Math.abs(kept.aspect - this.aspect()) < 1e-6) {
      // a view widened only to show the last choices goes back once they are made
      this.setView(kept.widenedFrom || kept);
    } else {
      this.setView(this.firstView());
    }
    this.showTargets();
  }

  showTargets() {
    // every choice on offer must be in sight: widen the view to take them in
    const boxes = [...this.elements.values()]
      .filter(({ item }) => item.target)
      .map(({ g }) => (g.querySelector(".pb-area, .pb-sea-area") || g).getBBox());
    if (!boxes.length) return;
    const v = this.view;
    const margin = 12;
    const x0 = Math.min(v.x, ...boxes.map((b) => b.x - margin));
    const y0 = Math.min(v.y, ...boxes.map((b) => b.y - margin));
    const x1 = Math.max(v.x + v.w, ...boxes.map((b) => b.x + b.width + margin));
    const y1 = Math.max(v.y + v.h, ...boxes.map((b) => b.y + b.height + margin));
    if (x0 >= v.x && y0 >= v.y && x1 <= v.x + v.w && y1 <= v.y + v.h) return;
    const a = this.aspect();
    const w = Math.max(x1 - x0, (y1 - y0) * a);
    const before = { ...v };
    this.setView({ x: (x0 + x1 - w) / 2, y: (y0 + y1 - w / a) / 2, w, h: w / a });
    views.set(this.key, { ...views.get(this.key), widenedFrom: before });
  }

  detach() {
    this.abort.abort();
    this.hideTip();
  }
}

function setScales(width, data) {
  if (width < PHONE) nameScale = 1.2;
  else if (width < WIDE) nameScale = 1;
  else nameScale = Math.min(1.45, Math.max(1, READABLE_PX / (11.5 * (width / data.width))));
  pieceScale = 1 + (nameScale - 1) * 0.6;
  // what the drawing depends on: redraw only when this changes
  return `${width < PHONE}:${width < WIDE}:${Math.round(nameScale * 20)}`;
}

// Streamlit calls the function below again with each run's data, in the same element,
// and never calls what it returned: each call undoes the last one itself, or every move
// would leave another board listening to the pointer and another observer redrawing
const undoLast = new WeakMap(); // parentElement -> what undoes the last call there

export default function (component) {
  const { data, parentElement, setTriggerValue, key } = component;
  const previous = undoLast.get(parentElement);
  if (previous) previous();
  const root = parentElement.querySelector(".pb");
  if (!root || !data) return undefined;
  const stage = root.querySelector(".pb-stage");
  let board = null;
  let drawnFor = "";
  // drawn for the width the board has; drawn again when the page's layout changes it (a
  // sidebar opened or closed, a phone turned, the first layout still settling)
  const mount = () => {
    const mode = setScales(stage.clientWidth || WIDE, data);
    if (board && mode === drawnFor) return;
    if (board) board.detach();
    board = new Board(root, data, setTriggerValue, key || "board");
    board.view = board.fullView();
    board.draw();
    board.restoreView();
    board.attach();
    drawnFor = mode;
  };
  mount();
  const observer = new ResizeObserver(() => mount());
  observer.observe(stage);
  const undo = () => {
    observer.disconnect();
    if (board) board.detach();
    undoLast.delete(parentElement);
  };
  undoLast.set(parentElement, undo);
  return undo;
}
