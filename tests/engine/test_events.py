"""Event cards: drawing from the whole deck, who applies first, each kind of effect, cards
whose text is unknown."""

from __future__ import annotations

from collections import Counter

from polis.compiler import compile_ruleset
from polis.compiler.config import UNNAMED_CARD
from polis.engine import State, apply, legal_actions, new_game
from polis.engine.state import SLOT_BLOCKED, UNNAMED_EVENT
from polis.engine.state_json import to_json


def first_game_with(ruleset: str, event_id: str) -> State:
    """The first seed whose opening event is `event_id` (drawn by the state's generator)."""
    cfg = compile_ruleset(ruleset).config
    for seed in range(500):
        s = new_game(cfg, seed)
        drawn = [p["event"] for key, p in s.log if key == "event"]
        if drawn and cfg.events[drawn[0]].id == event_id:
            return s
    raise AssertionError(f"no seed draws {event_id}")


def test_earthquake_adds_units_for_both_sides() -> None:
    s = first_game_with("1e", "earthquake_in_sparta")
    cfg = s.cfg
    assert s.n_units(1, cfg.areas.index("ionion")) == 2  # 1 at setup + 1
    assert s.n_units(0, cfg.areas.index("messenia")) == 1
    assert s.phase == "turn"


def test_holy_war_respects_the_stacking_limit() -> None:
    s = first_game_with("1e", "holy_war")
    cfg = s.cfg
    assert s.n_units(1, cfg.areas.index("thessalia")) == 1
    assert s.n_units(0, cfg.areas.index("boiotia")) == 1


def test_philopersians_asks_each_side_which_unit_to_remove_reader_first() -> None:
    s = first_game_with("1e", "philopersians")
    # tie on prestige: Athens reads and applies its part first; Sparta's part waits
    assert s.prestige == [4, 3]
    assert s.phase == "event_remove" and s.player == 0
    athens_options = legal_actions(s)
    assert ("remove", s.cfg.areas.index("attika")) in athens_options
    s = apply(s, ("remove", s.cfg.areas.index("attika")))
    assert s.phase == "event_remove" and s.player == 1
    s = apply(s, legal_actions(s)[0])
    assert s.prestige == [4, 4]
    assert s.phase == "turn" and s.player == 1  # then the round begins, Sparta first on a tie


def test_leotychidas_gives_athens_the_first_turn() -> None:
    s = first_game_with("1e", "leotychidas_ii")
    assert s.phase == "turn" and s.player == 0


def test_persian_fleet_destruction() -> None:
    s = first_game_with("1e", "persian_fleet_destruction")
    assert s.prestige[0] == 4
    assert s.good(1, s.cfg.goods.index("silver")) == 5


def test_xerxes_closes_the_persian_slot() -> None:
    s = first_game_with("2e", "xerxes_assassinated")  # the one known Alpha card
    assert s.slots[0] == SLOT_BLOCKED
    assert s.round_event == s.cfg.events.index(
        next(e for e in s.cfg.events if e.id == "xerxes_assassinated")
    )


def test_a_card_of_unknown_text_is_drawn_shown_and_has_no_effect() -> None:
    cfg = compile_ruleset("1e-second-peloponnesian-war").config  # deck 5α: no card known
    s = new_game(cfg, 0)
    deck = next(i for i, d in enumerate(cfg.decks) if d.id == "five_alpha")
    unknown = [p for key, p in s.log if key == "event_unknown"]
    assert unknown == [{"deck": deck, "event": UNNAMED_CARD, "reader": 0}]
    assert s.round_event == UNNAMED_EVENT
    assert to_json(s)["event"] == {
        "deck": "five_alpha",
        "card": None,
        "known": False,
        "from_overlay": False,
    }
    assert s.phase == "turn" and not s.lasting and not s.effect_queue


def opening_draws(ruleset: str, games: int) -> Counter[int]:
    cfg = compile_ruleset(ruleset).config
    return Counter(new_game(cfg, seed).round_event for seed in range(games))


def test_every_card_of_the_deck_is_equally_likely() -> None:
    # 2e Alpha: 8 cards, one of them known; 1e deck 3: 8 cards, all known, No Event twice
    games = 1600
    alpha = opening_draws("2e", games)
    assert set(alpha) == {0, UNNAMED_EVENT}
    three = opening_draws("1e", games)
    cfg = compile_ruleset("1e").config
    for counts, card, share in (
        (alpha, 0, 1 / 8),
        (alpha, UNNAMED_EVENT, 7 / 8),
        (three, cfg.decks[0].cards[0], 2 / 8),  # No Event, two copies
        (three, cfg.decks[0].cards[2], 1 / 8),
    ):
        # within 4.5 standard deviations of the binomial: fails only if the draw is biased
        spread = 4.5 * (games * share * (1 - share)) ** 0.5
        assert abs(counts[card] - games * share) < spread, (card, counts[card])


def test_named_cards_of_unknown_effect_are_drawn_by_name() -> None:
    cfg = compile_ruleset("1e").config
    herms = next(i for i, e in enumerate(cfg.events) if e.id == "hermenfrevel")
    deck = cfg.decks[cfg.events[herms].deck]
    assert herms in deck.cards and len(deck.cards) == deck.size == 10
    assert deck.cards.count(UNNAMED_CARD) == 9 and deck.unknown == 10


def test_no_event_scenario_has_no_event_step() -> None:
    s = new_game(compile_ruleset("1e-corinthian-war").config, 0)
    assert not [k for k, _ in s.log if k.startswith("event")]
