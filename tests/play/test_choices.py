"""Costs and dangers of a choice, worked out by the engine before the player commits."""

from __future__ import annotations

import random

import pytest

from polis.compiler import compile_ruleset
from polis.compiler.config import PRESTIGE
from polis.engine import apply, legal_actions, new_game
from polis.engine.state import State
from polis.engine.state_json import apply_overrides
from polis.play import choices
from tests.app.scenes import starving, state


def test_passing_with_the_capital_unfed_loses_at_once_when_the_other_has_passed() -> None:
    s = state("2e")
    apply_overrides(s, starving(s))
    c = choices.consequence(s, ("pass",), choices.round_end_danger(s, s.player))
    assert c.danger == choices.Danger("now", s.player, "capital_unfed")
    after = apply(s, ("pass",))
    assert after.finished and after.reason == "capital_unfed"  # the engine agrees


def test_passing_first_warns_of_the_end_of_the_round() -> None:
    s = state("2e")
    me = s.cfg.sides[s.player]
    apply_overrides(s, {"sides": {me: {"goods": {"wheat": 0}, "prestige": 1}}})
    c = choices.consequence(s, ("pass",), choices.round_end_danger(s, s.player))
    assert c.danger is not None and c.danger.when == "round_end"
    assert c.danger.reason == "capital_unfed"


def test_spending_the_last_prestige_is_a_danger_at_the_end_of_the_round() -> None:
    s = state("2e")
    me = s.cfg.sides[s.player]
    apply_overrides(s, {"sides": {me: {"goods": {"wheat": 20}, "prestige": 1}}})
    assert choices.round_end_danger(s, s.player) is None
    move = ("act", "move_hoplites")
    assert move in legal_actions(s)
    c = choices.consequence(s, move, None)
    assert c.spent == ((PRESTIGE, 1),)
    assert c.danger == choices.Danger("round_end", s.player, "zero_prestige_at_round_end")
    # an action that costs nothing is not a danger
    build = ("act", "create_hoplites")
    assert choices.consequence(s, build, None).danger is None


def test_the_last_prestige_is_a_danger_even_when_another_one_looms() -> None:
    s = state("2e")
    me = s.cfg.sides[s.player]
    apply_overrides(s, {"sides": {me: {"goods": {"wheat": 0}, "prestige": 1}}})
    before = choices.round_end_danger(s, s.player)
    assert before is not None and before.reason == "capital_unfed"
    c = choices.consequence(s, ("act", "move_hoplites"), before)
    assert c.danger == choices.Danger("round_end", s.player, "zero_prestige_at_round_end")


def test_the_last_prestige_is_no_danger_when_the_end_of_the_round_pays_it_back() -> None:
    s = state("2e")
    me = s.cfg.sides[s.player]
    capital = s.cfg.poleis[s.cfg.capital[s.player]]
    move = ("act", "move_hoplites")
    # the capital above its base population is a megalopolis: the round's end pays prestige
    big = {"poleis": {capital.id: {"population": capital.base + 1}}}
    apply_overrides(s, {**big, "sides": {me: {"goods": {"wheat": 30}, "prestige": 1}}})
    assert s.cfg.megalopolis_prestige > 0
    assert choices.consequence(s, move, None).danger is None
    # the same move without the megalopolis is the danger it was
    apply_overrides(s, {"poleis": {capital.id: {"population": capital.base}}})
    assert choices.consequence(s, move, None).danger is not None


def by_thebai(prestige: int, wheat: int | None = None, discs: int = 0) -> State:
    """2e in the turns, the player's only units 3 hoplites in Boiotia, beside Thebai."""
    s = state("2e")
    me = s.cfg.sides[s.player]
    side: dict[str, object] = {"prestige": prestige}
    if wheat is not None:
        side["goods"] = {"wheat": wheat}
    apply_overrides(
        s,
        {
            "phase": "turn",
            "clear_units": True,
            "units": {me: {"boiotia": 3}},
            "poleis": {"thebai": {"siege_discs": {me: discs}}},
            "sides": {me: side},
        },
    )
    return s


@pytest.mark.parametrize("discs", [0, 5])
def test_a_siege_that_may_win_prestige_back_is_no_danger(discs: int) -> None:
    """Besieging costs the last prestige, but a siege that succeeds pays prestige: the loss
    is not certain, so the choice is not marked (with 5 discs the siege cannot fail)."""
    s = by_thebai(prestige=1, wheat=20, discs=discs)
    besiege = ("act", "besiege")
    c = choices.consequence(s, besiege, None)
    assert c.spent == ((PRESTIGE, 1),) and c.danger is None
    # the engine agrees: the siege, when it succeeds, gives prestige back
    target = next(a for a in legal_actions(apply(s, besiege)) if a[0] == "polis")
    won = [r for r in choices.outcomes(apply(s, besiege), target) if r.prestige[s.player] > 0]
    assert won


def test_releasing_a_polis_lowers_what_the_rest_needs() -> None:
    s = state("2e")
    side = s.player
    other = next(p for p in s.owned(side) if p != s.cfg.capital[side])
    s.phase = "feed"
    assert choices.need_after(s, ("release", other)) == choices.feeding(s, side).need - s.pop[other]


def test_releasing_poleis_can_save_a_side_so_the_forecast_tries_it() -> None:
    s = state("2e")
    me = s.cfg.sides[s.player]
    need = choices.feeding(s, s.player).need
    capital = choices.feeding(s, s.player).capital_need
    # too little to pay the shortfall with prestige, enough to feed the capital alone
    apply_overrides(s, {"sides": {me: {"goods": {"wheat": capital - 1}, "prestige": 2}}})
    assert need - (capital - 1) > 2
    assert choices.round_end_danger(s, s.player) is None


