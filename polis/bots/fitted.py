"""The search bot's evaluation weights, fitted to game outcomes per ruleset.

`fitted_weights.json` beside this module holds, for each shipped ruleset, what
`polis fit-weights` found (polis.tuning): the weights under which the
evaluation best predicts who wins from positions of sampled games. A ruleset
not in the table (a house variant, an uploaded overlay) takes its edition's
weights, and failing that the hand-set `evaluation.WEIGHTS`.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from importlib import resources
from typing import Any

from polis.bots.evaluation import WEIGHTS, Weights
from polis.compiler.config import EngineConfig

TABLE_FILE = "fitted_weights.json"


@cache
def table() -> dict[str, dict[str, Any]]:
    """Ruleset id -> its fit (weights, content hash, how it was made)."""
    path = resources.files("polis.bots").joinpath(TABLE_FILE)
    if not path.is_file():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text("utf-8"))
    return data


@cache
def _weights(key: str) -> Weights | None:
    entry = table().get(key)
    if entry is None:
        return None
    return dataclasses.replace(WEIGHTS, **entry["weights"])


def weights_for(cfg: EngineConfig) -> Weights:
    """The weights fitted for `cfg`'s ruleset, else for its edition, else the hand-set ones."""
    return _weights(cfg.id) or _weights(cfg.edition) or WEIGHTS
