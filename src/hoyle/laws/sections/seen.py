"""What each seat may see at a table at law, one section for every law-mode game (the Whist family, Solo, Boston,
Cayenne): the law's public facts (the cards face up before their owners, the calls in force, the penalty phase)
added to the family's view of the cards.

What differs between the families is a hook of the table (:class:`SeenHooks`), not a second section: the view of the
cards the law starts from (the Whist family builds it from its :class:`~hoyle.laws.hand.LawHand`; a round game takes
its game's view, with the cards played early beside the trick), the seats inside and their names
(:meth:`~hoyle.laws.lawtable.LawTable._seat_name`, the one conversion), the cards each seat has face up and how a
hand's cards are written, the calls as each family keeps them, and, as data, the key a called card is shown under
(``called``, ``liable``) and the fields of a penalty phase shown (``DECISION_VIEW``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from ...cards import CARD_TEXT, SUITS
from ..decision import Decision, DecisionKey
from ..hand import card_text
from ..referee import LawSection

__all__ = ["SeenHooks", "SeenLaw"]


class SeenHooks(Protocol):
    """What the section reads of its table, its seats by index (named for the view by ``_seat_name``)."""

    _decisions: list[Any]
    _lead_suit: dict[int, int]
    _suit_rights: list[dict[str, Any]]
    CALLED_KEY: str
    """The key of the cards called (the Whist family's ``called``; a round game's ``liable``: 002 §21)."""
    DECISION_VIEW: tuple[str, ...]
    """The fields of a penalty phase shown (of ``key``, ``seat``, ``side``, ``offender``, ``text``, ``law``,
    ``options``)."""

    def controller(self, seat: str) -> str: ...

    def _seat_name(self, seat: int) -> str: ...

    def _seen_base(self, seat: str | None) -> tuple[dict[str, Any], bool]:
        """The family's view of the cards, and whether a hand is on the table (else the view is complete)."""
        ...

    def _seen_seats(self) -> Iterable[int]:
        """The seats in play, in order."""
        ...

    def _faces_up(self) -> dict[int, int] | None:
        """The cards each seat has face up before him (exposed, a Dummy's hand shown), or ``None``: none to add to the
        base view's (no trick play yet)."""
        ...

    def _cards_text(self, m: int) -> list[str]:
        """Cards face up, in the family's order."""
        ...

    def _seats_with_calls(self) -> set[int]:
        """Every seat some call is kept on (the others have none to show)."""
        ...

    def _called_cards(self, s: int) -> list[int]:
        """The cards called from ``s`` (000 §64; liable to be called: 002 §21)."""
        ...

    def _require_word(self, s: int) -> str | None:
        """The requirement in force on ``s`` (``highest``, ``card QS``...), or ``None``."""
        ...

    def _trump_liable(self, s: int) -> bool:
        """Whether ``s`` is liable to have the trump card called (000 §51)."""
        ...

    def _suit_right_seats(self, right: dict[str, Any]) -> list[tuple[int, str]]:
        """The seats a suit may be called from under ``right`` (000 §62; 002 §24), each with who calls it."""
        ...

    def _side_name(self, side: Any) -> Any:
        """A side as the view shows it (``NS``; a list of seats)."""
        ...


class SeenLaw(LawSection[SeenHooks]):
    """What each seat may see at a table at law, for every law-mode game."""

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now: the family's view of the cards with the law's facts that are public.

        Besides that view: ``phase``; ``exposed`` (the cards face up before each seat, liable to be called; and a
        Dummy's hand); ``calls`` (the calls in force); ``decision`` (who is choosing which penalty, the options and
        their laws).
        """
        v, full = self.t._seen_base(seat)
        if not full:
            return v
        exposed = self.exposed(v.get("exposed"))
        if exposed is not None:
            v["exposed"] = exposed
        v["calls"] = self.calls()
        v["decision"] = self.decision(seat)
        return v

    def exposed(self, base: dict[str, list[str]] | None) -> dict[str, list[str]] | None:
        """The cards face up before each seat: the base view's, with those the law lays face up (000 §56; 002 §20)."""
        tab = self.t
        faces = tab._faces_up()
        if faces is None:
            return None
        out = {k: list(x) for k, x in (base or {}).items()}
        for s, cards in faces.items():
            if cards:
                name = tab._seat_name(s)
                for text in out.get(name, []):
                    cards |= 1 << CARD_TEXT.index(text)
                out[name] = tab._cards_text(cards)
        return out

    def calls(self) -> dict[str, Any]:
        """The calls in force on each seat (000 §61-66; 002 §21, §24, §38)."""
        tab = self.t
        calls: dict[str, Any] = {}
        kept = tab._seats_with_calls()
        for s in tab._seen_seats():
            if s not in kept:
                continue  # no call kept on him: the common case, without asking the hooks
            c: dict[str, Any] = {}
            called = tab._called_cards(s)
            if called:
                c[tab.CALLED_KEY] = [card_text(x) for x in called]
            if s in tab._lead_suit:
                c["lead"] = SUITS[tab._lead_suit[s]]
            req = tab._require_word(s)
            if req is not None:
                c["require"] = req
            if tab._trump_liable(s):
                c["trump liable"] = True
            if c:
                calls[tab._seat_name(s)] = c
        for right in tab._suit_rights:  # a suit to be called when next his side leads (000 §62; 002 §24)
            for s, by in tab._suit_right_seats(right):
                calls.setdefault(tab._seat_name(s), {})["suit to be called"] = {"by": by, "why": right["why"]}
        return calls

    def decision(self, seat: str | None) -> dict[str, Any] | None:
        """The penalty phase being chosen, in the fields the family shows."""
        tab = self.t
        d: Decision | None = tab._decisions[0] if tab._decisions else None
        if d is None:
            return None
        chooser = tab._seat_name(d.seat)
        fields: dict[str, Any] = {
            "key": d.key,
            "seat": chooser,
            "side": tab._side_name(d.side),
            "offender": None if d.offender is None else tab._seat_name(d.offender),
            "text": d.text,
            "law": list(d.laws),
            # A player's answer to "having none?" is his own to give: others do not see it beforehand.
            "options": [{"action": a, "law": law} for a, law in d.options]
            if d.key != DecisionKey.ANSWER or seat in (chooser, tab.controller(chooser))
            else [],
        }
        return {k: fields[k] for k in tab.DECISION_VIEW}
