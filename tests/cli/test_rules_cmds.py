from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from polis.cli.main import app

runner = CliRunner()


def test_list_json_names_every_shipped_ruleset() -> None:
    result = runner.invoke(app, ["list", "--json"])
    assert result.exit_code == 0
    rows = {r["id"]: r for r in json.loads(result.stdout)}
    assert set(rows) == {"1e", "2e", "1e-corinthian-war", "1e-second-peloponnesian-war"}
    assert rows["2e"]["kind"] == "edition" and rows["2e"]["rounds"] == 3
    assert rows["1e-corinthian-war"]["extends"] == "1e"
    assert 0 < rows["2e"]["provenance"]["sourced_share"] < 1


def test_list_text() -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) == 4 and "% sourced" in result.stdout


def test_validate_all_and_one_file() -> None:
    assert runner.invoke(app, ["validate"]).exit_code == 0
    one = runner.invoke(app, ["validate", "rules_data/editions/2e/board.yaml"])
    assert one.exit_code == 0 and one.stdout == "2e: valid\n"


def test_compile_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "2e.json"
    result = runner.invoke(app, ["compile", "2e", "--out", str(out)])
    assert result.exit_code == 0
    data = json.loads(out.read_text("utf-8"))
    assert data["id"] == "2e" and len(data["content_hash"]) == 64
    assert data["config"]["rounds"][2]["stacking_limit"] == 5
    assert data["provenance"]["by_category"]["poleis"]["sourced"] == 9


def test_compile_to_stdout_and_unknown_id() -> None:
    assert json.loads(runner.invoke(app, ["compile", "1e"]).stdout)["id"] == "1e"
    bad = runner.invoke(app, ["compile", "3e"])
    assert bad.exit_code == 1 and "no ruleset or rules file called '3e'" in bad.stderr


def test_schema_check() -> None:
    assert runner.invoke(app, ["schema", "--check"]).exit_code == 0


def test_diff_unknown_language() -> None:
    result = runner.invoke(app, ["diff", "1e", "2e", "--lang", "xx"])
    assert result.exit_code == 2 and "unknown language 'xx'" in result.stderr
