"""End to end: play with a friend (issue 27), one game in two browsers, by link, stored.

Two Chromium contexts (two browsers as far as the server can tell: no shared
cookies or storage) hold the two seats of one stored game and play it whole,
each clicking only when its own page says it is its turn. The moves are planned
from the stored game's seed (the test may read it: it is the server's secret,
not the player's), so the game reaches a battle fought with cards and ends in a
few dozen moves. What each page received (every websocket frame, the DOM with
its components' shadow roots) is kept and checked against what the engine's
observer lets that seat know. Timings and screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import json
import os
import random
import re
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from polis.compiler import compile_ruleset
from polis.compiler.config import EngineConfig
from polis.engine import (
    ATTACK,
    DEFEND,
    FIGHT,
    PASS,
    Action,
    Record,
    RecordError,
    State,
    action_json,
    apply,
    card_id,
    cards_of,
    legal_actions,
    new_game,
)
from polis.i18n import translator
from polis.i18n.names import Names
from polis.play import choices, share
from polis.play.remote import invite
from polis.store import GameStore
from tests.e2e.conftest import Server, serving
from tests.e2e.test_browser import WAIT_MS

pytestmark = pytest.mark.e2e

RULESET = "1e-corinthian-war"
VIEWPORT = {"width": 1366, "height": 900}
SIDES = ("Athens", "Sparta")
SEEN_MEDIAN_S = 2.0  # a move shows at the other seat within this, at the median
TURN_MS = 10_000  # a page that has shown a move draws its banner and title in this
HAND = ".polis-cards .hand button.card"
MOVES = (("act", "move_hoplites"), ("act", "move_galleys"))

VERSION_JS = """() => {
  const mark = document.querySelector('[data-id="game-version"]');
  return mark ? Number(mark.getAttribute("data-version")) : -1;
}"""
VERSION_IS_JS = """(n) => {
  const mark = document.querySelector('[data-id="game-version"]');
  return mark !== null && Number(mark.getAttribute("data-version")) === n;
}"""
# everything the page holds: its HTML, the components' shadow roots, field values, its text
DOM_JS = """() => {
  const parts = [document.documentElement.outerHTML];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) {
        parts.push(el.shadowRoot.innerHTML);
        walk(el.shadowRoot);
      }
      if (el.value !== undefined && typeof el.value === "string" && el.value) parts.push(el.value);
    }
  };
  walk(document);
  parts.push(document.body.innerText);
  return parts.join("\\n");
}"""


# ---------------------------------------------------------------- the plan


def plan_game(cfg: EngineConfig, seed: int, tries: int = 150, limit: int = 70) -> list[Action]:
    """A short whole game from `seed` with a battle fought with cards (an attack and its
    defence): the shortest of `tries` seeded walks that go for the enemy until a battle,
    fight it, then pass. The same seed gives the same plan."""
    best: list[Action] | None = None
    for trial in range(tries):
        walk = _walk(cfg, seed, random.Random(trial), limit)
        if walk is not None and (best is None or len(walk) < len(best)):
            best = walk
    assert best is not None, f"no game with a battle from seed {seed}"
    return best


def _walk(cfg: EngineConfig, seed: int, chooser: random.Random, limit: int) -> list[Action] | None:
    state = new_game(cfg, seed)
    actions: list[Action] = []
    fought = False
    while not state.finished and len(actions) < limit:
        options = legal_actions(state)
        if state.battle is not None:
            fought = True
            pick = (FIGHT,) if (FIGHT,) in options else chooser.choice(options)
        elif not fought:
            moves = [o for o in options if o in MOVES]
            rest = [o for o in options if o != (PASS,)] or options
            pick = chooser.choice(moves if moves and chooser.random() < 0.8 else rest)
        else:
            pick = (PASS,) if (PASS,) in options else chooser.choice(options)
        actions.append(pick)
        state = apply(state, pick)
    played = {a[0] for a in actions}
    return actions if state.finished and {ATTACK, DEFEND} <= played else None


def states_of(cfg: EngineConfig, seed: int, actions: list[Action]) -> list[State]:
    states = [new_game(cfg, seed)]
    for action in actions:
        states.append(apply(states[-1], action))
    return states


# ---------------------------------------------------------------- a seat in a browser


@dataclass
class Seat:
    """One browser (a Chromium context of its own) at one seat, and all it received."""

    side: int
    context: Any
    page: Any
    frames: list[bytes] = field(default_factory=list)
    doms: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return SIDES[self.side]


def open_page(browser: Any, side: int) -> Seat:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    seat = Seat(side, context, page)

    def received(payload: bytes | str) -> None:
        seat.frames.append(payload if isinstance(payload, bytes) else payload.encode())

    page.on("websocket", lambda socket: socket.on("framereceived", received))
    return seat


def join(browser: Any, link: str, side: int) -> Seat:
    """A new browser opening a seat's link, once its page shows the game."""
    return join_all(browser, [link], [side])[0]


