"""The parts of the Play page, drawn from the desk's view (Streamlit; no game logic here).

Every part reads the desk (polis.play.desk) and hands clicks back to it; what
a choice costs and risks, what happened since the player last decided, the
table's facts and the final score come from polis.play and are worded by
polis.app.words. Every string that may hold a name from an uploaded overlay is
drawn as text (escaped HTML blocks, plain button labels).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from polis.app import session
from polis.app import table_html as html
from polis.app.battle_cards import cards as card_component
from polis.app.board_component import BoardClick as ShownClick
from polis.app.board_component import show_board
from polis.app.board_view import board_data, element_name
from polis.app.session import _
from polis.app.words import Words
from polis.engine import Action, State, action_from_json, other_passed, scores
from polis.i18n.names import Names
from polis.narrate import Narrator
from polis.play import cards as battle_cards
from polis.play import choices, recent
from polis.play import table as table_facts
from polis.play.clicks import element_index, last_marks, targets
from polis.play.desk import (
    Answer,
    BoardClick,
    Choose,
    Click,
    Desk,
    PickCards,
    Reveal,
    Thinking,
    View,
    WhyNot,
)
from polis.play.outcome import outcome
from polis.reference.render import section_for_rule

CARD_PHASES = ("attack", "defend")
BATTLE_KEYS = frozenset({"assault", "retreat", "battle_end"})  # told by words.battle_story


@dataclass(frozen=True)
class Scene:
    """What every part needs: the desk, its view, and the words of the game's own rules."""

    desk: Desk
    view: View
    names: Names
    narrator: Narrator
    words: Words

    @classmethod
    def of(cls, desk: Desk) -> Scene:
        names = Names(desk.game.compiled.config, session.tr())
        narrator = Narrator(names, session.lang())
        return cls(desk, desk.view(), names, narrator, Words(narrator))

    @property
    def state(self) -> State:
        return self.view.state

    @property
    def step(self) -> int:
        return self.view.version

    def side(self, side: int) -> str:
        return self.names.side(side)


def press(desk: Desk, click: Click) -> None:
    """A widget's callback: the click goes to the desk before the page is drawn again."""
    desk.click(click)


# ---------------------------------------------------------------- the board and the table


def board(scene: Scene) -> None:
    desk, view = scene.desk, scene.view
    steps = [(step.action, step.side) for step in desk.game.steps]
    chosen = targets(view.state, view.options)
    data = board_data(
        view.state,
        scene.names,
        desk.game.compiled.geometry,
        session.lang(),
        targets=chosen,
        last=last_marks(view.state.cfg.sides, steps, view.state.player),
    )

    def clicked(click: ShownClick) -> None:
        desk.click(BoardClick(click.kind, click.id))

    show_board(data, key="board_game", on_click=clicked)


def table_below_board(scene: Scene) -> None:
    """Round track, the round's event, the market and the projects on offer."""
    state, words, names = scene.state, scene.words, scene.names
    facts = table_facts.table(state)
    cols = st.columns([2, 3], gap="small")
    with cols[0]:
        st.html(html.track(_("Rounds"), words.round_track(facts.rounds, facts.round)))
        event = words.event_lines(table_facts.round_event(scene.desk.game.states))
        st.html(html.lines(_("Event of the round"), event or [words.no_event()], "event-card"))
        st.html(
            html.table(
                _("Market value"),
                words.market_headers(facts.market),
                [words.market_row(row) for row in facts.market],
                words.purchase(*facts.purchase),
                "market",
            )
        )
    with cols[1]:
        st.html(
            html.table(
                _("Projects on offer"),
                words.project_headers(),
                [words.project(o) for o in facts.offers] or [[_("none"), "", "", "", ""]],
                words.substitute_note(state.cfg.project_substitute),
                "projects",
            )
        )
        started = [
            _("{project} in {polis} ({side})").format(
                project=names.project(p.project),
                polis=names.polis_at(p.polis),
                side=scene.side(p.owner) if p.owner >= 0 else _("neutral"),
            )
            + (" ✓" if p.done else "")
            for p in facts.in_play
        ]
        if started:
            st.html(html.lines(_("Projects built or under way"), started, "projects-built"))


def status(scene: Scene, matchup: str) -> None:
    """The round and its stacking limit, whose decision it is, the passes and the surcharge."""
    state = scene.state
    rnd = state.cfg.rounds[state.round]
    lines = scene.words.status(
        table_facts.turn_status(state),
        scene.names.round_label(rnd.id, rnd.label),
        state.round + 1,
        rnd.stacking_limit,
    )
    st.html(html.status(lines, matchup))


