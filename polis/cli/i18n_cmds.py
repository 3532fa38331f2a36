"""`polis i18n ...`: the catalog workflow (extract, update, compile, check, stats)."""

from __future__ import annotations

from typing import Annotated

import typer

from polis.cli.common import emit_json, env_language, user_errors
from polis.i18n import translator


def _(message: str) -> str:
    """The i18n tools speak the environment's language (their --lang picks catalogs)."""
    return translator(env_language()).gettext(message)


def _catalogs(lang: list[str] | None) -> tuple[str, ...]:
    """The catalogs a command works on: those named, else all; an unknown code is refused."""
    from polis.cli.common import UserError
    from polis.i18n.runner import TARGETS

    for code in lang or ():
        if code not in TARGETS:
            raise UserError(
                _("unknown language '{lang}'; use one of {languages}").format(
                    lang=code, languages=", ".join(TARGETS)
                )
            )
    return tuple(lang) if lang else TARGETS


i18n_app = typer.Typer(
    help="Translation catalogs: extract, update, compile, check, stats.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def register(app: typer.Typer) -> None:
    app.add_typer(i18n_app, name="i18n")


@i18n_app.command("compile")
@user_errors
def compile_cmd(
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="print nothing when all is current")
    ] = False,
    force: Annotated[bool, typer.Option("--force", help="rebuild every .mo")] = False,
) -> None:
    """Build the .mo files from the .po catalogs (only those that changed)."""
    from polis.i18n.catalogs import compile_catalogs

    written = compile_catalogs(force=force)
    if written or not quiet:
        typer.echo(_("compiled {count} catalog(s)").format(count=len(written)))


@i18n_app.command("extract")
@user_errors
def extract_cmd() -> None:
    """Collect every message of the code and the rules data into locales/polis.pot."""
    from babel.messages.pofile import read_po

    from polis.i18n.runner import extract

    pot = extract()
    with pot.open("rb") as fh:
        count = len([m for m in read_po(fh) if m.id])
    typer.echo(
        _("extracted {count} messages into {path}").format(
            count=count, path=pot.relative_to(pot.parents[1])
        )
    )


@i18n_app.command("update")
@user_errors
def update_cmd(
    lang: Annotated[list[str] | None, typer.Option("--lang", help="only these languages")] = None,
) -> None:
    """Bring every catalog in line with polis.pot (new messages arrive untranslated)."""
    from polis.i18n.runner import update

    for path in update(_catalogs(lang)):
        typer.echo(_("updated {lang}").format(lang=path.parent.parent.name))


@i18n_app.command("check")
@user_errors
def check_cmd(
    lang: Annotated[list[str] | None, typer.Option("--lang", help="only these languages")] = None,
) -> None:
    """Exit 1 unless every catalog is complete, unfuzzy and keeps placeholders and markup."""
    from babel.messages.pofile import read_po

    from polis.cli.common import UserError
    from polis.i18n.checks import check_catalog, load
    from polis.i18n.runner import POT
    from polis.i18n.stats import catalog_stats

    with POT.open("rb") as fh:
        template = read_po(fh)
    issues = []
    for code in _catalogs(lang):
        catalog = load(code)
        found = check_catalog(code, catalog, template)
        counts = catalog_stats(code, catalog)
        done, total = sum(counts.translated.values()), sum(counts.messages.values())
        typer.echo(
            _("{lang}: {done}/{total} translated, {problems} problem(s)").format(
                lang=code, done=done, total=total, problems=len(found)
            )
        )
        issues += found
    for issue in issues[:200]:
        typer.echo(issue.format(), err=True)
    if issues:
        raise UserError(_("{count} catalog problem(s)").format(count=len(issues)))


@i18n_app.command("stats")
@user_errors
def stats_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable counts")] = False,
) -> None:
    """Messages per language and domain, and the words of rule text per language."""
    from babel.messages.pofile import read_po

    from polis.i18n.checks import load
    from polis.i18n.runner import POT, TARGETS
    from polis.i18n.stats import DOMAINS, catalog_stats

    with POT.open("rb") as fh:
        rows = [catalog_stats("en", read_po(fh), source=True)]
    rows += [catalog_stats(code, load(code)) for code in TARGETS]
    if as_json:
        emit_json(
            [
                {
                    "lang": r.lang,
                    "translated": {d: r.translated[d] for d in DOMAINS},
                    "messages": {d: r.messages[d] for d in DOMAINS},
                    "rule_words": r.rule_words,
                    "glossary_words": r.glossary_words,
                }
                for r in rows
            ]
        )
        return
    typer.echo("lang  " + "  ".join(f"{d:>13}" for d in DOMAINS) + "  rule words  glossary words")
    for r in rows:
        cells = "  ".join(f"{f'{r.translated[d]}/{r.messages[d]}':>13}" for d in DOMAINS)
        typer.echo(f"{r.lang:<4}  {cells}  {r.rule_words:>10}  {r.glossary_words:>14}")