def join_all(browser: Any, links: list[str], sides: list[int]) -> list[Seat]:
    """New browsers opening seats' links all at once (the server draws them side by side),
    once each page shows the game."""
    seats = [open_page(browser, side) for side in sides]
    for seat, link in zip(seats, links, strict=True):
        seat.page.goto(link, wait_until="commit")
    for seat in seats:
        seat.page.locator('[data-id="game-version"]').wait_for(state="attached", timeout=WAIT_MS)
    return seats


def shown_version(page: Any) -> int:
    return int(page.evaluate(VERSION_JS))


def wait_version(page: Any, version: int, timeout: float = WAIT_MS) -> None:
    page.wait_for_function(VERSION_IS_JS, arg=version, polling=20, timeout=timeout)


def idle(page: Any) -> None:
    """Wait until the page's run has finished (Streamlit's running indicator gone)."""
    page.locator('[data-testid="stStatusWidget"]').wait_for(state="detached", timeout=WAIT_MS)


def banner(page: Any) -> str:
    return " ".join(page.locator('[data-testid="stAlert"]').all_inner_texts())


def snapshot(seat: Seat) -> None:
    """Keep what the page holds now (its DOM, shadow roots, iframes) for the secrets check."""
    parts = [str(seat.page.evaluate(DOM_JS))]
    parts += [frame.content() for frame in seat.page.frames[1:]]
    seat.doms.append("\n".join(parts))


def move(seat: Seat, state: State, action: Action) -> float:
    """Make `action` on the seat's page the way a player does; when the move was sent."""
    page = seat.page
    if action[0] in (ATTACK, DEFEND):  # the card component: one card per shown card, in order
        page.locator(HAND).first.wait_for(timeout=WAIT_MS)
        copies: Counter[int] = Counter()
        for kind in action[1:]:
            card = page.locator(f'.polis-cards .hand [data-id="card-{kind}-{copies[kind]}"]')
            card.click()
            copies[kind] += 1
        send = page.locator('[data-id="cards-send"]')
        sent = time.monotonic()
        send.click()
        return sent
    options = legal_actions(state)
    index = options.index(action)
    step = page.locator('[data-id="prompt"][data-step]').get_attribute("data-step")
    button = page.locator(f".st-key-choice_{step}_{index} button")
    sent = time.monotonic()
    button.click()
    held = choices.consequences(state, options)[index].danger is not None
    if held:  # a choice that loses the game is held until the player says yes
        confirm = page.locator(f".st-key-confirm_yes_{step} button")
        confirm.wait_for(timeout=WAIT_MS)
        sent = time.monotonic()
        confirm.click()
    return sent


