"""The app benchmark's CPU accounting, without a server or a browser (Linux /proc)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from polis import bench_app

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

# a child that starts a grandchild; the grandchild burns about 0.3 s of CPU, then both wait
GRANDCHILD = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
CHILD = (
    "import subprocess, sys, time\n"
    f"subprocess.Popen([sys.executable, '-c', {GRANDCHILD!r} + 'time.sleep(30)'])\n"
    "time.sleep(30)\n"
)


def test_a_process_trees_cpu_counts_its_grandchildren() -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD])
    try:
        # waited for on the grandchild's own CPU: the tree's (the child's start-up with it)
        # reached 0.25 s while the grandchild had burnt 0.24 s, once in a full run
        deadline = time.monotonic() + 20
        grandchildren: list[int] = []
        while time.monotonic() < deadline:
            grandchildren = bench_app._children(child.pid)
            if grandchildren and bench_app._process_cpu(grandchildren[0])[0] >= 0.25:
                break
            time.sleep(0.05)
        assert len(grandchildren) == 1
        # the grandchild's burn is counted through the child (read after it: CPU only grows)
        burnt = bench_app._process_cpu(grandchildren[0])[0]
        assert burnt >= 0.25
        assert bench_app._tree_cpu([child.pid]) >= burnt
        # the server's tree is left out of the browsers' CPU: here the child stands for it
        # (the test runner may have other children, counted in both)
        everything = bench_app.browsers_cpu(server_pid=-1)
        assert everything - bench_app.browsers_cpu(server_pid=child.pid) >= 0.2
    finally:
        for pid in bench_app._children(child.pid):
            subprocess.run(["kill", str(pid)], check=False)
        child.kill()
        child.wait()


def test_a_process_that_is_gone_counts_nothing() -> None:
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait()
    assert bench_app._process_cpu(done.pid) == (0.0, 0.0)
    assert bench_app._children(done.pid) == []
