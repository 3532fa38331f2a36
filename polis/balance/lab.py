"""Measure a ruleset: reuse a stored record made exactly so, or play the games and make one.

The CLI (`polis balance`, `polis balance-records`) and the app call these; both
get a `BalanceRecord` back, whether it was read or just played.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from polis.balance import record as records
from polis.balance.game import GameFacts, bot_spec, resolve_bot
from polis.balance.record import BalanceRecord, SensitivityDoc
from polis.balance.runner import Progress, Run, Stop, run_games
from polis.balance.sample import Sample
from polis.balance.sensitivity import run_sensitivity
from polis.balance.settings import SensitivitySettings, settings
from polis.compiler import Compiled, compile_ruleset
from polis.executor import Executor
from polis.fingerprint import code_fingerprint
from polis.game_log import GameLog, log_name
from polis.rules.loader import load_ruleset
from polis.rules.registry import discover


@dataclass(frozen=True)
class Measured:
    record: BalanceRecord
    origin: str  # "shipped" | "stored" | "played"
    path: Path | None  # where it was read from or written to
    log: Path | None = None  # the game log of a played run that did not finish
    resumed: int = 0  # games taken from the log of an earlier, interrupted session


def log_path(folder: Path, ruleset: str, bot: str, level: str | None, seed: int) -> Path:
    """Where the games of a run are kept as they finish (`--resume` reads them back)."""
    return folder / "logs" / log_name(ruleset, bot_spec(bot, level), f"s{seed}")


def open_log(
    path: Path,
    ruleset: str,
    content_hash: str,
    bot: str,
    level: str | None,
    seed: int,
    *,
    resume: bool,
) -> tuple[GameLog, dict[int, GameFacts]]:
    """The run's game log, new or resumed, and the games it holds.

    Raises polis.game_log.LogMismatchError when the stored run was made for other
    rules, code, bot or seed, and LogError when it is damaged; a resume with no
    log starts one.
    """
    pinned = {
        "kind": "balance",
        "ruleset": ruleset,
        "content_hash": content_hash,
        "code": code_fingerprint(),
        "bot": bot,
        "level": level,
        "seed": seed,
    }
    if resume and path.is_file():
        log, games = GameLog.resume(path, pinned)
        return log, {i: GameFacts.from_json(g) for i, g in games.items()}
    return GameLog.start(path, pinned), {}


def sample_of(run: Run, compiled: Compiled) -> Sample:
    cfg = compiled.config
    return Sample.from_facts(run.facts, cfg.sides, [a.id for a in cfg.actions])


def record_of(
    run: Run,
    compiled: Compiled,
    *,
    ruleset: str,
    bot: str,
    level: str | None,
    seed: int,
    workers: int,
) -> BalanceRecord:
    return records.make_record(
        ruleset=ruleset,
        title=compiled.config.title,
        content_hash=compiled.content_hash,
        bot=bot,
        level=level,
        seed=seed,
        sample=sample_of(run, compiled),
        games_planned=run.planned,
        interrupted=run.interrupted,
        workers=workers,
        seconds=run.seconds,
    )


def measure(
    ruleset: str,
    games: int,
    seed: int,
    bot: str,
    level: str | None = None,
    *,
    compiled: Compiled | None = None,
    workers: int = 1,
    in_process: bool | None = None,
    executor: Executor | None = None,
    reuse: bool = True,
    store: Path | None = None,
    resume: bool = False,
    keep_log: bool = False,
    progress: Progress | None = None,
    stop: Stop | None = None,
) -> Measured:
    """The record of `games` games of `ruleset` (a shipped id, or `compiled` for an upload).

    With `reuse`, a stored record of the same rules, bot, level, seed and count
    is read instead of playing. With a `store` (a folder), the games are kept in
    a game log as they finish (`resume` continues the log of an interrupted
    run), and a complete run's record is written there and its log removed
    (kept with `keep_log`, for a caller with more to do before the run is done).
    """
    bot, level = resolve_bot(bot, level)
    compiled = compiled or compile_ruleset(ruleset)
    if reuse:
        folders = [store] if store is not None else []
        found = records.find(ruleset, compiled.content_hash, bot, level, seed, games, folders)
        if found is not None:
            rec, where = found
            origin = "shipped" if where == records.shipped_path(ruleset) else "stored"
            if progress:
                progress(games, games)
            return Measured(rec, origin, where)
    log: GameLog | None = None
    kept: dict[int, GameFacts] = {}
    if store is not None:
        where = log_path(store, ruleset, bot, level, seed)
        log, kept = open_log(where, ruleset, compiled.content_hash, bot, level, seed, resume=resume)
    try:
        run = run_games(
            compiled.config,
            games,
            seed,
            bot,
            level,
            workers=workers,
            in_process=in_process,
            executor=executor,
            progress=progress,
            stop=stop,
            log=log,
            kept=kept,
        )
    finally:
        if log is not None:
            log.close()
    played_by = executor.workers if executor is not None else workers
    rec = record_of(
        run, compiled, ruleset=ruleset, bot=bot, level=level, seed=seed, workers=played_by
    )
    if run.interrupted:
        return Measured(rec, "played", None, log.path if log else None, run.resumed)
    path: Path | None = None
    if store is not None and log is not None:
        path = store / records.run_filename(rec)
        records.save(rec, path)
        if not keep_log:
            log.path.unlink(missing_ok=True)  # the record holds every game now
    return Measured(rec, "played", path, log.path if keep_log and log else None, run.resumed)


def add_sensitivity(
    rec: BalanceRecord,
    config: SensitivitySettings,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Progress | None = None,
    stop: Stop | None = None,
) -> BalanceRecord:
    """The record with its sensitivity section (shipped rulesets only: it extends them)."""
    d = rec.doc
    section = run_sensitivity(
        load_ruleset(d.ruleset).model,
        rec.sample,
        config,
        seed=d.seed,
        bot=d.bot,
        level=d.level,
        workers=workers,
        executor=executor,
        progress=progress,
        stop=stop,
    )
    doc = d.model_copy(update={"sensitivity": SensitivityDoc.model_validate(section)})
    return BalanceRecord(doc)


class RunInterruptedError(Exception):
    """A run stopped before its last game; `measured` holds what it kept and where."""

    def __init__(self, ruleset: str, measured: Measured) -> None:
        super().__init__(f"{ruleset}: interrupted")
        self.ruleset = ruleset
        self.measured = measured


def regenerate_shipped(
    ids: list[str] | None = None,
    *,
    games: int | None = None,
    executor: Executor,
    sensitivity: bool = True,
    resume: bool = False,
    progress: Progress | None = None,
    status: Progress | None = None,
) -> list[Path]:
    """Replay and rewrite the shipped records with the settings' bot (polis balance-records).

    The games are kept as they finish in the CLI's runs folder, so `resume`
    continues an interrupted regeneration (RunInterruptedError says where it
    stopped). `status(i, n)` says which ruleset is being made; `progress`
    follows the games.
    """
    conf = settings()
    wanted = ids or list(discover())
    written = []
    for i, rid in enumerate(wanted):
        if status:
            status(i, len(wanted))
        n = games or conf.records.games
        measured = measure(
            rid,
            n,
            conf.records.seed,
            conf.records.bot,
            conf.records.level,
            executor=executor,
            reuse=False,
            store=records.runs_dir(),
            resume=resume,
            keep_log=True,  # until the record is written: an interrupted sensitivity run resumes
            progress=progress,
        )
        if measured.record.doc.interrupted:
            raise RunInterruptedError(rid, measured)
        rec = measured.record
        if sensitivity and conf.sensitivity.max_groups:
            sens = replace_games(conf.sensitivity, n)
            rec = add_sensitivity(rec, sens, executor=executor, progress=progress)
            if sensitivity_interrupted(rec):
                raise RunInterruptedError(rid, measured)
        path = records.shipped_path(rid)
        records.save(rec, path)
        if measured.log is not None:
            measured.log.unlink(missing_ok=True)
        written.append(path)
    return written


def sensitivity_interrupted(rec: BalanceRecord) -> bool:
    """Did the record's sensitivity runs stop before their end (Ctrl-C, a stop)?"""
    section = rec.doc.sensitivity
    return section is not None and any(s.get("reason") == "interrupted" for s in section.skipped)


def replace_games(config: SensitivitySettings, games: int) -> SensitivitySettings:
    """The sensitivity settings with no more games per change than the record has."""
    return config.model_copy(update={"games": min(config.games, games)})
