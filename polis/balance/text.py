"""The balance lab in the reader's language: labels, numbers and plain sentences.

Shared by `polis balance` and the Compare page's "How it plays" view, so both
say the same thing the same way. Every sentence is a catalog message with named
placeholders; numbers and shares are formatted for the language (Babel).
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal

from polis.balance.compare import Difference
from polis.balance.sample import Sample
from polis.bots.labels import bot_name
from polis.compiler.config import EngineConfig
from polis.compiler.provenance import ProvenanceReport
from polis.i18n import N_
from polis.i18n.formats import items, percent
from polis.i18n.names import Names
from polis.stats import CONFIDENCE

REASONS = {
    "score": N_("final score"),
    "tie": N_("tie (a draw)"),
    "tie_most_goods": N_("tie broken by goods"),
    "shared_victory": N_("tie (shared victory)"),
    "capital_unfed": N_("capital unfed"),
    "zero_prestige_at_round_end": N_("no prestige at a round's end"),
    "prestige_debt": N_("prestige debt"),
    "error": N_("error"),
}
PARTS = {
    "population": N_("population"),
    "prestige": N_("prestige"),
    "project_end_prestige": N_("project prestige"),
}
LENGTHS = {
    "rounds": N_("Rounds played"),
    "turns": N_("Turns"),
    "actions": N_("Actions"),
    "steps": N_("Decisions (every step of an action)"),
}
OCCURRENCES = {
    "siege": N_("Sieges"),
    "siege_won": N_("Sieges won"),
    "trade": N_("Trades"),
    "battle": N_("Battles"),
    "event": N_("Event cards"),
    "event_unknown": N_("Event cards of unknown effect"),
}
# why a sensitivity run was skipped (polis.balance.sensitivity)
SKIPPED = {
    "no_change": N_("no value can move this way"),
    "invalid": N_("the rules checks refuse the changed values"),
    "interrupted": N_("the run was interrupted"),
}
TESTS = {
    "fisher": N_("Fisher's exact test"),
    "mann_whitney": N_("Mann–Whitney U test"),
    "mcnemar": N_("exact McNemar test"),
}
GROUPS = {
    "athens_start": N_("starting position of Athens"),
    "sparta_start": N_("starting position of Sparta"),
    "project_prestige": N_("project prestige"),
    "polis_size": N_("polis sizes"),
    "project_cost": N_("project costs"),
}


@dataclass
class Speaker:
    """Writes figures of one or more rulesets for a reader."""

    lang: str
    tr: gettext.NullTranslations
    names: Mapping[str, Names]  # by ruleset id
    titles: Mapping[str, str]  # by ruleset id, already in the reader's language

    @classmethod
    def make(
        cls,
        lang: str,
        tr: gettext.NullTranslations,
        configs: Mapping[str, EngineConfig],
        titles: Mapping[str, str],
    ) -> Speaker:
        return cls(lang, tr, {rid: Names(cfg, tr) for rid, cfg in configs.items()}, titles)

    def _(self, message: str) -> str:
        return self.tr.gettext(message)

    # -------------------------------------------------------------- numbers

    def pct(self, share: float) -> str:
        return percent(share, self.lang)

    def num(self, value: float, digits: int = 1) -> str:
        pattern = "#,##0." + "0" * digits if digits else "#,##0"
        return format_decimal(value, format=pattern, locale=self.lang)

    def p_value(self, p: float) -> str:
        if p < 0.001:
            return "p < " + format_decimal(0.001, format="0.000", locale=self.lang)
        return "p = " + format_decimal(p, format="0.000", locale=self.lang)

    # -------------------------------------------------------------- labels

    def side(self, rid: str, side_id: str) -> str:
        names = self.names[rid]
        return names.side(names.cfg.sides.index(side_id)) if side_id in names.cfg.sides else side_id

    def reason(self, reason: str) -> str:
        return self._(REASONS[reason]) if reason in REASONS else reason

    def action(self, rid: str, action_id: str) -> str:
        names = self.names[rid]
        english = next((a.name for a in names.cfg.actions if a.id == action_id), action_id)
        return names.action(action_id, english)

    def group(self, group: str) -> str:
        return self._(GROUPS[group]) if group in GROUPS else group

    def test(self, test: str) -> str:
        return self._(TESTS[test]) if test in TESTS else test

    def metric(self, key: str, rid: str) -> str:
        """What a metric key measures, e.g. "Athens wins", "Sieges", "Turns"."""
        _ = self._
        kind, _sep, rest = key.partition(":")
        if kind == "win":
            return _("{side} wins").format(side=self.side(rid, rest))
        if kind == "draw":
            return _("Draws")
        if kind == "reason":
            return _("Games ending by {reason}").format(reason=self.reason(rest))
        if kind == "score":
            return _("Final score of {side}").format(side=self.side(rid, rest))
        if kind == "part":
            side, _sep, part = rest.partition(":")
            text = _("{part} in the final score of {side}").format(
                part=_(PARTS.get(part, part)), side=self.side(rid, side)
            )
            return text[:1].upper() + text[1:]
        if kind == "length":
            return _(LENGTHS.get(rest, rest))
        if kind == "count":
            if rest.startswith("action:"):
                return _("Action: {action}").format(action=self.action(rid, rest[7:]))
            return _(OCCURRENCES.get(rest, rest))
        return key

    # -------------------------------------------------------------- sentences

    def certainty(self, d: Difference, comparisons: int) -> str:
        """How sure: the test, its corrected p and what it means."""
        values = {
            "test": self.test(d.test),
            "p": self.p_value(d.p_adjusted),
            "count": comparisons,
        }
        if d.larger_than_chance:
            message = self.tr.ngettext(
                "Larger than chance ({test}, {p} after correcting for {count} comparison).",
                "Larger than chance ({test}, {p} after correcting for {count} comparisons).",
                comparisons,
            )
        else:
            message = self.tr.ngettext(
                "Within what chance gives at this number of games "
                "({test}, {p} after correcting for {count} comparison).",
                "Within what chance gives at this number of games "
                "({test}, {p} after correcting for {count} comparisons).",
                comparisons,
            )
        return message.format(**values)

    def values_of(self, d: Difference) -> tuple[str, str]:
        if d.test == "fisher":
            return self.pct(d.value_a), self.pct(d.value_b)
        return self.num(d.value_a), self.num(d.value_b)

    def difference(self, d: Difference, comparisons: int) -> str:
        """One difference as a sentence: what, under which ruleset, how sure."""
        va, vb = self.values_of(d)
        if d.test == "fisher":
            what = self._("{metric}: {a} of the games under {ruleset_a}, {b} under {ruleset_b}.")
        else:
            what = self._("{metric}: {a} per game under {ruleset_a}, {b} under {ruleset_b}.")
        head = what.format(
            metric=self.metric(d.metric, d.b),
            a=va,
            b=vb,
            ruleset_a=self.titles[d.a],
            ruleset_b=self.titles[d.b],
        )
        return f"{head} {self.certainty(d, comparisons)}"

    def bot_caveat(self, bot: str, level: str | None) -> str:
        return self._(
            "These figures come from games between two copies of the bot “{bot}”; they say "
            "how the rules play for that bot, not how they play for people."
        ).format(bot=bot_name(self.tr, bot, level))

    def estimates(
        self, rid: str, report: ProvenanceReport, category_names: Mapping[str, str]
    ) -> str:
        """Which values of the ruleset are estimates (from the provenance report).

        `category_names`: the provenance categories in the reader's language (the
        Data page's labels, polis.app.labels.CATEGORIES).
        """
        estimated = [f for f in report.facts if f.status == "estimated"]
        partly = [f for f in report.facts if f.status == "partly estimated"]
        categories = dict.fromkeys(f.category for f in [*estimated, *partly])
        return self._(
            "{ruleset}: {sourced} of its records are sourced; {estimated} are estimates and "
            "{partly} are partly estimated ({categories}). Results that depend on these values "
            "are only as good as the estimates."
        ).format(
            ruleset=self.titles[rid],
            sourced=self.pct(report.sourced_share),
            estimated=len(estimated),
            partly=len(partly),
            categories=items([category_names.get(c, c) for c in categories], self.lang),
        )

    def findings(self, rid: str, section: dict[str, Any]) -> list[str]:
        """One sentence per estimate whose move changed the win rate beyond chance."""
        _ = self._
        return [
            _(
                "{ruleset}: moving the estimated {group} by {step} changes the win rate "
                "of {side} from {before} to {after} ({test}, {p}). This result hinges on "
                "those estimates."
            ).format(
                ruleset=self.titles[rid],
                group=self.group(v["group"]),
                step=f"{v['step']:+d}",
                side=self.side(rid, v["side"]),
                before=self.pct(v["rate_before"]),
                after=self.pct(v["rate_after"]),
                test=self.test(v["test"]),
                p=self.p_value(v["p_adjusted"]),
            )
            for v in section["variants"]
            if v["moves_beyond_chance"]
        ]

    def sensitivity(self, rid: str, section: dict[str, Any] | None) -> list[str]:
        """Whether the ruleset's win rate hinges on its estimated values, one sentence each."""
        _ = self._
        if section is None:
            return [
                _("{ruleset}: not yet checked against its estimated values.").format(
                    ruleset=self.titles[rid]
                )
            ]
        variants = section["variants"]
        lines = self.findings(rid, section)
        if variants and not lines:
            groups = items(list(dict.fromkeys(self.group(v["group"]) for v in variants)), self.lang)
            lines.append(
                self.tr.ngettext(
                    "{ruleset}: moving the estimated {groups} by one up or down did not move the "
                    "win rate beyond chance ({games} game per change).",
                    "{ruleset}: moving the estimated {groups} by one up or down did not move the "
                    "win rate beyond chance ({games} games per change).",
                    section["games"],
                ).format(ruleset=self.titles[rid], groups=groups, games=section["games"])
            )
        for s in section.get("skipped", []):
            key = str(s["reason"])
            why = _(SKIPPED[key]) if key in SKIPPED else key
            if s.get("detail"):
                why = f"{why} ({s['detail']})"
            lines.append(
                _("{ruleset}: the estimated {group} could not be moved by {step}: {reason}").format(
                    ruleset=self.titles[rid],
                    group=self.group(s["group"]),
                    step=f"{s['step']:+d}",
                    reason=why,
                )
            )
        return lines

    # -------------------------------------------------------------- one ruleset

    def summary(self, rid: str, sample: Sample, figures: dict[str, Any]) -> list[str]:
        """A run's figures as lines of text (the CLI's report of one ruleset)."""
        _ = self._
        f = figures
        sides = sample.sides
        lines = [
            self.tr.ngettext(
                "{games} game played, {errors} failed.",
                "{games} games played, {errors} failed.",
                f["games"],
            ).format(games=f["games"], errors=f["errors"])
        ]
        wins = []
        for who in (*sides, "draw"):
            r = f["win_rate"][who]
            label = self.side(rid, who) if who != "draw" else _("draws")
            wins.append(
                _("{who} {rate} ({level} interval {low}–{high})").format(
                    who=label,
                    level=self.pct(CONFIDENCE),
                    rate=self.pct(r["rate"]),
                    low=self.pct(r["low"]),
                    high=self.pct(r["high"]),
                )
            )
        lines.append(_("Wins: {list}").format(list="; ".join(wins)))
        played = max(1, f["played"])
        reasons = [
            _("{reason} {share}").format(
                reason=self.reason(reason), share=self.pct(sum(by.values()) / played)
            )
            for reason, by in f["end_reasons"].items()
        ]
        lines.append(_("Ends: {list}").format(list="; ".join(reasons) or "—"))
        scores = []
        for side in sides:
            s = f["score"][side]
            parts = f["score_parts"][side]
            scores.append(
                _("{side} {mean} (median {median}; {parts})").format(
                    side=self.side(rid, side),
                    mean=self.num(s["mean"]),
                    median=self.num(s["median"]),
                    parts=", ".join(
                        f"{_(PARTS[p])} {self.num(parts[p])}" for p in PARTS if p in parts
                    ),
                )
            )
        lines.append(
            self.tr.ngettext(
                "Final score, over the {count} game that reached the final scoring: {list}",
                "Final score, over the {count} games that reached the final scoring: {list}",
                f["scored_games"],
            ).format(count=f["scored_games"], list="; ".join(scores))
        )
        lines.append(
            _("Length per game: {list}").format(
                list="; ".join(
                    f"{_(LENGTHS[k])} {self.num(f['length'][k]['mean'])}" for k in LENGTHS
                )
            )
        )
        per_game = f["per_game"]
        lines.append(
            _("Per game: {list}").format(
                list="; ".join(f"{_(OCCURRENCES[k])} {self.num(per_game[k])}" for k in OCCURRENCES)
            )
        )
        lines.append(
            _("Actions per game: {list}").format(
                list="; ".join(
                    f"{self.action(rid, a)} {self.num(per_game['action:' + a])}"
                    for a in sample.action_ids
                )
            )
        )
        return lines

    def differences(self, diffs: Sequence[Difference]) -> list[str]:
        """The differences larger than chance, most certain first; or a sentence saying none."""
        found = sorted((d for d in diffs if d.larger_than_chance), key=_strength)
        if not found:
            return [
                self.tr.ngettext(
                    "No difference is larger than chance ({count} comparison, Fisher's exact "
                    "test for rates, Mann–Whitney U test for per-game values, "
                    "Benjamini–Hochberg correction).",
                    "No difference is larger than chance ({count} comparisons, Fisher's exact "
                    "test for rates, Mann–Whitney U test for per-game values, "
                    "Benjamini–Hochberg correction).",
                    len(diffs),
                ).format(count=len(diffs))
            ]
        return [self.difference(d, len(diffs)) for d in found]


def _strength(d: Difference) -> tuple[float, float]:
    """Most certain first; among equally certain ones, the largest effect first."""
    neutral = 0.5 if d.test == "mann_whitney" else 0.0
    return (d.p_adjusted, -abs(d.effect - neutral))
