"""The combat card component (st.components.v2; its HTML/CSS/JS are files of this package).

`cards(...)` draws the faces it is given and returns the pick the player sent:
`{"token", "kind", "types"}` with the two card types, or None.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import streamlit as st


@cache
def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text("utf-8")


@cache
def _component() -> Any:
    return st.components.v2.component(
        "polis.battle_cards", css=_asset("cards.css"), js=_asset("cards.js")
    )


def _ignore() -> None:
    """The pick is read from the result after the rerun; nothing to do at the change itself."""


def cards(data: dict[str, Any], key: str) -> dict[str, Any] | None:
    result = _component()(key=key, data=data, on_pick_change=_ignore)
    pick = result.get("pick") if result is not None else None
    return pick if isinstance(pick, dict) else None
