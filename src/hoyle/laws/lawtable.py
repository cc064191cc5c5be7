"""What every law-mode table shares at the engine's boundary, whichever its family (the Whist family's
:class:`~hoyle.laws.table.LawMixin`, the round games' :class:`~hoyle.laws.round.RoundLawMixin`): the queue of
penalty phases, the remedies of the one in hand, the test of a lawful act of the seat to act, and ``apply``, which
routes every act (lawful, irregular, or refused) through the family's hooks.  Within, in every family, a seat is
its index in the table's seats (``table.seats[i]``); here, as at the engine's interface, by name: the seat of a
penalty phase is named by :meth:`LawTable._seat_name`, and a hook that takes a seat from the engine (``who`` of an
act) takes the name and converts it."""

from __future__ import annotations

from abc import abstractmethod

from ..engine.actions import Action, as_action
from ..engine.events import Event
from ..engine.table import Table
from ..errors import IllegalAction
from .decision import Decision

__all__ = ["LawTable"]


class LawTable(Table):
    """The base of every law-mode table (a mixin before the game's table: ``LawMixin``, ``RoundLawMixin``); its seats
    are indices into ``seats``, named at the boundary by :meth:`_seat_name`."""

    _decisions: list[Decision]
    """The penalty phases queued, the one in hand first (each a :class:`~hoyle.laws.decision.Decision`)."""

    @property
    def to_act(self) -> str | None:
        """The seat to act: in a penalty phase the seat entitled to choose, else the family's (:meth:`_law_to_act`)."""
        if self.over:
            return None
        if self._law_state() and self._decisions:
            return self._seat_name(self._decisions[0].seat)
        return self._law_to_act()

    def legal_actions(self) -> list[Action]:
        """The lawful actions of the seat to act: in a penalty phase exactly its remedies (and ``waive`` where the law
        says "may"), else the family's (:meth:`_law_legal`: the plays, constrained by the calls in force)."""
        if self.over:
            return []
        if self._decisions:
            return self._decisions[0].actions()
        return self._law_legal()

    def _choosing(self, action: Action) -> str:
        """Why ``action`` is refused in a penalty phase: who is to choose, and among what."""
        d = self._decisions[0]
        opts = ", ".join(a for a, _ in d.options)
        return f"{action}: {self._seat_name(d.seat)} is to choose ({d.text}); the choices are: {opts}"

    def _law_state(self) -> bool:
        """Whether the law's facts of a deal are kept yet (a round table keeps them from its first deal)."""
        return "_decisions" in self.__dict__

    def _law_do(self, action: Action) -> list[Event]:
        """Take a lawful action of the seat to act: a choice in the penalty phase in hand, ruled by the family's
        :meth:`_decide`; else the family's (:meth:`_law_act`)."""
        if self._decisions:
            d = self._decisions.pop(0)
            return self._decide(d, action, d.seat)
        return self._law_act(action)

    def remedies(self) -> list[tuple[Action, str]]:
        """The remedies of the penalty phase in hand, each with its citation (empty outside a penalty phase)."""
        return [] if self.over or not self._decisions else self._decisions[0].remedies()

    def _legal_now(self, action: Action) -> bool:
        """Whether ``action`` is a legal action of the seat to act (named by its seat or not)."""
        if action.seat is not None and action.seat == self.to_act:
            action = action.by(None)
        return action in self.legal_actions()

    def apply(self, action: Action | str) -> list[Event]:
        """Take ``action`` for the seat to act, or for the seat it names (``"E: play QS"``).

        A lawful action of the seat to act is taken as in strict mode; any other act listed by
        :meth:`irregular_actions` for that seat is taken as the irregularity (or right out of turn) it is, and ruled
        on; anything else raises :class:`IllegalAction` and changes nothing.  Every act out of turn is recorded with
        its seat (``"E: play KH"``).
        """
        act = action if type(action) is Action else as_action(action)
        if self.over:
            raise IllegalAction(f"{act}: the sitting is over; nothing more can be done")
        to_act = self.to_act
        who = act.seat or to_act
        if who not in self.seats:
            raise IllegalAction(f"{act}: there is no seat {who!r}; the seats are {', '.join(self.seats)}")
        plain = act.by(None)
        if who == to_act and plain in self.legal_actions():
            self.actions.append(plain)
            events = self._law_do(plain)
        elif plain in self.irregular_actions(who):
            self.actions.append(plain if who == to_act else plain.by(who))
            events = self._law_irregular(who, plain)
        elif who != to_act:
            raise IllegalAction(
                f"{act}: it is {to_act}'s turn, not {who}'s, and {plain} is not an act {who} can"
                f" take now (see irregular_actions('{who}'))"
            )
        else:
            events = self._law_unlisted(plain)
        events.extend(self._law_after())
        return self._logged(events)  # with the deals' commitments and proofs (engine)

    def _apply_out_of_turn(self, action: Action) -> list[Event]:  # pragma: no cover - apply() routes everything
        return self.apply(action)

    @abstractmethod
    def irregular_actions(self, seat: str) -> list[Action]:
        """Every act open to ``seat`` now beside the lawful ones: irregularities, and rights out of turn."""

    @abstractmethod
    def _seat_name(self, seat: int) -> str:
        """A seat as the engine names it, from its index (``seats[seat]``): the one conversion at the boundary."""

    @abstractmethod
    def _law_to_act(self) -> str | None:
        """The seat to act outside a penalty phase (the dealer, the seat in turn, the game's own)."""

    @abstractmethod
    def _law_legal(self) -> list[Action]:
        """The lawful actions of the seat to act outside a penalty phase."""

    @abstractmethod
    def _law_act(self, action: Action) -> list[Event]:
        """Take a lawful action of the seat to act outside a penalty phase (a deal, a play, the game's own)."""

    @abstractmethod
    def _decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The choice ``action`` made by ``by`` (the seat's index) in the penalty phase ``d``, carried out."""

    @abstractmethod
    def _law_irregular(self, who: str, action: Action) -> list[Event]:
        """Take ``who``'s irregular act (or right out of turn), listed by :meth:`irregular_actions`, and rule on it."""

    @abstractmethod
    def _law_unlisted(self, action: Action) -> list[Event]:
        """An act of the seat to act that is neither lawful nor listed: refused with the reason (the Whist family),
        or taken as the game's other words for a lawful act (a round game's ``call abundance``)."""

    @abstractmethod
    def _law_after(self) -> list[Event]:
        """What follows every act of itself: the hand's flow settled (tricks quitted, the claims step, rights that
        fall due, cards played early put in their turn)."""
