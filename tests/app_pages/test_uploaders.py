"""Streamlit's file uploader, worded in the reader's language on every page that has one."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app_pages.conftest import no_errors


@pytest.mark.parametrize(
    ("page", "key", "lang", "button", "limits"),
    [
        ("app_pages/data.py", "overlay_upload", "de", "Datei hochladen", "256 kB pro Datei • YAML"),
        ("app_pages/play.py", "record_upload", "ru", "Загрузить файл", "2 МБ на файл • JSON"),
    ],
)
def test_the_uploaders_speak_the_readers_language(
    app: AppTest, page: str, key: str, lang: str, button: str, limits: str
) -> None:
    app.query_params.update(lang=lang, ruleset="2e")
    app.run()
    app.switch_page(page).run()
    no_errors(app)
    styles = [str(e.proto.body) for e in app.get("html") if f".st-key-{key} " in e.proto.body]
    assert len(styles) == 1
    assert f'content: "{button}"' in styles[0] and f'content: "{limits}"' in styles[0]
