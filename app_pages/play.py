"""Play: a game against a bot or hotseat, with the whole table in view; save, load and replay.

The page only draws. What a choice costs and risks, what happened since the
player last decided, the table's facts and the final score come from
polis.app (choices, recent, table, outcome, cards) and are worded by
polis.app.words; every string that may hold a name from an uploaded overlay is
drawn as text (escaped HTML blocks, plain button labels).
"""

import json
import os
import time
from pathlib import Path
from typing import Any

import streamlit as st

from polis.app import cards as battle_cards
from polis.app import choices, file_picker, labels, recent, session
from polis.app import table as table_facts
from polis.app import table_html as html
from polis.app.battle_cards import cards as card_component
from polis.app.board_component import BoardClick, show_board
from polis.app.board_view import board_data, element_index, element_name
from polis.app.game import GameSession, open_record
from polis.app.markup import escape
from polis.app.outcome import outcome
from polis.app.play_view import last_marks, resolve_click, shows_hand, targets
from polis.app.session import _
from polis.app.words import Words
from polis.engine import Action, Refusal, State, explain
from polis.engine.flow import other_passed, scores
from polis.engine.notation import from_json
from polis.engine.record import MAX_RECORD_BYTES, RecordError
from polis.i18n.names import Names
from polis.narrate import Narrator
from polis.reference.events import known_cards_note
from polis.reference.render import section_for_rule
from polis.rules.issues import RulesError

started, started_cpu = session.run_clock()  # from the top of the run, frame included
state_store = st.session_state
state_store.setdefault("refusal", None)
state_store.setdefault("seen_by", None)
state_store.setdefault("confirm", None)
state_store.setdefault("board_pick", None)
CONTROLLER_LABELS = {key: _(text) for key, text in labels.CONTROLLERS.items()}
VIEWS = {"game": _("Game"), "replay": _("Replay"), "log": _("Log")}
CARD_PHASES = ("attack", "defend")
BATTLE_KEYS = frozenset({"assault", "retreat", "battle_end"})  # told by words.battle_story


def load_record(raw: bytes) -> str | None:
    """Load a saved game into the session; returns an error message (escaped) or None."""
    try:
        game, loaded = open_record(raw, shipped=session.shipped_ids().__contains__)
    except RecordError as exc:
        return escape(exc.render(session.lang()))
    except RulesError as exc:
        return escape("; ".join(exc.shown(session.lang())))
    if loaded is not None and game.overlay is not None:
        session.add_overlay(loaded, game.overlay)
    state_store["game"] = game
    state_store["refusal"] = None
    state_store["confirm"] = None
    return None


# ---------------------------------------------------------------- new game

# a shared link carries the whole game: ?record=...
token = st.query_params.get("record")
if token and state_store["game"] is None:
    try:
        problem = load_record(session.decode_record(token))
    except RecordError as exc:
        problem = escape(exc.render(session.lang()))
    if problem:
        st.error(_("The game in the link could not be loaded: {problem}").format(problem=problem))

if state_store["game"] is None:
    new_names = session.names()  # the sidebar's ruleset: the one a new game will use
    st.title(_("Play"))
    st.subheader(_("New game"))
    with st.form("new_game"):
        st.text(session.ruleset_label(str(state_store["ruleset"])))
        st.text(known_cards_note(new_names, session.lang()))
        cols = st.columns(3)
        seed = cols[0].number_input(_("Seed"), min_value=0, max_value=2**31 - 1, value=1, step=1)
        # by default a person plays Athens against the greedy bot
        athens, sparta = (
            cols[1 + side].selectbox(
                new_names.side(side),
                list(CONTROLLER_LABELS),
                index=default,
                format_func=CONTROLLER_LABELS.__getitem__,
                key=f"{sid}_controller",
            )
            for side, (sid, default) in enumerate((("athens", 0), ("sparta", 2)))
        )
        if st.form_submit_button(_("Start"), type="primary"):
            rid = str(state_store["ruleset"])
            overlay = session.overlay(rid)
            state_store["game"] = GameSession.start(
                session.compiled(rid),
                int(seed),
                (athens, sparta),
                overlay.text if overlay else None,
                answer=False,
            )
            state_store["refusal"] = None
            state_store["seen_by"] = None
            state_store["confirm"] = None
            st.rerun()
    st.subheader(_("Load a saved game"))
    upload = file_picker.file_picker(
        _("Game record (JSON)"),
        key="record_upload",
        extensions=[".json"],
        types="JSON",
        max_bytes=MAX_RECORD_BYTES,
    )
    if upload is not None:
        if upload.too_large:
            st.error(_("The file is too large to be a game record."))
        elif (problem := load_record(upload.content)) is not None:
            st.error(_("This record cannot be loaded: {problem}").format(problem=problem))
        else:
            st.rerun()
    st.stop()

