"""Bot searches in a bounded pool of worker processes, never on a page's thread.

A search takes a good part of a second of CPU. Run on the thread of the
session that asked for it, it holds the interpreter's lock, and every other
session of the server waits. Here it runs in one of a few worker processes
(one fewer than the machine's cores, at least one, at a lower scheduling
priority than the server), while the asking session only polls.

A job carries what replays the position (the game's rules, seed, start and
actions so far), not the position itself: a worker keeps the compiled rules
and the last position of each game it served, so a decision replays only the
moves since its last one. The bot is built from its spec and a seed derived
from the game (`decision_seed`), so a job gives the same move in any worker,
in any process and in the page's own thread (`search_here`).

Each job owns a slot of two shared arrays: how far its search has come
(`QUEUED`, then 0..1) and whether it is cancelled. A job nobody has polled for
`STALE_SECONDS` (its session closed, its page gone) is cancelled, and its
search stops at its next progress report.

A job is a bot's decision (`kind` "move") or a hint for a person (`kind`
"hint": the search bot's choice with its reasons, polis.play.advice), searched
the same way; a hint's seed is its own, so it is the same wherever it is asked.
"""

from __future__ import annotations

import atexit
import concurrent.futures as futures
import itertools
import json
import multiprocessing
import multiprocessing.sharedctypes
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from polis.bots import Bot, Progress, make_bot
from polis.compiler import Compiled, compile_loaded, compile_ruleset
from polis.engine import Action, State, apply_overrides, apply_unchecked, new_game
from polis.play.advice import Advice, advise
from polis.play.low_priority import run_only_when_idle
from polis.spawn import bare_main

QUEUED = -1.0
SLOTS = 64  # jobs queued or running at once, over all sessions: the pool's bound
STALE_SECONDS = 10.0  # a job nobody polled for this long is cancelled
POSITIONS_KEPT = 32  # games a worker keeps the last position of
WORKERS_VARIABLE = "POLIS_SEARCH_WORKERS"  # how many worker processes; 0: search in the page
ORPHAN_CHECK_SECONDS = 1.0  # how often a worker looks whether its server is still there


@dataclass(frozen=True, slots=True)
class GameKey:
    """What fixes a game's first position: its rules, seed and start."""

    ruleset: str
    content_hash: str
    seed: int
    overlay: str | None = None  # the YAML text of an uploaded overlay
    start: str | None = None  # the record's start overrides, as JSON text


@dataclass(frozen=True, slots=True)
class SearchJob:
    """One bot decision: the game, the moves so far and who decides how."""

    game: GameKey
    actions: tuple[Action, ...]  # engine actions, each checked when it was played
    bot: str  # a bot spec (polis.bots.registry)
    bot_seed: int
    kind: str = "move"  # "move": the bot's decision; "hint": advice for a person


class SearchCancelledError(Exception):
    """Raised inside a search whose job was cancelled."""


class PoolBusyError(Exception):
    """Every slot holds a job: the server is as busy as it lets itself be."""


def decision_seed(game_seed: int, side: int, step: int) -> int:
    """The seed of the bot deciding `step` for `side`: one per decision, fixed by the game."""
    return (game_seed * 1_000_003 + step * 2 + side) % 2**63


def default_workers() -> int:
    """From the environment, else one fewer than the cores this process may use."""
    asked = os.environ.get(WORKERS_VARIABLE, "").strip()
    if asked.isdigit():
        return int(asked)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (cores or 1) - 1)


# ---------------------------------------------------------------- the search itself


def _compiled(game: GameKey) -> Compiled:
    if game.overlay is not None:
        from polis.rules.loader import load_overlay_text

        return compile_loaded(load_overlay_text(game.overlay, display="overlay.yaml"))
    return compile_ruleset(game.ruleset)


