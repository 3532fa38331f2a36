"""Golden error tests: each broken file under tests/data/bad_rules/ and the exact
messages (with line and column) `polis validate` prints for it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from polis.cli.main import app
from tests.conftest import DATA, Golden

BAD = DATA / "bad_rules"
CASES = sorted(BAD.glob("*.yaml"))


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_validate_reports_exact_messages(case: Path, golden: Golden) -> None:
    result = CliRunner().invoke(app, ["validate", str(case.relative_to(Path.cwd()))])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert lines, "a failing file must produce at least one message"
    for line in lines:
        # path:line:col: field: message
        location, _, rest = line.partition(": ")
        assert location.count(":") == 2 and rest, line
    golden.check(case.with_suffix(".expected"), result.stderr)


def test_fifty_megabyte_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as fh:
        fh.seek(50 * 1024 * 1024 - 1)
        fh.write(b"\n")
    result = CliRunner().invoke(app, ["validate", str(huge)])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert "52,428,800 bytes; rules files may be at most 2,097,152 bytes" in result.stderr


def test_section_defined_in_two_files_of_an_edition(tmp_path: Path) -> None:
    import shutil

    edition = tmp_path / "2e"
    shutil.copytree(DATA.parent.parent / "rules_data" / "editions" / "2e", edition)
    (edition / "extra.yaml").write_text("setup: {}\n", "utf-8")
    result = CliRunner().invoke(app, ["validate", str(edition)])
    assert result.exit_code == 1
    # files load in name order, so the second definition is the one in setup.yaml
    first, second = edition / "extra.yaml", edition / "setup.yaml"
    assert result.stderr == f"{second}:2:1: setup: this section is also defined in {first}\n"


def test_nothing_is_written_when_compiling_bad_input(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    case = BAD / "wrong_types.yaml"
    result = CliRunner().invoke(app, ["compile", str(case), "--out", str(out)])
    assert result.exit_code == 1
    assert not out.exists()
    assert not list(tmp_path.iterdir())
