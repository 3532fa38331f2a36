"""Hostile inputs for the fuzz suite: mutated rules files, overlays and game records.

Every generator takes a `random.Random`, so the same cases come back from a seed
(the audit in tests/fuzz/audit.py) and hypothesis can drive them too (it hands
the tests a seeded Random and shrinks by its seed). A case is plain data:

    ("rules", edition, file name, bytes)   one file of an edition folder replaced
    ("overlay", bytes)                     an uploaded overlay
    ("record", bytes)                      a game record, as a file or a ?record= link holds it

The mutations reach every layer: bytes and YAML syntax (the reader, the
parser), shapes and types (the schema), values a real variant never uses (the
semantic checks) and values the checks accept but the engine may not be able
to play (the play check in tests/fuzz/probe.py).
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
RULES_DATA = ROOT / "rules_data"
EDITIONS = ("1e", "2e")
EDITION_FILES = sorted((RULES_DATA / "editions").glob("*/*.yaml"))
VARIANT_FILES = sorted((RULES_DATA / "variants").glob("*.yaml"))

Case = tuple[Any, ...]

ODD_VALUES: list[Any] = [
    None,
    -1,
    0,
    1,
    2,
    10**7,
    10**18,
    "x",
    "",
    [],
    {},
    True,
    1.5,
    "attika",
    "✓",
    [1, 2],
]

# text that breaks a YAML reader, parser or scalar constructor, or asks for far too much
HOSTILE_YAML = [
    "[" * 30_000 + "]" * 30_000,
    "{a: " * 3_000 + "1" + "}" * 3_000,
    "[" * 90 + "]" * 90,
    "!!int 'x'",
    "!!int '12'",
    "!!float 'x'",
    "!!bool 'maybe'",
    "!!timestamp 'x'",
    "!!binary '*'",
    "!!python/object/apply:os.system ['true']",
    "!!set {a: null}",
    "!!omap [a: 1]",
    "1" * 5_000,
    "-" + "9" * 4_400,
    "0x" + "f" * 5_000,
    "0b" + "1" * 20_000,
    "0o" + "7" * 6_000,
    ":".join(["59"] * 2_000),
    "1" + "_0" * 4_000,
    "1e999",
    ".nan",
    "-.inf",
    "&a [*a, *a]",
    "*nowhere",
    "'\x00'",
    '"\\x00"',
    "\x00",
    "\x01",
    "\x7f",
    "\ufffe",
    "\ud800",
    "'" + "é" * 200 + "'",
    "|\n  block",
    "? [a, b]\n: c",
    "{<<: {a: 1}}",
    "x\n---\ny: 1",
    "\t1",
    "%YAML 1.1\n---\n1",
    "!replace {a: 1}",
    "~",
]


def data_paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += data_paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += data_paths(value, (*path, i))
    return out


def _int_paths(node: Any) -> list[tuple[Any, ...]]:
    def is_int(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    return [p for p in data_paths(node) if p and is_int(_get(node, p))]


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _set(node: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(node, path[:-1])[path[-1]] = value


class _Dumper(yaml.SafeDumper):
    """Dumps the loader's `Replace` mappings as plain ones, and shared values twice."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


_Dumper.add_multi_representer(dict, _Dumper.represent_dict)


def dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100)


@cache
def _plain_yaml(path: Path) -> Any:
    """A file's data, loaded leniently (the tests' own reading, not the code under test)."""

    class Lenient(yaml.SafeLoader):
        pass

    Lenient.add_constructor("!replace", lambda loader, node: loader.construct_mapping(node))
    return yaml.load(path.read_text("utf-8"), Loader=Lenient)


