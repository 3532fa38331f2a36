"""The rules side by side: word-level marks, sentences, links, and what an overlay changes."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from typer.testing import CliRunner

from polis.cli.main import app
from polis.comparison import Comparison
from polis.compiler import compile_ruleset
from polis.reference.compare import excerpts, tokenize, word_diff
from polis.reference.render import LINK, render, source_sections
from polis.rules.loader import load_ruleset
from tests.conftest import DATA, Golden

# a house rule that changes one value: the siege die has 6 faces instead of 4
BIGGER_DIE = """\
id: bigger-die
title: A bigger siege die
kind: variant
description: Sieges roll a 6-sided die.
src: {estimate: "a house rule"}
extends: 2e
override:
  actions:
    besiege:
      die: 6
"""


@pytest.fixture
def bigger_die(tmp_path: Path) -> Path:
    path = tmp_path / "bigger-die.yaml"
    path.write_text(BIGGER_DIE, "utf-8")
    return path


def _comparison(a: str, b: str, lang: str) -> Comparison:
    return Comparison(
        (load_ruleset(a).model, load_ruleset(b).model),
        (compile_ruleset(a).config, compile_ruleset(b).config),
        lang,
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_golden_siege_topic(lang: str, golden: Golden) -> None:
    result = CliRunner().invoke(
        app, ["diff", "1e", "2e", "--rules", "--topic", "actions.besiege", "--lang", lang]
    )
    assert result.exit_code == 0, result.output
    golden.check(DATA / "rules_diff" / f"1e-2e-actions.besiege.{lang}.txt", result.stdout)


def test_siege_topic_is_the_section_and_what_goes_on_from_it() -> None:
    cmp = _comparison("1e", "2e", "en")
    topic = cmp.rules_topic("actions.besiege")
    assert {"actions.besiege", "actions.siege_outcome", "actions.siege_discs"} <= set(topic)
    statuses = {s.id: s.status for s in cmp.rules.sections}
    assert statuses["actions.besiege"] == "same"
    assert statuses["actions.siege_discs"] == "added"  # siege discs are 2nd edition only


def test_an_overlay_that_changes_one_value_shows_exactly_the_sentences_using_it(
    bigger_die: Path,
) -> None:
    cmp = _comparison("2e", str(bigger_die), "en")
    users = {
        sid
        for sid, section in source_sections().items()
        if "siege_die" in {n for _, n, _, _ in string.Formatter().parse(section.text) if n}
    }
    shown = {s.id for s in cmp.sections(0)}
    changed = {s.id for s in cmp.rules.differing()}
    assert changed == users & shown and changed  # nothing else reads differently
    for section in cmp.rules.differing():
        assert section.status == "changed" and section.values == ("siege_die",)
        marked = [p.text for p in section.text if p.kind != "same"]
        assert marked == ["4", "6"]
        for side in ("a", "b"):
            parts, _ = excerpts(section.text, side, "en")  # type: ignore[arg-type]
            assert len(parts) == 1  # one sentence per side
            sentence = "".join(p.text for p in parts[0].pieces)
            assert ("4-sided" if side == "a" else "6-sided") in sentence
            assert LINK.sub("", sentence).count(".") == 1  # one sentence, not the section
    # the rows behind it: the one changed record, said in words
    (besiege,) = [s for s in cmp.rules.differing() if s.id == "actions.besiege"]
    behind = cmp.changes_of_section(besiege.id)
    assert [(c.what, c.a, c.b) for c in behind] == [
        ("Besiege a Polis › faces of the siege die", "4", "6")
    ]


def test_overlay_rules_text_from_the_command_line(bigger_die: Path) -> None:
    out = CliRunner().invoke(app, ["diff", "2e", str(bigger_die), "--rules"]).stdout
    assert "Roll the [-4-]-sided die" in out and "Roll the {+6+}-sided die" in out
    assert "Capitals can never be besieged" not in out  # an unchanged sentence of that section
    data = json.loads(
        CliRunner().invoke(app, ["diff", "2e", str(bigger_die), "--rules", "--json"]).stdout
    )
    assert data["counts"]["changed"] == 2 and data["counts"]["added"] == 0


def test_headline_rows_link_to_their_sections_and_back() -> None:
    cmp = _comparison("1e", "2e", "en")
    assert "actions.siege_discs" in cmp.sections_of_headline("siege_discs")
    heads = [h.key for h in cmp.headlines_of_section("actions.siege_discs")]
    assert heads == ["siege_discs"]
    # a renamed polis is behind a section only where the section names it
    behind = {c.path for c in cmp.changes_of_section("overview.aim")}
    assert "poleis.athenai.name" in behind and "poleis.gytheion.name" not in behind


def test_tokens_respect_each_language() -> None:
    words = [t.text for t in tokenize("dell'azione è l'ultima", "it")]
    assert words == ["dell'", "azione", "è", "l'", "ultima"]
    assert [t.text for t in tokenize("opponent's turn", "en")] == ["opponent's", "turn"]
    assert [t.text for t in tokenize("из-за «Спарты»", "ru")][:2] == ["из-за", "«"]
    markup = [t.text for t in tokenize("**bold** [[a.b]]\n\n- item", "en") if t.kind == "markup"]
    assert markup == ["**", "**", "[[a.b]]", "\n\n", "- "]


def test_word_diff_reads_in_phrases() -> None:
    pieces = word_diff("The goods are Metal, Wood and Oil.", "The goods are Iron and Wood.", "en")
    a = "".join(p.text for p in pieces if p.kind != "added")
    b = "".join(p.text for p in pieces if p.kind != "removed")
    assert a == "The goods are Metal, Wood and Oil." and b == "The goods are Iron and Wood."
    assert pieces[0].kind == "same"


def test_every_shipped_pair_compares_in_every_language() -> None:
    for lang in ("en", "pl", "cs"):
        cmp = _comparison("1e", "1e-corinthian-war", lang)
        counts = cmp.rules.counts()
        assert sum(counts.values()) == len(cmp.rules.sections)
        assert counts["changed"] + counts["added"] + counts["removed"] > 0
        for section in cmp.rules.differing():
            if section.status == "changed":
                assert "".join(p.text for p in section.text if p.kind != "added") == (
                    section.a.text if section.a else ""
                )
    assert render("1e", "en")  # cached reference untouched by the comparison
