"""The Play page's board component under AppTest: what it is given, and clicks on it.

AppTest cannot click inside a custom component, so `click_board` sends what
the browser sends: the component's trigger event with {kind, id}.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from polis.play.game import GameSession
from tests.app_pages.conftest import no_errors
from tests.app_pages.test_play import choices, start

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

INTERNAL = "$$STREAMLIT_INTERNAL_KEY"  # Streamlit's prefix for a component's trigger widget


def board(app: AppTest, key: str = "board_game") -> Any:
    found = [e for e in app.get("bidi_component") if e.proto.id.endswith(key)]
    assert len(found) == 1, [e.proto.id for e in app.get("bidi_component")]
    return found[0]


def board_data(app: AppTest, key: str = "board_game") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(board(app, key).proto.json)
    return data


def click_board(app: AppTest, kind: str, ident: str, key: str = "board_game") -> AppTest:
    from streamlit.proto.WidgetStates_pb2 import WidgetStates

    states = WidgetStates()
    states.CopyFrom(app._tree.get_widget_states())
    trigger = states.widgets.add()
    trigger.id = f"{INTERNAL}_{board(app, key).proto.id}__events"
    trigger.json_trigger_value = json.dumps(
        [{"event": "click", "value": {"kind": kind, "id": ident}}]
    )
    app._run(states)
    return app


def press(app: AppTest, label: str) -> AppTest:
    """Choose an action by its button; pay the surcharge first if the opponent passed."""
    # a label may carry what the action costs: "Move Hoplites — 1 prestige"
    next(b for b in choices(app) if b.label.split(" — ")[0] == label).click().run()
    no_errors(app)
    game: GameSession = app.session_state["desk"].game
    while game.state.phase == "surcharge":
        choices(app)[0].click().run()
        no_errors(app)
    return app


def targets(data: dict[str, Any]) -> set[tuple[str, str]]:
    found = {("area", a["id"]) for a in data["areas"] if a["target"]}
    found |= {("polis", p["id"]) for p in data["poleis"] if p["target"]}
    found |= {("port", p["id"]) for p in data["ports"] if p["target"]}
    for market in data["markets"]:
        found |= {("slot", s["id"]) for s in market["slots"] if s["target"]}
        if market["target"]:
            found.add(("market", market["id"]))
    return found


def test_the_board_replaces_the_plotly_map(app: AppTest) -> None:
    start(app)
    assert not app.get("plotly_chart")
    data = board_data(app)
    assert {a["id"] for a in data["areas"]} >= {"attika", "lakedaimon", "kyklades"}
    assert data["legend"] and data["labels"]["board"] == "Game board"


def test_a_board_click_moves_the_hoplites(app: AppTest) -> None:
    start(app)
    game: GameSession = app.session_state["desk"].game
    press(app, "Move Hoplites")
    chosen = targets(board_data(app))
    assert chosen and all(kind == "area" for kind, _ in chosen)
    steps = len(game.steps)
    kind, ident = sorted(chosen)[0]
    click_board(app, kind, ident)
    no_errors(app)
    assert game.steps[steps].action == ["dest", ident]
    # the new board is drawn in the same run: the move's destination is marked
    assert ("area", ident) not in targets(board_data(app))


def test_a_click_the_rules_refuse_says_why(app: AppTest) -> None:
    start(app)
    game: GameSession = app.session_state["desk"].game
    press(app, "Move Hoplites")
    chosen = targets(board_data(app))
    closed = next(a["id"] for a in board_data(app)["areas"] if ("area", a["id"]) not in chosen)
    steps = len(game.steps)
    click_board(app, "area", closed)
    no_errors(app)
    assert len(game.steps) == steps
    assert any(w.value.startswith("Not allowed") for w in app.warning)


def test_a_click_that_fits_two_choices_offers_both(app: AppTest) -> None:
    start(app)
    game: GameSession = app.session_state["desk"].game
    press(app, "Move the Proxenos")
    options = game.legal()
    cfg = game.state.cfg
    both = [p for p in range(len(cfg.poleis)) if sum(a[1] == p for a in options) == 2]
    assert both, options  # a polis the proxenos reaches by land and by sea
    steps = len(game.steps)
    click_board(app, "polis", cfg.poleis[both[0]].id)
    no_errors(app)
    assert len(game.steps) == steps  # nothing played yet: by land or by sea?
    picks = [b for b in app.button if b.key and b.key.startswith("board_pick_")]
    assert len(picks) == 2
    picks[1].click().run()
    no_errors(app)
    assert game.steps[steps].action[:2] == ["proxenos", cfg.poleis[both[0]].id]
    assert not [b for b in app.button if b.key and b.key.startswith("board_pick_")]


def test_a_merchant_is_hired_by_clicking_the_trade_port(app: AppTest) -> None:
    start(app)
    game: GameSession = app.session_state["desk"].game
    press(app, "Hire Merchants")
    if game.state.phase == "create_polis":  # the polis that hires, if there is a choice
        click_board(app, "polis", "athenai")
    assert ("port", "athens") in targets(board_data(app))
    steps = len(game.steps)
    click_board(app, "port", "athens")  # Athens has no silver: wood is the only payment
    no_errors(app)
    assert game.steps[steps].action == ["build", 0, None]  # a merchant waits in the port


def test_the_replay_board_is_drawn_only_when_its_view_is_chosen(app: AppTest) -> None:
    start(app, "random", "greedy")
    boards = [e.proto.id for e in app.get("bidi_component") if "-board_" in e.proto.id]
    assert [b.endswith("board_replay") for b in boards] == [False]
    app.segmented_control(key="play_view").set_value("replay").run()
    no_errors(app)
    data = board_data(app, "board_replay")
    assert not targets(data)  # nothing to choose in a replay
