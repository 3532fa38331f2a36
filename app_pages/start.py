"""Start: what Polis is, and the three ways in: learn (the guided game), play, look up a rule."""

import streamlit as st

from polis.app import friends, new_game
from polis.app.session import _

START_STYLE = """<style>
.st-key-start_ways [data-testid="stVerticalBlockBorderWrapper"] { height: 100%; }
.st-key-start_ways h3 { margin-top: 0; }
</style>"""


def go_play() -> None:
    st.switch_page("app_pages/play.py")


def leave_game() -> None:
    """A callback: the current game is left, so the Play page shows the new-game form."""
    new_game.leave()


def friend_game() -> None:
    """A callback: the Play page opens on the invitation to a friend in another browser,
    with the new-game form below set for two people at this screen."""
    new_game.leave()
    new_game.preset("human", "human")
    friends.put_first()


def search_rules() -> None:
    """A callback: the Rules page opens with the words typed here in its search."""
    st.session_state["rules_search"] = st.session_state.get("start_search", "")


if "section" in st.query_params:  # a link to a rule from when the Rules were the first page
    st.switch_page("app_pages/reference.py", query_params=st.query_params.to_dict())
st.html(START_STYLE)
st.title(_("Polis: Fight for the Hegemony"))
st.write(
    _(
        "A board game for two: Athens and Sparta each lead a league of Greek cities, and "
        "the most populous and most admired league wins. Here you can learn it in a guided "
        "game, play it against a bot or a friend, and look up any rule of both editions."
    )
)
desk = new_game.current()
learn, play, look = st.columns(3, gap="medium", border=True)
with learn:
    st.subheader(_("Learn to play"), anchor=False)
    st.write(
        _(
            "Play the first round against the easy bot. A short tip explains each new kind "
            "of decision when you meet it, with a link to its rule."
        )
    )
    if st.button(
        _("Start the guided game"),
        key="start_guided",
        type="primary",
        icon=":material/school:",
        on_click=new_game.start_guided,
    ):
        go_play()
with play:
    st.subheader(_("Play"), anchor=False)
    if desk is not None:
        st.caption(new_game.matchup(desk))
        if st.button(_("Continue your game"), key="start_continue", type="primary"):
            go_play()
    else:
        st.write(
            _(
                "Against a bot at three levels, or with a friend: at this screen, "
                "or each at your own."
            )
        )
    if st.button(_("New game"), key="start_new", icon=":material/add:", on_click=leave_game):
        go_play()
    if st.button(
        _("Play with a friend"), key="start_friend", icon=":material/group:", on_click=friend_game
    ):
        go_play()
with look:
    st.subheader(_("Look up a rule"), anchor=False)
    st.write(_("Every rule of both editions, in your language, searchable."))
    st.text_input(
        _("Search the rules"),
        key="start_search",
        placeholder=_("e.g. siege, tribute"),
        on_change=search_rules,
    )
    if st.session_state.get("start_search"):
        st.switch_page("app_pages/reference.py")
    st.page_link("app_pages/reference.py", label=_("All the rules"), icon=":material/menu_book:")
