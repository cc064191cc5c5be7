"""Running the room: ``hoyle serve`` and ``python -m hoyle.server`` (the latter with the room's finer knobs).

hoyle serve                                   # 127.0.0.1:8000, ./hoyle-room.db
hoyle serve --host 0.0.0.0 --port 8080 --db postgresql+psycopg://hoyle@db/hoyle
python -m hoyle.server --port 8765 --db sqlite:////tmp/load.db --bot-delay 0 --ws-rate 1000
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
from collections.abc import Sequence
from typing import Any

from .db import default_url, safe_url
from .limits import Limit
from .room import Settings

__all__ = ["GC_THRESHOLD", "check_port", "main", "serve", "tune_gc"]

_D = Settings()
WS_MAX_SIZE = 64 * 1024
"""Frames larger than this are refused by the server itself (the room answers anything over 4 KiB)."""


GC_THRESHOLD = (20_000, 20, 10)
"""The collector's thresholds in a serving room (CPython's are ``(700, 10, 10)``): see :func:`tune_gc`."""


def tune_gc() -> None:
    """Fit the garbage collector to a long-running room; called once the room is built, before it serves.

    A full collection stops every thread while it scans every object the collector tracks: measured under
    ``bench/room_load.py`` at 100 tables, three or four in 15 seconds, of 100 to 260 ms each, and every action in
    flight waited for them (most of the room's p99).  What was loaded at start (modules, functions, the
    room's own objects: some 80,000) lives as long as the process, so it is frozen out of every later scan
    (:func:`gc.freeze`), and the young generations are collected less often (:data:`GC_THRESHOLD`), so that full
    collections come seldom.  Reference cycles are still collected; only later.  The process's collector is
    changed, so only :func:`serve` calls it, not :func:`~hoyle.server.app.create_app` (a library call)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    settings: Settings | None = None,
    log_level: str = "info",
    access_log: bool = True,
    allowed_hosts: Sequence[str] | None = None,
) -> None:
    """Start the room with uvicorn and serve until interrupted.

    ``allowed_hosts``: the names the room answers to (``Host``); loopback only by default (see
    :func:`hoyle.server.app.create_app`).
    """
    import uvicorn

    from .app import create_app

    check_port(port)
    url = db or default_url()
    logging.basicConfig(level=getattr(logging, log_level.upper(), logging.INFO), format="%(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    app = create_app(url, settings=settings, allowed_hosts=allowed_hosts)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host  # only for the message
    print(f"hoyle: the card room at http://{shown}:{port}/  (database {safe_url(url)}; Ctrl-C stops it)", flush=True)
    st = settings or Settings()
    tune_gc()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=WS_MAX_SIZE,
        access_log=access_log,
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=5,
        **connection_limits(st),
    )


def connection_limits(settings: Settings) -> dict[str, Any]:
    """uvicorn's settings for connections that linger: idle keep-alive connections closed after 5 s, a
    request's headers at most 16 KiB and due within ``settings.header_timeout``, its body due within
    ``settings.body_timeout`` after them (see :func:`guarded_h11`),
    WebSocket pings every 20 s (a half-open socket that does not answer in 20 s is closed), at most 2,000
    connections at once (then 503)."""
    return {
        "http": guarded_h11(settings.header_timeout, settings.body_timeout),
        "timeout_keep_alive": 5,
        "h11_max_incomplete_event_size": 16 * 1024,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "limit_concurrency": 2000,
    }


