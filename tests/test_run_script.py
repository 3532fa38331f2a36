"""The `run` script's own logic: the port it announces and when it installs, run in bash
with pip and the build replaced (nothing is installed)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT


def bash(script: str, cwd: Path = ROOT) -> str:
    """`script` run after the run script's functions (its `case` is not run)."""
    functions = (ROOT / "run").read_text("utf-8").split('\ncmd="${1:-}"')[0]
    functions = functions.replace('cd "$(dirname "$0")"', "")
    done = subprocess.run(
        ["bash", "-c", functions + "\n" + script],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    return done.stdout


@pytest.mark.parametrize(
    ("args", "port"),
    [
        ("", "8501"),
        ("--server.port 9000", "9000"),
        ("--x y --server.port=9100 --z", "9100"),
    ],
)
def test_the_banner_names_the_port_given(args: str, port: str) -> None:
    assert bash(f"app_port {args}").strip() == port
    assert bash(f"STREAMLIT_SERVER_PORT=7000 app_port {args}").strip() == (port if args else "7000")


def test_the_app_after_setup_installs_nothing(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", "utf-8")
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    for tool in ("python", "polis"):  # stand-ins: say what they were asked, install nothing
        (venv / tool).write_text(f'#!/bin/bash\necho "{tool} $*"\n', "utf-8")
        (venv / tool).chmod(0o755)
    setup = bash("ensure_venv app,test", cwd=tmp_path)
    assert "pip install --quiet -e .[app,test]" in setup
    assert "pip" not in bash("ensure_venv app", cwd=tmp_path)  # after setup: no install
    assert "pip" not in bash("ensure_venv app,test", cwd=tmp_path)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'y'\n", "utf-8")
    assert "pip install --quiet -e .[app]" in bash("ensure_venv app", cwd=tmp_path)
