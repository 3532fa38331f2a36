"""The real thing: the app's server (`streamlit run polis/app/serve.py`, as ./run app starts
it) on a free port, driven by headless Chromium.

Timings of every Play rerun are appended by the page to POLIS_TIMINGS_FILE; the
tests write their summary and screenshots to tests/artifacts/ (not committed).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
# Flags for this machine's closed network: without the background-networking ones
# Chromium keeps trying (and failing) to reach Google's services at every start.
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
STARTUP_SECONDS = 90


@dataclass(frozen=True)
class Server:
    url: str
    timings: Path
    log: Path
    database: str  # the stored games' database URL (a SQLite file of the server's own)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_healthy(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited early:\n{log.read_text('utf-8')[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"streamlit did not answer within {STARTUP_SECONDS}s")


@contextmanager
def serving(work: Path, database: str | None = None) -> Iterator[Server]:
    """`streamlit run polis/app/serve.py` (serving app.py) on a free port, its stored games
    in `database` (default: a SQLite file in `work`), its timings and log in `work`."""
    work.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    timings, log = work / "timings.txt", work / "streamlit.log"
    database = database or f"sqlite:///{work / 'games.db'}"
    env = {
        **os.environ,
        "POLIS_TIMINGS_FILE": str(timings),
        "POLIS_CACHE_DIR": str(work / "cache"),
        "POLIS_DATABASE_URL": database,
    }
    command = [
        sys.executable, "-m", "streamlit", "run", "polis/app/serve.py",
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.address", "127.0.0.1",
        "--server.fileWatcherType", "none",
        "--browser.gatherUsageStats", "false",
    ]  # fmt: skip
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_healthy(url, proc, log)
        yield Server(url, timings, log, database)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("server")) as started:
        yield started


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./run tests installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # launch() gives every run a new, empty profile directory
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


FIND_JS = """(() => {
  const find = (root) => {
    const hit = root.querySelector(%r);
    if (hit) return hit;
    for (const e of root.querySelectorAll("*")) {
      const inner = e.shadowRoot && find(e.shadowRoot);
      if (inner) return inner;
    }
    return null;
  };
  return find(document);
})()"""


def listeners(page: Any, selector: str, event: str) -> int:
    """How many `event` listeners the element at `selector` has (Chromium's debugger)."""
    cdp = page.context.new_cdp_session(page)
    found = cdp.send("Runtime.evaluate", {"expression": FIND_JS % selector})["result"]
    assert "objectId" in found, selector
    every = cdp.send("DOMDebugger.getEventListeners", {"objectId": found["objectId"]})
    return sum(1 for listener in every["listeners"] if listener["type"] == event)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test leaves a screenshot of each page it had open, and the report
    gets the end of the server's log: a failure in CI can then be looked at, not guessed."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    funcargs = getattr(item, "funcargs", {})
    if report.when != "call" or not report.failed or "browser" not in funcargs:
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shots = []
    for i, context in enumerate(funcargs["browser"].contexts):
        for j, page in enumerate(context.pages):
            path = ARTIFACTS / f"failed-{item.name}-{i}-{j}.png"
            try:
                page.screenshot(path=path, full_page=True)
                shots.append(f"{path.relative_to(ROOT)} ({page.url})")
            except Exception as exc:  # a page that crashed still lets the others be drawn
                shots.append(f"{path.name}: no screenshot ({exc})")
    if shots:
        report.sections.append(("screenshots of the open pages", "\n".join(shots)))
    server = funcargs.get("server")
    if isinstance(server, Server) and server.log.exists():
        report.sections.append(("end of the server's log", server.log.read_text("utf-8")[-4000:]))
