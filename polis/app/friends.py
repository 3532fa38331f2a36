"""Play with a friend (Streamlit): the invitation, the seat a link opens, live moves, My games.

A game between two people is stored (polis.store) and each browser holds the
link of its seat (`/play?seat=TOKEN`); polis.play.remote makes the desk. While
the other seat decides, a fragment asks the store for the game's version once
a second and redraws the page when it has moved: Streamlit has no way to push
to a session, and a version is one indexed row to read, so two servers on one
database see each other's moves as quickly as one server sees its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from polis.app import browser_games, session
from polis.app import table_html as html
from polis.app.copy_link import copy_link
from polis.app.markup import escape
from polis.app.session import _
from polis.engine import RecordError
from polis.i18n.names import Names
from polis.messages import MessageError
from polis.play.desk import Desk
from polis.play.pool import shared_pool
from polis.play.remote import Seat, invite, join
from polis.rules.issues import RulesError
from polis.store import WATCH, GameStore, GameSummary, Invite, StoreError, default_url

SEAT = "seat"  # the query parameter of a seat's (or a watcher's) token
POLL_SECONDS = 1.0  # how often a waiting seat asks whether the game moved


@dataclass(frozen=True)
class SeatState:
    """The session's seat at a stored game: its token and what the page says about it."""

    token: str
    seat: Seat


def _url() -> str:
    """The database: POLIS_DATABASE_URL, else Streamlit's `[connections.polis] url`, else the
    SQLite file in the data folder (polis.store.default_url)."""
    try:
        secrets: dict[str, Any] | None = st.secrets.to_dict()
    except FileNotFoundError:  # no secrets file (Streamlit's error is one)
        secrets = None
    return default_url(secrets)


@st.cache_resource(show_spinner=False)
def _store(url: str) -> GameStore:
    return GameStore(url)


def store() -> GameStore:
    return _store(_url())


def current() -> SeatState | None:
    found: SeatState | None = st.session_state.get("friend_seat")
    return found


def seat_of(desk: Desk) -> SeatState | None:
    """The session's seat, if `desk` is the desk of a stored game."""
    held = current()
    return held if held is not None and held.seat.desk is desk else None


def matchup(seat: SeatState) -> str:
    """Who plays whom: the two people, and which of them is here (never the seed)."""
    names = Names(seat.seat.desk.game.compiled.config, session.tr())
    if seat.seat.side == WATCH:
        return _("A game between two people; you are watching")
    return _("A game between two people; you play {side}").format(side=names.side(seat.seat.side))


def _say(error: Exception) -> None:
    """A failure of the store or of a stored game, in the reader's words; nothing changes."""
    if isinstance(error, RulesError):
        text = "; ".join(error.shown(session.lang()))
    elif isinstance(error, MessageError):
        text = error.render(session.lang())
    else:
        text = str(error)
    st.error(_("The game with a friend cannot be opened: {problem}").format(problem=escape(text)))


def from_link() -> Desk | None:
    """The seat a `?seat=` link opens, made this session's desk; None if there is none."""
    token = st.query_params.get(SEAT)
    held = current()
    if not token:
        return held.seat.desk if held is not None else None
    if held is not None and held.token == token:
        return held.seat.desk
    try:
        seat = join(store(), token, session.shipped_ids().__contains__, shared_pool())
    except (StoreError, RecordError, RulesError, MessageError) as error:
        _say(error)
        return None
    old = st.session_state.get("desk")
    if old is not None:
        old.close()
    seat.desk.pool = shared_pool()
    st.session_state["friend_seat"] = SeatState(token, seat)
    st.session_state["desk"] = seat.desk
    return seat.desk


def link(token: str, ruleset: str | None = None) -> str:
    """The Play page's address on this server, opening the seat of `token`; with the game's
    `ruleset` (a shipped one), the sidebar of the browser that opens it names it."""
    here = urlsplit(st.context.url or "")
    path = here.path.rstrip("/")
    if not path.endswith("/play"):  # shown elsewhere: the Play page beside this one
        path = path.rsplit("/", 1)[0] + "/play"
    query = urlencode(_params(token, ruleset))
    return urlunsplit((here.scheme, here.netloc, path, query, ""))


def _params(token: str, ruleset: str | None) -> dict[str, str]:
    """A seat link's query: the token, the reader's language, the game's shipped ruleset."""
    found = {SEAT: token, "lang": session.lang()}
    if ruleset is not None and ruleset in session.shipped_ids():
        found["ruleset"] = ruleset
    return found


FIRST = "friends_first"  # the start page's "Play with a friend" asks for this form first


def put_first() -> None:
    st.session_state[FIRST] = True


def first() -> bool:
    """Whether the invitation comes before the new-game form (once: the next run forgets)."""
    return bool(st.session_state.pop(FIRST, False))


def form() -> None:
    """Create a stored game of the sidebar's ruleset and seat this browser at one side."""
    names = session.names()
    st.subheader(_("Play with a friend"))
    st.caption(
        _(
            "The game is kept on this server. You get one link for each side and one to "
            "watch: send your friend theirs, keep yours to come back, even days later."
        )
    )
    with st.form("friend_game"):
        st.text(session.ruleset_label(str(st.session_state["ruleset"])))
        mine = st.radio(
            _("You play"),
            (0, 1),
            format_func=names.side,
            horizontal=True,
            key="friend_side",
        )
        hints = st.checkbox(
            _("Allow hints from the bot (for both of you)"), value=False, key="friend_hints"
        )
        if st.form_submit_button(_("Create the game"), type="primary"):
            rid = str(st.session_state["ruleset"])
            overlay = session.overlay(rid)
            try:
                made = invite(
                    store(), session.compiled(rid), overlay.text if overlay else None, hints=hints
                )
            except StoreError as error:
                _say(error)
                return
            st.session_state["invite"] = made
            st.query_params[SEAT] = made.tokens[int(mine)]
            st.rerun()


