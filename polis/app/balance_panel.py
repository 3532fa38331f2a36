"""Draw "How it plays" (the balance lab) for two rulesets: one call from the Compare page.

Shipped rulesets are read from their shipped records (when made for the rules
as they are now); a ruleset without one (an uploaded overlay, or rules changed
since) can be played here in the background of the session, with a bounded
number of games. The session's records and its running job live in the
session's own state and are never shared.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from polis.app import labels, session
from polis.app.balance_view import BackgroundRun, Panel, plain
from polis.app.session import _
from polis.balance import record as records
from polis.balance.compare import Difference, compare
from polis.balance.game import resolve_bot
from polis.balance.record import BalanceRecord, RecordError
from polis.balance.settings import settings
from polis.balance.text import Speaker
from polis.compiler.provenance import provenance_report

POLL_SECONDS = 1.0
JOB = "balance_job"
RECORDS = "balance_records"
NOTE = "balance_note"  # how the last run ended: ("info" | "error", text)


@st.cache_resource(show_spinner=False, max_entries=16)
def _shipped(rid: str, stamp: int) -> BalanceRecord | str | None:
    """The shipped record of `rid` (read once per file version), or why it cannot be used."""
    try:
        return records.load_shipped(rid)
    except RecordError as exc:
        return str(exc)


def _stamp(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _record(rid: str) -> tuple[BalanceRecord | None, str]:
    """A record made for the rules `rid` has now, or None and why there is none."""
    content_hash = session.compiled(rid).content_hash
    own: BalanceRecord | None = st.session_state.get(RECORDS, {}).get(rid)
    if own is not None and own.doc.content_hash == content_hash:
        return own, ""
    if session.overlay(rid) is not None:
        return None, _("No games have been played with this ruleset yet.")
    found = _shipped(rid, _stamp(records.shipped_path(rid)))
    if isinstance(found, str):
        return None, _("Its shipped record cannot be read: {problem}").format(problem=found)
    if found is None:
        return None, _("This ruleset has no shipped record.")
    if found.doc.content_hash != content_hash:
        return None, _(
            "Its shipped record was made for other rules than these (the rules changed since); "
            "it is not used."
        )
    return found, ""


def estimate_findings(rid: str) -> tuple[list[str], str]:
    """The sentences saying that `rid`'s win rate hinges on estimated values, if its record does,
    and whose games say so (empty when none does).

    For the Data page: an estimate that moves the balance beyond chance is a fact about the
    data, not only about the games.
    """
    rec, _why = _record(rid)
    if rec is None or rec.doc.sensitivity is None:
        return [], ""
    speaker = _speaker((rid,))
    found = speaker.findings(rid, rec.doc.sensitivity.model_dump())
    return found, speaker.bot_caveat(rec.doc.bot, rec.doc.level) if found else ""


def _short(rid: str) -> str:
    """How charts and sentences name a ruleset: its id if shipped (1e, 2e), else its title."""
    return session.ruleset_label(rid) if session.overlay(rid) is not None else rid


def _speaker(ids: tuple[str, ...]) -> Speaker:
    configs = {rid: session.compiled(rid).config for rid in ids}
    titles = {rid: _short(rid) for rid in ids}
    return Speaker.make(session.lang(), session.tr(), configs, titles)


@st.fragment(run_every=POLL_SECONDS)
def _job_progress() -> None:
    job: BackgroundRun | None = st.session_state.get(JOB)
    if job is None:
        return
    if job.running:
        st.progress(
            job.done / job.games,
            text=_("Playing {title}: {done} of {games} games").format(
                title=session.ruleset_label(job.ruleset), done=job.done, games=job.games
            ),
        )
        st.button(_("Cancel"), on_click=job.cancel, key="balance_cancel")
    else:
        st.rerun()  # the whole page, to draw what the games gave


def _collect() -> None:
    """Take the result of a finished job into the session's records, and say how it ended.

    The outcome stays shown (NOTE) until the next run starts, so a rerun of the page
    does not make it vanish before it is read.
    """
    job: BackgroundRun | None = st.session_state.get(JOB)
    if job is not None and not job.running:
        del st.session_state[JOB]
        if job.error:
            st.session_state[NOTE] = (
                "error",
                _("The games could not be played: {error}").format(error=job.error),
            )
        elif job.cancelled:
            st.session_state[NOTE] = ("info", _("Cancelled."))
        if job.record is not None and job.record.games:
            st.session_state[RECORDS][job.ruleset] = job.record
    note = st.session_state.get(NOTE)
    if note is not None:
        kind, text = note
        (st.error if kind == "error" else st.info)(plain(text))


def _offer_run(rid: str, reason: str) -> None:
    conf = settings()
    st.info(reason)
    games = st.number_input(
        _("Games to play for {title}").format(title=plain(session.ruleset_label(rid))),
        min_value=2,
        max_value=conf.app.max_games,
        value=min(conf.app.default_games, conf.app.max_games),
        step=2,
        key=f"balance_games_{rid}",
    )

    def start() -> None:
        st.session_state.pop(NOTE, None)
        bot, level = resolve_bot(conf.records.bot, conf.records.level)
        st.session_state[JOB] = BackgroundRun(
            rid, session.compiled(rid), int(games), conf.records.seed, bot, level
        ).start()

    st.button(
        _("Play these games"),
        on_click=start,
        key=f"balance_play_{rid}",
        disabled=st.session_state.get(JOB) is not None,
    )


def _honesty(ids: tuple[str, ...], speaker: Speaker, shown: dict[str, BalanceRecord]) -> None:
    category_names = {k: _(v) for k, v in labels.CATEGORIES.items()}
    for rid in ids:
        report = provenance_report(session.model(rid))
        st.caption(plain(speaker.estimates(rid, report, category_names)))
        rec = shown.get(rid)
        if rec is None:
            continue
        section = rec.doc.sensitivity
        for line in speaker.sensitivity(rid, section.model_dump() if section else None):
            st.caption(plain(line))
        if rec.doc.interrupted:
            st.caption(
                plain(
                    _("{title}: interrupted after {done} of {planned} games.").format(
                        title=session.ruleset_label(rid),
                        done=rec.games,
                        planned=rec.doc.games_planned,
                    )
                )
            )


def _differences(ids: tuple[str, ...], found: dict[str, BalanceRecord]) -> list[Difference]:
    """The tests between the two records, kept for the session until the records change."""
    if len(ids) < 2:
        return []
    key = tuple(
        (rid, r.doc.content_hash, r.doc.bot, r.doc.level, r.doc.seed, r.games, r.doc.interrupted)
        for rid, r in found.items()
    )
    kept = st.session_state.setdefault("balance_diffs", {})
    if key not in kept:
        kept.clear()  # one pair at a time
        kept[key] = compare({rid: found[rid].sample for rid in ids})
    diffs: list[Difference] = kept[key]
    return diffs


def _charts(panel: Panel) -> None:
    sections = (
        (_("Who wins"), panel.win_chart, panel.win_sentence, "win"),
        (_("How games end"), panel.reasons_chart, panel.reasons_sentence, "reasons"),
        (_("Final scores"), panel.score_chart, panel.score_sentence, "scores"),
        (_("Game length"), panel.length_chart, panel.length_sentence, "length"),
        (
            _("Actions, sieges, trades, battles and events per game"),
            panel.mix_chart,
            panel.mix_sentence,
            "mix",
        ),
    )
    for title, chart, sentence, key in sections:
        st.markdown(f"##### {title}")
        st.plotly_chart(chart(), key=f"balance_chart_{key}")
        said = sentence()
        if said:
            st.write(plain(said))


def show(a: str, b: str) -> None:
    """The whole "How it plays" section for rulesets `a` and `b` (the same one is fine)."""
    state = st.session_state
    state.setdefault(RECORDS, {})
    ids = tuple(dict.fromkeys([a, b]))
    st.subheader(_("How it plays"))
    conf = settings()
    bot, level = resolve_bot(conf.records.bot, conf.records.level)
    speaker = _speaker(ids)
    st.caption(plain(speaker.bot_caveat(bot, level)))

    _collect()
    found: dict[str, BalanceRecord] = {}
    for rid in ids:
        rec, reason = _record(rid)
        if rec is not None:
            found[rid] = rec
        elif state.get(JOB) is None:
            _offer_run(rid, reason)
    if state.get(JOB) is not None:
        _job_progress()

    if len(found) == len(ids):
        made = {(r.doc.bot, r.doc.level, r.doc.seed) for r in found.values()}
        if len(made) > 1:
            st.warning(
                _(
                    "The two records were made with different bots or seeds; their differences "
                    "are not tested."
                )
            )
            panel = Panel(ids[:1], found, speaker)
        else:
            panel = Panel(ids, found, speaker, _differences(ids, found))
        st.caption(
            " · ".join(
                session.ngettext(
                    "{short} ({title}): {games} game, seed {seed}",
                    "{short} ({title}): {games} games, seed {seed}",
                    found[rid].games,
                ).format(
                    short=plain(_short(rid)),
                    title=plain(session.ruleset_label(rid)),
                    games=found[rid].games,
                    seed=found[rid].doc.seed,
                )
                for rid in ids
            )
        )
        _charts(panel)
    _honesty(ids, speaker, found)
