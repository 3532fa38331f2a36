"""Play: hotseat, against a bot or with a friend from another browser; save, load and replay.

The page only draws. The game, what is pending and what a click does belong to
the session's desk (polis.play.desk); the parts of the page are drawn by
polis.app.play_parts, a game with a friend by polis.app.friends, and bot
searches run in the server's search pool.
"""

import json
import os
import time
from pathlib import Path

import streamlit as st

from polis.app import friends, new_game, play_parts, scroll, session
from polis.app import table_html as html
from polis.app.session import _
from polis.play import share
from polis.play.desk import Undo

started, started_cpu = session.run_clock()  # from the top of the run, frame included
VIEWS = {"game": _("Game"), "replay": _("Replay"), "review": _("Review"), "log": _("Log")}

new_game.from_link()
friends.from_link()
desk = new_game.current()
if desk is None:
    st.title(_("Play"))
    if friends.first():  # from the start page's "Play with a friend"
        friends.form()
        new_game.form()
    else:
        new_game.form()
        friends.form()
    friends.my_games()
    st.stop()

scene = play_parts.Scene.of(desk)
game = desk.game
seat = friends.seat_of(desk)  # a stored game played from two places, or None
drawn = 0  # with a friend: how many moves of the game this page shows
if seat is not None:
    friends.invitation(seat)
    drawn = friends.banner(seat)

# ---------------------------------------------------------------- toolbar

st.html(html.STYLE)
toolbar = st.container(horizontal=True, vertical_alignment="center", key="play_toolbar")
if toolbar.button(_("New game"), key="new_game_button"):
    new_game.leave()
    st.rerun()
toolbar.button(
    _("Undo"),
    key="undo_button",
    disabled=not desk.can_undo(),
    help=_("Take back your last decision, unless a die was rolled or a card drawn since."),
    on_click=play_parts.press,
    args=(desk, Undo()),
)
play_parts.hint_button(scene, toolbar)
# a game with a friend keeps its record (its seed: the cards to come) until it is over
if seat is None or game.state.finished:
    record_json = desk.record().to_json()
    toolbar.download_button(
        _("Save"),
        json.dumps(record_json, ensure_ascii=False, indent=1),
        file_name=f"polis-{game.compiled.config.id}-{game.seed}.json",
        mime="application/json",
        key="save_button",
    )
    with toolbar.popover(_("Share link"), icon=":material/share:", key="share_popover"):
        # the link is ready when the popover opens: nothing waits for a run (or a bot)
        shipped = game.overlay is None  # an overlay travels in the record, not by its name
        ruleset = game.compiled.config.id if shipped else None
        link = share.link(st.context.url, session.lang(), ruleset, record_json)
        st.caption(_("Anyone who opens this link sees this game as it is now, and can play on."))
        st.code(link, language=None, wrap_lines=True)
        st.caption(_("Copy it with the button at the box's corner."))
shown = [v for v in VIEWS if v != "review" or desk.reviewable()]
if st.session_state.get(play_parts.VIEW) not in shown:
    st.session_state[play_parts.VIEW] = "game"
# only the chosen view is drawn (st.tabs would build all of them on every click)
view = toolbar.segmented_control(
    _("View"),
    shown,
    required=True,
    format_func=VIEWS.__getitem__,
    key=play_parts.VIEW,
    label_visibility="collapsed",
)

# ---------------------------------------------------------------- the chosen view

bar = review_bar = None
if view == "replay":
    play_parts.replay_view(scene)
elif view == "log":
    play_parts.log_view(scene)
elif view == "review":
    review_bar = play_parts.review_view(scene)
else:
    matchup = friends.matchup(seat) if seat is not None else new_game.matchup(desk)
    bar = play_parts.game_view(scene, matchup)
    # a new question, or a hint just come: into view (on a phone they can be off the screen)
    hinted = scene.view.advice is not None
    scroll.into_view(f"{scene.step}:{hinted}", "hint" if hinted else "prompt")

# a bot to move: its search runs in the pool while this run shows how far it has come
moved = play_parts.think(scene, bar) if scene.view.thinking else False
# a hint or the review's bot choices asked for: searched the same way
if view == "game" and scene.view.hinting:
    play_parts.wait_for_hint(scene)
    moved = True
if review_bar is not None:
    play_parts.wait_for_review(scene, review_bar)
    moved = True
if seat is not None and not desk.deciding():
    # the other seat's moves, asked for once a second; not while this seat decides (the
    # other cannot move then, and a poll run beside the player's click lost the click)
    friends.watch_for_moves(drawn)

elapsed, elapsed_cpu = time.perf_counter() - started, time.thread_time() - started_cpu
if path := os.environ.get("POLIS_TIMINGS_FILE"):  # the benchmark and e2e tests read these
    with Path(path).open("a", encoding="utf-8") as fh:
        fh.write(f"play {elapsed:.6f} {elapsed_cpu:.6f} {view}\n")
if moved:  # draw the position the bots left
    st.rerun()
