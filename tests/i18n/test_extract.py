"""The rules-data extractor: which fields, which context, which comment, which line."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

from polis.i18n.extract import extract_rules_data

EDITION = """\
id: 9e
title: Polis, ninth edition
src: {book: pl, section: "1"}
goods:
  metal:
    name: Iron
    src: {book: pl, section: "2"}
rounds:
  - id: alpha
    label: Alpha
    stacking_limit: 3
decisions:
  - id: retreat_payment
    question: Who is paid?
    decision: The opponent.
    reason: Both books agree.
"""

RULES = """\
id: overview
title: Overview
sections:
  - id: overview.aim
    title: Aim of the game
    text: |
      Win with {athens}.
"""


def run(path: Path, text: str, options: dict[str, str] | None = None) -> list[object]:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    with path.open("rb") as fh:
        return list(extract_rules_data(fh, [], [], options or {}))


def test_edition_fields_with_data_paths_as_context(tmp_path: Path) -> None:
    got = run(tmp_path / "rules_data" / "editions" / "9e" / "ruleset.yaml", EDITION)
    where = "(rules_data/editions/9e/ruleset.yaml)"
    assert got == [
        (2, "pgettext", ("9e:title", "Polis, ninth edition"), [f"9e title {where}"]),
        (6, "pgettext", ("9e:goods.metal.name", "Iron"), [f"9e goods.metal.name {where}"]),
        (10, "pgettext", ("9e:rounds.alpha.label", "Alpha"), [f"9e rounds.alpha.label {where}"]),
        (
            14,
            "pgettext",
            ("9e:decisions.retreat_payment.question", "Who is paid?"),
            [f"9e decisions.retreat_payment.question {where}"],
        ),
        (
            15,
            "pgettext",
            ("9e:decisions.retreat_payment.decision", "The opponent."),
            [f"9e decisions.retreat_payment.decision {where}"],
        ),
        (
            16,
            "pgettext",
            ("9e:decisions.retreat_payment.reason", "Both books agree."),
            [f"9e decisions.retreat_payment.reason {where}"],
        ),
    ]


def test_keys_option_chooses_the_fields(tmp_path: Path) -> None:
    got = run(
        tmp_path / "rules_data" / "editions" / "9e" / "ruleset.yaml", EDITION, {"keys": "label"}
    )
    assert [m[2] for m in got] == [("9e:rounds.alpha.label", "Alpha")]  # type: ignore[index]


def test_rule_chapter_sections(tmp_path: Path) -> None:
    got = run(tmp_path / "rules_data" / "rules" / "01-overview.yaml", RULES)
    assert [m[2] for m in got] == [  # type: ignore[index]
        ("rules:overview:chapter", "Overview"),
        ("rules:overview.aim:title", "Aim of the game"),
        ("rules:overview.aim:text", "Win with {athens}.\n"),
    ]


def test_sources_are_never_extracted(tmp_path: Path) -> None:
    got = run(tmp_path / "rules_data" / "editions" / "9e" / "ruleset.yaml", EDITION)
    assert all("src" not in m[2][0] for m in got)  # type: ignore[index]


def test_registered_as_a_babel_extractor() -> None:
    found = {e.name: e.value for e in entry_points(group="babel.extractors")}
    assert found.get("polis_rules") == "polis.i18n.extract:extract_rules_data"
