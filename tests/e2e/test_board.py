"""The board in a real browser: drawn, every element reachable by its data-id, moves by clicks.

Runs at a laptop's 1366×900 and a phone's 390×844 and keeps screenshots of the
board in tests/artifacts/ (board-*.png).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from polis.compiler import compile_ruleset
from polis.engine.notation import slot_id
from tests.e2e.conftest import Server, listeners
from tests.e2e.test_browser import WAIT_MS, play_moves, settle, start_game_against_bot

pytestmark = pytest.mark.e2e

SIZES = {"laptop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def board(page: Any) -> Any:
    """The board's component (the frame also mounts an invisible one that catches link clicks)."""
    return page.locator(".stBidiComponent").filter(has=page.locator(".pb-map")).first


def elements(page: Any, selector: str) -> list[tuple[str, str]]:
    """(kind, id) of the board elements matching `selector`, read in one go (the board redraws)."""
    found = page.locator(selector).evaluate_all(
        "els => els.map(el => [el.dataset.kind, el.dataset.id])"
    )
    return [(str(kind), str(ident)) for kind, ident in found]


def targets(page: Any) -> list[tuple[str, str]]:
    return elements(page, ".pb-el.pb-target")


def element(page: Any, kind: str, ident: str) -> Any:
    return page.locator(f'.pb-el[data-kind="{kind}"][data-id="{ident}"]')


