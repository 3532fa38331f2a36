"""The table around the board as small HTML blocks (for `st.html`), every string escaped.

The texts come from `polis.app.words` and may hold names from an uploaded
overlay: each is escaped here, so it shows as text and never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from polis.markup import inert_links

SIDE_COLOURS = ("#2f6fbf", "#c0392b")  # Athens blue, Sparta red (as on the board)

# The Play page's layout. A laptop (1366×900 with the sidebar open) sees the whole table
# without scrolling: the board on the left with the rounds, the event, the market and the
# projects under it; the turn, the news, both player boards and the choices on the right
# (in a battle the cards take the right column and the player boards go under the board).
# A phone stacks the parts in the order a player needs them (CSS `order`: the columns are
# dissolved with `display: contents`, so parts of both columns can interleave): the map
# first, as a board game's players see the table, then the question and its choices.
MAIN = '.st-key-play_main > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"]'
# on a phone: the round, a glance at the score, the goods and the other side's last choices
# (a laptop has these beside the map), the map, the question and its choices, then the news,
# both player boards and the rest of the table
PHONE_ORDER = (
    "play_status",
    "play_glance",
    "play_board",
    "play_choices",
    "play_recent",
    "play_boards",
    "play_table",
)
STYLE = (
    """<style>
[data-testid="stMainBlockContainer"] { padding: 3.2rem 1.25rem 2rem; }
.st-key-play_toolbar { gap: 0.4rem; }
.st-key-play_toolbar button { min-height: 2.1rem; padding: 0.15rem 0.7rem; }
.st-key-play_main [data-testid="stVerticalBlock"] { gap: 0.45rem; }
.st-key-play_choices button { min-height: 2.1rem; padding: 0.2rem 0.55rem; line-height: 1.2; }
.st-key-play_choices button p { font-size: 0.86rem; }
.st-key-play_choices [data-testid="stAlert"] > div { padding: 0.45rem 0.7rem; }
.st-key-play_choices [data-testid="stAlert"] p { font-size: 0.86rem; }
.st-key-play_recent { border: 1px solid rgba(128,128,128,0.3); border-radius: 0.5rem;
  padding: 0.2rem 0.55rem; }
[data-testid="stVerticalBlock"].st-key-play_options_grid { display: grid;
  grid-template-columns: 1fr 1fr; gap: 0.4rem; }
@media (min-width: 641px) {
  [data-testid="stLayoutWrapper"]:has(> .st-key-play_glance) { display: none; }
}
@media (max-width: 640px) {
  /* below the phone's header bar, where the page links are */
  [data-testid="stMainBlockContainer"] { padding-top: 4.4rem; }
  [data-testid="stVerticalBlock"].st-key-play_options_grid { grid-template-columns: 1fr; }
  """
    + MAIN
    + """ { flex-direction: column; flex-wrap: nowrap; }
  """
    + MAIN
    + """ > [data-testid="stColumn"],
  """
    + MAIN
    + """ > [data-testid="stColumn"] > [data-testid="stVerticalBlock"] { display: contents; }
"""
    + "".join(
        f'  [data-testid="stLayoutWrapper"]:has(> .st-key-{key}) {{ order: {i}; }}\n'
        for i, key in enumerate(PHONE_ORDER)
    )
    + """}
/* a search's progress bar moves in steps: Streamlit eases each update over 0.5 s, and an
   update every 0.25 s kept it easing the whole search, redrawn at the screen's frame rate
   (0.1 of a core in the browser watching a bot, measured) */
[data-testid="stProgressBarTrack"] > div { transition: none; }
.pt { font-size: 0.82rem; line-height: 1.25; }
/* a word is never broken: a heading too long for its column wraps at its spaces, and a
   table still too wide for the phone scrolls sideways */
.pt.glance .wide { overflow-x: auto; }
.pt.glance table { border-collapse: collapse; width: 100%; font-size: 0.72rem; }
.pt.glance th, .pt.glance td { padding: 0 0.18rem; text-align: right; font-weight: 400;
  overflow-wrap: normal; word-break: keep-all; }
