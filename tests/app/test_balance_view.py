"""The balance charts write shares and numbers the reader's way (Babel), not plotly's."""

from __future__ import annotations

import pytest

from polis.app.balance_view import Panel
from polis.balance import record as records
from polis.balance.text import Speaker
from polis.compiler import compile_ruleset
from polis.i18n import translator
from polis.i18n.formats import percent


def panel(lang: str) -> Panel:
    rec = records.load_shipped("2e")
    assert rec is not None
    speaker = Speaker.make(
        lang, translator(lang), {"2e": compile_ruleset("2e").config}, {"2e": "2e"}
    )
    return Panel(("2e",), {"2e": rec}, speaker)


@pytest.mark.parametrize("lang", ["pl", "de", "en"])
def test_share_axes_and_hover_are_formatted_for_the_reader(lang: str) -> None:
    view = panel(lang)
    for figure in (view.win_chart(), view.reasons_chart()):
        axis = figure.layout.yaxis
        assert axis.tickformat is None
        assert list(axis.ticktext) == [percent(t, lang) for t in axis.tickvals]
        for bar in figure.data:
            assert list(bar.customdata) == [percent(v, lang) for v in bar.y]
    assert panel("de").win_chart().layout.separators == ",."
    assert "20\xa0%" in panel("de").win_chart().layout.yaxis.ticktext  # a no-break space
