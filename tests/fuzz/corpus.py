"""Write the fuzz seed corpus: `python -m tests.fuzz.corpus` (files under tests/data/fuzz/).

One file per finding of issue 13 and per hostile form the fuzz audit tried, so
each stays a regression case even if the random generators drift:

    rules/<edition>-<file>--<label>.yaml   replaces that file of the edition
    overlays/<label>.yaml                  an upload
    records/<label>.json                   a record file, or what a ?record= link holds

A name with `.ok.` must be accepted and play; every other case must be refused
with located one-line messages (tests/fuzz/test_fuzz.py).

Records hold `"content_hash": "<current>"`: `record_bytes` fills in the hash of
the rules they name today, so a change to the engine's configuration never
turns a case into one refused for the wrong reason ("made with other rules").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.fuzz.mutate import RULES_DATA, big_overlay, dump, header

OUT = Path(__file__).resolve().parents[1] / "data" / "fuzz"
DEEP = "[" * 30_000 + "]" * 30_000

# values put in place of a number of an edition file or of an overlay
HOSTILE_VALUES = {
    "deep-nesting": DEEP,
    "int-5000-digits": "1" * 5_000,
    "int-tag-x": "!!int 'x'",
    "bool-tag-maybe": "!!bool 'maybe'",
    "hex-5000-digits": "0x" + "f" * 5_000,
    "binary-20000-digits": "0b" + "1" * 20_000,
    "sexagesimal-2000-parts": ":".join(["59"] * 2_000),
    "python-tag": "!!python/object/apply:os.system ['true']",
    "alias": "&a [*a, *a]",
    "nul": '"\\0"',
    "control-character": "\x01",
    "infinity": ".inf",
    "replace-on-a-number": "!replace 5",
}


def _overlay(base: str = "2e", **sections: Any) -> dict[str, Any]:
    import random

    return {**header(random.Random(0), base), **sections}


ROUNDS_2E = [
    {"id": "alpha", "label": "Alpha", "stacking_limit": 3, "cargo_open": 3, "event_deck": "alpha",
     "projects": {"reveal": 3}, "src": {"estimate": "x"}},
    {"id": "sigma", "label": "Sigma", "stacking_limit": 4, "cargo_open": 4, "event_deck": "sigma",
     "projects": {"reveal": 5, "remove": 1}, "src": {"estimate": "x"}},
    {"id": "omega", "label": "Omega", "stacking_limit": 5, "cargo_open": 5, "event_deck": "omega",
     "projects": {"reveal": 6, "remove": 1}, "src": {"estimate": "x"}},
]  # fmt: skip


def _rounds(*limits: int, label: str | None = None) -> list[dict[str, Any]]:
    rounds = [dict(r) for r in ROUNDS_2E]
    for r, limit in zip(rounds, limits, strict=True):
        r["stacking_limit"] = limit
    if label is not None:
        rounds[0]["label"] = label
    return rounds


MARKDOWN_LABEL = "![x](http://127.0.0.1:9/track.png) **bold** :red[red] $x$ <b>b</b>"
# what Markdown renderers turn into links without any markup (issue 32)
LINK_LABEL = "http://127.0.0.1:9/u www.bait.example me@bait.example"

SEMANTIC_OVERLAYS: dict[str, dict[str, Any]] = {
    "threshold-2": _overlay(override={"battle": {"threshold": 2}}),
    "stacking-limit-huge": _overlay(override={"rounds": _rounds(3, 4, 5000)}),
    "stacking-limit-falls": _overlay(override={"rounds": _rounds(3, 5, 4)}),
    "market-key-1e7": _overlay(
        override={"market_values": {"table": {10**7: [5, 6, 7]}}},
    ),
    "add-units-1e6": _overlay(
        add={
            "events": {
                "levy": {
                    "name": "Levy",
                    "deck": "alpha",
                    "effects": [
                        {
                            "do": "add_units",
                            "side": "both",
                            "unit": "hoplite",
                            "area": "attika",
                            "count": 10**6,
                        }
                    ],
                    "src": {"estimate": "x"},
                }
            }
        }
    ),
    "tribute-80-boxes": _overlay(
        override={
            "tribute_yields": {"yields": list(range(1, 81))},
            "territories": {"attika": {"tribute": [{"good": "silver", "boxes": 80}] * 3}},
        }
    ),
    "prestige-max-below-setup": _overlay(override={"player_board": {"prestige_max": 2}}),
    "discs-per-side-1": _overlay(override={"components": {"discs_per_side": 1}}),
    "project-prestige-negative": _overlay(override={"projects": {"myron": {"prestige": -50}}}),
    "sea-named-like-a-territory": _overlay(
        add={"seas": {"attika": {"name": "Attic Sea", "neighbours": [], "src": {"estimate": "x"}}}}
    ),
    "two-cargo-3-slots": _overlay(
        override={
            "markets": {
                "persis": {
                    "slots": [
                        {"cargo": 3, "offers": "silver", "accepts": ["wine"]},
                        {"cargo": 3, "offers": "wheat", "accepts": ["wood"]},
                    ]
                }
            }
        }
    ),
    "markdown-in-names.ok": _overlay(
        title=MARKDOWN_LABEL,
        override={
            "rounds": _rounds(3, 4, 5, label=MARKDOWN_LABEL),
            "sides": {"athens": {"name": "[Athens](javascript:alert(1))"}},
        },
    ),
    "bare-links-in-names.ok": _overlay(
        title=LINK_LABEL,
        description=LINK_LABEL,
        override={
            "rounds": _rounds(3, 4, 5, label=LINK_LABEL),
            "sides": {"athens": {"name": "Athens " + LINK_LABEL}},
        },
    ),
}


CURRENT = "<current>"


def _record(ruleset: str = "2e", **changes: Any) -> dict[str, Any]:
    rec = {"format": "polis-record/1", "ruleset": ruleset, "seed": 1, "actions": []}
    rec.update(changes)
    rec.setdefault("content_hash", CURRENT)
    return rec


def _overlay_record(overlay_text: str) -> dict[str, Any]:
    return _record(ruleset="house", overlay=overlay_text)


def current_hash(record: dict[str, Any]) -> str:
    """The content hash of the rules a record names (its overlay's, or a shipped ruleset's)."""
    from polis.compiler import compile_loaded, compile_ruleset
    from polis.rules.issues import RulesError
    from polis.rules.loader import load_overlay_text
    from polis.rules.registry import discover

    try:
        if isinstance(record.get("overlay"), str):
            return compile_loaded(
                load_overlay_text(record["overlay"], display="x.yaml")
            ).content_hash
        if record.get("ruleset") in discover():
            return compile_ruleset(record["ruleset"]).content_hash
    except RulesError:
        pass
    return "0" * 64


def record_bytes(path: Path) -> bytes:
    """A corpus record with today's content hash in place of `<current>`."""
    raw = path.read_bytes()
    marker = f'"content_hash": "{CURRENT}"'.encode()
    if marker not in raw:
        return raw
    head = raw[: raw.index(marker)] + b'"content_hash": "0"}'
    try:  # the fields before the hash say which rules it names (the rest may be hostile)
        digest = current_hash(json.loads(head))
    except ValueError:
        digest = "0" * 64
    return raw.replace(marker, f'"content_hash": "{digest}"'.encode(), 1)


