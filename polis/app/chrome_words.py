"""Streamlit's own words (its sidebar, table and chart toolbars, status) in the reader's language.

Streamlit labels the controls it draws itself in English ("Collapse sidebar",
"Download as CSV", the chart toolbar's "Zoom in", the "Running..." status) and
has no setting for any of them. A small component, mounted once per run by the
frame, renames them in the page: an attribute a screen reader or a tooltip
reads (aria-label, title, placeholder, data-title), or the text of the skip
link, the status and a tooltip, whose whole value is one of the English words
below is given the catalogs' word instead, and given again whenever Streamlit
draws it anew or the language changes. Words the app writes itself never
match: they are already the reader's.
"""

from __future__ import annotations

import functools
from typing import Any

from polis.i18n import LANGUAGES, NP_, translator

CONTEXT = "streamlit"
# as Streamlit 1.67 (and the Plotly it bundles) writes them; a word Streamlit
# changes simply stops matching, and shows in English again
WORDS = (
    NP_("streamlit", "Sidebar"),
    NP_("streamlit", "Collapse sidebar"),
    NP_("streamlit", "Expand sidebar"),
    NP_("streamlit", "App pages"),
    NP_("streamlit", "Skip to main content"),
    NP_("streamlit", "Open"),
    NP_("streamlit", "Choose an option"),
    NP_("streamlit", "Choose options"),
    NP_("streamlit", "Clear value"),
    NP_("streamlit", "Close"),
    NP_("streamlit", "Dismiss"),
    NP_("streamlit", "Link to heading"),
    NP_("streamlit", "Running..."),
    NP_("streamlit", "Stop"),
    NP_("streamlit", "Decrement"),
    NP_("streamlit", "Increment"),
    NP_("streamlit", "Selected values"),
    NP_("streamlit", "Clear all"),
    NP_("streamlit", "Copy to clipboard"),
    NP_("streamlit", "Show/hide columns"),
    NP_("streamlit", "Download as CSV"),
    NP_("streamlit", "Search"),
    NP_("streamlit", "Fullscreen"),
    NP_("streamlit", "Close fullscreen"),
    NP_("streamlit", "Download plot as a PNG"),
    NP_("streamlit", "Zoom"),
    NP_("streamlit", "Pan"),
    NP_("streamlit", "Zoom in"),
    NP_("streamlit", "Zoom out"),
    NP_("streamlit", "Autoscale"),
    NP_("streamlit", "Reset axes"),
)

_JS = """
const ATTRIBUTES = ["aria-label", "title", "placeholder", "data-title"];
const WITH_ATTRIBUTES = ATTRIBUTES.map((a) => `[${a}]`).join(",");
// where Streamlit writes its words as text rather than as an attribute
const TEXT_IN = [
  '[data-testid="stSkipToContent"]',
  '[data-testid="stStatusWidget"]',
  '[data-testid="stTooltipContent"]',
  '[role="tooltip"]',
].join(",");
// one renamer per page, whatever number of times the component is drawn: Streamlit calls
// this function again with each run's data, without undoing the last call, and two
// observers with different languages would rename each other's words for ever
const state = (window.__polisChromeWords = window.__polisChromeWords || {
  words: {}, // English -> the reader's language
  english: {}, // each word in every language -> its English
  observer: null,
});

function rename(value) {
  const key = state.english[value.trim()];
  if (key === undefined) return null;
  const shown = state.words[key] || key;
  return shown === value.trim() ? null : value.replace(value.trim(), shown);
}

function renameElement(element) {
  for (const attribute of ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (!value) continue;
    const shown = rename(value);
    if (shown !== null) element.setAttribute(attribute, shown);
  }
}

function renameText(node) {
  const shown = rename(node.nodeValue || "");
  if (shown !== null) node.nodeValue = shown;
}

function renameTree(root) {
  if (root.nodeType === Node.TEXT_NODE) {
    if (root.parentElement && root.parentElement.closest(TEXT_IN)) renameText(root);
    return;
  }
  if (root.nodeType !== Node.ELEMENT_NODE) return;
  if (root.matches(WITH_ATTRIBUTES)) renameElement(root);
  root.querySelectorAll(WITH_ATTRIBUTES).forEach(renameElement);
  const texts = root.closest(TEXT_IN) ? [root] : [...root.querySelectorAll(TEXT_IN)];
  for (const holder of texts) {
    const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) renameText(node);
  }
}

export default function (component) {
  const data = component.data || {};
  state.words = data.words || {};
  state.english = data.english || {};
  renameTree(document.body);
  if (!state.observer) {
    state.observer = new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === "childList") change.addedNodes.forEach(renameTree);
        else renameTree(change.target);
      }
    });
    state.observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ATTRIBUTES,
    });
  }
  return undefined;
}
"""


@functools.cache
def _renamer() -> Any:
    """The component, declared on the first mount: the words above are read without
    Streamlit (the browser tests compare the page with them)."""
    import streamlit as st

    return st.components.v2.component("polis.chrome_words", js=_JS)


def words(lang: str) -> dict[str, str]:
    """Each of Streamlit's English words -> `lang`'s."""
    tr = translator(lang)
    return {word: tr.pgettext(CONTEXT, word) for word in WORDS}


@functools.cache
def english() -> dict[str, str]:
    """Each word in every language -> its English: a word shown in the language the
    reader has just left is found again, whatever the page has forgotten."""
    return {shown: word for lang in LANGUAGES for word, shown in words(lang).items()}


def mount() -> None:
    """Rename Streamlit's words for this run (the frame calls it once, in the sidebar)."""
    from polis.app import session

    data = {"words": words(session.lang()), "english": english()}
    _renamer()(key="polis_chrome_words", data=data)
