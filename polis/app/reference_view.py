"""What the Reference page shows, prepared without Streamlit (testable)."""

from __future__ import annotations

import re
from collections.abc import Callable

from polis.compiler import Compiled
from polis.reference.render import LINK, RenderedSection, render, render_for
from polis.reference.search import WORD, Hit
from polis.rules.loader import LoadedRuleset


def sections_for(
    ruleset: str, lang: str, compiled: Compiled, loaded: LoadedRuleset | None
) -> tuple[RenderedSection, ...]:
    """Shipped rulesets come from the cache; an uploaded overlay is rendered from its own data."""
    if loaded is None:
        return render(ruleset, lang)
    return render_for(compiled.config, loaded.model, lang)


def inline_links(text: str, title: Callable[[str], str]) -> str:
    """[[section.id]] becomes the section's title in bold; the links themselves are buttons."""
    return LINK.sub(lambda m: f"**{title(m.group(1))}**", text)


def links_in(section: RenderedSection) -> list[str]:
    """Every section this one points to, inline links first, without repeats."""
    seen: list[str] = []
    for target in [*LINK.findall(section.text), *section.see]:
        if target not in seen and target != section.id:
            seen.append(target)
    return seen


MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$])")


def passage_markdown(hit: Hit) -> str:
    """The matching passage of a search hit, words of the query in bold, all else literal."""
    matched = set(hit.matched)
    out, at = [], 0
    for word in WORD.finditer(hit.passage):
        out.append(MARKDOWN_SPECIAL.sub(r"\\\1", hit.passage[at : word.start()]))
        out.append(f"**{word.group()}**" if word.group() in matched else word.group())
        at = word.end()
    out.append(MARKDOWN_SPECIAL.sub(r"\\\1", hit.passage[at:]))
    return "".join(out)
