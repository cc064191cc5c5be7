"""Cayenne (002's Cayenne lines: §1, §5, §8, §12, §13, §16, §18, §30, §31; rules §3).

Whist with fixed partners, two packs dealt by fours, fours and fives, and no trump turned: after the deal
a card cut from the still pack names the *cayenne* suit (002 §13), and the dealer declares what is played
(002 §18): any suit trumps, *grand* (no trumps, to win tricks) or *nullo* (no trumps, to lose them), or he
leaves the choice to his partner, who must decide.  Each trick above the book scores the declaration's unit
(the table of values of rules §3: the cayenne suit 4, the other suit of its colour 3, the other colour 2 and
1, grand and nullo 8); at nullo the adversaries score the tricks over the book.  Honours (ace to ten of
trumps) score after the tricks, never enough alone to go out; a side that goes out by cards keeps the other
from honours.  A game is ten, points beyond it carried into the next; the rubber goes to the side that wins
four games, worth its points plus eight less the losers' (002 §1 Cayenne).

The deal and its record are :class:`~hoyle.rulebook.two_packs.TwoPackTable`'s; the scoring is the pure
functions below, which law mode's revoke penalties (002 §30, §31 Cayenne: :func:`revoke_penalty`) feed.  With the
option ``irregularities`` the table is :class:`hoyle.laws.cayenne.LawCayenneTable` (law mode), which keeps this
class's deal, declaration and scoring through the hooks :meth:`CayenneTable._cut_card`, :meth:`_deal_event`,
:meth:`_record_declaration`, :meth:`_begin_play`, :meth:`_taken`, :meth:`_gathered` and :meth:`_score`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CARD_TEXT, SUIT_MASKS, SUIT_NAMES, SUITS, Card, deal_masks, format_cards, mask_indices, parse
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.registry import GameSpec, Option, register
from ..errors import IllegalAction, InvalidDeal, UnknownOption
from ..formation import form_table
from ..tricks import TrickPlay
from .boston import card_words, turned_data
from .two_packs import PATTERN, TwoPackTable
from .whist import SeatedTrickData, SeatHands, hand_texts, lean_card, play_actions, play_event, played_entry

__all__ = [
    "DECLARATIONS",
    "REVOKE_CHOICES",
    "SEATS",
    "SIDES",
    "CayenneTable",
    "HandScore",
    "RevokePenalty",
    "honour_points",
    "honours_held",
    "revoke_penalty",
    "rubber_value",
    "score_hand",
    "suit_values",
]

SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
TARGET = 10
"""A game is ten points (002 §1 Cayenne)."""
GAMES_IN_RUBBER = 4
"""The rubber goes to the side that first wins four games (002 §1 Cayenne)."""
RUBBER_BONUS = 8
"""The rubber is worth the winners' points plus eight, less the losers' (002 §1 Cayenne)."""
DECLARATIONS = ("C", "D", "H", "S", "grand", "nullo")
_HONOUR_RANKS = (14, 13, 12, 11, 10)  # ace, king, queen, knave, ten of trumps (rules §3)
_COLOUR_MATE = {"H": "D", "D": "H", "C": "S", "S": "C"}


# ---------------------------------------------------------------------------------------------- values


def suit_values(cayenne: str, *, order: str = "HDCS", values: Sequence[int] = (4, 3, 2, 1)) -> dict[str, int]:
    """The unit of each suit when ``cayenne`` is the cayenne suit (rules §3).

    The cayenne suit is worth ``values[0]`` a trick, the other suit of its colour ``values[1]``, and of the two
    suits of the other colour the one earlier in ``order`` (the "third colour") ``values[2]``, the other
    ``values[3]``.  rules §3's default order is hearts, diamonds, clubs, spades (UNVERIFIED: the source's suit
    symbols were lost).

    >>> suit_values("H")
    {'H': 4, 'D': 3, 'C': 2, 'S': 1}
    >>> suit_values("C")
    {'C': 4, 'S': 3, 'H': 2, 'D': 1}
    """
    mate = _COLOUR_MATE[cayenne]
    other = [s for s in order if s not in (cayenne, mate)]
    return {cayenne: values[0], mate: values[1], other[0]: values[2], other[1]: values[3]}


def honours_held(hands: Sequence[int], trumps: int) -> tuple[int, int]:
    """How many of the five honours, ace to ten of trumps, each side holds (rules §3: "A K Q J 10 of trumps")."""
    counts = [0, 0]
    for rank in _HONOUR_RANKS:
        bit = 1 << (trumps * 13 + rank - 2)
        for seat in range(4):
            if hands[seat] & bit:
                counts[seat % 2] += 1
                break
    return counts[0], counts[1]


def honour_points(count: int, scale: Sequence[int] = (2, 4, 6)) -> int:
    """The basic score of ``count`` honours held by a side: 2 for three, 4 for four, 6 for five (rules §3); it is
    multiplied by the trump suit's unit.  Two or fewer score nothing (the other side holds the majority)."""
    return scale[count - 3] if count >= 3 else 0


# ---------------------------------------------------------------------------------------------- the score


@dataclass(frozen=True, slots=True)
class HandScore:
    """What one hand scores.

    ``items`` are ``(side, what, points, law, sentence)`` in the order scored (penalties, tricks, slam,
    honours), ``points`` what each side scored in all (a deduction counts less), ``games`` the sides that won a
    game, in order (one hand may win two or three), and ``score`` the points each side carries into the game
    in play after the hand.
    """

    items: tuple[tuple[int, str, int, str, str], ...]
    points: tuple[int, int]
    games: tuple[int, ...]
    score: tuple[int, int]