def records() -> dict[str, str]:
    deep_overlay = dump(_overlay()) + "override: " + DEEP + "\n"
    out = {
        "overlay-nested-30000": json.dumps(_overlay_record(deep_overlay)),
        "json-nested-1000": json.dumps(_record())[:-1]
        + ', "x": '
        + "[" * 1_000
        + "]" * 1_000
        + "}",
        "json-nested-20000": json.dumps(_record())[:-1]
        + ', "x": '
        + "[" * 20_000
        + "]" * 20_000
        + "}",
        "seed-5000-digits": json.dumps(_record()).replace('"seed": 1', '"seed": ' + "7" * 5_000),
        "player-null": json.dumps(_record(start={"player": None})),
        "active-null": json.dumps(_record(start={"active": None})),
        "tribute-disc-on-a-sea": json.dumps(_record(start={"tributed": {"kyklades": "athens"}})),
        "battle-then-anything": json.dumps(
            _record(start={"battle": {"area": "boiotia", "attacker": "sparta", "then": "zzz"}})
        ),
        "battle-without-hands": json.dumps(
            _record(
                start={
                    "round": "omega",
                    "units": {"athens": {"boiotia": 4}, "sparta": {"boiotia": 4}},
                    "battle": {"area": "boiotia", "attacker": "sparta"},
                }
            )
        ),
        "meta-controllers-a-number": json.dumps(_record(meta={"controllers": 5})),
        "meta-controllers-nested": json.dumps(_record(meta={"controllers": [["human"], "greedy"]})),
        "ruleset-a-server-path": json.dumps(_record(ruleset="../../pyproject.toml")),
        "markdown-overlay.ok": json.dumps(
            _overlay_record(dump(SEMANTIC_OVERLAYS["markdown-in-names.ok"]))
        ),
        # issue 32
        "bare-links-overlay.ok": json.dumps(
            _overlay_record(dump(SEMANTIC_OVERLAYS["bare-links-in-names.ok"]))
        ),
        "ruleset-a-bare-link": json.dumps(_record(ruleset=LINK_LABEL)),
        "start-project-place-a-mapping": json.dumps(
            _record(start={"projects": {"protagoras": {"where": {}}}})
        ),
        "start-counts-as-text": json.dumps(
            _record(start={"sides": {"athens": {"prestige": "7", "goods": {"wine": 1.0}}}})
        ),
        "action-argument-a-mapping": json.dumps(_record(actions=[["act", {"id": 1}]])),
    }
    for phase in ("attack", "move_origin", "event_remove", "create_polis", "defend", "feed"):
        out[f"phase-{phase}-without-its-move"] = json.dumps(_record(start={"phase": phase}))
    return out


