"""The state as readable JSON (ids, not indices), and partial overrides for positions.

`to_json` is what `polis new --json` and `polis replay --json` print and what
the app draws from; its JSON Schema is docs/schema/state.schema.json. Position
files use `apply_overrides` with the same shape to set up a situation.
"""

from __future__ import annotations

from typing import Any

from polis.engine import continuations, flow
from polis.engine.notation import NotationError, card_id, card_index, slot_id
from polis.engine.outcomes import scores
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
    put,
)
from polis.messages import MessageError, msg, quoted

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
        score = scores(s)
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


def _set_battle(s: State, value: Any, sides: list[str]) -> None:
    from polis.engine.state import Battle

    cfg = s.cfg
    value = _mapping(value, "battle")
    area = _find(cfg.areas, value.get("area"), "kind.area")
    naval = area >= cfg.n_territories
    b = Battle(area, naval, _find(sides, value.get("attacker"), "kind.side"))
    cards = cfg.naval_cards if naval else cfg.land_cards
    b.hands = [[0] * len(cards), [0] * len(cards)]

    def card(cid: Any) -> int:
        try:
            return card_index(cfg, cid, naval)
        except NotationError as exc:
            raise OverrideError(exc.problem) from None

    for sid, held in _mapping(value.get("hands", {}), "battle.hands").items():
        for cid in _list(held, f"battle.hands.{sid}"):
            b.hands[_find(sides, sid, "kind.side")][card(cid)] += 1
    counts = [c.count for c in cards]
    for hand in b.hands:
        counts = [c - h for c, h in zip(counts, hand, strict=True)]
    if any(c < 0 for c in counts):
        raise OverrideError(msg("override.cards_twice"))
    if "deck" in value:
        b.deck = [card(cid) for cid in _list(value["deck"], "battle.deck")]
    else:  # the rest of the deck, in a fixed order
        b.deck = [k for k, c in enumerate(counts) for _ in range(c)]
    then = value.get("then", continuations.NEXT_TURN)
    if then not in continuations.THEN:
        raise OverrideError(
            msg("override.unknown", what=msg("kind.continuation"), value=quoted(then))
        )
    s.battle = b
    s.battles_pending = (area,)
    s.battles_fought = ()
    s.then = then
    s.phase, s.player = "attack", b.attacker


class OverrideError(MessageError):
    """A position or a record's start names something the ruleset does not have."""


def _find(names: list[str] | tuple[str, ...], value: Any, what: str) -> int:
    """The index of `value` among `names`; `what` is a `kind.*` message key."""
    if not isinstance(value, str) or value not in names:
        raise OverrideError(msg("override.unknown", what=msg(what), value=quoted(value)))
    return list(names).index(value)


