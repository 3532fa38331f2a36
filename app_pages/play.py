"""Play: a game against a bot or hotseat, on a clickable map; save, load and replay."""

import json
import os
import time
from pathlib import Path

import streamlit as st

from polis.app import labels, session
from polis.app.board import figure
from polis.app.game import GameSession
from polis.app.play_view import for_click, probe_for_click, shows_hand, targets
from polis.app.session import _
from polis.engine import Refusal, explain
from polis.engine.flow import scores
from polis.engine.notation import from_json
from polis.engine.record import MAX_RECORD_BYTES, RecordError, loads
from polis.engine.state import DRAW
from polis.narrate import Narrator
from polis.reference.render import section_for_rule
from polis.rules.issues import RulesError
from polis.rules.loader import load_overlay_text

started = time.perf_counter()
state_store = st.session_state
state_store.setdefault("refusal", None)
state_store.setdefault("seen_by", None)
names = session.names()
narrator = Narrator(names, session.lang())
CONTROLLER_LABELS = {key: _(text) for key, text in labels.CONTROLLERS.items()}


def side_name(side: int) -> str:
    return names.side(side)


def load_record(raw: bytes) -> str | None:
    """Load a saved game into the session; returns an error message or None."""
    try:
        record = loads(raw)
        if record.overlay is not None:
            loaded = load_overlay_text(record.overlay, display=f"{record.ruleset}.yaml")
            rid = session.add_overlay(loaded, record.overlay)
        elif record.ruleset in session.shipped_ids():
            rid = record.ruleset
        else:  # a record names a shipped ruleset or carries its overlay, never a server path
            return _("it was played under rules this app does not have ({ruleset})").format(
                ruleset=record.ruleset
            )
        compiled = session.compiled(rid)
        controllers = tuple(record.meta.get("controllers", ["human", "human"]))
        if len(controllers) != 2 or any(c not in labels.CONTROLLERS for c in controllers):
            controllers = ("human", "human")
        game = GameSession.from_record(record, compiled, controllers)  # type: ignore[arg-type]
    except (RecordError, RulesError, KeyError) as exc:
        return str(exc)
    state_store["game"] = game
    state_store["refusal"] = None
    return None


def choose(action: tuple[object, ...]) -> None:
    game: GameSession = state_store["game"]
    refusal = game.play(action, answer=False)  # the bots answer below, showing their progress
    state_store["refusal"] = refusal


def show_refusal(refusal: Refusal) -> None:
    game: GameSession = state_store["game"]
    rid = game.compiled.config.id
    message = narrator.refusal(refusal)
    st.warning(_("Not allowed: {reason}").format(reason=message))
    section = None
    if game.overlay is None:  # the reference pages of shipped rulesets can be linked to
        section = section_for_rule(rid, session.lang(), refusal.rule)
    if section is not None:
        st.page_link(
            "app_pages/reference.py",
            label=_("Rule: {title}").format(title=section.title),
            icon="📖",
            query_params={"section": section.id, "lang": session.lang(), "ruleset": rid},
        )


st.title(_("Play"))

# a shared link carries the whole game: ?record=...
token = st.query_params.get("record")
if token and state_store["game"] is None:
    try:
        problem = load_record(session.decode_record(token))
    except ValueError as exc:
        problem = str(exc)
    if problem:
        st.error(_("The game in the link could not be loaded: {problem}").format(problem=problem))

game: GameSession | None = state_store["game"]