@cache
def edition_data(edition: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for file in sorted((RULES_DATA / "editions" / edition).glob("*.yaml")):
        merged.update(_plain_yaml(file))
    return merged


# ---------------------------------------------------------------- text and bytes


def as_bytes(text: str) -> bytes:
    """UTF-8, keeping lone surrogates as the invalid bytes a hostile file would hold."""
    return text.encode("utf-8", "surrogatepass")


def mutate_text(rnd: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True)
    kind = rnd.choice(["delete", "insert", "duplicate", "swap", "retype", "drop_line", "hostile"])
    i = rnd.randrange(max(1, len(lines)))
    if kind == "delete":
        a = rnd.randrange(len(text) + 1)
        return text[:a] + text[a + rnd.randrange(41) :]
    if kind == "insert":
        a = rnd.randrange(len(text) + 1)
        junk = "".join(rnd.choice(" :-[]{}&*!|>#'\"\n\tabc0123é\x00") for _ in range(12))
        return text[:a] + junk + text[a:]
    if kind == "hostile" and lines:
        head, sep, _ = lines[i].partition(": ")
        if not sep:
            head, sep = "  zzz", ": "
        lines[i] = f"{head}{sep}{rnd.choice(HOSTILE_YAML)}\n"
    elif kind == "duplicate" and lines:
        lines.insert(i, lines[i])
    elif kind == "swap" and len(lines) > 1:
        j = rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "retype" and lines:
        value = rnd.choice(["-5", "three", "[]", "{}", "null", "99999", "attika", "~", "0", "1"])
        head, sep, _ = lines[i].partition(": ")
        lines[i] = f"{head}{sep or ': '}{value}\n"
    elif kind == "drop_line" and lines:
        del lines[i]
    return "".join(lines)


def mutate_bytes(rnd: random.Random, raw: bytes) -> bytes:
    at = rnd.randrange(len(raw) + 1)
    junk = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 8)))
    return raw[:at] + junk + raw[at:]


def mutate_data(rnd: random.Random, data: Any) -> Any:
    data = copy.deepcopy(data)
    paths = data_paths(data)[1:]
    if not paths:
        return data
    target = rnd.choice(paths)
    parent = _get(data, target[:-1])
    kind = rnd.choice(["replace", "delete", "add_key", "number"])
    ints = _int_paths(data)
    if kind == "number" and ints:
        path = rnd.choice(ints)
        _set(data, path, perturb(rnd, _get(data, path)))
    elif kind == "replace":
        parent[target[-1]] = rnd.choice(ODD_VALUES)
    elif kind == "delete":
        del parent[target[-1]]
    elif isinstance(parent, dict):
        parent[rnd.choice(["zzz", "src", "id", "name", "extends"])] = rnd.choice(ODD_VALUES)
    return data


def perturb(rnd: random.Random, value: int) -> int:
    """A number near a real one (mostly), or far above or below it."""
    if rnd.random() < 0.75:
        return rnd.choice([0, 1, 2, 3, value - 1, value + 1, value * 2, rnd.randint(0, 12)])
    return rnd.choice([-1, value * 10, 10 ** rnd.randint(3, 8), 10**18, rnd.randint(0, 80)])


# ---------------------------------------------------------------- rules files


def rules_case(rnd: random.Random) -> Case:
    path = rnd.choice(EDITION_FILES)
    text = path.read_text("utf-8")
    kind = rnd.choice(["text", "data", "bytes"])
    if kind == "bytes":
        raw = mutate_bytes(rnd, text.encode("utf-8"))
    elif kind == "text":
        raw = as_bytes(mutate_text(rnd, text))
    else:
        raw = dump(mutate_data(rnd, _plain_yaml(path))).encode("utf-8")
    return ("rules", path.parent.name, path.name, raw)


# ---------------------------------------------------------------- overlays


def header(rnd: random.Random, extends: str) -> dict[str, Any]:
    return {
        "id": f"fuzz-{rnd.randrange(10**6)}",
        "title": "Fuzz",
        "kind": "variant",
        "description": "A generated overlay.",
        "src": {"estimate": "fuzz"},
        "extends": extends,
    }


