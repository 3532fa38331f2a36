from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from polis.app.session import encode_record
from polis.bots import LEVELS, Budget
from polis.compiler import compile_ruleset
from polis.engine.record import Record
from tests.app_pages.conftest import no_errors


def start(app: AppTest, athens: str = "human", sparta: str = "greedy") -> AppTest:
    app.run()
    app.switch_page("app_pages/play.py").run()
    app.selectbox(key="athens_controller").set_value(athens)
    app.selectbox(key="sparta_controller").set_value(sparta)
    next(b for b in app.button if b.label == "Start").click().run()
    no_errors(app)
    return app


def choices(app: AppTest) -> list:  # type: ignore[type-arg]
    return [b for b in app.button if b.key and b.key.startswith("choice_")]


def test_choices_drive_the_engine(app: AppTest) -> None:
    start(app)
    game = app.session_state["game"]
    before = len(game.steps)
    first = choices(app)[0]
    first.click().run()
    no_errors(app)
    assert len(app.session_state["game"].steps) > before
    for _ in range(6):  # a few more decisions, whatever they are
        options = choices(app)
        if not options:
            break
        options[0].click().run()
        no_errors(app)


def test_refusal_names_the_rule_and_links_to_it(app: AppTest) -> None:
    start(app)
    why = [b for b in app.button if b.key and b.key.startswith("why_")]
    assert why, "some action is not open at the start"
    why[0].click().run()
    no_errors(app)
    assert any(w.value.startswith("Not allowed") for w in app.warning)
    links = [e.proto.query_string for e in app.get("page_link")]
    assert any("section=" in q for q in links), links


def test_undo_and_save(app: AppTest) -> None:
    start(app)
    steps = len(app.session_state["game"].steps)
    choices(app)[0].click().run()
    undo = next(b for b in app.button if b.key == "undo_button")
    assert not undo.disabled
    undo.click().run()
    assert len(app.session_state["game"].steps) == steps
    assert app.get("download_button")


def test_bot_game_reaches_the_score_screen_and_replays(app: AppTest) -> None:
    app.selectbox  # noqa: B018 - the picker exists in the frame
    start(app, "random", "greedy")
    assert any("wins" in s.value or "draw" in s.value for s in app.success)
    slider = app.slider(key="replay_step")
    slider.set_value(1).run()
    no_errors(app)


def test_a_shared_link_loads_the_game(app: AppTest) -> None:
    compiled = compile_ruleset("2e")
    record = Record(
        "2e", compiled.content_hash, 5, [["pass"]], meta={"controllers": ["human", "human"]}
    )
    app.query_params["record"] = encode_record(record.to_json())
    app.run()
    app.switch_page("app_pages/play.py").run()
    no_errors(app)
    game = app.session_state["game"]
    assert game is not None and len(game.steps) == 1


def test_a_damaged_link_is_reported(app: AppTest) -> None:
    app.query_params["record"] = "not-a-record"
    app.run()
    app.switch_page("app_pages/play.py").run()
    no_errors(app)
    assert any("could not be loaded" in e.value for e in app.error)


def test_a_link_naming_a_file_instead_of_a_ruleset_is_refused(app: AppTest, tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "x.yaml"
    target.write_text("id: x\n", "utf-8")
    record = Record(str(target), "0" * 64, 5, [])
    app.query_params["record"] = encode_record(record.to_json())
    app.run()
    app.switch_page("app_pages/play.py").run()
    no_errors(app)
    assert app.session_state["game"] is None
    assert any("rules this app does not have" in e.value for e in app.error)


def test_playing_the_search_bot(app: AppTest, monkeypatch: pytest.MonkeyPatch) -> None:
    # a small budget: the page must run the bot after the move and show the game again
    monkeypatch.setitem(LEVELS, "normal", Budget(iterations=30, seconds=60.0, rollout_plies=0))
    start(app, "human", "mcts:normal")
    game = app.session_state["game"]
    assert game.awaiting_human and game.steps and all(s.by_bot for s in game.steps)
    before = len(game.steps)
    choices(app)[-1].click().run()  # whatever the last choice is (often: pass)
    no_errors(app)
    game = app.session_state["game"]
    assert len(game.steps) > before and not game.awaiting_bot