def player_boards(scene: Scene) -> None:
    state = scene.state
    facts = table_facts.table(state)
    badges = [_("passed") if b.passed else "" for b in facts.boards]
    halved = table_facts.perishables_halved(state)
    st.html(
        html.boards(
            scene.words.board_rows(facts.boards, scores(state), halved),
            [scene.side(0), scene.side(1)],
            badges,
            scene.words.perishable_note() if halved else "",
        )
    )


def news(scene: Scene) -> None:
    """What happened since the viewer last decided, grouped by turn, battles told whole."""
    game, words, side = scene.desk.game, scene.words, scene.view.viewer
    entries = recent.entries_since(game.states, game.steps, side)
    ended = recent.ended_battles(game.states, game.steps, side)
    drawn = []
    for group in recent.groups(entries):
        head, lines = words.group(group)
        if group.head[0] == "battle":
            report = recent.battle_reports([group.head, *group.entries])[0]
            if report.assaults or report.ended:
                lines += words.battle_summary(report)
        elif ended and any(key == "battle_end" for key, _p in group.entries):
            # a battle begun before the player's last decision: told whole, with its summary
            report = ended[0]
            head = words.battle_title(report)
            others = (words.entry(*e) for e in group.entries if e[0] not in BATTLE_KEYS)
            lines = words.battle_story(report) + [line for line in others if line]
        drawn.append((head, lines))
    st.html(html.groups(_("What just happened"), drawn, _("Nothing yet.")))


# ---------------------------------------------------------------- the decision


def battle(scene: Scene) -> None:
    """The battle under way; in its card phases, the hand of the side deciding here."""
    state, words, view = scene.state, scene.words, scene.view
    report = recent.battle_report(scene.desk.game.states)
    fight = state.battle
    assert fight is not None and report is not None
    # who attacks in the next assault is known only once it begins (not while retreat is asked)
    under_way = [
        _("Assault {number}: {attacker} attacks, {defender} defends").format(
            number=fight.assaults + 1,
            attacker=scene.side(fight.attacker),
            defender=scene.side(1 - fight.attacker),
        )
    ]
    story = words.battle_story(report) if report.assaults else []
    in_cards = state.phase in CARD_PHASES
    st.html(
        html.lines(words.battle_title(report), (under_way if in_cards else []) + story, "battle")
    )
    if not in_cards or not view.options:
        return
    role = "attack" if state.phase == "attack" else "defend"
    faces = battle_cards.hand(state, state.player)  # the deciding side's own hand only
    shown = battle_cards.shown(state) if role == "defend" else []
    legal = [list(a[1:]) for a in view.options if a[0] == role]
    previews: dict[str, dict[str, object]] = {}
    if role == "defend":
        for pair in legal:
            result = battle_cards.preview(state, pair)
            previews[",".join(map(str, pair))] = {
                "text": words.preview(result),
                "answered": list(result.answered),
            }
    data = {
        "token": f"{scene.step}",
        "role": role,
        "naval": fight.naval,
        "hand": [words.card_face(f) | {"type": f.type} for f in faces],
        "shown": [words.card_face(f) | {"type": f.type} for f in shown],
        "legal": legal,
        "previews": previews,
        "texts": words.card_texts(),
    }
    pick = card_component(data, key=f"cards_{scene.step}")
    if pick and pick.get("token") == str(scene.step):
        types = tuple(t for t in pick.get("types") or [] if isinstance(t, int))
        scene.desk.click(PickCards(str(pick.get("kind")), types))
        st.rerun()


def board_pick(scene: Scene) -> None:
    """The choices a board click left open, as buttons above the other choices."""
    pick = scene.view.board_pick
    if pick is None:
        return
    state = scene.state
    index = element_index(state.cfg, pick.kind, pick.ident)
    place = element_name(scene.names, pick.kind, index) if index is not None else pick.ident
    st.html(html.prompt(_("{place}: choose one").format(place=place)))
    for i, action in enumerate(pick.options):
        st.button(
            html.plain(scene.narrator.action(state, action)),
            key=f"board_pick_{scene.step}_{i}",
            on_click=press,
            args=(
                scene.desk,
                Choose(action),
            ),
            width="stretch",
        )


