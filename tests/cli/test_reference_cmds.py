from __future__ import annotations

import json
import re

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


def test_search_shows_the_matching_passage() -> None:
    result = runner.invoke(app, ["rules", "1e", "--lang", "de", "--search", "Belagerungen"])
    assert result.exit_code == 0
    first = result.stdout.split("## ")[1]
    assert first.startswith("Polis belagern  [actions.besiege]")
    passage = first.split("\n\n")[1]
    assert "belager" in passage.lower() and "[[" not in passage
    # the words that matched are marked (plain output: «…»; a terminal shows them in bold)
    assert re.search(r"«[Bb]elager\w*»", passage), passage


def test_search_json_carries_score_and_passage() -> None:
    result = runner.invoke(app, ["rules", "2e", "--search", "trumpeter", "--json"])
    hits = json.loads(result.stdout)
    assert hits[0]["id"] == "battle.salpinx" and hits[0]["passage"]
    assert hits[0]["query_words"] == ["trumpeter"]
    assert all(word in hits[0]["passage"] for word in hits[0]["matched"])
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_search_bench_reports_every_language(tmp_path) -> None:  # type: ignore[no-untyped-def]
    queries = tmp_path / "q.yaml"
    queries.write_text(
        "de:\n  ruleset: 1e\n  queries:\n    - {query: Belagerung, section: actions.besiege}\n"
        "en:\n  ruleset: 2e\n  queries:\n    - {query: zeppelin, section: actions.besiege}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["search-bench", str(queries), "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["lang"]: row for row in json.loads(result.stdout)}
    assert rows["de"]["top1"] == 1.0 and rows["en"]["top3"] == 0.0
    (miss,) = rows["en"]["misses"]
    assert miss == {"query": "zeppelin", "section": "actions.besiege", "rank": None}
    assert {row["set"] for row in rows.values()} == {"q.yaml"}
    missing = runner.invoke(app, ["search-bench", str(tmp_path / "none.yaml")])
    assert missing.exit_code == 1
    broken = tmp_path / "broken.yaml"
    broken.write_text("en:\n  ruleset: 2e\n  queries:\n    - {query: who?, x}\n", "utf-8")
    result = runner.invoke(app, ["search-bench", str(broken)])
    assert result.exit_code == 1 and "broken.yaml:4:" in result.stderr, result.output
    assert "Traceback" not in result.output


def test_search_without_hits() -> None:
    result = runner.invoke(app, ["rules", "2e", "--search", "zeppelin"])
    assert result.exit_code == 0 and "no section matches" in result.stderr


def test_bad_language_and_topic() -> None:
    bad = runner.invoke(app, ["rules", "2e", "--lang", "fr"])
    assert bad.exit_code == 2 and "unknown language 'fr'" in bad.stderr
    missing = runner.invoke(app, ["rules", "2e", "--topic", "battle.elephants"])
    assert missing.exit_code == 1 and "no section 'battle.elephants'" in missing.stderr
