"""What the event decks hold: counts for the new-game form, the list in the rules reference,
and cards an owner types in from the physical game (the worked example in docs/rules-data.md)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from polis.compiler import compile_loaded, compile_ruleset
from polis.engine import new_game
from polis.i18n import translator
from polis.i18n.names import Names
from polis.narrate import Narrator
from polis.reference.events import deck_counts, deck_list, known_cards_note, plain
from polis.reference.render import render, render_for
from polis.rules.loader import load_overlay_text

DOC = Path(__file__).parents[2] / "docs" / "rules-data.md"


def names_for(ruleset: str, lang: str = "en") -> Names:
    return Names(compile_ruleset(ruleset).config, translator(lang))


def test_counts_per_deck_of_the_editions() -> None:
    second = deck_counts(compile_ruleset("2e").config)
    assert [(c.known, c.size, c.unnamed) for c in second] == [(1, 8, 7), (0, 8, 8), (0, 8, 8)]
    first = deck_counts(compile_ruleset("1e").config)
    assert [(c.known, c.size, c.unnamed, c.size - c.known - c.unnamed) for c in first] == [
        (8, 8, 0, 0),  # deck 3, known in full
        (2, 11, 8, 1),  # deck 4: No Event twice, Egypt by name only, 8 unnamed
        (0, 11, 11, 0),
        (0, 10, 9, 1),  # deck 5β: the Herms by name only
    ]
    assert deck_counts(compile_ruleset("1e-corinthian-war").config) == ()
    # the Second Peloponnesian War plays only the two decks of round 5
    scenario = deck_counts(compile_ruleset("1e-second-peloponnesian-war").config)
    assert [c.size for c in scenario] == [11, 10]


def test_the_new_game_note_says_how_many_cards_are_known() -> None:
    note = known_cards_note(names_for("2e"), "en")
    assert note.startswith("Event cards whose text is known: Alpha: 1 of 8, Sigma: 0 of 8")
    assert "no effect" in note
    german = known_cards_note(names_for("1e", "de"), "de")
    assert "0 von 11" in german
    assert known_cards_note(names_for("1e-corinthian-war"), "en") == (
        "This ruleset uses no event cards."
    )


def test_the_reference_lists_each_deck_with_estimated_sizes_marked() -> None:
    decks = next(s for s in render("1e", "en") if s.id == "events.decks").text
    assert "- **3** (8 cards): No Event ×2, Earthquake in Sparta" in decks
    assert "- **4** (≈11 cards): No Event ×2, Egypt Rebels Against Persia (text unknown)" in decks
    assert "and 8 unknown cards" in decks
    second = next(s for s in render("2e", "ru") if s.id == "events.decks").text
    assert second.count("(≈") == 3  # every 2e deck size is a reconstruction


def test_markup_in_a_name_is_shown_as_typed() -> None:
    assert plain("[click](javascript:x) *bold* <b>") == r"\[click\](javascript:x) \*bold\* \<b\>"
    assert plain("Xerxes I Is Assassinated") == "Xerxes I Is Assassinated"


def documented_overlay() -> str:
    """The YAML of the worked example under 'Event cards from the owner's box'."""
    text = DOC.read_text("utf-8")
    section = text[text.index("### Event cards from the owner's box") :]
    found = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert found, "the worked example is missing"
    return found.group(1)


def test_the_documented_owner_overlay_is_valid_and_its_card_is_marked() -> None:
    loaded = load_overlay_text(documented_overlay(), display="my-copy.yaml")
    cfg = compile_loaded(loaded).config
    card = next(e for e in cfg.events if e.id == "my_first_card")
    assert card.known and card.from_overlay
    assert not any(e.from_overlay for e in cfg.events if e.id != "my_first_card")
    four = next(c for c in deck_counts(cfg) if cfg.decks[c.deck].id == "four")
    assert (four.size, four.known, four.from_overlay, four.unnamed) == (11, 3, 1, 7)
    names = Names(cfg, translator("en"))
    assert "4: 3 of 11 (1 from the overlay)" in known_cards_note(names, "en")
    assert "Name printed on the card (from the overlay)" in deck_list(names, "en")
    sections = render_for(cfg, loaded.model, "it")
    assert any(s.id == "events.decks" for s in sections)


def test_a_game_narrates_a_card_from_the_overlay() -> None:
    cfg = compile_loaded(load_overlay_text(documented_overlay(), display="my-copy.yaml")).config
    # play deck 4 in the first round, so that new_game draws from it
    four = next(i for i, d in enumerate(cfg.decks) if d.id == "four")
    card = next(i for i, e in enumerate(cfg.events) if e.id == "my_first_card")
    narrator = Narrator(Names(cfg, translator("en")), "en")
    cfg4 = replace(cfg, rounds=(cfg.rounds[1], *cfg.rounds[1:]))
    for seed in range(300):
        s = new_game(cfg4, seed)
        if s.round_event == card:
            break
    else:
        raise AssertionError("no seed draws the overlay's card")
    assert cfg4.rounds[0].event_deck == four
    lines = [narrator.entry(k, p) for k, p in s.log]
    assert "Event: Name printed on the card (a card from the overlay)" in lines
    assert any(k == "event_goods" for k, _ in s.log)  # its effects were carried out
