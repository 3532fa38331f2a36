"""Hints: the search bot's choice for the side to move, and the reasons told from the
evaluation's terms; the same hint wherever it is searched."""

from __future__ import annotations

import random

import pytest

from polis.bots.evaluation import TERMS
from polis.compiler import compile_ruleset
from polis.engine import apply, legal_actions
from polis.engine.state_json import apply_overrides
from polis.play import advice
from polis.play.advice import RISK_TERMS, SCORE_PARTS, advise, finish, gains
from polis.play.game import GameSession
from polis.play.pool import advise_here
from tests.app.scenes import BATTLE, starving, state

QUICK = "mcts:quick"  # the tests' searches: the hint's rules at a smaller budget


def test_a_hint_names_a_legal_choice_the_search_tried_most() -> None:
    s = state()
    found = advise(s, QUICK, 7)
    assert found.side == s.player and found.action in legal_actions(s)
    assert found.options[0].action == found.action
    visits = [o.visits for o in found.options]
    assert visits == sorted(visits, reverse=True) and sum(visits) > 0
    assert all(0.0 <= o.chance <= 1.0 for o in found.options)
    assert found.chance_of(found.action) == found.options[0].chance
    # the same seed gives the same hint; the bot's own seed at this step is another
    assert advise(s, QUICK, 7) == found


def test_a_hint_for_a_starving_side_feeds_it_and_says_what_the_others_risk() -> None:
    s = state()
    apply_overrides(s, starving(s))
    found = advise(s, QUICK, 3)
    assert found.action != ("pass",)  # passing now loses the game at once
    risks = {r.term: r for r in found.risks}
    assert risks and set(risks) <= set(RISK_TERMS)
    assert any(r.count >= 1 and r.count <= r.others for r in found.risks)
    others = len(legal_actions(s)) - 1
    assert all(r.others == others for r in found.risks)


def test_the_gains_name_terms_and_the_change_in_the_games_units() -> None:
    s = state()
    me = s.player
    rng = random.Random(1)
    after = finish(s, ("act", "collect_tribute"), me, rng)
    assert after.player != me or after.phase == "turn"  # the action was played out
    told = gains(s, after, me)
    assert told and all(r.term in (*TERMS, *SCORE_PARTS) for r in told)
    assert [abs(r.points) for r in told] == sorted((abs(r.points) for r in told), reverse=True)
    goods = [r for r in told if r.term in ("goods", "wheat") and r.side == me]
    collected = sum(after.goods) - sum(s.goods)
    if goods:  # tribute brings goods: the reason counts them, good by good
        assert sum(r.amount for r in goods) > 0 and all(r.goods for r in goods)
    assert collected > 0


def test_a_choice_with_one_option_needs_no_search() -> None:
    from polis.bots import make_bot

    s, bot = state(seed=2), make_bot("greedy", 2)
    while len(legal_actions(s)) != 1:
        s = apply(s, bot.choose(s))
    shares: list[float] = []
    found = advise(s, QUICK, 1, shares.append)
    assert found.action == legal_actions(s)[0] and found.options[0].visits == 0
    assert found.chance_of(found.action) != found.chance_of(found.action)  # nan: not searched
    assert shares == [1.0]  # the page's progress bar is done at once


def test_the_pool_job_gives_the_hint_the_page_would(monkeypatch: pytest.MonkeyPatch) -> None:
    from polis.play import game as game_module

    monkeypatch.setattr(game_module, "HINT_BOT", QUICK)
    game = GameSession.start(compile_ruleset("2e"), 4, ("human", "greedy"))
    job = game.hint_job()
    assert job.kind == "hint" and job.bot == QUICK
    here = advise_here(job, None, game.state)
    assert advise_here(job) == here  # replayed from the job alone
    assert here.side == game.state.player
    # the bot's own decision at this step has another seed: a hint is no peek at the bot
    assert job.bot_seed != game.bot_job().bot_seed if game.awaiting_bot else True
    # after a move, the hint is the next position's
    game.push(here.action, by_bot=False)
    assert game.hint_job().actions == (*job.actions, here.action)


def test_a_battle_hint_reads_no_hidden_card() -> None:
    """The defender's hand changes, nothing the attacker's hint says does."""
    s = state(**BATTLE)
    while s.phase != "attack":
        s = apply(s, legal_actions(s)[0])
    hint = advise(s, QUICK, 5)
    other = s.copy()
    assert other.battle is not None
    theirs = other.battle.hands[1 - s.player]
    deck = other.battle.deck
    # swap one card of the defender's hand with one of the deck it does not hold
    held = next(k for k, n in enumerate(theirs) if n)
    free = next(k for k in deck if k != held)
    theirs[held] -= 1
    theirs[free] += 1
    deck.remove(free)
    deck.append(held)
    assert advise(other, QUICK, 5) == hint
    assert advice.HINT_BOT.startswith("mcts:")
