"""Boston (002's Boston lines; rules §4), with Boston de Fontainebleau as a variant (rules §4, FCH p.170).

Four players, each for himself; the highest bidder plays alone against the other three, who are his
"partners" against him.  The auction, the contracts and the settlement are the family machinery of
:mod:`hoyle.rulebook.contracts` (design.md, "Game families share machinery"), configured with Boston's
ladder of bids, its preferences and its card of prices.

The deal (002 §8, §10, §13 Boston, shared with Cayenne: :class:`~hoyle.rulebook.two_packs.TwoPackTable`): two
packs; the pack in play is cut by the dealer's right and dealt four, four and five at a time from the dealer's left; no
trump is turned, but the dealer's partner presents the still pack, the dealer's left cuts it, and the top
card of the part left on the table is turned: its suit is the first preference, the other suit of its
colour the second, the other two plain suits (rules §4).  In Boston "there must be no shuffling of either
pack after the first deal" (002 §8): a pack is gathered as it was played and only cut (002 §11 Boston).

The pool: every dealer puts a red counter in (rules §4), penalties feed it, a successful bidder takes it
and one who fails doubles it (rules §4; FCH p.170).  ``scores`` is one ledger of counters, every seat's
and the pool's, whose sum never changes.  The game ends after twelve deals (002 §1 Boston).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ..cards import (
    CARD_TEXT,
    CARDS,
    SUIT_MASKS,
    SUIT_NAMES,
    SUITS,
    Card,
    deal_masks,
    format_cards,
    mask_indices,
    parse,
)
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.registry import GameSpec, Option, register
from ..errors import IllegalAction, InvalidDeal, UnknownOption
from ..tricks import TrickPlay
from .contracts import (
    Auction,
    Contract,
    Outcome,
    Payment,
    PaymentTable,
    format_money,
    payments,
    pool_payments,
    seat_by_cutting,
    table_value,
)
from .two_packs import PATTERN, TwoPackTable
from .whist import SeatedTrickData, SeatHands, hand_texts, lean_card, play_actions, play_event, played_entry

__all__ = [
    "BOSTON_TABLE",
    "FAILURE",
    "LADDER",
    "MISERES",
    "PATTERN",
    "SEATS",
    "SUCCESS",
    "BostonTable",
    "TwoPackTable",
    "bid",
    "ladder",
    "misdeal_payments",
    "misere_irregularity_payments",
    "misere_partout_payments",
    "preferences",
    "revoke_payments",
    "short_hand_payments",
]

SEATS = ("A", "B", "C", "D")
POOL = "pool"
_RANK_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "knave",
    12: "queen",
    13: "king",
    14: "ace",
}
_NUMBER_WORDS = {
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
    13: "thirteen",
}
_COLOUR_MATE = {"H": "D", "D": "H", "C": "S", "S": "C"}


def card_words(card: Card) -> str:
    """A card in words (``the seven of hearts``): how a card of the other pack is named, never in the notation of
    the pack in play, whose twin of it lies in some hand."""
    return f"the {card.name}"


def turned_data(card: Card | None) -> dict[str, str] | None:
    """The turned card of the still pack as plain data, rank and suit apart (see :func:`card_words`)."""
    if card is None:
        return None
    return dict(_TURNED[card])


_TURNED = [{"rank": CARD_TEXT[c][0], "suit": c.suit_letter, "name": c.name} for c in CARDS[:52]]
""":func:`turned_data` of each card, worked out once (issue 17: a view asks for it every time)."""


# ---------------------------------------------------------------------------------------------- the bids


_LEVELS: tuple[int | str, ...] = (
    5,
    6,
    7,
    "little misere",
    8,
    9,
    "grand misere",
    10,
    11,
    "little spread",
    12,
    "grand spread",
    13,
)
"""The ladder, lowest first (rules §4): trick bids and misères interleaved."""
_MISERE_TITLES = {
    "little misere": "little misère",
    "grand misere": "grand misère",
    "little spread": "little spread",
    "grand spread": "grand spread",
}
MISERE_NAMES = frozenset(_MISERE_TITLES)
DISCARDING = frozenset({"little misere", "little spread"})
"""The misères at which "every player discards one card face down" before the lead (rules §4)."""
_PREFS = (
    ("", "in a plain suit", "named"),
    ("second", "in second preference", "second"),
    ("first", "in first preference", "turned"),
)
_FONTAINEBLEAU = (("spades", "S"), ("clubs", "C"), ("hearts", "H"), ("diamonds", "D"), ("grand", None))
"""Boston de Fontainebleau: "diamonds being first, hearts next, then clubs, and last spades. No-trump, or 'grand',
outranks diamonds" (FCH p.170, rules §4)."""


def ladder(variant: str = "boston") -> tuple[Contract, ...]:
    """Every bid, lowest first: at Boston each trick number in a plain suit, in second and in first preference, the
    misères between (rules §4); at Boston de Fontainebleau each in spades, clubs, hearts, diamonds and grand."""
    out: list[Contract] = []
    for level, what in enumerate(_LEVELS):
        if isinstance(what, str):
            out.append(
                Contract(
                    name=what,
                    title=_MISERE_TITLES[what],
                    rank=level * 5,
                    stake=what,
                    tricks=0,
                    misere=True,
                    trumps="none",
                    exposed="spread" in what,
                    under_tricks=False,
                )
            )
            continue
        n = what
        words = _NUMBER_WORDS[n] + (" (Boston)" if n == 5 else "")
        if variant == "fontainebleau":
            for k, (word, suit) in enumerate(_FONTAINEBLEAU):
                title = f"{words} in {word}" if suit else f"{words} grand (no trumps)"
                out.append(
                    Contract(
                        name=f"{n} {word}",
                        title=title,
                        rank=level * 5 + k,
                        stake=str(n),
                        tricks=n,
                        trumps="fixed" if suit else "none",
                        suit=suit,
                    )
                )
        else:
            for k, (word, phrase, trumps) in enumerate(_PREFS):
                out.append(
                    Contract(
                        name=f"{n} {word}".strip(),
                        title=f"{words} {phrase}",
                        rank=level * 5 + k,
                        stake=str(n),
                        tricks=n,
                        trumps=trumps,  # type: ignore[arg-type]
                    )
                )
    return tuple(out)


LADDER = ladder("boston")
_LADDERS = {"boston": LADDER, "fontainebleau": ladder("fontainebleau")}
_BY_NAME = {v: {c.name: c for c in lad} for v, lad in _LADDERS.items()}


def bid(name: str, variant: str = "boston") -> Contract:
    """The bid called ``name`` (``"6 first"``, ``"8"``, ``"little misere"``; ``"6 hearts"`` at Fontainebleau)."""
    try:
        return _BY_NAME[variant][name]
    except KeyError:
        raise ValueError(f"no bid {name!r} at {variant}") from None


def preferences(turned_suit: str) -> dict[str, Any]:
    """The first preference (the turned card's suit), the second (the other suit of its colour) and the plain suits.

    >>> preferences("H")
    {'first': 'H', 'second': 'D', 'plain': ['C', 'S']}
    """
    second = _COLOUR_MATE[turned_suit]
    return {"first": turned_suit, "second": second, "plain": [s for s in SUITS if s not in (turned_suit, second)]}


