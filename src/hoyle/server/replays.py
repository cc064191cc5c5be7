"""Records for download and replay in the browser, step by step.

A record holds every deal's pack order, so the room gives one out only when nothing in it is still
concealed: the whole table's record once the sitting is over; a finished deal's record (the sitting up to the
end of that deal) once the deal after it is finished too, because the record of a sitting always ends with
the next deal dealt (the engine deals it in the same action that settles the last), and only if every card
of every deal in it was played, so seen by all (a hand thrown in unplayed, as when honours are called, stays
unseen until the sitting is over).

The browser's replay gets, for each step, the spectator's view, every hand (a record is open to all), and
the events, public parts only.
"""

from __future__ import annotations

import contextlib
import gzip
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, parse
from ..engine.table import rebuild, replay
from ..errors import HoyleError, RecordError

__all__ = [
    "MAX_DEAL_CARDS",
    "MAX_REPLAY_ACTIONS",
    "MAX_REPLAY_BYTES",
    "MAX_REPLAY_CUTS",
    "MAX_REPLAY_DEALS",
    "RecordUnavailable",
    "ReplayTooLarge",
    "check_bounds",
    "deal_record",
    "rebuild",
    "replay_payload",
    "replay_steps",
]

MAX_REPLAY_ACTIONS = 5000
"""The longest record the browser replays (a rubber of Whist is at most about 1,400 actions)."""
MAX_REPLAY_BYTES = 1024 * 1024
"""The largest record file the room replays (a 5,000-action sitting of Whist is under 100 KiB)."""
MAX_REPLAY_DEALS = 1000
"""The most deals a replayed record may hold."""
MAX_REPLAY_CUTS = 1000
"""The most cuts a replayed record may hold."""
MAX_DEAL_CARDS = 64
"""The most cards one deal's pack order may hold (the largest pack of any game is 53 cards)."""


class ReplayTooLarge(RecordError):
    """A record beyond one of the replay limits: the message names the limit and what the record holds."""


class RecordUnavailable(Exception):
    """A record that cannot be given out yet: the message says why and when it can."""


def shown(record: Mapping[str, Any], deal_starts: Sequence[int], k: int) -> bool:
    """Whether deal ``k`` is finished and every card of it was played (so every player saw it)."""
    deals = record["deals"]
    if not 0 <= k < len(deals) or "result" not in deals[k]:
        return False
    end = deal_starts[k + 1] if k + 1 < len(deal_starts) else len(record["actions"])
    played = set()
    for text in record["actions"][deal_starts[k] : end]:
        if isinstance(text, str) and text.startswith("play "):
            try:
                played.add(Card.from_text(text[5:].strip()))
            except ValueError:
                continue
    return set(parse(deals[k]["order"])) <= played


def available(record: Mapping[str, Any], deal_starts: Sequence[int], k: int) -> bool:
    """Whether the record up to the end of deal ``k`` may be given out now (see the module's docstring)."""
    deals = record["deals"]
    if not 0 <= k < len(deals) or "result" not in deals[k]:
        return False
    if record.get("over"):
        return True
    return k + 1 < len(deals) and all(shown(record, deal_starts, i) for i in range(k + 2))


def deal_record(record: Mapping[str, Any], deal_starts: Sequence[int], k: int) -> dict[str, Any]:
    """The record of the sitting up to the end of deal ``k`` (0-based), checked by :func:`hoyle.replay`.

    ``deal_starts[i]`` is the number of actions taken when deal ``i`` was dealt.  Raises
    :class:`RecordUnavailable` while the deal, or the deal dealt after it, is still in play.
    """
    deals = record["deals"]
    if not 0 <= k < len(deals):
        raise RecordUnavailable(f"there is no deal {k + 1}; the table has had {len(deals)}")
    if "result" not in deals[k]:
        raise RecordUnavailable(f"deal {k + 1} is still in play")
    if k + 1 >= len(deals):
        if not record.get("over"):
            raise RecordUnavailable(f"deal {k + 1} is still being settled")
        return dict(record)
    if "result" not in deals[k + 1] and not record.get("over"):
        raise RecordUnavailable(
            f"deal {k + 1} is finished, but its record ends with deal {k + 2} dealt, whose cards are still in"
            f" hand: it can be downloaded once deal {k + 2} is finished"
        )
    if not available(record, deal_starts, k):
        raise RecordUnavailable(
            f"the record to the end of deal {k + 1} holds cards no one has seen (a hand not played out):"
            " it is given out when the sitting is over"
        )
    end = deal_starts[k + 1]
    # The sitting as it stood after the action that ended deal k: the engine's own record of it, so that the
    # deals and cuts drawn by then are exactly those (a deal settled in the same action that dealt it, as Pope
    # Joan's last clearing of the board or French Vingt-Un's clock, keeps its result).
    t = rebuild(record)
    for text in record["actions"][:end]:
        t.apply(text)
    now = t.record()
    if not record.get("over") and not all(shown(record, deal_starts, i) for i in range(len(now["deals"]) - 1)):
        raise RecordUnavailable(
            f"the record to the end of deal {k + 1} holds a deal dealt with it whose cards are still in hand:"
            " it is given out when the sitting is over"
        )
    last = now["deals"][-1] if now["deals"] else {}
    if not record.get("over") and "still" in last:
        # Two packs used alternately (Boston, Cayenne): the still pack of the last deal given out is the pack
        # of the deal after it, cut but not shuffled (002 §13 Boston), so that deal must be over and seen too.
        nxt = len(now["deals"])
        if nxt >= len(deals) or "result" not in deals[nxt] or not shown(record, deal_starts, nxt):
            raise RecordUnavailable(
                f"the record to the end of deal {k + 1} holds the still pack, which will be dealt in deal {nxt + 1}:"
                f" it can be downloaded once deal {nxt + 1} is finished"
            )
    out = {key: v for key, v in record.items() if key not in now} | now
    if record.get("shuffler") is None:
        out.pop("shuffler", None)
    replay(out)  # the record given out replays exactly
    return out


