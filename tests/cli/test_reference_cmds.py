from __future__ import annotations

import json

from typer.testing import CliRunner

from polis.cli.main import app

runner = CliRunner()


def test_whole_reference_by_chapter() -> None:
    result = runner.invoke(app, ["rules", "2e"])
    assert result.exit_code == 0
    assert result.stdout.startswith("# Overview")
    assert "## Stacking limit  [board.stacking_limit]" in result.stdout
    assert "[[" not in result.stdout  # links become "→ title"


def test_topic_in_another_language() -> None:
    result = runner.invoke(app, ["rules", "1e", "--lang", "cs", "--topic", "actions.move"])
    assert result.exit_code == 0 and result.stdout.count("## ") == 1
    assert "[actions.move]" in result.stdout


def test_topic_by_engine_rule_id() -> None:
    # the Corinthian War has no event cards: the section on their absence answers for the rule
    result = runner.invoke(
        app, ["rules", "1e-corinthian-war", "--topic", "events.effects", "--json"]
    )
    assert result.exit_code == 0
    (section,) = json.loads(result.stdout)
    assert section["id"] == "events.none" and "events.effects" in section["rules"]


def test_search_folds_cyrillic_case() -> None:
    result = runner.invoke(app, ["rules", "2e", "--lang", "ru", "--search", "ОСАДА", "--json"])
    assert result.exit_code == 0
    assert "actions.besiege" in [s["id"] for s in json.loads(result.stdout)]


def test_search_without_hits() -> None:
    result = runner.invoke(app, ["rules", "2e", "--search", "zeppelin"])
    assert result.exit_code == 0 and "no section matches" in result.stderr


def test_bad_language_and_topic() -> None:
    bad = runner.invoke(app, ["rules", "2e", "--lang", "fr"])
    assert bad.exit_code == 2 and "unknown language 'fr'" in bad.stderr
    missing = runner.invoke(app, ["rules", "2e", "--topic", "battle.elephants"])
    assert missing.exit_code == 1 and "no section 'battle.elephants'" in missing.stderr
