"""The engine's entry points: set up a game, list the choices, play one.

Kept apart from the package's `__init__` so that they are compiled with the
rest of the hot path (see polis/native.py); `polis.engine` re-exports them.
"""

from __future__ import annotations

from collections.abc import Iterable

from polis.compiler.config import EngineConfig
from polis.engine import flow
from polis.engine import rng as _rng
from polis.engine.phases import PHASES, Action, register
from polis.engine.refusals import explain
from polis.engine.state import IN_BOX, NO_EVENT, NO_WINNER, SLOT_COVERED, SLOT_FREE, State, put
from polis.engine.tables import tables

register("over", lambda s: [], lambda s, a: None, rule="game.over")


def new_game(config: EngineConfig, seed: int, *, forced_dice: Iterable[int] = ()) -> State:
    """Set up a game (setup, project reveal, first event) and return the first decision."""
    cfg = config
    n_areas, n_goods = len(cfg.areas), len(cfg.goods)
    s = State()
    s.cfg = cfg
    s.tables = tables(cfg)
    s.round = 0
    s.phase = "setup"
    s.player = -1
    s.active = 0
    s.actions_done = 0
    s.used_actions = 0
    s.passed = 0
    s.first_passer = -1
    s.first_player = -1
    s.round_event = NO_EVENT
    s.units = [0] * (2 * n_areas)
    s.owner = [-1] * len(cfg.poleis)
    s.pop = [0] * len(cfg.poleis)
    s.goods = [0] * (2 * n_goods)
    s.prestige = [0, 0]
    s.merchants_hired = (0, 0)
    s.proxenos = (-1, -1)
    s.proj_loc = (IN_BOX,) * len(cfg.projects)
    s.proj_done = (False,) * len(cfg.projects)
    s.market = (cfg.market_start_column,) * len(cfg.track_goods)
    s.slots = tuple(SLOT_COVERED if slot.covered else SLOT_FREE for slot in cfg.slots)
    s.tributed = (-1,) * cfg.n_territories
    s.siege_discs = (0,) * (2 * len(cfg.poleis))
    s.grown = (0,) * len(cfg.poleis)
    s.cur_action = s.cur_polis = s.cur_dest = s.cur_project = s.cur_slot = -1
    s.cur_count = 0
    s.effect_queue = ()
    s.lasting = ()
    s.step = ""
    s.step_queue = ()
    s.then = ""
    s.battle = None
    s.battles_pending = ()
    s.battles_fought = ()
    s.rng = _rng.seed_state(seed)
    s.forced = tuple(forced_dice)
    s.chance = 0
    s.winner = NO_WINNER
    s.reason = ""
    s.log = []
    for side, setup in enumerate(cfg.setup):
        for polis, population in setup.poleis:
            s.owner[polis] = side
            s.pop[polis] = population
        for area, n in (*setup.hoplites, *setup.galleys):
            s.units[side * n_areas + area] = n
        s.goods[side * n_goods : (side + 1) * n_goods] = list(setup.goods)
        s.prestige[side] = setup.prestige
        s.merchants_hired = put(s.merchants_hired, side, setup.merchants)
        s.proxenos = put(s.proxenos, side, setup.proxenos)
    s.emit("setup", ruleset=cfg.id, seed=seed)
    flow.start_round(s)
    return s


def legal_actions(state: State) -> list[Action]:
    """The choices open to `state.player` now (empty once the game is over)."""
    return PHASES[state.phase].legal(state)


def advance(state: State, action: Action) -> None:
    """Play `action` on `state` itself, trusting that it is legal.

    `apply_unchecked` is this on a copy; this is for a caller that owns the state and
    needs no earlier position (a bot's rollout). The log then holds the entries
    of this step only, as after `apply_unchecked`.
    """
    state.log = []
    PHASES[state.phase].play(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """The next state, trusting that `action` is legal (for bots and replay of checked records)."""
    nxt = state.copy()
    advance(nxt, action)
    return nxt


def apply(state: State, action: Action) -> State:
    """The next state; raises Refusal (with the rule it breaks) if `action` is not legal."""
    refusal = explain(state, tuple(action))
    if refusal is not None:
        raise refusal
    return apply_unchecked(state, tuple(action))
