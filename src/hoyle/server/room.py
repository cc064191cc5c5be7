"""The live room: tables in memory (each one rebuilt from the database by replay), the people and bots at
them, and the sockets that watch them.

The rules are the engine's: the room asks ``to_act``, ``legal_actions()``, ``apply()`` and ``view(seat)``
and decides nothing.  What the room adds:

- **Secrets per socket.**  A socket holds a seat once it shows that seat's token (sent only to the person who
  took the place); it is then sent ``view(seat)``, the seat's legal actions when it is to act, and each
  event as ``event.visible_to(seat)``.  Any other socket is a spectator: ``view(None)`` and
  ``visible_to(None)``.  An action is handed to the engine only from the socket of the seat to act, so even
  the engine's refusals (which may mention that seat's hand) go to nobody else.
- **Nothing lost.**  An accepted action is committed (with any chance it drew and the new scores) before
  anyone is told of it; if the commit fails, the table is rebuilt from the database and the actor told to
  try again.  A socket that comes back says how many events it has seen and is sent the rest.
- **One table, one lock.**  Actions, joins and the bots' turns at one table are taken one at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

import jsonpatch

from .. import bots as bot_factory
from ..engine.actions import Action
from ..engine.registry import game as make_game
from ..engine.table import Table, replay
from ..errors import HoyleError, IllegalAction, InvalidAction
from . import catalogue
from .limits import Bucket, Limit
from .store import (
    ActionWrite,
    ChangeOptions,
    DropPlaces,
    LeavePlace,
    LoadedTable,
    MarkBroken,
    NewPlace,
    NewTable,
    SetStatus,
    StartTable,
    Store,
    load_table,
)

__all__ = ["Conn", "LiveTable", "Place", "Room", "RoomError", "Settings"]

log = logging.getLogger("hoyle.room")

_NAME_OK = re.compile(r"^[\w .'’\-]+$")
_MAX_NAME = 24
_MAX_REF = 64


@dataclass(frozen=True, slots=True)
class Settings:
    """The room's knobs: the bots' pace, the limits."""

    bot_delay: float = 0.7
    """Seconds a bot waits before it plays (more at the end of a trick or a deal), so people can follow."""
    ws_limit: Limit = field(default_factory=lambda: Limit(burst=30, rate=10))
    """Messages a socket may send: a burst, then so many a second."""
    http_limit: Limit = field(default_factory=lambda: Limit(burst=60, rate=2))
    """Lobby requests (open a table, take a place, bots, replays) a client address may make."""
    max_message: int = 4096
    """The longest message a socket may send, in characters."""
    max_tables: int = 2000
    """Tables waiting or in play at once."""
    max_backlog: int = 2000
    """Messages queued for a socket that does not read them before it is dropped (it may come back)."""
    history: int = 400
    """Events sent to a socket that arrives without saying what it has seen."""
    max_catch_up: int = 20_000
    """The most events sent to a socket catching up."""
    replay_seconds: float = 10.0
    """The longest a replay for the browser may run (in a worker process) before it is stopped."""
    waiting_ttl: float = 30 * 60
    """Seconds a waiting table is kept with nothing happening at it (no place taken or given up) before it
    expires."""
    abandon_after: float = 60 * 60
    """Seconds a sitting in play is kept with nobody at it and nothing played before it is abandoned."""
    max_waiting_per_address: int = 4
    """Waiting tables one client address may have opened at once."""
    sweep_every: float = 30.0
    """How often the room looks for tables to expire, abandon or repair."""
    ws_address_limit: Limit = field(default_factory=lambda: Limit(burst=200, rate=50))
    """Messages all the sockets of one client address may send together."""
    max_sockets_per_address: int = 64
    """Sockets one client address may hold open at once."""
    hello_timeout: float = 10.0
    """Seconds a new socket has to say hello before it is closed (code 4408)."""
    ws_idle_timeout: float = 90.0
    """Seconds a socket may stay silent (the page pings every 25 s) before it is closed (code 4408)."""
    sqlite_synchronous: str = "full"
    """SQLite's ``synchronous`` for a database file: ``"full"`` (each commit synced to the disk: an acknowledged
    action survives a power cut) or ``"normal"`` (it survives the room's process dying, not the machine's):
    docs/room.md, "Durability"."""
    header_timeout: float = 10.0
    """Seconds a client has to send a whole request's headers, from connecting or from its last answer
    (``hoyle serve``; a slowloris that trickles its headers is cut off)."""
    body_timeout: float = 10.0
    """Seconds a client has to send a request's whole body once its headers are in (``hoyle serve``; one that
    trickles its body is answered 408 and its connection closed)."""


class RoomError(Exception):
    """A request the room refuses: ``code`` for programs, ``message`` for people, ``status`` for HTTP."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message}


class Socket(Protocol):
    """What the room needs of a WebSocket."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@dataclass(slots=True)
class Place:
    """A place at a table in order of arrival: a person or a bot; its seat once the sitting has begun."""

    idx: int
    name: str
    kind: str
    token_hash: str | None = None
    seat: str | None = None


class Conn:
    """One socket: the seat it holds (``None``: watching), its rate limit and the messages queued for it."""

    def __init__(self, ws: Socket, bucket: Bucket, max_backlog: int, address_bucket: Bucket | None = None) -> None:
        self.ws = ws
        self.bucket = bucket
        self.address_bucket = address_bucket  # shared by every socket from the same client address
        self.seat: str | None = None
        self.place: int | None = None
        self.table: LiveTable | None = None
        self.greeted = False
        self.seen = 0  # events of the table's log sent to this socket so far
        self.patches = False  # the socket asked for views as JSON Patches (RFC 6902) where they are smaller
        self.view_seq: int | None = None  # the table's seq when this socket was last sent a whole view or a patch
        self._out: deque[str] = deque()
        self._wake = asyncio.Event()
        self._max = max_backlog
        self.closed = False

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict is encoded); a socket too far behind is dropped and may reconnect."""
        if self.closed:
            return
        if len(self._out) >= self._max:
            self.closed = True
            self._wake.set()
            return
        self._out.append(message if isinstance(message, str) else _dumps(message))
        self._wake.set()

    def error(self, code: str, message: str, ref: Any = None, **extra: Any) -> None:
        d: dict[str, Any] = {"type": "error", "code": code, "message": message}
        if ref is not None:
            d["ref"] = ref
        d.update(extra)
        self.send(d)

    async def pump(self) -> None:
        """Send what is queued, in order, until the socket closes."""
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._out:
                    await self.ws.send_text(self._out.popleft())
                if self.closed:
                    with contextlib.suppress(Exception):
                        await self.ws.close(code=1013, reason="too far behind; reconnect to catch up")
                    return
        except Exception:  # the socket went away; the receiving side cleans up
            self.closed = True


