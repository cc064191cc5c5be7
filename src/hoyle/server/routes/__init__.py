"""The room's routers, one per concern; :func:`hoyle.server.app.create_app` includes them all.

=============  ==========================================================================================
``pages``      the lobby, table and replay pages, and ``/static``
``lobby``      ``/api/games``, ``/api/tables``: opening tables, places, bots, the owner's changes
``play``       ``/ws/tables/{id}``: the live table
``records``    ``/api/tables/{id}/record|deals|phh|replay``, ``POST /api/replay``
``health``     ``/api/health``
``analysis``   ``/api/tables/{id}/deals/{n}/analysis``: a settled deal's analysis (the solver's, in a worker)
=============  ==========================================================================================

A route takes the room's parts as ``svc: Deps`` (:class:`deps.Services`) and is rate-limited per client
address with ``dependencies=[Depends(rate_limited)]``.  A new concern gets its own module here and its
line in :data:`ROUTERS`.
"""

from __future__ import annotations

from fastapi import APIRouter

from . import analysis, health, lobby, pages, play, records

__all__ = ["ROUTERS"]

ROUTERS: tuple[APIRouter, ...] = (
    pages.router,
    lobby.router,
    records.router,
    analysis.router,
    play.router,
    health.router,
)
