"""Balance records: a run's games and figures as a JSON file the CLI and the app read.

A record pins what it measured: the ruleset's content hash (the compiled
rules), the bot and its level, the seed, the number of games and the code
version. The project ships one record per shipped ruleset under
`rules_data/balance/` (made by `polis balance-records` with the bot of
`rules_data/balance/settings.yaml`); the CLI keeps the records of its own runs
in the cache folder and reuses one that matches a request exactly.

Loading is checked: at most MAX_RECORD_BYTES, the pydantic model (unknown keys
refused, every column as long as the games), and the stored figures must be
the figures of the stored games. JSON Schema: docs/schema/balance.schema.json.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from polis import __version__
from polis.balance.sample import LENGTHS, PARTS, Sample, figures
from polis.compiler import cache_dir
from polis.rules.registry import rules_data_dir
from polis.safe_write import write_text

FORMAT = "polis-balance/1"
MAX_RECORD_BYTES = 16 * 1024 * 1024  # 2,000 games of a 12-action ruleset take about 1 MB


class RecordError(ValueError):
    """A balance record that cannot be used; the message says why."""


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


Column = list[int]


class SampleDoc(_Doc):
    """Every game of the run, one entry per game in each column (game order)."""

    sides: list[str] = Field(min_length=2, max_length=2)
    action_ids: list[str]
    index: Column = Field(description="game index within the run (seed + index is its seed)")
    winner: list[str] = Field(description="a side id, draw, or error")
    reason: list[str] = Field(description="the engine's end reason, or error")
    score: dict[str, Column] = Field(description="side -> final score per game")
    parts: dict[str, dict[str, Column]] = Field(description="side -> score part -> per game")
    lengths: dict[str, Column] = Field(description="rounds, turns, actions, steps -> per game")
    counts: dict[str, Column] = Field(description="siege, trade, battle, event, action:<id>...")
    guard_stops: Column = Field(description="decisions a search bot's time guard cut short")
    error_samples: list[str] = Field(max_length=3)

    @model_validator(mode="after")
    def _columns_match(self) -> SampleDoc:
        n = len(self.index)
        columns: list[tuple[str, list[Any]]] = [
            ("winner", self.winner),
            ("reason", self.reason),
            ("guard_stops", self.guard_stops),
        ]
        if set(self.score) != set(self.sides) or set(self.parts) != set(self.sides):
            raise ValueError("score and parts must be given for both sides")
        for side in self.sides:
            columns.append((f"score.{side}", self.score[side]))
            if set(self.parts[side]) != set(PARTS):
                raise ValueError(f"parts.{side} must hold {', '.join(PARTS)}")
            columns += [(f"parts.{side}.{p}", v) for p, v in self.parts[side].items()]
        if set(self.lengths) != set(LENGTHS):
            raise ValueError(f"lengths must hold {', '.join(LENGTHS)}")
        columns += [(f"lengths.{k}", v) for k, v in self.lengths.items()]
        columns += [(f"counts.{k}", v) for k, v in self.counts.items()]
        for name, column in columns:
            if len(column) != n:
                raise ValueError(f"{name} has {len(column)} entries for {n} games")
        if len(set(self.index)) != n or any(i < 0 for i in self.index):
            raise ValueError("game indices must be distinct and not negative")
        allowed = {*self.sides, "draw", "error"}
        if any(w not in allowed for w in self.winner):
            raise ValueError(f"a winner must be one of {', '.join(sorted(allowed))}")
        return self


class SensitivityDoc(_Doc):
    """Runs of the ruleset with estimated values moved by one (polis.balance.sensitivity)."""

    games: int = Field(ge=1, description="games per changed ruleset, the same seeds as the record")
    variants: list[dict[str, Any]] = Field(
        description="per group and direction: the values changed, the win rates, the test"
    )
    skipped: list[dict[str, Any]] = Field(
        default_factory=list, description="groups that could not be run, with the reason"
    )


class RecordDoc(_Doc):
    """A balance record (`polis balance`, `rules_data/balance/<ruleset>.json`)."""

    format: Literal["polis-balance/1"]
    ruleset: str
    title: str
    content_hash: str = Field(pattern=r"^[0-9a-f]{64}$", description="sha256 of the compiled rules")
    bot: str
    level: str | None = Field(description="the bot's level, null for a bot without levels")
    seed: int = Field(description="game i uses seed + i")
    games_planned: int = Field(ge=1)
    interrupted: bool = Field(description="stopped before every planned game finished")
    code_version: str
    workers: int = Field(
        ge=1, description="processes that played (the figures do not depend on it)"
    )
    seconds: float = Field(ge=0, description="wall time of the run")
    figures: dict[str, Any] = Field(description="the summary of the games (docs/balance.md)")
    sample: SampleDoc
    sensitivity: SensitivityDoc | None = None


def schema_files() -> dict[str, str]:
    """The record's JSON Schema as committed under docs/schema/ (`polis schema`)."""
    from polis.rules.schema_export import dump

    return {"balance.schema.json": dump(RecordDoc.model_json_schema())}


