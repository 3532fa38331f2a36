"""The search pool: the same move as in the page's own process, progress, cancelling, bounds."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from polis.compiler import compile_ruleset
from polis.play import pool as pool_module
from polis.play.game import GameSession
from polis.play.pool import PoolBusyError, SearchJob, SearchPool, search_here


@pytest.fixture(scope="module")
def pool() -> Iterator[SearchPool]:
    searches = SearchPool(1)
    yield searches
    searches.shutdown()


def finish(pool: SearchPool, ticket: pool_module.Ticket, seconds: float = 60) -> pool_module.Status:
    deadline = time.monotonic() + seconds
    status = pool.poll(ticket)
    while not status.done and time.monotonic() < deadline:
        status = pool.wait(ticket, 0.2)
    return status


def later_job(controller: str = "mcts:quick", steps: int = 6) -> tuple[GameSession, SearchJob]:
    """A job a few decisions into a game, so the worker replays a history (with `steps` 0:
    Sparta's opening turn, a decision among many actions: a search of the whole budget)."""
    game = GameSession.start(compile_ruleset("2e"), 9, ("greedy", "greedy"), answer=False)
    game.run_bots(limit=steps)
    game.controllers = ("human", controller) if game.state.player == 1 else (controller, "human")
    return game, game.bot_job()


def test_a_job_gives_the_same_move_in_the_pool_as_here(pool: SearchPool) -> None:
    game, job = later_job()
    here = search_here(job, None, game.state)
    assert search_here(job) == here  # replayed from the job alone
    status = finish(pool, pool.submit(job))
    assert status.done and status.error is None and status.action == here
    # the worker keeps the game's position: the next decision replays only the new moves
    game.push(here, by_bot=True)
    if game.awaiting_bot:
        assert finish(pool, pool.submit(game.bot_job())).action == search_here(game.bot_job())


def test_progress_is_reported_while_the_search_runs(pool: SearchPool) -> None:
    _game, job = later_job("mcts:strong", steps=0)
    ticket = pool.submit(job)
    shares = []
    status = pool.poll(ticket)
    while not status.done:
        shares.append(status.share)
        status = pool.wait(ticket, 0.05)
    assert status.action is not None
    assert any(0 < share < 1 for share in shares)


def test_a_cancelled_search_stops_and_frees_its_slot(pool: SearchPool) -> None:
    _game, job = later_job("mcts:strong", steps=0)
    ticket = pool.submit(job)
    while pool.poll(ticket).share == 0:  # running
        time.sleep(0.01)
    pool.cancel(ticket)
    status = finish(pool, ticket, 10)
    # no move: the search stopped at a report (one that ran to its end gives its move even
    # when the cancel comes late); a wall-clock bound here failed on a loaded machine
    assert status.done and status.action is None
    deadline = time.monotonic() + 5
    while pool.busy() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pool.busy() == 0


def test_a_search_nobody_polls_is_cancelled(pool: SearchPool) -> None:
    _game, job = later_job("mcts:strong", steps=0)
    ticket = pool.submit(job)
    assert pool._watchdog.is_alive()  # it sweeps every second; here the sweep is called
    pool._sweep()  # polled just now: kept
    assert not pool._cancelled[ticket.slot]
    ticket.polled -= pool_module.STALE_SECONDS + 1  # its session went away
    pool._sweep()
    status = finish(pool, ticket, 10)
    assert status.done and status.action is None


def test_a_queued_job_nobody_polls_is_cancelled_and_the_pool_goes_on(pool: SearchPool) -> None:
    """A queued job's cancel runs its callback at once, inside the watchdog's sweep: the
    sweep must not wait for itself (it did, and every poll after it hung)."""
    _game, job = later_job("mcts:strong", steps=0)
    # the executor hands a job on to its worker's queue ahead of time (it is "running" then
    # and cannot be cancelled): the last of four is still waiting in the pool
    tickets = [pool.submit(job) for _ in range(4)]
    queued = tickets[-1]
    assert not queued.future.running()
    queued.polled -= pool_module.STALE_SECONDS + 1

    def sweep() -> None:  # as the watchdog does
        with pool._lock:
            pool._sweep()

    swept = threading.Thread(target=sweep, daemon=True)
    swept.start()
    swept.join(10)
    assert not swept.is_alive()  # the sweep is over, not waiting for its own lock
    assert queued.future.cancelled() and pool.poll(queued).action is None
    for ticket in tickets[:-1]:
        pool.cancel(ticket)
    deadline = time.monotonic() + 30
    while pool.busy() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pool.busy() == 0  # every slot free again
    quick = later_job("mcts:quick")[1]
    assert finish(pool, pool.submit(quick)).action is not None  # and the pool goes on


def test_a_queued_job_knows_how_many_are_ahead(pool: SearchPool) -> None:
    # `normal`, not `strong`: the workers run niced, and on a machine busy with other work
    # three strong searches outlasted the deadline below (queueing is the same at any level)
    _game, job = later_job("mcts:normal", steps=0)
    tickets = [pool.submit(job) for _ in range(3)]
    assert pool.poll(tickets[2]).waiting >= 1
    # each is polled while it waits, as its session would (a job nobody polls for
    # STALE_SECONDS is cancelled: on a loaded machine two strong searches take longer)
    deadline = time.monotonic() + 120
    while not all(pool.poll(t).done for t in tickets) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert all(pool.poll(t).action is not None for t in tickets)


def test_a_queued_job_cancelled_by_the_watchdog_frees_its_slot_without_a_deadlock(
    pool: SearchPool,
) -> None:
    """Cancelling a queued future runs its done-callback at once; it takes the pool's lock."""
    _game, job = later_job("mcts:strong", steps=0)
    running, queued = pool.submit(job), pool.submit(job)
    queued.polled -= pool_module.STALE_SECONDS + 1
    pool._sweep()  # deadlocked here when the sweep held the lock while cancelling
    stopped = finish(pool, queued, 10)  # cancelled in the queue, or at its first report
    assert stopped.done and stopped.action is None
    assert finish(pool, running).action is not None
    deadline = time.monotonic() + 5
    while pool.busy() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pool.busy() == 0


def test_a_full_pool_refuses_more(monkeypatch: pytest.MonkeyPatch, pool: SearchPool) -> None:
    _game, job = later_job("mcts:strong", steps=0)
    monkeypatch.setattr(pool, "_free", [])
    with pytest.raises(PoolBusyError):
        pool.submit(job)


def test_workers_default_to_one_fewer_than_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(pool_module.WORKERS_VARIABLE, raising=False)
    monkeypatch.setattr(pool_module.os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3})
    assert pool_module.default_workers() == 3
    monkeypatch.setattr(pool_module.os, "sched_getaffinity", lambda _pid: {0})
    assert pool_module.default_workers() == 1
    monkeypatch.setenv(pool_module.WORKERS_VARIABLE, "0")
    assert pool_module.default_workers() == 0 and pool_module.shared_pool() is None


