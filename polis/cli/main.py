"""The `polis` command line (README.md#command-line lists the commands).

The CLI answers at once: each command module imports at its top only typer and
the shared plumbing, and every command imports what it uses when it runs
(`polis --help` loads no rules model, engine or search index). Help is click's
plain text (rich_markup_mode=None): the boxed Rich help took 0.29 s of CPU
against 0.15 s.
"""

from __future__ import annotations

import typer

from polis.cli import balance_cmds, game_cmds, games_cmds, i18n_cmds, reference_cmds, rules_cmds

app = typer.Typer(
    name="polis",
    help="Rules compiler, engine and reference for Polis: Fight for the Hegemony.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
rules_cmds.register(app)
i18n_cmds.register(app)
reference_cmds.register(app)
game_cmds.register(app)
balance_cmds.register(app)
games_cmds.register(app)


def run() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    run()
