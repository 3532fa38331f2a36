"""A file picker whose every word is the reader's language (st.components.v2, no build step).

Streamlit's own uploader writes its drop hint, its screen-reader labels and
the size of a file in English and offers no parameter for any of them. This
component is ours instead: a drop zone and a button (the HTML, CSS and
JavaScript are package files under polis/app/file_picker_assets/), worded by
the catalogs. The browser sends the file it holds as the component's state,
`{name, size, data}`, the bytes in base64; a file larger than the page
accepts is announced by name and size only, never sent. What arrives is
untrusted: `parse_file` (polis.app.picked_file) checks its shape and its size again.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from polis.app import components, session
from polis.app.picked_file import PickedFile, parse_file
from polis.i18n.formats import data_size

COMPONENT_NAME = "polis_file_picker"
STATE = "file"


@functools.cache
def _mount() -> Any:
    return components.from_assets(COMPONENT_NAME, "file_picker_assets", "file_picker")


def held_file(key: str, max_bytes: int) -> PickedFile | None:
    """The file the picker with `key` holds, read before it is drawn (None before the first)."""
    state = st.session_state.get(key)
    return parse_file(state.get(STATE) if isinstance(state, Mapping) else None, max_bytes)


def words(label: str, max_bytes: int, types: str, held: PickedFile | None) -> dict[str, Any]:
    """Everything the component writes, in the session's language."""
    _ = session._
    lang = session.lang()
    shown = {
        "label": label,
        "hint": _("Drag and drop a file here"),
        "over": _("Drop the file to upload it"),
        "button": _("Upload"),
        "limits": _("{size} per file • {types}").format(
            size=data_size(max_bytes, lang), types=types
        ),
        "wrong_type": _("Only {types} files can be uploaded here.").format(types=types),
        "unreadable": _("The browser could not read that file."),
    }
    found = None
    if held is not None:
        found = {
            "name": held.name,
            "size": data_size(held.size, lang),
            "remove": _("Remove {name}").format(name=held.name),
        }
    return {"words": shown, "held": found}


def _nothing() -> None:
    """A callback is what makes Streamlit report the state's change at all."""


def file_picker(
    label: str, *, key: str, extensions: Sequence[str], types: str, max_bytes: int
) -> PickedFile | None:
    """Draw the picker; returns the file it holds, if any.

    `extensions` (".yaml") are what the browser's dialog offers and what a
    dropped file must end with; `types` names them for the reader ("YAML").
    """
    held = held_file(key, max_bytes)
    data = words(label, max_bytes, types, held)
    data.update(accept=[e.lower() for e in extensions], max_bytes=max_bytes)
    result = _mount()(key=key, data=data, on_file_change=_nothing)
    return parse_file(getattr(result, STATE, None), max_bytes)