# ---------------------------------------------------------------- a running game

game: GameSession = state_store["game"]
cfg = game.compiled.config  # the game's own rules, whatever the sidebar says now
names = Names(cfg, session.tr())
narrator = Narrator(names, session.lang())
words = Words(narrator)
state = game.state


def side_name(side: int) -> str:
    return names.side(side)


def play(action: Action) -> None:
    state_store["confirm"] = None
    state_store["board_pick"] = None
    state_store["refusal"] = game.play(action, answer=False)  # bots answer below, with progress


def request(action: Action) -> None:
    """A choice clicked: played at once, or held for confirmation if it loses the game."""
    now = game.state
    if not game.awaiting_human or tuple(action) not in game.legal():  # a stale click
        state_store["refusal"] = explain(now, tuple(action)) if game.awaiting_human else None
        return
    before = choices.round_end_danger(now, now.player)
    if choices.consequence(now, action, before).danger is not None:
        state_store["confirm"] = (len(game.steps), tuple(action))
        state_store["refusal"] = None
        return
    play(action)


def on_board_click(click: BoardClick) -> None:
    """A click on the board: the one choice it stands for (asked like a button), a pick among
    several, or why it is refused."""
    if not game.awaiting_human:
        return
    matches, probe = resolve_click(game.state, game.legal(), click.kind, click.id)
    state_store["board_pick"] = None
    if len(matches) == 1:
        request(matches[0])
    elif matches:  # several choices fit (how to pay, by land or by sea): offer them
        state_store["board_pick"] = (click.kind, click.id)
    elif probe is not None:
        state_store["refusal"] = explain(game.state, probe)


def show_board_pick(options: list[Action]) -> None:
    """The choices a board click left open, as buttons above the other choices."""
    pick = state_store.get("board_pick")
    if pick is None:
        return
    matches, _probe = resolve_click(state, options, *pick)
    index = element_index(state.cfg, *pick)
    if len(matches) < 2 or index is None:
        state_store["board_pick"] = None
        return
    place = element_name(names, pick[0], index)
    st.html(html.prompt(_("{place}: choose one").format(place=place)))
    for i, action in enumerate(matches):
        st.button(
            html.plain(narrator.action(state, action)),
            key=f"board_pick_{len(game.steps)}_{i}",
            on_click=request,
            args=(action,),
            width="stretch",
        )


def board_view(
    shown: State, last: set[tuple[str, str]], chosen: set[tuple[str, str]]
) -> dict[str, Any]:
    return board_data(
        shown, names, game.compiled.geometry, session.lang(), targets=chosen, last=last
    )


def show_refusal(refusal: Refusal) -> None:
    st.warning(html.plain(_("Not allowed: {reason}").format(reason=narrator.refusal(refusal))))
    section = None
    if game.overlay is None:  # the reference pages of shipped rulesets can be linked to
        section = section_for_rule(cfg.id, session.lang(), refusal.rule)
    if section is not None:
        st.page_link(
            "app_pages/reference.py",
            label=html.plain(_("Rule: {title}").format(title=section.title)),
            icon="📖",
            query_params={"section": section.id, "lang": session.lang(), "ruleset": cfg.id},
        )


# ---------------------------------------------------------------- toolbar

st.html(html.STYLE)
toolbar = st.container(horizontal=True, vertical_alignment="center", key="play_toolbar")

if toolbar.button(_("New game"), key="new_game_button"):
    state_store["game"] = None
    state_store["refusal"] = None
    state_store["confirm"] = None
    session.sync_params(record=None)
    st.rerun()
if toolbar.button(
    _("Undo"),
    key="undo_button",
    disabled=game.undo_target() is None,
    help=_("Take back your last decision, unless a die was rolled or a card drawn since."),
):
    game.undo()
    state_store["refusal"] = None
    state_store["confirm"] = None
    st.rerun()
record_json = game.record().to_json()
toolbar.download_button(
    _("Save"),
    json.dumps(record_json, ensure_ascii=False, indent=1),
    file_name=f"polis-{cfg.id}-{game.seed}.json",
    mime="application/json",
    key="save_button",
)
if toolbar.button(_("Share link"), key="share_button"):
    session.sync_params(record=session.encode_record(record_json))
