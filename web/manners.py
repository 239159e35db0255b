"""Manners every answer keeps: ``HEAD`` answered like ``GET`` without its body, and headers that stop
a browser from guessing a type or framing a page. A pure ASGI middleware: one comparison and one
list extension per request, no request or response objects.

The pages' own Content-Security-Policy is a static header of each page (``routers/pages.py``):
``/docs`` and ``/redoc`` run inline scripts, so the policy cannot be the same for every answer.
"""

from __future__ import annotations

from typing import Any

#: On every answer: no content-type sniffing, no framing by another site.
HEADERS = ((b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"))


class Manners:
    """``HEAD`` as ``GET`` with the body dropped (FastAPI routes answer only the methods they name);
    ``HEADERS`` added to every answer."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}

        async def polite_send(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *HEADERS]
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app(scope, receive, polite_send)
