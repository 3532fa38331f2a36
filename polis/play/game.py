"""A game as people play it: history, who controls each side, undo, records. No Streamlit.

Undo follows the rule online boards use: a player may take back their own
latest decisions, but never past a die roll or a card drawn (the generator was
used), and never a decision of the other human player in a hotseat game.

A bot's decision is fixed by the game: its seed comes from the game's seed,
the side and the step (polis.play.pool.decision_seed), so the same game gives
the same bot moves whether a search runs here, in a worker process or after
the game was saved and loaded again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from polis.bots import Progress
from polis.compiler import Compiled, compile_loaded, compile_ruleset
from polis.engine import (
    Action,
    Record,
    RecordError,
    Refusal,
    State,
    action_from_json,
    action_json,
    apply,
    explain,
    legal_actions,
    load_record,
    new_game,
    replay,
)
from polis.messages import msg, quoted
from polis.play.advice import HINT_BOT, hint_seed
from polis.play.controllers import Pair, from_meta, is_bot
from polis.play.pool import GameKey, SearchJob, decision_seed, search_here
from polis.rules.loader import LoadedRuleset, load_overlay_text

MAX_BOT_STEPS = 5_000  # a whole bot-against-bot game fits easily
# while bots play: (share of the current decision's search done, decisions made so far)
BotProgress = Callable[[float, int], None]


@dataclass
class Step:
    action: list[object]  # JSON form, as in records
    side: int
    by_bot: bool
    move: Action  # the engine's form of the same action


@dataclass
class GameSession:
    compiled: Compiled
    seed: int
    controllers: Pair
    overlay: str | None = None  # the YAML text of the uploaded overlay it is played under
    overrides: dict[str, Any] | None = None  # a record's `start`: the position set after setup
    states: list[State] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    # bumped by every change of the history (a move, an undo): what views are cached by
    version: int = 0
    _legal: tuple[int, list[Action]] | None = field(default=None, repr=False)

    @classmethod
    def start(
        cls,
        compiled: Compiled,
        seed: int,
        controllers: Pair,
        overlay: str | None = None,
        *,
        answer: bool = True,
    ) -> GameSession:
        """A new game; with `answer`, bots play at once (here) until a person must decide."""
        game = cls(compiled, seed, controllers, overlay)
        game.states.append(new_game(compiled.config, seed))
        if answer:
            game.run_bots()
        return game

    @classmethod
    def from_record(cls, record: Record, compiled: Compiled, controllers: Pair) -> GameSession:
        """Rebuild a saved game (checked action by action; raises RecordError)."""
        game = cls(compiled, record.seed, controllers, record.overlay, record.start)
        states = list(replay(record, compiled))
        game.states = states
        cfg = compiled.config
        game.steps = [
            Step(
                list(a),
                states[i].player,
                is_bot(controllers[states[i].player]),
                action_from_json(cfg, a),
            )
            for i, a in enumerate(record.actions)
        ]
        return game

    # ---------------------------------------------------------------- views

    @property
    def state(self) -> State:
        return self.states[-1]

    def legal(self) -> list[Action]:
        """The choices open now, listed once per position however often they are asked for."""
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, legal_actions(self.state))
        return self._legal[1]

    def is_human(self, side: int) -> bool:
        return side >= 0 and not is_bot(self.controllers[side])

    @property
    def awaiting_human(self) -> bool:
        return not self.state.finished and self.is_human(self.state.player)

    @property
    def awaiting_bot(self) -> bool:
        return not self.state.finished and not self.is_human(self.state.player)

    def record(self) -> Record:
        return Record(
            ruleset=self.compiled.config.id,
            content_hash=self.compiled.content_hash,
            seed=self.seed,
            actions=[s.action for s in self.steps],
            overlay=self.overlay,
            start=self.overrides,
            meta={"controllers": list(self.controllers)},
        )

    def key(self) -> GameKey:
        """What a search worker needs to set the game's first position up again."""
        start = None if self.overrides is None else json.dumps(self.overrides, sort_keys=True)
        return GameKey(
            self.compiled.config.id, self.compiled.content_hash, self.seed, self.overlay, start
        )

    def bot_job(self) -> SearchJob:
        """The decision the bot to move owes now, as a job any process can search."""
        side = self.state.player
        return SearchJob(
            self.key(),
            tuple(s.move for s in self.steps),
            self.controllers[side],
            decision_seed(self.seed, side, len(self.steps)),
        )

    def hint_job(self, step: int | None = None) -> SearchJob:
        """A hint for the side to move after `step` steps (default: now), as a job.

        The review asks the same job for the bot's choice at a turn the game has
        passed, so it is the hint the player would have had there.
        """
        step = len(self.steps) if step is None else step
        side = self.states[step].player
        return SearchJob(
            self.key(),
            tuple(s.move for s in self.steps[:step]),
            HINT_BOT,
            hint_seed(decision_seed(self.seed, side, step)),
            kind="hint",
        )

    # ---------------------------------------------------------------- play

    def push(self, action: Action, by_bot: bool) -> Refusal | None:
        """Play a checked action: refused with the rule, or added to the history."""
        before = self.state
        try:
            after = apply(before, action)
        except Refusal as refusal:
            return refusal
        self.states.append(after)
        self.steps.append(Step(action_json(before, action), before.player, by_bot, action))
        self.version += 1
        return None

    def play(self, action: Action, *, answer: bool = True) -> Refusal | None:
        """A human decision: refused with the rule, or played (then, with `answer`, the
        bots answer at once, here; the app lets them answer through its search pool)."""
        if action not in self.legal():
            return explain(self.state, action)
        refusal = self.push(action, by_bot=False)
        if refusal is None and answer:
            self.run_bots()
        return refusal

    def run_bots(self, limit: int = MAX_BOT_STEPS, progress: BotProgress | None = None) -> int:
        """Let bots decide here until a human must (or the game ends); returns how many moved.

        `progress` hears how far each decision's search has come.
        """
        moved = 0
        while self.awaiting_bot and moved < limit:
            report: Progress | None = None
            if progress is not None:
                report = _reporter(progress, moved)
            action = search_here(self.bot_job(), report, self.state)
            refusal = self.push(action, by_bot=True)
            if refusal is not None:  # a bot that breaks the rules is a bug, never a move
                raise RuntimeError(f"bot {self.controllers[self.state.player]}: {refusal}")
            moved += 1
        return moved

    # ---------------------------------------------------------------- undo

    def undo_target(self) -> int | None:
        """Index of the state an undo returns to, or None if undo is not allowed now."""
        if not self.steps:
            return None
        i = len(self.steps) - 1
        while i >= 0 and self.steps[i].by_bot:  # the bots' answers go with the human move
            i -= 1
        if i < 0:
            return None
        actor = self.steps[i].side
        if self.states[-1].chance != self.states[i].chance:
            return None  # a die was rolled or a card drawn since: no going back
        decider = self.state.player
        if decider != actor and self.is_human(decider) and not self.state.finished:
            return None  # the other human is deciding now: never take their turn away
        return i

    def undo(self) -> bool:
        target = self.undo_target()
        if target is None:
            return False
        del self.states[target + 1 :]
        del self.steps[target:]
        self.version += 1
        return True