def confirm(scene: Scene) -> None:
    """A held choice that loses the game: what it risks, and yes or no."""
    held = scene.view.confirm
    assert held is not None
    state, words = scene.state, scene.words
    feed = choices.feeding(state, state.player)
    with st.container(border=True, key="confirm_box"):
        why = words.danger(held.danger, feed)
        st.error(html.plain(f"{scene.narrator.action(state, held.action)}: {why}"))
        st.html(html.prompt(words.confirm_question()))
        yes, no = st.columns(2)
        yes.button(
            words.confirm_yes(),
            key=f"confirm_yes_{scene.step}",
            on_click=press,
            args=(
                scene.desk,
                Answer(True),
            ),
            type="primary",
            width="stretch",
        )
        no.button(
            words.confirm_no(),
            key=f"confirm_no_{scene.step}",
            on_click=press,
            args=(
                scene.desk,
                Answer(False),
            ),
            width="stretch",
        )


def _note(scene: Scene, action: Action, feed: choices.Feeding, passed: bool) -> list[str]:
    """What a choice's button says besides its cost: the notes its kind needs."""
    state, words = scene.state, scene.words
    op = action[0]
    if op == "act":
        surcharge = table_facts.turn_status(state).surcharge
        return [words.surcharge_note(surcharge)] if surcharge else []
    if op == "pass":
        return [words.pass_note(passed, feed)]
    if op == "release":
        return [words.release_note(choices.need_after(state, action), feed.held)]
    if op == "project":
        offers = {o.project: o for o in table_facts.project_offers(state)}
        return [words.project_note(offers[action[1]])] if action[1] in offers else []
    if op == "slot":
        return [words.slot_note(choices.slot_prices(state, action[1]))]
    if op == "polis" and state.phase == "siege_polis":
        return [words.siege_note(*choices.siege_odds(state, action[1]))]
    return []


def options(scene: Scene) -> None:
    """The prompt, the feeding and danger notes, and a button for each choice."""
    desk, state, words, view = scene.desk, scene.state, scene.words, scene.view
    st.html(html.prompt(words.prompt(state, list(view.options)), scene.step))
    feed = choices.feeding(state, state.player)
    if state.phase in ("feed", "grow") or state.step == "feeding":
        st.info(html.plain(words.feeding_line(feed)))
    danger = desk.danger_now()
    if danger is not None and state.phase != "feed":
        st.warning(html.plain(words.danger(danger, feed, standing=True)))
    if view.confirm is not None:
        confirm(scene)
        return
    if state.battle is not None:
        battle(scene)
        if state.phase in CARD_PHASES:
            return
    passed = other_passed(state)
    # the actions of a turn in two columns (one on a phone), read row by row
    grid = st.container(key="play_options_grid" if state.phase == "turn" else "play_options")
    for i, c in enumerate(desk.consequences()):
        terms = choices.action_terms(state, c.action[1]) if c.action[0] == "act" else None
        detail = words.details(state, c, terms, _note(scene, c.action, feed, passed))
        grid.button(
            html.plain(words.label(state, c, detail)),
            key=f"choice_{scene.step}_{i}",
            on_click=press,
            args=(
                desk,
                Choose(c.action),
            ),
            width="stretch",
            wrap=True,
        )
    if state.phase == "turn":  # the actions not open now: click one to learn why
        closed = [a for a in state.cfg.actions if a.as_action and ("act", a.id) not in view.options]
        if closed:
            with st.expander(_("Why can't I…?")):
                for act in closed:
                    st.button(
                        html.plain(scene.names.action(act.id, act.name)),
                        key=f"why_{scene.step}_{act.id}",
                        on_click=press,
                        args=(
                            desk,
                            WhyNot(("act", act.id)),
                        ),
                    )


def game_over(scene: Scene) -> None:
    result = outcome(scene.state)
    assert result is not None
    words = scene.words
    headline, detail = words.outcome_headline(result), words.outcome_detail(result)
    if result.sudden:
        st.error(html.plain(f"{headline}\n\n{detail}" if detail else headline))
    else:
        st.success(html.plain(headline))
    st.html(html.prompt(words.score_note(result)))
    st.html(html.scores(words.score_rows(result), [scene.side(0), scene.side(1)]))


def thinking_text(scene: Scene, thinking: Thinking | None = None) -> str:
    side = scene.side(scene.desk.state.player)
    if thinking is not None and thinking.busy:
        return _("{side}: the server is busy with other games; the bot starts shortly…").format(
            side=side
        )
    if thinking is not None and thinking.waiting:
        return _("{side}: the bot waits in line; searches ahead of it: {n}").format(
            side=side, n=thinking.waiting
        )
    return _("{side}: the bot is thinking…").format(side=side)


