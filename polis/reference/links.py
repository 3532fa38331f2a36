"""What ties a headline row, a changed record and a rule section together: a place in the data.

Each headline, each value a rule text quotes and each switch a section depends on
says where in the rules data it comes from (path patterns like
`rounds.*.stacking_limit`). Two of them concern each other when their places
overlap: one lies inside the other, step by step, `*` matching any one step.
So the "Siege discs" headline opens the siege-disc sections, and a section that
reads differently lists the changed records behind it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fnmatch import fnmatchcase

from polis.reference.compare import SectionComparison
from polis.reference.model import Section
from polis.reference.values import CONDITION_PATHS, VALUE_PATHS

_STEP = re.compile(r"\[([^\]]*)\]")


def steps(path: str) -> list[str]:
    """`markets.persis.slots[4].covered` -> ['markets', 'persis', 'slots', '4', 'covered']."""
    return [s for s in _STEP.sub(r".\1", path).split(".") if s]


def overlap(a: str, b: str) -> bool:
    """Whether two places (paths or patterns) lie one inside the other."""
    sa, sb = steps(a), steps(b)
    return all(fnmatchcase(x, y) or fnmatchcase(y, x) for x, y in zip(sa, sb, strict=False))


def overlaps(places: Iterable[str], others: Iterable[str]) -> bool:
    others = list(others)
    return any(overlap(p, o) for p in places for o in others)


def section_places(comparison: SectionComparison, source: Section | None) -> tuple[str, ...]:
    """Where the differences of a section come from.

    A changed section: the values it quotes that differ. A section only one ruleset has:
    also the switches that decide whether it is shown (a section for one ruleset only is
    about the edition).
    """
    places = [p for value in comparison.values for p in VALUE_PATHS.get(value, ())]
    if comparison.status in ("added", "removed") and source is not None:
        for condition in (*source.when, *source.unless):
            places += CONDITION_PATHS.get(condition, ())
        if source.rulesets:
            places.append("edition")
    return tuple(dict.fromkeys(places))