@dataclass
class Played:
    """A game played from two browsers, and what each received."""

    seats: tuple[Seat, Seat]
    game_id: str
    tokens: tuple[str, str]
    watch: str | None
    seed: int
    actions: list[Action]
    states: list[State]
    seen: list[float]  # seconds from a click to the other page showing the move
    turn_titles: int  # how often a page's title said "your turn" once it became so
    scores: tuple[str, str]
    store_url: str


def play(
    seats: tuple[Seat, Seat],
    states: list[State],
    actions: list[Action],
    shots: dict[int, str] | None = None,
    artifacts: Path | None = None,
) -> tuple[list[float], int]:
    """Play `actions` from the pages of both seats, each clicking only on its turn; the
    delays until the other page showed each move, and the titles that said 'your turn'."""
    seen: list[float] = []
    titles = 0
    first = len(states) - len(actions) - 1
    for n, action in enumerate(actions, start=first):
        state = states[n]
        mover, other = seats[state.player], seats[1 - state.player]
        for seat in seats:
            wait_version(seat.page, n)
        idle(mover.page)
        assert f"Your turn ({mover.name})" in banner(mover.page), (n, banner(mover.page))
        assert "Your turn" not in banner(other.page), (n, banner(other.page))
        # the tab says so too: a player in another tab sees whose move it is
        mover.page.wait_for_function(
            "(title) => document.title === title",
            arg=f"● Your turn ({mover.name}). · Polis",
            polling=50,
            timeout=TURN_MS,
        )
        assert other.page.title() == f"Waiting for {mover.name}… · Polis", other.page.title()
        if n > first and states[n - 1].player != state.player:
            titles += 1
        for seat in seats:
            snapshot(seat)
        if shots and artifacts and n in shots:
            if state.phase in (ATTACK, DEFEND):
                mover.page.locator(HAND).first.wait_for(timeout=WAIT_MS)
            for seat in seats:
                seat.page.screenshot(path=artifacts / f"friends-{shots[n]}-{seat.name}.png")
        sent = move(mover, state, action)
        wait_version(other.page, n + 1)
        seen.append(time.monotonic() - sent)
        wait_version(mover.page, n + 1)
    return seen, titles


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# ---------------------------------------------------------------- test 1: a whole game


@pytest.fixture(scope="module")
def played(server: Server, browser: Any, artifacts: Path) -> Iterator[Played]:
    """A whole game of the Corinthian War, made with the invitation form and played from
    two browsers; what each page received is kept."""
    athens = open_page(browser, 0)
    page = athens.page
    page.goto(f"{server.url}/play?lang=en&ruleset={RULESET}")
    page.get_by_role("button", name="Create the game").click()
    links = []
    for side in (0, 1):
        field_ = page.locator(f".st-key-copy_seat_{side} input")
        field_.wait_for(timeout=WAIT_MS)
        links.append(field_.input_value())
    watch_link = page.locator(".st-key-copy_watch input").input_value()
    tokens = tuple(re.search(r"[?&]seat=([^&]+)", link).group(1) for link in links)  # type: ignore[union-attr]
    assert page.url.endswith(f"seat={tokens[0]}") or f"seat={tokens[0]}" in page.url
    sparta = join(browser, links[1], 1)
    with GameStore(server.database) as store:
        grant = store.open_seat(tokens[1])
        stored = store.load(grant.game_id)
    assert stored.record.ruleset == RULESET and stored.version == 0
    compiled = compile_ruleset(RULESET)
    actions = plan_game(compiled.config, stored.record.seed)
    states = states_of(compiled.config, stored.record.seed, actions)
    battle_at = next(i for i, s in enumerate(states) if s.phase == ATTACK)
    seats = (athens, sparta)
    shots = {0: "start", battle_at: "battle", len(actions) - 1: "before-end"}
    seen, titles = play(seats, states, actions, shots, artifacts)
    scores = []
    for seat in seats:
        wait_version(seat.page, len(actions))
        score = seat.page.locator('[data-id="score"]')
        score.wait_for(timeout=WAIT_MS)
        idle(seat.page)
        scores.append(score.inner_text())
        seat.page.screenshot(path=artifacts / f"friends-end-{seat.name}.png")
        snapshot(seat)
    watch = re.search(r"[?&]seat=([^&]+)", watch_link)
    yield Played(
        seats,
        grant.game_id,
        (tokens[0], tokens[1]),
        watch.group(1) if watch else None,
        stored.record.seed,
        actions,
        states,
        seen,
        titles,
        (scores[0], scores[1]),
        server.database,
    )
    for seat in seats:
        seat.context.close()