def _reporter(progress: BotProgress, moved: int) -> Progress:
    return lambda share: progress(share, moved)


def open_record(
    raw: bytes, *, shipped: Callable[[str], bool]
) -> tuple[GameSession, LoadedRuleset | None]:
    """A saved game or a shared link, checked all the way; also the overlay it carries.

    Raises RecordError or RulesError (an overlay inside the record), never anything
    else for bad input: the record is untrusted. A record names a shipped ruleset
    (`shipped` says which are) or carries its overlay, never a path on the server.
    """
    record = load_record(raw)
    controllers = from_meta(record.meta)
    compiled, loaded = compiled_for(record, shipped)
    return GameSession.from_record(record, compiled, controllers), loaded


def compiled_for(
    record: Record, shipped: Callable[[str], bool]
) -> tuple[Compiled, LoadedRuleset | None]:
    """The rules a record was played under: the overlay it carries, or a shipped ruleset
    (`shipped` says which are), never a path on the server; also the loaded overlay."""
    if record.overlay is not None:  # played under an uploaded house rule it carries
        loaded = load_overlay_text(record.overlay, display="overlay.yaml")
        return compile_loaded(loaded), loaded
    if shipped(record.ruleset):
        return compile_ruleset(record.ruleset), None
    raise RecordError(msg("record.unknown_rules", ruleset=quoted(record.ruleset)))
