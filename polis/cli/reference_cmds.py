"""`polis rules`: the rules reference in any language."""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from polis.cli.common import Lang, UserError, emit_json, given_path, user_errors
from polis.i18n import translator

# Around a matched word in plain output (a pipe, a file); a terminal shows it in bold instead.
MARK_OPEN, MARK_CLOSE = "«", "»"

if TYPE_CHECKING:
    from polis.reference.rendered import RenderedSection
    from polis.reference.search import Hit


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
    app.command("search-bench")(search_bench)


def _plain(section: RenderedSection, titles: dict[str, str]) -> str:
    from polis.markup import unescape
    from polis.reference.rendered import LINK

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
    # the reference as remembered by its files' bytes: no rules model, no renderer
    from polis.reference.rendered import render, section_for_rule

    _ = translator(lang).gettext
    if topic is not None and text is not None:
        raise UserError(_("ask for one --topic or one --search, not both"))
    everything = render(ruleset, lang)
    if text is not None:
        from polis.reference.search import search  # the index, read back from the cache

        _found(search(ruleset, lang, text, everything), as_json, lang)
        return
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
    if as_json:
        emit_json([asdict(s) for s in sections])
        return
    titles = {s.id: s.title for s in everything}
    chapter = None
    for section in sections:
        if topic is None and section.chapter != chapter:
            chapter = section.chapter
            typer.echo(f"# {section.chapter_title}\n")
        typer.echo(_plain(section, titles) + "\n")


def _found(hits: list[Hit], as_json: bool, lang: str) -> None:
    """Search results, best first: each section's heading and the passage that matches,
    the words the query matched marked (bold on a terminal, «…» elsewhere)."""
    from polis.markup import unescape
    from polis.reference.search import marked

    if as_json:
        emit_json(
            [
                asdict(h.section)
                | {
                    "score": h.score,
                    "passage": h.passage,
                    "matched": list(h.matched),
                    "query_words": list(h.query_words),
                }
                for h in hits
            ]
        )
        return
    # click's styles, not rich's Console: importing rich took 55 to 150 ms of a 0.2 s search
    bold = sys.stdout.isatty()
    for hit in hits:
        title = unescape(hit.section.title)
        passage = []
        for piece, is_match in marked(hit):
            if not is_match:
                passage.append(unescape(piece))
            elif bold:
                passage.append(typer.style(piece, bold=True, underline=True))
            else:
                passage.append(f"{MARK_OPEN}{piece}{MARK_CLOSE}")
        typer.echo(f"## {title}  [{hit.section.id}]\n")
        typer.echo("".join(passage) + "\n")
    if not hits:
        typer.echo(translator(lang).gettext("no section matches"), err=True)


@user_errors
def search_bench(
    queries: Annotated[
        list[Path] | None,
        typer.Argument(
            parser=given_path, help="queries files (default: both sets under tests/data/search/)"
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
    misses: Annotated[
        bool, typer.Option("--misses", help="list the queries not ranked 1st")
    ] = False,
    lang: Lang = "",
) -> None:
    """How well the rules search finds players' queries: top-1 and top-3 per language."""
    from polis.i18n.formats import number, percent
    from polis.reference.search_bench import QUERY_SETS, evaluate, load_cases, timings

    paths = queries or list(QUERY_SETS)
    for path in paths:
        if not path.is_file():
            raise UserError(translator(lang).gettext("no queries file at {path}").format(path=path))
    rows = []
    for path in paths:
        cases = load_cases(path)
        results = evaluate(cases)
        speed = timings(cases)
        if as_json:
            rows += [
                {
                    "set": path.name,
                    "lang": r.lang,
                    "ruleset": r.ruleset,
                    "queries": r.total,
                    "top1": r.top1_rate,
                    "top3": r.top3_rate,
                    "misses": [{"query": q, "section": s, "rank": k} for q, s, k in r.misses],
                    **speed[r.lang],
                }
                for r in results.values()
            ]
            continue
        typer.echo(path.name)
        typer.echo("lang  ruleset  queries  top-1   top-3   index ready  per query (CPU)")
        for r in results.values():
            t = speed[r.lang]
            top1, top3 = percent(r.top1_rate, lang), percent(r.top3_rate, lang)
            typer.echo(
                f"{r.lang:<5} {r.ruleset:<8} {r.total:>7}  {top1:>5}  {top3:>6}"
                f"   {number(round(t['index_build_s'] * 1000, 1), lang):>7} ms"
                f"  {number(round(t['query_s'] * 1000, 2), lang):>8} ms"
            )
            for query, section, rank in r.misses if misses else ():
                typer.echo(f"      {query!r} -> {section}: rank {rank or '-'}")
        typer.echo("")
    if as_json:
        emit_json(rows)
