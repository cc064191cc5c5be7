"""Records and replays: a table's record, its deals (hoyle JSON, PBN, PHH), and the browser's replays."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Request, Response

from ... import records as record_files
from ...errors import HoyleError
from .. import replays
from ..room import LiveTable, RoomError
from ..store import load_table
from .deps import Deps, Services, rate_limited

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["records"])
limited = [Depends(rate_limited)]


async def stored_record(svc: Services, lt: LiveTable) -> tuple[dict[str, Any], list[int]]:
    """A table's record as stored, and the first action of each of its deals."""
    loaded = await asyncio.to_thread(svc.store.read, lambda s: load_table(s, lt.id))
    if loaded is None:
        raise RoomError("unknown_table", f"there is no table {lt.id!r}", 404)
    if loaded.row.status not in ("playing", "over", "abandoned"):
        raise RoomError("no_record", "the sitting has not begun: there is no record yet", 409)
    return loaded.record(), [d.first_action for d in loaded.deals]


async def table_record(svc: Services, tid: str) -> tuple[dict[str, Any], list[int]]:
    """:func:`stored_record` of the table ``tid`` (404 if there is none)."""
    return await stored_record(svc, await svc.room.table(tid))


def attachment(record: dict[str, Any], filename: str) -> Response:
    return Response(
        record_files.dumps(record),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/tables/{tid}/record")
async def api_record(tid: str, svc: Deps) -> Response:
    record, _ = await table_record(svc, tid)
    if not record["over"]:
        raise RoomError(
            "in_play",
            "the sitting is in play: its record holds the cards still in hand, so it is"
            " given out when the sitting is over; finished deals: /api/tables/"
            f"{tid}/deals",
            409,
        )
    return attachment(record, f"hoyle-{record['game'].replace(' ', '-')}-{tid}.json")


@router.get("/tables/{tid}/phh")
async def api_phh(tid: str, svc: Deps) -> Response:
    """A finished poker sitting's hands as PHH (Poker Hand History), every card as played out."""
    record, _ = await table_record(svc, tid)
    if record["game"] != "poker":
        raise RoomError("no_phh", f"PHH is written for poker hands, not for {record['game']}", 404)
    if not record["over"]:
        raise RoomError("in_play", "the sitting is in play: its hands are given out when it is over", 409)
    from ... import phh

    try:
        text = phh.dumps(record)
    except (HoyleError, ValueError) as exc:
        raise RoomError("no_phh", f"these hands cannot be written as PHH: {exc}", 404) from None
    return Response(
        text,
        media_type="application/toml; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="hoyle-{tid}.phhs"'},
    )


@router.get("/tables/{tid}/deals")
async def api_deals(tid: str, svc: Deps) -> dict[str, Any]:
    record, starts = await table_record(svc, tid)
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


@router.get("/tables/{tid}/deals/{n}/pbn")
async def api_deal_pbn(tid: str, n: int, svc: Deps) -> Response:
    record, starts = await table_record(svc, tid)
    deals = record["deals"]
    if not 1 <= n <= len(deals):
        raise RoomError("not_yet", f"there is no deal {n}; the table has had {len(deals)}", 404)
    if "result" not in deals[n - 1]:
        raise RoomError("not_yet", f"deal {n} is still in play: its hands are given out once it is over", 409)
    if not (record["over"] or replays.shown(record, starts, n - 1)):
        raise RoomError(
            "not_yet", f"deal {n} was not played out: its hands are given out when the sitting is over", 409
        )
    text = await svc.workers.run(_pbn, record, n - 1)  # the record is replayed: in a worker, not in the loop
    if text is None:
        raise RoomError("no_pbn", f"PBN is written for whist deals, not for {record['game']}", 404)
    return Response(
        text,
        media_type="application/x-pbn; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="hoyle-{tid}-deal{n}.pbn"'},
    )


async def deal_record(svc: Services, tid: str, n: int) -> tuple[dict[str, Any], list[int]]:
    """Deal ``n`` (1-based) of table ``tid`` as the record of the sitting to its end (409 if not yet)."""
    record, starts = await table_record(svc, tid)
    try:
        return await asyncio.to_thread(replays.deal_record, record, starts, n - 1), starts
    except replays.RecordUnavailable as exc:
        raise RoomError("not_yet", str(exc), 409) from None


@router.get("/tables/{tid}/deals/{n}/record")
async def api_deal_record(tid: str, n: int, svc: Deps) -> Response:
    rec, _ = await deal_record(svc, tid, n)
    return attachment(rec, f"hoyle-{rec['game'].replace(' ', '-')}-{tid}-deal{n}.json")


@router.get("/tables/{tid}/replay", dependencies=limited)
async def api_table_replay(tid: str, request: Request, svc: Deps, deal: int | None = None) -> Response:
    if deal is not None:
        rec, starts = await deal_record(svc, tid, deal)
        start_at = starts[deal - 1]
    else:
        rec, _ = await table_record(svc, tid)
        if not rec["over"]:
            raise RoomError(
                "in_play", "the sitting is in play; replay a finished deal (?deal=N) or wait for the end", 409
            )
        start_at = 0
    return await replay_response(svc, request, rec, start_at=start_at, extra={"table": tid, "deal": deal})


@router.post("/replay", dependencies=limited)
async def api_replay(request: Request, svc: Deps) -> Response:
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise RoomError("bad_record", "a record is UTF-8 JSON text") from None
    return await replay_response(svc, request, text)


async def replay_response(svc: Services, request: Request, record: str | dict[str, Any], **kwargs: Any) -> Response:
    """A replay's steps, made (and gzipped, if the client takes it) in a worker process, not in the loop."""
    gz = "gzip" in request.headers.get("accept-encoding", "")
    status, data = await svc.workers.run(replays.replay_payload, record, compress=gz, **kwargs)
    headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"} if gz else None
    return Response(data, status_code=status, media_type="application/json", headers=headers)


def _pbn_holds(record: dict[str, Any]) -> bool:
    """Whether PBN holds this game's deals (four hands in four seats: docs/pbn.md), without replaying it."""
    from ... import pbn

    return record.get("game") in pbn.GAMES and len(record.get("seats") or ()) == 4


def _pbn(record: dict[str, Any], k: int) -> str | None:
    """Deal ``k`` of the record in PBN (its hands as dealt, the trump card, its play), or ``None`` if PBN cannot
    hold the game's deals (docs/pbn.md)."""
    try:
        from ... import pbn
    except ImportError:
        return None
    try:
        deal = pbn.from_record(record)[k]  # the record replayed: the hands as the game dealt them (issue 14)
        return str(pbn.dumps([deal]))
    except (HoyleError, ValueError, KeyError, TypeError, IndexError):
        return None
