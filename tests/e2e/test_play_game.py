"""End to end: a whole game of 2e against the bot, and a battle played with cards, in headless
Chromium at a laptop's and a phone's size, clicking board elements (`data-id`) and buttons
only. Screenshots of the board, a battle and the game over screen go to tests/artifacts/.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from polis.play.share import encode_record
from tests.e2e.battle_record import battle_record
from tests.e2e.conftest import Server
from tests.e2e.test_browser import WAIT_MS, settle

pytestmark = pytest.mark.e2e

VIEWPORTS = {"laptop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
MAX_CLICKS = 900
CLICK_MS = 5_000  # a click that cannot land this long is on a button a rerun replaced
# the board marks what may be clicked now; each element's data-id names the area, polis,
# market slot or port it stands for
BOARD_TARGETS = ".pb-el.pb-target[data-id]"
HAND = ".polis-cards .hand button.card"


def _click(target: Any) -> None:
    """Click, or raise PlaywrightTimeout soon: the caller settles and looks at the page again."""
    target.click(timeout=CLICK_MS)


def _fight_on(page: Any) -> str | None:
    """Click "Fight on" if it is offered: "clicked", "redrawn" (look again), or None."""
    fight = page.get_by_role("button", name="Fight on")
    if not fight.count():
        return None
    try:
        _click(fight.first)
    except PlaywrightTimeout:  # a rerun under load redrew the button under the click
        settle(page)
        return "redrawn"
    return "clicked"


def _wait_for_rerun(page: Any, before: str) -> None:
    """Wait until the page shows a later decision than `before` (or the game is over)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        settle(page)
        if _decision_key(page) != before:
            time.sleep(0.3)
            settle(page)
            return
        time.sleep(0.2)
    raise AssertionError(f"the page stayed at {before}")


DECISION_JS = """() => {
  const prompt = document.querySelector('[data-id="prompt"][data-step]');
  const keys = Array.from(document.querySelectorAll('[class*="st-key-"]'))
    .flatMap((e) => Array.from(e.classList))
    .filter((c) => /^st-key-(choice_|confirm_|reveal|cards_|board_pick_)/.test(c));
  return [prompt ? prompt.getAttribute("data-step") : "", ...new Set(keys)].join(" ");
}"""


LABELS_JS = """() => Array.from(document.querySelectorAll('[class*="st-key-choice_"] button'))
  .map((b) => b.innerText)"""


def _decision_key(page: Any) -> str:
    """What identifies the decision on screen: the game-over score, or the step and keys."""
    if page.locator('[data-id="score"]').count():
        return "over"
    return str(page.evaluate(DECISION_JS))


def _play_cards(page: Any) -> bool:
    """In an assault: pick two cards of the hand (by data-id) and send them."""
    hand = page.locator(HAND)
    if hand.count() < 2:
        return False
    ids = hand.evaluate_all("els => els.map(el => el.dataset.id)")  # at once: it redraws
    send = page.locator('[data-id="cards-send"]')
    for first in range(len(ids)):
        for second in range(first + 1, len(ids)):
            _click(page.locator(f'.polis-cards .hand [data-id="{ids[first]}"]'))
            _click(page.locator(f'.polis-cards .hand [data-id="{ids[second]}"]'))
            if send.is_enabled():
                _click(send)
                return True
            _click(page.locator('[data-id="cards-clear"]'))
    return False


