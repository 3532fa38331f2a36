"""The parts of the Play page, drawn from the desk's view (Streamlit; no game logic here).

Every part reads the desk (polis.play.desk) and hands clicks back to it; what
a choice costs and risks, what happened since the player last decided, the
table's facts and the final score come from polis.play and are worded by
polis.app.words. Every string that may hold a name from an uploaded overlay is
drawn as text (escaped HTML blocks, plain button labels).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cached_property
from itertools import groupby
from typing import Any

import streamlit as st

from polis.app import charts, session
from polis.app import table_html as html
from polis.app.battle_cards import cards as card_component
from polis.app.board_component import BoardClick as ShownClick
from polis.app.board_component import show_board
from polis.app.board_view import board_data, element_name
from polis.app.session import _
from polis.app.words import Coach
from polis.engine import Action, LogEntry, State, action_from_json, other_passed, scores
from polis.i18n.names import Names
from polis.narrate import Narrator
from polis.play import cards as battle_cards
from polis.play import choices, guide, recent
from polis.play import table as table_facts
from polis.play.clicks import element_index, last_marks, targets
from polis.play.desk import (
    Answer,
    BoardClick,
    Choose,
    Click,
    Desk,
    Hint,
    PickCards,
    Reveal,
    Thinking,
    View,
    WhyNot,
)
from polis.play.outcome import outcome
from polis.reference.render import section_for_rule

CARD_PHASES = ("attack", "defend")
# a game of bots watched here is drawn again after a move at most this often: a watcher
# can follow it, and its browser redraws the page (0.5 CPU-seconds) about once a second
WATCH_PACE_S = 1.0
VIEW = "play_view"  # the Play page's view picker (game, replay, review, log)
REPLAY_STEP = "replay_step"
BATTLE_KEYS = frozenset({"assault", "retreat", "battle_end"})  # told by words.battle_story


@dataclass(frozen=True)
class Scene:
    """What every part needs: the desk, its view, and the words of the game's own rules."""

    desk: Desk
    view: View
    names: Names
    narrator: Narrator
    words: Coach
    # progress bars drawn where an answer will show (a hint's), filled after the page is drawn
    bars: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, desk: Desk) -> Scene:
        names = Names(desk.game.compiled.config, session.tr())
        narrator = Narrator(names, session.lang())
        return cls(desk, desk.view(), names, narrator, Coach(narrator))

    @property
    def state(self) -> State:
        return self.view.state

    @property
    def step(self) -> int:
        return self.view.version

    def side(self, side: int) -> str:
        return self.names.side(side)

    @cached_property
    def news(self) -> list[LogEntry]:
        """What happened since the viewer last decided (the news and the phone's glance)."""
        game = self.desk.game
        return recent.entries_since(game.states, game.steps, self.view.viewer)

    @cached_property
    def table(self) -> table_facts.Table:
        """The facts of the table (the player boards, the market...), read once a run."""
        return table_facts.table(self.state)


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
    facts = scene.table
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


def glance(scene: Scene) -> None:
    """A phone's look at the table above the map: each side's score, prestige and goods, and
    what the other side chose on its last turn (a laptop shows these beside the map)."""
    state = scene.state
    # the player boards' first rows: the score, the prestige, each good
    rows = scene.words.board_rows(scene.table.boards, scores(state), halved=False)
    (score, _mark, points), *rows = rows[: 2 + len(state.cfg.goods)]
    chosen = recent.last_choices(scene.news, scene.view.viewer)
    told = (scene.words.entry(key, params) for key, params in chosen)
    st.html(
        html.glance(
            score,
            [label for label, _mark, _cells in rows],
            [(scene.side(side), points[side]) for side in (0, 1)],
            [cells for _label, _mark, cells in rows],
            " · ".join(line for line in told if line),
        )
    )


