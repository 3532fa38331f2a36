"""The Play page's sentences: prompts name only offered choices; names stay text."""

from __future__ import annotations

import gettext

import pytest
from babel.lists import format_list

from polis.app import table_html
from polis.app.words import Words
from polis.compiler.config import PRESTIGE
from polis.engine import apply, legal_actions
from polis.engine.state_json import apply_overrides
from polis.i18n import LANGUAGES, translator
from polis.i18n.names import Names
from polis.narrate import Narrator
from polis.play import choices
from polis.play.choices import Consequence, Danger, Feeding
from polis.play.outcome import outcome
from polis.play.recent import Group
from tests.app.scenes import starved_out, starving, state


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
    # only the capital is left: nothing to release, so the prompt does not say so
    alone = w.prompt(s, [("feed",)])
    assert "release" not in alone and "prestige" in alone


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
    # the label names the good paid; only what comes on top is added
    assert w.details(s, surcharge) == ""
    with_action = Consequence(("surcharge", 2), ((2, 1), (PRESTIGE, 1)), (), None)
    assert w.label(s, with_action, w.details(s, with_action)) == (
        "Pay 1 Wine — plus 1 prestige for the action"
    )


def test_a_tribute_choice_names_its_goods_once() -> None:
    s = state("2e")
    w = words(s)
    take = Consequence(("alloc", 3, 1), (), ((3, 3), (2, 1)), None)
    assert "you get" not in w.details(s, take)


def test_repeated_entries_are_told_once_with_their_count() -> None:
    s = state("2e")
    w = words(s)
    moved = ("unit_moved", {"side": 1, "origin": 3, "dest": 5})
    back = ("unit_moved", {"side": 1, "origin": 5, "dest": 3})
    head, lines = w.group(Group(("turn", {"side": 1}), (moved, moved, moved, moved, back, moved)))
    assert head == f"Turn of {w.n.side(1)}"
    one = w.entry(*moved)
    assert lines == [f"{one} ×4", w.entry(*back), one]


def test_develop_a_project_names_what_can_be_started() -> None:
    s = state("2e", phase="turn")
    w = words(s)
    terms = choices.action_terms(s, "start_project")
    names = [w.n.project(j) for j in terms.projects]
    listed = format_list(names, style="or", locale="en")
    assert names and w.terms(terms) == [f"you can start: {listed}"]


def test_bribes_read_as_none_one_amount_or_a_range() -> None:
    w = words(state("2e"))
    silver = w.resource(w.cfg.proxenos_bribe_good, 3)
    assert w.bribes(0, 0) == "no bribe"
    assert w.bribes(3, 3) == f"bribe: {silver}"
    assert w.bribes(0, 3) == f"bribe: 0–{silver}"
    pl = words(state("2e"), "pl")
    assert "bribe" not in pl.bribes(0, 3) and "bribe" not in pl.bribes(0, 0)  # translated


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
    from polis.play.table import table

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


def test_passing_says_what_the_end_of_the_round_asks_of_the_wheat() -> None:
    s = state("2e")
    w = words(s)
    assert w.pass_note(True) == "the round ends"
    short = Feeding(0, 8, 3, 1, 5)
    assert w.pass_note(True, short) == "the round ends; your poleis will need 8 Wheat, you hold 3"
    assert w.pass_note(False, Feeding(0, 8, 9, 1, 5)) == "you take no more actions this round"
    assert w.release_note(5, 3) == "then 5 Wheat needed, you hold 3"


def test_a_project_choice_shows_its_cost_and_prestige() -> None:
    from polis.play.table import project_offers

    s = state("2e")
    offer = project_offers(s)[0]
    note = words(s).project_note(offer)
    assert note.startswith("costs ") and "at the end of the game:" in note
    assert f"{offer.end_prestige} prestige" in note.split("at the end of the game:")[1]


def test_a_standing_danger_is_worded_as_the_position_not_as_a_choice() -> None:
    s = state("2e")
    w = words(s)
    broke = Feeding(0, 8, 9, 0, 5)
    danger = Danger("round_end", 0, "zero_prestige_at_round_end")
    assert w.danger(danger, broke, standing=True).startswith("You have no prestige left")
    assert w.danger(danger, broke).startswith("This leaves you without prestige")
    rich = Feeding(0, 8, 3, 4, 5)
    assert "If the round ended now" in w.danger(danger, rich, standing=True)


def test_the_status_counts_rounds_and_says_when_a_side_plays_alone() -> None:
    from polis.play.table import turn_status

    s = state("2e")
    w = words(s)
    lines = w.status(turn_status(s), "Alpha", 1, 3)
    assert lines[0] == "Round Alpha (1 of 3) · stacking limit 3"
    assert lines[1].endswith("action 1 of 2")
    apply_overrides(s, {"passed": [s.cfg.sides[1 - s.player]]})
    lines = w.status(turn_status(s), "Alpha", 1, 3)
    assert lines[1].endswith("one action at a time") and "action 1 of 2" not in " ".join(lines)


def test_a_sudden_loss_says_when_and_with_what_numbers() -> None:
    s, loser = starved_out()
    result = outcome(s)
    assert result is not None
    detail = words(s).outcome_detail(result)
    capital = s.cfg.capital[loser]
    assert detail.startswith("End of round Alpha:")
    assert f"needed {s.pop[capital]} Wheat" in detail and "had 0 Wheat and 1 prestige" in detail


def test_perishable_goods_are_marked_without_the_estimate_sign() -> None:
    from polis.play.table import table

    s = state("2e")
    w = words(s)
    rows = w.board_rows(table(s).boards, [0, 0])
    marked = [label for label, mark, _cells in rows if mark]
    assert marked == [n for n, p in zip(s.cfg.good_names, s.cfg.perishable, strict=True) if p]
    block = table_html.boards(rows, ["A", "S"], ["", ""], w.perishable_note())
    assert "≈" not in block and "½ perishable" in block


def test_the_phones_glance_keeps_each_sides_score_and_goods_in_its_row() -> None:
    from polis.play.table import table

    s = state("2e")
    w = words(s)
    (score, _m, points), *rows = w.board_rows(table(s).boards, [7, 4])[: 2 + len(s.cfg.goods)]
    evil = "<b>Sparta</b>"
    block = table_html.glance(
        score,
        [label for label, _m, _c in rows],
        [("Athens", points[0]), (evil, points[1])],
        [cells for _l, _m, cells in rows],
        evil,
    )
    assert "<b>" not in block and "&lt;b&gt;Sparta" in block  # names from an overlay: text
    body = block.split("</tr>", 1)[1]
    athens, sparta = body.split("</tr>")[:2]
    assert "Athens" in athens and ">7<" in athens and "Sparta" in sparta and ">4<" in sparta
    # a column per row of the boards after the score (prestige, each good), in each side's row
    assert athens.count('class="n"') == sparta.count('class="n"') == 1 + len(s.cfg.goods)
    assert rows[0][0] == "Prestige"
