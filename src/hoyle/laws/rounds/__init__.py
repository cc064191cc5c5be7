"""The round games' referee (Solo, Boston), by law section: the table holds one :class:`RoundReferee`, which holds
the table.  Its sections are those of :mod:`hoyle.laws.sections`, one module a section serving every law-mode game
(the deal, the play, the irregular acts carried out, acts out of turn, exposed cards, revokes, claims, what each
seat sees), the round games' irregular acts offered (:class:`~hoyle.laws.sections.offered.RoundOffered`), and their
own penalty phases (:mod:`.decide`).

A round table at law (:mod:`hoyle.laws.round`, :mod:`hoyle.laws.solo`, :mod:`hoyle.laws.boston`) keeps the state of
the hand, the rulings and decisions, and the engine's interface; what the laws do with it lives here, one small class
a section, each reaching the table through ``self.t``.  What a game changes (Boston's acts, corrections, claims and
decisions) stays a method of the table that the game overrides, and calls the section for the common part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..referee import LawReferee, section
from ..sections.acts import ActsLaw
from ..sections.claims import ClaimsLaw
from ..sections.deal import DealLaw
from ..sections.decide import DecideLaw
from ..sections.exposed import ExposedLaw
from ..sections.offered import RoundOffered
from ..sections.play import PlayLaw
from ..sections.revoke import RevokeLaw
from ..sections.roundphases import RoundPhases
from ..sections.seen import SeenLaw
from ..sections.turn import TurnLaw

if TYPE_CHECKING:
    from ..round import RoundLawMixin  # noqa: F401 - the table a section rules, named in the base class

__all__ = ["RoundReferee"]


class RoundReferee(LawReferee["RoundLawMixin"]):
    """The laws of a round table, by section; held by the table (``table.referee``)."""

    play: section[PlayLaw] = section(PlayLaw)
    offered: section[RoundOffered] = section(RoundOffered)
    acts: section[ActsLaw] = section(ActsLaw)
    deal: section[DealLaw] = section(DealLaw)
    turn: section[TurnLaw] = section(TurnLaw)
    exposed: section[ExposedLaw] = section(ExposedLaw)
    revoke: section[RevokeLaw] = section(RevokeLaw)
    decide: section[DecideLaw] = section(DecideLaw)
    phases: section[RoundPhases] = section(RoundPhases)
    claims: section[ClaimsLaw] = section(ClaimsLaw)
    seen: section[SeenLaw] = section(SeenLaw)
