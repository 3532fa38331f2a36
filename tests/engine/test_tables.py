"""Per-configuration tables: shared by a game's states, bounded, gone with the configuration."""

from __future__ import annotations

import gc
import random
import weakref

from polis.compiler import compile_ruleset
from polis.compiler.config import EngineConfig
from polis.engine import apply_unchecked, legal_actions, new_game
from polis.engine.act_military import allocations
from polis.engine.tables import ALLOCATIONS_MAX, ROUTES_MAX, live_tables, remember, tables


def _play(cfg: object, seed: int) -> object:
    state = new_game(cfg, seed)  # type: ignore[arg-type]
    chooser = random.Random(seed)
    while not state.finished:
        state = apply_unchecked(state, chooser.choice(legal_actions(state)))
    return state


def test_states_of_one_configuration_share_its_tables() -> None:
    cfg = compile_ruleset("2e").config
    first, second = new_game(cfg, 1), new_game(cfg, 2)
    assert first.tables is second.tables is tables(cfg)
    assert first.copy().tables is first.tables
    assert new_game(compile_ruleset("1e").config, 1).tables is not first.tables


def test_an_uploaded_configurations_memos_go_with_it() -> None:
    # a configuration no cache holds, as an uploaded overlay's is
    cfg = compile_ruleset("2e", use_cache=False).config
    games = [_play(cfg, seed) for seed in range(30)]
    memo = tables(cfg)
    assert memo is games[0].tables and memo.routes, "the games asked for proxenos routes"
    memo_gone, cfg_id = weakref.ref(memo.anchor), id(cfg)  # the tables, weakly
    assert cfg_id in live_tables()
    del cfg, games, memo
    gc.collect()
    assert memo_gone() is None and cfg_id not in live_tables()
    # the configuration itself is collected (no memo or registry keeps it alive)
    assert not [o for o in gc.get_objects() if isinstance(o, EngineConfig) and id(o) == cfg_id]


def test_memos_stay_within_their_bounds() -> None:
    cfg = compile_ruleset("1e-second-peloponnesian-war").config
    alive = new_game(cfg, 0)  # keeps the tables (and their memos) from one game to the next
    for seed in range(60):
        _play(cfg, seed)
    memo = alive.tables
    assert 0 < len(memo.routes) <= ROUTES_MAX
    assert len(memo.allocations) <= ALLOCATIONS_MAX


def test_a_full_memo_is_emptied_before_it_grows() -> None:
    memo: dict[int, int] = {}
    for key in range(10):
        assert remember(memo, key, key * key, limit=4) == key * key
        assert len(memo) <= 4 and memo[key] == key * key


def test_allocations_are_not_cached_for_the_whole_process() -> None:
    # they used to sit in an unbounded functools.cache for every configuration ever played
    assert not hasattr(allocations, "cache_info")
    assert sorted(allocations((2, 1), 2)) == [(1, 1), (2, 0)]