def test_a_whole_game_in_two_browsers(played: Played, artifacts: Path) -> None:
    # over in both browsers, with the same final score
    for seat in played.seats:
        assert "The game is over." in banner(seat.page)
        assert seat.page.locator('[data-testid="stException"]').count() == 0
        assert "Total" in played.scores[seat.side]
    assert played.scores[0] == played.scores[1]
    with GameStore(played.store_url) as store:
        stored = store.load(played.game_id)
    assert stored.finished and stored.version == len(played.actions)
    assert stored.record.actions == [
        action_json(s, a) for s, a in zip(played.states, played.actions, strict=False)
    ]
    # the friend's page names the game's rules in its sidebar, as the inviter's does
    for seat in played.seats:
        ruleset = seat.page.locator('[data-testid="stSidebar"] input[aria-label="Ruleset"]')
        assert "Corinthian War" in ruleset.input_value(), (seat.name, ruleset.input_value())
    # the tab's title said "your turn" each time the turn passed to a page
    assert played.turn_titles >= 4
    median, p95 = statistics.median(played.seen), quantile(played.seen, 0.95)
    report = {
        "moves": len(played.seen),
        "seen_s": [round(s, 3) for s in played.seen],
        "median_s": round(median, 3),
        "p95_s": round(p95, 3),
        "max_s": round(max(played.seen), 3),
        "load_average": os.getloadavg(),
    }
    (artifacts / "friends-timings.json").write_text(json.dumps(report, indent=1), "utf-8")
    # the other page asks the store once a second and redraws when the game moved
    assert median <= SEEN_MEDIAN_S, report


# ---------------------------------------------------------------- test 2: hidden information

CARD_UI_ID = re.compile(r"card-(\d+)-(\d+)")  # a card of a hand, as the card component draws it
CARDS_COMPONENT = "battle_cards"
SHARED_RECORD = re.compile(r"[?&]record=([A-Za-z0-9_.~%-]+)")


@dataclass(frozen=True)
class Run:
    """The frames of one script run of a page: the game's version it drew, and its text."""

    version: int
    text: str
    cards: tuple[dict[str, Any], ...]  # the card component's data, as sent
    kinds: frozenset[str]  # the kinds of element drawn (a download button, ...)


def runs(frames: list[bytes]) -> list[Run]:
    """The frames a page received, one Run per script run (each begins with new_session)."""
    grouped: list[list[bytes]] = []
    for frame in frames:
        message = ForwardMsg.FromString(frame)
        if message.WhichOneof("type") == "new_session" or not grouped:
            grouped.append([])
        grouped[-1].append(frame)
    found, version = [], -1
    for group in grouped:
        text = "\n".join(f.decode("utf-8", "replace") for f in group)
        shown = re.search(r'data-id="game-version" data-version="(\d+)"', text)
        version = int(shown.group(1)) if shown else version
        cards, kinds = [], set()
        for frame in group:
            element = ForwardMsg.FromString(frame).delta.new_element
            kinds.add(str(element.WhichOneof("type")))
            component = element.bidi_component
            if element.WhichOneof("type") == "bidi_component" and component.component_name.endswith(
                CARDS_COMPONENT
            ):
                cards.append(json.loads(element.bidi_component.json))
        found.append(Run(version, text, tuple(cards), frozenset(kinds)))
    return found


