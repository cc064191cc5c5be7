"""A choice the law gives a side, and the typed words of law mode: one :class:`Decision` for every law-mode game.

A :class:`Decision` is a penalty phase (laws-design.md §3): who chooses (``seat``) for which side, among which
options (each an action with the law that gives it), under which laws, and why.  The Whist family (Whist, Dummy,
Double Dummy, Cayenne: :mod:`hoyle.laws.table`) names seats by index and sides by parity (``Decision[int, int]``);
the round games (Solo, Boston: :mod:`hoyle.laws.round`) by name, a side being the seats of it
(``Decision[str, tuple[str, ...]]``).  :class:`Remedy` names the remedies a round game's law may give, as data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

from ..engine.actions import Action

__all__ = ["Decision", "Remedy"]

S = TypeVar("S", int, str)
"""A seat: its index (the Whist family) or its name (the round games)."""
G = TypeVar("G")
"""A side: its parity (the Whist family) or its seats (the round games)."""


class Remedy(StrEnum):
    """A remedy a round game's law may give the offended side (the kinds of :class:`hoyle.laws.round.RoundRule`)."""

    CLAIM_THE_STAKES = "claim the stakes"
    CALL_SUIT = "call suit"
    CALL_CARD = "call card"
    FORBID_CARD = "forbid card"
    REQUIRE_HIGHEST = "require highest"
    REQUIRE_LOWEST = "require lowest"
    REQUIRE_WIN = "require win"
    REQUIRE_NOT_WIN = "require not win"
    REQUIRE_TRUMP = "require trump"
    REQUIRE_NOT_TRUMP = "require not trump"
    DEMAND_PLAY_OUT = "demand play out"


@dataclass
class Decision(Generic[S, G]):
    """A choice the law gives a side (a penalty phase): who chooses, for which side, among what, under which law.

    ``options``: each remedy as an action's text with the law that gives it (normalised to the action's notation).
    ``chooser``: who of the side may choose (``either`` adversary, the ``claimants``...); ``consult``: whether
    consulting is allowed (000 §84, Case X); ``context``: what the ruling needs to enforce the choice.
    """

    key: str
    seat: S
    side: G
    options: list[tuple[str, str]]
    laws: list[str]
    text: str
    offender: S | None = None
    chooser: str = "either"
    consult: bool = False
    context: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.options = [(str(Action.parse(a)), law) for a, law in self.options]

    def actions(self) -> list[Action]:
        return [Action.parse(a) for a, _ in self.options]

    def remedies(self) -> list[tuple[Action, str]]:
        """Each option as an action, with its citation."""
        return [(Action.parse(a), law) for a, law in self.options]