def player_boards(scene: Scene) -> None:
    state = scene.state
    facts = scene.table
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
    entries = scene.news
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
    # while cards are picked the battle tells itself: the news folds to its headings
    folded = scene.state.phase in CARD_PHASES and bool(scene.view.options)
    st.html(html.groups(_("What just happened"), drawn, _("Nothing yet."), 0 if folded else 1))


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
        "hand": card_faces(scene, faces, role),
        "shown": card_faces(scene, shown, ""),
        "legal": legal,
        "previews": previews,
        "texts": words.card_texts(),
        "rules": words.card_rules(fight.naval),
    }
    pick = card_component(data, key=f"cards_{scene.step}")
    if pick and pick.get("token") == str(scene.step):
        types = tuple(t for t in pick.get("types") or [] if isinstance(t, int))
        scene.desk.click(PickCards(str(pick.get("kind")), types))
        st.rerun()


def card_faces(scene: Scene, faces: list[battle_cards.Face], role: str) -> list[dict[str, object]]:
    """The faces as the card component draws them: names with their meanings, and on the
    deciding side's hand what each card can do (the odds of an answer to it, or which of
    the shown cards it answers)."""
    state, words, cfg = scene.state, scene.words, scene.state.cfg
    odds = battle_cards.answer_chances(state, state.player) if role == "attack" else {}
    answering = battle_cards.answered_by(state, state.player) if role == "defend" else {}
    shown = battle_cards.shown(state) if role == "defend" else []
    drawn = []
    for f in faces:
        face: dict[str, object] = words.card_face(f) | {"type": f.type}
        face["meaning"] = words.meaning(cfg.formations[f.formation], str(face["formation"]))
        face["maneuver_meaning"] = words.meaning(cfg.maneuvers[f.maneuver], str(face["maneuver"]))
        if f.type in odds:
            face["note"] = words.answer_odds(odds[f.type])
            face["good"] = odds[f.type] < 0.5
        elif f.type in answering:
            meets = answering[f.type]
            face["answers"] = list(meets)
            if meets:
                face["note"] = words.answers_note(
                    [f"{scene.names.formation(shown[i].formation)} ({i + 1})" for i in meets]
                )
                face["good"] = True
        drawn.append(face)
    return drawn


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
        tip(scene)
        hint(scene)
        board_pick(scene)
        options(scene)
    refusal(scene)
    return bar


def rule_link(scene: Scene, rule: str, label: str) -> None:
    """A link that opens the rule's section of the game's rules (shipped rulesets only)."""
    if scene.desk.game.overlay is not None:
        return
    cfg = scene.state.cfg
    section = section_for_rule(cfg.id, session.lang(), rule)
    if section is not None:
        st.page_link(
            "app_pages/reference.py",
            label=html.plain(label.format(title=section.title)),
            icon=":material/menu_book:",
            query_params={"section": section.id, "lang": session.lang(), "ruleset": cfg.id},
        )


def _tips_off(desk: Desk) -> None:
    desk.tips = False


def tip(scene: Scene) -> None:
    """A newcomer's tip for a kind of decision met for the first time, with its rule."""
    kind = scene.view.tip
    if kind is None:
        return
    title, text = scene.words.tip(kind)
    st.html(html.tip(title, text))
    row = st.container(horizontal=True, vertical_alignment="center", key="tip_links")
    with row:
        rule_link(scene, guide.RULES[kind], _("Rule: {title}"))
        st.button(
            _("Turn tips off"),
            key=f"tips_off_{scene.step}",
            on_click=_tips_off,
            args=(scene.desk,),
            type="tertiary",
        )


def hint(scene: Scene) -> None:
    """The suggestion and why (asked for in the toolbar), or its search's progress."""
    view, desk = scene.view, scene.desk
    if not view.hints:
        return
    if view.advice is not None:
        title, lines = scene.words.hint(scene.state, view.advice)
        st.html(html.hint(title, lines))
        listed = [c.action for c in desk.consequences()]
        if view.advice.action in listed:  # its button among the choices, marked
            st.html(html.marked_choice(f"choice_{scene.step}_{listed.index(view.advice.action)}"))
        st.button(
            _("Play the suggestion"),
            key=f"hint_play_{scene.step}",
            on_click=press,
            args=(desk, Choose(view.advice.action)),
            type="primary",
        )
    elif view.hinting:
        scene.bars["hint"] = st.progress(0.0, text=_("The bot looks for a move…"))


