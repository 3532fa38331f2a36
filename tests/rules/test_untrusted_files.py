"""Issue 13: rules files and overlays that used to crash, hang or print a traceback.

Each test names what happened before the fix. Where the old failure killed the
process (the C stack overflow), the command runs in a subprocess.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from polis.cli.main import app
from polis.rules.issues import SHOWN_ISSUES, RulesError
from polis.rules.loader import load_overlay_text
from polis.rules.yaml_loader import MAX_YAML_DEPTH, MAX_YAML_NODES, parse
from tests.conftest import ROOT
from tests.helpers import OVERLAY_HEADER as HEADER

runner = CliRunner()


def refusal(text: str) -> list[str]:
    """The one-line, located messages an overlay earns (it must be refused)."""
    with pytest.raises(RulesError) as caught:
        load_overlay_text(text, display="house.yaml")
    lines = caught.value.lines()
    for line in lines:
        assert "\n" not in line and line.startswith("house.yaml:"), line
    return lines


def deep(levels: int) -> str:
    return HEADER + "override: " + "[" * levels + "]" * levels + "\n"


# ---------------------------------------------------------------- nesting


def test_nesting_is_refused_at_the_first_level_too_deep() -> None:
    text = HEADER + "override:\n  battle: " + "[" * 40 + "]" * 40 + "\n"
    (line,) = refusal(text)
    # "override:" is level 1, the battle value's [ level 2: level 33 is the first refused
    col = len("  battle: ") + MAX_YAML_DEPTH - 1
    assert line.startswith(f"house.yaml:8:{col}: override.battle[0][0]")
    assert line.endswith(f": the YAML is nested more than {MAX_YAML_DEPTH} levels deep")


def test_shipped_files_stay_well_inside_the_nesting_bound() -> None:
    for path in ROOT.glob("rules_data/**/*.yaml"):
        parse(path.read_text("utf-8"), display=str(path), allow_replace=True)


@pytest.mark.parametrize("command", ["validate", "compile"])
def test_thirty_thousand_levels_do_not_kill_the_process(tmp_path: Path, command: str) -> None:
    """PyYAML's C composer overflowed the C stack here: exit 139 (SIGSEGV)."""
    path = tmp_path / "deep.yaml"
    path.write_text(deep(30_000), "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "polis.cli.main", command, str(path), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 1, done.stderr[-500:]
    assert done.stderr.count("\n") == 1
    assert "nested more than 32 levels deep" in done.stderr


def test_an_uploaded_deep_overlay_is_refused_quickly_in_process() -> None:
    (line,) = refusal(deep(30_000))
    assert line.startswith("house.yaml:7:") and "nested more than" in line


def test_a_parser_that_refuses_the_nesting_itself_gives_the_same_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """libyaml in PyYAML 6.0.4 stops at 1,000 levels while scanning ahead, before the first
    events reach the loader: its English-only "not valid YAML: exceeded maximum nesting
    depth" was shown instead of the loader's own refusal."""
    import yaml

    def refusing_parse(text: str, Loader: object) -> None:  # noqa: N803 (PyYAML's name)
        mark = yaml.Mark("house.yaml", 0, 6, 1010, text, 0)
        raise yaml.scanner.ScannerError(
            "while increasing flow level", mark, "exceeded maximum nesting depth", mark
        )

    monkeypatch.setattr(yaml, "parse", refusing_parse)
    (line,) = refusal(deep(2_000))
    assert (
        line
        == f"house.yaml:7:1011: (file): the YAML is nested more than {MAX_YAML_DEPTH} levels deep"
    )


# ---------------------------------------------------------------- numbers and tags


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1" * 5_000, "this number is longer than 24 characters"),  # was ValueError
        ("0x" + "f" * 5_000, "this number is longer than 24 characters"),  # was accepted
        ("0b" + "1" * 20_000, "this number is longer than 24 characters"),
        (":".join(["59"] * 2_000), "this number is longer than 24 characters"),
        ("1" + "0" * 12, "this number is far larger than any rule needs"),
        ("0x" + "f" * 20, "this number is far larger than any rule needs"),
        ("1:0:0:0:0:0:0:0", "this number is far larger than any rule needs"),
        ("!!int 'x'", "this value cannot be read as !!int"),  # was ValueError
        ("!!bool 'maybe'", "this value cannot be read as !!bool"),  # was KeyError
        (".inf", "numbers must be finite"),
        ("!replace 5", "the YAML tag !replace replaces a mapping"),  # was KeyError
    ],
)
def test_numbers_and_tags_that_cannot_be_read(value: str, message: str) -> None:
    (line,) = refusal(HEADER + f"override:\n  battle:\n    threshold: {value}\n")
    assert line.startswith("house.yaml:9:16: override.battle.threshold: "), line
    assert message in line


