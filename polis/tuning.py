"""Fit the evaluation's weights to game outcomes (`polis fit-weights`).

The hand-set weights of `polis.bots.evaluation` say what a good, a unit or a
missing wheat is worth in points; nothing checked that positions they rate
higher are won more often. This module checks it and fits them:

1. **Sample.** Bot games are played from seeds, each side by the search's
   rollout policy or by the greedy bot (drawn per side and game, so the
   positions cover both styles of play), and about one decision in seven is
   kept with the game's result (Athens won 1, drawn ½, lost 0).
2. **Features.** The evaluation is linear in each fitted weight, so a position
   is described exactly by its evaluation under the hand-set weights and by
   the change one more point of each weight makes (`features`).
3. **Fit.** A logistic model, `P(Athens wins) = σ(c + a·evaluation)`, with the
   evaluation's weights free (never negative: every asset the evaluation counts
   is worth something, every shortfall costs), is fitted by maximum likelihood
   (`scipy.optimize`). A ridge penalty on each weight's relative change from
   the hand-set one keeps weights the sample says little about where they were.
   The last fifth of the games is held out: the table records the hold-out
   log-loss of the hand-set and the fitted weights, so a fit that only learned
   the noise would show.

Only `FITTED` weights move. `starve` (a certain loss), `reach` and
`useful_merchants` (which enter the evaluation other than linearly) keep their
hand-set values. The search bot reads the result through
`polis.bots.fitted.weights_for`; the greedy bot keeps the hand-set weights.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from polis.bots import greedy, rollout
from polis.bots.evaluation import WEIGHTS, Weights, evaluate
from polis.bots.fitted import TABLE_FILE
from polis.compiler.config import EngineConfig
from polis.engine import DRAW, State, apply_unchecked, legal_actions, new_game
from polis.executor import Executor, make_executor
from polis.simulate import MAX_ACTIONS_PER_GAME

if TYPE_CHECKING:  # numpy and scipy are imported by the fit itself, not by its readers
    import numpy as np

FITTED = (
    "good",
    "perishable",
    "wheat_surplus",
    "unit",
    "merchant",
    "population",
    "megalopolis",
    "polis",
    "capital",
    "tribute",
    "siege",
    "shortfall",
    "starve_gap",
    "starve_gap_next",
    "prisoner",
    "last_round",
)
POLICIES = ("rollout", "greedy")
KEEP_SHARE = 0.15  # share of decisions kept as positions: neighbours say nearly the same
HOLDOUT = 0.2  # share of the games (the last ones) held out of the fit
RIDGE = 1e-3  # penalty per squared relative change of a weight
RELATIVE_FLOOR = 0.2  # a weight near 0 may still move by this much per unit of penalty

Progress = Callable[[int, int], None]  # (games played, games planned)


def features(s: State, base: Weights = WEIGHTS) -> list[float]:
    """Athens' evaluation under `base`, then the change one point more of each FITTED weight makes.

    The evaluation is linear in each of them, so under weights `w` it is
    `f[0] + Σ (w_i - base_i) · f[1 + i]`.
    """
    value = evaluate(s, 0, base)
    out = [value]
    for name in FITTED:
        more = dataclasses.replace(base, **{name: getattr(base, name) + 1.0})
        out.append(evaluate(s, 0, more) - value)
    return out


# ------------------------------------------------------------------ sampling


@dataclass(frozen=True)
class GameSample:
    positions: list[list[float]]  # features of the kept positions
    athens_result: float  # 1 Athens won, ½ drawn, 0 lost


def sample_game(cfg: EngineConfig, seed: int) -> GameSample:
    """One game from `seed`, each side played by a policy drawn from the seed."""
    rng = random.Random(seed)
    kinds = [rng.choice(POLICIES) for _ in range(2)]
    bots = [greedy.GreedyBot(seed * 2 + 1 + side) for side in range(2)]
    s = new_game(cfg, seed)
    kept: list[list[float]] = []
    for _ in range(MAX_ACTIONS_PER_GAME):
        if s.finished:
            break
        if rng.random() < KEEP_SHARE:
            kept.append(features(s))
        if kinds[s.player] == "greedy":
            action = bots[s.player].choose(s)
        else:
            action = rollout.choose(s, legal_actions(s), rng)
        s = apply_unchecked(s, action)
    else:
        raise RuntimeError(f"game from seed {seed} did not end")
    result = 0.5 if s.winner == DRAW else float(s.winner == 0)
    return GameSample(kept, result)


def _sample_task(cfg: EngineConfig, task: tuple[int, int]) -> tuple[int, GameSample]:
    index, seed = task
    return index, sample_game(cfg, seed)


def sample(
    cfg: EngineConfig,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
    executor: Executor | None = None,
) -> list[GameSample]:
    """Games `seed`, `seed + 1`, … in game order, on `executor` (default: `jobs` processes)."""
    tasks = [(i, seed + i) for i in range(games)]
    done: dict[int, GameSample] = {}
    runner = executor if executor is not None else make_executor(jobs)
    try:
        for index, game in runner.results(_sample_task, cfg, tasks):
            done[index] = game
            if progress is not None:
                progress(len(done), games)
    finally:
        if executor is None:
            runner.close()
    return [done[i] for i in range(games)]


# ------------------------------------------------------------------ fitting


@dataclass(frozen=True)
class Fit:
    weights: dict[str, float]  # the FITTED weights
    scale: float  # points of the fitted evaluation that make a 73 % win chance
    log_loss_hand: float  # hold-out log-loss under the hand-set weights (each model calibrated)
    log_loss_fitted: float
    positions: int


def _arrays(games: list[GameSample]) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np

    rows = [(p, g.athens_result) for g in games for p in g.positions]
    if not rows:
        raise ValueError("the sample holds no positions")
    x = np.array([r[0] for r in rows], dtype=float)
    y = np.array([r[1] for r in rows], dtype=float)
    return x, y


def _log_loss(z: np.ndarray, y: np.ndarray) -> float:
    # -[y log σ(z) + (1-y) log σ(-z)], stable for large |z|
    import numpy as np
    from scipy import special

    return float(-np.mean(y * special.log_expit(z) + (1 - y) * special.log_expit(-z)))


def fit(games: list[GameSample], base: Weights = WEIGHTS, ridge: float = RIDGE) -> Fit:
    """Weights under which the evaluation best predicts the games' results (see the module)."""
    import numpy as np
    from scipy import optimize

    cut = max(1, int(len(games) * (1 - HOLDOUT)))
    x, y = _arrays(games[:cut])
    x_hold, y_hold = _arrays(games[cut:]) if cut < len(games) else (x, y)
    w0 = np.array([getattr(base, name) for name in FITTED])
    spread = np.maximum(w0, RELATIVE_FLOOR)

    def evaluation(x: np.ndarray, w: np.ndarray) -> np.ndarray:
        result: np.ndarray = x[:, 0] + x[:, 1:] @ (w - w0)
        return result

    def loss(params: np.ndarray, free: bool) -> float:
        c, a, w = params[0], params[1], params[2:] if free else w0
        penalty = ridge * float(np.sum(((w - w0) / spread) ** 2))
        return _log_loss(c + a * evaluation(x, w), y) + penalty

    bounds = [(None, None), (1e-4, None)] + [(0.0, None)] * len(FITTED)
    start = np.concatenate([[0.0, 0.1], w0])
    hand = optimize.minimize(
        lambda p: loss(np.concatenate([p, w0]), False),
        start[:2],
        method="L-BFGS-B",
        bounds=bounds[:2],
    ).x
    best = optimize.minimize(lambda p: loss(p, True), start, method="L-BFGS-B", bounds=bounds).x
    c, a, w = best[0], best[1], best[2:]
    return Fit(
        weights={name: round(float(v), 3) for name, v in zip(FITTED, w, strict=True)},
        scale=round(1.0 / a, 2),
        log_loss_hand=round(_log_loss(hand[0] + hand[1] * x_hold[:, 0], y_hold), 4),
        log_loss_fitted=round(_log_loss(c + a * evaluation(x_hold, w), y_hold), 4),
        positions=len(y) + (len(y_hold) if cut < len(games) else 0),
    )


# ------------------------------------------------------------------ the shipped table


def table_path() -> Path:
    return Path(__file__).parent / "bots" / TABLE_FILE


def entry(fitted: Fit, content_hash: str, games: int, seed: int) -> dict[str, Any]:
    """A table entry: the weights and what they were fitted on."""
    return {
        "content_hash": content_hash,
        "games": games,
        "seed": seed,
        "positions": fitted.positions,
        "log_loss": {"hand_set": fitted.log_loss_hand, "fitted": fitted.log_loss_fitted},
        "scale": fitted.scale,
        "weights": fitted.weights,
    }


def read_table(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """The table at `path` (the shipped one by default); empty when there is none."""
    path = path or table_path()
    if not path.is_file():
        return {}
    table: dict[str, dict[str, Any]] = json.loads(path.read_text("utf-8"))
    return table


def merged_table(entries: dict[str, dict[str, Any]], table: dict[str, dict[str, Any]]) -> str:
    """`table` with `entries` merged in (other rulesets' entries stay), as JSON by ruleset id."""
    merged = {**table, **entries}
    return json.dumps(dict(sorted(merged.items())), indent=2) + "\n"
