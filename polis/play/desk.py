"""One seat's view of one game, and the one call each click makes. No Streamlit here.

The Play page draws what `Desk.view()` returns and hands every click to
`Desk.click()`. A click is checked against the choices listed once for the
position, a refused one is explained once, a choice that loses the game is
held for confirmation, a board click that fits several choices is held as a
pick, and a hidden hand in a hotseat game waits for its player. Bots answer
through `Desk.think()`: a search runs in the server's search pool
(polis.play.pool), while the page only polls it and shows how far it has come.
A hint (`Hint`, where the game allows them) and the review's bot choices are
searched the same way (`Desk.advise()`, `Desk.analyse()`).

A desk serves the sides it seats: both in a hotseat game, the human side
against a bot, one side of a game played from two places, none for a watcher.
A game played from two places lives on a shared table (a stored game,
polis.play.remote): a move is played here only once the table has taken it,
and `Desk.sync()` brings in the moves made at the other desk.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from polis.bots import Progress
from polis.engine import (
    Action,
    NotationError,
    Record,
    RecordError,
    Refusal,
    State,
    action_from_json,
    action_json,
    apply,
    explain,
)
from polis.messages import MessageError, gettext_message, msg, quoted
from polis.play import cards, choices, guide, review
from polis.play.advice import Advice
from polis.play.clicks import resolve_click, shows_hand
from polis.play.controllers import is_search
from polis.play.game import MAX_BOT_STEPS, GameSession
from polis.play.pool import PoolBusyError, SearchJob, SearchPool, Ticket, advise_here, search_here

# ---------------------------------------------------------------- a shared table


class MovedOnError(MessageError):
    """The table took another move first: the version this desk played from is gone."""


class SharedTable(Protocol):
    """Where the moves of a game played from two places are kept (polis.play.remote)."""

    def version(self) -> int:
        """How many moves the table holds (what a waiting desk polls)."""
        ...

    def commit(self, version: int, action: list[Any], *, finished: bool) -> None:
        """Add one move made from `version` moves; MovedOnError if the table has more,
        another MessageError if it cannot be reached."""
        ...

    def moves_since(self, version: int) -> list[list[Any]]:
        """The moves after the first `version`, in record form."""
        ...


# ---------------------------------------------------------------- what a click says


@dataclass(frozen=True, slots=True)
class Choose:
    """A choice button: this action."""

    action: Action


@dataclass(frozen=True, slots=True)
class BoardClick:
    """A click on the board: an element by kind and rules-data id."""

    kind: str
    ident: str


@dataclass(frozen=True, slots=True)
class PickCards:
    """Battle cards picked: the attacker's two, or the defender's answers in order."""

    kind: str
    types: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to a held choice that loses the game."""

    yes: bool


@dataclass(frozen=True, slots=True)
class Reveal:
    """The player whose hidden hand is next says they hold the device."""


@dataclass(frozen=True, slots=True)
class WhyNot:
    """Why is this (closed) choice not open?"""

    action: Action


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last decision, where the rules of undo allow it."""


@dataclass(frozen=True, slots=True)
class Hint:
    """Suggest a move: the search bot's choice for the deciding side, and why."""


Click = Choose | BoardClick | PickCards | Answer | Reveal | WhyNot | Undo | Hint

# ---------------------------------------------------------------- what is pending


@dataclass(frozen=True, slots=True)
class Confirm:
    """A choice held until the player confirms it, for the danger it runs."""

    action: Action
    danger: choices.Danger


@dataclass(frozen=True, slots=True)
class BoardPick:
    """Several choices fit one board click: the player picks one."""

    kind: str
    ident: str
    options: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Thinking:
    """A bot is deciding for `side`: how far its search has come, and the searches ahead."""

    side: int
    share: float
    waiting: int  # searches of other games ahead of this one in the pool
    busy: bool = False  # the pool holds as many searches as it takes: try again shortly


