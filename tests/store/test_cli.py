"""`polis games list | show | export | delete` on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pytest import MonkeyPatch
from typer.testing import CliRunner

from polis.cli.main import app
from polis.engine.record import loads
from polis.store import GameStore
from polis.store import store as store_module
from polis.store.connect import make_engine
from polis.store.schema import games
from tests.conftest import ROOT
from tests.postgres import free_port
from tests.store.conftest import fresh_record, line_of_play

runner = CliRunner()


def stored(url: str, moves: int = 7) -> tuple[str, str, list[str]]:
    """Two games (one with `moves` moves, one new); their ids and every token."""
    with GameStore(url) as store:
        played = store.create(fresh_record(), {"hints": True})
        for i, action in enumerate(line_of_play(length=moves)):
            store.move(played.game_id, i, action)
        fresh = store.create(fresh_record("1e", 11))
    tokens = [*played.tokens, played.watch, *fresh.tokens, fresh.watch]
    return played.game_id, fresh.game_id, tokens


def test_list(db_url: str) -> None:
    played, fresh, tokens = stored(db_url)
    out = runner.invoke(app, ["games", "list", "--db", db_url])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0].startswith(fresh) and " 1e  0 moves " in lines[0] and "in play" in lines[0]
    assert lines[1].startswith(played) and " 2e  7 moves " in lines[1]
    assert not any(token in out.stdout for token in tokens)
    data = json.loads(runner.invoke(app, ["games", "list", "--db", db_url, "--json"]).stdout)
    assert [(g["game_id"], g["moves"], g["seed"], g["damaged"]) for g in data] == [
        (fresh, 0, 11, False),
        (played, 7, 5, False),
    ]
    german = runner.invoke(app, ["games", "list", "--db", db_url, "--lang", "de"]).stdout
    assert "7 Züge" in german and "läuft" in german


def test_an_empty_default_database_is_not_created(tmp_path: Path) -> None:
    out = runner.invoke(app, ["games", "list"], env={"POLIS_DATA_DIR": str(tmp_path / "data")})
    assert out.exit_code == 0 and out.stdout.strip() == "no stored games"
    assert not (tmp_path / "data").exists()


def test_show(db_url: str) -> None:
    played, _, tokens = stored(db_url)
    out = runner.invoke(app, ["games", "show", played, "--db", db_url])
    assert out.exit_code == 0, out.output
    text = out.stdout
    assert f"Game {played}" in text and "(2e)" in text and "Seed: 5" in text
    assert "Moves: 7 (version 7)" in text and "to play" in text
    assert "Seat links: Athens 1, Sparta 1, watch-only 1" in text and "hints=True" in text
    assert not any(token in text for token in tokens)
    shown = runner.invoke(app, ["games", "show", played, "--db", db_url, "--json"])
    data = json.loads(shown.stdout)
    assert data["moves"] == data["version"] == 7 and data["to_play"] in (0, 1)
    assert data["seats"] == {"-1": 1, "0": 1, "1": 1} and not data["finished"]
    russian = runner.invoke(app, ["games", "show", played, "--db", db_url, "--lang", "ru"]).stdout
    assert "Ходы: 7" in russian and "Seed" not in russian


def test_a_game_id_never_reads_as_an_option(db_url: str, monkeypatch: MonkeyPatch) -> None:
    """One token in 64 begins with "-"; as a game id, `polis games show ID` took it for an
    option and refused ("No such option: -6", a test that failed once in a while)."""
    drawn = iter(["-6" + "a" * 22, "b" * 24, "c" * 24, "d" * 24, "e" * 24])
    monkeypatch.setattr(store_module.secrets, "token_urlsafe", lambda _n: next(drawn))
    with GameStore(db_url) as store:
        invite = store.create(fresh_record())
    assert invite.game_id == "b" * 24  # drawn again, and the tokens after it
    assert "-6" + "a" * 22 not in (*invite.tokens, invite.watch)
    out = runner.invoke(app, ["games", "show", invite.game_id, "--db", db_url])
    assert out.exit_code == 0, out.output


def test_export_then_replay(db_url: str, tmp_path: Path) -> None:
    played, _, _ = stored(db_url)
    path = tmp_path / "game.json"
    out = runner.invoke(app, ["games", "export", played, "--db", db_url, "--out", str(path)])
    assert out.exit_code == 0, out.output
    record = loads(path.read_bytes())
    assert record.actions == line_of_play(length=7) and record.seed == 5
    with GameStore(db_url) as store:
        assert record == store.load(played).record
    replayed = runner.invoke(app, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0, replayed.output
    to_stdout = runner.invoke(app, ["games", "export", played, "--db", db_url])
    assert loads(to_stdout.stdout) == record


def test_delete(db_url: str) -> None:
    played, fresh, _ = stored(db_url)
    out = runner.invoke(app, ["games", "delete", played, "--db", db_url])
    assert out.exit_code == 0 and played in out.stdout
    again = runner.invoke(app, ["games", "delete", played, "--db", db_url])
    assert again.exit_code == 1 and again.stdout == ""
    assert again.stderr.count("\n") == 1 and "there is no game" in again.stderr
    listed = runner.invoke(app, ["games", "list", "--db", db_url]).stdout
    assert fresh in listed and played not in listed


def test_unknown_and_damaged_games_are_one_line(db_url: str) -> None:
    played, fresh, _ = stored(db_url)
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(games.update().where(games.c.id == played).values(meta="{"))
    engine.dispose()
    for command in ("show", "export"):
        out = runner.invoke(app, ["games", command, played, "--db", db_url, "--lang", "it"])
        assert out.exit_code == 1 and out.stderr.count("\n") == 1
        assert "danneggiata" in out.stderr and "Traceback" not in out.stderr
        unknown = runner.invoke(app, ["games", command, "nope", "--db", db_url])
        assert unknown.exit_code == 1 and "there is no game 'nope'" in unknown.stderr
    listed = runner.invoke(app, ["games", "list", "--db", db_url])
    assert listed.exit_code == 0 and "damaged: its meta is not valid JSON" in listed.stdout
    assert fresh in listed.stdout


def test_a_database_that_is_down_in_the_readers_language() -> None:
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/polis"
    out = runner.invoke(app, ["games", "list", "--db", url, "--lang", "pl"])
    assert out.exit_code == 1 and out.stderr.count("\n") == 1
    assert "nieosiągalna" in out.stderr and "Traceback" not in out.stderr
    bad = runner.invoke(app, ["games", "list", "--db", "mysql://u:pw@h/db"])
    assert bad.exit_code == 1 and "pw" not in bad.stderr


def test_the_cli_does_not_load_the_database_layer_to_start() -> None:
    code = "import sys, polis.cli.main; print(sorted({'sqlalchemy', 'alembic'} & set(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "[]"
