"""The games of a run, kept as they finish: an append-only JSON-lines file, for `--resume`.

The first line is the header: the format and what the run is pinned to (the
ruleset's content hash, the code's fingerprint, the bots with their levels,
the seed, ...). Each later line is one finished game: `{"index": i, "game": {...}}`.

A line is written whole or not at all as far as a reader is concerned: the
complete line (its newline included) goes out in one `os.write` on a file
opened for appending, then `os.fsync`. A crash or a kill in the middle of a
write can leave a torn last line; `resume` ignores it and cuts it off before
appending. Every other line must parse, or the log is refused as damaged.

`resume` compares the stored header with the run asked for and refuses a
mismatch (`LogMismatchError` names the fields that differ): games played
under other rules, other code or other bots must not be mixed into a run.
The number of games is not pinned: a resumed run may ask for more games
(game i always has seed + i) or fewer (the games beyond are left out).

Whole-file writes (a record, a table) go through a temporary file and a
rename; this module is only for the game logs.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

FORMAT = "polis-games/1"
MAX_LINE_BYTES = 1024 * 1024  # a game's line is about 1 kB; anything far larger is damage


class LogError(Exception):
    """A game log that cannot be resumed: `path`, the damaged `line` (1 is the header)."""

    def __init__(self, path: Path, line: int, detail: str) -> None:
        super().__init__(f"{path}: line {line}: {detail}")
        self.path = path
        self.line = line
        self.detail = detail


class LogMismatchError(LogError):
    """The stored run was pinned to something else; `fields` names what differs."""

    def __init__(self, path: Path, fields: list[str]) -> None:
        super().__init__(path, 1, "made for another run: " + ", ".join(fields))
        self.fields = fields


class GameLog:
    """An open game log; `append` adds one finished game."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def start(cls, path: Path, pinned: dict[str, Any]) -> GameLog:
        """A new log with its header (any log at `path` is replaced)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            _write_line(fd, {"format": FORMAT, **pinned})
        finally:
            os.close(fd)
        tmp.replace(path)  # a reader sees the old log or the new header, never half of it
        return cls(path, os.open(path, os.O_WRONLY | os.O_APPEND))

    @classmethod
    def resume(cls, path: Path, pinned: dict[str, Any]) -> tuple[GameLog, dict[int, Any]]:
        """The log at `path` opened for appending, and its games by index.

        LogMismatchError if it was pinned to another run, LogError if it is damaged
        (FileNotFoundError if there is none).
        """
        with path.open("rb") as fh:
            raw = fh.read()
        lines = raw.split(b"\n")
        torn = lines.pop()  # after the last newline: b"" for a whole file, else a torn line
        keep = len(raw) - len(torn)
        if not lines:
            raise LogError(path, 1, "no header")
        header = _parse(path, 1, lines[0])
        if header.get("format") != FORMAT:
            raise LogError(path, 1, f"not a game log ({FORMAT})")
        keys = sorted(set(pinned) | (set(header) - {"format"}))
        differ = [key for key in keys if header.get(key) != pinned.get(key)]
        if differ:
            raise LogMismatchError(path, differ)
        games: dict[int, Any] = {}
        for number, line in enumerate(lines[1:], start=2):
            entry = _parse(path, number, line)
            index = entry.get("index")
            if not isinstance(index, int) or index < 0 or "game" not in entry:
                raise LogError(path, number, "not a game")
            games[index] = entry["game"]
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        if torn:
            os.ftruncate(fd, keep)  # the torn line goes; the next game starts a line of its own
        return cls(path, fd), games

    def append(self, index: int, game: Any) -> None:
        """Add one finished game, on disk (fsync) before this returns."""
        _write_line(self._fd, {"index": index, "game": game})

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> GameLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def uninterrupted() -> Iterator[None]:
    """Ctrl-C waits for the block's end: a game is logged and counted together, or neither.

    A Ctrl-C meanwhile is noted and handed to the usual handler as the block ends,
    so the number of games a run says it kept is the number its log holds. (Masking
    the signal would not do: the kernel may hand it to a pool's helper thread, whose
    handler still interrupts the main thread at once.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # Python runs signal handlers in the main thread only: no Ctrl-C lands here
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught and callable(previous):
            previous(signal.SIGINT, None)


def _write_line(fd: int, data: dict[str, Any]) -> None:
    line = (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    view = memoryview(line)
    while view:  # a regular file takes it in one write; a short write is finished, not lost
        view = view[os.write(fd, view) :]
    os.fsync(fd)


def _parse(path: Path, number: int, line: bytes) -> dict[str, Any]:
    if len(line) > MAX_LINE_BYTES:
        raise LogError(path, number, f"longer than {MAX_LINE_BYTES} bytes")
    try:
        data = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise LogError(path, number, "not JSON") from None
    if not isinstance(data, dict):
        raise LogError(path, number, "not a JSON object")
    return data


def log_name(*parts: object) -> str:
    """A file name from a run's parts, safe on any file system."""
    import re

    return "-".join(re.sub(r"[^A-Za-z0-9_.]+", "_", str(p)) for p in parts) + ".jsonl"
