"""What the round games' own sections share (:mod:`hoyle.laws.round`): the decision type, the words of the calls, and
their base class."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import Action
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
    """One section of the round games' own (their acts, their penalty phases, Boston's law): it holds the table it
    rules, ``self.t``.  The rulings and penalty phases of a game's rule are the table's ``_ruled`` and ``_offered``,
    and cards are laid face up by its ``_lay_face_up``, which the shared sections call too."""
