"""Moving cubes between the board, the poleis and the supply.

Kept in one place because leaving a territory has a side effect in some
rulesets: siege discs go when their owner has no hoplite left there.
"""

from __future__ import annotations

from polis.engine.state import State, put


def add_units(s: State, side: int, area: int, n: int = 1) -> None:
    s.units[side * len(s.cfg.areas) + area] += n


def remove_units(s: State, side: int, area: int, n: int = 1) -> int:
    """Take up to `n` units of `side` off `area` (back to the supply); returns how many."""
    i = side * len(s.cfg.areas) + area
    taken = min(n, s.units[i])
    s.units[i] -= taken
    if s.units[i] == 0 and area < s.cfg.n_territories:
        drop_siege_discs(s, side, area, "no_besieging_hoplites")
    return taken


def drop_siege_discs_at(s: State, side: int, polis: int, reason: str) -> None:
    """Remove `side`'s siege discs at `polis` if the ruleset removes them for `reason`."""
    if reason in s.cfg.siege_disc_removal and s.siege_discs[polis * 2 + side]:
        s.siege_discs = put(s.siege_discs, polis * 2 + side, 0)
        s.emit("siege_discs_removed", side=side, polis=polis, reason=reason)


def drop_siege_discs(s: State, side: int, territory: int, reason: str) -> None:
    for p in s.cfg.poleis_in_area[territory]:
        drop_siege_discs_at(s, side, p, reason)


def population_if_taken(s: State, polis: int) -> int:
    """A neutral polis is filled to its base population; an enemy polis keeps its own."""
    return s.cfg.poleis[polis].base if s.owner[polis] < 0 else s.pop[polis]


def take_polis(s: State, side: int, polis: int) -> int:
    """`side` takes `polis` with all its projects; returns its new population.

    The taker fills it with its own cubes; an enemy's cubes go back to its supply.
    """
    population = population_if_taken(s, polis)
    s.owner[polis] = side
    s.pop[polis] = population
    return population


def release_polis(s: State, polis: int) -> None:
    """A polis turns neutral, keeping its projects; its cubes go back to the supply."""
    s.owner[polis] = -1
    s.pop[polis] = 0
