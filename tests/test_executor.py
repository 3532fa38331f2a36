"""Bot games on any executor: one process, local worker processes, a Dask cluster.

The same seeds give the same games, and so the same balance record, whichever
plays them; the search bots play on their iteration budgets only, so a slow or
loaded machine gives the same games too.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import polis.bots.mcts
from polis.balance import lab
from polis.balance.game import play_game
from polis.balance.runner import run_games
from polis.bots import LEVELS, Budget
from polis.compiler import compile_ruleset
from polis.executor import (
    ClusterError,
    DaskCluster,
    InProcess,
    LocalProcesses,
    code_fingerprint,
    make_executor,
    worker_facts,
)
from polis.simulate import _play_task, play
from polis.spawn import bare_main

RULESET = "1e-corinthian-war"  # one round: the shortest games
BOT, LEVEL, SEED, GAMES = "mcts", "quick", 11, 3


def _record(executor: Any) -> dict[str, Any]:
    """A balance record of the same run played on `executor`, less what says how it ran."""
    compiled = compile_ruleset(RULESET)
    run = run_games(compiled.config, GAMES, SEED, BOT, LEVEL, executor=executor)
    assert not run.interrupted
    rec = lab.record_of(
        run, compiled, ruleset=RULESET, bot=BOT, level=LEVEL, seed=SEED, workers=executor.workers
    )
    doc = rec.to_json()
    for how in ("seconds", "workers", "code_version"):
        doc.pop(how)
    return doc


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_one_worker_two_workers_and_a_dask_cluster_give_the_same_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    distributed = pytest.importorskip("distributed")
    alone = _record(InProcess())
    with LocalProcesses(2) as local:
        two = _record(local)
    # the cluster's worker processes are spawned: from a bare `__main__`, as the local pool's,
    # since a test before may have left a page script there (AppTest runs pages as __main__)
    with bare_main():
        cluster = distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=40,
        )
    with cluster:
        with DaskCluster(cluster.scheduler_address) as dask:
            assert dask.workers == 2
            assert dask.pure_workers == []  # the workers run the compiled engine, as here
            on_cluster = _record(dask)
        # a worker that runs other code would play other games: it is refused
        monkeypatch.setattr("polis.executor.code_fingerprint", lambda: "0" * 64)
        with pytest.raises(ClusterError) as caught:
            DaskCluster(cluster.scheduler_address)
        assert caught.value.kind == "other_code"
    assert alone["sample"]["index"] == list(range(GAMES))
    assert sum(alone["sample"]["lengths"]["steps"]) > 0
    assert on_cluster == alone
    assert two == alone


def test_a_cluster_that_does_not_answer_is_named() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(ClusterError) as caught:
        make_executor(cluster="tcp://127.0.0.1:9")  # the discard port: nobody listens
    assert caught.value.kind == "unreachable" and caught.value.address == "tcp://127.0.0.1:9"


def test_a_worker_says_what_code_it_runs() -> None:
    facts = worker_facts()
    assert facts["code"] == code_fingerprint()
    assert len(facts["code"]) == 64


def test_the_fingerprint_follows_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import polis.fingerprint as fingerprint

    package = tmp_path / "polis"
    package.mkdir()
    (package / "fingerprint.py").write_text("x = 1\n", "utf-8")
    monkeypatch.setattr(fingerprint, "__file__", str(package / "fingerprint.py"))
    fingerprint.code_fingerprint.cache_clear()
    before = fingerprint.code_fingerprint()
    (package / "bots.json").write_text("{}", "utf-8")
    fingerprint.code_fingerprint.cache_clear()
    after = fingerprint.code_fingerprint()
    fingerprint.code_fingerprint.cache_clear()
    assert after != before


@pytest.fixture
def small_quick_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """`quick` at 40 iterations, the time guard at 0.5 s as shipped (played in this process)."""
    monkeypatch.setitem(
        LEVELS, "quick", Budget(iterations=40, seconds=0.5, rollout_plies=10, prior_visits=5)
    )


def _slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's CPU clock runs a second per reading: a machine far slower than any."""
    ticks = [0.0]

    class Clock:
        @staticmethod
        def process_time() -> float:
            ticks[0] += 1.0
            return ticks[0]

    monkeypatch.setattr(polis.bots.mcts, "time", Clock)


