"""Custom components whose HTML, CSS and JavaScript are package files (no build step)."""

from __future__ import annotations

from importlib import resources
from typing import Any

import streamlit as st


def from_assets(name: str, folder: str, stem: str) -> Any:
    """The st.components.v2 component `name` from polis/app/<folder>/<stem>.html, .css, .js."""
    assets = resources.files("polis.app").joinpath(folder)
    return st.components.v2.component(
        name,
        html=assets.joinpath(f"{stem}.html").read_text("utf-8"),
        css=assets.joinpath(f"{stem}.css").read_text("utf-8"),
        js=assets.joinpath(f"{stem}.js").read_text("utf-8"),
    )
