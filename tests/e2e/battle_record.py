"""A game record that reaches a battle, found by steering two greedy bots (bots alone rarely
stack 8 units in one area). Built at test time, so it follows whatever the rules data says."""

from __future__ import annotations

from polis.bots import make_bot
from polis.compiler import compile_ruleset
from polis.engine import Action, apply, legal_actions, new_game
from polis.engine.record import Record, action_json
from polis.engine.state import State

BATTLE_PHASES = ("attack", "retreat", "battle_order")


def _steer(s: State, target: int) -> Action | None:
    """Bring hoplites to `target` once the stacking limit allows a battle there."""
    options = legal_actions(s)
    if s.phase == "turn" and s.round >= 1 and s.prestige[s.player] >= 3:
        for wanted in (("act", "move_hoplites"), ("act", "create_hoplites")):
            if wanted in options:
                return wanted
    if s.phase == "move_dest" and ("dest", target) in options:
        return ("dest", target)
    if s.phase == "move_origin":
        return next((o for o in options if o[0] == "from"), None)
    if s.phase == "build":
        return next((o for o in options if o[0] == "build"), None)
    return None


def battle_record(ruleset: str = "2e", controllers: tuple[str, str] = ("human", "human")) -> Record:
    compiled = compile_ruleset(ruleset)
    cfg = compiled.config
    for target in range(cfg.n_territories):
        for seed in range(1, 12):
            bots = [make_bot("greedy", seed * 2 + 1), make_bot("greedy", seed * 2 + 2)]
            s = new_game(cfg, seed)
            actions: list[list[object]] = []
            while not s.finished and len(actions) < 800:
                if s.phase in BATTLE_PHASES:
                    meta = {"controllers": list(controllers)}
                    return Record(ruleset, compiled.content_hash, seed, actions, meta=meta)
                pick = _steer(s, target) or bots[s.player].choose(s)
                actions.append(action_json(s, pick))
                s = apply(s, pick)
    raise LookupError("no battle found")
