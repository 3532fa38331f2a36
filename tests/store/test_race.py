"""Two clicks racing on one game: exactly one move lands, the others hear "moved on".

Threads share one GameStore (as a server's sessions do); processes each open
their own (as two servers on one database do). Every round, all racers wait at
a barrier and then send a move for the same version; the round must end with
exactly one success, every loser told the version the winner made, and the
stored game holding each round's move exactly once.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections import Counter
from typing import Any

from polis.spawn import bare_main
from polis.store import GameStore, MovedOnError
from tests.store.conftest import fresh_record, line_of_play

THREADS = 8
THREAD_ROUNDS = 25
PROCESSES = 4
PROCESS_ROUNDS = 15


def race_round(store: GameStore, game_id: str, version: int, action: list[Any]) -> str:
    try:
        new = store.move(game_id, version, action)
    except MovedOnError as moved:
        return f"moved-on:{moved.version}"
    return f"moved:{new}"


def check_rounds(outcomes: list[list[str]], racers: int) -> None:
    for version, results in enumerate(outcomes):
        counts = Counter(results)
        assert counts == {f"moved:{version + 1}": 1, f"moved-on:{version + 1}": racers - 1}, (
            version,
            counts,
        )


def test_threads_racing_make_one_move_each_round(store: GameStore) -> None:
    played = line_of_play(length=THREAD_ROUNDS)
    invite = store.create(fresh_record())
    barrier = threading.Barrier(THREADS)
    outcomes: list[list[str]] = [[] for _ in played]
    lock = threading.Lock()

    def racer() -> None:
        for version, action in enumerate(played):
            barrier.wait(timeout=60)
            result = race_round(store, invite.game_id, version, action)
            with lock:
                outcomes[version].append(result)

    threads = [threading.Thread(target=racer) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    check_rounds(outcomes, THREADS)
    game = store.load(invite.game_id)  # replays: every move once, in order
    assert game.version == len(played) and game.record.actions == played


def _process_racer(
    url: str, game_id: str, played: list[list[Any]], barrier: Any, results: Any
) -> None:
    with GameStore(url) as store:
        for version, action in enumerate(played):
            barrier.wait(timeout=120)
            results.put((version, race_round(store, game_id, version, action)))


def test_processes_racing_make_one_move_each_round(db_url: str) -> None:
    played = line_of_play(length=PROCESS_ROUNDS)
    with GameStore(db_url) as store:
        invite = store.create(fresh_record())
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(PROCESSES)
    results = context.Queue()
    workers = [
        context.Process(
            target=_process_racer, args=(db_url, invite.game_id, played, barrier, results)
        )
        for _ in range(PROCESSES)
    ]
    with bare_main():  # an AppTest earlier in this process may have left app.py as __main__
        for worker in workers:
            worker.start()
    outcomes: list[list[str]] = [[] for _ in played]
    for _ in range(PROCESSES * len(played)):
        version, result = results.get(timeout=300)
        outcomes[version].append(result)
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    check_rounds(outcomes, PROCESSES)
    with GameStore(db_url) as store:
        game = store.load(invite.game_id)
    assert game.version == len(played) and game.record.actions == played
