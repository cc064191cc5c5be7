"""Persistence: one writer thread that commits the room's changes, grouping those that arrive together.

Every accepted action is written, with the chance it drew and the table's new scores, in one transaction
before anyone is told of it (:meth:`Store.run` returns only after the commit).  Changes that arrive while a
commit is under way are committed together (group commit), so that many tables do not wait on one disk
flush each; if such a group fails, each change is retried in a transaction of its own, so one bad change
cannot undo another.  The event loop never waits on the database: it awaits the writer's future.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Engine, Table, bindparam, insert, select, update
from sqlalchemy.orm import Session

from ..engine.table import make_record
from .db import ActionRow, ChanceRow, PlaceRow, TableRow, now
from .timing import Stages

__all__ = [
    "ActionWrite",
    "ChangeOptions",
    "Conflict",
    "DropPlaces",
    "LoadedTable",
    "SetStatus",
    "Store",
    "load_table",
    "load_tables",
]

T = TypeVar("T")
log = logging.getLogger("hoyle.room")

_GROUP = 256  # at most this many changes in one commit


class Conflict(RuntimeError):
    """The database does not hold what the room expected (another process wrote the same table)."""


class _Write(Future[T]):
    """A change's future, with when it was queued and when its commit ended (``time.perf_counter``)."""

    queued_at = 0.0
    done_at = 0.0


