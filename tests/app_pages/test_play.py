from __future__ import annotations

from html import escape as html_escape
from typing import TYPE_CHECKING, Any

import pytest

from polis.app import table_html as html
from polis.bots import LEVELS, Budget
from polis.compiler import compile_ruleset
from polis.engine.record import Record
from polis.engine.state_json import apply_overrides
from polis.i18n import translator
from polis.i18n.names import Names
from polis.narrate import Narrator
from polis.play.desk import Desk, Reveal
from polis.play.game import GameSession
from polis.play.share import encode_record
from tests.app.scenes import BATTLE, hotseat, starving
from tests.app_pages.conftest import no_errors

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


def start(app: AppTest, athens: str = "human", sparta: str = "greedy") -> AppTest:
    app.run()
    app.switch_page("app_pages/play.py").run()
    app.selectbox(key="athens_controller").set_value(athens)
    app.selectbox(key="sparta_controller").set_value(sparta)
    next(b for b in app.button if b.label == "Start").click().run()
    no_errors(app)
    return app


def with_game(app: AppTest, game: GameSession) -> AppTest:
    """Open the Play page on a game set up by the test."""
    app.run()
    app.switch_page("app_pages/play.py")
    app.session_state["desk"] = Desk(game)
    app.run()
    no_errors(app)
    return app


def choices(app: AppTest) -> list:  # type: ignore[type-arg]
    return [b for b in app.button if b.key and b.key.startswith("choice_")]


def block_with(app: AppTest, needle: str) -> str:
    """The HTML of the first st.html element holding `needle`."""
    for element in app.get("html"):
        if needle in element.proto.body:
            return str(element.proto.body)
    return ""


def block(app: AppTest, data_id: str) -> str:
    """The HTML of the table block with this data-id ("" if it is not drawn)."""
    for element in app.get("html"):
        body = element.proto.body
        if f'data-id="{data_id}"' in body:
            return str(body)
    return ""


def elements(app: AppTest, kind: str) -> list[Any]:
    found: list[Any] = []

    def walk(node: Any) -> None:
        if getattr(node, "type", "") == kind:
            found.append(node)
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)

    walk(app.main)
    return found


def test_choices_drive_the_engine(app: AppTest) -> None:
    start(app)
    game = app.session_state["desk"].game
    before = len(game.steps)
    choices(app)[0].click().run()
    no_errors(app)
    assert len(app.session_state["desk"].game.steps) > before
    for _ in range(6):  # a few more decisions, whatever they are
        options = choices(app)
        if not options:
            break
        options[0].click().run()
        no_errors(app)


def test_the_table_is_always_in_view(app: AppTest) -> None:
    start(app)
    cfg = compile_ruleset("2e").config
    boards = block(app, "player-boards")
    for name in cfg.good_names:  # every good, none cut off
        assert f"<td>{name}" in boards, name
    assert "Score now" in boards and "Cubes in supply" in boards
    # perishable goods carry their own mark ("≈" means an estimate everywhere else)
    perishable = [g for g, p in zip(cfg.good_names, cfg.perishable, strict=True) if p]
    for name in perishable:
        assert f'<td>{name} <span class="perishable"' in boards, name
    assert "≈" not in boards and boards.count('class="perishable"') == len(perishable)
    status = block(app, "turn-status")
    assert "Round Alpha (1 of 3) · stacking limit 3" in status
    assert block(app, "event-card") and block(app, "market") and block(app, "projects")
    assert "Alpha (limit 3)" in block(app, "round-track")
    # the bot opened the round: what it did is on the Game view
    assert "Sparta" in block(app, "what-happened")
    # and, for a phone, in the glance above the map, with each side's score and goods
    glance = block(app, "glance")
    assert "Score now" in glance and all(f"<th>{name}</th>" in glance for name in cfg.good_names)
    assert '<div class="last">Sparta: ' in glance


def columns_of_main(app: AppTest) -> list[list[str]]:
    """The keyed parts in each column of the game view, in drawing order."""
    main = next(b for b in elements(app, "flex_container") if b.proto.id.endswith("-play_main"))
    columns = [
        c for block in main.children.values() for c in block.children.values() if c.type == "column"
    ]
    return [
        [part.proto.id.rsplit("-", 1)[-1] for part in column.children.values()]
        for column in columns
    ]


def test_the_page_is_laid_out_for_a_laptop_and_a_phone(app: AppTest) -> None:
    start(app)
    # a laptop: the board and the table under it | the turn, the news, the boards, the choices
    # (and the phone's glance, which a laptop hides)
    assert columns_of_main(app) == [
        ["play_board", "play_table"],
        ["play_status", "play_glance", "play_recent", "play_boards", "play_choices"],
    ]
    # a phone dissolves the columns and puts every part in the order a player needs it:
    # the map first, then the question and its choices, then the news and the boards
    style = block_with(app, "st-key-play_main")
    for i, key in enumerate(html.PHONE_ORDER):
        assert f":has(> .st-key-{key}) {{ order: {i}; }}" in style
    order = html.PHONE_ORDER.index
    assert order("play_status") < order("play_glance") < order("play_board")
    assert (
        "@media (min-width: 641px)" in style
        and ":has(> .st-key-play_glance) { display: none; }" in style
    )
    assert order("play_board") < order("play_choices") < order("play_recent")
    assert order("play_choices") < order("play_boards")


