"""Untrusted text on a page: names, labels and readings from an uploaded overlay or record.

Streamlit renders markdown almost everywhere: st.markdown, st.write, st.caption,
alerts, st.table cells, expander, button and page-link labels. There an
overlay's round label `![x](https://evil/track.png)` would become an image that
everyone opening a shared link fetches, and `**` or `:red[...]` would restyle
the page. Wrap every string that came from an overlay or a record (directly, or
through a name or a narrated sentence) in `md()` before it reaches a markdown
sink; plain-text sinks (st.dataframe, st.code, select options) need nothing.
"""

from __future__ import annotations

from polis.markup import escape


def md(text: object) -> str:
    """`text` as markdown that displays exactly as written, on one line."""
    return escape(str(text))
