"""Boston's own law at the table, by law section (002's Boston lines where they differ from the round games'
common law, :mod:`hoyle.laws.rounds`): the deal (:mod:`.deal`), revokes (:mod:`.revoke`), the penalty phases
(:mod:`.decide`), the settlements (:mod:`.settle`).  The Boston table holds one :class:`BostonLaw`
(``table.boston``); its hooks (:class:`~hoyle.laws.round.RoundHooks`) call these sections."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .deal import BostonDealLaw
from .decide import BostonDecideLaw
from .revoke import BostonRevokeLaw
from .settle import BostonSettleLaw

if TYPE_CHECKING:
    from ..boston import LawBostonTable

__all__ = ["BostonDealLaw", "BostonDecideLaw", "BostonLaw", "BostonRevokeLaw", "BostonSettleLaw"]


class BostonLaw:
    """Boston's own law, by section; held by the Boston table (``table.boston``)."""

    def __init__(self, t: LawBostonTable) -> None:
        self.t = t
        self.deal = BostonDealLaw(t)
        self.revoke = BostonRevokeLaw(t)
        self.decide = BostonDecideLaw(t)
        self.settle = BostonSettleLaw(t)
