"""Event cards: the draw at the start of a round and the effect language.

The round's card is drawn from the whole deck, every card with the same chance,
as the books draw it. The player with more prestige (the ruleset names who wins
a tie) reveals it and applies his part first, then the other player. A card
whose effect is unknown (only its name is known, or not even that) has no
effect, but it is drawn, kept as the round's event and logged like any other.
Effects respect the stacking limit and the supply of cubes.
"""

from __future__ import annotations

from polis.compiler.config import GALLEY, HOPLITE, PRESTIGE, UNNAMED_CARD, EffectCfg
from polis.engine import continuations, phases, units
from polis.engine.operations import OPTION, REMOVE
from polis.engine.outcomes import gain_prestige, leader, pay_prestige
from polis.engine.phases import Action
from polis.engine.state import (
    NO_EVENT,
    SLOT_BLOCKED,
    SLOT_COVERED,
    UNNAMED_EVENT,
    State,
    draw,
    put,
)

# an effect waiting to be applied: (event, effect index, side or -1, amount left)
Pending = tuple[int, int, int, int]


def start(s: State) -> None:
    cfg = s.cfg
    deck_index = cfg.rounds[s.round].event_deck
    s.then = continuations.TURNS
    s.round_event = NO_EVENT
    if deck_index < 0:
        continuations.resume(s)
        return
    deck = cfg.decks[deck_index]
    event = deck.cards[draw(s, len(deck.cards))]
    reader = leader(s, cfg.reader_rule, cfg.reader_tie)
    if event == UNNAMED_CARD or not cfg.events[event].known:
        s.round_event = UNNAMED_EVENT if event == UNNAMED_CARD else event
        s.emit("event_unknown", deck=deck_index, event=event, reader=reader)
        continuations.resume(s)
        return
    s.round_event = event
    s.emit("event", event=event, reader=reader)
    queue: list[Pending] = []
    for side in (reader, 1 - reader):
        for i, effect in enumerate(cfg.events[event].effects):
            if not effect.sides and side == reader:
                queue.append((event, i, -1, effect.amount))
            elif side in effect.sides and effect.op != "first_player":
                queue.append((event, i, side, effect.amount))
            elif effect.op == "first_player" and side == reader:
                queue.append((event, i, effect.sides[0], 0))
    s.effect_queue = tuple(queue)
    run_queue(s)


def run_queue(s: State) -> None:
    """Apply pending effects until one needs a decision; then the round goes on."""
    cfg = s.cfg
    while s.effect_queue:
        event, i, side, _ = s.effect_queue[0]
        effect = cfg.events[event].effects[i]
        if effect.when != "immediate":
            s.lasting = (*s.lasting, s.effect_queue[0])
            s.effect_queue = s.effect_queue[1:]
            continue
        if _needs_choice(s, effect, side):
            s.phase = "event_remove" if effect.op == "remove_units" else "event_choice"
            s.player = side
            return
        s.effect_queue = s.effect_queue[1:]
        apply_effect(s, effect, side)
        if s.phase == "over":
            return
    continuations.resume(s)


def _removable(s: State, effect: EffectCfg, side: int) -> list[int]:
    cfg = s.cfg
    n = len(cfg.areas)
    out = []
    for area in range(n):
        kind = GALLEY if area >= cfg.n_territories else HOPLITE
        if kind in effect.units and s.units[side * n + area]:
            out.append(area)
    return out


def _needs_choice(s: State, effect: EffectCfg, side: int) -> bool:
    if effect.op == "choose":
        return True
    return effect.op == "remove_units" and bool(_removable(s, effect, side))


def apply_effect(s: State, effect: EffectCfg, side: int) -> None:
    """Apply one effect without a choice (remove_units with nothing to remove does nothing)."""
    if effect.op in ("gain", "lose"):
        if effect.good == PRESTIGE:
            before = s.prestige[side]
            if effect.op == "gain":
                gain_prestige(s, side, effect.amount)
            elif not pay_prestige(s, side, effect.amount):
                return
            moved = abs(s.prestige[side] - before)
        else:
            have = s.good(side, effect.good)
            change = effect.amount if effect.op == "gain" else -min(have, effect.amount)
            moved = abs(s.add_good(side, effect.good, change))
        # the log tells what really changed hands: gains stop at the cap, losses at zero
        s.emit("event_goods", side=side, good=effect.good, amount=moved, op=effect.op)
    elif effect.op == "add_units":
        placed = 0
        for _ in range(effect.amount):
            if s.supply(side) > 0 and s.n_units(side, effect.area) < s.stacking_limit():
                units.add_units(s, side, effect.area)
                placed += 1
        s.emit("event_units", side=side, area=effect.area, placed=placed, wanted=effect.amount)
    elif effect.op == "block_slot":
        if s.slots[effect.slot] != SLOT_COVERED:
            s.slots = put(s.slots, effect.slot, SLOT_BLOCKED)
        s.emit("event_block", slot=effect.slot)
    elif effect.op == "first_player":
        s.first_player = side
        s.emit("event_first_player", side=side)
    elif effect.op == "remove_units":
        s.emit("event_nothing_to_remove", side=side)
    elif effect.op == "choose":  # pragma: no cover - choices go through their phase
        raise AssertionError("choices need a decision")


def apply_lasting(s: State, timing: str) -> None:
    """Round-long effects that trigger at the end of a turn or of the round."""
    for event, i, side, _ in s.lasting:
        effect = s.cfg.events[event].effects[i]
        if effect.when == timing and effect.op != "choose":
            apply_effect(s, effect, side)
            if s.phase == "over":
                return


# ------------------------------------------------------------------ phases


def _head(s: State) -> tuple[EffectCfg, Pending]:
    event, i, side, left = s.effect_queue[0]
    return s.cfg.events[event].effects[i], (event, i, side, left)


def _remove_legal(s: State) -> list[Action]:
    effect, (_, _, side, _) = _head(s)
    return [(REMOVE, a) for a in _removable(s, effect, side)]


def _remove_play(s: State, action: Action) -> None:
    effect, (event, i, side, left) = _head(s)
    units.remove_units(s, side, action[1])
    s.emit("event_unit_removed", side=side, area=action[1])
    left -= 1
    if left > 0 and _removable(s, effect, side):
        s.effect_queue = ((event, i, side, left), *s.effect_queue[1:])
        return
    s.effect_queue = s.effect_queue[1:]
    run_queue(s)


def _choice_legal(s: State) -> list[Action]:
    effect, _ = _head(s)
    return [(OPTION, k) for k in range(len(effect.options))]


def _choice_play(s: State, action: Action) -> None:
    effect, (event, _, side, _) = _head(s)
    s.effect_queue = s.effect_queue[1:]
    for sub in effect.options[action[1]]:
        apply_effect(s, sub, side)
        if s.phase == "over":
            return
    s.emit("event_option", side=side, option=action[1], event=event)
    run_queue(s)


phases.register("event_remove", _remove_legal, _remove_play, rule="events.effects")
phases.register("event_choice", _choice_legal, _choice_play, rule="events.effects")
