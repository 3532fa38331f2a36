"""Two rulesets compared for one reader: the headline, every change in words, the rules
side by side, and the links between them.

`polis diff` and the Compare page both read this one object, so the command line
and the app always say the same thing. Everything is computed on first use.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from polis.compiler.config import EngineConfig
from polis.diff import DiffReport, diff_rulesets, plain
from polis.diff_words import ChangeWords, DiffWords, change_line, render_text
from polis.i18n import translator
from polis.i18n.names import Names
from polis.reference.compare import (
    Piece,
    RulesComparison,
    SectionComparison,
    compare_rules,
    excerpts,
    side,
    topic_sections,
)
from polis.reference.headlines import HEADLINE_PATHS, LABELS, headline_values
from polis.reference.links import overlap, overlaps, section_places
from polis.reference.render import (
    LINK,
    RenderedSection,
    marked_values,
    render_for,
    source_sections,
)
from polis.rules.models import Ruleset


@dataclass(frozen=True, slots=True)
class HeadlineRow:
    key: str
    label: str
    a: str
    b: str


class Comparison:
    """Ruleset `a` against ruleset `b`, said in `lang`."""

    def __init__(
        self,
        models: tuple[Ruleset, Ruleset],
        configs: tuple[EngineConfig, EngineConfig],
        lang: str,
        sections: tuple[tuple[RenderedSection, ...], tuple[RenderedSection, ...]] | None = None,
    ) -> None:
        self.models = models
        self.configs = configs
        self.lang = lang
        self.tr: gettext.NullTranslations = translator(lang)
        self.names = (Names(configs[0], self.tr), Names(configs[1], self.tr))
        self._sections = sections

    @classmethod
    def of(
        cls,
        models: tuple[Ruleset, Ruleset],
        configs: tuple[EngineConfig, EngineConfig],
        lang: str,
    ) -> Comparison:
        return cls(models, configs, lang)

    # -- what is compared ---------------------------------------------------

    @property
    def ids(self) -> tuple[str, str]:
        return self.models[0].id, self.models[1].id

    @cached_property
    def titles(self) -> tuple[str, str]:
        """Each ruleset's title in the reader's language (an overlay's own title as it is)."""
        return (
            self.names[0].data("title", self.models[0].title),
            self.names[1].data("title", self.models[1].title),
        )

    def ruleset_title(self, rid: str) -> str:
        """The title of a ruleset named in the data (an `edition` value)."""
        for model, names in zip(self.models, self.names, strict=True):
            if model.id == rid:
                return names.data("title", model.title)
        return self.tr.pgettext(f"{rid}:title", rid)

    @cached_property
    def report(self) -> DiffReport:
        return diff_rulesets(*self.models, *self.configs)

    # -- the headline -------------------------------------------------------

    @cached_property
    def headlines(self) -> list[HeadlineRow]:
        differing = [h.key for h in self.report.headlines]
        va = headline_values(self.configs[0], self.names[0], self.lang)
        vb = headline_values(self.configs[1], self.names[1], self.lang)
        return [HeadlineRow(k, self.tr.gettext(LABELS[k]), va[k], vb[k]) for k in differing]

    # -- every change ---------------------------------------------------------

    @cached_property
    def words(self) -> DiffWords:
        return DiffWords(
            plain(self.models[0]),
            plain(self.models[1]),
            *self.names,
            self.lang,
            ruleset_title=self.ruleset_title,
        )

    @cached_property
    def _said(self) -> tuple[list[ChangeWords], int]:
        return self.words.changes(self.report)

    @property
    def changes(self) -> list[ChangeWords]:
        """Every change in words, except those that read the same in this language."""
        return self._said[0]

    @property
    def same_in_words(self) -> int:
        """Changes left out because they read the same in this language (English names)."""
        return self._said[1]

    def topics(self) -> dict[str, list[ChangeWords]]:
        grouped: dict[str, list[ChangeWords]] = {}
        for change in self.changes:
            grouped.setdefault(change.topic, []).append(change)
        return grouped

    # -- the rules side by side ---------------------------------------------

    def sections(self, which: int) -> tuple[RenderedSection, ...]:
        if self._sections is not None:
            return self._sections[which]
        return render_for(self.configs[which], self.models[which], self.lang)

    @cached_property
    def changed_values(self) -> frozenset[str]:
        """The values rule text quotes that differ (compared in English, ≈ marks included)."""
        va = marked_values(self.configs[0], self.models[0], "en")
        vb = marked_values(self.configs[1], self.models[1], "en")
        return frozenset(k for k in va if va[k] != vb.get(k))

    @cached_property
    def rules(self) -> RulesComparison:
        return compare_rules(
            *self.ids, self.lang, self.sections(0), self.sections(1), self.changed_values
        )

    def rules_topic(self, section_id: str) -> list[str]:
        """The sections asked for with `--topic`: that one and those that go on from it."""
        sections = self.rules.sections
        if not any(s.id == section_id for s in sections):
            # an engine rule id: the section that explains it
            found = next((s for s in sections if section_id in s.shown.rules), None)
            if found is None:
                return []
            section_id = found.id
        return topic_sections(section_id, sections)

    # -- links between them ---------------------------------------------------

    def places(self, section: SectionComparison) -> tuple[str, ...]:
        return section_places(section, source_sections().get(section.id))

    def sections_of_headline(self, key: str) -> list[str]:
        """The rule sections that read differently because of this headline's difference."""
        wanted = HEADLINE_PATHS.get(key, ())
        return [s.id for s in self.rules.differing() if overlaps(self.places(s), wanted)]

    def headlines_of_section(self, section_id: str) -> list[HeadlineRow]:
        section = self.rules.by_id()[section_id]
        places = self.places(section)
        return [h for h in self.headlines if overlaps(places, HEADLINE_PATHS.get(h.key, ()))]

    def changes_of_section(self, section_id: str) -> list[ChangeWords]:
        """The changed records behind a section's differences.

        A renamed thing counts only where the section names it: "the capitals" quote two
        poleis, not every polis that was renamed.
        """
        section = self.rules.by_id()[section_id]
        places = self.places(section)
        texts = " ".join(s.text for s in (section.a, section.b) if s is not None)
        return [
            c
            for c in self.changes
            if any(overlap(c.path, p) for p in places)
            and (not c.path.endswith((".name", ".label")) or c.a in texts or c.b in texts)
        ]

    # -- text and JSON --------------------------------------------------------

    def text(self, with_paths: bool = False) -> str:
        shown = {h.key: (h.a, h.b) for h in self.headlines}
        return render_text(self.report, self.words, shown, self.titles, with_paths)

    def json(self) -> dict[str, Any]:
        data = self.report.to_json()
        data["lang"] = self.lang
        data["titles"] = list(self.titles)
        for h, row in zip(data["headlines"], self.headlines, strict=True):
            h.update(label=row.label, a_words=row.a, b_words=row.b)
        said = {c.path: c for c in self.changes}
        for changes in data["topics"].values():
            for c in changes:
                words = said.get(c["path"])
                c["words"] = (
                    {"topic": words.topic, "what": words.what, "a": words.a, "b": words.b}
                    if words
                    else None  # reads the same in this language
                )
        return data

    def _titles_by_id(self, which: int) -> dict[str, str]:
        return {s.id: s.title for s in self.sections(which)}

    def _linked(self, text: str, which: int) -> str:
        titles = self._titles_by_id(which)
        return LINK.sub(lambda m: f"→ {titles.get(m.group(1), m.group(1))}", text)

    def _excerpts(self, pieces: Sequence[Piece], which: int) -> str:
        """The sentences of one side that hold a difference, "…" where text is left out."""
        shown, gap_after = excerpts(pieces, "a" if which == 0 else "b", self.lang)
        lines = []
        for excerpt in shown:
            if excerpt.gap_before:
                lines.append("…")
            lines.append(self._marked(excerpt.pieces, which))
        if gap_after:
            lines.append("…")
        return "\n".join(lines)

    def _marked(self, pieces: Sequence[Piece], which: int) -> str:
        """One side's text with its own words marked: [-only in a-] or {+only in b+}."""
        out = []
        for piece in side(pieces, "a" if which == 0 else "b"):
            text = self._linked(piece.text, which)
            if piece.kind == "same":
                out.append(text)
                continue
            core = text.strip()
            if not core:  # only a space differs
                out.append(text)
                continue
            lead, tail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
            out.append(f"{lead}[-{core}-]{tail}" if which == 0 else f"{lead}{{+{core}+}}{tail}")
        return "".join(out).rstrip()

    def _status_line(self, section: SectionComparison) -> str:
        _ = self.tr.gettext
        if section.status == "same":
            return _("reads the same in both")
        if section.status == "added":
            return _("new: only in the second ruleset")
        if section.status == "removed":
            return _("dropped: only in the first ruleset")
        return _("reads differently")

    def rules_text(self, only: list[str] | None = None) -> str:
        """The rules side by side as text: changed sections in full, the others counted."""
        _ = self.tr.gettext
        ngettext = self.tr.ngettext
        counts = self.rules.counts()
        lines = [
            _("{a} → {b}: the rules side by side").format(a=self.titles[0], b=self.titles[1]),
            "; ".join(
                [
                    ngettext(
                        "{count} section reads differently",
                        "{count} sections read differently",
                        counts["changed"],
                    ).format(count=counts["changed"]),
                    ngettext("{count} section new", "{count} sections new", counts["added"]).format(
                        count=counts["added"]
                    ),
                    ngettext(
                        "{count} section dropped", "{count} sections dropped", counts["removed"]
                    ).format(count=counts["removed"]),
                    ngettext(
                        "{count} section reads the same (not shown)",
                        "{count} sections read the same (not shown)",
                        counts["same"],
                    ).format(count=counts["same"]),
                ]
            ),
        ]
        for section in self.rules.sections:
            if only is not None and section.id not in only:
                continue
            if only is None and section.status == "same":
                continue
            lines += ["", f"## {section.shown.title}  ({self._status_line(section)})"]
            if section.status == "same":
                continue
            if section.status == "changed":
                for which in (0, 1):
                    title = self._marked(section.title, which)
                    lines += ["", f"── {self.titles[which]}: {title}", ""]
                    lines.append(self._excerpts(section.text, which))
            else:
                which = 0 if section.a is not None else 1
                lines += ["", self._linked(section.shown.text, which).rstrip()]
            lines += self._behind(section.id)
        return "\n".join(lines) + "\n"

    def _behind(self, section_id: str) -> list[str]:
        heads = self.headlines_of_section(section_id)
        changes = self.changes_of_section(section_id)
        if not heads and not changes:
            return []
        lines = ["", self.tr.gettext("Behind this difference:")]
        lines += [f"  {h.label}: {h.a} → {h.b}" for h in heads]
        lines += [f"  {c.topic}: {change_line(c)}" for c in changes]
        return lines

    def rules_json(self, only: list[str] | None = None) -> dict[str, Any]:
        def piece_list(pieces: Sequence[Piece]) -> list[dict[str, str]]:
            return [{"kind": p.kind, "text": p.text} for p in pieces]

        sections = []
        for s in self.rules.sections:
            if only is not None and s.id not in only:
                continue
            entry: dict[str, Any] = {"id": s.id, "status": s.status, "title": s.shown.title}
            if s.status != "same":
                entry.update(
                    a=None if s.a is None else {"title": s.a.title, "text": s.a.text},
                    b=None if s.b is None else {"title": s.b.title, "text": s.b.text},
                    title_pieces=piece_list(s.title),
                    text_pieces=piece_list(s.text),
                    values=list(s.values),
                    headlines=[h.key for h in self.headlines_of_section(s.id)],
                    changes=[c.path for c in self.changes_of_section(s.id)],
                )
            sections.append(entry)
        return {
            "a": self.ids[0],
            "b": self.ids[1],
            "lang": self.lang,
            "titles": list(self.titles),
            "counts": self.rules.counts(),
            "sections": sections,
        }
