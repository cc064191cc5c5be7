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
=======================================  =====================================================================
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.middleware.trustedhost import TrustedHostMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from sqlalchemy import select
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import records as record_files
from ..engine.registry import game as make_game
from ..errors import HoyleError
from . import catalogue, replays
from .db import PlaceRow, TableRow, make_engine, migrate, safe_url
from .limits import Bucket, Buckets
from .room import Conn, LiveTable, Room, RoomError, Settings, public_note
from .store import Store, load_table
from .workers import Workers

__all__ = ["CSP", "LOOPBACK", "STATIC", "create_app"]

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("hoyle.room")

MAX_BODY = 64 * 1024

LOOPBACK = ("localhost", "127.0.0.1", "::1")
"""The hosts the room answers to unless told others (``hoyle serve --allow-host``)."""

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


MAX_RECORD_BODY = replays.MAX_REPLAY_BYTES


class CreateTable(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)


class TakePlace(BaseModel):
    name: str = Field(max_length=200)


class AddBots(BaseModel):
    kind: str = Field(max_length=32)
    count: int | None = None


class ChangeTable(BaseModel):
    options: dict[str, Any]


OWNER_COOKIE = "hoyle_owner"
"""The owner token's cookie (``hoyle_owner_<table id>``), scoped to the table's API path."""


def owner_token(request: Request, tid: str) -> str | None:
    """The owner token a request shows: the ``X-Hoyle-Owner`` header, else the table's owner cookie."""
    return request.headers.get("x-hoyle-owner") or request.cookies.get(f"{OWNER_COOKIE}_{tid}")


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


