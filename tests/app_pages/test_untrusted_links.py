"""Issue 13: hostile record links and uploads on the pages: refused in words, shown as text."""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import TYPE_CHECKING

from polis.app.markup import escape
from polis.compiler import compile_loaded
from polis.markup import unescape
from polis.play.share import encode_record
from polis.rules.loader import load_overlay_text
from tests.app_pages.conftest import no_errors
from tests.fuzz.corpus import LINK_LABEL, MARKDOWN_LABEL, OUT, record_bytes

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

RECORDS = OUT / "records"


def open_link(app: AppTest, record_json: object, lang: str = "en") -> AppTest:
    app.query_params["record"] = encode_record(record_json)  # type: ignore[arg-type]
    app.query_params["lang"] = lang
    app.run()
    app.switch_page("app_pages/play.py").run()
    no_errors(app)
    return app


def corpus(name: str) -> object:
    return json.loads(record_bytes(RECORDS / name))


def test_a_link_to_an_overlay_nested_30000_deep_is_refused(app: AppTest) -> None:
    """It took the whole server down (SIGSEGV in PyYAML's C composer)."""
    open_link(app, corpus("overlay-nested-30000.json"))
    assert app.session_state["desk"] is None
    (error,) = app.error
    assert "nested more than 32 levels deep" in unescape(error.value)


def test_a_link_whose_controllers_are_a_number(app: AppTest) -> None:
    """`tuple(5)` showed the visitor a traceback."""
    open_link(app, corpus("meta-controllers-a-number.json"))
    assert app.session_state["desk"] is None
    assert "meta.controllers: expected a list" in unescape(app.error[0].value)


def test_refusals_on_the_page_are_in_the_readers_language(app: AppTest) -> None:
    open_link(app, corpus("phase-attack-without-its-move.json"), lang="de")
    (error,) = app.error
    shown = unescape(error.value)
    assert "may set only the phase" not in shown and "'turn'" in shown


def test_a_link_that_unpacks_to_too_much(app: AppTest) -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (3 * 1024 * 1024), 9)).decode()
    app.query_params["record"] = bomb
    app.run()
    app.switch_page("app_pages/play.py").run()
    no_errors(app)
    assert "unpacks to more than" in unescape(app.error[0].value)


def rendered(app: AppTest) -> tuple[str, str]:
    """(what the page renders as markdown, what it renders as HTML), every element's text.

    Markdown sinks: markdown, captions, alerts, expander and button labels, table cells.
    """
    tree = [*app.markdown, *app.caption, *app.error, *app.warning, *app.info, *app.success]
    markdown = [str(e.value) for e in tree]
    markdown += [e.label for e in app.expander] + [b.label for b in app.button]
    widgets = ("number_input", "selectbox", "radio", "checkbox", "toggle", "text_input", "slider")
    markdown += [w.label for kind in widgets for w in app.get(kind)]  # labels read Markdown
    markdown += [str(cell) for t in app.table for cell in t.value.to_numpy().ravel()]
    html = [str(e.proto) for e in app.get("html")]
    return "\n".join(markdown), "\n".join(html)


def open_game(app: AppTest, name: str) -> AppTest:
    """The game of a corpus record that carries an overlay, both sides played by people."""
    data = corpus(name)
    data["meta"] = {"controllers": ["human", "human"]}  # type: ignore[index]
    open_link(app, data)
    assert app.session_state["desk"] is not None
    return app


def test_names_from_a_linked_overlay_are_shown_as_text(app: AppTest) -> None:
    """A round label `![x](http://...)` was an image fetched by everyone opening the link."""
    markdown, html = rendered(open_game(app, "markdown-overlay.ok.json"))
    for raw in ("![x](", "**bold**", ":red[red]", "](javascript"):
        assert raw not in markdown  # never as markdown: escaped or not there at all
    assert "<img" not in html and "<b>b" not in html  # HTML blocks hold it escaped
    assert MARKDOWN_LABEL.replace("<", "&lt;").replace(">", "&gt;") in html  # as typed


