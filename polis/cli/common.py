"""Shared CLI plumbing: user-error handling, JSON output, atomic writes."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from polis.i18n import LANGUAGES
from polis.rules.issues import RulesError

P = ParamSpec("P")
R = TypeVar("R")


class UserError(Exception):
    """A problem the person running the command can fix; printed without a traceback."""


def user_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Print RulesError / UserError as plain lines on stderr and exit 1.

    Why: a command run on a bad file must say what is wrong and where, never show
    a traceback; real bugs still raise normally.
    """

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except RulesError as exc:
            for issue in exc.issues:
                typer.echo(issue.format(), err=True)
            raise typer.Exit(1) from None
        except UserError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None

    return wrapper


def _known_language(value: str) -> str:
    if value not in LANGUAGES:
        raise typer.BadParameter(f"unknown language '{value}'; use one of {', '.join(LANGUAGES)}")
    return value


# every command that writes for people takes the same, checked --lang
Lang = Annotated[
    str,
    typer.Option("--lang", callback=_known_language, help=f"one of {', '.join(LANGUAGES)}"),
]


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file so a failed run never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, "utf-8")
    tmp.replace(path)
