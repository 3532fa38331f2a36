"""Wording the language review found wrong stays fixed: each pattern below must not come
back in the catalog of its language (issue 11, "Wording found wrong")."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from polis.compiler import compile_ruleset
from polis.i18n import DOMAIN, LANGUAGES, LOCALES_DIR, translator
from polis.i18n.names import Names
from polis.rules.loader import load_ruleset
from polis.rules.registry import discover

WRONG = {
    # the Spanish terms take their accent: próxeno, megalópolis (links and placeholders aside)
    "es": [r"(?<![\[{._])\b[Pp]roxen", r"(?<![\[{._])\b[Mm]egalopolis"],
    # table cells stand alone, so "2 Würfel" (nominative); "Seed" is English
    "de": [r"\d+\} Würfeln\b", r"\bSeed\b", r"Gleichstandsbrecher"],
    # the 1st-edition action is named after the Kupiec like everything else
    "pl": [r"Statku Kupieckiego", r"salpinx\*\*, którego .*, ale która"],
    # a random seed is not grain; no counters or "in the amount of" after numbers
    "ru": [r"[Зз]ерно", r"\bшт\.", r"в количестве \{", r"ресурсом «", r"\bед\. ресурса"],
    "it": [r"Link da condividere", r"^Record$", r"^Replay$", r"^Record stimati$"],
}


def translations(lang: str) -> list[str]:
    with (LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    found = []
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else message.string or ()
        found += [s for s in strings if s]
    return found


@pytest.mark.parametrize("lang", sorted(WRONG))
def test_wording_found_wrong_stays_fixed(lang: str) -> None:
    texts = translations(lang)
    for pattern in WRONG[lang]:
        hits = [t[:80] for t in texts if re.search(pattern, t, re.MULTILINE)]
        assert not hits, (pattern, hits)


def test_discrepancy_reasons_are_sentences() -> None:
    """The Compare page writes "Used here: **value**. {reason}", so a reason starts with a
    capital and ends like a sentence, in English and in every translation."""
    for rid in discover():
        model = load_ruleset(rid).model
        for lang in LANGUAGES:
            names = Names(compile_ruleset(rid).config, translator(lang))
            for did, disc in model.discrepancies.items():
                text = names.data(f"discrepancies.{did}.reason", disc.reason)
                assert text[:1].isupper() and text.rstrip()[-1] in ".!?", (rid, did, lang, text)
