"""Every catalog is complete, unfuzzy, faithful to its source's markup, and up to date."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from polis.i18n import translator
from polis.i18n.checks import check_catalog, load
from polis.i18n.runner import POT, TARGETS, extract

# CLDR as Babel 2.19 gives it: Spanish and Italian have `many` (round millions) besides one/other
PLURAL_FORMS = {"es": 3, "pl": 3, "ru": 3, "cs": 3, "it": 3, "de": 2}


@pytest.fixture(scope="module")
def template() -> Catalog:
    with POT.open("rb") as fh:
        return read_po(fh)


def keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def test_the_template_matches_the_code_and_data(tmp_path: Path, template: Catalog) -> None:
    fresh = extract(tmp_path / "polis.pot")
    with fresh.open("rb") as fh:
        extracted = keys(read_po(fh))
    new, gone = sorted(extracted - keys(template)), sorted(keys(template) - extracted)
    assert not new and not gone, (
        f"locales/polis.pot is stale (new {new[:5]}, gone {gone[:5]}): "
        "run `polis i18n extract && polis i18n update`"
    )


@pytest.mark.parametrize("lang", TARGETS)
def test_catalog_is_complete_and_keeps_markup(lang: str, template: Catalog) -> None:
    problems = check_catalog(lang, load(lang), template)
    assert not problems, "\n".join(p.format() for p in problems[:30])


@pytest.mark.parametrize("lang", TARGETS)
def test_plural_forms_per_language(lang: str) -> None:
    catalog = load(lang)
    assert catalog.num_plurals == PLURAL_FORMS[lang]
    plurals = [m for m in catalog if m.id and m.pluralizable]
    assert plurals, "the catalog has plural messages"
    for message in plurals:
        assert len(message.string) == PLURAL_FORMS[lang], message.id


@pytest.mark.parametrize("lang", TARGETS)
def test_compiled_catalog_is_what_the_program_reads(lang: str) -> None:
    catalog = load(lang)
    tr = translator(lang)
    for message in catalog:
        if message.id and not message.pluralizable and message.string:
            if message.context:
                assert tr.pgettext(message.context, message.id) == message.string
            else:
                assert tr.gettext(message.id) == message.string


def test_unknown_language_is_refused() -> None:
    with pytest.raises(LookupError, match="unknown language 'xx'"):
        translator("xx")


# The checks themselves must be able to fail.


def catalog_with(lang: str, msgid: object, string: object, **kw: object) -> Catalog:
    catalog = Catalog(locale=lang)
    catalog.add(msgid, string, **kw)  # type: ignore[arg-type]
    return catalog


@pytest.mark.parametrize(
    ("msgid", "string", "flags", "problem"),
    [
        ("{side} wins", "", (), "not translated"),
        ("{side} wins", "{seite} gewinnt", (), "placeholders differ"),
        ("see [[game.score]]", "siehe [[game.end]]", (), "links differ"),
        ("a **b**", "ein b", (), "bold markers"),
        ("{side} wins", "{side} gewinnt", ("fuzzy",), "marked fuzzy"),
        (("{n} die", "{n} dice"), ("{n} Würfel",), (), "plural forms"),
    ],
)
def test_check_catalog_reports(
    msgid: object, string: object, flags: tuple[str, ...], problem: str
) -> None:
    issues = check_catalog("de", catalog_with("de", msgid, string, flags=flags))
    assert any(problem in i.problem for i in issues), issues


def test_check_catalog_reports_messages_missing_from_a_catalog() -> None:
    template = catalog_with("en", "Pass", "", context=None)
    template.add("Undo", "")
    catalog = catalog_with("de", "Pass", "Passen")
    issues = check_catalog("de", catalog, template)
    assert [(i.msgid, i.problem) for i in issues] == [("Undo", "missing from the catalog")]


def test_check_catalog_accepts_a_faithful_translation() -> None:
    catalog = catalog_with(
        "ru", ("{n} die", "{n} dice"), ("{n} кубик", "{n} кубика", "{n} кубиков")
    )
    catalog.add("see **[[game.score]]**", "см. **[[game.score]]**")
    assert check_catalog("ru", catalog) == []


def test_placeholders_with_a_format_spec_are_checked() -> None:
    issues = check_catalog("de", catalog_with("de", "{size:,} bytes", "{size} Bytes"))
    assert any("placeholders differ" in i.problem for i in issues)
