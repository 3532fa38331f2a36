"""Actions as JSON: `["from", "attika"]`, `["attack", "land:phalanx/othismos", ...]`.

In the engine an action is a small tuple of an operation and integer indices;
records, position files and the CLI use ids instead, so files stay readable and
survive changes to the order of things in the data. How each argument is
written follows its kind in the table of operations (polis/engine/operations.py).
`to_json` and `from_json` are exact inverses for every action a state can offer.
"""

from __future__ import annotations

from typing import Any

from polis.compiler.config import CardCfg, EngineConfig
from polis.engine.operations import OPERATIONS
from polis.engine.phases import Action
from polis.messages import MessageError, msg, quoted

MODES = ("land", "sea")
# argument kinds written as plain numbers (what each number means is the operation's)
NUMBERS = frozenset({"payment", "substitution", "phoros", "option"})


class NotationError(MessageError):
    """An action written in a form this ruleset cannot read."""


def card_id(cfg: EngineConfig, deck: str, card: CardCfg) -> str:
    return f"{deck}:{cfg.formations[card.formation]}/{cfg.maneuvers[card.maneuver]}"


def slot_id(cfg: EngineConfig, k: int) -> str:
    slot = cfg.slots[k]
    return f"{cfg.markets[slot.market].id}/{slot.cargo}"


def to_json(cfg: EngineConfig, action: Action, naval: bool = False) -> list[Any]:
    op, *args = action
    kinds = OPERATIONS[op].args
    out: list[Any] = [op]
    if kinds == ("counts",):
        return [op, *args]
    for kind, value in zip(kinds, args, strict=True):
        if kind == "action" or kind in NUMBERS:
            out.append(value)
        elif kind in ("good", "barter"):
            out.append(cfg.goods[value])
        elif kind == "polis":
            out.append(cfg.poleis[value].id)
        elif kind == "area":
            out.append(cfg.areas[value])
        elif kind == "place":
            out.append(cfg.areas[value] if value >= 0 else None)
        elif kind == "project":
            out.append(cfg.projects[value].id)
        elif kind == "slot":
            out.append(slot_id(cfg, value))
        elif kind == "mode":
            out.append(MODES[value])
        elif kind == "card":
            deck = "naval" if naval else "land"
            out.append(card_id(cfg, deck, (cfg.naval_cards if naval else cfg.land_cards)[value]))
    return out


def _index(seq: list[str] | tuple[str, ...], value: Any, what: str) -> int:
    try:
        return list(seq).index(value)
    except ValueError:
        raise NotationError(msg("notation.unknown", what=msg(what), value=quoted(value))) from None


def from_json(cfg: EngineConfig, data: Any) -> Action:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise NotationError(msg("notation.not_list", data=quoted(data)))
    op, *args = data
    if op not in OPERATIONS:
        raise NotationError(msg("notation.unknown_action", op=quoted(op)))
    kinds = OPERATIONS[op].args
    if kinds == ("counts",):
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            raise NotationError(msg("notation.ints", op=op))
        return (op, *args)
    if len(args) != len(kinds):
        raise NotationError(msg("notation.arg_count", op=op, n=len(kinds), got=len(args)))
    out: list[Any] = [op]
    for kind, value in zip(kinds, args, strict=True):
        if kind == "action":
            if not isinstance(value, str):
                raise NotationError(msg("notation.name", op=op))
            out.append(value)
        elif kind in NUMBERS:
            if not isinstance(value, int) or isinstance(value, bool):
                raise NotationError(msg("notation.number", op=op))
            out.append(value)
        elif kind in ("good", "barter"):
            out.append(_index(cfg.goods, value, "kind.good"))
        elif kind == "polis":
            out.append(_index([p.id for p in cfg.poleis], value, "kind.polis"))
        elif kind == "area":
            out.append(_index(cfg.areas, value, "kind.area"))
        elif kind == "place":
            out.append(-1 if value is None else _index(cfg.areas, value, "kind.area"))
        elif kind == "project":
            out.append(_index([j.id for j in cfg.projects], value, "kind.project"))
        elif kind == "slot":
            out.append(_index([slot_id(cfg, k) for k in range(len(cfg.slots))], value, "kind.slot"))
        elif kind == "mode":
            out.append(_index(MODES, value, "kind.route"))
        elif kind == "card":
            out.append(card_index(cfg, value))
    return tuple(out)


def card_index(cfg: EngineConfig, value: Any, naval: bool | None = None) -> int:
    """The index of a card id in its deck; with `naval` given, the card must be of that deck."""
    if not isinstance(value, str) or ":" not in value:
        raise NotationError(msg("notation.card_form", value=quoted(value)))
    deck, _, name = value.partition(":")
    cards = {"land": cfg.land_cards, "naval": cfg.naval_cards}.get(deck)
    if cards is None:
        raise NotationError(msg("notation.deck", deck=quoted(deck)))
    if naval is not None and deck != ("naval" if naval else "land"):
        raise NotationError(msg("notation.wrong_deck", value=quoted(value)))
    ids = [card_id(cfg, deck, c).partition(":")[2] for c in cards]
    return _index(ids, name, "kind.card")
