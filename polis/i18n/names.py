"""Names of game things (poleis, goods, rounds...) in the reader's language.

Names come from the rules data; the catalogs translate them with the data path
as context (`msgctxt "2e:goods.metal.name"`, msgid "Iron"), so each edition can
use its own book's word. A variant's own names are looked up under its id
first, then under its edition's.
"""

from __future__ import annotations

import gettext

from polis.compiler.config import EngineConfig


class Names:
    def __init__(self, cfg: EngineConfig, translation: gettext.NullTranslations) -> None:
        self.cfg = cfg
        self.tr = translation
        self.scopes = (cfg.id,) if cfg.id == cfg.edition else (cfg.id, cfg.edition)

    def gettext(self, message: str) -> str:
        return self.tr.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.tr.ngettext(singular, plural, n)

    def data(self, path: str, english: str) -> str:
        """The translation of a name written in the rules data at `path`."""
        for scope in self.scopes:
            found = self.tr.pgettext(f"{scope}:{path}", english)
            if found != english:
                return found
        return english

    # -- one helper per kind of thing, so callers never build paths by hand

    def side(self, side: int) -> str:
        return self.data(f"sides.{self.cfg.sides[side]}.name", self.cfg.side_names[side])

    def good(self, good: int) -> str:
        return self.data(f"goods.{self.cfg.goods[good]}.name", self.cfg.good_names[good])

    def amount(self, n: int, good: int) -> str:
        """A quantity of a good; a message of its own so languages can inflect or reorder it."""
        return self.tr.pgettext("quantity", "{n} {good}").format(n=n, good=self.good(good))

    def area(self, area: int) -> str:
        cfg = self.cfg
        section = "territories" if area < cfg.n_territories else "seas"
        return self.data(f"{section}.{cfg.areas[area]}.name", cfg.area_names[area])

    def polis(self, polis_id: str, english: str) -> str:
        return self.data(f"poleis.{polis_id}.name", english)

    def polis_at(self, polis: int) -> str:
        p = self.cfg.poleis[polis]
        return self.polis(p.id, p.name)

    def project(self, project: int) -> str:
        j = self.cfg.projects[project]
        return self.data(f"projects.{j.id}.name", j.name)

    def market(self, market: int) -> str:
        m = self.cfg.markets[market]
        return self.data(f"markets.{m.id}.name", m.name)

    def round_label(self, round_id: str, english: str) -> str:
        return self.data(f"rounds.{round_id}.label", english)

    def action(self, action_id: str, english: str) -> str:
        return self.data(f"actions.{action_id}.name", english)

    def deck(self, deck_id: str, english: str) -> str:
        return self.data(f"event_decks.{deck_id}.name", english)

    def event(self, event: int) -> str:
        e = self.cfg.events[event]
        return self.data(f"events.{e.id}.name", e.name)

    def formation(self, formation: int) -> str:
        form_id, english = self.cfg.formations[formation], self.cfg.formation_names[formation]
        return self.data(f"formations.{form_id}.name", english)

    def maneuver(self, maneuver: int) -> str:
        cfg = self.cfg
        return self.data(f"maneuvers.{cfg.maneuvers[maneuver]}.name", cfg.maneuver_names[maneuver])
