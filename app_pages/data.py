"""Data: where each fact comes from, and house rules uploaded as overlays."""

import plotly.graph_objects as go
import streamlit as st

from polis.app import balance_panel, file_picker, labels, session
from polis.app.data_view import example_overlay, fact_rows
from polis.app.markup import escape
from polis.app.session import _
from polis.compiler.provenance import provenance_report
from polis.diff import plain
from polis.diff_words import DiffWords
from polis.i18n.formats import number, percent
from polis.rules.issues import RulesError
from polis.rules.loader import MAX_OVERLAY_BYTES, load_overlay_text, load_sources

st.title(_("Data and provenance"))
rid = str(st.session_state["ruleset"])
overlay = session.overlay(rid)
model = session.model(rid)
report = provenance_report(model)

st.subheader(escape(session.ruleset_label(rid)))
cols = st.columns(3)
cols[0].metric(_("Sourced share"), percent(report.sourced_share, session.lang()))
cols[1].metric(_("Records"), len(report.facts))
cols[2].metric(_("Estimated records"), sum(1 for f in report.facts if f.status == "estimated"))
findings, whose_games = balance_panel.estimate_findings(rid)
for finding in findings:
    st.warning(escape(finding))
if whose_games:
    st.caption(escape(whose_games))

figure = go.Figure()
for status, colour in (
    ("sourced", "#27ae60"),
    ("partly estimated", "#f39c12"),
    ("estimated", "#c0392b"),
):
    attr = status.replace(" ", "_")
    figure.add_trace(
        go.Bar(
            name=_(labels.STATUS[status]),
            x=[_(labels.CATEGORIES[c.category]) for c in report.categories],
            y=[getattr(c, attr) for c in report.categories],
            marker_color=colour,
        )
    )
figure.update_layout(barmode="stack", height=320, margin={"l": 10, "r": 10, "t": 10, "b": 10})
st.plotly_chart(figure, key="provenance_chart")

status_labels = {key: _(text) for key, text in labels.STATUS.items()}
category_labels = {key: _(text) for key, text in labels.CATEGORIES.items()}
statuses = st.multiselect(
    _("Show"),
    list(status_labels),
    default=["estimated", "partly estimated"],
    format_func=status_labels.__getitem__,
    key="provenance_status",
)
categories = st.multiselect(
    _("Categories"),
    list(category_labels),
    default=list(category_labels),
    format_func=category_labels.__getitem__,
    key="provenance_categories",
)
names = session.names(rid)
data = plain(model)
st.dataframe(
    fact_rows(
        [f for f in report.facts if f.status in statuses and f.category in categories],
        DiffWords(data, data, names, names, session.lang()),
        names,
        load_sources(),
        session.lang(),
        _,
    ),
    hide_index=True,
    width="stretch",
)

st.divider()
st.subheader(_("Try a house rule"))
st.write(
    _(
        "Upload an overlay: a YAML file that extends a ruleset and changes only what differs. "
        "It is checked like the shipped rules, and you can play it at once."
    )
)
st.download_button(
    _("Download an example overlay"),
    example_overlay(),
    file_name="bigger-armies.yaml",
    mime="application/x-yaml",
)
upload = file_picker.file_picker(
    _("Overlay file"),
    key="overlay_upload",
    extensions=[".yaml", ".yml"],
    types="YAML",
    max_bytes=MAX_OVERLAY_BYTES,
)
if upload is not None and upload.too_large:
    st.error(
        _("The file is {size} bytes; overlays may be at most {limit} bytes.").format(
            size=number(upload.size, session.lang()),
            limit=number(MAX_OVERLAY_BYTES, session.lang()),
        )
    )
elif upload is not None and upload.content is not None:
    try:
        loaded = load_overlay_text(upload.content, display=upload.name)
    except RulesError as exc:
        st.error(
            session.ngettext(
                "The overlay has {count} problem; nothing was changed.",
                "The overlay has {count} problems; nothing was changed.",
                len(exc.issues),
            ).format(count=number(len(exc.issues), session.lang()))
        )
        # every line whole: a long path or message wraps rather than running off the box
        st.code("\n".join(exc.shown(session.lang())), language=None, wrap_lines=True)
    else:
        st.success(_("{title} is valid.").format(title=escape(loaded.model.title)))
        text = upload.content.decode("utf-8-sig")  # valid: the loader has just read it

        def use_it() -> None:  # a callback: runs before the sidebar's ruleset picker is drawn
            st.session_state["ruleset"] = session.add_overlay(loaded, text)

        st.button(_("Use this ruleset"), key="use_overlay", type="primary", on_click=use_it)
if overlay is not None:
    st.page_link(
        "app_pages/play.py", label=_("Play {title}").format(title=escape(model.title)), icon="🎲"
    )
