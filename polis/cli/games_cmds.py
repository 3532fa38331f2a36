"""`polis games list | show | export | delete`: the stored games of the app's database.

The database is the app's (polis.store.default_url: POLIS_DATABASE_URL, else
the SQLite file in the data folder) unless `--db URL` names another. Module
level imports stay light: the storage layer (SQLAlchemy, Alembic) is imported
by the command that runs, so `polis --help` does not pay for it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from polis.cli.common import Lang, emit_json, given_path, user_errors, write_atomic

if TYPE_CHECKING:
    from datetime import datetime

    from polis.store import GameStore

games_app = typer.Typer(
    help="Stored games (played by link): list, show, export, delete.", no_args_is_help=True
)

Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="database URL (default: POLIS_DATABASE_URL, else data/polis.db; see README)",
        show_default=False,
    ),
]
GameId = Annotated[str, typer.Argument(help="the game's id (as `polis games list` shows it)")]
AsJson = Annotated[bool, typer.Option("--json", help="JSON instead of lines")]


def register(app: typer.Typer) -> None:
    app.add_typer(games_app, name="games")


def _open(db: str | None) -> GameStore | None:
    """The store, or None where the default SQLite file was never made (nothing is stored)."""
    from polis.store import GameStore, default_url

    url = db or default_url()
    if (
        url.startswith("sqlite:///")
        and "?" not in url
        and not Path(url.removeprefix("sqlite:///")).is_file()
    ):
        return None
    return GameStore(url)


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


@games_app.command("list")
@user_errors
def list_cmd(db: Db = None, as_json: AsJson = False, lang: Lang = "") -> None:
    """Every stored game, the last played first; a damaged one with what is wrong."""
    from polis.i18n import translator

    tr = translator(lang)
    store = _open(db)
    listed = [] if store is None else store.games()
    if store is not None:
        store.close()
    if as_json:
        emit_json(
            [
                {
                    "game_id": g.game_id,
                    "ruleset": g.ruleset,
                    "moves": g.moves,
                    "finished": g.finished,
                    "created": g.created.isoformat(),
                    "updated": g.updated.isoformat(),
                    "overlay": g.overlay,
                    "seed": g.seed,
                    "options": g.options,
                    "damaged": g.damaged,
                    "problem": None if g.problem is None else g.problem.render(lang),
                }
                for g in listed
            ]
        )
        return
    if not listed:
        typer.echo(tr.gettext("no stored games"))
        return
    for g in listed:
        if g.problem is not None:
            state = tr.gettext("damaged: {problem}").format(problem=g.problem.render(lang))
        elif g.finished:
            state = tr.gettext("finished")
        else:
            state = tr.gettext("in play")
        moves = tr.ngettext("{n} move", "{n} moves", g.moves).format(n=g.moves)
        typer.echo(f"{g.game_id}  {g.ruleset}  {moves}  {_when(g.updated)}  {state}")


def _gone(game_id: str) -> Any:
    from polis.store import GameGoneError

    return GameGoneError(game_id)


@games_app.command("show")
@user_errors
def show_cmd(game_id: GameId, db: Db = None, as_json: AsJson = False, lang: Lang = "") -> None:
    """A game's rules, seed, moves, whose turn it is and its seats (never their tokens)."""
    from polis.engine import replay
    from polis.i18n import translator
    from polis.i18n.names import Names
    from polis.store import WATCH
    from polis.store.rows import rules_of

    store = _open(db)
    if store is None:
        raise _gone(game_id)
    with store:
        game = store.load(game_id)
        seats = store.seats(game_id)
    compiled = rules_of(game.record)
    *_, final = replay(game.record, compiled)
    tr = translator(lang)
    _ = tr.gettext
    names = Names(compiled.config, tr)
    to_play = None if final.finished else final.player
    if as_json:
        emit_json(
            {
                "game_id": game.game_id,
                "ruleset": game.record.ruleset,
                "content_hash": game.record.content_hash,
                "overlay": game.record.overlay is not None,
                "seed": game.record.seed,
                "moves": len(game.record.actions),
                "version": game.version,
                "to_play": to_play,
                "finished": final.finished,
                "marked_finished": game.finished,
                "seats": {str(side): count for side, count in sorted(seats.items())},
                "options": game.options,
                "created": game.created.isoformat(),
                "updated": game.updated.isoformat(),
            }
        )
        return
    title = names.data("title", compiled.config.title)
    rules = f"{title} ({game.record.ruleset})"
    if game.record.overlay is not None:
        rules += " — " + _("an uploaded overlay")
    sides = [
        f"{names.side(side)} {seats.get(side, 0)}" for side in range(len(compiled.config.sides))
    ]
    sides.append(_("watch-only {count}").format(count=seats.get(WATCH, 0)))
    turn = (
        _("the game is over")
        if to_play is None
        else _("{side} to play").format(side=names.side(to_play))
    )
    lines = [
        _("Game {game}").format(game=game.game_id),
        _("Rules: {rules}").format(rules=rules),
        _("Seed: {seed}").format(seed=game.record.seed),
        _("Moves: {moves} (version {version})").format(
            moves=len(game.record.actions), version=game.version
        ),
        _("Turn: {turn}").format(turn=turn),
        _("Seat links: {seats}").format(seats=", ".join(sides)),
        _("Created: {created}; last move: {updated}").format(
            created=_when(game.created), updated=_when(game.updated)
        ),
    ]
    if game.options:
        shown = ", ".join(f"{key}={value}" for key, value in sorted(game.options.items()))
        lines.append(_("Options: {options}").format(options=shown))
    typer.echo("\n".join(lines))


@games_app.command("export")
@user_errors
def export_cmd(
    game_id: GameId,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", parser=given_path, help="the record file to write (`polis replay` reads it)"
        ),
    ] = None,
    db: Db = None,
    lang: Lang = "",
) -> None:
    """Write a game's record: ruleset, content hash, seed, moves, overlay."""
    from polis.i18n import translator

    store = _open(db)
    if store is None:
        raise _gone(game_id)
    with store:
        text = store.load(game_id).record.dumps() + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    write_atomic(out, text)
    typer.echo(translator(lang).gettext("wrote {path}").format(path=out), err=True)


@games_app.command("delete")
@user_errors
def delete_cmd(game_id: GameId, db: Db = None, lang: Lang = "") -> None:
    """Delete a game and its moves, without asking; its links then say it is gone."""
    from polis.i18n import translator

    store = _open(db)
    if store is None:
        raise _gone(game_id)
    with store:
        store.delete(game_id)
    typer.echo(translator(lang).gettext("deleted game {game}").format(game=game_id))
