"""Boston's own law at the table, by law section (002's Boston lines where they differ from the round games'
common law, :class:`hoyle.laws.sections.RoundReferee`): the deal (:mod:`.deal`), revokes (:mod:`.revoke`), the
penalty phases (:mod:`.decide`), the settlements (:mod:`.settle`).  The Boston table holds one :class:`BostonLaw`
(``table.boston``); its hooks (:class:`~hoyle.laws.round.RoundHooks`) call these sections."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..referee import LawReferee, section
from .deal import BostonDealLaw
from .decide import BostonDecideLaw
from .revoke import BostonRevokeLaw
from .settle import BostonSettleLaw

if TYPE_CHECKING:
    from ..boston import LawBostonTable  # noqa: F401 - the table a section rules, named in the base class

__all__ = ["BostonDealLaw", "BostonDecideLaw", "BostonLaw", "BostonRevokeLaw", "BostonSettleLaw"]


class BostonLaw(LawReferee["LawBostonTable"]):
    """Boston's own law, by section; held by the Boston table (``table.boston``)."""

    deal: section[BostonDealLaw] = section(BostonDealLaw)
    revoke: section[BostonRevokeLaw] = section(BostonRevokeLaw)
    decide: section[BostonDecideLaw] = section(BostonDecideLaw)
    settle: section[BostonSettleLaw] = section(BostonSettleLaw)