@dataclass(frozen=True)
class Secrets:
    """What one seat may not learn at one position, from the engine's true state."""

    own_ids: frozenset[str]  # the card component's ids of the seat's own hand
    own_faces: dict[str, tuple[str, str]]  # id -> (formation, maneuver) as named on the page
    hidden: tuple[str, ...]  # the engine's ids of the kinds the seat cannot see (deck, other hand)
    numbers: tuple[str, ...]  # the seed and the generator: every card and event to come


def secrets(state: State, seat: int, seed: int, names: Names) -> Secrets:
    battle = state.battle
    numbers = (str(seed), str(state.rng))
    if battle is None:
        return Secrets(frozenset(), {}, (), numbers)
    cards = cards_of(state, battle)
    deck = "naval" if battle.naval else "land"
    own = battle.hands[seat]
    ids = {f"card-{k}-{c}": k for k, n in enumerate(own) for c in range(n)}
    faces = {
        i: (names.formation(cards[k].formation), names.maneuver(cards[k].maneuver))
        for i, k in ids.items()
    }
    unseen = set(battle.deck) | {k for k, n in enumerate(battle.hands[1 - seat]) if n}
    hidden = tuple(card_id(state.cfg, deck, cards[k]) for k in sorted(unseen) if not own[k])
    return Secrets(frozenset(ids), faces, hidden, numbers)


def leaks(text: str, cards: tuple[dict[str, Any], ...], secret: Secrets) -> list[str]:
    """What in `text` (and the card component's data) the seat should not have received."""
    found = [
        f"card {m.group()}" for m in CARD_UI_ID.finditer(text) if m.group() not in secret.own_ids
    ]
    found += [f"engine card id {c}" for c in secret.hidden if c in text]
    found += [f"seed or generator {n}" for n in secret.numbers if n in text]
    for link in SHARED_RECORD.finditer(text):  # a game in a link holds its seed
        try:
            record = json.loads(share.decode_record(unquote(link.group(1))))
        except (RecordError, ValueError):  # not a record: it tells nothing
            continue
        if str(record.get("seed")) in secret.numbers:
            found.append("the game's record in a link")
    for data in cards:
        for face in data.get("hand", []):
            named = (face.get("formation"), face.get("maneuver"))
            if secret.own_faces.get(face.get("id")) != named:
                found.append(f"a face not in the seat's hand: {face}")
    return found


def test_hidden_cards_never_reach_the_other_seat(played: Played) -> None:
    cfg = compile_ruleset(RULESET).config
    names = Names(cfg, translator("en"))
    over = len(played.actions)  # once the game is over its record (and seed) may be saved
    assert cfg.rounds and all(r.event_deck < 0 for r in cfg.rounds)  # the scenario's: no events
    # the test can fail: the opponent held cards the seat did not, at some seat's card choice
    assert any(
        s.battle is not None
        and s.phase in (ATTACK, DEFEND)
        and secrets(s, 1 - s.player, played.seed, names).hidden
        for s in played.states
    )
    for seat in played.seats:
        received = runs(seat.frames)
        shown_hand = [r for r in received if r.cards]
        # the seat's own hand reached it when it chose its cards (what it receives is seen)
        assert shown_hand, seat.name
        for run in shown_hand:
            secret = secrets(played.states[run.version], seat.side, played.seed, names)
            assert secret.own_ids and all(i in run.text for i in secret.own_ids), run.version
        problems = []
        for run in received:
            if run.version >= over:
                continue
            secret = secrets(played.states[max(run.version, 0)], seat.side, played.seed, names)
            problems += [(run.version, leak) for leak in leaks(run.text, run.cards, secret)]
            if "download_button" in run.kinds:  # the record (its seed) offered to save
                problems.append((run.version, "a download button"))
        for dom in seat.doms:
            version = int(re.search(r'data-version="(\d+)"', dom).group(1))  # type: ignore[union-attr]
            if version >= over:
                continue
            secret = secrets(played.states[version], seat.side, played.seed, names)
            problems += [(version, f"DOM: {leak}") for leak in leaks(dom, (), secret)]
        assert not problems, (seat.name, problems[:10])
    # the friend's page never receives the link of the seat that invited it, nor the watcher's
    sparta = played.seats[1]
    joiner = "\n".join(f.decode("utf-8", "replace") for f in sparta.frames) + "\n".join(sparta.doms)
    assert played.tokens[0] not in joiner
    assert played.watch is not None and played.watch not in joiner
    assert played.tokens[1] in joiner  # its own: the page was opened by it


