"""What the room's tests share: a room on a fresh database (a SQLite file, or a schema of its own on the
PostgreSQL server ``HOYLE_TEST_POSTGRES_URL`` names), people at its tables, their sockets.

(Named ``test_room_kit`` to sit with the room's tests; the tests at the bottom check the kit itself.)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import uuid
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from hoyle.cards import CARDS, SUITS, parse
from hoyle.server import create_app
from hoyle.server.app import LOOPBACK
from hoyle.server.limits import Limit
from hoyle.server.room import LiveTable, Settings

FAST = Settings(
    bot_delay=0,
    ws_limit=Limit(100_000, 100_000),
    http_limit=Limit(100_000, 100_000),
    ws_address_limit=Limit(100_000, 100_000),
    max_sockets_per_address=10_000,
)
NAMES = ("Ada", "Ben", "Cora", "Dan", "Eve", "Finn", "Gus", "Hal")


# ---------------------------------------------------------------------- cards in messages

CARD_TEXTS: frozenset[str] = frozenset(str(c) for c in CARDS)
_TEN = {f"10{s}": f"T{s}" for s in SUITS}
_TOKEN = re.compile(r"[0-9A-Za-z]+")
# Where a card may lie (laws-design §1), as the conformance harness reads places(): "hand X" is seen by X only,
# these places by nobody.
CONCEALED_PLACES = re.compile(r"^(still pack|other pack|stock|pack|floor|gathered|discards?|widow|talon)( .+)?$")


def card_mentions(obj: Any) -> set[str]:
    """Every card text anywhere in JSON-like data: whole strings, keys, and words inside sentences."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if x in CARD_TEXTS:
                out.add(x)
            elif len(x) > 2:
                for tok in _TOKEN.findall(x):
                    if tok in CARD_TEXTS:
                        out.add(tok)
                    elif tok in _TEN:
                        out.add(_TEN[tok])
        elif isinstance(x, Mapping):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


def concealed(places: Mapping[str, str], seats: tuple[str, ...]) -> dict[str | None, frozenset[str]]:
    """For each seat (and ``None``, a spectator): the cards it may not see, where ``places()`` puts them now."""
    hidden_all = {c for c, p in places.items() if CONCEALED_PLACES.match(p)}
    in_hand: dict[str, set[str]] = {s: set() for s in seats}
    for c, p in places.items():
        if p.startswith("hand "):
            in_hand[p[5:]].add(c)
    everyone = set().union(*in_hand.values()) | hidden_all
    out: dict[str | None, frozenset[str]] = {None: frozenset(everyone)}
    for s in seats:
        out[s] = frozenset(everyone - in_hand[s])
    return out


def hand_cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return [str(c) for c in parse(value)]
    return list(value or [])


def plain(x: Any) -> Any:
    """Data as it comes back from JSON."""
    return json.loads(json.dumps(x))


# ---------------------------------------------------------------------- sockets


class Sock:
    """One WebSocket of the test client, with receives that time out instead of hanging."""

    def __init__(self, ws: Any, name: str = "") -> None:
        self.ws = ws
        self.name = name
        self.seen: int | None = None
        self.last: dict[str, Any] | None = None

    def send(self, obj: Any) -> None:
        self.ws.send_text(obj if isinstance(obj, str) else json.dumps(obj))

    def recv(self, timeout: float = 15.0) -> dict[str, Any]:
        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await self.ws._send_rx.receive()

        msg = self.ws.portal.call(get)
        if msg["type"] == "websocket.close":
            raise ConnectionError(f"{self.name}: socket closed ({msg.get('code')}: {msg.get('reason')})")
        data = json.loads(msg["text"])
        if data.get("type") in ("welcome", "state", "update"):
            self.last = data
            self.seen = data["events"]["to"]
        return data

    def recv_type(self, *types: str, timeout: float = 15.0, skip: tuple[str, ...] = ("table",)) -> dict[str, Any]:
        """The next message of one of ``types``, passing over presence notices (``table``)."""
        while True:
            m = self.recv(timeout)
            if m["type"] in types:
                return m
            if m["type"] not in skip:
                raise AssertionError(f"{self.name}: expected {types}, got {m}")

    def pending(self) -> bool:
        stats = self.ws._send_rx.statistics()
        return stats.current_buffer_used > 0

    def drain(self) -> list[dict[str, Any]]:
        out = []
        while self.pending():
            out.append(self.recv(1))
        return out

    def hello(self, token: str | None, since: int | None = None) -> dict[str, Any]:
        self.send({"type": "hello", "token": token, "since": since})
        return self.recv_type("welcome")

    def act(self, action: str, seq: int, **extra: Any) -> None:
        self.send({"type": "action", "action": action, "seq": seq, **extra})