def decision(scene: Scene) -> Any:
    """The prompt and the choices, or the game over, the bot's progress, the hand-over.

    Returns the progress bar drawn in the choices' place while a bot decides.
    """
    view, desk = scene.view, scene.desk
    bar = None
    if view.finished:
        game_over(scene)
    elif view.thinking:
        st.html(html.HIDE_STALE_CHOICES)
        bar = st.progress(0.0, text=thinking_text(scene))
    elif view.hand_over is not None:
        name = scene.side(view.hand_over)
        st.info(html.plain(_("Hand the device to {side}.").format(side=name)))
        st.button(
            html.plain(_("I am {side}: show my cards").format(side=name)),
            key="reveal",
            on_click=press,
            args=(
                desk,
                Reveal(),
            ),
        )
    elif view.options:
        board_pick(scene)
        options(scene)
    refusal(scene)
    return bar


def refusal(scene: Scene) -> None:
    found = scene.view.refusal
    if found is None:
        return
    st.warning(html.plain(_("Not allowed: {reason}").format(reason=scene.narrator.refusal(found))))
    cfg = scene.state.cfg
    section = None
    if scene.desk.game.overlay is None:  # the reference pages of shipped rulesets can be linked
        section = section_for_rule(cfg.id, session.lang(), found.rule)
    if section is not None:
        st.page_link(
            "app_pages/reference.py",
            label=html.plain(_("Rule: {title}").format(title=section.title)),
            icon="📖",
            query_params={"section": section.id, "lang": session.lang(), "ruleset": cfg.id},
        )


def game_view(scene: Scene, matchup: str) -> Any:
    """The board and the table under it | the turn, the news, the player boards, the choices.

    In a battle the cards fill the right column, so the player boards go under the
    board (a phone stacks these parts in the order of html.PHONE_ORDER). Returns
    the bot's progress bar, if one is drawn.
    """
    in_battle = scene.state.battle is not None and not scene.view.finished
    left, right = st.container(key="play_main").columns([3, 2], gap="small")
    with left:
        with st.container(key="play_board"):
            board(scene)
        if in_battle:
            with st.container(key="play_boards"):
                player_boards(scene)
        with st.container(key="play_table"):
            table_below_board(scene)
    with right:
        with st.container(key="play_status"):
            status(scene, matchup)
        with st.container(key="play_recent"):
            news(scene)
        if not in_battle:
            with st.container(key="play_boards"):
                player_boards(scene)
        with st.container(key="play_choices"):
            return decision(scene)


# ---------------------------------------------------------------- replay and log


def replay_view(scene: Scene) -> None:
    game = scene.desk.game
    if len(game.states) <= 1:
        st.write(_("Nothing to replay yet."))
        return
    # the board where the game view has it; the step and what happened in it beside it
    left, right = st.columns([3, 2], gap="small")
    with right:
        step = st.slider(
            _("Step"), 0, len(game.states) - 1, len(game.states) - 1, key="replay_step"
        )
    shown = game.states[step]
    before_steps = [(s.action, s.side) for s in game.steps[step - 1 : step]]
    with left:
        data = board_data(
            shown,
            scene.names,
            game.compiled.geometry,
            session.lang(),
            targets=set(),
            last=last_marks(shown.cfg.sides, before_steps, -1),
        )
        show_board(data, key="board_replay")
    lines = scene.narrator.log(shown)
    if step:
        before = game.states[step - 1]
        taken = action_from_json(before.cfg, game.steps[step - 1].action)
        lines.insert(
            0,
            _("{side}: {choice}").format(
                side=scene.side(game.steps[step - 1].side),
                choice=scene.narrator.action(before, taken),
            ),
        )
    with right:
        st.html(html.lines(_("Step {step}").format(step=step), lines or [_("(nothing happened)")]))


def log_view(scene: Scene) -> None:
    # newest step first, each step's lines in the order they happened (a cause before its
    # effect); narrated from the end, as only the last 200 lines show
    lines: list[str] = []
    for shown in reversed(scene.desk.game.states):
        lines += scene.narrator.log(shown)
        if len(lines) >= 200:
            break
    st.html(html.lines(_("Log"), lines[:200], "log"))


def think(scene: Scene, bar: Any) -> bool:
    """Show the bot's progress until it has decided; True when a bot moved (draw again)."""
    desk = scene.desk
    version = desk.game.version
    bar = bar if bar is not None else st.progress(0.0, text=thinking_text(scene))

    def searched(share: float) -> None:  # a search in this thread, where there is no pool
        bar.progress(share, text=thinking_text(scene))

    while (thinking := desk.think(wait=0.25, progress=searched)) is not None:
        bar.progress(thinking.share, text=thinking_text(scene, thinking))
    return desk.game.version != version
