"""Random positions for the solver's tests, a plain minimax to check it by, and the bridge to DDS (endplay)."""

from __future__ import annotations

import random

from hoyle.solver import Position
from hoyle.tricks import trick_winner

SEATS4 = ("N", "E", "S", "W")


def random_position(
    rng: random.Random,
    n: int,
    per_hand: int,
    *,
    trumps: int | None,
    counted: tuple[int, ...],
    minimise: bool = False,
    trick: int | None = None,
    deck: int = 52,
    seats: tuple[str, ...] | None = None,
) -> Position:
    """``n`` hands of ``per_hand`` cards drawn from the first ``deck`` cards, then ``trick`` cards played to the trick
    (lawful, at random; a random number below ``n`` if None)."""
    cards = rng.sample(range(deck), n * per_hand)
    hands = [sum(1 << c for c in cards[i * per_hand : (i + 1) * per_hand]) for i in range(n)]
    leader = rng.randrange(n)
    k = rng.randrange(n) if trick is None else trick
    played: list[int] = []
    for j in range(k):
        p = (leader + j) % n
        legal = _legal(hands[p], played)
        c = rng.choice(legal)
        hands[p] &= ~(1 << c)
        played.append(c)
    names = seats or tuple("ABCDE"[:n])
    return Position(
        seats=names,
        hands=tuple(hands),
        trumps=trumps,
        leader=leader,
        trick=tuple(played),
        side="+".join(names[i] for i in counted),
        counted=counted,
        minimise=minimise,
        won=rng.randrange(3),
    )


def _legal(hand: int, trick: list[int]) -> list[int]:
    if trick:
        s = trick[0] // 13
        follow = [c for c in range(13 * s, 13 * s + 13) if hand >> c & 1]
        if follow:
            return follow
    return [c for c in range(52) if hand >> c & 1]


def minimax(pos: Position) -> dict[int, int]:
    """The value (tricks of the counted side, ``won`` included) of each lawful card, by plain minimax: no bounds, no
    pruning, no equivalences; straight from the rules (follow suit, 000 §71; the trick's winner, 000 §2).  A state
    met twice (the same cards in the same hands, the same trick) is looked up, not searched again."""
    n = pos.n
    cnt = [1 if i in pos.counted else 0 for i in range(n)]
    maxer = [(1 - c) if pos.minimise else c for c in cnt]

    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...]], int] = {}

    def value(hands: list[int], leader: int, trick: list[int]) -> int:
        key = (tuple(hands), leader, tuple(trick))
        if key not in memo:
            memo[key] = _value(hands, leader, trick)
        return memo[key]

    def _value(hands: list[int], leader: int, trick: list[int]) -> int:
        if len(trick) == n:
            w = (leader + trick_winner(trick, pos.trumps)) % n
            if not any(hands):
                return cnt[w]
            return cnt[w] + value(hands, w, [])
        p = (leader + len(trick)) % n
        vals = []
        for c in _legal(hands[p], trick):
            hands[p] &= ~(1 << c)
            vals.append(value(hands, leader, [*trick, c]))
            hands[p] |= 1 << c
        return max(vals) if maxer[p] else min(vals)

    hands = list(pos.hands)
    p = pos.to_act
    out = {}
    for c in _legal(hands[p], list(pos.trick)):
        hands[p] &= ~(1 << c)
        out[c] = pos.won + value(hands, pos.leader, [*pos.trick, c])
        hands[p] |= 1 << c
    return out


def pbn(hands: tuple[int, ...]) -> str:
    """Four hands (N, E, S, W) as a PBN deal string."""
    out = []
    for h in hands:
        suits = []
        for s in (3, 2, 1, 0):
            suits.append("".join("23456789TJQKA"[r] for r in range(12, -1, -1) if h >> (13 * s + r) & 1))
        out.append(".".join(suits))
    return "N:" + " ".join(out)


def dds_values(pos: Position) -> dict[int, int]:
    """DDS's value of each lawful card of the seat to act: the tricks still to come for the side to play."""
    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Denom, Player

    hands = list(pos.hands)
    for j, c in enumerate(pos.trick):
        hands[(pos.leader + j) % 4] |= 1 << c
    d = Deal(pbn(tuple(hands)))
    d.first = Player(pos.leader)  # endplay: north 0, east 1, south 2, west 3
    d.trump = Denom.nt if pos.trumps is None else [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades][pos.trumps]
    for c in pos.trick:
        d.play(Card("SHDC"[3 - c // 13] + "23456789TJQKA"[c % 13]))
    out = {}
    for card, v in solve_board(d):
        c = (3 - int(card.suit)) * 13 + "23456789TJQKA".index(card.rank.abbr)
        out[c] = v
    return out
