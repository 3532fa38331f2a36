"""Run one hostile case the way the app and the CLI would, and say what happened.

Run as a worker process (`python -m tests.fuzz.probe`): it reads one case per
line on stdin (JSON, payload in base64) and answers one result per line. The
driver (tests/fuzz/runner.py) sees a crash (the process died), a hang (no
answer in time) or the result:

    accepted   the input was taken; `play` says whether the engine could play it
    refused    only our error type, each message located and on one line
    unlocated  our error type, but a message without a place or on several lines
    traceback  any other exception (what a visitor would see as "Traceback")
"""

from __future__ import annotations

import base64
import json
import random
import re
import resource
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from polis.compiler import Compiled, compile_loaded, compile_ruleset
from polis.engine import apply, legal_actions, new_game
from polis.engine.invariants import violations
from polis.engine.record import Record, RecordError, action_json, loads, replay
from polis.engine.state import State
from polis.engine.state_json import to_json
from polis.rules.issues import RulesError
from polis.rules.loader import load_overlay_text, load_ruleset
from polis.rules.registry import discover, rules_data_dir

GAMES = 3  # games played on every accepted overlay
MAX_STEPS = 4_000  # a whole random game is ~600 decisions
MAX_LEGAL = 5_000  # more choices than a person can be shown in one decision
MEMORY_LIMIT = 2 * 1024**3
LOCATED = re.compile(r"^[^\n]+:\d+:\d+: [^\n]*: [^\n]+$")

_COPIES: dict[str, Path] = {}


def edition_copy(edition: str) -> Path:
    """One scratch copy of each edition folder, reused across cases."""
    if edition not in _COPIES:
        root = Path(tempfile.mkdtemp(prefix="polis-fuzz-"))
        shutil.copytree(rules_data_dir() / "editions" / edition, root / edition)
        _COPIES[edition] = root / edition
    return _COPIES[edition]


def _issue_lines(exc: RulesError) -> list[str]:
    return [issue.format() for issue in exc.issues]


def _refused(lines: list[str], located: bool = True) -> dict[str, Any]:
    bad = [
        line
        for line in lines
        if not line.strip() or "\n" in line or (located and not LOCATED.match(line))
    ]
    if not lines or bad:
        return {"outcome": "unlocated", "detail": (bad or ["(no message)"])[0][:300]}
    return {"outcome": "refused", "detail": lines[0][:300]}


def play(compiled: Compiled, start: State | None = None, games: int = GAMES) -> str:
    """'ok', or what went wrong playing random games (checked apply, invariants, replay)."""
    cfg = compiled.config
    for game in range(games):
        state = start if start is not None else new_game(cfg, game)
        chooser = random.Random(game)
        record = Record(cfg.id, compiled.content_hash, game)
        for _ in range(MAX_STEPS):
            if state.finished:
                break
            options = legal_actions(state)
            if not options:
                return f"no legal action in phase {state.phase}"
            if len(options) > MAX_LEGAL:
                return f"{len(options)} legal actions in phase {state.phase}"
            action = chooser.choice(options)
            record.actions.append(action_json(state, action))
            state = apply(state, action)
            broken = violations(state)
            if broken:
                return f"invariant: {broken[0]}"
        else:
            return f"no end after {MAX_STEPS} decisions"
        if start is None:
            again = list(replay(loads(record.dumps()), compiled))[-1]
            if to_json(again) != to_json(state):
                return "the record does not replay to the same state"
    return "ok"


def _shipped(ruleset: str) -> bool:
    return ruleset in discover()


def open_record(raw: bytes) -> tuple[Compiled, State]:
    """What the Play page does with an uploaded record or a ?record= link."""
    from polis.play.game import open_record as app_open_record

    game, _ = app_open_record(raw, shipped=_shipped)
    return game.compiled, game.state


def run(case: list[Any]) -> dict[str, Any]:
    kind = case[0]
    payload = base64.b64decode(case[-1])
    try:
        if kind == "rules":
            folder = edition_copy(case[1])
            target = folder / case[2]
            original = target.read_bytes()
            try:
                target.write_bytes(payload)
                compiled = compile_loaded(load_ruleset(folder))
            finally:
                target.write_bytes(original)
            return {"outcome": "accepted", "play": play(compiled, games=1)}
        if kind == "overlay":
            compiled = compile_loaded(load_overlay_text(payload, display="upload.yaml"))
            return {"outcome": "accepted", "play": play(compiled)}
        compiled, state = open_record(payload)
        return {"outcome": "accepted", "play": play(compiled, start=state, games=1)}
    except RulesError as exc:
        return _refused(_issue_lines(exc))
    except RecordError as exc:
        return _refused([str(exc)], located=False)
    except Exception as exc:
        frames = traceback.extract_tb(exc.__traceback__)
        where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
        return {"outcome": "traceback", "detail": f"{type(exc).__name__} at {where}: {exc}"[:300]}


def main() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    for rid in discover():
        compile_ruleset(rid)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    for line in sys.stdin:
        case = json.loads(line)
        started = time.process_time()
        result = run(case)
        result["cpu"] = round(time.process_time() - started, 3)
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
