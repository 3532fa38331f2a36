"""The write-failure family (issue 32): outputs that cannot be written, or that are traps.

Each scenario prepares a target in a scratch folder, runs one `polis` command that
writes there (in a fresh interpreter, the way a person runs it; POLIS_FUZZ_PATH
names the checkout to run, as for the other families) and says what happened:

    refused    exit status not 0, one line on stderr, no traceback, nothing harmed
    ok         the command succeeded and harmed nothing (a trap it stepped around)
    traceback  a Python traceback on stderr
    unclear    refused, but with no message or with several lines
    usage      refused by the command line parser before the command ran (typer's box, exit 2)
    damaged    a file, a device or a link that was there was replaced or written through
    leftover   a temporary file stayed behind
    hang       no answer in time

A full disk is a 64 KiB tmpfs filled up and a read-only folder a tmpfs mounted
read-only, where mounting is allowed (root); otherwise a read-only folder is a
folder without write permission and the full disk is left out ("unavailable").
A device target is a private device node (`mknod`, root) or else a named pipe.
Standard output on a full disk is /dev/full, only ever written to.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.fuzz.mutate import ROOT

TIMEOUT = 60.0
OLD = b"the file as it was\n"
# the predictable names a writer might use next to `out.json` (the old `<out>.tmp` among them)
PREDICTABLE_TEMPS = ("out.json.tmp", "out.tmp", ".out.json.tmp", ".out.json.swp", "out.json~")
DRIVER = (
    "import json, sys\n"
    "from polis.cli.main import app\n"
    "app(args=json.loads(sys.argv[1]), prog_name='polis')\n"
)


def tree() -> str:
    return os.environ.get("POLIS_FUZZ_PATH", str(ROOT))


@dataclass
class Run:
    code: int | None  # None: it hung
    stderr: str


def polis(args: list[str], cwd: Path, stdout: Any = subprocess.DEVNULL) -> Run:
    """One command, run as a person would (arguments may hold a NUL: JSON carries them)."""
    env = {**os.environ, "PYTHONPATH": tree(), "LC_ALL": "C.UTF-8"}
    try:
        done = subprocess.run(
            [sys.executable, "-c", DRIVER, json.dumps(args)],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Run(None, "")
    return Run(done.returncode, done.stderr.decode("utf-8", "replace"))


def judged(run: Run, *, harmed: list[str], leftovers: list[str], may_succeed: bool) -> str:
    if run.code is None:
        return "hang"
    if "Traceback" in run.stderr:
        return "traceback"
    if harmed:
        return "damaged"
    if leftovers:
        return "leftover"
    if run.code == 0:
        return "ok" if may_succeed else "damaged"  # it claims to have written what it cannot
    if run.code == 2 and "Invalid value for" in run.stderr:
        return "usage"
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    return "refused" if len(lines) == 1 else "unclear"


def temporaries(folder: Path) -> list[str]:
    """Files a writer left next to its target (the scenario's own files excepted)."""
    own = {"out.json", "victim", "filler", *PREDICTABLE_TEMPS}
    return sorted(p.name for p in folder.iterdir() if p.name not in own)


@contextlib.contextmanager
def tmpfs(folder: Path, *, read_only: bool = False) -> Iterator[bool]:
    """A 64 KiB tmpfs at `folder` while the block runs; False where mounting is not allowed."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = (
        shutil.which("mount") is not None
        and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
            capture_output=True,
            check=False,
        ).returncode
        == 0
    )
    try:
        if mounted:
            (folder / "out.json").write_bytes(OLD)
            if read_only:
                subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def _snapshot(path: Path) -> tuple[int, bytes | None, str | None]:
    try:
        info = os.lstat(path)
    except FileNotFoundError:  # moved away, or replaced and then renamed
        return (0, None, None)
    body = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
    link = str(path.readlink()) if stat.S_ISLNK(info.st_mode) else None
    return (stat.S_IFMT(info.st_mode), body, link)


# ---------------------------------------------------------------- scenarios

Scenario = Callable[[Path, list[str]], str]


def file_scenario(prepare: Callable[[Path], list[Path]], *, may_succeed: bool = False) -> Scenario:
    """Run a command writing `out.json` in a folder `prepare` set up; `prepare` returns the
    paths that must come out of it exactly as they were."""

    def run(folder: Path, command: list[str]) -> str:
        watched = prepare(folder)
        before = {p: _snapshot(p) for p in watched}
        result = polis([*command, str(folder / "out.json")], folder)
        harmed = [str(p) for p in watched if _snapshot(p) != before[p]]
        return judged(result, harmed=harmed, leftovers=temporaries(folder), may_succeed=may_succeed)

    return run


def _link_at_target(folder: Path) -> list[Path]:
    (folder / "victim").write_bytes(OLD)
    (folder / "out.json").symlink_to(folder / "victim")
    return [folder / "victim", folder / "out.json"]


def _links_at_temporaries(folder: Path) -> list[Path]:
    (folder / "victim").write_bytes(OLD)
    for name in PREDICTABLE_TEMPS:
        (folder / name).symlink_to(folder / "victim")
    return [folder / "victim", *(folder / name for name in PREDICTABLE_TEMPS)]


def _device(folder: Path) -> list[Path]:
    try:  # the same device as /dev/full, at a name of our own: nothing shared is at risk
        os.mknod(folder / "out.json", 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    except (PermissionError, AttributeError):
        os.mkfifo(folder / "out.json")
    return [folder / "out.json"]


def _fifo(folder: Path) -> list[Path]:
    os.mkfifo(folder / "out.json")
    return [folder / "out.json"]


def _folder(folder: Path) -> list[Path]:
    (folder / "out.json").mkdir()
    (folder / "out.json" / "inside").write_bytes(OLD)
    return [folder / "out.json" / "inside"]


def _existing(folder: Path) -> list[Path]:
    (folder / "out.json").write_bytes(OLD)
    return []  # replacing it is the point


def mounted_scenario(*, read_only: bool) -> Scenario:
    def run(folder: Path, command: list[str]) -> str:
        mnt = folder / "mnt"
        with tmpfs(mnt, read_only=read_only) as mounted:
            if not mounted:
                if not read_only or os.geteuid() == 0:
                    return "unavailable"  # root writes into a folder without permissions
                mnt.mkdir(exist_ok=True)
                (mnt / "out.json").write_bytes(OLD)
                mnt.chmod(0o555)
            elif not read_only:  # fill the disk: what is left is less than the output
                with contextlib.suppress(OSError), (mnt / "filler").open("wb") as fh:
                    fh.write(b"\0" * (64 * 1024 - 2 * 4096))
            result = polis([*command, str(mnt / "out.json")], folder)
            harmed = [] if (mnt / "out.json").read_bytes() == OLD else [str(mnt / "out.json")]
            left = temporaries(mnt)
            if not mounted:
                mnt.chmod(0o755)
        return judged(result, harmed=harmed, leftovers=left, may_succeed=False)

    return run


def special_path(suffix: str) -> Scenario:
    """An output path no file can have: a NUL in it, or a file where a folder must be."""

    def run(folder: Path, command: list[str]) -> str:
        (folder / "afile").write_bytes(OLD)
        result = polis([*command, str(folder) + suffix], folder)
        harmed = [] if (folder / "afile").read_bytes() == OLD else ["afile"]
        left = sorted(p.name for p in folder.iterdir() if p.name != "afile")
        return judged(result, harmed=harmed, leftovers=left, may_succeed=False)

    return run


def nul_in_ruleset(folder: Path, command: list[str]) -> str:
    """A ruleset name with a NUL in it (it reached os.stat and ended in a traceback)."""
    result = polis(["compile", "2e\x00", "--out", str(folder / "out.json")], folder)
    return judged(result, harmed=[], leftovers=temporaries(folder), may_succeed=False)


def stdout_full(folder: Path, command: list[str]) -> str:
    with Path("/dev/full").open("wb") as full:  # only written to, never replaced
        result = polis(command, folder, stdout=full)
    return judged(result, harmed=[], leftovers=[], may_succeed=False)


FILE_SCENARIOS: dict[str, Scenario] = {
    "full-disk": mounted_scenario(read_only=False),
    "read-only-folder": mounted_scenario(read_only=True),
    "symlink-at-target": file_scenario(_link_at_target),
    "symlinks-at-temporary-names": file_scenario(_links_at_temporaries, may_succeed=True),
    "device-target": file_scenario(_device),
    "fifo-target": file_scenario(_fifo),
    "folder-target": file_scenario(_folder),
    "existing-file": file_scenario(_existing, may_succeed=True),
    "nul-in-path": special_path("/out\x00.json"),
    "parent-is-a-file": special_path("/afile/out.json"),
}
# commands that write a file given on the command line (the file name comes last)
FILE_COMMANDS = {"compile --out": ["compile", "2e", "--out"]}
# commands that print; their standard output is a full disk
STDOUT_COMMANDS = {
    "compile": ["compile", "2e"],
    "list --json": ["list", "--json"],
    "new --json": ["new", "2e", "--json"],
    "rules": ["rules", "2e"],
    "diff": ["diff", "1e", "2e"],
}


def cases() -> list[tuple[str, Callable[[Path], str]]]:
    """(name, run in a scratch folder) for every scenario of every command."""
    out: list[tuple[str, Callable[[Path], str]]] = []
    for cname, command in FILE_COMMANDS.items():
        for sname, scenario in FILE_SCENARIOS.items():
            out.append((f"{cname}: {sname}", lambda f, s=scenario, c=command: s(f, c)))
    out.append(("compile: nul-in-ruleset-name", lambda f: nul_in_ruleset(f, [])))
    for cname, command in STDOUT_COMMANDS.items():
        out.append((f"{cname}: stdout-full", lambda f, c=command: stdout_full(f, c)))
    return out


def run_case(run: Callable[[Path], str]) -> str:
    folder = Path(tempfile.mkdtemp(prefix="polis-writes-"))
    try:
        return run(folder)
    finally:
        for path in folder.rglob("*"):  # a test may have left a folder without permissions
            if path.is_dir() and not path.is_symlink() and not os.path.ismount(path):
                path.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)


GOOD = ("refused", "ok", "usage", "unavailable")


def audit() -> dict[str, Any]:
    outcomes = {name: run_case(run) for name, run in cases()}
    counts = Counter(outcomes.values())
    bad = {n: o for n, o in outcomes.items() if o not in GOOD}
    return {"cases": len(outcomes), **counts, "failures": bad}


if __name__ == "__main__":
    print(json.dumps(audit(), indent=1))