def invitation(seat: SeatState) -> None:
    """The links of a game this session has just made: to send, to keep, to watch."""
    made: Invite | None = st.session_state.get("invite")
    if made is None or made.game_id != seat.seat.game_id:
        return
    desk = seat.seat.desk
    names = Names(desk.game.compiled.config, session.tr())
    mine = seat.seat.side
    # an uploaded overlay travels in the stored game, never by its name
    ruleset = desk.game.compiled.config.id if desk.game.overlay is None else None
    with st.expander(_("Invite your friend"), expanded=True):
        st.html(
            html.prompt(
                _("Whoever holds a link plays that seat: send each link only to its player.")
            )
        )
        for side in (1 - mine, mine):
            label = _("{side}: your friend's link") if side != mine else _("{side}: your own link")
            st.caption(label.format(side=names.side(side)))
            copy_link(
                link(made.tokens[side], ruleset),
                label=label.format(side=names.side(side)),
                copy=_("Copy link"),
                copied=_("Copied ✓"),
                key=f"copy_seat_{side}",
            )
        st.caption(_("To watch the game (sees no hidden cards)"))
        copy_link(
            link(made.watch, ruleset),
            label=_("To watch the game (sees no hidden cards)"),
            copy=_("Copy link"),
            copied=_("Copied ✓"),
            key="copy_watch",
        )
        if st.button(_("Done"), key="invite_done"):
            st.session_state["invite"] = None
            st.rerun()


def status(seat: SeatState) -> str:
    """Whose move it is, said for this seat; also the browser tab's title."""
    desk = seat.seat.desk
    state = desk.state
    names = Names(state.cfg, session.tr())
    if state.finished:
        line = _("The game is over.")
    elif seat.seat.side == WATCH:
        line = _("You are watching. {side} to move.").format(side=names.side(state.player))
    elif desk.deciding():
        line = _("Your turn ({side}).").format(side=names.side(seat.seat.side))
    else:
        line = _("Waiting for {side}…").format(side=names.side(state.player))
    title = line if not desk.deciding() else "● " + line
    st.set_page_config(page_title=f"{title} · Polis")
    return line


def banner(seat: SeatState) -> int:
    """Whose move it is, what went wrong; how many moves of the game this page shows."""
    desk = seat.seat.desk
    line = status(seat)
    drawn = len(desk.game.steps)
    # how many moves this page shows: what the benchmark and the browser tests wait for
    st.html(f'<span data-id="game-version" data-version="{drawn}"></span>')
    if desk.deciding():
        st.success(html.plain(line))
    else:
        st.info(html.plain(line))
    view = desk.view()
    if view.moved_on:
        st.warning(html.plain(_("The game has moved on: your click came after another move.")))
    if view.problem is not None:
        st.error(
            html.plain(
                _("Not saved, nothing was played: {problem}").format(
                    problem=view.problem.render(session.lang())
                )
            )
        )
    browser_games.joined(
        remember=browser_games.Joined(seat.token, seat.seat.game_id, seat.seat.side)
    )
    return drawn


def behind(desk: Desk, drawn: int) -> bool:
    """Whether a page that drew the game at `drawn` moves must be drawn again: the desk
    holds moves it has not drawn, or (while the other seat decides) the store has more.

    The desk's moves count, not only the store's: a redraw asked for from the polling
    fragment can be lost (Streamlit runs a queued poll in its place on a busy server;
    seen in `polis bench --app --friends 10`), and the desk has brought the move in by
    then, so asking the store alone would leave the page at the old position for good
    (on "Waiting for…" even once it is this seat's turn)."""
    if len(desk.game.steps) != drawn:
        return True
    return not desk.deciding() and desk.sync()


@st.fragment(run_every=POLL_SECONDS)
def watch_for_moves(drawn: int) -> None:
    """Once a second: redraw the page when the game has moved past the `drawn` moves it
    shows (the other seat's moves, brought in from the store)."""
    seat = current()
    if seat is not None and behind(seat.seat.desk, drawn):
        st.rerun(scope="app")


def my_games() -> None:
    """The games this browser has joined, with whose move it is and a link back."""
    held = browser_games.joined()
    if not held:
        return
    st.subheader(_("My games with friends"))
    try:
        summaries = {g.game_id: g for g in store().games([j.game for j in held])}
    except StoreError as error:
        _say(error)
        return
    for entry in held:
        found = summaries.get(entry.game)
        if found is None:
            continue  # deleted, or another server's
        st.page_link(
            "app_pages/play.py",
            label=html.plain(_game_line(entry, found)),
            query_params=_params(entry.token, None if found.overlay else found.ruleset),
            icon="🏛️",
        )


def _game_line(entry: browser_games.Joined, game: GameSummary) -> str:
    names = session.names()
    side = names.side(entry.side) if entry.side != WATCH else _("watching")
    if game.damaged:
        state = _("damaged: it cannot be opened")
    elif game.finished:
        state = _("over")
    else:
        state = session.ngettext("{n} move", "{n} moves", game.moves).format(n=game.moves)
    return _("{ruleset} · {side} · {state}").format(
        ruleset=session.ruleset_label(game.ruleset)
        if game.ruleset in session.shipped_ids()
        else game.ruleset,
        side=side,
        state=state,
    )
