"""Translations: one gettext translation object per language, never installed globally.

Why: one Streamlit server serves many sessions in different languages, so the
process-global `gettext.install()` would make sessions overwrite each other.
Callers ask for `translator(lang)` and keep it (per CLI run, per app session).
"""

from __future__ import annotations

import contextlib
import gettext
import threading
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "es", "pl", "ru", "cs", "it", "de")
DOMAIN = "polis"
LOCALES_DIR = Path(__file__).resolve().parents[2] / "locales"


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark only"
    """Mark a message for extraction where it is defined; it is translated where it is shown."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 - N_ with a context
    """Mark a message with its context (shown with pgettext(context, message) later)."""
    return message


_compiling = threading.Lock()
_compiled = False


def _ensure_compiled() -> None:
    """Build missing or stale .mo files once per process (they are never committed)."""
    global _compiled
    with _compiling:  # app sessions run in threads; only one may write the files
        if _compiled:
            return
        from polis.i18n.catalogs import compile_catalogs  # it imports this module

        with contextlib.suppress(OSError):  # a read-only install ships them already built
            compile_catalogs()
        _compiled = True


@cache
def translator(lang: str) -> gettext.NullTranslations:
    """The translation for `lang`; English (the source) is the identity."""
    if lang not in LANGUAGES:
        raise LookupError(f"unknown language '{lang}'; use one of {', '.join(LANGUAGES)}")
    if lang == "en":
        return gettext.NullTranslations()
    _ensure_compiled()
    return gettext.translation(DOMAIN, localedir=LOCALES_DIR, languages=[lang], fallback=True)