def _one_move(page: Any, chooser: random.Random) -> str:
    """Make one decision the way a player would; returns what was clicked."""
    if page.locator('[class*="st-key-confirm_no"]').count():
        _click(page.locator('[class*="st-key-confirm_no"] button'))  # never lose on purpose
        return "confirm_no"
    for key in ("reveal", "board_pick_"):
        button = page.locator(f'[class*="st-key-{key}"] button')
        if button.count():
            _click(button.first)
            return key
    if page.locator('[class*="st-key-cards_"]').count():
        page.locator(HAND).first.wait_for(timeout=WAIT_MS)  # the card component mounts
        if _play_cards(page):
            return "cards"
    targets = page.locator(BOARD_TARGETS)
    if targets.count() and chooser.random() < 0.5:
        _click(targets.nth(chooser.randrange(targets.count())))
        return "board"
    buttons = page.locator('[class*="st-key-choice_"] button')
    try:  # the run that draws the choices may still be under way
        buttons.first.wait_for(timeout=WAIT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"nothing to click at {_decision_key(page)}") from None
    labels = page.evaluate(LABELS_JS)
    safe = [i for i, label in enumerate(labels) if not label.startswith("⚠")]
    # a player who wants to last the game looks for food first
    food = [i for i in safe if "Wheat" in labels[i] and not labels[i].startswith("Pass")]
    pick = chooser.choice(
        food if food and chooser.random() < 0.8 else safe or list(range(len(labels)))
    )
    if not safe:  # every choice loses: the game ends by a loss, as it may
        _click(buttons.nth(pick))
        settle(page)
        confirm = page.locator('[class*="st-key-confirm_yes"] button')
        confirm.wait_for(timeout=WAIT_MS)
        _click(confirm)
        return "confirm_yes"
    _click(buttons.nth(pick))
    return "button"


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_whole_game_against_the_bot(
    server: Server, browser: Any, artifacts: Path, viewport: str
) -> None:
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en&ruleset=2e")
    page.get_by_role("button", name="Start").wait_for(timeout=WAIT_MS)
    page.get_by_label("Seed").fill("5")
    page.get_by_role("button", name="Start").click()
    page.locator('[data-id="player-boards"]').wait_for(timeout=WAIT_MS)
    settle(page)
    # the table a player needs is on the first screen: goods, the round, the score, the news
    boards = page.locator('[data-id="player-boards"]').inner_text()
    for good in ("Iron", "Wood", "Wine", "Silver", "Wheat", "Score now"):
        assert good in boards
    assert "Round Alpha" in page.locator('[data-id="turn-status"]').inner_text()
    page.screenshot(path=artifacts / f"play-board-{viewport}.png")

    chooser = random.Random(5)
    clicks: dict[str, int] = {}
    battle_shot = False
    for _n in range(MAX_CLICKS):
        key = _decision_key(page)
        if key == "over":
            break
        if not battle_shot and page.locator('[class*="st-key-cards_"]').count():
            page.locator(HAND).first.wait_for(timeout=WAIT_MS)
            page.screenshot(path=artifacts / f"play-battle-{viewport}.png")
            battle_shot = True
        try:
            kind = _one_move(page, chooser)
        except PlaywrightTimeout:  # the page changed under the click: look again
            settle(page)
            continue
        clicks[kind] = clicks.get(kind, 0) + 1
        _wait_for_rerun(page, key)
    assert _decision_key(page) == "over", clicks
    over = page.locator('[data-id="score"]')
    over.scroll_into_view_if_needed()
    assert "Total" in over.inner_text()
    assert page.locator('[data-testid="stException"]').count() == 0
    page.screenshot(path=artifacts / f"play-over-{viewport}.png")
    headline = page.locator('[data-testid="stAlert"]').last.inner_text()
    summary = {"clicks": clicks, "battle_seen": battle_shot, "headline": headline}
    (artifacts / f"play-game-{viewport}.json").write_text(json.dumps(summary, indent=1), "utf-8")
    context.close()


# what a player must see without scrolling at 1366×900 (and reach in this order on a phone)
TABLE_PARTS = (
    "turn-status",
    "what-happened",
    "prompt",
    "player-boards",
    "round-track",
    "event-card",
    "market",
    "projects",
)
BOXES_JS = """(ids) => ids.map((id) => {
  const el = document.querySelector(`[data-id="${id}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return [r.top, r.bottom, r.left, r.right];
})"""


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_whole_table_is_in_view_on_a_laptop(server: Server, browser: Any, lang: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS["laptop"])
    page = context.new_page()
    page.goto(f"{server.url}/play?lang={lang}&ruleset=2e")
    start = page.locator('[data-testid="stFormSubmitButton"] button').first  # the new game's form
    start.wait_for(timeout=WAIT_MS)
    start.click()
    # Sparta's bot moves first: the human's prompt shows once it has (later on a loaded machine)
    page.locator('[data-id="prompt"]').wait_for(timeout=WAIT_MS)
    settle(page)
    board = page.locator(".stBidiComponent").filter(has=page.locator(".pb-map")).first
    frame = board.bounding_box()
    # the whole board, large enough to read: not the zoomed-in start of a narrow column
    assert frame["width"] >= 560, frame
    svg = page.locator(".pb-map")
    assert float(svg.get_attribute("viewBox").split()[2]) >= 1000
    boxes = dict(zip(TABLE_PARTS, page.evaluate(BOXES_JS, list(TABLE_PARTS)), strict=True))
    for part, box in boxes.items():
        assert box is not None, part
        top, bottom, left, right = box
        assert top >= 0 and bottom <= VIEWPORTS["laptop"]["height"], (part, box)
        assert left >= 0 and right <= VIEWPORTS["laptop"]["width"], (part, box)
    assert frame["y"] + frame["height"] <= VIEWPORTS["laptop"]["height"]
    # perishable goods carry their own mark, not the estimate sign
    boards_text = page.locator('[data-id="player-boards"]').inner_text()
    assert "½" in boards_text and "≈" not in boards_text
    # the phone's glance at the score and goods: the player boards say it all here
    assert page.locator('[data-id="glance"]').count() == 1
    assert not page.locator('[data-id="glance"]').is_visible()
    context.close()


