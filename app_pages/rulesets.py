"""Rulesets: every shipped edition and scenario with how much of it is sourced."""

import streamlit as st

from polis.summaries import ruleset_summaries


@st.cache_data(show_spinner="Loading rulesets…")
def _rows() -> list[dict[str, object]]:
    return ruleset_summaries()


st.title("Polis: Fight for the Hegemony")
st.caption("Rules of both editions as checked data.")
rows = _rows()
st.dataframe(
    [
        {
            "id": r["id"],
            "title": r["title"],
            "kind": r["kind"],
            "rounds": r["rounds"],
            "sourced": r["provenance"]["sourced_share"],  # type: ignore[index]
        }
        for r in rows
    ],
    column_config={
        "sourced": st.column_config.ProgressColumn(
            "sourced", format="percent", min_value=0, max_value=1
        )
    },
    hide_index=True,
    width="stretch",
)
