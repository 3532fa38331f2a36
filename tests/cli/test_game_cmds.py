from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

import polis.bench
from polis.cli.main import app
from polis.compiler import compile_ruleset
from polis.engine import apply, new_game
from polis.engine.record import Record
from polis.engine.state_json import to_json
from tests.conftest import ROOT

runner = CliRunner()


def test_new_text_and_json() -> None:
    text = runner.invoke(app, ["new", "2e", "--seed", "3"])
    assert text.exit_code == 0 and "Sparta to play" in text.stdout and "Choices:" in text.stdout
    data = json.loads(runner.invoke(app, ["new", "1e", "--seed", "3", "--json"]).stdout)
    assert data["ruleset"] == "1e" and data["round"] == "three"


def test_new_in_another_language() -> None:
    with (ROOT / "locales" / "pl" / "LC_MESSAGES" / "polis.po").open("rb") as fh:
        polish = read_po(fh, locale="pl")
    name = polish.get("Create Hoplites", context="2e:actions.create_hoplites.name")
    assert name is not None and name.string and name.string != "Create Hoplites"
    out = runner.invoke(app, ["new", "2e", "--lang", "pl"])
    assert out.exit_code == 0
    assert name.string in out.stdout and "Create Hoplites" not in out.stdout
    assert "Create Hoplites" in runner.invoke(app, ["new", "2e"]).stdout


def test_replay(tmp_path: Path) -> None:
    compiled = compile_ruleset("2e")
    rec = Record("2e", compiled.content_hash, 3, [["pass"], ["pass"]])
    path = tmp_path / "game.json"
    path.write_text(rec.dumps(), "utf-8")
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0 and "End of the round" in out.stdout
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    start = new_game(compiled.config, 3)
    direct = apply(apply(start, ("pass",)), ("pass",))
    expected = json.loads(json.dumps(to_json(direct)))
    assert data == expected and expected != json.loads(json.dumps(to_json(start)))


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
    # every game draws an event card each round it plays; each draw is counted once
    games = data["per_game"]
    assert [g["seed"] for g in games] == [2, 3, 4, 5, 6]
    draws = data["events_drawn"]
    assert sum(d["draws"] for d in draws.values()) == sum(len(g["events"]) for g in games)
    for deck, counts in draws.items():
        assert counts["draws"] == sum(counts["cards"].values()) + counts["unnamed"]
        assert counts["draws"] == sum(e["deck"] == deck for g in games for e in g["events"])
    assert draws["three"]["draws"] == 5  # the first round's deck, once per game
    assert data["battles"] == sum(g["battles"] for g in games)
    assert data["cap_cuts"] == sum(g["cap_cuts"] for g in games)


def test_simulate_unknown_bot() -> None:
    out = runner.invoke(app, ["simulate", "1e", "--bot", "oracle"])
    assert out.exit_code == 1 and "unknown bot" in out.stderr


FIGURES = {
    "engine": [
        {
            "ruleset": "1e",
            "games": 11,
            "actions": 4321,
            "seconds": 0.5,
            "actions_per_second": 8642,
            "games_per_second": 22.5,
            "legal_actions_p50_us": 17.3,
            "legal_actions_p99_us": 91.7,
        },
        {
            "ruleset": "2e",
            "games": 13,
            "actions": 5111,
            "seconds": 0.5,
            "actions_per_second": 10222,
            "games_per_second": 26.1,
            "legal_actions_p50_us": 19.9,
            "legal_actions_p99_us": 88.4,
        },
    ],
    "python_chess_actions_per_second": 2000,
    "compile": {
        "rulesets": ["1e", "2e"],
        "cold_ms": 812.5,
        "disk_cached_ms": 64.2,
        "memory_cached_ms": 0.031,
        "repeat": 5,
    },
    "python": "3.12.0",
    "machine": "x86_64",
}


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """`bench_all` replaced by fixed figures (speed is measured in tests/benchmarks only)."""
    asked: list[float] = []

    def bench_all(seconds: float = 3.0) -> dict[str, Any]:
        asked.append(seconds)
        return copy.deepcopy(FIGURES)

    monkeypatch.setattr(polis.bench, "bench_all", bench_all)
    return asked


def test_bench_json_is_every_figure(measured: list[float]) -> None:
    out = runner.invoke(app, ["bench", "--seconds", "0.2", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout) == FIGURES
    assert measured == [0.2]


def test_bench_text_shows_every_figure(measured: list[float]) -> None:
    out = runner.invoke(app, ["bench"])
    assert out.exit_code == 0 and measured == [3.0]
    lines = out.stdout.splitlines()
    for row in FIGURES["engine"]:
        (line,) = [line for line in lines if line.startswith(row["ruleset"] + " ")]
        assert f"{row['actions_per_second']} actions/s" in line
        ratio = row["actions_per_second"] / FIGURES["python_chess_actions_per_second"]
        assert f"({ratio:.2f}× python-chess)" in line
        assert f"{row['games_per_second']} games/s" in line
        assert f"p50 {row['legal_actions_p50_us']} µs" in line
        assert f"p99 {row['legal_actions_p99_us']} µs" in line
    assert "python-chess random playouts: 2000 actions/s" in out.stdout
    assert "cold 812.5 ms, disk-cached 64.2 ms, in memory 0.031 ms" in out.stdout


def test_bench_text_without_python_chess(monkeypatch: pytest.MonkeyPatch) -> None:
    figures = copy.deepcopy(FIGURES) | {"python_chess_actions_per_second": None}
    monkeypatch.setattr(polis.bench, "bench_all", lambda seconds: figures)
    out = runner.invoke(app, ["bench"])
    assert out.exit_code == 0 and "8642 actions/s," in out.stdout
    assert "× python-chess" not in out.stdout


def test_unknown_language_is_a_usage_error() -> None:
    for command in (["new", "2e", "--lang", "xx"], ["replay", "nothing.json", "--lang", "xx"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2 and "unknown language 'xx'" in result.stderr
