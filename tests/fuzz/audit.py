"""Count what the fuzz cases do: `python -m tests.fuzz.audit --cases 500 --seed 1`.

Prints, per kind of input, how many cases were accepted and played, accepted
but unplayable, refused properly, refused with a bad message, or ended in a
traceback, a crash or a hang, with one example of each distinct problem.
The numbers in the closing note of issue 13 come from this script.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict
from typing import Any

from tests.fuzz.mutate import overlay_case, record_case, rules_case
from tests.fuzz.runner import Prober

KINDS = {"rules": rules_case, "overlay": overlay_case, "record": record_case}
SLOW_CPU_SECONDS = 5.0


def outcome(result: dict[str, Any]) -> str:
    if result["outcome"] == "accepted":
        return "accepted" if result.get("play") == "ok" else "accepted-unplayable"
    if result.get("cpu", 0) > SLOW_CPU_SECONDS:
        return "slow"
    return str(result["outcome"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=300, help="cases per kind of input")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    prober = Prober(timeout=args.timeout)
    report: dict[str, Any] = {}
    try:
        for kind in args.kinds.split(","):
            rnd = random.Random(f"{args.seed}:{kind}")
            counts: Counter[str] = Counter()
            examples: dict[str, dict[str, str]] = defaultdict(dict)
            cpu = slowest = 0.0
            for _ in range(args.cases):
                result = prober.run(KINDS[kind](rnd))
                label = outcome(result)
                counts[label] += 1
                cpu += float(result.get("cpu", 0.0))
                slowest = max(slowest, float(result.get("cpu", 0.0)))
                detail = str(
                    result.get("play")
                    if label == "accepted-unplayable"
                    else result.get("detail", "")
                )
                if label not in ("accepted", "refused"):
                    signature = detail.split(":")[0][:60]
                    examples[label].setdefault(signature, detail[:200])
            report[kind] = {
                "cases": args.cases,
                **counts,
                "cpu_seconds": round(cpu, 1),
                "slowest_case_cpu_seconds": round(slowest, 3),
                "examples": examples,
            }
            print(json.dumps({kind: report[kind]}, ensure_ascii=False, indent=1), flush=True)
    finally:
        prober.close()


if __name__ == "__main__":
    main()
