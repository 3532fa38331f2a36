"""Rule text as safe Markdown: escaped values, kept markup, highlights that keep the text."""

from __future__ import annotations

import re

import pytest

from polis.app.markup import escape, marked_markdown, rule_markdown
from polis.comparison import Comparison
from polis.compiler import compile_ruleset
from polis.rules.loader import load_ruleset

HIGHLIGHT = re.compile(r":(?:red|green)-background\[(.*?)(?<!\\)\]", re.S)


def test_untrusted_text_is_shown_as_it_is() -> None:
    assert escape("**x** [a](b) :red[y] $z$ <b>") == (
        r"\*\*x\*\* \[a\]\(b\) \:red\[y\] \$z\$ \<b\>"
    )
    assert escape("line\n# heading") == r"line \# heading"


def test_rule_markup_is_kept_and_links_made() -> None:
    text = "**Siege.** Roll [[actions.besiege]]:\n- one (1.5)"
    md = rule_markdown(text, "en", lambda t: f"<{t}>")
    assert md == "**Siege\\.** Roll <actions.besiege>\\:\n- one \\(1\\.5\\)"


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_marked_text_reads_exactly_like_the_side_it_shows(lang: str) -> None:
    cmp = Comparison(
        (load_ruleset("1e").model, load_ruleset("2e").model),
        (compile_ruleset("1e").config, compile_ruleset("2e").config),
        lang,
    )
    checked = 0
    for section in cmp.rules.differing():
        if section.status != "changed":
            continue
        for side, shown in (("a", section.a), ("b", section.b)):
            assert shown is not None
            marked = marked_markdown(section.text, side, lang, str)  # type: ignore[arg-type]
            assert HIGHLIGHT.sub(r"\1", marked) == rule_markdown(shown.text, lang, str)
            checked += 1
    assert checked > 20