def guarded_h11(header_timeout: float, body_timeout: float = 10.0) -> type:
    """uvicorn's h11 protocol with a deadline for each request's headers, and one for its body.

    uvicorn times out only an idle keep-alive connection, and any byte that arrives resets that timer: a
    client that opens connections and sends its headers a byte at a time (slowloris) keeps them all.  Here a
    connection whose next request has not fully arrived ``header_timeout`` seconds after it connected (or
    after its last answer) is closed.  A request being answered, or a connection upgraded to a WebSocket, is
    left alone (the room times out silent sockets itself).

    Likewise a request whose headers came in time but whose body has not all arrived ``body_timeout`` seconds
    later (a slowloris of the body) is answered ``408 Request Timeout`` (JSON: ``{"error": "timeout", ...}``)
    and its connection closed, unless the room has begun to answer it; the route waiting for that body
    sees the client gone.
    """
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _upgraded = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(header_timeout, self._late, self.cycle)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _late(self, cycle: object) -> None:
            if self.cycle is cycle and not self._upgraded and not self.transport.is_closing():
                self.transport.close()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def handle_events(self) -> None:
            before = self.cycle
            super().handle_events()
            cycle = self.cycle
            if cycle is not None and cycle is not before and cycle.more_body and not self._upgraded:
                self.loop.call_later(body_timeout, self._body_late, cycle)

        def _body_late(self, cycle: Any) -> None:
            if self.cycle is not cycle or not cycle.more_body or self.transport.is_closing():
                return  # the body arrived, or the connection moved on or went
            if not cycle.response_started:
                body = json.dumps(
                    {
                        "error": "timeout",
                        "message": f"the request's body did not all arrive within {body_timeout:g} s of its headers",
                    }
                ).encode()
                head = (
                    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                    b"content-length: %d\r\nconnection: close\r\n\r\n" % len(body)
                )
                self.transport.write(head + body)
            cycle.disconnected = True  # the route waiting for the body hears that the client left
            cycle.message_event.set()
            self.transport.close()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._upgraded = True
            self._disarm()
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return GuardedH11Protocol


def check_port(port: int) -> None:
    """Refuse a port no socket can have (uvicorn would take ``99999`` modulo 65536 and serve elsewhere).

    >>> check_port(99999)
    Traceback (most recent call last):
    ...
    ValueError: the port is a number from 1 to 65535, not 99999
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise ValueError(f"the port is a number from 1 to 65535, not {port}")


def main(argv: list[str] | None = None) -> None:
    """``python -m hoyle.server``: the room with every knob."""
    p = argparse.ArgumentParser(prog="python -m hoyle.server", description="hoyle: the web card room")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--allow-host",
        action="append",
        default=None,
        metavar="NAME",
        help="a host name the room answers to (repeat it; default: localhost, 127.0.0.1, ::1)",
    )
    p.add_argument("--db", default=None, help="SQLAlchemy URL (default: ./hoyle-room.db)")
    p.add_argument("--bot-delay", type=float, default=_D.bot_delay, help="seconds a bot waits to play")
    p.add_argument("--ws-burst", type=float, default=_D.ws_limit.burst)
    p.add_argument("--ws-rate", type=float, default=_D.ws_limit.rate, help="messages a second per socket")
    p.add_argument("--http-burst", type=float, default=_D.http_limit.burst)
    p.add_argument("--http-rate", type=float, default=_D.http_limit.rate, help="lobby requests a second")
    p.add_argument("--max-tables", type=int, default=_D.max_tables)
    p.add_argument("--max-waiting-per-address", type=int, default=_D.max_waiting_per_address)
    p.add_argument("--max-sockets-per-address", type=int, default=_D.max_sockets_per_address)
    p.add_argument("--ws-address-burst", type=float, default=_D.ws_address_limit.burst)
    p.add_argument(
        "--ws-address-rate",
        type=float,
        default=_D.ws_address_limit.rate,
        help="messages a second from all the sockets of one address",
    )
    p.add_argument(
        "--sqlite-synchronous",
        choices=("full", "normal"),
        default=_D.sqlite_synchronous,
        help="full: every commit synced to the disk (survives a power cut); normal: survives the room's process"
        " dying, not the machine's (docs/room.md, Durability)",
    )
    p.add_argument("--log-level", default="info")
    p.add_argument("--no-access-log", action="store_true")
    a = p.parse_args(argv)
    kw: dict[str, Any] = {
        "bot_delay": a.bot_delay,
        "ws_limit": Limit(a.ws_burst, a.ws_rate),
        "http_limit": Limit(a.http_burst, a.http_rate),
        "max_tables": a.max_tables,
        "max_waiting_per_address": a.max_waiting_per_address,
        "max_sockets_per_address": a.max_sockets_per_address,
        "ws_address_limit": Limit(a.ws_address_burst, a.ws_address_rate),
        "sqlite_synchronous": a.sqlite_synchronous,
    }
    try:
        check_port(a.port)
    except ValueError as exc:
        p.error(str(exc))
    serve(
        a.host,
        a.port,
        a.db,
        settings=Settings(**kw),
        log_level=a.log_level,
        access_log=not a.no_access_log,
        allowed_hosts=a.allow_host,
    )
