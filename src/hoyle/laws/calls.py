"""The calls in force, one law for every law-mode game: what a player may lawfully play under them, and whether a
card played under them shows itself complied with (000 §61–66, §68; 002 §21, §24, §26, §38).

A call in force on a seat is, in every family, a suit to lead (``lead_suit``, 000 §62, 002 §24), cards called
(``called``: the Whist family's called cards; a round game's requirement ``card QS``, 002 §21), a card forbidden
(``not card QS``, 003 Solo digest) or one requirement (``req``: ``highest``, ``lowest``, ``win``, ``not win``,
``trump``, ``not trump``, ``highest trump``, ``lowest trump``).  The trick is read through :class:`TrickState`, which
each family's hand satisfies (the Whist family's :class:`~hoyle.laws.hand.LawHand`; the round games' trick play with
the cards played early, :class:`hoyle.laws.sections.play.RoundTrick`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from ..cards import CARD_TEXT, SUIT_MASKS, SUIT_NAMES, SUITS
from .hand import bits

__all__ = ["Calls", "TrickState", "calls_of", "calls_text", "doubtful", "required", "unseen_beyond"]


class TrickState(Protocol):
    """The trick as the law of the calls reads it: the suit led (``None`` before the lead), the trump suit (``None``:
    no trumps), whether a card would win the trick as it stands, and every card played this hand."""

    @property
    def lead_suit(self) -> int | None: ...

    @property
    def trumps(self) -> int | None: ...

    def would_win(self, card: int) -> bool: ...

    def played_cards(self) -> Iterable[int]: ...


@dataclass(frozen=True, slots=True)
class Calls:
    """The calls in force on one seat, in the one shape of every family (see the module)."""

    lead_suit: int | None = None
    called: tuple[int, ...] = ()
    forbidden: int | None = None
    req: str | None = None


def calls_of(lead_suit: int | None, require: str | None, called: Iterable[int] = ()) -> Calls:
    """The calls in force from a family's words: a round game's requirement ``card QS`` is a called card, ``not card
    QS`` a forbidden one; any other requirement is itself (``highest``...)."""
    forbidden: int | None = None
    cards = tuple(called)
    req = require
    if require is not None and require.startswith("card "):
        cards, req = (*cards, CARD_TEXT.index(require[5:])), None
    elif require is not None and require.startswith("not card "):
        forbidden, req = CARD_TEXT.index(require[9:]), None
    return Calls(lead_suit, cards, forbidden, req)


def required(m: int, calls: Calls, state: TrickState) -> int:
    """The cards of ``m`` (the seat's lawful cards) that answer the calls in force: at the lead a suit called, if he
    has one (000 §62; 002 §24); then the requirement, then the card called or forbidden (000 §61, §64, §68; 002 §21,
    §38); ``m`` itself where none can (he cannot comply without revoking, and the call has no effect at this turn:
    000 §64, 002 §21)."""
    req, led, trumps = calls.req, state.lead_suit, state.trumps
    if led is None and calls.lead_suit is not None:
        m = (m & SUIT_MASKS[calls.lead_suit]) or m
    trump_mask = SUIT_MASKS[trumps] if trumps is not None else 0  # None: no trumps (Cayenne's grand, nullo)
    cards = bits(m)
    pick: list[int] = []
    if req in ("highest", "lowest") and led is not None:
        suited = [c for c in cards if c // 13 == led]
        pick = ([max(suited)] if req == "highest" else [min(suited)]) if suited else []
    elif req == "win":
        pick = [c for c in cards if state.would_win(c)]
    elif req == "not win":
        pick = [c for c in cards if not state.would_win(c)]
    elif req == "trump":
        pick = [c for c in cards if (1 << c) & trump_mask]
    elif req == "not trump":
        pick = [c for c in cards if not (1 << c) & trump_mask]
    elif req in ("highest trump", "lowest trump"):
        pick = [c for c in cards if (1 << c) & trump_mask]
        if pick:
            pick = [max(pick)] if req == "highest trump" else [min(pick)]
    out = 0
    for c in pick:
        out |= 1 << c
    m = out or m
    called = [c for c in calls.called if m >> c & 1]
    if called:
        return 1 << called[0]
    if calls.forbidden is not None and m & ~(1 << calls.forbidden):
        return m & ~(1 << calls.forbidden)
    return m


def unseen_beyond(card: int, higher: bool, state: TrickState) -> bool:
    """Whether a card of ``card``'s suit above it (``higher``) or below it has not been played this hand."""
    seen = set(state.played_cards())
    suit = card // 13
    others = range(card + 1, 13 * suit + 13) if higher else range(13 * suit, card)
    return any(c not in seen for c in others)


_TRUMP_REQS = ("trump", "not trump", "highest trump", "lowest trump")


def _off_trump(req: str, card: int, state: TrickState) -> bool:
    """Whether ``card`` may not answer a call to trump or not to trump (or the highest or lowest trump)."""
    if state.trumps is None or req not in _TRUMP_REQS:
        return False
    trump = card // 13 == state.trumps
    if req == "not trump":
        return trump
    return not trump or (req != "trump" and unseen_beyond(card, req == "highest trump", state))


def doubtful(card: int, calls: Calls, state: TrickState) -> bool:
    """Whether a card played under ``calls`` may, for all the table can see, fail to comply with one (000 §61;
    002 §38): judged on the calls, the card and the cards played, never on the player's concealed hand (issue 13)."""
    led = state.lead_suit
    if led is None and calls.lead_suit is not None and card // 13 != calls.lead_suit:
        return True
    for c in calls.called:  # following suit, he could not play a called card of another
        if card != c and not (led is not None and card // 13 == led and c // 13 != led):
            return True
    if calls.forbidden is not None:
        return card == calls.forbidden
    req = calls.req
    if req is None or led is None:
        return req is not None and _off_trump(req, card, state)
    if req in ("win", "not win"):
        return state.would_win(card) != (req == "win")
    if req in ("highest", "lowest"):
        return card // 13 != led or unseen_beyond(card, req == "highest", state)
    return _off_trump(req, card, state)


def calls_text(called: Iterable[int], lead_suit: int | None, require: str | None) -> str:
    """The calls in force on a seat, in words (why a play is refused)."""
    parts = []
    cards = list(called)
    if cards:
        parts.append("called card " + ", ".join(CARD_TEXT[c] for c in cards))
    if lead_suit is not None:
        parts.append(f"must lead {SUIT_NAMES[SUITS[lead_suit]]}")
    if require is not None:
        parts.append(f"required to play {require}")
    return "; ".join(parts) or "none"
