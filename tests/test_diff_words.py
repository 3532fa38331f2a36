"""Every difference in the reader's words: labels for every field and keyword of the model."""

from __future__ import annotations

import typing
from pathlib import Path

import pydantic
from typer.testing import CliRunner

from polis.cli.main import app
from polis.compiler.provenance import provenance_report
from polis.diff import IGNORED_SECTIONS
from polis.i18n.vocabulary import FIELD_LABELS, VALUE_LABELS
from polis.rules import models
from polis.rules.loader import load_ruleset

SKIPPED_FIELDS = {"src", "estimates", "id", "title", "description", "extends", "kind"}
# the ruleset's own header and its notes on sources are not rules a change is about
SKIPPED_MODELS = {"Source", "PartialEstimate", "Reading", "Discrepancy", "Decision"}


def _walk(tp: object, seen: set[str], fields: set[str], keywords: set[str]) -> None:
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        keywords.update(str(v) for v in typing.get_args(tp))
        return
    if origin is not None or typing.get_args(tp):
        for arg in typing.get_args(tp):
            _walk(arg, seen, fields, keywords)
        return
    if isinstance(tp, type) and issubclass(tp, pydantic.BaseModel):
        if tp.__name__ in seen or tp.__name__ in SKIPPED_MODELS:
            return
        seen.add(tp.__name__)
        for name, info in tp.model_fields.items():
            if name not in SKIPPED_FIELDS:
                fields.add(name)
            _walk(info.annotation, seen, fields, keywords)
            for meta in info.metadata:  # discriminated unions keep their members here
                _walk(meta, seen, fields, keywords)


def test_every_field_and_keyword_of_the_model_has_a_label() -> None:
    fields: set[str] = set()
    keywords: set[str] = set()
    # the sections a diff never reports (the board drawing, the header) need no labels
    for name, info in models.Ruleset.model_fields.items():
        if name not in IGNORED_SECTIONS:
            _walk(info.annotation, set(), fields, keywords)
    _walk(models.EventCard.model_fields["effects"].annotation, set(), fields, keywords)
    # sections are topics (polis.diff.TOPICS); actions are named by their own names
    top = set(models.Ruleset.model_fields) | set(models.Actions.model_fields)
    assert not (fields - top - set(FIELD_LABELS)), sorted(fields - top - set(FIELD_LABELS))
    # sides and editions are named by their own names and titles, not by keyword labels
    named = {"athens", "sparta", "1e", "2e"}
    assert not (keywords - named - set(VALUE_LABELS)), sorted(keywords - set(VALUE_LABELS))


def test_german_diff_has_no_raw_paths_or_english_values() -> None:
    out = CliRunner().invoke(app, ["diff", "1e", "2e", "--lang", "de"]).stdout
    lines = [line for line in out.splitlines() if line.strip()]
    raw = [line for line in lines if "[" in line or "_" in line or "True" in line or "'" in line]
    assert not raw, raw
    assert "  ~ Sparta › Galeeren › Myrtoon Pelagos: 1 → 2" in lines
    assert "  ~ Proxenos auslösen › kostet eine Aktion: ja → nein" in lines
    # "Move Proxenos" and "Move the Proxenos" are one name in German: no difference for this reader
    assert "Proxenos bewegen → Proxenos bewegen" not in out


def test_an_overlays_changed_records_are_not_sourced_from_the_books(tmp_path: Path) -> None:
    overlay = tmp_path / "rich.yaml"
    overlay.write_text(
        "id: rich\ntitle: Rich\nkind: variant\ndescription: more wheat\n"
        'src: {estimate: "a house rule"}\nextends: 2e\n'
        "override:\n  setup:\n    athens:\n      goods: {wheat: 9}\n",
        "utf-8",
    )
    facts = {f.path: f for f in provenance_report(load_ruleset(overlay).model).facts}
    assert facts["setup.athens"].status == "estimated"
    assert facts["setup.athens"].source == "estimate: a house rule"
    assert facts["setup.sparta"].status == "sourced"  # untouched, still the book's


def test_list_titles_in_the_readers_language() -> None:
    out = CliRunner().invoke(app, ["list", "--lang", "de"]).stdout
    assert "Szenario 1: Der Korinthische Krieg" in out and "Szenario" in out
    assert "Scenario 1" not in out
