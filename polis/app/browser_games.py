"""The games this browser has joined, kept in the browser (localStorage), for "My games".

A seat's link is all a player needs to come back, and the browser is where it
belongs: the server keeps no list of who holds which link (it stores tokens
hashed). A small component (st.components.v2) reads the browser's list,
sends it as its state, and adds or forgets an entry when Python asks. What it
sends is untrusted: `parse` keeps well-formed entries only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import streamlit as st

KEY = "polis_browser_games"
MAX_GAMES = 50  # the browser keeps the latest this many
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,100}$")  # secrets.token_urlsafe's alphabet

_JS = """
const STORE = "polis.games.v1";
const read = () => {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (error) {
    return [];
  }
};
export default function (component) {
  const { data, setStateValue } = component;
  if (!data) return undefined;
  let list = read();
  if (data.remember) {
    list = [data.remember, ...list.filter((e) => e && e.token !== data.remember.token)];
  }
  if (data.forget) list = list.filter((e) => e && e.token !== data.forget);
  list = list.slice(0, data.max);
  try {
    localStorage.setItem(STORE, JSON.stringify(list));
  } catch (error) {
    /* private mode or full: the list lasts this page only */
  }
  if (JSON.stringify(list) !== JSON.stringify(data.known)) setStateValue("games", list);
  return undefined;
}
"""
_COMPONENT = st.components.v2.component("polis.browser_games", js=_JS)


@dataclass(frozen=True, slots=True)
class Joined:
    token: str  # the seat's token: the browser's key to the seat
    game: str  # the stored game's id
    side: int  # 0, 1, or -1 for a watcher


def parse(value: object) -> list[Joined]:
    """The well-formed entries of what the browser sent, at most MAX_GAMES."""
    found: list[Joined] = []
    if not isinstance(value, list):
        return found
    for entry in value[:MAX_GAMES]:
        if not isinstance(entry, dict):
            continue
        token, game, side = entry.get("token"), entry.get("game"), entry.get("side")
        if not isinstance(token, str) or not _TOKEN.match(token):
            continue
        if not isinstance(game, str) or not _TOKEN.match(game):
            continue
        if not isinstance(side, int) or isinstance(side, bool) or side not in (-1, 0, 1):
            continue
        found.append(Joined(token, game, side))
    return found


def _known() -> list[dict[str, Any]]:
    state: Any = st.session_state.get(KEY)
    games = state.get("games") if state is not None and hasattr(state, "get") else None
    return [{"token": j.token, "game": j.game, "side": j.side} for j in parse(games)]


def joined(remember: Joined | None = None, forget: str | None = None) -> list[Joined]:
    """The games this browser holds; `remember` adds one (first), `forget` drops one."""
    known = _known()
    data: dict[str, Any] = {"known": known, "max": MAX_GAMES, "remember": None, "forget": forget}
    if remember is not None:
        data["remember"] = {"token": remember.token, "game": remember.game, "side": remember.side}
    result = _COMPONENT(key=KEY, data=data, on_games_change=lambda: None)
    return parse(getattr(result, "games", None))