def test_a_balance_game_does_not_depend_on_the_machines_speed(
    small_quick_level: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = compile_ruleset("2e").config
    fast = play_game(cfg, 4, 1, "mcts", "quick")
    _slow_clock(monkeypatch)
    slow = play_game(cfg, 4, 1, "mcts", "quick")
    assert slow == fast and slow.guard_stops == 0 and slow.error is None


def test_a_simulated_game_does_not_depend_on_the_machines_speed(
    small_quick_level: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = compile_ruleset(RULESET).config
    fast = play(cfg, 2, "mcts:quick", "greedy")
    _slow_clock(monkeypatch)
    slow = play(cfg, 2, "mcts:quick", "greedy")
    assert (slow.winner, slow.reason, slow.scores, slow.actions, slow.events) == (
        fast.winner,
        fast.reason,
        fast.scores,
        fast.actions,
        fast.events,
    )
    assert slow.guard_stops == (0, 0) and slow.error is None


def test_the_apps_bots_keep_their_guard(
    small_quick_level: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from polis.bots import make_bot
    from polis.engine import apply_unchecked, legal_actions, new_game

    _slow_clock(monkeypatch)
    bot = make_bot("mcts:quick", 1)
    state = new_game(compile_ruleset("2e").config, 1)
    while len(legal_actions(state)) < 2:
        state = apply_unchecked(state, legal_actions(state)[0])
    bot.choose(state)
    assert bot.guard_stops == 1  # type: ignore[attr-defined]


def test_a_stopped_pool_plays_on_afresh() -> None:
    """Stopping kills the workers of the games in progress; the next run starts new ones."""
    cfg = compile_ruleset("2e").config
    with LocalProcesses(2) as local:
        stopped = run_games(cfg, 20, 1, "greedy", executor=local, stop=lambda: True)
        again = run_games(cfg, 2, 1, "greedy", executor=local)
    assert stopped.interrupted and len(stopped.facts) < 20
    assert not again.interrupted
    assert again.facts == run_games(cfg, 2, 1, "greedy").facts


def _greedy_games(count: int) -> list[tuple[int, int, str, str, None]]:
    return [(i, 40 + i, "greedy", "random", None) for i in range(count)]


@pytest.fixture
def pythons_ctrl_c() -> Iterator[None]:
    """Ctrl-C raising KeyboardInterrupt, as in a terminal (a test run started in the
    background by a shell without job control inherits Ctrl-C ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.usefixtures("pythons_ctrl_c")
def test_ctrl_c_while_results_stream_in_is_raised_where_the_stream_looks() -> None:
    """A Ctrl-C is noted while the pool's results stream in and raised at the stream's next
    look, not wherever the main thread happens to be: raised between handing a game to the
    pool and noting it as pending, it could leave a game that nobody would drop and the
    run would wait for."""
    tasks = _greedy_games(50)
    cfg = compile_ruleset("2e").config
    with LocalProcesses(2) as local:
        results = local.results(_play_task, cfg, tasks)
        next(results)  # streaming: Ctrl-C is now only noted
        assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # the handler has run in this thread: nothing was raised here
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            for _result in results:
                pass
        assert time.monotonic() - started < 5  # raised at the next look, the workers killed
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back
        again = list(local.results(_play_task, cfg, tasks[:2]))  # a new pool plays on
    assert sorted(index for index, _game in again) == [0, 1]


@pytest.mark.usefixtures("pythons_ctrl_c")
def test_a_stream_left_early_gives_ctrl_c_back() -> None:
    tasks = _greedy_games(10)
    with LocalProcesses(2) as local:
        results = local.results(_play_task, compile_ruleset("2e").config, tasks)
        next(results)
        results.close()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
