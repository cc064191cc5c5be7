"""What the families' own sections share: the Whist family's small helpers and words (:mod:`hoyle.laws.table`), and
each family's section base (:class:`Section`, :class:`RoundSection`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import Action
from ...engine.events import Event
from ..codes import Rule
from ..decision import Decision as Decision
from ..hand import card_text as card_text  # the Whist sections' word for it (hand.py's, both families')
from ..referee import LawSection

if TYPE_CHECKING:
    from ..round import RoundLawMixin  # noqa: F401 - the table a section rules, named in the base class
    from ..table import LawMixin  # noqa: F401 - the table a section rules, named in the base class

SUIT_WORD = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
POSITION = {1: "second", 2: "third", 3: "fourth"}

DEAL_VARIANTS = (
    "deal uncut",
    "deal exposing a card",
    "deal irregularly",
    "deal trump face down",
    "deal with a card faced",
    "deal with the other pack",
    "deal and count the cards",
    "deal looking at the trump card",
)
"""The dealer's irregular deals that name no seat (besides ``deal trump card to X``, ``deal two cards to X``,
``deal a card too many to X``)."""

VARIANT_KEY = {
    "uncut": "uncut",
    "exposing a card": "exposed in dealing",
    "irregularly": "dealt irregularly",
    "trump face down": "trump face down",
    "with a card faced": "faced in pack",
    "with the other pack": "other pack",
    "and count the cards": "cards counted",
    "looking at the trump card": "trump looked at",
}


ANY_TIME = frozenset({"expose", "drop", "name", "show", "lower", "look", "mix", "dispute"})
"""Irregular acts a seat may commit even while a side is choosing a penalty."""


def law_action(verb: str, arg: str = "") -> Action:
    """An action in its canonical notation (as ``Action.parse`` gives it)."""
    return Action.parse(f"{verb} {arg}".strip())


THROW_DOWN = Action.parse("throw down hand")


def side_of(s: int) -> int:
    return s % 2


def partner_of(s: int) -> int:
    return (s + 2) % 4


def side_seats(p: int) -> tuple[int, int]:
    """The seats of the side of parity ``p`` (``NS``: 0 and 2), as a :class:`Decision` holds its side."""
    return (p, p + 2)


def parity(side: tuple[int, ...]) -> int:
    """The parity of a Whist-family side given as its seats (a :class:`Decision`'s side)."""
    return side[0] % 2


def laws_of(r: Rule, *more: str) -> list[str]:
    out = list(r.laws)
    for m in more:
        if m not in out:
            out.append(m)
    return out


class Section(LawSection["LawMixin"]):
    """One section of the Whist family's referee (the laws of the deal, of revokes...): it holds the table it rules,
    ``self.t``."""

    def fault(self, who: int, key: str, what: str) -> tuple[list[Event] | None, Rule]:
        """The code's rule for ``who``'s fault ``key``, and the ruling already made if he is exempt from it (a
        dummy's side, G.W.P.'s point: :meth:`LawMixin._exempt`), else ``None``."""
        tab = self.t
        return tab._exempt(who, key, what), tab._rule(key)


class RoundSection(LawSection["RoundLawMixin"]):
    """One section of the round games' own (their acts, their penalty phases, Boston's law): it holds the table it
    rules, ``self.t``.  The rulings and penalty phases of a game's rule are the table's ``_ruled`` and ``_offered``,
    and cards are laid face up by its ``_lay_face_up``, which the shared sections call too."""
