"""Where stored games live: a database URL from the environment, the app's secrets or the default.

Kept free of SQLAlchemy so the CLI and the app can name the database before
anything heavy is imported.

- `POLIS_DATABASE_URL`: any database URL (`postgresql://user:pass@host/db`,
  `sqlite:////abs/path/games.db`); wins over everything else.
- Streamlit's secrets, `[connections.polis] url = "..."` (the app passes them in).
- Otherwise a SQLite file `polis.db` in the data folder: `POLIS_DATA_DIR`, or
  `data/` under the working folder.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

URL_VARIABLE = "POLIS_DATABASE_URL"
DATA_VARIABLE = "POLIS_DATA_DIR"
DEFAULT_DATA_DIR = "data"
DATABASE_FILE = "polis.db"
SECRETS_CONNECTION = "polis"  # [connections.polis] in .streamlit/secrets.toml


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the default SQLite file: POLIS_DATA_DIR, else ./data."""
    env = os.environ if environ is None else environ
    return Path(env.get(DATA_VARIABLE) or DEFAULT_DATA_DIR).absolute()


def secrets_url(secrets: Mapping[str, Any] | None) -> str | None:
    """`[connections.polis] url` from Streamlit's secrets, if they give one."""
    if not secrets:
        return None
    connections = secrets.get("connections")
    entry = connections.get(SECRETS_CONNECTION) if isinstance(connections, Mapping) else None
    url = entry.get("url") if isinstance(entry, Mapping) else None
    return url if isinstance(url, str) and url else None


def default_url(
    secrets: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """POLIS_DATABASE_URL, else the secrets' url, else sqlite:///<data dir>/polis.db."""
    env = os.environ if environ is None else environ
    given = env.get(URL_VARIABLE) or secrets_url(secrets)
    if given:
        return given
    return "sqlite:///" + (data_dir(env) / DATABASE_FILE).as_posix()


def driver_url(url: str) -> str:
    """The URL with the driver this project installs: `postgresql://` means psycopg 3.

    SQLAlchemy's default for a bare `postgresql://` is psycopg2, which is not a
    dependency; `postgres://` (Heroku's spelling) is read the same way.
    """
    for bare in ("postgresql://", "postgres://"):
        if url.startswith(bare):
            return "postgresql+psycopg://" + url[len(bare) :]
    return url