def test_in_a_battle_the_cards_fill_the_right_column_and_the_boards_go_under_the_board(
    app: AppTest,
) -> None:
    game = hotseat(**BATTLE)
    app.run()
    app.switch_page("app_pages/play.py")
    desk = app.session_state["desk"] = Desk(game)
    desk.click(Reveal())
    app.run()
    no_errors(app)
    left, right = columns_of_main(app)
    assert right == ["play_status", "play_glance", "play_recent", "play_choices"]
    assert left == ["play_board", "play_boards", "play_table"]


def test_alone_after_a_pass_each_action_is_a_turn(app: AppTest) -> None:
    game = hotseat()
    apply_overrides(game.states[-1], {"passed": [game.state.cfg.sides[1 - game.state.player]]})
    with_game(app, game)
    status = block(app, "turn-status")
    assert "one action at a time" in status and "action 1 of 2" not in status
    # every action's button says the surcharge comes first
    acts = [b.label for b in choices(app) if not b.label.startswith(("Pass", "⚠ Pass"))]
    assert acts and all("first 1 good of your choice" in label for label in acts), acts


def test_actions_show_their_cost(app: AppTest) -> None:
    start(app, "human", "human")
    labels = [b.label for b in choices(app)]
    assert any("Move Hoplites — 1 prestige" in label for label in labels), labels
    assert any("per piece" in label for label in labels), labels


def test_a_running_game_keeps_its_ruleset(app: AppTest) -> None:
    start(app)
    app.selectbox(key="ruleset").set_value("1e").run()  # the sidebar: for the next game
    no_errors(app)
    boards = block(app, "player-boards")
    assert "<td>Iron" in boards and "Oil" not in boards  # 2e's goods, not 1e's


def test_a_losing_choice_asks_first_and_says_why(app: AppTest) -> None:
    game = hotseat()
    apply_overrides(game.states[-1], starving(game.state))
    with_game(app, game)
    passing = next(b for b in choices(app) if b.label.startswith("⚠ Pass"))
    passing.click().run()
    no_errors(app)
    assert len(game.steps) == 0  # nothing played yet
    assert any("lose at once" in e.value for e in app.error)
    next(b for b in app.button if b.key and b.key.startswith("confirm_no")).click().run()
    assert not app.error and len(game.steps) == 0
    next(b for b in choices(app) if b.label.startswith("⚠ Pass")).click().run()
    next(b for b in app.button if b.key and b.key.startswith("confirm_yes")).click().run()
    no_errors(app)
    assert game.state.finished
    assert any("loses the game" in e.value for e in app.error)
    assert "information" in " ".join(str(h.proto.body) for h in app.get("html"))
    assert block(app, "score")
    # when and with what numbers: the capital's need against the wheat and prestige held
    assert any("End of round Alpha" in e.value and "needed" in e.value for e in app.error)


def test_battles_are_played_with_cards(app: AppTest) -> None:
    game = hotseat(**BATTLE)
    app.run()
    app.switch_page("app_pages/play.py")
    desk = app.session_state["desk"] = Desk(game)
    desk.click(Reveal())  # the attacker holds the device
    app.run()
    no_errors(app)
    assert "Land battle in Boiotia" in block(app, "battle")
    cards = [e for e in elements(app, "bidi_component") if e.key.startswith("cards_")]
    assert len(cards) == 1
    attack = next(a for a in game.legal() if a[0] == "attack")
    key = f"cards_{game.version}"
    app.session_state[key] = {
        "pick": {"token": str(game.version), "kind": "attack", "types": [attack[2], attack[1]]}
    }
    steps = len(game.steps)
    app.run()
    no_errors(app)
    assert len(game.steps) == steps + 1 and game.steps[-1].action[0] == "attack"
    assert game.state.phase == "defend"
    assert tuple(game.state.battle.played) == attack[1:]  # type: ignore[union-attr]


def test_a_finished_battle_is_told_whole_with_its_summary(app: AppTest) -> None:
    game = hotseat(**BATTLE)
    while game.state.battle is not None and not game.state.finished:
        options = game.legal()
        assert game.play(next((a for a in options if a[0] == "fight"), options[0])) is None
    with_game(app, game)
    news = block(app, "what-happened")
    assert "Land battle in Boiotia" in news and "The battle is over" in news
    assert "lost" in news and "shows" in news  # the totals and each assault
    assert not block(app, "battle")  # the battle block is for a battle under way


def test_bot_game_reaches_the_score_screen_and_replays(app: AppTest) -> None:
    start(app, "random", "greedy")
    game = app.session_state["desk"].game
    assert game.state.finished
    assert app.success or app.error  # the headline, a win on points or a loss by a rule
    assert block(app, "score")
    app.segmented_control(key="play_view").set_value("replay").run()
    no_errors(app)
    slider = app.slider(key="replay_step")
    slider.set_value(1).run()
    no_errors(app)
    assert not block(app, "player-boards")  # only the chosen view is drawn


