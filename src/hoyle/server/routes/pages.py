"""The pages: the lobby, a table, the replay viewer, and the room's own files under ``/static``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["STATIC", "mount_static", "router"]

STATIC = Path(__file__).parent.parent / "static"

router = APIRouter(include_in_schema=False)


def mount_static(app: FastAPI) -> None:
    """Serve the room's scripts, styles and images under ``/static`` (a mount: routers cannot carry one)."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _page(name: str) -> Callable[[], Awaitable[FileResponse]]:
    async def serve_page() -> FileResponse:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    return serve_page


router.get("/")(_page("index.html"))
router.get("/table/{tid}")(_page("table.html"))
router.get("/replay")(_page("replay.html"))


@router.get("/favicon.ico")
async def favicon() -> FileResponse:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")
