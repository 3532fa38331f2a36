"""Catalog checks: complete, nothing fuzzy, placeholders and markup kept, plural forms right."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from polis.i18n import DOMAIN, LOCALES_DIR
from polis.i18n.plurals import expected, same_rule

PLACEHOLDER = re.compile(r"\{[a-z_]+(?:![rsa])?(?::[^{}]*)?\}")  # {name}, {name!r}, {name:,}
LINK = re.compile(r"\[\[[a-z_.]+\]\]")
BOLD = re.compile(r"\*\*")


@dataclass(frozen=True)
class CatalogIssue:
    lang: str
    context: str | None
    msgid: str
    problem: str

    def format(self) -> str:
        where = f"{self.context} " if self.context else ""
        return f"{self.lang}: {where}{self.msgid[:60]!r}: {self.problem}"


def load(lang: str, locales: Path = LOCALES_DIR) -> Catalog:
    with (locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def _markup(text: str) -> tuple[list[str], list[str], int]:
    return sorted(PLACEHOLDER.findall(text)), sorted(LINK.findall(text)), len(BOLD.findall(text))


def _forms(message: Message) -> tuple[tuple[str, ...], tuple[str, ...]]:
    ids = tuple(message.id) if isinstance(message.id, tuple | list) else (str(message.id),)
    raw = message.string
    strings = tuple(raw) if isinstance(raw, tuple | list) else (raw,)
    return tuple(str(i) for i in ids), tuple(str(s or "") for s in strings)


def check_catalog(
    lang: str, catalog: Catalog, template: Catalog | None = None
) -> list[CatalogIssue]:
    issues: list[CatalogIssue] = []
    nplurals = catalog.num_plurals
    if not same_rule(catalog, lang):
        issues.append(
            CatalogIssue(
                lang,
                None,
                "",
                f"the header's plural rule ({catalog.plural_forms}) is not the language's "
                f"({expected(lang).plural_forms}): run polis i18n update",
            )
        )
    for message in catalog:
        if not message.id:
            continue
        ids, strings = _forms(message)
        first = ids[0]

        def add(problem: str, message: Message = message, first: str = first) -> None:
            issues.append(CatalogIssue(lang, message.context, first, problem))

        if message.fuzzy:
            add("marked fuzzy")
        if not all(s.strip() for s in strings):
            add("not translated")
            continue
        if len(ids) > 1 and len(strings) != nplurals:
            add(f"has {len(strings)} plural forms, the language needs {nplurals}")
        source = _markup(ids[-1] if len(ids) > 1 else first)
        for form in strings:
            got = _markup(form)
            if got[0] != source[0]:
                add(f"placeholders differ: {got[0]} instead of {source[0]}")
            if got[1] != source[1]:
                add(f"links differ: {got[1]} instead of {source[1]}")
            if got[2] != source[2]:
                add("bold markers (**) differ")
    if template is not None:
        known = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
        for message in template:
            if message.id:
                key = (
                    message.context,
                    message.id if isinstance(message.id, str) else message.id[0],
                )
                if key not in known:
                    issues.append(
                        CatalogIssue(lang, message.context, key[1], "missing from the catalog")
                    )
    return issues
