"""A tiny seeded generator whose whole state is one int.

Why not `random.Random`: its state is a 625-int tuple, too big to copy on every
`apply`; splitmix64 passes BigCrush, costs a few operations per draw and its
state copies for free, so a game record is just ruleset + seed + actions.
"""

from __future__ import annotations

from typing import Final

MASK: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Spread small seeds (0, 1, 2...) over the whole state space."""
    _, out = next_u64((seed * GOLDEN) & MASK)
    return out


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: returns (new state, 64 random bits)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)
