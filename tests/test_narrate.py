"""Narration in every language: choices, prompts, refusals and log lines of real games."""

from __future__ import annotations

import re
from functools import cache

import pytest

from polis.compiler import compile_ruleset
from polis.i18n import LANGUAGES, translator
from polis.i18n.names import Names
from polis.narrate import Narrator
from polis.rules.registry import discover
from tests.narration import NarratedGame, games, narrate_game

LEFTOVER = re.compile(r"\{[a-z_]+\}")
# what the narrated games must show, so that these sentences are checked at all
IMPORTANT_LOG_KEYS = {"round", "siege", "trade", "battle", "assault", "battle_end"}
# The Corinthian War has no event cards; the Second Peloponnesian War plays the decks
# 5α and 5β, which hold only cards of unknown effect, so each of its rounds shows one.
EVENT_LOG_KEYS = {
    "1e": {"event", "event_unknown"},
    "2e": {"event_unknown"},
    "1e-second-peloponnesian-war": {"event_unknown"},
}


@cache
def narrated(ruleset: str, lang: str) -> tuple[NarratedGame, ...]:
    cfg = compile_ruleset(ruleset).config
    narrator = Narrator(Names(cfg, translator(lang)), lang)
    return tuple(narrate_game(ruleset, narrator, seed, start) for seed, start in games(ruleset))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", sorted(discover()))
def test_a_whole_game_narrates(ruleset: str, lang: str) -> None:
    played = narrated(ruleset, lang)
    unnarrated = sorted({key for game in played for key, _params in game.unnarrated})
    assert not unnarrated, f"log entries without a sentence: {unnarrated}"
    lines = [line for game in played for line in game.lines]
    assert all(line.strip() for line in lines)
    leftovers = [line for line in lines if LEFTOVER.search(line)]
    assert not leftovers, leftovers[:5]
    if lang != "en":
        english = [line for game in narrated(ruleset, "en") for line in game.lines]
        assert len(english) == len(lines)
        # only a bare name may read the same: many languages keep the board's place names,
        # and the Italian 1st-edition book prints the project tiles' English names
        cfg = compile_ruleset(ruleset).config
        names = {*cfg.area_names, *(p.name for p in cfg.poleis), *(j.name for j in cfg.projects)}
        same = {a for a, b in zip(lines, english, strict=True) if a == b} - names
        assert not same, sorted(same)[:5]


@pytest.mark.parametrize("ruleset", sorted(discover()))
def test_the_games_show_the_important_log_entries(ruleset: str) -> None:
    seen = set().union(*(game.log_keys for game in narrated(ruleset, "en")))
    wanted = IMPORTANT_LOG_KEYS | EVENT_LOG_KEYS.get(ruleset, set())
    assert wanted <= seen, sorted(wanted - seen)


def test_quantities_use_the_language_pattern() -> None:
    names = Names(compile_ruleset("2e").config, translator("en"))
    narrator = Narrator(names, "en")
    assert narrator.goods_list([(0, 2), (3, 0), (4, 1)]) == "2 Iron and 1 Wheat"
    assert narrator.goods_list([]) == "nothing"


def narrator_for(cfg: object, lang: str) -> Narrator:
    return Narrator(Names(cfg, translator(lang)), lang)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_cards_and_cut_gains_are_narrated(lang: str) -> None:
    cfg = compile_ruleset("1e").config
    four = next(i for i, d in enumerate(cfg.decks) if d.id == "four")
    egypt = next(i for i, e in enumerate(cfg.events) if e.id == "egypt_rebels")
    entries = [
        ("event_unknown", {"deck": four, "event": -1, "reader": 0}),
        ("event_unknown", {"deck": four, "event": egypt, "reader": 1}),
        ("cap_cut", {"side": 0, "good": -1, "lost": 2}),
        ("cap_cut", {"side": 1, "good": cfg.goods.index("silver"), "lost": 3}),
    ]
    lines = [narrator_for(cfg, lang).entry(key, p) for key, p in entries]
    english = [narrator_for(cfg, "en").entry(key, p) for key, p in entries]
    for line, source in zip(lines, english, strict=True):
        assert line and not LEFTOVER.search(line), line
        assert lang == "en" or line != source, line
    if lang == "en":
        assert lines == [
            "Event: an unknown card of deck 4; its text is not known, so it has no effect",
            "Event: Egypt Rebels Against Persia, from deck 4; its text is not known, "
            "so it has no effect",
            "Athens is at the end of the prestige track: 2 prestige more is lost",
            "Sparta has no room for more Silver: 3 Silver are lost",
        ]
