"""What the Data page shows, prepared without Streamlit (testable): provenance in words."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import Any

from babel import Locale

from polis.app.labels import STATUS
from polis.compiler.provenance import FactProvenance
from polis.diff_words import DiffWords
from polis.i18n.formats import items
from polis.i18n.names import Names
from polis.i18n.vocabulary import field_label
from polis.rules.provenance import Source
from polis.rules.sources import Sources

Translate = Callable[[str], str]


def example_overlay() -> str:
    """The overlay the Data page offers to download: a house rule to start one's own from."""
    return resources.files("polis.app").joinpath("example_overlay.yaml").read_text("utf-8")


def source_words(src: Source, sources: Sources, lang: str, _: Translate) -> str:
    """Where a fact comes from, in words: the rulebooks by their language, a page by its title."""
    if src.estimate is not None:
        return _("estimate")
    if src.book is not None:
        languages = Locale.parse(lang).languages
        named = [
            languages.get(sources.books[b].language, b) if b in sources.books else b
            for b in src.books()
        ]
        return _("rulebook ({languages}): {section}").format(
            languages=items(named, lang), section=src.section
        )
    if src.page is not None:
        page = sources.pages.get(src.page)
        return page.title if page else src.page
    if src.printed is not None:
        return _("printed component: {what}").format(what=src.printed)
    return str(src.url or "")


def _estimate(fact: FactProvenance, names: Names) -> str:
    record = fact.record
    if record is None or record.src.estimate is None:
        return ""
    return names.data(f"{fact.key}.src.estimate", record.src.estimate)


def _parts(fact: FactProvenance, names: Names, _: Translate) -> str:
    """The estimated parts of a partly estimated record: "field: reason; ..."."""
    record = fact.record
    if record is None:
        return ""
    parts = []
    for i, estimate in enumerate(record.estimates):
        field = estimate.field.rsplit(".", 1)[-1]
        label = field_label(names.tr, field)
        reason = names.data(f"{fact.key}.estimates.{i}.reason", estimate.reason)
        parts.append(f"{label}: {reason}")
    return "; ".join(parts)


def fact_rows(
    facts: list[FactProvenance],
    words: DiffWords,
    names: Names,
    sources: Sources,
    lang: str,
    _: Translate,
) -> list[dict[str, Any]]:
    """Rows of the provenance table in the reader's language (plain text, for st.dataframe)."""
    rows = []
    for fact in facts:
        record = fact.record
        if record is not None and record.src.estimate is not None:
            source = _("estimate: {reason}").format(reason=_estimate(fact, names))
        else:
            source = source_words(record.src, sources, lang, _) if record else fact.source
        rows.append(
            {
                _("Record"): words.record(fact.key),
                _("Status"): _(STATUS[fact.status]),
                _("Source"): source,
                _("Estimated parts"): _parts(fact, names, _),
            }
        )
    return rows
