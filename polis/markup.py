"""Markdown escaping: text that must display exactly as written where markdown is rendered.

A backslash before an ASCII punctuation mark is the one escape CommonMark
defines for all of them; put before every mark Markdown, HTML or Streamlit
read as syntax, it makes `![x](url)`, `**`, `[[id]]`, Streamlit's
`:red[...]` and `$...$` show as the characters they are, and nothing is
fetched or restyled. Line breaks become spaces, so a value cannot start a
heading or a list. Used for the names polis.reference.events lists in rule text
and, through polis.app.markup.escape, for untrusted strings on the app's pages.

Escaping is not enough for bare links: Streamlit's Markdown (remark-gfm) turns
`http://…`, `www.…` and `name@host.tld` in the text into links after the
escapes are read, so a backslash cannot stop it. A WORD JOINER (U+2060, an
invisible character that changes nothing on screen) after the scheme's colon,
after `www` and after `@` leaves nothing for it to recognise.
"""

from __future__ import annotations

import re

_LINE_BREAKS = re.compile(r"[\r\n\u2028\u2029]+")
# the marks Markdown, HTML or Streamlit (:color[...], :material/icon:, $math$) read as syntax;
# commas, quotes, slashes and the like never start anything and stay as they are
_SYNTAX = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~:$&=])")
# inside a sentence of our own, these are the marks that can start or end markdown
# (a link or an image needs "[", Streamlit's :color[...] too; "$" opens a formula)
_ACTIVE = re.compile(r"([\\`*_\[\]<>#|~$])")
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
WORD_JOINER = "\u2060"
# what remark-gfm's literal autolinks start with: `scheme://` (it knows http and https; every
# `://` is broken, so a newer version cannot start linking another scheme), `www.` and the `@`
# of an address, wherever they stand in a word; the joiner goes where their patterns need the
# next character, which may already be escaped (`www\.`)
_AUTOLINK = re.compile(r"(?i)(?::(?=//)|www(?=\\?\.)|@(?=\\?[-\w]))")


def inert_links(text: str) -> str:
    """`text` (plain or escaped Markdown) with nothing a Markdown renderer would turn into a
    link by itself."""
    return _AUTOLINK.sub(lambda m: m.group() + WORD_JOINER, text)


def escape(text: str) -> str:
    """Text shown on its own (a label, a heading): every mark that could be syntax escaped."""
    return _SYNTAX.sub(r"\\\1", inert_links(_LINE_BREAKS.sub(" ", text)))


def escape_value(text: str) -> str:
    """A value filled into a sentence of markdown: only the marks markdown acts on escaped.

    Commas, full stops, brackets and hyphens stay as they are, so ordinary names
    and lists ("3, 4 and 5") read the same in plain-text output too.
    """
    return _ACTIVE.sub(r"\\\1", inert_links(_LINE_BREAKS.sub(" ", text)))


def unescape(text: str) -> str:
    """The plain text of escaped markdown (for output that is not rendered, like the CLI)."""
    return _ESCAPED.sub(r"\1", text).replace(WORD_JOINER, "")
