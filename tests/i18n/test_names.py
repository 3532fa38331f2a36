"""Every name and message the program asks the catalogs for exists in the template,
so a complete catalog really translates everything a player sees."""

from __future__ import annotations

import gettext

import pytest
from babel.messages.pofile import read_po

from polis.compiler import compile_ruleset
from polis.i18n.names import Names
from polis.i18n.runner import POT
from polis.narrate import Narrator
from polis.reference.values import rule_values
from polis.rules.registry import discover
from tests.narration import games, narrate_game

with POT.open("rb") as _fh:
    TEMPLATE = {
        (m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(_fh) if m.id
    }


class Recording(gettext.NullTranslations):
    """The English identity that remembers every plain message it was asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((None, msgid1))
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        if ":" not in context:  # data names are checked per lookup, with their scopes
            self.asked.add((context, message))
        return message


class CheckedNames(Names):
    """Names that note every data lookup no scope of the ruleset can answer."""

    def __init__(self, cfg, translation) -> None:  # type: ignore[no-untyped-def]
        super().__init__(cfg, translation)
        self.unknown: set[str] = set()

    def data(self, path: str, english: str) -> str:
        if not any((f"{scope}:{path}", english) in TEMPLATE for scope in self.scopes):
            self.unknown.add(f"{path} = {english!r}")
        return super().data(path, english)


@pytest.mark.parametrize("ruleset", sorted(discover()))
def test_every_lookup_is_in_the_template(ruleset: str) -> None:
    cfg = compile_ruleset(ruleset).config
    tr = Recording()
    names = CheckedNames(cfg, tr)
    by_index = [
        (names.side, cfg.sides),
        (lambda i: names.amount(2, i), cfg.goods),
        (names.area, cfg.areas),
        (names.polis_at, cfg.poleis),
        (names.project, cfg.projects),
        (names.market, cfg.markets),
        (names.event, cfg.events),
        (names.formation, cfg.formations),
        (names.maneuver, cfg.maneuvers),
    ]
    for lookup, things in by_index:
        for i in range(len(things)):
            lookup(i)
    for r in cfg.rounds:
        names.round_label(r.id, r.label)
    for a in cfg.actions:
        names.action(a.id, a.name)
    for d in cfg.decks:
        names.deck(d.id, d.name)
    rule_values(cfg, names, "en")
    narrator = Narrator(names, "en")
    for seed, start in games(ruleset):  # every choice, prompt, refusal and log line on the way
        unnarrated = narrate_game(ruleset, narrator, seed, start).unnarrated
        assert not unnarrated, f"log entries without a sentence: {unnarrated[:3]}"
    assert not names.unknown, sorted(names.unknown)[:20]
    assert tr.asked <= TEMPLATE, sorted(tr.asked - TEMPLATE)[:20]


def test_a_missing_name_would_be_noticed() -> None:
    cfg = compile_ruleset("2e").config
    names = CheckedNames(cfg, Recording())
    names.data("goods.metal.name", "Bronze")
    assert names.unknown == {"goods.metal.name = 'Bronze'"}
