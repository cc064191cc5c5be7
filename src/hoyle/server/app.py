"""The room's web application: the pages, the lobby's API, records, and one WebSocket per table and person.

``create_app(db_url)`` makes it; ``hoyle serve`` runs it with uvicorn.  The HTTP API (JSON):

=======================================  =====================================================================
``GET  /api/games``                      every game: options (defaults, valid values), seats, bots
``GET  /api/tables``                     the tables: waiting, in play, lately finished
``POST /api/tables``                     ``{"game": "whist", "options": {...}}``: open a table; answers the
                                         owner token (also set as an HttpOnly, SameSite=Strict cookie)
``GET  /api/tables/{id}``                one table (its spectator's view once begun)
``POST /api/tables/{id}/places``         ``{"name": "Sarah"}``: take a place; answers the seat token, once
``DELETE /api/tables/{id}/places``       leave before the sitting begins (token in ``X-Hoyle-Token``)
``POST /api/tables/{id}/bots``           ``{"kind": "rules", "count": null}``: fill the empty places with bots
                                         (the owner only: ``X-Hoyle-Owner`` or the owner's cookie)
``PATCH /api/tables/{id}``               ``{"options": {...}}``: the owner changes a waiting table's options
``DELETE /api/tables/{id}``              the owner closes a waiting table
``GET  /api/tables/{id}/record``         the table's hoyle record, once the sitting is over
``GET  /api/tables/{id}/deals``          its deals, and which can be downloaded
``GET  /api/tables/{id}/deals/{n}/record``  deal ``n`` (1-based) as the record of the sitting to its end
``GET  /api/tables/{id}/replay``         every step of the table (or ``?deal=n``) for the browser
``POST /api/replay``                     a record (JSON) in, its steps out: the browser's replay of a file
``WS   /ws/tables/{id}``                 the table, live (protocol in docs/room.md)
``GET  /api/health``                     200 when the room and its database answer, else 503
=======================================  =====================================================================
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.middleware.trustedhost import TrustedHostMiddleware
from fastapi.responses import JSONResponse

from . import catalogue
from .db import make_engine, migrate, safe_url
from .limits import Buckets
from .middleware import CSP, BodyLimit, SecurityHeaders
from .room import Room, RoomError, Settings
from .routes import ROUTERS
from .routes.deps import Services
from .routes.pages import STATIC, mount_static
from .store import Store
from .workers import Workers

__all__ = ["CSP", "LOOPBACK", "STATIC", "create_app"]

log = logging.getLogger("hoyle.room")

LOOPBACK = ("localhost", "127.0.0.1", "::1")
"""The hosts the room answers to unless told others (``hoyle serve --allow-host``)."""


def create_app(db_url: str, *, settings: Settings | None = None, allowed_hosts: Sequence[str] | None = None) -> FastAPI:
    """The room on the database at ``db_url`` (SQLAlchemy URL; ``sqlite:///hoyle-room.db`` by default in the CLI).

    The schema is created or migrated (Alembic) when the app starts; tables waiting or in play are rebuilt by
    replaying their records, and their bots set going again.  ``allowed_hosts`` are the names the room answers
    to (the ``Host`` header; :data:`LOOPBACK` by default; ``"*"`` any, ``"*.example.org"`` a domain's);
    any other gets 400, so that a page elsewhere cannot reach the room by DNS rebinding.

    The routes are :mod:`hoyle.server.routes`' routers; they reach the room's parts through
    ``app.state.services`` (:class:`~hoyle.server.routes.deps.Services`).
    """
    settings = settings or Settings()
    if not (STATIC / "table.html").is_file():
        raise RuntimeError(
            f"the room's pages are missing from the installed package ({STATIC}): the package data"
            " must include hoyle/server/static/* (see docs/room.md)"
        )
    engine = make_engine(db_url, synchronous=settings.sqlite_synchronous)
    store = Store(engine)
    room = Room(store, settings)
    workers = Workers(timeout=settings.replay_seconds)
    services = Services(
        room=room,
        store=store,
        workers=workers,
        settings=settings,
        http_buckets=Buckets(settings.http_limit),
        ws_buckets=Buckets(settings.ws_address_limit),
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate, engine)
        # The lobby's list of games is made once (every game's table built): seconds on a busy machine,
        # which the first GET /api/games would otherwise spend in the event loop, stalling every table.
        await asyncio.to_thread(catalogue.describe_games)
        store.start()
        await room.startup()
        log.info("the room is open on %s", safe_url(db_url))
        try:
            yield
        finally:
            await room.shutdown()
            await asyncio.to_thread(workers.close)
            store.close()
            log.info("the room is closed: %d changes written in %d commits", store.writes, store.commits)
            log.info("the room's actions, %s", store.stages.summary())

    app = FastAPI(title="hoyle: the card room", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.services = services
    app.state.room = room
    app.state.store = store
    app.state.workers = workers
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts or LOOPBACK))
    app.add_exception_handler(RoomError, _room_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _bad_request)  # type: ignore[arg-type]
    mount_static(app)
    for router in ROUTERS:
        app.include_router(router)
    return app


async def _room_error(request: Request, exc: RoomError) -> JSONResponse:
    return JSONResponse(exc.to_json(), status_code=exc.status)


async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    parts = []
    for e in exc.errors():
        where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return JSONResponse({"error": "bad_request", "message": "; ".join(parts)}, status_code=422)
