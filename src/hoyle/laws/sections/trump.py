"""The trump card: named, forgotten, taken up early (000 §52–§54; 002 §18)."""

from __future__ import annotations

from ...engine.events import Event
from ...rulebook.whist import SEATS
from .common import Section


class TrumpLaw(Section):
    """The trump card: named, forgotten, taken up early (000 §52–§54; 002 §18)."""

    def excused(self, who: int, key: str, what: str) -> list[Event] | None:
        """The ruling where no penalty follows ``who``'s fault ``key``: he is exempt (a dummy's side, G.W.P.'s point)
        or the code gives no remedy; ``None``: a remedy follows."""
        exempt, r = self.fault(who, key, what)
        if exempt is not None:
            return exempt
        if not r.remedies:
            return [self.t._ruling(key, what, seat=who, remedy="none")]
        return None

    def trump_liability(self, who: int, key: str, what: str) -> list[Event]:
        tab = self.t
        excused = self.excused(who, key, what)
        if excused is not None:
            return excused
        tab._trump_rights.setdefault(who, "named" if key == "trump card named" else "forgotten")
        return [tab._ruling(key, what, seat=who, remedy="highest or lowest trump may be called")]

    def take_up_early(self, who: int) -> list[Event]:
        tab = self.t
        h = tab.hand
        assert h is not None
        h.trump_on_table = False
        what = f"{SEATS[who]} takes the trump card into his hand before his turn to play"
        key = "trump card taken early"
        excused = self.excused(who, key, what)
        if excused is not None:
            return excused
        tab._offer(
            key, tab._live((who + 1) % 4), tab._rule(key), what, ["require trump card"], offender=who, by_rule=False
        )
        return [tab._ruling(key, what, seat=who)]
