"""The board's view model and how clicks on it become choices, without Streamlit."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from polis.app.board_view import KINDS, board_data, element_name
from polis.compiler import compile_ruleset
from polis.engine import State, apply, legal_actions, new_game
from polis.engine.notation import slot_id
from polis.i18n import LANGUAGES, translator
from polis.i18n.names import Names
from polis.play.clicks import element_id, element_index, last_marks, resolve_click, targets
from polis.rules.registry import discover


def game(ruleset: str = "2e", seed: int = 1) -> tuple[State, Names]:
    compiled = compile_ruleset(ruleset)
    return new_game(compiled.config, seed), Names(compiled.config, translator("en"))


def view(state: State, names: Names, lang: str = "en", **marks: object) -> dict:  # type: ignore[type-arg]
    return board_data(state, names, compile_ruleset(state.cfg.id).geometry, lang, **marks)  # type: ignore[arg-type]


def test_the_view_model_does_not_need_streamlit() -> None:
    code = (
        "import sys, polis.app.board_view, polis.play.clicks; sys.exit('streamlit' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize("ruleset", list(discover()))
def test_every_element_carries_the_id_of_the_rules_data(ruleset: str) -> None:
    state, names = game(ruleset)
    cfg = state.cfg
    data = view(state, names)
    assert [a["id"] for a in data["areas"]] == list(cfg.areas)
    assert [p["id"] for p in data["poleis"]] == [p.id for p in cfg.poleis]
    assert [m["id"] for m in data["markets"]] == [m.id for m in cfg.markets]
    slots = [s["id"] for m in data["markets"] for s in m["slots"]]
    assert sorted(slots) == sorted(slot_id(cfg, k) for k in range(len(cfg.slots)))
    assert [p["id"] for p in data["ports"]] == list(cfg.sides)
    json.dumps(data)  # plain JSON for the component


@pytest.mark.parametrize("kind", KINDS)
def test_element_ids_and_indices_are_inverse(kind: str) -> None:
    cfg = compile_ruleset("2e").config
    size = {
        "area": len(cfg.areas),
        "polis": len(cfg.poleis),
        "slot": len(cfg.slots),
        "market": len(cfg.markets),
        "port": len(cfg.sides),
    }[kind]
    for index in range(size):
        assert element_index(cfg, kind, element_id(cfg, kind, index)) == index
    assert element_index(cfg, kind, "atlantis") is None


def test_the_state_is_shown() -> None:
    state, names = game()
    data = view(state, names)
    poleis = {p["id"]: p for p in data["poleis"]}
    athens = poleis["athenai"]
    assert athens["owner"] == 0 and athens["pop"] == state.pop[0] and athens["capital"] == 0
    assert 0 in athens["proxenos"]  # the proxenos starts in the capital
    neutral = poleis["thebai"]
    assert neutral["owner"] == -1 and neutral["pop"] == 3  # a neutral polis shows its base
    areas = {a["id"]: a for a in data["areas"]}
    cfg = state.cfg
    for a, area_id in enumerate(cfg.areas):
        assert areas[area_id]["units"] == [state.n_units(0, a), state.n_units(1, a)]
    slots = {s["id"]: s for m in data["markets"] for s in m["slots"]}
    assert slots["persis/4"]["status"] == "covered" and not slots["persis/4"]["open"]
    assert {p["id"]: p["merchants"] for p in data["ports"]} == {
        "athens": state.merchants_in_port(0),
        "sparta": state.merchants_in_port(1),
    }


def test_targets_and_last_moves_are_flagged() -> None:
    state, names = game()
    data = view(
        state, names, targets={("area", "attika"), ("slot", "persis/3")}, last={("polis", "argos")}
    )
    flagged = {
        (kind, item["id"])
        for kind, items in (("area", data["areas"]), ("polis", data["poleis"]))
        for item in items
        if item["target"] or item["last"]
    }
    assert flagged == {("area", "attika"), ("polis", "argos")}
    slots = [s for m in data["markets"] for s in m["slots"] if s["target"]]
    assert [s["id"] for s in slots] == ["persis/3"]
    assert data["interactive"]
    assert not view(state, names)["interactive"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tooltips_and_legend_are_in_the_readers_language(lang: str) -> None:
    state, _names = game()
    names = Names(state.cfg, translator(lang))
    data = view(state, names, lang)
    english = view(*game())
    athens = next(p for p in data["poleis"] if p["id"] == "athenai")
    assert athens["tip"]["title"] == names.polis_at(0)
    assert all(line for line in athens["tip"]["lines"])
    if lang != "en":  # every interface word comes from the catalogs
        assert data["labels"] != english["labels"]
        assert [e["text"] for e in data["legend"]] != [e["text"] for e in english["legend"]]
        assert (
            athens["tip"]["lines"]
            != next(p for p in english["poleis"] if p["id"] == "athenai")["tip"]["lines"]
        )


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_a_territorys_tooltip_says_what_its_tribute_rows_can_give(ruleset: str) -> None:
    """A row of n boxes gives the n-th yield to n hoplites: the tooltip says the most each
    row gives and for how many hoplites (not the box count, which reads as an amount)."""
    state, names = game(ruleset)
    cfg = state.cfg
    a = next(a for a in range(cfg.n_territories) if len(cfg.tribute_rows[a]) > 1)
    area = next(x for x in view(state, names)["areas"] if x["id"] == cfg.areas[a])
    line = next(line for line in area["tip"]["lines"] if line.startswith("Tribute: "))
    for good, boxes in cfg.tribute_rows[a]:
        hoplites = f"({boxes} hoplite{'s' if boxes > 1 else ''})"
        assert f"up to {names.amount(cfg.tribute_yields[boxes - 1], good)} {hoplites}" in line


def after(state: State, *actions: tuple[object, ...]) -> State:
    for action in actions:
        state = apply(state, action)
    return state


def test_a_click_on_a_legal_area_is_the_move() -> None:
    state, _ = game()
    state = after(state, ("act", "move_hoplites"))
    options = legal_actions(state)
    chosen = targets(state, options)
    cfg = state.cfg
    assert chosen == {("area", cfg.areas[a[1]]) for a in options}
    first = options[0]
    assert resolve_click(state, options, "area", cfg.areas[first[1]]) == ([first], None)


def test_a_click_on_an_illegal_area_is_explained() -> None:
    state, _ = game()
    state = after(state, ("act", "move_hoplites"))
    options = legal_actions(state)
    cfg = state.cfg
    closed = next(a for a in range(len(cfg.areas)) if ("dest", a) not in options)
    matches, probe = resolve_click(state, options, "area", cfg.areas[closed])
    assert matches == [] and probe == ("dest", closed)


def test_markets_and_slots_choose_trade_slots() -> None:
    state, _ = game()
    state = after(state, ("act", "trade"))
    options = legal_actions(state)
    cfg = state.cfg
    k = options[0][1]
    market = cfg.markets[cfg.slots[k].market].id
    assert ("slot", slot_id(cfg, k)) in targets(state, options)
    assert ("market", market) in targets(state, options)
    assert resolve_click(state, options, "slot", slot_id(cfg, k))[0] == [("slot", k)]
    in_market = [a for a in options if cfg.slots[a[1]].market == cfg.slots[k].market]
    assert resolve_click(state, options, "market", market)[0] == in_market


def test_a_merchant_is_hired_into_the_trade_port() -> None:
    state, _ = game()
    state = after(state, ("act", "create_merchants"))
    state = after(state, legal_actions(state)[0])  # the polis that hires
    options = legal_actions(state)
    side = state.cfg.sides[state.player]
    assert ("port", side) in targets(state, options)
    matches, _probe = resolve_click(state, options, "port", side)
    assert matches and all(a[0] == "build" and a[2] == -1 for a in matches)
    other = state.cfg.sides[1 - state.player]
    assert resolve_click(state, options, "port", other) == ([], None)


def test_clicks_naming_nothing_mean_nothing() -> None:
    state, _ = game()
    options = legal_actions(state)
    assert resolve_click(state, options, "polis", "atlantis") == ([], None)
    assert resolve_click(state, options, "spaceship", "x") == ([], None)


def test_last_marks_show_what_the_others_did_since_the_viewer_last_chose() -> None:
    sides = ("athens", "sparta")
    steps = [
        (["act", "move_hoplites"], 0),
        (["dest", "boiotia"], 0),
        (["act", "trade"], 1),
        (["slot", "persis/3"], 1),
        (["act", "create_merchants"], 1),
        (["polis", "sparta"], 1),
        (["build", 0, None], 1),
        (["proxenos", "argos", "land"], 1),
    ]
    assert last_marks(sides, steps, 0) == {
        ("slot", "persis/3"),
        ("polis", "sparta"),
        ("port", "sparta"),
        ("polis", "argos"),
    }
    assert last_marks(sides, steps[:2], 0) == {("area", "boiotia")}  # own last move
    own = [(["dest", "boiotia"], 0), (["from", "attika"], 0), (["from", "megaris"], 0)]
    assert last_marks(sides, [(["slot", "persis/3"], 1), *own], 0) == {
        ("area", "boiotia"),
        ("area", "attika"),
        ("area", "megaris"),
    }
    assert last_marks(sides, [], 0) == set()


def test_element_names_are_the_readers_words() -> None:
    state, names = game()
    de = Names(state.cfg, translator("de"))
    assert element_name(names, "port", 0) == "Trade port of Athens"
    assert element_name(de, "port", 0) != element_name(names, "port", 0)
    assert element_name(names, "area", 0) == names.area(0)
