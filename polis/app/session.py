"""Per-session state of the app: language, ruleset, uploaded overlays, deep links.

Every session keeps its own translation object (never `gettext.install`), its
own game and its own uploaded rulesets; nothing per user lives at module level.
Query parameters (`?lang=pl&ruleset=1e&section=actions.move&record=...`) make any
view linkable; the frame reads them once per session and keeps them in step.
"""

from __future__ import annotations

import gettext
import threading
import time
from dataclasses import dataclass
from typing import Any

import streamlit as st
from babel import Locale

from polis.app.reference_view import sections_for
from polis.compiler import Compiled, compile_loaded, compile_ruleset
from polis.i18n import LANGUAGES, translator
from polis.i18n.names import Names
from polis.i18n.negotiate import negotiate
from polis.reference.render import RenderedSection
from polis.rules.loader import LoadedRuleset, load_ruleset
from polis.rules.models import Ruleset
from polis.rules.registry import discover

DEFAULT_RULESET = "2e"
OVERLAY_PREFIX = "upload:"


@dataclass
class Overlay:
    id: str
    text: str
    loaded: LoadedRuleset
    compiled: Compiled


# each session's script runs in its own thread: the clock of the run under way
_run = threading.local()


def run_clock() -> tuple[float, float]:
    """(wall, thread CPU) time at the start of this script run, for the rerun timings."""
    started: tuple[float, float] = getattr(
        _run, "started", (time.perf_counter(), time.thread_time())
    )
    return started


def init() -> None:
    """Set every session key up front, from the URL and the browser the first time."""
    _run.started = (time.perf_counter(), time.thread_time())
    params = st.query_params
    state = st.session_state
    if "lang" not in state:
        asked = params.get("lang")
        state["lang"] = asked if asked in LANGUAGES else negotiate(st.context.locale)
    if "ruleset" not in state:
        asked = params.get("ruleset")
        state["ruleset"] = asked if asked in discover() else DEFAULT_RULESET
    state.setdefault("overlays", {})
    state.setdefault("desk", None)


def lang() -> str:
    return str(st.session_state["lang"])


def tr() -> gettext.NullTranslations:
    return translator(lang())


def _(message: str) -> str:
    return tr().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return tr().ngettext(singular, plural, n)


def language_label(code: str) -> str:
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def shipped_ids() -> list[str]:
    return list(discover())


def ruleset_ids() -> list[str]:
    return [*shipped_ids(), *st.session_state["overlays"]]


def overlay(rid: str) -> Overlay | None:
    """The overlay this session uploaded under `rid`, if it is one."""
    found: Overlay | None = st.session_state["overlays"].get(rid)
    return found


@st.cache_resource(show_spinner=False)
def _shipped_model(rid: str) -> Ruleset:
    return load_ruleset(rid).model


def _known(rid: str | None) -> str:
    rid = rid or str(st.session_state["ruleset"])
    if overlay(rid) is None and rid not in discover():  # never a path from a URL or a file
        raise LookupError(f"unknown ruleset {rid!r}")
    return rid


def model(ruleset: str | None = None) -> Ruleset:
    rid = _known(ruleset)
    uploaded = overlay(rid)
    return uploaded.loaded.model if uploaded else _shipped_model(rid)


def compiled(ruleset: str | None = None) -> Compiled:
    rid = _known(ruleset)
    uploaded = overlay(rid)
    return uploaded.compiled if uploaded else compile_ruleset(rid)


def sections(ruleset: str | None = None) -> tuple[RenderedSection, ...]:
    """The rules reference of a ruleset in the reader's language."""
    rid = _known(ruleset)
    uploaded = overlay(rid)
    return sections_for(rid, lang(), compiled(rid), uploaded.loaded if uploaded else None)


def names(ruleset: str | None = None) -> Names:
    return Names(compiled(ruleset).config, tr())


def ruleset_label(rid: str) -> str:
    uploaded = overlay(rid)
    if uploaded is not None:
        return _("{title} (uploaded)").format(title=uploaded.loaded.model.title)
    cfg = compile_ruleset(rid).config
    return tr().pgettext(f"{rid}:title", cfg.title)


def add_overlay(loaded: LoadedRuleset, text: str) -> str:
    rid = f"{OVERLAY_PREFIX}{loaded.model.id}"
    st.session_state["overlays"][rid] = Overlay(rid, text, loaded, compile_loaded(loaded))
    return rid


def sync_params(**extra: str | None) -> None:
    """Keep the URL in step with the session (so it can be bookmarked or shared)."""
    params = st.query_params
    rid = str(st.session_state["ruleset"])
    # an uploaded overlay lives in this session only: a link cannot name it
    shown = None if overlay(rid) is not None else rid
    wanted: dict[str, Any] = {"lang": lang(), "ruleset": shown, **extra}
    for key, value in wanted.items():
        if value is None:
            if key in params:
                del params[key]
        elif params.get(key) != value:
            params[key] = value