# ---------------------------------------------------------------------------------------------- the card of prices

SUCCESS: dict[int, tuple[int, ...]] = {
    # rules §4 (FCH pp.167-168): what each adversary pays, by tricks bid (row) and taken (bid .. 13)
    5: (12, 12, 13, 13, 14, 14, 14, 15, 15),
    6: (15, 16, 16, 17, 18, 19, 20, 20),
    7: (18, 20, 21, 22, 23, 24, 26),
    8: (23, 24, 26, 28, 29, 31),
    9: (32, 34, 36, 39, 41),
}
SUCCESS_OPEN: dict[int, str] = {
    # rules §4: only "42" (ten bid, ten taken) was retrieved; the rest is hoyle's extrapolation (UNVERIFIED), each
    # row an option: a success is paid three less than the first step of the failure table, as rows 9 and 10 are,
    # and each over-trick three (row 10), four (11) or five (12) more.
    10: "42 45 48 51",
    11: "67 71 75",
    12: "117 122",
    13: "177",
}
FAILURE: dict[int, tuple[int, ...]] = {
    # rules §4 (FCH pp.167-168, decimal version in white counters): paid to each adversary, by tricks bid (row) and
    # the tricks the bidder is put in for (1 .. bid)
    5: (10, 20, 30, 40, 50),
    6: (15, 25, 35, 45, 55, 65),
    7: (20, 30, 40, 50, 60, 70, 80),
    8: (25, 35, 45, 55, 70, 85, 100, 115),
    9: (35, 45, 55, 65, 80, 95, 110, 125, 140),
    10: (45, 55, 70, 80, 95, 110, 125, 140, 155, 170),
    11: (70, 80, 95, 110, 125, 140, 155, 170, 185, 200, 220),
    12: (120, 130, 145, 160, 180, 200, 220, 240, 260, 280, 300, 320),
    13: (180, 200, 220, 240, 260, 280, 300, 320, 340, 360, 390, 420, 450),
}
MISERES: dict[str, int] = {"little misere": 20, "grand misere": 40, "little spread": 80, "grand spread": 160}
"""Each adversary pays, or is paid, won or lost, no over-tricks (rules §4, FCH)."""


def _row(text: Any, n: int) -> tuple[int, ...]:
    text = str(text)
    try:
        row = tuple(int(x) for x in text.replace(",", " ").split())
    except ValueError:
        raise UnknownOption(
            f"boston: option success_{n}={text!r}: write {14 - n} whole numbers, e.g. {SUCCESS_OPEN[n]!r}"
        ) from None
    if len(row) != 14 - n or any(x < 0 for x in row):
        raise UnknownOption(
            f"boston: option success_{n}={text!r}: a bid of {n} is taken {n} to 13 tricks, so the"
            f" row has {14 - n} amounts, e.g. {SUCCESS_OPEN[n]!r}"
        )
    return row


_BID_EVENTS: dict[tuple[str, str | None, str], Event] = {}
"""The event of each seat's bid (or pass) under each law text: made once and shared by every table's logs."""

_PRICES: dict[tuple[Any, ...], PaymentTable] = {}
"""The cards of prices made for tables, by the red counter's worth and the open success rows' texts."""


def payment_table(*, red: int = 10, rows: Mapping[int, str] | None = None) -> PaymentTable:
    """Boston's card of prices (rules §4), the open success rows as given (``{10: "42 45 48 51", ...}``)."""
    rows = {**SUCCESS_OPEN, **(rows or {})}
    success = {**SUCCESS, **{n: _row(rows[n], n) for n in SUCCESS_OPEN}}
    table = PaymentTable(
        name="foster", unit="white counters", red=red, success=success, failure=FAILURE, fixed=MISERES, law="rules §4"
    )
    table.check()
    return table


BOSTON_TABLE = payment_table()
"""Boston's card of prices with the defaults of rules §4 (one red counter is ten white)."""


# ---------------------------------------------------------------------------------------------- the laws' settlements


def misere_partout_payments(tricks: Mapping[str, int], red: int = 10) -> list[Payment]:
    """After a misère partout, the player who took the most tricks pays each other the difference, in red counters.

    rules §4 (FCH p.168): "the player who takes the most tricks alone pays each other player the difference
    between his tricks and theirs, in red counters" (4 tricks: 3 red in all; 7 tricks: 15).  Players equal for
    the most each pay those below them and nothing between themselves (rules §4's default; UNVERIFIED).

    >>> misere_partout_payments({"A": 4, "B": 3, "C": 3, "D": 3})
    [('A', 'B', 10), ('A', 'C', 10), ('A', 'D', 10)]
    """
    top = max(tricks.values())
    losers = [s for s, n in tricks.items() if n == top]
    return [(loser, s, (top - n) * red) for loser in losers for s, n in tricks.items() if n < top]


def misdeal_payments(dealer: str, red: int = 10) -> list[Payment]:
    """A misdeal: "the misdealer deals again with the same cards. In Boston he forfeits a red counter to the pool
    for his error" (002 §17 Boston; also 002 §19 Boston for a surplus card).

    >>> misdeal_payments("D")
    [('D', 'pool', 10)]
    """
    return [(dealer, POOL, red)]


def _put_in(
    contract: Contract,
    short: int,
    table: PaymentTable,
    *,
    bidder: str,
    adversaries: Sequence[str],
    pool: int,
    failure: str,
    pool_settles: bool = True,
) -> tuple[Outcome, list[Payment]]:
    """The bidder "put in" for ``short`` tricks (a misère: lost): each adversary paid, the pool doubled (rules §4)."""
    made = 1 if contract.misere else contract.tricks - short
    outcome = table_value(contract, made, table)
    pays = payments(outcome, [bidder], adversaries)
    if pool_settles:
        pays += pool_payments(outcome, bidder, pool, failure=failure)
    return outcome, pays


def _as_successful(
    contract: Contract,
    made: int,
    table: PaymentTable,
    *,
    bidder: str,
    adversaries: Sequence[str],
    pool: int,
    pool_settles: bool = True,
) -> tuple[Outcome, list[Payment]]:
    """The bidder paid as if he had succeeded: his bid and any over-tricks already taken; he takes the pool."""
    outcome = table_value(contract, 0 if contract.misere else max(made, contract.tricks), table)
    pays = payments(outcome, [bidder], adversaries)
    if pool_settles:
        pays += pool_payments(outcome, bidder, pool)
    return outcome, pays


