"""Issue 13: the validator refuses what the engine cannot play, each at the value to change.

Every overlay here was accepted before, and then deadlocked the engine, took
minutes or gigabytes, broke an invariant or failed to replay.
"""

from __future__ import annotations

import pytest

from polis.engine.act_military import allocations
from polis.rules.checks import MAX_CHOICES, most_tribute_choices, tribute_choices
from polis.rules.issues import RulesError
from polis.rules.loader import load_overlay_text
from tests.helpers import OVERLAY_HEADER as HEADER

ROUNDS_2E = """\
  rounds:
    - {id: alpha, label: Alpha, stacking_limit: %d, cargo_open: 3, event_deck: alpha,
       projects: {reveal: 3}, src: {estimate: x}}
    - {id: sigma, label: Sigma, stacking_limit: %d, cargo_open: 4, event_deck: sigma,
       projects: {reveal: 5, remove: 1}, src: {estimate: x}}
    - {id: omega, label: Omega, stacking_limit: %d, cargo_open: 5, event_deck: omega,
       projects: {reveal: 6, remove: 1}, src: {estimate: x}}
"""


def problems(body: str) -> list[str]:
    with pytest.raises(RulesError) as caught:
        load_overlay_text(HEADER + body, display="house.yaml")
    return caught.value.lines()


def test_a_threshold_one_side_reaches_alone() -> None:
    """threshold 2: `polis simulate` died with 'Cannot choose from an empty sequence'."""
    lines = problems("override:\n  battle:\n    threshold: 4\n")
    # two problems at one place print in the order they were found: the rounds' order
    assert [line.split(": in round ")[1][:5] for line in lines] == ["sigma", "omega"]
    for line in lines:  # placed at the line the overlay changed
        assert line.startswith("house.yaml:9:16: battle.threshold: in round ")
        assert "reaches the battle threshold of 4" in line


def test_a_stacking_limit_that_reaches_the_threshold_is_placed_in_the_rounds() -> None:
    lines = problems("override:\n" + ROUNDS_2E % (3, 4, 9))
    assert lines == [
        "house.yaml:13:49: rounds[2].stacking_limit: in round omega one side may stack 9 units, "
        "which alone reaches the battle threshold of 8: such a battle has no defender and the "
        "game stalls; keep every stacking limit below battle.threshold"
    ]


def test_a_huge_stacking_limit_is_out_of_bounds() -> None:
    (line,) = problems("override:\n" + ROUNDS_2E % (3, 4, 1000))
    assert "rounds[2].stacking_limit: must be at most 30, got 1000" in line


def test_a_stacking_limit_that_falls() -> None:
    (line,) = problems("override:\n" + ROUNDS_2E % (3, 5, 4))
    assert line.startswith("house.yaml:13:49: rounds[2].stacking_limit: the stacking limit falls")


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        (
            10**7,
            "house.yaml:13:17: market_values.table[10000000]: must be at most 10, got 10000000",
        ),
        (10**18, "house.yaml:13:7: override.market_values.table: this number is far larger"),
    ],
)
def test_market_table_keys_are_cargo_sizes(key: int, expected: str) -> None:
    """10**7 made compile take 113 s and 860 MB; 10**18 never finished."""
    rows = "".join(f"      {size}: [5, 6, 7]\n" for size in (3, 4, 5))
    body = f"override:\n  market_values:\n    table: !replace\n{rows[:-1]}\n      {key}: [9]\n"
    body = body.replace(rows[:-1] + "\n", rows, 1)
    lines = problems(body)
    assert any(line.startswith(expected) for line in lines), lines


def test_an_event_adding_a_million_units() -> None:
    """new_game took 10 s: the engine places units one by one."""
    body = (
        "add:\n  events:\n    levy:\n      name: Levy\n      deck: alpha\n"
        "      effects:\n        - {do: add_units, side: both, unit: hoplite, area: attika,"
        " count: 1000000}\n      src: {estimate: x}\n"
    )
    lines = problems(body)
    assert any(
        "events.levy.effects[0].count: must be at most 10, got 1000000" in ln for ln in lines
    )


SIX_GOODS = ("silver", "wine", "wood", "metal", "wheat", "silver")


def test_tribute_rows_that_explode_the_choices() -> None:
    """Rows of 60 to 80 boxes gave up to 1.9 million choices in one decision."""
    body = (
        "override:\n  tribute_yields:\n    yields: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
        "  territories:\n    attika:\n      tribute:\n"
        + "".join(
            f"        - {{good: {g}, boxes: 10}}\n"
            for g in ("silver", "wine", "wood", "metal", "wheat", "silver")
        )
        + "  battle:\n    threshold: 31\n"
        + ROUNDS_2E % (3, 5, 30)
    )
    lines = problems(body)
    assert any("territories.attika.tribute: these rows give" in ln for ln in lines), lines


