"""What every section of the round games' referee shares (:mod:`hoyle.laws.round`): the decision type, the words of
the calls, and the rulings and penalty phases of a game's rule (:class:`~hoyle.laws.codes.Rule`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import Action
from ...engine.events import Event
from ..codes import Rule
from ..decision import Decision as _Decision
from ..referee import LawSection

if TYPE_CHECKING:
    from ..round import RoundLawMixin  # noqa: F401 - the table a section rules, named in the base class

WAIVE = Action.parse("waive")
REQ_WORDS = {
    "highest": "his highest card of the suit led",
    "lowest": "his lowest card of the suit led",
    "win": "to win the trick",
    "not win": "not to win the trick",
    "trump": "to trump the trick",
    "not trump": "not to trump the trick (follow suit or pass the trick)",
}


Decision = _Decision[str, tuple[str, ...]]
"""A penalty phase at a round table: seats by name, a side as its seats."""


class RoundSection(LawSection["RoundLawMixin"]):
    """One section of the round games' referee: it holds the table it rules, ``self.t``."""

    def face_up(self, seat: str, cards: int, *, liable: bool = False) -> None:
        """``cards`` of ``seat``'s hand laid face up before him (place ``exposed X``; they stay his to play), and,
        where the law says so, liable to be called (002 §20-21; the table's ``_lay_face_up``, which the exposed
        section calls; :meth:`hoyle.laws.hand.LawHand.face_up` is the Whist family's)."""
        self.t._lay_face_up(seat, cards, liable)

    def ruled(self, key: str, who: str, rule: Rule, text: str, remedy: str = "none", **data: object) -> list[Event]:
        """The ruling on ``who``'s irregularity ``key``, citing the game's ``rule`` (:meth:`RoundLawMixin._ruled`)."""
        return self.t._ruled(key, who, rule, text, remedy, **data)

    def offer(
        self,
        key: str,
        who: str,
        rule: Rule,
        options: list[tuple[str, str]],
        note: str,
        text: str,
        *,
        remedy: str = "the offended side's choice",
        chooser: str | None = None,
        side: list[str] | None = None,
        **context: object,
    ) -> list[Event]:
        """A penalty phase for ``who``'s irregularity ``key``, and the ruling that says so
        (:meth:`RoundLawMixin._offered`)."""
        return self.t._offered(
            key, who, rule, options, note, text, remedy=remedy, chooser=chooser, side=side, **context
        )
