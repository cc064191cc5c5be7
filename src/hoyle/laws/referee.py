"""One referee for every law-mode game: a table holds a :class:`LawReferee`, whose sections (one small class a
section of the laws, each holding the table as ``self.t``) are chosen per family by declaring them.

The sections every game shares are declared once (:class:`hoyle.laws.sections.SharedSections`); the Whist family's
referee (:class:`hoyle.laws.sections.Referee`) and the round games' (:class:`hoyle.laws.sections.RoundReferee`) add
their own, and Boston's own law (:class:`hoyle.laws.bostons.BostonLaw`) is this one class with its sections named::

    class RoundReferee(SharedSections["RoundLawMixin"]):
        offered: section[RoundOffered] = section(RoundOffered)  # what a seat may do wrongly: the family's own
        phases: section[RoundPhases] = section(RoundPhases)  # the penalty phases' handlers: the family's own

Each section is made, for the table the referee holds, the first time it is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar, overload

from ..engine.actions import Action
from ..engine.events import Event
from ..errors import IllegalAction
from .decision import Verb, verb_of

T = TypeVar("T")
S = TypeVar("S")

__all__ = ["LawReferee", "LawSection", "carry_out", "section"]


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


def carry_out(
    acts: Mapping[Verb, Callable[[Any, Any, Action], list[Event] | None]], by: Any, who: int, action: Action
) -> list[Event]:
    """An irregular act carried out by the handler of its verb in a referee's table of acts (``acts``; each handler
    called with ``by``, the section or table it works on, and ``who``, the seat's index); a handler's
    ``None``, or no handler, is no act of law mode (``irregular_actions`` offers none such)."""
    verb = verb_of(action)
    handler = acts.get(verb) if verb is not None else None
    events = handler(by, who, action) if handler is not None else None
    if events is None:
        raise IllegalAction(f"{action}: not an act of law mode")  # pragma: no cover
    return events
