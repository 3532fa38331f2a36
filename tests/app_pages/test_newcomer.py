"""A newcomer's way in and help: the start page, the guided game's tips, hints, the review,
battle cards that say what they mean, and the small things (share, news, page links)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from polis.compiler import compile_ruleset
from polis.play import game as game_module
from polis.play import guide
from polis.play.desk import Desk, Reveal
from polis.play.game import GameSession
from tests.app.scenes import BATTLE, hotseat
from tests.app_pages.conftest import no_errors
from tests.app_pages.test_play import block, choices, elements, with_game

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

QUICK = "mcts:quick"  # hints at a smaller budget: the same rules, a test's time


@pytest.fixture(autouse=True)
def _quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "HINT_BOT", QUICK)


def button(app: AppTest, key: str) -> Any:
    return next(b for b in app.button if b.key == key)


# ---------------------------------------------------------------- the start page


def test_the_app_opens_on_the_start_page_with_three_ways_in(app: AppTest) -> None:
    app.run()
    no_errors(app)
    assert app.title[0].value == "Polis: Fight for the Hegemony"
    heads = [h.value for h in app.subheader]
    assert heads == ["Learn to play", "Play", "Look up a rule"]
    keys = {b.key for b in app.button}
    assert {"start_guided", "start_new", "start_friend"} <= keys
    assert "start_continue" not in keys  # no game yet
    assert any("rules" in p.proto.page for p in app.main.get("page_link"))


def test_the_start_page_speaks_the_readers_language(app: AppTest) -> None:
    app.query_params["lang"] = "de"
    app.run()
    no_errors(app)
    assert [h.value for h in app.subheader] == [
        "Spielen lernen",
        "Spielen",
        "Eine Regel nachschlagen",
    ]


def test_learn_to_play_starts_the_guided_game_with_its_first_tip(app: AppTest) -> None:
    app.run()
    button(app, "start_guided").click().run()
    no_errors(app)
    desk = app.session_state["desk"]
    game = desk.game
    assert desk.tips and game.compiled.config.id == guide.GUIDED_RULESET
    assert game.controllers == guide.GUIDED_CONTROLLERS and game.seed == guide.GUIDED_SEED
    tip = block(app, "tip")
    assert "Your turn: choose an action" in tip
    links = [p for p in app.main.get("page_link") if "section=" in json.dumps(p.proto.query_string)]
    assert any("turn.actions" in p.proto.query_string for p in links), links
    # a decision of a new kind: its own tip
    next(b for b in choices(app) if b.label.startswith("Move Hoplites")).click().run()
    no_errors(app)
    assert "Moving hoplites" in block(app, "tip")
    button(app, f"tips_off_{desk.game.version}").click().run()
    assert not block(app, "tip") and not desk.tips


def test_continue_new_game_and_a_friend(app: AppTest) -> None:
    app.run()
    button(app, "start_guided").click().run()
    app.switch_page("app_pages/start.py").run()
    no_errors(app)
    assert "start_continue" in {b.key for b in app.button}
    button(app, "start_friend").click().run()
    no_errors(app)
    assert app.session_state["desk"] is None  # the form, set for two people
    assert app.selectbox(key="athens_controller").value == "human"
    assert app.selectbox(key="sparta_controller").value == "human"
    assert app.subheader[0].value == "Play with a friend"  # the invitation to another browser
    assert not [w for w in app.get("alert") if "Session State" in str(w.proto)]


def test_a_search_on_the_start_page_opens_the_rules_with_it(app: AppTest) -> None:
    app.run()
    app.text_input(key="start_search").set_value("siege disc").run()
    no_errors(app)
    assert app.title[0].value == "Rules reference"
    assert app.text_input(key="rules_search").value == "siege disc"
    assert any("Siege discs" in e.label for e in app.expander)


def test_the_pages_stay_linked_on_a_phone(app: AppTest) -> None:
    app.run()
    nav = [
        p.proto.label
        for p in app.get("page_link")
        if p.proto.label in {"Start", "Rules", "Compare", "Play", "Data"}
    ]
    assert nav == ["Start", "Rules", "Compare", "Play", "Data"]


# ---------------------------------------------------------------- tips and hints


def test_tips_are_chosen_in_the_new_game_form(app: AppTest) -> None:
    app.run()
    app.switch_page("app_pages/play.py").run()
    app.checkbox(key="new_game_tips").check()
    next(b for b in app.button if b.label == "Start").click().run()
    no_errors(app)
    assert app.session_state["desk"].tips and block(app, "tip")


def test_a_hint_is_asked_shown_with_its_reasons_and_followed(app: AppTest) -> None:
    game = GameSession.start(compile_ruleset("2e"), 2, ("human", "greedy"))
    with_game(app, game)
    assert not block(app, "hint")
    button(app, "hint_button").click().run()  # searched in the page: no pool in tests
    no_errors(app)
    hint = block(app, "hint")
    desk: Desk = app.session_state["desk"]
    advice = desk.view().advice
    assert advice is not None and "Suggested:" in hint and "to win" in hint
    assert "What it changes" in hint or "only this choice" in hint
    # the suggested choice is marked among the choices
    listed = [c.action for c in desk.consequences()]
    marked = f"choice_{game.version}_{listed.index(advice.action)}"
    assert any(
        marked in str(h.proto.body) and "outline" in str(h.proto.body) for h in app.get("html")
    )
    steps = len(game.steps)
    button(app, f"hint_play_{game.version}").click().run()
    no_errors(app)
    assert game.steps[steps].move == advice.action and game.steps[steps].side == 0
    assert not block(app, "hint")  # a new position


def test_no_hint_where_the_game_does_not_allow_them(app: AppTest) -> None:
    game = GameSession.start(compile_ruleset("2e"), 2, ("human", "greedy"))
    app.run()
    app.switch_page("app_pages/play.py")
    desk = app.session_state["desk"] = Desk(game)
    desk.hints_allowed = False
    app.run()
    no_errors(app)
    assert "hint_button" not in {b.key for b in app.button}


# ---------------------------------------------------------------- the review


def test_the_review_of_a_finished_game(app: AppTest) -> None:
    game = GameSession.start(compile_ruleset("2e"), 3, ("greedy", "greedy"))
    game.controllers = ("human", "greedy")
    with_game(app, game)
    app.segmented_control(key="play_view").set_value("review").run()
    no_errors(app)
    assert app.get("plotly_chart")
    desk: Desk = app.session_state["desk"]
    found = desk.review(0)
    assert found.slips and all(found.choice(s) is not None for s in found.slips)
    for k in range(len(found.slips)):
        told = block(app, f"slip-{k}")
        assert "Turn " in told and "→" in told and "bot" in told
    first = found.slips[0].turn.first
    button(app, "slip_replay_0").click().run()
    no_errors(app)
    assert app.segmented_control(key="play_view").value == "replay"
    assert app.slider(key="replay_step").value == first + 1


def test_no_review_of_a_friends_game_under_way(app: AppTest) -> None:
    game = GameSession.start(compile_ruleset("2e"), 3, ("human", "greedy"))
    app.run()
    app.switch_page("app_pages/play.py")
    desk = app.session_state["desk"] = Desk(game)
    desk.hints_allowed = False  # as a game with a friend without the agreement
    app.run()
    assert "review" not in app.segmented_control(key="play_view").options


# ---------------------------------------------------------------- battles


def card_data(app: AppTest) -> dict[str, Any]:
    found = [e for e in elements(app, "bidi_component") if e.key.startswith("cards_")]
    assert len(found) == 1
    data: dict[str, Any] = json.loads(found[0].proto.json)
    return data


def test_battle_cards_say_what_they_mean_and_what_answers_them(app: AppTest) -> None:
    game = hotseat(**BATTLE)
    app.run()
    app.switch_page("app_pages/play.py")
    desk = app.session_state["desk"] = Desk(game)
    desk.click(Reveal())
    app.run()
    no_errors(app)
    data = card_data(app)
    assert data["role"] == "attack"
    phalanx = next(f for f in data["hand"] if f["formation"] == "Phalanx")
    assert phalanx["meaning"] == "heavy infantry"
    assert phalanx["maneuver_meaning"]  # Othismos or Proothisi, explained
    assert all(f["note"].startswith("chance of an answer: ") for f in data["hand"])
    assert any("answered by" in line for line in data["rules"])
    assert any("no card answers it" in line for line in data["rules"])  # the salpinx
    # the defender sees which of its cards answer which card shown
    attack = next(a for a in game.legal() if a[0] == "attack")
    desk.click(desk_click := __import__("polis.play.desk", fromlist=["Choose"]).Choose(attack))
    del desk_click
    desk.click(Reveal())
    app.run()
    no_errors(app)
    data = card_data(app)
    assert data["role"] == "defend"
    answering = [f for f in data["hand"] if f.get("answers")]
    assert answering and all(f["note"].startswith("answers ") for f in answering)


# ---------------------------------------------------------------- the small things


def test_the_share_link_is_there_at_once(app: AppTest) -> None:
    game = GameSession.start(compile_ruleset("2e"), 2, ("human", "greedy"))
    with_game(app, game)
    codes = [c.value for c in app.code]
    assert any("record=" in c and "lang=en" in c and "ruleset=2e" in c for c in codes), codes


def test_the_news_shows_whole_groups_the_older_folded(app: AppTest) -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    with_game(app, game)
    news = block(app, "what-happened")
    assert news.count("<details") >= 2 and news.count('<details class="group" open>') == 1
