"""Narration in every language: choices, prompts, refusals and log lines of real games."""

from __future__ import annotations

import random
import re

import pytest

from polis.compiler import compile_ruleset
from polis.engine import State, apply_unchecked, explain, legal_actions, new_game
from polis.i18n import LANGUAGES, translator
from polis.i18n.names import Names
from polis.narrate import Narrator
from polis.rules.registry import discover

LEFTOVER = re.compile(r"\{[a-z_]+\}")


def narrate_game(ruleset: str, lang: str, seed: int) -> list[str]:
    cfg = compile_ruleset(ruleset).config
    narrator = Narrator(Names(cfg, translator(lang)), lang)
    chooser = random.Random(seed)
    state: State = new_game(cfg, seed)
    shown: list[str] = []
    while not state.finished:
        options = legal_actions(state)
        shown.append(narrator.prompt(state))
        shown += [narrator.action(state, a) for a in options]
        refusal = explain(state, ("nonsense",))
        assert refusal is not None
        shown.append(narrator.refusal(refusal))
        state = apply_unchecked(state, chooser.choice(options))
    shown.append(narrator.prompt(state))
    return shown + narrator.log(state)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", sorted(discover()))
def test_a_whole_game_narrates(ruleset: str, lang: str) -> None:
    lines = narrate_game(ruleset, lang, seed=7)
    assert all(line.strip() for line in lines)
    leftovers = [line for line in lines if LEFTOVER.search(line)]
    assert not leftovers, leftovers[:5]
    if lang != "en":
        english = narrate_game(ruleset, "en", seed=7)
        assert len(english) == len(lines)
        # only a bare name may read the same: many languages keep the board's place names,
        # and the Italian 1st-edition book prints the project tiles' English names
        cfg = compile_ruleset(ruleset).config
        names = {*cfg.area_names, *(p.name for p in cfg.poleis), *(j.name for j in cfg.projects)}
        same = {a for a, b in zip(lines, english, strict=True) if a == b} - names
        assert not same, sorted(same)[:5]


def test_quantities_use_the_language_pattern() -> None:
    names = Names(compile_ruleset("2e").config, translator("en"))
    narrator = Narrator(names, "en")
    assert narrator.goods_list([(0, 2), (3, 0), (4, 1)]) == "2 Iron and 1 Wheat"
    assert narrator.goods_list([]) == "nothing"
