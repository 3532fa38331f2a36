"""Every command takes --lang, defaults to the locale, and speaks the reader's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from polis.cli.common import env_language
from polis.cli.main import app
from polis.i18n import translator

runner = CliRunner()
BAD = "tests/data/bad_rules/missing_base.yaml"


def commands() -> dict[str, Any]:
    """Every command by name ("i18n check"); typer may carry its own click, so duck-typed."""
    group: Any = typer.main.get_command(app)
    found: dict[str, Any] = {}
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            found.update({f"{name} {sub}": c for sub, c in command.commands.items()})
        else:
            found[name] = command
    return found


def test_every_reader_facing_command_has_lang() -> None:
    # the i18n tools keep --lang for the catalogs they work on and follow the locale
    missing = [
        name
        for name, command in commands().items()
        if not name.startswith("i18n ")
        and not any("--lang" in getattr(p, "opts", ()) for p in command.params)
    ]
    assert not missing, missing


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pl_PL", "LC_ALL": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "cs_CZ.UTF-8@euro"}, "cs"),
        ({"LANG": "it"}, "it"),
        ({"LANG": "es_AR.UTF-8"}, "es"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_picks_the_language(env: dict[str, str], lang: str) -> None:
    assert env_language(env) == lang


def expected_line(lang: str) -> str:
    template = translator(lang).pgettext(
        "message:loader.no_base", "there is no ruleset '{base}' to extend"
    )
    return f"{BAD}:6:10: extends: {template.format(base='3e')}\n"


def test_validate_speaks_the_locale_without_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL")
    monkeypatch.delenv("LC_MESSAGES")
    result = runner.invoke(app, ["validate", BAD])
    assert result.exit_code == 1
    assert result.stderr == expected_line("de") != expected_line("en")


@pytest.mark.parametrize("lang", ["es", "pl", "ru", "cs", "it", "de"])
def test_validate_with_lang(lang: str) -> None:
    result = runner.invoke(app, ["validate", BAD, "--lang", lang])
    assert result.exit_code == 1 and result.stderr == expected_line(lang)


def test_an_unknown_language_is_refused() -> None:
    result = runner.invoke(app, ["list", "--lang", "xx"])
    assert result.exit_code == 2 and "unknown language 'xx'" in result.output


def test_rules_messages_are_translated() -> None:
    tr = translator("pl")
    result = runner.invoke(app, ["rules", "2e", "--lang", "pl", "--topic", "nowhere"])
    assert result.exit_code == 1
    wanted = tr.gettext("no section '{topic}' in the rules of {ruleset}")
    assert wanted != "no section '{topic}' in the rules of {ruleset}"
    assert wanted.format(topic="nowhere", ruleset="2e") in result.stderr
    result = runner.invoke(app, ["rules", "2e", "--lang", "pl", "--search", "zzzqqq"])
    assert tr.gettext("no section matches") in result.stderr


def test_replay_errors_are_translated(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_bytes(b"\xff\xfe")
    result = runner.invoke(app, ["replay", str(record), "--lang", "ru"])
    assert result.exit_code == 1
    wanted = translator("ru").pgettext("message:record.not_utf8", "the record is not UTF-8 text")
    assert wanted in result.stderr and "not UTF-8" not in result.stderr


def test_replay_refuses_a_folder_and_a_pipe_without_waiting(tmp_path: Path) -> None:
    import os

    result = runner.invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 1 and "not a record file" in result.stderr
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    result = runner.invoke(app, ["replay", str(pipe)])
    assert result.exit_code == 1 and "not a record file" in result.stderr
