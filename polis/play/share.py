"""A whole game in a link: the record's JSON, compressed and in URL-safe base64.

A link is untrusted: decoding refuses what is damaged or unpacks to more than a
record may hold, with a RecordError in the reader's language, before anything
parses it.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from polis.engine import MAX_RECORD_BYTES, RecordError
from polis.messages import msg


def encode_record(record_json: dict[str, Any]) -> str:
    raw = json.dumps(record_json, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii")


def decode_record(token: str, limit: int = MAX_RECORD_BYTES) -> bytes:
    """The record JSON behind a `record=` link; raises RecordError on anything odd."""
    try:
        packed = base64.urlsafe_b64decode(token.encode("ascii"))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, limit + 1)
    except (ValueError, zlib.error):
        raise RecordError(msg("record.link_damaged")) from None
    if len(raw) > limit or inflater.unconsumed_tail:
        raise RecordError(msg("record.link_too_big", limit=limit))
    return raw


def link(page_url: str | None, lang: str, ruleset: str | None, record_json: dict[str, Any]) -> str:
    """The address that opens this game on the Play page (`page_url`: the page's own, as
    the browser has it; without it, a link relative to the app)."""
    wanted = {"lang": lang, "ruleset": ruleset, "record": encode_record(record_json)}
    query = urlencode({k: v for k, v in wanted.items() if v is not None})
    if not page_url:
        return f"play?{query}"
    parts = urlsplit(page_url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))
