"""Runs of bot games from the CLI: Ctrl-C keeps the finished games and exits 130, `--resume`
continues from them, a mismatched log is refused, `simulate` reads in the reader's language."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import polis.balance.runner
import polis.simulate
from polis.cli.main import app

runner = CliRunner()

SIMULATE = ["simulate", "2e", "--bot", "greedy", "--against", "random", "--seed", "3"]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POLIS_CACHE_DIR", str(tmp_path))
    return tmp_path


def _games_in(path: Path) -> int:
    return len(path.read_text("utf-8").splitlines()) - 1  # less the header


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, n: int) -> None:
    """The module's game function plays `n` games, then Ctrl-C arrives during the next."""
    real = getattr(module, name)
    calls = [0]

    def play(*args: Any) -> Any:
        calls[0] += 1
        if calls[0] > n:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(module, name, play)


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    for key in ("seconds", "actions_per_second", "games_per_second"):
        report.pop(key)
    for bot in report["bots"].values():
        bot.pop("decision_ms")
    return report


def test_ctrl_c_in_simulate_keeps_the_games_and_resume_continues(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = runner.invoke(app, [*SIMULATE, "--games", "6", "--workers", "1", "--json"])
    assert whole.exit_code == 0
    with monkeypatch.context() as patch:
        _interrupt_after(patch, polis.simulate, "_play_task", 2)
        out = runner.invoke(app, [*SIMULATE, "--games", "6", "--workers", "1", "--json"])
    assert out.exit_code == 130
    assert out.stdout == ""  # no report of a run that did not finish
    log = cache / "simulate" / "2e-greedy-random-alternate-s3.jsonl"
    assert f"interrupted: 2 of 6 games kept in {log}" in out.stderr
    assert _games_in(log) == 2
    resumed = runner.invoke(
        app, [*SIMULATE, "--games", "6", "--workers", "1", "--resume", "--json"]
    )
    assert resumed.exit_code == 0
    assert f"resumed: 2 games from {log}" in resumed.stderr
    assert _games_in(log) == 6
    assert _without_timings(json.loads(resumed.stdout)) == _without_timings(
        json.loads(whole.stdout)
    )


def test_ctrl_c_in_balance_exits_130_and_resume_gives_the_same_record(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["balance", "2e", "--games", "5", "--seed", "2", "--bot", "greedy", "--workers", "1"]
    with monkeypatch.context() as patch:
        _interrupt_after(patch, polis.balance.runner, "_play_task", 3)
        out = runner.invoke(app, [*args, "--json"])
    assert out.exit_code == 130 and out.stdout == ""
    assert "interrupted: 3 of 5 games kept in" in out.stderr
    resumed = runner.invoke(app, [*args, "--resume", "--json"])
    assert resumed.exit_code == 0, resumed.stderr
    fresh = runner.invoke(app, [*args, "--fresh", "--json"])
    figures = [json.loads(r.stdout)["rulesets"][0]["figures"] for r in (resumed, fresh)]
    assert figures[0] == figures[1]
    assert not list((cache / "balance" / "logs").iterdir())  # the record holds the games


def test_a_log_of_other_rules_is_refused(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        _interrupt_after(patch, polis.simulate, "_play_task", 1)
        runner.invoke(app, [*SIMULATE, "--games", "4", "--workers", "1"])
    log = cache / "simulate" / "2e-greedy-random-alternate-s3.jsonl"
    header, *games = log.read_text("utf-8").splitlines()
    pinned = json.loads(header)
    pinned["content_hash"] = "0" * 64
    log.write_text("\n".join([json.dumps(pinned), *games]) + "\n", "utf-8")
    out = runner.invoke(app, [*SIMULATE, "--games", "4", "--workers", "1", "--resume"])
    assert out.exit_code == 1
    assert "the interrupted run was made with other settings (the rules)" in out.stderr
    assert "run without --resume to start again" in out.stderr
    again = runner.invoke(app, [*SIMULATE, "--games", "4", "--workers", "1"])
    assert again.exit_code == 0


TERMINAL_CTRL_C = """import runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.argv = sys.argv[2:]  # [module, its arguments...]: argv[0] becomes the module's file
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
"""


@pytest.mark.timeout(240)
def test_a_real_ctrl_c_stops_the_workers_and_exits_130(cache: Path) -> None:
    env = {**os.environ, "POLIS_CACHE_DIR": str(cache)}
    command = [sys.executable, "-m", "polis.cli.main", *SIMULATE, "--workers", "2"]
    log = cache / "simulate" / "2e-greedy-random-alternate-s3.jsonl"
    # Ctrl-C as in a terminal: a test run started in the background by a shell without job
    # control ignores it, every child inherits that, and the run then never stopped
    in_a_terminal = [sys.executable, "-c", TERMINAL_CTRL_C, *command[1:]]
    proc = subprocess.Popen(
        [*in_a_terminal, "--games", "100000"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 180
        while not (log.is_file() and _games_in(log) >= 3) and time.monotonic() < deadline:
            time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, stderr
    kept = _games_in(log)
    assert f"interrupted: {kept} of 100000 games kept in {log}" in stderr
    assert stdout == "" and "Traceback" not in stderr
    done = subprocess.run(
        [*command, "--games", str(kept + 2), "--resume", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    assert f"resumed: {kept} games" in done.stderr
    assert [g["seed"] for g in json.loads(done.stdout)["per_game"]] == list(range(3, kept + 5))


def test_simulate_speaks_the_readers_language(cache: Path) -> None:
    out = runner.invoke(app, [*SIMULATE, "--games", "4", "--workers", "1", "--lang", "de"])
    assert out.exit_code == 0
    text = out.stdout
    assert "4 Partien" in text and "Siege:" in text  # translated, numbers the German way
    assert "{" not in text and "mean_score" not in text
    english = runner.invoke(app, [*SIMULATE, "--games", "4", "--workers", "1"]).stdout
    assert english != text and "Wins:" in english


def test_simulate_json_stays_as_it_was(cache: Path) -> None:
    out = runner.invoke(app, [*SIMULATE, "--games", "2", "--workers", "1", "--json"])
    data = json.loads(out.stdout)
    assert {"ruleset", "games", "planned", "interrupted", "wins", "win_rate", "bots"} <= set(data)
    assert data["planned"] == 2 and data["interrupted"] is False
