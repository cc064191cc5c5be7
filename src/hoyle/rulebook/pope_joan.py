"""Pope Joan: the round game of stops and the board of eight compartments (003 "POPE JOAN"; rules §7).

The pack is the 51 cards without the eight of diamonds (:data:`~hoyle.cards.PACK_51`).  The board's
compartments are Pope (the nine of diamonds), Matrimony (king and queen of trumps from one hand),
Intrigue (queen and knave of trumps from one hand), Ace, King, Queen, Knave (of trumps) and Game.

A sitting is one round: every player deals once (``deals=N`` for another number), then the board is
cleared by a final deal face up without the extra hand (003; rules §7.8).  The first dealer is the
player to whom the first knave falls in a preliminary deal with faced cards (003).  Each deal: the
dealer dresses the board with fifteen counters (rules §7.3), the pone cuts (``cut N``: the one decision
of the deal that is not a lead), the cards are dealt one at a time with the extra hand (the widow) and
the last card turned up for trumps (rules §7.4); then the eldest hand leads (``play 3D``) and the run of
cards in sequence goes on by itself: whoever holds the next card of the suit must play it (003), until a
stop; the player of the stop leads again.  The first player out takes the Game compartment and a counter
for each card left in the other hands, the holder of an unplayed Pope excepted (003; rules §7.7).

Ledger: ``scores`` holds each seat's counters won or lost (every seat starts at nought) and ``board``,
the counters on the board; their sum is always nought.  The compartments are in the view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..cards import CARD_TEXT, PACK_51, SUIT_MASKS, SUITS, Card, format_cards, parse
from ..cards import cut as cut_pack
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.registry import GameSpec, Option, register
from ..engine.table import Table
from ..errors import IllegalAction, InvalidDeal
from . import whist

_CUTS = tuple(Action("cut", str(k)) for k in range(52))
"""``cut N`` for each N, made once."""

__all__ = [
    "COMPARTMENTS",
    "DRESSING",
    "POPE",
    "PopeJoanTable",
    "clearing_parts",
    "clearing_shares",
    "deal_positions",
    "hand_sizes",
    "is_stop",
    "successor",
]

POPE = Card.from_text("9D")
"""Pope, the nine of diamonds (003)."""
EIGHT_OF_DIAMONDS = Card.from_text("8D")
COMPARTMENTS = ("Pope", "Matrimony", "Intrigue", "Ace", "King", "Queen", "Knave", "Game")
"""The board's eight compartments, as 003 names them."""
DRESSING = {"Pope": 6, "Matrimony": 2, "Intrigue": 2, "Ace": 1, "King": 1, "Queen": 1, "Knave": 1, "Game": 1}
"""Fifteen counters dress the board: six to Pope, two each to Matrimony and Intrigue, one to each other (003)."""
_HONOUR = {14: "Ace", 13: "King", 12: "Queen", 11: "Knave"}
_RANK_WORD = {
    14: "ace",
    13: "king",
    12: "queen",
    11: "knave",
    10: "ten",
    9: "nine",
    8: "eight",
    7: "seven",
    6: "six",
    5: "five",
    4: "four",
    3: "three",
    2: "two",
}
_SUIT_WORD = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_LAW = "003 Pope Joan"
_PLAYED: dict[tuple[str, int, bool], Event] = {}
"""The event of a card led or played, by seat, card and lead (see :meth:`PopeJoanTable._play`)."""
_CLEARING_WHAT = {
    "9D": "Pope",
    "AD": "Ace",
    "KD": "King and half Matrimony",
    "QD": "Queen, half Matrimony and half Intrigue",
    "JD": "Knave and half Intrigue",
}
SEAT_LETTERS = "ABCDEFGH"


def successor(card: int) -> int | None:
    """The next card of the sequence in the suit, ace low (rules §7.1): A 2 3 ... 10 J Q K; ``None`` after a king.

    The successor of the seven of diamonds is the eight, which is not in the pack (003).
    """
    rank = card % 13 + 2
    if rank == 13:
        return None
    if rank == 14:
        return card - 12  # the ace (index 12 of its suit) is followed by the two (index 0)
    return card + 1


_SUCCESSOR: tuple[int | None, ...] = tuple(successor(c) for c in range(52))
""":func:`successor` of each card, by index."""


def predecessor(card: int) -> int | None:
    """The card before ``card`` in its suit's sequence, ace low; ``None`` for an ace."""
    rank = card % 13 + 2
    if rank == 14:
        return None
    if rank == 2:
        return card + 12
    return card - 1


def is_stop(card: int, held: int) -> bool:
    """Whether the run stops at ``card``: no player holds its successor (003).

    ``held`` is the bit set of the cards in the players' hands.  The successor is then a king's (none),
    the eight of diamonds (out of the pack), in the extra hand, the turn-up, or already played.
    """
    nxt = successor(card)
    return nxt is None or not held >> nxt & 1


