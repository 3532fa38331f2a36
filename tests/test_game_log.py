"""Game logs: one whole line per finished game, a torn last line ignored, a mismatch refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from polis.balance import lab
from polis.balance.runner import run_games
from polis.compiler import compile_ruleset
from polis.game_log import GameLog, LogError, LogMismatchError

PINNED = {"kind": "balance", "ruleset": "2e", "content_hash": "ab", "bot": "greedy", "seed": 3}


def test_games_come_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "logs" / "run.jsonl"
    with GameLog.start(path, PINNED) as log:
        log.append(0, {"winner": "athens"})
        log.append(2, {"winner": "sparta"})
    lines = path.read_text("utf-8").splitlines()
    assert json.loads(lines[0]) == {"format": "polis-games/1", **PINNED}
    log, games = GameLog.resume(path, PINNED)
    log.close()
    assert games == {0: {"winner": "athens"}, 2: {"winner": "sparta"}}


def test_a_torn_last_line_is_ignored_and_cut_off(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with GameLog.start(path, PINNED) as log:
        log.append(0, {"n": 0})
    whole = path.read_bytes()
    with path.open("ab") as fh:
        fh.write(b'{"index":1,"game":{"n"')  # the write a crash cut short
    log, games = GameLog.resume(path, PINNED)
    assert games == {0: {"n": 0}}
    assert path.read_bytes() == whole  # cut back to the last whole line
    log.append(1, {"n": 1})
    log.close()
    assert GameLog.resume(path, PINNED)[1] == {0: {"n": 0}, 1: {"n": 1}}


def test_a_whole_json_line_without_its_newline_is_torn_too(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    GameLog.start(path, PINNED).close()
    with path.open("ab") as fh:
        fh.write(b'{"index":0,"game":{}}')
    log, games = GameLog.resume(path, PINNED)
    log.close()
    assert games == {}


def test_a_damaged_line_inside_is_refused_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with GameLog.start(path, PINNED) as log:
        log.append(0, {})
    with path.open("ab") as fh:
        fh.write(b"garbage\n")
        fh.write(b'{"index":1,"game":{}}\n')
    with pytest.raises(LogError) as caught:
        GameLog.resume(path, PINNED)
    assert caught.value.line == 3


@pytest.mark.parametrize(
    ("change", "fields"),
    [
        ({"content_hash": "cd"}, ["content_hash"]),
        ({"bot": "random", "seed": 4}, ["bot", "seed"]),
        ({"level": "quick"}, ["level"]),
    ],
)
def test_a_log_made_for_another_run_is_refused(
    tmp_path: Path, change: dict[str, object], fields: list[str]
) -> None:
    path = tmp_path / "run.jsonl"
    GameLog.start(path, PINNED).close()
    with pytest.raises(LogMismatchError) as caught:
        GameLog.resume(path, {**PINNED, **change})
    assert caught.value.fields == fields


def test_an_interrupted_run_resumes_to_the_same_record(tmp_path: Path) -> None:
    compiled = compile_ruleset("2e")
    finished: list[int] = []
    first = lab.measure(
        "2e", 6, 5, "greedy", compiled=compiled, reuse=False, store=tmp_path,
        progress=lambda done, total: finished.append(done), stop=lambda: len(finished) > 3,
    )  # fmt: skip
    assert first.record.doc.interrupted and first.log is not None and first.path is None
    kept = first.record.games
    assert 0 < kept < 6
    assert len(first.log.read_text("utf-8").splitlines()) == 1 + kept
    second = lab.measure(
        "2e", 6, 5, "greedy", compiled=compiled, reuse=False, store=tmp_path, resume=True
    )
    assert second.resumed == kept and not second.record.doc.interrupted
    assert second.path is not None and second.path.is_file()
    assert not first.log.exists()  # the record holds the games now
    whole = run_games(compiled.config, 6, 5, "greedy")
    assert second.record.sample == lab.sample_of(whole, compiled)


def test_without_resume_a_run_starts_again(tmp_path: Path) -> None:
    compiled = compile_ruleset("2e")
    stopped = lab.measure(
        "2e", 4, 5, "greedy", compiled=compiled, reuse=False, store=tmp_path, stop=lambda: True
    )
    assert stopped.log is not None
    again = lab.measure("2e", 4, 5, "greedy", compiled=compiled, reuse=False, store=tmp_path)
    assert again.resumed == 0 and not again.record.doc.interrupted