def score_hand(
    before: Sequence[int],
    tricks: Sequence[int],
    honours: Sequence[int],
    *,
    unit: int,
    kind: str = "suit",
    penalties: Sequence[tuple[int, int, str, str]] = (),
    capped: Sequence[int] = (),
    slam_tricks: Sequence[int] | None = None,
    slam_little: int = 0,
    slam_grand: int = 0,
    honour_scale: Sequence[int] = (2, 4, 6),
) -> HandScore:
    """Score a hand of Cayenne (002 §1 Cayenne; rules §3).

    ``before`` is each side's points in the game in play, ``tricks`` the tricks each side took (after any
    revoke tricks taken), ``honours`` how many of the five each held, ``unit`` the declaration's value a trick,
    ``kind`` ``"suit"``, ``"grand"`` or ``"nullo"``.

    * Law-mode ``penalties`` first, ``(side, points, law, sentence)``: points added, or (negative) deducted down to
      nothing (002 §30 Cayenne; design.md); ``capped`` sides revoked and "cannot score slams or game that hand"
      (002 §30): they stop at nine (002 §31 Cayenne).
    * Tricks: each trick above six scores ``unit`` for the side that took it; "In Nullo, every trick over the book
      is counted by the adversaries" (002 §1 Cayenne).
    * Slams (little: twelve tricks, grand: thirteen) score ``slam_little`` or ``slam_grand`` for the side that took
      them at a suit or at grand, "made independently of the revoke penalty" (``slam_tricks``: the tricks as
      taken) (002 §1, §30; values rules §3, none by default).
    * Honours, at a suit only: the side holding three, four or five scores 2, 4 or 6 times the unit (rules §3),
      after the tricks; "If one side goes out by cards, the other cannot score honours"; "Players cannot count out
      by honours alone; they must win the odd trick or stop at the score of nine" (002 §1 Cayenne).
    * "All points made in excess of the ten required to win the game are counted on the next game; so that it is
      possible to win two or three games in one hand" (002 §1): each time a side reaches ten it wins a game and
      the new game begins with its surplus, the other side at nothing.

    >>> h = score_hand([0, 0], [9, 4], [4, 1], unit=3)   # rules §3: 9 + 12 = 21, two games and one over
    >>> h.games, h.score
    ((0, 0), (1, 0))
    >>> score_hand([7, 0], [6, 7], [4, 1], unit=3).score   # no odd trick: the honours stop at nine
    (9, 3)
    """
    score = [before[0], before[1]]
    points = [0, 0]
    games: list[int] = []
    items: list[tuple[int, str, int, str, str]] = []

    def add(side: int, pts: int, limit: int | None = None) -> int:
        if side in capped:
            limit = TARGET - 1 if limit is None else min(limit, TARGET - 1)
        got = pts if limit is None else max(0, min(pts, limit - score[side]))
        score[side] += got
        points[side] += got
        while score[side] >= TARGET:  # a game won; the surplus counts on the next (002 §1 Cayenne)
            games.append(side)
            score[side] -= TARGET
            score[1 - side] = 0
        return got

    for side, pts, law, text in penalties:
        if pts >= 0:
            got = add(side, pts)
        else:
            got = -min(-pts, score[side])
            score[side] += got
            points[side] += got
        items.append((side, "penalty", got, law, text))

    odd = [tricks[0] - 6, tricks[1] - 6]
    scorer: int | None = None
    won_games = len(games)
    for side in (0, 1):
        if odd[side] > 0:
            scorer = 1 - side if kind == "nullo" else side
            pts = odd[side] * unit
            got = add(scorer, pts)
            lost = f"; {pts - got} lost: a side that revoked stops at nine" if got < pts else ""
            head = (
                f"{SIDES[side]} took {tricks[side]} tricks at nullo: {SIDES[scorer]} score {got}"
                if kind == "nullo"
                else f"{SIDES[side]} score {got} by cards, {tricks[side]} tricks"
            )
            items.append(
                (
                    scorer,
                    "tricks",
                    got,
                    "002 §1 Cayenne",
                    f"{head} ({odd[side]} over the book at {unit}{lost}) (002 §1 Cayenne; rules §3)",
                )
            )
    taken = slam_tricks if slam_tricks is not None else tricks
    for side in (0, 1):
        if kind != "nullo" and taken[side] >= 12:
            bonus = slam_grand if taken[side] == 13 else slam_little
            name = "grand slam" if taken[side] == 13 else "little slam"
            if side in capped:
                items.append(
                    (
                        side,
                        "slam",
                        0,
                        "002 §30 Cayenne",
                        f"{SIDES[side]} made a {name} but revoked: no slam (002 §30 Cayenne)",
                    )
                )
            elif bonus:
                got = add(side, bonus)
                items.append(
                    (
                        side,
                        "slam",
                        got,
                        "002 §1 Cayenne",
                        f"{SIDES[side]} score {got} for a {name} (002 §1 Cayenne; rules §3)",
                    )
                )
    out_by_cards = scorer is not None and len(games) > won_games and games[-1] == scorer
    if kind == "suit":
        for side in (0, 1):
            basic = honour_points(honours[side], honour_scale)
            if not basic:
                continue
            pts = basic * unit
            if out_by_cards and scorer != side:
                items.append(
                    (
                        side,
                        "honours",
                        0,
                        "002 §1 Cayenne",
                        f"{SIDES[side]} hold {honours[side]} honours but"
                        f" {SIDES[1 - side]} went out by cards: no honours (002 §1 Cayenne)",
                    )
                )
                continue
            no_odd = tricks[side] <= 6
            got = add(side, pts, TARGET - 1 if no_odd else None)
            why = ""
            if got < pts:
                why = (
                    f"; {pts - got} lost: without the odd trick they stop at nine"
                    if no_odd
                    else f"; {pts - got} lost: a side that revoked stops at nine"
                )
            items.append(
                (
                    side,
                    "honours",
                    got,
                    "002 §1 Cayenne",
                    f"{SIDES[side]} score {got} by honours"
                    f" ({honours[side]} held: {basic} at {unit}{why}) (002 §1 Cayenne; rules §3)",
                )
            )
    return HandScore(tuple(items), (points[0], points[1]), tuple(games), (score[0], score[1]))


