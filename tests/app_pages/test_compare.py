from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app_pages.conftest import no_errors


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