EVENT_RULESET = "1e"  # a round's event is drawn from a deck at the round's start
REVEALS = ("event", "event_unknown")  # the log's keys of a drawn event card


def revealed(states: list[State]) -> set[int]:
    """The event cards drawn (and so shown to both) up to the last of `states`."""
    return {p["event"] for s in states for key, p in s.log if key in REVEALS and p["event"] >= 0}


def to_next_event(cfg: EngineConfig, names: Names) -> tuple[int, list[Action]]:
    """A seed and the moves of a game that ends its first round with the draw of an event
    card with a name of its own that was not drawn before (the last move draws it). Seeded
    walks, from seeds as long as the server's (a short one is in any page's numbers)."""
    every = Counter(names.event(e) for e in range(len(cfg.events)))
    own_name = [every[names.event(e)] == 1 for e in range(len(cfg.events))]  # not "No Event"
    for trial in range(300):
        chooser = random.Random(trial)
        seed = chooser.getrandbits(64) | 1 << 63
        states, actions = [new_game(cfg, seed)], []
        while not states[-1].finished and len(actions) < 300:
            options = legal_actions(states[-1])
            busy = [o for o in options if o != (PASS,)]
            actions.append(chooser.choice(busy if busy and chooser.random() < 0.3 else options))
            states.append(apply(states[-1], actions[-1]))
            drawn = revealed(states[-1:]) if states[-1].round > 0 else set()
            if drawn:
                before = {names.event(e) for e in revealed(states[:-1])}
                if all(own_name[e] and names.event(e) not in before for e in drawn):
                    return seed, actions
                break
    raise LookupError("no game draws a new event")


def test_no_seat_sees_an_event_before_it_is_drawn(
    server: Server, browser: Any, artifacts: Path
) -> None:
    compiled = compile_ruleset(EVENT_RULESET)
    cfg = compiled.config
    names = Names(cfg, translator("en"))
    seed, actions = to_next_event(cfg, names)
    states = states_of(cfg, seed, actions)
    ahead = 2  # the last moves are made in the browsers, the last one draws the event
    record = Record(
        EVENT_RULESET,
        compiled.content_hash,
        seed,
        [action_json(s, a) for s, a in zip(states, actions[:-ahead], strict=False)],
        meta={"controllers": ["human", "human"]},
    )
    with GameStore(server.database) as store:
        made = store.create(record)
    links = [f"{server.url}/play?lang=en&seat={token}" for token in made.tokens]
    athens, sparta = join_all(browser, links, [0, 1])
    seats = (athens, sparta)
    play(seats, states, actions[-ahead:])
    drawn = revealed(states) - revealed(states[:-1])
    new = {names.event(e) for e in drawn}
    for seat in seats:
        wait_version(seat.page, len(actions))
        idle(seat.page)
        snapshot(seat)
        seat.page.screenshot(path=artifacts / f"friends-event-{seat.name}.png")
    for seat in seats:
        received = runs(seat.frames)
        after = [r for r in received if r.version == len(actions)]
        # the card drawn is shown to both once it is drawn: what is looked for can be seen
        assert after and all(any(n in r.text for r in after) for n in new), seat.name
        assert all(n in seat.doms[-1] for n in new)
        problems = []
        pairs = [(r.version, r.text) for r in received]
        pairs += [(int(re.search(r'data-version="(\d+)"', d).group(1)), d) for d in seat.doms]  # type: ignore[union-attr]
        for version, text in pairs:
            if version < 0 or version >= len(actions):
                continue
            shown = {names.event(e) for e in revealed(states[: version + 1])}
            unseen = {names.event(e) for e in range(len(cfg.events))} - shown
            problems += [(version, name) for name in sorted(unseen) if name in text]
            secret = secrets(states[version], seat.side, seed, names)
            problems += [(version, leak) for leak in leaks(text, (), secret)]
        assert not problems, (seat.name, problems[:10])
    for seat in seats:
        seat.context.close()


