"""The solver against DDS (endplay): every card's value agrees on random 52-card deals, in every strain, at the
lead and in mid-trick (issue 15)."""

from __future__ import annotations

import os
import random

import pytest

from hoyle.solver import Position, solve_position
from solver_helpers import SEATS4, dds_values

pytest.importorskip("endplay")

# HOYLE_DDS_DEALS raises the count when checking by hand.
DEALS = int(os.environ.get("HOYLE_DDS_DEALS", "200"))


def _deal_position(rng: random.Random, left: int, trick: int, trumps: int | None) -> Position:
    """A random 52-card deal played at random until ``left`` cards are left in the hand to play and ``trick``
    cards are on the table; the side to play is counted, as DDS counts it."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[13 * i : 13 * i + 13]) for i in range(4)]
    leader = rng.randrange(4)
    played: list[int] = []
    while True:
        p = (leader + len(played)) % 4
        if hands[p].bit_count() == left and len(played) == trick:
            break
        legal = [c for c in range(52) if hands[p] >> c & 1]
        if played:
            follow = [c for c in legal if c // 13 == played[0] // 13]
            legal = follow or legal
        c = rng.choice(legal)
        hands[p] &= ~(1 << c)
        played.append(c)
        if len(played) == 4:
            best = 0
            for j in range(1, 4):
                a, b = played[j], played[best]
                if (a // 13 == b // 13 and a > b) or (a // 13 == trumps and b // 13 != trumps):
                    best = j
            leader = (leader + best) % 4
            played = []
    p = (leader + len(played)) % 4
    counted = (0, 2) if p % 2 == 0 else (1, 3)
    return Position(
        seats=SEATS4,
        hands=tuple(hands),
        trumps=trumps,
        leader=leader,
        trick=tuple(played),
        side="NS" if p % 2 == 0 else "EW",
        counted=counted,
    )


@pytest.mark.parametrize("strain", [None, 0, 1, 2, 3], ids=["N", "C", "D", "H", "S"])
def test_every_card_agrees_with_dds(strain: int | None) -> None:
    rng = random.Random(2026 + (strain or 9))
    for i in range(DEALS // 5):
        left = rng.choice([3, 4, 5, 6, 7, 8])
        pos = _deal_position(rng, left, i % 4, strain)
        s = solve_position(pos)
        assert {int(a.card): v for a, v in s.tricks.items()} == dds_values(pos), pos


@pytest.mark.slow
@pytest.mark.parametrize("strain", [None, 0, 1, 2, 3], ids=["N", "C", "D", "H", "S"])
def test_whole_deals_agree_with_dds(strain: int | None) -> None:
    """Whole hands too: the opening lead of a fresh deal, and positions of 9 to 12 cards a hand at the lead and
    in mid-trick, where the search is deepest."""
    rng = random.Random(4052 + (strain or 9))
    for i in range(6):
        left = 13 if i < 2 else rng.choice([9, 10, 11, 12])
        pos = _deal_position(rng, left, 0 if i < 2 else i % 4, strain)
        s = solve_position(pos)
        assert {int(a.card): v for a, v in s.tricks.items()} == dds_values(pos), pos
