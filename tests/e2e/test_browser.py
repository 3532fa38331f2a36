"""End to end: the real server in headless Chromium, as a player would use it.

Writes tests/artifacts/: a screenshot of every page in two languages, the saved
game record, and timings.json (time to first page, Play rerun p50/p95).
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from polis.app.chrome_words import CONTEXT, WORDS
from polis.bench_app import game_link
from polis.compiler import compile_ruleset
from polis.engine.record import loads, replay
from polis.i18n import translator
from tests.e2e.conftest import Server, listeners

pytestmark = pytest.mark.e2e

VIEWPORT = {"width": 1400, "height": 1000}
WAIT_MS = 60_000  # a cold server compiles the rulesets on the first visit
# each page by its path; the start page is the default page, at the root
PAGES = {"start": "", "reference": "rules", "compare": "compare", "play": "play", "data": "data"}


def _(lang: str, message: str) -> str:
    return translator(lang).gettext(message)


def settle(page: Any) -> None:
    """Wait until Streamlit has finished the current run (no running indicator left)."""
    page.wait_for_load_state("networkidle")
    page.locator('[data-testid="stStatusWidget"]').wait_for(state="detached", timeout=WAIT_MS)


def links_ready(page: Any) -> None:
    """Wait until the app catches clicks on its text links (its component mounts after the
    page's run; a click before that only changes the address's #fragment)."""
    page.locator("html[data-polis-links]").wait_for(state="attached", timeout=WAIT_MS)


def pick(page: Any, label: str, option: str) -> None:
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=option, exact=True).click()
    settle(page)


def start_game_against_bot(page: Any, server: Server, seed: int) -> None:
    page.goto(f"{server.url}/play?lang=en&ruleset=2e")
    page.get_by_role("heading", name="New game").wait_for(timeout=WAIT_MS)
    page.get_by_label("Seed").fill(str(seed))
    page.get_by_role("button", name="Start").click()
    page.locator('[class*="st-key-choice_"] button').first.wait_for(timeout=WAIT_MS)
    settle(page)


def play_moves(page: Any, count: int) -> int:
    """Click the first offered choice `count` times; returns how many were played."""
    played = 0
    for _n in range(count):
        # a choice that loses the game asks first: the test goes ahead (it only counts moves)
        options = page.locator('[class*="st-key-confirm_yes"], [class*="st-key-choice_"]')
        if options.count() == 0:
            break
        key = next(c for c in options.first.get_attribute("class").split() if "st-key-" in c)
        options.first.locator("button").click()
        # the choice's key names the step it belongs to: it goes once the engine moved on
        page.locator(f".{key}").wait_for(state="detached", timeout=WAIT_MS)
        settle(page)
        played += 1
    return played


def test_time_to_first_page(server: Server, browser: Any, artifacts: Path) -> None:
    """The first visit pays for compiling the rulesets; the second shows the warm server."""
    context = browser.new_context(viewport=VIEWPORT)
    seconds = []
    for _visit in range(2):
        page = context.new_page()
        started = time.perf_counter()
        page.goto(server.url)
        page.get_by_role("heading", name="Learn to play").wait_for(timeout=WAIT_MS)
        seconds.append(round(time.perf_counter() - started, 3))
        page.close()
    context.close()
    record(artifacts, first_page_cold_s=seconds[0], first_page_warm_s=seconds[1])


