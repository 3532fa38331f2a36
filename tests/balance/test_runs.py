"""Runs are reproducible from their seed, whatever the workers, and keep what finished."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from polis.balance.game import play_game, seeds
from polis.balance.runner import run_games
from polis.balance.sample import Sample, figures
from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, new_game, scores


def _figures(rid: str, facts: tuple) -> dict:  # type: ignore[type-arg]
    cfg = compile_ruleset(rid).config
    return figures(Sample.from_facts(facts, cfg.sides, [a.id for a in cfg.actions]))


def test_seeds_alternate_the_bots_streams() -> None:
    assert seeds(10, 0) == (10, 21, 22)
    assert seeds(10, 1) == (11, 24, 23)  # the second stream plays Athens every other game


def test_same_figures_twice_and_with_one_or_two_workers() -> None:
    cfg = compile_ruleset("2e").config
    one = run_games(cfg, 4, 5, "greedy", workers=1)
    again = run_games(cfg, 4, 5, "greedy", workers=1)
    two = run_games(cfg, 4, 5, "greedy", workers=2)
    assert not one.interrupted and not two.interrupted
    assert [f.index for f in two.facts] == [0, 1, 2, 3]
    assert one.facts == again.facts == two.facts
    assert _figures("2e", one.facts) == _figures("2e", two.facts)


def test_a_game_is_the_same_alone_as_inside_a_run() -> None:
    cfg = compile_ruleset("1e").config
    run = run_games(cfg, 3, 7, "random")
    assert play_game(cfg, 7, 2, "random") == run.facts[2]


def test_counts_agree_with_the_engine() -> None:
    cfg = compile_ruleset("1e").config
    facts = play_game(cfg, 3, 0, "random")
    actions = sum(n for k, n in facts.counts.items() if k.startswith("action:"))
    assert facts.actions == actions > 0
    assert facts.turns >= facts.rounds >= 1
    assert facts.counts.get("siege_won", 0) <= facts.counts.get("siege", 0)
    assert facts.score == (sum(facts.parts[0].values()), sum(facts.parts[1].values()))
    # the same game replayed by hand ends with the same score
    from polis.balance.game import make_player

    game_seed, athens, sparta = seeds(3, 0)
    players = (make_player("random", None, athens), make_player("random", None, sparta))
    state = new_game(cfg, game_seed)
    steps = 0
    while not state.finished:
        state = apply_unchecked(state, players[state.player].choose(state))
        steps += 1
    assert tuple(scores(state)) == facts.score
    assert steps == facts.steps


def test_stop_keeps_the_finished_games() -> None:
    cfg = compile_ruleset("2e").config
    seen: list[int] = []
    run = run_games(
        cfg,
        6,
        1,
        "random",
        progress=lambda done, total: seen.append(done),
        stop=lambda: len(seen) > 3,
    )
    assert run.interrupted
    assert [f.index for f in run.facts] == [0, 1, 2]
    assert run.planned == 6


def test_ctrl_c_keeps_the_finished_games() -> None:
    cfg = compile_ruleset("2e").config

    def progress(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    run = run_games(cfg, 5, 1, "random", progress=progress)
    assert run.interrupted
    assert len(run.facts) == 2


def test_a_pool_run_can_be_stopped() -> None:
    cfg = compile_ruleset("2e").config
    run = run_games(cfg, 50, 1, "greedy", workers=2, stop=lambda: True)
    assert run.interrupted
    assert len(run.facts) < 50


@pytest.mark.parametrize("level", ["nonsense"])
def test_an_unknown_level_is_refused(level: str) -> None:
    from polis.balance.game import resolve_bot

    with pytest.raises(KeyError):
        resolve_bot("greedy", level)
    with pytest.raises(KeyError):
        resolve_bot("no-such-bot", None)


def test_workers_never_run_the_parents_main(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inside the app, `__main__` is the Streamlit page: a worker must not run it again."""
    page = tmp_path / "page.py"
    page.write_text("raise SystemExit('the page ran inside a worker')\n", "utf-8")
    fake_main = types.ModuleType("__main__")
    fake_main.__file__ = str(page)
    monkeypatch.setitem(sys.modules, "__main__", fake_main)
    cfg = compile_ruleset("2e").config
    run = run_games(cfg, 3, 1, "random", workers=2)
    assert not run.interrupted
    assert [f.index for f in run.facts] == [0, 1, 2]
