"""The review's chart, in one small function (the app draws its charts with plotly)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import plotly.graph_objects as go


def chances(
    turns: Sequence[int],
    lines: Sequence[tuple[str, str, Sequence[float]]],
    marks: Sequence[tuple[int, float, str]],
    rounds: Sequence[tuple[int, str]],
    x_title: str,
    y_title: str,
) -> go.Figure:
    """Each side's chance (0..1) after every turn: `lines` is (name, colour, chances) per
    side, `marks` (turn, chance, label) the turns to point at, `rounds` (turn, label)
    where each round begins. Names may come from an overlay: plotly reads some HTML in
    its labels, so they are escaped."""
    figure = go.Figure()
    for name, colour, values in lines:
        figure.add_trace(
            go.Scatter(
                x=list(turns),
                y=list(values),
                name=escape(name),
                mode="lines",
                line={"color": colour, "width": 2},
                hovertemplate="%{y:.0%}<extra>" + escape(name) + "</extra>",
            )
        )
    if marks:
        figure.add_trace(
            go.Scatter(
                x=[m[0] for m in marks],
                y=[m[1] for m in marks],
                text=[m[2] for m in marks],
                mode="markers+text",
                textposition="top center",
                marker={"size": 11, "color": "#f1c40f", "line": {"color": "#333", "width": 1}},
                showlegend=False,
                hoverinfo="skip",
            )
        )
    for turn, label in rounds:
        figure.add_vline(x=turn - 0.5, line={"color": "rgba(128,128,128,0.5)", "dash": "dot"})
        figure.add_annotation(
            x=turn - 0.5, y=1.05, text=escape(label), showarrow=False, xanchor="left", yanchor="top"
        )
    figure.update_layout(
        height=300,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        legend={"orientation": "h", "y": -0.2},
        xaxis={"title": x_title},
        yaxis={"title": y_title, "range": [0, 1.05], "tickformat": ".0%"},
    )
    return figure
