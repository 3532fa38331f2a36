"""Overlay semantics: override merges, !replace swaps, add inserts, remove drops."""

from __future__ import annotations

import pytest

from polis.rules.issues import RulesError
from polis.rules.loader import load_overlay_text, load_ruleset

HEADER = """\
id: house
title: House rule
kind: variant
description: A test overlay.
src: {printed: "my copy of the board"}
extends: 2e
"""


def test_override_merges_into_existing_records() -> None:
    rs = load_overlay_text(
        HEADER + "override:\n  poleis:\n    thebai:\n      max_population: 6\n",
        display="house.yaml",
    ).model
    assert rs.poleis["thebai"].max_population == 6
    assert rs.poleis["thebai"].base_population == 3  # untouched keys keep the base values
    assert rs.id == "house" and rs.extends == "2e"


def test_replace_swaps_a_mapping_wholesale() -> None:
    text = HEADER + "override:\n  setup:\n    sparta:\n      galleys: !replace {ionion: 3}\n"
    rs = load_overlay_text(text, display="house.yaml").model
    assert rs.setup["sparta"].galleys == {"ionion": 3}


def test_plain_override_of_a_value_map_merges() -> None:
    text = HEADER + "override:\n  setup:\n    sparta:\n      galleys: {ionion: 3}\n"
    rs = load_overlay_text(text, display="house.yaml").model
    assert rs.setup["sparta"].galleys == {"ionion": 3, "myrtoon": 2}


def test_sources_are_replaced_not_merged() -> None:
    text = HEADER + "override:\n  storage:\n    src: {printed: rulebook p. 21}\n"
    rs = load_overlay_text(text, display="house.yaml").model
    assert rs.storage.src.printed == "rulebook p. 21" and rs.storage.src.book is None


def test_an_estimate_can_be_replaced_by_a_printed_value() -> None:
    text = HEADER + (
        "override:\n  poleis:\n    gela:\n      ports: [ionion]\n"
        "      estimates: []\n      src: {printed: polis card}\n"
    )
    rs = load_overlay_text(text, display="house.yaml").model
    assert rs.poleis["gela"].provenance == "sourced"


def test_optional_fields_left_at_default_can_be_overridden() -> None:
    text = HEADER.replace("extends: 2e", "extends: 1e-corinthian-war")
    rs = load_overlay_text(text + "override:\n  project_pool: [socrates]\n", display="h.yaml").model
    assert rs.project_pool == ["socrates"]


def test_add_and_remove() -> None:
    text = HEADER + (
        "add:\n  decisions:\n    table_talk:\n      question: q\n      decision: d\n"
        "      reason: r\n      src: {estimate: house}\n"
        "remove: [discrepancies.merchant_cost]\n"
    )
    rs = load_overlay_text(text, display="house.yaml").model
    assert "table_talk" in rs.decisions
    assert "merchant_cost" not in rs.discrepancies


def test_overlays_chain() -> None:
    rs = load_ruleset("1e-corinthian-war").model
    assert [r.label for r in rs.rounds] == ["5α"]
    assert rs.edition == "1e" and rs.extends == "1e"


def test_loop_is_reported(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.yaml").write_text(
        HEADER.replace("extends: 2e", f"extends: {tmp_path / 'b.yaml'}").replace(
            "id: house", "id: a"
        ),
        "utf-8",
    )
    (tmp_path / "b.yaml").write_text(
        HEADER.replace("extends: 2e", f"extends: {tmp_path / 'a.yaml'}").replace(
            "id: house", "id: b"
        ),
        "utf-8",
    )
    with pytest.raises(RulesError, match="extend each other in a loop"):
        load_ruleset(tmp_path / "a.yaml")


def test_replace_tag_is_refused_in_edition_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from polis.rules.yaml_loader import parse

    with pytest.raises(RulesError, match="not allowed outside an overlay file"):
        parse("a: !replace {b: 1}\n", display="x.yaml")


def test_an_uploaded_overlay_may_extend_only_a_shipped_ruleset(tmp_path) -> None:  # type: ignore[no-untyped-def]
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", "utf-8")
    text = f"id: sneaky\ntitle: S\nkind: variant\nextends: {secret}\nsrc: {{estimate: x}}\n"
    with pytest.raises(RulesError) as caught:
        load_overlay_text(text, display="sneaky.yaml")
    (issue,) = caught.value.issues
    assert issue.field == "extends" and "an uploaded overlay extends one of: 1e" in issue.message
    assert "password" not in caught.value.issues[0].format()


def test_an_uploaded_overlay_is_size_limited() -> None:
    text = "id: big\n" + "# padding\n" * 30_000
    with pytest.raises(RulesError) as caught:
        load_overlay_text(text, display="big.yaml")
    assert "may be at most 262,144 bytes" in caught.value.issues[0].message
