"""Events: what happened at the table, in one log.

An event has a ``kind`` (``"deal"``, ``"play"``, ``"trick"``, ``"score"``,
``"game"``, ``"rubber"``, ``"ruling"``...), the ``seat`` it concerns, a plain
sentence ``text``, the ``law`` it applies (``"000 §72"`` or a list) and public
``data``.  What only some seats may know (the cards dealt to a hand) is kept in
``private``: ``{seat: data}``; :meth:`Event.visible_to` gives what one seat
may be told, so that no interface can leak a concealed card by accident.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

__all__ = ["Event"]


class Event(tuple[Any, ...]):
    """One thing that happened; immutable once made (a tuple underneath, for speed)."""

    __slots__ = ()

    def __new__(
        cls,
        kind: str,
        text: str,
        *,
        seat: str | None = None,
        law: str | list[str] | None = None,
        data: Mapping[str, Any] | None = None,
        private: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> Event:
        return tuple.__new__(cls, (kind, text, seat, law, data if data is not None else {}, private))

    kind = property(itemgetter(0), doc="what kind of thing happened: deal, play, trick, score, game, rubber...")
    text = property(itemgetter(1), doc="one plain sentence")
    seat = property(itemgetter(2), doc="the seat (or side) it concerns, if any")
    law = property(itemgetter(3), doc="the law it applies: '000 §72', or a list")
    data = property(itemgetter(4), doc="what everyone may know of it")
    private = property(itemgetter(5), doc="what only some seats may know: {seat: data}")

    def __repr__(self) -> str:
        return f"<Event {self.kind}: {self.text}>"

    def __deepcopy__(self, memo: dict[int, object]) -> Event:
        return self  # an event is immutable once made: copies of a table share them

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (self[0], self[1]), {"seat": self[2], "law": self[3], "data": self[4], "private": self[5]}

    def __reduce__(self) -> Any:
        return (
            _rebuild,
            (
                self[0],
                self[1],
                self[2],
                self[3],
                dict(self[4]),
                None if self[5] is None else {k: dict(v) for k, v in self[5].items()},
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """Everything, for the omniscient log (records, tests): includes the private parts."""
        d = self.visible_to(None)
        if self.private:
            d["private"] = {s: dict(v) for s, v in self.private.items()}
        return d

    def visible_to(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may be told of this event (``None``: a spectator)."""
        kind, text, on, law, data, private = self
        d: dict[str, Any] = {"kind": kind, "text": text}
        if on is not None:
            d["seat"] = on
        if law is not None:
            d["law"] = law
        if data:
            d.update(data)
        if seat is not None and private and seat in private:
            d.update(private[seat])
        return d


def _rebuild(kind: str, text: str, seat: Any, law: Any, data: Any, private: Any) -> Event:
    return Event(kind, text, seat=seat, law=law, data=data, private=private)
