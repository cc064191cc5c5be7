"""One referee for every law-mode game: a table holds a :class:`LawReferee`, whose sections (one small class a
section of the laws, each holding the table as ``self.t``) are chosen per family by declaring them.

The Whist family's referee (:class:`hoyle.laws.sections.Referee`), the round games' (:class:`hoyle.laws.rounds.
RoundReferee`) and Boston's own law (:class:`hoyle.laws.bostons.BostonLaw`) are this one class with their sections
named::

    class RoundReferee(LawReferee["RoundLawMixin"]):
        play: section[RoundPlayLaw] = section(RoundPlayLaw)
        revoke: section[RoundRevokeLaw] = section(RoundRevokeLaw)
        ...

Each section is made, for the table the referee holds, the first time it is asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")
S = TypeVar("S")

__all__ = ["LawReferee", "LawSection", "section"]


class LawSection(Generic[T]):
    """One section of a referee (the laws of the deal, of revokes...): it holds the table it rules, ``self.t``."""

    def __init__(self, t: T) -> None:
        self.t = t


class LawReferee(Generic[T]):
    """The laws of a table, by section (each declared by :func:`section`); held by the table (``table.referee``)."""

    def __init__(self, t: T) -> None:
        self.t = t


class section(Generic[S]):
    """A referee's section: the class of the section, made for the referee's table when first asked for and kept
    (on the referee: later reads find it there)."""

    def __init__(self, cls: Callable[[Any], S]) -> None:
        self.cls = cls
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, referee: None, owner: type) -> section[S]: ...

    @overload
    def __get__(self, referee: LawReferee[Any], owner: type) -> S: ...

    def __get__(self, referee: LawReferee[Any] | None, owner: type) -> section[S] | S:
        if referee is None:
            return self
        made = self.cls(referee.t)
        referee.__dict__[self.name] = made
        return made
