"""`polis balance | balance-records`: how rulesets play, measured by bot games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from polis.cli import runs
from polis.cli.common import (
    Lang,
    UserError,
    emit_json,
    given_path,
    report_stale,
    shipped_rulesets,
    user_errors,
)


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
    app.command("balance-records")(balance_records)


def _estimates_json(rid: str) -> dict[str, Any]:
    from polis.compiler.provenance import provenance_report
    from polis.rules.loader import load_ruleset

    report = provenance_report(load_ruleset(rid).model)
    estimated = [f.path for f in report.facts if f.status == "estimated"]
    partly = [f.path for f in report.facts if f.status == "partly estimated"]
    return {
        "sourced_share": round(report.sourced_share, 3),
        "estimated": estimated,
        "partly_estimated": partly,
    }


@user_errors
def balance(
    rulesets: Annotated[list[str], typer.Argument(help="ruleset ids or overlay files")],
    games: Annotated[
        int | None, typer.Option("--games", min=1, help="games per ruleset [settings]")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="game i uses seed + i")] = None,
    bot: Annotated[str | None, typer.Option("--bot", help="bot on both sides [settings]")] = None,
    level: Annotated[str | None, typer.Option("--level", help="the bot's level")] = None,
    workers: runs.Workers = None,
    cluster: runs.Cluster = None,
    resume: runs.Resume = False,
    sensitivity: Annotated[
        bool,
        typer.Option(
            "--sensitivity", help="rerun with estimated values moved by one (shipped rulesets)"
        ),
    ] = False,
    sensitivity_games: Annotated[
        int | None,
        typer.Option("--sensitivity-games", min=1, help="games per changed ruleset [settings]"),
    ] = None,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="play even when a matching record is stored")
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option("--out", parser=given_path, help="folder for the records of this run"),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="the report as JSON (docs/balance.md)")
    ] = False,
    lang: Lang = "",
) -> None:
    """Play bot games per ruleset: who wins, how games end, scores, length, action mix,
    and the differences between rulesets that are larger than chance."""
    from polis.app.labels import CATEGORIES
    from polis.balance import lab
    from polis.balance import record as records
    from polis.balance.compare import compare
    from polis.balance.game import resolve_bot
    from polis.balance.settings import settings
    from polis.balance.text import Speaker
    from polis.bots.labels import bot_name
    from polis.compiler import compile_ruleset
    from polis.compiler.provenance import provenance_report
    from polis.game_log import LogError
    from polis.i18n import translator
    from polis.rules.loader import load_ruleset
    from polis.rules.registry import discover
    from polis.stats import ALPHA

    tr = translator(lang)
    _ = tr.gettext
    conf = settings()
    games = games or conf.records.games
    seed = conf.records.seed if seed is None else seed
    if bot is None:
        bot, level = conf.records.bot, level or conf.records.level
    try:
        bot, level = resolve_bot(bot, level)
    except KeyError as exc:
        raise UserError(str(exc.args[0])) from None
    store = out or records.runs_dir()
    shipped = discover()

    measured: dict[str, lab.Measured] = {}
    configs = {}
    titles = {}
    with runs.executor(workers, cluster, games, _) as playing:
        for target in rulesets:
            compiled = compile_ruleset(target)
            rid = target if target in shipped else compiled.config.id
            configs[rid] = compiled.config
            titles[rid] = tr.pgettext(f"{rid}:title", compiled.config.title)
            label = _("{ruleset}: playing").format(ruleset=rid)
            with runs.progress(label) as advance:
                try:
                    m = lab.measure(
                        rid,
                        games,
                        seed,
                        bot,
                        level,
                        compiled=compiled,
                        executor=playing,
                        reuse=not fresh,
                        store=store,
                        resume=resume,
                        progress=advance,
                    )
                except LogError as exc:
                    raise runs.log_problem(exc, _) from None
            runs.resumed(m.resumed, m.log or m.path, _)
            if m.record.doc.interrupted:
                runs.interrupted(m.record.games, games, m.log, _)
            if sensitivity and rid in shipped and m.record.doc.sensitivity is None:
                label = _("{ruleset}: estimated values moved by one").format(ruleset=rid)
                with runs.progress(label) as advance:
                    sens = conf.sensitivity
                    if sensitivity_games:
                        sens = sens.model_copy(update={"games": sensitivity_games})
                    rec = lab.add_sensitivity(m.record, sens, executor=playing, progress=advance)
                path = m.path if m.origin != "shipped" else None
                path = path or store / records.run_filename(rec)
                if lab.sensitivity_interrupted(rec):
                    runs.interrupted(m.record.games, games, m.path, _)
                records.save(rec, path)
                m = lab.Measured(rec, m.origin, path)
            measured[rid] = m

    samples = {rid: m.record.sample for rid, m in measured.items()}
    diffs = compare(samples) if len(samples) > 1 else []
    # sentences name a shipped ruleset by its id (1e, 2e), an overlay file by its title
    short = {rid: rid if rid in shipped else titles[rid] for rid in titles}
    speaker = Speaker.make(lang, tr, configs, short)
    notes = [speaker.bot_caveat(bot, level)]
    category_names = {k: _(v) for k, v in CATEGORIES.items()}
    for rid in measured:
        if rid in shipped:
            report = provenance_report(load_ruleset(rid).model)
            notes.append(speaker.estimates(rid, report, category_names))
            notes += speaker.sensitivity(rid, _sensitivity_json(measured[rid]))

    if as_json:
        emit_json(
            {
                "format": "polis-balance-report/1",
                "bot": bot,
                "level": level,
                "seed": seed,
                "games": games,
                "interrupted": False,  # an interrupted run exits 130 without a report
                "rulesets": [
                    {
                        "ruleset": rid,
                        "title": titles[rid],
                        "content_hash": m.record.doc.content_hash,
                        "origin": m.origin,
                        "record": str(m.path) if m.path else None,
                        "games": m.record.games,
                        "games_planned": m.record.doc.games_planned,
                        "interrupted": m.record.doc.interrupted,
                        "seconds": m.record.doc.seconds,
                        "workers": m.record.doc.workers,
                        "code_version": m.record.doc.code_version,
                        "figures": m.record.figures,
                        "estimates": _estimates_json(rid) if rid in shipped else None,
                        "sensitivity": _sensitivity_json(m),
                    }
                    for rid, m in measured.items()
                ],
                "differences": [d.to_json() for d in diffs],
                "tests": {
                    "rates": "fisher",
                    "values": "mann_whitney",
                    "paired": "mcnemar",
                    "interval": "wilson",
                    "correction": "benjamini_hochberg",
                    "alpha": ALPHA,
                    "comparisons": len(diffs),
                },
                "notes": notes,
            }
        )
        return

    for rid, m in measured.items():
        d = m.record.doc
        origin = {
            "shipped": _("shipped record"),
            "stored": _("stored record"),
            "played": _("played now"),
        }[m.origin]
        typer.echo(f"== {titles[rid]} ({rid})")
        typer.echo(
            _("Bot {bot}, seed {seed}, {origin}").format(
                bot=bot_name(tr, d.bot, d.level), seed=d.seed, origin=origin
            )
            + (f": {m.path}" if m.path else "")
        )
        for line in speaker.summary(rid, m.record.sample, m.record.figures):
            typer.echo("  " + line)
        typer.echo("")
    if diffs:
        typer.echo("== " + _("Differences larger than chance"))
        for line in speaker.differences(diffs):
            typer.echo("  " + line)
        typer.echo("")
    for note in notes:
        typer.echo(note)


def _sensitivity_json(m: Any) -> dict[str, Any] | None:
    section = m.record.doc.sensitivity
    return section.model_dump(mode="json") if section is not None else None


@user_errors
def balance_records(
    rulesets: Annotated[
        list[str] | None, typer.Argument(help="shipped ruleset ids (default: all)")
    ] = None,
    games: Annotated[
        int | None, typer.Option("--games", min=1, help="games per ruleset [settings]")
    ] = None,
    workers: runs.Workers = None,
    cluster: runs.Cluster = None,
    resume: runs.Resume = False,
    no_sensitivity: Annotated[
        bool, typer.Option("--no-sensitivity", help="skip the estimated-value reruns")
    ] = False,
    check: Annotated[
        bool, typer.Option("--check", help="only say which shipped records are stale")
    ] = False,
    lang: Lang = "",
) -> None:
    """Regenerate the shipped balance records (rules_data/balance/) with the settings' bot."""
    from polis.balance import lab
    from polis.balance import record as records
    from polis.balance.settings import settings
    from polis.compiler import compile_ruleset
    from polis.game_log import LogError
    from polis.i18n import translator
    from polis.rules.registry import display_path

    _ = translator(lang).gettext
    wanted = shipped_rulesets(rulesets, _)
    if check:
        stale = []
        for rid in wanted:
            try:
                rec = records.load_shipped(rid)
            except records.RecordError as exc:
                stale.append(f"{rid}: {exc}")
                continue
            if rec is None:
                stale.append(_("{ruleset}: no record").format(ruleset=rid))
            elif rec.doc.content_hash != compile_ruleset(rid).content_hash:
                stale.append(
                    _("{ruleset}: made for other rules (content hash differs)").format(ruleset=rid)
                )
        report_stale(stale, _("balance records are up to date"))
        return
    planned = games or settings().records.games
    with (
        runs.executor(workers, cluster, planned, _) as playing,
        runs.progress("balance records") as advance,
    ):
        try:
            written = lab.regenerate_shipped(
                wanted,
                games=games,
                executor=playing,
                sensitivity=not no_sensitivity,
                resume=resume,
                progress=advance,
            )
        except LogError as exc:
            raise runs.log_problem(exc, _) from None
        except lab.RunInterruptedError as stopped:
            m = stopped.measured
            runs.interrupted(m.record.games, planned, m.log, _)
    for path in written:
        typer.echo(_("wrote {path}").format(path=display_path(path)))
