"""The "How it plays" view of the Compare page, without Streamlit (testable).

`Panel` holds the two rulesets' records, the comparison of their games and
the reader's Speaker; it builds one plotly figure and one plain sentence per
chart. `BackgroundRun` plays a ruleset's games in a worker process, owned by
one session: a thread waits for the worker, so the Streamlit server stays free
for everyone else; the page polls its progress and may cancel it.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

import plotly.graph_objects as go
from babel.numbers import get_decimal_symbol, get_group_symbol

from polis.app.markup import escape
from polis.balance import lab
from polis.balance.compare import Difference, compare
from polis.balance.record import BalanceRecord
from polis.balance.sample import LENGTHS
from polis.balance.text import LENGTHS as LENGTH_LABELS
from polis.balance.text import OCCURRENCES, Speaker
from polis.compiler import Compiled
from polis.i18n.formats import percent

COLOURS = ("#1f77b4", "#d62728")  # first and second ruleset
CHART_HEIGHT = 340


def plain(text: str) -> str:
    """Text (which may hold an uploaded overlay's title) shown as it is, never as Markdown."""
    return escape(text)


def _label(text: str) -> str:
    """A chart label: plotly reads a few HTML tags, so an upload's title is escaped."""
    return html.escape(text)


@dataclass
class Panel:
    """Two rulesets' records (possibly the same ruleset twice) and what is said about them."""

    ids: tuple[str, ...]  # one or two ruleset ids
    records: dict[str, BalanceRecord]
    speaker: Speaker
    diffs: list[Difference] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.ids) == 2 and not self.diffs:
            self.diffs = compare({rid: self.records[rid].sample for rid in self.ids})

    @property
    def pair(self) -> bool:
        return len(self.ids) == 2

    def _diff(self, metric: str) -> Difference | None:
        return next((d for d in self.diffs if d.metric == metric), None)

    def _layout(self, figure: go.Figure, **extra: object) -> go.Figure:
        lang = self.speaker.lang
        figure.update_layout(
            # plotly writes numbers (hover values, axis ticks) with the reader's separators
            separators=get_decimal_symbol(lang) + get_group_symbol(lang),
            height=CHART_HEIGHT,
            margin={"l": 10, "r": 10, "t": 30, "b": 10},
            legend={"orientation": "h", "y": -0.15},
            **extra,
        )
        return figure

    def _name(self, rid: str) -> str:
        return _label(self.speaker.titles[rid])

    def _percent_axis(self, shares: Sequence[float], whole: bool = False) -> dict[str, object]:
        """An axis of shares labelled the reader's way ("53 %", "53%", "%53"): plotly's own
        percent format knows one way only."""
        top = 1.0 if whole else max(0.05, *shares)
        step = next(s for s in (0.05, 0.1, 0.2, 0.25) if top / s <= 6)
        count = int(top / step + 0.999)
        ticks = [round(i * step, 4) for i in range(count + 1)]
        return {
            "tickvals": ticks,
            "ticktext": [percent(t, self.speaker.lang) for t in ticks],
            "range": [0, ticks[-1] * (1 if whole else 1.05)],
        }

    def _shares(self, shares: Sequence[float]) -> dict[str, object]:
        """A bar trace's hover text: each share the reader's way."""
        return {
            "customdata": [percent(v, self.speaker.lang) for v in shares],
            "hovertemplate": "%{x}: %{customdata}<extra>%{fullData.name}</extra>",
        }

    # -------------------------------------------------------------- charts

    def win_chart(self) -> go.Figure:
        _ = self.speaker._
        figure = go.Figure()
        for k, rid in enumerate(self.ids):
            rec = self.records[rid]
            who = [*rec.sample.sides, "draw"]
            rates = [rec.figures["win_rate"][w] for w in who]
            figure.add_trace(
                go.Bar(
                    name=self._name(rid),
                    x=[self.speaker.side(rid, w) if w != "draw" else _("Draw") for w in who],
                    y=[r["rate"] for r in rates],
                    **self._shares([r["rate"] for r in rates]),
                    error_y={
                        "type": "data",
                        "symmetric": False,
                        "array": [r["high"] - r["rate"] for r in rates],
                        "arrayminus": [r["rate"] - r["low"] for r in rates],
                    },
                    marker_color=COLOURS[k],
                )
            )
        return self._layout(figure, barmode="group", yaxis=self._percent_axis([], whole=True))

    def reasons_chart(self) -> go.Figure:
        figure = go.Figure()
        reasons = list(
            dict.fromkeys(r for rid in self.ids for r in self.records[rid].sample.reasons())
        )
        everything: list[float] = []
        for k, rid in enumerate(self.ids):
            rec = self.records[rid]
            played = max(1, rec.figures["played"])
            ends = rec.figures["end_reasons"]
            shares = [sum(ends.get(r, {}).values()) / played for r in reasons]
            everything += shares
            figure.add_trace(
                go.Bar(
                    name=self._name(rid),
                    x=[self.speaker.reason(r) for r in reasons],
                    y=shares,
                    **self._shares(shares),
                    marker_color=COLOURS[k],
                )
            )
        return self._layout(figure, barmode="group", yaxis=self._percent_axis(everything))

    def score_chart(self) -> go.Figure:
        figure = go.Figure()
        for k, rid in enumerate(self.ids):
            sample = self.records[rid].sample
            xs: list[str] = []
            ys: list[int] = []
            for side in sample.sides:
                values = sample.values(f"score:{side}")
                xs += [self.speaker.side(rid, side)] * len(values)
                ys += values
            figure.add_trace(
                go.Box(name=self._name(rid), x=xs, y=ys, marker_color=COLOURS[k], boxmean=True)
            )
        return self._layout(figure, boxmode="group")

    def length_chart(self) -> go.Figure:
        _ = self.speaker._
        figure = go.Figure()
        shown = [k for k in LENGTHS if k in ("rounds", "turns", "actions")]
        for k, rid in enumerate(self.ids):
            sample = self.records[rid].sample
            xs: list[str] = []
            ys: list[int] = []
            for length in shown:
                values = sample.values(f"length:{length}")
                xs += [_(LENGTH_LABELS[length])] * len(values)
                ys += values
            figure.add_trace(
                go.Box(name=self._name(rid), x=xs, y=ys, marker_color=COLOURS[k], boxmean=True)
            )
        return self._layout(figure, boxmode="group")

    def mix_keys(self) -> list[str]:
        keys = list(OCCURRENCES)
        for rid in self.ids:
            keys += [f"action:{a}" for a in self.records[rid].sample.action_ids]
        return list(dict.fromkeys(keys))

    def mix_chart(self) -> go.Figure:
        figure = go.Figure()
        keys = self.mix_keys()
        first = self.ids[0]
        for k, rid in enumerate(self.ids):
            per_game = self.records[rid].figures["per_game"]
            figure.add_trace(
                go.Bar(
                    name=self._name(rid),
                    y=[_label(self.speaker.metric(f"count:{key}", first)) for key in keys],
                    x=[per_game.get(key, 0.0) for key in keys],
                    orientation="h",
                    marker_color=COLOURS[k],
                )
            )
        figure = self._layout(figure, barmode="group", yaxis={"autorange": "reversed"})
        figure.update_layout(height=max(CHART_HEIGHT, 28 * len(keys) + 80))
        return figure

    # -------------------------------------------------------------- sentences

    def _about(self, metrics: Sequence[str], none: str, limit: int = 3) -> str:
        """The differences of these metrics that are larger than chance; else `none`
        followed by the closest one's certainty."""
        found = [d for m in metrics if (d := self._diff(m)) is not None]
        if not self.pair or not found:
            return ""
        larger = sorted((d for d in found if d.larger_than_chance), key=lambda d: d.p_adjusted)
        n = len(self.diffs)
        if larger:
            return " ".join(self.speaker.difference(d, n) for d in larger[:limit])
        closest = min(found, key=lambda d: d.p_adjusted)
        return f"{none} {self.speaker.certainty(closest, n)}"

    def win_sentence(self) -> str:
        side = self.records[self.ids[0]].sample.sides[0]
        if not self.pair:  # one ruleset: say who wins and how sure the rate is
            rid = self.ids[0]
            rec = self.records[rid]
            return self.speaker.summary(rid, rec.sample, rec.figures)[1]
        d = self._diff(f"win:{side}")
        return self.speaker.difference(d, len(self.diffs)) if d is not None else ""

    def reasons_sentence(self) -> str:
        metrics = [d.metric for d in self.diffs if d.metric.startswith("reason:")]
        none = self.speaker._("No way of ending a game is more frequent beyond chance.")
        return self._about(metrics, none)

    def score_sentence(self) -> str:
        sides = self.records[self.ids[0]].sample.sides
        return self._about(
            [f"score:{s}" for s in sides],
            self.speaker._("The final scores do not differ beyond chance."),
        )

    def length_sentence(self) -> str:
        return self._about(
            ["length:turns", "length:actions", "length:rounds"],
            self.speaker._("Games are not longer or shorter beyond chance."),
        )

    def mix_sentence(self) -> str:
        return self._about(
            [f"count:{k}" for k in self.mix_keys()],
            self.speaker._(
                "No action, siege, trade, battle or event card is more frequent beyond chance."
            ),
            limit=4,
        )


class BackgroundRun:
    """One session's run of one ruleset's games, in a worker process, cancellable.

    The thread only waits for the worker and counts; it never touches Streamlit.
    """

    def __init__(
        self,
        ruleset: str,
        compiled: Compiled,
        games: int,
        seed: int,
        bot: str,
        level: str | None,
    ) -> None:
        self.ruleset = ruleset
        self.compiled = compiled
        self.games = games
        self.seed = seed
        self.bot = bot
        self.level = level
        self.done = 0
        self.record: BalanceRecord | None = None
        self.error: str | None = None
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"balance-{ruleset}", daemon=True)

    def start(self) -> BackgroundRun:
        self._thread.start()
        return self

    def _progress(self, done: int, total: int) -> None:
        self.done = done

    def _run(self) -> None:
        try:
            measured = lab.measure(
                self.ruleset,
                self.games,
                self.seed,
                self.bot,
                self.level,
                compiled=self.compiled,
                workers=1,
                in_process=False,  # the games run in their own process, not the server's
                reuse=False,
                progress=self._progress,
                stop=self._cancel.is_set,
            )
            self.record = measured.record
        except Exception as exc:  # shown to the reader; the session goes on
            self.error = f"{type(exc).__name__}: {exc}"

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)
