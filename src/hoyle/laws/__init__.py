"""Law mode: irregularities, penalties and rulings, by the codes of 000, 002 and 004 (docs/laws.md).

- :mod:`hoyle.laws.catalogue`: what can go wrong at the table, once for all codes;
- :mod:`hoyle.laws.codes`: each code's remedies, as data;
- :mod:`hoyle.laws.hand`: where every card of a hand is, and the facts of its play;
- :mod:`hoyle.laws.table`: the law-mode table (``irregularities=True``);
- :mod:`hoyle.laws.judge`: a hand's rulings, in order, for ``hoyle judge``.
"""

from .catalogue import CATALOGUE, Irregularity
from .codes import CODES, Rule, rule

__all__ = ["CATALOGUE", "CODES", "Irregularity", "Rule", "rule"]