def test_readings_of_an_uploaded_overlay_are_text_on_compare(app: AppTest) -> None:
    from polis.app import session  # Streamlit: only when it runs

    text = (OUT / "overlays" / "markdown-in-names.ok.yaml").read_text("utf-8")
    text += (
        "add:\n  discrepancies:\n    evil:\n      topic: x\n"
        "      question: '![q](http://127.0.0.1:9/q.png)'\n"
        "      readings:\n        - {value: '![r](http://127.0.0.1:9/r.png)', src: {estimate: x}}\n"
        "        - {value: '**b**', src: {estimate: x}}\n"
        "      used: '**b**'\n      reason: '[why](http://127.0.0.1:9/w)'\n"
    )
    loaded = load_overlay_text(text, display="evil.yaml")
    rid = session.OVERLAY_PREFIX + loaded.model.id
    app.run()
    # what the Data page's "Use this ruleset" stores (AppTest cannot upload a file)
    app.session_state["overlays"] = {
        rid: session.Overlay(rid, text, loaded, compile_loaded(loaded))
    }
    app.run()
    app.selectbox(key="ruleset").set_value(rid).run()
    app.query_params["view"] = "sources"  # where the rulebooks disagree
    app.switch_page("app_pages/compare.py").run()
    no_errors(app)
    markdown, _html = rendered(app)
    for raw in ("![r](", "![q](", "](http", "**b**"):
        assert raw not in markdown
    assert r"\!\[q\]" in markdown and r"\!\[r\]" in markdown and r"\*\*b\*\*" in markdown


# ------------------------------------------------------------------ issue 32: bare links

# remark-gfm's literal autolinks, as Streamlit's Markdown finds them in the text it renders
AUTOLINK = re.compile(r"(?:https?://|www(?=\.))[-.\w]+|[-.\w+]+@[-\w]+(?:\.[-\w]+)+", re.I | re.A)


def as_read(markdown: str) -> str:
    """The text Markdown renders: backslash escapes read, invisible joiners kept."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown)


def test_bare_links_in_names_are_shown_but_never_linked(app: AppTest) -> None:
    """A round label or a side's name `http://...`, `www....` or `me@...` became a link."""
    from polis.app import session

    markdown, html = rendered(open_game(app, "bare-links-overlay.ok.json"))
    assert "me@bait.example" in html  # the names are shown (HTML blocks never link)
    assert AUTOLINK.findall(as_read(markdown)) == []
    # the linked overlay is now a ruleset of the session: every page that names it
    rid = next(r for r in app.session_state["overlays"] if r.startswith(session.OVERLAY_PREFIX))
    app.run()  # the sidebar offers it from the next run on
    app.selectbox(key="ruleset").set_value(rid).run()
    shown = 0
    views = [("data", ""), ("reference", "")]
    views += [("compare", view) for view in ("differences", "rules", "sources", "plays")]
    for page, view in views:
        app.query_params["view"] = view
        app.switch_page(f"app_pages/{page}.py").run()
        no_errors(app)
        text = as_read(rendered(app)[0])
        shown += text.count("bait.example")
        assert AUTOLINK.findall(text) == [], (page, view)
    assert shown > 0  # the names were in Markdown there, as text
    assert AUTOLINK.findall(as_read(escape(LINK_LABEL))) == []
    assert unescape(escape(LINK_LABEL)) == LINK_LABEL  # what a reader copies is what was typed


def test_a_bare_link_in_a_refusal_is_not_linked(app: AppTest) -> None:
    """The Play page's message box quoted the record's ruleset name as a clickable link."""
    open_link(app, corpus("ruleset-a-bare-link.json"))
    (error,) = app.error
    text = as_read(str(error.value))
    assert "127.0.0.1:9" in text and AUTOLINK.findall(text) == []
