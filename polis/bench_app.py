"""The app under load, measured on the real server (`polis bench --app`).

AppTest runs a page's script and nothing else; a player waits for the whole
server: the script, Streamlit's own work around it (the session's messages,
its garbage collection) and every other session. So this starts `streamlit run
app.py` as a player's machine would, opens headless Chromium sessions that play
hotseat games by clicking the page's buttons, and measures:

- from a click to the page showing the next decision, per click (p50, p95);
- the server process's CPU time per click (its own accounting, /proc; the
  search pool's workers are other processes and are reported apart), and the
  CPU time of the benchmark's own browsers (Chromium and Playwright's driver),
  which share the machine with the server;
- the first load of a game on a warm server, to a board that can be clicked;
- the same clicks while one more session watches the strong bot play itself
  (its searches run in the pool), against the clicks without it.

Wall-clock figures move with everything else on the machine: the report gives
the load average, and the comparisons run back to back on one server.
Playwright and Chromium are the test tools' (`./run tests` installs them).
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from polis.compiler import compile_ruleset
from polis.engine import Record
from polis.play.share import encode_record

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 60_000
THINK_SECONDS = 1.0  # a player's pause between seeing a decision and clicking
CLICK_TIMEOUT_MS = 5_000

DECISION_JS = """() => {
  if (document.querySelector('[data-id="score"]')) return "over";
  const prompt = document.querySelector('[data-id="prompt"][data-step]');
  const keys = Array.from(document.querySelectorAll('[class*="st-key-"]'))
    .flatMap((e) => Array.from(e.classList))
    .filter((c) => /^st-key-(choice_|confirm_|reveal|cards_|board_pick_)/.test(c));
  const running = document.querySelector('[data-testid="stStatusWidget"]') ? "running" : "";
  return [prompt ? prompt.getAttribute("data-step") : "", running, ...new Set(keys)].join(" ");
}"""
# Waits inside the page for a settled decision other than `before`: looked at again only
# when the page changes (and every quarter second, in case a change is missed), so the
# wait itself costs the browser almost nothing. Asking from outside every 20 ms cost each
# page 0.12-0.14 of a core of Chromium's CPU (10 s measured with 390-400 asks), on the
# same two cores as the server and the other players, and so added to what it measured.
SETTLED_JS = (
    """([before, waitMs]) => new Promise((resolve) => {
  const decision = """
    + DECISION_JS
    + """;
  let queued = false;
  const done = (value) => {
    observer.disconnect();
    clearInterval(safety);
    clearTimeout(timeout);
    resolve(value);
  };
  const check = () => {
    queued = false;
    const now = decision();
    if (!now.includes("running") && now !== before && now.trim()) done(now);
  };
  const observer = new MutationObserver(() => {
    if (!queued) {
      queued = true;
      setTimeout(check, 0);
    }
  });
  observer.observe(document.documentElement,
    { subtree: true, childList: true, attributes: true, characterData: true });
  const safety = setInterval(check, 250);
  const timeout = setTimeout(() => done(null), waitMs);
  check();
})"""
)


class AppBenchError(Exception):
    """The server or the browser could not be started; the message says which and why."""


class StalledError(AppBenchError):
    """A page did not show what it waited for in time (not an OSError, as TimeoutError is:
    the command line would read that as its output failing)."""


@dataclass
class Phase:
    """Clicks made by the hotseat sessions in one phase of the run."""

    name: str
    sessions: int
    clicks: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds, click to next decision
    server_cpu: float = 0.0  # CPU seconds of the server process during the phase
    workers_cpu: float = 0.0  # CPU seconds of its children (the search pool)
    browsers_cpu: float = 0.0  # CPU seconds of the benchmark's Chromium and Playwright
    wall: float = 0.0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)
        return {
            "name": self.name,
            "sessions": self.sessions,
            "clicks": self.clicks,
            "latency_p50_ms": _ms(_quantile(ordered, 0.5)),
            "latency_p95_ms": _ms(_quantile(ordered, 0.95)),
            "server_cpu_per_click_ms": _ms(self.server_cpu / self.clicks) if self.clicks else None,
            "pool_cpu_s": round(self.workers_cpu, 2),
            "browsers_cpu_s": round(self.browsers_cpu, 2),
            "wall_s": round(self.wall, 1),
            "load_average": [round(x, 2) for x in self.load],
        }


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 1)


def _quantile(ordered: list[float], q: float) -> float | None:
    if not ordered:
        return None
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[round(q * 100) - 1]


# ---------------------------------------------------------------- the server


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    timings: Path

    def cpu(self) -> tuple[float, float]:
        """(the server's own CPU seconds, its waited-for and live children's), from /proc."""
        own, waited = _process_cpu(self.process.pid)
        return own, waited + _tree_cpu(_children(self.process.pid))


def _process_cpu(pid: int) -> tuple[float, float]:
    """(a process's own CPU seconds, those of its children it has waited for); 0 once gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / tick, (int(fields[13]) + int(fields[14])) / tick


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _tree_cpu(roots: list[int]) -> float:
    """CPU seconds of these processes and all their descendants, live or waited for."""
    total = 0.0
    todo = list(roots)
    while todo:
        pid = todo.pop()
        total += sum(_process_cpu(pid))
        todo += _children(pid)
    return total


def browsers_cpu(server_pid: int) -> float:
    """CPU seconds of this process's descendants other than the server's tree: under
    `polis bench`, Playwright's driver and the Chromium it started (under a test runner,
    whatever else the runner started too)."""
    return _tree_cpu([c for c in _children(os.getpid()) if c != server_pid])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve(extra: list[str], work: Path, database: str | None = None) -> Iterator[Server]:
    """The app's server on a free port (its stored games in `database`, if given)."""
    app = ROOT / "app.py"
    if not app.exists():
        raise AppBenchError(f"{app} is missing: run the benchmark from a checkout of the app")
    server = ROOT / "polis" / "app" / "serve.py"  # serves app.py as ./run app does
    port = _free_port()
    timings = work / "timings.txt"
    log = work / "streamlit.log"
    env = {**os.environ, "POLIS_TIMINGS_FILE": str(timings)}
    if database is not None:
        env["POLIS_DATABASE_URL"] = database
    command = [
        sys.executable, "-m", "streamlit", "run", str(server),
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.address", "127.0.0.1",
        "--server.fileWatcherType", "none",
        "--browser.gatherUsageStats", "false",
        *extra,
    ]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                raise AppBenchError(f"the server stopped:\n{log.read_text('utf-8')[-2000:]}")
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise AppBenchError("the server did not answer within 90 s") from None
                time.sleep(0.3)
        yield Server(url, process, timings)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def game_link(url: str, controllers: tuple[str, str], seed: int) -> str:
    """A link that opens a new game (a record of no moves yet) with these controllers."""
    compiled = compile_ruleset("2e")
    record = Record("2e", compiled.content_hash, seed, [], meta={"controllers": list(controllers)})
    return f"{url}/play?lang=en&ruleset=2e&record={encode_record(record.to_json())}"


# ---------------------------------------------------------------- a player


async def _settled(page: Any, before: str | None, deadline: float) -> str:
    """Wait until the page shows a decision other than `before`, its run finished."""
    wait_ms = max(0, round((deadline - time.monotonic()) * 1000))
    now = await page.evaluate(SETTLED_JS, [before, wait_ms])
    if now is None:
        raise StalledError(f"the page stayed at {before!r}")
    return str(now)


async def _click_one(page: Any, chooser: random.Random) -> bool:
    """One decision as a player makes it (never a losing one on purpose); False: none found."""
    for selector in (
        '[class*="st-key-confirm_no"] button',
        '[class*="st-key-reveal"] button',
        '[class*="st-key-board_pick_"] button',
    ):
        found = page.locator(selector)
        if await found.count():
            await found.first.click(timeout=CLICK_TIMEOUT_MS)
            return True
    hand = page.locator(".polis-cards .hand button.card")
    if await hand.count() >= 2:
        ids = await hand.evaluate_all("els => els.map(el => el.dataset.id)")
        send = page.locator('[data-id="cards-send"]')
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                await page.locator(f'.polis-cards .hand [data-id="{ids[i]}"]').click()
                await page.locator(f'.polis-cards .hand [data-id="{ids[j]}"]').click()
                if await send.is_enabled():
                    await send.click()
                    return True
                await page.locator('[data-id="cards-clear"]').click()
    buttons = page.locator('[class*="st-key-choice_"] button')
    labels = await buttons.all_inner_texts()
    safe = [i for i, label in enumerate(labels) if not label.startswith("⚠")]
    if not safe:
        return False
    await buttons.nth(chooser.choice(safe)).click(timeout=CLICK_TIMEOUT_MS)
    return True


async def _player(
    context: Any, link: str, clicks: int, seed: int, phase: Phase, go: _Start, think: float
) -> None:
    page = await context.new_page()
    chooser = random.Random(seed)
    await page.goto(link)
    deadline = time.monotonic() + WAIT_MS / 1000
    decision = await _settled(page, None, deadline)
    await go.wait()  # every session has loaded: the clicks, and what they cost, begin
    made = 0
    while made < clicks:
        await asyncio.sleep(think)
        if decision == "over":
            await page.goto(link)  # a new session: the game begins again
            decision = await _settled(page, None, time.monotonic() + WAIT_MS / 1000)
            continue
        started = time.monotonic()
        try:
            clicked = await _click_one(page, chooser)
        except Exception:  # a rerun redrew the button under the click: look again
            decision = await _settled(page, None, time.monotonic() + WAIT_MS / 1000)
            continue
        if not clicked:
            decision = "over"  # nothing safe to click: start again
            continue
        decision = await _settled(page, decision, started + WAIT_MS / 1000)
        phase.latencies.append(time.monotonic() - started)
        phase.clicks += 1
        made += 1
    await page.close()


class _Start:
    """The sessions of a phase wait, loaded, until the measurement starts."""

    def __init__(self, sessions: int) -> None:
        self.waiting = sessions
        self.all_loaded = asyncio.Event()
        self._go = asyncio.Event()

    async def wait(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.all_loaded.set()
        await self._go.wait()

    def release(self) -> None:
        self._go.set()


async def _first_load(browser: Any, link: str) -> float:
    """Seconds from opening a game's link in a new session to a board that takes clicks."""
    context = await browser.new_context(viewport={"width": 1366, "height": 900})
    page = await context.new_page()
    started = time.monotonic()
    await page.goto(link)
    await page.locator(".pb-map").wait_for(timeout=WAIT_MS)
    await page.locator('[class*="st-key-choice_"] button').first.wait_for(timeout=WAIT_MS)
    took = time.monotonic() - started
    await context.close()
    return took


async def _phase(
    browser: Any, server: Server, phase: Phase, clicks: int, watcher: str | None, think: float
) -> None:
    contexts = [
        await browser.new_context(viewport={"width": 1366, "height": 900})
        for _ in range(phase.sessions + (1 if watcher else 0))
    ]
    if watcher is not None:  # a game of bots, thinking in the pool the whole phase
        watching = await contexts[-1].new_page()
        await watching.goto(watcher)
        await asyncio.sleep(3)  # its first search under way
    go = _Start(phase.sessions)
    players = [
        _player(contexts[i], game_link(server.url, ("human", "human"), 100 + i), clicks, i,
                phase, go, think)
        for i in range(phase.sessions)
    ]  # fmt: skip
    running = asyncio.gather(*players)
    await go.all_loaded.wait()  # page loads (static files, a new session) are not clicks
    own, children = server.cpu()
    browsers = browsers_cpu(server.process.pid)
    started = time.monotonic()
    go.release()
    await running
    phase.wall = time.monotonic() - started
    own_after, children_after = server.cpu()
    phase.server_cpu = own_after - own
    phase.workers_cpu = children_after - children
    phase.browsers_cpu = browsers_cpu(server.process.pid) - browsers
    phase.load = os.getloadavg()
    for context in contexts:
        await context.close()


async def _run(
    server: Server, sessions: int, clicks: int, rounds: int, think: float
) -> dict[str, Any]:
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        raise AppBenchError("Playwright is missing: ./run tests installs it") from None
    if not Path(CHROMIUM).exists():
        raise AppBenchError(f"{CHROMIUM} is missing: ./run tests installs Debian's chromium")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        cold = await _first_load(browser, game_link(server.url, ("human", "human"), 1))
        warm = [await _first_load(browser, game_link(server.url, ("human", "human"), 2))
                for _ in range(3)]  # fmt: skip
        watcher = game_link(server.url, ("mcts:strong", "mcts:strong"), 7)
        phases: list[Phase] = []
        for _ in range(rounds):  # interleaved: alone, with the bots, alone, ...
            for name, bots in (("hotseat", None), ("hotseat + strong bots", watcher)):
                phase = Phase(name, sessions)
                await _phase(browser, server, phase, clicks, bots, think)
                phases.append(phase)
        await browser.close()
    merged = {}
    for name in ("hotseat", "hotseat + strong bots"):
        runs = [p for p in phases if p.name == name]
        total = Phase(name, sessions)
        for p in runs:
            total.clicks += p.clicks
            total.latencies += p.latencies
            total.server_cpu += p.server_cpu
            total.workers_cpu += p.workers_cpu
            total.browsers_cpu += p.browsers_cpu
            total.wall += p.wall
        total.load = runs[-1].load
        merged[name] = total.summary()
    alone, loaded = merged["hotseat"], merged["hotseat + strong bots"]

    def ratio(key: str) -> float | None:
        if alone[key] and loaded[key]:
            return round(float(loaded[key]) / float(alone[key]), 2)
        return None

    return {
        "first_load_cold_s": round(cold, 2),
        "first_load_warm_s": round(statistics.median(warm), 2),
        "phases": list(merged.values()),
        "p95_ratio_with_bots": ratio("latency_p95_ms"),
        # steadier than the p95's: the p95 of 120 clicks moves from run to run by more
        # than the bots' game moves it
        "p50_ratio_with_bots": ratio("latency_p50_ms"),
        "rounds": rounds,
        "think_s": think,
        "runs": [asdict(p) | {"latencies": None} for p in phases],
    }


def bench_app(
    sessions: int = 5,
    clicks: int = 12,
    rounds: int = 2,
    server_args: list[str] | None = None,
    think: float = THINK_SECONDS,
) -> dict[str, Any]:
    """Start the server, play `sessions` hotseat games in Chromium, and measure (see above)."""
    with (
        tempfile.TemporaryDirectory(prefix="polis-bench-app-") as tmp,
        serve(server_args or [], Path(tmp)) as server,
    ):
        result = asyncio.run(_run(server, sessions, clicks, rounds, think))
        scripts = [float(line.split()[2]) for line in server.timings.read_text().splitlines()]
    result["page_script_cpu_ms_p50"] = _ms(statistics.median(scripts)) if scripts else None
    result["server_args"] = server_args or []
    return result


def render(result: dict[str, Any]) -> str:
    lines = [
        f"first load of a game, to a board that takes clicks: cold server "
        f"{result['first_load_cold_s']} s, warm server {result['first_load_warm_s']} s",
        f"page script CPU per run (median): {result['page_script_cpu_ms_p50']} ms",
    ]
    for p in result["phases"]:
        lines.append(
            f"{p['name']}: {p['sessions']} sessions, {p['clicks']} clicks, click to next "
            f"decision p50 {p['latency_p50_ms']} ms / p95 {p['latency_p95_ms']} ms, server CPU "
            f"per click {p['server_cpu_per_click_ms']} ms, search pool {p['pool_cpu_s']} CPU-s, "
            f"browsers {p['browsers_cpu_s']} CPU-s over {p['wall_s']} s, "
            f"load average {p['load_average']}"
        )
    lines.append(
        f"p95 with the strong bots / without: {result['p95_ratio_with_bots']}, p50: "
        f"{result['p50_ratio_with_bots']} (players pausing {result['think_s']} s before each "
        "click)"
    )
    return "\n".join(lines)


# ---------------------------------------------------------------- games with a friend

VERSION_JS = """() => {
  const mark = document.querySelector('[data-id="game-version"]');
  return mark ? Number(mark.getAttribute("data-version")) : -1;
}"""


@dataclass
class FriendsRun:
    games: int
    moves: int = 0
    seen: list[float] = field(default_factory=list)  # seconds, a move to the other page
    unseen: int = 0  # moves the other page had not shown after WAIT_MS
    lost: int = 0  # clicks the mover's own page had not shown as a move after WAIT_MS
    server_cpu: float = 0.0
    wall: float = 0.0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self.seen)
        return {
            "games": self.games,
            "sessions": 2 * self.games,
            "moves": self.moves,
            "unseen_moves": self.unseen,
            "lost_clicks": self.lost,
            "seen_p50_ms": _ms(_quantile(ordered, 0.5)),
            "seen_p95_ms": _ms(_quantile(ordered, 0.95)),
            "server_cpu_per_move_ms": _ms(self.server_cpu / self.moves) if self.moves else None,
            "wall_s": round(self.wall, 1),
            "load_average": [round(x, 2) for x in self.load],
        }


SEAT_JS = """() => {
  const mark = document.querySelector('[data-id="game-version"]');
  const running = document.querySelector('[data-testid="stStatusWidget"]');
  if (!mark || running) return "";
  const over = document.querySelector('[data-id="score"]');
  const choices = document.querySelectorAll('[class*="st-key-choice_"] button').length;
  const cards = document.querySelectorAll(".polis-cards .hand button.card").length;
  // a seat whose turn it is says so in its tab's title; its choices or cards drawn
  const deciding = document.title.startsWith("●") && (choices > 0 || cards >= 2);
  return over ? "over" : deciding ? "deciding" : "waiting";
}"""


async def _version(page: Any) -> int:
    return int(await page.evaluate(VERSION_JS))


async def _until_version(page: Any, wanted: int, deadline: float) -> None:
    while await _version(page) < wanted:
        if time.monotonic() > deadline:
            raise StalledError(f"the page never showed move {wanted}")
        await asyncio.sleep(0.02)


async def _shown_at(page: Any, wanted: int, deadline: float) -> float | None:
    """When the page showed move `wanted` (None: not by the deadline)."""
    try:
        await _until_version(page, wanted, deadline)
    except StalledError:
        return None
    return time.monotonic()


async def _seat(page: Any) -> str:
    return str(await page.evaluate(SEAT_JS))


async def _mover(seats: tuple[Any, Any], deadline: float) -> Any | None:
    """The page of the seat to move, once it has drawn its choices; None once it is over."""
    while time.monotonic() < deadline:
        shown = [await _seat(page) for page in seats]
        if "over" in shown:
            return None
        if "deciding" in shown:
            return seats[shown.index("deciding")]
        await asyncio.sleep(0.05)
    raise StalledError("neither seat's page offered a move")


async def _friend_game(
    seats: tuple[Any, Any], moves: int, seed: int, run: FriendsRun, go: _Start, think: float
) -> None:
    """Two pages at one stored game: the seat to move clicks, the other is timed until it
    shows the move (its page asks the store once a second)."""
    chooser = random.Random(seed)
    await _mover(seats, time.monotonic() + WAIT_MS / 1000)  # both pages show the game
    await go.wait()
    for _ in range(moves):
        await asyncio.sleep(think)
        mover = await _mover(seats, time.monotonic() + WAIT_MS / 1000)
        if mover is None:
            break  # the game is over: the timed part of this game is too
        other = seats[1] if mover is seats[0] else seats[0]
        before = await _version(mover)
        try:
            clicked = await _click_one(mover, chooser)
        except Exception:  # a rerun redrew the button under the click: look again
            continue
        if not clicked:
            break  # nothing but losing choices: the timed part of this game is over
        started = time.monotonic()
        deadline = started + WAIT_MS / 1000
        mine, theirs = await asyncio.gather(
            _shown_at(mover, before + 1, deadline), _shown_at(other, before + 1, deadline)
        )
        if mine is None:  # the click never became a move (its rerun was lost)
            run.lost += 1
            break
        if theirs is None:  # counted, and this game's timed part ends: it cannot go on
            run.unseen += 1
            break
        run.seen.append(theirs - started)
        run.moves += 1


async def _friends(
    server: Server, store_url: str, games: int, moves: int, think: float
) -> FriendsRun:
    from playwright.async_api import async_playwright

    from polis.play.remote import invite
    from polis.store import GameStore

    with GameStore(store_url) as store:
        compiled = compile_ruleset("2e")
        invites = [invite(store, compiled, None) for _ in range(games)]
    run = FriendsRun(games)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        for made in invites:
            pair = []
            for token in made.tokens:
                context = await browser.new_context(viewport={"width": 1366, "height": 900})
                page = await context.new_page()
                await page.goto(f"{server.url}/play?lang=en&seat={token}")
                pair.append(page)
            pages.append((pair[0], pair[1]))
        go = _Start(games)
        playing: asyncio.Future[Any] = asyncio.gather(
            *(_friend_game(pair, moves, i, run, go, think) for i, pair in enumerate(pages))
        )
        loaded: asyncio.Future[Any] = asyncio.ensure_future(go.all_loaded.wait())
        # a game that fails before every page has loaded would leave the others waiting
        await asyncio.wait({playing, loaded}, return_when=asyncio.FIRST_COMPLETED)
        if playing.done():
            loaded.cancel()
            playing.result()  # raises what went wrong
        own, _children = server.cpu()
        started = time.monotonic()
        go.release()
        await playing
        run.wall = time.monotonic() - started
        run.server_cpu = server.cpu()[0] - own
        run.load = os.getloadavg()
        await browser.close()
    return run


def bench_friends(games: int = 20, moves: int = 8, think: float = THINK_SECONDS) -> dict[str, Any]:
    """`games` stored games, each played from two Chromium sessions: how long until the
    other seat sees a move (p50, p95), and the server's CPU per move (its own process,
    the polling of every waiting page included)."""
    with tempfile.TemporaryDirectory(prefix="polis-bench-friends-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'games.db'}"
        with serve([], Path(tmp), database=url) as server:
            run = asyncio.run(_friends(server, url, games, moves, think))
    return run.summary() | {"think_s": think}


def render_friends(result: dict[str, Any]) -> str:
    return (
        f"games with a friend: {result['games']} games ({result['sessions']} sessions), "
        f"{result['moves']} moves seen ({result['unseen_moves']} not within {WAIT_MS // 1000} s, "
        f"{result['lost_clicks']} clicks that made no move); "
        f"until the other seat sees a move p50 {result['seen_p50_ms']} "
        f"ms / p95 {result['seen_p95_ms']} ms; server CPU per move "
        f"{result['server_cpu_per_move_ms']} ms; load average {result['load_average']} "
        f"(players pausing {result['think_s']} s before each move)"
    )
