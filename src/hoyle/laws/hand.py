"""Where every card of one hand is, at a table where people err (laws-design.md §1).

A :class:`LawHand` holds the cards of one deal in law mode: in each seat's
hand (concealed), face up before their owner as exposed cards (liable to be
called), on the floor (000 §56: not exposed), mixed into a quitted trick
(000 §70), on the table in the trick being played (with who played each
card, in the order played, including cards played out of turn), in the
quitted tricks (with their leader and winner), or the trump card turned up
on the table (000 §52).  It also keeps the facts of the play: each renounce,
whether it was in error, and whether it was corrected or established.

Seats are indices 0..3 clockwise (N E S W); cards are ints 0..51.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass, field

from ..cards import CARD_TEXT, SUIT_MASKS
from ..tricks import trick_winner

__all__ = [
    "LawHand",
    "Quitted",
    "Renounce",
    "bits",
    "card_text",
    "claimable",
    "count",
    "establish",
    "established_revokes",
    "standing",
]


def bits(m: int) -> list[int]:
    """The cards of a bit set, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def card_text(c: int) -> str:
    """A card's notation (``QS``), for rulings and views in both families."""
    return CARD_TEXT[c]


def count(m: int) -> int:
    return m.bit_count()


@dataclass(slots=True)
class Renounce:
    """A card not of the suit led: a fact of the play (000 §71–74, 002 §28).

    ``in_error``: the player held the suit (in hand, face up, on the floor or
    mixed in a trick: 000 §46, §70).  ``status``: ``open`` (it may still be
    corrected), ``corrected`` or ``established``.  ``kind`` is ``renounce``,
    or ``failed`` for a lawful call not complied with (000 §61, 002 §38),
    which bears the penalty of a revoke, or ``doubt`` for a play under a call that the table cannot see complied
    with (not in error: it is what a claim may be offered on, where ``failed`` is what the search finds).
    """

    seat: int
    trick: int
    card: int
    suit: int
    in_error: bool
    status: str = "open"
    kind: str = "renounce"
    dummy: bool = False
    questioned: bool = False
    law: str = ""


def establish(
    facts: Iterable[Renounce], *, before: int | None = None, seats: Container[int] | None = None
) -> list[Renounce]:
    """The open facts of the play established (000 §73; 002 §28: they can no longer be corrected): those of tricks
    before trick ``before`` (a card led to it, or the trick turned and quitted), of ``seats`` (an act of their side's
    play: 000 Case VII), or all of them (the hand is over); the facts established now."""
    now = []
    for r in facts:
        if r.status == "open" and (before is None or r.trick < before) and (seats is None or r.seat in seats):
            r.status = "established"
            now.append(r)
    return now


def standing(facts: Iterable[Renounce], seats: Container[int]) -> list[Renounce]:
    """The facts of the play of ``seats`` (by index) that the adversaries may claim as revokes: every renounce and
    failure to comply not corrected (000 §76; 002 §29), and none of a Dummy's (000 Dummy II)."""
    return [r for r in facts if r.seat in seats and r.status != "corrected" and not r.dummy]


def claimable(facts: Iterable[Renounce]) -> list[Renounce]:
    """Of ``facts``, those the table has seen (every renounce, and every play under a call not seen to comply), on
    which alone a claim of a revoke is offered: never a failure to comply itself, which only the search may bring
    to light (issue 13)."""
    return [r for r in facts if r.kind != "failed"]


def established_revokes(facts: Iterable[Renounce]) -> list[Renounce]:
    """Of ``facts``, the revokes the search bears out: renounces in error (or calls not complied with) established
    (000 §73, §75; 002 §28, §32)."""
    return [r for r in facts if r.in_error and r.status == "established"]


@dataclass(slots=True)
class Quitted:
    """A trick turned and quitted: its number, who led, the cards as played, the winner."""

    number: int
    leader: int
    plays: list[tuple[int, int]]
    winner: int
    omitted: list[int] = field(default_factory=list)
    mixed: list[int] = field(default_factory=list)
    surplus: list[tuple[int, int]] = field(default_factory=list)


