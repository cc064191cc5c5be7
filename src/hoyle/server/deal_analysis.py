"""The analysis of one settled deal, as the room and the terminal offer it (issue 15): the double-dummy result
where the analysis starts, each card that cost its side tricks, and the deal's tricks as they were played.

Nothing computed from concealed cards is given during play.  A deal is analysed only once it is settled, and
only if every card of it was played, so seen by all (a hand thrown in unplayed stays unseen until the sitting
is over: the same rule as a deal's record, :mod:`hoyle.server.replays`).  The work is the solver's
(:func:`hoyle.solver.analysis.analyse`); a whole deal takes seconds to minutes, so the room runs
:func:`analysis_payload` in its worker processes (:class:`hoyle.server.workers.Workers`), never in its event
loop.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import parse
from ..engine.actions import as_action
from ..engine.table import Table, replay
from ..errors import HoyleError, RecordError

__all__ = ["ANALYSED_GAMES", "QUICK_TRICKS", "AnalysisUnavailable", "analyse_deal", "analysis_payload", "deal_plays"]

ANALYSED_GAMES = frozenset({"whist", "dummy", "double-dummy", "solo", "boston", "cayenne"})
"""The games whose deals the solver analyses (the whist family; not at law: docs/solver.md)."""

QUICK_TRICKS = 6
"""The last tricks of a deal analysed first (``quick``): seconds, where the whole deal may take minutes."""


class AnalysisUnavailable(Exception):
    """A deal that is not analysed (now, or at all): ``code`` for programs, the message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


def deal_plays(record: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """For each deal of ``record`` (its index, from 0) that had play: ``number``, its place among the deals with
    play (as :func:`hoyle.solver.analysis.analyse` numbers them), and ``tricks``, each trick's cards as played
    (``{"seat", "card"}``)."""
    out: dict[int, dict[str, Any]] = {}
    plays: list[Any] = []

    def before(t: Table, text: str) -> None:
        try:
            act = as_action(text)
        except (HoyleError, ValueError):
            return
        play = getattr(t, "play", None)
        if act.verb != "play" or play is None or act.card is None:
            return
        n = next((i + 1 for i, p in enumerate(plays) if p is play), 0)
        if not n:
            plays.append(play)
            n = len(plays)
        k = t.chance_counts[0] - 1  # the deal in play: the last drawn (the engine's record API, docs/engine.md)
        d = out.setdefault(k, {"number": n, "tricks": []})
        trick = len(play.quitted) + 1
        while len(d["tricks"]) < trick:
            d["tricks"].append([])
        d["tricks"][trick - 1].append({"seat": act.seat or t.to_act, "card": str(act.card)})

    replay(record, before=before)
    return out


def _refusal(record: Mapping[str, Any]) -> str:
    """Why the solver takes no deal of this record: its own words (a game outside the whist family, law mode)."""
    from ..solver import PositionError, position

    try:
        position(replay(record))
    except PositionError as exc:
        if "nothing to solve" not in str(exc):
            return str(exc)
    return f"{record.get('game')} has no play of tricks to analyse"


def analyse_deal(record: Mapping[str, Any], k: int, *, from_trick: int = 1, quick: bool = False) -> dict[str, Any]:
    """The analysis of deal ``k`` (from 0) of ``record``, or :class:`AnalysisUnavailable` saying why not.

    ``{"deal", "game", "side", "seats", "minimise", "from_trick", "start", "result", "errors", "tricks",
    "complete"}``: ``errors`` as :func:`hoyle.solver.analysis.analyse` gives them ("trick 5, E plays 7H: 6 tricks
    were there, 5 after it"), ``tricks`` the deal's tricks as played, ``complete`` whether the analysis starts at
    the first trick.  ``quick`` analyses the last :data:`QUICK_TRICKS` tricks only.
    """
    from ..solver.analysis import analyse

    deals = record.get("deals") or []
    if not 0 <= k < len(deals):
        raise AnalysisUnavailable("not_yet", f"there is no deal {k + 1}; the sitting has had {len(deals)}")
    if "result" not in deals[k]:
        raise AnalysisUnavailable(
            "in_play",
            f"deal {k + 1} is still in play: its analysis is given once it is settled (nothing worked out from"
            " the cards still in hand is given during play)",
        )
    try:
        plays = deal_plays(record)
    except (RecordError, HoyleError) as exc:
        raise AnalysisUnavailable("bad_record", f"the record does not replay: {exc}") from None
    if not plays or (record.get("options") or {}).get("irregularities"):
        raise AnalysisUnavailable("no_analysis", f"no deal of this sitting is analysed: {_refusal(record)}")
    mine = plays.get(k)
    if mine is None:
        raise AnalysisUnavailable("no_analysis", f"deal {k + 1} was not played (no card was played to a trick)")
    played = {p["card"] for trick in mine["tricks"] for p in trick}
    if not record.get("over") and not {str(c) for c in parse(deals[k]["order"])} <= played:
        raise AnalysisUnavailable(
            "not_yet",
            f"deal {k + 1} was not played out, so some of its cards were never seen: its analysis is given when"
            " the sitting is over",
        )
    tricks = mine["tricks"]
    if quick:
        from_trick = max(from_trick, len(tricks) - QUICK_TRICKS + 1)
    from_trick = max(1, min(from_trick, len(tricks)))
    found = analyse(record, deals={mine["number"]}, from_trick=from_trick)
    if len(found) != 1:
        raise AnalysisUnavailable("no_analysis", f"deal {k + 1} could not be analysed")
    d = found[0]
    if "unsolved" in d:
        raise AnalysisUnavailable("no_analysis", f"deal {k + 1} is not analysed: {d['unsolved']}")
    for e in d["errors"]:  # each card the analysis names is a card of this deal's play
        if not any(p["card"] == e["card"] and p["seat"] == e["seat"] for p in tricks[e["trick"] - 1]):
            raise AnalysisUnavailable("no_analysis", f"deal {k + 1}: the analysis does not match its play")
    return {
        "deal": k + 1,
        "game": d["game"],
        "side": d.get("side"),
        "seats": d.get("seats"),
        "minimise": d.get("minimise", False),
        "from_trick": d.get("from_trick") or from_trick,
        "start": d.get("start"),
        "result": d.get("result"),
        "errors": d["errors"],
        "tricks": tricks,
        "complete": (d.get("from_trick") or from_trick) == 1,
    }


def analysis_payload(record: Mapping[str, Any], k: int, *, quick: bool = False) -> dict[str, Any]:
    """:func:`analyse_deal` for a worker process: the analysis, or ``{"error": code, "message": ...}``."""
    try:
        return analyse_deal(record, k, quick=quick)
    except AnalysisUnavailable as exc:
        return {"error": exc.code, "message": exc.message}
