"""Rules reference: chapters, search, glossary, two languages side by side."""

import streamlit as st

from polis.app import session
from polis.app.reference_view import inline_links, links_in, passage_markdown, sections_for
from polis.app.session import _
from polis.app.text import md
from polis.i18n import LANGUAGES
from polis.reference.render import ESTIMATE_MARK, applies_to, render_glossary
from polis.reference.search import search

rid = str(st.session_state["ruleset"])
lang = session.lang()
overlay = session.overlay(rid)
compiled = session.compiled(rid)
sections = sections_for(rid, lang, compiled, overlay.loaded if overlay else None)
by_id = {s.id: s for s in sections}
wanted = st.query_params.get("section")

st.title(_("Rules reference"))
st.caption(md(session.ruleset_label(rid)))

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


def title_of(section_id: str) -> str:
    found = by_id.get(section_id)
    return found.title if found else section_id


def show(section_id: str) -> None:
    section = by_id[section_id]
    columns = st.columns(2) if other and section_id in second else [st.container()]
    for column, shown in zip(columns, [section, second.get(section_id)], strict=False):
        if shown is None:
            continue
        with column:
            st.markdown(f"#### {shown.title}")
            st.markdown(inline_links(shown.text, title_of))
    rulesets = applies_to(section_id) if overlay is None else (rid,)
    st.caption(
        _("Applies to: {rulesets}").format(rulesets=", ".join(rulesets)) + f" · `{section_id}`"
    )
    link_row(links_in(section))


def link_row(targets: list[str]) -> None:
    """Links to other sections of this ruleset, up to four in a row."""
    targets = [t for t in targets if t in by_id]
    if not targets:
        return
    cols = st.columns(min(len(targets), 4))
    for i, target in enumerate(targets):
        cols[i % len(cols)].page_link(
            "app_pages/reference.py",
            label=f"→ {title_of(target)}",
            query_params={"section": target, "lang": lang, "ruleset": rid},
        )


rules_tab, glossary_tab = st.tabs([_("Rules"), _("Glossary")])
with rules_tab:
    if query:
        hits = search(rid, lang, query, sections)
        st.write(
            session.ngettext(
                "{count} matching section", "{count} matching sections", len(hits)
            ).format(count=len(hits))
        )
        for hit in hits:
            with st.expander(hit.section.title, expanded=len(hits) <= 3):
                show(hit.section.id)
            st.caption(passage_markdown(hit))
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
                with st.expander(s.title, expanded=s.id == wanted):
                    show(s.id)

with glossary_tab:
    edition = compiled.config.edition
    for term in render_glossary(lang, edition):
        st.markdown(f"**{term.term}** — {term.definition}")
        link_row(list(term.see))

session.sync_params(section=wanted if wanted in by_id else None)
