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
from polis.messages import NO_PLACE, WHOLE_FILE, Message, msg

YamlPath = tuple[str | int, ...]
# problems a page lists of one refusal (the rest are counted): a file may hold 10,000
SHOWN_ISSUES = 50


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
        # nothing is rendered to sort: a file may hold tens of thousands of problems
        loc = self.location
        where = (loc.file, loc.line, loc.col) if loc else ("", 0, 0)
        return (*where, self.field, self.problem.key)


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
        # duplicates dropped in the order found, then a stable sort: problems at one place
        # keep the order the loader found them in, the same on every run
        self.issues = sorted(dict.fromkeys(issues), key=Issue.sort_key)
        super().__init__(self.issues)

    def __str__(self) -> str:  # rendered when asked for, not when raised
        return "\n".join(self.lines())

    def lines(self, lang: str = "en", limit: int | None = None) -> list[str]:
        """Every issue (the first `limit`) as a `path:line:col: field: message` line in `lang`."""
        return [issue.format(lang) for issue in self.issues[:limit]]

    def shown(self, lang: str = "en", limit: int = SHOWN_ISSUES) -> list[str]:
        """The first `limit` lines, and how many more there are: what a page shows."""
        lines = self.lines(lang, limit)
        if len(self.issues) > limit:
            lines.append(msg("issues.more", n=len(self.issues) - limit).render(lang))
        return lines