class Store:
    """The room's database, written by one thread."""

    def __init__(self, engine: Engine, stages: Stages | None = None) -> None:
        self.engine = engine
        self.stages = stages or Stages()
        self._queue: queue.SimpleQueue[tuple[Callable[[Session], Any], _Write[Any]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.commits = 0
        self.writes = 0

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="hoyle-db-writer", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Finish what is queued, then stop the writer."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=30)
            self._thread = None
        self.engine.dispose()

    def submit(self, fn: Callable[[Session], T]) -> _Write[T]:
        """Queue ``fn(session)``; its future is done once the transaction that ran it is committed."""
        fut: _Write[T] = _Write()
        fut.queued_at = time.perf_counter()
        if self._thread is None:
            fut.set_exception(RuntimeError("the room's database writer is not running"))
            return fut
        self._queue.put((fn, fut))
        return fut

    async def run(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` in the writer thread and wait, without blocking the event loop, for its commit."""
        fut = self.submit(fn)
        res = await asyncio.wrap_future(fut)
        if fut.done_at:
            self.stages.add("wake", time.perf_counter() - fut.done_at)
        return res

    def read(self, fn: Callable[[Session], T]) -> T:
        """Run a read in the calling thread (startup, tests)."""
        with Session(self.engine) as s:
            return fn(s)

    # ------------------------------------------------------------------ the writer

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            group = [item]
            stop = False
            while len(group) < _GROUP:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                group.append(nxt)
            self._commit(group)
            if stop:
                return

    def _commit(self, group: Sequence[tuple[Callable[[Session], Any], _Write[Any]]]) -> None:
        live = [(fn, fut) for fn, fut in group if fut.set_running_or_notify_cancel()]
        if not live:
            return
        if len(live) > 1:
            began = time.perf_counter()
            try:
                with Session(self.engine) as s, s.begin():
                    results = [fn(s) for fn, _ in live]
            except Exception:  # retried one by one below, where each gets its own error
                log.warning("a group of %d changes failed; retrying each alone", len(live))
            else:
                self.commits += 1
                self.writes += len(live)
                self._done(live, began, results)
                return
        for fn, fut in live:
            began = time.perf_counter()
            try:
                with Session(self.engine) as s, s.begin():
                    res = fn(s)
            except Exception as exc:  # handed to the waiting coroutine
                fut.set_exception(exc)
            else:
                self.commits += 1
                self.writes += 1
                self._done([(fn, fut)], began, [res])

    def _done(self, live: Sequence[tuple[Any, _Write[Any]]], began: float, results: Sequence[Any]) -> None:
        ended = time.perf_counter()
        for (_, fut), res in zip(live, results, strict=True):
            self.stages.add("queue", began - fut.queued_at)
            self.stages.add("commit", ended - began)
            fut.done_at = ended
            fut.set_result(res)


# ---------------------------------------------------------------------- writes


@dataclass(frozen=True, slots=True)
class ActionWrite:
    """What one accepted action changes in the database (plain data, made in the event loop)."""

    table_id: str
    seq: int  # the action's index; the table had this many actions before it
    seat: str
    action: str
    deals: tuple[tuple[int, dict[str, Any]], ...]  # (index, entry) of deals new or changed
    cuts: tuple[tuple[int, dict[str, Any]], ...]  # (index, entry) of new cuts
    scores: dict[str, Any]
    over: bool
    status: str

    def __call__(self, s: Session) -> None:
        # SQLAlchemy Core on statements built once (below), not the ORM: the writer's Python work an action
        # was most of its time under load (docs/room.md, "Latency"), and it holds the GIL the loop needs.
        conn = s.connection()
        n = self.seq + 1
        at = now()
        res = conn.execute(
            _ADVANCE,
            {
                "w_id": self.table_id,
                "w_seq": self.seq,
                "w_n": n,
                "w_scores": self.scores,
                "w_over": self.over,
                "w_status": self.status,
                "w_at": at,
            },
        )
        if res.rowcount != 1:
            raise Conflict(f"table {self.table_id}: the database does not stand at action {self.seq}")
        conn.execute(
            _RECORD, {"table_id": self.table_id, "seq": self.seq, "seat": self.seat, "action": self.action, "at": at}
        )
        for kind, entries in (("deal", self.deals), ("cut", self.cuts)):
            for idx, data in entries:
                key = {"w_id": self.table_id, "w_kind": kind, "w_idx": idx}
                if conn.execute(_CHANCE_SET, key | {"w_data": data}).rowcount != 1:
                    conn.execute(
                        _CHANCE_NEW,
                        {"table_id": self.table_id, "kind": kind, "idx": idx, "data": data, "first_action": n},
                    )


_T: Table = TableRow.__table__  # type: ignore[assignment]
_A: Table = ActionRow.__table__  # type: ignore[assignment]
_C: Table = ChanceRow.__table__  # type: ignore[assignment]
_ADVANCE = (
    update(_T)
    .where(_T.c.id == bindparam("w_id"), _T.c.n_actions == bindparam("w_seq"))
    .values(
        n_actions=bindparam("w_n"),
        scores=bindparam("w_scores", type_=_T.c.scores.type),
        over=bindparam("w_over", type_=_T.c.over.type),
        status=bindparam("w_status"),
        updated_at=bindparam("w_at", type_=_T.c.updated_at.type),
    )
)
"""An action's change of its table's row, conditional on the actions stored (``WHERE n_actions = seq``)."""
_RECORD = insert(_A)
_CHANCE_SET = (
    update(_C)
    .where(_C.c.table_id == bindparam("w_id"), _C.c.kind == bindparam("w_kind"), _C.c.idx == bindparam("w_idx"))
    .values(data=bindparam("w_data", type_=_C.c.data.type))
)
_CHANCE_NEW = insert(_C)


def upsert_chance(
    s: Session, table_id: str, kind: str, entries: Sequence[tuple[int, dict[str, Any]]], first_action: int
) -> None:
    """Insert new cuts or deals, or update a deal's entry (its result, once settled)."""
    for idx, data in entries:
        row = s.get(ChanceRow, (table_id, kind, idx))
        if row is None:
            s.add(ChanceRow(table_id=table_id, kind=kind, idx=idx, data=data, first_action=first_action))
        else:
            row.data = data


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table opened in the lobby."""

    table_id: str
    game: str
    options: dict[str, Any]
    place_count: int
    owner_hash: str | None = None
    opened_by: str | None = None

    def __call__(self, s: Session) -> None:
        s.add(
            TableRow(
                id=self.table_id,
                game=self.game,
                options=self.options,
                status="waiting",
                place_count=self.place_count,
                n_actions=0,
                over=False,
                created_at=now(),
                updated_at=now(),
                owner_hash=self.owner_hash,
                opened_by=self.opened_by,
            )
        )


@dataclass(frozen=True, slots=True)
class ChangeOptions:
    """The owner changes a waiting table's options (and so perhaps its number of places)."""

    table_id: str
    options: dict[str, Any]
    place_count: int

    def __call__(self, s: Session) -> None:
        res = s.execute(
            update(TableRow)
            .where(TableRow.id == self.table_id, TableRow.status == "waiting")
            .values(options=self.options, place_count=self.place_count, updated_at=now())
        )
        if getattr(res, "rowcount", 1) != 1:
            raise Conflict(f"table {self.table_id} is no longer waiting")


@dataclass(frozen=True, slots=True)
class SetStatus:
    """A table closed by its owner, expired, or abandoned: its new status and why (for everyone to read)."""

    table_id: str
    status: str
    note: str
    was: tuple[str, ...] = ("waiting", "playing")

    def __call__(self, s: Session) -> None:
        res = s.execute(
            update(TableRow)
            .where(TableRow.id == self.table_id, TableRow.status.in_(self.was))
            .values(status=self.status, note=self.note[:2000], updated_at=now())
        )
        if getattr(res, "rowcount", 1) != 1:
            raise Conflict(f"table {self.table_id} is no longer {' or '.join(self.was)}")


@dataclass(frozen=True, slots=True)
class DropPlaces:
    """Places taken from index ``keep`` on are given back (a sitting that could not begin)."""

    table_id: str
    keep: int

    def __call__(self, s: Session) -> None:
        for r in s.scalars(select(PlaceRow).where(PlaceRow.table_id == self.table_id, PlaceRow.idx >= self.keep)):
            s.delete(r)


@dataclass(frozen=True, slots=True)
class NewPlace:
    """A person or a bot takes a place at a waiting table."""

    table_id: str
    idx: int
    name: str
    kind: str
    token_hash: str | None

    def __call__(self, s: Session) -> None:
        s.add(
            PlaceRow(
                table_id=self.table_id,
                idx=self.idx,
                name=self.name,
                kind=self.kind,
                token_hash=self.token_hash,
                created_at=now(),
            )
        )
        s.execute(update(TableRow).where(TableRow.id == self.table_id).values(updated_at=now()))


@dataclass(frozen=True, slots=True)
class LeavePlace:
    """A person leaves a waiting table: the places after theirs move up."""

    table_id: str
    idx: int

    def __call__(self, s: Session) -> None:
        rows = s.scalars(select(PlaceRow).where(PlaceRow.table_id == self.table_id).order_by(PlaceRow.idx)).all()
        keep = [(r.name, r.kind, r.token_hash, r.created_at) for r in rows if r.idx != self.idx]
        for r in rows:
            s.delete(r)
        s.flush()
        for i, (name, kind, token_hash, created) in enumerate(keep):
            s.add(
                PlaceRow(table_id=self.table_id, idx=i, name=name, kind=kind, token_hash=token_hash, created_at=created)
            )


@dataclass(frozen=True, slots=True)
class StartTable:
    """The places are full: the sitting begins (cuts, the first deal), each place gets its seat."""

    table_id: str
    seats: list[str]
    start: dict[str, Any]
    place_seats: dict[int, str]
    deals: tuple[tuple[int, dict[str, Any]], ...]
    cuts: tuple[tuple[int, dict[str, Any]], ...]
    scores: dict[str, Any]
    over: bool
    status: str

    def __call__(self, s: Session) -> None:
        res = s.execute(
            update(TableRow)
            .where(TableRow.id == self.table_id, TableRow.status == "waiting")
            .values(
                status=self.status,
                seats=self.seats,
                start=self.start,
                scores=self.scores,
                over=self.over,
                n_actions=0,
                updated_at=now(),
            )
        )
        if getattr(res, "rowcount", 1) != 1:
            raise Conflict(f"table {self.table_id} is no longer waiting to start")
        for idx, seat in self.place_seats.items():
            s.execute(update(PlaceRow).where(PlaceRow.table_id == self.table_id, PlaceRow.idx == idx).values(seat=seat))
        upsert_chance(s, self.table_id, "deal", self.deals, 0)
        upsert_chance(s, self.table_id, "cut", self.cuts, 0)


@dataclass(frozen=True, slots=True)
class MarkBroken:
    """A table whose record no longer replays: kept, with the reason, and no longer played."""

    table_id: str
    note: str

    def __call__(self, s: Session) -> None:
        s.execute(
            update(TableRow)
            .where(TableRow.id == self.table_id)
            .values(status="broken", note=self.note[:2000], updated_at=now())
        )


# ---------------------------------------------------------------------- reads


@dataclass(slots=True)
class LoadedTable:
    """Everything stored of one table."""

    row: TableRow
    places: list[PlaceRow] = field(default_factory=list)
    deals: list[ChanceRow] = field(default_factory=list)
    cuts: list[ChanceRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        """The hoyle record these rows make (``format`` ``hoyle-record/1``, written by the engine's
        :func:`~hoyle.engine.table.make_record`)."""
        r = self.row
        return make_record(
            game=r.game,
            options=r.options,
            seats=r.seats or [],
            start=r.start or {},
            cuts=[c.data for c in self.cuts],
            deals=[d.data for d in self.deals],
            actions=[a.action for a in self.actions],
            scores=r.scores or {},
            over=bool(r.over),
        )


def load_table(s: Session, table_id: str) -> LoadedTable | None:
    """One table with its places, chance and actions, or ``None``."""
    row = s.get(TableRow, table_id)
    if row is None:
        return None
    out = LoadedTable(row=row)
    out.places = list(s.scalars(select(PlaceRow).where(PlaceRow.table_id == table_id).order_by(PlaceRow.idx)))
    chance = s.scalars(select(ChanceRow).where(ChanceRow.table_id == table_id).order_by(ChanceRow.kind, ChanceRow.idx))
    for c in chance:
        (out.deals if c.kind == "deal" else out.cuts).append(c)
    out.actions = list(s.scalars(select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)))
    s.expunge_all()
    return out


def load_tables(s: Session, statuses: Sequence[str]) -> list[str]:
    """The ids of the tables in these states, oldest first."""
    return list(s.scalars(select(TableRow.id).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at)))