def test_switch_language_and_open_a_rule_from_search(
    server: Server, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    page = context.new_page()
    page.goto(f"{server.url}/rules")
    page.get_by_role("heading", name="Rules reference").wait_for(timeout=WAIT_MS)
    settle(page)
    pick(page, "Language", "Deutsch")
    page.get_by_role("heading", name=_("de", "Rules reference")).wait_for(timeout=WAIT_MS)
    page.wait_for_url("**lang=de**", timeout=WAIT_MS)  # the choice is in the link too

    search = page.get_by_label(_("de", "Search the rules"))
    search.fill("Belagerung")
    search.press("Enter")
    # the run that answers the search has drawn its count (settle alone can return before it)
    counted = translator("de").ngettext("{count} matching section", "{count} matching sections", 5)
    page.get_by_text(counted.split("{count}")[-1].strip()).first.wait_for(timeout=WAIT_MS)
    settle(page)
    hits = page.locator('[data-testid="stExpander"]')
    hits.first.wait_for(timeout=WAIT_MS)
    # the passage under a hit marks the words that matched (escaped HTML, <mark>)
    mark = page.locator(".search-passage mark").first
    mark.wait_for(timeout=WAIT_MS)
    assert "elager" in mark.inner_text()
    title = hits.first.locator("summary").inner_text().strip()
    hits.first.locator("summary").click()
    body = hits.first.locator('[data-testid="stExpanderDetails"]')
    body.wait_for(timeout=WAIT_MS)
    assert "Belagerung" in (title + body.inner_text())
    page.screenshot(path=artifacts / "search-de.png", full_page=True)
    context.close()


def test_browser_language_is_the_default(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=VIEWPORT, locale="cs-CZ")
    page = context.new_page()
    page.goto(server.url)  # the start page, in the browser's language
    page.get_by_role("heading", name=_("cs", "Learn to play")).wait_for(timeout=WAIT_MS)
    context.close()


def test_play_against_the_bot_and_save(server: Server, browser: Any, artifacts: Path) -> None:
    context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
    page = context.new_page()
    start_game_against_bot(page, server, seed=11)
    assert play_moves(page, 8) >= 6
    with page.expect_download() as download:
        page.get_by_role("button", name="Save").click()
    saved = artifacts / "game-record.json"
    download.value.save_as(saved)
    record_ = loads(saved.read_bytes())
    assert record_.ruleset == "2e" and record_.seed == 11 and len(record_.actions) >= 6
    states = list(replay(record_, compile_ruleset("2e")))  # it replays without error
    assert len(states) == len(record_.actions) + 1
    page.screenshot(path=artifacts / "play-game-en.png", full_page=True)
    context.close()


def test_a_bots_progress_bar_moves_in_steps(server: Server, browser: Any) -> None:
    """The bar is updated four times a second while a bot searches; eased over 0.5 s each
    time (Streamlit's default) it never stopped moving, and the watching browser redrew it
    at its frame rate for the whole search."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(game_link(server.url, ("mcts:strong", "mcts:strong"), 7))
    fill = page.locator('[data-testid="stProgressBarTrack"] > div')
    fill.first.wait_for(timeout=WAIT_MS)
    # the page's style may come a moment after the bar on a loaded machine: looked at
    # until it has (with Streamlit's easing the duration stays 0.5 s)
    stepped = """el => getComputedStyle(el).transitionDuration.split(", ")
      .every((d) => d === "0s")"""
    deadline = time.monotonic() + 10
    while not fill.first.evaluate(stepped) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert fill.first.evaluate(stepped), fill.first.evaluate(
        "el => getComputedStyle(el).transitionDuration"
    )
    context.close()


def test_a_game_of_bots_is_drawn_as_it_goes(server: Server, browser: Any) -> None:
    """Nobody decides at a game of two bots: the page draws their moves as they come (about
    once a second), not only the game's end, while the next search goes on."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(game_link(server.url, ("mcts:strong", "mcts:strong"), 7))
    news = page.locator('[data-id="what-happened"]')
    news.wait_for(timeout=WAIT_MS)
    first = news.inner_text()
    deadline = time.monotonic() + 60
    while news.inner_text() == first and time.monotonic() < deadline:
        time.sleep(0.5)
    assert news.inner_text() != first, first
    assert page.locator('[data-testid="stProgress"]').count() == 1  # still searching
    assert page.locator('[data-testid="stException"]').count() == 0
    context.close()


def test_two_sessions_never_share_a_game(server: Server, browser: Any) -> None:
    first = browser.new_context(viewport=VIEWPORT)
    second = browser.new_context(viewport=VIEWPORT)
    a, b = first.new_page(), second.new_page()
    start_game_against_bot(a, server, seed=3)
    play_moves(a, 3)
    b.goto(f"{server.url}/play?lang=en&ruleset=2e")
    b.get_by_role("heading", name="New game").wait_for(timeout=WAIT_MS)  # no game leaked in
    start_game_against_bot(b, server, seed=4)
    play_moves(b, 2)
    # A's next move reruns its page on the server: it must still be A's own game
    assert play_moves(a, 1) == 1
    for page, own, other in ((a, "seed 3", "seed 4"), (b, "seed 4", "seed 3")):
        expect(page.get_by_text(own)).to_have_count(1, timeout=WAIT_MS)
        expect(page.get_by_text(other)).to_have_count(0)
    a.reload()
    a.get_by_role("heading", name="New game").wait_for(timeout=WAIT_MS)  # a reload is a new session
    first.close()
    second.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_screenshot_every_page(server: Server, browser: Any, artifacts: Path, lang: str) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    headings = {
        "start": "Learn to play",
        "reference": "Rules reference",
        "compare": "Compare rulesets",
        "play": "Play",
        "data": "Data and provenance",
    }
    for name, path in PAGES.items():
        page.goto(f"{server.url}/{path}?lang={lang}&ruleset=2e")
        page.get_by_role("heading", name=_(lang, headings[name])).first.wait_for(timeout=WAIT_MS)
        settle(page)
        assert page.locator('[data-testid="stException"]').count() == 0
        assert page.locator('[data-testid="stDialog"]').count() == 0  # e.g. "Page not found"
        if name == "play":  # the record's picker is ours, worded by the catalogs
            browse = page.locator(".pf-browse")
            expect(browse).to_have_text(_(lang, "Upload"), timeout=WAIT_MS)
        page.screenshot(path=artifacts / f"{name}-{lang}.png", full_page=True)
    context.close()


def test_a_picked_file_is_worded_in_the_readers_language(
    server: Server, browser: Any, tmp_path: Path, artifacts: Path
) -> None:
    """Every word of the picker, also those only a screen reader or a drag shows, in German."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(f"{server.url}/data?lang=de")
    page.get_by_role("heading", name=_("de", "Try a house rule")).wait_for(timeout=WAIT_MS)
    settle(page)
    zone = page.locator(".pf-zone")
    expect(zone).to_have_attribute("aria-label", _("de", "Overlay file"), timeout=WAIT_MS)
    expect(page.locator(".pf-input")).to_have_attribute("aria-label", _("de", "Overlay file"))
    # a file held over the zone: the hint changes, in German
    zone.dispatch_event("dragenter")
    expect(page.locator(".pf-hint")).to_have_text(_("de", "Drop the file to upload it"))
    zone.dispatch_event("dragleave")
    expect(page.locator(".pf-hint")).to_have_text(_("de", "Drag and drop a file here"))
    # a file of another type is refused in the reader's language, and nothing is sent
    wrong = tmp_path / "house.txt"
    wrong.write_text("id: x\n", "utf-8")
    page.locator(".pf-input").set_input_files(str(wrong))
    expect(page.locator(".pf-problem")).to_have_text(
        _("de", "Only {types} files can be uploaded here.").format(types="YAML")
    )
    # a file dropped on the zone: 1,234 bytes
    dropped = page.evaluate_handle(
        """() => {
        const files = new DataTransfer();
        files.items.add(new File(["# " + "x".repeat(1230) + "\\n"], "house.yaml"));
        return files;
    }"""
    )
    zone.dispatch_event("drop", {"dataTransfer": dropped})
    chip = page.locator(".pf-chip")
    expect(chip.locator(".pf-size")).to_have_text("1,2 kB", timeout=WAIT_MS)
    remove = chip.locator(".pf-remove")
    removal = _("de", "Remove {name}").format(name="house.yaml")
    expect(remove).to_have_attribute("aria-label", removal)
    expect(page.locator(".pf-problem")).to_be_hidden()
    page.locator('[data-testid="stAlertContentError"]').first.wait_for(timeout=WAIT_MS)
    chip.screenshot(path=artifacts / "uploaded-file-de.png")
    remove.click()
    expect(chip).to_be_hidden(timeout=WAIT_MS)
    # drawn three times now (empty, holding the file, empty): one call's listeners remain
    assert listeners(page, ".pf-browse", "click") == 1
    expect(page.locator('[data-testid="stAlertContentError"]')).to_have_count(0, timeout=WAIT_MS)
    context.close()


LABELS_JS = """() => {
  const found = [];
  const walk = (root) => root.querySelectorAll("*").forEach((e) => {
    for (const a of ["aria-label", "title", "placeholder", "data-title"]) {
      const v = e.getAttribute(a);
      if (v) found.push(v.trim());
    }
    if (e.shadowRoot) walk(e.shadowRoot);
  });
  walk(document);
  const skip = document.querySelector('[data-testid="stSkipToContent"]');
  if (skip) found.push(skip.textContent.trim());
  return found;
}"""
# true once every wanted label is drawn (toolbars appear after the page's run)
LABELS_SHOWN_JS = (
    f"(wanted) => {{ const shown = ({LABELS_JS})();"
    " return wanted.every((w) => shown.includes(w)); }"
)


def test_streamlits_own_words_are_in_the_readers_language(server: Server, browser: Any) -> None:
    """Labels Streamlit draws itself (sidebar, tables, chart toolbar, inputs), on every page."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    ru = translator("ru")
    collapse = page.locator('[data-testid="stSidebarCollapseButton"] button')
    for path in PAGES.values():
        page.goto(f"{server.url}/{path}?lang=ru&ruleset=2e")
        page.locator('[data-testid="stSidebar"]').wait_for(timeout=WAIT_MS)
        settle(page)
        # the renaming component mounts after the page's run: wait for its first word
        expect(collapse).to_have_attribute(
            "aria-label", ru.pgettext(CONTEXT, "Collapse sidebar"), timeout=WAIT_MS
        )
        if path == "data":  # the chart's toolbar and the tables' are worded too
            # the chart and the tables draw their toolbars after the page's run: wait for them
            wanted = [ru.pgettext(CONTEXT, "Zoom in"), ru.pgettext(CONTEXT, "Download as CSV")]
            page.wait_for_function(LABELS_SHOWN_JS, arg=wanted, timeout=WAIT_MS)
        shown = set(page.evaluate(LABELS_JS))
        assert shown & set(WORDS) == set(), path
    # another language chosen: the words change with it
    pick(page, _("ru", "Language"), "Deutsch")
    de = translator("de").pgettext(CONTEXT, "Collapse sidebar")
    expect(collapse).to_have_attribute("aria-label", de, timeout=WAIT_MS)
    context.close()


def test_play_rerun_timings(server: Server, browser: Any, artifacts: Path) -> None:
    """Runs last in this module: summarises every Play rerun the tests above caused."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    start_game_against_bot(page, server, seed=21)
    play_moves(page, 10)
    context.close()
    reruns = [
        float(line.split()[1])
        for line in server.timings.read_text("utf-8").splitlines()
        if line.startswith("play ")
    ]
    assert len(reruns) >= 20
    cuts = statistics.quantiles(reruns, n=20)
    record(
        artifacts,
        play_reruns=len(reruns),
        play_rerun_p50_ms=round(statistics.median(reruns) * 1000, 1),
        play_rerun_p95_ms=round(cuts[18] * 1000, 1),
    )


def record(artifacts: Path, **figures: object) -> None:
    path = artifacts / "timings.json"
    data = json.loads(path.read_text("utf-8")) if path.exists() else {}
    data.update(figures)
    path.write_text(json.dumps(data, indent=1) + "\n", "utf-8")


def test_links_between_headline_rules_and_sections(
    server: Server, browser: Any, artifacts: Path
) -> None:
    """Links open in place (same session): headline -> sections side by side -> rows; a rule's
    cross-reference opens the linked section over the page."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(f"{server.url}/compare?lang=de&ruleset=2e")
    page.get_by_role("heading", name=_("de", "Compare rulesets")).wait_for(timeout=WAIT_MS)
    settle(page)
    links_ready(page)
    row = page.locator("tr", has_text=_("de", "Siege discs"))
    row.get_by_role("link").click()  # "1 Abschnitt": the siege-disc rules, side by side
    page.get_by_text("Belagerungsscheiben · neu").wait_for(timeout=WAIT_MS)
    settle(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    page.screenshot(path=artifacts / "compare-rules-de.png", full_page=True)
    page.get_by_role("link", name="diese Zeilen zeigen").click()
    page.get_by_text("Die Unterschiede hinter").wait_for(timeout=WAIT_MS)
    settle(page)
    page.screenshot(path=artifacts / "compare-behind-de.png", full_page=True)

    page.goto(f"{server.url}/?lang=de&ruleset=2e&section=actions.besiege")
    page.get_by_role("heading", name=_("de", "Rules reference")).wait_for(timeout=WAIT_MS)
    settle(page)
    links_ready(page)
    page.locator("a:visible", has_text="Erfolg und Misserfolg einer Belagerung").first.click()
    dialog = page.get_by_role("dialog")
    dialog.wait_for(timeout=WAIT_MS)
    assert "Misserfolg" in dialog.inner_text()
    page.screenshot(path=artifacts / "reference-link-dialog-de.png", full_page=True)
    context.close()