# who plays whom: under the turn status, so the toolbar stays one row in every language
matchup = _("{athens} ({a}) against {sparta} ({b}), seed {seed}").format(
    athens=side_name(0),
    a=_(labels.CONTROLLERS[game.controllers[0]]),
    sparta=side_name(1),
    b=_(labels.CONTROLLERS[game.controllers[1]]),
    seed=game.seed,
)

# only the chosen view is drawn (st.tabs would build all three on every click)
view = toolbar.segmented_control(
    _("View"),
    list(VIEWS),
    default="game",
    required=True,
    format_func=VIEWS.__getitem__,
    key="play_view",
    label_visibility="collapsed",
)


# ---------------------------------------------------------------- game view parts


def draw_table_below_board() -> None:
    """Round track, the round's event, the market and the projects on offer."""
    facts = table_facts.table(state)
    cols = st.columns([2, 3], gap="small")
    with cols[0]:
        st.html(html.track(_("Rounds"), words.round_track(facts.rounds, facts.round)))
        event_lines = words.event_lines(table_facts.round_event(game.states)) or [words.no_event()]
        st.html(html.lines(_("Event of the round"), event_lines, "event-card"))
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
                words.substitute_note(cfg.project_substitute),
                "projects",
            )
        )
        started_projects = [
            _("{project} in {polis} ({side})").format(
                project=names.project(p.project),
                polis=names.polis_at(p.polis),
                side=side_name(p.owner) if p.owner >= 0 else _("neutral"),
            )
            + (" ✓" if p.done else "")
            for p in facts.in_play
        ]
        if started_projects:
            title = _("Projects built or under way")
            st.html(html.lines(title, started_projects, "projects-built"))


def draw_status() -> None:
    """The round and its stacking limit, whose decision it is, the passes and the surcharge."""
    rnd = cfg.rounds[state.round]
    lines = words.status(
        table_facts.turn_status(state),
        names.round_label(rnd.id, rnd.label),
        state.round + 1,
        rnd.stacking_limit,
    )
    st.html(html.status(lines, matchup))


def draw_boards() -> None:
    facts = table_facts.table(state)
    badges = [_("passed") if b.passed else "" for b in facts.boards]
    halved = table_facts.perishables_halved(state)
    st.html(
        html.boards(
            words.board_rows(facts.boards, scores(state), halved),
            [side_name(0), side_name(1)],
            badges,
            words.perishable_note() if halved else "",
        )
    )


def viewer() -> int:
    """The side whose eyes the page serves: the human deciding now, else the first human."""
    if game.is_human(state.player):
        return state.player
    humans = [side for side in (0, 1) if game.is_human(side)]
    return humans[0] if humans else 0


def draw_recent() -> None:
    side = viewer()
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
            lines = words.battle_story(report) + [
                line
                for line in (words.entry(*e) for e in group.entries if e[0] not in BATTLE_KEYS)
                if line
            ]
        drawn.append((head, lines))
    st.html(html.groups(_("What just happened"), drawn, _("Nothing yet.")))


def draw_battle(options: list[Action]) -> None:
    report = recent.battle_report(game.states)
    battle = state.battle
    assert battle is not None and report is not None
    # who attacks in the next assault is known only once it begins (not while retreat is asked)
    under_way = [
        _("Assault {number}: {attacker} attacks, {defender} defends").format(
            number=battle.assaults + 1,
            attacker=side_name(battle.attacker),
            defender=side_name(1 - battle.attacker),
        )
    ]
    story = words.battle_story(report) if report.assaults else []
    st.html(
        html.lines(
            words.battle_title(report),
            (under_way if state.phase in CARD_PHASES else []) + story,
            "battle",
        )
    )
    if state.phase not in CARD_PHASES:
        return
    role = "attack" if state.phase == "attack" else "defend"
    faces = battle_cards.hand(state, state.player)
    shown = battle_cards.shown(state) if role == "defend" else []
    legal = [list(a[1:]) for a in options if a[0] == role]
    previews: dict[str, dict[str, object]] = {}
    if role == "defend":
        for pair in legal:
            result = battle_cards.preview(state, pair)
            previews[",".join(map(str, pair))] = {
                "text": words.preview(result),
                "answered": list(result.answered),
            }
    step = len(game.steps)
    data = {
        "token": f"{step}",
        "role": role,
        "naval": battle.naval,
        "hand": [words.card_face(f) | {"type": f.type} for f in faces],
        "shown": [words.card_face(f) | {"type": f.type} for f in shown],
        "legal": legal,
        "previews": previews,
        "texts": words.card_texts(),
    }
    pick = card_component(data, key=f"cards_{step}")
    if pick and pick.get("token") == str(step):
        action = battle_cards.pick_action(options, str(pick.get("kind")), pick.get("types") or [])
        if action is not None:
            play(action)
            st.rerun()


