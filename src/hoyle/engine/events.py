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
from typing import Any

__all__ = ["Event"]


class Event:
    """One thing that happened; immutable once made."""

    __slots__ = ("data", "kind", "law", "private", "seat", "text")
    kind: str
    seat: str | None
    text: str
    law: str | list[str] | None
    data: Mapping[str, Any]
    private: Mapping[str, Mapping[str, Any]] | None

    def __init__(
        self,
        kind: str,
        text: str,
        *,
        seat: str | None = None,
        law: str | list[str] | None = None,
        data: Mapping[str, Any] | None = None,
        private: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "law", law)
        object.__setattr__(self, "data", data if data is not None else {})
        object.__setattr__(self, "private", private)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Event is immutable")

    def __repr__(self) -> str:
        return f"<Event {self.kind}: {self.text}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """Everything, for the omniscient log (records, tests): includes the private parts."""
        d = self.visible_to(None)
        if self.private:
            d["private"] = {s: dict(v) for s, v in self.private.items()}
        return d

    def visible_to(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may be told of this event (``None``: a spectator)."""
        d: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seat is not None:
            d["seat"] = self.seat
        if self.law is not None:
            d["law"] = self.law
        if self.data:
            d.update(self.data)
        if seat is not None and self.private and seat in self.private:
            d.update(self.private[seat])
        return d
