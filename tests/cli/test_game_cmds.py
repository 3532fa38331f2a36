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


def _engine_row(ruleset: str, rate: int, ratio: float) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "actions_per_second": rate,
        "ratio_vs_python_chess": ratio,
        "checked_actions_per_second": rate // 2 + 1,
        "ceiling_actions_per_second": rate * 6 + 7,
        "share_of_ceiling": 0.167,
        "games": 11,
        "actions": 4321,
        "mean_game_length": 39.3,
        "first_round_end_share": 0.875,
        "cpu_seconds": 3.01,
        "slices": 30,
    }


FIGURES: dict[str, Any] = {
    "engine": [_engine_row("1e", 86421, 4.32), _engine_row("2e", 102227, 5.11)],
    "python_chess_actions_per_second": 20003,
    "python_chess_slices": 60,
    "decisions": [
        {
            "ruleset": "1e",
            "turn_legal_actions_us": 7.3,
            "turn_states": 249,
            "other_legal_actions_us": 1.9,
            "other_states": 647,
        },
        {
            "ruleset": "2e",
            "turn_legal_actions_us": 6.1,
            "turn_states": 231,
            "other_legal_actions_us": 1.2,
            "other_states": 553,
        },
    ],
    "bots": [
        {
            "bot": "random",
            "ruleset": "1e",
            "decisions_per_second": 233587.7,
            "choice_decisions": 40,
            "choice_p50_ms": 0.0,
            "choice_p95_ms": 0.01,
        },
        {
            "bot": "mcts:normal",
            "ruleset": "2e",
            "decisions_per_second": 9.6,
            "choice_decisions": 41,
            "choice_p50_ms": 104.52,
            "choice_p95_ms": 171.3,
        },
    ],
    "compile": {
        "rulesets": ["1e", "2e"],
        "cold_ms": 812.5,
        "disk_cached_ms": 64.2,
        "memory_cached_ms": 0.031,
        "repeat": 5,
    },
    "method": {"clock": "time.process_time", "slice_seconds": 0.1, "ply_cap": 400},
    "native": {"compiled": True, "reason": "compiled", "modules": [], "active": []},
    "python": "3.12.0",
    "machine": "x86_64",
}


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, list[str] | None]]:
    """`bench_all` replaced by fixed figures (speed is measured in tests/benchmarks only)."""
    asked: list[tuple[float, list[str] | None]] = []

    def bench_all(seconds: float = 3.0, rulesets: list[str] | None = None) -> dict[str, Any]:
        asked.append((seconds, rulesets))
        return copy.deepcopy(FIGURES)

    monkeypatch.setattr(polis.bench, "bench_all", bench_all)
    return asked


def test_bench_json_is_every_figure(measured: list[tuple[float, list[str] | None]]) -> None:
    out = runner.invoke(app, ["bench", "--seconds", "0.2", "--ruleset", "2e", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout) == FIGURES
    assert measured == [(0.2, ["2e"])]


def test_bench_text_shows_every_figure(measured: list[tuple[float, list[str] | None]]) -> None:
    out = runner.invoke(app, ["bench"])
    assert out.exit_code == 0 and measured == [(3.0, None)]
    lines = out.stdout.splitlines()
    assert lines[0].startswith("engine: compiled (mypyc); CPU time, 0.1 s slices interleaved")
    for row in FIGURES["engine"]:
        (line,) = [line for line in lines if line.startswith(row["ruleset"] + " ")]
        figures = [
            row["actions_per_second"],
            f"{row['ratio_vs_python_chess']:.2f}",
            row["checked_actions_per_second"],
            row["ceiling_actions_per_second"],
            "17%",
            "88%",
        ]
        assert line.split()[1:] == [str(f) for f in figures]
    assert "python-chess, same loop: 20003 actions/s" in lines
    assert "legal_actions 2e: turn 6.1 µs, other decisions 1.2 µs" in lines
    assert (
        "bot random on 1e: 233587.7 decisions/s; decisions with a choice: "
        "p50 0.0 ms, p95 0.01 ms (40)" in lines
    )
    assert (
        "bot mcts:normal on 2e: 9.6 decisions/s; decisions with a choice: "
        "p50 104.52 ms, p95 171.3 ms (41)" in lines
    )
    assert "compile all rulesets: cold 812.5 ms, disk-cached 64.2 ms, in memory 0.031 ms" in lines


def test_bench_text_without_python_chess_or_compiled_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    figures = copy.deepcopy(FIGURES) | {"python_chess_actions_per_second": None}
    figures["engine"][0]["ratio_vs_python_chess"] = None
    figures["native"] = {"compiled": False, "reason": "not built", "modules": [], "active": []}
    monkeypatch.setattr(polis.bench, "bench_all", lambda seconds, rulesets: figures)
    out = runner.invoke(app, ["bench"])
    assert out.exit_code == 0
    assert out.stdout.startswith("engine: pure Python (not built);")
    assert "python-chess is not installed: no reference speed" in out.stdout
    (line,) = [line for line in out.stdout.splitlines() if line.startswith("1e ")]
    assert line.split()[1:3] == ["86421", "—"]


def test_bench_of_an_unknown_ruleset_is_a_user_error() -> None:
    out = runner.invoke(app, ["bench", "--ruleset", "no-such-ruleset", "--seconds", "0.01"])
    assert out.exit_code == 1 and "no-such-ruleset" in out.stderr


def test_unknown_language_is_a_usage_error() -> None:
    for command in (["new", "2e", "--lang", "xx"], ["replay", "nothing.json", "--lang", "xx"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2 and "unknown language 'xx'" in result.stderr


def test_fit_weights_writes_a_table_and_checks_it(tmp_path: Path) -> None:
    table = tmp_path / "weights.json"
    out = runner.invoke(
        app, ["fit-weights", "1e-corinthian-war", "--games", "6", "--out", str(table)]
    )
    assert out.exit_code == 0, out.output
    assert "1e-corinthian-war: hold-out log-loss" in out.stdout and "wrote" in out.stdout
    entry = json.loads(table.read_text())["1e-corinthian-war"]
    assert entry["games"] == 6 and entry["positions"] > 0
    assert entry["content_hash"] == compile_ruleset("1e-corinthian-war").content_hash
    check = ["fit-weights", "1e-corinthian-war", "2e", "--check", "--out", str(table)]
    stale = runner.invoke(app, check)
    assert stale.exit_code == 1 and stale.stdout.strip() == "2e: no fitted weights"
    entry["content_hash"] = "0" * 64
    table.write_text(json.dumps({"1e-corinthian-war": entry}))
    stale = runner.invoke(app, check[:2] + check[3:])
    assert stale.exit_code == 1 and "content hash differs" in stale.stdout


def test_the_shipped_fitted_weights_are_up_to_date() -> None:
    out = runner.invoke(app, ["fit-weights", "--check"])
    assert out.exit_code == 0 and "up to date" in out.stdout


def test_fit_weights_refuses_an_unknown_ruleset_in_the_readers_language() -> None:
    out = runner.invoke(app, ["fit-weights", "9e", "--check", "--lang", "de"])
    assert out.exit_code != 0 and "„9e“ ist kein mitgeliefertes Regelwerk" in out.output
