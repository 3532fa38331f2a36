"""Validation issues: one located, plain-worded problem in a rules file.

Why: a person editing YAML needs every problem at once, each pointing at the
line to fix, and never a traceback (docs/rules-data.md#errors). An issue holds
a `Message` (a key of polis/messages.yaml and its values), so the same issue
prints in whatever language the reader uses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from polis.i18n import translator
from polis.messages import NO_PLACE, WHOLE_FILE, Message

YamlPath = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Location:
    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Issue:
    location: Location | None
    field: str
    problem: Message

    @property
    def message(self) -> str:
        """The problem in English."""
        return self.problem.render("en")

    def format(self, lang: str = "en") -> str:
        """`path:line:col: field: message`, the message in `lang`."""
        tr = translator(lang)
        where = str(self.location) if self.location else tr.gettext(NO_PLACE)
        return f"{where}: {self.field or tr.gettext(WHOLE_FILE)}: {self.problem.render(lang)}"

    def sort_key(self) -> tuple[str, int, int, str, str]:
        # the message breaks ties, so two problems at one place always print in one order
        loc = self.location
        where = (loc.file, loc.line, loc.col) if loc else ("", 0, 0)
        return (*where, self.field, self.message)


def dotted(path: YamlPath) -> str:
    """Render a data path as people read it: `rounds[2].stacking_limit`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class RulesError(Exception):
    """A ruleset (or a file for one) is invalid; carries every issue found.

    This is the only exception the loader and compiler raise for bad input, so
    callers (CLI, app, fuzz tests) can rely on catching exactly this.
    """

    def __init__(self, issues: Iterable[Issue]) -> None:
        self.issues = sorted(set(issues), key=Issue.sort_key)
        super().__init__("\n".join(i.format() for i in self.issues))

    def lines(self, lang: str = "en") -> list[str]:
        """Every issue as a `path:line:col: field: message` line in `lang`."""
        return [issue.format(lang) for issue in self.issues]