@dataclass(eq=False)
class LiveTable:
    """A table of the room: its places, its engine table once begun, its sockets."""

    id: str
    game: str
    options: dict[str, Any]
    place_count: int
    status: str = "waiting"  # waiting | playing | over | broken | closed | expired | abandoned
    places: list[Place] = field(default_factory=list)
    table: Table | None = None
    note: str | None = None
    conns: set[Conn] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deal_starts: list[int] = field(default_factory=list)
    deal_json: dict[int, str] = field(default_factory=dict)
    saved_deals: int = 0
    saved_cuts: int = 0
    bots: dict[int, Any] = field(default_factory=dict)  # place index -> bot
    driver: asyncio.Task[None] | None = None
    players_seen: Any = None
    owner_hash: str | None = None
    opened_by: str | None = None
    views: dict[str | None, tuple[int, Any]] = field(default_factory=dict)  # seat -> (seq, the view last sent)
    touched: float = field(default_factory=time.time)  # when last a place was taken or given up, or an action taken

    # ------------------------------------------------------------------ facts

    @functools.cached_property
    def title(self) -> str:
        return make_game(self.game, **self.options).spec.title

    @property
    def n_actions(self) -> int:
        return len(self.table.actions) if self.table is not None else 0

    def place_at(self, seat: str | None) -> Place | None:
        if seat is None:
            return None
        return next((p for p in self.places if p.seat == seat), None)

    def connected(self) -> set[int]:
        return {c.place for c in self.conns if c.place is not None and not c.closed}

    def meta(self) -> dict[str, Any]:
        """What everyone may know of the table: game, state, places (names, kinds, seats, who is here)."""
        t = self.table
        here = self.connected()
        d: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "title": self.title,
            "options": self.options,
            "status": self.status,
            "place_count": self.place_count,
            "seats": list(t.seats) if t is not None else None,
            "places": [
                {
                    "name": p.name,
                    "kind": p.kind,
                    "seat": p.seat,
                    "bot": p.kind != "human",
                    "here": p.kind != "human" or p.idx in here,
                }
                for p in self.places
            ],
            "watchers": sum(1 for c in self.conns if c.place is None),
            "n_actions": self.n_actions,
            "to_act": t.to_act if t is not None else None,
            "scores": dict(t.scores) if t is not None else None,
            "over": bool(t is not None and t.over),
            "deals": self.finished_deals(),
        }
        if self.note:
            d["note"] = self.public_note()
        return d

    def public_note(self) -> str:
        """What is wrong with the table, as everyone may be told it (see :func:`public_note`)."""
        return public_note(self.status, self.note)

    def finished_deals(self) -> int:
        t = self.table
        if t is None:
            return 0
        return t.settled_deals  # the engine's record API (docs/engine.md)


ENDED = ("closed", "expired", "abandoned")
"""The states of a table that will see no more play and was not played out."""


def public_note(status: str, note: str | None) -> str:
    """What is wrong with a table, as everyone may be told it.

    A broken table's stored reason (the engine's, which may name a card: "E does not hold 5D") stays in the
    database for whoever mends it; everyone is told only that it no longer replays.  The other notes are the
    room's own sentences (a table closed, expired, abandoned, a bot that failed) and name no card.

    >>> public_note("broken", "its record no longer replays: E does not hold the five of diamonds")
    'its record no longer replays under the present rules; the room keeps it aside'
    """
    if status == "broken":
        return "its record no longer replays under the present rules; the room keeps it aside"
    return note or ""


def _dumps(d: dict[str, Any]) -> str:
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def clean_name(name: Any) -> str:
    """A person's name as shown at the table: NFKC-normalised, trimmed, spaces folded, at most 24 letters, no
    markup.

    >>> clean_name("  Sarah   Battle ")
    'Sarah Battle'
    >>> clean_name("Ｓａｒａｈ")  # full-width letters are letters
    'Sarah'
    >>> clean_name("<b>")
    Traceback (most recent call last):
    ...
    hoyle.server.room.RoomError: a name has letters, digits, spaces and . ' - only
    """
    if not isinstance(name, str):
        raise RoomError("bad_name", "a name is text, e.g. 'Sarah'")
    n = " ".join(unicodedata.normalize("NFKC", name).split())
    if not n:
        raise RoomError("bad_name", "say your name to take a place")
    if len(n) > _MAX_NAME:
        raise RoomError("bad_name", f"a name has at most {_MAX_NAME} characters, not {len(n)}")
    if not _NAME_OK.match(n):
        raise RoomError("bad_name", "a name has letters, digits, spaces and . ' - only")
    return n


