"""Balance records: written, read back, checked; the shipped ones match the shipped rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from polis.balance import lab
from polis.balance import record as records
from polis.balance.game import resolve_bot
from polis.balance.record import RecordError
from polis.balance.settings import settings
from polis.compiler import compile_ruleset
from polis.rules.registry import discover


@pytest.fixture(scope="module")
def small() -> records.BalanceRecord:
    return lab.measure("2e", 4, 2, "random", reuse=False).record


def test_a_record_reads_back_the_same(small: records.BalanceRecord, tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    records.save(small, path)
    again = records.load(path)
    assert again.figures == small.figures
    assert again.sample == small.sample
    assert again.doc.content_hash == compile_ruleset("2e").content_hash
    assert (again.doc.bot, again.doc.level, again.doc.seed, again.games) == ("random", None, 2, 4)
    assert again.doc.code_version.startswith("0.")


def test_figures_that_are_not_those_of_the_games_are_refused(
    small: records.BalanceRecord,
) -> None:
    data = small.to_json()
    data["figures"]["wins"]["athens"] += 1
    with pytest.raises(RecordError, match="figures are not those of its games"):
        records.loads(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["sample"]["winner"].pop(), "winner has 3 entries for 4 games"),
        (lambda d: d.update(surprise=1), "surprise"),
        (lambda d: d.update(content_hash="nope"), "content_hash"),
        (lambda d: d["sample"]["winner"].__setitem__(0, "thebes"), "a winner must be one of"),
    ],
)
def test_bad_records_are_refused_with_a_reason(
    small: records.BalanceRecord,
    change,
    message: str,  # type: ignore[no-untyped-def]
) -> None:
    data = small.to_json()
    change(data)
    with pytest.raises(RecordError, match=message):
        records.loads(json.dumps(data))


def test_not_json_and_too_large_are_refused() -> None:
    with pytest.raises(RecordError, match="not UTF-8 JSON"):
        records.loads(b"\xff{")
    with pytest.raises(RecordError, match="larger than"):
        records.loads(b" " * (records.MAX_RECORD_BYTES + 1))


def test_a_stored_run_is_found_and_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "runs_dir", lambda: tmp_path)
    first = lab.measure("1e", 2, 9, "random", store=tmp_path)
    assert first.origin == "played" and first.path is not None and first.path.is_file()
    second = lab.measure("1e", 2, 9, "random", store=tmp_path)
    assert second.origin == "stored"
    assert second.record.figures == first.record.figures
    assert lab.measure("1e", 2, 10, "random", store=tmp_path).origin == "played"  # other seed


def test_a_run_kept_in_another_folder_is_found_there(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    assert lab.measure("2e", 2, 11, "random", store=elsewhere).origin == "played"
    again = lab.measure("2e", 2, 11, "random", store=elsewhere)
    assert again.origin == "stored" and again.path is not None
    assert again.path.parent == elsewhere


@pytest.mark.parametrize("rid", list(discover()))
def test_shipped_record_matches_the_shipped_rules(rid: str) -> None:
    """Fails when the rules change: regenerate on purpose with `polis balance-records`."""
    rec = records.load_shipped(rid)
    assert rec is not None, f"no shipped balance record for {rid}: run `polis balance-records`"
    assert rec.doc.content_hash == compile_ruleset(rid).content_hash, (
        f"the balance record of {rid} was made for other rules: run `polis balance-records {rid}`"
    )
    conf = settings().records
    assert (rec.doc.bot, rec.doc.level) == resolve_bot(conf.bot, conf.level)
    assert rec.doc.seed == conf.seed
    assert not rec.doc.interrupted
    assert rec.games == rec.doc.games_planned
