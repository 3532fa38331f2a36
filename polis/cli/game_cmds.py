"""`polis new | replay | simulate | bench | fit-weights`: play, replay, measure and tune."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

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
    write_atomic,
)
from polis.i18n import translator

if TYPE_CHECKING:
    from polis.engine import State
    from polis.narrate import Narrator

# Each command imports the engine, the compiler and the rules models when it runs: the CLI's
# start (`polis --help`, `polis list`) must not pay for them


def register(app: typer.Typer) -> None:
    app.command("new")(new)
    app.command("replay")(replay_cmd)
    app.command("simulate")(simulate_cmd)
    app.command("bench")(bench)
    app.command("fit-weights")(fit_weights)


def _summary(state: State, narrator: Narrator, log: list[str]) -> str:
    from polis.engine import legal_actions

    cfg = state.cfg
    names = narrator.n
    _ = names.gettext
    current = cfg.rounds[state.round]
    lines = [
        names.data("title", cfg.title),
        _("Round {round}: {prompt}").format(
            round=names.round_label(current.id, current.label), prompt=narrator.prompt(state)
        ),
    ]
    for side in range(len(cfg.sides)):
        goods = ", ".join(names.amount(state.good(side, g), g) for g in range(len(cfg.goods)))
        owned = ", ".join(f"{names.polis_at(p)} ({state.pop[p]})" for p in state.owned(side))
        units = ", ".join(
            f"{names.area(a)} ({n})" for a in range(len(cfg.areas)) if (n := state.n_units(side, a))
        )
        lines += [
            _("{side}: {prestige} prestige; {goods}").format(
                side=names.side(side), prestige=state.prestige[side], goods=goods
            ),
            "  " + _("Poleis: {poleis}").format(poleis=owned or "—"),
            "  " + _("Units: {units}").format(units=units or "—"),
        ]
    if log:
        lines += ["", *log[-12:]]
    if not state.finished:
        lines += [
            "",
            _("Choices: {choices}").format(
                choices="; ".join(narrator.action(state, a) for a in legal_actions(state))
            ),
        ]
    return "\n".join(lines)


@user_errors
def new(
    ruleset: Annotated[str, typer.Argument(help="ruleset id or overlay file")],
    seed: Annotated[int, typer.Option("--seed", help="seed of the game's generator")] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", help="the state as JSON (docs/schema/state.schema.json)")
    ] = False,
    lang: Lang = "",
) -> None:
    """Set up a game and show its first decision."""
    from polis.compiler import compile_ruleset
    from polis.engine import new_game, state_to_json
    from polis.i18n.names import Names
    from polis.narrate import Narrator

    state = new_game(compile_ruleset(ruleset).config, seed)
    if as_json:
        emit_json(state_to_json(state))
        return
    narrator = Narrator(Names(state.cfg, translator(lang)), lang)
    typer.echo(_summary(state, narrator, narrator.log(state)))


@user_errors
def replay_cmd(
    record: Annotated[Path, typer.Argument(parser=given_path, help="a game record (JSON)")],
    as_json: Annotated[bool, typer.Option("--json", help="the final state as JSON")] = False,
    lang: Lang = "",
) -> None:
    """Replay a game record and show where it ends."""
    from polis.compiler import compile_loaded, compile_ruleset
    from polis.engine import MAX_RECORD_BYTES, RecordError, load_record, replay, state_to_json
    from polis.i18n.names import Names
    from polis.narrate import Narrator
    from polis.rules.loader import load_overlay_text

    _ = translator(lang).gettext
    try:
        if not record.is_file():  # a folder, a pipe or a device is never a record
            raise UserError(_("{path}: not a record file").format(path=record))
        with record.open("rb") as fh:  # one byte more than allowed is enough to refuse it
            rec = load_record(fh.read(MAX_RECORD_BYTES + 1))
        if rec.overlay is not None:  # played under an uploaded house rule it carries
            loaded = load_overlay_text(rec.overlay, display=f"{record}: overlay")
            compiled = compile_loaded(loaded)
        else:
            compiled = compile_ruleset(rec.ruleset)
        states = list(replay(rec, compiled))
    except OSError as exc:
        raise UserError(
            _("{path}: cannot read the file ({reason})").format(path=record, reason=exc.strerror)
        ) from None
    except RecordError as exc:
        raise UserError(f"{record}: {exc.render(lang)}") from None
    final = states[-1]
    if as_json:
        emit_json(state_to_json(final))
        return
    narrator = Narrator(Names(final.cfg, translator(lang)), lang)
    log = [line for s in states for line in narrator.log(s)]
    typer.echo(_summary(final, narrator, log))


@user_errors
def simulate_cmd(
    ruleset: Annotated[str, typer.Argument(help="ruleset id or overlay file")],
    games: Annotated[int, typer.Option("--games", min=1)] = 100,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    bot: Annotated[
        str,
        typer.Option("--bot", help="bot for both sides: random, greedy or mcts (name[:level])"),
    ] = "random",
    against: Annotated[
        str | None,
        typer.Option("--against", help="a different bot for the other side; sides alternate"),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option(
            "--level", help="level of an mcts bot that names none: easy, quick, normal, strong"
        ),
    ] = None,
    workers: runs.Workers = None,
    cluster: runs.Cluster = None,
    resume: runs.Resume = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: Lang = "",
) -> None:
    """Bot games: wins per side and bot, end reasons, scores, length, think time, battles,
    event cards drawn per deck; `--json` adds every game's own counts."""
    from polis.bots import BOTS, LEVEL_NAMES, parse_spec, spec_label
    from polis.compiler import cache_dir, compile_ruleset
    from polis.game_log import LogError
    from polis.simulate import GameResult, open_log, simulate
    from polis.simulate_text import report

    _ = translator(lang).gettext
    for name in (bot, against):
        if name is None:
            continue
        try:
            parse_spec(name, level)
        except KeyError:
            if name.partition(":")[0] not in BOTS:
                raise UserError(
                    _("unknown bot '{name}'; choose from {bots}").format(
                        name=name, bots=", ".join(BOTS)
                    )
                ) from None
            raise UserError(
                _("unknown level '{level}'; choose from {levels}").format(
                    level=name.partition(":")[2] or level, levels=", ".join(LEVEL_NAMES)
                )
            ) from None
    compiled = compile_ruleset(ruleset)
    cfg = compiled.config
    specs = (spec_label(bot, level), spec_label(against or bot, level))
    try:
        log, stored = open_log(
            cache_dir().parent / "simulate",
            compiled.content_hash,
            cfg,
            seed,
            specs,
            alternate=against is not None,
            resume=resume,
        )
    except LogError as exc:
        raise runs.log_problem(exc, _) from None
    kept = {i: GameResult.from_log(g) for i, g in stored.items()}
    runs.resumed(len([i for i in kept if i < games]), log.path, _)
    with (
        runs.executor(workers, cluster, games, _) as playing,
        runs.progress(cfg.id) as advance,
        log,
    ):
        summary = simulate(
            cfg,
            games,
            seed,
            bot,
            against or bot,
            alternate=against is not None,
            level=level,
            executor=playing,
            progress=advance,
            log=log,
            kept=kept,
        )
    if summary.interrupted:
        runs.interrupted(summary.games, games, log.path, _)
    if as_json:
        emit_json(summary.to_json())
        return
    typer.echo(report(summary, cfg, lang, translator(lang), seed))
    for sample in summary.error_samples[:3]:
        typer.echo(sample, err=True)


