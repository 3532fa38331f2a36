from __future__ import annotations

import pytest

from polis.i18n.negotiate import negotiate, parse_accept_language


@pytest.mark.parametrize(
    ("asked", "lang"),
    [
        ("cs-CZ", "cs"),
        ("cs-CZ,cs;q=0.9,en;q=0.8", "cs"),
        ("de_AT", "de"),
        ("pt-BR,pt;q=0.9", "en"),
        ("pt-BR,pt;q=0.9,ru;q=0.5", "ru"),
        ("fr;q=0.9,it;q=0.8,es;q=0.7", "it"),
        ("es-419", "es"),
        ("PL", "pl"),
        (["uk-UA", "ru-RU"], "ru"),
        ("*", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_browser_tags_to_our_language(asked: str | list[str] | None, lang: str) -> None:
    assert negotiate(asked) == lang


def test_quality_orders_the_tags_and_bad_weights_sink() -> None:
    assert parse_accept_language("en;q=0.2, de, it;q=oops, cs;q=0.8") == ["de", "cs", "en", "it"]


def test_another_default() -> None:
    assert negotiate("ja-JP", default="de") == "de"
