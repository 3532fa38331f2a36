"""The rules reference as a reader gets it: plain sections, kept by the bytes they come from.

Rendering a ruleset's reference (polis.reference.render) loads the ruleset
through the rules models (pydantic), compiles it and fills the rule text's
values in; that took 0.5 s of CPU in `polis rules 2e --search hoplite`, whose
query then takes a few milliseconds. So the rendered sections are remembered
(polis.checked) under a key made of every file the ruleset is built from, the
package's code, the language, the rule text files (`rules_data/rules/`) and the
language's catalog: a new process reads them back, and an edit to any of those
renders again. A damaged entry is rendered again too; a ruleset that cannot be
rendered is never remembered.

This module imports nothing heavy (`polis rules`, the search): the renderer is
imported only when a reference is rendered.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from polis import checked
from polis.i18n import DOMAIN, LOCALES_DIR
from polis.rules.registry import rules_data_dir

LINK = re.compile(r"\[\[([a-z_.]+)\]\]")
KIND = "reference"  # the folder of the remembered references, beside the compile cache
# Bumped whenever what is stored, or how a reference is rendered apart from the code, changes.
FORMAT = 1


def rules_dir() -> Path:
    return rules_data_dir() / "rules"


@dataclass(frozen=True)
class RenderedSection:
    id: str
    chapter: str
    chapter_title: str
    title: str
    text: str  # markdown, links still as [[id]]
    see: tuple[str, ...]
    rules: tuple[str, ...]


# the fields of a RenderedSection, as a remembered entry holds them: strings, lists of strings
_TEXTS = ("id", "chapter", "chapter_title", "title", "text")
_LISTS = ("see", "rules")


def text_digest(lang: str) -> str:
    """A hash of what a reference is rendered from besides the ruleset and the code: the
    rule text files and the language's catalog (the .po: the .mo is made from it)."""
    digest = hashlib.sha256(f"{FORMAT}\0{lang}\0".encode())
    sources = sorted(rules_dir().glob("*.yaml"))
    sources.append(LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po")
    for path in sources:
        try:
            data = path.read_bytes()
        except OSError:
            data = b"-"  # English has no catalog
        digest.update(f"{path.name}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()


def _sections(kept: Any) -> tuple[RenderedSection, ...] | None:
    """The sections a remembered entry holds, or None if it is not exactly their shape."""
    if not isinstance(kept, list):
        return None
    found = []
    for item in kept:
        if not isinstance(item, dict) or set(item) != {*_TEXTS, *_LISTS}:
            return None
        if not all(isinstance(item[name], str) for name in _TEXTS):
            return None
        lists = [item[name] for name in _LISTS]
        if not all(isinstance(v, list) and all(isinstance(s, str) for s in v) for v in lists):
            return None
        found.append(RenderedSection(**item | {name: tuple(item[name]) for name in _LISTS}))
    return tuple(found)


@cache
def render(ruleset: str, lang: str) -> tuple[RenderedSection, ...]:
    """The reference of a ruleset (an id or an overlay file) in `lang`: remembered on disk
    by its inputs' bytes, and in this process by its name (shipped rulesets and catalogs
    do not change under a running app)."""
    also = text_digest(lang)
    sections = _sections(checked.recall(KIND, ruleset, also))
    if sections is None:
        from polis.reference.render import render_ruleset

        sections = render_ruleset(ruleset, lang)
        checked.remember(KIND, ruleset, [asdict(s) for s in sections], also)
    return sections


def section_for_rule(
    ruleset: str, lang: str, rule: str, sections: tuple[RenderedSection, ...] | None = None
) -> RenderedSection | None:
    """The section explaining an engine rule id (the one named, or one listing it)."""
    sections = sections if sections is not None else render(ruleset, lang)
    return next((s for s in sections if s.id == rule), None) or next(
        (s for s in sections if rule in s.rules), None
    )
