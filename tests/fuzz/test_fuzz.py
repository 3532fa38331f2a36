"""Fuzzing the untrusted inputs: rules files, uploaded overlays, game records (issue 13).

Each case runs in a worker process (tests/fuzz/probe.py) the way the CLI and the
app handle that input, so a crash of the interpreter is seen as a crash, not
as the end of the test run. For every case:

- only our error types (RulesError, RecordError) may come out, never a traceback;
- every message is located (`path:line:col: field: message`, records: one line);
- the process survives, and answers within the hang bound (a generous wall time
  on a shared machine) and a CPU bound;
- what is accepted is played: a few random games with checked moves, the
  invariants after every move, and the record of each game replayed to the same
  final state (the accepted-but-unplayable class of the audit).

The committed seed corpus (tests/data/fuzz/, written by tests/fuzz/corpus.py)
keeps one case per finding; hypothesis drives the random generators of
tests/fuzz/mutate.py on top. `python -m tests.fuzz.audit` runs them in bulk and
counts outcomes.

Issue 32 added three families: a value of every other kind at every path of a
record and of an overlay (type swaps), rules files large in their number of
problems, and outputs that cannot be written or are traps (tests/fuzz/writes.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz import writes
from tests.fuzz.corpus import OUT as CORPUS
from tests.fuzz.corpus import record_bytes
from tests.fuzz.mutate import (
    Case,
    dump,
    large_cases,
    overlay_case,
    record_case,
    rules_case,
    semantic_overlay,
    swap_case,
)
from tests.fuzz.runner import Prober

CPU_SECONDS = 10.0  # per case; the slowest accepted case plays 3 whole games in ~1 s
FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(scope="module")
def prober() -> Iterator[Prober]:
    worker = Prober()
    yield worker
    worker.close()


def check(result: dict[str, Any], *, accepted: bool | None = None) -> None:
    outcome = result["outcome"]
    assert outcome in ("accepted", "refused"), result
    if outcome == "accepted":
        assert result["play"] == "ok", result
    assert result["cpu"] < CPU_SECONDS, result
    if accepted is not None:
        assert (outcome == "accepted") == accepted, result


def corpus_case(path: Path) -> Case:
    raw = record_bytes(path)
    kind = path.parent.name
    if kind == "rules":
        edition, _, rest = path.name.partition("-")
        return ("rules", edition, rest.split("--")[0] + ".yaml", raw)
    return ("overlay" if kind == "overlays" else "record", raw)


CORPUS_FILES = sorted(p for p in CORPUS.glob("*/*") if p.is_file())


def test_the_corpus_covers_every_kind_of_input() -> None:
    kinds = {p.parent.name for p in CORPUS_FILES}
    assert kinds == {"rules", "overlays", "records"} and len(CORPUS_FILES) > 60


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_case(prober: Prober, path: Path) -> None:
    result = prober.run(corpus_case(path))
    check(result, accepted=".ok." in path.name)
    # each case must be refused for what it tests, not for a stale content hash
    assert "made with other rules" not in str(result.get("detail")), result


@FUZZ
@given(st.randoms(use_true_random=False))
def test_mutated_rules_files(prober: Prober, rnd: random.Random) -> None:
    check(prober.run(rules_case(rnd)))


@FUZZ
@given(st.randoms(use_true_random=False))
def test_mutated_overlays(prober: Prober, rnd: random.Random) -> None:
    check(prober.run(overlay_case(rnd)))


@FUZZ
@given(st.randoms(use_true_random=False))
def test_mutated_records(prober: Prober, rnd: random.Random) -> None:
    check(prober.run(record_case(rnd)))


@settings(FUZZ, max_examples=150)
@given(st.randoms(use_true_random=False))
def test_accepted_overlays_play_with_the_invariants_held(
    prober: Prober, rnd: random.Random
) -> None:
    """Schema-shaped overlays with plausible and odd numbers: accepted means playable."""
    check(prober.run(("overlay", dump(semantic_overlay(rnd)).encode("utf-8"))))


@FUZZ
@given(st.randoms(use_true_random=False))
def test_type_swaps(prober: Prober, rnd: random.Random) -> None:
    """A value of another kind at any path of a record or an overlay: refused in words."""
    check(prober.run(swap_case(rnd)))


LARGE = large_cases()


@pytest.mark.parametrize("name", list(LARGE))
def test_large_files(prober: Prober, name: str) -> None:
    """10,000 to 40,000 problems in one file (the CPU it costs: tests/benchmarks)."""
    check(prober.run(LARGE[name]), accepted=False)


@pytest.mark.parametrize(("name", "run"), writes.cases(), ids=[n for n, _ in writes.cases()])
def test_write_failures(name: str, run: Callable[[Path], str]) -> None:
    """Each way an output can fail or be a trap: one line and a failure status, nothing
    harmed, nothing left behind (`unavailable`: a full disk needs root to mount one)."""
    assert writes.run_case(run) in writes.GOOD
