from __future__ import annotations

from typing import TYPE_CHECKING

from tests.app_pages.conftest import no_errors

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest


def test_compare_first_and_second_edition(app: AppTest) -> None:
    app.run()
    app.switch_page("app_pages/compare.py").run()
    no_errors(app)
    assert app.title[0].value == "Compare rulesets"
    headlines = app.table[0].value
    assert "Rounds" in headlines.iloc[:, 0].tolist()
    topics = [e.label for e in app.expander]
    assert any(t.startswith("Goods") for t in topics)
    app.segmented_control(key="compare_view").set_value("sources").run()
    no_errors(app)
    questions = [e.label for e in app.expander]
    assert any("Athens start with" in q for q in questions)  # a recorded disagreement


def test_compare_a_scenario_with_its_edition(app: AppTest) -> None:
    app.run()
    app.switch_page("app_pages/compare.py").run()
    app.selectbox(key="compare_a").set_value("1e").run()
    app.selectbox(key="compare_b").set_value("1e-corinthian-war").run()
    no_errors(app)
    no_errors(app)
    assert any(e.label.startswith("Setup") for e in app.expander)


def test_headline_values_in_the_readers_language(app: AppTest) -> None:
    app.query_params["lang"] = "de"
    app.run()
    app.switch_page("app_pages/compare.py").run()
    no_errors(app)
    table = app.table[0].value
    (goods,) = [row for row in table.to_numpy().tolist() if row[0] == "Waren"]
    assert any("Eisen" in str(cell) for cell in goods[1:])  # the 2nd edition's Iron


def test_rules_side_by_side_with_marks(app: AppTest) -> None:
    app.query_params["lang"] = "de"
    app.run()
    app.switch_page("app_pages/compare.py").run()
    app.segmented_control(key="compare_view").set_value("rules").run()
    no_errors(app)
    labels = [e.label for e in app.expander]
    assert any(label.startswith("Belagerungsscheiben · neu") for label in labels)
    marked = [m.value for m in app.markdown if ":green-background[" in m.value]
    assert any("Eisen" in m for m in marked)  # the 2nd edition's word marked in its column
    assert any(":red-background[Metall]" in m.value for m in app.markdown)
    # sections reading the same are folded into one counted expander
    assert any(label.endswith("lauten in beiden gleich") for label in labels)


def test_a_link_opens_one_section_compared(app: AppTest) -> None:
    app.query_params.update(a="1e", b="2e", view="rules", section="actions.besiege")
    app.run()
    app.switch_page("app_pages/compare.py").run()
    no_errors(app)
    shown = [e.label for e in app.expander]
    assert shown[0].startswith("Discs are limited") or shown[0].startswith("Siege discs")
    assert not any(label.startswith("The aim of the game") for label in shown)
    assert any("How “Besiege a polis” compares" in i.value for i in app.info)
    app.button(key="compare_unfocus").click().run()
    assert any(e.label.startswith("The aim of the game") for e in app.expander)


def test_every_difference_in_words(app: AppTest) -> None:
    app.query_params["lang"] = "pl"
    app.run()
    app.switch_page("app_pages/compare.py").run()
    no_errors(app)
    rows = [r for df in app.dataframe for r in df.value.to_numpy().tolist()]
    cells = [str(c) for row in rows for c in row]
    assert not any(c in ("True", "False") or "[" in c or "_" in c for c in cells)
    assert any("Żelazo" in c or "żelazo" in c for c in cells)
    headline = app.table[0].value
    assert headline.shape[1] == 4  # rule, two rulesets, and the link into the rules


def test_disagreements_in_the_readers_language(app: AppTest) -> None:
    app.query_params.update(lang="de", ruleset="2e", view="sources")
    app.run()
    app.switch_page("app_pages/compare.py").run()
    no_errors(app)
    tables = [t.value for t in app.table]
    readings = [str(c) for t in tables for c in t.iloc[:, 0]]
    assert any("1 Holz oder 1 Silber" in r for r in readings)
    assert not {"True", "False", "✔ True", "✔ False"} & set(readings)  # switches read as words
    assert "✔ nein" in readings or "✔ ja" in readings
    sources = [str(c) for t in tables for c in t.iloc[:, 1]]
    assert any("Regelheft" in s and "Polnisch" in s for s in sources)  # escaped Markdown
