"""What every law-mode table shares at the engine's boundary, whichever its family (the Whist family's
:class:`~hoyle.laws.table.LawMixin`, the round games' :class:`~hoyle.laws.round.RoundLawMixin`): the queue of
penalty phases, the remedies of the one in hand, and the test of a lawful act of the seat to act.  Within, the seats
are the family's (by index, or by name); here, as at the engine's interface, by name."""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..engine.table import Table

__all__ = ["LawTable"]


class LawTable(Table):
    """The base of every law-mode table (a mixin before the game's table: ``LawMixin``, ``RoundLawMixin``)."""

    _decisions: list[Any]
    """The penalty phases queued, the one in hand first (each a :class:`~hoyle.laws.decision.Decision`)."""

    def remedies(self) -> list[tuple[Action, str]]:
        """The remedies of the penalty phase in hand, each with its citation (empty outside a penalty phase)."""
        return [] if self.over or not self._decisions else self._decisions[0].remedies()

    def _legal_now(self, action: Action) -> bool:
        """Whether ``action`` is a legal action of the seat to act (named by its seat or not)."""
        if action.seat is not None and action.seat == self.to_act:
            action = action.by(None)
        return action in self.legal_actions()
