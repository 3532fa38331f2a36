"""Battles: 8 or more units of both sides in one area.

Each side holds as many combat cards as it has units there. In each assault
the attacker shows two cards and the defender answers each; an unanswered card
costs the defender a unit and earns the attacker the card's value, an answered
one earns the attacker the difference if his card is worth more. Then the
roles swap. The battle ends when a player retreats (before drawing), when the
defender falls below the ruleset's minimum, or when the deck cannot refill
both hands. Which side attacks first, how the defender refills and what a
retreat costs are ruleset data.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from polis.compiler.config import UNANSWERABLE, WILDCARD, CardCfg
from polis.engine import continuations, phases, units
from polis.engine.operations import ATTACK, BATTLE, DEFEND, FIGHT, RETREAT
from polis.engine.outcomes import gain_prestige, pay_prestige
from polis.engine.phases import Action
from polis.engine.state import Battle, State, draw


def battle_areas(s: State) -> list[int]:
    """Areas where both sides together have enough units for a battle."""
    n = len(s.cfg.areas)
    t = s.cfg.battle_threshold
    return [a for a in range(n) if s.units[a] + s.units[n + a] >= t]


def cards_of(s: State, b: Battle) -> tuple[CardCfg, ...]:
    return s.cfg.naval_cards if b.naval else s.cfg.land_cards


def start(s: State, area: int) -> None:
    cfg = s.cfg
    naval = area >= cfg.n_territories
    b = Battle(area, naval, cfg.first_attacker_naval if naval else cfg.first_attacker_land)
    deck = [k for k, card in enumerate(cards_of(s, b)) for _ in range(card.count)]
    for i in range(len(deck) - 1, 0, -1):  # Fisher-Yates with the state's generator
        j = draw(s, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    b.deck = deck
    b.hands = [[0] * len(cards_of(s, b)), [0] * len(cards_of(s, b))]
    s.battle = b
    s.emit("battle", area=area, naval=naval, attacker=b.attacker)
    b.retreat_queue = [b.attacker, 1 - b.attacker]
    b.after_retreat = "deal"
    _ask_retreat(s)


def units_in(s: State, side: int) -> int:
    assert s.battle is not None
    return s.n_units(side, s.battle.area)


def _draw_cards(b: Battle, side: int, n: int) -> None:
    for _ in range(n):
        b.hands[side][b.deck.pop()] += 1


def _ask_retreat(s: State) -> None:
    b = s.battle
    assert b is not None
    while b.retreat_queue:
        side = b.retreat_queue[0]
        if s.prestige[side] >= s.cfg.retreat_cost:
            s.phase, s.player = "retreat", side
            return
        b.retreat_queue.pop(0)
    if b.after_retreat == "deal":
        _deal(s)
    else:
        _refill(s)


def _deal(s: State) -> None:
    b = s.battle
    assert b is not None
    need = [units_in(s, 0), units_in(s, 1)]
    if sum(need) > len(b.deck):
        end(s, "deck_short")
        return
    for side in (0, 1):
        _draw_cards(b, side, need[side])
    s.phase, s.player = "attack", b.attacker


def _refill(s: State) -> None:
    cfg = s.cfg
    b = s.battle
    assert b is not None
    attacker, defender = b.attacker, 1 - b.attacker
    want_att = cfg.attacker_draw
    if cfg.defender_draw == "two_minus_losses":
        want_def = max(0, cfg.cards_per_assault - b.last_losses)
    else:  # refill_to_units
        want_def = max(0, units_in(s, defender) - sum(b.hands[defender]))
    if want_att + want_def > len(b.deck):
        end(s, "deck_short")
        return
    _draw_cards(b, attacker, want_att)
    _draw_cards(b, defender, want_def)
    b.attacker = defender  # roles swap
    s.phase, s.player = "attack", b.attacker


def end(s: State, why: str) -> None:
    b = s.battle
    assert b is not None
    s.emit("battle_end", area=b.area, why=why)
    s.battles_fought = (*s.battles_fought, b.area)
    s.battle = None
    continuations.proceed(s, continuations.NEXT_BATTLE)


# ------------------------------------------------------------------ assaults


def pairs(hand: list[int]) -> list[tuple[int, int]]:
    held = [k for k, n in enumerate(hand) if n]
    return [(a, c) for a, c in combinations_with_replacement(held, 2) if a != c or hand[a] >= 2]


def attack_options(s: State) -> list[Action]:
    """Pairs the attacker may show; an ambush card that costs prestige only if it can be paid,
    unless every pair includes it (then it is forced)."""
    b = s.battle
    assert b is not None
    cards = cards_of(s, b)
    shown = pairs(b.hands[b.attacker])
    prestige = s.prestige[b.attacker]

    def affordable(pair: tuple[int, int]) -> bool:
        cost = -sum(
            cards[k].value for k in pair if cards[k].special == UNANSWERABLE and cards[k].value < 0
        )
        return prestige >= cost

    ok = [p for p in shown if affordable(p)]
    return [(ATTACK, a, c) for a, c in (ok or shown)]


def defend_options(s: State) -> list[Action]:
    b = s.battle
    assert b is not None
    hand = b.hands[1 - b.attacker]
    held = [k for k, n in enumerate(hand) if n]
    first, second = b.played
    out = []
    for d1, d2 in product(held, held):
        if d1 == d2 and hand[d1] < 2:
            continue
        if first == second and d1 > d2:
            continue  # the two attacking cards are alike: order does not matter
        out.append((DEFEND, d1, d2))
    return out


def matched(attack: CardCfg, defence: CardCfg) -> bool:
    if attack.special == UNANSWERABLE:
        return False
    if attack.special == WILDCARD:
        return True
    return defence.formation == attack.formation or defence.special == WILDCARD


def resolve(s: State, defence: tuple[int, int]) -> None:
    b = s.battle
    assert b is not None
    cards = cards_of(s, b)
    attacker, defender = b.attacker, 1 - b.attacker
    gain = losses = 0
    for a, d in zip(b.played, defence, strict=True):
        if matched(cards[a], cards[d]):
            gain += max(0, cards[a].value - cards[d].value)
        else:
            losses += 1
            gain += cards[a].value
    for d in defence:
        b.hands[defender][d] -= 1
    lost = units.remove_units(s, defender, b.area, losses)
    b.assaults += 1
    b.last_losses = lost
    s.emit(
        "assault", attacker=attacker, played=b.played, answered=defence, losses=lost, prestige=gain
    )
    b.played = ()
    if gain >= 0:
        gain_prestige(s, attacker, gain)
    elif not pay_prestige(s, attacker, -gain):
        return  # a forced ambush the attacker could not pay: the game is lost
    if units_in(s, defender) < s.cfg.defender_min_units:
        end(s, "defender_below_min")
        return
    b.retreat_queue = [attacker, defender]
    b.after_retreat = "draw"
    _ask_retreat(s)


# ------------------------------------------------------------------ phases


def _order_legal(s: State) -> list[Action]:
    ready = set(battle_areas(s))
    return [(BATTLE, a) for a in s.battles_pending if a not in s.battles_fought and a in ready]


def _order_play(s: State, action: Action) -> None:
    start(s, action[1])


def _retreat_legal(s: State) -> list[Action]:
    return [(FIGHT,), (RETREAT,)]


def _retreat_play(s: State, action: Action) -> None:
    b = s.battle
    assert b is not None
    side = b.retreat_queue.pop(0)
    if action[0] == FIGHT:
        _ask_retreat(s)
        return
    pay_prestige(s, side, s.cfg.retreat_cost)
    gain_prestige(s, 1 - side, s.cfg.retreat_gain)
    s.emit("retreat", side=side, area=b.area)
    end(s, "retreat")


def _attack_play(s: State, action: Action) -> None:
    b = s.battle
    assert b is not None
    pair = (action[1], action[2])
    for k in pair:
        b.hands[b.attacker][k] -= 1
    b.played = pair
    s.phase, s.player = "defend", 1 - b.attacker


def _defend_play(s: State, action: Action) -> None:
    resolve(s, (action[1], action[2]))


phases.register("battle_order", _order_legal, _order_play, rule="battle.start")
phases.register("retreat", _retreat_legal, _retreat_play, rule="battle.retreat")
phases.register("attack", attack_options, _attack_play, rule="battle.assault")
phases.register("defend", defend_options, _defend_play, rule="battle.assault")