def semantic_overlay(rnd: random.Random) -> dict[str, Any]:
    """Schema-shaped overlays that change numbers and records a real variant might."""
    edition = rnd.choice(EDITIONS)
    data = copy.deepcopy(edition_data(edition))
    out = header(rnd, edition)
    touched: set[str] = set()
    gentle = rnd.random() < 0.5  # one plausible change: these are the ones the checks accept
    for _ in range(1 if gentle else rnd.randint(1, 3)):
        section = rnd.choice(
            [
                "rounds",
                "battle",
                "player_board",
                "components",
                "turn",
                "actions",
                "market_values",
                "tribute_yields",
                "setup",
                "projects",
                "phoros",
                "end_of_round",
                "poleis",
                "territories",
                "events",
                "combat_deck",
            ]
        )
        ints = [p for p in _int_paths(data[section]) if p[-1] not in ("line", "col")]
        if not ints:
            continue
        path = rnd.choice(ints)
        value = _get(data[section], path)
        changed = max(1, rnd.choice([value - 1, value + 1, value * 2])) if gentle else None
        _set(data[section], path, changed if changed is not None else perturb(rnd, value))
        touched.add(section)
    out["override"] = {s: data[s] for s in sorted(touched)}  # lists go whole
    for _ in range(rnd.randint(0, 1) if gentle else rnd.randint(0, 2)):
        _structural(rnd, edition, data, out)
    return out


def _structural(
    rnd: random.Random, edition: str, data: dict[str, Any], out: dict[str, Any]
) -> None:
    """Records added or changed in ways the checks must weigh: ids, slots, rows, effects."""
    kind = rnd.choice(
        [
            "sea_like_territory",
            "twin_slots",
            "long_tribute",
            "many_units_event",
            "negative_prestige",
            "stacking_down",
            "threshold",
            "market_key",
            "prestige_max",
            "discs",
            "layout",
        ]
    )
    over = out.setdefault("override", {})
    add = out.setdefault("add", {})
    if kind == "sea_like_territory":
        tid = rnd.choice(list(data["territories"]))
        sea = copy.deepcopy(next(iter(data["seas"].values())))
        sea["neighbours"] = []
        add.setdefault("seas", {})[tid] = sea
    elif kind == "twin_slots":
        mid = rnd.choice(list(data["markets"]))
        market = copy.deepcopy(data["markets"][mid])
        market["slots"] = [*market["slots"], copy.deepcopy(rnd.choice(market["slots"]))]
        over.setdefault("markets", {})[mid] = {"slots": market["slots"]}
    elif kind == "long_tribute":
        tid = rnd.choice(list(data["territories"]))
        boxes = rnd.choice([5, 20, 60, 80])
        yields = list(range(1, boxes + 1))
        over["tribute_yields"] = {"yields": yields}
        rows = [{"good": rnd.choice(list(data["goods"])), "boxes": boxes} for _ in range(3)]
        over.setdefault("territories", {})[tid] = {"tribute": rows}
    elif kind == "many_units_event":
        eid = rnd.choice(
            [e for e, c in data["events"].items() if c["effects"] != "unknown"] or [""]
        )
        if eid:
            effect = {
                "do": "add_units",
                "side": "both",
                "unit": "hoplite",
                "area": rnd.choice(list(data["territories"])),
                "count": rnd.choice([1, 9, 1_000, 10**6]),
            }
            over.setdefault("events", {})[eid] = {"effects": [effect]}
    elif kind == "negative_prestige":
        pid = rnd.choice(list(data["projects"]))
        over.setdefault("projects", {})[pid] = {"prestige": rnd.choice([-50, -1, 0, 40])}
    elif kind == "stacking_down":
        rounds = copy.deepcopy(data["rounds"])
        for i, rnd_data in enumerate(rounds):
            rnd_data["stacking_limit"] = max(1, len(rounds) + 3 - i * rnd.randint(1, 2))
        over["rounds"] = rounds
    elif kind == "threshold":
        over["battle"] = {"threshold": rnd.choice([1, 2, 3, 7, 9, 40])}
    elif kind == "market_key":
        table = dict(data["market_values"]["table"])
        row = next(iter(table.values()))
        table[rnd.choice([6, 99, 10**7, 10**18])] = row
        over["market_values"] = {"table": table}
    elif kind == "prestige_max":
        over["player_board"] = {"prestige_max": rnd.choice([1, 2, 5, 20])}
    elif kind == "discs":
        over["components"] = {"discs_per_side": rnd.choice([1, 2, 3])}
    elif kind == "layout" and "layout" in data:
        layout = data["layout"]
        choice = rnd.choice(["move_polis", "long_outline", "off_board", "bad_points"])
        if choice == "move_polis":
            pid = rnd.choice(list(layout["poleis"]))
            x, y = layout["poleis"][pid]
            over["layout"] = {"poleis": {pid: [x + rnd.randint(-40, 40), y + rnd.randint(-40, 40)]}}
        elif choice == "long_outline":
            n = rnd.choice([50, 500, 6_000])
            points = " ".join(f"{rnd.randint(0, 999)},{rnd.randint(0, 759)}" for _ in range(n))
            over["layout"] = {"backdrop": [points]}
        elif choice == "off_board":
            over["layout"] = {"width": rnd.choice([1, 10, 10**6])}
        else:
            tid = rnd.choice(list(layout["territories"]))
            over["layout"] = {"territories": {tid: {"shape": ["1,2 3;4 5,6"]}}}


