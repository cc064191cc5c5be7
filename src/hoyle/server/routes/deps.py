"""What the routers share: the room's parts (one :class:`Services` on ``app.state.services``), and the
dependencies that hand them to a route."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from ..limits import Buckets
from ..room import Room, RoomError, Settings
from ..store import Store
from ..workers import Workers

__all__ = [
    "OWNER_COOKIE",
    "Deps",
    "Services",
    "client_address",
    "owner_token",
    "rate_limited",
    "services",
]


@dataclass
class Services:
    """The room's parts, made once by :func:`hoyle.server.app.create_app` and shared by every router."""

    room: Room
    store: Store
    workers: Workers
    settings: Settings
    http_buckets: Buckets
    """Lobby requests by client address."""
    ws_buckets: Buckets
    """Messages from all the sockets of one client address."""
    sockets: dict[str, int] = field(default_factory=dict)
    """Open sockets by client address."""


async def services(conn: HTTPConnection) -> Services:
    """The room's parts, for a request or a WebSocket (``async``: FastAPI would run a plain function in a
    worker thread, for every request and socket)."""
    found: Services = conn.app.state.services
    return found


Deps = Annotated[Services, Depends(services)]
"""A route's parameter ``svc: Deps`` is the room's :class:`Services`."""


def client_address(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client else "?"


async def rate_limited(request: Request, svc: Deps) -> None:
    """A dependency: the request counts against its client address's lobby limit (429 past it)."""
    bucket = svc.http_buckets.get(client_address(request))
    if not bucket.take():
        raise RoomError("rate_limited", f"too many requests; try again in {bucket.retry_after():.1f} s", 429)


OWNER_COOKIE = "hoyle_owner"
"""The owner token's cookie (``hoyle_owner_<table id>``), scoped to the table's API path."""


def owner_token(request: Request, tid: str) -> str | None:
    """The owner token a request shows: the ``X-Hoyle-Owner`` header, else the table's owner cookie."""
    return request.headers.get("x-hoyle-owner") or request.cookies.get(f"{OWNER_COOKIE}_{tid}")
