"""`polis simulate`'s report in the reader's language (`--json` keeps the JSON as it is).

The figures are those of `Summary.to_json()`; every sentence is a catalog
message, and numbers, shares and durations are written the language's way
(Babel). Labels shared with the balance lab (end reasons, lengths, what a game
holds) come from polis.balance.text, so both say a thing the same way.
"""

from __future__ import annotations

import gettext
from typing import Any

from babel.units import format_unit

from polis.balance.text import Speaker
from polis.compiler.config import EngineConfig
from polis.simulate import Summary
from polis.stats import CONFIDENCE, wilson


def _duration(seconds: float, lang: str) -> str:
    if seconds < 1:
        return format_unit(round(seconds * 1000), "duration-millisecond", "short", locale=lang)
    if seconds < 120:
        return format_unit(round(seconds, 1), "duration-second", "short", locale=lang)
    return format_unit(round(seconds / 60, 1), "duration-minute", "short", locale=lang)


def _ms(value: float, lang: str) -> str:
    return format_unit(round(value, 1), "duration-millisecond", "short", locale=lang)


def report(
    summary: Summary, cfg: EngineConfig, lang: str, tr: gettext.NullTranslations, seed: int
) -> str:
    """The report as lines of text."""
    data = summary.to_json()
    rid = summary.ruleset
    title = tr.pgettext(f"{rid}:title", cfg.title)
    say = Speaker.make(lang, tr, {rid: cfg}, {rid: title})
    _ = tr.gettext
    games = data["games"]
    lines = [
        tr.ngettext(
            "{ruleset}: {games} game from seed {seed}",
            "{ruleset}: {games} games from seed {seed}",
            games,
        ).format(ruleset=title, games=say.num(games, 0), seed=seed),
        tr.ngettext(
            "{games} game played, {errors} failed.",
            "{games} games played, {errors} failed.",
            games,
        ).format(games=say.num(games, 0), errors=say.num(data["errors"], 0)),
    ]
    lines.append(_("Wins: {list}").format(list="; ".join(_wins(data, say, rid))))
    for spec, bot in data["bots"].items():
        lines.append(_bot(spec, bot, say, rid, lang))
    decided = max(1, sum(n for n in data["end_reasons"].values()))
    ends = [
        _("{reason} {share}").format(reason=say.reason(reason), share=say.pct(n / decided))
        for reason, n in sorted(data["end_reasons"].items(), key=lambda kv: -kv[1])
    ]
    lines.append(_("Ends: {list}").format(list="; ".join(ends) or "—"))
    scores = [f"{say.side(rid, side)} {say.num(mean)}" for side, mean in data["mean_score"].items()]
    lines.append(_("Mean score at the end: {list}").format(list="; ".join(scores)))
    length = data["length"]
    # simulate's "actions" are the engine's steps: the lab's "decisions"
    lengths = [
        f"{say.metric('length:rounds', rid)} {say.num(length['rounds_mean'], 2)}",
        f"{say.metric('length:turns', rid)} {say.num(length['turns_mean'])}",
        f"{say.metric('length:steps', rid)} {say.num(length['actions_mean'])}",
    ]
    lines.append(_("Length per game: {list}").format(list="; ".join(lengths)))
    played = max(1, games - data["errors"])
    events = sum(deck["draws"] for deck in data["events_drawn"].values())
    cap_cuts = _("Gains cut short by a player board limit")
    per_game = [
        f"{say.metric('count:battle', rid)} {say.num(data['battles_per_game'], 2)}",
        f"{say.metric('count:event', rid)} {say.num(events / played)}",
        f"{cap_cuts} {say.num(data['cap_cuts'] / played, 2)}",
    ]
    lines.append(_("Per game: {list}").format(list="; ".join(per_game)))
    lines.append(
        _("Time: {time}, {per_game} a game").format(
            time=_duration(data["seconds"], lang),
            per_game=_duration(data["seconds"] / games if games else 0.0, lang),
        )
    )
    return "\n".join(lines)


def _wins(data: dict[str, Any], say: Speaker, rid: str) -> list[str]:
    _ = say.tr.gettext
    decided = sum(data["wins"].values())
    rows = []
    for side, n in data["wins"].items():
        interval = wilson(n, decided)
        rows.append(
            _("{who} {rate} ({level} interval {low}–{high})").format(
                who=say.side(rid, side) if side != "draw" else _("draws"),
                level=say.pct(CONFIDENCE),
                rate=say.pct(interval.rate),
                low=say.pct(interval.low),
                high=say.pct(interval.high),
            )
        )
    return rows


def _bot(spec: str, bot: dict[str, Any], say: Speaker, rid: str, lang: str) -> str:
    tr = say.tr
    _ = tr.gettext
    parts = [
        tr.ngettext(
            "{bot}: won {wins} of {games} game ({rate})",
            "{bot}: won {wins} of {games} games ({rate})",
            bot["games"],
        ).format(
            bot=spec,
            wins=say.num(bot["wins"], 0),
            games=say.num(bot["games"], 0),
            rate=say.pct(bot["win_rate"]),
        )
    ]
    for side in say.names[rid].cfg.sides:
        n = bot["games_as"].get(side, 0)
        if not n:
            continue
        parts.append(
            _("as {side} {wins} of {games}").format(
                side=say.side(rid, side),
                wins=say.num(bot["wins_as"].get(side, 0), 0),
                games=say.num(n, 0),
            )
        )
    if bot["sudden_death_losses"]:
        n = bot["sudden_death_losses"]
        parts.append(
            tr.ngettext(
                "{count} game lost by sudden death",
                "{count} games lost by sudden death",
                n,
            ).format(count=say.num(n, 0))
        )
    think = bot["decision_ms"]
    if think["decisions"]:
        parts.append(
            _(
                "thinking per decision: median {median}, 95th percentile {p95}, longest {longest}"
            ).format(
                median=_ms(think["p50"], lang),
                p95=_ms(think["p95"], lang),
                longest=_ms(think["max"], lang),
            )
        )
    return "; ".join(parts)
