"""One stored move on SQLite and PostgreSQL, interleaved: the figures of docs/games.md, "Speed".

`pytest tests/benchmarks/test_bench_store.py --benchmark-enable -s` prints them.

Reported, never asserted. Client CPU (`time.process_time`) and wall time per
`move()`, CPU per `version()` and per `load()` of the whole game, and the
PostgreSQL server processes' CPU per move (read from /proc). The PostgreSQL
server here runs with fsync on, as a deployment would.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from polis.store import GameStore
from tests.postgres import PostgresServer
from tests.store.conftest import fresh_record, line_of_play

GAMES = 8
SEED = 0  # a game of 77 moves whose choices a seeded generator picks


@pytest.fixture(scope="module")
def durable_server() -> Iterator[PostgresServer]:
    server = PostgresServer(tuned_for_tests=False)
    server.start()
    yield server
    server.remove()


def server_ticks() -> int:
    """CPU clock ticks of every PostgreSQL backend process on this machine (Linux /proc)."""
    total = 0
    for process in Path("/proc").iterdir():
        if not process.name.isdigit():
            continue
        try:
            command = (process / "cmdline").read_bytes().split(b"\0")[0]
            fields = (process / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if b"postgres" in command:
            total += int(fields[11]) + int(fields[12])  # utime + stime
    return total


def test_one_move(benchmark: Any, durable_server: PostgresServer, tmp_path: Path) -> None:
    played = line_of_play(seed=SEED, length=400)
    stores = {
        "sqlite": GameStore(f"sqlite:///{tmp_path / 'games.db'}"),
        "postgresql": GameStore(durable_server.create_database()),
    }
    cpu: dict[str, list[float]] = {name: [] for name in stores}
    wall: dict[str, list[float]] = {name: [] for name in stores}
    polled: dict[str, list[float]] = {name: [] for name in stores}
    loaded: dict[str, list[float]] = {name: [] for name in stores}
    ticks = 0

    def run() -> None:
        nonlocal ticks
        for _ in range(GAMES):
            games = {name: s.create(fresh_record(seed=SEED)).game_id for name, s in stores.items()}
            before = server_ticks()
            for ply, action in enumerate(played):
                order = list(stores.items())
                for name, store in order if ply % 2 == 0 else reversed(order):
                    started, clock = time.process_time(), time.perf_counter()
                    store.move(games[name], ply, action)
                    cpu[name].append(time.process_time() - started)
                    wall[name].append(time.perf_counter() - clock)
                    started = time.process_time()
                    store.version(games[name])
                    polled[name].append(time.process_time() - started)
            ticks += server_ticks() - before
        for _ in range(9):
            for name, store in stores.items():
                started = time.process_time()
                assert store.load(games[name]).version == len(played)
                loaded[name].append(time.process_time() - started)

    benchmark.pedantic(run, rounds=1, iterations=1)
    report: dict[str, Any] = {"moves_per_game": len(played), "games": GAMES}
    for name in stores:
        ms = sorted(1000 * w for w in wall[name])
        report[name] = {
            "move_cpu_ms": round(1000 * statistics.median(cpu[name]), 3),
            "move_wall_ms": round(statistics.median(ms), 3),
            "move_wall_p95_ms": round(ms[int(0.95 * len(ms))], 3),
            "version_cpu_ms": round(1000 * statistics.median(polled[name]), 3),
            "load_cpu_ms": round(1000 * statistics.median(loaded[name]), 3),
        }
        stores[name].close()
    moves = GAMES * len(played)
    report["postgresql"]["server_cpu_ms_per_move"] = round(
        1000 * ticks / os.sysconf("SC_CLK_TCK") / moves, 3
    )
    benchmark.extra_info.update(report)
    print(report)
