"""Untrusted text is shown as typed wherever Streamlit renders markdown."""

from __future__ import annotations

import pytest

from polis.app.markup import escape as md
from polis.markup import escape, escape_value, unescape

HOSTILE = [
    "![x](http://127.0.0.1:9/track.png)",
    "**bold** _it_ ~~gone~~ `code`",
    ":red[alarm] :material/star: $x^2$",
    "[[actions.move]] [link](javascript:alert(1)) <img src=x>",
    "# Heading\n- item\n1. first",
    "&amp; \\*",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_escaped_text_comes_back_as_typed(text: str) -> None:
    for escaped in (md(text), escape_value(text)):
        assert "\n" not in escaped  # one line: no heading, no list can start
        assert unescape(escaped) == text.replace("\n", " ")


def test_the_page_helper_escapes_every_mark_that_could_be_syntax() -> None:
    assert md("5α Athenai (Attika): 3, 4") == r"5α Athenai \(Attika\)\: 3, 4"
    assert md("![x](u)") == r"\!\[x\]\(u\)"


def test_values_in_our_sentences_keep_ordinary_punctuation() -> None:
    """Names and lists read the same in plain text ('3, 4 and 5'), the markup marks do not act."""
    assert escape_value("3, 4 and 5 (of 12).") == "3, 4 and 5 (of 12)."
    assert escape_value("![x](u) **b** $y$") == r"!\[x\](u) \*\*b\*\* \$y\$"
    assert escape("a\r\nb") == "a b"