.pt.glance th.first { text-align: left; }
.pt.glance th.side { text-align: left; white-space: nowrap; font-weight: 700; }
.pt.glance td.n { font-variant-numeric: tabular-nums; font-weight: 600; }
.pt.glance .last { margin-top: 0.15rem; }
@media (max-width: 400px) {
  [data-testid="stMainBlockContainer"] { padding-left: 0.75rem; padding-right: 0.75rem; }
  .pt.glance table { font-size: 0.66rem; }
  .pt.glance th, .pt.glance td { padding: 0 0.1rem; }
}
.pt table { border-collapse: collapse; width: 100%; }
.pt th, .pt td { padding: 0.05rem 0.3rem; border-bottom: 1px solid rgba(128,128,128,0.25);
  text-align: left; vertical-align: top; }
.pt td.n { text-align: right; font-variant-numeric: tabular-nums; }
/* the player boards and the score keep their columns: a long name (an overlay's) wraps */
.pt table.sides { table-layout: fixed; }
.pt table.sides td, .pt table.sides th { overflow-wrap: anywhere; }
.pt table.sides th:first-child { width: 46%; }
.pt th.side { text-align: right; white-space: nowrap; }
.pt .status div { margin: 0; }
.pt .status .first { font-weight: 700; }
.pt .track { display: flex; flex-wrap: wrap; gap: 0.25rem; }
.pt .track span { padding: 0 0.35rem; border: 1px solid rgba(128,128,128,0.5);
  border-radius: 0.3rem; }
