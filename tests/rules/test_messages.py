"""The message table: every key used exists, every placeholder is filled, any language renders."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from polis.i18n import LANGUAGES
from polis.messages import Gettext, Message, MessageError, msg, table
from polis.rules.issues import Issue, Location, RulesError

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(ROOT.glob("polis/**/*.py"))


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def templates(key: str) -> list[str]:
    value = table()[key]
    return list(value) if isinstance(value, tuple) else [value]


def msg_calls() -> list[tuple[str, int, str, set[str] | None]]:
    """(file, line, key, keyword names or None when **kwargs hides them) of every msg("...")."""
    found = []
    for path in SOURCES:
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "msg"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                names = {k.arg for k in node.keywords if k.arg is not None}
                spread = any(k.arg is None for k in node.keywords)
                found.append(
                    (path.name, node.lineno, node.args[0].value, None if spread else names)
                )
    return found


def string_literals() -> set[str]:
    out: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return out


def test_every_key_the_code_asks_for_is_in_the_table() -> None:
    missing = [(f, line, key) for f, line, key, _ in msg_calls() if key not in table()]
    assert not missing, missing


def test_every_call_fills_exactly_the_placeholders_of_its_sentence() -> None:
    wrong = []
    for f, line, key, names in msg_calls():
        if key not in table() or names is None:
            continue
        wanted = set().union(*(placeholders(t) for t in templates(key)))
        if names != wanted:
            wrong.append((f, line, key, sorted(names ^ wanted)))
    assert not wrong, wrong


def test_every_key_in_the_table_is_used() -> None:
    literals = string_literals()
    # schema.<type> keys are chosen by pydantic's error type (polis.rules.pydantic_issues)
    unused = [k for k in table() if k not in literals and not k.startswith("schema.")]
    assert not unused, unused


def test_sentences_use_plain_named_placeholders() -> None:
    """Values are rendered before filling, so a format spec or a positional {} would break."""
    bad = []
    for key in table():
        for template in templates(key):
            for _, name, spec, conversion in string.Formatter().parse(template):
                if name is not None and (not name or spec or conversion):
                    bad.append(key)
    assert not bad, bad


def test_plural_sentences_are_counted_by_n() -> None:
    for key, value in table().items():
        if isinstance(value, tuple):
            assert "n" in placeholders(value[0]) | placeholders(value[1]) or "ctx_" in value[0], key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_issue_renders_in_every_language(lang: str) -> None:
    issue = Issue(
        Location("x.yaml", 3, 7), "rounds[1].stacking_limit", msg("yaml.too_deep", limit=32)
    )
    line = issue.format(lang)
    assert line.startswith("x.yaml:3:7: rounds[1].stacking_limit: ")
    assert "32" in line and "{" not in line and "\n" not in line
    if lang != "en":
        assert line != issue.format("en"), "the sentence is translated"


def test_numbers_lists_and_nested_messages_follow_the_language() -> None:
    m = msg(
        "check.unknown_ref",
        value="rhodos",
        what=msg("kind.polis"),
        hint=msg("hint.did_you_mean", name="rodos"),
    )
    assert m.render("en") == "'rhodos' is not a known polis (did you mean 'rodos'?)"
    assert "Polis" in m.render("de") or "polis" in m.render("de").lower()
    big = msg("file.too_big", size=52_428_800, limit=2_097_152)
    assert "52,428,800" in big.render("en") and "52.428.800" in big.render("de")
    assert msg("overlay.upload_base", shipped=["1e", "2e"]).render("en").endswith("1e, 2e")


def test_a_refusal_inside_a_message_is_translated_with_its_values() -> None:
    """The raw `{action}` placeholder a load error once showed."""
    reason = Gettext("This ruleset has no action {action}.", (("action", "fly"),))
    m = msg(
        "record.action_refused", n=1, action="['act', 'fly']", reason=reason, rule="turn.actions"
    )
    assert "{action}" not in m.render("en") and "no action fly" in m.render("en")
    for lang in LANGUAGES:
        assert "{" not in m.render(lang) and "fly" in m.render(lang)


def test_unknown_key_and_missing_value_still_say_something() -> None:
    assert Message("no.such.key").render("de") == "no.such.key"
    assert "{limit}" in msg("yaml.too_deep").render("en")


def test_errors_carry_the_message_and_render_it_in_any_language() -> None:
    err = MessageError(msg("record.not_utf8"))
    assert str(err) == "the record is not UTF-8 text"
    assert err.render("pl") != str(err)
    issues = RulesError([Issue(Location("a.yaml", 1, 1), "", msg("file.empty"))])
    assert issues.lines("en") == ["a.yaml:1:1: (file): the file is empty"]
    assert issues.lines("de")[0].startswith("a.yaml:1:1: ")


def test_a_mapping_from_a_file_in_a_message_keeps_the_issue_hashable() -> None:
    """A remove: entry written as a mapping reached a message and made RulesError fail to
    de-duplicate its issues (TypeError: unhashable type: 'dict')."""
    problem = msg("overlay.nothing_to_remove", path={"events": "x"}, base="2e")
    issues = [Issue(Location("x.yaml", 1, 1), "remove[0]", problem)] * 2
    assert len(RulesError(issues).issues) == 1
    assert "{'events': 'x'}" in problem.render("en")
