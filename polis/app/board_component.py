"""The board as a Streamlit component (st.components.v2; no JavaScript build step).

The HTML, CSS and JavaScript are package files under polis/app/board_assets/,
read once and registered inline. `show_board(data, key=...)` draws the data of
polis.app.board_view.board_data and returns the element the player clicked in
this run, if any; `on_click` runs before the page script instead, so a click
is played before the board is drawn again (one rerun per click, not two).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from polis.app import components
from polis.app.board_view import KINDS

COMPONENT_NAME = "polis_board"
EVENT = "click"


@dataclass(frozen=True, slots=True)
class BoardClick:
    kind: str  # area | polis | slot | market | port
    id: str  # the rules-data id (a slot as "market/cargo", a port by its side)


@functools.cache
def _mount() -> Any:
    return components.from_assets(COMPONENT_NAME, "board_assets", "board")


def parse_click(value: object) -> BoardClick | None:
    """The click the browser sent, or None for anything malformed (it is untrusted)."""
    if not isinstance(value, dict):
        return None
    kind, ident = value.get("kind"), value.get("id")
    if kind not in KINDS or not isinstance(ident, str) or not 0 < len(ident) <= 100:
        return None
    return BoardClick(str(kind), ident)


def _on_change(key: str, handler: Callable[[BoardClick], None]) -> None:
    found = st.session_state[key].get(EVENT)
    click = parse_click(found)
    if click is not None:
        handler(click)


def _nothing() -> None:
    """A callback is what makes Streamlit report the event at all."""


def show_board(
    data: dict[str, Any], *, key: str, on_click: Callable[[BoardClick], None] | None = None
) -> BoardClick | None:
    """Draw the board; returns the element clicked in this run, if any."""
    callback = functools.partial(_on_change, key, on_click) if on_click else _nothing
    result = _mount()(key=key, data=data, on_click_change=callback)
    return parse_click(getattr(result, EVENT, None))
