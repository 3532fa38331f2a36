"""Where a game comes from: the new-game form, a saved record, a shared link (Streamlit).

The session keeps one desk (polis.play.desk) under `DESK`; this module makes it.
A record is untrusted: it is checked all the way by polis.play.game.open_record,
and a bad one is refused with a message in the reader's language, changing
nothing.
"""

from __future__ import annotations

import streamlit as st

from polis.app import file_picker, labels, session
from polis.app.markup import escape
from polis.app.session import _
from polis.engine import MAX_RECORD_BYTES, RecordError
from polis.i18n.names import Names
from polis.play import guide, share
from polis.play.controllers import CONTROLLERS, DEFAULTS, Pair
from polis.play.desk import Desk
from polis.play.game import GameSession, open_record
from polis.play.pool import shared_pool
from polis.reference.events import known_cards_note
from polis.rules.issues import RulesError

DESK = "desk"
CONTROLLER_KEYS = ("athens_controller", "sparta_controller")  # the form's pickers, by side


def current() -> Desk | None:
    desk: Desk | None = st.session_state.get(DESK)
    return desk


def seat(game: GameSession, *, tips: bool = False) -> Desk:
    """Seat the session at a new game (leaving the one before: its search is not wanted)."""
    leave()
    desk = Desk(game, pool=shared_pool())
    desk.tips = tips
    st.session_state[DESK] = desk
    return desk


def preset(*controllers: str) -> None:
    """What the new-game form offers each side next time it is drawn."""
    for key, controller in zip(CONTROLLER_KEYS, controllers, strict=True):
        st.session_state[key] = controller


def start_guided() -> None:
    """The guided first game: 2e's first round against the easy bot, with tips (a callback:
    the sidebar's ruleset follows before it is drawn)."""
    st.session_state["ruleset"] = guide.GUIDED_RULESET
    controllers = guide.GUIDED_CONTROLLERS
    compiled = session.compiled(guide.GUIDED_RULESET)
    seat(GameSession.start(compiled, guide.GUIDED_SEED, controllers, answer=False), tips=True)


def leave() -> None:
    """Leave the game at hand (a game with a friend stays stored: its link opens it again)."""
    old = current()
    if old is not None:
        old.close()
    st.session_state[DESK] = None
    st.session_state["friend_seat"] = None
    session.sync_params(record=None, seat=None)


def load_record(raw: bytes) -> str | None:
    """Load a saved game into the session; returns an error message (escaped) or None."""
    try:
        game, loaded = open_record(raw, shipped=session.shipped_ids().__contains__)
    except RecordError as exc:
        return escape(exc.render(session.lang()))
    except RulesError as exc:
        return escape("; ".join(exc.shown(session.lang())))
    if loaded is not None and game.overlay is not None:
        session.add_overlay(loaded, game.overlay)
    seat(game)
    return None


def from_link() -> None:
    """A shared link carries the whole game: `?record=...`, opened once per session."""
    token = st.query_params.get("record")
    if not token or current() is not None:
        return
    try:
        problem = load_record(share.decode_record(token))
    except RecordError as exc:
        problem = escape(exc.render(session.lang()))
    if problem:
        st.error(_("The game in the link could not be loaded: {problem}").format(problem=problem))


def controller_labels() -> dict[str, str]:
    return {key: _(labels.CONTROLLERS[key]) for key in CONTROLLERS}


def form() -> None:
    """A new game of the sidebar's ruleset, or a saved one loaded from a file."""
    names = session.names()  # the sidebar's ruleset: the one a new game will use
    st.subheader(_("New game"))
    shown = controller_labels()
    with st.form("new_game"):
        st.text(session.ruleset_label(str(st.session_state["ruleset"])))
        st.text(known_cards_note(names, session.lang()))
        cols = st.columns(3)
        seed = cols[0].number_input(_("Seed"), min_value=0, max_value=2**31 - 1, value=1, step=1)
        chosen = [
            cols[1 + side].selectbox(
                names.side(side),
                list(shown),
                # a preset (the start page's "with a friend") stands in the session state
                index=None if key in st.session_state else list(shown).index(DEFAULTS[side]),
                format_func=shown.__getitem__,
                key=key,
            )
            for side, key in enumerate(CONTROLLER_KEYS)
        ]
        tips = st.checkbox(
            _("Tips for a first game"),
            key="new_game_tips",
            help=_("A short tip at each new kind of decision, with its rule."),
        )
        if st.form_submit_button(_("Start"), type="primary"):
            rid = str(st.session_state["ruleset"])
            overlay = session.overlay(rid)
            pair: Pair = (str(chosen[0]), str(chosen[1]))
            text = overlay.text if overlay else None
            game = GameSession.start(session.compiled(rid), int(seed), pair, text, answer=False)
            seat(game, tips=bool(tips))
            st.rerun()
    st.subheader(_("Load a saved game"))
    upload = file_picker.file_picker(
        _("Game record (JSON)"),
        key="record_upload",
        extensions=[".json"],
        types="JSON",
        max_bytes=MAX_RECORD_BYTES,
    )
    if upload is not None:
        if upload.content is None:
            st.error(_("The file is too large to be a game record."))
        elif (problem := load_record(upload.content)) is not None:
            st.error(_("This record cannot be loaded: {problem}").format(problem=problem))
        else:
            st.rerun()


def matchup(desk: Desk) -> str:
    """Who plays whom, and the seed."""
    game = desk.game
    names = Names(game.compiled.config, session.tr())
    shown = controller_labels()
    return _("{athens} ({a}) against {sparta} ({b}), seed {seed}").format(
        athens=names.side(0),
        a=shown[game.controllers[0]],
        sparta=names.side(1),
        b=shown[game.controllers[1]],
        seed=game.seed,
    )
