"""Bring a new decision into view (Streamlit keeps the page's scroll between runs).

After a click the page is drawn again where it was scrolled to: on a phone the
new question can be off the screen, above or below. A small component (no
visible part) brings the question (or a hint that has just come) into view when
it is a new one; what is in view already is left alone, so a laptop's page never
moves, and a page just opened stays at its top.
"""

from __future__ import annotations

import streamlit as st

_JS = """
let shown = null; // what was last brought into view, across this page's runs
export default function (component) {
  const { data } = component;
  if (!data || data.token === shown) return;
  const first = shown === null;
  shown = data.token;
  if (first) return; // a page just opened: its top is what a player reads first
  const bring = (tries) => {
    const target = document.querySelector('[data-id="' + data.target + '"]');
    if (!target) {
      if (tries > 0) setTimeout(() => bring(tries - 1), 100);
      return;
    }
    const box = target.getBoundingClientRect();
    const height = window.innerHeight || document.documentElement.clientHeight;
    if (box.top >= 0 && box.bottom <= height) return;
    // in the middle: a map above it (a phone shows the map first) and the choices below
    target.scrollIntoView({ block: "center", behavior: "smooth" });
  };
  setTimeout(() => bring(10), 300); // once the run has drawn it and the board has its size
}
"""
_SCROLLER = st.components.v2.component("polis.scroll", js=_JS)


def into_view(token: str, target: str) -> None:
    """Bring the block with data-id `target` into view once per `token` (a new decision,
    or a hint come)."""
    _SCROLLER(key="polis_scroll", data={"token": token, "target": target})
