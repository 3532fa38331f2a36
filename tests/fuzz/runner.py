"""Drive the probe worker: one case at a time, a crash or a hang is a result too."""

from __future__ import annotations

import base64
import json
import os
import selectors
import signal
import subprocess
import sys
from typing import Any

from tests.fuzz.mutate import ROOT, Case

HANG_SECONDS = 60.0  # wall time; the machine is shared, so generous


class Prober:
    """A long-lived `python -m tests.fuzz.probe` process, restarted after a crash or hang."""

    def __init__(self, timeout: float = HANG_SECONDS, python: str = sys.executable) -> None:
        self.timeout = timeout
        self.python = python
        self.proc: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        # POLIS_FUZZ_PATH: the checkout whose code answers (its folder comes first on the path)
        tree = os.environ.get("POLIS_FUZZ_PATH", str(ROOT))
        proc = subprocess.Popen(
            [self.python, "-m", "tests.fuzz.probe"],
            cwd=tree,
            env={**os.environ, "PYTHONPATH": tree},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        ready = proc.stdout.readline()
        if ready.strip() != "ready":
            raise RuntimeError(f"the probe did not start: {ready!r}")
        return proc

    def run(self, case: Case) -> dict[str, Any]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        line = json.dumps([*case[:-1], base64.b64encode(case[-1]).decode("ascii")])
        try:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        except BrokenPipeError:
            return self._died(proc)
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            if not sel.select(self.timeout):
                proc.kill()
                proc.wait()
                self.proc = None
                return {"outcome": "hang", "detail": f"no answer in {self.timeout:.0f} s"}
        answer = proc.stdout.readline()
        if not answer:
            return self._died(proc)
        result: dict[str, Any] = json.loads(answer)
        return result

    def _died(self, proc: subprocess.Popen[str]) -> dict[str, Any]:
        code = proc.wait()
        self.proc = None
        name = signal.Signals(-code).name if code < 0 else f"exit {code}"
        return {"outcome": "crash", "detail": f"the process died ({name})"}

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None