class _Positions:
    """A worker's memory: compiled rules and the last position reached in each game."""

    def __init__(self) -> None:
        self.rules: dict[GameKey, Compiled] = {}
        self.last: OrderedDict[GameKey, tuple[tuple[Action, ...], State]] = OrderedDict()

    def position(self, game: GameKey, actions: tuple[Action, ...]) -> State:
        compiled = self.rules.get(game)
        if compiled is None:
            compiled = self.rules[game] = _compiled(game)
        done: tuple[Action, ...] = ()
        state: State | None = None
        kept = self.last.get(game)
        if kept is not None and actions[: len(kept[0])] == kept[0]:
            done, state = kept
        if state is None:
            state = new_game(compiled.config, game.seed)
            if game.start is not None:
                apply_overrides(state, json.loads(game.start))
        else:
            state = state.copy()
        for action in actions[len(done) :]:  # moves the page has checked already
            state = apply_unchecked(state, action)
        self.last[game] = (actions, state)
        self.last.move_to_end(game)
        while len(self.last) > POSITIONS_KEPT:
            self.last.popitem(last=False)
        return state


_positions = _Positions()


def search_here(
    job: SearchJob, progress: Progress | None = None, state: State | None = None
) -> Action:
    """The job's decision, searched in this process (a worker, or a page without a pool).

    `state`: the job's position where the caller holds it already; else it is replayed.
    """
    if state is None:
        state = _positions.position(job.game, job.actions)
    bot: Bot = make_bot(job.bot, job.bot_seed)
    bot.progress = progress
    return bot.choose(state)


def advise_here(
    job: SearchJob, progress: Progress | None = None, state: State | None = None
) -> Advice:
    """The job's hint (its bot's choice with the reasons), searched in this process."""
    if state is None:
        state = _positions.position(job.game, job.actions)
    return advise(state, job.bot, job.bot_seed, progress)


def run_here(job: SearchJob, progress: Progress | None = None) -> Action | Advice:
    """Whatever the job asks for, done in this process."""
    if job.kind == "hint":
        return advise_here(job, progress)
    return search_here(job, progress)


# ---------------------------------------------------------------- worker side

_progress: Any = None  # the shared arrays, set in each worker by _start_worker
_cancelled: Any = None


def _start_worker(progress: Any, cancelled: Any) -> None:
    global _progress, _cancelled
    _progress, _cancelled = progress, cancelled
    run_only_when_idle()
    parent = os.getppid()
    threading.Thread(target=_leave_with, args=(parent,), name="orphan-watch", daemon=True).start()


