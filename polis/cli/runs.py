"""What the commands that play bot games share: where they play, their progress, stopping.

`polis simulate`, `polis balance`, `polis balance-records` and `polis fit-weights`
take `--workers` and `--cluster` and play on one executor (polis.executor);
the first three keep each finished game in a game log (polis.game_log) and take
`--resume`. Ctrl-C stops a run: the command says how many games were kept and
where, and exits 130 (128 + SIGINT, as a shell reports a program Ctrl-C ended).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from polis.cli.common import UserError

if TYPE_CHECKING:
    from polis.executor import ClusterError, Executor
    from polis.game_log import LogError

Gettext = Callable[[str], str]
Advance = Callable[[int, int], None]

EXIT_INTERRUPTED = 130

Workers = Annotated[
    int | None,
    typer.Option("--workers", "--jobs", min=1, help="local processes playing (default: cores)"),
]
Cluster = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        metavar="tcp://HOST:PORT",
        help="play on this Dask scheduler's workers (same games as here; docs/balance.md)",
    ),
]
Resume = Annotated[
    bool,
    typer.Option(
        "--resume", help="continue the interrupted run of these settings from its game log"
    ),
]


@contextmanager
def executor(
    workers: int | None, cluster: str | None, games: int, _: Gettext
) -> Iterator[Executor]:
    """The executor the options ask for; a cluster that cannot serve is a UserError."""
    from polis.executor import ClusterError, default_workers, make_executor

    local = min(workers or default_workers(), max(1, games))
    try:
        chosen = make_executor(local, cluster)
    except ClusterError as exc:
        raise UserError(_cluster_problem(exc, _)) from None
    pure = getattr(chosen, "pure_workers", [])
    if pure:
        typer.echo(
            _(
                "cluster workers without the compiled engine (the same games, slower): {workers}"
            ).format(workers=", ".join(pure)),
            err=True,
        )
    try:
        yield chosen
    finally:
        chosen.close()


def _cluster_problem(exc: ClusterError, _: Gettext) -> str:
    if exc.kind == "missing":
        return _("--cluster needs Dask, which is not installed here: pip install 'polis[cluster]'")
    if exc.kind == "unreachable":
        return _("no Dask scheduler answers at {address} ({reason})").format(
            address=exc.address, reason=exc.detail
        )
    if exc.kind == "no_workers":
        return _("the Dask cluster at {address} has no workers").format(address=exc.address)
    return _(
        "workers of the Dask cluster at {address} run other polis code than this one, so they "
        "would play other games: {workers}"
    ).format(address=exc.address, workers=exc.detail)


def log_problem(exc: LogError, _: Gettext) -> UserError:
    """A game log that cannot be resumed, said in the reader's language."""
    from polis.game_log import LogMismatchError

    if isinstance(exc, LogMismatchError):
        names = {
            "content_hash": _("the rules"),
            "ruleset": _("the ruleset"),
            "code": _("the code"),
            "seed": _("the seed"),
        }
        fields = dict.fromkeys(names.get(f, _("the bots")) for f in exc.fields)
        return UserError(
            _(
                "{path}: the interrupted run was made with other settings ({fields}); "
                "run without --resume to start again"
            ).format(path=exc.path, fields=", ".join(fields))
        )
    return UserError(
        _(
            "{path}: line {line} of the game log is damaged; run without --resume to start again"
        ).format(path=exc.path, line=exc.line)
    )


def resumed(kept: int, path: Path | None, _: Gettext) -> None:
    if kept and path is not None:
        typer.echo(_("resumed: {kept} games from {path}").format(kept=kept, path=path), err=True)


def interrupted(kept: int, planned: int, path: Path | None, _: Gettext) -> NoReturn:
    """Say what an interrupted run kept and where, and exit 130."""
    if path is not None:
        text = _(
            "interrupted: {kept} of {planned} games kept in {path}; "
            "the same command with --resume continues"
        ).format(kept=kept, planned=planned, path=path)
    else:
        text = _("interrupted: {kept} of {planned} games finished").format(
            kept=kept, planned=planned
        )
    typer.echo(text, err=True)
    raise typer.Exit(EXIT_INTERRUPTED)


@contextmanager
def progress(label: str, enabled: bool | None = None) -> Iterator[Advance]:
    """A progress bar on stderr while games are played (only on a terminal)."""
    if not (sys.stderr.isatty() if enabled is None else enabled):
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance
