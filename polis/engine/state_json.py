"""The state as readable JSON (ids, not indices), and partial overrides for positions.

`to_json` is what `polis new --json` and `polis replay --json` print and what
the app draws from; its JSON Schema is docs/schema/state.schema.json. Position
files use `apply_overrides` with the same shape to set up a situation.
"""

from __future__ import annotations

from typing import Any

from polis.engine import flow
from polis.engine.notation import NotationError, card_id, card_index, slot_id
from polis.engine.phases import PHASES
from polis.engine.state import (
    DISCARDED,
    IN_BOX,
    NO_EVENT,
    ON_OFFER,
    SLOT_BLOCKED,
    SLOT_COVERED,
    SLOT_FREE,
    UNNAMED_EVENT,
    State,
)

PROJECT_PLACES = {IN_BOX: "box", DISCARDED: "discarded", ON_OFFER: "offer"}
SLOT_STATES = {SLOT_FREE: "free", SLOT_COVERED: "covered", SLOT_BLOCKED: "blocked"}


def _side(s: State, side: int) -> str | None:
    return s.cfg.sides[side] if side >= 0 else None


def _card(s: State, k: int) -> str:
    """The id of card `k` of the current battle's deck."""
    assert s.battle is not None
    naval = s.battle.naval
    cards = s.cfg.naval_cards if naval else s.cfg.land_cards
    return card_id(s.cfg, "naval" if naval else "land", cards[k])


def _hand(s: State, side: int) -> list[str]:
    assert s.battle is not None
    return [_card(s, k) for k, n in enumerate(s.battle.hands[side]) for _ in range(n)]


def to_json(s: State, *, reveal_hands: bool = True) -> dict[str, Any]:
    """The state as JSON; with reveal_hands=False the battle hands are left out."""
    cfg = s.cfg
    n = len(cfg.areas)
    g = len(cfg.goods)
    sides: dict[str, Any] = {}
    for side, sid in enumerate(cfg.sides):
        sides[sid] = {
            "prestige": s.prestige[side],
            "goods": {cfg.goods[i]: s.goods[side * g + i] for i in range(g)},
            "supply": s.supply(side),
            "merchants": {
                "hired": s.merchants_hired[side],
                "in_port": s.merchants_in_port(side),
            },
            "proxenos": cfg.poleis[s.proxenos[side]].id if s.proxenos[side] >= 0 else None,
            "passed": bool(s.passed >> side & 1),
        }
    units = {
        sid: {cfg.areas[a]: s.units[side * n + a] for a in range(n) if s.units[side * n + a]}
        for side, sid in enumerate(cfg.sides)
    }
    poleis = {
        pol.id: {
            "owner": _side(s, s.owner[p]),
            "population": s.pop[p] if s.owner[p] >= 0 else pol.base,
            "siege_discs": {
                sid: s.siege_discs[p * 2 + side]
                for side, sid in enumerate(cfg.sides)
                if s.siege_discs[p * 2 + side]
            },
        }
        for p, pol in enumerate(cfg.poleis)
    }
    projects = {
        j.id: {
            "where": PROJECT_PLACES.get(s.proj_loc[k]) or cfg.poleis[s.proj_loc[k]].id,
            "completed": s.proj_done[k],
        }
        for k, j in enumerate(cfg.projects)
    }
    battle = None
    if s.battle is not None:
        b = s.battle
        battle = {
            "area": cfg.areas[b.area],
            "naval": b.naval,
            "attacker": cfg.sides[b.attacker],
            "assaults": b.assaults,
            "deck_size": len(b.deck),
            "played": [_card(s, k) for k in b.played],
        }
        if reveal_hands:
            battle["hands"] = {sid: _hand(s, side) for side, sid in enumerate(cfg.sides)}
    winner = s.winner_id()
    out: dict[str, Any] = {
        "ruleset": cfg.id,
        "round": cfg.rounds[s.round].id,
        "round_index": s.round,
        "phase": s.phase,
        "player": _side(s, s.player),
        "active": _side(s, s.active),
        "actions_done": s.actions_done,
        "used_actions": [a.id for k, a in enumerate(cfg.actions) if s.used_actions >> k & 1],
        "first_passer": _side(s, s.first_passer),
        "end_step": s.step or None,
        "sides": sides,
        "units": units,
        "poleis": poleis,
        "projects": projects,
        "market": {cfg.goods[gi]: s.market[t] + 1 for t, gi in enumerate(cfg.track_goods)},
        "slots": {
            slot_id(cfg, k): SLOT_STATES.get(v) or cfg.sides[v] for k, v in enumerate(s.slots)
        },
        "tributed": {cfg.areas[t]: cfg.sides[v] for t, v in enumerate(s.tributed) if v >= 0},
        "battle": battle,
        "event": _event(s),
        "chance_draws": s.chance,
        "forced_dice": list(s.forced),
        "winner": winner,
        "reason": s.reason or None,
    }
    if s.finished:
        score = flow.scores(s)
        out["scores"] = {sid: score[side] for side, sid in enumerate(cfg.sides)}
    return out


def _event(s: State) -> dict[str, Any] | None:
    """The round's event card: its deck, its id (null for a card no source names), known or not."""
    cfg = s.cfg
    deck = cfg.rounds[s.round].event_deck
    if s.round_event == NO_EVENT or deck < 0:
        return None
    if s.round_event == UNNAMED_EVENT:
        return {"deck": cfg.decks[deck].id, "card": None, "known": False, "from_overlay": False}
    event = cfg.events[s.round_event]
    return {
        "deck": cfg.decks[event.deck].id,
        "card": event.id,
        "known": event.known,
        "from_overlay": event.from_overlay,
    }


def _set_battle(s: State, value: dict[str, Any], sides: list[str]) -> None:
    from polis.engine.state import Battle

    cfg = s.cfg
    area = _find(cfg.areas, value["area"], "area")
    naval = area >= cfg.n_territories
    b = Battle(area, naval, _find(sides, value["attacker"], "side"))
    size = len(cfg.naval_cards if naval else cfg.land_cards)
    b.hands = [[0] * size, [0] * size]

    def card(cid: str) -> int:
        try:
            return card_index(cfg, cid, naval)
        except NotationError as exc:
            raise OverrideError(str(exc)) from None

    for sid, cards in value.get("hands", {}).items():
        for cid in cards:
            b.hands[_find(sides, sid, "side")][card(cid)] += 1
    if "deck" in value:
        b.deck = [card(cid) for cid in value["deck"]]
    else:  # the rest of the deck, in a fixed order
        counts = [c.count for c in (cfg.naval_cards if naval else cfg.land_cards)]
        for hand in b.hands:
            counts = [c - h for c, h in zip(counts, hand, strict=True)]
        b.deck = [k for k, c in enumerate(counts) for _ in range(c)]
    s.battle = b
    s.battles_pending = (area,)
    s.battles_fought = ()
    s.then = value.get("then", "next_turn")
    s.phase, s.player = "attack", b.attacker


class OverrideError(ValueError):
    """A position file names something the ruleset does not have."""


def _find(names: list[str] | tuple[str, ...], value: str, what: str) -> int:
    if value not in names:
        raise OverrideError(f"unknown {what} {value!r}")
    return list(names).index(value)


