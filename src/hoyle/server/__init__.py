"""The web card room: ``hoyle serve``.

FastAPI and WebSockets in front, SQLAlchemy 2 and Alembic behind, the engine in the middle deciding every
rule.  :func:`create_app` makes the application on a database URL; :func:`serve` runs it with uvicorn.
See docs/room.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["create_app", "serve"]


def create_app(db_url: str, **kwargs: Any) -> FastAPI:
    """The room's application on the database at ``db_url`` (see :func:`hoyle.server.app.create_app`)."""
    from .app import create_app as _create

    return _create(db_url, **kwargs)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, **kwargs: Any) -> None:
    """Run the room (see :func:`hoyle.server.main.serve`)."""
    from .main import serve as _serve

    _serve(host=host, port=port, db=db, **kwargs)
