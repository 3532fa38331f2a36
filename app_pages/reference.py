"""Rules reference: chapters, search, glossary, two languages side by side."""

import streamlit as st

from polis.app import links, session
from polis.app.markup import cross_reference, escape, link, rule_markdown
from polis.app.reference_view import links_in, passage_html, reads_differently, sections_for
from polis.app.session import _
from polis.i18n import LANGUAGES
from polis.reference.render import RenderedSection, applies_to, render_glossary
from polis.reference.search import search
from polis.reference.values import ESTIMATE_MARK

rid = str(st.session_state["ruleset"])
lang = session.lang()
overlay = session.overlay(rid)
compiled = session.compiled(rid)
sections = sections_for(rid, lang, compiled, overlay.loaded if overlay else None)
by_id = {s.id: s for s in sections}
wanted = st.query_params.get("section")
shipped = session.shipped_ids()

st.title(_("Rules reference"))
st.caption(escape(session.ruleset_label(rid)))

top = st.columns([3, 2])
query = top[0].text_input(
    _("Search the rules"), key="rules_search", placeholder=_("e.g. siege, tribute")
)
second_labels = {None: _("(one language)")} | {
    code: session.language_label(code) for code in LANGUAGES if code != lang
}
other = top[1].selectbox(
    _("Side by side with"),
    list(second_labels),
    format_func=second_labels.__getitem__,
    key="second_lang",
)
second = (
    {s.id: s for s in sections_for(rid, other, compiled, overlay.loaded if overlay else None)}
    if other
    else {}
)
st.info(
    _("Values marked {mark} are reconstructions: no printed source gives them.").format(
        mark=ESTIMATE_MARK
    )
)


def linker(titles: dict[str, RenderedSection]):  # type: ignore[no-untyped-def]
    """Inline cross-references as links that open the section, titled in the column's language."""

    def make(target: str) -> str:
        found = titles.get(target)
        return cross_reference(found.title, f"section/{target}") if found else ""

    return make


def text_of(section: RenderedSection, language: str, titles: dict[str, RenderedSection]) -> str:
    return rule_markdown(section.text, language, linker(titles))


def show(section_id: str) -> None:
    section = by_id[section_id]
    pairs = [(section, lang, by_id)]
    if other and section_id in second:
        pairs.append((second[section_id], other, second))
    columns = st.columns(2) if len(pairs) == 2 else [st.container()]
    for column, (shown, language, titles) in zip(columns, pairs, strict=False):
        with column:
            st.markdown(f"#### {escape(shown.title)}")
            st.markdown(text_of(shown, language, titles))
    footer(section)


def footer(section: RenderedSection) -> None:
    """Where else the section applies or reads otherwise, and the sections it points to."""
    if overlay is None:
        applies = applies_to(section.id)
        if len(applies) < len(shipped):
            st.caption(
                _("Only in: {rulesets}").format(
                    rulesets=", ".join(escape(session.ruleset_label(r)) for r in applies)
                )
            )
    differ = reads_differently(section, rid, lang, shipped)
    if differ:
        st.caption(_("This section reads differently in other rulesets:"))
        for theirs in differ:
            st.page_link(
                "app_pages/compare.py",
                label=_("Compare with {ruleset}").format(
                    ruleset=escape(session.ruleset_label(theirs))
                ),
                icon=":material/compare_arrows:",
                query_params={
                    "lang": lang,
                    "ruleset": rid,
                    "a": theirs,
                    "b": rid,
                    "view": "rules",
                    "section": section.id,
                },
            )
    link_row(links_in(section))


def link_row(targets: list[str]) -> None:
    """Links to other sections of this ruleset; each opens the section over the page."""
    shown = [link(f"→ {by_id[t].title}", f"section/{t}") for t in targets if t in by_id]
    if shown:
        st.markdown(" · ".join(shown))


def open_section(section_id: str) -> None:
    """A linked section over the page; its own links open in the same place."""

    def body() -> None:
        section = by_id[section_id]
        st.markdown(text_of(section, lang, by_id))
        link_row(links_in(section))
        if st.button(_("Show it in its chapter"), key="dialog_go", icon=":material/menu_book:"):
            st.session_state["rules_tab"] = _("Rules")
            st.query_params["section"] = section_id
            st.rerun()

    st.dialog(by_id[section_id].title, width="large")(body)()


rules_tab, glossary_tab = st.tabs([_("Rules"), _("Glossary")], key="rules_tab")
with rules_tab:
    if query:
        hits = search(rid, lang, query, sections)
        st.write(
            session.ngettext(
                "{count} matching section", "{count} matching sections", len(hits)
            ).format(count=len(hits))
        )
        for hit in hits:
            with st.expander(escape(hit.section.title), expanded=len(hits) <= 3):
                show(hit.section.id)
            st.html(passage_html(hit))
    else:
        chapters: dict[str, str] = {}
        for s in sections:
            chapters.setdefault(s.chapter, s.chapter_title)
        start = by_id[wanted].chapter if wanted in by_id else next(iter(chapters))
        chapter = st.radio(
            _("Chapter"),
            list(chapters),
            index=list(chapters).index(start),
            format_func=chapters.__getitem__,
            horizontal=True,
            key=f"chapter_{wanted or ''}",
        )
        for s in sections:
            if s.chapter == chapter:
                with st.expander(escape(s.title), expanded=s.id == wanted):
                    show(s.id)

with glossary_tab:
    edition = compiled.config.edition
    for term in render_glossary(lang, edition):
        definition = rule_markdown(term.definition, lang, linker(by_id))
        st.markdown(f"**{escape(term.term)}** — {definition}")
        link_row(list(term.see))

target = links.clicked("section")
if target in by_id:
    open_section(target)
session.sync_params(section=wanted if wanted in by_id else None)
