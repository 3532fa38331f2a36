from __future__ import annotations

from babel.messages.catalog import Catalog

from polis.i18n.stats import catalog_stats, domain, words


def test_domain_from_context() -> None:
    assert domain(None) == "interface"
    assert domain("quantity") == "interface"
    assert domain("rules:actions.move:text") == "rules"
    assert domain("glossary:polis:term") == "glossary"
    assert domain("1e-corinthian-war:poleis.argos.name") == "data"


def test_words_skip_placeholders_and_links() -> None:
    assert words("Pay {n} silver to the bank [[actions.trade]].") == 5
    assert words("Платите серебро, по-русски") == 3


def test_counts_by_domain_and_rule_words() -> None:
    catalog = Catalog(locale="de")
    catalog.add("Pass", "Passen")
    catalog.add("Undo", "")
    catalog.add("Move your hoplites.", "Bewege deine Hopliten.", context="rules:actions.move:text")
    catalog.add("Iron", "Eisen", context="2e:goods.metal.name", flags=("fuzzy",))
    stats = catalog_stats("de", catalog)
    assert dict(stats.messages) == {"interface": 2, "rules": 1, "data": 1}
    assert dict(stats.translated) == {"interface": 1, "rules": 1}
    assert stats.rule_words == 3
    assert catalog_stats("en", catalog, source=True).translated["interface"] == 2
