"""Forming a whist table by cutting, per the English club code of 1864 (000 §13-§20).

Every candidate cuts from the same pack (000 §14) and the ace is the lowest
card (000 §13; :attr:`Card.cut_rank`).  With more than four candidates the four
lowest play and cut again for partners (000 §16); the two next lowest belong to
the table, which is complete with six, and the rest keep the order of their cut
as their prior right to any after-comer (000 §17).  In the cut for partners the
two lowest play against the two highest and the lowest deals (000 §16).

Equal cards are settled by the single principle behind 000 §18, §19 and their
footnotes [4] and [5]: an original cut keeps its precedence, a re-cut only
orders the players who cut equal cards, and a re-cut is made only where the
equality matters.  In the cut for partners that is the boundary between the
partnerships and the dealer's place; in the cut for the table it is the
boundary between playing and waiting and the order of everyone below the four
who play; in cutting out (000 §20) it is the boundary between going out and
staying.  A re-cut that is itself equal where it matters is cut again.

Where the laws are silent:

* "Those first in the room having the preference" (000 §16) is read as the
  order of cutting: candidates are given in order of arrival, cut in that
  order, and cut again in that order.
* Four equal cards in the cut for partners: all four cut again (the natural
  extension of 000 §18-§19).
* Equal cards at a place that matters in the cut for the table (000 §16-§17)
  or in cutting out (000 §20): those players cut again, as in 000 §18.
* 000 §20 says "when all have played the same number, they must cut"; when
  only some are equal at the boundary, only those cut.
* Exposing more than one card (000 §15) is the cutter's concern: a cutter
  reports the one card each player cut.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from hoyle.cards import BLANK, CARD_TEXT, PACK_52, Card, Shuffler

__all__ = ["CutRound", "Cutter", "Formation", "cut_order", "cut_out", "form_table", "pack_cutter"]

Cutter = Callable[[Sequence[str]], dict[str, Card]]
"""Given the names of the players who must cut now, in order, the card each one cuts."""

_MAX_ROUNDS = 200


@dataclass(frozen=True, slots=True)
class CutRound:
    """One round of cutting: why it was made, the cards cut in order, the law, and what it decided."""

    purpose: str  # "table", "partners", "deal" or "out"
    cuts: tuple[tuple[str, Card], ...]
    law: str
    text: str


@dataclass(frozen=True, slots=True)
class Formation:
    """A table formed by cutting.

    ``players`` are the four who play, dealer first, then his partner, then
    the other side; ``partners`` holds the same four as the dealer's side
    (dealer first) and the side that cut highest.  ``waiting`` are the others
    who belong to the table, in order of their right to enter, and ``outside``
    those beyond six, in order of their prior right to any after-comer.
    """

    players: tuple[str, str, str, str]
    partners: tuple[tuple[str, str], tuple[str, str]]
    dealer: str
    waiting: tuple[str, ...]
    outside: tuple[str, ...]
    rounds: tuple[CutRound, ...]


def pack_cutter(shuffler: Shuffler) -> Cutter:
    """A cutter that, for each call, shuffles a fresh full pack and gives each player a different card."""

    def cutter(names: Sequence[str]) -> dict[str, Card]:
        if len(names) > len(PACK_52):
            raise ValueError(f"{len(names)} players cannot all cut from one pack of {len(PACK_52)} cards")
        pack = list(PACK_52)
        shuffler.shuffle(pack)
        return dict(zip(names, pack[: len(names)], strict=True))  # 000 §14: one pack, so all different

    return cutter


def form_table(candidates: Sequence[str], cutter: Cutter, *, recut_for_partners: bool = True) -> Formation:
    """Form a table from ``candidates`` (in order of arrival) by cutting with ``cutter``.

    ``recut_for_partners=False`` is the G.W.P. rule (004 rule 20): with more
    than four, the four lowest of the one cut play and "these, respectively,
    are partners": the two lowest against the two highest, the lowest dealing.
    """
    names = _check_names(candidates, "candidates")
    if len(names) < 4:
        raise ValueError(f"a whist table needs at least four candidates, got {len(names)}: {names}")
    rounds: list[CutRound] = []
    order = names
    if len(names) > 4 and not recut_for_partners:
        # 004 rule 20: one cut places everyone; the equalities that matter are the
        # dealer's place, the partnerships and the line between playing and waiting.
        order = _Ranking(cutter, rounds, (1, 2, *range(4, len(names))), _table_text).run(names)
        return Formation(
            players=(order[0], order[1], order[2], order[3]),
            partners=((order[0], order[1]), (order[2], order[3])),
            dealer=order[0],
            waiting=tuple(order[4:6]),
            outside=tuple(order[6:]),
            rounds=tuple(rounds),
        )
    if len(names) > 4:
        # 000 §16-§17: the four lowest play; below them every place matters.
        order = _Ranking(cutter, rounds, range(4, len(names)), _table_text).run(names)
    # 000 §16: the four "again cut to decide on partners", in order of arrival.
    four = [n for n in names if n in order[:4]]
    cards = _draw(cutter, four)
    r0, r1, r2, r3 = ranked = sorted(four, key=lambda n: _CUT_RANK[cards[n]])  # stable: ties keep cutting order
    if _CUT_RANK[cards[r0]] < _CUT_RANK[cards[r1]] < _CUT_RANK[cards[r2]]:
        # No equal cards where they matter (the dealer's place, the partnerships): the one round settles it, worded
        # as _Ranking words it (_partners_text) without its machinery for cutting again.
        cuts = ", ".join([f"{n} {CARD_TEXT[cards[n]]}" for n in four])
        text = f"Cutting for partners ({cuts}): {r0} and {r1} play against {r2} and {r3}; {r0} deals."
        rounds.append(CutRound("partners", tuple([(n, cards[n]) for n in four]), "000 §16", text))
        p = ranked
    else:  # equal cards that matter: cut again as 000 §18-19 say, the first round being the cards already cut
        first: list[dict[str, Card]] = [cards]
        p = _Ranking(lambda ns: first.pop() if first else cutter(ns), rounds, (1, 2), _partners_text).run(four)
    return Formation(
        players=(p[0], p[1], p[2], p[3]),
        partners=((p[0], p[1]), (p[2], p[3])),
        dealer=p[0],
        waiting=tuple(order[4:6]),  # 000 §17: the table is complete with six
        outside=tuple(order[6:]),
        rounds=tuple(rounds),
    )


def cut_order(candidates: Sequence[str], cutter: Cutter) -> tuple[tuple[str, ...], tuple[CutRound, ...]]:
    """Everyone cuts and is placed lowest first; equal cards cut again (Dummy, Double Dummy).

    At Dummy the lowest has the choice of cards and seats and takes Dummy for
    the first rubber (000 Dummy; rules §2); the order of the cut is the order
    in which the others take Dummy in turn, so every place matters.
    """
    names = _check_names(candidates, "candidates")
    if len(names) < 2:
        raise ValueError(f"cutting needs at least two players, got {len(names)}: {names}")
    rounds: list[CutRound] = []
    order = _Ranking(cutter, rounds, range(1, len(names)), _order_text).run(names)
    return tuple(order), tuple(rounds)


def cut_out(
    players: Sequence[str], consecutive: Mapping[str, int], entering: int, cutter: Cutter
) -> tuple[tuple[str, ...], tuple[CutRound, ...]]:
    """Decide who goes out at the end of a rubber when one or two candidates claim admission (000 §20).

    ``consecutive`` gives the consecutive rubbers each player has played
    (names not at the table are ignored).  Those who have played more go out
    first; the players equal at the boundary cut and the highest go out.
    Returns the out-goers, most rubbers first and then highest cut first,
    and the rounds of cutting (none when the numbers decide).
    """
    names = _check_names(players, "players")
    if len(names) < 4:
        raise ValueError(f"cutting out needs at least four players, got {len(names)}: {names}")
    if isinstance(entering, bool) or not isinstance(entering, int) or entering not in (1, 2):
        raise ValueError(f"entering must be 1 or 2 (000 §20: one or two candidates), got {entering!r}")
    missing = [n for n in names if n not in consecutive]
    if missing:
        raise ValueError(f"consecutive rubbers not given for {missing}")
    for n in names:
        c = consecutive[n]
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise ValueError(f"consecutive rubbers for {n!r} must be a whole number >= 0, got {c!r}")
    # 000 §20: "he who has, or they who have, played a greater number of consecutive rubbers ... are out".
    ranked = sorted(names, key=lambda n: -consecutive[n])
    edge = consecutive[ranked[entering - 1]]
    out = [n for n in ranked if consecutive[n] > edge]
    tied = [n for n in names if consecutive[n] == edge]
    need = entering - len(out)
    rounds: list[CutRound] = []
    if len(tied) == need:
        out += tied
    else:
        # 000 §20: "they must cut to decide upon the out-goers; the highest are out".
        out += _Ranking(cutter, rounds, (need,), _out_text, high_first=True).run(tied)[:need]
    return tuple(out), tuple(rounds)


# A block is (start, end, recut): positions [start, end) in the whole ordering holding equal cards.
_Block = tuple[int, int, bool]
# What a round decided: purpose, law, a heading and the decisions.
_Text = tuple[str, str, str, str]


class _Ranking:
    """Orders players by cutting, cutting again only among equal cards that straddle a boundary.

    A boundary ``b`` matters when it must be known which players take the
    first ``b`` places.  The original cut keeps its precedence: a re-cut
    orders only the equal players, within the places they already hold.
    """

    def __init__(
        self,
        cutter: Cutter,
        rounds: list[CutRound],
        boundaries: Sequence[int],
        describe: Callable[[_Ranking, int, int, list[_Block], bool], _Text],
        high_first: bool = False,
    ) -> None:
        self.cutter, self.rounds, self.boundaries = cutter, rounds, tuple(boundaries)
        self.describe, self.high_first = describe, high_first
        self.order: list[str] = []
        self.first_round = len(rounds)

    def run(self, names: Sequence[str]) -> list[str]:
        self.order = list(names)
        self._cut(0, list(names))
        return self.order

    def _cut(self, lo: int, names: list[str]) -> None:
        if len(self.rounds) >= _MAX_ROUNDS:
            raise ValueError(f"cutting has not settled after {_MAX_ROUNDS} rounds of equal cards")
        cards = _draw(self.cutter, names)
        rank = {n: _CUT_RANK[cards[n]] for n in names}
        ranked = sorted(names, key=rank.__getitem__, reverse=self.high_first)  # stable: ties keep cutting order
        self.order[lo : lo + len(ranked)] = ranked
        blocks: list[_Block] = []
        boundaries = self.boundaries
        start = lo
        k = 0
        while k < len(ranked):  # the runs of equal cards, in order
            r = rank[ranked[k]]
            e = k + 1
            while e < len(ranked) and rank[ranked[e]] == r:
                e += 1
            end = lo + e
            blocks.append((start, end, e - k > 1 and any(start < b < end for b in boundaries)))
            start, k = end, e
        again = len(self.rounds) > self.first_round
        purpose, law, head, body = self.describe(self, lo, lo + len(ranked), blocks, again)
        cuts = ", ".join([f"{n} {CARD_TEXT[cards[n]]}" for n in names])
        self.rounds.append(CutRound(purpose, tuple([(n, cards[n]) for n in names]), law, f"{head} ({cuts}): {body}."))
        for start, end, recut in blocks:
            if recut:
                self._cut(start, self.order[start:end])


_CUT_RANK = (*(1 if c % 13 == 12 else c % 13 + 2 for c in range(52)), 0)
"""Each card's rank for cutting (:attr:`Card.cut_rank`: the ace lowest), by its index."""