def overlay_case(rnd: random.Random) -> Case:
    kind = rnd.choice(["variant_text", "variant_data", "semantic", "semantic", "hostile", "big"])
    if kind == "variant_text":
        text = mutate_text(rnd, rnd.choice(VARIANT_FILES).read_text("utf-8"))
        return ("overlay", as_bytes(text))
    if kind == "variant_data":
        data = mutate_data(rnd, _plain_yaml(rnd.choice(VARIANT_FILES)))
        return ("overlay", as_bytes(dump(data)))
    if kind == "semantic":
        return ("overlay", as_bytes(dump(semantic_overlay(rnd))))
    if kind == "big":
        return ("overlay", as_bytes(big_overlay(rnd.choice([100, 1_000, 3_000]))))
    text = dump(header(rnd, rnd.choice(EDITIONS))) + "override:\n  battle:\n    threshold: "
    return ("overlay", as_bytes(text + rnd.choice(HOSTILE_YAML) + "\n"))


def big_overlay(records: int) -> str:
    """An overlay adding many records at once (the merge must stay linear)."""
    head = dump(header(random.Random(records), "2e"))
    lines = [head, "add:\n  formations:\n"]
    lines += [f"    f{i}: {{name: F{i}, src: {{estimate: x}}}}\n" for i in range(records)]
    return "".join(lines)


# ---------------------------------------------------------------- records


@cache
def base_record(ruleset: str, seed: int, steps: int) -> dict[str, Any]:
    """A valid record: `steps` random actions of a shipped ruleset."""
    from polis.compiler import compile_ruleset
    from polis.engine import apply_unchecked, legal_actions, new_game
    from polis.engine.record import Record, action_json

    compiled = compile_ruleset(ruleset)
    state = new_game(compiled.config, seed)
    rec = Record(ruleset, compiled.content_hash, seed, meta={"controllers": ["human", "greedy"]})
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.finished:
            break
        action = chooser.choice(legal_actions(state))
        rec.actions.append(action_json(state, action))
        state = apply_unchecked(state, action)
    return rec.to_json()


def _area_ids(ruleset: str) -> list[str]:
    from polis.compiler import compile_ruleset

    return list(compile_ruleset(ruleset).config.areas)


