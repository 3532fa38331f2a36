"""`polis i18n ...`: the catalog workflow (extract, update, compile, check)."""

from __future__ import annotations

from typing import Annotated

import typer

from polis.cli.common import user_errors

i18n_app = typer.Typer(
    help="Translation catalogs: extract, update, compile, check.", no_args_is_help=True
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
        typer.echo(f"compiled {len(written)} catalog(s)")
