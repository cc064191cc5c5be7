"""Health: whether the room is up and its database answers, for a load balancer or a supervisor."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import text

from .deps import Deps

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["health"])


@router.get("/health")
async def api_health(svc: Deps) -> JSONResponse:
    """200 ``{"status": "ok", ...}`` when the database answers a query within 5 s, else 503 with the reason.

    The answer also counts the tables the room holds live and the writes it has committed; it names no table.
    """
    body: dict[str, Any] = {
        "tables": len(svc.room.tables),
        "writes": svc.store.writes,
        "commits": svc.store.commits,
    }
    try:
        await asyncio.wait_for(asyncio.to_thread(svc.store.read, lambda s: s.execute(text("SELECT 1")).scalar()), 5)
    except TimeoutError:
        return JSONResponse({"status": "unavailable", "reason": "the database did not answer in 5 s"} | body, 503)
    except Exception as exc:  # any failure of the database is the answer here
        reason = f"the database failed: {type(exc).__name__}"
        return JSONResponse({"status": "unavailable", "reason": reason} | body, 503)
    return JSONResponse({"status": "ok"} | body)
