"""What the Compare page shows, prepared without Streamlit (testable).

The page is a set of views of one polis.comparison.Comparison, chosen by a control
(VIEWS); a new view (the balance lab) is one more entry and one more drawing
function on the page. Rows hold Markdown for st.table: every string that may come
from an uploaded overlay goes through polis.app.markup.escape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from polis.app.data_view import source_words
from polis.app.markup import cross_reference, escape, link, marked_markdown, rule_markdown
from polis.comparison import Comparison, HeadlineRow
from polis.diff_words import ChangeWords
from polis.i18n import N_
from polis.i18n.formats import number
from polis.reference.compare import SIDES, SectionComparison, excerpts
from polis.rules.models import Discrepancy
from polis.rules.sources import Sources

VIEWS = {
    "differences": N_("Differences"),
    "rules": N_("Rules side by side"),
    "sources": N_("Where the rulebooks disagree"),
    "plays": N_("How it plays"),  # the balance lab: polis.app.balance_panel
}
CHANGE_KINDS = {"added": N_("added"), "removed": N_("removed"), "changed": N_("changed")}

Translate = Callable[[str], str]


@dataclass(frozen=True)
class Focus:
    """What a link asked the page to show: a headline's sections, or a section's rows."""

    kind: str  # "headline" (its rule sections) | "section" (one section) | "behind" (its rows)
    target: str


def parse_focus(target: str | None) -> Focus | None:
    if not target or "/" not in target:
        return None
    kind, _, rest = target.partition("/")
    return Focus(kind, rest) if kind in ("headline", "section", "behind") and rest else None


def headline_rows(
    cmp: Comparison, headlines: list[HeadlineRow], _: Translate
) -> list[dict[str, str]]:
    """The headline table (Markdown cells): each row links to the rule sections it concerns."""
    rows = []
    for h in headlines:
        concerned = cmp.sections_of_headline(h.key)
        rules = (
            link(
                cmp.tr.ngettext("{count} section", "{count} sections", len(concerned)).format(
                    count=len(concerned)
                ),
                f"compare/headline/{h.key}",
            )
            if concerned
            else ""
        )
        rows.append(
            {
                _("Rule"): escape(h.label),
                escape(cmp.titles[0]): escape(h.a),
                escape(cmp.titles[1]): escape(h.b),
                _("In the rules"): rules,
            }
        )
    return rows


def change_rows(
    changes: list[ChangeWords], titles: tuple[str, str], _: Translate, with_paths: bool
) -> list[dict[str, str]]:
    """Rows of the every-difference table (for st.dataframe: plain text, never Markdown)."""
    rows = []
    for c in changes:
        row = {
            _("What"): c.what,
            _("Change"): _(CHANGE_KINDS[c.kind]),
            titles[0]: c.a,
            titles[1]: c.b,
        }
        if with_paths:
            row[_("Data path")] = c.path
        rows.append(row)
    return rows


def section_heading(section: SectionComparison, cmp: Comparison, _: Translate) -> str:
    """An expander label: the section's title and how it differs."""
    status = {
        "changed": _("reads differently"),
        "added": _("new"),
        "removed": _("dropped"),
        "same": _("reads the same"),
    }[section.status]
    return f"{escape(section.shown.title)} · {escape(status)}"


def _section_linker(cmp: Comparison, which: int) -> Callable[[str], str]:
    titles = {s.id: s.title for s in cmp.sections(which)}

    def make(target: str) -> str:
        title = titles.get(target)
        return cross_reference(title, f"compare/section/{target}") if title else ""

    return make


def side_markdown(section: SectionComparison, cmp: Comparison, which: int, whole: bool) -> str:
    """One column of a section: its text (or only the sentences that differ), changes marked."""
    shown = section.a if which == 0 else section.b
    if shown is None:
        return ""
    linker = _section_linker(cmp, which)
    side = SIDES[which]
    if section.status != "changed":
        return rule_markdown(shown.text, cmp.lang, linker)
    if whole:
        return marked_markdown(section.text, side, cmp.lang, linker)
    parts, gap_after = excerpts(section.text, side, cmp.lang)
    out = []
    for part in parts:
        if part.gap_before:
            out.append("…")
        out.append(marked_markdown(part.pieces, side, cmp.lang, linker))
    if gap_after:
        out.append("…")
    return "\n\n".join(out)


def title_markdown(section: SectionComparison, cmp: Comparison, which: int) -> str:
    shown = section.a if which == 0 else section.b
    if shown is None:
        return ""
    titled_apart = (
        section.a is not None and section.b is not None and section.a.title != section.b.title
    )
    if section.status == "changed" and titled_apart:
        return marked_markdown(section.title, SIDES[which], cmp.lang, lambda _: "")
    return escape(shown.title)


def focused_sections(cmp: Comparison, focus: Focus | None) -> list[SectionComparison]:
    """The differing sections to show: all of them, or those a link asked for."""
    by_id = cmp.rules.by_id()
    if focus is None or focus.kind == "behind":
        return cmp.rules.differing()
    if focus.kind == "headline":
        return [by_id[s] for s in cmp.sections_of_headline(focus.target)]
    if focus.target in by_id:
        return [by_id[s] for s in cmp.rules_topic(focus.target) if by_id[s].status != "same"] or [
            by_id[focus.target]
        ]
    return cmp.rules.differing()


def behind_markdown(section_id: str, cmp: Comparison, _: Translate) -> str:
    """The headline rows and changed records behind a section's difference, as a list."""
    lines = []
    for h in cmp.headlines_of_section(section_id):
        lines.append(f"- **{escape(h.label)}**: {escape(h.a)} → {escape(h.b)}")
    for c in cmp.changes_of_section(section_id):
        what = f"{c.topic} › {c.what}" if c.what else c.topic
        if c.kind == "changed":
            lines.append(f"- {escape(what)}: {escape(c.a)} → {escape(c.b)}")
        else:
            value = c.b if c.kind == "added" else c.a
            kind = _(CHANGE_KINDS[c.kind])
            lines.append(f"- {escape(what)} ({escape(kind)}): {escape(value)}")
    return "\n".join(lines)


@dataclass(frozen=True)
class ReadingRow:
    value: str
    source: str
    used: bool


def reading_rows(
    did: str,
    disc: Discrepancy,
    names: Any,
    sources: Sources,
    lang: str,
    _: Translate,
) -> list[ReadingRow]:
    """The readings of one disagreement in the reader's language, the one used marked."""
    rows = []
    for i, reading in enumerate(disc.readings):
        if isinstance(reading.value, bool):  # a switch reads as yes or no
            value = _("yes") if reading.value else _("no")
        elif isinstance(reading.value, str):
            value = names.data(f"discrepancies.{did}.readings.{i}.value", reading.value)
        else:
            value = number(reading.value, lang)
        rows.append(
            ReadingRow(
                value, source_words(reading.src, sources, lang, _), reading.value == disc.used
            )
        )
    return rows