.pt .track span.now { background: #f1c40f; color: #222; border-color: #d4a000; font-weight: 700; }
.pt h4 { font-size: 0.86rem; margin: 0.1rem 0 0.1rem; padding: 0; }
.pt ul { margin: 0.05rem 0 0.2rem 1rem; padding: 0; }
.pt li { margin: 0; }
.pt td, .pt th, .pt div, .pt li { font-size: 0.82rem; }
.pt .group { margin-bottom: 0.25rem; }
.pt .group .head { font-weight: 600; }
.pt details.group > summary { font-weight: 600; cursor: pointer; }
.pt details.group:not([open]) > summary { opacity: 0.8; }
.pt .tip { border-left: 4px solid #d4a000; background: rgba(241,196,15,0.12);
  padding: 0.35rem 0.6rem; border-radius: 0.3rem; font-size: 0.86rem; line-height: 1.3; }
.pt .tip b { display: block; margin-bottom: 0.1rem; }
.pt .hint { border-left: 4px solid #2f6fbf; background: rgba(47,111,191,0.08);
  padding: 0.35rem 0.6rem; border-radius: 0.3rem; font-size: 0.86rem; line-height: 1.3; }
.pt .hint ul { margin: 0.15rem 0 0 1rem; }
.pt .note { opacity: 0.75; font-size: 0.76rem; }
.pt .badge { display: inline-block; border-radius: 0.3rem; padding: 0 0.3rem; color: #fff;
  font-size: 0.72rem; margin-left: 0.2rem; }
.pt .perishable { display: inline-block; margin-left: 0.25rem; padding: 0 0.25rem;
  border-radius: 0.25rem; background: #f6e3b4; color: #6b4a00; font-size: 0.7rem;
  font-weight: 700; line-height: 1.2; }
.pt .danger { color: #b03a2e; font-weight: 600; }
</style>"""
)


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _side_head(name: str, side: int, badge: str = "") -> str:
    mark = f' <span class="badge" style="background:{SIDE_COLOURS[side]}">{_e(badge)}</span>'
    return (
        f'<th class="side" style="color:{SIDE_COLOURS[side]}">{_e(name)}'
        f"{mark if badge else ''}</th>"
    )


def status(lines: Sequence[str], note: str = "") -> str:
    body = "".join(
        f'<div class="{"first" if i == 0 else ""}">{_e(line)}</div>' for i, line in enumerate(lines)
    )
    extra = f'<div class="note">{_e(note)}</div>' if note else ""
    return f'<div class="pt status" data-id="turn-status">{body}{extra}</div>'


def glance(
    score: str,
    labels: Sequence[str],
    sides: Sequence[tuple[str, str]],
    columns: Sequence[Sequence[str]],
    last: str,
) -> str:
    """A phone's look at the table above the map: a row per side, its name and score (under
    the `score` heading), then a column for each label (prestige, each good), and what the
    other side chose last. `sides` holds each side's name and score."""
    head = f'<tr><th class="first">{_e(score)}</th>' + "".join(
        f"<th>{_e(label)}</th>" for label in labels
    )
    body = "".join(
        f'<tr><th class="side" style="color:{SIDE_COLOURS[side]}">{_e(name)}'
        f" <span>{_e(points)}</span></th>"
        + "".join(f'<td class="n">{_e(cells[side])}</td>' for cells in columns)
        + "</tr>"
        for side, (name, points) in enumerate(sides)
    )
    told = f'<div class="last">{_e(last)}</div>' if last else ""
    return (
        f'<div class="pt glance" data-id="glance"><div class="wide"><table>{head}</tr>{body}'
        f"</table></div>{told}</div>"
    )


def boards(
    rows: Sequence[tuple[str, str, Sequence[str]]],
    sides: Sequence[str],
    badges: Sequence[str],
    note: str,
) -> str:
    """Both player boards side by side; a row's mark (a perishable good) carries the note as
    its tooltip."""
    head = "<tr><th></th>" + "".join(
        _side_head(name, side, badges[side]) for side, name in enumerate(sides)
    )
    body = "".join(
        "<tr><td>"
        + _e(label)
        + (f' <span class="perishable" title="{_e(note)}">{_e(mark)}</span>' if mark else "")
        + "</td>"
        + "".join(f'<td class="n">{_e(c)}</td>' for c in cells)
        + "</tr>"
        for label, mark, cells in rows
    )
    return (
        f'<div class="pt" data-id="player-boards"><table class="sides">{head}</tr>{body}</table>'
        + (f'<div class="note">{_e(note)}</div>' if note else "")
        + "</div>"
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


def groups(
    title: str, groups_: Sequence[tuple[str, Sequence[str]]], empty: str, opened: int = 1
) -> str:
    """The news, newest group first: the first `opened` groups open, the others folded to
    their heading (a click opens one), so every line shown is shown whole."""
    parts = []
    for i, (head, entries) in enumerate(groups_):
        body = "".join(f"<li>{_e(e)}</li>" for e in entries)
        if not body:
            parts.append(f'<div class="group"><div class="head">{_e(head)}</div></div>')
            continue
        state = " open" if i < opened else ""
        parts.append(
            f'<details class="group"{state}><summary>{_e(head)}</summary><ul>{body}</ul></details>'
        )
    content = "".join(parts) or f'<div class="note">{_e(empty)}</div>'
    return f'<div class="pt" data-id="what-happened"><h4>{_e(title)}</h4>{content}</div>'


def scores(rows: Sequence[Sequence[str]], sides: Sequence[str]) -> str:
    head = "<tr><th></th>" + "".join(_side_head(name, side) for side, name in enumerate(sides))
    body = "".join(
        "<tr><td>" + _e(row[0]) + "</td>" + "".join(f'<td class="n">{_e(c)}</td>' for c in row[1:])
        for row in rows
    )
    return f'<div class="pt" data-id="score"><table class="sides">{head}</tr>{body}</table></div>'


def prompt(text: str, step: int = -1) -> str:
    """The question of the moment; `step` (the decision's number) lets tests see it change."""
    mark = f' data-step="{step}"' if step >= 0 else ""
    return f'<div class="pt" data-id="prompt"{mark} style="font-size:1rem"><b>{_e(text)}</b></div>'


# drawn while a bot thinks: the choices of the run before are hidden, not merely faded, so
# nobody reads (or clicks) a choice that is no longer the player's
HIDE_STALE_CHOICES = (
    '<style>.st-key-play_choices [data-stale="true"],'
    ' .st-key-play_choices [data-testid="stExpander"] { display: none; }</style>'
)
MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()<>#+-.!|~:$=")


def plain(text: str) -> str:
    """`text` for a widget that reads markdown (a button label, st.info...), shown as is."""
    return "".join("\\" + ch if ch in MARKDOWN_SPECIAL else ch for ch in inert_links(text))


def tip(title: str, text: str) -> str:
    """A newcomer's tip: what the decision at hand does, costs and matters for."""
    return (
        f'<div class="pt" data-id="tip"><div class="tip"><b>{_e(title)}</b>{_e(text)}</div></div>'
    )


def hint(title: str, lines_: Sequence[str]) -> str:
    """The bot's suggestion and why."""
    body = "".join(f"<li>{_e(line)}</li>" for line in lines_)
    return (
        f'<div class="pt" data-id="hint"><div class="hint"><b>{_e(title)}</b>'
        f"<ul>{body}</ul></div></div>"
    )


def marked_choice(key: str) -> str:
    """Marks the choice button whose widget key is `key` (the suggested one)."""
    return (
        f"<style>.st-key-{_e(key)} button {{ outline: 3px solid #2f6fbf; outline-offset: 1px; }}"
        "</style>"
    )
