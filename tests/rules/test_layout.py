"""The board layout: validated with the rules, placed by overlays, out of the rules' hash."""

from __future__ import annotations

import pytest

from polis.compiler import compile_loaded, compile_ruleset
from polis.compiler.serialize import geometry_from_jsonable, to_jsonable
from polis.engine.notation import slot_id
from polis.rules.geometry import inside, parse_points
from polis.rules.issues import RulesError
from polis.rules.loader import LoadedRuleset, load_overlay_text, load_ruleset
from polis.rules.registry import discover
from tests.helpers import OVERLAY_HEADER as HEADER

RHODOS = """\
add:
  territories:
    rhodos:
      name: Rhodos
      neighbours: []
      coasts: [noties]
      tribute:
        - {good: wine, boxes: 2}
      src: {estimate: test}
"""
RHODOS_DRAWN = """\
  layout.territories:
    rhodos:
      shape: ["880,470 905,462 915,480 895,492"]
      name_at: [895, 482]
      units_at: [902, 472]
"""


@pytest.mark.parametrize("ruleset", list(discover()))
def test_every_element_of_a_shipped_ruleset_is_drawn_in_order(ruleset: str) -> None:
    compiled = compile_ruleset(ruleset)
    cfg, geo = compiled.config, compiled.geometry
    assert len(geo.areas) == len(cfg.areas)
    assert len(geo.poleis) == len(cfg.poleis)
    assert len(geo.slots) == len(cfg.slots)
    assert len(geo.markets) == len(cfg.markets)
    assert len(geo.ports) == len(cfg.sides)
    assert bool(geo.diolkos) == bool(cfg.diolkos)
    for p, polis in enumerate(cfg.poleis):  # indices line up: each polis sits in its territory
        if polis.territory >= 0:
            outlines = geo.areas[polis.territory].outlines
            assert any(inside(geo.poleis[p], o) for o in outlines), polis.id


def test_the_layout_as_written_is_the_geometry() -> None:
    model = load_ruleset("2e").model
    compiled = compile_ruleset("2e")
    cfg, geo = compiled.config, compiled.geometry
    athenai = [p.id for p in cfg.poleis].index("athenai")
    assert geo.poleis[athenai] == tuple(model.layout.poleis["athenai"])
    k = [slot_id(cfg, i) for i in range(len(cfg.slots))].index("persis/4")
    assert geo.slots[k] == tuple(model.layout.markets["persis"].slots[4])
    assert geo.areas[cfg.areas.index("attika")].outlines[0] == parse_points(
        model.layout.territories["attika"].shape[0]
    )


def test_geometry_survives_the_compile_cache() -> None:
    geo = compile_ruleset("1e").geometry
    assert geometry_from_jsonable(to_jsonable(geo)) == geo


def test_moving_the_drawing_leaves_the_rules_hash_alone() -> None:
    loaded = load_ruleset("2e")
    layout = loaded.model.layout
    moved = layout.model_copy(update={"poleis": {**layout.poleis, "argos": [590, 512]}})
    redrawn = LoadedRuleset(loaded.model.model_copy(update={"layout": moved}), loaded.doc, ())
    before, after = compile_loaded(loaded), compile_loaded(redrawn)
    assert before.geometry != after.geometry
    assert before.content_hash == after.content_hash  # saved games still match their rules


def test_an_added_area_must_be_placed() -> None:
    with pytest.raises(RulesError) as caught:
        load_overlay_text(HEADER + RHODOS, display="house.yaml")
    (issue,) = caught.value.issues
    # reported at the new territory, in the overlay, with its line and column
    assert issue.format() == (
        "house.yaml:10:7: territories.rhodos: "
        "territory 'rhodos' is not drawn: place it under layout.territories"
    )


def test_an_overlay_that_adds_an_area_places_it() -> None:
    loaded = load_overlay_text(HEADER + RHODOS + RHODOS_DRAWN, display="house.yaml")
    assert "rhodos" in loaded.model.layout.territories
    assert "attika" in loaded.model.layout.territories  # the base drawing is kept
    compiled = compile_loaded(loaded)
    shape = compiled.geometry.areas[compiled.config.areas.index("rhodos")]
    assert shape.name_at == (895, 482)
    assert shape.outlines == (((880, 470), (905, 462), (915, 480), (895, 492)),)


def test_an_overlay_may_move_a_polis_within_its_territory() -> None:
    text = HEADER + "override:\n  layout:\n    poleis:\n      argos: [590, 512]\n"
    assert load_overlay_text(text, display="house.yaml").model.layout.poleis["argos"] == [590, 512]


def test_adding_to_a_nested_map_that_does_not_exist_is_an_error() -> None:
    text = HEADER + "add:\n  layout.islands:\n    rhodos: [1, 2]\n"
    with pytest.raises(RulesError) as caught:
        load_overlay_text(text, display="house.yaml")
    assert any(
        "no id-keyed section 'layout.islands'" in i.message and i.location and i.location.line == 8
        for i in caught.value.issues
    ), caught.value


def test_a_removed_polis_takes_its_drawing_along() -> None:
    text = HEADER + (
        "override:\n  components:\n    polis_cards: 17\n"
        "remove: [poleis.naupaktos, layout.poleis.naupaktos]\n"
    )
    model = load_overlay_text(text, display="house.yaml").model
    assert "naupaktos" not in model.layout.poleis