def random_start(rnd: random.Random, ruleset: str) -> dict[str, Any]:
    """A `start` block mixing what a position may set, plausibly (mostly) or not."""
    from polis.compiler import compile_ruleset
    from polis.engine.notation import card_id
    from polis.engine.phases import PHASES

    cfg = compile_ruleset(ruleset).config
    areas = _area_ids(ruleset)
    plausible = rnd.random() < 0.7
    sides = ["athens", "sparta"]

    def side() -> Any:
        return rnd.choice(sides if plausible else [*sides, None, "x", 0])

    start: dict[str, Any] = {}
    for _ in range(rnd.randint(1, 4)):
        key = rnd.choice(
            ["phase", "player", "active", "battle", "units", "sides", "round", "market", "poleis"]
        )
        if key in start:
            continue
        if key == "phase":
            start["phase"] = rnd.choice(["turn"] if plausible else [*PHASES, "nowhere", None])
        elif key in ("player", "active"):
            start[key] = side()
        elif key == "battle":
            area = rnd.choice(areas)
            naval = areas.index(area) >= cfg.n_territories
            deck = "naval" if naval else "land"
            cards = [card_id(cfg, deck, c) for c in (cfg.naval_cards if naval else cfg.land_cards)]
            if not plausible:
                cards += [card_id(cfg, "naval" if not naval else "land", cfg.land_cards[0])]
            battle: dict[str, Any] = {"area": area, "attacker": side()}
            if rnd.random() < 0.5:
                battle["then"] = rnd.choice(
                    ["next_turn", "turn", "round_end", "event", "turns"]
                    if plausible
                    else ["x", 5, None, "over"]
                )
            last = cfg.rounds[-1]
            limit = last.stacking_limit
            counts = {s: rnd.randint(1 if plausible else 0, limit) for s in sides}
            if plausible:
                start["round"] = last.id
            start["units"] = {s: {area: counts[s]} for s in sides}
            if plausible:  # dealt from the deck: a card per unit
                held = cfg.naval_cards if naval else cfg.land_cards
                pile = [card_id(cfg, deck, c) for c in held for _ in range(c.count)]
                rnd.shuffle(pile)
                battle["hands"] = {s: [pile.pop() for _ in range(counts[s])] for s in sides}
            elif rnd.random() < 0.8:
                battle["hands"] = {
                    s: [rnd.choice(cards) for _ in range(rnd.randint(0, 4))] for s in sides
                }
            start["battle"] = battle
        elif key == "units":
            start["units"] = {
                rnd.choice(sides): {rnd.choice(areas): rnd.choice([0, 1, 2, 3, 99, -1])}
            }
        elif key == "sides":
            start["sides"] = {rnd.choice(sides): {"prestige": rnd.choice([0, 5, 10**6, -1, None])}}
        elif key == "round":
            start["round"] = rnd.choice([r.id for r in cfg.rounds] + ([] if plausible else ["x"]))
        elif key == "market":
            goods = [cfg.goods[g] for g in cfg.track_goods] if plausible else list(cfg.goods)
            start["market"] = {rnd.choice(goods): rnd.choice([1, 4, 12] if plausible else [0, 99])}
        elif key == "poleis":
            start["poleis"] = {
                rnd.choice([p.id for p in cfg.poleis]): {
                    "owner": side(),
                    "population": rnd.choice([1, 3] if plausible else [0, 1, 3, 50]),
                }
            }
    return start


