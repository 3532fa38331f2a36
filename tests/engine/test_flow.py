"""Turn and round flow: battles at turn end, deferral after a pass, removal of projects,
the surcharge, forced ambush, scoring and tie-breakers."""

from __future__ import annotations

from polis.compiler import compile_ruleset
from polis.engine import State, apply, legal_actions, new_game
from polis.engine.outcomes import finish_game, scores
from polis.engine.state import DRAW, ON_OFFER
from polis.engine.state_json import apply_overrides


def game(ruleset: str, seed: int = 0, **overrides: object) -> State:
    s = new_game(compile_ruleset(ruleset).config, seed)
    apply_overrides(s, {"phase": "turn", **overrides})
    return s


def play(s: State, *actions: tuple[object, ...]) -> State:
    for action in actions:
        s = apply(s, action)
    return s


def area(s: State, name: str) -> int:
    return s.cfg.areas.index(name)


def sparta_attacks_without_prestige(
    ruleset: str, round_id: str, sparta: list[str], athens: list[str]
) -> State:
    """Four hoplites each in Boiotia; Sparta, with no prestige, attacks holding `sparta`."""
    return game(
        ruleset,
        round=round_id,
        clear_units=True,
        units={"athens": {"boiotia": 4}, "sparta": {"boiotia": 4}},
        sides={"sparta": {"prestige": 0}},
        battle={
            "area": "boiotia",
            "attacker": "sparta",
            "hands": {"sparta": sparta, "athens": athens},
        },
    )


def sparta_brings_boiotia_to_eight(ruleset: str, round_id: str) -> State:
    """Sparta's first action of a turn moves a fourth hoplite into Boiotia (4 + 4 units)."""
    s = game(
        ruleset,
        round=round_id,
        player="sparta",
        active="sparta",
        clear_units=True,
        units={"athens": {"boiotia": 4}, "sparta": {"megaris": 4, "boiotia": 3}},
    )
    s = play(
        s, ("act", "move_hoplites"), ("dest", area(s, "boiotia")), ("from", area(s, "megaris"))
    )
    assert s.phase == "turn"  # Boiotia now holds 4 + 4, but the turn is not over
    return s


def test_eight_units_start_a_battle_when_the_turn_ends() -> None:
    s = play(sparta_brings_boiotia_to_eight("2e", "sigma"), ("pass",))
    # 2nd edition: the pass ends Sparta's turn, so the battle is fought now
    assert s.phase in ("retreat", "attack") and s.battle is not None
    assert s.battle.attacker == 1  # land battles: Sparta attacks first


def test_first_edition_battles_wait_for_the_second_pass() -> None:
    s = play(sparta_brings_boiotia_to_eight("1e", "four"), ("pass",))
    # Sparta passed first: battles wait until both have passed
    assert s.phase == "turn" and s.player == 0 and s.battle is None
    s = play(s, ("pass",))
    assert s.phase in ("retreat", "attack") and s.battle is not None


def test_battles_at_turn_end_when_nobody_passed_and_the_mover_orders_them() -> None:
    s = game(
        "2e",
        round="omega",
        player="athens",
        active="athens",
        clear_units=True,
        units={
            "athens": {"boiotia": 4, "kyklades": 4, "attika": 1},
            "sparta": {"boiotia": 4, "kyklades": 4},
        },
        sides={"athens": {"goods": {"wood": 4}}},
    )
    attika = area(s, "attika")
    s = play(s, ("act", "collect_tribute"), ("territory", attika))
    s = play(s, legal_actions(s)[0])
    s = play(
        s, ("act", "create_galleys"), ("polis", s.cfg.capital[0]), ("build", 0, area(s, "kyklades"))
    )
    assert (
        s.phase == "battle_order" and s.player == 0
    )  # the player whose turn ended picks the order
    assert set(legal_actions(s)) == {
        ("battle", area(s, "boiotia")),
        ("battle", area(s, "kyklades")),
    }
    s = apply(s, ("battle", area(s, "kyklades")))
    assert s.battle is not None and s.battle.naval and s.battle.attacker == 0  # Athens first at sea


