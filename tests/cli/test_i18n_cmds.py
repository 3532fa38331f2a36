from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from polis.cli.main import app
from polis.i18n import LANGUAGES

runner = CliRunner()


def test_stats_json_counts_every_language_and_domain() -> None:
    result = runner.invoke(app, ["i18n", "stats", "--json"])
    assert result.exit_code == 0
    rows = {r["lang"]: r for r in json.loads(result.stdout)}
    assert list(rows) == list(LANGUAGES)
    english = rows["en"]
    assert english["messages"]["rules"] > 200 and english["rule_words"] > 5000
    for row in rows.values():
        assert set(row["messages"]) == {"interface", "data", "rules", "glossary"}


def test_check_one_language() -> None:
    result = runner.invoke(app, ["i18n", "check", "--lang", "es"])
    assert result.exit_code == 0, result.stdout + result.stderr
    (line,) = result.stdout.splitlines()
    assert re.fullmatch(r"es: (\d+)/\1 translated, 0 problem\(s\)", line), line


def test_compile_reports_what_it_wrote() -> None:
    result = runner.invoke(app, ["i18n", "compile"])
    assert result.exit_code == 0 and result.stdout.startswith("compiled ")
