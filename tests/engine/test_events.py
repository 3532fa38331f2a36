"""Event cards: drawing, who applies first, each kind of effect, unplayable decks."""

from __future__ import annotations

from polis.compiler import compile_ruleset
from polis.engine import State, apply, legal_actions, new_game
from polis.engine.state import SLOT_BLOCKED


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
    s = new_game(compile_ruleset("2e").config, 0)  # the only playable Alpha card
    assert s.slots[0] == SLOT_BLOCKED
    assert "xerxes_assassinated" in {s.cfg.events[p["event"]].id for k, p in s.log if k == "event"}


def test_a_deck_without_playable_cards_is_reported_and_the_round_goes_on() -> None:
    s = new_game(compile_ruleset("1e-second-peloponnesian-war").config, 0)  # deck 5α: nothing known
    none = [p for key, p in s.log if key == "event_none"]
    assert none == [
        {
            "deck": s.cfg.decks.index(next(d for d in s.cfg.decks if d.id == "five_alpha")),
            "unknown": 11,
        }
    ]
    assert s.phase == "turn"


def test_unknown_cards_are_never_drawn() -> None:
    cfg = compile_ruleset("1e").config
    unknown = {i for i, e in enumerate(cfg.events) if not e.known}
    assert unknown  # Egypt and the Herms
    for deck in cfg.decks:
        assert not unknown & set(deck.playable)


def test_no_event_scenario_has_no_event_step() -> None:
    s = new_game(compile_ruleset("1e-corinthian-war").config, 0)
    assert not [k for k, _ in s.log if k.startswith("event")]
