"""Links in text that the app opens in place.

Streamlit opens every Markdown link in a new browser tab, which starts a new
session (an uploaded overlay and a game in progress would be gone). So text links
point at `#polis-<target>` (polis.app.markup.link) and a small component, mounted
once per run by the frame, catches their clicks and hands the target to Python
for that run. Targets are `kind/rest`, e.g. `section/actions.besiege`.
"""

from __future__ import annotations

import streamlit as st

_JS = """
export default function (component) {
  const { setTriggerValue } = component;
  const onClick = (event) => {
    const link = event.target.closest ? event.target.closest('a[href^="#polis-"]') : null;
    if (!link) return;
    event.preventDefault();
    event.stopPropagation();
    setTriggerValue("open", decodeURIComponent(link.getAttribute("href").slice(7)));
  };
  document.addEventListener("click", onClick, true);
  // says that clicks are caught: the component mounts after the page's run, and a click
  // before it only changes the address's #fragment
  document.documentElement.dataset.polisLinks = "ready";
  return () => {
    document.removeEventListener("click", onClick, true);
    delete document.documentElement.dataset.polisLinks;
  };
}
"""
_CATCHER = st.components.v2.component("polis.links", js=_JS)
_CLICKED = "_link_clicked"


def mount() -> None:
    """Catch link clicks for this run (the frame calls it once, in the sidebar)."""
    result = _CATCHER(key="polis_links", on_open_change=lambda: None)
    st.session_state[_CLICKED] = result.open


def clicked(kind: str) -> str | None:
    """The target of a `kind/...` link clicked just before this run, if one was."""
    target = st.session_state.get(_CLICKED)
    if isinstance(target, str) and target.startswith(f"{kind}/"):
        return target[len(kind) + 1 :]
    return None
