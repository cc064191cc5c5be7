"""The pool and its side pools: who may win which part of the money staked on one deal.

Every counter staked on a deal is recorded against the seat that staked it; money carried from an
earlier deal (a jack-pot not opened, a double header) is dead money of the main pool.  With table
stakes a player who cannot cover a bet stakes all he has before him and may win from each other
player only as much as he staked himself (003 Table Stakes; rules §6.4): the money is cut into
layers at each such player's total, the main pool and the side pools.

>>> layers({"A": 5, "B": 20, "C": 20, "D": 2}, ["A", "B", "C"], all_in=["A"], carried=3)
[(20, ['A', 'B', 'C']), (30, ['B', 'C'])]
>>> divide(7, ["C", "A"])
{'C': 4, 'A': 3}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

__all__ = ["divide", "layers"]


def layers(
    paid: Mapping[str, int], contenders: Sequence[str], *, all_in: Iterable[str] = (), carried: int = 0
) -> list[tuple[int, list[str]]]:
    """The pools, main first: ``(amount, seats that may win it)``.

    ``paid`` is what each seat staked on this deal (those who passed out included); ``contenders``
    the seats still in, in the order of the table; ``all_in`` those of them who have staked all they
    have; ``carried`` the dead money from earlier deals, which goes to the main pool.
    """
    caps = sorted({paid.get(s, 0) for s in all_in if s in contenders})
    top = max((paid.get(s, 0) for s in contenders), default=0)
    if not caps or caps[-1] < top:
        caps.append(top)
    out: list[tuple[int, list[str]]] = []
    below = 0
    for cap in caps:
        amount = sum(min(v, cap) - min(v, below) for v in paid.values())
        eligible = [s for s in contenders if paid.get(s, 0) >= cap]
        if amount or not out:
            out.append((amount, eligible))
        below = cap
    # Money staked beyond the highest contender (by a seat that then passed out) stays in the top pool.
    excess = sum(max(0, v - below) for v in paid.values())
    amount, eligible = out[-1]
    out[-1] = (amount + excess, eligible)
    amount, eligible = out[0]
    out[0] = (amount + carried, eligible)
    return out


def divide(amount: int, winners: Sequence[str]) -> dict[str, int]:
    """Share ``amount`` equally among ``winners`` (003: "the pool is divided").

    The texts are silent on counters that will not divide: each odd counter goes to the next
    winner in ``winners``' order (the table's order from the dealer's left).
    """
    share, odd = divmod(amount, len(winners))
    return {s: share + (1 if i < odd else 0) for i, s in enumerate(winners)}
