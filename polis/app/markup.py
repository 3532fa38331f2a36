"""Markdown for the app built from rule text and from strings it must not trust.

Rule text is our own Markdown, but the values filled into it and the names shown
next to it may come from an uploaded overlay. So rule text is rebuilt token by
token: its own markup (bold, bullets, line breaks, `[[links]]`) is kept, every
other character that Markdown or Streamlit would read as syntax is escaped. The
same tokens carry the marks of a word-level comparison.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal

from polis.markup import escape as escape_markdown
from polis.markup import inert_links
from polis.reference.compare import Piece, Token, tokenize
from polis.reference.render import LINK

Linker = Callable[[str], str]  # a section id -> Markdown for a link to it

HIGHLIGHT = {"removed": "red-background", "added": "green-background"}


def escape(text: str) -> str:
    """`text` shown exactly as it is: no Markdown, no HTML, no Streamlit directive, one line.

    The one escaping helper of the app's pages: every string that may come from an
    uploaded overlay or a record (a name, a label, a reading, an error's details) goes
    through it before a markdown sink (polis.markup escapes every ASCII punctuation mark).
    """
    return escape_markdown(" ".join(text.split()))


def link(label: str, target: str) -> str:
    """A Markdown link that the app opens in place (see polis.app.links)."""
    return f"[{escape(label)}](#polis-{target})"


def cross_reference(title: str, target: str) -> str:
    """A `[[section]]` reference in running text: "(→ Title)", the title a link."""
    return f"({link(f'→ {title}', target)})"


def _tokens(text: str, lang: str, linker: Linker) -> Iterable[tuple[bool, str]]:
    """(is markup, Markdown) for each token of a piece of rule text, every space kept."""
    lead = text[: len(text) - len(text.lstrip(" \t\u00a0\u202f"))]
    if lead:  # a piece of a compared text may begin with the space before it
        yield False, lead
    for token in tokenize(text, lang):
        yield _token(token, linker)


def _token(token: Token, linker: Linker) -> tuple[bool, str]:
    if token.kind == "markup":
        found = LINK.fullmatch(token.text)
        return True, (linker(found.group(1)) if found else token.text) + token.space
    return False, escape(token.text) + token.space


def rule_markdown(text: str, lang: str, linker: Linker) -> str:
    """A rendered rule text as safe Markdown, `[[section]]` links made by `linker`.

    Bare links are made inert over the whole text: the tokens split `http://` apart."""
    return inert_links("".join(md for _, md in _tokens(text, lang, linker)))


def _highlighted(run: list[str], colour: str) -> str:
    body = "".join(run)
    core = body.strip()
    if not core:
        return body
    lead, tail = body[: len(body) - len(body.lstrip())], body[len(body.rstrip()) :]
    return f"{lead}:{colour}[{core}]{tail}"


def marked_markdown(
    pieces: Iterable[Piece], which: Literal["a", "b"], lang: str, linker: Linker
) -> str:
    """One side of a compared text as Markdown, the words only this side has highlighted.

    Markup stays outside the highlight, so a change may span bold text or a line break.
    """
    own = "removed" if which == "a" else "added"
    out: list[str] = []
    for piece in pieces:
        if piece.kind == "same":
            out.append(rule_markdown(piece.text, lang, linker))
        elif piece.kind == own:
            run: list[str] = []
            for is_markup, md in _tokens(piece.text, lang, linker):
                if is_markup:
                    out.append(_highlighted(run, HIGHLIGHT[own]))
                    out.append(md)
                    run = []
                else:
                    run.append(md)
            out.append(_highlighted(run, HIGHLIGHT[own]))
    return inert_links("".join(out))
