"""The table around the board: facts read from the state and the game's own rules."""

from __future__ import annotations

import dataclasses

from polis.compiler import compile_ruleset
from polis.engine import apply, legal_actions, new_game
from polis.engine.act_political import price
from polis.engine.state import ON_OFFER
from polis.play import table
from polis.play.game import GameSession
from tests.app.scenes import state


def test_player_boards_hold_every_good_with_perishables_marked() -> None:
    s = state("1e")
    facts = table.table(s)
    for side, board in enumerate(facts.boards):
        assert [h.good for h in board.goods] == list(range(len(s.cfg.goods)))
        assert [h.perishable for h in board.goods] == list(s.cfg.perishable)
        assert [h.amount for h in board.goods] == [s.good(side, g) for g in range(len(s.cfg.goods))]
        assert board.supply == s.supply(side) and board.cubes == s.cfg.cubes_per_side
        assert board.population == sum(s.pop[p] for p in s.owned(side))
        assert board.merchants_in_port == s.merchants_in_port(side)
        assert board.feeding_need == board.population
        assert board.feeding_held == s.good(side, s.cfg.feeding_good)


def test_market_shows_todays_price_of_each_open_cargo() -> None:
    s = state("2e")
    rows = table.market_rows(s)
    assert [r.good for r in rows] == list(s.cfg.track_goods)
    open_cargo = s.cfg.rounds[s.round].cargo_open
    for row in rows:
        assert all(size <= open_cargo for size, _price in row.prices)
        for size, value in row.prices:
            slot = next(
                k for k, sl in enumerate(s.cfg.slots) if sl.cargo == size and row.good in sl.accepts
            )
            assert value == price(s, slot, row.good)


def test_projects_on_offer_with_cost_and_prestige() -> None:
    s = state("2e")
    offers = table.project_offers(s)
    assert offers and len(offers) == s.proj_loc.count(ON_OFFER)
    for offer in offers:
        proj = s.cfg.projects[offer.project]
        assert offer.cost == proj.cost and offer.end_prestige == proj.end_prestige


def test_turn_status_counts_actions_and_the_surcharge_after_a_pass() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "human"))
    s = game.state
    status = table.turn_status(s)
    assert status.action_number == 1 and status.actions_per_turn == s.cfg.actions_per_turn
    assert status.surcharge == 0 and status.passed == (False, False)
    game.play(("pass",))
    status = table.turn_status(game.state)
    assert status.passed[1 - game.state.player]
    assert status.surcharge == s.cfg.after_pass_surcharge


def test_the_rounds_event_is_read_back_from_the_history() -> None:
    s = state("2e")
    entries = table.round_event([s])
    assert entries and entries[0][0] in table.EVENT_CARD_KEYS
    later = apply(s, legal_actions(s)[-1])  # a move in the round keeps the round's event
    assert table.round_event([s, later]) == entries


def test_an_unknown_card_entry_counts_as_the_event() -> None:
    s = state("2e")
    s.log = [("round", {"round": 0}), ("event_unknown", {"deck": 0})]
    assert table.round_event([s]) == [("event_unknown", {"deck": 0})]


def test_a_pass_is_shown_only_during_the_turns_of_its_round() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    game.play(("pass",))  # the bot plays the round out; Athens' choices at its end follow
    phases = set()
    while game.awaiting_human and game.state.phase != "turn":
        s = game.state
        if s.passed:  # the engine still holds the flags, at the round's end and after it
            phases.add(s.phase)
            assert table.turn_status(s).passed == (False, False), s.phase
            assert not any(table.player_board(s, side).passed for side in (0, 1)), s.phase
        game.play(game.legal()[-1])  # feeding, growth, the next round's project tile
    # both the round's end and the next round's preparation (a project tile) were checked
    assert "discard_project" in phases and len(phases) > 1, phases
    assert game.state.round == 1


def test_perishable_goods_are_halved_after_every_round_but_the_last() -> None:
    s = state("2e")
    assert table.perishables_halved(s)
    s.round = len(s.cfg.rounds) - 1  # the rules skip storage after the last round
    assert not table.perishables_halved(s)
    # the rules data decides: storage kept after the last round halves there too
    kept = new_game(dataclasses.replace(s.cfg, end_steps=(("storage", False),)), 1)
    kept.round = s.round
    assert table.perishables_halved(kept)