def revoke_payments(
    contract: Contract | None,
    made: int,
    table: PaymentTable,
    *,
    bidder: str | None,
    revoker: str,
    players: Sequence[str],
    pool: int,
    failure: str = "double",
    fine: int = 4,
    partout_each: int = 5,
    partout_fine: int = 4,
) -> tuple[Outcome | None, list[Payment]]:
    """A revoke claimed and proved at Boston: the hands are abandoned (002 §31 Boston) and settled so.

    002 §30 Boston: "the penalty for a revoke on the part of the bidder is that he is put in for one trick, and
    must pay four red counters into the next pool. Should an adversary of the bidder revoke, he must pay four red
    counters into the next pool, and he and his partners must pay the bidder as if he had been successful ...
    A player revoking in Misère Partout pays five red counters to each of his adversaries and the hands are then
    abandoned" (and four red to the pool, FCH in rules §4: ``partout_fine``).  ``contract`` is ``None`` at a
    misère partout; ``made`` the bidder's tricks when the hands were abandoned.  "Put in" doubles the pool
    (``failure="double"``; at Fontainebleau ``"match"``); "as if successful" takes it, with his over-tricks so far.
    The fines go into the pool after it is settled, so they make the next pool.

    >>> revoke_payments(bid("6"), 4, BOSTON_TABLE, bidder="A", revoker="A", players="ABCD", pool=10)[1]
    [('A', 'B', 15), ('A', 'C', 15), ('A', 'D', 15), ('A', 'pool', 10), ('A', 'pool', 40)]
    """
    red = table.red
    if contract is None:
        return None, [(revoker, s, partout_each * red) for s in players if s != revoker] + (
            [(revoker, POOL, partout_fine * red)] if partout_fine else []
        )
    assert bidder is not None
    adversaries = [s for s in players if s != bidder]
    if revoker == bidder:
        outcome, pays = _put_in(contract, 1, table, bidder=bidder, adversaries=adversaries, pool=pool, failure=failure)
    else:
        outcome, pays = _as_successful(contract, made, table, bidder=bidder, adversaries=adversaries, pool=pool)
    return outcome, [*pays, (revoker, POOL, fine * red)]


def short_hand_payments(
    contract: Contract | None,
    made: int,
    table: PaymentTable,
    *,
    bidder: str | None,
    short: str,
    players: Sequence[str],
    pool: int,
    played_out_made: int | None = None,
    failure: str = "double",
    partout_each: int = 5,
) -> tuple[Outcome | None, list[Payment]]:
    """A player found with fewer than his proper number of cards (002 §19 Boston).

    "if it is discovered that a player opposed to the bidder has less than his proper number of cards ... he and
    his partners must each pay the bidder for his bid and all over-tricks. If the bidder has less than his proper
    number of cards, he is put in for one trick at least, and his adversaries may demand the hand to be played out
    to put him in for over-tricks" (``played_out_made``: his tricks when so played out). "In Misère Partout, any
    player having less than his proper number of cards forfeits five red counters to each of the other players,
    and the hands are abandoned."  (A surplus is a misdeal: :func:`misdeal_payments`.)  A bidder paid for his
    bid takes the pool as at any success; one put in doubles it (hoyle's reading: rules §4).

    >>> short_hand_payments(bid("7"), 5, BOSTON_TABLE, bidder="A", short="C", players="ABCD", pool=0)[1]
    [('B', 'A', 18), ('C', 'A', 18), ('D', 'A', 18)]
    """
    if contract is None:
        return None, [(short, s, partout_each * table.red) for s in players if s != short]
    assert bidder is not None
    adversaries = [s for s in players if s != bidder]
    if short != bidder:
        return _as_successful(contract, made, table, bidder=bidder, adversaries=adversaries, pool=pool)
    under = 1
    if played_out_made is not None and not contract.misere:
        under = max(1, contract.tricks - played_out_made)
    return _put_in(contract, under, table, bidder=bidder, adversaries=adversaries, pool=pool, failure=failure)


def misere_irregularity_payments(
    contract: Contract,
    table: PaymentTable,
    *,
    bidder: str,
    offender: str,
    players: Sequence[str],
    pool: int,
    fine: int = 4,
) -> tuple[Outcome, list[Payment]]:
    """An adversary of a misère leads or plays out of turn (or looks at a quitted trick): the bidder wins at once.

    002 §24 Boston: "In Misères, a lead out of turn by the bidder's adversary immediately loses the game, but there
    is no penalty for leading out of turn in Misère Partout"; 002 §26 Boston: "If the adversary of a Misère player
    leads or plays out of turn, the bidder may immediately claim the stakes" (each adversary pays his own: the
    offender paying for all is Solo's rule, not Boston's); 002 §37: looking at a quitted trick at a misère has the
    same penalty.  rules §4: the bidder wins pool and stakes, and the offender "usually" pays four red counters to
    the next pool (``fine``).

    >>> misere_irregularity_payments(bid("little misere"), BOSTON_TABLE, bidder="A", offender="C",
    ...                              players="ABCD", pool=10)[1]
    [('B', 'A', 20), ('C', 'A', 20), ('D', 'A', 20), ('pool', 'A', 10), ('C', 'pool', 40)]
    """
    if not contract.misere:
        raise ValueError(f"{contract.title} is not a misère")
    if offender == bidder or offender not in players:
        raise ValueError(f"{offender} is not an adversary of {bidder}")
    adversaries = [s for s in players if s != bidder]
    outcome, pays = _as_successful(contract, 0, table, bidder=bidder, adversaries=adversaries, pool=pool)
    return outcome, pays + ([(offender, POOL, fine * table.red)] if fine else [])


# ---------------------------------------------------------------------------------------------- the table

_PASS = Action("pass")
_SUIT_WORDS = {
    **{s.lower(): s for s in SUITS},
    **{w: s for s, w in SUIT_NAMES.items()},
    **{w[:-1]: s for s, w in SUIT_NAMES.items()},
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
}
_TRUMPS_ACTIONS = {s: Action.parse(f"trumps {s}") for s in SUITS}
_BID_ACTIONS = {c.name: Action("bid", c.name) for lad in _LADDERS.values() for c in lad}
_DISCARD_ACTIONS = tuple(Action.parse(f"discard {CARD_TEXT[c]}") for c in range(52))
_WORD_NUMBERS = {w: n for n, w in _NUMBER_WORDS.items()} | {"boston": 5}
_PREF_WORDS = {
    "": "",
    "plain": "",
    "plain suit": "",
    "in a plain suit": "",
    "second": "second",
    "second preference": "second",
    "in second preference": "second",
    "colour": "second",
    "color": "second",
    "first": "first",
    "first preference": "first",
    "in first preference": "first",
    "preference": "first",
}
_FONT_WORDS = {
    "spades": "spades",
    "spade": "spades",
    "s": "spades",
    "♠": "spades",
    "clubs": "clubs",
    "club": "clubs",
    "c": "clubs",
    "♣": "clubs",
    "hearts": "hearts",
    "heart": "hearts",
    "h": "hearts",
    "♥": "hearts",
    "diamonds": "diamonds",
    "diamond": "diamonds",
    "d": "diamonds",
    "♦": "diamonds",
    "grand": "grand",
    "no trumps": "grand",
    "no trump": "grand",
    "nt": "grand",
}


@lru_cache(maxsize=1024)
def _parse_bid(arg: str, variant: str) -> Contract | None:
    """The bid in ``arg`` (``"6 first"``, ``"six in first preference"``, ``"little misère"``), or ``None``."""
    words = arg.replace("misère", "misere").strip()
    if words in MISERE_NAMES:
        return _BY_NAME[variant][words]
    head, _, rest = words.partition(" ")
    n = int(head) if head.isdigit() else _WORD_NUMBERS.get(head)
    if n is None or not 5 <= n <= 13:
        return None
    rest = rest.strip()
    if variant == "fontainebleau":
        word = _FONT_WORDS.get(rest.removeprefix("in ").strip())
        return _BY_NAME[variant].get(f"{n} {word}") if word else None
    pref = _PREF_WORDS.get(rest)
    if pref is None:
        return None
    return _BY_NAME[variant][f"{n} {pref}".strip()]


