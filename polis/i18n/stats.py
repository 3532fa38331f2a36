"""How much each catalog holds: messages by domain and the words of rule text."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from babel.messages.catalog import Catalog, Message

DOMAINS = ("interface", "data", "rules", "glossary")
WORD = re.compile(r"\w+(?:[-'’]\w+)*")
MARKUP = re.compile(r"\[\[[a-z_.]+\]\]|\{[a-z_]+\}")


def domain(context: str | None) -> str:
    """Which part of the project a message belongs to, read from its msgctxt."""
    if context is None or ":" not in context:
        return "interface"  # UI, engine refusals, log lines (and the "quantity" pattern)
    scope = context.split(":", 1)[0]
    if scope == "rules":
        return "rules"
    if scope == "glossary":
        return "glossary"
    return "data"


def words(text: str) -> int:
    """Words a reader sees: placeholders and [[links]] do not count."""
    return len(WORD.findall(MARKUP.sub(" ", text)))


@dataclass
class CatalogStats:
    lang: str
    messages: Counter[str] = field(default_factory=Counter)
    translated: Counter[str] = field(default_factory=Counter)
    rule_words: int = 0
    glossary_words: int = 0


def _texts(message: Message, source: bool) -> list[str]:
    raw = message.id if source else message.string
    items = raw if isinstance(raw, tuple | list) else (raw,)
    return [str(s or "") for s in items]


def catalog_stats(lang: str, catalog: Catalog, *, source: bool = False) -> CatalogStats:
    """Counts for one catalog; `source=True` reads the msgids (the English template)."""
    stats = CatalogStats(lang)
    for message in catalog:
        if not message.id:
            continue
        kind = domain(message.context)
        stats.messages[kind] += 1
        texts = _texts(message, source)
        if all(t.strip() for t in texts) and not message.fuzzy:
            stats.translated[kind] += 1
        if kind == "rules":
            stats.rule_words += words(texts[0])
        elif kind == "glossary":
            stats.glossary_words += words(texts[0])
    return stats
