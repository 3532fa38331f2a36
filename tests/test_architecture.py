"""The engine's shape (issue 31): one public face, and no import circle inside it.

The face rule is ruff's `flake8-tidy-imports.banned-api` (pyproject.toml): every
engine module is banned outside `polis/engine/` and the tests, so `ruff check .`
refuses an internal import wherever a developer runs it, with a message saying
what to import instead. The acyclic rule is an import-linter contract
(`acyclic_siblings` over `polis.engine`), read from the same pyproject.toml.
Both run here, so CI (`./run tests`) keeps them.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def _ruff(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--config", str(PYPROJECT), *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def _banned() -> set[str]:
    config = tomllib.loads(PYPROJECT.read_text("utf-8"))
    return set(config["tool"]["ruff"]["lint"]["flake8-tidy-imports"]["banned-api"])


def test_every_engine_module_is_behind_the_face() -> None:
    modules = {
        f"polis.engine.{path.stem}"
        for path in (ROOT / "polis" / "engine").glob("*.py")
        if path.stem != "__init__"
    }
    assert _banned() == modules, "list each engine module under banned-api in pyproject.toml"


def test_nothing_outside_the_engine_imports_its_internals() -> None:
    result = _ruff("--select", "TID251", "polis", "app_pages", "app.py")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("where", "refused"),
    [
        ("polis/app/probe.py", True),
        ("app_pages/probe.py", True),
        ("polis/bots/probe.py", True),
        ("polis/engine/probe.py", False),  # the engine's own modules import each other
        ("tests/engine/probe.py", False),  # tests may reach internals
    ],
)
@pytest.mark.parametrize(
    "line",
    [
        "from polis.engine.state import State\n",
        "from polis.engine import flow\n",
        "import polis.engine.board\n",
    ],
)
def test_the_face_rule_refuses_an_internal_import(where: str, refused: bool, line: str) -> None:
    result = _ruff("--select", "TID251", "--stdin-filename", where, "-", stdin=line)
    assert (result.returncode != 0) == refused, result.stdout
    if refused:
        assert "import from polis.engine, its one face" in result.stdout


def test_the_face_itself_is_allowed() -> None:
    line = "from polis.engine import State, apply, legal_actions\n"
    result = _ruff("--select", "TID251", "--stdin-filename", "polis/app/probe.py", "-", stdin=line)
    assert result.returncode == 0, result.stdout


def lint_imports(config: Path) -> int:
    """import-linter's check of the contracts in `config` (imported when a test runs it:
    importing it took 0.1 to 0.3 s of every collection)."""
    from importlinter.cli import lint_imports as lint

    return lint(config_filename=str(config), no_cache=True, no_logo=True)


def test_the_engine_has_no_import_circle() -> None:
    assert lint_imports(PYPROJECT) == 0


def test_the_acyclic_contract_finds_a_circle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same contract, on a package whose two modules import each other, is broken."""
    package = tmp_path / "circled"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "a.py").write_text("from circled.inner import b\n")
    (package / "inner" / "b.py").write_text("def f():\n    from circled.inner import a\n")
    config = tmp_path / "pyproject.toml"
    config.write_text(
        textwrap.dedent(
            """
            [tool.importlinter]
            root_package = "circled"

            [[tool.importlinter.contracts]]
            id = "acyclic"
            name = "acyclic"
            type = "acyclic_siblings"
            ancestors = ["circled.inner"]
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert lint_imports(config) != 0
