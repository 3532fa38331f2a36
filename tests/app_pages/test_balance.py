"""The Compare page's "How it plays": shipped records drawn, an upload played in the background."""

from __future__ import annotations

from typing import TYPE_CHECKING

from polis.compiler import compile_loaded
from polis.i18n import translator
from polis.rules.loader import load_overlay_text
from tests.app_pages.conftest import no_errors

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

OVERLAY = """id: rich-athens
title: Rich Athens
kind: variant
description: Athens starts with more silver.
src: {estimate: "a test"}
extends: 2e
override:
  setup:
    athens:
      goods: {silver: 6}
"""


def _charts(at: AppTest) -> list[str]:
    return [str(c.key) for c in at.get("plotly_chart")]


def test_editions_side_by_side_from_the_shipped_records(app: AppTest) -> None:
    app.run()
    app.switch_page("app_pages/compare.py").run()
    assert "How it plays" not in [s.value for s in app.subheader]  # another view first
    app.segmented_control(key="compare_view").set_value("plays").run()
    no_errors(app)
    assert "How it plays" in [s.value for s in app.subheader]
    assert _charts(app) == [
        f"balance_chart_{k}" for k in ("win", "reasons", "scores", "length", "mix")
    ]
    texts = [m.value for m in app.markdown]
    assert any("Who wins" in t for t in texts)
    said = " ".join(texts)
    assert "chance" in said  # every chart's sentence says how sure it is
    captions = " ".join(c.value for c in app.caption)
    assert "not how they play for people" in captions
    assert "estimates" in captions


def test_the_view_speaks_the_readers_language(app: AppTest) -> None:
    app.query_params["lang"] = "pl"
    app.query_params["view"] = "plays"
    app.run()
    app.switch_page("app_pages/compare.py").run()
    no_errors(app)
    polish = translator("pl").gettext
    assert polish("How it plays") in [s.value for s in app.subheader]
    assert polish("How it plays") != "How it plays"
    captions = " ".join(c.value for c in app.caption)
    assert "not how they play for people" not in captions


def _open_with_upload(app: AppTest) -> str:
    """The Compare page with an uploaded overlay of 2e chosen against 2e; its session id."""
    from polis.app.session import OVERLAY_PREFIX, Overlay  # Streamlit: only when it runs

    loaded = load_overlay_text(OVERLAY, display="rich-athens.yaml")
    rid = f"{OVERLAY_PREFIX}rich-athens"
    app.session_state["overlays"] = {rid: Overlay(rid, OVERLAY, loaded, compile_loaded(loaded))}
    app.session_state["ruleset"] = rid
    app.query_params["view"] = "plays"
    app.run()
    app.switch_page("app_pages/compare.py").run()
    return rid


def test_an_uploaded_overlay_is_played_in_the_background(app: AppTest) -> None:
    rid = _open_with_upload(app)
    no_errors(app)
    assert _charts(app) == []  # nothing to draw yet for the upload
    app.number_input(key=f"balance_games_{rid}").set_value(2).run()
    play = next(b for b in app.button if b.key == f"balance_play_{rid}")
    play.click().run()
    no_errors(app)
    job = app.session_state["balance_job"]
    job.wait(120)
    assert not job.running and job.error is None
    app.run()
    no_errors(app)
    assert "balance_job" not in app.session_state
    record = app.session_state["balance_records"][rid]
    assert record.games == 2
    texts = " ".join(m.value for m in app.markdown)
    assert "Who wins" in texts
    assert "balance_chart_win" in _charts(app)


def test_a_background_run_can_be_cancelled(app: AppTest) -> None:
    rid = _open_with_upload(app)
    app.number_input(key=f"balance_games_{rid}").set_value(100).run()
    next(b for b in app.button if b.key == f"balance_play_{rid}").click().run()
    job = app.session_state["balance_job"]
    assert any(b.key == "balance_cancel" for b in app.button)
    next(b for b in app.button if b.key == "balance_cancel").click().run()
    job.wait(60)
    assert not job.running and job.cancelled
    app.run()
    no_errors(app)
    assert any(i.value.startswith("Cancelled") for i in app.info)
    kept = app.session_state["balance_records"].get(rid)
    assert kept is None or kept.games < 100
