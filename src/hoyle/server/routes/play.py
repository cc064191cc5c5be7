"""The live table: one WebSocket per table and person (the protocol is in docs/room.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket

from ..limits import Bucket
from ..room import Conn, RoomError
from .deps import Deps, Services, client_address

__all__ = ["router"]

log = logging.getLogger("hoyle.room")
router = APIRouter()


@router.websocket("/ws/tables/{tid}")
async def ws_table(ws: WebSocket, tid: str, svc: Deps) -> None:
    origin = ws.headers.get("origin")
    if origin and urlsplit(origin).netloc != ws.headers.get("host"):
        await ws.close(code=1008, reason="cross-site connection refused")
        return
    addr = client_address(ws)
    most = svc.settings.max_sockets_per_address
    if svc.sockets.get(addr, 0) >= most:
        await ws.accept()
        await ws.close(code=1008, reason=f"more than {most} connections from one address")
        return
    svc.sockets[addr] = svc.sockets.get(addr, 0) + 1
    try:
        await ws.accept()
        await live_socket(svc, ws, tid, addr)
    finally:
        svc.sockets[addr] -= 1
        if svc.sockets[addr] <= 0:
            del svc.sockets[addr]


async def live_socket(svc: Services, ws: WebSocket, tid: str, addr: str) -> None:
    """Serve one socket until it leaves: hello, actions and pings in; events out (through its pump)."""
    settings, room = svc.settings, svc.room
    conn = Conn(ws, Bucket(settings.ws_limit), settings.max_backlog, address_bucket=svc.ws_buckets.get(addr))
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