def _leave_with(parent: int) -> None:
    """End the worker once the server that started it is gone. A server stopped by a
    signal (SIGTERM kills Streamlit's without running atexit) never shuts its pool down,
    and a worker waits on the pool's queue forever: each stopped server left one behind."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os._exit(0)


def _work(job: SearchJob, slot: int) -> Action | Advice | None:
    if _cancelled[slot]:
        return None
    _progress[slot] = 0.0

    def report(share: float) -> None:
        _progress[slot] = share
        if _cancelled[slot]:
            raise SearchCancelledError

    try:
        return run_here(job, report)
    except SearchCancelledError:
        return None


# ---------------------------------------------------------------- server side


@dataclass(eq=False)
class Ticket:
    """A job handed to the pool; the session that asked keeps it and polls it."""

    job: SearchJob
    slot: int
    future: futures.Future[Action | Advice | None]
    order: int  # when it was handed in, among all jobs
    polled: float = field(default_factory=time.monotonic)


@dataclass(frozen=True, slots=True)
class Status:
    done: bool
    action: Action | None  # the decision, once done (None: cancelled or failed)
    share: float  # how far the search has come, 0..1
    waiting: int  # jobs ahead of this one in the queue (0 once it runs)
    error: str | None = None
    advice: Advice | None = None  # a hint job's result, once done


def _ready() -> int:
    return os.getpid()


class SearchPool:
    """A bounded pool of worker processes running bot searches for every session."""

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")  # never fork a threaded server
        self.workers = workers
        self._progress = multiprocessing.sharedctypes.RawArray("d", SLOTS)
        self._cancelled = multiprocessing.sharedctypes.RawArray("b", SLOTS)
        self._context = context
        self._executor = self._start()
        # re-entrant: the sweep cancels a queued job while holding it, and a cancelled
        # future runs its done callback (`_release`, which takes it too) at once, in the
        # same thread. A plain lock deadlocked there, and every poll after it waited forever
        self._lock = threading.RLock()
        self._free = list(range(SLOTS))
        self._tickets: dict[int, Ticket] = {}
        self._order = itertools.count()
        self._watchdog = threading.Thread(target=self._watch, name="search-watchdog", daemon=True)
        self._closed = threading.Event()
        self._watchdog.start()

    def _start(self) -> futures.ProcessPoolExecutor:
        executor = futures.ProcessPoolExecutor(
            self.workers,
            mp_context=self._context,
            initializer=_start_worker,
            initargs=(self._progress, self._cancelled),
        )
        # every worker starts now (one per task handed in while none is idle), with a bare
        # main module; none starts later, so no search ever starts one from a page's thread
        with bare_main():
            started = [executor.submit(_ready) for _ in range(self.workers)]
        futures.wait(started)
        return executor

    def submit(self, job: SearchJob) -> Ticket:
        self._sweep()
        with self._lock:
            if not self._free:
                raise PoolBusyError
            slot = self._free.pop()
            self._progress[slot] = QUEUED
            self._cancelled[slot] = 0
            try:
                future = self._executor.submit(_work, job, slot)
            except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
                self._executor = self._start()
                future = self._executor.submit(_work, job, slot)
            ticket = Ticket(job, slot, future, next(self._order))
            self._tickets[slot] = ticket
        future.add_done_callback(lambda _f: self._release(ticket))
        return ticket

    def poll(self, ticket: Ticket) -> Status:
        ticket.polled = time.monotonic()
        future = ticket.future
        if future.done():
            if future.cancelled():
                return Status(True, None, 0.0, 0)
            error = future.exception()
            if error is not None:
                return Status(True, None, 0.0, 0, f"{type(error).__name__}: {error}")
            result = future.result()
            if isinstance(result, Advice):
                return Status(True, None, 1.0, 0, advice=result)
            return Status(True, result, 1.0, 0)
        share = self._progress[ticket.slot]
        if share == QUEUED:
            return Status(False, None, 0.0, self._ahead(ticket))
        return Status(False, None, share, 0)

    def wait(self, ticket: Ticket, seconds: float) -> Status:
        """Poll, waiting up to `seconds` for the job to finish (the thread sleeps, not spins)."""
        # poll reports how it ended: done, cancelled or failed
        futures.wait([ticket.future], timeout=seconds)
        return self.poll(ticket)

    def cancel(self, ticket: Ticket) -> None:
        if self._tickets.get(ticket.slot) is ticket:
            self._cancelled[ticket.slot] = 1
        ticket.future.cancel()

    def busy(self) -> int:
        """Jobs queued or running now."""
        with self._lock:
            return len(self._tickets)

    def shutdown(self) -> None:
        self._closed.set()
        for ticket in list(self._tickets.values()):
            self.cancel(ticket)
        self._executor.shutdown(wait=True, cancel_futures=True)

    def _ahead(self, ticket: Ticket) -> int:
        """Queued jobs handed in before this one (each worker takes the oldest first)."""
        with self._lock:
            queued = [
                t
                for t in self._tickets.values()
                if self._progress[t.slot] == QUEUED and not t.future.done()
            ]
        return sum(1 for t in queued if t.order < ticket.order)

    def _watch(self) -> None:
        while not self._closed.wait(1.0):
            self._sweep()

    def _sweep(self) -> None:
        """Cancel the jobs nobody polls any more (their sessions are gone).

        A future cancelled before it ran calls its done-callback (`_release`, which takes
        the lock) at once, in this thread: so the lock is let go before cancelling.
        """
        now = time.monotonic()
        with self._lock:
            stale = [t for t in self._tickets.values() if now - t.polled > STALE_SECONDS]
            for ticket in stale:
                self._cancelled[ticket.slot] = 1
        for ticket in stale:
            ticket.future.cancel()

    def _release(self, ticket: Ticket) -> None:
        with self._lock:
            if self._tickets.get(ticket.slot) is ticket:
                del self._tickets[ticket.slot]
                self._free.append(ticket.slot)


_shared: SearchPool | None = None
_shared_lock = threading.Lock()


def shared_pool() -> SearchPool | None:
    """The process's pool, started on first use; None where searches run in the page."""
    global _shared
    workers = default_workers()
    if workers <= 0:
        return None
    with _shared_lock:
        if _shared is None:
            _shared = SearchPool(workers)
            atexit.register(_shared.shutdown)
        return _shared
