"""What one seat may know of a game: the observer.

A state holds more than any player at the table knows. Hidden from both seats
are everything its generator will still produce (event cards, project tiles,
the order of a battle's deck, dice: `State.rng`) and dice a test or a position
forces (`State.forced`); hidden from one seat is the other's battle hand, of
which it knows the size only. Everything else is public: the board, both
player boards, the market, the round's event, the cards shown in an assault,
the log.

This module is the one place that says so. `observe` is what a seat may see,
as data that can be sent to it (`Observation.to_json`: the Play page's desk
sends each browser its seat's); `unseen_cards` is what a seat cannot tell
apart in a battle; `determinize` and `conceal` make a state a seat could
believe in (a fresh generator, no forced dice, the other hand dealt afresh from
the unseen cards), which is what a bot may look ahead on and what a forecast
plays an option on without giving the real dice away.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from polis.compiler.config import EngineConfig
from polis.engine.core import legal_actions
from polis.engine.notation import card_id
from polis.engine.notation import to_json as action_to_json
from polis.engine.phases import Action
from polis.engine.state import LogEntry, State
from polis.engine.state_json import to_json


@dataclass(frozen=True, slots=True)
class Observation:
    """What `seat` may know of a game at one moment; nothing hidden from it is held here."""

    cfg: EngineConfig  # the rules (public)
    seat: int  # 0 Athens, 1 Sparta
    public: dict[str, Any]  # the state JSON (docs/engine.md) without hands or forced dice
    hand: tuple[int, ...]  # per card kind of the battle's deck, how many the seat holds
    hand_sizes: tuple[int, int]  # how many cards each side holds (both public)
    unseen: tuple[int, ...]  # the card kinds the seat cannot tell apart, sorted: the deck
    # and the other hand together
    naval: bool  # the battle's deck is the naval one (cards are of that deck)
    legal: tuple[Action, ...]  # the seat's choices now; empty unless it decides
    log: tuple[LogEntry, ...]  # what the last step logged (the log is public)

    @property
    def deciding(self) -> bool:
        """Whether the seat owes the pending decision."""
        return bool(self.legal)

    def to_json(self) -> dict[str, Any]:
        """JSON-able data for the seat: ids, not indices, as records and the state JSON."""
        cfg = self.cfg
        cards = cfg.naval_cards if self.naval else cfg.land_cards
        deck = "naval" if self.naval else "land"
        out = dict(self.public)
        out["seat"] = cfg.sides[self.seat]
        out["hand"] = [
            card_id(cfg, deck, cards[k]) for k, n in enumerate(self.hand) for _ in range(n)
        ]
        out["hand_sizes"] = dict(zip(cfg.sides, self.hand_sizes, strict=True))
        out["legal"] = [action_to_json(cfg, a, naval=self.naval) for a in self.legal]
        out["log"] = [[key, _plain(params)] for key, params in self.log]
        return out


def _plain(value: Any) -> Any:
    """Log parameters as JSON values (tuples become lists)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def observe(state: State, seat: int) -> Observation:
    """What `seat` may know of `state` now."""
    public = to_json(state, reveal_hands=False)
    public.pop("forced_dice", None)
    b = state.battle
    hand: tuple[int, ...] = ()
    sizes = (0, 0)
    if b is not None:
        hand = tuple(b.hands[seat])
        sizes = (sum(b.hands[0]), sum(b.hands[1]))
    deciding = not state.finished and state.player == seat
    return Observation(
        cfg=state.cfg,
        seat=seat,
        public=public,
        hand=hand,
        hand_sizes=sizes,
        unseen=tuple(unseen_cards(state, seat)),
        naval=b.naval if b is not None else False,
        legal=tuple(legal_actions(state)) if deciding else (),
        log=tuple(state.log),
    )


def unseen_cards(state: State, seat: int) -> list[int]:
    """The card kinds `seat` cannot tell apart in the battle under way, sorted: the deck and
    the other side's hand together (empty outside a battle)."""
    b = state.battle
    if b is None:
        return []
    hand = b.hands[1 - seat]
    return sorted(b.deck + [k for k, n in enumerate(hand) for _ in range(n)])


def conceal(state: State, seat: int, rng: random.Random) -> None:
    """Make `state` itself one that `seat` might believe: a generator drawn from `rng`, no
    forced dice, and the other side's hand dealt afresh from the unseen cards.

    The deal depends only on the cards `seat` cannot tell apart, never on how the real
    ones are split; the hand keeps its size. For a caller that owns `state` (a bot's
    probe); `determinize` is this on a copy.
    """
    state.rng = rng.getrandbits(64)
    state.forced = ()
    b = state.battle
    if b is not None:
        unseen = unseen_cards(state, seat)
        rng.shuffle(unseen)
        hand = b.hands[1 - seat]
        size = sum(hand)
        dealt = [0] * len(hand)
        for k in unseen[:size]:
            dealt[k] += 1
        b.hands[1 - seat] = dealt
        b.deck = unseen[size:]


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy of `state` as `seat` might believe it (see `conceal`)."""
    s = state.copy()
    conceal(s, seat, rng)
    return s


__all__ = ["Observation", "conceal", "determinize", "observe", "unseen_cards"]
