"""`polis balance` and `polis balance-records`: the documented JSON, text, languages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from polis.cli.main import app
from polis.i18n import translator

runner = CliRunner()

REPORT_KEYS = {
    "format", "bot", "level", "seed", "games", "interrupted",
    "rulesets", "differences", "tests", "notes",
}  # fmt: skip
RULESET_KEYS = {
    "ruleset", "title", "content_hash", "origin", "record", "games", "games_planned",
    "interrupted", "seconds", "workers", "code_version", "figures", "estimates", "sensitivity",
}  # fmt: skip
FIGURE_KEYS = {
    "games", "played", "errors", "scored_games", "wins", "win_rate", "end_reasons", "score",
    "score_parts", "length", "per_game", "guard_stops",
}  # fmt: skip
DIFFERENCE_KEYS = {
    "a", "b", "metric", "test", "value_a", "value_b", "n_a", "n_b", "p", "p_adjusted",
    "effect", "larger_than_chance",
}  # fmt: skip


def balance(*args: str) -> Any:
    out = runner.invoke(app, ["balance", *args])
    assert out.exit_code == 0, out.stdout + str(out.exception)
    return out


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    out = balance("1e", "2e", "--games", "6", "--seed", "4", "--bot", "random", "--json")
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def test_json_has_the_documented_keys(report: dict[str, Any]) -> None:
    assert set(report) == REPORT_KEYS
    assert report["format"] == "polis-balance-report/1"
    assert (report["bot"], report["level"], report["seed"], report["games"]) == (
        "random",
        None,
        4,
        6,
    )
    assert [r["ruleset"] for r in report["rulesets"]] == ["1e", "2e"]
    for r in report["rulesets"]:
        assert set(r) == RULESET_KEYS
        assert set(r["figures"]) == FIGURE_KEYS
        assert r["figures"]["games"] == 6 and r["origin"] == "played"
        assert r["record"].endswith(".json")
        win = r["figures"]["win_rate"]["athens"]
        assert 0 <= win["low"] <= win["rate"] <= win["high"] <= 1
        assert set(r["figures"]["score_parts"]["athens"]) == {
            "population", "prestige", "project_end_prestige"
        }  # fmt: skip
        assert {"siege", "trade", "battle", "event"} <= set(r["figures"]["per_game"])
        assert r["estimates"]["estimated"]  # both editions hold estimates
    assert report["differences"]
    for d in report["differences"]:
        assert set(d) == DIFFERENCE_KEYS
        assert d["test"] in ("fisher", "mann_whitney")
        assert d["p"] <= d["p_adjusted"] <= 1
    assert report["tests"]["comparisons"] == len(report["differences"])
    assert report["tests"]["correction"] == "benjamini_hochberg"
    assert any("not how they play for people" in note for note in report["notes"])


def test_a_second_run_reads_the_stored_record(report: dict[str, Any]) -> None:
    again = json.loads(
        balance("1e", "--games", "6", "--seed", "4", "--bot", "random", "--json").stdout
    )
    first = report["rulesets"][0]
    assert again["rulesets"][0]["origin"] == "stored"
    assert again["rulesets"][0]["figures"] == first["figures"]
    fresh = json.loads(
        balance("1e", "--games", "6", "--seed", "4", "--bot", "random", "--fresh", "--json").stdout
    )
    assert fresh["rulesets"][0]["origin"] == "played"
    assert fresh["rulesets"][0]["figures"] == first["figures"]  # the same seed, the same games


def test_text_in_the_readers_language() -> None:
    german = translator("de").gettext
    wins = german("Wins: {list}").split("{")[0]
    caveat = german(
        "These figures come from games between two copies of the bot “{bot}”; they say "
        "how the rules play for that bot, not how they play for people."
    ).split("{")[0]
    assert wins != "Wins: " and caveat
    out = balance("2e", "--games", "4", "--seed", "4", "--bot", "random", "--lang", "de")
    assert wins in out.stdout and caveat in out.stdout
    assert "Wins:" not in out.stdout and "not how they play for people" not in out.stdout
    english = balance("2e", "--games", "4", "--seed", "4", "--bot", "random")
    assert "Wins:" in english.stdout and "not how they play for people" in english.stdout


def test_unknown_bot_is_a_plain_error() -> None:
    out = runner.invoke(app, ["balance", "2e", "--games", "2", "--bot", "nobody"])
    assert out.exit_code == 1
    assert "unknown bot" in out.output and "Traceback" not in out.output


def test_shipped_records_check() -> None:
    out = runner.invoke(app, ["balance-records", "--check"])
    assert out.exit_code == 0, out.output
    assert "up to date" in out.output
    bad = runner.invoke(app, ["balance-records", "nowhere", "--check"])
    assert bad.exit_code == 1 and "not a shipped ruleset" in bad.output