def create_app(db_url: str, *, settings: Settings | None = None, allowed_hosts: Sequence[str] | None = None) -> FastAPI:
    """The room on the database at ``db_url`` (SQLAlchemy URL; ``sqlite:///hoyle-room.db`` by default in the CLI).

    The schema is created or migrated (Alembic) when the app starts; tables waiting or in play are rebuilt by
    replaying their records, and their bots set going again.  ``allowed_hosts`` are the names the room answers
    to (the ``Host`` header; :data:`LOOPBACK` by default; ``"*"`` any, ``"*.example.org"`` a domain's);
    any other gets 400, so that a page elsewhere cannot reach the room by DNS rebinding.
    """
    settings = settings or Settings()
    if not (STATIC / "table.html").is_file():
        raise RuntimeError(
            f"the room's pages are missing from the installed package ({STATIC}): the package data"
            " must include hoyle/server/static/* (see docs/room.md)"
        )
    engine = make_engine(db_url)
    store = Store(engine)
    room = Room(store, settings)
    http_buckets = Buckets(settings.http_limit)
    ws_buckets = Buckets(settings.ws_address_limit)  # messages from all the sockets of one address
    sockets: dict[str, int] = {}  # open sockets by client address
    workers = Workers(timeout=settings.replay_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate, engine)
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

    app = FastAPI(title="hoyle: the card room", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.room = room
    app.state.store = store
    app.state.workers = workers
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts or LOOPBACK))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(RoomError)
    async def _room_error(request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for e in exc.errors():
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
            parts.append(f"{where}: {e.get('msg', 'invalid')}")
        return JSONResponse({"error": "bad_request", "message": "; ".join(parts)}, status_code=422)

    def client_address(request: Request) -> str:
        return request.client.host if request.client else "?"

    def limited(request: Request) -> None:
        key = client_address(request)
        bucket = http_buckets.get(key)
        if not bucket.take():
            raise RoomError("rate_limited", f"too many requests; try again in {bucket.retry_after():.1f} s", 429)

    # ------------------------------------------------------------------ pages

    def page(name: str) -> Callable[[], Awaitable[FileResponse]]:
        async def serve_page() -> FileResponse:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

        return serve_page

    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/table/{tid}", include_in_schema=False)(page("table.html"))
    app.get("/replay", include_in_schema=False)(page("replay.html"))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    # ------------------------------------------------------------------ lobby

    @app.get("/api/games")
    async def api_games() -> list[dict[str, Any]]:
        return catalogue.describe_games()

    @app.get("/api/tables")
    async def api_tables() -> dict[str, Any]:
        def recent(s: Any) -> list[tuple[TableRow, list[PlaceRow]]]:
            rows = list(s.scalars(select(TableRow).order_by(TableRow.updated_at.desc()).limit(200)))
            out = []
            for r in rows:
                places = list(s.scalars(select(PlaceRow).where(PlaceRow.table_id == r.id).order_by(PlaceRow.idx)))
                out.append((r, places))
            s.expunge_all()
            return out

        rows = await asyncio.to_thread(store.read, recent)
        tables = []
        for r, places in rows:
            lt = room.tables.get(r.id)
            if lt is not None:
                tables.append(lt.meta() | {"updated": r.updated_at.isoformat() if r.updated_at else None})
                continue
            tables.append(
                {
                    "id": r.id,
                    "game": r.game,
                    "title": _title(r.game, r.options),
                    "options": r.options,
                    "status": r.status,
                    "place_count": r.place_count,
                    "seats": r.seats,
                    "places": [
                        {"name": p.name, "kind": p.kind, "seat": p.seat, "bot": p.kind != "human", "here": False}
                        for p in places
                    ],
                    "watchers": 0,
                    "n_actions": r.n_actions,
                    "to_act": None,
                    "scores": r.scores,
                    "over": r.over,
                    "note": public_note(r.status, r.note),
                    "updated": r.updated_at.isoformat() if r.updated_at else None,
                }
            )
        order = {"waiting": 0, "playing": 1, "over": 2, "abandoned": 3, "expired": 4, "closed": 5, "broken": 6}
        tables.sort(key=lambda d: order.get(d["status"], 9))
        return {"tables": tables}

    @app.post("/api/tables", status_code=201)
    async def api_create(body: CreateTable, request: Request, response: Response) -> dict[str, Any]:
        limited(request)
        lt, owner = await room.create_table(body.game, body.options, client_address(request))
        response.set_cookie(
            f"{OWNER_COOKIE}_{lt.id}",
            owner,
            max_age=7 * 24 * 3600,
            path=f"/api/tables/{lt.id}",
            httponly=True,
            samesite="strict",
        )
        return {"id": lt.id, "table": lt.meta(), "url": f"/table/{lt.id}", "owner": owner}

    @app.patch("/api/tables/{tid}")
    async def api_change(tid: str, body: ChangeTable, request: Request) -> dict[str, Any]:
        limited(request)
        lt = await room.change_options(tid, body.options, owner_token(request, tid))
        return {"table": lt.meta()}

    @app.delete("/api/tables/{tid}")
    async def api_close(tid: str, request: Request) -> dict[str, Any]:
        limited(request)
        lt = await room.close(tid, owner_token(request, tid))
        return {"table": lt.meta()}

    @app.get("/api/tables/{tid}")
    async def api_table(tid: str) -> dict[str, Any]:
        lt = await room.table(tid)
        async with lt.lock:
            t = lt.table
            return {"table": lt.meta(), "view": t.view(None) if t is not None else None}

    @app.post("/api/tables/{tid}/places", status_code=201)
    async def api_take(tid: str, body: TakePlace, request: Request) -> dict[str, Any]:
        limited(request)
        token, lt, place = await room.take_place(tid, body.name)
        return {"token": token, "place": place.idx, "name": place.name, "seat": place.seat, "table": lt.meta()}

    @app.delete("/api/tables/{tid}/places")
    async def api_leave(tid: str, request: Request) -> dict[str, Any]:
        limited(request)
        lt = await room.leave(tid, request.headers.get("x-hoyle-token"))
        return {"table": lt.meta()}

    @app.post("/api/tables/{tid}/bots")
    async def api_bots(tid: str, body: AddBots, request: Request) -> dict[str, Any]:
        limited(request)
        lt = await room.add_bots(tid, body.kind, body.count, owner_token(request, tid))
        return {"table": lt.meta()}

    # ------------------------------------------------------------------ records

    async def stored_record(lt: LiveTable) -> tuple[dict[str, Any], list[int]]:
        loaded = await asyncio.to_thread(store.read, lambda s: load_table(s, lt.id))
        if loaded is None:
            raise RoomError("unknown_table", f"there is no table {lt.id!r}", 404)
        if loaded.row.status not in ("playing", "over", "abandoned"):
            raise RoomError("no_record", "the sitting has not begun: there is no record yet", 409)
        return loaded.record(), [d.first_action for d in loaded.deals]

    def attachment(record: dict[str, Any], filename: str) -> Response:
        return Response(
            record_files.dumps(record),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    @app.get("/api/tables/{tid}/record")
    async def api_record(tid: str) -> Response:
        lt = await room.table(tid)
        record, _ = await stored_record(lt)
        if not record["over"]:
            raise RoomError(
                "in_play",
                "the sitting is in play: its record holds the cards still in hand, so it is"
                " given out when the sitting is over; finished deals: /api/tables/"
                f"{tid}/deals",
                409,
            )
        return attachment(record, f"hoyle-{record['game'].replace(' ', '-')}-{tid}.json")

    @app.get("/api/tables/{tid}/phh")
    async def api_phh(tid: str) -> Response:
        """A finished poker sitting's hands as PHH (Poker Hand History), every card as played out."""
        lt = await room.table(tid)
        record, _ = await stored_record(lt)
        if record["game"] != "poker":
            raise RoomError("no_phh", f"PHH is written for poker hands, not for {record['game']}", 404)
        if not record["over"]:
            raise RoomError("in_play", "the sitting is in play: its hands are given out when it is over", 409)
        from .. import phh

        try:
            text = phh.dumps(record)
        except (HoyleError, ValueError) as exc:
            raise RoomError("no_phh", f"these hands cannot be written as PHH: {exc}", 404) from None
        return Response(
            text,
            media_type="application/toml; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="hoyle-{tid}.phhs"'},
        )

    @app.get("/api/tables/{tid}/deals")
    async def api_deals(tid: str) -> dict[str, Any]:
        lt = await room.table(tid)
        record, starts = await stored_record(lt)
        deals = record["deals"]
        has_pbn = bool(deals) and _pbn_holds(record)
        out = []
        for k, d in enumerate(deals):
            finished = "result" in d
            seen = record["over"] or replays.shown(record, starts, k)
            out.append(
                {
                    "deal": k + 1,
                    "finished": finished,
                    "available": replays.available(record, starts, k),
                    "result": d.get("result"),
                    "dealer": d.get("dealer"),
                    "first_action": starts[k] if k < len(starts) else None,
                    "pbn": has_pbn and seen,
                }
            )
        return {"deals": out, "over": record["over"]}

    @app.get("/api/tables/{tid}/deals/{n}/pbn")
    async def api_deal_pbn(tid: str, n: int) -> Response:
        lt = await room.table(tid)
        record, starts = await stored_record(lt)
        deals = record["deals"]
        if not 1 <= n <= len(deals):
            raise RoomError("not_yet", f"there is no deal {n}; the table has had {len(deals)}", 404)
        if "result" not in deals[n - 1]:
            raise RoomError("not_yet", f"deal {n} is still in play: its hands are given out once it is over", 409)
        if not (record["over"] or replays.shown(record, starts, n - 1)):
            raise RoomError(
                "not_yet", f"deal {n} was not played out: its hands are given out when the sitting is over", 409
            )
        text = await workers.run(_pbn, record, n - 1)  # the record is replayed: in a worker, not in the loop
        if text is None:
            raise RoomError("no_pbn", f"PBN is written for whist deals, not for {record['game']}", 404)
        return Response(
            text,
            media_type="application/x-pbn; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="hoyle-{tid}-deal{n}.pbn"'},
        )

    async def deal_record(tid: str, n: int) -> tuple[dict[str, Any], list[int]]:
        lt = await room.table(tid)
        record, starts = await stored_record(lt)
        try:
            return await asyncio.to_thread(replays.deal_record, record, starts, n - 1), starts
        except replays.RecordUnavailable as exc:
            raise RoomError("not_yet", str(exc), 409) from None

    @app.get("/api/tables/{tid}/deals/{n}/record")
    async def api_deal_record(tid: str, n: int) -> Response:
        rec, _ = await deal_record(tid, n)
        return attachment(rec, f"hoyle-{rec['game'].replace(' ', '-')}-{tid}-deal{n}.json")

    @app.get("/api/tables/{tid}/replay")
    async def api_table_replay(tid: str, request: Request, deal: int | None = None) -> Response:
        limited(request)
        if deal is not None:
            rec, starts = await deal_record(tid, deal)
            start_at = starts[deal - 1]
        else:
            lt = await room.table(tid)
            rec, _ = await stored_record(lt)
            if not rec["over"]:
                raise RoomError(
                    "in_play", "the sitting is in play; replay a finished deal (?deal=N) or wait for the end", 409
                )
            start_at = 0
        return await replay_response(request, rec, start_at=start_at, extra={"table": tid, "deal": deal})

    @app.post("/api/replay")
    async def api_replay(request: Request) -> Response:
        limited(request)
        body = await request.body()
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise RoomError("bad_record", "a record is UTF-8 JSON text") from None
        return await replay_response(request, text)

    async def replay_response(request: Request, record: str | dict[str, Any], **kwargs: Any) -> Response:
        """A replay's steps, made (and gzipped, if the client takes it) in a worker process, not in the loop."""
        gz = "gzip" in request.headers.get("accept-encoding", "")
        status, data = await workers.run(replays.replay_payload, record, compress=gz, **kwargs)
        headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"} if gz else None
        return Response(data, status_code=status, media_type="application/json", headers=headers)

    # ------------------------------------------------------------------ the live table

    @app.websocket("/ws/tables/{tid}")
    async def ws_table(ws: WebSocket, tid: str) -> None:
        origin = ws.headers.get("origin")
        if origin and urlsplit(origin).netloc != ws.headers.get("host"):
            await ws.close(code=1008, reason="cross-site connection refused")
            return
        addr = ws.client.host if ws.client else "?"
        if sockets.get(addr, 0) >= settings.max_sockets_per_address:
            await ws.accept()
            await ws.close(
                code=1008, reason=f"more than {settings.max_sockets_per_address} connections from one address"
            )
            return
        sockets[addr] = sockets.get(addr, 0) + 1
        try:
            await ws.accept()
            await live_socket(ws, tid, addr)
        finally:
            sockets[addr] -= 1
            if sockets[addr] <= 0:
                del sockets[addr]

    async def live_socket(ws: WebSocket, tid: str, addr: str) -> None:
        conn = Conn(ws, Bucket(settings.ws_limit), settings.max_backlog, address_bucket=ws_buckets.get(addr))
        pump = asyncio.create_task(conn.pump())
        close_with: tuple[int, str] | None = None
        try:
            try:
                conn.table = await room.table(tid)
            except RoomError as exc:
                conn.error(exc.code, exc.message)
                conn.closed = True
                await pump
                return
            while not conn.closed:
                wait = settings.ws_idle_timeout if conn.greeted else settings.hello_timeout
                try:
                    msg = await asyncio.wait_for(ws.receive(), wait)
                except TimeoutError:
                    close_with = (
                        4408,
                        f"no hello within {wait:g} s"
                        if not conn.greeted
                        else f"nothing heard for {wait:g} s (the page pings every 25 s); reconnect",
                    )
                    break
                if msg["type"] == "websocket.disconnect":
                    break
                await room.receive(conn, msg.get("text"))
        except Exception:  # a socket that fails is a socket that left
            log.debug("socket closed", exc_info=True)
        finally:
            room.detach(conn)
            conn.closed = True
            pump.cancel()
            with contextlib.suppress(BaseException):
                await pump
            if close_with is not None:
                with contextlib.suppress(Exception):
                    await ws.close(code=close_with[0], reason=close_with[1])

    return app


def _pbn_holds(record: dict[str, Any]) -> bool:
    """Whether PBN holds this game's deals (four hands in four seats: docs/pbn.md), without replaying it."""
    from .. import pbn

    return record.get("game") in pbn.GAMES and len(record.get("seats") or ()) == 4


def _pbn(record: dict[str, Any], k: int) -> str | None:
    """Deal ``k`` of the record in PBN (its hands as dealt, the trump card, its play), or ``None`` if PBN cannot
    hold the game's deals (docs/pbn.md)."""
    try:
        from .. import pbn
    except ImportError:
        return None
    try:
        deal = pbn.from_record(record)[k]  # the record replayed: the hands as the game dealt them (issue 14)
        return str(pbn.dumps([deal]))
    except (HoyleError, ValueError, KeyError, TypeError, IndexError):
        return None


def _title(game: str, options: dict[str, Any]) -> str:
    try:
        return make_game(game, **options).spec.title
    except (HoyleError, ValueError, TypeError):
        return game
