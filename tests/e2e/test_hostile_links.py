"""Issue 13 end to end: hostile `/play?record=` links against the real server.

Before the fix, the first link below (308 characters) killed the Streamlit
server for every user: PyYAML's C composer overflowed the C stack on the
overlay it carries. Each link must now be refused on the page, in words, and
the server must go on answering; names from a linked overlay must show as text
and never make the browser fetch anything.
"""

from __future__ import annotations

import base64
import json
import urllib.request
import zlib
from typing import Any

import pytest

from polis.play.share import encode_record
from tests.e2e.conftest import Server
from tests.e2e.test_browser import VIEWPORT, WAIT_MS, settle
from tests.fuzz.corpus import OUT, record_bytes

pytestmark = pytest.mark.e2e

HOSTILE = [
    "overlay-nested-30000.json",
    "json-nested-20000.json",
    "seed-5000-digits.json",
    "meta-controllers-a-number.json",
    "phase-attack-without-its-move.json",
    "player-null.json",
    "battle-without-hands.json",
]
BAIT_HOST = "127.0.0.1:9"  # the markdown corpus overlay points its image and links here


def token(name: str) -> str:
    """The link's token for a corpus record, packed as the Share button packs (from the bytes:
    some of these cannot even be parsed)."""
    raw = record_bytes(OUT / "records" / name)
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii")


def healthy(server: Server) -> bool:
    with urllib.request.urlopen(f"{server.url}/_stcore/health", timeout=10) as reply:
        return bool(reply.status == 200)


def test_the_deep_overlay_link_is_short() -> None:
    """The attack fits in a chat message: this is what a visitor would be sent."""
    assert len(token("overlay-nested-30000.json")) < 400


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_link_is_refused_and_the_server_stays_up(
    server: Server, browser: Any, name: str
) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en&ruleset=2e&record={token(name)}")
    page.get_by_role("heading", name="New game").wait_for(timeout=WAIT_MS)
    settle(page)
    alert = page.locator('[data-testid="stAlertContentError"]')
    alert.first.wait_for(timeout=WAIT_MS)
    assert "could not be loaded" in alert.first.inner_text()
    assert "Traceback" not in page.content()
    context.close()
    assert healthy(server)
    # and a new visitor still gets a working page
    fresh = browser.new_context(viewport=VIEWPORT)
    again = fresh.new_page()
    again.goto(f"{server.url}/play?lang=en&ruleset=2e")
    again.get_by_role("heading", name="New game").wait_for(timeout=WAIT_MS)
    fresh.close()


def test_names_from_a_linked_overlay_are_text_and_fetch_nothing(
    server: Server, browser: Any
) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    data = json.loads(record_bytes(OUT / "records" / "markdown-overlay.ok.json"))
    data["meta"] = {"controllers": ["human", "human"]}
    page.goto(f"{server.url}/play?lang=en&record={encode_record(data)}")
    page.get_by_role("button", name="Undo").wait_for(timeout=WAIT_MS)
    settle(page)
    text = page.locator("body").inner_text()
    # the round label, exactly as written: no image, no bold, no colour, no formula
    assert "![x](http://127.0.0.1:9/track.png) **bold** :red[red] $x$ <b>b</b>" in text
    assert page.locator(f'img[src*="{BAIT_HOST}"]').count() == 0
    assert page.locator('a[href^="javascript"]').count() == 0
    assert not [url for url in fetched if BAIT_HOST in url]
    context.close()
    assert healthy(server)


def upload_on_the_data_page(server: Server, context: Any, overlay: str) -> Any:
    """The Data page with a corpus overlay uploaded through its file picker."""
    page = context.new_page()
    page.goto(f"{server.url}/data?lang=en")
    page.get_by_role("heading", name="Try a house rule").wait_for(timeout=WAIT_MS)
    settle(page)
    page.locator(".pf-input").set_input_files(str(OUT / "overlays" / overlay))
    return page


def test_uploading_the_deep_overlay_on_the_data_page(server: Server, browser: Any) -> None:
    """The same 60 KB file crashed the server through the Data page's upload."""
    context = browser.new_context(viewport=VIEWPORT)
    page = upload_on_the_data_page(server, context, "value-deep-nesting.yaml")
    alert = page.locator('[data-testid="stAlertContentError"]')
    alert.first.wait_for(timeout=WAIT_MS)
    assert "The overlay has 1 problem" in alert.first.inner_text()
    assert "nested more than 32 levels deep" in page.locator("code").first.inner_text()
    context.close()
    assert healthy(server)


# ------------------------------------------------------------------ issue 32: bare links

BAIT_LINKS = 'a[href*="127.0.0.1:9"], a[href*="bait.example"], a[href^="mailto:"]'


def test_a_bare_link_in_a_refusal_is_text(server: Server, browser: Any) -> None:
    """The record's ruleset name `http://...` was a clickable link in the Play page's error."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en&ruleset=2e&record={token('ruleset-a-bare-link.json')}")
    alert = page.locator('[data-testid="stAlertContentError"]')
    alert.first.wait_for(timeout=WAIT_MS)
    settle(page)
    said = alert.first.inner_text().replace("\u2060", "")
    assert "http://127.0.0.1:9/u" in said and "me@bait.example" in said
    assert alert.first.locator("a").count() == 0
    assert page.locator(BAIT_LINKS).count() == 0
    context.close()


def test_bare_links_in_an_uploaded_overlay_are_text(server: Server, browser: Any) -> None:
    """The Data page's "… is valid." box linked the URL in the overlay's title."""
    context = browser.new_context(viewport=VIEWPORT)
    page = upload_on_the_data_page(server, context, "bare-links-in-names.ok.yaml")
    success = page.locator('[data-testid="stAlertContentSuccess"]')
    success.first.wait_for(timeout=WAIT_MS)
    settle(page)
    assert "bait.example" in success.first.inner_text()
    assert success.first.locator("a").count() == 0
    page.get_by_role("button", name="Use this ruleset").click()
    settle(page)
    assert page.locator(BAIT_LINKS).count() == 0
    context.close()


def test_bare_links_in_a_linked_game_are_text(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    data = json.loads(record_bytes(OUT / "records" / "bare-links-overlay.ok.json"))
    data["meta"] = {"controllers": ["human", "human"]}
    page.goto(f"{server.url}/play?lang=en&record={encode_record(data)}")
    page.get_by_role("button", name="Undo").wait_for(timeout=WAIT_MS)
    settle(page)
    assert "bait.example" in page.locator("body").inner_text()
    assert page.locator(BAIT_LINKS).count() == 0
    context.close()
