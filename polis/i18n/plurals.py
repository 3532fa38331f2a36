"""Plural forms follow each language's CLDR rule, as the installed Babel gives it.

Babel's rules change with CLDR: Babel 2.19 gave Spanish and Italian a third form,
`many`, for round millions (`1000000 de hoplitas`), where 2.18 had two. A catalog
whose header still declares the old rule is brought along by `polis i18n update`:
each form of the new rule takes the translation that the old rule chose for the
numbers the new one puts in it, so nothing translated is lost and nothing is guessed.
Rules are compared by what they do (the form each number gets), not by how the
header spells them, since Babel writes the same rule differently between versions.
"""

from __future__ import annotations

from collections.abc import Callable
from gettext import c2py

from babel import Locale
from babel.messages.catalog import Catalog

# numbers that reach every form of the languages we ship (CLDR's `many` of Spanish and
# Italian needs a multiple of a million)
SAMPLES = (*range(200), 1_000, 1_000_000, 2_000_000, 10_000_000, 1_000_000_000)


def expected(lang: str) -> Catalog:
    """An empty catalog carrying the language's plural rule as Babel knows it."""
    return Catalog(locale=Locale.parse(lang))


def _rule(expr: str) -> Callable[[int], int]:
    return c2py(expr)


def same_rule(catalog: Catalog, lang: str) -> bool:
    """Does the catalog's header give every number the form the language's rule gives?"""
    want = expected(lang)
    if catalog.num_plurals != want.num_plurals:
        return False
    ours, theirs = _rule(catalog.plural_expr), _rule(want.plural_expr)
    return all(ours(n) == theirs(n) for n in SAMPLES)


def form_sources(old_expr: str, new_expr: str, new_count: int) -> tuple[int, ...]:
    """For each form of the new rule, the form of the old rule that held its numbers."""
    old, new = _rule(old_expr), _rule(new_expr)
    source: dict[int, int] = {}
    for n in SAMPLES:
        source.setdefault(new(n), old(n))
    missing = sorted(set(range(new_count)) - source.keys())
    if missing:
        raise ValueError(f"no sample number falls in plural form(s) {missing} of {new_expr!r}")
    return tuple(source[k] for k in range(new_count))


def follow_babel(catalog: Catalog, lang: str) -> bool:
    """Give `catalog` the language's plural rule, its plural messages the forms it needs.

    Returns whether anything changed. A form the old catalog left empty stays empty (the
    check then reports it untranslated).
    """
    if same_rule(catalog, lang):
        return False
    want = expected(lang)
    sources = form_sources(catalog.plural_expr, want.plural_expr, want.num_plurals)
    for message in catalog:
        if message.id and message.pluralizable:
            old = message.string if isinstance(message.string, tuple | list) else (message.string,)
            message.string = tuple(str(old[i] or "") if i < len(old) else "" for i in sources)
    catalog.mime_headers = [("Plural-Forms", want.plural_forms)]
    return True
