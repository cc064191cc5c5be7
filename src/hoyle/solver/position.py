"""A trick-taking position as the solver sees it, and how it is read from a table.

:class:`Position` is the whole question: the hands (every card known), the
trick on the table, the trumps, which seats' tricks are counted and whether
they play to take many or few.  :func:`position` reads one from a table of
any game of the whist family in its play phase, through the table's public
attributes (``t.play``, the trick in progress; the game's declarer or
bidder); :meth:`Position.check` refuses an inconsistent one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import CARDS, SUITS, format_cards, mask_cards
from ..errors import HoyleError

__all__ = ["Position", "PositionError", "position"]


class PositionError(HoyleError, ValueError):
    """The position cannot be solved: not in play, hands inconsistent, or a game without two sides."""


@dataclass(frozen=True)
class Position:
    """A position of the play of a hand, every card known.

    ``seats`` are the hands in order of play (clockwise), ``hands[i]`` the bit
    set of seat ``i``'s cards (``card = suit * 13 + rank - 2``), ``trick`` the
    cards on the table in order of play, led by seat index ``leader``,
    ``trumps`` a suit index or ``None``.  ``counted`` are the indices of the
    seats whose tricks are counted (``side`` names them); they have taken
    ``won`` tricks already.  With ``minimise`` (misère, nullo) the counted side
    plays to take as few tricks as it can, the others to make it take many;
    otherwise the counted side plays to take many.
    """

    seats: tuple[str, ...]
    hands: tuple[int, ...]
    trumps: int | None
    leader: int
    trick: tuple[int, ...]
    side: str
    counted: tuple[int, ...]
    minimise: bool = False
    won: int = 0

    @property
    def n(self) -> int:
        return len(self.seats)

    @property
    def to_act(self) -> int:
        """The index of the seat to play."""
        return (self.leader + len(self.trick)) % self.n

    def check(self) -> None:
        """Raise :class:`PositionError` naming the problem unless this is a position play could reach."""
        n = self.n
        if not 3 <= n <= 5 or len(self.hands) != n:
            raise PositionError(
                f"a position has 3, 4 or 5 hands, one for each seat, not {len(self.hands)} hands for {n} seats"
            )
        if self.trumps is not None and self.trumps not in range(4):
            raise PositionError(f"trumps are a suit index 0..3 ({SUITS}) or None, not {self.trumps!r}")
        if not 0 <= self.leader < n:
            raise PositionError(f"the leader is a seat index 0..{n - 1}, not {self.leader!r}")
        if len(self.trick) >= n:
            raise PositionError(f"a trick on the table has fewer than {n} cards; {len(self.trick)} were given")
        if not self.counted or any(i not in range(n) for i in self.counted) or len(set(self.counted)) == n:
            raise PositionError(f"the counted side is some, not all, of the seat indices 0..{n - 1}: {self.counted!r}")
        seen = 0
        for i, h in enumerate(self.hands):
            if not isinstance(h, int) or h < 0 or h >> 52:
                raise PositionError(f"hand {self.seats[i]} is not a bit set of cards 0..51: {h!r}")
            if seen & h:
                raise PositionError(f"cards in two hands: {format_cards(mask_cards(seen & h))}")
            seen |= h
        for c in self.trick:
            if not 0 <= c < 52:
                raise PositionError(f"a card on the table is not a card 0..51: {c!r}")
            if seen >> c & 1:
                raise PositionError(f"{CARDS[c]} is both on the table and in a hand")
            seen |= 1 << c
        sizes = [h.bit_count() for h in self.hands]
        k = len(self.trick)
        want = [sizes[self.to_act] - (1 if (i - self.leader) % n < k else 0) for i in range(n)]
        if sizes != want or sizes[self.to_act] == 0:
            shown = ", ".join(f"{s} {z}" for s, z in zip(self.seats, sizes, strict=True))
            raise PositionError(
                f"the hands do not fit the trick on the table ({k} card(s) led by"
                f" {self.seats[self.leader]}): each hand still to play to it holds the same number of"
                f" cards, one more than those that have played, and some are left; they hold {shown}"
            )
        if self.won < 0:
            raise PositionError(f"tricks already won cannot be negative: {self.won}")


def _side_of_seat(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def position(t: Any, *, side: str | None = None) -> Position:
    """The position of table ``t`` (any game of the whist family, in its play phase), every hand known.

    ``side`` ("NS" or "EW") fixes the counted side of a partnership game without
    a declarer (whist, dummy, double dummy); by default it is the side to play.
    Raises :class:`PositionError` when the table is not at a card to play or
    its game has no two sides (Solo's general misère, Boston's misère partout).
    """
    from ..rulebook.boston import BostonTable
    from ..rulebook.cayenne import CayenneTable
    from ..rulebook.solo import SoloTable
    from ..rulebook.whist import WhistTable
    from ..tricks import TrickPlay

    name = getattr(getattr(t, "game", None), "name", type(t).__name__)
    if not isinstance(t, WhistTable | SoloTable | BostonTable | CayenneTable):
        raise PositionError(
            f"the solver plays the whist family (whist, dummy, double-dummy, solo, boston, cayenne);"
            f" {name} is not one of them"
        )
    if t.game.options.get("irregularities"):
        raise PositionError(
            f"the {name} table is in law mode (irregularities=True), which keeps the play its own way:"
            " the solver reads tables of the strict rules"
        )
    play = getattr(t, "play", None)
    if t.over or not isinstance(play, TrickPlay) or play.finished or getattr(t, "phase", "play") != "play":
        raise PositionError(f"the {name} table is not in the play of a hand: nothing to solve")
    acts = t.legal_actions()
    if not acts or any(a.verb != "play" for a in acts):
        raise PositionError(
            f"the {name} table waits for {', '.join(sorted({a.verb for a in acts}))}, not a card: nothing to solve"
        )
    names = tuple(getattr(t, "active", None) or t.seats)
    if len(names) != play.n:
        raise PositionError(f"the {name} table's seats in play ({len(names)}) do not match its trick ({play.n})")
    minimise = False
    if isinstance(t, SoloTable):
        if t.general or not t.declarers:
            raise PositionError(
                "a general misère has no sides (each plays for himself): the solver solves play between two sides"
            )
        counted = tuple(names.index(s) for s in t.declarers)
        side = "+".join(t.declarers)
        minimise = bool(t.contract is not None and t.contract.misere)
    elif isinstance(t, BostonTable):
        if t.partout or t.bidder is None:
            raise PositionError(
                "a misère partout has no sides (each plays for himself): the solver solves play between two sides"
            )
        counted = (names.index(t.bidder),)
        side = t.bidder
        minimise = bool(t.contract is not None and t.contract.misere)
    elif isinstance(t, CayenneTable):
        side = _side_of_seat(names[t.declarer])  # the declaring side (002 §18)
        counted = tuple(i for i, s in enumerate(names) if _side_of_seat(s) == side)
        minimise = t.declaration == "nullo"  # nullo: to lose tricks (002 §18 Cayenne)
    else:
        if side is not None and side not in ("NS", "EW"):
            raise PositionError(f"the side counted at {name} is NS or EW, not {side!r}")
        side = side or _side_of_seat(names[play.turn])  # whist: the side to play, as DDS counts it
        counted = tuple(i for i, s in enumerate(names) if _side_of_seat(s) == side)
    pos = Position(
        seats=names,
        hands=tuple(play.hands),
        trumps=play.trumps,
        leader=play.leader,
        trick=tuple(play.trick),
        side=side,
        counted=counted,
        minimise=minimise,
        won=sum(play.won[i] for i in counted),
    )
    pos.check()
    return pos
