"""Numbers, shares and lists follow each language's conventions (CLDR via Babel)."""

from __future__ import annotations

import pytest

from polis.i18n.formats import data_size, items, number, percent

NBSP = "\u00a0"
NNBSP = "\u202f"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "1,234.5"),
        ("de", "1.234,5"),
        ("es", "1.234,5"),
        ("it", "1.234,5"),
        ("pl", f"1{NBSP}234,5"),
        ("ru", f"1{NBSP}234,5"),
        ("cs", f"1{NBSP}234,5"),
    ],
)
def test_numbers(lang: str, expected: str) -> None:
    assert number(1234.5, lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "69%"), ("de", f"69{NBSP}%"), ("cs", f"69{NBSP}%"), ("ru", f"69{NBSP}%")],
)
def test_percent(lang: str, expected: str) -> None:
    assert percent(0.694, lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Iron, Wood, and Wine"),
        ("es", "Iron, Wood y Wine"),
        ("de", "Iron, Wood und Wine"),
        ("ru", "Iron, Wood и Wine"),
        ("pl", "Iron, Wood i Wine"),
        ("cs", f"Iron, Wood a{NBSP}Wine"),  # Czech keeps a one-letter word with the next
        ("it", "Iron, Wood e Wine"),
    ],
)
def test_lists(lang: str, expected: str) -> None:
    assert items(["Iron", "Wood", "Wine"], lang) == expected


def test_empty_list() -> None:
    assert items([], "de") == ""


@pytest.mark.parametrize(
    ("lang", "n_bytes", "expected"),
    [
        ("en", 2 * 1024 * 1024, "2 MB"),
        ("en", 256 * 1024, "256 kB"),
        ("ru", 2 * 1024 * 1024, "2 МБ"),
        ("de", 1536 * 1024, "1,5 MB"),
        ("en", 1234, "1.2 kB"),
        ("en", 20 * 1024 + 600, "21 kB"),
        ("en", 623, "623 bytes"),
        ("en", 1, "1 byte"),
        ("ru", 623, "623 байта"),
        ("ru", 300, "300 байт"),
        ("pl", 5, "5 bajtów"),
        ("de", 300, "300 Byte"),
    ],
)
def test_data_sizes(lang: str, n_bytes: int, expected: str) -> None:
    assert data_size(n_bytes, lang) == expected
