"""The rules of two rulesets side by side: which sections read differently, word by word.

Both sides are the rules reference as rendered for each ruleset in the reader's
language (values filled from each configuration), so a difference shows exactly
where a player would read it. The text is cut into tokens by a tokenizer that
knows each language's words (Unicode letters, Italian elisions, hyphenated
Cyrillic words, numbers with their separators) and keeps the markup of rule
text (`**`, `[[links]]`, list markers, paragraph breaks) as whole tokens;
`difflib` aligns the two token lists, and equalities too short to read on
their own are folded into the change around them so a reader sees phrases,
not confetti.
"""

from __future__ import annotations

import difflib
import re
import string
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from sentencex import segment

from polis.reference.model import Section
from polis.reference.render import RenderedSection, source_sections

Status = Literal["same", "changed", "added", "removed"]
PieceKind = Literal["same", "removed", "added"]
Side = Literal["a", "b"]
SIDES: tuple[Side, Side] = ("a", "b")

# languages that elide a vowel before an apostrophe ("dell'azione": two words)
ELIDING = frozenset({"it", "fr", "ca"})
# markup a rule text may hold: links, bold, bullet markers at a line start, line breaks
_MARKUP = r"\[\[[a-z_.]+\]\]|\*\*|(?m:^[ \t]*[-*][ \t]+)|\n+"
_NUMBER = r"[≈+\-−]?\d+(?:[.,\u00a0\u202f]\d+)*"
_WORD = r"\w+(?:[-‐'’]\w+)*"
_ELIDED_WORD = r"\w+['’](?=\w)|\w+(?:[-‐]\w+)*"
_TOKENS = {
    eliding: re.compile(
        rf"(?P<markup>{_MARKUP})|(?P<number>{_NUMBER})|(?P<word>{word})"
        r"|(?P<space>[ \t\u00a0\u202f]+)|(?P<punct>.)",
        re.UNICODE,
    )
    for eliding, word in ((False, _WORD), (True, _ELIDED_WORD))
}


@dataclass(frozen=True, slots=True)
class Token:
    kind: Literal["markup", "number", "word", "punct"]
    text: str
    space: str  # the whitespace that follows it, kept for rebuilding the text

    @property
    def key(self) -> str:
        """What is compared: the token without the space after it."""
        return self.text


