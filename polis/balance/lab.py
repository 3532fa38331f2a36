"""Measure a ruleset: reuse a stored record made exactly so, or play the games and make one.

The CLI (`polis balance`, `polis balance-records`) and the app call these; both
get a `BalanceRecord` back, whether it was read or just played.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from polis.balance import record as records
from polis.balance.game import resolve_bot
from polis.balance.record import BalanceRecord, SensitivityDoc
from polis.balance.runner import Progress, Run, Stop, run_games
from polis.balance.sample import Sample
from polis.balance.sensitivity import run_sensitivity
from polis.balance.settings import SensitivitySettings, settings
from polis.compiler import Compiled, compile_ruleset
from polis.rules.loader import load_ruleset
from polis.rules.registry import discover


@dataclass(frozen=True)
class Measured:
    record: BalanceRecord
    origin: str  # "shipped" | "stored" | "played"
    path: Path | None  # where it was read from or written to


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
    reuse: bool = True,
    store: Path | None = None,
    progress: Progress | None = None,
    stop: Stop | None = None,
) -> Measured:
    """The record of `games` games of `ruleset` (a shipped id, or `compiled` for an upload).

    With `reuse`, a stored record of the same rules, bot, level, seed and count
    is read instead of playing; a played, complete run is written to `store`
    (a folder) when given.
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
    run = run_games(
        compiled.config,
        games,
        seed,
        bot,
        level,
        workers=workers,
        in_process=in_process,
        progress=progress,
        stop=stop,
    )
    rec = record_of(
        run, compiled, ruleset=ruleset, bot=bot, level=level, seed=seed, workers=workers
    )
    path: Path | None = None
    if store is not None and run.facts:
        path = store / records.run_filename(rec)
        records.save(rec, path)
    return Measured(rec, "played", path)


def add_sensitivity(
    rec: BalanceRecord,
    config: SensitivitySettings,
    *,
    workers: int = 1,
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
        progress=progress,
        stop=stop,
    )
    doc = d.model_copy(update={"sensitivity": SensitivityDoc.model_validate(section)})
    return BalanceRecord(doc)


def regenerate_shipped(
    ids: list[str] | None = None,
    *,
    games: int | None = None,
    workers: int = 1,
    sensitivity: bool = True,
    progress: Progress | None = None,
    status: Progress | None = None,
) -> list[Path]:
    """Replay and rewrite the shipped records with the settings' bot (polis balance-records).

    `status(i, n)` says which ruleset is being made; `progress` follows the games.
    """
    conf = settings()
    wanted = ids or list(discover())
    written = []
    for i, rid in enumerate(wanted):
        if status:
            status(i, len(wanted))
        bot, level = resolve_bot(conf.records.bot, conf.records.level)
        seed = conf.records.seed
        compiled = compile_ruleset(rid)
        n = games or conf.records.games
        run = run_games(compiled.config, n, seed, bot, level, workers=workers, progress=progress)
        if run.interrupted:
            raise KeyboardInterrupt
        rec = record_of(
            run,
            compiled,
            ruleset=rid,
            bot=bot,
            level=level,
            seed=conf.records.seed,
            workers=workers,
        )
        if sensitivity and conf.sensitivity.max_groups:
            sens = replace_games(conf.sensitivity, n)
            rec = add_sensitivity(rec, sens, workers=workers, progress=progress)
        path = records.shipped_path(rid)
        records.save(rec, path)
        written.append(path)
    return written


def replace_games(config: SensitivitySettings, games: int) -> SensitivitySettings:
    """The sensitivity settings with no more games per change than the record has."""
    return config.model_copy(update={"games": min(config.games, games)})
