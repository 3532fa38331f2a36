"""What each event deck of a ruleset holds: the cards whose text is known, and how many are not.

The engine draws every card of a deck with the same chance; a card whose text
is unknown has no effect. Players should know how much of each deck that is
before they start, so the new-game form and the rules reference both say it,
from the same counts. No Streamlit here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from polis.compiler.config import UNNAMED_CARD, EngineConfig
from polis.i18n.formats import items
from polis.i18n.names import Names
from polis.markup import escape_value
from polis.reference.values import ESTIMATE_MARK


@dataclass(frozen=True, slots=True)
class DeckCount:
    """How many cards of one deck the engine can play, of how many."""

    deck: int  # index into cfg.decks
    size: int
    known: int  # cards with a known effect (copies counted)
    from_overlay: int  # of those, cards whose text an overlay supplies
    unnamed: int  # cards no source names


def decks_in_play(cfg: EngineConfig) -> tuple[int, ...]:
    """The decks the ruleset's rounds draw from, in round order, each once."""
    return tuple(dict.fromkeys(r.event_deck for r in cfg.rounds if r.event_deck >= 0))


def deck_counts(cfg: EngineConfig) -> tuple[DeckCount, ...]:
    """Known and unknown cards of every deck the rounds use."""
    out = []
    for d in decks_in_play(cfg):
        cards = cfg.decks[d].cards
        named = [e for e in cards if e != UNNAMED_CARD]
        known = [e for e in named if cfg.events[e].known]
        out.append(
            DeckCount(
                deck=d,
                size=len(cards),
                known=len(known),
                from_overlay=sum(cfg.events[e].from_overlay for e in known),
                unnamed=cards.count(UNNAMED_CARD),
            )
        )
    return tuple(out)


def plain(text: str) -> str:
    """`text` with its markdown markup characters escaped, so it renders as typed.

    Names from an uploaded overlay are untrusted (polis.markup says how they are escaped).
    """
    return escape_value(text)


def _deck_name(names: Names, deck: int) -> str:
    d = names.cfg.decks[deck]
    return plain(names.deck(d.id, d.name))


def known_cards_note(names: Names, lang: str) -> str:
    """One sentence for the new-game form: per deck, how many cards are known of how many."""
    _ = names.gettext
    counts = deck_counts(names.cfg)
    if not counts:
        return _("This ruleset uses no event cards.")
    parts = []
    for c in counts:
        deck = _deck_name(names, c.deck)
        if c.from_overlay:
            text = _("{deck}: {known} of {size} ({overlay} from the overlay)")
        else:
            text = _("{deck}: {known} of {size}")
        parts.append(text.format(deck=deck, known=c.known, size=c.size, overlay=c.from_overlay))
    return _(
        "Event cards whose text is known: {decks}. An unknown card is drawn like the others "
        "and has no effect."
    ).format(decks=items(parts, lang))


def deck_list(names: Names, lang: str, estimated: Collection[str] = ()) -> str:
    """A markdown list of the decks in play, their cards and how many are unknown.

    `estimated` holds the ids of decks whose size is a reconstruction (marked ≈).
    """
    _ = names.gettext
    cfg = names.cfg
    lines = []
    for c in deck_counts(cfg):
        deck = cfg.decks[c.deck]
        shown: list[str] = []
        copies = Counter(e for e in deck.cards if e != UNNAMED_CARD)
        for e, n in copies.items():
            event = cfg.events[e]
            name = plain(names.event(e))
            if not event.known:
                text = _("{event} (text unknown)")
            elif event.from_overlay:
                text = _("{event} (from the overlay)")
            else:
                text = "{event}"
            text = text.format(event=name)
            if n > 1:
                text = _("{card} ×{copies}").format(card=text, copies=n)
            shown.append(text)
        if c.unnamed:
            shown.append(
                names.ngettext("{n} unknown card", "{n} unknown cards", c.unnamed).format(
                    n=c.unnamed
                )
            )
        size = names.ngettext("{n} card", "{n} cards", c.size).format(n=c.size)
        if deck.id in estimated:
            size = f"{ESTIMATE_MARK}{size}"
        lines.append(
            "- "
            + _("**{deck}** ({size}): {cards}").format(
                deck=_deck_name(names, c.deck), size=size, cards=items(shown, lang)
            )
        )
    return "\n".join(lines)
