from __future__ import annotations

import json
import re

import pytest
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


def test_a_check_that_finds_problems_says_so_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from polis.i18n import checks

    problem = checks.CatalogIssue("es", None, "Sparta", "not translated")
    monkeypatch.setattr(checks, "check_catalog", lambda *_a, **_k: [problem])
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    result = runner.invoke(app, ["i18n", "check", "--lang", "es"])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "es: 'Sparta': not translated" in result.stderr
    assert "Fehler" in result.stderr  # the error line in the environment's language


def test_an_unknown_catalog_is_refused_by_name() -> None:
    for command in ("check", "update"):
        result = runner.invoke(app, ["i18n", command, "--lang", "xx"])
        assert result.exit_code == 1
        assert isinstance(result.exception, SystemExit)
        assert "unknown language 'xx'" in result.stderr
