"""A settled deal's analysis (issue 15): the double-dummy result and the cards that cost their side tricks.

``GET /api/tables/{id}/deals/{n}/analysis`` answers only for a deal that is settled and was played out (every
card seen by all: :mod:`hoyle.server.deal_analysis`), never for the deal in play.  The solver may take a
minute over a whole deal, so the work is done in the room's worker processes (:class:`~hoyle.server.workers.
Workers`, as the replays are), in two steps: the deal's last tricks first (seconds), then the whole deal (one
such analysis at a time, so that replays still find a worker), each with a time limit.  The first request starts
the work and is answered 202 (``"status": "working"``), or 200 with the last tricks' analysis (``"partial"``)
once it is there; the page asks again until ``"done"``.  Each deal's analysis is kept (the deal cannot change).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from .. import replays
from ..deal_analysis import analysis_payload
from ..room import RoomError
from .deps import Deps, Services, rate_limited
from .records import table_record

__all__ = ["ANALYSIS_SECONDS", "QUICK_SECONDS", "Analyses", "router"]

router = APIRouter(prefix="/api", tags=["analysis"])

QUICK_SECONDS = 150.0
"""The time limit of the first step, the deal's last tricks: a tenth of a second in a worker that has used the
solver, but a fresh worker loads the solver's compiled code first (11 s at load 25; past 60 s once with three
browser suites beside it)."""
ANALYSIS_SECONDS = 600.0
"""The time limit of the whole deal's analysis (about a minute on a loaded 2-core machine)."""
KEPT = 512
"""Analyses kept in memory (the least recently asked for goes first)."""


@dataclass
class Job:
    """One deal's analysis: its state, what is known so far, the task doing the rest."""

    status: str = "working"  # working | partial | done | failed
    analysis: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    note: str | None = None
    task: asyncio.Task[None] | None = None

    def answer(self) -> JSONResponse:
        if self.error is not None:
            status = 409 if self.error.get("error") in ("in_play", "not_yet") else 422
            return JSONResponse(self.error, status_code=status)
        body: dict[str, Any] = {"status": self.status, "analysis": self.analysis}
        if self.note:
            body["note"] = self.note
        return JSONResponse(body, status_code=200 if self.analysis is not None else 202)


@dataclass
class Analyses:
    """The room's analyses, by (table, deal)."""

    jobs: OrderedDict[tuple[str, int], Job] = field(default_factory=OrderedDict)
    whole: asyncio.Lock = field(default_factory=asyncio.Lock)  # one whole deal at a time


def analyses(request: Request) -> Analyses:
    found = getattr(request.app.state, "analyses", None)
    if found is None:
        found = request.app.state.analyses = Analyses()
    return found


async def _work(svc: Services, jobs: Analyses, key: tuple[str, int], job: Job, record: dict[str, Any]) -> None:
    k = key[1] - 1
    try:
        quick = await svc.workers.run(
            analysis_payload, record, k, quick=True, timeout=QUICK_SECONDS, what="the analysis of the last tricks"
        )
        if "error" in quick:
            job.status, job.error = "failed", quick
            return
        job.analysis, job.status = quick, "done" if quick["complete"] else "partial"
        if quick["complete"]:
            return
        async with jobs.whole:
            whole = await svc.workers.run(
                analysis_payload, record, k, timeout=ANALYSIS_SECONDS, what="the analysis of the whole deal"
            )
        if "error" in whole:
            job.status, job.note = "partial", whole["message"]
            return
        job.analysis, job.status = whole, "done"
    except RoomError as exc:
        if exc.code == "busy":
            jobs.jobs.pop(key, None)  # the workers are all taken: the next request tries again
        elif job.analysis is not None:
            job.status, job.note = "partial", f"the first tricks are not analysed: {exc.message}"
        else:
            job.status, job.error = "failed", exc.to_json()
    except Exception as exc:  # a worker that died: said, not hidden
        failed = f"the analysis failed ({type(exc).__name__})"
        job.status, job.error = "failed", {"error": "internal", "message": failed}


@router.get("/tables/{tid}/deals/{n}/analysis", dependencies=[Depends(rate_limited)])
async def api_analysis(tid: str, n: int, request: Request, svc: Deps) -> JSONResponse:
    """Deal ``n``'s analysis, once it is settled and was played out: ``{"status", "analysis"}``."""
    jobs = analyses(request)
    key = (tid, n)
    job = jobs.jobs.get(key)
    if job is None:
        record, starts = await table_record(svc, tid)
        deals = record["deals"]
        if not 1 <= n <= len(deals):
            raise RoomError("not_yet", f"there is no deal {n}; the table has had {len(deals)}", 404)
        if "result" not in deals[n - 1]:
            raise RoomError(
                "in_play",
                f"deal {n} is still in play: its analysis is given once it is settled (nothing worked out from the"
                " cards in hand is given during play)",
                409,
            )
        if not (record["over"] or replays.shown(record, starts, n - 1)):
            raise RoomError(
                "not_yet",
                f"deal {n} was not played out, so some of its cards were never seen: its analysis is given when"
                " the sitting is over",
                409,
            )
        job = jobs.jobs.get(key)  # asked for twice at once: one job
        if job is None:
            job = jobs.jobs[key] = Job()
            job.task = asyncio.create_task(_work(svc, jobs, key, job, record), name=f"analysis {tid} {n}")
            while len(jobs.jobs) > KEPT:
                old_key, old = next(iter(jobs.jobs.items()))
                if old.status == "working":
                    break
                del jobs.jobs[old_key]
    jobs.jobs.move_to_end(key)
    return job.answer()