@user_errors
def bench(
    seconds: Annotated[
        float, typer.Option("--seconds", help="CPU seconds of the engine loop per ruleset")
    ] = 3.0,
    rulesets: Annotated[
        list[str] | None, typer.Option("--ruleset", help="only these rulesets (repeatable)")
    ] = None,
    app: Annotated[
        bool,
        typer.Option("--app", help="the app instead: the real server played by Chromium sessions"),
    ] = False,
    sessions: Annotated[
        int, typer.Option("--sessions", min=1, help="with --app: hotseat sessions at once")
    ] = 5,
    clicks: Annotated[
        int, typer.Option("--clicks", min=1, help="with --app: clicks per session and phase")
    ] = 12,
    rounds: Annotated[
        int,
        typer.Option("--rounds", min=1, help="with --app: phases alone and with bots, in turn"),
    ] = 2,
    server_args: Annotated[
        list[str] | None,
        typer.Option("--server-arg", help="with --app: a streamlit option, as --runner.x=y"),
    ] = None,
    think: Annotated[
        float,
        typer.Option(
            "--think",
            min=0.0,
            help="with --app: seconds a player pauses before each click",
        ),
    ] = 1.0,
    friends: Annotated[
        int,
        typer.Option(
            "--friends",
            min=0,
            help="with --app: instead, this many games with a friend (two sessions each)",
        ),
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: Lang = "",
) -> None:
    """Engine speed against python-chess (same loop, CPU time, interleaved), bots, compile;
    with --app, the app on its real server under Chromium sessions."""
    if app:
        from polis import bench_app

        try:
            if friends:
                result = bench_app.bench_friends(friends, clicks, think)
                text = bench_app.render_friends(result)
            else:
                result = bench_app.bench_app(sessions, clicks, rounds, server_args or [], think)
                text = bench_app.render(result)
        except bench_app.AppBenchError as exc:
            raise UserError(str(exc)) from None
        if as_json:
            emit_json(result)
        else:
            typer.echo(text)
        return
    from polis.bench import bench_all, render

    data = bench_all(seconds, rulesets or None)
    if as_json:
        emit_json(data)
        return
    for line in render(data):
        typer.echo(line)


@user_errors
def fit_weights(
    rulesets: Annotated[
        list[str] | None, typer.Argument(help="shipped ruleset ids (default: all)")
    ] = None,
    games: Annotated[int, typer.Option("--games", min=2, help="sampled games per ruleset")] = 4000,
    seed: Annotated[int, typer.Option("--seed")] = 100_000,
    workers: runs.Workers = None,
    cluster: runs.Cluster = None,
    check: Annotated[
        bool, typer.Option("--check", help="only say which rulesets' fitted weights are stale")
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            parser=given_path,
            help="the table to write or check (default: the shipped one)",
        ),
    ] = None,
    lang: Lang = "",
) -> None:
    """Fit the search bot's evaluation weights to the results of sampled games, per ruleset,
    and write them to polis/bots/fitted_weights.json (docs/bots.md, "Fitted weights")."""
    from polis import tuning
    from polis.compiler import compile_ruleset
    from polis.rules.registry import display_path

    _ = translator(lang).gettext
    wanted = shipped_rulesets(rulesets, _)
    if check:
        stale = []
        for rid in wanted:
            entry = tuning.read_table(out).get(rid)
            if entry is None:
                stale.append(_("{ruleset}: no fitted weights").format(ruleset=rid))
            elif entry["content_hash"] != compile_ruleset(rid).content_hash:
                stale.append(
                    _("{ruleset}: fitted for other rules (content hash differs)").format(
                        ruleset=rid
                    )
                )
        report_stale(stale, _("fitted weights are up to date"))
        return
    entries = {}
    with runs.executor(workers, cluster, games, _) as playing:
        for rid in wanted:
            compiled = compile_ruleset(rid)
            with runs.progress(rid) as advance:
                sample = tuning.sample(
                    compiled.config, games, seed, progress=advance, executor=playing
                )
            result = tuning.fit(sample)
            entries[rid] = tuning.entry(result, compiled.content_hash, games, seed)
            typer.echo(
                _(
                    "{ruleset}: hold-out log-loss {hand} with the hand-set weights, {fitted} "
                    "fitted (positions: {positions})"
                ).format(
                    ruleset=rid,
                    hand=result.log_loss_hand,
                    fitted=result.log_loss_fitted,
                    positions=result.positions,
                )
            )
    path = out or tuning.table_path()
    write_atomic(path, tuning.merged_table(entries, tuning.read_table(path)))
    typer.echo(_("wrote {path}").format(path=display_path(path)))
