"""`polis rules`: the rules reference in any language."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

import typer

from polis.cli.common import Lang, UserError, emit_json, user_errors
from polis.i18n import translator
from polis.markup import unescape
from polis.reference.render import LINK, RenderedSection, render, search, section_for_rule


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)


def _plain(section: RenderedSection, titles: dict[str, str]) -> str:
    body = LINK.sub(lambda m: f"→ {titles.get(m.group(1), m.group(1))}", section.text).rstrip()
    see = ", ".join(unescape(titles.get(s, s)) for s in section.see)
    lines = [f"## {unescape(section.title)}  [{section.id}]", "", unescape(body)]
    if see:
        lines += ["", f"→ {see}"]
    return "\n".join(lines)


@user_errors
def rules(
    ruleset: Annotated[str, typer.Argument(help="ruleset id or overlay file")],
    lang: Lang = "",
    topic: Annotated[str | None, typer.Option("--topic", help="section or rule id")] = None,
    text: Annotated[str | None, typer.Option("--search", help="words, any case or accents")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """The rules of a ruleset, in your language: all of them, one topic, or a search."""
    _ = translator(lang).gettext
    if topic is not None and text is not None:
        raise UserError(_("ask for one --topic or one --search, not both"))
    everything = render(ruleset, lang)
    sections = list(everything)
    if topic is not None:
        found = section_for_rule(ruleset, lang, topic, everything)
        if found is None:
            raise UserError(
                _("no section '{topic}' in the rules of {ruleset}").format(
                    topic=topic, ruleset=ruleset
                )
            )
        sections = [found]
    if text is not None:
        sections = search(ruleset, lang, text, everything)
    if as_json:
        emit_json([asdict(s) for s in sections])
        return
    titles = {s.id: s.title for s in everything}
    chapter = None
    for section in sections:
        if topic is None and text is None and section.chapter != chapter:
            chapter = section.chapter
            typer.echo(f"# {section.chapter_title}\n")
        typer.echo(_plain(section, titles) + "\n")
    if not sections:
        typer.echo(_("no section matches"), err=True)