def _span(seconds: float) -> str:
    """A length of time in words: ``_span(1800) == '30 minutes'``."""
    if seconds >= 3600 and seconds % 3600 == 0:
        h = int(seconds // 3600)
        return "an hour" if h == 1 else f"{h} hours"
    if seconds >= 60:
        m = round(seconds / 60)
        return "a minute" if m == 1 else f"{m} minutes"
    return f"{seconds:g} seconds"


@functools.cache
def _confusable_classes() -> dict[str, str]:
    """Each character that Unicode's confusables data (UTS #39, as the ``confusable_homoglyphs`` package ships
    it) says may be mistaken for another, mapped to one character standing for all those it may be mistaken
    for, directly or by a chain (the class's smallest code point)."""
    from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for ch, glyphs in confusables.confusables_data.items():
        for g in glyphs:
            other = str(g.get("c", "")).strip("\u200e\u200f")  # the data wraps right-to-left letters in marks
            if len(ch) == 1 and len(other) == 1:
                a, b = find(ch), find(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {x: find(x) for x in parent}


def name_keys(name: str) -> tuple[str, ...]:
    """What a name looks like, as keys: two names that share a key may be taken one for the other.

    The name's characters mapped to their confusable classes, as written, casefolded and upper-cased (so
    that 'Bob' and 'B0B' meet by 'BOB').

    >>> name_keys("Ada") == name_keys("\u0410da")  # a Cyrillic A
    True
    >>> set(name_keys("Bob")) & set(name_keys("B0B")) != set()
    True
    >>> set(name_keys("Ada")) & set(name_keys("Ana"))
    set()
    """
    classes = _confusable_classes()
    n = unicodedata.normalize("NFKC", name)
    return tuple(
        "".join(classes.get(c, c) for c in unicodedata.normalize("NFKC", form)) for form in (n, n.casefold(), n.upper())
    )


def looks_like(a: str, b: str) -> bool:
    """Whether two names may be mistaken for one another (see :func:`name_keys`)."""
    return any(x == y for x, y in zip(name_keys(a), name_keys(b), strict=True))


class Room:
    """Every table of the room, in memory; the database behind them."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self.actions_applied = 0
        self.encoded = 0  # updates encoded (once per seat and action, however many sockets watch)
        self.stages = store.stages  # where an action's time goes (timing.py)
        self.closing = False
        self._sweeper: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ loading

    async def startup(self) -> None:
        """Rebuild every table waiting or in play (by replay) and set the bots going again."""
        from .store import load_tables

        ids = await asyncio.to_thread(self.store.read, lambda s: load_tables(s, ("waiting", "playing")))
        for tid in ids:
            lt = await self.get(tid)
            if lt is not None and lt.status == "playing":
                self.kick(lt)
        if ids:
            log.info("resumed %d tables", len(ids))
        await self.sweep()  # expired tables go, wedged ones begin, before anyone asks
        if self.settings.sweep_every > 0:
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="room sweeper")

    async def _sweep_forever(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:  # the sweeper must not die of one table's trouble
                log.exception("the room's sweep failed")

    async def sweep(self, now: float | None = None) -> None:
        """Expire waiting tables nobody came to, abandon sittings nobody plays, begin any table whose places
        are all taken but whose sitting did not begin (a failed write, repaired here and at every start)."""
        now = time.time() if now is None else now
        st = self.settings
        for lt in list(self.tables.values()):
            if lt.status == "waiting" and len(lt.places) >= lt.place_count:
                async with lt.lock:
                    if lt.status == "waiting" and len(lt.places) >= lt.place_count:
                        try:
                            await self._begin(lt)
                        except Exception as exc:
                            log.error("table %s: its sitting still cannot begin (%s)", lt.id, type(exc).__name__)
                        else:
                            log.info("table %s: repaired: every place was taken, the sitting begins", lt.id)
                            self._broadcast_state(lt)
            elif lt.status == "waiting" and now - lt.touched > st.waiting_ttl:
                await self._end(
                    lt, "expired", f"nobody came for {_span(st.waiting_ttl)}; the table is closed", was=("waiting",)
                )
            elif (
                lt.status == "playing"
                and now - lt.touched > st.abandon_after
                and not lt.connected()
                and any(p.kind == "human" for p in lt.places)
            ):
                await self._end(
                    lt,
                    "abandoned",
                    f"nobody played for {_span(st.abandon_after)}; the sitting was left unfinished",
                    was=("playing",),
                )

    async def _end(self, lt: LiveTable, status: str, note: str, *, was: tuple[str, ...]) -> None:
        """Close a table for good (by its owner, or as expired or abandoned), saying why."""
        async with lt.lock:
            if lt.status not in was:
                return
            await self.store.run(SetStatus(lt.id, status, note, was))
            lt.status, lt.note = status, note
            if lt.driver is not None:
                lt.driver.cancel()
            log.info("table %s: %s", lt.id, status)
            self._broadcast_state(lt)
        self._maybe_evict(lt)

    async def shutdown(self) -> None:
        self.closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(BaseException):
                await self._sweeper
        for lt in list(self.tables.values()):
            if lt.driver is not None:
                lt.driver.cancel()
                with contextlib.suppress(BaseException):
                    await lt.driver
        for lt in list(self.tables.values()):
            for c in list(lt.conns):
                with contextlib.suppress(Exception):
                    await c.ws.close(code=1012, reason="the room is restarting; reconnect shortly")

    async def get(self, tid: str) -> LiveTable | None:
        """The table ``tid`` from memory, or loaded from the database and rebuilt; ``None`` if there is none."""
        lt = self.tables.get(tid)
        if lt is not None:
            return lt
        if not isinstance(tid, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,24}", tid):
            return None
        pending = self._loading.get(tid)
        if pending is not None:
            return await pending
        fut: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[tid] = fut
        try:
            loaded = await asyncio.to_thread(self.store.read, lambda s: load_table(s, tid))
            lt = None if loaded is None else await self._from_loaded(loaded)
            if lt is not None:
                self.tables[tid] = lt
            fut.set_result(lt)
            return lt
        except BaseException as exc:
            fut.set_exception(exc)
            raise
        finally:
            del self._loading[tid]
            if not fut.done():
                fut.cancel()
            elif fut.exception() is not None:
                fut.exception()  # retrieved: no warning

    async def table(self, tid: str) -> LiveTable:
        lt = await self.get(tid)
        if lt is None:
            raise RoomError("unknown_table", f"there is no table {tid!r} in this room", 404)
        return lt

    async def _from_loaded(self, lo: LoadedTable) -> LiveTable:
        row = lo.row
        touched = row.updated_at.timestamp() if row.updated_at is not None else time.time()
        lt = LiveTable(
            id=row.id,
            game=row.game,
            options=dict(row.options),
            place_count=row.place_count,
            status=row.status,
            note=row.note,
            owner_hash=row.owner_hash,
            opened_by=row.opened_by,
            places=[Place(p.idx, p.name, p.kind, p.token_hash, p.seat) for p in lo.places],
            touched=touched,
        )
        if row.status in ("playing", "over", "abandoned"):
            try:
                t = replay(lo.record())
            except HoyleError as exc:
                # The reason (which may name cards) goes to the database only, for whoever mends it.
                lt.status = "broken"
                lt.note = f"its record no longer replays: {exc}"
                log.error("table %s: its record no longer replays (the reason is in room_tables.note)", lt.id)
                await self.store.run(MarkBroken(lt.id, lt.note))
                return lt
            self._install(lt, t, [d.first_action for d in lo.deals], len(lo.cuts))
            if row.status == "abandoned":
                lt.status = "abandoned"
        return lt

    def _install(self, lt: LiveTable, t: Table, deal_starts: list[int], saved_cuts: int) -> None:
        """Put a rebuilt (or new) engine table in ``lt``, with what has been saved of its chance."""
        lt.table = t
        n_deals = t.chance_counts[0]  # the engine's record API (docs/engine.md)
        lt.deal_starts = list(deal_starts)
        lt.saved_deals = n_deals
        lt.saved_cuts = saved_cuts
        last = max(0, n_deals - 2)
        lt.deal_json = {i: json.dumps(d, sort_keys=True) for i, d in enumerate(t.chance_since(last).deals, last)}
        lt.status = "over" if t.over else "playing"
        self._assign_seats(lt)
        lt.bots = {}
        for p in lt.places:
            if p.kind != "human":
                lt.bots[p.idx] = bot_factory.make(p.kind, lt.game, seed=None)

    @staticmethod
    def _assign_seats(lt: LiveTable) -> bool:
        """Each place's seat, as the table has them (``view(None)["players"]`` where the game names them)."""
        t = lt.table
        assert t is not None
        players = t.view(None).get("players")
        if players == lt.players_seen and all(p.seat for p in lt.places):
            return False
        lt.players_seen = players
        names = [p.name for p in lt.places]
        seat_of: dict[str, str] = {}
        homes = list(dict.fromkeys(catalogue.controller(t, s) for s in t.seats))
        if isinstance(players, dict):
            # Only a seat that plays for itself is a person's: never a Dummy's, whatever anyone is called.
            seat_of = {str(name): seat for seat, name in players.items() if str(name) in names and seat in homes}
        if len(seat_of) != len(names):  # the game does not name its players by seat: in order of arrival
            seat_of = dict(zip(names, homes, strict=False))
        changed = False
        for p in lt.places:
            s = seat_of.get(p.name)
            if s != p.seat:
                p.seat = s
                changed = True
        if changed:
            for c in lt.conns:
                if c.place is not None:
                    c.seat = lt.places[c.place].seat
        return changed

    # ------------------------------------------------------------------ the lobby

    async def create_table(
        self, game: str, options: dict[str, Any], opener: str | None = None
    ) -> tuple[LiveTable, str]:
        """Open a table of ``game`` with ``options``; people and bots then take its places.

        Answers the table and its owner token (given once, stored as a digest): only its holder fills places
        with bots, changes the options or closes the table.  ``opener`` (the client's address) may have at most
        ``max_waiting_per_address`` tables waiting at once.
        """
        live = sum(1 for lt in self.tables.values() if lt.status in ("waiting", "playing"))
        if live >= self.settings.max_tables:
            raise RoomError("room_full", f"the room has {live} tables open, its most; finish or join one", 503)
        who = token_hash(opener) if opener is not None else None
        mine = sum(1 for lt in self.tables.values() if lt.status == "waiting" and who and lt.opened_by == who)
        if who is not None and mine >= self.settings.max_waiting_per_address:
            raise RoomError(
                "too_many_tables",
                f"you have {mine} tables waiting for players, the most one address"
                " may open; fill or close one first (a waiting table closes by itself after"
                f" {_span(self.settings.waiting_ttl)} with nobody coming)",
                429,
            )
        name, opts, place_count = self._resolve(game, options)
        tid = secrets.token_urlsafe(6)
        while tid in self.tables:
            tid = secrets.token_urlsafe(6)
        owner = secrets.token_urlsafe(24)
        await self.store.run(NewTable(tid, name, opts, place_count, token_hash(owner), who))
        lt = LiveTable(
            id=tid, game=name, options=opts, place_count=place_count, owner_hash=token_hash(owner), opened_by=who
        )
        self.tables[tid] = lt
        log.info("table %s opened: %s", tid, name)
        return lt, owner

    @staticmethod
    def _resolve(game: str, options: Any) -> tuple[str, dict[str, Any], int]:
        if not isinstance(options, dict):
            raise RoomError("bad_game", 'options are a JSON object, e.g. {"rubbers": 2}')
        try:
            name, opts = catalogue.resolve_options(game, options)
            return name, opts, catalogue.places_of(name, opts)
        except HoyleError as exc:
            raise RoomError("bad_game", str(exc)) from None
        except (ValueError, TypeError) as exc:
            raise RoomError("bad_game", f"{game}: {exc}") from None

    @staticmethod
    def _check_owner(lt: LiveTable, owner: Any, what: str) -> None:
        ok = (
            isinstance(owner, str)
            and 0 < len(owner) <= 200
            and lt.owner_hash is not None
            and hmac.compare_digest(lt.owner_hash, token_hash(owner))
        )
        if not ok:
            raise RoomError(
                "not_owner",
                f"only the person who opened this table may {what}; their owner token"
                " (sent when the table was opened) was not given",
                403,
            )

    async def change_options(self, tid: str, options: Any, owner: Any) -> LiveTable:
        """The owner changes a waiting table's options; the places already taken must still fit."""
        lt = await self.table(tid)
        self._check_owner(lt, owner, "change its options")
        _name, opts, place_count = self._resolve(lt.game, options)
        async with lt.lock:
            if lt.status != "waiting":
                raise RoomError("table_started", "the sitting at this table has begun: its options are fixed", 409)
            if place_count < len(lt.places):
                raise RoomError("bad_game", f"{len(lt.places)} places are taken; these options seat {place_count}", 409)
            await self.store.run(ChangeOptions(lt.id, opts, place_count))
            lt.options, lt.place_count, lt.touched = opts, place_count, time.time()
            lt.__dict__.pop("title", None)
            if len(lt.places) >= lt.place_count:
                await self._begin_or_undo(lt, len(lt.places))
            self._broadcast_state(lt)
        return lt

    async def close(self, tid: str, owner: Any) -> LiveTable:
        """The owner closes a table before its sitting begins."""
        lt = await self.table(tid)
        self._check_owner(lt, owner, "close it")
        if lt.status != "waiting":
            raise RoomError("table_started", "the sitting at this table has begun: it is played out, not closed", 409)
        await self._end(lt, "closed", "closed by the person who opened it", was=("waiting",))
        return lt

    async def take_place(self, tid: str, name: Any) -> tuple[str, LiveTable, Place]:
        """A person takes the next place: their seat token (returned once, stored only as a digest)."""
        lt = await self.table(tid)
        n = clean_name(name)
        async with lt.lock:
            self._check_waiting(lt)
            if any(p.name.casefold() == n.casefold() for p in lt.places):
                raise RoomError("name_taken", f"{n!r} already has a place at this table; choose another name", 409)
            like = next((p.name for p in lt.places if looks_like(p.name, n)), None)
            if like is not None:
                raise RoomError(
                    "name_taken",
                    f"{n!r} looks like {like!r}, who already has a place at this table;"
                    " choose a name no one could mistake for another",
                    409,
                )
            token = secrets.token_urlsafe(24)
            place = Place(len(lt.places), n, "human", token_hash(token))
            await self.store.run(NewPlace(lt.id, place.idx, place.name, place.kind, place.token_hash))
            lt.places.append(place)
            await self._after_places(lt, place.idx)
        return token, lt, place

    async def add_bots(self, tid: str, kind: Any, count: Any = None, owner: Any = None) -> LiveTable:
        """Fill empty places (all of them, or ``count``) with bots of ``kind``: the owner's choice alone."""
        lt = await self.table(tid)
        self._check_owner(lt, owner, "fill its places with bots")
        kinds = catalogue.bot_kinds(lt.game)
        if kind not in kinds:
            raise RoomError("bad_bot", f"no bot {kind!r} plays {lt.game}; the bots for it are: {', '.join(kinds)}")
        async with lt.lock:
            self._check_waiting(lt)
            free = lt.place_count - len(lt.places)
            if count is None:
                count = free
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= free:
                raise RoomError("bad_count", f"there are {free} empty places; add 1 to {free} bots")
            first = len(lt.places)
            for _ in range(count):
                taken = {p.name.casefold() for p in lt.places}
                name = next((b for b in catalogue.BOT_NAMES if not any(looks_like(b, p.name) for p in lt.places)), None)
                if name is None:
                    name = next(f"Bot {i}" for i in range(1, 100) if f"bot {i}" not in taken)
                place = Place(len(lt.places), name, kind)
                await self.store.run(NewPlace(lt.id, place.idx, place.name, place.kind, None))
                lt.places.append(place)
            await self._after_places(lt, first)
        return lt

    async def leave(self, tid: str, token: Any) -> LiveTable:
        """A person gives up their place before the sitting begins."""
        lt = await self.table(tid)
        async with lt.lock:
            self._check_waiting(lt, full_ok=True)
            place = self._place_for(lt, token)
            if place is None:
                raise RoomError("bad_token", "this token holds no place at this table", 403)
            await self.store.run(LeavePlace(lt.id, place.idx))
            lt.touched = time.time()
            lt.places.remove(place)
            for i, p in enumerate(lt.places):
                p.idx = i
            for c in list(lt.conns):
                if c.place == place.idx:
                    c.place = c.seat = None
                elif c.place is not None and c.place > place.idx:
                    c.place -= 1
            self._broadcast_state(lt)
        return lt

    @staticmethod
    def _check_waiting(lt: LiveTable, *, full_ok: bool = False) -> None:
        if lt.status in ENDED:
            raise RoomError("table_closed", f"this table is {lt.status}: {lt.public_note()}", 409)
        if lt.status != "waiting":
            raise RoomError(
                "table_started",
                "the sitting at this table has begun; its places are taken; watch it or open another table",
                409,
            )
        if len(lt.places) >= lt.place_count and not full_ok:
            raise RoomError("table_full", "every place at this table is taken", 409)

    async def _after_places(self, lt: LiveTable, first_new: int) -> None:
        lt.touched = time.time()
        if len(lt.places) >= lt.place_count:
            await self._begin_or_undo(lt, first_new)
        self._broadcast_state(lt)

    async def _begin_or_undo(self, lt: LiveTable, first_new: int) -> None:
        """Begin the sitting, trying the write again if it fails; if it still fails, give back the places taken
        by this request (from ``first_new``), so that the table is waiting as before, and say so (503)."""
        for pause in (0.05, 0.25, None):
            try:
                await self._begin(lt)
                return
            except Exception as exc:
                log.error("table %s: the sitting could not begin (%s)", lt.id, type(exc).__name__)
                if pause is None:
                    break
                await asyncio.sleep(pause)
        try:
            await self.store.run(DropPlaces(lt.id, first_new))
        except Exception as exc:
            # The places stay taken in the database and here: the room's sweep begins the sitting once the
            # database takes the write again (and every start of the room does the same).
            log.error("table %s: the places could not be given back either (%s)", lt.id, type(exc).__name__)
        else:
            del lt.places[first_new:]
        raise RoomError(
            "not_saved",
            "the room could not save the start of the sitting, so it has not begun and"
            " the place you asked for was given back; try again",
            503,
        )

    async def _begin(self, lt: LiveTable) -> None:
        """Every place is taken: the engine table is made (cutting, the first deal), each place gets its seat."""
        g = make_game(lt.game, **lt.options)
        t = g.table(players=[p.name for p in lt.places], seed=None)  # the OS CSPRNG; the record keeps the deals
        rec = t.record()
        lt.table = t
        self._assign_seats(lt)
        deals, cuts = t.chance_since()  # the engine's record API (docs/engine.md)
        status = "over" if t.over else "playing"
        try:
            await self.store.run(
                StartTable(
                    lt.id,
                    list(t.seats),
                    rec["start"],
                    {p.idx: p.seat for p in lt.places if p.seat},
                    tuple((i, json.loads(json.dumps(d))) for i, d in enumerate(deals)),
                    tuple((i, json.loads(json.dumps(c))) for i, c in enumerate(cuts)),
                    dict(t.scores),
                    t.over,
                    status,
                )
            )
        except Exception:
            lt.table = None
            lt.players_seen = None
            for p in lt.places:
                p.seat = None
            for c in lt.conns:
                c.seat = None
            raise
        self._install(lt, t, [0] * len(deals), len(cuts))
        log.info("table %s begins: %s", lt.id, lt.game)
        self.kick(lt)

    # ------------------------------------------------------------------ sockets

    @staticmethod
    def acts(t: Table, seat: str) -> bool:
        """Whether the person in ``seat`` acts now: the seat to act is theirs, or one they play (a Dummy)."""
        to_act = t.to_act
        return to_act is not None and catalogue.controller(t, to_act) == seat

    @staticmethod
    def irregulars(t: Table, seat: str | None) -> list[str]:
        """What ``seat`` may do out of turn now (law mode: irregularities, rights exercised out of turn)."""
        if seat is None:
            return []
        f = getattr(t, "irregular_actions", None)
        if f is None:
            return []
        try:
            return [str(a.by(None)) for a in f(seat)]
        except (HoyleError, ValueError):
            return []

    def _place_for(self, lt: LiveTable, token: Any) -> Place | None:
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        h = token_hash(token)
        for p in lt.places:
            if p.token_hash is not None and hmac.compare_digest(p.token_hash, h):
                return p
        return None

    async def hello(self, conn: Conn, lt: LiveTable, token: Any, since: Any, patches: Any = False) -> None:
        """A socket says who it is (a seat token, or none to watch) and how many events it has seen."""
        async with lt.lock:
            place = None
            if token is not None:
                place = self._place_for(lt, token)
                if place is None:
                    conn.error("bad_token", "this token holds no place at this table; you are watching")
            conn.place = place.idx if place is not None else None
            conn.seat = place.seat if place is not None else None
            conn.table = lt
            conn.greeted = True
            conn.patches = patches is True
            was_here = lt.connected()
            lt.conns.add(conn)
            conn.send(self._state(lt, conn, since, kind="welcome"))
            if lt.connected() != was_here:
                self._broadcast_meta(lt, skip=conn)

    def detach(self, conn: Conn) -> None:
        lt = conn.table
        if lt is None:
            return
        before = lt.connected()
        lt.conns.discard(conn)
        conn.closed = True
        if lt.connected() != before:
            self._broadcast_meta(lt)
        self._maybe_evict(lt)

    def _maybe_evict(self, lt: LiveTable) -> None:
        """A finished table nobody watches leaves memory; the database keeps it (it is loaded again on demand)."""
        idle = lt.status in ("over", "broken", *ENDED) and not lt.conns and not lt.lock.locked()
        if idle and self.tables.get(lt.id) is lt:
            del self.tables[lt.id]

    def _state(self, lt: LiveTable, conn: Conn, since: Any, *, kind: str = "state") -> dict[str, Any]:
        """The whole table as ``conn``'s seat may see it, with the events after ``since`` (what it has seen)."""
        t = lt.table
        seat, place = conn.seat, conn.place
        d: dict[str, Any] = {
            "type": kind,
            "table": lt.meta(),
            "seat": seat,
            "place": place,
            "name": lt.places[place].name if place is not None else None,
            "seq": lt.n_actions,
        }
        if t is None:
            d.update(view=None, legal=[], to_act=None, events={"from": 0, "to": 0, "items": []})
            conn.seen = 0
            return d
        n = len(t.events)
        if isinstance(since, int) and not isinstance(since, bool) and 0 <= since <= n:
            start = max(since, n - self.settings.max_catch_up)
        else:
            start = max(0, n - self.settings.history)
        d.update(
            view=t.view(seat),
            legal=[str(a) for a in t.legal_actions()] if seat is not None and self.acts(t, seat) else [],
            irregular=self.irregulars(t, seat),
            to_act=t.to_act,
            events={"from": start, "to": n, "items": [e.visible_to(seat) for e in t.events[start:]]},
        )
        conn.seen = n
        conn.view_seq = len(t.actions)
        lt.views[seat] = (len(t.actions), d["view"])
        return d

    def _broadcast_state(self, lt: LiveTable) -> None:
        for c in list(lt.conns):
            c.send(self._state(lt, c, c.seen))

    def _broadcast_meta(self, lt: LiveTable, skip: Conn | None = None) -> None:
        text = _dumps({"type": "table", "table": lt.meta()})
        for c in list(lt.conns):
            if c is not skip:
                c.send(text)

    async def receive(self, conn: Conn, text: str | None) -> None:
        """One message from a socket: checked for size, rate, form; then a hello, an action, a sync or a ping."""
        if not conn.bucket.take():
            conn.error(
                "rate_limited",
                f"too many messages: at most {self.settings.ws_limit.rate:g} a second"
                f" (bursts of {self.settings.ws_limit.burst:g}); this one was ignored",
                retry_after=round(conn.bucket.retry_after(), 2),
            )
            return
        ab = conn.address_bucket
        if ab is not None and not ab.take():
            lim = self.settings.ws_address_limit
            conn.error(
                "rate_limited",
                f"too many messages from your address, all its sockets together: at most"
                f" {lim.rate:g} a second (bursts of {lim.burst:g}); this one was ignored",
                retry_after=round(ab.retry_after(), 2),
            )
            return
        if text is None:
            conn.error("bad_message", 'send text frames holding JSON, e.g. {"type": "hello"}')
            return
        if len(text) > self.settings.max_message:
            conn.error(
                "too_large",
                f"a message has at most {self.settings.max_message} characters;"
                f" this one has {len(text)} and was ignored",
            )
            return
        try:
            msg = json.loads(text)
        except ValueError:
            conn.error(
                "bad_json", 'a message is one JSON object, e.g. {"type": "action", "action": "play QS", "seq": 12}'
            )
            return
        if not isinstance(msg, dict):
            conn.error("bad_message", 'a message is a JSON object with a "type": hello, action, sync or ping')
            return
        ref = msg.get("id")
        if ref is not None and not (
            isinstance(ref, (str, int)) and not isinstance(ref, bool) and len(str(ref)) <= _MAX_REF
        ):
            conn.error("bad_message", f'"id" is a number or a text of at most {_MAX_REF} characters')
            return
        kind = msg.get("type")
        lt = conn.table
        if kind == "ping":
            conn.send({"type": "pong", "id": ref} if ref is not None else {"type": "pong"})
            return
        if lt is None:
            conn.error("unknown_table", "this socket is at no table")
            return
        if kind == "hello":
            await self.hello(conn, lt, msg.get("token"), msg.get("since"), msg.get("patches", False))
            return
        if not conn.greeted:
            conn.error("hello_first", 'say hello first: {"type": "hello", "token": null}', ref)
            return
        if kind == "sync":
            async with lt.lock:
                conn.send(self._state(lt, conn, msg.get("since")))
            return
        if kind == "action":
            await self.act(conn, lt, msg, ref)
            return
        conn.error("bad_message", f"unknown message type {kind!r}; the types are: hello, action, sync, ping", ref)

    async def act(self, conn: Conn, lt: LiveTable, msg: dict[str, Any], ref: Any) -> None:
        """An action from a socket: only the seat to act, on the table as it is now, reaches the engine."""
        text = msg.get("action")
        if not isinstance(text, str) or not text.strip():
            conn.error("bad_message", 'an action message needs "action": its text, e.g. "play QS"', ref)
            return
        seq = msg.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            conn.error(
                "bad_message",
                'an action message needs "seq": the number of actions taken at the table'
                ' you saw (the "seq" of the last update)',
                ref,
            )
            return
        began = time.perf_counter()
        async with lt.lock:
            self.stages.add("lock", time.perf_counter() - began)
            t = lt.table
            if conn.place is None:
                conn.error("not_seated", "you are watching this table; take a place to play", ref)
                return
            if lt.status == "waiting" or t is None:
                conn.error("not_started", "the sitting has not begun: every place must be taken first", ref)
                return
            if lt.status == "broken":
                conn.error("table_broken", f"this table cannot go on: {lt.public_note()}", ref)
                return
            if lt.status in ENDED:
                conn.error("table_closed", f"this table is {lt.status}: {lt.public_note()}", ref)
                return
            if t.over:
                conn.error("table_over", "the sitting is over; nothing more can be done", ref)
                return
            seat = conn.seat
            assert seat is not None
            try:
                action = Action.parse(text)
            except InvalidAction as exc:
                conn.error("invalid_action", str(exc), ref)
                return
            claimed = msg.get("seat")
            said = action.seat if action.seat is not None else claimed
            mine = [s for s in t.seats if catalogue.controller(t, s) == seat]
            if said is not None and (said not in mine or (claimed is not None and claimed != said)):
                conn.error(
                    "wrong_seat", f"you play {' and '.join(mine)}, not {said!r}; your token is for {seat} only", ref
                )
                return
            if seq != len(t.actions):
                conn.error(
                    "stale",
                    f"stale: you acted on the table as it was after {seq} actions; it has moved on"
                    f" to {len(t.actions)}. Here it is as it is now.",
                    ref,
                )
                conn.send(self._state(lt, conn, conn.seen))
                return
            to_act = t.to_act
            found = t.act_for(seat, action, said=said, plays_to_act=self.acts(t, seat))  # the table's rule
            if found is None:
                who = lt.place_at(catalogue.controller(t, to_act)) if to_act else None
                conn.error(
                    "not_your_turn", f"it is not your turn: {to_act}{f' ({who.name})' if who else ''} is to act", ref
                )
                return
            actor, action = found
            try:
                await self._apply(lt, actor, action, ack=conn, ref=ref)
                self.stages.add("total", time.perf_counter() - began)
            except InvalidAction as exc:
                conn.error("invalid_action", str(exc), ref)
            except IllegalAction as exc:
                conn.error("illegal_action", str(exc), ref, law=exc.law)
            except RoomError as exc:
                conn.error(exc.code, exc.message, ref)
        self.kick(lt)

    # ------------------------------------------------------------------ applying an action

    async def _apply(
        self, lt: LiveTable, seat: str, text: str | Action, *, ack: Conn | None = None, ref: Any = None
    ) -> None:
        """Apply, commit, then tell everyone (each socket its own seat's part).  Called with the lock held."""
        t = lt.table
        assert t is not None
        seq = len(t.actions)
        n_events = len(t.events)
        began = time.perf_counter()
        try:
            t.apply(text)
        except HoyleError:
            raise  # refused: the engine changed nothing
        except Exception as exc:
            # Logged without its message, which might name a card; the record in the database reproduces it.
            log.error(
                "table %s: the engine failed on action %d (%s); rebuilding from the database",
                lt.id,
                seq,
                type(exc).__name__,
            )
            await self._reload(lt)
            raise RoomError(
                "internal", "the table could not take that action (an error in the room); it is as it was; try again"
            ) from exc
        action = str(t.actions[-1])
        deals, cuts, deal_js = self._chance_delta(lt)
        status = "over" if t.over else "playing"
        write = ActionWrite(
            lt.id, seq, seat, action, tuple((i, d) for i, d, _ in deals), tuple(cuts), dict(t.scores), t.over, status
        )
        self.stages.add("engine", time.perf_counter() - began)
        try:
            await self.store.run(write)
        except Exception as exc:
            # Not the driver's message: it quotes the statement's parameters, a new deal's pack order among them.
            log.error(
                "table %s: could not save action %d (%s); rebuilding from the database", lt.id, seq, type(exc).__name__
            )
            await self._reload(lt)
            raise RoomError(
                "not_saved",
                "the room could not save that action, so it was not taken; the table is as it was; try again",
            ) from exc
        # Committed: now the room may remember it and tell everyone.
        n_deals = t.chance_counts[0]
        lt.deal_starts.extend([seq + 1] * (n_deals - lt.saved_deals))
        lt.saved_deals = n_deals
        lt.saved_cuts += len(cuts)
        lt.deal_json.update(deal_js)
        for i in [i for i in lt.deal_json if i < n_deals - 2]:
            del lt.deal_json[i]
        lt.status = status
        lt.touched = time.time()
        self.actions_applied += 1
        reseated = self._assign_seats(lt)
        began = time.perf_counter()
        self._broadcast_update(lt, seat, action, seq + 1, n_events, ack, ref, reseated)
        self.stages.add("fanout", time.perf_counter() - began)
        if t.over:
            log.info("table %s: the sitting is over: %s", lt.id, t.scores)
            asyncio.get_running_loop().call_soon(self._maybe_evict, lt)

    def _chance_delta(
        self, lt: LiveTable
    ) -> tuple[list[tuple[int, dict[str, Any], str]], list[tuple[int, dict[str, Any]]], dict[int, str]]:
        t = lt.table
        assert t is not None
        since = max(0, lt.saved_deals - 1)
        deals, cuts = t.chance_since(since, lt.saved_cuts)  # the engine's record API (docs/engine.md)
        changed: list[tuple[int, dict[str, Any], str]] = []
        js_map: dict[int, str] = {}
        for i, deal in enumerate(deals, since):
            js = json.dumps(deal, sort_keys=True)
            if lt.deal_json.get(i) != js:
                changed.append((i, json.loads(js), js))
                js_map[i] = js
        new_cuts = [(i, json.loads(json.dumps(c))) for i, c in enumerate(cuts, lt.saved_cuts)]
        return changed, new_cuts, js_map

    async def _reload(self, lt: LiveTable) -> None:
        """Rebuild ``lt``'s engine table from the database (after a failure): the database is the truth."""
        loaded = await asyncio.to_thread(self.store.read, lambda s: load_table(s, lt.id))
        if loaded is None:
            lt.status = "broken"
            lt.note = "the table is gone from the database"
            return
        fresh = await self._from_loaded(loaded)
        lt.places = fresh.places
        lt.status = fresh.status
        lt.note = fresh.note
        if fresh.table is not None:
            self._install(lt, fresh.table, fresh.deal_starts, fresh.saved_cuts)
        self._broadcast_state(lt)

    def _broadcast_update(
        self,
        lt: LiveTable,
        actor: str,
        action: str,
        seq: int,
        n_events: int,
        ack: Conn | None,
        ref: Any,
        reseated: bool,
    ) -> None:
        """Tell every socket of the action: each message made and encoded once per seat (all the spectators
        share one), not once per socket; a socket that asked for patches and holds the seat's last view is
        sent a JSON Patch of the view instead, when that is shorter."""
        t = lt.table
        assert t is not None
        events = t.events[n_events:]
        to = len(t.events)
        to_act = t.to_act
        meta = lt.meta()
        legal_texts: list[str] | None = None
        by_seat: dict[str | None, list[Conn]] = {}
        for c in list(lt.conns):
            by_seat.setdefault(c.seat, []).append(c)
        for seat, conns in by_seat.items():
            legal: list[str] = []
            if seat is not None and self.acts(t, seat):
                if legal_texts is None:
                    legal_texts = [str(a) for a in t.legal_actions()]
                legal = legal_texts
            view = t.view(seat)
            d: dict[str, Any] = {
                "type": "update",
                "seq": seq,
                "actor": actor,
                "action": action,
                "events": {"from": n_events, "to": to, "items": [e.visible_to(seat) for e in events]},
                "view": view,
                "legal": legal,
                "irregular": self.irregulars(t, seat),
                "to_act": to_act,
                "table": meta,
                "seat": seat,
            }
            full = self._encode(d)
            patched: tuple[dict[str, Any], str] | None = None
            before = lt.views.get(seat)
            if before is not None and before[0] == seq - 1 and any(c.patches and c.view_seq == seq - 1 for c in conns):
                ops = jsonpatch.make_patch(before[1], view).patch
                pd = {k: v for k, v in d.items() if k != "view"} | {"view_patch": ops}
                text = self._encode(pd)
                if len(text) < len(full):
                    patched = (pd, text)
            lt.views[seat] = (seq, view)
            for c in conns:
                use_patch = patched is not None and c.patches and c.view_seq == seq - 1
                c.seen = to
                c.view_seq = seq
                if c is ack:
                    c.send(
                        self._encode(
                            {**(patched[0] if use_patch and patched else d), "ack": ref if ref is not None else True}
                        )
                    )
                else:
                    c.send(patched[1] if use_patch and patched else full)

    def _encode(self, d: dict[str, Any]) -> str:
        self.encoded += 1
        return _dumps(d)

    # ------------------------------------------------------------------ bots

    def kick(self, lt: LiveTable) -> None:
        """Set the table's bots going if a bot is to act (one driver a table)."""
        if self.closing or lt.status != "playing":
            return
        if lt.driver is None or lt.driver.done():
            lt.driver = asyncio.create_task(self._drive(lt), name=f"bots {lt.id}")

    def _pace(self, lt: LiveTable) -> float:
        d = self.settings.bot_delay
        t = lt.table
        if d <= 0 or t is None or not t.events:
            return max(d, 0.0)
        last = t.events[-1].kind
        kinds = {e.kind for e in t.events[-6:]}
        if "deal" in kinds and last in ("deal", "seating", "cut", "call"):
            return d * 3.5  # a new deal: time to read the result
        if last == "trick":
            return d * 1.8  # a trick turned: time to see it
        return d

    async def _drive(self, lt: LiveTable) -> None:
        failures = 0
        while not self.closing:
            t = lt.table
            if t is None or lt.status != "playing" or t.over:
                return
            place = lt.place_at(catalogue.controller(t, t.to_act)) if t.to_act else None
            if place is None or place.idx not in lt.bots:
                return
            delay = self._pace(lt)
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            async with lt.lock:
                t = lt.table
                if t is None or lt.status != "playing" or t.over:
                    return
                seat = t.to_act
                place = lt.place_at(catalogue.controller(t, seat)) if seat else None
                if place is None or place.idx not in lt.bots or seat is None:
                    return
                try:
                    # A search bot thinks for up to a second: off the event loop, in a thread (the lock keeps the
                    # table still meanwhile).
                    choice = await asyncio.to_thread(bot_factory.decide, lt.bots[place.idx], t)
                    await self._apply(lt, seat, choice)
                    failures = 0
                except (HoyleError, RoomError, ValueError) as exc:
                    failures += 1
                    log.error("table %s: the bot at %s failed (%s)", lt.id, seat, type(exc).__name__)
                    if failures >= 3:
                        lt.note = f"the bot at {seat} could not play ({type(exc).__name__})"
                        self._broadcast_meta(lt)
                        return
                    await asyncio.sleep(1.0)
