"""Pick a language from what the browser or the user asks for."""

from __future__ import annotations

from babel import negotiate_locale

from polis.i18n import LANGUAGES


def parse_accept_language(header: str) -> list[str]:
    """'cs-CZ,cs;q=0.9,en;q=0.8' -> ['cs-CZ', 'cs', 'en'], best first."""
    weighted = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        if not tag or tag == "*":
            continue
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        weighted.append((-quality, i, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(preferred: str | list[str] | None, default: str = "en") -> str:
    """The best of our languages for a browser tag, an Accept-Language header or a list of tags."""
    if not preferred:
        return default
    tags = parse_accept_language(preferred) if isinstance(preferred, str) else list(preferred)
    tags = [t.replace("_", "-") for t in tags]
    found = negotiate_locale(tags, list(LANGUAGES), sep="-")
    if found is not None:  # babel hands back the browser's spelling ("PL"); ours is lower case
        return found.split("-")[0].lower()
    # babel matches whole tags only; try each tag's language alone ("cs-CZ" -> "cs")
    languages = (t.split("-")[0].lower() for t in tags)
    return next((lang for lang in languages if lang in LANGUAGES), default)
