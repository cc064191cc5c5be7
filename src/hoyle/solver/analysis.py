"""The post-mortem of recorded deals: the double-dummy result at the start, and each card that cost its side tricks.

:func:`analyse` replays a record (``hoyle.replay``), reads the position
before every card played (every hand known: the deal is settled) and solves
each once.  The value after a card is the value of the next position of the
same deal (the last card of a deal is valued on its own), so a deal of 52
cards costs 52 searches.  A card costs its side tricks when the value after
it, for that side's aim, is worse than the value before it: best play from
there would have kept more (or, at misère and nullo, conceded fewer).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import CARDS
from ..engine.actions import as_action
from .position import Position, PositionError, position

__all__ = ["analyse", "deal_start"]


@dataclass
class _Step:
    deal: int
    trick: int
    seat: str
    card: int
    pos: Position
    total: int  # tricks in the deal
    value: int = -1  # the counted side's tricks with best play before the card


def _side_for(t: Any) -> str | None:
    """The counted side of a partnership game without a declarer: N-S, for every deal alike."""
    from ..rulebook.whist import WhistTable

    return "NS" if isinstance(t, WhistTable) else None


def _deal_number(plays: list[Any], play: Any) -> int:
    for i, p in enumerate(plays):
        if p is play:
            return i + 1
    plays.append(play)
    return len(plays)


def _collect(
    record: Mapping[str, Any], from_trick: int, lines: Mapping[str, int] | None, deals: set[int] | None
) -> tuple[list[_Step], dict[int, dict[str, Any]], Any]:
    from ..engine.table import replay

    steps: list[_Step] = []
    info: dict[int, dict[str, Any]] = {}
    plays: list[Any] = []  # each deal's TrickPlay, kept (so never confused with a later one): its number - 1

    def before(t: Any, text: str) -> None:
        try:
            act = as_action(text)
        except Exception:
            return
        if act.verb != "play" or getattr(t, "play", None) is None:
            return
        n = _deal_number(plays, t.play)
        if deals is not None and n not in deals:
            return
        trick = len(t.play.quitted) + 1
        if n not in info:
            try:
                pos = position(t, side=_side_for(t))
            except PositionError as exc:
                info[n] = {"deal": n, "game": t.game.name, "unsolved": str(exc)}
                return
            info[n] = {
                "deal": n,
                "game": t.game.name,
                "side": pos.side,
                "seats": [pos.seats[i] for i in pos.counted],
                "minimise": pos.minimise,
                "from_trick": None,
            }
        if trick < from_trick or "unsolved" in info[n]:
            return
        try:
            pos = position(t, side=_side_for(t))
        except PositionError:
            return
        if info[n]["from_trick"] is None:
            info[n]["from_trick"] = trick
        seat = act.seat or t.to_act
        assert act.card is not None
        steps.append(_Step(n, trick, seat, int(act.card), pos, len(t.play.quitted) + pos.hands[pos.to_act].bit_count()))

    table = replay(record, lines=lines, before=before)
    return steps, info, table


def analyse(
    record: Mapping[str, Any],
    *,
    from_trick: int = 1,
    deals: set[int] | None = None,
    lines: Mapping[str, int] | None = None,
    tt_entries: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """For each deal of ``record``: the double-dummy result where the analysis starts, and the costly cards.

    ``from_trick`` starts each deal's analysis at that trick (the early tricks
    of a 52-card deal take the longest to solve); ``deals`` limits it to those
    deal numbers (from 1).  Each deal is ``{"deal", "game", "side", "seats",
    "minimise", "from_trick", "start", "result", "errors": [...]}``; an error is
    ``{"trick", "seat", "card", "side", "before", "after", "cost", "text"}``,
    tricks being those of the seat's own side (at misère and nullo, those the
    declaring side is held to, for its adversaries).  A deal that cannot be
    solved (a general misère) has ``"unsolved"`` saying why; one that ended
    before ``from_trick`` has no ``"start"``.
    """
    from . import solve_position

    if from_trick < 1:
        raise ValueError(f"from_trick counts tricks from 1, not {from_trick}")
    steps, info, _ = _collect(record, from_trick, lines, deals)
    for i, st in enumerate(steps):
        st.value = solve_position(st.pos, values=False, tt_entries=tt_entries).best
        if progress is not None:
            progress(i + 1, len(steps))
    out: list[dict[str, Any]] = []
    for n, d in sorted(info.items()):
        mine = [s for s in steps if s.deal == n]
        d = dict(d)
        d["errors"] = []
        if not mine:
            out.append(d)
            continue
        d["start"] = mine[0].value
        for j, st in enumerate(mine):
            if j + 1 < len(mine):
                after = mine[j + 1].value
            else:
                card = st.card
                after = next(iter(solve_position(st.pos, cards=[card], tt_entries=tt_entries).tricks.values()))
            d["result"] = after
            err = _cost(st, after)
            if err is not None:
                d["errors"].append(err)
        out.append(d)
    return out


def _cost(st: _Step, after: int) -> dict[str, Any] | None:
    pos = st.pos
    p = pos.seats.index(st.seat)
    counted = p in pos.counted
    before = st.value
    card = str(CARDS[st.card])
    if counted or not pos.minimise:
        # The seat's own side's tricks: more is better, except for a side that plays to lose them.
        if counted:
            own_before, own_after = before, after
        else:
            own_before, own_after = st.total - before, st.total - after
        wants_few = counted and pos.minimise
        cost = (own_after - own_before) if wants_few else (own_before - own_after)
        if cost <= 0:
            return None
        side_name = _side_name(pos, counted)
        text = (
            f"trick {st.trick}, {st.seat} plays {card}: {own_before} trick{'s' if own_before != 1 else ''} were"
            f" there, {own_after} after it"
        )
        return {
            "trick": st.trick,
            "seat": st.seat,
            "card": card,
            "side": side_name,
            "before": own_before,
            "after": own_after,
            "cost": cost,
            "text": text,
        }
    # An adversary of a misère or nullo: his aim is the tricks the declaring side is made to take.
    cost = before - after
    if cost <= 0:
        return None
    text = f"trick {st.trick}, {st.seat} plays {card}: {pos.side} could be made to take {before}, {after} after it"
    return {
        "trick": st.trick,
        "seat": st.seat,
        "card": card,
        "side": pos.side,
        "before": before,
        "after": after,
        "cost": cost,
        "text": text,
    }


def _side_name(pos: Position, counted: bool) -> str:
    if counted:
        return pos.side
    others = [s for i, s in enumerate(pos.seats) if i not in pos.counted]
    if pos.side in ("NS", "EW"):
        return "EW" if pos.side == "NS" else "NS"
    return "+".join(others)


def deal_start(record: Mapping[str, Any], deal: int, *, lines: Mapping[str, int] | None = None) -> Any:
    """The table of ``record`` at the first card of deal ``deal`` (from 1), for ``hoyle solve RECORD --deal N``.

    Raises :class:`PositionError` if the record has no such deal in play.
    """
    import copy

    from ..engine.table import replay

    found: list[Any] = []
    plays: list[Any] = []

    def before(t: Any, text: str) -> None:
        if found or getattr(t, "play", None) is None or not text.startswith("play"):
            return
        known = len(plays)
        if _deal_number(plays, t.play) == deal and len(plays) > known:
            found.append(copy.deepcopy(t))

    replay(record, lines=lines, before=before)
    if not found:
        raise PositionError(f"the record has {len(plays)} deal(s) played; there is no deal {deal}")
    return found[0]