@dataclass(frozen=True, slots=True)
class View:
    """What the page draws: the position, whose eyes, the choices and what is pending."""

    version: int  # changes with every move and undo: keys the page's widgets
    state: State
    viewer: int  # the side whose eyes the page serves
    options: tuple[Action, ...]  # the viewer's choices now (none when not theirs to make)
    hand_over: int | None  # the side whose hidden hand waits until they hold the device
    confirm: Confirm | None
    board_pick: BoardPick | None
    refusal: Refusal | None
    thinking: bool  # a bot owes the decision (Desk.think says how far it has come)
    moved_on: bool = False  # a click came too late: the other seat moved first (shown now)
    problem: MessageError | None = None  # the shared table failed; nothing was played
    hints: bool = False  # a hint may be asked for now
    hinting: bool = False  # a hint is being searched (Desk.advise says how far it has come)
    advice: Advice | None = None  # the hint for this position, once searched
    tip: str | None = None  # the kind of decision a newcomer's tip explains now (guide)

    @property
    def finished(self) -> bool:
        return self.state.finished


@dataclass(eq=False)
class _Asked:
    """A hint or a review's bot choice the desk asked for, and its answer once searched."""

    job: SearchJob
    ticket: Ticket | None = None
    advice: Advice | None = None

    def poll(
        self, pool: SearchPool | None, wait: float, progress: Progress | None
    ) -> tuple[float, int, bool]:
        """Work towards the answer: (share done, searches ahead, pool busy)."""
        if self.advice is not None:
            return 1.0, 0, False
        if pool is None:  # no pool: searched here, `progress` hears how far
            self.advice = advise_here(self.job, progress)
            return 1.0, 0, False
        if self.ticket is None:
            try:
                self.ticket = pool.submit(self.job)
            except PoolBusyError:
                return 0.0, 0, True
        status = pool.wait(self.ticket, wait)
        if not status.done:
            return status.share, status.waiting, False
        self.ticket = None
        # a search that failed in its worker is searched again here
        self.advice = status.advice if status.advice is not None else advise_here(self.job)
        return 1.0, 0, False

    def cancel(self, pool: SearchPool | None) -> None:
        if self.ticket is not None and pool is not None:
            pool.cancel(self.ticket)
        self.ticket = None


@dataclass
class Review:
    """A side's game looked back on: the chances, its costliest turns and the bot's choices."""

    side: int
    chances: list[float]  # the first side's chance at every position (review.chances)
    turns: list[review.Turn]
    slips: list[review.Slip]  # the side's turns that cost it most
    asked: dict[int, _Asked] = field(default_factory=dict)  # by a slip's first step

    def choice(self, slip: review.Slip) -> Advice | None:
        """The bot's choice at the start of `slip`'s turn, once searched."""
        asked = self.asked.get(slip.turn.first)
        return asked.advice if asked is not None else None


