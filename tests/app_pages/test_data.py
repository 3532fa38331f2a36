from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from polis.balance import record as records
from polis.balance.record import load_shipped
from tests.app_pages.conftest import no_errors

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


def test_provenance_is_shown_and_filterable(app: AppTest) -> None:
    app.run()
    app.switch_page("app_pages/data.py").run()
    no_errors(app)
    share = app.metric[0].value
    assert share.endswith("%")
    rows = len(app.dataframe[0].value)
    app.multiselect(key="provenance_status").set_value(
        ["sourced", "partly estimated", "estimated"]
    ).run()
    assert len(app.dataframe[0].value) > rows


def test_example_overlay_is_offered(app: AppTest) -> None:
    app.run()
    app.switch_page("app_pages/data.py").run()
    assert any(b.label == "Download an example overlay" for b in app.get("download_button"))


def test_provenance_table_in_the_readers_language(app: AppTest) -> None:
    app.query_params.update(lang="de", ruleset="2e")
    app.run()
    app.switch_page("app_pages/data.py").run()
    no_errors(app)
    rows = app.dataframe[0].value.to_numpy().tolist()
    records = [row[0] for row in rows]
    assert "Marktwerte" in records and not any("." in r or "[" in r for r in records)
    sources = " ".join(str(row[2]) for row in rows)
    assert "Schätzung: " in sources and "estimate: " not in sources


@pytest.mark.parametrize("rid", ["1e", "2e"])
def test_an_estimate_that_moves_the_balance_is_a_finding_of_the_data_page(
    app: AppTest, rid: str
) -> None:
    # read from the shipped record: the page says what it says, whichever way that goes
    record = load_shipped(rid)
    assert record is not None and record.doc.sensitivity is not None
    beyond = [v for v in record.doc.sensitivity.variants if v["moves_beyond_chance"]]
    app.query_params.update(ruleset=rid)
    app.run()
    app.switch_page("app_pages/data.py").run()
    no_errors(app)
    warnings = [w.value for w in app.warning]
    assert len(warnings) == len(beyond), warnings
    for text, variant in zip(warnings, beyond, strict=True):
        assert "hinges on those estimates" in text and f"{variant['step']:+d}" in text
    # and says whose games these are
    assert any("two copies of the bot" in c.value for c in app.caption) == bool(beyond)


def test_a_record_with_a_finding_shows_it_with_whose_games_say_so(
    app: AppTest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The shipped records may hold no finding; one that does is drawn all the same."""
    shipped = load_shipped("2e")
    assert shipped is not None and shipped.doc.sensitivity is not None
    data = shipped.to_json()
    variant = data["sensitivity"]["variants"][0]
    variant.update(moves_beyond_chance=True, p_adjusted=0.004)
    path = tmp_path / "2e.json"
    path.write_text(json.dumps(data), "utf-8")
    monkeypatch.setattr(records, "shipped_path", lambda rid: path)
    app.query_params.update(ruleset="2e")
    app.run()
    app.switch_page("app_pages/data.py").run()
    no_errors(app)
    warnings = [w.value for w in app.warning]
    assert len(warnings) == 1 and "hinges on those estimates" in warnings[0]
    assert f"{variant['step']:+d}" in warnings[0]
    assert any("two copies of the bot" in c.value for c in app.caption)
