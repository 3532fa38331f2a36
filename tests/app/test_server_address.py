"""The server writes its address into every page it sends, and leaves the rest alone."""

from __future__ import annotations

import asyncio
from typing import Any

from polis.app.server_address import ServerAddress, address_script

PAGE = b"<!DOCTYPE html><html><head><title>Streamlit</title></head><body></body></html>"


def served(path: str, kind: bytes, body: bytes, method: str = "GET") -> tuple[Any, bytes, Any]:
    """What the middleware sends for a request, and the headers the app behind it saw."""
    seen: dict[str, Any] = {}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen["headers"] = scope["headers"]
        headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        half = len(body) // 2  # in two parts, as a streamed response comes
        await send({"type": "http.response.body", "body": body[:half], "more_body": True})
        await send({"type": "http.response.body", "body": body[half:]})

    sent: list[Any] = []

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "http.request"}

    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "headers": [(b"accept-encoding", b"gzip"), (b"host", b"x")],
    }
    asyncio.run(ServerAddress(app)(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    content = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start, content, seen["headers"]


def test_a_page_carries_the_servers_address_first_in_its_head() -> None:
    for path in ("/", "/play", "/rules"):
        start, content, asked = served(path, b"text/html; charset=utf-8", PAGE)
        assert content.startswith(b"<!DOCTYPE html><html><head><script>window.__streamlit")
        assert content.replace(address_script(""), b"") == PAGE
        assert dict(start["headers"])[b"content-length"] == str(len(content)).encode()
        assert b"accept-encoding" not in dict(asked)  # asked uncompressed, to be read
    assert b'window.location.origin+"/polis"' in address_script("/polis/")


def test_everything_else_passes_untouched() -> None:
    script = b"console.log('<head>')"
    for path, kind, body in (
        ("/static/js/index.js", b"application/javascript", script),
        ("/_stcore/host-config", b"application/json", b"{}"),
        ("/play/_stcore/health", b"text/html", PAGE),
    ):
        _start, content, asked = served(path, kind, body)
        assert content == body and b"accept-encoding" in dict(asked)
    _start, content, _asked = served("/play", b"text/html", PAGE, method="POST")
    assert content == PAGE