def record_case(rnd: random.Random) -> Case:
    ruleset = rnd.choice(["1e", "2e", "1e-corinthian-war"])
    rec = copy.deepcopy(base_record(ruleset, rnd.randrange(4), rnd.choice([0, 5, 40])))
    kind = rnd.choice(["field", "start", "start", "text", "deep", "overlay", "actions", "meta"])
    if kind == "field":
        key = rnd.choice([*rec, "overlay", "start", "meta"])
        rec[key] = rnd.choice(
            [*ODD_VALUES, 10**4_000, "../../pyproject.toml", "rules_data/variants/x.yaml"]
        )
    elif kind == "start":
        rec["start"] = random_start(rnd, ruleset)
        rec["actions"] = []
    elif kind == "meta":
        rec["meta"] = rnd.choice(
            [
                {"controllers": 5},
                {"controllers": [1, 2]},
                {"controllers": "hh"},
                [],
                "x",
                {"controllers": [["human"], "greedy"]},
                {"controllers": None},
            ]
        )
    elif kind == "actions" and rec["actions"]:
        i = rnd.randrange(len(rec["actions"]))
        rec["actions"][i] = rnd.choice(
            [
                [],
                ["act"],
                ["act", None],
                ["build", 10**30, "x"],
                "pass",
                [["pass"]],
                {"a": 1},
                ["attack", "x", "y"],
                ["act", "besiege"],
                [None],
            ]
        )
    elif kind == "overlay":
        rec["ruleset"] = "fuzz"
        rec["overlay"] = rnd.choice(
            [
                "id: x\nextends: 2e\noverride: " + rnd.choice(HOSTILE_YAML),
                dump(semantic_overlay(rnd)),
                "extends: ../../etc/passwd\n",
                "",
            ]
        )
    text = json.dumps(rec, ensure_ascii=False)
    if kind == "text":
        text = mutate_text(rnd, text)
    elif kind == "deep":
        depth = rnd.choice([999, 1_000, 5_000, 100_000])
        text = text[:-1] + ', "meta": ' + "[" * depth + "]" * depth + "}"
    if rnd.random() < 0.05:
        text = text.replace('"seed": ', '"seed": ' + "9" * 5_000 + "0" * 0, 1)
    return ("record", as_bytes(text))


def any_case(rnd: random.Random) -> Case:
    return rnd.choice([rules_case, overlay_case, overlay_case, record_case])(rnd)


# ---------------------------------------------------------------- type swaps (issue 32)

# one value of each JSON/YAML kind; a swap puts each kind other than the value's own in its place
SWAP_VALUES: list[Any] = [None, True, 7, 1.5, "x", [], {}]


def kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    return type(value).__name__


