"""The Whist-family referee, by law section: the table holds one :class:`Referee`, which holds the table.

A law-mode table of the Whist family (:mod:`hoyle.laws.table`, :mod:`hoyle.laws.cayenne`) keeps the state of the
hand and the engine's interface; what the laws do with it lives here, one small class a section of the laws, each
reaching the table through ``self.t``.  The game's own hooks (the deal, the judging of it, the start of the play,
the decisions, the score: what Cayenne overrides) stay methods of the table, so a game changes them by subclassing;
every other rule is called as ``table.referee.<section>.<rule>(...)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .acts import ActsLaw
from .claims import ClaimsLaw
from .deal import DealLaw
from .decide import DecideLaw
from .exposed import ExposedLaw
from .flow import FlowLaw
from .misdeal import MisdealLaw
from .pending import PendingLaw
from .play import PlayLaw
from .revoke import RevokeLaw
from .seen import SeenLaw
from .trump import TrumpLaw
from .turn import TurnLaw

if TYPE_CHECKING:
    from ..table import LawMixin

__all__ = ["Referee"]


class Referee:
    """The laws of a Whist-family table, by section; held by the table (``table.referee``)."""

    deal: DealLaw
    misdeal: MisdealLaw
    play: PlayLaw
    flow: FlowLaw
    turn: TurnLaw
    decide: DecideLaw
    pending: PendingLaw
    acts: ActsLaw
    exposed: ExposedLaw
    revoke: RevokeLaw
    trump: TrumpLaw
    claims: ClaimsLaw
    seen: SeenLaw

    def __init__(self, t: LawMixin) -> None:
        self.t = t
        self.deal = DealLaw(t)
        self.misdeal = MisdealLaw(t)
        self.play = PlayLaw(t)
        self.flow = FlowLaw(t)
        self.turn = TurnLaw(t)
        self.decide = DecideLaw(t)
        self.pending = PendingLaw(t)
        self.acts = ActsLaw(t)
        self.exposed = ExposedLaw(t)
        self.revoke = RevokeLaw(t)
        self.trump = TrumpLaw(t)
        self.claims = ClaimsLaw(t)
        self.seen = SeenLaw(t)