def draw_choices(options: list[Action]) -> None:
    st.html(html.prompt(words.prompt(state, options), len(game.steps)))
    side = state.player
    feed = choices.feeding(state, side)
    if state.phase in ("feed", "grow") or state.step == "feeding":
        st.info(html.plain(words.feeding_line(feed)))
    now_danger = choices.round_end_danger(state, side)
    if now_danger is not None and state.phase not in ("feed",):
        st.warning(html.plain(words.danger(now_danger, feed, standing=True)))
    pending = state_store.get("confirm")
    if pending is not None and pending[0] == len(game.steps) and tuple(pending[1]) in options:
        action = tuple(pending[1])
        c = choices.consequence(state, action, now_danger)
        with st.container(border=True, key="confirm_box"):
            why = words.danger(c.danger, feed) if c.danger else ""
            st.error(html.plain(f"{narrator.action(state, action)}: {why}"))
            st.html(html.prompt(words.confirm_question()))
            yes, no = st.columns(2)
            yes.button(
                words.confirm_yes(),
                key=f"confirm_yes_{len(game.steps)}",
                on_click=play,
                args=(action,),
                type="primary",
                width="stretch",
            )
            no.button(
                words.confirm_no(),
                key=f"confirm_no_{len(game.steps)}",
                on_click=state_store.__setitem__,
                args=("confirm", None),
                width="stretch",
            )
        return
    if state.battle is not None and state.phase in CARD_PHASES:
        draw_battle(options)
        return
    if state.battle is not None:
        draw_battle(options)
    consequences = choices.consequences(state, options)
    passed = other_passed(state)
    offers = {o.project: o for o in table_facts.project_offers(state)}
    surcharge = table_facts.turn_status(state).surcharge
    # the actions of a turn in two columns (one on a phone), read row by row
    grid = st.container(key="play_options_grid" if state.phase == "turn" else "play_options")
    for i, c in enumerate(consequences):
        action = c.action
        terms = None
        extra: list[str] = []
        if action[0] == "act":
            terms = choices.action_terms(state, action[1])
            if surcharge:
                extra.append(words.surcharge_note(surcharge))
        elif action[0] == "pass":
            extra.append(words.pass_note(passed, feed))
        elif action[0] == "release":
            extra.append(words.release_note(choices.need_after(state, action), feed.held))
        elif action[0] == "project" and action[1] in offers:
            extra.append(words.project_note(offers[action[1]]))
        elif action[0] == "slot":
            extra.append(words.slot_note(choices.slot_prices(state, action[1])))
        elif action[0] == "polis" and state.phase == "siege_polis":
            extra.append(words.siege_note(*choices.siege_odds(state, action[1])))
        detail = words.details(state, c, terms, extra)
        grid.button(
            html.plain(words.label(state, c, detail)),
            key=f"choice_{len(game.steps)}_{i}",
            on_click=request,
            args=(action,),
            width="stretch",
            wrap=True,
        )
    if state.phase == "turn":  # the actions not open now: click one to learn why
        closed = [a for a in cfg.actions if a.as_action and ("act", a.id) not in options]
        if closed:
            with st.expander(_("Why can't I…?")):
                for act in closed:
                    if st.button(
                        html.plain(names.action(act.id, act.name)),
                        key=f"why_{len(game.steps)}_{act.id}",
                    ):
                        state_store["refusal"] = explain(state, ("act", act.id))


def draw_game_over() -> None:
    result = outcome(state)
    assert result is not None
    headline = words.outcome_headline(result)
    detail = words.outcome_detail(result)
    if result.sudden:
        st.error(html.plain(f"{headline}\n\n{detail}" if detail else headline))
    else:
        st.success(html.plain(headline))
    st.html(html.prompt(words.score_note(result)))
    st.html(html.scores(words.score_rows(result), [side_name(0), side_name(1)]))


