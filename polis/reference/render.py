"""Rule text for one ruleset in one language: filtered, translated, values filled in.

Translations are looked up with the section id as context
(`msgctxt "rules:actions.move:text"`), so translators always see the English
source of exactly that section. Placeholders are filled after translation,
with values formatted for the language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import ValidationError

from polis.compiler import compile_ruleset
from polis.compiler.config import EngineConfig
from polis.i18n import translator
from polis.i18n.names import Names
from polis.reference.events import deck_list
from polis.reference.model import Chapter, Glossary, Section
from polis.reference.rendered import LINK, RenderedSection, render, rules_dir, section_for_rule
from polis.reference.values import CONDITIONS, ESTIMATE_MARK, estimated_values, rule_values
from polis.rules.issues import RulesError
from polis.rules.loader import load_ruleset
from polis.rules.models import Ruleset
from polis.rules.pydantic_issues import issues_from_validation
from polis.rules.registry import discover, display_path
from polis.rules.yaml_loader import load_file

# the plain results and the one who remembers them live apart, with light imports
__all__ = [
    "LINK",
    "RenderedSection",
    "RenderedTerm",
    "applies",
    "applies_to",
    "chapters",
    "glossary",
    "marked_values",
    "render",
    "render_for",
    "render_glossary",
    "render_ruleset",
    "rules_dir",
    "section_for_rule",
    "source_sections",
]


@cache
def chapters() -> tuple[Chapter, ...]:
    """Every chapter of rule text, validated, in reading order."""
    found: list[Chapter] = []
    issues = []
    for path in sorted(rules_dir().glob("*.yaml")):
        if path.name == "glossary.yaml":
            continue
        doc = load_file(path, display=display_path(path))
        try:
            found.append(Chapter.model_validate(doc.data))
        except ValidationError as exc:
            issues += issues_from_validation(exc, doc, Chapter)
    if issues:
        raise RulesError(issues)
    return tuple(sorted(found, key=lambda c: c.order))


@cache
def source_sections() -> dict[str, Section]:
    """Every section as written in the rules data (English, placeholders unfilled), by id."""
    return {s.id: s for chapter in chapters() for s in chapter.sections}


@cache
def glossary() -> Glossary:
    path = rules_dir() / "glossary.yaml"
    doc = load_file(path, display=display_path(path))
    try:
        return Glossary.model_validate(doc.data)
    except ValidationError as exc:
        raise RulesError(issues_from_validation(exc, doc, Glossary)) from None


def applies(section: Section, cfg: EngineConfig) -> bool:
    if section.rulesets and cfg.id not in section.rulesets and cfg.edition not in section.rulesets:
        return False
    if any(not CONDITIONS[c](cfg) for c in section.when):
        return False
    return not any(CONDITIONS[c](cfg) for c in section.unless)


@dataclass(frozen=True)
class RenderedTerm:
    id: str
    term: str
    definition: str
    see: tuple[str, ...]


def _fill(template: str, values: dict[str, Any], where: str) -> str:
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError) as exc:
        raise ValueError(f"{where}: cannot fill {exc!s} in the rule text") from None


def marked_values(cfg: EngineConfig, model: Ruleset, lang: str) -> dict[str, Any]:
    """The values rule text quotes for a ruleset in `lang`, estimated ones marked ≈."""
    names = Names(cfg, translator(lang))
    values = rule_values(cfg, names, lang)
    for name in estimated_values(model):
        values[name] = f"{ESTIMATE_MARK}{values[name]}"
    # the deck sizes that are reconstructions are marked inside the list, deck by deck
    guessed = {did for did, deck in model.event_decks.items() if deck.src.is_estimate}
    values["event_deck_list"] = deck_list(names, lang, guessed)
    return values


def render_for(cfg: EngineConfig, model: Ruleset, lang: str) -> tuple[RenderedSection, ...]:
    """All sections that apply to a compiled ruleset, in `lang`; estimated values marked ≈."""
    tr = translator(lang)
    values = marked_values(cfg, model, lang)
    out = []
    for chapter in chapters():
        chapter_title = tr.pgettext(f"rules:{chapter.id}:chapter", chapter.title)
        for section in chapter.sections:
            if not applies(section, cfg):
                continue
            title = tr.pgettext(f"rules:{section.id}:title", section.title)
            text = tr.pgettext(f"rules:{section.id}:text", section.text)
            out.append(
                RenderedSection(
                    id=section.id,
                    chapter=chapter.id,
                    chapter_title=chapter_title,
                    title=_fill(title, values, section.id),
                    text=_fill(text, values, section.id),
                    see=tuple(section.see),
                    rules=(section.id, *section.rules),
                )
            )
    return tuple(out)


def render_ruleset(ruleset: str, lang: str) -> tuple[RenderedSection, ...]:
    """The reference of a ruleset (an id or an overlay file), rendered afresh; `render`
    (polis.reference.rendered) remembers it."""
    return render_for(compile_ruleset(ruleset).config, load_ruleset(ruleset).model, lang)


@cache
def applies_to(section_id: str) -> tuple[str, ...]:
    """The shipped rulesets whose reference includes this section."""
    return tuple(r for r in discover() if any(s.id == section_id for s in render(r, "en")))


def render_glossary(lang: str, edition: str | None = None) -> tuple[RenderedTerm, ...]:
    tr = translator(lang)
    return tuple(
        RenderedTerm(
            id=t.id,
            term=tr.pgettext(f"glossary:{t.id}:term", t.term),
            definition=tr.pgettext(f"glossary:{t.id}:definition", t.definition),
            see=tuple(t.see),
        )
        for t in glossary().terms
        if edition is None or not t.editions or edition in t.editions
    )
