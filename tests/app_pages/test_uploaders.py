"""The file pickers of the Data and Play pages: worded in the reader's language, and fed files.

AppTest cannot pick a file in a custom component, so `pick` sends what the
browser sends: the component's state {"file": {name, size, data}}.
"""

from __future__ import annotations

import base64
import json
from typing import TYPE_CHECKING, Any

import pytest

from polis.app.data_view import example_overlay
from polis.compiler import compile_ruleset
from polis.play.game import GameSession
from tests.app_pages.conftest import no_errors

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


def picker(app: AppTest, key: str) -> Any:
    found = [e for e in app.get("bidi_component") if e.proto.id.endswith(f"-{key}")]
    assert len(found) == 1, [e.proto.id for e in app.get("bidi_component")]
    return found[0]


def picker_data(app: AppTest, key: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(picker(app, key).proto.json)
    return data


def pick(app: AppTest, key: str, file: dict[str, Any] | None) -> AppTest:
    from streamlit.proto.WidgetStates_pb2 import WidgetStates

    states = WidgetStates()
    states.CopyFrom(app._tree.get_widget_states())
    state = states.widgets.add()
    state.id = picker(app, key).proto.id
    state.json_value = json.dumps({"file": file})
    app._run(states)
    no_errors(app)
    return app


def file(name: str, content: bytes) -> dict[str, Any]:
    return {"name": name, "size": len(content), "data": base64.b64encode(content).decode()}


def open_page(app: AppTest, page: str, lang: str) -> AppTest:
    app.query_params.update(lang=lang, ruleset="2e")
    app.run()
    app.switch_page(page).run()
    no_errors(app)
    return app


@pytest.mark.parametrize(
    ("page", "key", "lang", "words"),
    [
        (
            "app_pages/data.py",
            "overlay_upload",
            "de",
            {
                "label": "Overlay-Datei",
                "hint": "Zieh eine Datei hierher",
                "button": "Datei hochladen",
                "limits": "256 kB pro Datei • YAML",
            },
        ),
        (
            "app_pages/play.py",
            "record_upload",
            "ru",
            {
                "hint": "Перетащите файл сюда",
                "button": "Загрузить файл",
                "limits": "2 МБ на файл • JSON",
            },
        ),
    ],
)
def test_the_pickers_speak_the_readers_language(
    app: AppTest, page: str, key: str, lang: str, words: dict[str, str]
) -> None:
    data = picker_data(open_page(app, page, lang), key)
    assert words.items() <= data["words"].items()
    assert data["held"] is None


def test_a_held_file_shows_its_size_in_the_readers_units(app: AppTest) -> None:
    open_page(app, "app_pages/data.py", "de")
    pick(app, "overlay_upload", file("house.yaml", b"# " + b"x" * 1230 + b"\n"))
    held = picker_data(app, "overlay_upload")["held"]
    assert held == {"name": "house.yaml", "size": "1,2 kB", "remove": "house.yaml entfernen"}
    pick(app, "overlay_upload", None)
    assert picker_data(app, "overlay_upload")["held"] is None


def test_an_overlay_picked_on_the_data_page_is_checked_and_can_be_used(app: AppTest) -> None:
    open_page(app, "app_pages/data.py", "en")
    pick(app, "overlay_upload", file("bigger-armies.yaml", example_overlay().encode()))
    assert [s.value for s in app.success] == ["Bigger armies is valid."]
    app.button(key="use_overlay").click().run()
    no_errors(app)
    assert list(app.session_state["overlays"]) == ["upload:bigger-armies"]
    assert app.session_state["ruleset"] == "upload:bigger-armies"
    # the address no longer names the ruleset the page left (an upload has no link)
    assert "ruleset" not in app.query_params
    app.selectbox(key="ruleset").set_value("1e").run()
    assert app.query_params["ruleset"] == "1e"


def test_a_broken_overlay_changes_nothing(app: AppTest) -> None:
    open_page(app, "app_pages/data.py", "en")
    pick(app, "overlay_upload", file("house.yaml", b"id: [\n"))
    assert app.error and "nothing was changed" in app.error[0].value
    assert not app.success and not app.session_state["overlays"]
    # every line of the report whole: a long one wraps instead of running off the box
    assert app.code and app.code[0].proto.wrap_lines


def test_an_overlay_too_large_is_refused_by_its_size(app: AppTest) -> None:
    open_page(app, "app_pages/data.py", "en")
    pick(app, "overlay_upload", {"name": "big.yaml", "size": 300_000, "data": None})
    assert [e.value for e in app.error] == [
        "The file is 300,000 bytes; overlays may be at most 262,144 bytes."
    ]


def test_a_record_that_is_not_one_gets_a_message_in_the_readers_language(app: AppTest) -> None:
    open_page(app, "app_pages/play.py", "en")
    pick(app, "record_upload", file("game.json", b"{not json"))
    assert app.error and app.error[0].value.startswith("This record cannot be loaded:")
    assert app.session_state["desk"] is None


def test_a_saved_game_picked_on_the_play_page_is_loaded(app: AppTest) -> None:
    saved = GameSession.start(compile_ruleset("2e"), 5, ("human", "human"), answer=False)
    saved.play(saved.legal()[0], answer=False)
    raw = json.dumps(saved.record().to_json()).encode()
    open_page(app, "app_pages/play.py", "en")
    pick(app, "record_upload", file("polis-2e-5.json", raw))
    game: GameSession = app.session_state["desk"].game
    assert (game.seed, len(game.steps)) == (5, 1)
    assert [s.action for s in game.steps] == [s.action for s in saved.steps]