class BostonTable(TwoPackTable):
    """A sitting of Boston: twelve deals (002 §1 Boston), each settled in counters as it ends."""

    seats = SEATS
    _out_of_turn_law = " (002 §24, §26 Boston; law mode only)"

    law_class = "hoyle.laws.boston:LawBostonTable"  # irregularities=True: law mode (Table.__new__)

    def _setup(
        self, game: Any, *, players: Sequence[str] | None, deal: Mapping[str, Any] | None, start: dict[str, Any]
    ) -> None:
        self.variant: str = game["variant"]
        self.fontainebleau = self.variant == "fontainebleau"
        self.red: int = game["red"]
        self.pool_stake: int = game["pool_stake"] if game["pool_stake"] else (5 if self.fontainebleau else self.red)
        self.deals_to_play: int = game["deals"]
        self.shuffle: bool = game["shuffle"]
        self.misere_pool: bool = game["misere_pool"]
        self.spread_exposed: str = game["spread_exposed"]
        self.failure_rule = "match" if self.fontainebleau else "double"
        rows = {n: game[f"success_{n}"] for n in SUCCESS_OPEN}
        key = (self.red, *(str(rows[n]) for n in SUCCESS_OPEN))  # payment_table reads each row as text
        prices = _PRICES.get(key)
        if prices is None:  # made and checked once for each card of prices (a frozen table, shared)
            prices = _PRICES[key] = payment_table(red=self.red, rows=rows)
        self.prices = prices
        self.ladder = _LADDERS[self.variant]
        self.after_pass = MISERE_NAMES if game["passed_may_bid_misere"] else frozenset()
        self.ledger: dict[str, int] = {**dict.fromkeys(SEATS, 0), POOL: 0}
        self._money_shown: tuple[tuple[tuple[str, int], ...], dict[str, str]] = ((), {})  # the view's money, by ledger
        self.deal_no = 0
        self._over = False
        self._last_result: dict[str, Any] | None = None
        self.law_text = "FCH p.170, rules §4" if self.fontainebleau else "rules §4"
        misdealt: dict[str, list[Card]] | None = None
        if deal is not None:
            names = list(players) if players else list(SEATS)
            if len(names) != 4 or len(set(names)) != 4:
                raise InvalidDeal(f"a given deal seats exactly four distinct players, not {names!r}")
            self.players = dict(zip(SEATS, names, strict=True))
            dealer, turned, hands = self._given_hands(deal, SEATS)
            if turned is None and not self.fontainebleau:
                raise InvalidDeal("a given deal of Boston needs 'turned': the card cut from the still pack (002 §13)")
            self._given_turned = turned
            eldest_first = [SEATS[(SEATS.index(dealer) + k) % 4] for k in range(1, 5)]
            self._start = {"dealer": dealer, "players": dict(self.players)}
            if any(len(h) != 13 for h in hands.values()):
                misdealt = hands
                self._start["misdeal"] = {s: format_cards(h) for s, h in hands.items()}
            else:
                self._script_first({"order": format_cards(self._order_of(hands, eldest_first)), "cut": None})
        elif "players" in start:  # a replay of a given deal
            self._start = start
            self.players = dict(start["players"])
            dealer = str(start["dealer"])
            if "misdeal" in start:
                misdealt = {s: list(parse(start["misdeal"][s])) for s in SEATS}
        else:
            names = list(start.get("candidates") or players or SEATS)
            if len(names) != 4 or len(set(names)) != 4 or not all(isinstance(x, str) and x for x in names):
                raise ValueError(f"boston needs four distinct players, not {names!r} (002 §2 Boston)")
            self._start = {"candidates": names}
            seating = seat_by_cutting(names, SEATS, self._cut_cards)
            for cuts, text in seating.rounds:
                self.events.append(
                    Event("cut", text, law="002 §2", data={"purpose": "seats", "cuts": {x: str(c) for x, c in cuts}})
                )
            self.players = seating.players
            dealer = seating.dealer
            where = ", ".join(f"{s}: {x}" for s, x in self.players.items())
            self.events.append(
                Event(
                    "seating",
                    f"{self.players[dealer]}, lowest, deals first from seat {dealer};"
                    f" {where}; the two highest sit opposite each other (002 §2 Boston)",
                    law="002 §2",
                    data={"players": dict(self.players)},
                )
            )
        self.dealer = SEATS.index(dealer)
        if misdealt is not None:
            self.events.extend(self._stake_pool())
            self.events.extend(self._misdeal(misdealt))
        self.events.extend(self._new_deal(stake=misdealt is None))

    # ------------------------------------------------------------------ money

    def _money(self, amount: int) -> str:
        return format_money(amount, "white counters", self.red)

    def _transfer(self, pays: Sequence[Payment], law: str | list[str] | None = None) -> list[Event]:
        """Move counters in the one ledger (seats and the pool), an event for each payment."""
        events = []
        for payer, payee, amount in pays:
            if amount <= 0:
                continue
            self.ledger[payer] -= amount
            self.ledger[payee] += amount
            text = (
                f"{payer} puts {self._money(amount)} into the pool"
                if payee == POOL
                else f"{payee} takes the pool, {self._money(amount)}"
                if payer == POOL
                else f"{payer} pays {payee} {self._money(amount)}"
            )
            events.append(
                Event(
                    "payment",
                    text,
                    seat=payer if payer != POOL else payee,
                    law=law,
                    data={"payer": payer, "payee": payee, "amount": amount},
                )
            )
        return events

    def _stake_pool(self) -> list[Event]:
        """The dealer feeds the pool (rules §4: a red counter each deal; Fontainebleau: five counters, FCH p.170)."""
        return self._transfer([(SEATS[self.dealer], POOL, self.pool_stake)], law=self.law_text)

    def _misdeal(self, hands: Mapping[str, list[Card]]) -> list[Event]:
        """A misdeal (a surplus card: 002 §19 Boston): the dealer forfeits a red counter to the pool and deals again
        with the same cards (002 §12, §17 Boston), gathered and cut, not shuffled (002 §8, §11 Boston)."""
        d = SEATS[self.dealer]
        counts = ", ".join(f"{s} {len(h)}" for s, h in hands.items())
        events = [
            Event(
                "misdeal",
                f"{d} has misdealt ({counts} cards): he forfeits a red counter to the pool and"
                " deals again with the same cards (002 §17, §19 Boston)",
                seat=d,
                law=["002 §17 Boston", "002 §19 Boston"],
                data={"counts": {s: len(h) for s, h in hands.items()}},
            )
        ]
        events += self._transfer(misdeal_payments(d, self.red), law="002 §17 Boston")
        eldest_first = [SEATS[(self.dealer + k) % 4] for k in range(1, 5)]
        self._to_deal = [c for s in eldest_first for c in hands[s]]
        return events

    # ------------------------------------------------------------------ the deal

    def _new_deal(self, *, stake: bool = True) -> list[Event]:
        events = self._stake_pool() if stake else []
        d = SEATS[self.dealer]
        self.active: list[str] = [SEATS[(self.dealer + k) % 4] for k in range(1, 5)]  # eldest first, dealer last
        turn = not self.fontainebleau
        shuffle = self.shuffle or (self.deal_no == 0 and self._to_deal is None)
        order, turned, entry = self._deal_packs(shuffle=shuffle, turn=turn)
        entry["dealer"] = d
        self.turned = turned
        self.hands: list[int] = deal_masks(order, 4, PATTERN, first=0)
        self.prefs = preferences(turned.suit_letter) if turned is not None else None
        self.phase = "auction"
        self.auction = Auction(self.active, self.ladder, after_pass=self.after_pass, rule=f"({self.law_text})")
        self.contract: Contract | None = None
        self.bidder: str | None = None
        self.named: str | None = None
        self.partout = False
        self.play: TrickPlay | None = None
        self.exposed: int | None = None
        self.discards: list[int] = []
        self._played_view: list[dict[str, str]] = []
        self._last_trick_view: dict[str, Any] | None = None
        pone, left, partner = (SEATS[(self.dealer + k) % 4] for k in (3, 1, 2))
        cut = f", cut by {pone} at {entry['cut']}" if entry.get("cut") else ""
        shuffled = "" if shuffle or self.deal_no == 0 else ", gathered and not shuffled (002 §8 Boston)"
        which = "first" if self._pack_no == 0 else "second"
        head = (
            f"deal {self.deal_no + 1} of {self.deals_to_play}: {d} deals the {which} pack{shuffled}{cut}, by fours,"
            " fours and fives (002 §10, §13 Boston)"
        )
        if turned is not None and self.prefs is not None:
            p = self.prefs
            turn_cut = f" at {entry['turn cut']}" if entry.get("turn cut") else ""
            head += (
                f"; {partner} presents the still pack, {left} cuts it{turn_cut} and {card_words(turned)} is"
                f" turned: {SUIT_NAMES[p['first']]} are first preference, {SUIT_NAMES[p['second']]} second,"
                f" {' and '.join(SUIT_NAMES[s] for s in p['plain'])} plain suits (002 §13 Boston; rules §4)"
            )
        else:
            head += (
                "; no card is turned: diamonds rank first, then hearts, clubs, spades, and grand above all (FCH p.170)"
            )
        head += f"; {self.active[0]}, the eldest hand, bids first"
        events.append(
            Event(
                "deal",
                head,
                seat=d,
                law=["002 §8", "002 §10", "002 §13 Boston", self.law_text],
                data={
                    "deal": self.deal_no + 1,
                    "dealer": d,
                    "eldest": self.active[0],
                    "pack": self._pack_no,
                    "turned": turned_data(turned),
                    "preferences": dict(self.prefs) if self.prefs else None,
                },
                private=SeatHands(self.active, self.hands),
            )
        )
        return events

    # ------------------------------------------------------------------ the engine interface

    @property
    def to_act(self) -> str | None:
        if self._over:
            return None
        if self.phase == "auction":
            return self.auction.to_speak
        if self.phase == "trumps":
            return self.bidder
        if self.phase == "discard":
            return self.active[len(self.discards)]
        assert self.play is not None
        return self.active[self.play.turn]

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        if self.phase == "auction":
            return [_PASS if c is None else _BID_ACTIONS[c.name] for _, c in self.auction.options()]
        if self.phase == "trumps":
            assert self.prefs is not None
            return [_TRUMPS_ACTIONS[s] for s in self.prefs["plain"]]
        if self.phase == "discard":
            i = len(self.discards)
            return [_DISCARD_ACTIONS[c] for c in mask_indices(self.hands[i])]
        play = self.play
        assert play is not None
        m = play.legal_mask()
        return play_actions(m)

    def apply(self, action: Action | str) -> list[Event]:
        """As :meth:`Table.apply`; in the play, a lawful card goes the short way
        (:func:`~hoyle.rulebook.whist.lean_card`: played there, or straight to :meth:`_do_play` if it completes the
        trick), unless a subclass changes how a card is checked or played."""
        if self._lean_cards and self.phase == "play" and not self._over:
            events = lean_card(self, action, self.active)
            if events is not None:
                return events
        return super().apply(action)

    _lean_cards = True
    """Whether a lawful card may go the short way of :meth:`apply` (this class's own check and play)."""

    def _check(self, action: Action) -> None:
        verb = action.verb
        if self.phase == "auction":
            contract = self._bid(action)
            said = "pass" if contract is None else "call"
            reason = self.auction.why_not(said, contract)
            if reason is not None:
                raise IllegalAction(f"{action}: {reason}", law="rules §4")
            return
        if verb in ("bid", "pass"):
            raise IllegalAction(f"{action}: the bidding is over ({self.law_text})", law="rules §4")
        if self.phase == "trumps":
            self._suit(action)
            return
        if self.phase == "discard":
            i = len(self.discards)
            card = self._card_arg(action, "discard")
            if not self.hands[i] >> card & 1:
                raise IllegalAction(f"{action}: {self.active[i]} does not hold the {card.name}")
            return
        if verb != "play" or action.card is None:
            raise IllegalAction(f"{action}: in the play the action is 'play CARD', e.g. 'play QS'")
        play = self.play
        assert play is not None
        card = action.card
        seat = self.active[play.turn]
        hand = play.hands[play.turn]
        if card >= 52 or not hand >> card & 1:
            raise IllegalAction(f"{action}: {seat} does not hold the {card.name}")
        if play.trick:
            led = play.trick[0] // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                raise IllegalAction(
                    f"{action}: must follow suit: {seat} holds {SUIT_NAMES[SUITS[led]]} (002 §28)", law="002 §28"
                )

    def _bid(self, action: Action) -> Contract | None:
        """What an auction action says: ``None`` for a pass, else the bid; refused if it is neither."""
        if action.verb == "pass" and not action.arg:
            return None
        if action.verb == "bid":
            contract = _parse_bid(action.arg, self.variant)
            if contract is not None:
                return contract
        if action.verb == "play":
            raise IllegalAction(
                f"{action}: the bidding is not over; the eldest hand leads when it is ({self.law_text})", law="rules §4"
            )
        number = action.arg.split()[0] if action.verb == "bid" and action.arg else ""
        lowest = min(int(c.name.split()[0]) for c in self.ladder if c.name.split()[0].isdigit())
        if number.isdigit() and not lowest <= int(number) <= 13:  # say why, not only what may be said (issue 13)
            raise IllegalAction(
                f"{action}: a bid is a number of tricks from {lowest} to 13; a bid of {number} is"
                f" {'too few' if int(number) < lowest else 'more than the thirteen tricks'}"
                f" ({self.law_text})",
                law="rules §4",
            )
        example = "'bid 6 spades', 'bid 7 grand'" if self.fontainebleau else "'bid 6', 'bid 6 second', 'bid 6 first'"
        raise IllegalAction(
            f"{action}: in the bidding say 'pass' or a bid: {example}, 'bid little misere',"
            f" 'bid grand misere', 'bid little spread', 'bid grand spread' ({self.law_text})",
            law="rules §4",
        )

    def _suit(self, action: Action) -> str:
        assert self.prefs is not None
        suit = _SUIT_WORDS.get(action.arg.lower()) if action.verb == "trumps" else None
        plain = self.prefs["plain"]
        if suit is None or suit not in plain:
            raise IllegalAction(
                f"{action}: {self.bidder} bid in a plain suit and names one of them trumps:"
                f" {' or '.join(repr(str(_TRUMPS_ACTIONS[s])) for s in plain)} (rules §4)",
                law="rules §4",
            )
        return suit

    @staticmethod
    def _card_arg(action: Action, verb: str) -> Card:
        if action.verb != verb:
            raise IllegalAction(
                f"{action}: every player discards one card face down before the lead: 'discard CARD' (rules §4)",
                law="rules §4",
            )
        try:
            card = Card.from_text(action.arg)
        except ValueError:
            raise IllegalAction(f"{action}: {action.arg!r} is not a card") from None
        if card >= 52:
            raise IllegalAction(f"{action}: the {card.name} is not in this pack")
        return card

    def _do(self, action: Action) -> list[Event]:
        if self.phase == "auction":
            return self._do_bid(action)
        if self.phase == "trumps":
            suit = self._suit(action)
            self.named = suit
            named = Event(
                "trumps",
                f"{self.bidder} names {SUIT_NAMES[suit]} trumps (rules §4)",
                seat=self.bidder,
                law="rules §4",
                data={"trumps": suit},
            )
            return [named, *self._after_contract()]
        if self.phase == "discard":
            return self._do_discard(action)
        return self._do_play(action)

    # ------------------------------------------------------------------ the auction

    def _do_bid(self, action: Action) -> list[Event]:
        contract = self._bid(action)
        seat = self.auction.to_speak
        assert seat is not None
        self.auction.say("pass" if contract is None else "call", contract)
        key = (seat, None if contract is None else contract.name, self.law_text)
        bid = _BID_EVENTS.get(key)
        if bid is None:  # made once for each seat, bid and law text, and shared (events are immutable)
            text = f"{seat} passes" if contract is None else f"{seat} bids {contract.title}"
            bid = _BID_EVENTS[key] = Event(
                "bid",
                f"{text} ({self.law_text})",
                seat=seat,
                law="rules §4",
                data=MappingProxyType({"said": "pass" if contract is None else f"bid {contract.name}"}),
            )
        events = [bid]
        if not self.auction.closed:
            return events
        result = self.auction.result
        if result is None:
            self.partout = True
            events.append(
                Event(
                    "contract",
                    "All pass: a misère partout is played, no trumps; the player who takes the"
                    " most tricks pays each of the others the difference in red counters (rules §4)",
                    law="rules §4",
                    data={"call": "misere partout"},
                )
            )
            return events + self._start_play()
        self.contract, (self.bidder,) = result
        events.append(self._contract_event())
        if self.contract.trumps == "named":
            self.phase = "trumps"
            return events
        return events + self._after_contract()

    def _contract_event(self) -> Event:
        c = self.contract
        assert c is not None and self.bidder is not None
        against = ", ".join(self._adversaries()[:-1]) + " and " + self._adversaries()[-1]
        if c.misere:
            first = "; every player discards a card first" if c.name in DISCARDING else ""
            aim = f"to lose every trick, no trumps{first}"
            if c.exposed:
                aim += ", his hand spread on the table"
        elif c.trumps == "named":
            aim = f"{c.tricks} tricks, trumps a plain suit he names"
        else:
            suit = self._trump_suit()
            aim = f"{c.tricks} tricks, {SUIT_NAMES[SUITS[suit]] + ' trumps' if suit is not None else 'no trumps'}"
        return Event(
            "contract",
            f"{self.bidder} plays {c.title} alone against {against}: {aim} ({self.law_text})",
            seat=self.bidder,
            law="rules §4",
            data={"call": c.name, "declarers": [self.bidder], "adversaries": self._adversaries()},
        )

    def _adversaries(self) -> list[str]:
        return [s for s in self.active if s != self.bidder]

    def _after_contract(self) -> list[Event]:
        c = self.contract
        assert c is not None
        if c.name in DISCARDING:
            self.phase = "discard"
            return []
        return self._start_play()

    def _do_discard(self, action: Action) -> list[Event]:
        i = len(self.discards)
        card = self._card_arg(action, "discard")
        self.hands[i] &= ~(1 << card)
        self.discards.append(card)
        seat = self.active[i]
        events = [
            Event(
                "discard",
                f"{seat} discards a card face down (rules §4)",
                seat=seat,
                law="rules §4",
                private={seat: {"card": CARD_TEXT[card]}},
            )
        ]
        if len(self.discards) == 4:
            events += self._start_play()
        return events

    # ------------------------------------------------------------------ the play

    def _trump_suit(self) -> int | None:
        c = self.contract
        if self.partout or c is None or c.trumps == "none":
            return None
        if c.trumps == "fixed":
            assert c.suit is not None
            return SUITS.index(c.suit)
        assert self.prefs is not None
        if c.trumps == "named":
            assert self.named is not None
            return SUITS.index(self.named)
        return SUITS.index(self.prefs["second" if c.trumps == "second" else "first"])

    def _start_play(self) -> list[Event]:
        # Eldest hand leads to the first trick in every contract (rules §4).
        self.play = TrickPlay(self.hands, self._trump_suit(), 0)
        self.phase = "play"
        trumps = self.play.trumps
        word = f"{SUIT_NAMES[SUITS[trumps]]} are trumps" if trumps is not None else "no trumps"
        events = [
            Event(
                "lead",
                f"{self.active[0]} leads to the first trick; {word} (rules §4)",
                seat=self.active[0],
                law="rules §4",
                data={"leader": self.active[0], "trumps": SUITS[trumps] if trumps is not None else None},
            )
        ]
        c = self.contract
        if c is not None and c.exposed and self.spread_exposed == "before the lead":
            events.append(self._expose())
        return events

    def _expose(self) -> Event:
        assert self.bidder is not None
        i = self.active.index(self.bidder)
        self.exposed = i
        shown = hand_texts(self.hands[i])
        return Event(
            "expose",
            f"{self.bidder} spreads his cards on the table: {' '.join(shown)} (rules §4)",
            seat=self.bidder,
            law="rules §4",
            data={"hands": {self.bidder: " ".join(shown)}},
        )

    def _do_play(self, action: Action) -> list[Event]:
        play = self.play
        assert play is not None and action.card is not None
        seat = self.active[play.turn]
        winner = play.play(action.card)
        self._played_view.append(played_entry(seat, action.card))
        events = [play_event(seat, action.card)]
        if winner is None:
            return events
        leader, cards, _ = play.quitted[-1]
        n = len(play.quitted)
        order = [self.active[(leader + i) % 4] for i in range(4)]
        self._last_trick_view = {
            "leader": order[0],
            "winner": self.active[winner],
            "cards": [played_entry(s, c) for s, c in zip(order, cards, strict=True)],
        }
        best = CARD_TEXT[cards[(winner - leader) % 4]]
        events.append(
            Event(
                "trick",
                f"trick {n}: {self.active[winner]} wins with {best}",
                seat=self.active[winner],
                data=SeatedTrickData(n, order, cards, self.active[winner]),
            )
        )
        c = self.contract
        if self.partout:
            return events + (self._settle_partout() if play.finished else [])
        assert c is not None
        if play.finished or (c.misere and self.active[winner] == self.bidder):
            # A misère is lost with the first trick the bidder takes: the hand ends there (rules §4).
            return events + self._settle()
        if n == 1 and c.exposed and self.exposed is None:
            events.append(self._expose())
        return events

    # ------------------------------------------------------------------ settling

    def _reckon(self, made: int) -> tuple[Outcome, list[Payment]]:
        """The value of the bid and every payment, the bidder having taken ``made`` tricks (rules §4).

        The one place a deal's counters are worked out: law mode settles an abandoned hand with
        :func:`revoke_payments`, :func:`short_hand_payments`, :func:`misere_irregularity_payments` instead.
        """
        c = self.contract
        assert c is not None and self.bidder is not None
        outcome = table_value(c, made, self.prices, fmt=self._money)
        pays = payments(outcome, [self.bidder], self._adversaries())
        if not c.misere or self.misere_pool:
            pays += pool_payments(outcome, self.bidder, self.ledger[POOL], failure=self.failure_rule)
        return outcome, pays

    def _settle(self) -> list[Event]:
        play, c = self.play, self.contract
        assert play is not None and c is not None and self.bidder is not None
        made = play.won[self.active.index(self.bidder)]
        outcome, pays = self._reckon(made)
        who = self.bidder
        if c.misere:
            verdict = f"{who} {'wins' if outcome.won else 'loses'} his {c.title}"
        else:
            verdict = (
                f"{who} takes {made} trick{'s' if made != 1 else ''} of {c.tricks}: {c.title}"
                f" {'made' if outcome.won else 'lost'}"
            )
        each = "from each adversary" if outcome.won else "to each adversary"
        pool = ""
        if not c.misere or self.misere_pool:
            pool = (
                "; he takes the pool"
                if outcome.won
                else "; he pays into the pool what he pays each"
                if self.fontainebleau
                else "; he doubles the pool"
            )
        text = f"{verdict}: {outcome.text} {each}{pool} ({', '.join(outcome.law)})"
        result = {"call": c.name, "bidder": who, "made": made, "won": outcome.won, "value": outcome.value}
        if self.named is not None:
            result["trumps"] = self.named
        return self._finish(Event("result", text, seat=who, law=list(outcome.law), data=dict(result)), pays, result)

    def _settle_partout(self) -> list[Event]:
        play = self.play
        assert play is not None
        tricks = {s: play.won[i] for i, s in enumerate(self.active)}
        pays = misere_partout_payments(tricks, self.red)
        top = max(tricks.values())
        losers = [s for s, n in tricks.items() if n == top]
        text = (
            f"Misère partout: {' and '.join(losers)} took the most tricks, {top}, and"
            f" {'pays' if len(losers) == 1 else 'each pay'} each player below the difference in red counters"
            " (rules §4)"
        )
        result = {"call": "misere partout", "tricks": tricks}
        return self._finish(Event("result", text, law="rules §4", data=dict(result)), pays, result)

    def _finish(self, head: Event, pays: list[Payment], result: dict[str, Any]) -> list[Event]:
        """Settle the deal: every payment an event, the result logged; the cards gathered; the next deal dealt."""
        play = self.play
        assert play is not None
        events = [head, *self._transfer(pays, law=head.law)]
        result = {
            **result,
            "tricks": {s: play.won[i] for i, s in enumerate(self.active)},
            "payments": [list(p) for p in pays],
            "scores": dict(self.ledger),
        }
        self._deal_log[-1]["result"] = result
        self._last_result = result
        self._to_still = self._gather(
            play.quitted, self.discards, *[mask_indices(play.hands[i]) for i in range(4)], play.trick
        )
        return events + self._next_deal()

    def _next_deal(self) -> list[Event]:
        self.deal_no += 1
        self._pack_no = 1 - self._pack_no  # the two packs in turn (002 §8)
        if self.deal_no >= self.deals_to_play:
            self._over = True
            self.phase = "over"
            standing = ", ".join(f"{s} ({self.players[s]}) {v:+d}" for s, v in self.ledger.items() if s != POOL)
            return [
                Event(
                    "over",
                    f"The game is over after {self.deals_to_play} deals (002 §1 Boston): {standing};"
                    f" {self._money(self.ledger[POOL])} stand in the pool",
                    law="002 §1 Boston",
                    data={"scores": dict(self.ledger)},
                )
            ]
        self.dealer = (self.dealer + 1) % 4  # the deal passes to the left, and is never lost (002 §13)
        return self._new_deal()

    # ------------------------------------------------------------------ public state

    @property
    def over(self) -> bool:
        return self._over

    @property
    def scores(self) -> dict[str, int]:
        """Each seat's counters won (plus) or lost (minus) and the pool, in white counters; the sum never changes."""
        return dict(self.ledger)

    def places(self) -> dict[str, str]:
        out: dict[str, str] = {}
        play = self.play
        if play is not None:
            for k, (_, cards, _) in enumerate(play.quitted, start=1):
                for c in cards:
                    out[CARD_TEXT[c]] = f"quitted {k}"
            for c in play.trick:
                out[CARD_TEXT[c]] = "trick"
        for c in self.discards:
            out[CARD_TEXT[c]] = "discards"
        hands = play.hands if play is not None else self.hands
        for i, s in enumerate(self.active):
            place = f"exposed {s}" if self.exposed == i else f"hand {s}"
            for c in mask_indices(hands[i]):
                out[CARD_TEXT[c]] = place
        return out

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The view's part kept through the play (see view) is for the strict table's own view: a class that changes
        # the view or what the play does (law mode) builds every view afresh.
        cls._keeps_view = cls.view is BostonTable.view and cls._do_play is BostonTable._do_play
        cls._lean_cards = (
            cls.apply is BostonTable.apply
            and cls._check is BostonTable._check
            and cls._do is BostonTable._do
            and cls._do_play is BostonTable._do_play
        )

    _keeps_view = True
    _view_kept: tuple[tuple[Any, ...], dict[str, Any]] | None = None
    """The last view made in the play, and what its part that does not change card by card depends on."""

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now (``None``: a spectator, who sees no hand).

        In the play, a new dict each call from the last one made in the same play (its parts about the deal, the
        auction, the contract and the score: shared, not to be changed), the parts that change as cards are played
        made afresh."""
        play = self.play
        if play is None or not self._keeps_view or self.phase != "play":
            return self._view(seat)
        if seat is not None:
            self.seat_check(seat)
        ledger = tuple(self.ledger.items())
        key = (play, self.contract, self.partout, self.exposed, len(self.discards), ledger, self._last_result)
        kept = self._view_kept
        if kept is None or kept[0] != key or kept[0][0] is not play:
            kept = self._view_kept = (key, self._view(None))
        v = kept[1].copy()
        # As _view has them: the parts that change as cards are played.
        c = self.contract
        misere = self.partout or (c is not None and c.misere)
        hands = play.hands
        active = self.active
        v["seat"] = seat
        v["to_act"] = self.to_act
        v["leader"] = active[play.leader]
        v["trick"] = self._played_view[-len(play.trick) :] if play.trick else []
        v["played"] = list(self._played_view)
        v["last_trick"] = None if misere else self._last_trick_view
        won = play.won
        v["tricks"] = {active[0]: won[0], active[1]: won[1], active[2]: won[2], active[3]: won[3]}
        if self.exposed is not None:
            v["exposed"] = {active[self.exposed]: hand_texts(hands[self.exposed])}
        v["cards_left"] = {
            active[0]: hands[0].bit_count(),
            active[1]: hands[1].bit_count(),
            active[2]: hands[2].bit_count(),
            active[3]: hands[3].bit_count(),
        }
        if seat is not None:
            v["hand"] = hand_texts(hands[active.index(seat)])
        return v

    def _view(self, seat: str | None) -> dict[str, Any]:
        """The view made afresh (see :meth:`view`)."""
        if seat is not None:
            self.seat_check(seat)
        play = self.play
        c = self.contract
        auction = self.auction
        trumps = play.trumps if play is not None else None
        misere = self.partout or (c is not None and c.misere)
        hands = play.hands if play is not None else self.hands
        money = self._money_shown
        if money[0] != (ledger := tuple(self.ledger.items())):  # the money changes only when counters are paid
            money = self._money_shown = (ledger, {s: self._money(x) for s, x in ledger})
        v: dict[str, Any] = {
            "game": self.game.name,
            "variant": self.variant,
            "seat": seat,
            "seats": list(SEATS),
            "players": dict(self.players),
            "deal": self.deal_no + (0 if self._over else 1),
            "deals": self.deals_to_play,
            "dealer": SEATS[self.dealer],
            "eldest": self.active[0],
            "active": list(self.active),
            "phase": self.phase,
            "to_act": self.to_act,
            "cut_card": turned_data(self.turned),
            "preferences": dict(self.prefs) if self.prefs else None,
            "auction": [
                {"seat": b.seat, "said": "pass" if b.said == "pass" else f"bid {b.said}"} for b in auction.bids
            ],
            "bid": (
                {"call": auction.best.name, "title": auction.best.title, "seat": auction.holder}
                if auction.best is not None and not auction.closed
                else None
            ),
            "passed": sorted(auction.passed),
            "contract": None,
            "trumps": SUITS[trumps] if trumps is not None else None,
            "leader": self.active[play.leader] if play is not None else None,
            "trick": self._played_view[-len(play.trick) :] if play is not None and play.trick else [],
            "played": list(self._played_view),
            # 002 §37: "it is still the custom to permit looking at the last trick, except in Misères".
            "last_trick": None if misere else self._last_trick_view,
            "may_see_last_trick": not misere,
            "tricks": {s: (play.won[i] if play is not None else 0) for i, s in enumerate(self.active)},
            "exposed": (
                {self.active[self.exposed]: hand_texts(hands[self.exposed])} if self.exposed is not None else {}
            ),
            "discarded": len(self.discards),
            "cards_left": {s: hands[i].bit_count() for i, s in enumerate(self.active)},
            "scores": dict(self.ledger),
            "pool": self.ledger[POOL],
            "unit": "white counters",
            "red": self.red,
            "money": dict(money[1]),
            "pack": {"cards": 52, "lowest": 2, "suits": SUITS},
            "last_result": self._last_result,
            "over": self._over,
            "turned": None,
        }
        if self.partout:
            v["contract"] = {
                "call": "misere partout",
                "title": "misère partout",
                "declarers": [],
                "adversaries": list(self.active),
                "misere": True,
                "tricks": 0,
                "joint": False,
                "exposed": False,
            }
        elif c is not None:
            v["contract"] = {
                "call": c.name,
                "title": c.title,
                "declarers": [self.bidder],
                "adversaries": self._adversaries(),
                "misere": c.misere,
                "tricks": c.tricks,
                "joint": False,
                "exposed": c.exposed,
            }
        if seat is not None:
            v["hand"] = hand_texts(hands[self.active.index(seat)])
        return v


def _check_options(options: Mapping[str, Any]) -> None:
    for n in SUCCESS_OPEN:
        _row(options[f"success_{n}"], n)


SPEC = register(
    GameSpec(
        name="boston",
        title="Boston and Boston de Fontainebleau: four players, each for himself",
        source="the American Congress laws of 1893, with their Boston lines (§1, §2, §8, §11-13, §16-19, §24, §26,"
        " §29-31, §37); the bids and payments from Foster's Complete Hoyle (pp.167-170)",
        options=(
            Option(
                name="variant",
                default="boston",
                choices=("boston", "fontainebleau"),
                doc="Boston (preferences from the still pack) or Boston de Fontainebleau (fixed suits, grand;"
                " a failing bidder feeds the pool with what he pays each: Foster's Complete Hoyle, p.170)",
            ),
            Option(
                name="deals",
                default=12,
                minimum=1,
                maximum=1000,
                doc="deals in the game: 'the game is finished in twelve deals' (American Congress laws, §1 Boston)",
            ),
            Option(
                name="red",
                default=10,
                minimum=1,
                maximum=100,
                doc="white counters in a red one (no book found says: ten, hoyle's choice)",
            ),
            Option(
                name="pool_stake",
                default=0,
                minimum=0,
                maximum=1000,
                doc="white counters each dealer puts in the pool; 0: a red counter at Boston (Foster's Complete"
                " Hoyle),"
                " five at Fontainebleau (Foster's Complete Hoyle, p.170)",
            ),
            Option(
                name="shuffle",
                default=False,
                doc="shuffle each pack before its deal; Boston's law is that neither pack is shuffled after the"
                " first deal, only cut (American Congress laws, §8, §11 Boston)",
            ),
            Option(
                name="passed_may_bid_misere",
                default=True,
                doc="a player who has passed may afterwards bid a misère, and nothing else (Encyclopedia"
                " Americana, 1920: Boston)",
            ),
            Option(
                name="misere_pool",
                default=True,
                doc="a misère won takes the pool and one lost doubles it, as a trick bid (no book found says:"
                " hoyle's choice)",
            ),
            Option(
                name="spread_exposed",
                default="first trick",
                choices=("first trick", "before the lead"),
                doc="when a spread's hand is laid on the table: once the first trick is turned (as Solo's misère"
                " ouverte: hoyle's choice), or before the lead",
            ),
            Option(
                name="irregularities",
                default=False,
                doc="law mode: seats may err, and the American Congress laws with their Boston lines rule"
                " (docs/boston.md)",
            ),
            *(
                Option(
                    name=f"success_{n}",
                    default=SUCCESS_OPEN[n],
                    doc=f"the success row for a bid of {n}: each adversary pays for {n} to 13 tricks taken"
                    + (
                        " (Foster's Complete Hoyle gives part of this row; the rest is hoyle's choice)"
                        if n == 10
                        else " (no book found gives this row: hoyle's choice)"
                    ),
                )
                for n in SUCCESS_OPEN
            ),
        ),
        table_class=BostonTable,
        rules_bot="hoyle.bots.boston_rules:BostonRulesBot",
        seats=lambda o: SEATS,
        money=True,
        exposes_hands=True,
        variants=(
            {"variant": "fontainebleau", "deals": 6},
            {
                "shuffle": True,
                "spread_exposed": "before the lead",
                "passed_may_bid_misere": False,
                "misere_pool": False,
                "red": 5,
                "pool_stake": 20,
                "deals": 6,
            },
            {"irregularities": True, "deals": 6},  # law mode (002 with its Boston lines), played by its legal actions
        ),
        aliases=(
            ("boston de fontainebleau", {"variant": "fontainebleau"}),
            ("fontainebleau", {"variant": "fontainebleau"}),
        ),
        validate=_check_options,
    )
)
