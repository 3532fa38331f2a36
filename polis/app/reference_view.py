"""What the Reference page shows, prepared without Streamlit (testable)."""

from __future__ import annotations

import html

from polis.compiler import Compiled
from polis.markup import unescape
from polis.reference.render import LINK, RenderedSection, render, render_for
from polis.reference.search import Hit, marked
from polis.rules.loader import LoadedRuleset


def sections_for(
    ruleset: str, lang: str, compiled: Compiled, loaded: LoadedRuleset | None
) -> tuple[RenderedSection, ...]:
    """Shipped rulesets come from the cache; an uploaded overlay is rendered from its own data."""
    if loaded is None:
        return render(ruleset, lang)
    return render_for(compiled.config, loaded.model, lang)


def links_in(section: RenderedSection) -> list[str]:
    """Every section this one points to, inline links first, without repeats."""
    seen: list[str] = []
    for target in [*LINK.findall(section.text), *section.see]:
        if target not in seen and target != section.id:
            seen.append(target)
    return seen


def passage_html(hit: Hit) -> str:
    """The matching passage of a search hit as HTML: every piece of text escaped (it may
    hold an overlay's names), the words the query matched in <mark>."""
    pieces = [
        f"<mark>{html.escape(unescape(text))}</mark>" if hit_word else html.escape(unescape(text))
        for text, hit_word in marked(hit)
    ]
    return f'<p class="search-passage">{"".join(pieces)}</p>'


def reads_differently(
    section: RenderedSection, current: str, lang: str, shipped: list[str]
) -> list[str]:
    """The shipped rulesets (other than `current`) whose reference reads this section otherwise.

    A ruleset that has no such section reads it otherwise too: the comparison shows it
    as dropped.
    """
    out = []
    for other in shipped:
        if other == current:
            continue
        theirs = next((s for s in render(other, lang) if s.id == section.id), None)
        if theirs is None or (theirs.title, theirs.text) != (section.title, section.text):
            out.append(other)
    return out