def _partners_text(r: _Ranking, lo: int, hi: int, blocks: list[_Block], again: bool) -> _Text:
    recuts = [(i, j) for i, j, recut in blocks if recut]
    settled = [b for b in (1, 2) if lo < b < hi and not any(i < b < j for i, j in recuts)]
    parts = []
    if 2 in settled:  # 000 §16: the two lowest play against the two highest
        parts.append(f"{_join(r.order[:2])} play against {_join(r.order[2:])}")
    if 1 in settled:  # 000 §16: the lowest is the dealer
        parts.append(f"{r.order[0]} deals")
    for i, j in recuts:
        parts.append(f"{_join(r.order[i:j])} cut equal cards and cut again " + _settles(i, j))
    if not again:
        return "partners", "000 §16", "Cutting for partners", "; ".join(parts)
    # 000 §18 for two equal cards, 000 §19 for three; four equal is the law's silence, cut as §19.
    law = "000 §18" if hi - lo == 2 else "000 §19"
    purpose = "partners" if lo < 2 < hi else "deal"
    return purpose, law, f"Cutting again {_settles(lo, hi)}", "; ".join(parts)


def _settles(i: int, j: int) -> str:
    return "for partners" if i < 2 < j else "for the deal"


def _table_text(r: _Ranking, lo: int, hi: int, blocks: list[_Block], again: bool) -> _Text:
    kept = [(i, j) for i, j, recut in blocks if not recut]
    play = [n for i, j in kept if j <= 4 for n in r.order[i:j]]
    wait = [r.order[i] for i, j in kept if 4 <= i < 6]
    out = [r.order[i] for i, j in kept if i >= 6]
    parts = []
    if play:  # 000 §16: the four lowest play
        parts.append(f"{_join(play)} {'plays' if len(play) == 1 else 'play'}")
    if wait:  # 000 §17: the two next lowest belong to the table
        parts.append(f"{_join(wait)} {'waits' if len(wait) == 1 else 'wait'} to enter" + _in_order(wait))
    if out:  # 000 §17: the next lowest has a prior right to any after-comer
        verb = "stands" if len(out) == 1 else "stand"
        order = _in_order(out) + "," if len(out) > 1 else ""
        parts.append(f"{_join(out)} {verb} out{order} with a prior right to any after-comer")
    for i, j, recut in blocks:
        if recut:
            parts.append(f"{_join(r.order[i:j])} cut equal cards and cut again")
    # A re-cut at the boundary between playing and waiting is under 000 §16; below it, 000 §17.
    law = "000 §16" if (lo < 4 < hi if again else hi <= 6) else "000 §17"
    head = "Cutting again for the table" if again else "Cutting for the table"
    return "table", law, head, "; ".join(parts)