def test_counting_tribute_choices_matches_the_engine() -> None:
    for boxes, hoplites in [((2, 3, 2), 5), ((3, 3), 2), ((1,), 4), ((5, 5, 5), 7), ((2,), 9)]:
        assert tribute_choices(list(boxes), hoplites) == len(allocations(boxes, hoplites))
    assert most_tribute_choices([10] * 6, 30) > MAX_CHOICES
    assert most_tribute_choices([3, 3, 2], 5) < 20


def test_prestige_max_below_the_starting_prestige() -> None:
    (line,) = problems("override:\n  player_board:\n    prestige_max: 2\n")
    assert line.startswith("house.yaml:9:19: player_board.prestige_max: a side starting with 3")


def test_too_few_discs_for_the_starting_poleis() -> None:
    lines = problems("override:\n  components:\n    discs_per_side: 1\n")
    assert [line.split(": ")[2][:6] for line in lines] == ["athens", "sparta"]
    assert all(line.startswith("house.yaml:9:21: components.discs_per_side: ") for line in lines)


def test_negative_project_prestige() -> None:
    """Prestige reached -50 in play."""
    (line,) = problems("override:\n  projects:\n    myron:\n      prestige: -50\n")
    assert "projects.myron.prestige" in line and "must be at least 0, got -50" in line


def test_a_sea_named_like_a_territory() -> None:
    """Areas share one namespace: 2 to 23 of 1,000 records failed to replay."""
    body = (
        "add:\n  seas:\n    attika:\n      name: Attic Sea\n      neighbours: []\n"
        "      src: {estimate: x}\n"
    )
    lines = problems(body)
    assert "house.yaml:10:7: seas.attika: 'attika' is already a territory; every territory and "\
        "sea needs its own id" in lines  # fmt: skip


def test_two_cargo_slots_of_one_size_in_a_market() -> None:
    body = (
        "override:\n  markets:\n    persis:\n      slots:\n"
        "        - {cargo: 3, offers: silver, accepts: [wine]}\n"
        "        - {cargo: 3, offers: wheat, accepts: [wood]}\n"
    )
    lines = problems(body)
    assert any(
        ln.startswith(
            "house.yaml:12:19: markets.persis.slots[1].cargo: persis already has a cargo-3 slot"
        )
        for ln in lines
    ), lines


def test_two_cards_of_one_kind_in_a_deck() -> None:
    body = (
        "override:\n  combat_deck:\n    land:\n"
        "      - {formation: phalanx, maneuver: othismos, value: 2, count: 12,"
        " src: {estimate: x}}\n"
        "      - {formation: phalanx, maneuver: othismos, value: 1, count: 12,"
        " src: {estimate: x}}\n"
    )
    lines = problems(body)
    assert any("combat_deck.land[1]: phalanx/othismos is already a card" in ln for ln in lines)


def test_a_good_called_prestige() -> None:
    body = (
        "add:\n  goods:\n    prestige:\n      name: Glory\n      perishable: false\n"
        "      market_track: false\n      src: {estimate: x}\n"
    )
    assert any("goods.prestige: no good may be called 'prestige'" in ln for ln in problems(body))


def test_a_plausible_variant_is_still_accepted() -> None:
    """The bounds leave room: twice the shipped sizes, a higher threshold, more rounds' stacking."""
    body = "override:\n  battle:\n    threshold: 12\n" + ROUNDS_2E % (4, 6, 8)
    model = load_overlay_text(HEADER + body, display="house.yaml").model
    assert model.battle.threshold == 12


def test_a_board_of_more_areas_than_the_engine_holds() -> None:
    """The compiled engine keeps sets of areas in 64-bit masks: 62 territories and seas at
    most (the shipped boards have 17). Beyond, a mask would not fit its int and the game
    would fail in the middle of play: the check refuses such a board at load."""
    from polis.rules.checks import MAX_AREAS

    seas, lands = 32 - 5, MAX_AREAS + 1 - 32 - 12  # the schema's most seas; one area too many
    body = "add:\n  seas:\n" + "".join(
        f"    s{i}: {{name: Sea {i}, neighbours: [s{(i + 1) % seas}], src: {{estimate: x}}}}\n"
        for i in range(seas)
    )
    body += "  territories:\n" + "".join(
        f"    t{i}: {{name: Land {i}, neighbours: [t{(i + 1) % lands}], coasts: [], tribute: [],"
        f" src: {{estimate: x}}}}\n"
        for i in range(lands)
    )
    lines = problems(body)
    wanted = f"{MAX_AREAS + 1} territories and seas in all: the engine plays boards of at most "
    assert any(f"{wanted}{MAX_AREAS}" in line for line in lines), lines