def tokenize(text: str, lang: str) -> list[Token]:
    """The tokens of a rule text in `lang`, spaces attached to the token before them."""
    pattern = _TOKENS[lang.split("_")[0] in ELIDING]
    out: list[Token] = []
    for match in pattern.finditer(unicodedata.normalize("NFC", text)):
        kind = match.lastgroup or "punct"
        if kind == "space":
            if out:  # a rule text never starts with a space
                last = out[-1]
                out[-1] = Token(last.kind, last.text, last.space + match.group())
            continue
        out.append(Token(kind, match.group(), ""))  # type: ignore[arg-type]
    return out


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of text that both rulesets share, or that only one of them has."""

    kind: PieceKind
    text: str


def _pieces(kind: PieceKind, tokens: Iterable[Token]) -> Iterator[Piece]:
    text = "".join(t.text + t.space for t in tokens)
    if text:
        yield Piece(kind, text)


def _readable(opcodes: Sequence[tuple[str, int, int, int, int]], a: list[Token]) -> list[list[Any]]:
    """Fold short equal runs between two changes into one change (no word-by-word confetti).

    An equal run stays when it holds two or more words or numbers, or any markup (a
    paragraph break, a link, bold), which must stay where it is.
    """
    blocks: list[list[Any]] = []
    for n, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            run = a[i1:i2]
            short = sum(t.kind in ("word", "number") for t in run) < 2
            short = short and not any(t.kind == "markup" for t in run)
            between = bool(blocks) and blocks[-1][0] != "equal" and n + 1 < len(opcodes)
            if not (short and between):
                blocks.append([tag, i1, i2, j1, j2])
                continue
        if blocks and blocks[-1][0] != "equal":
            blocks[-1][0], blocks[-1][2], blocks[-1][4] = "replace", i2, j2
        else:
            blocks.append([tag, i1, i2, j1, j2])
    return blocks


def word_diff(a: str, b: str, lang: str) -> tuple[Piece, ...]:
    """The two texts as one run of pieces: shared, only in `a` (removed), only in `b` (added).

    Each side's text is exactly the shared pieces plus its own, spaces included: the space
    after the last shared word before a change may differ between the sides ("5β." and
    "5β and"), so it goes with each side's change, or stays shared where it is the same.
    """
    ta, tb = tokenize(a, lang), tokenize(b, lang)
    keys_a, keys_b = [t.key for t in ta], [t.key for t in tb]
    matcher = difflib.SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    out: list[Piece] = []
    space_a = space_b = ""  # after the last shared token, not yet given out

    def give_spaces() -> None:
        if space_a == space_b:
            out.extend(_pieces("same", [Token("word", space_a, "")]))
        else:
            out.extend(_pieces("removed", [Token("word", space_a, "")]))
            out.extend(_pieces("added", [Token("word", space_b, "")]))

    for tag, i1, i2, j1, j2 in _readable(matcher.get_opcodes(), ta):
        give_spaces()
        if tag == "equal":
            shared = "".join(t.text + t.space for t in ta[i1 : i2 - 1]) + ta[i2 - 1].text
            out += _pieces("same", [Token("word", shared, "")])
            space_a, space_b = ta[i2 - 1].space, tb[j2 - 1].space
            continue
        out += _pieces("removed", ta[i1:i2])
        out += _pieces("added", tb[j1:j2])
        space_a = space_b = ""
    give_spaces()
    return tuple(_merged(out))


def _merged(pieces: list[Piece]) -> list[Piece]:
    """Neighbouring pieces of one kind as one."""
    out: list[Piece] = []
    for p in pieces:
        if out and out[-1].kind == p.kind:
            out[-1] = Piece(p.kind, out[-1].text + p.text)
        else:
            out.append(p)
    return out


def side(pieces: Iterable[Piece], which: Literal["a", "b"]) -> list[Piece]:
    """The pieces one ruleset's text is made of (its own changes and the shared text)."""
    own = "removed" if which == "a" else "added"
    return [p for p in pieces if p.kind in ("same", own)]


@dataclass(frozen=True, slots=True)
class Excerpt:
    """One sentence of one side's text that holds a change; `gap_before`: text left out."""

    pieces: tuple[Piece, ...]
    gap_before: bool