def _order_text(r: _Ranking, lo: int, hi: int, blocks: list[_Block], again: bool) -> _Text:
    ordinals = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
    parts = []
    for i, j, recut in blocks:
        if recut:
            parts.append(f"{_join(r.order[i:j])} cut equal cards and cut again")
        else:
            parts.append(f"{r.order[i]} {ordinals[i] if i < len(ordinals) else f'number {i + 1}'}")
    return "order", "000 §13", "Cutting again" if again else "Cutting for choice of seats", "; ".join(parts)


def _out_text(r: _Ranking, lo: int, hi: int, blocks: list[_Block], again: bool) -> _Text:
    need = r.boundaries[0]
    kept = [(i, j) for i, j, recut in blocks if not recut]
    gone = [n for i, j in kept if j <= need for n in r.order[i:j]]
    stay = [n for i, j in kept if i >= need for n in r.order[i:j]]
    parts = []
    if gone:  # 000 §20: the highest are out
        parts.append(f"{_join(gone)} {'goes' if len(gone) == 1 else 'go'} out")
    if stay:
        parts.append(f"{_join(stay)} {'stays' if len(stay) == 1 else 'stay'}")
    for i, j, recut in blocks:
        if recut:
            parts.append(f"{_join(r.order[i:j])} cut equal cards and cut again")
    return "out", "000 §20", "Cutting out again" if again else "Cutting out", "; ".join(parts)


