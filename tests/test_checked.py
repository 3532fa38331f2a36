"""Verdicts remembered by the bytes of a ruleset's files and the code: an edit is checked afresh."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from polis import checked
from polis.cli.main import app
from polis.summaries import ruleset_summaries

runner = CliRunner()

OVERLAY = """id: rich-athens
title: Rich Athens
kind: variant
description: Athens starts with more silver.
src: {estimate: "a test"}
extends: 2e
override:
  setup:
    athens:
      goods: {silver: 6}
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POLIS_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


def test_a_verdict_is_kept_for_the_very_bytes(cache: Path) -> None:
    overlay = cache / "rich.yaml"
    overlay.write_text(OVERLAY, "utf-8")
    assert checked.recall("valid", overlay) is None
    checked.remember("valid", overlay, "rich-athens")
    assert checked.recall("valid", overlay) == "rich-athens"
    overlay.write_text(OVERLAY.replace("6", "7"), "utf-8")
    assert checked.recall("valid", overlay) is None


def test_validate_checks_an_edited_file_again(cache: Path) -> None:
    overlay = cache / "rich.yaml"
    overlay.write_text(OVERLAY, "utf-8")
    first = runner.invoke(app, ["validate", str(overlay)])
    assert first.exit_code == 0 and "rich-athens: valid" in first.stdout
    assert checked.recall("valid", overlay) == "rich-athens"
    again = runner.invoke(app, ["validate", str(overlay)])
    assert again.exit_code == 0 and again.stdout == first.stdout
    overlay.write_text(OVERLAY.replace("silver: 6", "silver: lots"), "utf-8")
    broken = runner.invoke(app, ["validate", str(overlay)])
    assert broken.exit_code == 1
    assert "rich.yaml:10:" in broken.stderr  # the problem, with its line, not a stale verdict
    assert checked.recall("valid", overlay) is None  # a refusal is never remembered


def test_the_list_is_the_same_from_memory(cache: Path) -> None:
    fresh = ruleset_summaries()
    assert all(checked.recall("summaries", row["id"]) == row for row in fresh)
    assert ruleset_summaries() == fresh
