"""Tell each page the app sends where the server is (ASGI middleware; polis/app/serve.py).

Opened at a page's own address (`/play`, a shared game's link), Streamlit's page
first asks `/play/_stcore/health` and `/play/_stcore/host-config`, gets two 404s
(errors in the browser's console on every such visit) and only then asks the
app's root (streamlit#7074: it cannot tell a page's path from a base path). The
page can be told the server's address (`window.__streamlit.BACKEND_BASE_URL`, read
by Streamlit's page before it connects), and then asks the right place first:
this middleware writes that address into every HTML page the server sends.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Message, Receive, Send], Awaitable[None]]
# what Streamlit's own routes serve (never a page): left as they are
NOT_PAGES = ("/_stcore/", "/static/", "/component/", "/media/", "/app/static/")


def address_script(base_path: str) -> bytes:
    """The script that tells Streamlit's page where the server is: the origin the page
    came from, at the app's base path (`server.baseUrlPath`)."""
    path = "/" + base_path.strip("/")
    return (
        "<script>window.__streamlit=Object.assign(window.__streamlit||{},"
        f"{{BACKEND_BASE_URL:window.location.origin+{json.dumps(path)}}});</script>"
    ).encode()


def with_address(page: bytes, base_path: str) -> bytes:
    """`page` (an HTML page) with the address script first in its head."""
    return page.replace(b"<head>", b"<head>" + address_script(base_path), 1)


class ServerAddress:
    """ASGI middleware: every HTML page sent carries the server's address."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or scope["method"] != "GET" or any(p in path for p in NOT_PAGES):
            await self.app(scope, receive, send)
            return
        # the page asked for uncompressed, so that it can be read (it is small)
        headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"accept-encoding"]
        scope = {**scope, "headers": headers}
        started: Message | None = None
        body: list[bytes] = []

        async def capture(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = message
                return
            if message["type"] != "http.response.body" or started is None:
                await send(message)
                return
            body.append(message.get("body", b""))
            if message.get("more_body"):
                return
            content = b"".join(body)
            fields = [(k, v) for k, v in started["headers"] if k.lower() != b"content-length"]
            kind = next((v for k, v in fields if k.lower() == b"content-type"), b"")
            if kind.startswith(b"text/html"):
                content = with_address(content, _base_path())
            fields.append((b"content-length", str(len(content)).encode()))
            await send({**started, "headers": fields})
            await send({"type": "http.response.body", "body": content})

        await self.app(scope, receive, capture)


def _base_path() -> str:
    from streamlit import config

    return str(config.get_option("server.baseUrlPath") or "")
