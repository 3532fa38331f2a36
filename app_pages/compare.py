"""Compare two rulesets: the differences, the rules side by side, where the books disagree.

Each view is one function below, chosen by the control at the top (VIEWS in
polis.app.compare_view); links between the views set the view and what it focuses on.
"""

import streamlit as st

from polis.app import balance_panel, links, session
from polis.app.compare_view import (
    VIEWS,
    Focus,
    behind_markdown,
    change_rows,
    focused_sections,
    headline_rows,
    parse_focus,
    reading_rows,
    section_heading,
    side_markdown,
    title_markdown,
)
from polis.app.markup import escape, link
from polis.app.session import _
from polis.comparison import Comparison
from polis.diff_words import ChangeWords
from polis.rules.loader import load_sources

st.title(_("Compare rulesets"))
ids = session.ruleset_ids()
state = st.session_state
current = str(state["ruleset"])

# a link from another page (or a shared URL) asks for two rulesets, a view and a section
asked = {k: st.query_params.get(k) for k in ("a", "b", "view", "section")}
if asked != state.get("compare_asked"):
    state["compare_asked"] = asked
    if asked["a"] in ids:
        state["compare_a"] = asked["a"]
    if asked["b"] in ids:
        state["compare_b"] = asked["b"]
    if asked["view"] in VIEWS:
        state["compare_view"] = asked["view"]
    if asked["section"]:
        state["compare_focus"] = f"section/{asked['section']}"
# a link on this page: a headline's sections, a section's rows, a linked section
clicked = links.clicked("compare")
if clicked:
    state["compare_focus"] = clicked
    state["compare_view"] = "differences" if clicked.startswith("behind/") else "rules"

# by default the current ruleset against what it extends, or an edition against another
base = session.model(current).extends
editions = [r for r in ids if r != current and session.model(r).extends is None]
default_a = base if base in ids else (editions[0] if editions else current)
state.setdefault("compare_a", default_a)
state.setdefault("compare_b", current)
state.setdefault("compare_view", "differences")
ruleset_labels = {rid: session.ruleset_label(rid) for rid in ids}
view_labels = {v: _(label) for v, label in VIEWS.items()}
cols = st.columns(2)
a = cols[0].selectbox(_("From"), ids, format_func=ruleset_labels.__getitem__, key="compare_a")
b = cols[1].selectbox(_("To"), ids, format_func=ruleset_labels.__getitem__, key="compare_b")
view = st.segmented_control(
    _("Show"), list(VIEWS), format_func=view_labels.__getitem__, required=True, key="compare_view"
)
view = view or "differences"


def comparison() -> Comparison:
    """The comparison of a and b in the reader's language, kept for the session."""
    key = (a, b, session.lang())
    kept = state.setdefault("compare_cache", {})
    if key not in kept:
        kept.clear()  # one comparison at a time: uploads make each session's own
        kept[key] = Comparison(
            (session.model(a), session.model(b)),
            (session.compiled(a).config, session.compiled(b).config),
            session.lang(),
            sections=(session.sections(a), session.sections(b)),
        )
    found: Comparison = kept[key]
    return found


cmp = comparison()
focus = parse_focus(state.get("compare_focus"))


def clear_focus() -> None:
    state["compare_focus"] = None


def focus_banner(text: str) -> None:
    cols = st.columns([4, 1])
    cols[0].info(text)
    cols[1].button(_("Show everything"), on_click=clear_focus, key="compare_unfocus")


def differences(focus: Focus | None) -> None:
    titles = (cmp.titles[0], cmp.titles[1])
    behind = focus.target if focus and focus.kind == "behind" else None
    if behind is not None and behind in cmp.rules.by_id():
        section = cmp.rules.by_id()[behind]
        focus_banner(_("The differences behind “{section}”").format(section=section.shown.title))
        heads = cmp.headlines_of_section(behind)
        changes = cmp.changes_of_section(behind)
    else:
        heads, changes = cmp.headlines, cmp.changes
    st.subheader(_("Headline differences"))
    if heads:
        st.table(headline_rows(cmp, heads, _))
    else:
        st.write(_("No headline differences."))
    st.subheader(_("Every difference, by topic"))
    caption = session.ngettext(
        "{count} change; topics: {topics}",
        "{count} changes; topics: {topics}",
        len(changes),
    ).format(count=len(changes), topics=len({c.topic for c in changes}))
    if cmp.same_in_words and behind is None:
        caption += " · " + session.ngettext(
            "{count} more differs only in its English name.",
            "{count} more differ only in their English names.",
            cmp.same_in_words,
        ).format(count=cmp.same_in_words)
    st.caption(caption)
    with_paths = st.toggle(_("Show data paths (for authors)"), key="compare_paths")
    grouped: dict[str, list[ChangeWords]] = {}
    for change in changes:
        grouped.setdefault(change.topic, []).append(change)
    for topic, rows in grouped.items():
        with st.expander(f"{escape(topic)} ({len(rows)})", expanded=behind is not None):
            st.dataframe(change_rows(rows, titles, _, with_paths), hide_index=True, width="stretch")