@dataclass
class RoomKit:
    """A room (FastAPI app under the test client) on its own SQLite file."""

    client: TestClient
    app: Any
    db: str
    stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    @property
    def room(self) -> Any:
        return self.app.state.room

    def live(self, tid: str) -> LiveTable:
        """The room's table ``tid`` (loaded again from the database if it had left memory)."""
        lt = self.room.tables.get(tid)
        if lt is None:
            lt = self.client.portal.call(self.room.get, tid)
        assert lt is not None, tid
        return lt

    def create(self, game: str = "whist", **options: Any) -> str:
        r = self.client.post("/api/tables", json={"game": game, "options": options})
        assert r.status_code == 201, r.text
        return str(r.json()["id"])

    def take(self, tid: str, name: str) -> str:
        r = self.client.post(f"/api/tables/{tid}/places", json={"name": name})
        assert r.status_code == 201, r.text
        return str(r.json()["token"])

    def bots(self, tid: str, kind: str = "random", count: int | None = None) -> dict[str, Any]:
        r = self.client.post(f"/api/tables/{tid}/bots", json={"kind": kind, "count": count})
        assert r.status_code == 200, r.text
        return dict(r.json())

    def socket(self, tid: str, name: str = "") -> Sock:
        ws = self.stack.enter_context(self.client.websocket_connect(f"/ws/tables/{tid}"))
        return Sock(ws, name)

    def full_table(self, game: str = "whist", **options: Any) -> tuple[str, dict[str, str]]:
        """A table whose every place is a person of the test: (id, {seat: token})."""
        tid = self.create(game, **options)
        count = self.live(tid).place_count
        tokens = {NAMES[i]: self.take(tid, NAMES[i]) for i in range(count)}
        lt = self.live(tid)
        assert lt.status == "playing"
        return tid, {p.seat: tokens[p.name] for p in lt.places if p.seat is not None}

    def seated(
        self, tid: str, tokens: Mapping[str, str], *, spectator: bool = True, since: int | None = 0
    ) -> dict[str | None, Sock]:
        """One socket per seat (and one watching), each greeted."""
        socks: dict[str | None, Sock] = {}
        for seat, token in tokens.items():
            s = self.socket(tid, seat)
            s.hello(token, since)
            socks[seat] = s
        if spectator:
            s = self.socket(tid, "spectator")
            s.hello(None, since)
            socks[None] = s
        for s in socks.values():
            s.drain()
        return socks


# ---------------------------------------------------------------------- databases

PG_URL = os.environ.get("HOYLE_TEST_POSTGRES_URL")
"""A PostgreSQL database the room's tests may use (``.ci/run`` sets it: postgresql+psycopg://postgres@127.0.0.1:5432/test).
Each test gets a schema of its own there, dropped after it, so that parallel and repeated runs never meet."""

BACKENDS = ("sqlite", "postgresql")


@contextlib.contextmanager
def database(backend: str, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of ``backend`` for one test: its SQLAlchemy URL."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.db'}"
        return
    if not PG_URL:
        pytest.skip(
            "set HOYLE_TEST_POSTGRES_URL to a PostgreSQL database (.ci/run does) to run the room's tests"
            " on PostgreSQL too"
        )
    schema = f"hoyle_test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(PG_URL)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(PG_URL).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each test that takes it runs on SQLite and on PostgreSQL (skipped without ``HOYLE_TEST_POSTGRES_URL``)."""
    with database(request.param, tmp_path) as url:
        yield url


def execute(url: str, sql: Any, **params: Any) -> list[Any]:
    """Run one statement (SQL text, or a SQLAlchemy statement) on the room's database behind its back, as a
    person editing it by hand would."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            res = conn.execute(text(sql) if isinstance(sql, str) else sql, params)
            return list(res) if res.returns_rows else []
    finally:
        engine.dispose()


@contextlib.contextmanager
def open_room(db: Path | str, settings: Settings = FAST) -> Iterator[RoomKit]:
    url = db if isinstance(db, str) and "://" in db else f"sqlite:///{db}"
    app = create_app(url, settings=settings, allowed_hosts=["testserver", *LOOPBACK])
    with TestClient(app) as client:
        kit = RoomKit(client, app, url)
        with kit.stack:
            yield kit


# ---------------------------------------------------------------------- the kit's own checks


def test_kit_card_mentions_reads_sentences_and_tens() -> None:
    assert card_mentions({"text": "N plays QS", "x": ["10H", {"AD": 1}]}) == {"QS", "TH", "AD"}
    assert card_mentions("Sarah deals; NS score 2") == set()


def test_kit_concealed_by_places() -> None:
    places = {"AS": "hand N", "KS": "hand E", "QS": "trick", "JS": "still pack"}
    c = concealed(places, ("N", "E"))
    assert c["N"] == {"KS", "JS"} and c["E"] == {"AS", "JS"} and c[None] == {"AS", "KS", "JS"}