def _sentences(text: str, lang: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence, by sentencex's rules for the language (abbreviations...)."""
    spans = []
    start = 0
    for sentence in segment(lang, text):
        end = start + len(sentence)
        if sentence.strip():
            spans.append((start, end))
        start = end
    return spans


def _slice(pieces: list[Piece], start: int, end: int) -> tuple[Piece, ...]:
    out = []
    pos = 0
    for p in pieces:
        lo, hi = max(start, pos), min(end, pos + len(p.text))
        if lo < hi:
            out.append(Piece(p.kind, p.text[lo - pos : hi - pos]))
        pos += len(p.text)
    # trailing space or line breaks belong to no sentence
    while out and not out[-1].text.rstrip():
        out.pop()
    if out:
        out[-1] = Piece(out[-1].kind, out[-1].text.rstrip())
    return tuple(out)


def excerpts(
    pieces: Sequence[Piece], which: Literal["a", "b"], lang: str
) -> tuple[list[Excerpt], bool]:
    """The sentences of one side that hold a difference, and whether text follows the last.

    A word only the other side has marks the sentence of this side it would stand in, so
    both sides show the sentence where something was added or left out.
    """
    own_kind = "removed" if which == "a" else "added"
    own = side(pieces, which)
    marks: list[tuple[int, int]] = []
    pos = 0
    for p in pieces:
        if p.kind == "same":
            pos += len(p.text)
        elif p.kind == own_kind:
            marks.append((pos, pos + len(p.text)))
            pos += len(p.text)
        else:
            marks.append((pos, pos))
    text = "".join(p.text for p in own)
    spans = _sentences(text, lang)

    def holds(span: tuple[int, int], mark: tuple[int, int]) -> bool:
        (s, e), (m1, m2) = span, mark
        if m1 == m2:  # an insertion point: the sentence it ends or falls in
            return s < m1 <= e or (m1 == 0 and s == 0)
        return m1 < e and s < m2

    out = []
    last = -1
    for i, span in enumerate(spans):
        if any(holds(span, m) for m in marks):
            out.append(Excerpt(_slice(own, *span), gap_before=i != last + 1))
            last = i
    return out, last != len(spans) - 1


# ---------------------------------------------------------------- sections


@dataclass(frozen=True)
class SectionComparison:
    id: str
    status: Status
    chapter: str
    chapter_title: str
    a: RenderedSection | None
    b: RenderedSection | None
    title: tuple[Piece, ...] = ()
    text: tuple[Piece, ...] = ()
    values: tuple[str, ...] = ()  # placeholders the section uses whose values differ

    @property
    def shown(self) -> RenderedSection:
        found = self.b or self.a
        assert found is not None
        return found


@dataclass(frozen=True)
class RulesComparison:
    a: str
    b: str
    lang: str
    sections: tuple[SectionComparison, ...] = field(default=())

    def counts(self) -> dict[Status, int]:
        counts: dict[Status, int] = {"same": 0, "changed": 0, "added": 0, "removed": 0}
        for s in self.sections:
            counts[s.status] += 1
        return counts

    def differing(self) -> list[SectionComparison]:
        return [s for s in self.sections if s.status != "same"]

    def by_id(self) -> dict[str, SectionComparison]:
        return {s.id: s for s in self.sections}


def placeholders(section: Section) -> tuple[str, ...]:
    """The value names a section's English title and text use (every translation keeps them)."""
    names: list[str] = []
    for template in (section.title, section.text):
        for _, name, _, _ in string.Formatter().parse(template):
            if name and name not in names:
                names.append(name)
    return tuple(names)


def compare_rules(
    a: str,
    b: str,
    lang: str,
    sections_a: tuple[RenderedSection, ...],
    sections_b: tuple[RenderedSection, ...],
    changed_values: Iterable[str] = (),
) -> RulesComparison:
    """Every section of either reference, in reading order, with how it differs.

    `changed_values` are the placeholders whose values differ between the two
    configurations (see polis.reference.links); each changed section lists those it uses.
    """
    by_a = {s.id: s for s in sections_a}
    by_b = {s.id: s for s in sections_b}
    source = source_sections()
    changed = set(changed_values)
    order = [s.id for s in sections_b]
    for i, s in enumerate(sections_a):  # a section only `a` has goes where `a` reads it
        if s.id not in by_b:
            after = next((p.id for p in reversed(sections_a[:i]) if p.id in order), None)
            order.insert(order.index(after) + 1 if after else 0, s.id)
    out = []
    for sid in order:
        sa, sb = by_a.get(sid), by_b.get(sid)
        shown = sb or sa
        assert shown is not None
        used = tuple(v for v in placeholders(source[sid]) if v in changed) if sid in source else ()
        chapter = (shown.chapter, shown.chapter_title)
        if sa is None or sb is None:
            status: Status = "added" if sa is None else "removed"
            out.append(SectionComparison(sid, status, *chapter, a=sa, b=sb, values=used))
        elif sa.title == sb.title and sa.text == sb.text:
            out.append(SectionComparison(sid, "same", *chapter, a=sa, b=sb))
        else:
            title = word_diff(sa.title, sb.title, lang)
            text = word_diff(sa.text, sb.text, lang)
            out.append(
                SectionComparison(sid, "changed", *chapter, sa, sb, title, text, values=used)
            )
    return RulesComparison(a, b, lang, tuple(out))


def topic_sections(section_id: str, sections: Iterable[SectionComparison]) -> list[str]:
    """A section and the sections that go on from it: those whose `see` leads back to it.

    "How do sieges work now?" is the siege section, its outcome and the siege discs.
    """
    source = source_sections()
    known = [s.id for s in sections]
    group = [section_id]
    grew = True
    while grew:
        grew = False
        for sid in known:
            if sid not in group and sid in source and any(x in group for x in source[sid].see):
                group.append(sid)
                grew = True
    return [sid for sid in known if sid in group]
