"""A game as the app plays it: history, bots, undo, records. No Streamlit here.

Undo follows the rule online boards use: a player may take back their own
latest decisions, but never past a die roll or a card drawn (the generator was
used), and never a decision of the other human player in a hotseat game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, cast

from polis.bots import Bot, make_bot
from polis.compiler import Compiled, compile_loaded, compile_ruleset
from polis.engine import Action, Refusal, State, apply, explain, legal_actions, new_game
from polis.engine.record import Record, RecordError, action_json, loads, replay
from polis.messages import msg, quoted
from polis.rules.loader import LoadedRuleset, load_overlay_text

# who plays a side: a person, or a bot spec (`name[:level]`, see polis.bots.registry)
Controller = Literal["human", "random", "greedy", "mcts:normal", "mcts:strong"]
MAX_BOT_STEPS = 5_000  # a whole bot-against-bot game fits easily
# while bots play: (share of the current decision's search done, decisions made so far)
BotProgress = Callable[[float, int], None]


@dataclass
class Step:
    action: list[object]  # JSON form
    side: int
    by_bot: bool


@dataclass
class GameSession:
    compiled: Compiled
    seed: int
    controllers: tuple[Controller, Controller]
    overlay: str | None = None
    states: list[State] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    _bots: dict[int, Bot] = field(default_factory=dict, repr=False)

    @classmethod
    def start(
        cls,
        compiled: Compiled,
        seed: int,
        controllers: tuple[Controller, Controller],
        overlay: str | None = None,
        *,
        answer: bool = True,
    ) -> GameSession:
        """A new game; with `answer`, bots play at once until a person must decide."""
        game = cls(compiled, seed, controllers, overlay)
        game.states.append(new_game(compiled.config, seed))
        if answer:
            game.run_bots()
        return game

    @classmethod
    def from_record(
        cls, record: Record, compiled: Compiled, controllers: tuple[Controller, Controller]
    ) -> GameSession:
        """Rebuild a saved game (checked action by action; raises RecordError)."""
        game = cls(compiled, record.seed, controllers, record.overlay)
        states = list(replay(record, compiled))
        game.states = states
        game.steps = [
            Step(list(a), states[i].player, controllers[states[i].player] != "human")
            for i, a in enumerate(record.actions)
        ]
        return game

    # ---------------------------------------------------------------- views

    @property
    def state(self) -> State:
        return self.states[-1]

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def is_human(self, side: int) -> bool:
        return side >= 0 and self.controllers[side] == "human"

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
            meta={"controllers": list(self.controllers)},
        )

    # ---------------------------------------------------------------- play

    def _bot(self, side: int) -> Bot:
        if side not in self._bots:
            self._bots[side] = make_bot(self.controllers[side], self.seed * 2 + side + 1)
        return self._bots[side]

    def _push(self, action: Action, by_bot: bool) -> None:
        before = self.state
        self.states.append(apply(before, action))
        self.steps.append(Step(action_json(before, action), before.player, by_bot))

    def play(self, action: Action, *, answer: bool = True) -> Refusal | None:
        """A human decision: refused with the rule, or played (then, with `answer`, the
        bots answer at once; the app lets them answer in the next run, with progress shown)."""
        refusal = explain(self.state, action)
        if refusal is not None:
            return refusal
        self._push(action, by_bot=False)
        if answer:
            self.run_bots()
        return None

    def run_bots(self, limit: int = MAX_BOT_STEPS, progress: BotProgress | None = None) -> int:
        """Let bots decide until a human must (or the game ends); returns how many moved.

        `progress` hears how far each decision's search has come, so a page can
        show that the bot is thinking rather than hang.
        """
        moved = 0
        while self.awaiting_bot and moved < limit:
            bot = self._bot(self.state.player)
            if progress is not None:
                bot.progress = functools.partial(_report, progress, moved)
            try:
                action = bot.choose(self.state)
            finally:
                bot.progress = None
            self._push(action, by_bot=True)
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
        return True


def _report(progress: BotProgress, moved: int, share: float) -> None:
    progress(share, moved)


def open_record(
    raw: bytes, *, shipped: Callable[[str], bool]
) -> tuple[GameSession, LoadedRuleset | None]:
    """A saved game or a shared link, checked all the way; also the overlay it carries.

    Raises RecordError or RulesError (an overlay inside the record), never anything
    else for bad input: the record is untrusted. A record names a shipped ruleset
    (`shipped` says which are) or carries its overlay, never a path on the server.
    """
    record = loads(raw)
    loaded = None
    if record.overlay is not None:  # played under an uploaded house rule it carries
        loaded = load_overlay_text(record.overlay, display="overlay.yaml")
        compiled = compile_loaded(loaded)
    elif shipped(record.ruleset):
        compiled = compile_ruleset(record.ruleset)
    else:
        raise RecordError(msg("record.unknown_rules", ruleset=quoted(record.ruleset)))
    # loads checked the shape (two names); which names may play a side (human or a bot of
    # polis.bots.registry) is for the play layer to check here
    controllers = record.meta.get("controllers") or ["human", "human"]
    pair = cast(tuple[Controller, Controller], tuple(controllers))
    return GameSession.from_record(record, compiled, pair), loaded
