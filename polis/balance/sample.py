"""The games of a run as columns, and the figures that summarise them.

A `Sample` is what a balance record keeps of every game (so two records can be
compared game by game long after the run), and `figures(sample)` the summary
the CLI prints and the app draws. Games that failed with an error are kept in
the columns (winner "error") and left out of every figure but the error count.

Metric keys (used by the figures, the comparisons and the JSON):
`win:<side>`, `draw`, `reason:<reason>` (rates over the games played);
`score:<side>`, `part:<side>:<part>` (over the games that reached the final
scoring); `length:rounds|turns|actions|steps`, `count:<occurrence>` and
`count:action:<action id>` (per game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from polis.balance.game import OCCURRENCES, SCORED_REASONS, GameFacts
from polis.stats import Interval, quantiles, wilson

LENGTHS = ("rounds", "turns", "actions", "steps")
PARTS = ("population", "prestige", "project_end_prestige")


@dataclass
class Sample:
    sides: tuple[str, str]
    action_ids: tuple[str, ...]  # the ruleset's actions: counted even when never taken
    index: list[int] = field(default_factory=list)
    winner: list[str] = field(default_factory=list)
    reason: list[str] = field(default_factory=list)
    score: dict[str, list[int]] = field(default_factory=dict)  # side -> per game
    parts: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # side -> part -> game
    lengths: dict[str, list[int]] = field(default_factory=dict)  # LENGTHS -> per game
    counts: dict[str, list[int]] = field(default_factory=dict)  # count keys -> per game
    guard_stops: list[int] = field(default_factory=list)
    error_samples: list[str] = field(default_factory=list)

    # -------------------------------------------------------------- building

    @classmethod
    def from_facts(
        cls, facts: Sequence[GameFacts], sides: Sequence[str], action_ids: Sequence[str]
    ) -> Sample:
        sample = cls((sides[0], sides[1]), tuple(action_ids))
        keys = sample.count_keys()
        sample.score = {side: [] for side in sample.sides}
        sample.parts = {side: {part: [] for part in PARTS} for side in sample.sides}
        sample.lengths = {length: [] for length in LENGTHS}
        sample.counts = {key: [] for key in keys}
        for game in facts:
            sample.index.append(game.index)
            sample.winner.append(game.winner)
            sample.reason.append(game.reason)
            for s, side in enumerate(sample.sides):
                sample.score[side].append(game.score[s])
                for part in PARTS:
                    sample.parts[side][part].append(game.parts[s].get(part, 0))
            for length in LENGTHS:
                sample.lengths[length].append(int(getattr(game, length)))
            for key in keys:
                sample.counts[key].append(game.counts.get(key, 0))
            sample.guard_stops.append(game.guard_stops)
            if game.error and len(sample.error_samples) < 3:
                sample.error_samples.append(game.error)
        return sample

    def count_keys(self) -> list[str]:
        return [*OCCURRENCES, *(f"action:{a}" for a in self.action_ids)]

    # -------------------------------------------------------------- reading

    @property
    def games(self) -> int:
        return len(self.winner)

    def played(self) -> list[int]:
        """Positions of the games that ended without an error."""
        return [i for i, w in enumerate(self.winner) if w != "error"]

    def scored(self) -> list[int]:
        return [i for i, r in enumerate(self.reason) if r in SCORED_REASONS]

    def reasons(self) -> list[str]:
        """End reasons that occur, in a stable order (the scored ones first)."""
        seen = {r for r in self.reason if r != "error"}
        return [r for r in SCORED_REASONS if r in seen] + sorted(seen - set(SCORED_REASONS))

    def has(self, key: str) -> bool:
        """Does the metric exist for this ruleset (an action it does not have does not)?"""
        if key.startswith("count:action:"):
            return key.removeprefix("count:action:") in self.action_ids
        return True

    def rate(self, key: str) -> tuple[int, int]:
        """(games where it happened, games played) for `win:<side>`, `draw`, `reason:<r>`."""
        played = self.played()
        if key.startswith("win:"):
            hits = sum(1 for i in played if self.winner[i] == key[4:])
        elif key == "draw":
            hits = sum(1 for i in played if self.winner[i] == "draw")
        elif key.startswith("reason:"):
            hits = sum(1 for i in played if self.reason[i] == key[7:])
        else:
            raise KeyError(key)
        return hits, len(played)

    def values(self, key: str) -> list[int]:
        """Per-game values of `score:`, `part:`, `length:` and `count:` metrics."""
        kind, _, rest = key.partition(":")
        if kind in ("score", "part"):
            rows = self.scored()
            if kind == "score":
                column = self.score[rest]
            else:
                side, _, part = rest.partition(":")
                column = self.parts[side][part]
            return [column[i] for i in rows]
        rows = self.played()
        if kind == "length":
            column = self.lengths[rest]
        elif kind == "count":
            column = self.counts.get(rest, [0] * self.games)
        else:
            raise KeyError(key)
        return [column[i] for i in rows]

    # -------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": list(self.sides),
            "action_ids": list(self.action_ids),
            "index": self.index,
            "winner": self.winner,
            "reason": self.reason,
            "score": self.score,
            "parts": self.parts,
            "lengths": self.lengths,
            "counts": self.counts,
            "guard_stops": self.guard_stops,
            "error_samples": self.error_samples,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sample:
        """From validated JSON (polis.balance.record checks shapes and lengths first)."""
        sides = data["sides"]
        return cls(
            (sides[0], sides[1]),
            tuple(data["action_ids"]),
            list(data["index"]),
            list(data["winner"]),
            list(data["reason"]),
            {k: list(v) for k, v in data["score"].items()},
            {s: {p: list(v) for p, v in parts.items()} for s, parts in data["parts"].items()},
            {k: list(v) for k, v in data["lengths"].items()},
            {k: list(v) for k, v in data["counts"].items()},
            list(data["guard_stops"]),
            list(data["error_samples"]),
        )


def _interval(i: Interval) -> dict[str, float]:
    return {"rate": round(i.rate, 4), "low": round(i.low, 4), "high": round(i.high, 4)}


def figures(sample: Sample) -> dict[str, Any]:
    """The summary of a run (documented in docs/balance.md, "Figures")."""
    played = sample.played()
    n = len(played)
    wins = {side: sample.rate(f"win:{side}")[0] for side in sample.sides}
    wins["draw"] = sample.rate("draw")[0]
    reasons: dict[str, dict[str, int]] = {}
    for reason in sample.reasons():
        by_winner = dict.fromkeys((*sample.sides, "draw"), 0)
        for i in played:
            if sample.reason[i] == reason:
                by_winner[sample.winner[i]] += 1
        reasons[reason] = by_winner
    return {
        "games": sample.games,
        "played": n,
        "errors": sample.games - n,
        "scored_games": len(sample.scored()),
        "wins": wins,
        "win_rate": {side: _interval(wilson(wins[side], n)) for side in (*sample.sides, "draw")},
        "end_reasons": reasons,
        "score": {side: quantiles(sample.values(f"score:{side}")) for side in sample.sides},
        "score_parts": {
            side: {part: quantiles(sample.values(f"part:{side}:{part}"))["mean"] for part in PARTS}
            for side in sample.sides
        },
        "length": {length: quantiles(sample.values(f"length:{length}")) for length in LENGTHS},
        "per_game": {
            key: quantiles(sample.values(f"count:{key}"))["mean"] for key in sample.count_keys()
        },
        "guard_stops": sum(sample.guard_stops),
    }
