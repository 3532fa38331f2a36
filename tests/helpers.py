"""Starting positions shared by several test modules."""

from __future__ import annotations

from polis.compiler import compile_ruleset

# Per ruleset: a seed whose game from `rich_start` (played by `random.Random(seed)`
# picking among the legal actions) includes battles with assaults.
BATTLE_SEEDS = {"1e": 25, "2e": 20, "1e-corinthian-war": 9, "1e-second-peloponnesian-war": 20}


def rich_start(ruleset: str) -> dict[str, object]:
    """Overrides giving both sides plenty of wheat and prestige, so games reach later rounds."""
    cfg = compile_ruleset(ruleset).config
    wheat = cfg.goods[cfg.feeding_good]
    rich = {"prestige": 20, "goods": {wheat: cfg.goods_max}}
    return {"sides": dict.fromkeys(cfg.sides, rich)}
