"""What one untrusted upload costs the server (`pytest tests/benchmarks --benchmark-enable`).

Issue 13: a 215 KB overlay adding records cost ~47 s of CPU (the merge copied
every position for every record); 4,000 added records now merge in tens of
milliseconds, and the whole load is refused by the schema's bounds. Issue 32:
files large in their number of problems; the loader now refuses a file of more
than 10,000 values while parsing it (the 4,000 records above hold 32,000). These
measure and report; they assert only that the work was done.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from polis.compiler import compile_ruleset
from polis.engine import apply_unchecked, legal_actions, new_game
from polis.engine.record import MAX_RECORD_BYTES, Record, action_json, loads
from polis.rules import yaml_loader
from polis.rules.issues import RulesError
from polis.rules.loader import _apply, _overlay_from_doc, load_overlay_text, load_ruleset
from polis.rules.yaml_loader import parse
from tests.fuzz.corpus import OUT
from tests.fuzz.mutate import big_overlay, dump, header, large_cases
from tests.fuzz.probe import edition_copy

BIG = big_overlay(4_000)  # 178 KB
OVERLAY_HEAD = dump(header(random.Random(0), "2e"))


def test_merge_of_4000_added_records(benchmark: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # the merge alone, on a document past the loader's bound on values
    monkeypatch.setattr(yaml_loader, "MAX_YAML_NODES", 10**6)
    header, doc, _ = _overlay_from_doc(parse(BIG, display="big.yaml", allow_replace=True))
    merged, _files, issues = benchmark(_apply, header, doc, (), [], shipped_base=True)
    assert len(merged.data["formations"]) > 4_000 and not issues


def _refused(text: str) -> int:
    try:
        load_overlay_text(text, display="upload.yaml")
    except RulesError as exc:
        return len(exc.issues)
    return 0


def test_whole_load_of_the_big_overlay(benchmark: Any) -> None:
    assert benchmark(_refused, BIG) >= 1


def test_whole_load_of_the_deep_overlay(benchmark: Any) -> None:
    text = (OUT / "overlays" / "value-deep-nesting.yaml").read_text("utf-8")
    assert benchmark(_refused, text) == 1


# ------------------------------------------------------------------ issue 32

AT_THE_BOUND = {  # uploads as large in problems as the bound on values lets them be
    "4990-unknown-keys": OVERLAY_HEAD
    + "override:\n"
    + "".join(f"  zz{i}: 1\n" for i in range(4_990)),
    "2490-added-records": OVERLAY_HEAD
    + "add:\n  formations:\n"
    + "".join(f"    f{i}: {{x: 1}}\n" for i in range(2_490)),
    "4990-empty-records": OVERLAY_HEAD
    + "add:\n  formations:\n"
    + "".join(f"    f{i}: {{}}\n" for i in range(4_990)),
    "9980-removals": OVERLAY_HEAD + "remove:\n" + "".join(f"- events.e{i}\n" for i in range(9_980)),
}


@pytest.mark.parametrize("name", list(AT_THE_BOUND))
def test_uploads_with_thousands_of_problems(benchmark: Any, name: str) -> None:
    """Issue 32: 0.9 to 8.9 s of CPU before; within 1 s now (thousands of issues)."""
    assert benchmark(_refused, AT_THE_BOUND[name]) > 4_000


@pytest.mark.parametrize("name", list(large_cases()))
def test_the_large_files_of_issue_32(benchmark: Any, name: str) -> None:
    case = large_cases()[name]
    if case[0] == "overlay":
        assert benchmark(_refused, case[1].decode()) >= 1
        return
    folder = edition_copy(case[1])
    target = folder / case[2]
    original = target.read_bytes()
    try:
        target.write_bytes(case[3])
        assert benchmark(_refused_edition, folder) >= 1
    finally:
        target.write_bytes(original)


def _refused_edition(folder: Path) -> int:
    try:
        load_ruleset(folder)
    except RulesError as exc:
        return len(exc.issues)
    return 0


def test_checking_a_two_mib_record(benchmark: Any) -> None:
    """The one check of a record from outside, on the largest accepted (docs/engine.md)."""
    text = largest_record()
    assert len(text.encode()) <= MAX_RECORD_BYTES
    assert len(benchmark(loads, text).actions) > 50_000


def largest_record() -> str:
    """One random game's actions, over and over up to the size limit (the check reads the
    types of the record, it does not replay it)."""
    compiled = compile_ruleset("2e")
    state, chooser = new_game(compiled.config, 1), random.Random(1)
    game = []
    while not state.finished:
        action = chooser.choice(legal_actions(state))
        game.append(action_json(state, action))
        state = apply_unchecked(state, action)
    rec = Record("2e", compiled.content_hash, 1, game)
    per_game = len(rec.dumps().encode())
    rec.actions = game * (MAX_RECORD_BYTES // per_game)
    while len(rec.dumps().encode()) > MAX_RECORD_BYTES:
        del rec.actions[-len(game) :]
    return rec.dumps()
