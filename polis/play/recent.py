"""What happened since a player's turn before the opponent's last, and how a battle went.

Each state keeps the log entries of the transition that made it, so the
history of a game (`GameSession.states`) is its whole log. Entries are grouped
the way a player tells a game: a round begins, a turn, a battle, the end of a
round; groups come newest first, the entries inside a group in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from polis.engine import LogEntry, State

# an entry with one of these keys opens a new group
GROUP_STARTS = frozenset({"round", "turn", "round_end", "battle", "game_over", "game_lost"})
# bookkeeping entries nobody needs to read again
QUIET = frozenset({"setup", "preparation"})
SILENT_ALONE = frozenset({"turn"})
# the entries that say what a side chose on its turn (what its action did is told after)
CHOICES = frozenset({"action", "pass"})
MAX_GROUPS = 12
NO_HEAD: LogEntry = ("", {})


@dataclass(frozen=True, slots=True)
class Group:
    head: LogEntry
    entries: tuple[LogEntry, ...]


@dataclass(frozen=True, slots=True)
class Assault:
    attacker: int
    played: tuple[int, ...]
    answered: tuple[int, ...]
    losses: int  # units the defender lost
    prestige: int  # prestige the attacker won (negative: paid)


@dataclass(slots=True)
class BattleReport:
    area: int
    naval: bool
    first_attacker: int
    assaults: list[Assault] = field(default_factory=list)
    ended: str = ""  # why it ended, "" while it goes on

    def losses(self, side: int) -> int:
        return sum(a.losses for a in self.assaults if a.attacker != side)

    def prestige(self, side: int) -> int:
        return sum(a.prestige for a in self.assaults if a.attacker == side)


def news_begins_after(states: Sequence[State], steps: Sequence[Any], side: int) -> int:
    """Index of the step the news begins after: the last in which `side` itself chose on
    its turn (an action, a pass) before the other side last decided.

    So the opponent's last turn stays in the news while the player makes the several
    choices of its own action, and the player's choices since come above it. Choices at a
    round's end (feeding, growth, a project taken off the offer) do not count: the news a
    player reads before its next action must still tell how the round ended, what the
    opponent fed and grew and the prestige it gained.
    """
    reply = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].side != side), -1)
    for i in range(reply - 1, -1, -1):
        if steps[i].side == side and not steps[i].by_bot and states[i].phase == "turn":
            return i
    return -1


def entries_since(states: Sequence[State], steps: Sequence[Any], side: int) -> list[LogEntry]:
    """Every log entry since the news begins (`news_begins_after`; from the start if never).

    Step i turns states[i] into states[i + 1]; the entries of that state include what the
    decision itself caused (a die, a siege, the end of a round), so they are new too.
    """
    first = news_begins_after(states, steps, side) + 1
    return [entry for state in states[first:] for entry in state.log if entry[0] not in QUIET]


def groups(entries: Sequence[LogEntry], limit: int = MAX_GROUPS) -> list[Group]:
    """The entries grouped by what a player would call one event, newest group first.

    Entries before the first group start (the list began inside a group) get an empty head.
    """
    out: list[Group] = []
    head: LogEntry = NO_HEAD
    body: list[LogEntry] = []
    for entry in entries:
        if entry[0] in GROUP_STARTS:
            if head is not NO_HEAD or body:
                out.append(Group(head, tuple(body)))
            head, body = entry, []
        else:
            body.append(entry)
    if head is not NO_HEAD or body:
        out.append(Group(head, tuple(body)))
    # "X to play" with nothing after it says only whose turn it is: the status says that
    out = [g for g in out if g.entries or g.head[0] not in SILENT_ALONE]
    return list(reversed(out))[:limit]


def last_choices(entries: Sequence[LogEntry], side: int) -> list[LogEntry]:
    """What the other side chose on its newest turn among `entries` (its actions, its
    pass), in order; none if it has had no turn among them."""
    for group in groups(entries):
        key, params = group.head
        if key == "turn" and params.get("side") != side:
            return [entry for entry in group.entries if entry[0] in CHOICES]
    return []


def battle_report(states: Sequence[State]) -> BattleReport | None:
    """The battle under way in the last state, or the last battle fought in its transition."""
    collected: list[LogEntry] = []
    for state in reversed(states):
        for entry in reversed(state.log):
            collected.insert(0, entry)
            if entry[0] == "battle":
                return _report(collected)
        if state is not states[-1] and state.battle is None:
            break
    last = states[-1].battle if states else None
    if last is not None:  # set up without its start in the history (a position file)
        return BattleReport(last.area, last.naval, last.attacker)
    return None


def _report(entries: Sequence[LogEntry]) -> BattleReport:
    key, p = entries[0]
    report = BattleReport(p["area"], bool(p["naval"]), p["attacker"])
    for key, p in entries[1:]:
        if key == "assault":
            report.assaults.append(
                Assault(
                    p["attacker"],
                    tuple(p["played"]),
                    tuple(p["answered"]),
                    p["losses"],
                    p["prestige"],
                )
            )
        elif key == "battle_end":
            report.ended = p["why"]
            break
    return report


def battle_reports(entries: Sequence[LogEntry]) -> list[BattleReport]:
    """Every battle whose start is among `entries`, in order."""
    out = []
    for i, (key, _p) in enumerate(entries):
        if key == "battle":
            out.append(_report(entries[i:]))
    return out


def battle_ending_at(states: Sequence[State], index: int) -> BattleReport | None:
    """The battle whose end is logged in `states[index]`, told from its start (which may lie
    many states before), or None if that state ends no battle."""
    log = states[index].log
    end = next((j for j, (key, _p) in enumerate(log) if key == "battle_end"), None)
    if end is None:
        return None
    tail = list(log[: end + 1])
    j = index - 1
    while j >= 0 and states[j].battle is not None:  # the states the battle was under way in
        tail[:0] = states[j].log
        j -= 1
    start = _last_start(tail)
    if start is not None:
        return _report(tail[start:])
    first = states[j + 1].battle if j + 1 < index else None
    if first is None:
        return None
    # set up without its start in the history (a position file): begin from its first state
    head = ("battle", {"area": first.area, "naval": first.naval, "attacker": first.attacker})
    return _report([head, *tail])


def _last_start(entries: Sequence[LogEntry]) -> int | None:
    return next((j for j in range(len(entries) - 1, -1, -1) if entries[j][0] == "battle"), None)


def ended_battles(states: Sequence[State], steps: Sequence[Any], side: int) -> list[BattleReport]:
    """The battles that ended since the news begins, in order, each told whole."""
    first = news_begins_after(states, steps, side) + 1
    found = (battle_ending_at(states, i) for i in range(first, len(states)))
    return [report for report in found if report is not None]
