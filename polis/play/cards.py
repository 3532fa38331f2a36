"""Battles as cards: the faces a player sees, what a pick means, and what an answer does.

The card component only shows cards and reports which were clicked; which pairs
are legal and what an assault would cost come from the engine, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from polis.compiler.config import CardCfg
from polis.engine import ATTACK, DEFEND, Action, State, apply_unchecked, cards_of, matched, observe


@dataclass(frozen=True, slots=True)
class Face:
    id: str  # stable within the hand: "card-<type>-<copy>"
    type: int
    formation: int
    maneuver: int
    value: int
    special: int


def face(card_type: int, copy: int, card: CardCfg) -> Face:
    return Face(
        f"card-{card_type}-{copy}",
        card_type,
        card.formation,
        card.maneuver,
        card.value,
        card.special,
    )


def hand(state: State, side: int) -> list[Face]:
    """The cards `side` holds in the battle under way, one face per card (what the engine's
    observer shows that side)."""
    battle = state.battle
    assert battle is not None
    cards = cards_of(state, battle)
    held = observe(state, side).hand
    return [face(k, copy, cards[k]) for k, n in enumerate(held) for copy in range(n)]


def shown(state: State) -> list[Face]:
    """The attacker's two cards of the assault under way (empty before it shows them)."""
    battle = state.battle
    assert battle is not None
    cards = cards_of(state, battle)
    return [
        Face(
            f"shown-{i}", k, cards[k].formation, cards[k].maneuver, cards[k].value, cards[k].special
        )
        for i, k in enumerate(battle.played)
    ]


def pick_action(options: Sequence[Action], kind: str, types: Sequence[int]) -> Action | None:
    """The legal option a pick of card types stands for, or None.

    The attacker's pair has no order (the engine lists it sorted); the defender's
    answers follow the order of the attacker's cards.
    """
    if len(types) != 2 or kind not in (ATTACK, DEFEND):
        return None
    pair = tuple(sorted(types)) if kind == ATTACK else tuple(types)
    wanted = (kind, *pair)
    return wanted if wanted in {tuple(o) for o in options} else None


@dataclass(frozen=True, slots=True)
class Preview:
    answered: tuple[bool, ...]  # per attacking card: does the answer meet it?
    losses: int  # units the defender would lose
    prestige: int  # prestige the attacker would win (negative: pay)


def preview(state: State, defence: Sequence[int]) -> Preview:
    """What answering the shown cards with `defence` would do (the engine resolves a copy;
    only the assault itself is read, which comes before any new card is drawn)."""
    battle = state.battle
    assert battle is not None
    cards = cards_of(state, battle)
    after = apply_unchecked(state, (DEFEND, *defence))
    assault = next(p for key, p in after.log if key == "assault")
    return Preview(
        tuple(matched(cards[a], cards[d]) for a, d in zip(battle.played, defence, strict=True)),
        assault["losses"],
        assault["prestige"],
    )
