"""Trick-taking machinery shared by the whist family: follow suit, the trick's winner, the quitted tricks.

Hands are bit sets of cards (see :mod:`hoyle.cards`); seats are indices
0..n-1 clockwise.  Nothing here knows a particular game's scoring.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_MASKS

__all__ = ["TrickPlay", "trick_winner"]


def trick_winner(cards: Sequence[int], trumps: int | None) -> int:
    """Index in ``cards`` (in order of play) of the card that wins the trick.

    The highest trump wins; if none was played, the highest card of the
    suit led (000 §2: a trick is four cards, one from each player).
    """
    best = 0
    best_card = cards[0]
    best_suit = best_card // 13
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:
            if c > best_card:
                best, best_card = i, c
        elif s == trumps:
            best, best_card, best_suit = i, c, s
    return best


class TrickPlay:
    """The play of one hand: whose turn, the trick on the table, the quitted tricks.

    ``hands[seat]`` is a bit set; ``trick`` the cards on the table in order of
    play, led by ``leader``; ``quitted`` the tricks turned, each
    ``(leader, cards, winner)``; ``won[seat]`` the tricks each seat has taken.
    """

    __slots__ = ("hands", "leader", "n", "quitted", "trick", "trumps", "turn", "won")

    def __init__(self, hands: list[int], trumps: int | None, leader: int, n: int = 4) -> None:
        self.n = n
        self.hands = hands
        self.trumps = trumps
        self.leader = leader
        self.turn = leader
        self.trick: list[int] = []
        self.quitted: list[tuple[int, tuple[int, ...], int]] = []
        self.won = [0] * n

    @property
    def lead_suit(self) -> int | None:
        return self.trick[0] // 13 if self.trick else None

    @property
    def finished(self) -> bool:
        return not any(self.hands) and not self.trick

    def legal_mask(self) -> int:
        """The cards the player in turn may lawfully play: he must follow suit if he can (000 §71)."""
        hand = self.hands[self.turn]
        if self.trick:
            follow = hand & SUIT_MASKS[self.trick[0] // 13]
            if follow:
                return follow
        return hand

    def play(self, card: int) -> int | None:
        """Play ``card`` (lawful, unchecked) for the seat in turn; the trick's winner if it is complete."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return None
        winner = (self.leader + trick_winner(self.trick, self.trumps)) % self.n
        self.quitted.append((self.leader, tuple(self.trick), winner))
        self.won[winner] += 1
        self.trick = []
        self.leader = self.turn = winner
        return winner
