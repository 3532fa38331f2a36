"""Server time of a Play rerun, measured with AppTest over many clicks of a hotseat game
(no bot thinking). Reported in tests/artifacts/play-reruns.json, never asserted.

Run: `pytest tests/benchmarks/test_bench_play.py --benchmark-enable -s`.

The page writes each run's wall and thread-CPU time, from the top of app.py to the end of
the page, to POLIS_TIMINGS_FILE. AppTest makes a new script cache for every run, so it would
compile the page again each time; the server compiles it once, so the benchmark shares one
cache across runs, as the server does.
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.conftest import ROOT

if TYPE_CHECKING:  # Streamlit is imported when the benchmark runs, not while collecting
    from streamlit.testing.v1 import AppTest

CLICKS = 60
ARTIFACTS = ROOT / "tests" / "artifacts"


def _buttons(app: AppTest, chooser: random.Random) -> Any:
    keys = [b for b in app.button if b.key]
    confirm = [b for b in keys if b.key.startswith("confirm_no")]
    if confirm:  # a losing choice was held back: take it back and choose again
        return confirm[0]
    reveal = [b for b in keys if b.key == "reveal"]
    if reveal:
        return reveal[0]
    options = [b for b in keys if b.key.startswith("choice_")]
    safe = [b for b in options if not b.label.startswith("⚠")]
    return chooser.choice(safe or options) if options else None


def _pick_cards(app: AppTest, chooser: random.Random) -> bool:
    """In a battle, send a legal pick through the card component's state."""
    game = app.session_state["desk"].game
    options = [a for a in game.legal() if a[0] in ("attack", "defend")]
    if not options:
        return False
    action = chooser.choice(options)
    step = len(game.steps)
    app.session_state[f"cards_{step}"] = {
        "pick": {"token": str(step), "kind": action[0], "types": list(action[1:])}
    }
    return True


@pytest.mark.benchmark(group="play")
def test_play_rerun_server_time(benchmark: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import AppTest, app_test, local_script_runner

    timings = tmp_path / "timings.txt"
    monkeypatch.setenv("POLIS_TIMINGS_FILE", str(timings))
    shared = ScriptCache()
    monkeypatch.setattr(local_script_runner, "ScriptCache", lambda: shared)  # app.py
    monkeypatch.setattr(app_test, "ScriptCache", lambda: shared)  # the pages
    chooser = random.Random(8)

    def play() -> int:
        clicks = 0
        app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        app.run()
        app.switch_page("app_pages/play.py").run()
        app.selectbox(key="athens_controller").set_value("human")
        app.selectbox(key="sparta_controller").set_value("human")
        next(b for b in app.button if b.label == "Start").click().run()
        while clicks < CLICKS:
            if app.session_state["desk"].game.state.finished:
                next(b for b in app.button if b.key == "new_game_button").click().run()
                next(b for b in app.button if b.label == "Start").click().run()
            button = _buttons(app, chooser)
            if button is not None:
                button.click().run()
            elif _pick_cards(app, chooser):
                app.run()
            else:
                break
            assert not app.exception, app.exception
            clicks += 1
        return clicks

    assert benchmark.pedantic(play, rounds=1, iterations=1) >= 40
    rows = [line.split() for line in timings.read_text("utf-8").splitlines()]
    runs = [(float(r[1]), float(r[2])) for r in rows if r[0] == "play"][2:]  # not the cold start
    wall = [w for w, _c in runs]
    cpu = [c for _w, c in runs]

    def cut(values: list[float]) -> dict[str, float]:
        return {
            "p50_ms": round(statistics.median(values) * 1000, 1),
            "p95_ms": round(statistics.quantiles(values, n=20)[18] * 1000, 1),
        }

    report = {"reruns": len(runs), "wall": cut(wall), "thread_cpu": cut(cpu)}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "play-reruns.json").write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    print("play reruns:", report)
    assert len(runs) >= 40
