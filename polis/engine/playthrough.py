"""Golden playthroughs: a seeded game written out step by step (as OpenSpiel does).

Each step shows the decision (round, phase, player, how many choices), the
choice made and what the engine logged. A committed playthrough is replayed in
the tests; any change to the rules data or the engine that alters play shows
up as a readable diff.
"""

from __future__ import annotations

import json
import random
from typing import Any

from polis.compiler import compile_ruleset
from polis.engine.core import apply_unchecked, legal_actions, new_game
from polis.engine.outcomes import scores
from polis.engine.record import action_json
from polis.engine.state_json import apply_overrides


def _compact(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def playthrough(ruleset: str, seed: int, start: dict[str, Any] | None = None) -> str:
    compiled = compile_ruleset(ruleset)
    cfg = compiled.config
    state = new_game(cfg, seed)
    if start:
        apply_overrides(state, start)
    chooser = random.Random(seed)
    lines = [
        f"# ruleset {ruleset}, seed {seed}, start {_compact(start or {})}",
        f"# content hash {compiled.content_hash}",
    ]
    lines += [f"  | {key} {_compact(params)}" for key, params in state.log]
    step = 0
    while not state.finished:
        options = legal_actions(state)
        action = chooser.choice(options)
        who = cfg.sides[state.player]
        prestige = "/".join(str(p) for p in state.prestige)
        lines.append(
            f"{step} {cfg.rounds[state.round].id} {state.phase} {who} "
            f"legal={len(options)} prestige={prestige}"
        )
        lines.append(f"  > {_compact(action_json(state, action))}")
        state = apply_unchecked(state, action)
        lines += [f"  | {key} {_compact(params)}" for key, params in state.log]
        step += 1
    final = scores(state)
    points = ", ".join(f"{sid} {final[side]}" for side, sid in enumerate(cfg.sides))
    lines.append(f"# final: {state.winner_id()} ({state.reason}); {points}")
    return "\n".join(lines) + "\n"
