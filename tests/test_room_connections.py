"""Connections that linger, against the room served by uvicorn as ``hoyle serve`` serves it: sockets that never
send a request, slowloris headers, WebSockets that never say hello or fall silent, one address holding
many sockets or sending too much through them together."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from hoyle.server import create_app
from hoyle.server.limits import Limit
from hoyle.server.main import connection_limits
from hoyle.server.room import Settings
from test_room_kit import FAST


@dataclasses.dataclass
class Served:
    port: int
    app: object

    @property
    def base(self) -> str:
        return f"127.0.0.1:{self.port}"


@contextlib.contextmanager
def served(tmp_path: Path, settings: Settings) -> Iterator[Served]:
    app = create_app(f"sqlite:///{tmp_path / 'room.db'}", settings=settings)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on", **connection_limits(settings))
    server = uvicorn.Server(config)
    th = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    th.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and th.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield Served(port, app)
    finally:
        server.should_exit = True
        th.join(10)
        sock.close()


def quick(**kw: object) -> Settings:
    kw = {"header_timeout": 0.6, "hello_timeout": 0.6, "ws_idle_timeout": 1.0, **kw}
    return dataclasses.replace(FAST, **kw)  # type: ignore[arg-type]


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        while True:
            data = s.recv(4096)
            if not data:
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


def open_table(base: str) -> str:
    import httpx

    r = httpx.post(f"http://{base}/api/tables", json={"game": "whist", "options": {}})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_sockets_that_never_send_a_request_are_dropped(tmp_path: Path) -> None:
    with served(tmp_path, quick()) as srv:
        socks = [socket.create_connection(("127.0.0.1", srv.port)) for _ in range(300)]
        try:
            time.sleep(1.0)
            assert all(closed_by_server(s, 3.0) for s in socks)
        finally:
            for s in socks:
                s.close()


def test_a_slowloris_request_is_cut_off(tmp_path: Path) -> None:
    with served(tmp_path, quick()) as srv:
        s = socket.create_connection(("127.0.0.1", srv.port))
        try:
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            started = time.monotonic()
            cut = False
            while time.monotonic() - started < 5:
                try:
                    s.sendall(b"X-Slow: a\r\n")  # a header line now and then, never the end
                except OSError:
                    cut = True
                    break
                if closed_by_server(s, 0.2):
                    cut = True
                    break
            assert cut and time.monotonic() - started < 3
        finally:
            s.close()
        # an honest request on a kept-alive connection is answered, and the next may come later
        s = socket.create_connection(("127.0.0.1", srv.port))
        try:
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            s.settimeout(5)
            assert s.recv(12).startswith(b"HTTP/1.1 200")
        finally:
            s.close()


def test_a_socket_that_never_says_hello_or_falls_silent_is_closed_with_a_code(tmp_path: Path) -> None:
    with served(tmp_path, quick()) as srv:
        tid = open_table(srv.base)
        with connect(f"ws://{srv.base}/ws/tables/{tid}") as ws:
            with pytest.raises(ConnectionClosed) as info:
                while True:
                    ws.recv(timeout=5)
            assert info.value.rcvd is not None and info.value.rcvd.code == 4408
            assert "no hello" in info.value.rcvd.reason
        with connect(f"ws://{srv.base}/ws/tables/{tid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
            for _ in range(3):  # a socket that pings is kept
                time.sleep(0.5)
                ws.send('{"type":"ping"}')
                assert json.loads(ws.recv(timeout=5))["type"] == "pong"
            with pytest.raises(ConnectionClosed) as info:
                while True:
                    ws.recv(timeout=5)
            assert info.value.rcvd is not None and info.value.rcvd.code == 4408
            assert "nothing heard" in info.value.rcvd.reason


def test_one_address_has_few_sockets_and_one_rate_for_all_of_them(tmp_path: Path) -> None:
    st = quick(
        max_sockets_per_address=3, ws_address_limit=Limit(burst=6, rate=0.01), ws_idle_timeout=30.0, hello_timeout=30.0
    )
    with served(tmp_path, st) as srv:
        tid = open_table(srv.base)
        with contextlib.ExitStack() as stack:
            socks = [stack.enter_context(connect(f"ws://{srv.base}/ws/tables/{tid}")) for _ in range(3)]
            with connect(f"ws://{srv.base}/ws/tables/{tid}") as extra, pytest.raises(ConnectionClosed) as info:
                extra.recv(timeout=5)
            assert info.value.rcvd is not None and info.value.rcvd.code == 1008
            answers = []
            for i in range(9):  # three sockets, three pings each: the address's burst is six
                ws = socks[i % 3]
                ws.send('{"type":"ping"}')
                answers.append(json.loads(ws.recv(timeout=5)))
            refused = [a for a in answers if a["type"] == "error"]
            assert len(refused) == 3 and all("your address" in a["message"] for a in refused)


def test_no_lingering_task_outlives_the_server(tmp_path: Path) -> None:
    with served(tmp_path, quick()):
        pass
    assert not [t for t in threading.enumerate() if t.name.startswith("hoyle-db-writer")]


def test_a_slowloris_body_is_answered_408_and_cut_off(tmp_path: Path) -> None:
    """Headers in time, then the body a byte at a time: once ``body_timeout`` has passed since the headers, the
    room answers 408 and closes the connection, however many bytes still trickle in."""
    with served(tmp_path, quick(body_timeout=0.8)) as srv:
        body = json.dumps({"game": "whist", "options": {}}).encode()
        s = socket.create_connection(("127.0.0.1", srv.port))
        try:
            s.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: %d\r\n\r\n" % len(body)
            )
            started = time.monotonic()
            answer = b""
            s.settimeout(0.15)
            for byte in body[:-1]:  # never the last byte
                with contextlib.suppress(OSError):
                    s.sendall(bytes([byte]))
                try:
                    chunk = s.recv(4096)
                except TimeoutError:
                    continue
                answer += chunk
                if not chunk or b"\r\n\r\n" in answer:
                    break
            took = time.monotonic() - started
            assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
            assert b'"error":"timeout"' in answer.replace(b" ", b"") and b"within 0.8 s" in answer
            assert 0.7 < took < 3
            assert closed_by_server(s, 2.0)
        finally:
            s.close()
        # nothing was opened by the cut-off request; an honest POST, body at once, is answered
        import httpx

        assert httpx.get(f"http://{srv.base}/api/tables").json()["tables"] == []
        open_table(srv.base)


def test_a_body_sent_slowly_but_within_the_time_is_taken(tmp_path: Path) -> None:
    with served(tmp_path, quick(body_timeout=3.0)) as srv:
        body = json.dumps({"game": "whist", "options": {}}).encode()
        s = socket.create_connection(("127.0.0.1", srv.port))
        try:
            s.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: %d\r\n\r\n" % len(body)
            )
            for k in range(0, len(body), 8):
                s.sendall(body[k : k + 8])
                time.sleep(0.05)
            s.settimeout(5)
            assert s.recv(12).startswith(b"HTTP/1.1 201")
        finally:
            s.close()
