from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from polis.cli.main import app
from polis.compiler import compile_ruleset
from polis.engine.record import Record

runner = CliRunner()


def test_new_text_and_json() -> None:
    text = runner.invoke(app, ["new", "2e", "--seed", "3"])
    assert text.exit_code == 0 and "Sparta to play" in text.stdout and "Choices:" in text.stdout
    data = json.loads(runner.invoke(app, ["new", "1e", "--seed", "3", "--json"]).stdout)
    assert data["ruleset"] == "1e" and data["round"] == "three"


def test_new_in_another_language() -> None:
    assert runner.invoke(app, ["new", "2e", "--lang", "pl"]).exit_code == 0


def test_replay(tmp_path: Path) -> None:
    compiled = compile_ruleset("2e")
    rec = Record("2e", compiled.content_hash, 3, [["pass"], ["pass"]])
    path = tmp_path / "game.json"
    path.write_text(rec.dumps(), "utf-8")
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0 and "End of the round" in out.stdout
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    assert data["sides"]["sparta"]["passed"] in (True, False)


def test_replay_of_a_broken_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{}", "utf-8")
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 1 and "not a Polis game record" in out.stderr
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert missing.exit_code == 1


def test_simulate_json() -> None:
    out = runner.invoke(
        app,
        [
            "simulate",
            "1e",
            "--games",
            "5",
            "--seed",
            "2",
            "--bot",
            "greedy",
            "--against",
            "random",
            "--json",
        ],
    )
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    assert data["games"] == 5 and data["errors"] == 0
    assert sum(data["wins"].values()) == 5 and data["actions"] > 0


def test_simulate_unknown_bot() -> None:
    out = runner.invoke(app, ["simulate", "1e", "--bot", "oracle"])
    assert out.exit_code == 1 and "unknown bot" in out.stderr


def test_bench_reports_every_figure() -> None:
    out = runner.invoke(app, ["bench", "--seconds", "0.2", "--json"])
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    assert {row["ruleset"] for row in data["engine"]} >= {"1e", "2e"}
    row = data["engine"][0]
    assert row["actions"] > 0 and row["legal_actions_p99_us"] >= row["legal_actions_p50_us"] > 0
    assert data["python_chess_actions_per_second"] > 0
    assert data["compile"]["cold_ms"] > 0