def code_version() -> str:
    """The package version, with the git commit when run from a checkout."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return __version__
    return f"{__version__}+g{commit}" if re.fullmatch(r"[0-9a-f]{7,40}", commit) else __version__


class BalanceRecord:
    """A loaded, checked record: its metadata, its games and its figures."""

    def __init__(self, doc: RecordDoc) -> None:
        self.doc = doc
        self.sample = Sample.from_json(doc.sample.model_dump())

    @property
    def figures(self) -> dict[str, Any]:
        return self.doc.figures

    @property
    def games(self) -> int:
        return self.sample.games

    def matches(
        self, content_hash: str, bot: str, level: str | None, seed: int, games: int | None
    ) -> bool:
        """Made with these rules, bot, level and seed (and, if given, this many games)?"""
        d = self.doc
        return (
            d.content_hash == content_hash
            and (d.bot, d.level, d.seed) == (bot, level, seed)
            and not d.interrupted
            and (games is None or self.games == games)
        )

    def to_json(self) -> dict[str, Any]:
        return self.doc.model_dump(mode="json")

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n"


def make_record(
    *,
    ruleset: str,
    title: str,
    content_hash: str,
    bot: str,
    level: str | None,
    seed: int,
    sample: Sample,
    games_planned: int,
    interrupted: bool,
    workers: int,
    seconds: float,
) -> BalanceRecord:
    doc = RecordDoc(
        format=FORMAT,
        ruleset=ruleset,
        title=title,
        content_hash=content_hash,
        bot=bot,
        level=level,
        seed=seed,
        games_planned=games_planned,
        interrupted=interrupted,
        code_version=code_version(),
        workers=workers,
        seconds=round(seconds, 3),
        figures=figures(sample),
        sample=SampleDoc.model_validate(sample.to_json()),
    )
    return BalanceRecord(doc)


def loads(raw: bytes | str, *, where: str = "record") -> BalanceRecord:
    """A record from JSON text; RecordError with a plain reason when it cannot be used."""
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{where}: larger than {MAX_RECORD_BYTES} bytes")
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{where}: not UTF-8 JSON ({exc})") from None
    try:
        doc = RecordDoc.model_validate(parsed)
    except ValidationError as exc:
        first = exc.errors()[0]
        path = ".".join(str(p) for p in first["loc"])
        raise RecordError(
            f"{where}: {path}: {first['msg']} ({exc.error_count()} problem(s))"
        ) from None
    record = BalanceRecord(doc)
    if json.loads(json.dumps(figures(record.sample))) != doc.figures:
        raise RecordError(f"{where}: its figures are not those of its games")
    return record


def load(path: Path) -> BalanceRecord:
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"{path}: {exc.strerror}") from None
    return loads(raw, where=str(path))


def save(record: BalanceRecord, path: Path) -> None:
    write_text(path, record.dumps())


# ------------------------------------------------------------------ where they live


def shipped_dir() -> Path:
    return rules_data_dir() / "balance"


def shipped_path(ruleset: str) -> Path:
    return shipped_dir() / f"{ruleset}.json"


def runs_dir() -> Path:
    """Where the CLI keeps the records of its runs (beside the compile cache)."""
    return cache_dir().parent / "balance"


def run_filename(record: BalanceRecord) -> str:
    d = record.doc
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", d.ruleset)
    level = f"-{d.level}" if d.level else ""
    return f"{safe}-{d.content_hash[:12]}-{d.bot}{level}-s{d.seed}-n{record.games}.json"


def load_shipped(ruleset: str) -> BalanceRecord | None:
    """The shipped record of a shipped ruleset, or None if there is none (RecordError if bad)."""
    path = shipped_path(ruleset)
    return load(path) if path.is_file() else None


def find(
    ruleset: str,
    content_hash: str,
    bot: str,
    level: str | None,
    seed: int,
    games: int,
    folders: Sequence[Path] = (),
) -> tuple[BalanceRecord, Path] | None:
    """A stored record made exactly so, if any: shipped first, then `folders`, then the
    CLI's runs folder."""
    candidates = [shipped_path(ruleset)]
    for folder in dict.fromkeys([*folders, runs_dir()]):
        if folder.is_dir():
            candidates += sorted(folder.glob(f"*-{content_hash[:12]}-*.json"))
    for path in candidates:
        if not path.is_file():
            continue
        try:
            record = load(path)
        except RecordError:
            continue  # a damaged cache entry is simply not reused
        if record.doc.ruleset == ruleset and record.matches(content_hash, bot, level, seed, games):
            return record, path
    return None