def _mapping(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise OverrideError(msg("override.mapping", what=what, value=quoted(value)))
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise OverrideError(msg("override.list", what=what, value=quoted(value)))
    return value


def _whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """A count from a position or record: a whole number in range, never a bool or text."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        if high is None:
            raise OverrideError(msg("override.whole_open", what=what, low=low, value=quoted(value)))
        raise OverrideError(
            msg("override.whole", what=what, low=low, high=high, value=quoted(value))
        )
    return value


# applied first, whatever their order in the file
_EARLY = ("clear_units", "round", "phase")
# the phases a position may name: the others need the move in progress (a destination,
# a polis, a card shown...) that only playing to them sets up; a battle is set with `battle:`
START_PHASES = ("turn",)
# no count on a board comes near this; it keeps arithmetic on an untrusted start small
MAX_COUNT = 1_000


def apply_overrides(s: State, data: dict[str, Any]) -> None:
    """Change parts of a state in place, using the `to_json` shape (for position files).

    Besides the `to_json` keys: `clear_units: true` empties the board first,
    `phase: turn` drops any pending decision (an event choice, a removal) and
    `battle:` sets up a battle with known hands for the attacker to play.
    Anything the ruleset does not have, a value of the wrong shape, or a count
    that is not a whole number, is an OverrideError; records also check that the
    position is possible and can be played on (polis.engine.record).
    """
    cfg = s.cfg
    sides = list(cfg.sides)
    n = len(cfg.areas)
    poleis = [p.id for p in cfg.poleis]
    territories = list(cfg.areas[: cfg.n_territories])

    def side_or_none(value: Any) -> int:
        return -1 if value is None else _find(sides, value, "kind.side")

    def count(value: Any, what: str, low: int = 0, high: int = MAX_COUNT) -> int:
        return _whole(value, what, low, high)

    ordered = sorted(
        _mapping(data, "start").items(),
        key=lambda kv: _EARLY.index(kv[0]) if kv[0] in _EARLY else 99,
    )
    for key, value in ordered:
        if key == "clear_units":
            if value:
                s.units = [0] * len(s.units)
        elif key == "phase":
            if value not in START_PHASES:
                raise OverrideError(msg("override.phase", value=quoted(value)))
            s.phase = value
            s.effect_queue = ()
            s.then = continuations.NEXT_TURN
            flow.clear_action(s)
        elif key == "battle":
            _set_battle(s, value, sides)
        elif key == "round":
            s.round = _find([r.id for r in cfg.rounds], value, "kind.round")
            s.round_event = NO_EVENT  # that round's card was never drawn
        elif key in ("player", "active"):
            setattr(s, key, _find(sides, value, "kind.side"))
        elif key == "passed":
            s.passed = 0
            for v in _list(value, "passed"):
                s.passed |= 1 << _find(sides, v, "kind.side")
        elif key == "first_passer":
            s.first_passer = side_or_none(value)
        elif key == "sides":
            for sid, fields in _mapping(value, "sides").items():
                side = _find(sides, sid, "kind.side")
                for field, v in _mapping(fields, f"sides.{sid}").items():
                    if field == "prestige":
                        s.prestige[side] = count(v, "prestige")
                    elif field == "goods":
                        for good, amount in _mapping(v, f"sides.{sid}.goods").items():
                            g = _find(cfg.goods, good, "kind.good")
                            s.goods[side * len(cfg.goods) + g] = count(amount, good)
                    elif field == "proxenos":
                        at = -1 if v is None else _find(poleis, v, "kind.polis")
                        s.proxenos = put(s.proxenos, side, at)
                    elif field == "merchants":
                        v = _mapping(v, f"sides.{sid}.merchants")
                        if "in_port" in v:  # the merchants not on a market slot
                            raise OverrideError(msg("override.in_port"))
                        hired = count(v.get("hired"), "merchants hired")
                        s.merchants_hired = put(s.merchants_hired, side, hired)
                    else:
                        raise OverrideError(
                            msg("override.side_field", side=sid, field=quoted(field))
                        )
        elif key == "units":
            for sid, areas in _mapping(value, "units").items():
                side = _find(sides, sid, "kind.side")
                for area, amount in _mapping(areas, f"units.{sid}").items():
                    s.units[side * n + _find(cfg.areas, area, "kind.area")] = count(amount, area)
        elif key == "poleis":
            for pid, fields in _mapping(value, "poleis").items():
                p = _find(poleis, pid, "kind.polis")
                fields = _mapping(fields, f"poleis.{pid}")
                if "owner" in fields:
                    s.owner[p] = side_or_none(fields["owner"])
                if "population" in fields:
                    s.pop[p] = count(fields["population"], f"{pid} population")
                if s.owner[p] < 0:
                    s.pop[p] = 0
                for sid, discs in _mapping(fields.get("siege_discs", {}), "siege_discs").items():
                    disc = p * 2 + _find(sides, sid, "kind.side")
                    s.siege_discs = put(s.siege_discs, disc, count(discs, "siege discs"))
        elif key == "projects":
            for jid, fields in _mapping(value, "projects").items():
                j = _find([x.id for x in cfg.projects], jid, "kind.project")
                fields = _mapping(fields, f"projects.{jid}")
                where = fields.get("where")
                if where is not None:
                    places = {v: k for k, v in PROJECT_PLACES.items()}
                    loc = (
                        places[where]
                        if isinstance(where, str) and where in places  # a mapping is unhashable
                        else _find(poleis, where, "kind.polis")
                    )
                    s.proj_loc = put(s.proj_loc, j, loc)
                if "completed" in fields:
                    s.proj_done = put(s.proj_done, j, bool(fields["completed"]))
        elif key == "market":
            columns = max((len(row) for row in cfg.market_table), default=0)
            for good, column in _mapping(value, "market").items():
                track = cfg.track_of_good[_find(cfg.goods, good, "kind.good")]
                if track < 0:
                    raise OverrideError(msg("override.no_track", good=good))
                column = _whole(column, f"{good} market column", 1, columns) - 1
                s.market = put(s.market, track, column)
        elif key == "tributed":
            for area, sid in _mapping(value, "tributed").items():
                t = _find(territories, area, "kind.territory")
                s.tributed = put(s.tributed, t, side_or_none(sid))
        elif key == "slots":
            states = [*SLOT_STATES.values(), *sides]
            codes = [*SLOT_STATES, *range(len(sides))]
            ids = [slot_id(cfg, k) for k in range(len(cfg.slots))]
            for slot, state in _mapping(value, "slots").items():
                code = codes[_find(states, state, "kind.slot_state")]
                s.slots = put(s.slots, _find(ids, slot, "kind.slot"), code)
        else:
            raise OverrideError(msg("override.key", key=quoted(key)))
