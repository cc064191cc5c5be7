"""The sections of the laws, and the Whist-family referee: the table holds one :class:`Referee`, which holds the
table.  The deal, the play, acts out of turn, exposed cards, revokes, claims and what each seat sees are one module
each serving every law-mode game (the round games' :class:`hoyle.laws.rounds.RoundReferee` declares them too), their
family differences hooks and data of the table (each section's Protocol); the trump card, the flow of the hand,
misdeals, acts in a penalty phase, honours and the score at law, the irregular acts and the penalty phases here
are the Whist family's own.

A law-mode table of the Whist family (:mod:`hoyle.laws.table`, :mod:`hoyle.laws.cayenne`) keeps the state of the
hand and the engine's interface; what the laws do with it lives here, one small class a section of the laws, each
reaching the table through ``self.t``.  The game's own hooks (the deal, the judging of it, the start of the play,
the decisions, the score: what Cayenne overrides) stay methods of the table, so a game changes them by subclassing;
every other rule is called as ``table.referee.<section>.<rule>(...)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..referee import LawReferee, section
from .acts import ActsLaw
from .claims import ClaimsLaw
from .deal import DealLaw
from .decide import DecideLaw
from .exposed import ExposedLaw
from .flow import FlowLaw
from .misdeal import MisdealLaw
from .offered import WhistOffered
from .pending import PendingLaw
from .phases import WhistPhases
from .play import PlayLaw
from .revoke import RevokeLaw
from .score import ScoreLaw
from .seen import SeenLaw
from .trump import TrumpLaw
from .turn import TurnLaw

if TYPE_CHECKING:
    from ..table import LawMixin  # noqa: F401 - the table a section rules, named in the base class

__all__ = ["Referee"]


class Referee(LawReferee["LawMixin"]):
    """The laws of a Whist-family table, by section; held by the table (``table.referee``)."""

    deal: section[DealLaw] = section(DealLaw)
    misdeal: section[MisdealLaw] = section(MisdealLaw)
    play: section[PlayLaw] = section(PlayLaw)
    flow: section[FlowLaw] = section(FlowLaw)
    turn: section[TurnLaw] = section(TurnLaw)
    decide: section[DecideLaw] = section(DecideLaw)
    phases: section[WhistPhases] = section(WhistPhases)
    pending: section[PendingLaw] = section(PendingLaw)
    offered: section[WhistOffered] = section(WhistOffered)
    acts: section[ActsLaw] = section(ActsLaw)
    exposed: section[ExposedLaw] = section(ExposedLaw)
    revoke: section[RevokeLaw] = section(RevokeLaw)
    trump: section[TrumpLaw] = section(TrumpLaw)
    claims: section[ClaimsLaw] = section(ClaimsLaw)
    score: section[ScoreLaw] = section(ScoreLaw)
    seen: section[SeenLaw] = section(SeenLaw)