def thinking_text() -> str:
    return _("{side}: the bot is thinking…").format(side=side_name(game.state.player))


# the progress bar drawn in the choices' place on a bot's turn (none in the replay and log)
bot_progress: list[Any] = []


def draw_decision(options: list[Action], hidden_wait: bool) -> None:
    """The prompt and the choices, or the game over, the bots' turn, the hand-over."""
    if state.finished:
        draw_game_over()
    elif not game.awaiting_human:
        # the bots answer at the end of this run: their progress shows where the choices were
        st.html(html.HIDE_STALE_CHOICES)
        bot_progress.append(st.progress(0.0, text=thinking_text()))
    elif hidden_wait:
        hand_over = _("Hand the device to {side}.").format(side=side_name(state.player))
        st.info(html.plain(hand_over))
        if st.button(
            html.plain(_("I am {side}: show my cards").format(side=side_name(state.player))),
            key="reveal",
        ):
            state_store["seen_by"] = state.player
            st.rerun()
    else:
        show_board_pick(options)
        draw_choices(options)
    refusal = state_store.get("refusal")
    if refusal is not None:
        show_refusal(refusal)


def draw_game_view() -> None:
    options = game.legal() if game.awaiting_human else []
    hotseat = game.is_human(0) and game.is_human(1)
    if not shows_hand(state.phase):  # the next hidden hand needs a new hand-over
        state_store["seen_by"] = None
    hidden_wait = (
        hotseat
        and game.awaiting_human
        and shows_hand(state.phase)
        and state_store["seen_by"] != state.player
    )
    # the board and the table under it | the turn, the news, the player boards, the choices;
    # in a battle the cards fill the right column, so the player boards go under the board
    # (a phone stacks these parts in the order of html.PHONE_ORDER)
    in_battle = state.battle is not None and not state.finished
    left, right = st.container(key="play_main").columns([3, 2], gap="small")
    with left:
        with st.container(key="play_board"):
            steps = [(step.action, step.side) for step in game.steps]
            show_board(
                board_view(
                    state,
                    last_marks(cfg.sides, steps, state.player),
                    targets(state, options) if not hidden_wait else set(),
                ),
                key="board_game",
                on_click=on_board_click,
            )
        if in_battle:
            with st.container(key="play_boards"):
                draw_boards()
        with st.container(key="play_table"):
            draw_table_below_board()
    with right:
        with st.container(key="play_status"):
            draw_status()
        with st.container(key="play_recent"):
            draw_recent()
        if not in_battle:
            with st.container(key="play_boards"):
                draw_boards()
        with st.container(key="play_choices"):
            draw_decision(options, hidden_wait)


def draw_replay_view() -> None:
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
        show_board(
            board_view(shown, last_marks(cfg.sides, before_steps, -1), set()), key="board_replay"
        )
    lines = narrator.log(shown)
    if step:
        before = game.states[step - 1]
        taken = from_json(cfg, game.steps[step - 1].action)
        lines.insert(
            0,
            _("{side}: {choice}").format(
                side=side_name(game.steps[step - 1].side), choice=narrator.action(before, taken)
            ),
        )
    with right:
        st.html(html.lines(_("Step {step}").format(step=step), lines or [_("(nothing happened)")]))


def draw_log_view() -> None:
    # newest step first, each step's lines in the order they happened (a cause before its
    # effect); narrated from the end, as only the last 200 lines show
    lines: list[str] = []
    for shown in reversed(game.states):
        lines += narrator.log(shown)
        if len(lines) >= 200:
            break
    st.html(html.lines(_("Log"), lines[:200], "log"))


if view == "replay":
    draw_replay_view()
elif view == "log":
    draw_log_view()
else:
    draw_game_view()


if game.awaiting_bot:  # the bots answer now, showing how far they have thought
    thinking = bot_progress[0] if bot_progress else st.progress(0.0, text=thinking_text())

    def show_thinking(share: float, moved: int) -> None:
        thinking.progress(share, text=thinking_text())

    answered = game.run_bots(progress=show_thinking)
else:
    answered = 0

elapsed, elapsed_cpu = time.perf_counter() - started, time.thread_time() - started_cpu
if path := os.environ.get("POLIS_TIMINGS_FILE"):  # the benchmark and e2e tests read these
    with Path(path).open("a", encoding="utf-8") as fh:
        fh.write(f"play {elapsed:.6f} {elapsed_cpu:.6f} {view}\n")
if answered:  # draw the position the bots left
    st.rerun()
