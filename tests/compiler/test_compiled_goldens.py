"""Compiled configurations are committed per ruleset; any change to data or
compiler shows up as a reviewable diff of tests/data/compiled/<id>.json."""

from __future__ import annotations

import json

import pytest

from polis.compiler import compile_ruleset
from polis.compiler.serialize import canonical_json, content_hash, from_jsonable, to_jsonable
from polis.rules.registry import discover
from tests.conftest import DATA, Golden

RULESETS = list(discover())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_compiled_config_matches_golden(ruleset: str, golden: Golden) -> None:
    compiled = compile_ruleset(ruleset, use_cache=False)
    text = json.dumps(
        {"content_hash": compiled.content_hash, "config": to_jsonable(compiled.config)},
        ensure_ascii=False,
        indent=1,
    )
    golden.check(DATA / "compiled" / f"{ruleset}.json", text + "\n")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_json_round_trip_is_lossless(ruleset: str) -> None:
    config = compile_ruleset(ruleset, use_cache=False).config
    again = from_jsonable(json.loads(canonical_json(to_jsonable(config))))
    assert again == config
    assert content_hash(again) == content_hash(config)


def test_cached_compile_equals_cold_compile() -> None:
    cold = compile_ruleset("2e", use_cache=False)
    warm = compile_ruleset("2e")
    warm_again = compile_ruleset("2e")
    assert warm == cold
    assert warm_again.config is warm.config  # the in-memory cache answers the second call


def test_rulesets_hash_differently() -> None:
    hashes = {compile_ruleset(r).content_hash for r in RULESETS}
    assert len(hashes) == len(RULESETS)


def test_indices_are_consistent() -> None:
    cfg = compile_ruleset("2e").config
    assert cfg.sides == ("athens", "sparta")
    assert cfg.areas[cfg.n_territories :] == ("ionion", "myrtoon", "kyklades", "thrakiko", "noties")
    athenai = cfg.poleis[cfg.capital[0]]
    assert athenai.id == "athenai" and athenai.territory == cfg.home_region[0]
    # adjacency masks are symmetric
    for a, mask in enumerate(cfg.land_adj):
        for b in range(len(cfg.areas)):
            if mask >> b & 1:
                assert cfg.land_adj[b] >> a & 1
    assert sum(s.covered for s in cfg.slots) == 8
