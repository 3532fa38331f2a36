"""A link shown whole, with a button that copies it and says so (st.components.v2).

The page's words come from Python, translated; the link is untrusted only in
the sense that it is shown: it is set as text, never as markup.
"""

from __future__ import annotations

import streamlit as st

_HTML = (
    """<div class="cl"><input class="cl-text" readonly><button class="cl-copy"></button></div>"""
)
_CSS = """
.cl { display: flex; gap: 0.4rem; align-items: center; }
.cl-text { flex: 1; min-width: 0; font: 0.8rem monospace; padding: 0.35rem 0.5rem;
  border: 1px solid rgba(128,128,128,0.45); border-radius: 0.4rem; background: transparent;
  color: inherit; }
.cl-copy { white-space: nowrap; padding: 0.35rem 0.8rem; border-radius: 0.4rem; cursor: pointer;
  border: 1px solid rgba(128,128,128,0.6); background: transparent; color: inherit; }
.cl-copy.cl-done { border-color: #2e7d32; color: #2e7d32; font-weight: 600; }
"""
_JS = """
const undoLast = new WeakMap();
export default function (component) {
  const { data, parentElement } = component;
  const previous = undoLast.get(parentElement);
  if (previous) previous();
  const text = parentElement.querySelector(".cl-text");
  const button = parentElement.querySelector(".cl-copy");
  if (!data || !text || !button) return undefined;
  text.value = data.link;
  text.setAttribute("aria-label", data.label);
  button.textContent = data.copy;
  button.classList.remove("cl-done");
  let timer = null;
  const copied = () => {
    button.textContent = data.copied;
    button.classList.add("cl-done");
    clearTimeout(timer);
    timer = setTimeout(() => {
      button.textContent = data.copy;
      button.classList.remove("cl-done");
    }, 2500);
  };
  const onClick = () => {
    // the clipboard API needs a secure page (https or localhost); elsewhere the text is
    // selected and copied the old way
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(data.link).then(copied, () => fallback());
    } else {
      fallback();
    }
  };
  const fallback = () => {
    text.focus();
    text.select();
    try {
      if (document.execCommand("copy")) copied();
    } catch (error) {
      /* the text stays selected: the reader copies it */
    }
  };
  button.addEventListener("click", onClick);
  const undo = () => {
    button.removeEventListener("click", onClick);
    clearTimeout(timer);
  };
  undoLast.set(parentElement, undo);
  return undo;
}
"""
_COMPONENT = st.components.v2.component("polis.copy_link", html=_HTML, css=_CSS, js=_JS)


def copy_link(link: str, *, label: str, copy: str, copied: str, key: str) -> None:
    """The link in a read-only field and a button that copies it ("Copied" for a moment)."""
    _COMPONENT(key=key, data={"link": link, "label": label, "copy": copy, "copied": copied})