class LawHand:
    """One hand at law: where every card is, and the facts of its play."""

    def __init__(self, hands: list[int], dealer: int, turned: int, *, trump_holder: int | None = None) -> None:
        self.hands = hands
        self.dealt = list(hands)
        self.exposed = [0, 0, 0, 0]
        self.floor: dict[int, int] = {}
        self.mixed: dict[int, tuple[int, int]] = {}
        self.trick: list[tuple[int, int]] = []
        self.trick_mixed: list[int] = []  # cards mixed with a quitted trick taken back onto the table
        self.trick_leader = (dealer + 1) % 4
        self.omitted: list[int] = []
        self.quitted: list[Quitted] = []
        self.won = [0, 0, 0, 0]
        self.dealer = dealer
        self.leader = (dealer + 1) % 4
        self.trump_card = turned
        self.trumps = turned // 13
        self.trump_holder = dealer if trump_holder is None else trump_holder
        self.trump_on_table = True
        self.trump_left = False
        self.open_last = False
        self.renounces: list[Renounce] = []

    # ------------------------------------------------------------------ holdings

    def holding(self, s: int) -> int:
        """The cards ``s`` may play: his hand and his exposed cards."""
        return self.hands[s] | self.exposed[s]

    def cards_of(self, s: int) -> int:
        """Everything that is ``s``'s: held, exposed, on the floor or mixed in a trick (000 §46, §70)."""
        m = self.hands[s] | self.exposed[s]
        for c, owner in self.floor.items():
            if owner == s:
                m |= 1 << c
        for c, (owner, _) in self.mixed.items():
            if owner == s:
                m |= 1 << c
        return m

    def owns_suit(self, s: int, suit: int) -> bool:
        return bool(self.cards_of(s) & SUIT_MASKS[suit])

    def take(self, s: int, card: int) -> None:
        """Remove ``card`` from ``s``'s hand or exposed cards."""
        bit = 1 << card
        if self.hands[s] & bit:
            self.hands[s] &= ~bit
        else:
            self.exposed[s] &= ~bit
        if card == self.trump_card and s == self.trump_holder:
            self.trump_on_table = False

    def face_up(self, s: int, card: int) -> None:
        """``card`` from ``s``'s hand laid face up before him: an exposed card (000 §56; 002 §20)."""
        self.hands[s] &= ~(1 << card)
        self.exposed[s] |= 1 << card

    def played_count(self, s: int) -> int:
        """How many cards ``s`` has played to tricks (the quitted ones and the one on the table)."""
        n = sum(1 for q in self.quitted for seat, _ in q.plays if seat == s)
        n += sum(1 for q in self.quitted for seat, _ in q.surplus if seat == s)
        return n + sum(1 for seat, _ in self.trick if seat == s)

    def surplus(self, s: int) -> int:
        """Cards ``s`` has beyond his due, counting his cards on the floor or mixed (a wrong deal): > 0 too many."""
        return count(self.cards_of(s)) - (13 - self.played_count(s))

    # ------------------------------------------------------------------ the trick

    @property
    def lead_suit(self) -> int | None:
        return self.trick[0][1] // 13 if self.trick else None

    def played_to_trick(self, s: int) -> bool:
        return any(seat == s for seat, _ in self.trick)

    @property
    def turn(self) -> int:
        """The seat whose turn it is: the leader of the next trick, or the next in rotation yet to play."""
        if not self.trick:
            return self.leader
        for k in range(1, 4):
            s = (self.trick_leader + k) % 4
            if not self.played_to_trick(s) and s not in self.omitted:
                return s
        return self.trick_leader

    def complete(self) -> bool:
        done = {seat for seat, _ in self.trick} | set(self.omitted)
        return len(done) == 4 and bool(self.trick)

    def lawful(self, s: int) -> int:
        """What ``s`` may lawfully play now: a card of the suit led if he holds one (000 §71)."""
        m = self.holding(s)
        if self.trick:
            follow = m & SUIT_MASKS[self.trick[0][1] // 13]
            if follow:
                return follow
        return m

    def played_cards(self) -> list[int]:
        """The cards played this hand: to the quitted tricks, as played, and to the trick on the table."""
        return [c for q in self.quitted for _, c in q.plays] + [c for _, c in self.trick]

    def winning(self, plays: list[tuple[int, int]]) -> int:
        """The seat that wins ``plays`` (the suit of the first card led)."""
        return plays[trick_winner([c for _, c in plays], self.trumps)][0]

    def would_win(self, card: int) -> bool:
        """Whether ``card`` added to the trick on the table would win it as it stands."""
        if not self.trick:
            return True
        return self.winning([*self.trick, (-1, card)]) == -1

    def quit(self) -> Quitted:
        """Turn and quit the complete trick on the table; its winner leads next."""
        winner = self.winning(self.trick)
        q = Quitted(
            len(self.quitted) + 1,
            self.trick_leader,
            list(self.trick),
            winner,
            list(self.omitted),
            mixed=self.trick_mixed,
        )
        self.trick_mixed = []
        self.quitted.append(q)
        self.won[winner] += 1
        self.trick = []
        self.omitted = []
        self.leader = self.trick_leader = winner
        self.open_last = True
        return q

    def unquit(self) -> Quitted:
        """Take the last quitted trick back onto the table (a renounce corrected before it was quitted)."""
        q = self.quitted.pop()
        self.won[q.winner] -= 1
        self.trick = list(q.plays)
        self.trick_leader = q.leader
        self.omitted = list(q.omitted)
        self.trick_mixed = q.mixed
        self.leader = q.leader
        self.open_last = False
        return q

    # ------------------------------------------------------------------ where every card is

    def places(self, seats: tuple[str, ...]) -> dict[int, str]:
        out: dict[int, str] = {}
        for q in self.quitted:
            for _, c in q.plays:
                out[c] = f"quitted {q.number}"
            for c in q.mixed:
                out[c] = f"quitted {q.number}"
            for _, c in q.surplus:
                out[c] = f"quitted {q.number}"
        for _, c in self.trick:
            out[c] = "trick"
        for c in self.trick_mixed:
            out[c] = "trick"
        for s in range(4):
            for c in bits(self.hands[s]):
                out[c] = f"hand {seats[s]}"
            for c in bits(self.exposed[s]):
                out[c] = f"exposed {seats[s]}"
        for c in self.floor:
            out[c] = "floor"
        if self.trump_on_table:
            out[self.trump_card] = "turned"
        return out
