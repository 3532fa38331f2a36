from __future__ import annotations

from typing import TYPE_CHECKING

from polis.reference.render import render
from tests.app_pages.conftest import no_errors

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


def rules(app: AppTest) -> AppTest:
    """The Rules page, at its own address (the app opens on the start page)."""
    app.run()
    app.switch_page("app_pages/reference.py").run()
    return app


def test_reference_renders_the_chosen_ruleset(app: AppTest) -> None:
    rules(app)
    no_errors(app)
    assert app.title[0].value == "Rules reference"
    assert app.radio(key="chapter_").options[0] == "Overview"
    app.selectbox(key="ruleset").set_value("1e").run()
    no_errors(app)
    assert "1st edition" in app.caption[0].value


def test_search_finds_sections(app: AppTest) -> None:
    rules(app)
    app.text_input(key="rules_search").set_value("siege disc").run()
    no_errors(app)
    assert "matching sections" in app.markdown[1].value or any(
        "matching sections" in m.value for m in app.markdown
    )
    assert any("Siege discs" in e.label for e in app.expander)
    # under each hit, the sentence that matches, the query's words marked
    bodies = [h.proto.body for h in app.html]
    assert any("<mark>siege</mark>" in b and "<mark>disc" in b for b in bodies), bodies


def test_search_finds_inflected_german(app: AppTest) -> None:
    app.query_params["lang"] = "de"
    rules(app)
    app.text_input(key="rules_search").set_value("Belagerungen").run()
    no_errors(app)
    assert app.expander[0].label == "Polis belagern"


def test_deep_link_opens_a_section(app: AppTest) -> None:
    app.query_params["section"] = "battle.salpinx"
    app.query_params["ruleset"] = "1e"
    app.run()  # the app's root: a link of before the start page, opened on the Rules page
    no_errors(app)
    opened = [e for e in app.expander if e.proto.expanded]
    assert [e.label for e in opened] == ["The salpinx and its ambush"]


def test_two_languages_side_by_side(app: AppTest) -> None:
    app.query_params["section"] = "actions.move"
    rules(app)
    rid = str(app.session_state["ruleset"])
    english, german = (
        next(s for s in render(rid, lang) if s.id == "actions.move") for lang in ("en", "de")
    )
    assert german.title != english.title and german.text != english.text

    def headings() -> list[str]:
        return [m.value for m in app.markdown if m.value.startswith("#### ")]

    assert f"#### {english.title}" in headings() and f"#### {german.title}" not in headings()
    app.selectbox(key="second_lang").set_value("de").run()
    no_errors(app)
    shown = headings()
    assert shown.index(f"#### {english.title}") + 1 == shown.index(f"#### {german.title}")
    opening = german.text.split("[[")[0][:60]  # before any link, which becomes a title
    assert opening.strip() and any(opening in m.value for m in app.markdown)


def test_glossary_and_estimate_note(app: AppTest) -> None:
    rules(app)
    assert any("reconstructions" in i.value for i in app.info)
    glossary = [m.value for m in app.markdown if m.value.startswith("**Hoplite")]
    assert glossary


def test_language_from_the_url(app: AppTest) -> None:
    app.query_params["lang"] = "pl"
    app.run()
    no_errors(app)
    assert app.session_state["lang"] == "pl"


def test_captions_show_names_and_links_to_the_comparison(app: AppTest) -> None:
    app.query_params.update(ruleset="2e", section="actions.siege_discs")
    rules(app)
    no_errors(app)
    captions = [c.value for c in app.caption]
    assert not any("actions.siege_discs" in c or "2e," in c for c in captions)
    assert any(c.startswith("Only in:") for c in captions)
    nav = {"Compare"}  # the phone's row of page links
    links = [
        p for p in app.get("page_link") if "compare" in p.proto.page and p.proto.label not in nav
    ]
    assert links and all("Compare with" in p.proto.label for p in links)
    # cross-references are links that open the section in place
    assert any("](#polis-section/actions.siege_outcome)" in m.value for m in app.markdown)