def test_the_log_view_draws_only_the_log(app: AppTest) -> None:
    start(app)
    app.segmented_control(key="play_view").set_value("log").run()
    no_errors(app)
    assert block(app, "log") and not block(app, "player-boards")
    assert not app.get("plotly_chart")


def test_the_log_tells_each_step_in_the_order_it_happened(app: AppTest) -> None:
    """Newest step first, but inside a step the cause before its effect (the siege, then
    the polis taken)."""
    me = "athens"
    game = hotseat(
        phase="turn",
        clear_units=True,
        units={me: {"boiotia": 3}},
        poleis={"thebai": {"siege_discs": {me: 5}}},  # the siege cannot fail
        sides={me: {"prestige": 5}},
    )
    game.states[-1].player = game.states[-1].cfg.sides.index(me)
    assert game.play(("act", "besiege")) is None
    thebai = next(p for p, pol in enumerate(game.state.cfg.poleis) if pol.id == "thebai")
    assert game.play(("polis", thebai)) is None
    keys = [k for k, _p in game.state.log]
    assert keys.index("siege") < keys.index("polis_taken")
    told = Narrator(Names(game.state.cfg, translator("en")), "en").log(game.state)
    assert len(told) >= 2
    with_game(app, game)
    app.segmented_control(key="play_view").set_value("log").run()
    no_errors(app)
    text = block(app, "log")
    where = [text.index(f"<li>{html_escape(line)}</li>") for line in told]
    assert where == sorted(where)


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
    steps = len(app.session_state["desk"].game.steps)
    choices(app)[0].click().run()
    undo = next(b for b in app.button if b.key == "undo_button")
    assert not undo.disabled
    undo.click().run()
    assert len(app.session_state["desk"].game.steps) == steps
    assert app.get("download_button")


def test_a_shared_link_loads_the_game(app: AppTest) -> None:
    compiled = compile_ruleset("2e")
    record = Record(
        "2e", compiled.content_hash, 5, [["pass"]], meta={"controllers": ["human", "human"]}
    )
    app.query_params["record"] = encode_record(record.to_json())
    app.run()
    app.switch_page("app_pages/play.py").run()
    no_errors(app)
    game = app.session_state["desk"].game
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
    assert app.session_state["desk"] is None
    assert any("rules this app does not have" in e.value for e in app.error)


def test_a_stale_click_is_refused_not_played(app: AppTest) -> None:
    game = hotseat()
    with_game(app, game)
    stale = next(b for b in choices(app) if "Pass" in b.label)  # drawn for this decision
    assert game.play(("act", "create_hoplites")) is None  # ... settled meanwhile elsewhere
    steps = len(game.steps)
    stale.click().run()
    no_errors(app)
    assert len(game.steps) == steps and game.state.phase == "create_polis"
    assert any(w.value.startswith("Not allowed") for w in app.warning)


def test_the_new_game_form_says_how_many_event_cards_are_known(app: AppTest) -> None:
    app.run()
    app.switch_page("app_pages/play.py").run()
    no_errors(app)
    notes = [t.value for t in app.text if "Event cards whose text is known" in t.value]
    assert notes and ": 1 of 8" in notes[0], [t.value for t in app.text]


def test_playing_the_search_bot(app: AppTest, monkeypatch: pytest.MonkeyPatch) -> None:
    # a small budget: the page must run the bot after the move and show the game again
    monkeypatch.setitem(LEVELS, "normal", Budget(iterations=30, seconds=60.0, rollout_plies=0))
    start(app, "human", "mcts:normal")
    game = app.session_state["desk"].game
    assert game.awaiting_human and game.steps and all(s.by_bot for s in game.steps)
    before = len(game.steps)
    choices(app)[-1].click().run()  # whatever the last choice is (often: pass)
    no_errors(app)
    game = app.session_state["desk"].game
    assert len(game.steps) > before and not game.awaiting_bot


def test_while_the_bot_thinks_its_progress_stands_where_the_choices_were(
    app: AppTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = GameSession.start(compile_ruleset("2e"), 1, ("human", "greedy"))
    game.play(("pass",), answer=False)  # the bot's turn, not answered yet
    assert game.awaiting_bot
    # the bot has not answered yet: the page as it stands meanwhile
    monkeypatch.setattr(Desk, "think", lambda *_a, **_k: None)
    with_game(app, game)
    bars = app.get("progress")
    assert len(bars) == 1 and bars[0].proto.text == "Sparta: the bot is thinking…"
    assert not choices(app) and not [b for b in app.button if b.key == "bots_button"]
    assert block_with(app, 'st-key-play_choices [data-stale="true"]')  # last run's choices hidden


def test_the_search_bot_answers_from_the_servers_pool(
    app: AppTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POLIS_SEARCH_WORKERS", "1")
    start(app, "human", "mcts:quick")
    desk = app.session_state["desk"]
    assert desk.pool is not None  # the session's searches go to worker processes
    game = desk.game
    assert game.steps and all(s.by_bot for s in game.steps) and game.awaiting_human
    assert choices(app)  # Athens' choices, drawn after the search