REVOKE_CHOICES = ("take three tricks", "deduct", "add")
"""002 §30 Cayenne: "the adversaries of the revoking player may take from him three tricks; or may deduct the value
of three tricks from his score; or may add the value of three tricks to their own score"."""


@dataclass(frozen=True, slots=True)
class RevokePenalty:
    """A revoke penalty chosen: the tricks to score, the penalties and capped sides for :func:`score_hand`, and the
    tricks as taken (slams are made independently of the penalty)."""

    tricks: tuple[int, int]
    penalties: tuple[tuple[int, int, str, str], ...]
    capped: tuple[int, ...]
    slam_tricks: tuple[int, int]


def revoke_penalty(choices: Mapping[int, str], tricks: Sequence[int], unit: int) -> RevokePenalty:
    """The penalties for revokes established and claimed (002 §30, §31 Cayenne), one chosen for each revoking side.

    ``choices`` maps the revoking side (0 for NS, 1 for EW) to what its adversaries chose: ``"take three
    tricks"`` (from the revokers' tricks to theirs), ``"deduct"`` the value of three tricks from the revokers'
    score, or ``"add"`` it to their own.  "The revoking players cannot score slams or game that hand. All slams
    must be made independently of the revoke penalty" (002 §30); "the revoking players must stop at nine"
    (002 §31).  (At nullo, taking three tricks is taken literally: it gives the claimants three tricks.)

    >>> p = revoke_penalty({1: "add"}, [8, 5], 3)
    >>> [(side, points) for side, points, _, _ in p.penalties], p.capped
    ([(0, 9)], (1,))
    >>> revoke_penalty({0: "take three tricks"}, [8, 5], 3).tricks
    (5, 8)
    """
    taken = (tricks[0], tricks[1])
    t = [tricks[0], tricks[1]]
    penalties: list[tuple[int, int, str, str]] = []
    law = "002 §30 Cayenne"
    for side, choice in sorted(choices.items()):
        if choice not in REVOKE_CHOICES:
            raise ValueError(f"{choice!r}: the penalties are {', '.join(REVOKE_CHOICES)} (002 §30 Cayenne)")
        value = 3 * unit
        if choice == "take three tricks":
            moved = min(3, t[side])
            t[side] -= moved
            t[1 - side] += moved
        elif choice == "deduct":
            penalties.append(
                (
                    side,
                    -value,
                    law,
                    f"the value of three tricks, {value}, is deducted from {SIDES[side]}'s"
                    f" score for their revoke ({law})",
                )
            )
        else:
            penalties.append(
                (
                    1 - side,
                    value,
                    law,
                    f"{SIDES[1 - side]} add the value of three tricks, {value}, for {SIDES[side]}'s revoke ({law})",
                )
            )
    return RevokePenalty((t[0], t[1]), tuple(penalties), tuple(sorted(choices)), taken)


def rubber_value(totals: Sequence[int], winner: int, bonus: int = RUBBER_BONUS) -> int:
    """The rubber's value: "adding 8 points to the winners' score for tricks, honours, and slams, and then deducting
    the score of the losers" (002 §1 Cayenne).

    >>> rubber_value([47, 21], 0)   # rules §3
    34
    """
    return totals[winner] + bonus - totals[1 - winner]


# ---------------------------------------------------------------------------------------------- the table

_PASS = Action("pass")
DECLARE_ACTIONS = {d: Action.parse(f"declare {d}") for d in DECLARATIONS}
DECLARE_WORDS = {
    **{s.lower(): s for s in SUITS},
    **{w: s for s, w in SUIT_NAMES.items()},
    **{w[:-1]: s for s, w in SUIT_NAMES.items()},
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "grand": "grand",
    "no trumps": "grand",
    "no trump": "grand",
    "nullo": "nullo",
}


def _title(declaration: str) -> str:
    return SUIT_NAMES[declaration] if declaration in SUITS else declaration


