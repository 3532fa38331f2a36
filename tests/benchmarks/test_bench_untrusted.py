"""What one untrusted upload costs the server (`pytest tests/benchmarks --benchmark-enable`).

Issue 13: a 215 KB overlay adding records cost ~47 s of CPU (the merge copied
every position for every record); 4,000 added records now merge in tens of
milliseconds, and the whole load is refused by the schema's bounds. These
measure and report; they assert only that the work was done.
"""

from __future__ import annotations

from typing import Any

from polis.rules.issues import RulesError
from polis.rules.loader import _apply, _overlay_from_doc, load_overlay_text
from polis.rules.yaml_loader import parse
from tests.fuzz.corpus import OUT
from tests.fuzz.mutate import big_overlay

BIG = big_overlay(4_000)  # 178 KB


def test_merge_of_4000_added_records(benchmark: Any) -> None:
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
