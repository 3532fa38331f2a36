"""The file a file picker's browser side sends: untrusted, so checked here, without Streamlit.

The browser sends the file it holds as the component's state, `{name, size,
data}`, the bytes in base64; a file larger than the page accepts is announced
by name and size only, never sent. `parse_file` checks its shape and its size
again. (polis.app.file_picker draws the picker; this part needs no Streamlit, so
its tests are collected without importing it.)
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass

MAX_NAME = 255  # characters of a file name kept; longer ones are not a file a browser sends


@dataclass(frozen=True, slots=True)
class PickedFile:
    name: str
    size: int  # bytes, as the browser reported them
    content: bytes | None  # None: larger than the page accepts, so not sent

    @property
    def too_large(self) -> bool:
        return self.content is None


def parse_file(value: object, max_bytes: int) -> PickedFile | None:
    """The file the browser sent, or None when there is none or it is malformed."""
    if not isinstance(value, Mapping):
        return None
    name, size, data = value.get("name"), value.get("size"), value.get("data")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
        return None
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        return None
    if data is None:
        return PickedFile(name, size, None) if size > max_bytes else None
    if not isinstance(data, str):
        return None
    # base64 of max_bytes takes at most 4 characters per 3 bytes: more is too large, unread
    if len(data) > 4 * (max_bytes // 3 + 1):
        return PickedFile(name, size, None)
    try:
        content = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(content) > max_bytes:
        return PickedFile(name, len(content), None)
    return PickedFile(name, len(content), content)
