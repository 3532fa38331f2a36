"""Sensitivity runs: which estimated values are moved, how, and what a run reports."""

from __future__ import annotations

from polis.balance import lab
from polis.balance.sensitivity import (
    Leaf,
    estimated_leaves,
    group_leaves,
    moved,
    overlay_text,
    run_sensitivity,
)
from polis.balance.settings import Group, SensitivitySettings, settings
from polis.compiler import compile_loaded
from polis.rules.loader import load_overlay_text, load_ruleset


def test_estimated_numbers_are_found_and_sourced_ones_are_not() -> None:
    leaves = {leaf.path: leaf.value for leaf in estimated_leaves(load_ruleset("1e").model)}
    assert leaves["setup.athens.goods.metal"] == 4  # 4 in the Czech book, 3 in the Italian
    assert "setup.athens.goods.wood" not in leaves  # sourced
    assert "projects.socrates.cost.silver" not in leaves  # sourced
    assert leaves["projects.democritus.end_prestige"] == 2  # printed only on the tile


def test_groups_follow_the_settings_order_and_bound() -> None:
    rs = load_ruleset("1e").model
    conf = settings().sensitivity
    groups = group_leaves(rs, conf)
    assert 0 < len(groups) <= conf.max_groups
    order = [g.id for g in conf.groups]
    assert [g for g, _ in groups] == [g for g in order if g in dict(groups)]
    athens = dict(groups)["athens_start"]
    assert all(leaf.record == "setup.athens" for leaf in athens)


def test_a_value_is_never_pushed_to_zero_or_below() -> None:
    leaves = [Leaf("a.b", "x", None, 1), Leaf("a.b", "y", None, 0), Leaf("a.b", "z", "k", 3)]
    assert [(leaf.field, new) for leaf, new in moved(leaves, -1)] == [("z", 2)]
    assert [new for _, new in moved(leaves, +1)] == [2, 1, 4]


def test_the_overlay_changes_the_value_and_the_discrepancy_follows() -> None:
    rs = load_ruleset("1e").model
    metal = next(x for x in estimated_leaves(rs) if x.path == "setup.athens.goods.metal")
    loaded = load_overlay_text(overlay_text(rs, "athens_start", 1, [(metal, 5)]), display="t")
    assert loaded.model.setup["athens"].goods["metal"] == 5
    assert loaded.model.discrepancies["athens_start_metal"].used == 5
    cfg = compile_loaded(loaded).config
    metal_index = cfg.goods.index("metal")
    assert cfg.setup[0].goods[metal_index] == 5


def test_a_small_sensitivity_run_reports_paired_rates() -> None:
    base = lab.measure("2e", 4, 3, "random", reuse=False).record
    conf = SensitivitySettings(
        games=4, max_groups=1, groups=[Group(id="project_prestige", fields=["projects.*.prestige"])]
    )
    section = run_sensitivity(
        load_ruleset("2e").model, base.sample, conf, seed=3, bot="random", level=None
    )
    assert section["games"] == 4
    assert [(v["group"], v["step"]) for v in section["variants"]] == [
        ("project_prestige", -1),
        ("project_prestige", 1),
    ]
    for v in section["variants"]:
        assert v["test"] == "mcnemar" and v["games"] == 4
        assert 0 <= v["p"] <= v["p_adjusted"] <= 1
        assert v["rate_before"] == sum(w == "athens" for w in base.sample.winner) / 4
        assert v["changed"] and all(c["to"] - c["from"] == v["step"] for c in v["changed"])