def _in_order(names: Sequence[str]) -> str:
    return ", in that order" if len(names) > 1 else ""


def _join(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _check_names(names: Sequence[str], what: str) -> list[str]:
    if isinstance(names, str):
        raise ValueError(f"{what} must be a sequence of names, not the single string {names!r}")
    names = list(names)
    for n in names:
        if not isinstance(n, str) or not n:
            raise ValueError(f"{what} must be non-empty strings, got {n!r}")
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ValueError(f"{what} must be distinct, but {dupes} appear more than once")
    return names


def _draw(cutter: Cutter, names: Sequence[str]) -> dict[str, Card]:
    """Ask ``cutter`` for one card per name and check the answer."""
    got = cutter(tuple(names))
    missing = [n for n in names if n not in got]
    extra = [n for n in got if n not in names]
    if missing or extra:
        raise ValueError(f"the cutter must answer for {list(names)}: missing {missing}, extra {extra}")
    seen: dict[int, str] = {}
    for n in names:
        card = got[n]
        if not isinstance(card, Card) or card == BLANK:
            raise ValueError(f"{n!r} cut {card!r}, which is not a card of the 52-card pack")
        if card in seen:
            raise ValueError(f"{seen[card]!r} and {n!r} both cut {card}; all cut from one pack (000 §14)")
        seen[card] = n
    return {n: got[n] for n in names}
