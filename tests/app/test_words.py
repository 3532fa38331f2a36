"""The Play page's sentences: prompts name only offered choices; names stay text."""

from __future__ import annotations

import gettext

import pytest

from polis.app import choices, table_html
from polis.app.choices import Consequence, Danger, Feeding
from polis.app.outcome import outcome
from polis.app.words import Words
from polis.compiler.config import PRESTIGE
from polis.engine import apply, legal_actions
from polis.engine.state_json import apply_overrides
from polis.i18n import LANGUAGES, translator
from polis.i18n.names import Names
from polis.narrate import Narrator
from tests.app.scenes import starving, state


def words(s, lang: str = "en") -> Words:  # type: ignore[no-untyped-def]
    tr = translator(lang) if lang != "en" else gettext.NullTranslations()
    return Words(Narrator(Names(s.cfg, tr), lang))


def test_the_build_prompt_offers_stop_only_after_the_first_piece() -> None:
    s = state("2e", phase="turn")
    s = apply(s, ("act", "create_hoplites"))
    s = apply(s, legal_actions(s)[0])  # the polis
    options = legal_actions(s)
    assert ("stop",) not in options
    assert "stop" not in words(s).prompt(s, options)
    s = apply(s, options[0])
    if s.phase == "build":
        options = legal_actions(s)
        assert ("stop",) in options and "stop" in words(s).prompt(s, options)


def test_the_feeding_prompt_names_prestige_only_when_it_can_pay() -> None:
    s = state("2e")
    w = words(s)
    s.phase = "feed"
    assert "prestige" not in w.prompt(s, [("release", 1)])
    assert "prestige" in w.prompt(s, [("release", 1), ("feed",)])


@pytest.mark.parametrize(
    ("reason", "when", "needle"),
    [
        ("capital_unfed", "now", "lose at once"),
        ("capital_unfed", "round_end", "If the round ended now"),
        ("zero_prestige_at_round_end", "round_end", "without prestige"),
        ("prestige_debt", "now", "prestige you do not have"),
    ],
)
def test_every_danger_says_why(reason: str, when: str, needle: str) -> None:
    s = state("2e")
    text = words(s).danger(Danger(when, 0, reason), Feeding(0, 8, 3, 1, 5))
    assert needle in text


def test_capital_danger_shows_what_is_needed_and_held() -> None:
    s = state("2e")
    text = words(s).danger(Danger("now", 0, "capital_unfed"), Feeding(0, 8, 3, 1, 5))
    assert "5 Wheat" in text and "hold 3" in text and "1 prestige" in text


def test_costs_and_gains_in_the_label() -> None:
    s = state("2e")
    w = words(s)
    c = Consequence(("act", "move_hoplites"), ((PRESTIGE, 1),), (), None)
    terms = choices.action_terms(s, "move_hoplites")
    assert w.label(s, c, w.details(s, c, terms)) == "Move Hoplites — 1 prestige"
    surcharge = Consequence(("surcharge", 2), ((2, 1),), (), Danger("round_end", 0, "x"))
    assert w.label(s, surcharge, w.details(s, surcharge)).startswith("⚠ ")
    assert "costs 1 Wine" in w.details(s, surcharge)


def test_game_over_says_who_lost_and_why() -> None:
    s = state("2e")
    loser = s.cfg.sides[s.player]
    apply_overrides(s, starving(s))
    s = apply(s, ("pass",))
    result = outcome(s)
    assert result is not None
    w = words(s)
    headline = w.outcome_headline(result)
    assert headline.startswith(w.n.side(s.cfg.sides.index(loser)) + " loses")
    assert "information" in w.score_note(result)
    rows = w.score_rows(result)
    assert rows[-1] == ["Total", str(result.totals[0]), str(result.totals[1])]


def test_an_unknown_event_card_is_shown_with_its_deck() -> None:
    s = state("2e")
    lines = words(s).event_lines([("event_unknown", {"deck": 1, "event": -1, "reader": 0})])
    assert len(lines) == 1 and "unknown card of deck Sigma" in lines[0]
    # a kind of event entry this page has no words for still names its deck
    lines = words(s).event_lines([("event_redrawn", {"deck": 1})])
    assert lines == ["Event: an unknown card of deck Sigma"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_reads_in_every_language(lang: str) -> None:
    s = state("2e")
    w = words(s, lang)
    from polis.app.table import table

    facts = table(s)
    rows = w.board_rows(facts.boards, [0, 0])
    assert len(rows) == 1 + len(s.cfg.goods) + 7
    assert all(r[0] for r in rows)


def test_untrusted_names_are_escaped_as_text() -> None:
    evil = "<img src=x onerror=alert(1)>**bold** :red[x]"
    block = table_html.lines(evil, [evil])
    assert "<img" not in block and "&lt;img" in block
    plain = table_html.plain(evil)
    assert "\\*\\*bold\\*\\*" in plain and "\\:red\\[x\\]" in plain and "\\<img" in plain
