"""Compare two rulesets: headline differences, every change by topic, the books' disagreements."""

import streamlit as st

from polis.app import labels, session
from polis.app.session import _
from polis.app.text import md
from polis.diff import TOPICS, diff_rulesets, short
from polis.i18n.formats import items
from polis.reference.headlines import LABELS, headline_values

st.title(_("Compare rulesets"))
ids = session.ruleset_ids()
ruleset_labels = {rid: session.ruleset_label(rid) for rid in ids}
current = str(st.session_state["ruleset"])
# by default the current ruleset against what it extends, or an edition against another
base = session.model(current).extends
editions = [r for r in ids if r != current and session.model(r).extends is None]
default_a = base if base in ids else (editions[0] if editions else current)
cols = st.columns(2)
a = cols[0].selectbox(
    _("From"),
    ids,
    index=ids.index(default_a),
    format_func=ruleset_labels.__getitem__,
    key="compare_a",
)
b = cols[1].selectbox(
    _("To"),
    ids,
    index=ids.index(current),
    format_func=ruleset_labels.__getitem__,
    key="compare_b",
)

config_a, config_b = session.compiled(a).config, session.compiled(b).config
report = diff_rulesets(session.model(a), session.model(b), config_a, config_b)
st.subheader(_("Headline differences"))
if report.headlines:
    shown_a = headline_values(config_a, session.names(a), session.lang())
    shown_b = headline_values(config_b, session.names(b), session.lang())
    st.table(
        [
            {_("Rule"): _(LABELS[h.key]), a: md(shown_a[h.key]), b: md(shown_b[h.key])}
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
    with st.expander(f"{_(TOPICS.get(topic, topic))} ({len(changes)})"):
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
    m = session.model(rid)
    names = session.names(rid)  # its scopes fall back from a variant to its edition
    st.markdown(f"**{md(session.ruleset_label(rid))}**")
    if not m.discrepancies:
        st.write(_("No recorded disagreements."))
    for did, disc in m.discrepancies.items():
        question = names.data(f"discrepancies.{did}.question", disc.question)
        reason = names.data(f"discrepancies.{did}.reason", disc.reason)
        with st.expander(md(question)):
            for reading in disc.readings:
                src = reading.src
                where = (
                    f"{items(src.books(), session.lang())}: {src.section}"
                    if src.book
                    else (src.page or src.url or "")
                )
                st.markdown(f"- **{md(reading.value)}** — {md(where)}")
            st.markdown(
                _("Used here: **{value}**. {reason}").format(value=md(disc.used), reason=md(reason))
            )
