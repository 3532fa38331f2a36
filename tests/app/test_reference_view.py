"""The search passage as HTML: untrusted text escaped, the matched words marked."""

from __future__ import annotations

from polis.app.reference_view import passage_html
from polis.reference.render import render
from polis.reference.search import Hit, marked, search


def test_passage_marks_matched_words_and_escapes_everything_else() -> None:
    section = render("2e", "en")[0]
    hit = Hit(section, 1.0, "A <b>siege</b> & Siege\\'s end", ("siege", "Siege"))
    out = passage_html(hit)
    assert out.count("<mark>") == 2 and "<b>" not in out
    assert "&lt;b&gt;<mark>siege</mark>&lt;/b&gt; &amp; <mark>Siege</mark>&#x27;s end" in out


def test_marked_pieces_join_to_the_passage() -> None:
    for hit in search("2e", "de", "gescheiterte Belagerung"):
        assert "".join(text for text, _ in marked(hit)) == hit.passage
        assert [t for t, is_hit in marked(hit) if is_hit] == list(hit.matched)