if game is None:
    st.subheader(_("New game"))
    with st.form("new_game"):
        st.caption(session.ruleset_label(str(state_store["ruleset"])))
        cols = st.columns(3)
        seed = cols[0].number_input(_("Seed"), min_value=0, max_value=2**31 - 1, value=1, step=1)
        # by default a person plays Athens against the greedy bot
        athens, sparta = (
            cols[1 + side].selectbox(
                side_name(side),
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
            st.rerun()
    st.subheader(_("Load a saved game"))
    upload = st.file_uploader(_("Game record (JSON)"), type=["json"], key="record_upload")
    if upload is not None:
        raw = upload.getvalue()
        if len(raw) > MAX_RECORD_BYTES:
            st.error(_("The file is too large to be a game record."))
        elif (problem := load_record(raw)) is not None:
            st.error(_("This record cannot be loaded: {problem}").format(problem=problem))
        else:
            st.rerun()
    st.stop()

assert game is not None
cfg = game.compiled.config
state = game.state

# ---------------------------------------------------------------- toolbar
bar = st.columns([1, 1, 1, 1, 2])
if bar[0].button(_("New game"), key="new_game_button"):
    state_store["game"] = None
    state_store["refusal"] = None
    session.sync_params(record=None)
    st.rerun()
if bar[1].button(
    _("Undo"),
    key="undo_button",
    disabled=game.undo_target() is None,
    help=_("Take back your last decision, unless a die was rolled or a card drawn since."),
):
    game.undo()
    state_store["refusal"] = None
    st.rerun()
record_json = game.record().to_json()
bar[2].download_button(
    _("Save"),
    json.dumps(record_json, ensure_ascii=False, indent=1),
    file_name=f"polis-{cfg.id}-{game.seed}.json",
    mime="application/json",
    key="save_button",
)
if bar[3].button(_("Share link"), key="share_button"):
    session.sync_params(record=session.encode_record(record_json))
bar[4].caption(
    _("{athens} ({a}) against {sparta} ({b}), seed {seed}").format(
        athens=side_name(0),
        a=_(labels.CONTROLLERS[game.controllers[0]]),
        sparta=side_name(1),
        b=_(labels.CONTROLLERS[game.controllers[1]]),
        seed=game.seed,
    )
)

game_tab, replay_tab, log_tab = st.tabs([_("Game"), _("Replay"), _("Log")])

with game_tab:
    left, right = st.columns([3, 2])
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
    with left:
        event = st.plotly_chart(
            figure(state, names, targets(options) if not hidden_wait else set()),
            on_select="rerun",
            selection_mode="points",
            key=f"map_{len(game.steps)}",
            config={"displayModeBar": False},
        )
        st.caption(
            _(
                "Circles: territories and seas, ringed in the colour of the side that controls "
                "them, with each side's units. Squares: poleis with their population "
                "(✦ a project, ⚑ a proxenos). Diamonds: foreign markets and their cargo slots "
                "(· free, ■ covered, ✕ closed). Stars: trade ports with the merchants in port. "
                "Yellow: what you may click now."
            )
        )
        points = (event.get("selection") or {}).get("points", []) if isinstance(event, dict) else []
        if points and game.awaiting_human and not hidden_wait:
            custom = points[0].get("customdata")
            if isinstance(custom, list) and len(custom) == 2:
                kind, index = str(custom[0]), int(custom[1])
                matches = for_click(options, kind, index)
                if len(matches) == 1:
                    choose(matches[0])
                    st.rerun()
                elif not matches and (probe := probe_for_click(state, kind, index)) is not None:
                    state_store["refusal"] = explain(state, probe)

    with right:
        rnd = cfg.rounds[state.round]
        st.markdown("### " + _("Round {round}").format(round=names.round_label(rnd.id, rnd.label)))
        table = []
        for side in (0, 1):
            g = len(cfg.goods)
            row = {"": side_name(side), _("Prestige"): state.prestige[side]}
            for i in range(g):
                row[names.good(i)] = state.goods[side * g + i]
            row[_("Population")] = sum(
                p for p, o in zip(state.pop, state.owner, strict=True) if o == side
            )
            table.append(row)
        st.dataframe(table, hide_index=True, width="stretch")

        if state.finished:
            final = scores(state)
            if state.winner == DRAW:
                st.success(_("The game ends in a draw."))
            else:
                st.success(_("{side} wins!").format(side=side_name(state.winner)))
            st.markdown(
                _("Final score: {athens} {a}, {sparta} {b}").format(
                    athens=side_name(0), a=final[0], sparta=side_name(1), b=final[1]
                )
            )
            for key, params in state.log:
                if key in ("game_over", "game_lost"):
                    st.caption(narrator.entry(key, params) or "")
        elif not game.awaiting_human:
            st.info(_("The bots are playing."))
            if st.button(_("Let the bots play on"), key="bots_button"):
                game.run_bots()
                st.rerun()
        elif hidden_wait:
            st.info(_("Hand the device to {side}.").format(side=side_name(state.player)))
            if st.button(
                _("I am {side}: show my cards").format(side=side_name(state.player)), key="reveal"
            ):
                state_store["seen_by"] = state.player
                st.rerun()
        else:
            st.markdown(f"**{narrator.prompt(state)}**")
            battle = state.battle
            if battle is not None:
                st.caption(
                    _("Battle in {area}: {attacker} attacks").format(
                        area=names.area(battle.area), attacker=side_name(battle.attacker)
                    )
                )
                if battle.played:
                    st.write(
                        _("Shown: {cards}").format(
                            cards=", ".join(narrator.card(state, k) for k in battle.played)
                        )
                    )
                hand = battle.hands[state.player]
                st.write(
                    _("Your cards: {cards}").format(
                        cards=", ".join(
                            narrator.card(state, k) for k, n in enumerate(hand) for _n in range(n)
                        )
                        or "—"
                    )
                )
            for i, action in enumerate(options):
                st.button(
                    narrator.action(state, action),
                    key=f"choice_{len(game.steps)}_{i}",
                    on_click=choose,
                    args=(action,),
                    width="stretch",
                    type="primary" if action[0] != "pass" else "secondary",
                )
            if state.phase == "turn":  # the actions not open now: click one to learn why
                closed = [a for a in cfg.actions if a.as_action and ("act", a.id) not in options]
                if closed:
                    with st.expander(_("Why can't I…?")):
                        for act in closed:
                            if st.button(
                                names.action(act.id, act.name),
                                key=f"why_{len(game.steps)}_{act.id}",
                            ):
                                state_store["refusal"] = explain(state, ("act", act.id))
        refusal = state_store.get("refusal")
        if refusal is not None:
            show_refusal(refusal)

with replay_tab:
    if len(game.states) > 1:
        step = st.slider(
            _("Step"), 0, len(game.states) - 1, len(game.states) - 1, key="replay_step"
        )
        shown = game.states[step]
        st.plotly_chart(
            figure(shown, names), key=f"replay_map_{step}", config={"displayModeBar": False}
        )
        lines = narrator.log(shown)
        if step:
            before = game.states[step - 1]
            taken = from_json(cfg, game.steps[step - 1].action)
            st.markdown(
                _("**{side}**: {choice}").format(
                    side=side_name(game.steps[step - 1].side), choice=narrator.action(before, taken)
                )
            )
        st.write("\n".join(f"- {line}" for line in lines) or _("(nothing happened)"))
    else:
        st.write(_("Nothing to replay yet."))

with log_tab:
    lines: list[str] = []
    for shown in reversed(game.states):  # narrate from the end: only the last 200 lines show
        lines[:0] = narrator.log(shown)
        if len(lines) >= 200:
            break
    st.write("\n".join(f"- {line}" for line in reversed(lines[-200:])))

if game.awaiting_bot:  # the bots answer now, below the board, showing how far they have thought
    thinking = st.progress(0.0, text=_("The bot is thinking…"))

    def show_thinking(share: float, moved: int) -> None:
        side = side_name(game.state.player)
        thinking.progress(share, text=_("{side}: the bot is thinking…").format(side=side))

    game.run_bots(progress=show_thinking)
    st.rerun()

elapsed = time.perf_counter() - started
if path := os.environ.get("POLIS_TIMINGS_FILE"):  # the end-to-end test measures reruns this way
    with Path(path).open("a", encoding="utf-8") as fh:
        fh.write(f"play {elapsed:.6f}\n")