def targets_change(page: Any, before: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Wait until the highlighted choices differ from `before` (the engine moved on)."""
    for _attempt in range(WAIT_MS // 250):
        now = targets(page)
        if now != before:
            return now
        page.wait_for_timeout(250)
    raise AssertionError(f"the board still offers {before}")


def wait_for_targets(page: Any, seconds: float) -> list[tuple[str, str]]:
    for _attempt in range(int(seconds * 4)):
        found = targets(page)
        if found:
            return found
        page.wait_for_timeout(250)
    return []


def choose_action(page: Any, label: str) -> None:
    """Press an action's button; pay the surcharge when the bot has passed already."""
    # the button's label may go on with what the action costs: "Move Hoplites — 1 prestige"
    page.get_by_role("button", name=re.compile(rf"^{re.escape(label)}( —|$)")).click()
    settle(page)
    if not wait_for_targets(page, 4):
        page.locator('[class*="st-key-choice_"] button').first.click()  # the surcharge
        settle(page)
    assert wait_for_targets(page, WAIT_MS / 1000), "no board choice after the action"


def shoot(page: Any, path: Path) -> None:
    """A screenshot of the board without a tooltip left from the last pointer move."""
    page.mouse.move(1, 1)
    page.wait_for_timeout(150)
    board(page).screenshot(path=path)


def open_page(browser: Any, server: Server, size: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    start_game_against_bot(page, server, seed=1)
    board(page).wait_for(timeout=WAIT_MS)
    return context, page, errors


@pytest.mark.parametrize("size", list(SIZES))
def test_the_board_shows_every_element_by_its_rules_id(
    server: Server, browser: Any, artifacts: Path, size: str
) -> None:
    context, page, errors = open_page(browser, server, size)
    shoot(page, artifacts / f"board-{size}-start.png")
    page.locator('.pb-zoom[data-zoom="reset"]').click()
    cfg = compile_ruleset("2e").config
    expected = (
        [("area", a) for a in cfg.areas]
        + [("polis", p.id) for p in cfg.poleis]
        + [("slot", slot_id(cfg, k)) for k in range(len(cfg.slots))]
        + [("market", m.id) for m in cfg.markets]
        + [("port", side) for side in cfg.sides]
    )
    drawn = elements(page, ".pb-el")
    assert sorted(drawn) == sorted(expected)
    for kind, ident in expected:  # each one takes a click where a player would click it
        el = element(page, kind, ident)
        assert el.get_attribute("role") == "button" and el.get_attribute("aria-label")
        el.click(trial=True, timeout=5_000)
    shoot(page, artifacts / f"board-{size}-whole.png")
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_move_made_by_clicking_the_board(
    server: Server, browser: Any, artifacts: Path, size: str
) -> None:
    context, page, errors = open_page(browser, server, size)
    choose_action(page, "Move Hoplites")
    offered = targets(page)
    assert offered and {kind for kind, _ in offered} == {"area"}
    shoot(page, artifacts / f"board-{size}-targets.png")
    # the tooltip names the place and what stands there, in words
    element(page, "area", "boiotia").hover()
    tip = page.locator(".pb-tip")
    expect(tip).to_be_visible(timeout=WAIT_MS)
    expect(tip).to_contain_text("Boiotia", timeout=WAIT_MS)
    destination = "boiotia" if ("area", "boiotia") in offered else offered[0][1]
    element(page, "area", destination).click()
    settle(page)
    origins = targets_change(page, offered)  # now: bring a hoplite from where?
    assert origins and ("area", destination) not in origins
    element(page, *origins[0]).click()
    settle(page)
    # the move's areas are marked: where the hoplites went and where one came from
    rings = page.locator(".pb-last-ring")
    for _attempt in range(40):
        if rings.count() >= 2:
            break
        page.wait_for_timeout(250)
    assert rings.count() >= 2
    shoot(page, artifacts / f"board-{size}-after-move.png")
    assert not errors, errors
    context.close()


RUNNING_ANIMATIONS = """els => els.flatMap((el) => el.getAnimations({ subtree: true }))
  .filter((a) => a.playState === "running").length"""


def running_animations(page: Any) -> int:
    """Animations running on the board's choices (the board may sit in a shadow root)."""
    return int(page.locator(".pb-el.pb-target").evaluate_all(RUNNING_ANIMATIONS))


def test_the_choices_on_the_board_are_lit_and_still(server: Server, browser: Any) -> None:
    """A choice on the board is lit (gold, glowing, the rest dimmed) and does not move: a
    pulse made the browser paint the board at every frame for as long as the choice waited
    (0.92 of a core a page, measured), and the players' clicks queued behind the paints."""
    context, page, errors = open_page(browser, server, "laptop")
    choose_action(page, "Move Hoplites")
    lit = page.locator(".pb-el.pb-target .pb-area").first
    assert lit.evaluate("el => getComputedStyle(el).filter").startswith("url(")
    page.wait_for_timeout(500)
    assert running_animations(page) == 0
    assert not errors, errors
    context.close()


def test_keyboard_chooses_a_highlighted_element(server: Server, browser: Any) -> None:
    context, page, errors = open_page(browser, server, "laptop")
    choose_action(page, "Move Hoplites")
    kind, ident = targets(page)[0]
    target = element(page, kind, ident)
    assert target.get_attribute("tabindex") == "0"
    offered = targets(page)
    target.focus()
    page.keyboard.press("Enter")
    settle(page)
    targets_change(page, offered)
    assert not errors, errors
    context.close()


def test_zoom_on_a_phone(server: Server, browser: Any, artifacts: Path) -> None:
    context, page, errors = open_page(browser, server, "phone")
    svg = page.locator(".pb-map")
    full = svg.get_attribute("viewBox")
    # once in a full run on a loaded machine one click left the view as it was (not
    # reproduced in 11 runs beside a 2-job bot benchmark; the board's script, loaded apart
    # from its markup, may not have run yet): as a player would, tap again, up to three
    # taps given 3 s each
    for _tap in range(3):
        page.locator('.pb-zoom[data-zoom="in"]').click()
        try:
            expect(svg).not_to_have_attribute("viewBox", full, timeout=3_000)
            break
        except AssertionError:
            continue
    zoomed = svg.get_attribute("viewBox")
    assert zoomed != full
    width = lambda box: float(box.split()[2])  # noqa: E731
    assert width(zoomed) < width(full)
    shoot(page, artifacts / "board-phone-zoomed.png")
    # a drag pans the zoomed board (and is not taken for a click)
    box = svg.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 80, y - 40, steps=8)
    page.mouse.up()
    panned = svg.get_attribute("viewBox")
    assert float(panned.split()[0]) > float(zoomed.split()[0])
    assert width(panned) == pytest.approx(width(zoomed))
    page.locator('.pb-zoom[data-zoom="reset"]').click()
    assert width(svg.get_attribute("viewBox")) >= width(full)
    assert not errors, errors
    context.close()


def test_a_board_drawn_again_leaves_no_listener_behind(server: Server, browser: Any) -> None:
    """Streamlit calls the board's script again with each move's data, never its cleanup."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    start_game_against_bot(page, server, seed=21)
    assert play_moves(page, 4) == 4
    assert listeners(page, ".pb-map", "pointerdown") == 1
    context.close()


COUNT_TEXT_MEASURES = """(() => {
  const proto = SVGTextContentElement.prototype;
  const measure = proto.getComputedTextLength;
  window.textMeasures = 0;
  proto.getComputedTextLength = function () {
    window.textMeasures += 1;
    return measure.call(this);
  };
})();"""


def test_a_board_drawn_again_measures_no_name_it_measured_before(
    server: Server, browser: Any
) -> None:
    """Each move draws the board anew, and reading a label's width makes the browser lay
    the drawing out first: names measured once are remembered, and every anchor is still
    placed (one per polis, read after the whole board is drawn)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.add_init_script(script=COUNT_TEXT_MEASURES)
    page = context.new_page()
    start_game_against_bot(page, server, seed=21)
    assert play_moves(page, 1) == 1
    names = page.locator(".pb-land-name, .pb-sea-name, .pb-polis-name, .pb-market-name").count()
    first = page.evaluate("() => window.textMeasures")
    assert first >= names >= 30  # every name was measured when the board was first drawn
    assert play_moves(page, 3) == 3
    assert page.evaluate("() => window.textMeasures") - first < 5  # three redraws, ~no reads
    poleis = len(compile_ruleset("2e").config.poleis)
    assert page.locator('.pb-el[data-kind="polis"] > rect.pb-anchor').count() == poleis
    context.close()
