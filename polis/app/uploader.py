"""The file uploader's own words, its button and its limits line, in the reader's language.

Streamlit draws both in English ("Upload", "2MB per file • JSON") and has no
parameter for either. So each uploader gets a style scoped to its key that
shrinks those two texts to nothing and shows ours in their place as generated
content. The limit shown is the page's own (what it accepts), not the server's
upload cap, which is larger than any page allows.
"""

from __future__ import annotations

from polis.app import session
from polis.i18n.formats import data_size

DROPZONE = '.st-key-{key} [data-testid="stFileUploaderDropzone"]'
BUTTON_TEXT = ' button [data-testid="stMarkdownContainer"] p'
LIMITS_TEXT = ' [data-testid="stFileUploaderDropzoneInstructions"] span'


def css_string(text: str) -> str:
    """`text` as a quoted CSS string that no character in it can end early."""
    out = []
    for ch in text:
        if ch in '"\\<>' or ord(ch) < 0x20:
            out.append(f"\\{ord(ch):x} ")  # a hex escape ends at the space
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def style(key: str, button: str, limits: str) -> str:
    """A <style> that words the uploader with `key`: its button and its limits line."""
    if not key.replace("_", "").isalnum():
        raise ValueError(f"not a widget key: {key!r}")
    scope = DROPZONE.format(key=key)
    rules = []
    for part, text in ((BUTTON_TEXT, button), (LIMITS_TEXT, limits)):
        rules.append(f"{scope}{part} {{ font-size: 0; }}")
        content = css_string(text)
        rules.append(f"{scope}{part}::after {{ content: {content}; font-size: 0.875rem; }}")
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def worded(key: str, max_bytes: int, types: str) -> str:
    """The style for the uploader with `key`, in the session's language."""
    _ = session._
    limits = _("{size} per file • {types}").format(
        size=data_size(max_bytes, session.lang()), types=types
    )
    return style(key, _("Upload"), limits)
