"""The table around the board as small HTML blocks (for `st.html`), every string escaped.

The texts come from `polis.app.words` and may hold names from an uploaded
overlay: each is escaped here, so it shows as text and never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

SIDE_COLOURS = ("#2f6fbf", "#c0392b")  # Athens blue, Sparta red (as on the board)

STYLE = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 3.2rem; }
@media (max-width: 640px) {
  .st-key-play_main [data-testid="stHorizontalBlock"] > [data-testid="stColumn"]:nth-child(2) {
    order: -1;
  }
}
.pt { font-size: 0.86rem; line-height: 1.3; }
.pt table { border-collapse: collapse; width: 100%; }
.pt th, .pt td { padding: 0.12rem 0.35rem; border-bottom: 1px solid rgba(128,128,128,0.25);
  text-align: left; vertical-align: top; }
.pt td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.pt th.side { text-align: right; white-space: nowrap; }
.pt .status div { margin: 0.05rem 0; }
.pt .status .first { font-weight: 700; }
.pt .track { display: flex; flex-wrap: wrap; gap: 0.3rem; }
.pt .track span { padding: 0.05rem 0.4rem; border: 1px solid rgba(128,128,128,0.5);
  border-radius: 0.3rem; }
.pt .track span.now { background: #f1c40f; color: #222; border-color: #d4a000; font-weight: 700; }
.pt h4 { font-size: 0.9rem; margin: 0.45rem 0 0.15rem; }
.pt ul { margin: 0.1rem 0 0.3rem 1rem; padding: 0; }
.pt li { margin: 0; font-size: 0.86rem; }
.pt td, .pt th, .pt div { font-size: 0.86rem; }
.pt .group { margin-bottom: 0.35rem; }
.pt .group .head { font-weight: 600; }
.pt .note { opacity: 0.75; font-size: 0.8rem; }
.pt .badge { display: inline-block; border-radius: 0.3rem; padding: 0 0.3rem; color: #fff;
  font-size: 0.75rem; margin-left: 0.2rem; }
.pt .danger { color: #b03a2e; font-weight: 600; }
</style>"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _side_head(name: str, side: int, badge: str = "") -> str:
    mark = f' <span class="badge" style="background:{SIDE_COLOURS[side]}">{_e(badge)}</span>'
    return (
        f'<th class="side" style="color:{SIDE_COLOURS[side]}">{_e(name)}'
        f"{mark if badge else ''}</th>"
    )


def status(lines: Sequence[str]) -> str:
    body = "".join(
        f'<div class="{"first" if i == 0 else ""}">{_e(line)}</div>' for i, line in enumerate(lines)
    )
    return f'<div class="pt status" data-id="turn-status">{body}</div>'


def boards(
    rows: Sequence[Sequence[str]], sides: Sequence[str], badges: Sequence[str], note: str
) -> str:
    head = "<tr><th></th>" + "".join(
        _side_head(name, side, badges[side]) for side, name in enumerate(sides)
    )
    body = "".join(
        "<tr><td>" + _e(row[0]) + "</td>" + "".join(f'<td class="n">{_e(c)}</td>' for c in row[1:])
        for row in rows
    )
    return (
        f'<div class="pt" data-id="player-boards"><table>{head}</tr>{body}</table>'
        f'<div class="note">{_e(note)}</div></div>'
    )


def track(title: str, marks: Sequence[tuple[str, bool]]) -> str:
    spans = "".join(
        f'<span class="{"now" if now else ""}">{_e(label)}</span>' for label, now in marks
    )
    return (
        f'<div class="pt" data-id="round-track"><h4>{_e(title)}</h4>'
        f'<div class="track">{spans}</div></div>'
    )


def table(
    title: str, headers: Sequence[str], rows: Sequence[Sequence[str]], note: str = "", id_: str = ""
) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    extra = f'<div class="note">{_e(note)}</div>' if note else ""
    return (
        f'<div class="pt" data-id="{_e(id_)}"><h4>{_e(title)}</h4>'
        f"<table><tr>{head}</tr>{body}</table>{extra}</div>"
    )


def lines(title: str, items: Sequence[str], id_: str = "") -> str:
    body = "".join(f"<li>{_e(item)}</li>" for item in items)
    return f'<div class="pt" data-id="{_e(id_)}"><h4>{_e(title)}</h4><ul>{body}</ul></div>'


def groups(title: str, groups_: Sequence[tuple[str, Sequence[str]]], empty: str) -> str:
    parts = []
    for head, entries in groups_:
        body = "".join(f"<li>{_e(e)}</li>" for e in entries)
        parts.append(
            f'<div class="group"><div class="head">{_e(head)}</div>'
            f"{'<ul>' + body + '</ul>' if body else ''}</div>"
        )
    content = "".join(parts) or f'<div class="note">{_e(empty)}</div>'
    return f'<div class="pt" data-id="what-happened"><h4>{_e(title)}</h4>{content}</div>'


def scores(rows: Sequence[Sequence[str]], sides: Sequence[str]) -> str:
    head = "<tr><th></th>" + "".join(_side_head(name, side) for side, name in enumerate(sides))
    body = "".join(
        "<tr><td>" + _e(row[0]) + "</td>" + "".join(f'<td class="n">{_e(c)}</td>' for c in row[1:])
        for row in rows
    )
    return f'<div class="pt" data-id="score"><table>{head}</tr>{body}</table></div>'


def prompt(text: str, step: int = -1) -> str:
    """The question of the moment; `step` (the decision's number) lets tests see it change."""
    mark = f' data-step="{step}"' if step >= 0 else ""
    return f'<div class="pt" data-id="prompt"{mark} style="font-size:1rem"><b>{_e(text)}</b></div>'


MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()<>#+-.!|~:$=")


def plain(text: str) -> str:
    """`text` for a widget that reads markdown (a button label, st.info...), shown as is."""
    return "".join("\\" + ch if ch in MARKDOWN_SPECIAL else ch for ch in text)