def test_project_removal_by_the_player_with_less_prestige() -> None:
    s = game(
        "2e",
        player="sparta",
        active="sparta",
        sides={
            "athens": {"prestige": 9, "goods": {"wheat": 20}},
            "sparta": {"prestige": 4, "goods": {"wheat": 20}},
        },
    )
    s = play(s, ("pass",), ("pass",))
    while s.phase != "discard_project":
        s = apply(s, ("done",))
    assert s.player == 1 and s.round == 1
    assert sum(1 for loc in s.proj_loc if loc == ON_OFFER) == 5
    target = next(j for j, loc in enumerate(s.proj_loc) if loc == ON_OFFER)
    s = apply(s, ("discard", target))
    assert sum(1 for loc in s.proj_loc if loc == ON_OFFER) == 4


def test_after_a_pass_each_action_costs_a_good_and_may_repeat() -> None:
    s = game(
        "2e",
        player="sparta",
        active="sparta",
        clear_units=True,
        sides={"athens": {"goods": {"wood": 4, "metal": 4}}},
    )
    s = play(s, ("pass",))
    assert s.player == 0
    wood, attika = s.cfg.goods.index("wood"), area(s, "attika")
    for _ in range(3):  # the same action again and again, a good each time
        s = play(s, ("act", "create_hoplites"))
        assert s.phase == "surcharge"
        s = play(s, ("surcharge", wood), ("polis", s.cfg.capital[0]), ("build", 0, attika))
        if s.phase == "build":
            s = play(s, ("stop",))
    assert s.good(0, wood) == 1 and s.n_units(0, attika) == 3
    assert s.phase == "turn" and s.player == 0


def test_a_forced_ambush_without_prestige_loses_the_game() -> None:
    s = sparta_attacks_without_prestige(
        "1e",
        "four",
        sparta=["land:salpinx/ambush", "land:cavalry/hold"],
        athens=["land:phalanx/advance", "land:cavalry/advance"],
    )
    options = legal_actions(s)
    assert all(
        s.cfg.land_cards[a].special == 2 or s.cfg.land_cards[b].special == 2 for _, a, b in options
    )
    s = apply(s, options[0])
    assert s.battle is not None
    athens_cards = [k for k, n in enumerate(s.battle.hands[0]) for _ in range(n)]
    s = apply(s, ("defend", *athens_cards))
    assert s.finished and s.winner == 0 and s.reason == "prestige_debt"


def test_the_ambush_is_not_offered_voluntarily_without_prestige() -> None:
    s = sparta_attacks_without_prestige(
        "2e",
        "sigma",
        sparta=["land:salpinx/ambush", "land:cavalry/hold", "land:phalanx/advance"],
        athens=["land:phalanx/advance", "land:cavalry/advance"],
    )
    salpinx = next(k for k, c in enumerate(s.cfg.land_cards) if c.special == 2)
    assert all(salpinx not in (a, b) for _, a, b in legal_actions(s))


def test_final_score_and_tie_breakers() -> None:
    s = game("2e")
    s.prestige = [10, 10]
    pop = scores(s)
    s.prestige = [10 + pop[1] - pop[0], 10]  # make the scores equal
    g = len(s.cfg.goods)
    s.goods = [1] * g + [2] * g
    finish_game(s)
    assert s.winner == 1 and s.reason == "tie_most_goods"
    s2 = game("2e")
    s2.prestige = [10 + pop[1] - pop[0], 10]
    s2.goods = [1] * (2 * g)
    finish_game(s2)
    assert s2.winner == DRAW and s2.reason == "shared_victory"
    s3 = game("1e")
    p3 = scores(s3)
    s3.prestige = [10 + p3[1] - p3[0], 10]
    s3.goods = [1] * (2 * len(s3.cfg.goods))
    finish_game(s3)
    assert s3.winner == DRAW and s3.reason == "tie"


def test_completed_end_game_prestige_counts_only_for_the_owner() -> None:
    s = game(
        "2e",
        projects={
            "myron": {"where": "athenai", "completed": True},
            "protagoras": {"where": "syrakousai", "completed": True},
        },
    )
    base = scores(game("2e"))
    assert scores(s) == [base[0] + 3, base[1]]  # Syrakousae is neutral: nobody scores its project


def test_the_last_round_ends_the_game_after_megalopolis() -> None:
    s = game(
        "1e-corinthian-war",
        player="sparta",
        active="sparta",
        sides={"athens": {"goods": {"wheat": 20}}, "sparta": {"goods": {"wheat": 20}}},
    )
    s = play(s, ("pass",), ("pass",))
    while not s.finished:
        s = apply(s, legal_actions(s)[-1])
    assert s.reason in ("score", "tie_most_goods", "tie")
    assert [k for k, _ in s.log][-1] == "game_over"
    assert s.step == ""