def type_swaps(data: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """Every (path, value of another kind) of `data`, the root excepted, in a fixed order."""
    return [
        (path, value)
        for path in data_paths(data)[1:]
        for value in SWAP_VALUES
        if kind_of(value) != kind_of(_get(data, path))
    ]


def swapped(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(data)
    _set(out, path, value)
    return out


# a battle right after the deal, as a start may set it (a card per unit for each side)
BOIOTIA_BATTLE: dict[str, Any] = {
    "round": "omega",
    "units": {"athens": {"boiotia": 4}, "sparta": {"boiotia": 4}},
    "battle": {
        "area": "boiotia",
        "attacker": "sparta",
        "hands": {
            "sparta": [
                "land:phalanx/othismos",
                "land:archers/advance",
                "land:cavalry/hold",
                "land:peltasts/hold",
            ],
            "athens": [
                "land:mercenaries/hold",
                "land:cavalry/advance",
                "land:phalanx/advance",
                "land:peltasts/hold",
            ],
        },
        "then": "next_turn",
    },
}

# every key a start may set, with plausible values for 2e (a position the engine plays on)
EVERY_START_KEY: dict[str, Any] = {
    "clear_units": False,
    "round": "sigma",
    "phase": "turn",
    "player": "athens",
    "active": "athens",
    "passed": [],
    "first_passer": None,
    "sides": {
        "athens": {
            "prestige": 6,
            "goods": {"wheat": 4, "wine": 2},
            "proxenos": "athenai",
            "merchants": {"hired": 1},
        },
        "sparta": {"prestige": 5, "proxenos": None},
    },
    "units": {"athens": {"attika": 2}, "sparta": {"lakedaimon": 2}},
    "poleis": {
        "chalkis": {"owner": "athens", "population": 1, "siege_discs": {}},
        "argos": {"owner": None, "siege_discs": {"sparta": 1}},
    },
    "projects": {"protagoras": {"where": "box", "completed": False}},
    "market": {"metal": 3},
    "tributed": {"boiotia": None},
    "slots": {"persis/3": "free"},
}


@cache
def full_records() -> tuple[dict[str, Any], ...]:
    """Records of 2e whose starts between them set every key a start may have, and that play."""
    from polis.compiler import compile_ruleset

    compiled = compile_ruleset("2e")
    out = []
    for start, actions in ((EVERY_START_KEY, [["pass"]]), (BOIOTIA_BATTLE, [])):
        out.append(
            {
                "format": "polis-record/1",
                "ruleset": "2e",
                "content_hash": compiled.content_hash,
                "seed": 3,
                "actions": actions,
                "overlay": None,
                "start": copy.deepcopy(start),
                "meta": {"controllers": ["human", "greedy"]},
            }
        )
    return tuple(out)


def record_swaps() -> list[Case]:
    """A record case for every type swap at every path of the full records (the audit runs all)."""
    return [
        ("record", json.dumps(swapped(rec, path, value)).encode("utf-8"))
        for rec in full_records()
        for path, value in type_swaps(rec)
    ]


# overlays whose paths between them reach headers, overrides of lists and maps, and records
SWAP_OVERLAYS = (*VARIANT_FILES, ROOT / "polis" / "app" / "example_overlay.yaml")


def overlay_swaps() -> list[Case]:
    """An overlay case for every type swap at every path of the shipped variants and the
    app's example overlay, each uploaded as it would be."""
    return [
        ("overlay", as_bytes(dump(swapped(data, path, value))))
        for data in (_plain_yaml(path) for path in SWAP_OVERLAYS)
        for path, value in type_swaps(data)
    ]


def swap_case(rnd: random.Random) -> Case:
    """One type swap, a record's or an overlay's (hypothesis samples them; the audit runs all)."""
    if rnd.random() < 0.5:
        rec = rnd.choice(full_records())
        path, value = rnd.choice(type_swaps(rec))
        return ("record", json.dumps(swapped(rec, path, value)).encode("utf-8"))
    data = _plain_yaml(rnd.choice(SWAP_OVERLAYS))
    path, value = rnd.choice(type_swaps(data))
    return ("overlay", as_bytes(dump(swapped(data, path, value))))


# ---------------------------------------------------------------- large files (issue 32)


@cache
def large_cases() -> dict[str, Case]:
    """Rules files and uploads within the size limits, large in the number of their problems:
    10,000 to 40,000 unknown keys, added records or removals (issue 32 measured 0.9 to 8.9 s
    of CPU to refuse these; each must now take less than 1 s)."""
    head = dump(header(random.Random(0), "2e"))
    ruleset = (RULES_DATA / "editions" / "2e" / "ruleset.yaml").read_text("utf-8")
    unknown = "".join(f"unknown_key_number_{i:06d}: {i}\n" for i in range(40_000))
    return {
        "edition-40000-unknown-keys": ("rules", "2e", "ruleset.yaml", (ruleset + unknown).encode()),
        "overlay-10000-unknown-keys": (
            "overlay",
            (head + "override:\n" + "".join(f"  zz{i}: 1\n" for i in range(10_000))).encode(),
        ),
        "overlay-add-10000-records": (
            "overlay",
            (
                head
                + "add:\n  formations:\n"
                + "".join(f"    f{i}: {{x: 1}}\n" for i in range(10_000))
            ).encode(),
        ),
        "overlay-remove-10000": (
            "overlay",
            (head + "remove:\n" + "".join(f"- events.e{i}\n" for i in range(10_000))).encode(),
        ),
    }
