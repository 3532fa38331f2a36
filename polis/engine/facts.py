"""Facts about one side that the checks of one decision share.

The turn decision asks a dozen questions ("could this action start?") that
need the same facts: the side's poleis, its cube supply, its free discs, the
round's stacking limit, what its units may cross. `SideFacts` computes them
once for one decision (the supply and the crossings on first use) and is then
dropped. It is never stored in the state, so it cannot outlive a change to it.
Nothing in it depends on goods, so the surcharge check, which asks the same
questions again with fewer goods, reuses it.
"""

from __future__ import annotations

from mypy_extensions import i64

from polis.engine.board import Passage
from polis.engine.state import State, count_in


class SideFacts:
    __slots__ = (
        "_in_poleis",
        "_passage",
        "_state",
        "_supply",
        "_supply_known",
        "discs_free",
        "limit",
        "owned",
        "side",
    )

    side: int
    owned: list[int]  # the poleis of the side's league
    limit: int  # the round's stacking limit
    discs_free: int

    def __init__(self, s: State, side: int) -> None:
        cfg = s.cfg
        self._state = s
        self._passage: Passage | None = None
        self.side = side
        self.limit = s.stacking_limit()
        # the counts of State.supply and State.discs_free, in one pass over the poleis
        owned: list[int] = []
        in_poleis: i64 = 0
        discs: i64 = count_in(s.tributed, side)
        pop, siege = s.pop, s.siege_discs
        two_p_side: i64 = side  # p * 2 + side, polis by polis
        for p, o in enumerate(s.owner):
            if o == side:
                owned.append(p)
                in_poleis += pop[p]
                discs += 1
            discs += siege[two_p_side]
            two_p_side += 2
        self.owned = owned
        self._in_poleis = in_poleis
        self._supply = 0
        self._supply_known = False
        self.discs_free = cfg.discs_per_side - discs if cfg.discs_limited else 1 << 30

    @property
    def supply(self) -> int:
        """Cubes not in a polis, on the board or on the player board (counted on first use:
        only a siege and a civil war ask)."""
        if not self._supply_known:
            s = self._state
            cfg = s.cfg
            n: i64 = len(cfg.areas)
            units = s.units
            on_board: i64 = 0
            first: i64 = self.side * n
            for i in range(first, first + n):
                on_board += units[i]
            self._supply = cfg.cubes_per_side - on_board - cfg.track_cubes - self._in_poleis
            self._supply_known = True
        return self._supply

    @property
    def passage(self) -> Passage:
        """What the side's units may cross (built on first use: only moves need it)."""
        if self._passage is None:
            self._passage = Passage(self._state, self.side)
        return self._passage


def facts_for(s: State, side: int, facts: SideFacts | None) -> SideFacts:
    """The facts a caller already has, or fresh ones."""
    return facts if facts is not None else SideFacts(s, side)