def test_a_giant_hex_number_never_reaches_compile(tmp_path: Path) -> None:
    """It was reported valid and then crashed `polis compile` and "Use this ruleset"."""
    path = tmp_path / "hex.yaml"
    path.write_text(
        HEADER + "override:\n  battle:\n    threshold: 0x" + "f" * 5_000 + "\n", "utf-8"
    )
    for command in ("validate", "compile"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 1 and "longer than 24 characters" in result.stderr


# ---------------------------------------------------------------- characters and documents


def test_a_control_character_is_placed_where_it_is_on_one_line() -> None:
    """A ReaderError was placed at 1:1 and printed on two lines."""
    (line,) = refusal(HEADER + 'override:\n  battle:\n    threshold: "é\x01"\n')
    assert line == (
        "house.yaml:9:18: (file): the character U+0001 cannot stand in a YAML file "
        "(control characters are not allowed)"
    )


def test_a_nul_byte_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "nul.yaml"
    path.write_bytes(HEADER.encode() + b"override: {battle: {threshold: \x00}}\n")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.stderr.endswith(":7:32: (file): the character U+0000 cannot stand in a YAML "
                                  "file (control characters are not allowed)\n")  # fmt: skip


def test_two_documents_in_one_file() -> None:
    (line,) = refusal(HEADER + "---\nid: other\n")
    assert line.startswith("house.yaml:7:1: (file): the file holds more than one YAML document")


def test_an_alias_is_reported_where_it_is_used() -> None:
    text = HEADER + "override:\n  battle: &b {threshold: 9}\n  turn: *b\n"
    (line,) = refusal(text)
    assert line.startswith("house.yaml:9:9: override.turn: YAML anchors and aliases")


# ---------------------------------------------------------------- files that are not files


def test_a_folder_named_like_a_rules_file(tmp_path: Path) -> None:
    """IsADirectoryError used to escape as a traceback."""
    folder = tmp_path / "house.yaml"
    folder.mkdir()
    result = runner.invoke(app, ["validate", str(folder)])
    assert result.exit_code == 1
    assert result.stderr.endswith(": this is a folder, not a rules file\n")
    assert "Traceback" not in result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("command", ["validate", "compile"])
def test_a_named_pipe_is_refused_without_waiting(tmp_path: Path, command: str) -> None:
    """`polis validate` waited forever for a writer on a pipe named *.yaml."""
    pipe = tmp_path / "house.yaml"
    os.mkfifo(pipe)
    outcome: dict[str, object] = {}

    def run() -> None:
        outcome["result"] = runner.invoke(app, [command, str(pipe)])

    worker = threading.Thread(target=run, daemon=True)
    started = time.monotonic()
    worker.start()
    worker.join(timeout=60)
    if worker.is_alive():  # unblock the reader so the thread can end, then fail
        with pipe.open("w") as fh:
            fh.write("x")
        pytest.fail(f"`polis {command}` blocked on a named pipe")
    result = outcome["result"]
    assert result.exit_code == 1, result.output  # type: ignore[attr-defined]
    assert "not a regular file" in result.stderr  # type: ignore[attr-defined]
    assert time.monotonic() - started < 60


# ---------------------------------------------------------------- issue 32: many values


# the header's values: the file's mapping, six keys and their values, src's mapping and its
# key and value, then `remove:` and its list
HEADER_VALUES = 1 + 6 * 2 + 2 + 2


def removals(count: int) -> str:
    return HEADER + "remove:\n" + "".join(f"- events.e{i}\n" for i in range(count))


def test_a_file_of_more_values_than_the_bound_is_refused_where_it_crosses_it() -> None:
    """10,000 unknown keys in one upload cost 1.5 s of CPU and 10,000 listed problems."""
    count = MAX_YAML_NODES - HEADER_VALUES + 1
    (line,) = refusal(removals(count))
    assert line.startswith(f"house.yaml:{count + 7}:3: remove: ")
    assert line.endswith(f"more than {MAX_YAML_NODES:,} values (keys, items and entries); "
                         "no ruleset needs that many")  # fmt: skip


def test_a_file_at_the_bound_is_read_and_every_problem_kept() -> None:
    lines = refusal(removals(MAX_YAML_NODES - HEADER_VALUES))
    assert len(lines) == MAX_YAML_NODES - HEADER_VALUES
    assert all("there is nothing at 'events.e" in line for line in lines)


def test_the_shipped_data_stays_well_inside_the_bound_on_values() -> None:
    """A whole edition in one file would fit twice."""
    for edition in ("1e", "2e"):
        text = "".join(
            path.read_text("utf-8")
            for path in sorted((ROOT / "rules_data/editions" / edition).glob("*.yaml"))
        )
        parse(text, display=edition, allow_replace=True)


def test_a_page_shows_the_first_problems_and_counts_the_rest() -> None:
    with pytest.raises(RulesError) as caught:
        load_overlay_text(removals(60), display="house.yaml")
    shown = caught.value.shown()
    assert len(shown) == SHOWN_ISSUES + 1 and shown[:-1] == caught.value.lines()[:SHOWN_ISSUES]
    assert shown[-1] == "… and 10 more problems (not shown)"
    assert caught.value.shown("de")[-1] == "… und 10 weitere Probleme (nicht angezeigt)"
    assert len(caught.value.lines()) == 60  # the command line prints every one