def test_the_feeding_step_warns_before_paying_the_last_prestige() -> None:
    s = state("2e")
    me, other = s.cfg.sides[s.player], s.cfg.sides[1 - s.player]
    need = choices.feeding(s, s.player).need
    apply_overrides(
        s, {"passed": [other], "sides": {me: {"goods": {"wheat": need - 2}, "prestige": 2}}}
    )
    after = apply(s, ("pass",))
    while after.phase != "feed" or after.player != s.player:  # the other side feeds first
        after = apply(after, legal_actions(after)[-1])
    options = legal_actions(after)
    found = {c.action: c for c in choices.consequences(after, options)}
    food = s.cfg.feeding_good
    assert found[("feed",)].spent == ((food, need - 2), (PRESTIGE, 2))
    assert found[("feed",)].danger is not None
    assert found[("feed",)].danger.reason == "zero_prestige_at_round_end"
    releases = [a for a in options if a[0] == "release"]
    assert releases and all(found[a].danger is None for a in releases)


def test_a_choice_with_a_die_never_reads_the_games_own_generator() -> None:
    s = apply(by_thebai(prestige=5), ("act", "besiege"))
    thebai = ("polis", next(p for p, pol in enumerate(s.cfg.poleis) if pol.id == "thebai"))
    assert thebai in legal_actions(s)
    seen = set()
    for seed_state in (1, 2, 3, 4, 5):
        probe = s.copy()
        probe.rng = seed_state
        c = choices.consequence(probe, thebai, None)
        seen.add((c.spent, c.gained, c.danger))
    assert len(seen) == 1  # the same answer whatever the game's generator holds
    assert next(iter(seen))[1] == ()  # a gain that depends on the die is never promised


def test_declared_terms_of_actions() -> None:
    s = state("2e")
    terms = choices.action_terms(s, "create_hoplites")
    assert terms.per_piece == s.cfg.hoplite_costs and terms.prestige == 0
    move = choices.action_terms(s, "move_hoplites")
    assert move.prestige == s.cfg.action("move_hoplites").prestige_cost  # type: ignore[union-attr]
    tribute = choices.action_terms(s, "collect_tribute")
    assert tribute.prestige_home_free == s.cfg.tribute_home_free


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_trade_proxenos_and_project_terms_name_what_the_next_step_asks(ruleset: str) -> None:
    s = state(ruleset, phase="turn")
    side = s.player
    # trade: the least any payment the slot step then offers would take
    trade = choices.action_terms(s, "trade")
    in_trade = apply(s, ("act", "trade"))
    paid = []
    for slot in legal_actions(in_trade):
        at_slot = apply(in_trade, slot)
        for pay in legal_actions(at_slot):
            after = apply(at_slot, pay)
            paid += [
                (g, s.good(side, g) - after.good(side, g))
                for g in range(len(s.cfg.goods))
                if after.good(side, g) < s.good(side, g)
            ]
    assert paid and trade.cheapest_cargo == (min(paid, key=lambda p: p[1]),)
    # the proxenos: the lowest and highest bribe among the destinations then offered
    proxenos = choices.action_terms(s, "move_proxenos")
    in_move = apply(s, ("act", "move_proxenos"))
    good = s.cfg.proxenos_bribe_good
    bribes = [
        s.good(side, good) - apply(in_move, dest).good(side, good)
        for dest in legal_actions(in_move)
    ]
    assert proxenos.bribes == (min(bribes), max(bribes))
    assert choices.action_terms(s, "move_hoplites").bribes is None
    # a project: exactly the ones the project step then offers (in 1e none fits at the start)
    offered: tuple[int, ...] = ()
    if ("act", "start_project") in legal_actions(s):
        offered = tuple(a[1] for a in legal_actions(apply(s, ("act", "start_project"))))
        assert offered
    assert choices.action_terms(s, "start_project").projects == offered
    assert bool(offered) == (ruleset == "2e")  # both branches are exercised


def test_siege_odds_and_cargo_prices() -> None:
    s = state("2e")
    thebai = next(p for p, pol in enumerate(s.cfg.poleis) if pol.id == "thebai")
    need, faces = choices.siege_odds(s, thebai)
    assert need == s.cfg.poleis[thebai].base and faces == s.cfg.siege_die
    prices = choices.slot_prices(s, 0)
    assert [g for g, _n in prices[: len(s.cfg.slots[0].accepts)]] == list(s.cfg.slots[0].accepts)


def _last_phoros(ruleset: str) -> State:
    """A phoros decision that, once done, ends the round, with its side out of wheat
    and the next round's end a danger for it."""
    cfg = compile_ruleset(ruleset).config
    for seed in range(1, 80):
        s = new_game(cfg, seed)
        rng = random.Random(seed)
        while not s.finished and s.round == 0:
            if s.phase == "phoros" and ("done",) in legal_actions(s):
                probe = s.copy()
                side = cfg.sides[s.player]
                apply_overrides(probe, {"sides": {side: {"goods": {"wheat": 0}, "prestige": 3}}})
                after = apply(probe, ("done",))
                if (
                    after.round != s.round
                    and not after.finished
                    and choices.round_end_danger(after, s.player) is not None
                ):
                    return probe
                s = apply(s, ("done",))
            else:
                s = apply(s, rng.choice(legal_actions(s)))
    raise LookupError("no game reaches a last phoros decision")


def test_a_choice_that_ends_the_round_is_not_blamed_for_the_next_one() -> None:
    s = _last_phoros("1e")
    done = apply(s, ("done",))
    # the next round would end badly if nothing changed, but that round is still to play
    assert choices.round_end_danger(done, s.player) is not None
    assert choices.consequence(s, ("done",), choices.round_end_danger(s, s.player)).danger is None
