"""Numbers, shares and lists written the way each language writes them (Babel's CLDR data)."""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from babel.units import format_unit


def number(value: float, lang: str) -> str:
    """1234.5 -> '1,234.5' (en), '1.234,5' (de), '1 234,5' (ru, cs, pl with a no-break space)."""
    return format_decimal(value, locale=lang)


def data_size(n_bytes: int, lang: str) -> str:
    """262144 -> '256 kB' (en), '256 кБ' (ru); 2097152 -> '2 MB'; 623 -> '623 bytes'.

    Binary multiples and short units, with one decimal below ten of a unit, so a
    small file reads 1.2 kB rather than 1 kB. Below a kilobyte the unit is written
    out, in the plural form the number takes ('623 bytes', '623 байта', '5 bajtów'):
    CLDR's short English byte has no plural ('623 byte').
    """
    kib, mib = 1024, 1024 * 1024
    if n_bytes >= mib:
        return format_unit(_rounded(n_bytes / mib), "digital-megabyte", "short", locale=lang)
    if n_bytes >= kib:
        return format_unit(_rounded(n_bytes / kib), "digital-kilobyte", "short", locale=lang)
    return format_unit(n_bytes, "digital-byte", "long", locale=lang)


def _rounded(value: float) -> float:
    return round(value, 1) if value < 10 else round(value)


def percent(share: float, lang: str) -> str:
    """0.694 -> '69%' (en), '69 %' (de, cs, ru …)."""
    return format_percent(share, locale=lang)


def items(parts: Sequence[str], lang: str) -> str:
    """['a', 'b', 'c'] -> 'a, b, and c' (en), 'a, b y c' (es), 'a, b и c' (ru)."""
    return format_list(list(parts), locale=lang) if parts else ""


def alternatives(parts: Sequence[str], lang: str) -> str:
    """['a', 'b', 'c'] -> 'a, b, or c' (en), 'a, b o c' (es), 'a, b или c' (ru)."""
    return format_list(list(parts), style="or", locale=lang) if parts else ""
