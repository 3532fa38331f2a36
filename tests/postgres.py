"""A real PostgreSQL server for tests: initdb into a temporary folder, pg_ctl on a free port.

Used by the fixtures `postgresql_server` and `postgresql_url` (tests/conftest.py),
so the storage tests and the browser tests can run on the database a deployment
uses. Debian's binaries live in /usr/lib/postgresql/<version>/bin (the newest
found is used; else those on PATH). PostgreSQL refuses to run as root, so when
the tests run as root (CI) the server runs as the `postgres` user, which owns
its folder. The server is tuned for tests only: no fsync (a test database is
thrown away; nothing here measures durability).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

DEBIAN_ROOT = Path("/usr/lib/postgresql")
SERVICE_USER = "postgres"
INSTALL_HINT = (
    "PostgreSQL is not installed: `./run tests` installs Debian's `postgresql` "
    "(or: apt-get install postgresql)"
)
_names = itertools.count()


class PostgresMissingError(RuntimeError):
    """No PostgreSQL binaries on this machine."""


def bin_dir() -> Path:
    """The folder of initdb and pg_ctl: Debian's newest version, else PATH."""
    versions = []
    if DEBIAN_ROOT.is_dir():
        for folder in DEBIAN_ROOT.iterdir():
            if folder.name.isdigit() and (folder / "bin" / "pg_ctl").is_file():
                versions.append((int(folder.name), folder / "bin"))
    if versions:
        return max(versions)[1]
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    raise PostgresMissingError(INSTALL_HINT)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class PostgresServer:
    """One throw-away server; `url(db)` gives a psycopg URL for SQLAlchemy."""

    def __init__(self, *, tuned_for_tests: bool = True) -> None:
        self.bin = bin_dir()
        self.root = Path(tempfile.mkdtemp(prefix="polis-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0
        self.tuned = tuned_for_tests
        self._as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses root: run it as its own user
            try:
                user = pwd.getpwnam(SERVICE_USER)
            except KeyError:
                raise PostgresMissingError(
                    f"the tests run as root and there is no '{SERVICE_USER}' user to run "
                    f"PostgreSQL as; {INSTALL_HINT}"
                ) from None
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as_user = ["runuser", "-u", SERVICE_USER, "--"]
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )

    def _run(self, tool: str, *args: str) -> None:
        command = [*self._as_user, str(self.bin / tool), *args]
        done = subprocess.run(  # from its own folder: the postgres user may not enter ours
            command, capture_output=True, text=True, timeout=120, check=False, cwd=self.root
        )
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr or done.stdout}")

    def start(self, port: int | None = None) -> None:
        """Start on `port`, or on a free one (taken meanwhile by another process: the next)."""
        settings = [
            "-c listen_addresses=127.0.0.1",
            f"-c unix_socket_directories={self.root}",
            "-c max_connections=200",
        ]
        if self.tuned:
            settings += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        for attempt in range(3):
            self.port = port or free_port()
            options = " ".join([f"-p {self.port}", *settings])
            try:
                self._run(
                    "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                    "-o", options, "start",
                )  # fmt: skip
                return
            except RuntimeError:
                if attempt == 2:
                    raise RuntimeError(f"PostgreSQL did not start: {self.log_tail()}") from None

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text("utf-8", "replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(sql.encode())

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; its URL."""
        name = name or f"polis_test_{os.getpid()}_{next(_names)}"
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
            raise ValueError(f"not a plain database name: {name!r}")
        self._admin(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