def check_bounds(record: Any) -> None:
    """Refuse, before any rule is applied, a record beyond the replay limits (:class:`ReplayTooLarge`).

    Linear in the record's size: it counts actions, deals, cuts and each deal's cards, and looks at nothing else.

    >>> check_bounds({"deals": [{"order": "AS " * 65}]})
    Traceback (most recent call last):
    ...
    hoyle.server.replays.ReplayTooLarge: deals[0]: the pack order holds 65 cards; a deal has at most 64
    """
    if not isinstance(record, Mapping):
        return  # the record's own checks say what is wrong with it
    actions = record.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_REPLAY_ACTIONS:
        raise ReplayTooLarge(
            f"actions: the record has {len(actions)} actions; the room replays at most {MAX_REPLAY_ACTIONS}"
            " (use 'hoyle replay FILE' at the terminal)"
        )
    for key, most in (("deals", MAX_REPLAY_DEALS), ("cuts", MAX_REPLAY_CUTS)):
        items = record.get(key)
        if isinstance(items, list) and len(items) > most:
            raise ReplayTooLarge(f"{key}: the record has {len(items)} {key}; the room replays at most {most}")
    for k, d in enumerate(record.get("deals") or ()):
        order = d.get("order") if isinstance(d, Mapping) else None
        if isinstance(order, str):
            n = len(order.split())
        elif isinstance(order, list):
            n = len(order)
        else:
            continue
        if n > MAX_DEAL_CARDS:
            raise ReplayTooLarge(f"deals[{k}]: the pack order holds {n} cards; a deal has at most {MAX_DEAL_CARDS}")


def replay_payload(
    record: str | Mapping[str, Any],
    *,
    start_at: int = 0,
    extra: Mapping[str, Any] | None = None,
    compress: bool = False,
) -> tuple[int, bytes]:
    """:func:`replay_steps` as the HTTP answer's body: ``(status, JSON bytes)``, gzipped if ``compress``.

    Made to run in a worker process (plain arguments and results; nothing to pickle but text): ``record`` is a
    record file's text or a record; bounds are checked (:func:`check_bounds`) before anything is replayed.  A
    record that does not replay answers 422 with ``{"error": "bad_record", ...}``, one beyond a limit 422 with
    ``{"error": "too_large", ...}``.
    """
    from .. import records as record_files

    status = 200
    try:
        if isinstance(record, str):
            if len(record.encode("utf-8", "surrogatepass")) > MAX_REPLAY_BYTES:
                raise ReplayTooLarge(f"the record is larger than {MAX_REPLAY_BYTES} bytes, the most the room replays")
            with contextlib.suppress(ValueError):  # not JSON: the record reader says where
                check_bounds(json.loads(record))
            loaded, _lines = record_files.loads(record)
            rec: Mapping[str, Any] = loaded
        else:
            rec = record
        check_bounds(rec)
        body: dict[str, Any] = replay_steps(rec, start_at=start_at) | dict(extra or {})
    except ReplayTooLarge as exc:
        status, body = 422, {"error": "too_large", "message": str(exc)}
    except (RecordError, HoyleError) as exc:
        status, body = 422, {"error": "bad_record", "message": f"the record does not replay: {exc}"}
    data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    return status, gzip.compress(data, compresslevel=5) if compress else data


def replay_steps(record: Mapping[str, Any], *, start_at: int = 0) -> dict[str, Any]:
    """Every step of a record for the browser: the spectator's view, every hand, the events (public parts).

    Checks the record first with :func:`hoyle.replay` (a :class:`~hoyle.errors.RecordError` says where it
    goes wrong).
    """
    check_bounds(record)
    final = replay(record)
    t = rebuild(record)
    seats = list(t.seats)

    def snapshot(actor: str | None, action: str | None, events: Sequence[Any]) -> dict[str, Any]:
        hands: dict[str, Any] = {}
        for s in seats:
            v = t.view(s)
            if "hand" in v:
                hands[s] = v["hand"]
        return {
            "actor": actor,
            "action": action,
            "events": [e.visible_to(None) for e in events],
            "view": t.view(None),
            "hands": hands,
            "to_act": t.to_act,
            "scores": dict(t.scores),
        }

    steps = [snapshot(None, None, t.events)]
    for text in record["actions"]:
        actor = t.to_act
        events = t.apply(text)
        steps.append(snapshot(actor, str(text), events))
    return {
        "game": final.game.name,
        "title": final.game.spec.title,
        "options": dict(final.game.options),
        "seats": seats,
        "scores": dict(final.scores),
        "over": final.over,
        "start_at": max(0, min(start_at, len(steps) - 1)),
        "steps": steps,
    }
