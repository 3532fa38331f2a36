"""The compiled engine (mypyc) and the pure-Python one: both run, and never a stale build.

The suite normally runs against whatever this machine built (`./run` compiles the
engine when a C compiler is there). The pure-Python engine is covered too: when the
compiled one is in use here, the golden playthroughs and the property tests run again
in a subprocess with POLIS_PURE_PYTHON=1.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from polis import native
from tests.conftest import ROOT

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _engine_files() -> dict[str, str]:
    import polis.bots  # with the engine below: every module of the hot path
    import polis.engine  # noqa: F401

    return {m: str(sys.modules[m].__file__) for m in native.MODULES}


def test_engine_modules_match_the_mode() -> None:
    files = _engine_files()
    state = native.status()
    if os.environ.get(native.PURE_ENV, "") not in ("", "0"):
        assert not state["compiled"]
    if state["compiled"]:
        assert all(f.endswith(SUFFIX) for f in files.values()), files
        assert set(state["active"]) == set(native.MODULES)
    else:
        assert all(f.endswith(".py") for f in files.values()), files
        assert state["active"] == []


def _fake_build(folder: Path, **changes: object) -> Path:
    """A build folder whose stamp matches the source now, then `changes` applied to it."""
    files = {m: f"{m.replace('.', '/')}{SUFFIX}" for m in native.MODULES}
    for rel in files.values():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(b"not really compiled")
    stamp = {
        "interpreter": native.interpreter_tag(),
        "sources": native.source_hashes(),
        "files": files,
    } | changes
    (folder / native.STAMP).write_text(json.dumps(stamp), "utf-8")
    return folder


def test_a_matching_build_is_used(tmp_path: Path) -> None:
    files, reason = native.check(_fake_build(tmp_path))
    assert reason == "compiled" and set(files) == set(native.MODULES)


def test_no_build_means_pure_python(tmp_path: Path) -> None:
    assert native.check(tmp_path) == ({}, "not built")


def test_an_edited_source_makes_the_build_stale(tmp_path: Path) -> None:
    sources = native.source_hashes() | {"polis.engine.board": "0" * 64}
    files, reason = native.check(_fake_build(tmp_path, sources=sources))
    assert files == {} and reason.startswith("stale") and "polis.engine.board" in reason


def test_a_build_that_holds_a_module_no_longer_compiled_is_stale(tmp_path: Path) -> None:
    # e.g. a module taken off the list: its old compiled file must not be served
    old = {"polis.bots.greedy": f"polis/bots/greedy{SUFFIX}"}
    files = {m: f"{m.replace('.', '/')}{SUFFIX}" for m in native.MODULES} | old
    folder = _fake_build(tmp_path, files=files)
    (folder / old["polis.bots.greedy"]).write_bytes(b"an old build")
    found, reason = native.check(folder)
    assert found == {} and reason.startswith("stale")


def test_a_build_for_another_python_is_not_used(tmp_path: Path) -> None:
    other = {"cache_tag": "cpython-399", "extension_suffix": ".cpython-399.so"}
    files, reason = native.check(_fake_build(tmp_path, interpreter=other))
    assert files == {} and "another Python" in reason


def test_a_missing_compiled_file_is_not_used(tmp_path: Path) -> None:
    folder = _fake_build(tmp_path)
    (folder / f"polis/engine/turns{SUFFIX}").unlink()
    files, reason = native.check(folder)
    assert files == {} and reason.startswith("incomplete")


def test_a_stale_build_warns_and_runs_pure_python(tmp_path: Path) -> None:
    sources = native.source_hashes() | {"polis.engine.turns": "0" * 64}
    folder = _fake_build(tmp_path, sources=sources)
    env = {**os.environ, native.DIR_ENV: str(folder)}
    env.pop(native.PURE_ENV, None)
    code = "import polis.engine.turns as t, polis.native as n; print(t.__file__, n.status())"
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.split()[0].endswith("turns.py")
    assert "stale" in result.stdout
    assert "not using the compiled engine" in result.stderr
    assert "polis.engine.turns" in result.stderr


@pytest.mark.slow
def test_the_pure_python_engine_plays_the_same_games() -> None:
    if not native.status()["compiled"]:
        pytest.skip("this run already uses the pure-Python engine")
    env = {**os.environ, native.PURE_ENV: "1"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:cacheprovider",
            "tests/test_native.py::test_engine_modules_match_the_mode",
            "tests/engine/test_playthroughs.py",
            "tests/engine/test_properties.py",
            "tests/engine/test_facts.py",
            "tests/engine/test_tables.py",
            "tests/engine/test_proxenos_routes.py",
            "tests/bots/test_search_golden.py",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_a_module_edited_after_start_loads_from_its_source(tmp_path: Path) -> None:
    compiled = tmp_path / f"rng{SUFFIX}"
    current = native.source_hashes()["polis.engine.rng"]
    finder = native._CompiledFinder({"polis.engine.rng": compiled}, {"polis.engine.rng": current})
    spec = finder.find_spec("polis.engine.rng", None)
    assert spec is not None and spec.origin == str(compiled)
    finder.sources["polis.engine.rng"] = "0" * 64  # as if the file changed since the start
    with pytest.warns(RuntimeWarning, match="polis.engine.rng changed"):
        assert finder.find_spec("polis.engine.rng", None) is None
    assert finder.find_spec("polis.engine.flow", None) is None  # not one of its modules