def _whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """A count from a position or record: a whole number in range, never a bool or text."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        upto = f" to {high}" if high is not None else " or more"
        raise OverrideError(f"{what} must be a whole number from {low}{upto}, not {value!r}")
    return value


# applied first, whatever their order in the file
_EARLY = ("clear_units", "round", "phase")


def apply_overrides(s: State, data: dict[str, Any]) -> None:
    """Change parts of a state in place, using the `to_json` shape (for position files).

    Besides the `to_json` keys: `clear_units: true` empties the board first,
    `phase: turn` drops any pending decision (an event choice, a removal) and
    `battle:` sets up a battle with known hands for the attacker to play.
    Anything the ruleset does not have, or a count that is not a whole number,
    is an OverrideError; records also check the invariants afterwards.
    """
    cfg = s.cfg
    sides = list(cfg.sides)
    n = len(cfg.areas)
    poleis = [p.id for p in cfg.poleis]

    def side_or_none(value: str | None) -> int:
        return -1 if value is None else _find(sides, value, "side")

    ordered = sorted(data.items(), key=lambda kv: _EARLY.index(kv[0]) if kv[0] in _EARLY else 99)
    for key, value in ordered:
        if key == "clear_units":
            if value:
                s.units = [0] * len(s.units)
        elif key == "phase":
            s.phase = list(PHASES)[_find(list(PHASES), value, "phase")]
            s.effect_queue = ()
            s.then = "next_turn" if value == "turn" else s.then
            flow.clear_action(s)
        elif key == "battle":
            _set_battle(s, value, sides)
        elif key == "round":
            s.round = _find([r.id for r in cfg.rounds], value, "round")
            s.round_event = NO_EVENT  # that round's card was never drawn
        elif key in ("player", "active"):
            setattr(s, key, side_or_none(value))
        elif key == "passed":
            s.passed = sum(1 << _find(sides, v, "side") for v in value)
        elif key == "first_passer":
            s.first_passer = side_or_none(value)
        elif key == "sides":
            for sid, fields in value.items():
                side = _find(sides, sid, "side")
                for field, v in fields.items():
                    if field == "prestige":
                        s.prestige[side] = _whole(v, "prestige")
                    elif field == "goods":
                        for good, amount in v.items():
                            g = _find(cfg.goods, good, "good")
                            s.goods[side * len(cfg.goods) + g] = _whole(amount, good)
                    elif field == "proxenos":
                        s.proxenos[side] = -1 if v is None else _find(poleis, v, "polis")
                    elif field == "merchants":
                        if "in_port" in v:  # the merchants not on a market slot
                            raise OverrideError("set merchants.hired and slots, not in_port")
                        s.merchants_hired[side] = _whole(v.get("hired"), "merchants hired")
                    else:
                        raise OverrideError(f"cannot set sides.{sid}.{field}")
        elif key == "units":
            for sid, areas in value.items():
                side = _find(sides, sid, "side")
                for area, count in areas.items():
                    s.units[side * n + _find(cfg.areas, area, "area")] = _whole(count, area)
        elif key == "poleis":
            for pid, fields in value.items():
                p = _find(poleis, pid, "polis")
                if "owner" in fields:
                    s.owner[p] = side_or_none(fields["owner"])
                if "population" in fields:
                    s.pop[p] = _whole(fields["population"], f"{pid} population")
                if s.owner[p] < 0:
                    s.pop[p] = 0
                for sid, count in fields.get("siege_discs", {}).items():
                    disc = p * 2 + _find(sides, sid, "side")
                    s.siege_discs[disc] = _whole(count, "siege discs")
        elif key == "projects":
            for jid, fields in value.items():
                j = _find([x.id for x in cfg.projects], jid, "project")
                where = fields.get("where")
                if where is not None:
                    places = {v: k for k, v in PROJECT_PLACES.items()}
                    s.proj_loc[j] = (
                        places[where] if where in places else _find(poleis, where, "polis")
                    )
                if "completed" in fields:
                    s.proj_done[j] = bool(fields["completed"])
        elif key == "market":
            columns = max((len(row) for row in cfg.market_table), default=0)
            for good, column in value.items():
                track = cfg.track_of_good[_find(cfg.goods, good, "good")]
                if track < 0:
                    raise OverrideError(f"{good} has no market track")
                s.market[track] = _whole(column, f"{good} market column", 1, columns) - 1
        elif key == "tributed":
            for area, sid in value.items():
                s.tributed[_find(cfg.areas, area, "area")] = side_or_none(sid)
        elif key == "slots":
            states = [*SLOT_STATES.values(), *sides]
            codes = [*SLOT_STATES, *range(len(sides))]
            ids = [slot_id(cfg, k) for k in range(len(cfg.slots))]
            for slot, state in value.items():
                s.slots[_find(ids, slot, "market slot")] = codes[_find(states, state, "slot state")]
        else:
            raise OverrideError(f"positions cannot set {key!r}")