def hint_button(scene: Scene, where: Any) -> None:
    """Suggest a move: in the toolbar, open where the game allows hints and it is ours."""
    view = scene.view
    if not scene.desk.hints_allowed or not scene.desk.seats:
        return
    where.button(
        _("Suggest a move"),
        key="hint_button",
        icon=":material/lightbulb:",
        disabled=not view.hints or view.hinting or view.advice is not None,
        on_click=press,
        args=(scene.desk, Hint()),
        help=_("The bot searches this position and says what it would play, and why."),
    )


def wait_for_hint(scene: Scene) -> None:
    """Show the hint's search until it is done (the page is then drawn again)."""
    desk = scene.desk
    bar = scene.bars.get("hint") or st.progress(0.0, text=_("The bot looks for a move…"))

    def searched(share: float) -> None:  # a search in this thread, where there is no pool
        bar.progress(share, text=_("The bot looks for a move…"))

    while (pending := desk.advise(wait=0.25, progress=searched)) is not None:
        bar.progress(pending.share, text=_("The bot looks for a move…"))


def refusal(scene: Scene) -> None:
    found = scene.view.refusal
    if found is None:
        return
    st.warning(html.plain(_("Not allowed: {reason}").format(reason=scene.narrator.refusal(found))))
    rule_link(scene, found.rule, _("Rule: {title}"))


def game_view(scene: Scene, matchup: str) -> Any:
    """The board and the table under it | the turn, the news, the player boards, the choices.

    In a battle the cards fill the right column, and a tip or a hint takes room there
    too, so the player boards go under the board (a phone stacks these parts in the
    order of html.PHONE_ORDER). Returns the bot's progress bar, if one is drawn.
    """
    view = scene.view
    in_battle = scene.state.battle is not None and not view.finished
    # a tip or a hint takes room by the choices too: the player boards go under the board
    coached = view.tip is not None or view.advice is not None or view.hinting
    boards_left = in_battle or coached
    left, right = st.container(key="play_main").columns([3, 2], gap="small")
    with left:
        with st.container(key="play_board"):
            board(scene)
        if boards_left:
            with st.container(key="play_boards"):
                player_boards(scene)
        with st.container(key="play_table"):
            table_below_board(scene)
    with right:
        with st.container(key="play_status"):
            status(scene, matchup)
        with st.container(key="play_glance"):  # shown on a phone only
            glance(scene)
        with st.container(key="play_recent"):
            news(scene)
        if not boards_left:
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
    last = len(game.states) - 1
    asked = st.session_state.get(REPLAY_STEP)  # the review opens the replay at a step
    if isinstance(asked, int) and not 0 <= asked <= last:
        del st.session_state[REPLAY_STEP]  # a step of another game
    with right:
        if REPLAY_STEP in st.session_state:
            step = st.slider(_("Step"), 0, last, key=REPLAY_STEP)
        else:
            step = st.slider(_("Step"), 0, last, last, key=REPLAY_STEP)
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


def open_replay(step: int) -> None:
    """A callback: the replay view, at `step` (before the page's widgets are drawn)."""
    st.session_state[VIEW] = "replay"
    st.session_state[REPLAY_STEP] = step


def review_side(scene: Scene) -> int:
    """Whose turns the review looks at: the side seated here (either, at one screen)."""
    seats = sorted(scene.desk.seats) or [0, 1]
    if len(seats) == 1:
        return seats[0]
    picked = st.segmented_control(
        _("Whose turns?"),
        seats,
        default=seats[0],
        required=True,
        format_func=scene.side,
        key="review_side",
    )
    return int(picked if picked is not None else seats[0])