def _replace_a_number(text: str, value: str) -> str:
    """`text` with the value of its first `key: <number>` line replaced."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        head, sep, tail = line.partition(": ")
        if sep and tail.strip().isdigit():
            lines[i] = f"{head}: {value}\n"
            break
    return "".join(lines)


def write() -> list[Path]:
    written = []
    for folder in ("rules", "overlays", "records"):
        (OUT / folder).mkdir(parents=True, exist_ok=True)
    for label, value in HOSTILE_VALUES.items():
        for edition, file in (("2e", "ruleset"), ("1e", "board")):
            text = (RULES_DATA / "editions" / edition / f"{file}.yaml").read_text("utf-8")
            path = OUT / "rules" / f"{edition}-{file}--{label}.yaml"
            path.write_bytes(_replace_a_number(text, value).encode("utf-8"))
            written.append(path)
        path = OUT / "overlays" / f"value-{label}.yaml"
        path.write_bytes(
            (dump(_overlay()) + f"override:\n  battle:\n    threshold: {value}\n").encode("utf-8")
        )
        written.append(path)
    head = dump(_overlay())
    texts = {
        "add-4000-records": big_overlay(4_000),
        "two-documents": head + "---\n" + head,
        "complex-key": head + "override:\n  ? [battle, turn]\n  : {threshold: 9}\n",
        "merge-key": head + "override:\n  battle: {<<: {threshold: 9}}\n",
        "billion-laughs": head
        + "x: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        + "".join(f"x{i}: &a{i} [*a{'' if i == 0 else i - 1}] \n" for i in range(9)),
        "bom-and-tabs": "\ufeff" + head + "override:\n\tbattle: {threshold: 9}\n",
        "remove-an-entry-a-mapping": head + "remove:\n- {events: x}\n",
        "not-utf8": None,
    }
    for label, text in texts.items():
        path = OUT / "overlays" / f"{label}.yaml"
        if text is None:
            path.write_bytes(head.encode() + b"title: caf\xe9\n")
        else:
            path.write_text(text, "utf-8")
        written.append(path)
    for label, data in SEMANTIC_OVERLAYS.items():
        path = OUT / "overlays" / f"{label}.yaml"
        path.write_text(dump(data), "utf-8")
        written.append(path)
    for label, text in records().items():
        path = OUT / "records" / f"{label}.json"
        path.write_text(text, "utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write():
        print(path.relative_to(OUT))
