"""The file uploader's own words in the reader's language: its button, its limits, a file's size.

Streamlit draws them in English ("Upload", "2MB per file • JSON", "1.2KB")
and has no parameter for any. So each uploader gets a style scoped to its key
that shrinks those texts to nothing and shows ours in their place as generated
content. The limit shown is the page's own (what it accepts), not the server's
upload cap, which is larger than any page allows. The size of a file once
uploaded is known on the rerun the upload causes, before the uploader is drawn.
"""

from __future__ import annotations

from polis.app import session
from polis.i18n.formats import data_size

DROPZONE = '.st-key-{key} [data-testid="stFileUploaderDropzone"]'
BUTTON_TEXT = ' button [data-testid="stMarkdownContainer"] p'
LIMITS_TEXT = ' [data-testid="stFileUploaderDropzoneInstructions"] span'
# an uploaded file's chip: its name, then (no test id of its own) its size
FILE_SIZE = '.st-key-{key} [data-testid="stFileChip"] [data-testid="stFileChipName"] + div'


def css_string(text: str) -> str:
    """`text` as a quoted CSS string that no character in it can end early."""
    out = []
    for ch in text:
        if ch in '"\\<>' or ord(ch) < 0x20:
            out.append(f"\\{ord(ch):x} ")  # a hex escape ends at the space
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def style(key: str, button: str, limits: str, file_size: str | None = None) -> str:
    """A <style> wording the uploader with `key`: its button, its limits, its file's size."""
    if not key.replace("_", "").isalnum():
        raise ValueError(f"not a widget key: {key!r}")
    scope = DROPZONE.format(key=key)
    texts = [(scope + BUTTON_TEXT, button, "0.875rem"), (scope + LIMITS_TEXT, limits, "0.875rem")]
    if file_size is not None:
        texts.append((FILE_SIZE.format(key=key), file_size, "0.75rem"))  # Streamlit's twoSm
    rules = []
    for selector, text, size in texts:
        rules.append(f"{selector} {{ font-size: 0; }}")
        rules.append(f"{selector}::after {{ content: {css_string(text)}; font-size: {size}; }}")
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def worded(key: str, max_bytes: int, types: str) -> str:
    """The style for the uploader with `key`, in the session's language."""
    _ = session._
    lang = session.lang()
    limits = _("{size} per file • {types}").format(size=data_size(max_bytes, lang), types=types)
    uploaded = session.uploaded_file(key)
    file_size = data_size(uploaded.size, lang) if uploaded is not None else None
    return style(key, _("Upload"), limits, file_size)