def review_view(scene: Scene) -> Any:
    """Each side's chance after every turn, and the turns that cost the player most with
    the bot's choice there. Returns the progress bar of the bot's choices still searched."""
    desk, game, words = scene.desk, scene.desk.game, scene.words
    if not desk.reviewable():
        st.write(_("The review opens when the game is over."))
        return None
    side = review_side(scene)
    found = desk.review(side)
    points = [t.end for t in found.turns]
    first = [found.chances[0], *(found.chances[i] for i in points)]
    numbers = list(range(len(first)))
    marks = []  # the costly turns, numbered, on the line of the side reviewed
    for k, slip in enumerate(found.slips):
        number = found.turns.index(slip.turn) + 1
        marks.append((number, first[number] if side == 0 else 1.0 - first[number], f"{k + 1}"))
    rounds = []  # where each round's turns begin
    for i, turn in enumerate(found.turns):
        now = game.states[turn.first].round
        if i == 0 or now != game.states[found.turns[i - 1].first].round:
            rnd = game.state.cfg.rounds[now]
            rounds.append((i + 1, scene.names.round_label(rnd.id, rnd.label)))
    st.caption(_("Each side's chance to win after every turn, as the bot estimates it."))
    figure = charts.chances(
        numbers,
        [
            (scene.side(0), html.SIDE_COLOURS[0], first),
            (scene.side(1), html.SIDE_COLOURS[1], [1.0 - c for c in first]),
        ],
        marks,
        rounds,
        _("Turn"),
        _("Chance to win"),
    )
    st.plotly_chart(figure, key="review_chart", config={"displayModeBar": False})
    st.subheader(_("The turns that cost {side} most").format(side=html.plain(scene.side(side))))
    if not found.slips:
        st.write(_("No turn lowered this side's chance."))
        return None
    bar = None
    if any(found.choice(s) is None for s in found.slips):
        bar = st.progress(0.0, text=_("The bot looks at these turns…"))
    for k, slip in enumerate(found.slips):
        turn = slip.turn
        start = game.states[turn.first]
        rnd = start.cfg.rounds[start.round]
        lines = turn_story(scene, turn.first, turn.end)
        choice = found.choice(slip)
        if choice is not None:
            lines.append(
                words.bot_choice(
                    scene.narrator.action(start, choice.action),
                    choice.chance_of(choice.action),
                    choice.action == game.steps[turn.first].move,
                )
            )
        with st.container(border=True, key=f"slip_{k}"):
            title = words.slip_title(
                found.turns.index(turn) + 1,
                scene.names.round_label(rnd.id, rnd.label),
                slip.before,
                slip.after,
            )
            st.html(html.lines(f"{k + 1}. {title}", lines, f"slip-{k}"))
            st.button(
                _("Open in the replay"),
                key=f"slip_replay_{k}",
                on_click=open_replay,
                args=(turn.first + 1,),
                icon=":material/history:",
            )
    return bar


def turn_story(scene: Scene, first: int, end: int, most: int = 8) -> list[str]:
    """What happened in the steps first..end, as the log tells it, the choices named (a
    run of equal lines is counted once, with ×n)."""
    game = scene.desk.game
    told: list[str] = []
    for i in range(first, end):
        logged = scene.narrator.log(game.states[i + 1])
        # the turn's first choice (which the bot's is set against), each action chosen, and
        # any choice the log does not tell, then what followed
        if i == first or not logged or game.states[i].phase == "turn":
            choice = scene.narrator.action(game.states[i], game.steps[i].move)
            said = _("{side}: {choice}").format(side=scene.side(game.steps[i].side), choice=choice)
            logged = [said, *logged]
        told += logged
    lines = []
    for line, run in groupby(told):
        n = sum(1 for _ in run)
        lines.append(f"{line} ×{n}" if n > 1 else line)
    return lines[:most] + (["…"] if len(lines) > most else [])


def wait_for_review(scene: Scene, bar: Any) -> None:
    """Show how far the bot's choices of the review have come, until all are searched."""
    desk = scene.desk
    side = review_side_now(scene)

    def searched(share: float) -> None:
        bar.progress(share, text=_("The bot looks at these turns…"))

    while (pending := desk.analyse(side, wait=0.25, progress=searched)) is not None:
        bar.progress(pending.share, text=_("The bot looks at these turns…"))


def review_side_now(scene: Scene) -> int:
    seats = sorted(scene.desk.seats) or [0, 1]
    picked = st.session_state.get("review_side")
    return int(picked) if len(seats) > 1 and picked in seats else seats[0]


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

    shown_at = time.monotonic()
    while (thinking := desk.think(wait=0.25, progress=searched)) is not None:
        # nobody decides here: the bots' moves are drawn as they come (at most once in
        # WATCH_PACE_S), not only the game's end; the search under way carries on meanwhile
        paced = time.monotonic() - shown_at >= WATCH_PACE_S
        if desk.watched() and desk.game.version != version and paced:
            return True
        bar.progress(thinking.share, text=thinking_text(scene, thinking))
    return desk.game.version != version