def hand_sizes(players: int, mode: str = "equal") -> tuple[list[int], int]:
    """Cards to each player (eldest first) and to the widow (the turn-up not counted) (rules §7.4).

    >>> hand_sizes(4)
    ([10, 10, 10, 10], 10)
    >>> hand_sizes(3, "rotation")
    ([13, 13, 12], 12)
    """
    counts = [0] * (players + 2)
    for p in deal_positions(players, mode):
        counts[p] += 1
    return counts[:players], counts[players]


def deal_positions(players: int, mode: str = "equal") -> list[int]:
    """Where each card of the pack goes, top first: ``0..players-1`` the players from the eldest hand,
    ``players`` the widow (the extra hand), ``players + 1`` the turn-up (the last card: 003).

    ``equal`` (rules §7.4, the default): one at a time round the players and the widow as many times as
    every player can have the same number, the rest to the widow, its last card turned up.
    ``rotation``: the first fifty cards one at a time round the players and the widow, the last turned up.
    """
    n = players + 1
    total = len(PACK_51)
    if mode == "equal":
        each = total // n
        out = [i % n for i in range(each * n)]
        out += [players] * (total - each * n - 1)
    else:
        out = [i % n for i in range(total - 1)]
    out.append(players + 1)
    return out


def clearing_parts(board: Mapping[str, int]) -> dict[str, dict[str, int]]:
    """What the final face-up deal gives the holder of each card, compartment by compartment (003; rules §7.8).

    Diamonds are trumps: Pope (``9D``), ``AD``, ``KD``, ``QD``, ``JD`` take their compartments; the queen
    takes half of Matrimony and of Intrigue, the king and the knave the other halves; an odd counter goes to
    the queen (rules §7.8: UNVERIFIED, the default).
    """
    mat, intr = board.get("Matrimony", 0), board.get("Intrigue", 0)
    return {
        "9D": {"Pope": board.get("Pope", 0)},
        "AD": {"Ace": board.get("Ace", 0)},
        "KD": {"King": board.get("King", 0), "Matrimony": mat // 2},
        "QD": {"Queen": board.get("Queen", 0), "Matrimony": mat - mat // 2, "Intrigue": intr - intr // 2},
        "JD": {"Knave": board.get("Knave", 0), "Intrigue": intr // 2},
    }


def clearing_shares(board: Mapping[str, int]) -> dict[str, int]:
    """The counters the final face-up deal gives the holder of each card (see :func:`clearing_parts`).

    >>> clearing_shares({"Pope": 6, "Matrimony": 5, "Intrigue": 2, "Ace": 1, "King": 0, "Queen": 1,
    ...                  "Knave": 1, "Game": 0})
    {'9D': 6, 'AD': 1, 'KD': 2, 'QD': 5, 'JD': 2}
    """
    return {card: sum(parts.values()) for card, parts in clearing_parts(board).items()}


def _card_words(card: int) -> str:
    return f"{_RANK_WORD[card % 13 + 2]} of {_SUIT_WORD[SUITS[card // 13]]}"


_SHOWN_SUITS = tuple((SUIT_MASKS[s], 1 << (13 * s + 12), CARD_TEXT[13 * s + 12]) for s in (3, 2, 0, 1))
"""Spades, hearts, clubs, diamonds: each suit's mask, its ace's bit and the ace's text."""


def _sorted_texts(m: int) -> list[str]:
    """A hand's cards in notation by suit (spades, hearts, clubs, diamonds), ace low: A 2 ... K."""
    return list(_shown(m))


_SHOWN_TABLES: list[tuple[tuple[str, ...], ...]] = []
"""For each suit (clubs, diamonds, hearts, spades), the texts of each 13-bit mask of its cards in the order
:func:`_shown` lists them (the ace first, then two up to the king): built on first use."""


def _build_shown() -> None:
    for s in range(4):
        low: list[tuple[str, ...]] = [()] * 4096  # two up to the king (bits 0 to 11), lowest first
        for bits in range(1, 4096):
            r = (bits & -bits).bit_length() - 1
            low[bits] = (CARD_TEXT[13 * s + r], *low[bits & (bits - 1)])
        ace = (CARD_TEXT[13 * s + 12],)
        _SHOWN_TABLES.append((*low, *[ace + part for part in low]))  # bit 12, the ace, first when held


def _shown(m: int) -> tuple[str, ...]:
    """:func:`_sorted_texts` as a tuple, from a table for each suit (a view shows every hand so, each time)."""
    t = _SHOWN_TABLES
    if not t:
        _build_shown()
    return t[3][m >> 39 & 0x1FFF] + t[2][m >> 26 & 0x1FFF] + t[0][m & 0x1FFF] + t[1][m >> 13 & 0x1FFF]


def _shown_by_bits(m: int) -> tuple[str, ...]:
    """:func:`_shown` worked out from the bits (what the tables hold; the tests compare the two)."""
    out: list[str] = []
    for mask, ace, ace_text in _SHOWN_SUITS:
        part = m & mask
        if part & ace:  # the ace (index 12) first: the sequence runs A 2 3 ... K, the rest in the bits' order
            out.append(ace_text)
            part ^= ace
        while part:
            low = part & -part
            out.append(CARD_TEXT[low.bit_length() - 1])
            part ^= low
    return tuple(out)


def _play_event(seat: str, card: int, lead: bool) -> Event:
    """The event of ``seat`` leading or playing ``card``: made once for each seat, card and lead, kept in
    :data:`_PLAYED` and shared (events are immutable)."""
    ev = _PLAYED[(seat, card, lead)] = Event(
        "play",
        f"{seat} {'leads' if lead else 'plays'} {CARD_TEXT[card]}",
        seat=seat,
        law=_LAW,
        data=MappingProxyType({"card": CARD_TEXT[card], "lead": lead}),
    )
    return ev


_PAYING = tuple(1 << POPE | 0xF << (13 * t + 9) for t in range(4))
"""The cards that take from the board when played, by the trump suit: Pope and the knave, queen, king and ace of
trumps (003; :meth:`PopeJoanTable._play`)."""


class PopeJoanTable(Table):
    """A sitting of Pope Joan: one round of deals and the clearing deal (``deals=N`` for more or fewer)."""

    def _setup(
        self, game: Any, *, players: Sequence[str] | None, deal: Mapping[str, Any] | None, start: dict[str, Any]
    ) -> None:
        n = game["players"]
        self.n = n
        self.seats = tuple(SEAT_LETTERS[:n])
        self.mode: str = game["hands"]
        self.lead_rule: str = game["lead"]
        self.dressing: str = game["dressing"]
        self.clearing: bool = game["clearing"]
        self.deals_to_play: int = game["deals"] or n
        self.money = [0] * n
        self.board = dict.fromkeys(COMPARTMENTS, 0)
        self.deal_no = 0  # regular deals begun
        self.phase = "cut"  # cut | lead | over
        self.in_clearing = False
        self.hands = [0] * n
        self.widow = 0
        self.turned: Card | None = None
        self.exposed = [0] * n  # cards played (or shown) and lying face up before each seat
        self.played: list[tuple[int, int]] = []  # (seat, card) in the order played this deal
        self.runs: list[dict[str, Any]] = []
        self.honours_played: list[set[int]] = [set() for _ in range(n)]
        self.leader = 0
        self.in_pack = True  # before the first deal every card is in the pack
        self._last_result: dict[str, Any] | None = None
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
            raise ValueError(f"pope joan: players must name the seats {', '.join(self.seats)}, not {sorted(names)}")
        self.players: dict[str, str] = {s: str(names[s]) for s in self.seats}
        if self._start.get("given"):
            self.dealer = self.seats.index(self._start["dealer"])
            self.events.extend(self._dress())
            self.events.extend(self._deal(None))
        else:
            self.events.extend(self._first_dealer())
            self.events.extend(self._dress())
            self.events.append(self._cut_prompt())

    # ------------------------------------------------------------------ setting up

    def _names(self, players: Sequence[str] | None) -> dict[str, str]:
        names = list(players) if players else []
        if len(names) > self.n or len(set(names)) != len(names) or not all(isinstance(x, str) and x for x in names):
            raise ValueError(f"pope joan with {self.n} players: give at most {self.n} distinct names, not {names!r}")
        names += [s for s in self.seats if s not in names][: self.n - len(names)]
        return dict(zip(self.seats, names, strict=True))

    def _first_dealer(self) -> list[Event]:
        """A preliminary deal round with faced cards: the player to whom the first knave falls deals (003)."""
        order = self._draw_deal(PACK_51)
        shown: list[str] = []
        seat = 0
        for i, c in enumerate(order):
            seat = i % self.n
            shown.append(f"{self.seats[seat]} {CARD_TEXT[c]}")
            if c % 13 + 2 == 11:
                break
        self.dealer = seat
        self._deal_log[-1]["result"] = {"first dealer": self.seats[seat]}
        return [
            Event(
                "first dealer",
                f"cards dealt face up: {', '.join(shown)}; the first knave falls to"
                f" {self.seats[seat]}, who deals first (003)",
                seat=self.seats[seat],
                law=_LAW,
                data={"dealer": self.seats[seat]},
            )
        ]

    def _dress(self) -> list[Event]:
        """The dealer dresses the board: fifteen counters from his own store (003; rules §7.3)."""
        if self.dressing == "first dealer" and self.deal_no > 0:
            return []
        d = self.seats[self.dealer]
        self.money[self.dealer] -= 15
        for name, k in DRESSING.items():
            self.board[name] += k
        return [
            Event(
                "dress",
                f"{d} dresses the board with fifteen counters: Pope 6, Matrimony 2, Intrigue 2,"
                " Ace, King, Queen, Knave and Game one each (003; rules §7.3)",
                seat=d,
                law=[_LAW, "rules §7.3"],
                data={"seat": d, "counters": 15, "board": dict(self.board)},
            )
        ]

    def _cut_prompt(self) -> Event:
        pone = self.seats[(self.dealer - 1) % self.n]
        what = "the clearing deal" if self.in_clearing else f"deal {self.deal_no + 1}"
        return Event(
            "shuffle",
            f"{self.seats[self.dealer]} shuffles for {what}; {pone}, the pone, is to cut",
            seat=pone,
            law=_LAW,
            data={"dealer": self.seats[self.dealer], "pone": pone},
        )

    def _given_deal(self, deal: Mapping[str, Any]) -> int:
        """Turn a given first deal (hands, widow, turn-up) into the order it would be dealt in."""
        try:
            dealer = self.seats.index(str(deal["dealer"]).upper())
            hands = {s: list(parse(deal["hands"][s])) for s in self.seats}
            widow = list(parse(deal["widow"]))
            turned = Card.from_text(str(deal["turned"]))
        except (KeyError, TypeError) as exc:
            raise InvalidDeal(
                f"a given deal needs 'dealer' ({', '.join(self.seats)}), 'hands' for every seat,"
                f" 'widow' and 'turned'; missing {exc}"
            ) from None
        except ValueError as exc:
            raise InvalidDeal(f"given deal: {exc}") from None
        sizes, widow_size = hand_sizes(self.n, self.mode)
        piles: list[list[Card]] = []
        for k in range(self.n):
            s = self.seats[(dealer + 1 + k) % self.n]
            if len(hands[s]) != sizes[k]:
                raise InvalidDeal(
                    f"given deal: {s} has {len(hands[s])} cards; with {self.n} players this seat has"
                    f" {sizes[k]} (rules §7.4)"
                )
            piles.append(list(hands[s]))
        if len(widow) != widow_size:
            raise InvalidDeal(f"given deal: the widow has {len(widow)} cards, not {widow_size} (rules §7.4)")
        piles.append(widow)
        piles.append([turned])
        order = [piles[p].pop(0) for p in deal_positions(self.n, self.mode)]
        if sorted(order) != sorted(PACK_51):
            twice = sorted(c for c, n in Counter(order).items() if n > 1)
            missing = sorted(set(PACK_51) - set(order))
            raise InvalidDeal(
                f"given deal: not the pack of 51 without 8D (twice: {format_cards(twice) or 'none'};"
                f" missing: {format_cards(missing) or 'none'})"
            )
        self._script_first({"order": format_cards(order), "cut": None})
        return dealer

    # ------------------------------------------------------------------ the deal

    def _deal(self, cut_at: int | None) -> list[Event]:
        """Shuffle (chance), the pone's cut, the deal with the widow and the turn-up (003; rules §7.4)."""
        order = self._draw_deal(PACK_51)
        entry = self._deal_log[-1]
        d = self.seats[self.dealer]
        entry["dealer"] = d
        if cut_at is not None:
            order = cut_pack(order, cut_at, _cut_minimum(len(order)))
        self.in_pack = False
        self.hands = [0] * self.n
        self.widow = 0
        self.exposed = [0] * self.n
        self.played = []
        self.runs = []
        self.honours_played = [set() for _ in range(self.n)]
        eldest = (self.dealer + 1) % self.n
        if self.in_clearing:
            entry["clearing"] = True
            return self._clearing_deal(order)
        self.deal_no += 1
        for c, p in zip(order, deal_positions(self.n, self.mode), strict=True):
            if p < self.n:
                self.hands[(eldest + p) % self.n] |= 1 << c
            elif p == self.n:
                self.widow |= 1 << c
        turned = order[-1]
        self.turned = turned
        self.trumps = turned // 13
        self.leader = eldest
        self.phase = "lead"
        cut_text = f" after {self.seats[(self.dealer - 1) % self.n]} cut at {cut_at}" if cut_at is not None else ""
        sizes, widow_size = hand_sizes(self.n, self.mode)
        events = [
            Event(
                "deal",
                f"deal {self.deal_no}: {d} deals{cut_text}, one card at a time with an extra hand of {widow_size}"
                f" (rules §7.4); the turn-up is {CARD_TEXT[turned]}: {_SUIT_WORD[SUITS[self.trumps]]} are trumps (003)",
                seat=d,
                law=[_LAW, "rules §7.4"],
                data={
                    "deal": self.deal_no,
                    "dealer": d,
                    "turned": CARD_TEXT[turned],
                    "trumps": SUITS[self.trumps],
                    "hand sizes": {self.seats[(eldest + k) % self.n]: sizes[k] for k in range(self.n)},
                },
                private=whist.SeatHands(self.seats, self.hands, _shown),
            )
        ]
        # The turn-up pays the dealer when it is Pope or an honour of trumps (003).
        name = "Pope" if turned == POPE else _HONOUR.get(turned % 13 + 2)
        if name is not None:
            events.extend(self._take(self.dealer, name, f"the turn-up is {_card_words(turned)}"))
        return events

    def _clearing_deal(self, order: list[Card]) -> list[Event]:
        """The final round dealt face up without the extra hand; diamonds are trumps (003; rules §7.8)."""
        eldest = (self.dealer + 1) % self.n
        for i, c in enumerate(order):
            self.exposed[(eldest + i) % self.n] |= 1 << c
        self.turned = None
        self.trumps = 1
        d = self.seats[self.dealer]
        events = [
            Event(
                "deal",
                f"the clearing deal: {d} deals the whole pack face up without the extra hand;"
                " diamonds count as trumps (003; rules §7.8)",
                seat=d,
                law=[_LAW, "rules §7.8"],
                data={
                    "dealer": d,
                    "clearing": True,
                    "cards": {self.seats[s]: _sorted_texts(self.exposed[s]) for s in range(self.n)},
                },
            )
        ]
        before = self._ledger()
        for text, parts in clearing_parts(self.board).items():
            card = Card.from_text(text)
            holder = next(s for s in range(self.n) if self.exposed[s] >> card & 1)
            amount = sum(parts.values())
            if amount <= 0:
                continue
            for name, part in parts.items():
                self.board[name] -= part
            self.money[holder] += amount
            events.append(
                Event(
                    "take",
                    f"{self.seats[holder]} holds {text} and takes {amount} ({_CLEARING_WHAT[text]}) (003; rules §7.8)",
                    seat=self.seats[holder],
                    law=[_LAW, "rules §7.8"],
                    data={"seat": self.seats[holder], "card": text, "counters": amount},
                )
            )
        self._deal_log[-1]["result"] = {"clearing": True, "net": self._net(before)}
        self.phase = "over"
        events.append(
            Event(
                "over",
                "the board is cleared and the sitting is over: "
                + ", ".join(f"{s} {self.money[i]:+d}" for i, s in enumerate(self.seats)),
                law=_LAW,
                data={"scores": self.scores},
            )
        )
        return events

    def _take(self, seat: int, name: str, why: str) -> list[Event]:
        """``seat`` takes the counters of compartment ``name``."""
        amount = self.board[name]
        self.board[name] = 0
        self.money[seat] += amount
        s = self.seats[seat]
        return [
            Event(
                "take",
                f"{s} takes {name} ({amount}): {why} (003)",
                seat=s,
                law=_LAW,
                data={"seat": s, "compartment": name, "counters": amount},
            )
        ]

    # ------------------------------------------------------------------ the engine interface

    @property
    def to_act(self) -> str | None:
        if self.phase == "over":
            return None
        if self.phase == "cut":
            return self.seats[(self.dealer - 1) % self.n]
        return self.seats[self.leader]

    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.phase == "cut":
            lo = _cut_minimum(51)
            return [_CUTS[k] for k in range(lo, 51 - lo + 1)]
        return self._leads(self.hands[self.leader], _suit_actions())

    def _leads(self, hand: int, tables: Sequence[Sequence[tuple[Any, ...]]] | None = None) -> list[Any]:
        """The cards the leader may lead: any (003), or the lowest of a suit (``lead="lowest"``: PARLETT); in each
        suit from the ace up (A 2 ... K).  As card indices, or as ``tables`` give each suit's cards (actions)."""
        t = tables if tables is not None else _suit_ids()
        lowest = self.lead_rule == "lowest"
        out: list[Any] = []
        for s in range(4):
            bits = hand >> (13 * s) & 0x1FFF
            if bits:
                cards = t[s][bits]  # lowest index first: two to ace
                if bits & 0x1000:  # the ace is low here: it comes first
                    cards = (cards[-1], *cards[:-1])
                out.extend(cards[:1] if lowest else cards)
        return out

    def _check(self, action: Action) -> None:
        if self.phase == "cut":
            if action.verb != "cut":
                raise IllegalAction(f"{action}: {self.to_act}, the pone, is to cut the pack first: 'cut N'")
            lo = _cut_minimum(51)
            try:
                at = int(action.arg)
            except ValueError:
                raise IllegalAction(f"{action}: a cut is 'cut N' with N from {lo} to {51 - lo}") from None
            if not lo <= at <= 51 - lo:
                raise IllegalAction(
                    f"{action}: a cut must leave at least {lo} cards in each packet ('cut {lo}' to 'cut {51 - lo}')"
                )
            return
        if action.verb != "play" or action.card is None:
            raise IllegalAction(f"{action}: at Pope Joan the leader plays a card, e.g. 'play 7D'")
        card = action.card
        seat = self.seats[self.leader]
        if card >= 52 or not self.hands[self.leader] >> card & 1:
            raise IllegalAction(f"{action}: {seat} does not hold the {card.name}")
        if self.lead_rule == "lowest" and card not in self._leads(self.hands[self.leader]):
            raise IllegalAction(
                f"{action}: the lead must be the lowest card of its suit in hand (rules §7.5)", law="rules §7.5"
            )

    def _do(self, action: Action) -> list[Event]:
        if self.phase == "cut":
            cut_event = Event(
                "cut", f"{self.to_act} cuts at {action.arg}", seat=self.to_act, law=_LAW, data={"at": int(action.arg)}
            )
            return [cut_event, *self._deal(int(action.arg))]
        assert action.card is not None
        return self._run(self.leader, action.card)

    # ------------------------------------------------------------------ the run

    def _run(self, leader: int, card: int) -> list[Event]:
        """The lead and the run in sequence, each card played by its holder in turn, to the stop (003).

        A card that takes nothing from the board is played here (its hand, its exposure, the deal's plays and
        its shared event, as :meth:`_play` does); a paying card goes through :meth:`_play`.  The run's event is
        made as the cards are played (its cards and its text's parts, for :meth:`_run_event`)."""
        events: list[Event] = []  # the plays, then the run, then what the cards took from the board
        takes: list[Event] = []
        cards: list[dict[str, str]] = []  # the run event's cards
        parts: list[str] = []  # and its text
        hands, exposed, played_log, seats = self.hands, self.exposed, self.played, self.seats
        paying = _PAYING[self.trumps]
        held = 0  # the cards in the players' hands: only the run's own plays leave them until it stops
        for h in hands:
            held |= h
        seat, c = leader, card
        lead = True
        while True:
            s = seats[seat]
            t = CARD_TEXT[c]
            if paying >> c & 1:  # Pope, or an honour of trumps (003)
                played = self._play(seat, c, lead=lead)
                events.append(played[0])
                if len(played) > 1:
                    takes.extend(played[1:])
            else:
                bit = 1 << c
                hands[seat] &= ~bit
                exposed[seat] |= bit
                played_log.append((seat, c))
                ev = _PLAYED.get((s, c, lead))
                events.append(ev if ev is not None else _play_event(s, c, lead))
            cards.append({"seat": s, "card": t})
            parts.append(f"{s} leads {t}" if lead else f"{s} {t}")
            lead = False
            if not hands[seat]:
                events.append(self._run_event(leader, cards, parts, f"{s} is out"))
                return events + takes + self._out(seat)
            held &= ~(1 << c)
            nxt = _SUCCESSOR[c]
            if nxt is None or not held >> nxt & 1:  # is_stop(c, held): nobody holds the next card (003)
                self.leader = seat
                events.append(self._run_event(leader, cards, parts, self._stop_reason(c) + f"; {s} leads again (003)"))
                return events + takes
            seat = 0
            while not hands[seat] >> nxt & 1:  # the holder of the next card plays it (003)
                seat += 1
            c = nxt

    def _stop_reason(self, card: int) -> str:
        nxt = successor(card)
        t = CARD_TEXT[card]
        if nxt is None:
            return f"stop at {t}: a king is always a stop"
        if nxt == EIGHT_OF_DIAMONDS:
            return f"stop at {t}: the eight of diamonds is out of the pack"
        if nxt == self.turned:
            return f"stop at {t}: the next card is the turn-up"
        # Nobody holds it, and it is not the turn-up: it lies in the extra hand, or it has been played (every card
        # of the pack is in a hand, the extra hand, the turn-up or among the deal's plays).
        if not self.widow >> nxt & 1:
            return f"stop at {t}: the next card has been played"
        return f"stop at {t}: nobody holds the next card"

    def _run_event(self, leader: int, cards: list[dict[str, str]], parts: list[str], end: str) -> Event:
        """The run's event, its cards and text parts made: "A leads 7D, B 8D: stop at 8D: ...", kept in the runs."""
        run = {"leader": self.seats[leader], "cards": cards, "end": end}
        self.runs.append(run)
        return Event("run", f"{', '.join(parts)}: {end}", seat=self.seats[leader], law=_LAW, data=dict(run))

    def _play(self, seat: int, card: int, *, lead: bool) -> list[Event]:
        self.hands[seat] &= ~(1 << card)
        self.exposed[seat] |= 1 << card
        self.played.append((seat, card))
        s = self.seats[seat]
        played = _PLAYED.get((s, card, lead))
        events = [played if played is not None else _play_event(s, card, lead)]
        # Paying cards: Pope; the ace, king, queen and knave of trumps; Matrimony and Intrigue from one hand (003).
        if card == POPE:
            events.extend(self._take(seat, "Pope", "Pope is played"))
        if card // 13 == self.trumps and card % 13 + 2 in _HONOUR:
            rank = card % 13 + 2
            events.extend(self._take(seat, _HONOUR[rank], f"the {_card_words(card)} is played"))
            mine = self.honours_played[seat]
            mine.add(rank)
            if rank in (13, 12) and {13, 12} <= mine:
                events.extend(self._take(seat, "Matrimony", "king and queen of trumps from the same hand"))
            if rank in (12, 11) and {12, 11} <= mine:
                events.extend(self._take(seat, "Intrigue", "queen and knave of trumps from the same hand"))
        return events

    def _out(self, seat: int) -> list[Event]:
        """Going out: Game, and a counter a card from each other player; the holder of Pope unplayed is exempt."""
        before = self._ledger()
        events = self._take(seat, "Game", f"{self.seats[seat]} is out")
        s = self.seats[seat]
        for k in range(1, self.n):
            other = (seat + k) % self.n
            o = self.seats[other]
            left = self.hands[other].bit_count()
            if self.hands[other] >> POPE & 1:
                # He shows Pope to claim the exemption: it lies face up before him.
                self.hands[other] &= ~(1 << POPE)
                self.exposed[other] |= 1 << POPE
                events.append(
                    Event(
                        "exempt",
                        f"{o} shows Pope (9D) unplayed and pays nothing for {left} cards (003; rules §7.7)",
                        seat=o,
                        law=[_LAW, "rules §7.7"],
                        data={"seat": o, "cards": left},
                    )
                )
                continue
            if left:
                self.money[other] -= left
                self.money[seat] += left
                events.append(
                    Event(
                        "pay",
                        f"{o} pays {s} {left} for {left} card{'s' if left > 1 else ''} left (003; rules §7.7)",
                        seat=o,
                        law=[_LAW, "rules §7.7"],
                        data={"from": o, "to": s, "counters": left},
                    )
                )
        net = self._net(before)
        self._deal_log[-1]["result"] = {"out": s, "net": net}
        self._last_result = {"deal": self.deal_no, "out": s, "board": dict(self.board)}
        carried = ", ".join(f"{k} {v}" for k, v in self.board.items() if v)
        events.append(
            Event(
                "settled",
                f"deal {self.deal_no} settled; on the board, carried over: {carried or 'nothing'} (003)",
                law=_LAW,
                data={"board": dict(self.board), "scores": self.scores},
            )
        )
        events.extend(self._next())
        return events

    def _next(self) -> list[Event]:
        """The deal passes to the left; after the last deal of the round, the clearing deal (003)."""
        self.dealer = (self.dealer + 1) % self.n
        if self.deal_no >= self.deals_to_play:
            if not self.clearing:
                self.phase = "over"
                return [
                    Event(
                        "over",
                        "the sitting is over; the counters left on the board stay there: "
                        + ", ".join(f"{s} {self.money[i]:+d}" for i, s in enumerate(self.seats)),
                        law=_LAW,
                        data={"scores": self.scores},
                    )
                ]
            self.in_clearing = True
            self.phase = "cut"
            return [self._cut_prompt()]
        self.phase = "cut"
        return [*self._dress(), self._cut_prompt()]

    # ------------------------------------------------------------------ ledger

    def _ledger(self) -> dict[str, int]:
        return self.scores

    def _net(self, before: Mapping[str, int]) -> dict[str, int]:
        after = self.scores
        return {k: after[k] - before[k] for k in after}

    # ------------------------------------------------------------------ public state

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> dict[str, int]:
        """Each seat's counters won (+) or lost (−) and the counters on the board; the sum is always nought."""
        out = {s: self.money[i] for i, s in enumerate(self.seats)}
        out["board"] = sum(self.board.values())
        return out

    def places(self) -> dict[str, str]:
        out: dict[str, str] = {}
        if self.in_pack:
            return {CARD_TEXT[c]: "pack" for c in PACK_51}
        for s in range(self.n):
            for c in range(52):
                if self.hands[s] >> c & 1:
                    out[CARD_TEXT[c]] = f"hand {self.seats[s]}"
                elif self.exposed[s] >> c & 1:
                    out[CARD_TEXT[c]] = f"exposed {self.seats[s]}"
        for c in range(52):
            if self.widow >> c & 1:
                out[CARD_TEXT[c]] = "widow"
        if self.turned is not None:
            out[CARD_TEXT[self.turned]] = "turned"
        return out

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now: the board, the counters, the turn-up, the cards played, its own hand."""
        self.seat_check(seat)
        dealt = not self.in_pack
        v: dict[str, Any] = {
            "game": self.game.name,
            "seats": list(self.seats),
            "players": dict(self.players),
            "seat": seat,
            "dealer": self.seats[self.dealer],
            "deal": self.deal_no,
            "deals": self.deals_to_play,
            "clearing": self.in_clearing,
            "phase": self.phase,
            "to_act": self.to_act,
            "board": dict(self.board),
            "scores": self.scores,
            "turned": CARD_TEXT[self.turned] if dealt and self.turned is not None else None,
            "trumps": SUITS[self.trumps] if dealt and (self.turned is not None or self.in_clearing) else None,
            "leader": self.seats[self.leader] if self.phase == "lead" else None,
            "played": self._played_entries() if dealt else [],
            "runs": [dict(r) for r in self.runs] if dealt else [],
            "face_up": {self.seats[s]: _sorted_texts(self.exposed[s]) for s in range(self.n)} if dealt else {},
            "hand_counts": {self.seats[s]: self.hands[s].bit_count() for s in range(self.n)},
            "widow_count": self.widow.bit_count(),
            "last_result": dict(self._last_result) if self._last_result else None,
            "over": self.over,
        }
        if seat is not None:
            v["hand"] = _sorted_texts(self.hands[self.seats.index(seat)])
        return v

    _played_kept: tuple[list[tuple[int, int]], list[dict[str, str]]] | None = None
    """The deal's plays (``self.played``, by identity) and the view's entries made of them so far."""

    def _played_entries(self) -> list[dict[str, str]]:
        """The view's ``played``: ``{"seat", "card"}`` for each card played in the deal, in order, a new list of shared
        entries (whist.played_entry), extended from the plays since the last view instead of made again each view."""
        played = self.played
        kept = self._played_kept
        if kept is None or kept[0] is not played or len(kept[1]) > len(played):
            kept = self._played_kept = (played, [])
        entries = kept[1]
        if len(entries) < len(played):
            seats = self.seats
            entries.extend([whist.played_entry(seats[s], c) for s, c in played[len(entries) :]])
        return entries[:]


def _suit_actions() -> list[tuple[tuple[Action, ...], ...]]:
    """Whist's tables of the play actions of each suit's 13-bit mask, lowest index first (built on first use)."""
    if not whist._SUIT_ACTIONS:
        whist._build_tables()
    return whist._SUIT_ACTIONS


def _suit_ids() -> list[tuple[tuple[int, ...], ...]]:
    """The same tables as card indices."""
    if not whist._SUIT_IDS:
        whist._build_tables()
    return whist._SUIT_IDS


def _cut_minimum(n: int) -> int:
    """A cut leaves at least four cards in each packet (as at whist: 000 §34), fewer only in a tiny pack."""
    return min(4, n // 2)


SPEC = register(
    GameSpec(
        name="pope-joan",  # hyphenated like every other name; "pope joan" is kept for older records
        title="Pope Joan: the board of eight compartments, and stops",
        source="Hoffmann, Hoyle's Games Modernized (1909): Pope Joan",
        options=(
            Option(name="players", default=4, minimum=3, maximum=8, doc="players at the table (Peel; Cassell)"),
            Option(
                name="deals",
                default=0,
                minimum=0,
                maximum=1000,
                doc="regular deals before the clearing deal; 0: one round, every player dealing once",
            ),
            Option(
                name="hands",
                default="equal",
                choices=("equal", "rotation"),
                doc="equal: every player the same number, the widow the rest (Peel; Cassell); rotation: the first"
                " fifty cards one at a time round the players and the widow",
            ),
            Option(
                name="lead",
                default="any",
                choices=("any", "lowest"),
                doc="any: the leader leads any card (Hoyle's Games Modernized); lowest: the lowest card of the"
                " suit he leads (Parlett, The Penguin Book of Card Games)",
            ),
            Option(
                name="dressing",
                default="every dealer",
                choices=("every dealer", "first dealer"),
                doc="who dresses the board with fifteen counters: every dealer (Peel; Cassell) or the first"
                " dealer only (Hoyle's Games Modernized read literally)",
            ),
            Option(
                name="clearing",
                default=True,
                doc="end the sitting with the final deal face up that clears the board (Hoyle's Games Modernized)",
            ),
        ),
        table_class=PopeJoanTable,
        rules_bot="hoyle.bots.pope_joan_rules:PopeJoanRulesBot",
        seats=lambda o: tuple(SEAT_LETTERS[: o["players"]]),
        money=True,
        pack_size=lambda o: 51,  # the eight of diamonds taken out (003)
        variants=(
            {"players": 3, "lead": "lowest"},
            {"players": 7, "hands": "rotation", "dressing": "first dealer"},
            {"clearing": False, "deals": 5},
        ),
        aliases=("pope joan", "popejoan"),
    )
)
