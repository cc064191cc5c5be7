"""The lobby: the games, the tables, places at them, bots, and the owner's changes."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import select

from ...engine.registry import game as make_game
from ...errors import HoyleError
from .. import catalogue
from ..db import PlaceRow, TableRow
from ..room import public_note
from .deps import OWNER_COOKIE, Deps, client_address, owner_token, rate_limited

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["lobby"])
limited = [Depends(rate_limited)]


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


_ORDER = {"waiting": 0, "playing": 1, "over": 2, "abandoned": 3, "expired": 4, "closed": 5, "broken": 6}


@router.get("/games")
async def api_games() -> list[dict[str, Any]]:
    return catalogue.describe_games()


@router.get("/tables")
async def api_tables(svc: Deps) -> dict[str, Any]:
    def recent(s: Any) -> list[tuple[TableRow, list[PlaceRow]]]:
        rows = list(s.scalars(select(TableRow).order_by(TableRow.updated_at.desc()).limit(200)))
        out = []
        for r in rows:
            places = list(s.scalars(select(PlaceRow).where(PlaceRow.table_id == r.id).order_by(PlaceRow.idx)))
            out.append((r, places))
        s.expunge_all()
        return out

    rows = await asyncio.to_thread(svc.store.read, recent)
    tables = []
    for r, places in rows:
        lt = svc.room.tables.get(r.id)
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
    tables.sort(key=lambda d: _ORDER.get(d["status"], 9))
    return {"tables": tables}


@router.post("/tables", status_code=201, dependencies=limited)
async def api_create(body: CreateTable, request: Request, response: Response, svc: Deps) -> dict[str, Any]:
    lt, owner = await svc.room.create_table(body.game, body.options, client_address(request))
    response.set_cookie(
        f"{OWNER_COOKIE}_{lt.id}",
        owner,
        max_age=7 * 24 * 3600,
        path=f"/api/tables/{lt.id}",
        httponly=True,
        samesite="strict",
    )
    return {"id": lt.id, "table": lt.meta(), "url": f"/table/{lt.id}", "owner": owner}


@router.patch("/tables/{tid}", dependencies=limited)
async def api_change(tid: str, body: ChangeTable, request: Request, svc: Deps) -> dict[str, Any]:
    lt = await svc.room.change_options(tid, body.options, owner_token(request, tid))
    return {"table": lt.meta()}


@router.delete("/tables/{tid}", dependencies=limited)
async def api_close(tid: str, request: Request, svc: Deps) -> dict[str, Any]:
    lt = await svc.room.close(tid, owner_token(request, tid))
    return {"table": lt.meta()}


@router.get("/tables/{tid}")
async def api_table(tid: str, svc: Deps) -> dict[str, Any]:
    lt = await svc.room.table(tid)
    async with lt.lock:
        t = lt.table
        return {"table": lt.meta(), "view": t.view(None) if t is not None else None}


@router.post("/tables/{tid}/places", status_code=201, dependencies=limited)
async def api_take(tid: str, body: TakePlace, svc: Deps) -> dict[str, Any]:
    token, lt, place = await svc.room.take_place(tid, body.name)
    return {"token": token, "place": place.idx, "name": place.name, "seat": place.seat, "table": lt.meta()}


@router.delete("/tables/{tid}/places", dependencies=limited)
async def api_leave(tid: str, request: Request, svc: Deps) -> dict[str, Any]:
    lt = await svc.room.leave(tid, request.headers.get("x-hoyle-token"))
    return {"table": lt.meta()}


@router.post("/tables/{tid}/bots", dependencies=limited)
async def api_bots(tid: str, body: AddBots, request: Request, svc: Deps) -> dict[str, Any]:
    lt = await svc.room.add_bots(tid, body.kind, body.count, owner_token(request, tid))
    return {"table": lt.meta()}


def _title(game: str, options: dict[str, Any]) -> str:
    try:
        return make_game(game, **options).spec.title
    except (HoyleError, ValueError, TypeError):
        return game