# ---------------------------------------------------------------- test 3: two servers


MOVES_ACROSS = 6  # moves played across two servers, at the least
LIVE_S = 10.0  # a move shows at the other server's page within this, each one


def test_two_servers_on_one_postgresql_database(
    browser: Any, postgresql_url: str, tmp_path: Path, artifacts: Path
) -> None:
    compiled = compile_ruleset(RULESET)
    with GameStore(postgresql_url) as store:
        made = invite(store, compiled, None)
        seed = store.load(made.game_id).record.seed
    planned = plan_game(compiled.config, seed)
    every = states_of(compiled.config, seed, planned)
    # until the turn has passed and the other seat has moved too (each seat moves on its
    # own server and sees the other's moves live), and at least MOVES_ACROSS moves
    passed = next(n for n in range(1, len(every)) if every[n].player != every[0].player)
    actions = planned[: max(MOVES_ACROSS, passed + 1)]
    states = every[: len(actions) + 1]
    assert {s.player for s in states[:-1]} == {0, 1}
    with (
        serving(tmp_path / "one", database=postgresql_url) as one,
        serving(tmp_path / "two", database=postgresql_url) as two,
    ):
        links = [f"{one.url}/play?lang=en&seat={made.tokens[0]}"]
        links += [f"{two.url}/play?lang=en&seat={made.tokens[1]}"]
        athens, sparta = join_all(browser, links, [0, 1])
        seats = (athens, sparta)
        seen, _titles = play(seats, states, actions)
        for seat in seats:
            seat.page.screenshot(path=artifacts / f"friends-two-servers-{seat.name}.png")
            assert seat.page.locator('[data-testid="stException"]').count() == 0
            seat.context.close()
    report = {"moves": len(seen), "seen_s": [round(s, 3) for s in seen]}
    (artifacts / "friends-two-servers.json").write_text(json.dumps(report, indent=1), "utf-8")
    assert max(seen) <= LIVE_S, report
    with GameStore(postgresql_url) as store:
        stored = store.load(made.game_id)
    assert stored.version == len(actions)
    assert stored.record.actions == [
        action_json(s, a) for s, a in zip(states, actions, strict=False)
    ]


# ---------------------------------------------------------------- test 4: coming back


