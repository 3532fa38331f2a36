"""Shared CLI plumbing: user-error handling, JSON output, atomic writes."""

from __future__ import annotations

import errno
import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from polis.i18n import LANGUAGES, translator

P = ParamSpec("P")
R = TypeVar("R")


class UserError(Exception):
    """A problem the person running the command can fix; printed without a traceback.

    The text is already in the reader's language (made with the command's translator).
    """


def env_language(environ: dict[str, str] | None = None) -> str:
    """The reader's language from the locale: LC_ALL, else LC_MESSAGES, else LANG (POSIX order).

    `de_DE.UTF-8` means German; C, POSIX or a language we do not have means English.
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            tag = value.split(".")[0].split("@")[0]
            if tag in ("C", "POSIX"):
                return "en"
            if tag.partition("_")[0] in LANGUAGES:
                return tag.partition("_")[0]  # de_DE: no need to ask Babel
            from polis.i18n.negotiate import negotiate

            return negotiate([tag])
    return "en"


def user_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Print RulesError / record errors / UserError / file errors as plain lines; exit 1.

    Why: a command run on a bad file, or whose output cannot be written (a full
    disk, a read-only folder, a device given as --out), must say what is wrong
    and where, in the reader's language (the command's --lang), never show a
    traceback; real bugs still raise normally.
    """

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        # a command's --lang is the reader's language, except where it picks catalogs
        # (`polis i18n check --lang es es`): then the environment's locale speaks
        given = kwargs.get("lang")
        lang = given if isinstance(given, str) and given else env_language()
        try:
            return fn(*args, **kwargs)
        except UserError as exc:
            typer.echo(translator(lang).gettext("error: {problem}").format(problem=exc), err=True)
            raise typer.Exit(1) from None
        except Exception as exc:
            # imported only now: a command that fails no check never pays for them
            from polis.messages import MessageError
            from polis.rules.issues import RulesError
            from polis.safe_write import os_problem

            if isinstance(exc, RulesError):
                for line in exc.lines(lang):
                    typer.echo(line, err=True)
                raise typer.Exit(1) from None
            if isinstance(exc, MessageError):
                problem = exc.render(lang)
            elif isinstance(exc, OSError) and exc.errno != errno.EPIPE:
                # printing to a full disk, or a file the command opened itself
                problem = os_problem(exc).render(lang)
            else:
                raise  # a bug; or `polis rules 2e | head`, where click ends quietly
            typer.echo(
                translator(lang).gettext("error: {problem}").format(problem=problem), err=True
            )
            raise typer.Exit(1) from None

    return wrapper


def _known_language(value: str) -> str:
    if not value:
        return env_language()
    if value not in LANGUAGES:
        tr = translator(env_language())
        raise typer.BadParameter(
            tr.gettext("unknown language '{lang}'; use one of {languages}").format(
                lang=value, languages=", ".join(LANGUAGES)
            )
        )
    return value


def given_path(value: str) -> Path:
    """A path from the command line. Why a parser: typer stats a `Path` parameter before the
    command runs, and a NUL in it (which no file name can hold) would end in a traceback."""
    if "\x00" in value:
        from polis.messages import msg

        raise typer.BadParameter(msg("write.reason.nul").render(env_language()))
    return Path(value)


# every command takes the same, checked --lang; without it, the environment's locale decides
Lang = Annotated[
    str,
    typer.Option(
        "--lang",
        callback=_known_language,
        help=f"language of the output and the messages: {', '.join(LANGUAGES)} "
        "(default: from LC_ALL, LC_MESSAGES or LANG)",
    ),
]


def shipped_rulesets(wanted: list[str] | None, gettext: Callable[[str], str]) -> list[str]:
    """`wanted` (every shipped ruleset when None); a UserError names one that is not shipped."""
    from polis.rules.registry import discover

    known = discover()
    for rid in wanted or []:
        if rid not in known:
            raise UserError(
                gettext("'{ruleset}' is not a shipped ruleset; choose from {choices}").format(
                    ruleset=rid, choices=", ".join(known)
                )
            )
    return wanted or list(known)


def report_stale(stale: list[str], up_to_date: str) -> None:
    """Print what a `--check` found stale and exit 1, or say all is up to date."""
    for line in stale:
        typer.echo(line)
    if stale:
        raise typer.Exit(1)
    typer.echo(up_to_date)


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()  # a full disk is reported now, by user_errors, not at the exit


def write_atomic(path: Path, text: str) -> None:
    """Write a command's output file through polis.safe_write (a WriteError says what failed)."""
    from polis.safe_write import write_text

    write_text(path, text)