class Desk:
    """One seat's view of one game: the game, what is pending, and the one call a click makes."""

    def __init__(
        self,
        game: GameSession,
        *,
        seats: frozenset[int] | None = None,
        pool: SearchPool | None = None,
        table: SharedTable | None = None,
    ) -> None:
        self.game = game
        self.table = table
        # the sides decided at this desk: every human side of a game played at one screen
        self.seats = (
            frozenset(side for side in (0, 1) if game.is_human(side)) if seats is None else seats
        )
        self.pool = pool
        self.refusal: Refusal | None = None
        self.confirm: Confirm | None = None
        self.board_pick: BoardPick | None = None
        self.seen_by: int | None = None  # who said they hold the device for the hidden hand
        self.moved_on = False
        self.problem: MessageError | None = None
        self._ticket: Ticket | None = None
        self._consequences: tuple[int, list[choices.Consequence]] | None = None
        self._danger: tuple[int, choices.Danger | None] | None = None
        # hints may be asked for: a game played from two places allows them only where both
        # players agreed when it began (the game's options say; at one screen they may)
        self.hints_allowed = True
        self.tips = False  # tips for a newcomer at each new kind of decision (polis.play.guide)
        self._hint: tuple[int, _Asked] | None = None  # the hint asked at a version
        self._reviews: dict[int, tuple[int, Review]] = {}  # by side: (version, review)

    # ---------------------------------------------------------------- reading

    @property
    def state(self) -> State:
        return self.game.state

    def deciding(self) -> bool:
        """Whether a side seated here owes the decision now."""
        return self.game.awaiting_human and self.state.player in self.seats

    def may_decide(self) -> bool:
        """Whether a click here may decide now: a seated side's turn, its hand in its hands."""
        return self.deciding() and self.hand_over() is None

    def hotseat(self) -> bool:
        return len(self.seats) > 1

    def watched(self) -> bool:
        """Whether nobody decides at this desk: a game of bots, only watched here."""
        return not self.seats

    def viewer(self) -> int:
        """The side whose eyes the page serves: the seated side deciding now, else the first."""
        if self.state.player in self.seats:
            return self.state.player
        return min(self.seats) if self.seats else 0

    def hand_over(self) -> int | None:
        """In a game at one screen, the side whose hidden hand waits until they take over."""
        player = self.state.player
        waiting = (
            self.hotseat()
            and self.deciding()
            and shows_hand(self.state.phase)
            and self.seen_by != player
        )
        return player if waiting else None

    def hints_open(self) -> bool:
        """Whether a hint may be asked for now: allowed here, and a seated side's to decide."""
        return self.hints_allowed and self.may_decide()

    def _asked_hint(self) -> _Asked | None:
        """The hint asked for in this position (None if none was, or the game moved on)."""
        if self._hint is None or self._hint[0] != self.game.version:
            return None
        return self._hint[1]

    def view(self) -> View:
        if self._hint is not None and self._hint[0] != self.game.version:
            self._cancel_hint()  # the game moved on: that hint is not wanted any more
        hand_over = self.hand_over()
        options = self.game.legal() if self.may_decide() else []
        asked = self._asked_hint() if self.hints_open() else None
        return View(
            self.game.version,
            self.state,
            self.viewer(),
            tuple(options),
            hand_over,
            self.confirm,
            self.board_pick,
            self.refusal,
            self.game.awaiting_bot,
            moved_on=self.moved_on,
            problem=self.problem,
            hints=self.hints_open(),
            hinting=asked is not None and asked.advice is None,
            advice=asked.advice if asked is not None else None,
            tip=self.tip_now(),
        )

    def tip_now(self) -> str | None:
        """The kind of decision a tip explains now, where tips are on and it is ours."""
        if not self.tips or not self.may_decide():
            return None
        return guide.tip(self.game.states, self.game.steps, self.state.player)

    def danger_now(self) -> choices.Danger | None:
        """How the deciding side would lose if the round ended now (once per position)."""
        if self._danger is None or self._danger[0] != self.game.version:
            self._danger = (
                self.game.version,
                choices.round_end_danger(self.state, self.state.player),
            )
        return self._danger[1]

    def consequences(self) -> list[choices.Consequence]:
        """What each open choice costs and risks (worked out once per position)."""
        version = self.game.version
        if self._consequences is None or self._consequences[0] != version:
            options = self.game.legal() if self.deciding() else []
            self._consequences = (version, choices.consequences(self.state, options))
        return self._consequences[1]

    def record(self) -> Record:
        return self.game.record()

    # ---------------------------------------------------------------- the one call

    def click(self, click: Click) -> View:
        """Whatever was clicked: checked once, explained once, played or held; what to draw."""
        match click:
            case Choose(action):
                self._request(tuple(action))
            case BoardClick(kind, ident):
                self._board(kind, ident)
            case PickCards(kind, types):
                if self.may_decide():
                    picked = cards.pick_action(self.game.legal(), kind, types)
                    if picked is not None:
                        self._play(picked)
            case Answer(yes):
                held, self.confirm = self.confirm, None
                if (
                    yes
                    and held is not None
                    and self.deciding()
                    and held.action in self.game.legal()
                ):
                    self._play(held.action)
            case Reveal():
                if self.hand_over() is not None:
                    self.seen_by = self.state.player
            case WhyNot(action):
                self.refusal = explain(self.state, tuple(action))
            case Undo():
                if self.can_undo():
                    self._cancel_search()
                    self.game.undo()
                    self._clear()
            case Hint():
                if self.hints_open() and self._asked_hint() is None:
                    self._cancel_hint()
                    self._hint = (self.game.version, _Asked(self.game.hint_job()))
        return self.view()

    def can_undo(self) -> bool:
        """Undo where the rules of undo allow it; never at a shared table (the other seat
        may have seen the move)."""
        return self.table is None and self.game.undo_target() is not None

    def _clear(self) -> None:
        self.refusal = self.confirm = self.board_pick = None
        self.moved_on = False
        self.problem = None

    def _request(self, action: Action) -> None:
        """A choice: played at once, held for confirmation if it loses the game, or refused."""
        self.board_pick = None
        if not self.may_decide():  # not this desk's to decide now: a stale click, ignored
            return
        if action not in self.game.legal():  # a stale or forged choice: why it is refused
            self.refusal = explain(self.state, action)
            return
        held = next((c for c in self.consequences() if c.action == action), None)
        if held is None:  # the list is the legal one: only a choice listed twice misses
            held = choices.consequence(self.state, action, self.danger_now())
        if held.danger is not None:
            self.confirm = Confirm(action, held.danger)
            self.refusal = None
            return
        self._play(action)

    def _board(self, kind: str, ident: str) -> None:
        """A click on the board: the one choice it stands for, a pick among several, or why not."""
        if not self.may_decide():
            return
        matches, probe = resolve_click(self.state, self.game.legal(), kind, ident)
        self.board_pick = None
        if len(matches) == 1:
            self._request(matches[0])
        elif matches:  # several choices fit (how to pay, by land or by sea): offer them
            self.board_pick = BoardPick(kind, ident, tuple(matches))
            self.refusal = None
        elif probe is not None:
            self.refusal = explain(self.state, probe)

    def _play(self, action: Action) -> None:
        self._clear()
        if self.table is not None and not self._commit(action):
            return
        self.refusal = self.game.push(action, by_bot=False)
        if not shows_hand(self.state.phase):  # the next hidden hand needs a new hand-over
            self.seen_by = None

    def _commit(self, action: Action) -> bool:
        """Hand a checked move to the shared table; False (and why) when it is not taken."""
        assert self.table is not None
        before = self.state
        try:
            after = apply(before, action)
        except Refusal as refusal:
            self.refusal = refusal
            return False
        try:
            self.table.commit(
                len(self.game.steps), action_json(before, action), finished=after.finished
            )
        except MovedOnError:
            self.sync()  # the new state, drawn with the news that the click came too late
            self.moved_on = True
            return False
        except MessageError as error:  # unreachable, locked, read-only: nothing was played
            self.problem = error
            return False
        return True

    # ---------------------------------------------------------------- a shared table

    def sync(self) -> bool:
        """Bring in the moves the table has and this desk has not; True if there were any."""
        if self.table is None:
            return False
        try:
            if self.table.version() == len(self.game.steps):
                return False
            moves = self.table.moves_since(len(self.game.steps))
        except MessageError as error:
            self.problem = error
            return False
        cfg = self.game.compiled.config
        for data in moves:  # the table's moves are checked as a record's are: it may be damaged
            n, shown = len(self.game.steps) + 1, quoted(data)
            try:
                refusal = self.game.push(action_from_json(cfg, data), by_bot=False)
            except NotationError as exc:
                self.problem = RecordError(
                    msg("record.action_unreadable", n=n, action=shown, problem=exc.problem)
                )
                return True
            if refusal is not None:
                reason = gettext_message(refusal.message, refusal.params)
                self.problem = RecordError(
                    msg(
                        "record.action_refused", n=n, action=shown, reason=reason, rule=refusal.rule
                    )
                )
                return True
        self.refusal = self.confirm = self.board_pick = None
        if not shows_hand(self.state.phase):
            self.seen_by = None
        return bool(moves)

    # ---------------------------------------------------------------- bots

    def think(self, wait: float = 0.0, progress: Progress | None = None) -> Thinking | None:
        """Let the bots decide until a person must (or the game ends).

        A search runs in the pool; this returns at once (or after `wait` seconds)
        with how far it has come, and the page asks again. The bots' quick
        choices (easy, random) are made here, and so is every search where the
        desk has no pool (`progress` then hears how far it has come). Returns
        None when no bot owes a decision any more.
        """
        game = self.game
        for _ in range(MAX_BOT_STEPS):
            if not game.awaiting_bot:
                return None
            side = game.state.player
            job = game.bot_job()
            if self.pool is None or not is_search(job.bot):
                action = search_here(job, progress if is_search(job.bot) else None, game.state)
            else:
                if self._ticket is None or self._ticket.job != job:
                    self._cancel_search()
                    try:
                        self._ticket = self.pool.submit(job)
                    except PoolBusyError:
                        return Thinking(side, 0.0, 0, busy=True)
                status = self.pool.wait(self._ticket, wait)
                if not status.done:
                    return Thinking(side, status.share, status.waiting)
                self._ticket = None
                # a search that failed in its worker is searched again here: the game goes on
                action = status.action if status.action is not None else search_here(job)
            refusal = game.push(action, by_bot=True)
            if refusal is not None:  # a bot that breaks the rules is a bug, never a move
                raise RuntimeError(f"bot {job.bot}: {refusal}")
            self._clear()
            if not shows_hand(self.state.phase):
                self.seen_by = None
        return None

    def _cancel_search(self) -> None:
        if self._ticket is not None and self.pool is not None:
            self.pool.cancel(self._ticket)
        self._ticket = None

    # ---------------------------------------------------------------- hints and the review

    def advise(self, wait: float = 0.0, progress: Progress | None = None) -> Thinking | None:
        """Work on the hint asked for in this position: how far its search has come, or
        None once it is there (or when none is asked). Like `think`: the search runs in
        the pool and the page asks again; without a pool it runs here."""
        asked = self._asked_hint()
        if asked is None or asked.advice is not None or not self.hints_open():
            return None
        share, waiting, busy = asked.poll(self.pool, wait, progress)
        if asked.advice is not None:
            return None
        return Thinking(self.state.player, share, waiting, busy)

    def _cancel_hint(self) -> None:
        if self._hint is not None:
            self._hint[1].cancel(self.pool)
        self._hint = None

    def reviewable(self) -> bool:
        """A finished game is reviewed; a game under way only where hints are allowed."""
        return len(self.game.steps) > 0 and (self.state.finished or self.hints_allowed)

    def review(self, side: int) -> Review:
        """`side`'s game looked back on (the chances at once; the bot's choices at its
        costliest turns as `analyse` searches them)."""
        version = self.game.version
        kept = self._reviews.get(side)
        if kept is not None and kept[0] == version:
            return kept[1]
        if kept is not None:
            for asked in kept[1].asked.values():
                asked.cancel(self.pool)
        game = self.game
        chances = review.chances(game.states)
        turns = review.turns(game.states)
        slips = review.slips(chances, turns, side)
        found = Review(side, chances, turns, slips)
        found.asked = {s.turn.first: _Asked(game.hint_job(s.turn.first)) for s in slips}
        self._reviews[side] = (version, found)
        return found

    def analyse(
        self, side: int, wait: float = 0.0, progress: Progress | None = None
    ) -> Thinking | None:
        """Search the bot's choices of `side`'s review: how far, or None once all are there."""
        found = self.review(side)
        pending = [a for a in found.asked.values() if a.advice is None]
        if not pending:
            return None
        shares, ahead, busy = [], 0, False
        for i, asked in enumerate(pending):
            share, waiting, full = asked.poll(self.pool, wait if i == 0 else 0.0, progress)
            shares.append(share)
            ahead, busy = max(ahead, waiting), busy or full
        if all(a.advice is not None for a in found.asked.values()):
            return None
        done = len(found.asked) - len(pending) + sum(shares)
        return Thinking(side, done / len(found.asked), ahead, busy)

    def close(self) -> None:
        """The seat is left (a new game, the session gone): its searches are not wanted."""
        self._cancel_search()
        self._cancel_hint()
        for _version, found in self._reviews.values():
            for asked in found.asked.values():
                asked.cancel(self.pool)
