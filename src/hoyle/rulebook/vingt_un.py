"""Vingt-Un and French Vingt-Un: a banker against the punters (003 "VINGT-UN", "FRENCH VINGT-UN"; rules §8).

One game with an option: ``hoyle.game("vingt-un")`` is ordinary Vingt-Un, ``hoyle.game("vingt-un",
french=True)`` the French game, whose deal is eight rounds each played its own way (003; rules §8.1).

Court cards count ten, an ace eleven or one at the holder's option, the other cards their pips (003).
A sitting is one round of deals: every player holds the deal (the bank) once, ``deals=N`` for another
number.  The first dealer is the player to whom the first ace falls in a deal of faced cards (PEEL).
Each deal begins with the pone's cut (``cut N``); within a deal the dealer deals on through the pack, the
pone gathering the cards of each hand; when the pack is down to its last card the dealer faces it and
takes the re-made pack, which the pone cuts again (003).

Ordinary Vingt-Un (003; rules §8): one card face down to each punter and the dealer; each punter, having
looked, stakes between the agreed minimum and maximum (``stake 2``); the dealer may double (``double``,
or ``pass``); a second card face down to all.  A dealer's natural collects double from each punter,
cancelled by a punter's natural; else a punter's natural is paid double at once.  Then each punter in
turn, from the eldest, draws (``card``: face up) or stands (``stand``), or with two like cards goes on
both (``split``), again on a third or fourth; a punter who goes over pays at once.  Last the dealer turns
up his cards and draws; if he goes over he pays every punter still standing.  Otherwise the hand nearer
twenty-one wins, ties to the dealer; a drawn twenty-one is paid double (and the dealer's collects double
from those without one).  A punter's natural ends the deal, except in its first round, and the deal
passes to the left (options: ``natural_takes_deal``, ``deal_ends``).

Ledger: ``scores`` holds each seat's winnings (every seat starts at nought); stakes lie before the punters
until settled, so the sum of ``scores`` is always nought.  The dealer's bank is his own purse.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from ..cards import CARD_TEXT, PACK_52, Card, Pack, format_cards, parse
from ..cards import cut as cut_pack
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.registry import GameSpec, Option, register
from ..engine.table import Table
from ..errors import IllegalAction, InvalidDeal

_act = cache(Action)
"""An action made once for each verb and word and shared: the lawful actions are asked for at every step."""


@cache
def _stakes(low: int, high: int) -> tuple[Action, ...]:
    """The stakes a punter may make, ``stake LOW`` to ``stake HIGH`` (003): made once for each range."""
    return tuple(_act("stake", str(k)) for k in range(low, high + 1))


_PUNTERS = tuple(tuple(tuple((d + k) % n for k in range(1, n)) for d in range(n)) for n in range(9))
"""The punters in order of play for ``n`` seats and the dealer ``d``: ``_PUNTERS[n][d]``."""

__all__ = [
    "FRENCH_ROUNDS",
    "VingtUnTable",
    "best_total",
    "bust_chance",
    "bust_chance_two_cards",
    "clock_match",
    "clock_no_match_chance",
    "dealer_outcomes",
    "differences",
    "is_natural",
    "natural_chance",
    "pip",
    "rouge_et_noir",
    "self_and_company",
    "self_and_company_chance",
    "showdown",
    "sympathy",
    "sympathy_chance",
]

FRENCH_ROUNDS = (
    "ordinary",
    "imaginary tens",
    "blind",
    "sympathy and antipathy",
    "rouge et noir",
    "self and company",
    "differences",
    "the clock",
)
"""The eight rounds of a French Vingt-Un deal, in order (003; rules §8.1)."""
_LAW = "003 Vingt-Un"
_FRENCH = "003 French Vingt-Un"
SEAT_LETTERS = "ABCDEFGH"
_RED_SUITS = (1, 2)  # diamonds, hearts
_NO_TOTAL = frozenset({"sympathy and antipathy", "rouge et noir", "self and company", "the clock"})  # no count shown
_ORDINAL = (
    "",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
)


# ---------------------------------------------------------------------------------------------- counting


def pip(card: int, *, ace: int = 1) -> int:
    """What a card counts: court cards ten, an ace ``ace`` (one or eleven), the others their pips (003)."""
    rank = card % 13 + 2
    if rank == 14:
        return ace
    return min(rank, 10)


def best_total(cards: Sequence[int], extra: int = 0) -> int:
    """The holder's best count: an ace counts eleven where that does not take him over twenty-one (003).

    ``extra`` is added first (ten at Imaginary Tens: rules §8.1).

    >>> best_total(parse("AS 2H")), best_total(parse("AS 2H 7C")), best_total(parse("AS 2H 7C 3D"))
    (13, 20, 13)
    """
    t = extra + sum(map(_PIPS.__getitem__, cards))
    if t <= 11 and any(map(_IS_ACE.__getitem__, cards)):
        t += 10
    return t


_PIPS = tuple(pip(c) for c in range(52))
"""What each card counts, an ace one: :func:`best_total` counts every box a view shows (issue 17)."""
_IS_ACE = tuple(c % 13 == 12 for c in range(52))
"""Whether each card is an ace, by its index."""


def is_natural(cards: Sequence[int]) -> bool:
    """An ace and a court or other tenth card: a natural (003)."""
    return len(cards) == 2 and best_total(cards) == 21


def showdown(punter: int, dealer: int, stake: int) -> int:
    """What the dealer pays the punter (negative: what the punter pays) when both stand (003; rules §8.9).

    The hand nearer twenty-one wins; ties (twenty-ones included) go to the dealer; a punter's twenty-one is
    paid double; the dealer's twenty-one collects double from every punter who has not twenty-one.
    ``stake`` is the punter's stake, already doubled if the dealer doubled.

    >>> showdown(19, 19, 4), showdown(21, 18, 4), showdown(20, 21, 4), showdown(21, 21, 4)
    (-4, 8, -8, -4)
    """
    if punter > dealer:
        return stake * (2 if punter == 21 else 1)
    return -stake * (2 if dealer == 21 and punter != 21 else 1)


def sympathy(cards: Sequence[int]) -> str:
    """Which wins at Sympathy and Antipathy: ``"sympathy"`` when the two cards are of one colour (003)."""
    red = [c // 13 in _RED_SUITS for c in cards]
    return "sympathy" if red[0] == red[1] else "antipathy"


def rouge_et_noir(cards: Sequence[int]) -> str:
    """The winning colour at Rouge et Noir: the card's, or that of two of the three cards (003)."""
    reds = sum(1 for c in cards if c // 13 in _RED_SUITS)
    return "red" if reds * 2 > len(cards) else "black"


def self_and_company(cards: Sequence[int]) -> tuple[str, int] | None:
    """Self and Company: who wins as the cards turn up, and after how many; ``None`` while undecided (003).

    The first card is the dealer's ("self"), the second the company's; if they are alike the dealer wins;
    else the first card pairing one of them decides.

    >>> self_and_company(parse("7H 7S")), self_and_company(parse("7H KS 2C KD")), self_and_company(parse("7H KS"))
    (('self', 2), ('company', 4), None)
    """
    if len(cards) < 2:
        return None
    mine, theirs = cards[0] % 13, cards[1] % 13
    if mine == theirs:
        return ("self", 2)
    for i, c in enumerate(cards[2:], start=3):
        if c % 13 == mine:
            return ("self", i)
        if c % 13 == theirs:
            return ("company", i)
    return None


def differences(dealer: Sequence[int], punter: Sequence[int], rate: int = 1) -> int:
    """What the dealer pays the punter at Differences (negative: receives): the difference of the two cards'
    counts, an ace one only, times the agreed rate; ties cancel (003).

    >>> differences(parse("KS 5H"), parse("9C 9D")), differences(parse("AS 2H"), parse("QC JD"), 2)
    (3, 34)
    """
    return (sum(pip(c) for c in punter) - sum(pip(c) for c in dealer)) * rate


def clock_match(cards: Sequence[int]) -> int | None:
    """The Clock: the first call (1 for the ace ... 13 for the king) that the card turned answers, or ``None``
    if none of the thirteen does (003).

    >>> clock_match(parse("9S 5H 2C 4D")), clock_match(parse("2S"))
    (4, None)
    """
    for i, c in enumerate(cards[:13], start=1):
        rank = c % 13 + 2
        if (1 if rank == 14 else rank) == i:
            return i
    return None


# ---------------------------------------------------------------------------------------------- odds


def natural_chance(first: int | None = None) -> Fraction:
    """The chance of a natural from a full pack: of the first two cards, or of the second given the first.

    ``first`` is the count of the first card (11 or 1 for an ace, 10 for a tenth card, else 2..9).

    >>> natural_chance(), natural_chance(11), natural_chance(10), natural_chance(5)
    (Fraction(32, 663), Fraction(16, 51), Fraction(4, 51), Fraction(0, 1))
    """
    if first is None:
        return 2 * Fraction(4, 52) * Fraction(16, 51)
    if first in (1, 11):
        return Fraction(16, 51)
    if first == 10:
        return Fraction(4, 51)
    return Fraction(0)


_COUNTS = (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)  # cards of each count 1 (ace) .. 10 in the pack


def bust_chance(total: int, removed: Sequence[int] = ()) -> Fraction:
    """The chance that one more card takes a hard ``total`` over twenty-one, from the pack less ``removed``.

    An ace counts one here (it cannot take anyone over).

    >>> bust_chance(12), bust_chance(16), bust_chance(20)
    (Fraction(4, 13), Fraction(8, 13), Fraction(12, 13))
    """
    counts = list(_COUNTS)
    for c in removed:
        counts[pip(c) - 1] -= 1
    left = sum(counts)
    over = sum(counts[v - 1] for v in range(1, 11) if total + v > 21)
    return Fraction(over, left)


def bust_chance_two_cards(total: int) -> Fraction | None:
    """The chance of going over with one more card, holding two cards (no ace) that make ``total``,
    exactly: averaged over every such pair, each removed from the pack (``None`` if no pair makes it)."""
    num = Fraction(0)
    ways = 0
    for a in range(2, 11):
        for b in range(a, 11):
            if a + b != total:
                continue
            ca, cb = _COUNTS[a - 1], _COUNTS[b - 1]
            n = ca * (ca - 1) // 2 if a == b else ca * cb
            counts = list(_COUNTS)
            counts[a - 1] -= 1
            counts[b - 1] -= 1
            over = sum(counts[v - 1] for v in range(1, 11) if total + v > 21)
            num += n * Fraction(over, 50)
            ways += n
    return num / ways if ways else None


@cache
def _dealer(counts: tuple[int, ...], hard: int, aces: int, ncards: int, stand: int) -> tuple[Fraction, ...]:
    """Final outcome distribution of a dealer drawing to ``stand``: (17..21 by index, natural, over)."""
    soft = hard + 10 if aces and hard + 10 <= 21 else hard
    if ncards == 2 and soft == 21:
        return tuple(Fraction(int(i == 5)) for i in range(7))
    if soft > 21:
        return tuple(Fraction(int(i == 6)) for i in range(7))
    if soft >= stand:
        out = [Fraction(0)] * 7
        out[min(max(soft, 17), 21) - 17] = Fraction(1)
        return tuple(out)
    left = sum(counts)
    acc = [Fraction(0)] * 7
    for v in range(1, 11):
        k = counts[v - 1]
        if not k:
            continue
        nxt = list(counts)
        nxt[v - 1] -= 1
        sub = _dealer(tuple(nxt), hard + v, aces + (v == 1), ncards + 1, stand)
        p = Fraction(k, left)
        for i in range(7):
            acc[i] += p * sub[i]
    return tuple(acc)


def dealer_outcomes(stand: int = 17) -> dict[str, Fraction]:
    """Where a dealer who draws until he has ``stand`` or more ends, from a full pack (the punters' cards
    unseen), exactly.  Keys: ``"17"`` .. ``"21"`` (a total below 17 reached by standing lower is counted
    as 17), ``"natural"``, ``"over"``."""
    dist = _dealer(_COUNTS, 0, 0, 0, stand)
    keys = ("17", "18", "19", "20", "21", "natural", "over")
    return dict(zip(keys, dist, strict=True))


def clock_no_match_chance() -> Fraction:
    """The chance that none of the thirteen calls of the Clock is answered, exactly (inclusion and exclusion).

    >>> float(clock_no_match_chance())  # doctest: +ELLIPSIS
    0.356...
    """
    from math import comb, perm

    total = Fraction(0)
    for k in range(14):
        total += (-1) ** k * comb(13, k) * Fraction(4**k, perm(52, k))
    return total


def sympathy_chance() -> Fraction:
    """The chance that Sympathy wins (two cards of one colour) from a full pack: 25 in 51 (003).

    >>> sympathy_chance()
    Fraction(25, 51)
    """
    return Fraction(25, 51)


def self_and_company_chance() -> Fraction:
    """The chance that the dealer wins at Self and Company from a full pack, exactly (003).

    The first two cards are alike in 3 cases of 51; otherwise three cards of each of the two ranks remain,
    and whichever of those six turns up first decides, self as often as the company.

    >>> self_and_company_chance()
    Fraction(9, 17)
    """
    alike = Fraction(3, 51)
    return alike + (1 - alike) * Fraction(3, 6)


# ---------------------------------------------------------------------------------------------- the table


class Box:
    """One stake and the cards on it: a punter's hand (or one of the hands he goes on), or the dealer's.

    ``cards[:down]`` lie face down, the rest face up; a ``blind`` box's face-down cards are unseen even by
    its holder (Blind Vingt-Un).  ``owed`` counts the cards still to be dealt to it, face down then up.

    ``pips`` (the cards' count, an ace one) and ``aces`` (how many) are kept with the cards, changed only where
    a card is added (:meth:`add`) or the cards are changed (:meth:`recount`): the box's best count is read from
    them, never worked out again from the cards (issue 17).
    """

    __slots__ = ("aces", "blind", "cards", "choice", "down", "owed_down", "owed_up", "pips", "stake", "status")

    def __init__(self, stake: int = 0, *, blind: bool = False) -> None:
        self.cards: list[Card] = []
        self.pips = 0
        self.aces = 0
        self.down = 0
        self.blind = blind
        self.stake = stake
        self.status = "open"  # open, stood, over, natural, five cards, settled
        self.choice: str | None = None
        self.owed_down = 0
        self.owed_up = 0

    def add(self, card: Card, at: int | None = None) -> None:
        """Put ``card`` on the box: last, or at index ``at`` (a face-down card goes after the others face down)."""
        if at is None:
            self.cards.append(card)
        else:
            self.cards.insert(at, card)
        self.pips += _PIPS[card]
        self.aces += _IS_ACE[card]

    def recount(self) -> None:
        """Count the cards again after they were taken off or replaced."""
        self.pips = sum(map(_PIPS.__getitem__, self.cards))
        self.aces = sum(map(_IS_ACE.__getitem__, self.cards))


class VingtUnTable(Table):
    """A sitting of Vingt-Un (or French Vingt-Un): every player holds the deal once (``deals=N`` for more)."""

    def _setup(
        self, game: Any, *, players: Sequence[str] | None, deal: Mapping[str, Any] | None, start: dict[str, Any]
    ) -> None:
        n = game["players"]
        self.n = n
        self.seats = tuple(SEAT_LETTERS[:n])
        self.french: bool = game["french"]
        self.min_stake: int = game["min_stake"]
        self.max_stake: int = max(game["max_stake"], self.min_stake)
        self.deal_ends: str = "eight rounds" if self.french else game["deal_ends"]
        self.rounds_option: int = game["rounds"]
        self.natural_takes_deal: bool = game["natural_takes_deal"]
        self.five_cards: bool = game["five_cards"]
        self.three_cards: bool = game["three_cards"]
        self.rate: int = game["differences_rate"]
        self.clock_stake: int = game["clock_stake"]
        self.deals_to_play: int = game["deals"] or n
        self.money = [0] * n
        self.dealer = 0
        self.deal_no = 0
        self.round_no = 0
        self.kind = "ordinary"
        self.stage = "cut"
        self.cut_for = "deal"
        self.resume: str | None = None
        self.doubled = False
        self.boxes: dict[int, list[Box]] = {}
        self.dealer_box = Box()
        self.turn = 0  # the punter (seat index) to act
        self.turn_box = 0
        self.pack: list[Card] = list(PACK_52)  # before the first deal the whole pack is with the dealer
        self.gathered: list[Card] = []
        self.lying: dict[Card, str] = {}  # cards of hands just finished, still on the table, with their places
        self.faced: Card | None = None
        self.exhausted = 0  # times the pack ran out in this deal
        self.naturals: list[int] = []  # punters whose natural was paid this round
        self.round_net: dict[str, int] = {}
        self._entry_rounds: list[dict[str, Any]] = []
        self._split_pending = False
        self._pending_events: list[Event] = []
        self._last_round: dict[str, Any] | None = None
        if deal is not None:
            names = self._names(players)
            dealer = self._given_deal(deal)
            self._start = {"players": names, "dealer": self.seats[dealer], "given": True}
        elif "players" in start:
            self._start = {k: (dict(v) if isinstance(v, dict) else v) for k, v in start.items()}
            names = dict(start["players"])
        else:
            names = self._names(players)
            self._start = {"players": names}
        if sorted(names) != sorted(self.seats):
            raise ValueError(f"vingt-un: players must name the seats {', '.join(self.seats)}, not {sorted(names)}")
        self.players: dict[str, str] = {s: str(names[s]) for s in self.seats}
        if self._start.get("given"):
            self.dealer = self.seats.index(self._start["dealer"])
            self.events.extend(self._begin_deal(None))
        else:
            self.events.extend(self._first_dealer())
            self.events.append(self._cut_prompt())

    # ------------------------------------------------------------------ setting up

    def _names(self, players: Sequence[str] | None) -> dict[str, str]:
        names = list(players) if players else []
        if len(names) > self.n or len(set(names)) != len(names) or not all(isinstance(x, str) and x for x in names):
            raise ValueError(f"vingt-un with {self.n} players: give at most {self.n} distinct names, not {names!r}")
        names += [s for s in self.seats if s not in names][: self.n - len(names)]
        return dict(zip(self.seats, names, strict=True))

    def _given_deal(self, deal: Mapping[str, Any]) -> int:
        """A given first deal: the dealer and the cards on top of the pack, in the order they will come off.

        The rest of the pack follows in the order of :data:`~hoyle.cards.PACK_52`.
        """
        try:
            dealer = self.seats.index(str(deal["dealer"]).upper())
            top = list(parse(deal["cards"]))
        except (KeyError, TypeError) as exc:
            raise InvalidDeal(
                f"a given deal needs 'dealer' ({', '.join(self.seats)}) and 'cards', the top of the"
                f" pack in the order dealt; missing {exc}"
            ) from None
        except ValueError as exc:
            raise InvalidDeal(f"given deal: {exc}") from None
        twice = sorted(c for c, n in Counter(top).items() if n > 1)
        if twice or any(c >= 52 for c in top):
            raise InvalidDeal(
                f"given deal: cards given twice ({format_cards(twice) or 'none'}) or not of the pack"
                f" of 52: {format_cards(top)}"
            )
        given = set(top)
        rest = [c for c in PACK_52 if c not in given]
        self._script_first({"order": format_cards(top + rest), "cut": None})
        return dealer

    def _first_dealer(self) -> list[Event]:
        """Cards dealt face up in turn: the player to whom the first ace falls deals first (PEEL; 003 is silent)."""
        order = self._draw_deal(PACK_52)
        shown: list[str] = []
        seat = 0
        for i, c in enumerate(order):
            seat = i % self.n
            shown.append(f"{self.seats[seat]} {CARD_TEXT[c]}")
            if c % 13 == 12:
                break
        self.dealer = seat
        self._deal_log[-1]["result"] = {"first dealer": self.seats[seat]}
        return [
            Event(
                "first dealer",
                f"cards dealt face up: {', '.join(shown)}; the first ace falls to"
                f" {self.seats[seat]}, who deals first (PEEL)",
                seat=self.seats[seat],
                law="rules §8",
                data={"dealer": self.seats[seat]},
            )
        ]

    @property
    def pone(self) -> int:
        """The player on the dealer's right, who cuts and gathers the cards (003)."""
        return (self.dealer - 1) % self.n

    def _punters(self) -> tuple[int, ...]:
        """The punters in order of play, from the eldest hand (the dealer's left): a shared tuple, read only."""
        return _PUNTERS[self.n][self.dealer]

    def _cut_prompt(self) -> Event:
        pone = self.seats[self.pone]
        if self.cut_for == "deal":
            text = f"{self.seats[self.dealer]} shuffles for deal {self.deal_no + 1}; {pone}, the pone, is to cut"
        else:
            text = (
                f"{self.seats[self.dealer]} takes the re-made pack of {len(self._remade())} cards from {pone} and"
                f" shuffles it; {pone} is to cut (003)"
            )
        return Event("shuffle", text, seat=pone, law=_LAW, data={"dealer": self.seats[self.dealer], "pone": pone})

    def _remade(self) -> list[Card]:
        """The cards the pone has gathered (and those of the hand just finished), re-made into a pack."""
        return sorted([*self.gathered, *self.lying])

    # ------------------------------------------------------------------ chance and the pack

    def _chance_settled(self, index: int) -> bool:
        """A pack's order is shown when the deal it served is over: a pack run through in the middle of a deal gets
        its result when the re-made pack replaces it, while cards dealt from it still lie face down (engine)."""
        if self.over:
            return True
        log = self._deal_log
        j = index
        while "result" in log[j]:
            j += 1
            if j == len(log) or not log[j].get("re-made"):
                return True
        return False

    def _finish_entry(self) -> None:
        """Write the result of the pack in use (the rounds played from it) before it is replaced or at the end."""
        if self._deal_log and "result" not in self._deal_log[-1]:
            self._deal_log[-1]["result"] = {"rounds": self._entry_rounds}
        self._entry_rounds = []

    def _begin_deal(self, cut_at: int | None) -> list[Event]:
        """A new deal: the whole pack shuffled (chance) and cut, then the first round."""
        self._finish_entry()
        order = self._draw_deal(PACK_52)
        self._deal_log[-1]["dealer"] = self.seats[self.dealer]
        if cut_at is not None:
            order = cut_pack(order, cut_at, _cut_minimum(len(order)))
        self.pack = list(order)
        self.gathered = []
        self.lying = {}
        self.faced = None
        self.deal_no += 1
        self.round_no = 0
        self.exhausted = 0
        d = self.seats[self.dealer]
        cut = f"; {self.seats[self.pone]} cut at {cut_at}" if cut_at is not None else ""
        kind = "French Vingt-Un, eight rounds" if self.french else "Vingt-Un"
        events = [
            Event(
                "deal",
                f"deal {self.deal_no}: {d} holds the bank ({kind}){cut}",
                seat=d,
                law=_FRENCH if self.french else _LAW,
                data={"deal": self.deal_no, "dealer": d},
            )
        ]
        return events + self._new_round()

    def _take(self) -> Card | None:
        """The next card off the pack; ``None`` when the pack is out and the pone must cut a re-made pack.

        When the dealer has gone through the pack he faces its last card and takes the re-made cards (003).
        """
        if len(self.pack) >= 2:
            return self.pack.pop(0)
        can_remake = bool(self.gathered or self.lying) or self.faced is not None  # (a re-made pack would have cards)
        if self.pack and not can_remake:
            return self.pack.pop(0)  # (with nothing gathered to re-make a pack with, the last card is dealt)
        if not self.pack and not can_remake:
            raise RuntimeError("vingt-un: every card is in play and none is left to deal")  # pragma: no cover
        events: list[Event] = []
        if self.faced is not None:
            self.gathered.append(self.faced)
            self.faced = None
        for c, place in list(self.lying.items()):
            if place == "turned":
                del self.lying[c]
                self.gathered.append(c)
        if self.pack:
            last = self.pack.pop(0)
            self.faced = last
            events.append(
                Event(
                    "pack out",
                    f"{self.seats[self.dealer]} has gone through the pack: he faces the last card,"
                    f" {CARD_TEXT[last]} (003)",
                    seat=self.seats[self.dealer],
                    law=_LAW,
                    data={"faced": CARD_TEXT[last]},
                )
            )
        self.exhausted += 1
        self.resume = self.stage
        self.stage = "cut"
        self.cut_for = "remake"
        events.append(self._cut_prompt())
        self._pending_events.extend(events)
        return None

    def _remake(self, cut_at: int) -> Event:
        """The re-made pack: the cards the pone gathered, shuffled (chance) and cut; the dealer deals on (003)."""
        cards = self._remade()
        self.lying = {}
        self._finish_entry()
        order = self._draw_deal(Pack("re-made", cards), cut_minimum=_cut_minimum(len(cards)))
        self._deal_log[-1]["dealer"] = self.seats[self.dealer]
        self._deal_log[-1]["re-made"] = True
        self.pack = cut_pack(order, cut_at, _cut_minimum(len(order)))
        self.gathered = []
        d = self.seats[self.dealer]
        return Event(
            "deal",
            f"{d} deals on from the re-made pack of {len(cards)} cards (003)",
            seat=d,
            law=_LAW,
            data={"re-made": len(cards)},
        )

    def _fulfil(self, boxes: Sequence[tuple[int, Box]]) -> bool:
        """Deal the cards owed to ``boxes``, one at a time round them in order; False if the pack ran out."""
        pack = self.pack
        while True:
            progress = False
            for _, box in boxes:
                if box.owed_down or box.owed_up:
                    # _take's first case inline: with two cards or more left the next is dealt.
                    c = pack.pop(0) if len(pack) >= 2 else self._take()
                    if c is None:
                        return False
                    if box.owed_down:
                        box.add(c, box.down)
                        box.down += 1
                        box.owed_down -= 1
                    else:
                        box.add(c)
                        box.owed_up -= 1
                    progress = True
            if not progress:
                return True

    # ------------------------------------------------------------------ rounds

    def _new_round(self) -> list[Event]:
        self.round_no += 1
        self.kind = FRENCH_ROUNDS[self.round_no - 1] if self.french else "ordinary"
        self.doubled = False
        self.naturals = []
        self.round_net = {s: 0 for s in self.seats}
        blind = self.kind == "blind"
        self.boxes = {p: [Box(blind=blind)] for p in self._punters()}
        self.dealer_box = Box()
        self.turn = self._punters()[0]
        self.turn_box = 0
        name = f"round {self.round_no}"
        if self.french:
            name += f" of the deal: {self.kind} (rules §8.1)"
        events = [
            Event(
                "round",
                f"{name}",
                law=_FRENCH if self.french else _LAW,
                data={"round": self.round_no, "kind": self.kind},
            )
        ]
        kind = self.kind
        if kind == "ordinary":
            self._owe_all(down=1)
            self.stage = "first card"
        elif kind in ("imaginary tens", "blind", "sympathy and antipathy", "rouge et noir", "self and company"):
            self.stage = "stake"  # each punter stakes before any card (003)
        elif kind == "differences":
            for _, box in self._all_boxes():
                box.owed_up = 2
            self.stage = "differences"
        else:
            self.stage = "clock"
        return events + self._continue()

    def _all_boxes(self) -> list[tuple[int, Box]]:
        """Every box in the order of dealing: the punters from the eldest, the dealer last."""
        out = [(p, b) for p in self._punters() for b in self.boxes[p]]
        out.append((self.dealer, self.dealer_box))
        return out

    def _owe_all(self, *, down: int = 0, up: int = 0, dealer: bool = True) -> None:
        for seat, box in self._all_boxes():
            if seat == self.dealer and not dealer:
                continue
            box.owed_down += down
            box.owed_up += up

    def _continue(self) -> list[Event]:
        """Carry the round on through everything that needs no decision, to the next decision."""
        self._pending_events = []
        out: list[Event] = []
        while self.stage not in _DECISIONS and self.stage != "over":
            events = self._step()
            out.extend(events)
            out.extend(self._pending_events)
            self._pending_events = []
        return out

    def _step(self) -> list[Event]:
        stage = self.stage
        d = self.seats[self.dealer]
        if stage == "first card":
            if not self._fulfil(self._all_boxes()):
                return []
            self.stage = "stake"
            return [self._deal_event("the first card, face down, to each player and to the dealer (003)")]
        if stage == "second card":
            if not self._fulfil(self._all_boxes()):
                return []
            self.stage = "naturals"
            return [self._deal_event("a second card, face down, to each (003)")]
        if stage == "tens card":
            if not self._fulfil(self._all_boxes()):
                return []
            self.stage = "double"
            return [self._deal_event("one card each, face down; ten is added to every card (003: Imaginary Tens)")]
        if stage == "blind cards":
            if not self._fulfil(self._all_boxes()):
                return []
            self.stage = "double"
            return [
                self._deal_event("two cards each, face down; the punters may not look at theirs (003: Blind Vingt-Un)")
            ]
        if stage == "naturals":
            return self._naturals()
        if stage == "draw":
            return self._after_draw()
        if stage == "dealer turn":
            return self._dealer_turn()
        if stage == "dealer draw":
            return self._after_dealer_draw()
        if stage == "colour cards":
            return self._colour_cards()
        if stage == "self and company":
            return self._self_and_company()
        if stage == "differences":
            return self._differences()
        if stage == "clock":
            return self._clock()
        raise RuntimeError(f"vingt-un: no step for stage {stage!r} ({d} deals)")  # pragma: no cover

    def _deal_event(self, what: str) -> Event:
        seats = self.seats
        text = CARD_TEXT
        d = seats[self.dealer]
        private = {}
        up = {}  # the face-up cards of each seat that has any, in the boxes' order
        for seat, boxes in self.boxes.items():
            if len(boxes) == 1:
                b = boxes[0]
                cards, down = b.cards, b.down
                if down and not b.blind:
                    private[seats[seat]] = {"hand": " ".join([text[c] for c in cards[:down]])}
                if len(cards) > down:
                    up[seats[seat]] = [text[c] for c in cards[down:]]
                continue
            hole = [c for b in boxes if not b.blind for c in b.cards[: b.down]]
            if hole:
                private[seats[seat]] = {"hand": format_cards(hole)}
            faced = [text[c] for b in boxes for c in b.cards[b.down :]]
            if faced:
                up[seats[seat]] = faced
        if self.dealer_box.down:
            private[d] = {"hand": format_cards(self.dealer_box.cards[: self.dealer_box.down])}
        return Event(
            "deal",
            f"{d} deals {what}",
            seat=d,
            law=_FRENCH if self.french else _LAW,
            data={"round": self.round_no, "kind": self.kind, "face up": up},
            private=private,
        )

    # ------------------------------------------------------------------ money

    def _pay(self, frm: int, to: int, amount: int, why: str, law: str | list[str] | None = None) -> Event:
        """``frm`` pays ``to``: every transfer of the ledger is one of these events."""
        self.money[frm] -= amount
        self.money[to] += amount
        self.round_net[self.seats[frm]] -= amount
        self.round_net[self.seats[to]] += amount
        f, t = self.seats[frm], self.seats[to]
        return Event(
            "pay", f"{f} pays {t} {amount}: {why}", seat=f, law=law or _LAW, data={"from": f, "to": t, "amount": amount}
        )

    def _settle_box(self, seat: int, amount: int, why: str, law: str | list[str] | None = None) -> list[Event]:
        """The dealer pays ``amount`` to the punter at ``seat`` (negative: receives it)."""
        if amount > 0:
            return [self._pay(self.dealer, seat, amount, why, law)]
        if amount < 0:
            return [self._pay(seat, self.dealer, -amount, why, law)]
        return [
            Event(
                "pay",
                f"{self.seats[seat]} and {self.seats[self.dealer]}: nothing passes: {why}",
                seat=self.seats[seat],
                law=law or _LAW,
                data={"from": self.seats[seat], "to": self.seats[self.dealer], "amount": 0},
            )
        ]

    @property
    def mult(self) -> int:
        """Two when the dealer has doubled (003)."""
        return 2 if self.doubled else 1

    # ------------------------------------------------------------------ naturals, drawing

    def _total(self, box: Box) -> int:
        """The box's best count (:func:`best_total`), from the count kept with its cards; ten added at Imaginary
        Tens (003)."""
        t = box.pips + 10 if self.kind == "imaginary tens" else box.pips
        if t <= 11 and box.aces:
            t += 10  # an ace counts eleven where that does not take him over twenty-one (003)
        return t

    def _natural(self, box: Box) -> bool:
        """A natural: an ace and a tenth card as the first two cards (003); an ace alone at Imaginary Tens.

        Only a punter's first hand is asked: two cards making twenty-one after going on both are a drawn
        twenty-one, not a natural.
        """
        if self.kind == "imaginary tens":
            return len(box.cards) == 1 and box.cards[0] % 13 == 12  # an ace is a natural (003)
        # is_natural from the kept count: two cards make twenty-one only as an ace (one) and a tenth card.
        return len(box.cards) == 2 and box.pips == 11 and box.aces > 0

    def _show(self, seat: int, box: Box) -> str:
        """Turn a box's cards face up; its cards and count, as text."""
        box.down = 0
        box.blind = False
        t = self._total(box)
        return f"{format_cards(box.cards)} ({'over' if t > 21 else t})"

    def _naturals(self) -> list[Event]:
        """A dealer's natural collects double from all, a punter's natural cancelling; else the punters'
        naturals are paid double at once (003; rules §8.4, §8.5)."""
        events: list[Event] = []
        d = self.seats[self.dealer]
        dbox = self.dealer_box
        law = _FRENCH if self.french and self.kind != "ordinary" else _LAW
        if self._natural(dbox):
            events.append(
                Event(
                    "natural",
                    f"{d} has a natural and turns up {self._show(self.dealer, dbox)} (003)",
                    seat=d,
                    law=law,
                    data={"seat": d, "cards": [CARD_TEXT[c] for c in dbox.cards]},
                )
            )
            for p in self._punters():
                box = self.boxes[p][0]
                if self._natural(box):
                    events.append(
                        Event(
                            "natural",
                            f"{self.seats[p]} has a natural too, {self._show(p, box)}: the two cancel (003)",
                            seat=self.seats[p],
                            law=law,
                            data={"seat": self.seats[p], "cards": [CARD_TEXT[c] for c in box.cards]},
                        )
                    )
                    events.extend(self._settle_box(p, 0, "naturals cancel (003)", law))
                else:
                    # Each turns up his cards, to see whether a second natural cancels the dealer's (003).
                    shown = self._show(p, box)
                    events.extend(
                        self._settle_box(
                            p,
                            -2 * box.stake * self.mult,
                            f"{self.seats[p]} shows {shown}; the dealer's natural takes"
                            " double the stake (003; rules §8.4)",
                            law,
                        )
                    )
                box.status = "settled"
            return events + self._end_round()
        for p in self._punters():
            box = self.boxes[p][0]
            if not box.blind and self._natural(box):
                box.status = "natural"
                self.naturals.append(p)
                events.append(
                    Event(
                        "natural",
                        f"{self.seats[p]} has a natural and turns up {self._show(p, box)} (003)",
                        seat=self.seats[p],
                        law=law,
                        data={"seat": self.seats[p], "cards": [CARD_TEXT[c] for c in box.cards]},
                    )
                )
                events.extend(
                    self._settle_box(
                        p, 2 * box.stake * self.mult, "a punter's natural is paid double (003; rules §8.5)", law
                    )
                )
        return events + self._next_box(first=True)

    def _open_box(self) -> Box:
        return self.boxes[self.turn][self.turn_box]

    def _who(self, seat: int, box: Box) -> str:
        """The seat, and which of its hands when it goes on more than one: "C", "C (second hand)"."""
        boxes = self.boxes.get(seat, [])
        if len(boxes) < 2:
            return self.seats[seat]
        return f"{self.seats[seat]} ({_ORDINAL[boxes.index(box) + 1]} hand)"

    def _next_box(self, *, first: bool = False) -> list[Event]:
        """The next box to play, in order from the eldest hand; then the dealer's turn."""
        punters = self._punters()
        k, i = (0, 0) if first else (punters.index(self.turn), self.turn_box + 1)
        while k < len(punters):
            p = punters[k]
            boxes = self.boxes[p]
            while i < len(boxes):
                if boxes[i].status == "open":
                    self.turn, self.turn_box = p, i
                    # Twenty-one leaves nothing to draw for, but he says "Stand" himself, in his turn: were the turn to
                    # pass over him, the table would learn what his cards face down make (issue 13).
                    self.stage = "play"
                    return []
                i += 1
            k, i = k + 1, 0
        self.stage = "dealer turn"
        return []

    def _can_split(self, box: Box) -> bool:
        return (
            self.kind == "ordinary"
            and len(box.cards) == 2
            and box.cards[0] % 13 == box.cards[1] % 13
            and len(self.boxes[self.turn]) < 4
        )

    def _after_draw(self) -> list[Event]:
        """The card drawn has come (or the cards after going on both): see where the box stands."""
        seat = self.turn
        s = self.seats[seat]
        boxes = self.boxes[seat]
        if not self._fulfil([(seat, b) for b in boxes]):
            return []
        box = self._open_box()
        if self._split_pending:
            self._split_pending = False
            self.stage = "play"
            ev = Event(
                "split",
                f"{s} goes on {len(boxes)} hands, a card face down on each (003): stakes"
                f" {', '.join(str(b.stake) for b in boxes)}",
                seat=s,
                law=_LAW,
                data={"seat": s, "hands": len(boxes)},
                private={s: {"hand": format_cards([c for b in boxes for c in b.cards[: b.down]])}},
            )
            return [ev]
        card = box.cards[-1]
        if box.blind:
            self.stage = "play"
            return [
                Event(
                    "card",
                    f"{self._who(seat, box)} draws a card blind, face down (003: Blind Vingt-Un)",
                    seat=s,
                    law=_FRENCH,
                    data={"seat": s, "box": self.turn_box},
                )
            ]
        t = self._total(box)
        # His first cards lie face down: the table sees the card drawn and whether he is over, never his total
        # (003: he says only "Card" or "Stand"; issue 13). The total is his own to know.
        events = [
            Event(
                "card",
                f"{self._who(seat, box)} draws {CARD_TEXT[card]}" + (": over" if t > 21 else ""),
                seat=s,
                law=_LAW,
                data={"seat": s, "box": self.turn_box, "card": CARD_TEXT[card], "over": t > 21},
                private={s: {"total": t}},
            )
        ]
        if t > 21:
            box.status = "over"
            # He pays at once and throws his cards face down in the middle; the pone gathers them (003).
            hole = box.cards[: box.down]
            self.gathered.extend(hole)
            box.cards = box.cards[box.down :]
            box.recount()
            box.down = 0
            events.append(
                self._pay(seat, self.dealer, box.stake * self.mult, "he is over and pays at once (003; rules §8.6)")
            )
            return events + self._next_box()
        if self.five_cards and len(box.cards) >= 5:
            box.status = "five cards"
            events.append(
                Event(
                    "five cards",
                    f"{s} has five cards without going over: paid double (rules §8.10)",
                    seat=s,
                    law="rules §8.10",
                    data={"seat": s},
                )
            )
            events.extend(self._settle_box(seat, 2 * box.stake * self.mult, "five cards (rules §8.10)", "rules §8.10"))
            return events + self._next_box()
        self.stage = "play"  # at twenty-one too: he says "Stand" himself (see _next_box)
        return events

    def _dealer_turn(self) -> list[Event]:
        """Last comes the dealer: he turns up his cards and draws, unless no punter is left standing (003)."""
        d = self.seats[self.dealer]
        standing = [(p, b) for p in self._punters() for b in self.boxes[p] if b.status == "stood"]
        dbox = self.dealer_box
        if not standing:
            return [
                Event(
                    "no draw",
                    f"no punter is left standing: {d} need not draw; he shows {self._show(self.dealer, dbox)}",
                    seat=d,
                    law=_LAW,
                    data={"seat": d, "cards": [CARD_TEXT[c] for c in dbox.cards]},
                ),
                *self._end_round(),
            ]
        events = [
            Event(
                "turn up",
                f"{d} turns up his cards: {self._show(self.dealer, dbox)}",
                seat=d,
                law=_LAW,
                data={"seat": d, "cards": [CARD_TEXT[c] for c in dbox.cards], "total": self._total(dbox)},
            )
        ]
        if self._total(dbox) >= 21:
            return events + self._dealer_stands()
        self.stage = "dealer"
        return events

    def _after_dealer_draw(self) -> list[Event]:
        d = self.seats[self.dealer]
        dbox = self.dealer_box
        if not self._fulfil([(self.dealer, dbox)]):
            return []
        t = self._total(dbox)
        events = [
            Event(
                "card",
                f"{d} draws {CARD_TEXT[dbox.cards[-1]]}: {t if t <= 21 else 'over'}",
                seat=d,
                law=_LAW,
                data={"seat": d, "card": CARD_TEXT[dbox.cards[-1]], "total": t},
            )
        ]
        if t > 21:
            events.append(
                Event("over", f"{d} is over: he pays every punter still standing (003; rules §8.8)", seat=d, law=_LAW)
            )
            return events + self._settle_standing(None) + self._end_round()
        if t == 21:
            return events + self._dealer_stands()
        self.stage = "dealer"
        return events

    def _dealer_stands(self) -> list[Event]:
        """The dealer stands: each punter still standing shows, and the nearer twenty-one wins (003; rules §8.9)."""
        d = self.seats[self.dealer]
        dt = self._total(self.dealer_box)
        events = [Event("stand", f"{d} stands on {dt}", seat=d, law=_LAW, data={"seat": d, "total": dt})]
        return events + self._settle_standing(dt) + self._end_round()

    def _settle_standing(self, dt: int | None) -> list[Event]:
        """Settle every box still standing against the dealer's ``dt`` (``None``: he went over) (003; rules §8.8-9).

        At Blind Vingt-Un the punters' hands are turned up only now: one over pays, a natural is paid double
        (003: a natural takes precedence over a twenty-one made by drawing).
        """
        events: list[Event] = []
        for p in self._punters():
            for box in self.boxes[p]:
                if box.status != "stood":
                    continue
                s = self._who(p, box)
                blind = box.blind
                natural = blind and self._natural(box)
                pt = self._total(box)
                shown = self._show(p, box)
                stake = box.stake * self.mult
                law: str | list[str] = [_FRENCH, _LAW] if blind else [_LAW, "rules §8.9"]
                if blind and pt > 21:
                    amount, why = -stake, f"{s} turns up {shown}: over (003: Blind Vingt-Un)"
                elif natural:
                    amount, why = 2 * stake, f"{s} turns up {shown}: a natural, paid double (003)"
                elif dt is None:
                    amount = stake * (2 if pt == 21 else 1)
                    why = f"{s} stood on {shown}" + ("; twenty-one is paid double (003)" if pt == 21 else " (003)")
                else:
                    amount = showdown(pt, dt, stake)
                    word = "beats" if amount > 0 else "ties" if pt == dt else "loses to"
                    extra = "; twenty-one is paid double" if pt == 21 and amount > 0 else ""
                    extra += "; ties go to the dealer" if pt == dt else ""
                    extra += "; the dealer's twenty-one takes double" if dt == 21 and pt != 21 else ""
                    why = f"{s} shows {shown}, {word} {dt}{extra} (003)"
                events.extend(self._settle_box(p, amount, why, law))
                box.status = "settled"
        return events

    # ------------------------------------------------------------------ the French rounds without drawing

    def _colour_cards(self) -> list[Event]:
        """Sympathy and Antipathy (two cards), Rouge et Noir (one, or three): even money on the choice (003)."""
        punters = [(p, self.boxes[p][0]) for p in self._punters()]
        if not self._fulfil(punters):
            return []
        events = [self._deal_event(f"the cards face up to each punter ({self.kind}, 003)")]
        for p, box in punters:
            won = sympathy(box.cards) if self.kind == "sympathy and antipathy" else rouge_et_noir(box.cards)
            cards = format_cards(box.cards)
            amount = box.stake if box.choice == won else -box.stake
            events.extend(
                self._settle_box(
                    p,
                    amount,
                    f"{self.seats[p]} chose {box.choice}; {cards}: {won} wins (003: {self.kind.capitalize()})",
                    _FRENCH,
                )
            )
            box.status = "settled"
        return events + self._end_round()

    def _self_and_company(self) -> list[Event]:
        """Self and Company: the dealer turns up cards until the first two are alike or one of them is paired."""
        dbox = self.dealer_box
        d = self.seats[self.dealer]
        while self_and_company(dbox.cards) is None:
            c = self._take()
            if c is None:
                return []
            dbox.add(c)
        outcome = self_and_company(dbox.cards)
        assert outcome is not None
        who, _ = outcome
        turned = format_cards(dbox.cards)
        why = (
            "the first two are alike"
            if len(dbox.cards) == 2
            else f"{CARD_TEXT[dbox.cards[-1]]} pairs {'self' if who == 'self' else 'the company'}"
        )
        events = [
            Event(
                "self and company",
                f"{d} turns up {turned}: self {CARD_TEXT[dbox.cards[0]]}, the company"
                f" {CARD_TEXT[dbox.cards[1]]}; {why}: {'the dealer wins' if who == 'self' else 'the dealer loses'}"
                " (003: Self and Company)",
                seat=d,
                law=_FRENCH,
                data={"cards": [CARD_TEXT[c] for c in dbox.cards], "winner": who},
            )
        ]
        for p in self._punters():
            box = self.boxes[p][0]
            events.extend(
                self._settle_box(
                    p,
                    box.stake if who == "company" else -box.stake,
                    f"Self and Company, {'the company' if who == 'company' else 'self'} wins (003)",
                    _FRENCH,
                )
            )
            box.status = "settled"
        return events + self._end_round()

    def _differences(self) -> list[Event]:
        """Differences: two cards face up to each and to the dealer; the difference paid at the agreed rate."""
        if not self._fulfil(self._all_boxes()):
            return []
        d = self.seats[self.dealer]
        dcards = self.dealer_box.cards
        events = [self._deal_event("two cards face up to each player and to himself (003: Differences)")]
        events.append(
            Event(
                "differences",
                f"{d} holds {format_cards(dcards)}: {sum(pip(c) for c in dcards)} (an ace counts one)",
                seat=d,
                law=_FRENCH,
                data={"cards": [CARD_TEXT[c] for c in dcards]},
            )
        )
        for p in self._punters():
            box = self.boxes[p][0]
            amount = differences(dcards, box.cards, self.rate)
            pts = sum(pip(c) for c in box.cards)
            how = "ties cancel" if not amount else f"the difference at {self.rate} a point"
            events.extend(
                self._settle_box(
                    p,
                    amount,
                    f"{self.seats[p]} holds {format_cards(box.cards)}: {pts}; {how} (003: Differences)",
                    _FRENCH,
                )
            )
            box.status = "settled"
        return events + self._end_round()

    def _clock(self) -> list[Event]:
        """The Clock: the dealer turns up cards calling one to king; a card that answers its call wins (003)."""
        dbox = self.dealer_box
        d = self.seats[self.dealer]
        while len(dbox.cards) < 13 and clock_match(dbox.cards) is None:
            c = self._take()
            if c is None:
                return []
            dbox.add(c)
        hit = clock_match(dbox.cards)
        calls = ", ".join(f"{i} {CARD_TEXT[c]}" for i, c in enumerate(dbox.cards, start=1))
        names = {1: "one", 11: "knave", 12: "queen", 13: "king"}
        if hit is not None:
            text = (
                f"{d} turns up {calls}: the {_ORDINAL[hit]} card answers the call '{names.get(hit, str(hit))}': he wins"
            )
        else:
            text = f"{d} turns up {calls}: no card answers its call: he pays each player"
        events = [
            Event(
                "clock",
                text + " (003: The Clock)",
                seat=d,
                law=_FRENCH,
                data={"cards": [CARD_TEXT[c] for c in dbox.cards], "match": hit},
            )
        ]
        for p in self._punters():
            events.extend(
                self._settle_box(
                    p, -self.clock_stake if hit is not None else self.clock_stake, "the Clock (003)", _FRENCH
                )
            )
        return events + self._end_round()

    # ------------------------------------------------------------------ the end of a round, of a deal

    def _end_round(self) -> list[Event]:
        """The hand is over: the cards lie on the table until the pone gathers them; the deal goes on or passes."""
        gathered, lying = self.gathered, self.lying
        for seat, box in self._all_boxes():
            cards, down = box.cards, box.down
            if down:
                gathered.extend(cards[:down])  # cards never shown are thrown in face down
            if len(cards) > down:
                where = f"exposed {self.seats[seat]}"
                for c in cards[down:]:
                    lying[c] = where
            box.cards = []
            box.pips = box.aces = 0
            box.down = 0
        if self.faced is not None:
            self.lying[self.faced] = "turned"
            self.faced = None
        result = {"deal": self.deal_no, "round": self.round_no, "kind": self.kind, "net": dict(self.round_net)}
        self._entry_rounds.append(result)
        self._last_round = result
        net = ", ".join(f"{s} {v:+d}" for s, v in self.round_net.items() if v)
        events = [
            Event(
                "round over",
                f"round {self.round_no} settled: {net or 'nothing passes'}",
                law=_FRENCH if self.french else _LAW,
                data=dict(result),
            )
        ]
        ends, why = self._deal_over()
        if not ends:
            return events + self._new_round()
        return events + self._pass_deal(why)

    def _deal_over(self) -> tuple[bool, str]:
        if self.french:
            return self.round_no >= len(FRENCH_ROUNDS), "the eight rounds are played (003: French Vingt-Un)"
        mode = self.deal_ends
        if mode == "natural":
            if self.naturals and self.round_no > 1:
                return True, f"{self.seats[self.naturals[0]]}'s natural ends the deal (003)"
            return False, ""
        if mode == "rounds":
            return self.round_no >= self.rounds_option, f"the {self.rounds_option} agreed rounds are played (003)"
        need = 1 if mode == "pack" else 2
        return self.exhausted >= need, f"the dealer has gone through {'the pack' if need == 1 else 'two packs'} (003)"

    def _pass_deal(self, why: str) -> list[Event]:
        old = self.seats[self.dealer]
        self.boxes = {}
        self.dealer_box = Box()
        if self.natural_takes_deal and not self.french and self.deal_ends == "natural" and self.naturals:
            self.dealer = self.naturals[0]
            how = f"the deal goes to {self.seats[self.dealer]}, who held the natural (rules §8.5 option)"
        else:
            self.dealer = (self.dealer + 1) % self.n
            how = f"the deal passes to {self.seats[self.dealer]} (003)"
        if self.deal_no >= self.deals_to_play:
            self.stage = "over"
            self._finish_entry()
            return [
                Event(
                    "deal over",
                    f"{old}'s deal is over: {why}. The sitting is over: "
                    + ", ".join(f"{s} {self.money[i]:+d}" for i, s in enumerate(self.seats)),
                    seat=old,
                    law=_LAW,
                    data={"scores": self.scores},
                )
            ]
        self.stage = "cut"
        self.cut_for = "deal"
        return [
            Event(
                "deal over",
                f"{old}'s deal is over: {why}; {how}",
                seat=old,
                law=_LAW,
                data={"dealer": self.seats[self.dealer]},
            ),
            self._cut_prompt(),
        ]

    # ------------------------------------------------------------------ the engine interface

    @property
    def to_act(self) -> str | None:
        st = self.stage
        if st == "over":
            return None
        if st == "cut":
            return self.seats[self.pone]
        if st in ("double", "dealer"):
            return self.seats[self.dealer]
        return self.seats[self.turn]

    _legal: tuple[Action, ...] | None = None
    """The lawful actions now, as :meth:`legal_actions` last found them (None: not asked since the last act);
    :meth:`_do` forgets them."""

    _lean = True
    """Whether :meth:`apply` may take a known lawful action straight to :meth:`_do`: not in a class that changes
    ``_check`` or ``legal_actions``."""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._lean = cls._check is VingtUnTable._check and cls.legal_actions is VingtUnTable.legal_actions

    def apply(self, action: Action | str) -> list[Event]:
        """:meth:`Table.apply`; an action among the lawful ones :meth:`legal_actions` found since the last act (the
        same object, or an equal one) is not looked for among them again by ``_check``."""
        known = self._legal
        if known is not None and type(action) is Action and action in known and self._lean:
            self.actions.append(action)
            return self._logged(self._do(action))
        return super().apply(action)

    def legal_actions(self) -> list[Action]:
        known = self._legal
        if known is None:
            known = self._legal = tuple(self._lawful())
        return list(known)

    def _lawful(self) -> list[Action]:
        st = self.stage
        if st == "over":
            return []
        if st == "cut":
            m = self._cut_size()
            lo = _cut_minimum(m)
            return [_act("cut", str(k)) for k in range(lo, m - lo + 1)]
        if st == "stake":
            return list(_stakes(self.min_stake, self.max_stake))
        if st == "declare":
            if self.kind == "sympathy and antipathy":
                return [_act("declare", "sympathy"), _act("declare", "antipathy")]
            return [_act("declare", "red"), _act("declare", "black")]
        if st == "double":
            return [_act("double"), _act("pass")]
        if st == "dealer":
            return [_act("card"), _act("stand")]
        box = self._open_box()
        out = [_act("card"), _act("stand")]
        if box.blind and len(box.cards) >= 11:
            out = [_act("stand")]  # eleven cards always make more than twenty-one
        elif not box.blind and self._total(box) == 21:
            return [_act("stand")]  # twenty-one: nothing to draw for
        if self._can_split(box):
            out.append(_act("split"))
        return out

    def _cut_size(self) -> int:
        return 52 if self.cut_for == "deal" else len(self._remade())

    def _check(self, action: Action) -> None:
        st = self.stage
        legal = self._legal or self.legal_actions()
        if action in legal:
            return
        verb = action.verb
        who = self.to_act
        if st == "cut":
            m = self._cut_size()
            lo = _cut_minimum(m)
            raise IllegalAction(
                f"{action}: {who}, the pone, is to cut the pack of {m}: 'cut N' with N from {lo} to {m - lo}"
            )
        if st == "stake":
            if verb == "stake":
                raise IllegalAction(
                    f"{action}: a stake is between the agreed minimum and maximum,"
                    f" {self.min_stake} to {self.max_stake} (003)"
                )
            raise IllegalAction(f"{action}: {who} is to stake: 'stake N', {self.min_stake} to {self.max_stake}")
        if st == "declare":
            raise IllegalAction(f"{action}: {who} is to declare: {' or '.join(repr(str(a)) for a in legal)} (003)")
        if st == "double":
            raise IllegalAction(f"{action}: the dealer, {who}, may 'double' the stakes or 'pass' (003)")
        if verb == "split":
            raise IllegalAction(
                f"{action}: {who} may go on both only with two like cards, as two aces or two"
                " kings, and on at most four (003)"
            )
        raise IllegalAction(f"{action}: {who} may {' or '.join(repr(str(a)) for a in legal)}")

    def _do(self, action: Action) -> list[Event]:
        self._legal = None  # the act changes what is lawful
        # The pone gathers the cards of the hand just finished (003).
        if self.lying:
            self.gathered.extend(self.lying)
            self.lying = {}
        self._pending_events = []
        st = self.stage
        verb = action.verb
        who = self.to_act
        assert who is not None
        if st == "cut":
            at = int(action.arg)
            ev = Event("cut", f"{who} cuts at {at}", seat=who, law=_LAW, data={"at": at})
            if self.cut_for == "deal":
                return [ev, *self._begin_deal(at)]
            remade = self._remake(at)
            self.stage = self.resume or "play"
            self.resume = None
            return [ev, remade, *self._continue()]
        if st == "stake":
            return self._do_stake(int(action.arg))
        if st == "declare":
            box = self.boxes[self.turn][0]
            box.choice = action.arg
            ev = Event(
                "declare",
                f"{who} declares for {action.arg} (003)",
                seat=who,
                law=_FRENCH,
                data={"seat": who, "choice": action.arg},
            )
            return [ev, *self._next_staker()]
        if st == "double":
            self.doubled = verb == "double"
            ev = Event(
                "double" if self.doubled else "pass",
                f"{who} {'doubles: every stake counts twice' if self.doubled else 'does not double'} (003)",
                seat=who,
                law=_LAW,
                data={"seat": who, "double": self.doubled},
            )
            if self.kind == "ordinary":
                self._owe_all(down=1)
                self.stage = "second card"
            else:
                self.stage = "naturals"
            return [ev, *self._continue()]
        if st == "dealer":
            if verb == "stand":
                return self._dealer_stands()
            self.dealer_box.owed_up = 1
            self.stage = "dealer draw"
            return self._continue()
        # a punter's box
        box = self._open_box()
        if verb == "stand":
            box.status = "stood"
            # He says only "Stand" (003): his total, face down, is his own (issue 13).
            ev = Event(
                "stand",
                f"{self._who(self.turn, box)} stands",
                seat=who,
                law=_LAW,
                data={"seat": who, "box": self.turn_box},
                private=None if box.blind else {who: {"total": self._total(box)}},
            )
            return [ev, *self._next_box(), *self._proceed()]
        if verb == "split":
            second = box.cards.pop(1)
            box.recount()
            box.down = 1
            new = Box(box.stake)
            new.add(second)
            new.down = 1
            boxes = self.boxes[self.turn]
            boxes.insert(self.turn_box + 1, new)
            box.owed_down = 1
            new.owed_down = 1
            self._split_pending = True
            self.stage = "draw"
            return self._continue()
        if box.blind:
            box.owed_down = 1
        else:
            box.owed_up = 1
        self._split_pending = False
        self.stage = "draw"
        return self._continue()

    def _proceed(self) -> list[Event]:
        """Carry on if no decision is pending."""
        return self._continue() if self.stage not in _DECISIONS and self.stage != "over" else []

    def _do_stake(self, amount: int) -> list[Event]:
        who = self.seats[self.turn]
        self.boxes[self.turn][0].stake = amount
        ev = Event(
            "stake",
            f"{who} stakes {amount}",
            seat=who,
            law=_FRENCH if self.kind != "ordinary" else _LAW,
            data={"seat": who, "stake": amount},
        )
        if self.kind in ("sympathy and antipathy", "rouge et noir"):
            self.stage = "declare"
            return [ev]
        return [ev, *self._next_staker()]

    def _next_staker(self) -> list[Event]:
        punters = self._punters()
        i = punters.index(self.turn)
        if i + 1 < len(punters):
            self.turn = punters[i + 1]
            self.stage = "stake"
            return []
        self.turn = punters[0]
        kind = self.kind
        if kind == "ordinary":
            self.stage = "double"
            return []
        if kind == "imaginary tens":
            self._owe_all(down=1)
            self.stage = "tens card"
        elif kind == "blind":
            self._owe_all(down=2)
            self.stage = "blind cards"
        elif kind in ("sympathy and antipathy", "rouge et noir"):
            n = 2 if kind == "sympathy and antipathy" else 3 if self.three_cards else 1
            self._owe_all(up=n, dealer=False)
            self.stage = "colour cards"
        else:
            self.stage = "self and company"
        return self._continue()

    # ------------------------------------------------------------------ public state

    @property
    def over(self) -> bool:
        return self.stage == "over"

    @property
    def scores(self) -> dict[str, int]:
        """Each seat's winnings (+) or losses (−) in stakes; the sum is always nought."""
        return {s: self.money[i] for i, s in enumerate(self.seats)}

    def places(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for c in self.pack:
            out[CARD_TEXT[c]] = "pack"
        for c in self.gathered:
            out[CARD_TEXT[c]] = "gathered"
        for c, place in self.lying.items():
            out[CARD_TEXT[c]] = place
        if self.faced is not None:
            out[CARD_TEXT[self.faced]] = "turned"
        if self.boxes:
            for seat, box in self._all_boxes():
                s = self.seats[seat]
                for c in box.cards[: box.down]:
                    out[CARD_TEXT[c]] = f"widow {s}" if box.blind else f"hand {s}"
                for c in box.cards[box.down :]:
                    out[CARD_TEXT[c]] = f"exposed {s}"
        return out

    def _box_view(self, seat: int, box: Box, viewer: int | None) -> dict[str, Any]:
        mine = viewer == seat and not box.blind
        v: dict[str, Any] = {
            "stake": box.stake,
            "up": [CARD_TEXT[c] for c in box.cards[box.down :]],
            "down": box.down,
            "status": box.status,
        }
        if box.choice is not None:
            v["choice"] = box.choice
        if mine or box.down == 0:
            v["cards"] = [CARD_TEXT[c] for c in box.cards]
            if box.cards and self.kind not in _NO_TOTAL:
                v["total"] = self._total(box)
        return v

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now: the stakes, every card face up, its own cards face down; the ledger."""
        self.seat_check(seat)
        viewer = self.seats.index(seat) if seat is not None else None
        current = None
        if self.stage in ("play", "stake", "declare"):
            current = {"seat": self.seats[self.turn], "box": self.turn_box if self.stage == "play" else 0}
        v: dict[str, Any] = {
            "game": self.game.name,
            "french": self.french,
            "seats": list(self.seats),
            "players": dict(self.players),
            "seat": seat,
            "dealer": self.seats[self.dealer],
            "pone": self.seats[self.pone],
            "deal": self.deal_no,
            "deals": self.deals_to_play,
            "round": self.round_no,
            "kind": self.kind,
            "phase": self.stage,
            "to_act": self.to_act,
            "current": current,
            "doubled": self.doubled,
            "min_stake": self.min_stake,
            "max_stake": self.max_stake,
            "pack_count": len(self.pack),
            "gathered_count": len(self.gathered) + len(self.lying),
            "faced": CARD_TEXT[self.faced] if self.faced is not None else None,
            "boxes": {self.seats[p]: [self._box_view(p, b, viewer) for b in bs] for p, bs in self.boxes.items()},
            "dealer_box": self._box_view(self.dealer, self.dealer_box, viewer) if self.boxes else None,
            "scores": self.scores,
            "last_round": dict(self._last_round) if self._last_round else None,
            "over": self.over,
        }
        if viewer is not None:
            hole: list[str] = []
            if viewer == self.dealer:
                hole = [CARD_TEXT[c] for c in self.dealer_box.cards[: self.dealer_box.down]]
            elif viewer in self.boxes:
                hole = [CARD_TEXT[c] for b in self.boxes[viewer] if not b.blind for c in b.cards[: b.down]]
            v["hand"] = hole
        return v


_DECISIONS = frozenset({"cut", "stake", "declare", "double", "play", "dealer"})


def _cut_minimum(n: int) -> int:
    """A cut leaves at least four cards in each packet (as at whist: 000 §34), fewer only in a small pack."""
    return min(4, n // 2)


SPEC = register(
    GameSpec(
        name="vingt-un",
        title="Vingt-Un and French Vingt-Un: a banker against the punters",
        source="Hoffmann, Hoyle's Games Modernized (1909): Vingt-Un, French Vingt-Un",
        options=(
            Option(
                name="players",
                default=4,
                minimum=2,
                maximum=8,
                doc="players at the table, the dealer among them (Hoyle's Games Modernized: any number)",
            ),
            Option(
                name="french",
                default=False,
                doc="French Vingt-Un: each deal is eight rounds, each played its own way (Hoyle's Games Modernized)",
            ),
            Option(
                name="deals",
                default=0,
                minimum=0,
                maximum=1000,
                doc="deals in the sitting; 0: one round, every player holding the bank once",
            ),
            Option(
                name="min_stake",
                default=1,
                minimum=1,
                maximum=1000,
                doc="the agreed minimum stake (Hoyle's Games Modernized)",
            ),
            Option(
                name="max_stake",
                default=4,
                minimum=1,
                maximum=1000,
                doc="the agreed maximum stake (Hoyle's Games Modernized)",
            ),
            Option(
                name="deal_ends",
                default="natural",
                choices=("natural", "rounds", "pack", "two packs"),
                doc="what ends a deal: a punter's natural except in the first round (Hoyle's Games Modernized); a"
                " number of rounds"
                " ('rounds'); going through the pack, or through it twice ('two packs': two packs' worth"
                " of cards from the one pack) (Hoyle's Games Modernized, read two ways)",
            ),
            Option(name="rounds", default=5, minimum=1, maximum=100, doc="rounds in a deal when deal_ends='rounds'"),
            Option(
                name="natural_takes_deal",
                default=False,
                doc="the holder of a natural that ends the deal takes the next deal (Encyclopaedia"
                " Britannica, 1911; Hoyle's Games Improved; Hoyle's Games Modernized calls it a bad practice);"
                " else the deal passes to the left (Hoyle's Games Modernized)",
            ),
            Option(
                name="five_cards",
                default=False,
                doc="five cards without going over are paid double (in no book: hoyle's choice)",
            ),
            Option(
                name="three_cards",
                default=False,
                doc="Rouge et Noir with three cards, two of the three deciding the colour (Hoyle's Games Modernized)",
            ),
            Option(
                name="differences_rate",
                default=1,
                minimum=1,
                maximum=100,
                doc="Differences: the agreed rate a point of difference (Hoyle's Games Modernized)",
            ),
            Option(
                name="clock_stake",
                default=1,
                minimum=1,
                maximum=100,
                doc="The Clock: the agreed stake the dealer wins from or pays to each player (Hoyle's Games"
                " Modernized)",
            ),
        ),
        table_class=VingtUnTable,
        rules_bot="hoyle.bots.vingt_un_rules:VingtUnRulesBot",
        seats=lambda o: tuple(SEAT_LETTERS[: o["players"]]),
        money=True,
        variants=(
            {"french": True, "players": 6},
            {"players": 2, "deal_ends": "two packs", "five_cards": True, "three_cards": True},
            {"deal_ends": "rounds", "rounds": 3, "natural_takes_deal": True, "max_stake": 10},
        ),
        aliases=("vingt-et-un", "vingt un", "vingtun"),
    )
)