class CayenneTable(TwoPackTable):
    """A sitting of Cayenne: one rubber, the first side to win four games (002 §1 Cayenne)."""

    seats = SEATS
    _out_of_turn_law = " (002 §24-26; law mode only)"

    law_class = "hoyle.laws.cayenne:LawCayenneTable"  # irregularities=True: law mode (Table.__new__)

    def _setup(
        self, game: Any, *, players: Sequence[str] | None, deal: Mapping[str, Any] | None, start: dict[str, Any]
    ) -> None:
        self.order: str = game["suit_order"]
        self.values = (
            game["cayenne_value"],
            game["second_colour_value"],
            game["third_colour_value"],
            game["fourth_colour_value"],
        )
        self.grand_value: int = game["grand_value"]
        self.nullo_value: int = game["nullo_value"]
        self.honour_scale = _honour_scale(game["honour_points"])
        self.slam_little: int = game["slam_little"]
        self.slam_grand: int = game["slam_grand"]
        self.game_score = [0, 0]
        self.totals = [0, 0]  # every point each side scored in the rubber (002 §1 Cayenne)
        self.games: list[int] = []  # the sides that won each game, in order
        self.deal_no = 0
        self._over = False
        self._last_result: dict[str, Any] | None = None
        self.rubber: dict[str, Any] | None = None
        misdealt: dict[str, list[Card]] | None = None
        if deal is not None:
            names = list(players) if players else list(SEATS)
            if len(names) != 4 or len(set(names)) != 4:
                raise InvalidDeal(f"a given deal seats exactly four distinct players, not {names!r}")
            self.players = dict(zip(SEATS, names, strict=True))
            dealer, turned, hands = self._given_hands(deal, SEATS)
            if turned is None:
                raise InvalidDeal(
                    "a given deal of Cayenne needs 'turned': the card cut from the still pack, whose"
                    " suit is cayenne (002 §13)"
                )
            self._given_turned = turned
            self._start = {"dealer": dealer, "players": dict(self.players)}
            if deal.get("score") is not None:
                self._start["score"] = _given_score(deal["score"])
            if any(len(h) != 13 for h in hands.values()):
                misdealt = hands
                self._start["misdeal"] = {s: format_cards(h) for s, h in hands.items()}
            else:
                eldest_first = [SEATS[(SEATS.index(dealer) + k) % 4] for k in range(1, 5)]
                self._script_first({"order": format_cards(self._order_of(hands, eldest_first)), "cut": None})
        elif "players" in start:  # a replay of a given deal
            self._start = start
            self.players = dict(start["players"])
            dealer = str(start["dealer"])
            if "misdeal" in start:
                misdealt = {s: list(parse(start["misdeal"][s])) for s in SEATS}
        else:
            names = list(start.get("candidates") or players or ("A", "B", "C", "D"))
            if len(names) != 4 or len(set(names)) != 4 or not all(isinstance(x, str) and x for x in names):
                raise ValueError(f"cayenne needs four distinct players, not {names!r}")
            self._start = {"candidates": names}
            formation = form_table(names, self._cut_cards)
            for r in formation.rounds:
                law = {"000 §13": "002 §7", "000 §16": "002 §2", "000 §18": "002 §3", "000 §19": "002 §4"}.get(
                    r.law, r.law
                )
                self.events.append(
                    Event("cut", r.text, law=law, data={"purpose": r.purpose, "cuts": {n: str(c) for n, c in r.cuts}})
                )
            (low, low_partner), (high1, high2) = formation.partners
            self.players = {"N": high1, "E": low_partner, "S": high2, "W": low}
            dealer = "W"
            self.events.append(
                Event(
                    "seating",
                    f"{low} deals and sits West with {low_partner} East; {high1} North,"
                    f" {high2} South: the highest two against the lowest two (002 §2)",
                    law="002 §2",
                    data={"players": dict(self.players)},
                )
            )
        self.dealer = SEATS.index(dealer)
        if "score" in self._start:  # a given deal in the middle of a game: the points of the game in play
            self.game_score = [self._start["score"]["NS"], self._start["score"]["EW"]]
        if misdealt is not None:
            self.events.extend(self._misdealt(misdealt))
        self.events.extend(self._new_deal())

    # ------------------------------------------------------------------ the deal

    def _misdealt(self, hands: Mapping[str, list[Card]]) -> list[Event]:
        """A misdeal: "the misdealer deals again with the same cards" (002 §12, §17 Cayenne); the deal is never lost
        (002 §13)."""
        d = SEATS[self.dealer]
        counts = ", ".join(f"{s} {len(h)}" for s, h in hands.items())
        eldest_first = [SEATS[(self.dealer + k) % 4] for k in range(1, 5)]
        self._to_deal = [c for s in eldest_first for c in hands[s]]
        return [
            Event(
                "misdeal",
                f"{d} has misdealt ({counts} cards): he deals again with the same cards (002 §12, §17 Cayenne)",
                seat=d,
                law=["002 §12", "002 §17"],
                data={"counts": {s: len(h) for s, h in hands.items()}},
            )
        ]

    def _new_deal(self) -> list[Event]:
        # 002 §8: "Before every deal, the cards must be shuffled"; the dealer's partner shuffles the still pack.
        order, turned, entry = self._deal_packs(shuffle=True, turn=True)
        entry["dealer"] = SEATS[self.dealer]
        assert turned is not None
        self._cut_card(turned)
        self.hands: list[int] = deal_masks(order, 4, PATTERN, first=(self.dealer + 1) % 4)
        self.phase = "declare"
        self._reset_declaration(self.dealer)
        self.play: TrickPlay | None = None
        self._played_view: list[dict[str, str]] = []
        self._last_trick_view: dict[str, Any] | None = None
        return [self._deal_event(entry, self.dealer, self.hands, self._pack_no)]

    def _cut_card(self, turned: Card) -> None:
        """The card cut from the still pack names the cayenne suit and the table of values (002 §13; rules §3)."""
        self.turned: Card = turned
        self.cayenne = turned.suit_letter
        self.suit_value = suit_values(self.cayenne, order=self.order, values=self.values)

    def _reset_declaration(self, dealer: int) -> None:
        self.declarer = dealer  # the dealer has the first say (002 §18)
        self.passed = False
        self.declaration: str | None = None
        self.honours = (0, 0)

    def _deal_event(self, entry: Mapping[str, Any], dealer: int, hands: Sequence[int], pack: int) -> Event:
        """The deal made by ``dealer``: the pack, its cut, the card cut from the still pack, the values."""
        d = SEATS[dealer]
        pone, left, partner = (SEATS[(dealer + k) % 4] for k in (3, 1, 2))
        turned = self.turned
        v = self.suit_value
        others = ", ".join(f"{SUIT_NAMES[s]} {v[s]}" for s in sorted(v, key=lambda s: -v[s]) if s != self.cayenne)
        cut = f", cut by {pone} at {entry['cut']}" if entry.get("cut") else ""
        turn_cut = f" at {entry['turn cut']}" if entry.get("turn cut") else ""
        text = (
            f"deal {self.deal_no + 1}: {d} deals the {'first' if pack == 0 else 'second'} pack, shuffled"
            f" by his partner{cut}, by fours, fours and fives (002 §8, §10, §13 Cayenne); {partner} presents the"
            f" still pack, {left} cuts it{turn_cut} and {card_words(turned)} is turned: {SUIT_NAMES[self.cayenne]}"
            f" are cayenne, {v[self.cayenne]} a trick; {others}; grand {self.grand_value}, nullo"
            f" {self.nullo_value} (002 §13 Cayenne; rules §3); {d} declares"
        )
        return Event(
            "deal",
            text,
            seat=d,
            law=["002 §8", "002 §10", "002 §13 Cayenne", "rules §3"],
            data={
                "deal": self.deal_no + 1,
                "dealer": d,
                "pack": pack,
                "turned": turned_data(turned),
                "cayenne": self.cayenne,
                "values": dict(v),
            },
            private=SeatHands(SEATS, hands),
        )

    # ------------------------------------------------------------------ the engine interface

    @property
    def to_act(self) -> str | None:
        if self._over:
            return None
        if self.phase == "declare":
            return SEATS[self.declarer]
        assert self.play is not None
        return SEATS[self.play.turn]

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        if self.phase == "declare":
            return self._declare_actions()
        play = self.play
        assert play is not None
        return play_actions(play.legal_mask())

    def _declare_actions(self) -> list[Action]:
        """The declarations open to the declarer: any suit, grand, nullo; and, for the dealer, to pass (002 §18)."""
        out = [DECLARE_ACTIONS[d] for d in DECLARATIONS]
        return out if self.passed else [*out, _PASS]

    def _declared(self, action: Action) -> str | None:
        """What a declaration says: a suit letter, ``grand``, ``nullo``; ``None`` for the dealer's pass."""
        if action.verb == "pass" and not action.arg:
            if self.passed:
                raise IllegalAction(
                    f"{action}: the dealer left the choice to his partner, {SEATS[self.declarer]}, who"
                    " must decide (002 §18 Cayenne)",
                    law="002 §18",
                )
            return None
        what = DECLARE_WORDS.get(action.arg.lower()) if action.verb == "declare" else None
        if what is None:
            raise IllegalAction(
                f"{action}: {SEATS[self.declarer]} declares: 'declare H' (any suit trumps), 'declare"
                f" grand' or 'declare nullo'{'' if self.passed else ', or pass to his partner'}"
                " (002 §18 Cayenne)",
                law="002 §18",
            )
        return what

    def apply(self, action: Action | str) -> list[Event]:
        """As :meth:`Table.apply`; in the play, a lawful card goes the short way
        (:func:`~hoyle.rulebook.whist.lean_card`: played there, or straight to :meth:`_do_play` if it completes the
        trick), unless a subclass changes how a card is checked or played."""
        if self._lean_cards and self.phase == "play" and not self._over:
            events = lean_card(self, action, SEATS)
            if events is not None:
                return events
        return super().apply(action)

    _lean_cards = True
    """Whether a lawful card may go the short way of :meth:`apply` (this class's own check and play)."""

    def _check(self, action: Action) -> None:
        if self.phase == "declare":
            self._declared(action)
            return
        if action.verb in ("declare", "pass"):
            raise IllegalAction(f"{action}: a declaration once made cannot be changed (002 §18 Cayenne)", law="002 §18")
        if action.verb != "play" or action.card is None:
            raise IllegalAction(f"{action}: in the play the action is 'play CARD', e.g. 'play QS'")
        play = self.play
        assert play is not None
        card = action.card
        seat = SEATS[play.turn]
        hand = play.hands[play.turn]
        if card >= 52 or not hand >> card & 1:
            raise IllegalAction(f"{action}: {seat} does not hold the {card.name}")
        if play.trick:
            led = play.trick[0] // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                raise IllegalAction(
                    f"{action}: must follow suit: {seat} holds {SUIT_NAMES[SUITS[led]]} (002 §28)", law="002 §28"
                )

    def _do(self, action: Action) -> list[Event]:
        if self.phase == "declare":
            return self._do_declare(action)
        return self._do_play(action)

    def unit(self) -> int:
        """The declaration's value a trick (and the multiplier of honours): rules §3's table of values."""
        d = self.declaration
        assert d is not None
        return self.grand_value if d == "grand" else self.nullo_value if d == "nullo" else self.suit_value[d]

    def _do_declare(self, action: Action) -> list[Event]:
        events = self._record_declaration(action)
        if self.declaration is not None:
            events.extend(self._begin_play())
        return events

    def _record_declaration(self, action: Action) -> list[Event]:
        """The dealer passes or declares (002 §18 Cayenne): the event; the play is begun by :meth:`_begin_play`."""
        what = self._declared(action)
        seat = SEATS[self.declarer]
        if what is None:
            self.passed = True
            self.declarer = (self.declarer + 2) % 4
            return [
                Event(
                    "declare",
                    f"{seat} leaves the declaration to his partner, {SEATS[self.declarer]}, who must"
                    " decide (002 §18 Cayenne)",
                    seat=seat,
                    law="002 §18",
                    data={"said": "pass"},
                )
            ]
        self.declaration = what
        unit = self.unit()
        if what in SUITS:
            aim = f"{SUIT_NAMES[what]} trumps{' (cayenne)' if what == self.cayenne else ''}, {unit} a trick"
        elif what == "grand":
            aim = f"grand: no trumps, to win tricks, {unit} a trick"
        else:
            aim = f"nullo: no trumps, to lose tricks; the adversaries score the tricks over the book, {unit} a trick"
        return [
            Event(
                "declare",
                f"{seat} declares {aim} (002 §18 Cayenne; rules §3)",
                seat=seat,
                law=["002 §18", "rules §3"],
                data={"said": f"declare {what}", "declaration": what, "unit": unit, "side": SIDES[self.declarer % 2]},
            )
        ]

    def _trump_index(self) -> int | None:
        """The trump suit's index, if the declaration is a suit."""
        d = self.declaration
        return SUITS.index(d) if d is not None and d in SUITS else None

    def _lead_event(self) -> Event:
        eldest = (self.dealer + 1) % 4  # the eldest hand leads (rules §3)
        return Event(
            "lead",
            f"{SEATS[eldest]} leads to the first trick (rules §3)",
            seat=SEATS[eldest],
            law="rules §3",
            data={"leader": SEATS[eldest]},
        )

    def _begin_play(self) -> list[Event]:
        """The declaration made: the honours as dealt are counted and the eldest hand leads."""
        trumps = self._trump_index()
        if trumps is not None:
            self.honours = honours_held(self.hands, trumps)
        self.play = TrickPlay(self.hands, trumps, (self.dealer + 1) % 4)
        self.phase = "play"
        return [self._lead_event()]

    def _do_play(self, action: Action) -> list[Event]:
        play = self.play
        assert play is not None and action.card is not None
        seat = SEATS[play.turn]
        winner = play.play(action.card)
        self._played_view.append(played_entry(seat, action.card))
        events = [play_event(seat, action.card)]
        if winner is None:
            return events
        leader, cards, _ = play.quitted[-1]
        n = len(play.quitted)
        order = [SEATS[(leader + i) % 4] for i in range(4)]
        self._last_trick_view = {
            "leader": order[0],
            "winner": SEATS[winner],
            "cards": [played_entry(s, c) for s, c in zip(order, cards, strict=True)],
        }
        events.append(
            Event(
                "trick",
                f"trick {n}: {SEATS[winner]} wins with {CARD_TEXT[cards[(winner - leader) % 4]]}",
                seat=SEATS[winner],
                data=SeatedTrickData(n, order, cards, SEATS[winner]),
            )
        )
        if play.finished:  # "Every hand must be played out" (002 §1 Cayenne)
            events.extend(self._score())
        return events

    # ------------------------------------------------------------------ scoring

    def _kind(self) -> str:
        d = self.declaration
        return "suit" if d is not None and d in SUITS else str(d)

    def _taken(self) -> tuple[int, int]:
        """The tricks each side took in the play."""
        play = self.play
        assert play is not None
        return play.won[0] + play.won[2], play.won[1] + play.won[3]

    def _gathered(self) -> list[Card]:
        """The pack gathered after the hand, to be the next still pack (002 §8, §13)."""
        play = self.play
        assert play is not None
        return self._gather(play.quitted)

    def _finished(self) -> None:
        """The rubber is over."""
        self.phase = "over"

    def _score(
        self,
        *,
        penalties: Sequence[tuple[int, int, str, str]] = (),
        capped: Sequence[int] = (),
        tricks: Sequence[int] | None = None,
        slam_tricks: Sequence[int] | None = None,
    ) -> list[Event]:
        """Score the hand and go on: the one place a hand's points are worked out (law mode passes the revoke
        penalties of :func:`revoke_penalty` here)."""
        taken = self._taken()
        counted = taken if tricks is None else (tricks[0], tricks[1])
        before = list(self.game_score)
        hs = score_hand(
            before,
            counted,
            self.honours,
            unit=self.unit(),
            kind=self._kind(),
            penalties=penalties,
            capped=capped,
            slam_tricks=slam_tricks if slam_tricks is not None else taken,
            slam_little=self.slam_little,
            slam_grand=self.slam_grand,
            honour_scale=self.honour_scale,
        )
        events = [
            Event("score", text, law=law, data={"side": SIDES[side], "points": pts, "for": what})
            for side, what, pts, law, text in hs.items
        ]
        if not any(pts for _, _, pts, _, _ in hs.items):
            events.append(Event("score", "Neither side scores (002 §1 Cayenne)", law="002 §1 Cayenne", data={}))
        for s in (0, 1):
            self.totals[s] += hs.points[s]
        self.game_score = list(hs.score)
        result: dict[str, Any] = {
            "declaration": self.declaration,
            "by": SEATS[self.declarer],
            "unit": self.unit(),
            "tricks": {SIDES[s]: taken[s] for s in (0, 1)},
            "honours": {SIDES[s]: self.honours[s] for s in (0, 1)},
            "points": {SIDES[s]: hs.points[s] for s in (0, 1)},
            "games": [SIDES[s] for s in hs.games],
            "score": {SIDES[s]: hs.score[s] for s in (0, 1)},
        }
        won_games: list[str] = []
        result["games"] = won_games
        for side in hs.games:
            if self._over:
                break  # the rubber is won: no game beyond the fourth
            won_games.append(SIDES[side])
            self.games.append(side)
            won = self.games.count(side)
            events.append(
                Event(
                    "game",
                    f"{SIDES[side]} win a game of ten: {won} game{'s' if won > 1 else ''} to"
                    f" {self.games.count(1 - side)} (002 §1 Cayenne)",
                    seat=SIDES[side],
                    law="002 §1 Cayenne",
                    data={"side": SIDES[side], "games": won},
                )
            )
            if won >= GAMES_IN_RUBBER:
                value = rubber_value(self.totals, side)
                totals = {SIDES[s]: self.totals[s] for s in (0, 1)}
                self.rubber = {"side": SIDES[side], "points": value, "totals": totals}
                result["rubber"] = dict(self.rubber)
                self._over = True
                events.append(
                    Event(
                        "rubber",
                        f"{SIDES[side]} win the rubber, four games to"
                        f" {self.games.count(1 - side)}: their {self.totals[side]} points + 8 − the losers'"
                        f" {self.totals[1 - side]} = {value} (002 §1 Cayenne)",
                        seat=SIDES[side],
                        law="002 §1 Cayenne",
                        data=dict(self.rubber),
                    )
                )
        self._deal_log[-1]["result"] = result
        self._last_result = result
        self._to_still = self._gathered()
        self.deal_no += 1
        self._pack_no = 1 - self._pack_no
        if self._over:
            self._finished()
            return events
        self.dealer = (self.dealer + 1) % 4  # the deal passes to the left and is never lost (002 §13)
        return events + self._new_deal()

    # ------------------------------------------------------------------ public state

    @property
    def over(self) -> bool:
        return self._over

    @property
    def scores(self) -> dict[str, int]:
        """The points of the game in play while the rubber goes on; the rubber's value, plus and minus, once over."""
        if self._over and self.rubber is not None:
            w = SIDES.index(self.rubber["side"])
            return {SIDES[w]: self.rubber["points"], SIDES[1 - w]: -self.rubber["points"]}
        return {"NS": self.game_score[0], "EW": self.game_score[1]}

    def places(self) -> dict[str, str]:
        out: dict[str, str] = {}
        play = self.play
        if play is not None:
            for k, (_, cards, _) in enumerate(play.quitted, start=1):
                for c in cards:
                    out[CARD_TEXT[c]] = f"quitted {k}"
            for c in play.trick:
                out[CARD_TEXT[c]] = "trick"
        for i, s in enumerate(SEATS):
            for c in mask_indices(self.hands[i]):
                out[CARD_TEXT[c]] = f"hand {s}"
        return out

    def _public(self) -> dict[str, Any]:
        """What every seat may know of the sitting, beside the play: the deal, the cut card and the values, the
        declaration, the score, the games and the rubber (shared with law mode's view)."""
        d = self.declaration
        return {
            "seats": list(SEATS),
            "active": [SEATS[(self.dealer + k) % 4] for k in range(1, 5)],
            "players": dict(self.players),
            "deal": self.deal_no + (0 if self._over else 1),
            "dealer": SEATS[self.dealer],
            "eldest": SEATS[(self.dealer + 1) % 4],
            "cut_card": turned_data(self.turned),
            "cayenne": self.cayenne,
            "values": {**self.suit_value, "grand": self.grand_value, "nullo": self.nullo_value},
            "declarer": SEATS[self.declarer],
            "passed": self.passed,
            "declaration": (
                {
                    "what": d,
                    "title": _title(d),
                    "by": SEATS[self.declarer],
                    "unit": self.unit(),
                    "side": SIDES[self.declarer % 2],
                }
                if d is not None
                else None
            ),
            "score": {"NS": self.game_score[0], "EW": self.game_score[1]},
            "target": TARGET,
            "games": [{"side": SIDES[s]} for s in self.games],
            "games_won": {SIDES[s]: self.games.count(s) for s in (0, 1)},
            "totals": {SIDES[s]: self.totals[s] for s in (0, 1)},
            "rubber": dict(self.rubber) if self.rubber else None,
            "scores": self.scores,
            "pack": {"cards": 52, "lowest": 2, "suits": SUITS},
            "last_result": self._last_result,
            "over": self._over,
        }

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The view's part kept through the play (see view) is for the strict table's own view: a class that changes
        # the view or what the play does (law mode) builds every view afresh.
        cls._keeps_view = cls.view is CayenneTable.view and cls._do_play is CayenneTable._do_play
        cls._lean_cards = (
            cls.apply is CayenneTable.apply
            and cls._check is CayenneTable._check
            and cls._do is CayenneTable._do
            and cls._do_play is CayenneTable._do_play
        )

    _keeps_view = True
    _view_kept: tuple[tuple[Any, ...], dict[str, Any]] | None = None
    """The last view made in the play, and what its part that does not change card by card depends on."""

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now (``None``: a spectator, who sees no hand).

        In the play, a new dict each call from the last one made in the same play (its parts about the deal, the
        declaration and the score: shared, not to be changed), the parts that change as cards are played made
        afresh."""
        play = self.play
        if play is None or not self._keeps_view or self.phase != "play":
            return self._view(seat)
        if seat is not None:
            self.seat_check(seat)
        key = (
            play,
            self.declaration,
            self.declarer,
            tuple(self.game_score),
            tuple(self.totals),
            len(self.games),
            self.rubber,
            self._last_result,
        )
        kept = self._view_kept
        if kept is None or kept[0] != key or kept[0][0] is not play:
            kept = self._view_kept = (key, self._view(None))
        v = kept[1].copy()
        # As _view has them: the parts that change as cards are played.
        hands = self.hands
        won = play.won
        v["seat"] = seat
        v["to_act"] = self.to_act
        v["leader"] = SEATS[play.leader]
        v["trick"] = self._played_view[-len(play.trick) :] if play.trick else []
        v["played"] = list(self._played_view)
        v["last_trick"] = self._last_trick_view
        v["tricks"] = {"NS": won[0] + won[2], "EW": won[1] + won[3]}
        v["hand_counts"] = {
            "N": hands[0].bit_count(),
            "E": hands[1].bit_count(),
            "S": hands[2].bit_count(),
            "W": hands[3].bit_count(),
        }
        if seat is not None:
            v["hand"] = hand_texts(hands[SEATS.index(seat)])
        return v

    def _view(self, seat: str | None) -> dict[str, Any]:
        """The view made afresh (see :meth:`view`)."""
        if seat is not None:
            self.seat_check(seat)
        play = self.play
        trumps = play.trumps if play is not None else None
        v: dict[str, Any] = {
            "game": self.game.name,
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            **self._public(),
            "trumps": SUITS[trumps] if trumps is not None else None,
            "turned": None,
            "leader": SEATS[play.leader] if play is not None else None,
            "trick": self._played_view[-len(play.trick) :] if play is not None and play.trick else [],
            "played": list(self._played_view),
            "last_trick": self._last_trick_view,  # 002 §37: the last trick may be seen in Cayenne
            "tricks": {SIDES[s]: (play.won[s] + play.won[s + 2] if play is not None else 0) for s in (0, 1)},
            "hand_counts": {s: self.hands[i].bit_count() for i, s in enumerate(SEATS)},
        }
        if seat is not None:
            v["hand"] = hand_texts(self.hands[SEATS.index(seat)])
        return v


def _given_score(score: Any) -> dict[str, int]:
    """The points of the game in play when a given deal is dealt: ``{"NS": 7, "EW": 0}``, each short of ten."""
    try:
        out = {side: score[side] for side in SIDES}
    except (KeyError, TypeError):
        raise InvalidDeal(f"a given deal's 'score' is {{'NS': n, 'EW': n}}, not {score!r}") from None
    for side, n in out.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < TARGET:
            raise InvalidDeal(f"given deal: score {side} {n!r} is not 0..{TARGET - 1}")
    return out


def _honour_scale(text: Any) -> tuple[int, int, int]:
    try:
        parts = tuple(int(x) for x in str(text).replace("-", " ").replace(",", " ").split())
    except ValueError:
        parts = ()
    if len(parts) != 3 or any(p < 0 for p in parts):
        raise UnknownOption(
            f"cayenne: option honour_points={text!r}: three whole numbers, for three, four and five"
            " honours, e.g. '2 4 6' (rules §3)"
        )
    return parts[0], parts[1], parts[2]


def _check_options(options: Mapping[str, Any]) -> None:
    order = options["suit_order"]
    if not isinstance(order, str) or sorted(order.upper()) != sorted(SUITS) or order != order.upper():
        raise UnknownOption(
            f"cayenne: option suit_order={order!r}: the four suit letters in an order, e.g. 'HDCS' (rules §3)"
        )
    _honour_scale(options["honour_points"])


SPEC = register(
    GameSpec(
        name="cayenne",
        title="Cayenne: whist with a cayenne suit, grand and nullo; four games a rubber",
        source="the American Congress laws of 1893, with their Cayenne lines (§1, §5, §8, §12, §13, §16-18, §30,"
        " §31); the values of the suits from Foster's Complete Hoyle",
        options=(
            Option(
                name="suit_order",
                default="HDCS",
                doc="the order that makes one suit of the other colour the third (2) and the other the fourth (1):"
                " the earlier is third (no book found says; hoyle's choice: hearts, diamonds, clubs, spades)",
            ),
            Option(
                name="cayenne_value",
                default=4,
                minimum=1,
                maximum=100,
                doc="a trick over the book with the cayenne suit trumps (Foster's Complete Hoyle)",
            ),
            Option(
                name="second_colour_value",
                default=3,
                minimum=1,
                maximum=100,
                doc="the other suit of the cayenne's colour (Foster's Complete Hoyle)",
            ),
            Option(
                name="third_colour_value",
                default=2,
                minimum=1,
                maximum=100,
                doc="the third colour (Foster's Complete Hoyle)",
            ),
            Option(
                name="fourth_colour_value",
                default=1,
                minimum=1,
                maximum=100,
                doc="the fourth colour (Foster's Complete Hoyle)",
            ),
            Option(
                name="grand_value", default=8, minimum=1, maximum=100, doc="grand, no trumps (Foster's Complete Hoyle)"
            ),
            Option(
                name="nullo_value",
                default=8,
                minimum=1,
                maximum=100,
                doc="nullo: each trick over the book, scored by the adversaries (Foster's Complete Hoyle)",
            ),
            Option(
                name="honour_points",
                default="2 4 6",
                doc="the basic score of three, four and five honours, times the unit (Foster's Complete Hoyle)",
            ),
            Option(
                name="slam_little",
                default=0,
                minimum=0,
                maximum=1000,
                doc="points for a little slam, twelve tricks (no book gives one; none)",
            ),
            Option(
                name="slam_grand",
                default=0,
                minimum=0,
                maximum=1000,
                doc="points for a grand slam, thirteen tricks (no book gives one; none)",
            ),
            Option(
                name="irregularities",
                default=False,
                doc="law mode: seats may err, and the American Congress laws with their Cayenne lines rule"
                " (docs/cayenne.md)",
            ),
        ),
        table_class=CayenneTable,
        rules_bot="hoyle.bots.cayenne_rules:CayenneRulesBot",
        seats=lambda o: SEATS,
        exposes_hands=True,
        variants=(
            {"suit_order": "SCDH", "slam_little": 20, "slam_grand": 40, "honour_points": "1 2 3", "grand_value": 6},
            {"irregularities": True},  # law mode (002 with its Cayenne lines), played by its legal actions
        ),
        validate=_check_options,
    )
)