def test_a_pool_whose_worker_died_starts_afresh() -> None:
    searches = SearchPool(1)
    try:
        _game, job = later_job()
        for pid in [p.pid for p in searches._executor._processes.values()]:
            os.kill(pid, signal.SIGKILL)
        status = finish(searches, searches.submit(job))
        if status.action is None:  # the kill was seen only by this job: the next one runs
            status = finish(searches, searches.submit(job))
        assert status.action == search_here(job)
    finally:
        searches.shutdown()


SERVER_KILLED = """
import os, signal, sys
from pathlib import Path
from polis.play.pool import SearchPool
searches = SearchPool(1)
Path(sys.argv[1]).write_text(" ".join(str(p.pid) for p in searches._executor._processes.values()))
os.kill(os.getpid(), signal.SIGTERM)  # as a server is stopped: no atexit, no shutdown
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_worker_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    pids = tmp_path / "workers"
    with (tmp_path / "stderr").open("w") as err:  # a file: a worker left behind keeps a pipe
        done = subprocess.run(
            [sys.executable, "-c", SERVER_KILLED, str(pids)],
            stdout=subprocess.DEVNULL,
            stderr=err,
            timeout=120,
            check=False,
        )
    assert done.returncode == -signal.SIGTERM, (tmp_path / "stderr").read_text()
    workers = [int(pid) for pid in pids.read_text().split()]
    assert workers
    deadline = time.monotonic() + 10 * pool_module.ORPHAN_CHECK_SECONDS
    try:
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in workers)
    finally:
        for pid in workers:  # a worker left behind by a broken version of the pool
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/autogroup").exists(), reason="no autogroups here")
def test_a_worker_takes_the_cpu_only_when_nobody_else_wants_it(pool: SearchPool) -> None:
    """Nice alone was not enough: the scheduler shares the CPU between sessions first, so
    a worker in the server's session took that session's share from the browsers."""
    _game, job = later_job()
    assert finish(pool, pool.submit(job)).done  # the worker has started and searched
    for pid in [p.pid for p in pool._executor._processes.values()]:
        assert os.getsid(pid) == pid != os.getsid(0)  # a session (an autogroup) of its own
        assert Path(f"/proc/{pid}/autogroup").read_text().split()[-1] == "19"
        assert os.sched_getscheduler(pid) == os.SCHED_IDLE
