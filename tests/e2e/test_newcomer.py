"""End to end, as a newcomer meets the app: the start page, the guided first round, a hint
asked for and followed, the review of a finished game, battle cards on a phone, the share
link, the page links on a phone, and no error in the browser's console on any page.
Screenshots at 1366×900 and 390×844 go to tests/artifacts/."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from polis.compiler import compile_ruleset
from polis.play.game import GameSession
from polis.play.share import encode_record
from tests.e2e.battle_record import battle_record
from tests.e2e.conftest import Server
from tests.e2e.test_browser import PAGES, WAIT_MS, settle, start_game_against_bot
from tests.e2e.test_play_game import (
    HAND,
    VIEWPORTS,
    _decision_key,
    _one_move,
    _wait_for_rerun,
    to_the_cards,
)

pytestmark = pytest.mark.e2e


def watch_console(page: Any) -> list[str]:
    """Errors the browser logs, and every answer of 400 or more, as they come."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: found.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return found


def in_view(page: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_no_page_logs_an_error_in_the_browser(server: Server, browser: Any) -> None:
    """Opened at its own address, each page asks the server's right address first (before,
    a page at /play asked /play/_stcore/health and host-config: two 404s a visit)."""
    context = browser.new_context(viewport=VIEWPORTS["laptop"])
    page = context.new_page()
    errors = watch_console(page)
    for path in PAGES.values():
        page.goto(f"{server.url}/{path}?lang=en&ruleset=2e")
        page.locator('[data-testid="stSidebar"]').wait_for(timeout=WAIT_MS)
        settle(page)
    assert not errors, errors
    context.close()


def test_the_way_in_and_the_guided_first_round(
    server: Server, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport=VIEWPORTS["laptop"], locale="en-GB")
    page = context.new_page()
    errors = watch_console(page)
    page.goto(server.url)
    page.get_by_role("heading", name="Learn to play").wait_for(timeout=WAIT_MS)
    settle(page)
    page.screenshot(path=artifacts / "start-laptop.png")
    page.get_by_role("button", name="Start the guided game").click()
    page.locator('[data-id="tip"]').wait_for(timeout=WAIT_MS)
    settle(page)
    page.screenshot(path=artifacts / "guided-first-tip-laptop.png")
    # the tip, its rule and the question are on the first screen
    for part in ('[data-id="tip"]', '[data-id="prompt"]'):
        assert in_view(page, page.locator(part)), part
    chooser = random.Random(3)
    tips: list[str] = []
    for _n in range(400):
        tip = page.locator('[data-id="tip"] b')
        if tip.count():
            title = tip.inner_text()
            if not tips or tips[-1] != title:
                tips.append(title)
            if title == "The first round is over":
                break
        key = _decision_key(page)
        assert key != "over", tips
        try:
            _one_move(page, chooser)
        except PlaywrightTimeout:  # the page changed under the click: look again
            settle(page)
            continue
        _wait_for_rerun(page, key)
    page.screenshot(path=artifacts / "guided-round-over-laptop.png")
    assert tips[0] == "Your turn: choose an action" and tips[-1] == "The first round is over"
    assert len(set(tips)) >= 5 and len(set(tips)) == len(tips), tips  # each kind once
    assert "Round Sigma" in page.locator('[data-id="turn-status"]').inner_text()
    assert page.locator('[data-testid="stException"]').count() == 0
    assert not errors, errors
    (artifacts / "guided-tips.json").write_text(json.dumps(tips, indent=1), "utf-8")
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_hint_asked_for_and_followed(
    server: Server, browser: Any, artifacts: Path, viewport: str
) -> None:
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    start_game_against_bot(page, server, seed=7)
    before = page.locator('[data-id="prompt"]').get_attribute("data-step")
    page.get_by_role("button", name="Suggest a move").click()
    hint = page.locator('[data-id="hint"]')
    hint.wait_for(timeout=WAIT_MS)
    settle(page)
    time.sleep(0.8)  # the hint is brought into view smoothly
    text = hint.inner_text()
    assert "Suggested: " in text and "to win" in text
    assert in_view(page, hint)  # on a phone too: the page brings it into view
    page.screenshot(path=artifacts / f"hint-{viewport}.png")
    suggested = text.split("Suggested: ", 1)[1].splitlines()[0].strip()
    # the suggested choice is marked among the choices (an outline of its own)
    marked = page.locator('[class*="st-key-choice_"] button', has_text=suggested).first
    assert marked.evaluate("b => getComputedStyle(b).outlineStyle") == "solid"
    page.get_by_role("button", name="Play the suggestion").click()
    page.wait_for_function(
        "(step) => { const p = document.querySelector('[data-id=\"prompt\"][data-step]');"
        " return p && p.getAttribute('data-step') !== step; }",
        arg=before,
        timeout=WAIT_MS,
    )
    settle(page)
    assert page.locator('[data-id="hint"]').count() == 0  # a new position, a hint of its own
    assert suggested in page.locator('[data-id="what-happened"]').inner_text()
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_review_after_a_finished_game(
    server: Server, browser: Any, artifacts: Path, viewport: str
) -> None:
    game = GameSession.start(compile_ruleset("2e"), 3, ("greedy", "greedy"))
    record = game.record()
    record.meta = {"controllers": ["human", "greedy"]}
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en&ruleset=2e&record={encode_record(record.to_json())}")
    page.locator('[data-id="score"]').wait_for(timeout=WAIT_MS)
    settle(page)
    page.locator('[data-testid="stButtonGroup"] button', has_text="Review").click()
    page.locator('[data-id="slip-0"]').wait_for(timeout=WAIT_MS)
    page.locator('[data-id="slip-0"]', has_text="The bot").wait_for(timeout=WAIT_MS)
    settle(page)
    assert page.locator('[data-testid="stPlotlyChart"]').count() == 1
    told = page.locator('[data-id="slip-0"]').inner_text()
    assert "Turn " in told and "→" in told
    page.screenshot(path=artifacts / f"review-{viewport}.png", full_page=True)
    page.locator('[class*="st-key-slip_replay_0"] button').click()
    shown = page.locator(".pt h4", has_text="Step ")  # the replay's step, told beside the board
    shown.wait_for(timeout=WAIT_MS)
    settle(page)
    step = int(shown.inner_text().split()[-1])
    assert 0 < step < len(game.states) - 1  # a step inside the game, not its end
    page.screenshot(path=artifacts / f"review-replay-{viewport}.png")
    context.close()


def test_the_defenders_hand_is_in_view_on_a_phone(
    server: Server, browser: Any, artifacts: Path
) -> None:
    record = battle_record("2e", ("human", "greedy"))
    size = VIEWPORTS["phone"]
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en&ruleset=2e&record={encode_record(record.to_json())}")
    page.locator('[data-id="player-boards"]').wait_for(timeout=WAIT_MS)
    settle(page)
    to_the_cards(page, random.Random(1), ".polis-cards .pairs")  # the defender's cards
    page.locator(HAND).first.wait_for(timeout=WAIT_MS)
    settle(page)
    time.sleep(1.0)  # the question is brought into view smoothly
    page.screenshot(path=artifacts / "battle-defend-phone.png")
    hand = page.locator(HAND)
    assert in_view(page, hand.first) and in_view(page, hand.last)
    assert in_view(page, page.locator('[data-id="cards-send"]'))
    # each card says what its name means, and the hand says which card it answers
    assert "cavalry" in page.locator(".polis-cards").inner_text()
    context.close()


def test_share_shows_the_link_at_once(server: Server, browser: Any, artifacts: Path) -> None:
    context = browser.new_context(viewport=VIEWPORTS["laptop"])
    page = context.new_page()
    start_game_against_bot(page, server, seed=1)
    started = time.perf_counter()
    page.get_by_role("button", name="Share link").click()
    code = page.locator('[data-testid="stPopoverBody"] [data-testid="stCode"]')
    expect(code).to_contain_text("record=", timeout=WAIT_MS)
    shown = round(time.perf_counter() - started, 3)
    link = code.inner_text().strip()
    assert link.startswith(f"{server.url}/play?") and "lang=en" in link
    page.screenshot(path=artifacts / "share-laptop.png")
    timings = artifacts / "timings.json"
    data = json.loads(timings.read_text("utf-8")) if timings.exists() else {}
    data["share_link_shown_s"] = shown
    timings.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    # the link opens the same game in a new session
    other = browser.new_context(viewport=VIEWPORTS["laptop"]).new_page()
    other.goto(link)
    other.locator('[data-id="prompt"]').wait_for(timeout=WAIT_MS)
    context.close()
    other.context.close()


def test_a_phone_shows_the_page_links_and_the_map_first(
    server: Server, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    start_game_against_bot(page, server, seed=1)
    links = page.locator(".st-key-phone_nav a")
    assert links.count() == len(PAGES)
    header = page.locator('[data-testid="stHeader"]').bounding_box()
    for i in range(links.count()):
        assert in_view(page, links.nth(i)), links.nth(i).inner_text()
        # not under the header bar, which stays on top of the page
        assert links.nth(i).bounding_box()["y"] >= header["y"] + header["height"] - 2
    board = page.locator(".stBidiComponent").filter(has=page.locator(".pb-map")).first
    prompt = page.locator('[data-id="prompt"]')
    assert board.bounding_box()["y"] < prompt.bounding_box()["y"]
    page.screenshot(path=artifacts / "play-phone-first-screen.png")
    context.close()