def test_a_player_comes_back_in_a_new_browser(server: Server, browser: Any) -> None:
    compiled = compile_ruleset(RULESET)
    with GameStore(server.database) as store:
        made = invite(store, compiled, None)
        seed = store.load(made.game_id).record.seed
    actions = plan_game(compiled.config, seed)[:4]
    states = states_of(compiled.config, seed, actions)
    links = [f"{server.url}/play?lang=en&seat={token}" for token in made.tokens]
    athens, sparta = join_all(browser, links, [0, 1])
    play((athens, sparta), states[:3], actions[:2])
    wait_version(athens.page, 2)
    idle(athens.page)
    shown = ("player-boards", "turn-status", "what-happened", "prompt")
    before = {part: athens.page.locator(f'[data-id="{part}"]').inner_text() for part in shown}
    assert (
        "Athens" in before["what-happened"]
    )  # the moves made are told: a resumed game tells them again
    athens.context.close()  # the browser is gone, and everything it kept
    back = join(browser, links[0], 0)  # a new one: no cookies, no local storage
    wait_version(back.page, 2)
    idle(back.page)
    assert {part: back.page.locator(f'[data-id="{part}"]').inner_text() for part in shown} == before
    play((back, sparta), states[:5], actions[2:4])  # and the game goes on from it
    # the browser that joined lists the game under My games; one that never joined does not
    back.page.goto(f"{server.url}/play?lang=en")
    listed = back.page.get_by_role("link").filter(has_text="· Athens · 4 moves")
    listed.wait_for(timeout=WAIT_MS)
    assert back.page.get_by_role("heading", name="My games with friends").count() == 1
    listed.click()
    wait_version(back.page, 4)
    assert f"seat={made.tokens[0]}" in back.page.url
    stranger = open_page(browser, 0)
    stranger.page.goto(f"{server.url}/play?lang=en")
    stranger.page.get_by_role("button", name="Create the game").wait_for(timeout=WAIT_MS)
    idle(stranger.page)
    assert stranger.page.get_by_role("heading", name="My games with friends").count() == 0
    for seat in (back, sparta, stranger):
        seat.context.close()


# ---------------------------------------------------------------- test 5: bad links


def test_a_wrong_tampered_or_deleted_link_is_refused_in_words(server: Server, browser: Any) -> None:
    compiled = compile_ruleset(RULESET)
    with GameStore(server.database) as store:
        made = invite(store, compiled, None)
        seed = store.load(made.game_id).record.seed
    planned = plan_game(compiled.config, seed)[:3]  # two moves, and one after the deletion
    actions = planned[:2]
    states = states_of(compiled.config, seed, planned)
    links = [f"{server.url}/play?lang=en&seat={token}" for token in made.tokens]
    athens, sparta = join_all(browser, links, [0, 1])
    real = made.tokens[1]
    tampered = real[:-1] + ("A" if real[-1] != "A" else "B")
    wrong = "Zz" * 12  # the form of a token, no seat's
    malformed = "%3Cb%3E'%22"  # not the form of a token at all
    stray = open_page(browser, 1)
    for token in (wrong, tampered, malformed):
        stray.page.goto(f"{server.url}/play?lang=en&seat={token}")
        refused = stray.page.locator('[data-testid="stAlert"]').filter(has_text="cannot be opened")
        refused.wait_for(timeout=WAIT_MS)
        idle(stray.page)
        assert "this link opens no seat" in refused.inner_text()
        assert stray.page.locator('[data-testid="stException"]').count() == 0
        text = stray.page.locator("body").inner_text()
        assert "Traceback" not in text and "Error" not in text
        assert stray.page.locator('[data-id="game-version"]').count() == 0
    # the server goes on serving the game's seats
    play((athens, sparta), states[:3], actions)
    # the game is deleted (`polis games delete`) while both pages are open
    with GameStore(server.database) as store:
        store.delete(made.game_id)
    gone = "there is no game"
    stray.page.goto(links[0])  # its link, opened again: the game is gone, not the link wrong
    refused = stray.page.locator('[data-testid="stAlert"]').filter(has_text="cannot be opened")
    refused.wait_for(timeout=WAIT_MS)
    assert gone in refused.inner_text() and "it was deleted" in refused.inner_text()
    assert stray.page.locator('[data-id="game-version"]').count() == 0
    # the page whose turn it is tries a move: it is told, and nothing breaks
    mover = (athens, sparta)[states[2].player]
    wait_version(mover.page, 2)
    idle(mover.page)
    move(mover, states[2], planned[2])
    told = mover.page.locator('[data-testid="stAlert"]').filter(has_text=gone)
    told.wait_for(timeout=WAIT_MS)
    idle(mover.page)
    for seat in (athens, sparta, stray):
        assert seat.page.locator('[data-testid="stException"]').count() == 0
        assert "Traceback" not in seat.page.locator("body").inner_text()
        seat.context.close()
