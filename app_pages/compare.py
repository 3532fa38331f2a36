"""Compare two rulesets: headline differences, every change by topic, the books' disagreements."""

import streamlit as st

from polis.app import labels, session
from polis.app.compare_view import headline_values
from polis.app.session import _
from polis.diff import diff_rulesets, short
from polis.i18n.names import Names
from polis.rules.loader import load_ruleset


def model(rid: str):  # type: ignore[no-untyped-def]
    overlay = st.session_state["overlays"].get(rid)
    return overlay.loaded.model if overlay else load_ruleset(rid).model


st.title(_("Compare rulesets"))
ids = session.ruleset_ids()
ruleset_labels = {rid: session.ruleset_label(rid) for rid in ids}
current = str(st.session_state["ruleset"])
default_b = "1e" if current != "1e" else "2e"
cols = st.columns(2)
a = cols[0].selectbox(
    _("From"),
    ids,
    index=ids.index(default_b if current == "2e" else current),
    format_func=ruleset_labels.__getitem__,
    key="compare_a",
)
b = cols[1].selectbox(
    _("To"),
    ids,
    index=ids.index("2e" if a != "2e" else "1e"),
    format_func=ruleset_labels.__getitem__,
    key="compare_b",
)

config_a, config_b = session.compiled(a).config, session.compiled(b).config
report = diff_rulesets(model(a), model(b), config_a, config_b)
st.subheader(_("Headline differences"))
if report.headlines:
    shown_a = headline_values(config_a, Names(config_a, session.tr()), session.lang())
    shown_b = headline_values(config_b, Names(config_b, session.tr()), session.lang())
    st.table(
        [
            {_("Rule"): _(labels.HEADLINES[h.key]), a: shown_a[h.key], b: shown_b[h.key]}
            for h in report.headlines
        ]
    )
else:
    st.write(_("No headline differences."))

st.subheader(_("Every difference, by topic"))
st.caption(
    session.ngettext(
        "{count} change; topics: {topics}",
        "{count} changes; topics: {topics}",
        len(report.changes),
    ).format(count=len(report.changes), topics=len(report.topics()))
)
for topic, changes in report.topics().items():
    with st.expander(f"{_(labels.TOPICS.get(topic, topic))} ({len(changes)})"):
        rows = []
        for change in changes:
            rows.append(
                {
                    _("Where"): change.path,
                    _("Change"): _(labels.CHANGE_KINDS[change.kind]),
                    a: short(change.a) if change.kind != "added" else "",
                    b: short(change.b) if change.kind != "removed" else "",
                }
            )
        st.dataframe(rows, hide_index=True, width="stretch")

st.subheader(_("Where the rulebooks disagree"))
for rid in dict.fromkeys([a, b]):
    m = model(rid)
    tr = session.tr()
    st.markdown(f"**{session.ruleset_label(rid)}**")
    if not m.discrepancies:
        st.write(_("No recorded disagreements."))
    for did, disc in m.discrepancies.items():
        scope = m.edition if rid.startswith(session.OVERLAY_PREFIX) else rid
        question = tr.pgettext(f"{scope}:discrepancies.{did}.question", disc.question)
        reason = tr.pgettext(f"{scope}:discrepancies.{did}.reason", disc.reason)
        with st.expander(question):
            for reading in disc.readings:
                src = reading.src
                where = (
                    f"{', '.join(src.books())}: {src.section}"
                    if src.book
                    else (src.page or src.url or "")
                )
                st.markdown(f"- **{reading.value}** — {where}")
            st.markdown(
                _("Used here: **{value}**. {reason}").format(value=disc.used, reason=reason)
            )
