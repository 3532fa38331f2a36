"""Play with a friend under AppTest: the invitation, each seat's view, moves passing between
sessions, the game moving on, and bad links, on a SQLite file (tests/store runs both)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest

from polis.app import friends
from polis.compiler import compile_ruleset
from polis.engine import Record, card_id
from polis.markup import unescape
from polis.play.desk import Choose
from polis.play.remote import invite, join
from polis.store import GameStore, Invite
from tests.app_pages.conftest import new_app, no_errors
from tests.app_pages.test_play import block, choices

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameStore]:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    monkeypatch.setenv("POLIS_DATABASE_URL", url)
    opened = GameStore(url)
    yield opened
    opened.close()


@pytest.fixture
def game(store: GameStore) -> Invite:
    return invite(store, compile_ruleset("2e"), None)


def page() -> AppTest:
    return new_app()


def seat(app: AppTest, token: str, lang: str = "en") -> AppTest:
    app.query_params["seat"] = token
    app.query_params["lang"] = lang
    app.run()
    app.switch_page("app_pages/play.py").run()
    no_errors(app)
    return app


def everything(app: AppTest) -> str:
    """All the text and HTML the page sent to the browser."""
    parts = [str(e.proto) for e in (*app.get("html"), *app.get("bidi_component"))]
    parts += [str(e.value) for e in (*app.markdown, *app.caption, *app.info, *app.success)]
    parts += [b.label for b in app.button] + [str(t.value) for t in app.text]
    return "\n".join(parts)


def test_each_seat_sees_whose_turn_it_is_and_moves_pass_between_sessions(
    game: Invite, store: GameStore
) -> None:
    athens = seat(page(), game.tokens[0])
    sparta = seat(page(), game.tokens[1])
    assert any("Waiting for Sparta" in i.value for i in athens.info) and not choices(athens)
    assert any("Your turn (Sparta)" in unescape(s.value) for s in sparta.success)
    assert choices(sparta)
    # a game with a friend never shows its seed, nor offers its record before the end
    for view in (athens, sparta):
        assert "seed" not in block(view, "turn-status").lower()
        assert not [b for b in view.button if b.key == "share_button"]
        assert not view.get("download_button")
    safe = next(b for b in choices(sparta) if not b.label.startswith("⚠"))
    safe.click().run()
    no_errors(sparta)
    assert store.version(game.game_id) == 1
    athens.run()  # the page's next look at the store (its fragment does this every second)
    no_errors(athens)
    assert (
        athens.session_state["desk"].game.steps[0].action
        == store.load(game.game_id).record.actions[0]
    )


def test_a_click_after_the_other_session_moved_is_told_the_game_moved_on(
    game: Invite, store: GameStore
) -> None:
    first = seat(page(), game.tokens[1])
    second = seat(page(), game.tokens[1])
    next(b for b in choices(first) if not b.label.startswith("⚠")).click().run()
    next(b for b in choices(second) if not b.label.startswith("⚠")).click().run()
    no_errors(second)
    assert store.version(game.game_id) == 1  # one move, never two
    assert any("moved on" in w.value for w in second.warning)


def test_a_watcher_sees_no_choices_and_no_hand(game: Invite) -> None:
    watcher = seat(page(), game.watch)
    assert not choices(watcher)
    assert any("You are watching" in i.value for i in watcher.info)


@pytest.mark.parametrize("token", ["x" * 24, "not a token", ""])
def test_a_wrong_token_is_refused_in_words(game: Invite, token: str) -> None:
    app = seat(page(), token or "-" * 24, lang="de")
    assert app.session_state["desk"] is None
    (error,) = app.error
    assert "Partie" in unescape(error.value) or "Spiel" in unescape(error.value)


def test_a_deleted_game_is_refused_in_words(game: Invite, store: GameStore) -> None:
    store.delete(game.game_id)
    app = seat(page(), game.tokens[0])
    assert app.session_state["desk"] is None and app.error


def test_the_new_game_form_invites_a_friend(store: GameStore) -> None:
    app = page()
    app.run()
    app.switch_page("app_pages/play.py").run()
    app.radio(key="friend_side").set_value(1)
    next(b for b in app.button if b.label == "Create the game").click().run()
    no_errors(app)
    (listed,) = store.games()
    assert app.session_state["desk"].seats == frozenset({1})
    links = [e for e in app.get("bidi_component") if e.key.startswith("copy_")]
    assert len(links) == 3  # the friend's seat, this player's own, and a watcher's
    assert app.query_params["seat"]
    assert listed.moves == 0


ATHENS_HAND = [
    "land:phalanx/othismos",
    "land:phalanx/advance",
    "land:cavalry/advance",
    "land:phalanx/advance",
]
SPARTA_HAND = [
    "land:cavalry/hold",
    "land:archers/shoot",
    "land:peltasts/hold",
    "land:archers/shoot",
]
BATTLE = {  # a battle in Boiotia that Athens opens, the hands set (a record's start)
    "round": "omega",  # its stacking limit holds four units a side
    "units": {"athens": {"boiotia": 4}, "sparta": {"boiotia": 4}},
    "battle": {
        "area": "boiotia",
        "attacker": "athens",
        "hands": {"athens": ATHENS_HAND, "sparta": SPARTA_HAND},
    },
}


def hand_types(hand: list[str]) -> set[int]:
    cfg = compile_ruleset("2e").config
    ids = [card_id(cfg, "land", c) for c in cfg.land_cards]
    return {ids.index(card) for card in hand}


def test_each_seat_receives_its_own_hand_only(store: GameStore) -> None:
    compiled = compile_ruleset("2e")
    record = Record("2e", compiled.content_hash, 4, [], start=BATTLE)
    made = store.create(record)
    athens = seat(page(), made.tokens[0])
    sparta = seat(page(), made.tokens[1])
    mine, theirs = hand_types(ATHENS_HAND), hand_types(SPARTA_HAND)
    sent_to_athens, sent_to_sparta = everything(athens), everything(sparta)
    for kind in mine:
        assert f"card-{kind}-0" in sent_to_athens  # the attacker's own hand, to choose from
        assert f"card-{kind}-" not in sent_to_sparta
    for kind in theirs:
        assert f"card-{kind}-" not in sent_to_athens
    # the attack is shown; now the defender chooses, and still sees only its own hand
    attack = next(a for a in athens.session_state["desk"].game.legal() if a[0] == "attack")
    key = f"cards_{athens.session_state['desk'].game.version}"
    athens.session_state[key] = {
        "pick": {"token": key.split("_")[1], "kind": "attack", "types": list(attack[1:])}
    }
    athens.run()
    no_errors(athens)
    sparta.run()
    no_errors(sparta)
    sent_to_sparta = everything(sparta)
    assert sparta.session_state["desk"].view().options  # Sparta answers now
    left = mine - set(attack[1:])
    for kind in left:  # the attacker's card still in hand
        assert f"card-{kind}-" not in sent_to_sparta
    for kind in theirs:
        assert f"card-{kind}-0" in sent_to_sparta


def test_the_invitations_links_name_the_games_ruleset(store: GameStore) -> None:
    app = page()
    app.query_params["ruleset"] = "1e-corinthian-war"
    app.run()
    app.switch_page("app_pages/play.py").run()
    next(b for b in app.button if b.label == "Create the game").click().run()
    no_errors(app)
    links = [
        json.loads(e.proto.json)["link"]
        for e in app.get("bidi_component")
        if e.key.startswith("copy_")
    ]
    assert len(links) == 3
    assert all("ruleset=1e-corinthian-war" in link for link in links)
    # the friend's browser opens its seat with the sidebar naming the game's rules
    friend = page()
    for key, values in parse_qs(urlsplit(links[0]).query).items():
        friend.query_params[key] = values[0]
    friend.run()
    friend.switch_page("app_pages/play.py").run()
    no_errors(friend)
    assert friend.session_state["ruleset"] == "1e-corinthian-war"
    assert friend.session_state["desk"].game.compiled.config.id == "1e-corinthian-war"


def test_a_page_is_redrawn_until_it_shows_every_move_its_desk_holds(
    game: Invite, store: GameStore
) -> None:
    """The poll asks for a redraw as long as the page shows fewer moves than its desk: a
    redraw it asked for and lost (a busy server) is asked for again at the next poll."""
    shipped = compile_ruleset("2e").config.id.__eq__
    athens = join(store, game.tokens[0], shipped).desk
    sparta = join(store, game.tokens[1], shipped).desk
    assert not friends.behind(athens, 0)  # nothing has moved
    sparta.click(Choose(next(c.action for c in sparta.consequences() if c.danger is None)))
    assert friends.behind(athens, 0)  # the store moved: the desk brings the move in
    assert len(athens.game.steps) == 1
    assert friends.behind(athens, 0)  # the redraw was lost: it is asked for again
    assert not friends.behind(athens, 1)  # drawn: nothing more to do
    # whoever's turn it is now, a page left at the old position is redrawn
    while sparta.deciding():  # Sparta plays on until the turn passes
        sparta.click(Choose(next(c.action for c in sparta.consequences() if c.danger is None)))
    athens.sync()
    assert athens.deciding() and friends.behind(athens, 1)
    assert not friends.behind(athens, len(athens.game.steps))
