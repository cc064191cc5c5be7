"""What Boston's sections share: the citations of 002's Boston lines and the section base."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..sections.common import RoundSection

if TYPE_CHECKING:
    from ..boston import LawBostonTable

B20 = "002 §20 Boston"
B21 = "002 §21 Boston"
B24 = "002 §24 Boston"
B26 = "002 §26 Boston"
B37 = "002 §37 Boston"
R4 = "rules §4"  # FCH p.167: "any ... exposure by an adversary of a misère bidder": the bidder wins


class BostonSection(RoundSection):
    """One section of Boston's own law (the round referee's sections rule the rest); ``self.t``, the Boston table."""

    t: LawBostonTable
