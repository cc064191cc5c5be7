"""The room's ASGI middleware: security headers on every answer, and a bound on request bodies."""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import replays

__all__ = ["CSP", "MAX_BODY", "MAX_RECORD_BODY", "BodyLimit", "SecurityHeaders"]

MAX_BODY = 64 * 1024
"""The largest request body the room takes, but for a record posted to ``/api/replay``."""

MAX_RECORD_BODY = replays.MAX_REPLAY_BYTES
"""The largest record ``POST /api/replay`` takes."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
    " font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: scripts and styles from the room's own files only (no inline script or
style attribute), nothing framed, nothing framing the room."""

_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
_DOCS = ("/api/docs", "/openapi.json")  # FastAPI's own API page loads its script from elsewhere, inline


class SecurityHeaders:
    """Every HTTP answer carries the CSP and its companions (the API page only the framing ones)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = str(scope.get("path", "")).startswith(_DOCS)
        extra = [h for h in _HEADERS if not (docs and h[0] == b"content-security-policy")]

        async def with_headers(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                msg = {**msg, "headers": [*msg.get("headers", []), *extra]}
            await send(msg)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuse request bodies beyond a size (413), by ``Content-Length`` and by counting what arrives."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = MAX_RECORD_BODY if scope.get("path") == "/api/replay" else MAX_BODY
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            await _too_large(limit, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > limit:
                    raise _BodyTooLarge
            return msg

        try:
            await self.app(scope, counted, send)
        except _BodyTooLarge:
            await _too_large(limit, send)


class _BodyTooLarge(Exception):
    pass


async def _too_large(limit: int, send: Send) -> None:
    body = json.dumps(
        {
            "error": "too_large",
            "message": f"the request body is larger than {limit} bytes, the most the room takes here",
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
