"""Count what the fuzz cases do: `python -m tests.fuzz.audit --cases 500 --seed 1`.

Prints, per kind of input, how many cases were accepted and played, accepted
but unplayable, refused properly, refused with a bad message, or ended in a
traceback, a crash or a hang, with one example of each distinct problem.
Random kinds draw `--cases` cases from the seed; the enumerated kinds run every
case they have (a type swap at every path of a record and of an overlay, the
large files). `--kinds writes` runs the write-failure family (tests/fuzz/writes.py).
The numbers in the closing notes of issues 13 and 32 come from this script; set
POLIS_FUZZ_PATH to another checkout to measure its code with these cases.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from tests.fuzz.mutate import (
    Case,
    large_cases,
    overlay_case,
    overlay_swaps,
    record_case,
    record_swaps,
    rules_case,
)
from tests.fuzz.runner import Prober

KINDS: dict[str, Callable[[random.Random], Case]] = {
    "rules": rules_case,
    "overlay": overlay_case,
    "record": record_case,
}
ENUMERATED: dict[str, Callable[[], list[Case]]] = {
    "record_swaps": record_swaps,
    "overlay_swaps": overlay_swaps,
    "large": lambda: list(large_cases().values()),
}
SLOW_CPU_SECONDS = 5.0


def outcome(result: dict[str, Any], slow: float = SLOW_CPU_SECONDS) -> str:
    if result["outcome"] == "accepted":
        return "accepted" if result.get("play") == "ok" else "accepted-unplayable"
    if result.get("cpu", 0) > slow:
        return "slow"
    return str(result["outcome"])


def tally(prober: Prober, cases: list[Case], slow: float) -> dict[str, Any]:
    counts: Counter[str] = Counter()
    examples: dict[str, dict[str, str]] = defaultdict(dict)
    cpu = slowest = 0.0
    for case in cases:
        result = prober.run(case)
        label = outcome(result, slow)
        counts[label] += 1
        cpu += float(result.get("cpu", 0.0))
        slowest = max(slowest, float(result.get("cpu", 0.0)))
        detail = str(
            result.get("play") if label == "accepted-unplayable" else result.get("detail", "")
        )
        if label not in ("accepted", "refused"):
            signature = detail.split(":")[0][:60]
            examples[label].setdefault(signature, detail[:200])
    return {
        "cases": len(cases),
        **counts,
        "cpu_seconds": round(cpu, 1),
        "slowest_case_cpu_seconds": round(slowest, 3),
        "examples": examples,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=300, help="cases per random kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join([*KINDS, *ENUMERATED]))
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--slow", type=float, default=SLOW_CPU_SECONDS, help="CPU s: 'slow'")
    args = parser.parse_args()
    prober = Prober(timeout=args.timeout)
    try:
        for kind in args.kinds.split(","):
            if kind == "writes":
                from tests.fuzz.writes import audit as write_audit

                report = write_audit()
            else:
                if kind in KINDS:
                    rnd = random.Random(f"{args.seed}:{kind}")
                    cases = [KINDS[kind](rnd) for _ in range(args.cases)]
                else:
                    cases = ENUMERATED[kind]()
                report = tally(prober, cases, args.slow)
            print(json.dumps({kind: report}, ensure_ascii=False, indent=1), flush=True)
    finally:
        prober.close()


if __name__ == "__main__":
    main()
