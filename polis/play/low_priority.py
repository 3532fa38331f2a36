"""Let a search worker have the CPU only when the server and the browsers do not want it.

`nice` alone is not enough on Linux: with autogroups (`kernel.sched_autogroup_enabled`,
on by default) the scheduler first shares the CPU fairly between sessions, and only
then by niceness inside a session. The server and its workers share a session, the
players' browsers run in others, so a busy worker at nice 10 still took its session's
full share from the browsers. A worker therefore starts a session of its own (so a
terminal's Ctrl-C no longer reaches it: it ends with its server, polis.play.pool), gives
that session's autogroup the lowest priority, and asks for the idle scheduling class;
each step is taken where the system allows it. Measured (`docs/play.md`): the pool's CPU
in a benchmark phase fell from 8-13 to 3.8 CPU-seconds, but the other players' p95 on
the 2-core machine was still 1.2 to 2.6 times longer while a sixth session's bots
searched (six runs), the benchmark's own browsers filling both cores.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

LOWEST_NICE = 19
AUTOGROUP = Path("/proc/self/autogroup")


def run_only_when_idle() -> None:
    """Lower this process's claim on the CPU as far as the system lets it."""
    with contextlib.suppress(OSError):  # a session leader (never a pool worker) cannot
        os.setsid()
    with contextlib.suppress(OSError):  # no autogroups (another kernel, or a cgroup's own)
        AUTOGROUP.write_text(f"{LOWEST_NICE}\n", encoding="ascii")
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    with contextlib.suppress(OSError):  # still counts inside a group, and off Linux
        os.nice(LOWEST_NICE - os.nice(0))
