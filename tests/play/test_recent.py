"""What happened since a player last decided, and battle reports, read from the history."""

from __future__ import annotations

from polis.compiler import compile_ruleset
from polis.engine import apply
from polis.play import recent, table
from polis.play.game import GameSession
from tests.app.scenes import BATTLE, hotseat


def test_at_the_start_the_bots_first_moves_are_news() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    assert game.steps and all(step.by_bot for step in game.steps)  # Sparta opened the round
    entries = recent.entries_since(game.states, game.steps, 0)
    keys = [k for k, _p in entries]
    assert "round" in keys and set(keys) & table.EVENT_CARD_KEYS
    bot_keys = {k for state in game.states[1:] for k, _p in state.log}
    assert bot_keys & set(keys) == bot_keys - recent.QUIET


def test_after_a_move_only_what_followed_it_is_news() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    game.play(("pass",))
    mine = recent.news_begins_after(game.states, game.steps, 0)
    assert mine >= 0 and not game.steps[mine].by_bot
    entries = recent.entries_since(game.states, game.steps, 0)
    assert entries[0] == next(e for e in game.states[mine + 1].log if e[0] not in recent.QUIET)


def test_the_opponents_turn_stays_news_while_the_player_finishes_an_action() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    opening = {k for state in game.states[1:] for k, _p in state.log} - recent.QUIET
    first = next(a for a in game.legal() if a[0] == "act" and a[1] == "move_hoplites")
    game.play(first)
    assert game.awaiting_human and game.state.phase != "turn"  # the move asks where to
    keys = [k for k, _p in recent.entries_since(game.states, game.steps, 0)]
    assert opening <= set(keys)  # the bot's opening is still there
    mine = [p for k, p in recent.entries_since(game.states, game.steps, 0) if k == "action"]
    assert mine[-1]["side"] == 0  # and the player's own choice, newest


def test_groups_come_newest_first_and_keep_their_order_inside() -> None:
    entries = [
        ("round", {"round": 0}),
        ("event_none", {"deck": 0, "unknown": 1}),
        ("turn", {"side": 1}),
        ("action", {"side": 1, "action": "trade"}),
        ("trade", {"side": 1}),
        ("turn", {"side": 0}),  # alone: only whose turn it is, which the status says
    ]
    groups = recent.groups(entries)
    assert [g.head[0] for g in groups] == ["turn", "round"]
    assert [k for k, _p in groups[0].entries] == ["action", "trade"]
    # a list that starts inside a group keeps those entries under an empty head
    tail = recent.groups(entries[3:5])
    assert tail[0].head == recent.NO_HEAD and len(tail[0].entries) == 2


def test_battle_report_counts_losses_and_prestige() -> None:
    game = hotseat(**BATTLE)
    s = game.state
    report = recent.battle_report(game.states)
    assert report is not None and report.area == s.battle.area and not report.assaults  # type: ignore[union-attr]
    s = apply(s, next(a for a in _legal(s) if a[0] == "attack"))
    s = apply(s, next(a for a in _legal(s) if a[0] == "defend"))
    assault = next(p for k, p in s.log if k == "assault")
    entries = [("battle", {"area": 0, "naval": False, "attacker": 0}), ("assault", assault)]
    report = recent.battle_reports(entries)[0]
    attacker = assault["attacker"]
    assert report.losses(1 - attacker) == assault["losses"]
    assert report.prestige(attacker) == assault["prestige"]
    assert report.losses(attacker) == 0 and not report.ended


def test_a_battle_that_ends_is_told_whole_from_its_start() -> None:
    game = hotseat(**BATTLE)
    start = len(game.states) - 1
    while game.state.battle is not None and not game.state.finished:
        options = _legal(game.state)
        pick = next((a for a in options if a[0] == "fight"), options[0])
        assert game.play(pick) is None
    end = len(game.states) - 1
    report = recent.battle_ending_at(game.states, end)
    assert report is not None and report.ended and report.assaults
    # every assault since the battle began, though it began many states before its end
    fought = [p for st in game.states[start:] for k, p in st.log if k == "assault"]
    assert [a.losses for a in report.assaults] == [p["losses"] for p in fought]
    assert recent.battle_ending_at(game.states, start) is None
    # news for the side that decided before the end: the whole battle once
    assert recent.ended_battles(game.states, game.steps[:-1], game.steps[-1].side) == [report]


def _legal(s):  # type: ignore[no-untyped-def]
    from polis.engine import legal_actions

    return legal_actions(s)


def test_choices_at_a_rounds_end_keep_how_the_round_ended_in_the_news() -> None:
    # Athens passes at once; the bot plays the round out; then Athens feeds, grows, picks
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    game.play(("pass",))
    chores = 0
    while game.awaiting_human and game.state.phase != "turn":
        game.play(game.legal()[-1])
        chores += 1
    assert chores and game.state.round == 1  # Athens decided at the round's end
    keys = [k for k, _p in recent.entries_since(game.states, game.steps, 0)]
    assert "round_end" in keys and "round" in keys  # how Alpha ended, how Sigma began


def test_the_other_sides_last_choices_are_its_newest_turns_actions_and_pass() -> None:
    entries = [
        ("turn", {"side": 1}),
        ("action", {"side": 1, "action": "trade"}),
        ("trade", {"side": 1}),
        ("turn", {"side": 0}),
        ("action", {"side": 0, "action": "tribute"}),
        ("turn", {"side": 1}),
        ("action", {"side": 1, "action": "create_hoplites"}),
        ("unit_created", {"side": 1}),
        ("action", {"side": 1, "action": "move_hoplites"}),
    ]
    # the newest turn of side 1, not its older one, and not what the actions did
    assert recent.last_choices(entries, 0) == [entries[6], entries[8]]
    assert recent.last_choices(entries, 1) == [entries[4]]
    passed = [*entries, ("turn", {"side": 0}), ("pass", {"side": 0})]
    assert recent.last_choices(passed, 1) == [("pass", {"side": 0})]
    assert recent.last_choices(entries[:3], 1) == []  # no turn of the other side yet


def test_the_bots_opening_turn_is_its_last_choices_in_a_real_game() -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    chosen = recent.last_choices(recent.entries_since(game.states, game.steps, 0), 0)
    bot_actions = [p for state in game.states[1:] for k, p in state.log if k == "action"]
    assert chosen and [p for _k, p in chosen] == bot_actions  # Sparta opened the round
    assert all(p["side"] == 1 for p in bot_actions)
