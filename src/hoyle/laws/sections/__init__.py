"""The sections of the laws, and the referees that declare them: a law-mode table holds one referee, which holds
the table.  The deal, the play, the irregular acts carried out, acts out of turn, exposed cards, revokes, the
penalty phases' dispatch, claims and what each seat sees are one module each serving every law-mode game, declared
once (:class:`SharedSections`), their family differences hooks and data of the table (each section's Protocol,
:mod:`hoyle.laws.families`).  Each family adds its own: the Whist family (:class:`Referee`) the trump card, the flow
of the hand, misdeals, acts in a penalty phase, honours and the score at law, the irregular acts offered and its
penalty phases; the round games, Solo and Boston (:class:`RoundReferee`), their irregular acts offered and their
penalty phases.

A law-mode table (:mod:`hoyle.laws.table`, :mod:`hoyle.laws.cayenne`, :mod:`hoyle.laws.round`,
:mod:`hoyle.laws.solo`, :mod:`hoyle.laws.boston`) keeps the state of the hand and the engine's interface; what the
laws do with it lives here, one small class a section of the laws, each reaching the table through ``self.t``.  The
game's own hooks (the deal, the judging of it, the start of the play, the decisions, the score: what Cayenne or
Boston overrides) stay methods of the table, so a game changes them by subclassing; every other rule is called as
``table.referee.<section>.<rule>(...)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from ..referee import LawReferee, section
from .acts import ActsLaw
from .claims import ClaimsLaw
from .deal import DealLaw
from .decide import DecideLaw
from .exposed import ExposedLaw
from .flow import FlowLaw
from .misdeal import MisdealLaw
from .offered import RoundOffered, WhistOffered
from .pending import PendingLaw
from .phases import WhistPhases
from .play import PlayLaw
from .revoke import RevokeLaw
from .roundphases import RoundPhases
from .score import ScoreLaw
from .seen import SeenLaw
from .trump import TrumpLaw
from .turn import TurnLaw

if TYPE_CHECKING:
    from ..round import RoundLawMixin  # noqa: F401 - the table a section rules, named in the base class
    from ..table import LawMixin  # noqa: F401 - the table a section rules, named in the base class

__all__ = ["Referee", "RoundReferee", "SharedSections"]

T = TypeVar("T")


class SharedSections(LawReferee[T], Generic[T]):
    """The sections every law-mode game's referee has, one module each (the family's differences are its hooks)."""

    deal: section[DealLaw] = section(DealLaw)
    play: section[PlayLaw] = section(PlayLaw)
    acts: section[ActsLaw] = section(ActsLaw)
    turn: section[TurnLaw] = section(TurnLaw)
    exposed: section[ExposedLaw] = section(ExposedLaw)
    revoke: section[RevokeLaw] = section(RevokeLaw)
    decide: section[DecideLaw] = section(DecideLaw)
    claims: section[ClaimsLaw] = section(ClaimsLaw)
    seen: section[SeenLaw] = section(SeenLaw)


class Referee(SharedSections["LawMixin"]):
    """The laws of a Whist-family table (Whist, Dummy, Double Dummy, Cayenne), by section; held by the table
    (``table.referee``)."""

    misdeal: section[MisdealLaw] = section(MisdealLaw)
    flow: section[FlowLaw] = section(FlowLaw)
    phases: section[WhistPhases] = section(WhistPhases)
    pending: section[PendingLaw] = section(PendingLaw)
    offered: section[WhistOffered] = section(WhistOffered)
    trump: section[TrumpLaw] = section(TrumpLaw)
    score: section[ScoreLaw] = section(ScoreLaw)


class RoundReferee(SharedSections["RoundLawMixin"]):
    """The laws of a round table (Solo, Boston), by section; held by the table (``table.referee``)."""

    offered: section[RoundOffered] = section(RoundOffered)
    phases: section[RoundPhases] = section(RoundPhases)