def test_a_phone_shows_the_parts_in_a_players_order(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en&ruleset=2e")
    page.get_by_role("button", name="Start").click()
    page.locator('[data-id="prompt"]').wait_for(timeout=WAIT_MS)  # after the bot's first move
    settle(page)
    boxes = dict(zip(TABLE_PARTS, page.evaluate(BOXES_JS, list(TABLE_PARTS)), strict=True))
    board = page.locator(".stBidiComponent").filter(has=page.locator(".pb-map")).first
    board_top = board.bounding_box()["y"]
    # the turn, a glance at the score, the goods and the bot's last choices, the map, the
    # question and its choices, then the news, both player boards and the rest of the table
    glance = page.locator('[data-id="glance"]')
    assert boxes["turn-status"][0] < glance.bounding_box()["y"] < board_top < boxes["prompt"][0]
    seen = glance.inner_text()
    for part in ("Score now", "Prestige", "Iron", "Wheat", "Athens", "Sparta"):
        assert part in seen, seen
    # the bot's opening turn, as the news tells it
    news = page.locator('[data-id="what-happened"]').inner_text()
    last = seen.splitlines()[-1]
    assert last.startswith("Sparta: ") and last.split(" · ")[0] in news, (last, news)
    assert glance.bounding_box()["height"] < 120  # a glance, not the player boards again
    assert boxes["prompt"][0] < boxes["what-happened"][0] < boxes["player-boards"][0]
    assert boxes["player-boards"][0] < boxes["round-track"][0]
    board_bottom = board.bounding_box()["y"] + board.bounding_box()["height"]
    assert boxes["prompt"][0] - board_bottom < 80  # the question right under the map
    context.close()


def to_the_cards(
    page: Any, chooser: random.Random, shown: str = '[class*="st-key-cards_"]'
) -> None:
    """Play on (fighting on where asked) until the battle's cards show (`shown`)."""
    for _n in range(20):
        if page.locator(shown).count():
            return
        key = _decision_key(page)
        fought = _fight_on(page)
        if fought == "redrawn":
            continue
        if fought is None:
            _one_move(page, chooser)
        _wait_for_rerun(page, key)


SCROLL_TOP_JS = """() => {
  window.scrollTo(0, 0);
  for (const el of document.querySelectorAll('[data-testid="stMain"], section.main')) {
    el.scrollTo(0, 0);
  }
}"""


def test_a_battle_keeps_the_cards_and_the_player_boards_in_view_on_a_laptop(
    server: Server, browser: Any, artifacts: Path
) -> None:
    record = battle_record("2e", ("human", "greedy"))
    size = VIEWPORTS["laptop"]
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en&ruleset=2e&record={encode_record(record.to_json())}")
    page.locator('[data-id="player-boards"]').wait_for(timeout=WAIT_MS)
    settle(page)
    to_the_cards(page, random.Random(1))
    page.locator(HAND).first.wait_for(timeout=WAIT_MS)
    settle(page)
    page.evaluate(SCROLL_TOP_JS)  # the first screen, as a player who has not scrolled sees it
    page.screenshot(path=artifacts / "play-battle-first-screen-laptop.png")
    hand = page.locator(HAND).last.bounding_box()
    assert hand["y"] + hand["height"] <= size["height"], hand
    boards = page.evaluate(BOXES_JS, ["player-boards"])[0]
    assert boards is not None
    # every row of both player boards (population, feeding and supply are the last ones)
    assert boards[0] >= 0 and boards[1] <= size["height"], boards
    text = page.locator('[data-id="player-boards"]').inner_text()
    assert "Population" in text and "Prestige" in text
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_battle_played_with_cards(
    server: Server, browser: Any, artifacts: Path, viewport: str
) -> None:
    record = battle_record("2e", ("human", "greedy"))
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en&ruleset=2e&record={encode_record(record.to_json())}")
    page.locator('[data-id="player-boards"]').wait_for(timeout=WAIT_MS)
    settle(page)
    chooser = random.Random(1)
    assaults = 0
    shot = False
    for _n in range(60):
        key = _decision_key(page)
        if key == "over" or (assaults and not page.locator('[data-id="battle"]').count()):
            break
        if page.locator('[class*="st-key-cards_"]').count() and not shot:
            page.locator(HAND).first.wait_for(timeout=WAIT_MS)
            page.locator(".polis-cards").first.scroll_into_view_if_needed()
            page.screenshot(path=artifacts / f"play-cards-{viewport}.png")
            shot = True
        fought = _fight_on(page)
        if fought == "redrawn":
            continue
        if fought is None:
            try:
                assaults += _one_move(page, chooser) == "cards"
            except PlaywrightTimeout:  # a rerun redrew what was clicked: look again
                settle(page)
                continue
            except AssertionError:
                page.screenshot(
                    path=artifacts / f"play-cards-failed-{viewport}.png", full_page=True
                )
                raise
        _wait_for_rerun(page, key)
    assert shot and assaults >= 1
    news = page.locator('[data-id="what-happened"]').inner_text()
    assert "shows" in news and "answers with" in news  # each assault's result is told
    assert page.locator('[data-testid="stException"]').count() == 0
    context.close()
