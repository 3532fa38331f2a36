"""How a game ended: who won, why, and each side's score part by part."""

from __future__ import annotations

from dataclasses import dataclass

from polis.engine import DRAW, State, score_parts


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int  # a side, or DRAW
    reason: str  # the engine's reason (score, tie_most_goods, capital_unfed...)
    sudden: bool  # a side lost by a rule (a loss condition), not on points
    losers: tuple[int, ...]  # the sides that lost by a rule (both in a sudden draw)
    parts: tuple[dict[str, int], dict[str, int]]
    totals: tuple[int, int]
    round: int  # the round the game ended in
    # a loss by an unfed capital: (capital, its population, feeding good held, prestige)
    unfed: tuple[int, int, int, int] | None = None


def outcome(state: State) -> Outcome | None:
    """None while the game runs."""
    if not state.finished:
        return None
    parts = score_parts(state)
    sudden = state.reason in state.cfg.loss_conditions
    if not sudden:
        losers: tuple[int, ...] = ()
    elif state.winner == DRAW:
        losers = (0, 1)
    else:
        losers = (1 - state.winner,)
    unfed = None
    if state.reason == "capital_unfed" and losers:
        # the loss is decided before anything is paid: the state holds what the side had
        cfg, side = state.cfg, losers[0]
        capital = cfg.capital[side]
        unfed = (
            capital,
            state.pop[capital],
            state.good(side, cfg.feeding_good),
            state.prestige[side],
        )
    return Outcome(
        state.winner,
        state.reason,
        sudden,
        losers,
        (parts[0], parts[1]),
        (sum(parts[0].values()), sum(parts[1].values())),
        state.round,
        unfed,
    )