def rules(focus: Focus | None) -> None:
    counts = cmp.rules.counts()
    st.caption(
        " · ".join(
            [
                session.ngettext(
                    "{count} section reads differently",
                    "{count} sections read differently",
                    counts["changed"],
                ).format(count=counts["changed"]),
                session.ngettext(
                    "{count} section new", "{count} sections new", counts["added"]
                ).format(count=counts["added"]),
                session.ngettext(
                    "{count} section dropped", "{count} sections dropped", counts["removed"]
                ).format(count=counts["removed"]),
                session.ngettext(
                    "{count} section reads the same (folded away)",
                    "{count} sections read the same (folded away)",
                    counts["same"],
                ).format(count=counts["same"]),
            ]
        )
    )
    if focus is not None and focus.kind in ("headline", "section"):
        if focus.kind == "headline":
            label = next((h.label for h in cmp.headlines if h.key == focus.target), "")
            focus_banner(_("The rules behind the headline “{rule}”").format(rule=label))
        else:
            found = cmp.rules.by_id().get(focus.target)
            title = found.shown.title if found else focus.target
            focus_banner(_("How “{section}” compares").format(section=title))
    whole = st.toggle(_("Whole sections"), key="compare_whole")
    shown = focused_sections(cmp, focus)
    chapter = None
    for section in shown:
        if section.chapter_title != chapter and len(shown) > 3:
            chapter = section.chapter_title
            st.markdown(f"##### {escape(chapter)}")
        with st.expander(section_heading(section, cmp, _), expanded=len(shown) <= 3):
            columns = st.columns(2)
            for which, column in enumerate(columns):
                with column:
                    st.caption(escape(cmp.titles[which]))
                    title = title_markdown(section, cmp, which)
                    if title:
                        st.markdown(f"#### {title}")
                        st.markdown(side_markdown(section, cmp, which, whole))
                    else:
                        absent = _("not in this ruleset")
                        st.markdown(f"*{escape(absent)}*")
            behind = behind_markdown(section.id, cmp, _)
            if behind:
                heading = escape(_("Behind this difference"))
                rows_link = link(_("show these rows"), f"compare/behind/{section.id}")
                st.markdown(f"**{heading}** · {rows_link}\n\n{behind}")
    same = [s for s in cmp.rules.sections if s.status == "same"]
    if same and (focus is None or focus.kind == "behind"):
        with st.expander(
            session.ngettext(
                "{count} section reads the same in both",
                "{count} sections read the same in both",
                len(same),
            ).format(count=len(same))
        ):
            st.markdown(", ".join(escape(s.shown.title) for s in same))


def sources(focus: Focus | None) -> None:
    book_sources = load_sources()
    for rid in dict.fromkeys([a, b]):
        m = session.model(rid)
        names = session.names(rid)  # its scopes fall back from a variant to its edition
        st.subheader(escape(session.ruleset_label(rid)))
        if not m.discrepancies:
            st.write(_("No recorded disagreements."))
        for did, disc in m.discrepancies.items():
            question = names.data(f"discrepancies.{did}.question", disc.question)
            reason = names.data(f"discrepancies.{did}.reason", disc.reason)
            with st.expander(escape(question)):
                rows = reading_rows(did, disc, names, book_sources, session.lang(), _)
                st.table(
                    [
                        {
                            _("Reading"): ("✔ " if r.used else "") + escape(r.value),
                            _("Source"): escape(r.source),
                        }
                        for r in rows
                    ]
                )
                used = next((r.value for r in rows if r.used), str(disc.used))  # always one
                st.markdown(
                    _("Used here: **{value}**. {reason}").format(
                        value=escape(used), reason=escape(reason)
                    )
                )


def plays(focus: Focus | None) -> None:
    """How the two rulesets play, from bot games: drawn whole by polis.app.balance_panel."""
    balance_panel.show(a, b)


{"differences": differences, "rules": rules, "sources": sources, "plays": plays}[view](focus)

# the URL says what is shown, so the view can be bookmarked or shared
shown_section = focus.target if focus and focus.kind == "section" else None
session.sync_params(a=a, b=b, view=view, section=shown_section)
state["compare_asked"] = {"a": a, "b": b, "view": view, "section": shown_section}
