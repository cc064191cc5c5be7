"""The poker table: Draw, Straight, Stud and Whiskey Poker as options of one game (003; rules §6).

A sitting is one round (every player deals once) unless ``deals=N``, and goes on past it while
money lies in the pool (a jack-pot not yet opened, a double header).  Seats are A, B, C... clockwise;
A deals first (003's narrative: "A is the dealer").

Every deal begins with its antes, put up before the cards are dealt (003: B "has put up, by way of
ante a single counter"); the ``ante`` action of the seat that owes one deals the cards once the
last is in.  The hands shown at a showdown therefore lie on the table until the next ante.

The ledger (design.md, "One ledger"): ``scores`` holds what each seat has won or lost over the
sitting, and the pool (``pot``, with ``side pot 1``... when a player at table stakes cannot cover);
every counter moves between them, so their sum never changes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ... import poker as ev
from ...cards import BLANK, CARD_TEXT, PACK_52, PACK_53, Card, Pack, format_cards, parse
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.table import Table
from ...errors import IllegalAction, InvalidAction, InvalidDeal
from .betting import LAW_DRAW, LAW_JACKPOT, LAW_STAKES, LAW_STRAIGHT, Interval, legal_texts
from .pots import divide, layers

__all__ = ["VARIANTS", "PokerTable"]

VARIANTS = ("draw", "straight", "stud", "whiskey")
ALL_SEATS = "ABCDEFGHIJ"
MAX_PLAYERS = {"draw": 7, "straight": 10, "stud": 10, "whiskey": 9}
LAW_STUD = "003 Stud Poker"
LAW_WHISKEY = "003 Whiskey Poker"
LAW_MISTIGRIS = "003 Mistigris"
LAW_TIGER = "003 The Tiger"

_ACTIONS: dict[str, Action] = {}
_KEPT = 1 << 16
"""Actions kept made (immutable, shared by every table): the bets and stakes, and the draws met lately.  A draw
names cards, so a long-running room would meet millions of them: past this many the store starts again (actions
compare by value, so a new one is as good as the one forgotten)."""


def _keep(text: str, a: Action) -> Action:
    if len(_ACTIONS) >= _KEPT:
        _ACTIONS.clear()
    _ACTIONS[text] = a
    return a


_Bets = tuple[tuple[Action, ...], dict[Action, tuple[str, int | None]]]
_BETS: dict[Any, _Bets] = {}
"""The lawful acts of the betting by :meth:`Interval.legal_key` (a few hundred keys at most): the actions in
:func:`~.betting.legal_texts`' order, and each action's verb and amount as :meth:`Interval.act` takes them."""


def _bets(key: Any) -> _Bets:
    """:data:`_BETS`' entry for ``key``, made once (the same key, the same lawful acts: betting.legal_texts)."""
    acts = tuple(_act(t) for t in legal_texts(key))
    parsed: dict[Action, tuple[str, int | None]] = {}
    for a in acts:
        verb = "go in" if a.verb == "go" else a.verb
        parsed[a] = (verb, int(a.arg) if verb in ("raise", "open") else None)
    entry = _BETS[key] = (acts, parsed)
    return entry


_new_tuple = tuple.__new__
"""``_new_tuple(Event, (kind, text, seat, law, data, private))`` is ``Event(kind, text, seat=..., ...)`` (an Event is
a tuple underneath) without its keywords."""


def _act(text: str) -> Action:
    a = _ACTIONS.get(text)
    if a is None:
        a = _keep(text, Action.parse(text))
    return a


def _card_act(verb: str, cards: str) -> Action:
    """``_act(f"{verb} {cards}".lower())`` for cards in notation (``"2C TH"``), without parsing: the parsed action's
    argument is the cards' notation itself."""
    text = f"{verb} {cards}".lower()
    a = _ACTIONS.get(text)
    if a is None:
        a = _keep(text, Action(verb, cards))
    return a


def _word(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five")[n] if 0 <= n <= 5 else str(n)


class PokerTable(Table):
    """A sitting of poker (see the module)."""

    seats: tuple[str, ...]

    def _setup(
        self, game: Any, *, players: Sequence[str] | None, deal: Mapping[str, Any] | None, start: dict[str, Any]
    ) -> None:
        o = game.options
        self.variant: str = o["variant"]
        n = o["players"]
        if n > MAX_PLAYERS[self.variant]:
            raise ValueError(
                f"{self.variant} poker seats at most {MAX_PLAYERS[self.variant]} players, not {n}"
                + (" (five cards each and the widow's five)" if self.variant == "whiskey" else "")
            )
        self.seats = tuple(ALL_SEATS[:n])
        self.n = n
        self.ante_unit: int = o["ante"]
        self.limit: int = o["limit"]
        self.jackpots: bool = o["jackpots"] and self.variant == "draw"
        self.straddle: bool = o["straddle"] and self.variant == "draw"
        self.table_stakes: bool = o["table_stakes"]
        self.stake: int = o["stake"]
        self.mistigris: bool = o["mistigris"]
        self.buck_rule: bool = o["buck"]
        self.stud_first: str = o["stud_first"]
        self.law_mode: bool = o["irregularities"]  # law mode: false openers (rules §6.3.5)
        # A plain tuple: a Pack does not survive deepcopy (clone), see the report.
        self.pack: tuple[Card, ...] = tuple(PACK_53 if self.mistigris else PACK_52)
        self._law = {"draw": LAW_DRAW, "straight": LAW_STRAIGHT, "stud": LAW_STUD, "whiskey": LAW_WHISKEY}[self.variant]
        self.evaluator = ev.evaluator(
            tiger=o["tiger"],
            english=o["english_poker_laws"],
            five_of_a_kind=o["five_of_a_kind"],
            joker_wins_ties=o["joker_wins_ties"],
        )
        self.deals_target: int = o["deals"] or n
        self._given_next: list[dict[str, Any]] = []
        if "players" in start:
            names = dict(start["players"])
            self.dealer = self.seats.index(start["dealer"])
        else:
            given = list(players) if players else list(self.seats)
            if len(given) != n or len(set(given)) != n or not all(isinstance(x, str) and x for x in given):
                raise ValueError(f"poker with players={n} seats {n} distinct players, not {given!r}")
            names = dict(zip(self.seats, given, strict=True))
            self.dealer = 0
            if deal is not None:
                self.dealer = self._given_deal(deal)
        self.players: dict[str, str] = names
        self._start = {"players": dict(names), "dealer": self.seats[self.dealer]}
        # The ledger.
        self.net: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.pot = 0
        self.carried = 0  # dead money in the pool from earlier deals
        self.paid: dict[str, int] = dict.fromkeys(self.seats, 0)  # live stakes on this deal (the Age's ante is live)
        self.dead = 0  # dead antes of this deal: the main pool's, like the money carried
        # The sitting.
        self.deals_done = 0
        self.buck = self.dealer  # the buck starts with the first dealer (003 Straight Poker, 2)
        self.jackpot_next = False
        self.jackpot_again = False
        self.double_header = False
        self.retired: list[str] = []
        self.penalty_ante: str | None = None  # a false opener antes for everyone (rules §6.3.5)
        self.false_opener: str | None = None
        self.came_in: set[str] = set()
        self._over = False
        self.last_result: dict[str, Any] | None = None
        # The deal.
        self.phase = "ante"
        self.antes_due: list[tuple[str, int, str]] = []
        self.dealt: list[str] = []  # seats dealt in, from the dealer's left
        self.status: dict[str, str] = {}
        self.hands: dict[str, list[Card]] = {}
        self.up: dict[str, list[Card]] = {}
        self.shown: dict[str, list[Card]] = {}
        self.stock: list[Card] = list(self.pack)
        self.discards: list[Card] = []
        self.widow: list[Card] = []
        self.widow_exposed = False
        self.started = False  # no card has been dealt yet: the pack lies on the table
        self.history: list[str] = []
        self.interval: Interval | None = None
        self.interval_no = 0
        self.age: str | None = None
        self.is_jackpot = False
        self.opener: str | None = None
        self.openers: tuple[Card, ...] = ()
        self.kept_apart: list[Card] = []
        self.split_openers = False
        self.draw_queue: list[str] = []
        self.drawn: dict[str, int] = {}
        self.whiskey_queue: list[str] = []
        self.knocker: str | None = None
        self.widow_taken_by: str | None = None
        self._deal_entry: dict[str, Any] | None = None
        self.events.extend(self._set_antes())

    # ================================================================== given deals

    def _given_deal(self, deal: Mapping[str, Any]) -> int:
        """A first deal given by its hands (dealt one at a time from the dealer's left) and the stock.

        ``{"dealer": "A", "hands": {"A": "...", ...}, "stock": "QH 9D ..."}`` (whiskey: a hand
        ``"widow"`` too; stud: each hand in the order its cards come, the hole card first); or
        ``{"dealer": "A", "order": "..."}``, the whole pack from the top.  Cards not named follow in
        the pack's order.  ``"next"``: a list of further deals given the same way (without a dealer:
        whoever deals next deals them), for tests and imported hand histories.
        """
        if not isinstance(deal, Mapping):
            raise InvalidDeal("a given deal is a mapping: {'dealer': 'A', 'hands': {...}, 'stock': '...'}")
        try:
            dealer = self.seats.index(str(deal.get("dealer", "A")).upper())
        except ValueError:
            raise InvalidDeal(f"given deal: the dealer must be one of {', '.join(self.seats)}") from None
        order = self._order_from(deal, dealer)
        self._script_first({"order": format_cards(order), "cut": None})
        nxt = deal.get("next") or []
        if not isinstance(nxt, list) or not all(isinstance(d, Mapping) for d in nxt):
            raise InvalidDeal("given deal: 'next' is a list of deals, each with 'hands' (and 'stock') or 'order'")
        self._given_next = [dict(d) for d in nxt]
        return dealer

    def _order_from(self, deal: Mapping[str, Any], dealer: int) -> list[Card]:
        """The pack's order, top first, that deals ``deal``'s hands when ``dealer`` deals."""
        try:
            if "order" in deal:
                order = list(parse(deal["order"]))
            else:
                hands_text = deal["hands"]
                names = list(self.seats) + (["widow"] if self.variant == "whiskey" else [])
                hands = {s: list(parse(hands_text[s])) for s in names}
                for s, h in hands.items():
                    if len(h) != 5:
                        raise InvalidDeal(f"given deal: {s} has {len(h)} cards; each hand has five")
                rotation = [self.seats[(dealer + k) % self.n] for k in range(1, self.n + 1)]
                if self.variant == "whiskey":
                    rotation.append("widow")
                order = [hands[s][i] for i in range(5) for s in rotation]
                order += list(parse(deal.get("stock", "")))
        except KeyError as exc:
            raise InvalidDeal(
                f"given deal: missing {exc}; give 'dealer', 'hands' for "
                f"{', '.join(self.seats)} (and 'stock'), or 'order'"
            ) from None
        except ValueError as exc:
            raise InvalidDeal(f"given deal: {exc}") from None
        if len(set(order)) != len(order):
            twice = sorted(c for c, n in Counter(order).items() if n > 1)
            raise InvalidDeal(f"given deal: cards given twice: {format_cards(twice)}")
        in_pack = set(self.pack)
        stray = [c for c in order if c not in in_pack]
        if stray:
            raise InvalidDeal(
                f"given deal: {format_cards(stray)} not in the pack"
                + (" (Mistigris needs mistigris=True)" if BLANK in stray else "")
            )
        given = set(order)
        return order + [c for c in self.pack if c not in given]

    # ================================================================== the sitting

    def _money(self, seat: str) -> int | None:
        """What a seat has before him at table stakes (None: no table stakes)."""
        return self.stake + self.net[seat] if self.table_stakes else None

    def _rotation(self, start: int, *, among: Sequence[str] | None = None) -> list[str]:
        """Seats from index ``start`` round the table, those retired left out (or only ``among``)."""
        out = [self.seats[(start + k) % self.n] for k in range(self.n)]
        keep = set(among) if among is not None else None
        return [s for s in out if s not in self.retired and (keep is None or s in keep)]

    def _left_of(self, index: int) -> int:
        """The next seat in play to the left of seat ``index``."""
        for k in range(1, self.n + 1):
            s = self.seats[(index + k) % self.n]
            if s not in self.retired:
                return (index + k) % self.n
        return index

    def _pay(self, seat: str, amount: int, *, live: bool = True) -> None:
        self.net[seat] -= amount
        self.pot += amount
        if live:
            self.paid[seat] = self.paid.get(seat, 0) + amount
        else:
            self.dead += amount

    def _receive(self, seat: str, amount: int) -> None:
        self.net[seat] += amount
        self.pot -= amount

    def _set_antes(self) -> list[Event]:
        """Before a deal: retire the broke (table stakes), then say who owes which ante."""
        events: list[Event] = []
        if self.table_stakes:
            for s in self.seats:
                if s not in self.retired and (self._money(s) or 0) <= 0:
                    self.retired.append(s)
                    events.append(
                        Event(
                            "retire",
                            f"{self.players[s]} ({s}) has nothing on the table and retires"
                            f" from the game ({LAW_STAKES})",
                            seat=s,
                            law=LAW_STAKES,
                        )
                    )
            if self.seats[self.dealer] in self.retired:
                self.dealer = self._left_of(self.dealer)
            if self.seats[self.buck] in self.retired:
                self.buck = self._left_of(self.buck)
        live = self._rotation(self.dealer + 1)
        if len(live) < 2:
            if self.pot and live:
                events.extend(
                    self._award(
                        {live[0]: self.pot}, "takes what is left in the pool: no one else has money on the table"
                    )
                )
            self._over = True
            self.phase = "over"
            return events
        unit = self.ante_unit
        due: list[tuple[str, int, str]] = []
        if self.penalty_ante is not None and self.penalty_ante in live:
            due = [(self.penalty_ante, unit * len(live), "penalty")]  # he antes for everyone (rules §6.3.5)
        elif self.variant == "draw":
            if self.jackpot_next:
                if self.jackpot_again:  # each player puts another chip in the pool (003 Jack-pots)
                    due = [(s, unit, "jack-pot") for s in live]
                else:  # instead of the Age withdrawing the ante, each of the others puts up a like amount
                    age = self.age
                    due = [(s, unit, "jack-pot") for s in live if s != age]
            else:
                due = [(live[0], unit, "age")]
        elif self.variant in ("straight", "stud") and self.buck_rule:
            holder = self.seats[self.buck]
            due = [(holder, unit * len(live), "buck")]
        else:
            due = [(s, unit, "each") for s in live]
        self.penalty_ante = None
        self.antes_due = due
        self.phase = "ante"
        return events

    # ================================================================== the engine interface

    @property
    def to_act(self) -> str | None:
        if self._over:
            return None
        if self.phase == "ante":
            return self.antes_due[0][0]
        if self.phase == "bet":
            assert self.interval is not None
            return self.interval.to_act
        if self.phase == "draw":
            return self.draw_queue[0]
        if self.phase in ("widow", "exchange", "last"):
            return self.whiskey_queue[0]
        return None

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        if self.phase == "ante":
            return [_act("ante")]
        if self.phase == "bet":
            iv = self.interval
            assert iv is not None
            key = iv.legal_key()
            bets = _BETS.get(key)
            if bets is None:
                bets = _bets(key)
            self._bets_known = (iv, iv.actions, bets)
            return list(bets[0])
        if self.phase == "draw":
            seat = self.draw_queue[0]
            texts = [CARD_TEXT[c] for c in self.hands[seat]]
            out = [_act("stand pat")]
            known = _ACTIONS
            for combo in _draw_combinations(len(texts)):  # by size, then as itertools orders them
                cards = " ".join([texts[i] for i in combo])
                a = known.get(f"draw {cards.lower()}")
                out.append(a if a is not None else _card_act("draw", cards))
            return out
        seat = self.whiskey_queue[0]
        out = []
        if self.phase == "widow":
            out = [_act("knock"), _act("pass"), _act("take widow")]
        else:
            if self.phase == "exchange":
                out.append(_act("knock"))
            else:
                out.append(_act("pass"))
            for mine in self.hands[seat]:
                for theirs in self.widow:
                    out.append(_act(f"exchange {mine} {theirs}".lower()))
        return out

    _bets_known: tuple[Interval, int, _Bets] | None = None
    """The interval, its count of acts and the lawful bets :meth:`legal_actions` last found (kept until an act)."""

    _lean = True
    """Whether a lawful bet may take :meth:`apply`'s short way: not in a class that changes ``_check``, ``_do`` or
    ``_do_bet``."""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._lean = cls._check is PokerTable._check and cls._do is PokerTable._do and cls._do_bet is PokerTable._do_bet

    def apply(self, action: Action | str) -> list[Event]:
        """:meth:`Table.apply`; a lawful bet by the seat to speak (one of :meth:`legal_actions`, known by the lawful
        acts' key, :meth:`Interval.legal_key`) goes straight to the betting, with nothing left to check."""
        if self.phase == "bet" and type(action) is Action and self._lean and not self._over:
            iv = self.interval
            assert iv is not None
            known = self._bets_known
            if known is not None and known[0] is iv and known[1] == iv.actions:
                bets = known[2]
            else:
                key = iv.legal_key()
                bets = _BETS.get(key) or _bets(key)
            va = bets[1].get(action)
            if va is not None:
                self._bets_known = None
                self.actions.append(action)
                return self._logged(self._bet(iv.order[iv._turn], va[0], va[1]))
        return super().apply(action)

    def irregular_actions(self, seat: str) -> list[Action]:
        """Law mode: a seat to speak in a jack-pot not yet opened may open it without openers (rules §6.3.5)."""
        self.seat_check(seat)
        iv = self.interval
        if not self.law_mode or self.phase != "bet" or iv is None or iv.opened or iv.to_act != seat:
            return []
        if self._may_open(seat):
            return []
        money = self._money(seat)
        top = self.limit if money is None else min(self.limit, money)
        return [_act(f"open {n}") for n in range(1, top + 1)]

    def _check(self, action: Action) -> None:
        seat = self.to_act
        verb, arg = action.verb, action.arg
        if seat is None:
            raise IllegalAction(f"{action}: the sitting is over")
        name = seat
        if verb == "ante":
            if self.phase != "ante":
                raise IllegalAction(
                    f"ante: the antes are in and the cards dealt; the ante is put up before the deal ({LAW_DRAW})",
                    law=LAW_DRAW,
                )
            if arg:
                raise InvalidAction(f"{action}: write 'ante' alone: the ante is {self.antes_due[0][1]}")
            return
        if self.phase == "ante":
            seat_, amount_, why = self.antes_due[0]
            what = "the ante for all, holding the buck" if why == "buck" else "his ante"
            law = LAW_STRAIGHT if why == "buck" else LAW_JACKPOT if why == "jack-pot" else LAW_DRAW
            raise IllegalAction(
                f"{action}: before the deal {seat_} puts up {what} ({amount_}): 'ante' ({law})", law=law
            )
        if self.phase == "bet":
            assert self.interval is not None
            if verb in ("go", "stand", "hold"):
                want = {"go": "in", "stand": "pat", "hold": "age"}[verb]
                if arg not in (want, f"the {want}") and not (verb == "hold" and arg == ""):
                    raise InvalidAction(f"{action}: did you mean '{verb} {want}'?")
            if verb == "go":
                self.interval.check("go in", None)
                return
            if verb in ("raise", "open"):
                self.interval.check(verb, _amount(action))
                return
            if verb in ("pass", "see", "straddle", "hold"):
                if arg and verb != "hold":
                    raise InvalidAction(f"{action}: '{verb}' takes nothing after it")
                self.interval.check(verb, None)
                return
            if verb in ("draw", "stand"):
                raise IllegalAction(
                    f"{action}: the draw comes when the betting before it is over ({LAW_DRAW})", law=LAW_DRAW
                )
            raise IllegalAction(f"{action}: in the betting {name} may: {', '.join(self.interval.legal())}")
        if self.phase == "draw":
            if verb == "stand":
                if arg != "pat":
                    raise InvalidAction(f"{action}: did you mean 'stand pat'?")
                return
            if verb != "draw":
                raise IllegalAction(
                    f"{action}: it is the draw: {name} discards and draws ('draw 2C 7H') or stands pat ({LAW_DRAW})",
                    law=LAW_DRAW,
                )
            cards = _cards_arg(action)
            hand = self.hands[seat]
            missing = [c for c in cards if c not in hand]
            if missing:
                raise IllegalAction(f"{action}: {name} does not hold {format_cards(missing)}")
            if len(set(cards)) != len(cards):
                raise IllegalAction(f"{action}: a card is named twice")
            if not cards:
                raise InvalidAction(f"{action}: name the cards to discard, e.g. 'draw 2C 7H', or 'stand pat'")
            return
        # Whiskey Poker
        if self.phase == "widow":
            if verb == "knock" or verb == "pass" or (verb == "take" and arg == "widow"):
                if verb in ("knock", "pass") and arg:
                    raise InvalidAction(f"{action}: '{verb}' takes nothing after it")
                return
            raise IllegalAction(
                f"{action}: {name} may play his own hand (knock), pass, or take the widow ({LAW_WHISKEY})",
                law=LAW_WHISKEY,
            )
        if verb == "knock" and self.phase == "exchange":
            return
        if verb == "pass" and self.phase == "last":
            return
        if verb == "exchange":
            cards = _cards_arg(action)
            if len(cards) != 2:
                raise InvalidAction(
                    f"{action}: name your card, then the card you take from the table: 'exchange 2C 7H'"
                )
            mine, theirs = cards
            if mine not in self.hands[seat]:
                raise IllegalAction(f"{action}: {name} does not hold {mine}")
            if theirs not in self.widow:
                raise IllegalAction(
                    f"{action}: {theirs} is not among the cards exposed on the table ({LAW_WHISKEY})", law=LAW_WHISKEY
                )
            return
        what = "exchange a card or knock" if self.phase == "exchange" else "make his last exchange or pass"
        raise IllegalAction(f"{action}: {name} may {what} ({LAW_WHISKEY})", law=LAW_WHISKEY)

    def _do(self, action: Action) -> list[Event]:
        seat = self.to_act
        assert seat is not None
        if self.phase == "ante":
            return self._do_ante(seat)
        if self.phase == "bet":
            return self._do_bet(seat, action)
        if self.phase == "draw":
            return self._do_draw(seat, action)
        return self._do_whiskey(seat, action)

    # ================================================================== antes and the deal

    def _do_ante(self, seat: str) -> list[Event]:
        s, amount, why = self.antes_due.pop(0)
        money = self._money(s)
        if money is not None:
            amount = min(amount, money)
        self._pay(s, amount, live=why == "age")  # the Age's ante counts towards his stake (003); others are dead
        law = LAW_DRAW
        if why == "age":
            text = f"{s}, the Age, puts up the ante: {amount}"
        elif why == "buck":
            text = f"{s}, holding the buck, chips {amount} for all and passes the buck to the left"
            law = LAW_STRAIGHT
            self.buck = self._left_of(self.buck)
        elif why == "jack-pot":
            text = f"{s} puts up {amount} for the jack-pot"
            law = LAW_JACKPOT
        elif why == "penalty":
            text = f"{s}, who opened on false openers, antes {amount} for everyone (rules §6.3.5)"
            law = "rules §6.3"
        else:
            text = f"{s} antes {amount}"
            law = LAW_WHISKEY if self.variant == "whiskey" else LAW_STRAIGHT
        events = [Event("ante", text, seat=s, law=law, data={"amount": amount, "pot": self.pot})]
        if not self.antes_due:
            events.extend(self._deal())
        return events

    def _deal(self) -> list[Event]:
        """Shuffle, cut and deal: five cards each, one at a time from the dealer's left (rules §6.1.1)."""
        if self._given_next and not self._script:  # a further given deal, dealt by whoever deals now
            self._script_first(
                {"order": format_cards(self._order_from(self._given_next.pop(0), self.dealer)), "cut": None}
            )
        order = self._draw_deal(Pack("53 with the blank card" if self.mistigris else "52", self.pack))
        entry = self._deal_log[-1]
        self._deal_entry = entry
        d = self.seats[self.dealer]
        entry["dealer"] = d
        self.started = True
        dealt = self._rotation(self.dealer + 1)
        self.dealt = dealt
        self.status = dict.fromkeys(dealt, "in")
        self.hands = {s: [] for s in dealt}
        self.up = {}
        self.shown = {}
        self.discards = []
        self.widow = []
        self.widow_exposed = False
        self.kept_apart = []
        self.split_openers = False
        self.opener = None
        self.openers = ()
        self.false_opener = None
        self.came_in = set()
        self.drawn = {}
        self.knocker = None
        self.widow_taken_by = None
        self.history = []
        self.interval_no = 0
        self.is_jackpot = self.jackpot_next
        self.age = None if self.is_jackpot or self.variant != "draw" else dealt[0]
        stock = list(order)
        private: dict[str, dict[str, Any]] = {}
        no = self.deals_done + 1
        what = {"draw": "Draw Poker", "straight": "Straight Poker", "stud": "Stud Poker", "whiskey": "Whiskey Poker"}[
            self.variant
        ]
        laws: list[str] = [LAW_DRAW if self.variant == "draw" else f"003 {what}"]
        data: dict[str, Any] = {"deal": no, "dealer": d, "variant": self.variant, "pot": self.pot}
        if self.variant == "stud":
            for s in dealt:  # the hole card, face down
                self.hands[s].append(stock.pop(0))
            for s in dealt:  # and one face upwards
                self.up[s] = [stock.pop(0)]
            text = f"deal {no}: {d} deals each a card face down and one face up; " + ", ".join(
                f"{s} shows {self.up[s][0]}" for s in dealt
            )
            data["up"] = {s: str(self.up[s][0]) for s in dealt}
            private = {s: {"hand": str(self.hands[s][0])} for s in dealt}
        else:
            rotation: list[str | None] = [*dealt, None] if self.variant == "whiskey" else list(dealt)
            for _ in range(5):
                for to in rotation:
                    card = stock.pop(0)
                    if to is None:
                        self.widow.append(card)
                    else:
                        self.hands[to].append(card)
            private = {s: {"hand": format_cards(self.hands[s])} for s in dealt}
            text = f"deal {no}: {d} deals five cards to each"
            if self.variant == "whiskey":
                text += ", and five to the widow"
            if self.age:
                text += f"; {self.age} is the Age"
            if self.is_jackpot:
                text += "; a jack-pot: jacks or better to open"
                laws.append(LAW_JACKPOT)
            if self.double_header:
                text += "; a double header"
        self.stock = stock
        if self.mistigris:
            laws.append(LAW_MISTIGRIS)
        if self.evaluator.rules.tiger:
            laws.append(LAW_TIGER)
        data["age"] = self.age
        data["jackpot"] = self.is_jackpot
        events = [Event("deal", text, seat=d, law=laws, data=data, private=private)]
        self.double_header = False
        if self.variant == "whiskey":
            self.phase = "widow"
            self.whiskey_queue = list(dealt)
            return events
        events.extend(self._start_interval())
        return events

    # ================================================================== betting

    def _contenders(self) -> list[str]:
        return [s for s in self.dealt if self.status.get(s) == "in"]

    def _start_interval(self) -> list[Event]:
        """Open the next betting interval (or skip it when fewer than two can still bet)."""
        self.interval_no += 1
        live = self._contenders()
        avail = self._money if self.table_stakes else None
        kind, pass_rule, hold, straddle, raising = "bet", "out", None, None, True
        put: dict[str, int] = {}
        level = 0
        if self.variant == "draw" and self.interval_no == 1:
            if self.is_jackpot:
                kind = "jackpot"
                order = live
            else:
                # C, D, E, A and the Age last (003 Draw Poker): the Age comes in last.
                age = self.age
                assert age is not None
                order = [*live[1:], live[0]]
                kind = "enter"
                level = 2 * self.ante_unit  # going in is double the ante
                put = {age: self.paid.get(age, 0)}
                if self.straddle:
                    straddle, raising = order[0], False
        elif self.variant == "draw":
            order = live
            if self.age is not None and self.age in live:
                hold = self.age  # he may hold the age (003 Draw Poker)
        else:
            pass_rule = "straight"  # 003 Straight Poker 5 (and Stud, a form of it)
            order = live
            if self.variant == "stud" and self.stud_first == "best showing":
                best = max(live, key=lambda s: (_showing(self.up[s]), -live.index(s)))
                i = live.index(best)
                order = live[i:] + live[:i]
        able = [s for s in order if avail is None or (avail(s) or 0) > 0]
        if kind == "bet" and len(able) < 2:
            self.history.append("no betting: at most one player has money left on the table")
            return self._interval_over(None)
        self.interval = Interval(
            order=order,
            kind=kind,
            limit=self.limit,
            level=level,
            put=put,
            pass_rule=pass_rule,
            available=avail,
            may_open=self._may_open if kind == "jackpot" else None,
            hold=hold,
            false_openers=self.law_mode,
            straddle=straddle,
            raising=raising,
        )
        self.phase = "bet"
        return []

    def _may_open(self, seat: str) -> bool:
        return ev.openers(self.hands[seat], **self._eval_options()) is not None

    def _eval_options(self) -> dict[str, bool]:
        r = self.evaluator.rules
        return {
            "tiger": r.tiger,
            "english": r.english,
            "five_of_a_kind": r.five_of_a_kind,
            "joker_wins_ties": r.joker_wins_ties,
        }

    def _do_bet(self, seat: str, action: Action) -> list[Event]:
        verb = action.verb
        if verb == "go":
            verb = "go in"
        return self._bet(seat, verb, _amount(action) if verb in ("raise", "open") else None)

    def _bet(self, seat: str, verb: str, amount: int | None) -> list[Event]:
        """A lawful act of the betting (``verb`` as :meth:`Interval.act` takes it), its events."""
        iv = self.interval
        assert iv is not None
        _, out_verb, put, raised, text, law, all_in, excluded = iv._act(verb, amount)
        if put:
            self._pay(seat, put)
        data: dict[str, Any] = {"act": out_verb, "amount": put, "pot": self.pot}
        if raised:
            data["raised"] = raised
        if all_in:
            data["all_in"] = True
        events: list[Event] = [_new_tuple(Event, ("bet", text, seat, law, data, None))]
        self.history.append(text)
        if verb == "open":
            self.opener = seat
            found = ev.openers(self.hands[seat], **self._eval_options())
            self.openers = found or ()
            if found is None:  # law mode: nobody knows it yet; it is judged when he must show them
                self.false_opener = seat
        elif put and self.is_jackpot and self.opener is not None and seat != self.opener:
            self.came_in.add(seat)
        if out_verb == "pass" and iv.state[seat] == "out":
            events.extend(self._fold(seat))
        for s in excluded:
            events.append(
                Event(
                    "bet",
                    f"{s} passed, and {seat} has raised: {s} is excluded ({LAW_STRAIGHT}, 5)",
                    seat=s,
                    law=LAW_STRAIGHT,
                )
            )
            self.history.append(f"{s} is excluded by the raise")
            events.extend(self._fold(s))
        if iv._turn < 0:  # iv.over
            events.extend(self._interval_over(iv))
        return events

    def _fold(self, seat: str) -> list[Event]:
        """A seat out of the deal throws his cards face down (003: "in front of the Age")."""
        self.status[seat] = "out"
        self.discards.extend(self.hands.get(seat, []))
        self.hands[seat] = []
        if seat in self.up:  # at Stud he turns his upturned cards down (rules §6.6)
            self.discards.extend(self.up[seat])
            self.up[seat] = []
        return []

    def _interval_over(self, iv: Interval | None) -> list[Event]:
        self.interval = None
        if iv is not None:
            for s in iv.order:
                if iv.state[s] == "out" and self.status.get(s) == "in":
                    self._fold(s)
        live = self._contenders()
        events: list[Event] = []
        if self.variant == "draw" and self.interval_no == 1:
            assert iv is not None
            if iv.kind == "jackpot" and not iv.opened:
                return self._unopened()
            if iv.kind == "enter" and not (iv.went_in - {self.age}) and live == [self.age]:
                return self._nobody_in()
            if len(live) == 1:
                return self._uncalled(live[0])
            return self._begin_draw()
        if len(live) == 1:
            return self._uncalled(live[0])
        if self.variant in ("straight", "stud") and self.interval_no == 1 and iv is not None and iv.bets == 0:
            return self._double_header()
        if self.variant == "stud" and self.interval_no < 4:
            return self._next_stud_card()
        events.extend(self._showdown())
        return events

    # ================================================================== Draw Poker: the draw

    def _begin_draw(self) -> list[Event]:
        # In order from the left of the dealer, the dealer last (rules §6.1.4).
        self.draw_queue = [s for s in self._rotation(self.dealer + 1) if self.status.get(s) == "in"]
        self.phase = "draw"
        return []

    def _do_draw(self, seat: str, action: Action) -> list[Event]:
        self.draw_queue.pop(0)
        events: list[Event] = []
        if action.verb == "stand":
            self.drawn[seat] = 0
            text = f"{seat} stands pat"
            events.append(Event("draw", text, seat=seat, law=LAW_DRAW, data={"cards": 0}))
        else:
            cards = _cards_arg(action)
            hand = self.hands[seat]
            for c in cards:
                hand.remove(c)
            k = len(cards)
            extra: list[Event] = []
            if len(self.stock) < k:
                extra = self._reshuffle(exclude=cards)
            new = self.stock[:k]
            del self.stock[:k]
            hand.extend(new)
            self.discards.extend(cards)
            self.drawn[seat] = k
            text = f"{seat} discards {_word(k)} and draws {_word(k)}"
            law: str | list[str] = LAW_DRAW
            if seat == self.opener and self.openers and not set(self.openers) <= set(hand):
                self.split_openers = True
                self.kept_apart = [c for c in cards if c in self.openers]
                text += ", splitting his openers: he keeps the discard apart to show them (rules §6.3.6)"
                law = [LAW_DRAW, "rules §6.3"]
            events.extend(extra)
            events.append(
                Event(
                    "draw",
                    text,
                    seat=seat,
                    law=law,
                    data={"cards": k},
                    private={
                        seat: {"discarded": format_cards(cards), "drew": format_cards(new), "hand": format_cards(hand)}
                    },
                )
            )
        self.history.append(text)
        if not self.draw_queue:
            events.extend(self._start_interval())
        return events

    def _reshuffle(self, exclude: Sequence[Card]) -> list[Event]:
        """The stock is short: the discards and thrown hands are gathered, shuffled and cut (rules choice)."""
        gather = [c for c in self.discards if c not in set(exclude) and c not in set(self.kept_apart)]
        pack = Pack("the discards", gather)
        order = self._draw_deal(pack, cut=False)
        self._deal_log[-1]["result"] = {"reshuffle": len(order)}
        self.discards = [c for c in self.discards if c not in set(gather)]
        self.stock.extend(order)
        return [
            Event(
                "reshuffle",
                f"the stock is short: the dealer gathers the {len(order)} discarded cards, shuffles"
                " them and deals on from them",
                law="rules §6.1.4",
                data={"cards": len(order)},
            )
        ]

    # ================================================================== Stud Poker: the next card

    def _next_stud_card(self) -> list[Event]:
        live = [s for s in self._rotation(self.dealer + 1) if self.status.get(s) == "in"]
        for s in live:
            self.up[s].append(self.stock.pop(0))
        text = "each still in receives a card face upwards: " + ", ".join(f"{s} {self.up[s][-1]}" for s in live)
        events = [Event("card", text, law=LAW_STUD, data={"up": {s: str(self.up[s][-1]) for s in live}})]
        events.extend(self._start_interval())
        return events

    # ================================================================== endings

    def _nobody_in(self) -> list[Event]:
        """Nobody went in against the Age: he takes back his ante, or a jack-pot is formed (003 Jack-pots)."""
        age = self.age
        assert age is not None
        events: list[Event] = []
        if self.jackpots:
            self.carried = self.pot
            self.jackpot_next, self.jackpot_again = True, False
            events.append(
                Event(
                    "jack-pot",
                    "nobody goes in: instead of the Age withdrawing his ante, each of the"
                    " other players puts up a like amount and the next deal is a jack-pot"
                    f" ({LAW_JACKPOT})",
                    law=LAW_JACKPOT,
                    data={"pot": self.pot},
                )
            )
            result: dict[str, Any] = {"nobody in": True, "jack-pot": True, "pot": self.pot}
        else:
            amount = self.pot
            events.extend(self._award({age: amount}, "takes back his ante: nobody went in"))
            result = {"nobody in": True, "returned": {age: amount}}
        return events + self._end_deal(result)

    def _unopened(self) -> list[Event]:
        self.carried = self.pot
        self.jackpot_next, self.jackpot_again = True, True
        events = [
            Event(
                "jack-pot",
                f"nobody opens the jack-pot: each player puts another chip in the pool and there"
                f" is a fresh deal by the next player ({LAW_JACKPOT})",
                law=LAW_JACKPOT,
                data={"pot": self.pot},
            )
        ]
        return events + self._end_deal({"unopened": True, "pot": self.pot})

    def _double_header(self) -> list[Event]:
        self.carried = self.pot
        self.double_header = True
        events = [
            Event(
                "double header",
                f"all pass: a fresh contribution to the pool, and the elder hand deals; the"
                f" pool is a double header ({LAW_STRAIGHT}, 6)",
                law=LAW_STRAIGHT,
                data={"pot": self.pot},
            )
        ]
        result = {"all passed": True, "pot": self.pot}
        self.dealer = self._left_of(self.dealer)  # the elder hand deals
        return events + self._end_deal(result, dealer_set=True)

    def _uncalled(self, winner: str) -> list[Event]:
        """All but one have passed out: he takes the pool without showing (003), save a jack-pot's openers."""
        events: list[Event] = []
        result: dict[str, Any] = {"winner": winner, "pot": self.pot, "shown": {}}
        if self.is_jackpot and winner == self.false_opener:
            return self._false_openers_uncalled(winner)
        if self.is_jackpot and winner == self.opener and self.openers:
            proof = list(self.openers)
            self._expose(winner, proof)
            events.append(
                Event(
                    "show",
                    f"{winner} shows his openers, {format_cards(proof)}, as he is bound to do when"
                    f" not called ({LAW_JACKPOT})",
                    seat=winner,
                    law=LAW_JACKPOT,
                    data={"cards": [str(c) for c in proof]},
                )
            )
            result["shown"] = {winner: format_cards(proof)}
        amount = self.pot
        events.extend(
            self._award(
                {winner: amount}, "takes the pool without showing his hand" if not result["shown"] else "takes the pool"
            )
        )
        return events + self._end_deal(result, winner=winner)

    def _false_openers_uncalled(self, seat: str) -> list[Event]:
        """He must show his openers and cannot: he forfeits what he put in, the pool stays, and if nobody came
        in he antes for everyone for the next deal (rules §6.3.5, EB1911)."""
        hand = list(self.hands[seat])
        self._expose(seat, hand)
        nobody = not self.came_in
        text = (
            f"{seat} is bound to show his openers and cannot: {format_cards(hand)}: false openers. He forfeits"
            " all he put in; the pool stays for the next deal, a jack-pot"
            + (", and as nobody came in he antes for everyone" if nobody else "")
            + " (rules §6.3.5)"
        )
        events = [
            Event(
                "ruling",
                text,
                seat=seat,
                law=["rules §6.3", LAW_JACKPOT],
                data={"false openers": seat, "cards": [str(c) for c in hand]},
            )
        ]
        self.carried = self.pot
        self.jackpot_next, self.jackpot_again = True, True
        if nobody:
            self.penalty_ante = seat
        return events + self._end_deal({"false openers": seat, "pot": self.pot, "shown": {seat: format_cards(hand)}})

    def _expose(self, seat: str, cards: Sequence[Card]) -> None:
        """Cards turned face up on the table before their owner."""
        shown = self.shown.setdefault(seat, [])
        for c in cards:
            if c in self.hands.get(seat, []):
                self.hands[seat].remove(c)
            elif c in self.discards:
                self.discards.remove(c)
            elif c in self.up.get(seat, []):
                self.up[seat].remove(c)
            shown.append(c)

    def _showdown(self) -> list[Event]:
        """The hands still in are shown and the best wins; equal hands divide (003)."""
        live = self._contenders()
        events: list[Event] = []
        hands: dict[str, list[Card]] = {}
        for s in live:
            cards = [*self.hands[s], *self.up.get(s, [])]
            hands[s] = cards
        values = {s: self.evaluator.strength(hands[s]) for s in live}
        for s in live:
            self._expose(s, hands[s])
            hands[s] = list(self.evaluator.best_hand(hands[s]))  # shown highest first, pairs together
            events.append(
                Event(
                    "show",
                    f"{s} shows {format_cards(hands[s])}: {ev.describe(values[s])}",
                    seat=s,
                    law=self._law,
                    data={"cards": [str(c) for c in hands[s]], "class": ev.class_name(values[s])},
                )
            )
        if self.split_openers and self.opener in live and self.kept_apart:
            kept = list(self.kept_apart)
            self._expose(self.opener, kept)
            events.append(
                Event(
                    "show",
                    f"{self.opener} shows the openers he split: {format_cards(self.openers)}"
                    f" ({LAW_JACKPOT}; rules §6.3)",
                    seat=self.opener,
                    law=[LAW_JACKPOT, "rules §6.3"],
                    data={"cards": [str(c) for c in kept]},
                )
            )
        claimants = live
        if self.false_opener in live:  # his hand is dead: the others play on for the pool (rules §6.3.5)
            claimants = [s for s in live if s != self.false_opener]
            events.append(
                Event(
                    "ruling",
                    f"{self.false_opener} opened without a pair of knaves or better: false"
                    " openers; his hand is dead and he forfeits all he put in (rules §6.3.5)",
                    seat=self.false_opener,
                    law=["rules §6.3", LAW_JACKPOT],
                    data={"false openers": self.false_opener},
                )
            )
        pools = layers(
            self.paid,
            claimants,
            all_in=[s for s in claimants if (self._money(s) == 0)],
            carried=self.carried + self.dead,
        )
        shares: dict[str, int] = {}
        winners_all: list[str] = []
        for i, (amount, eligible) in enumerate(pools):
            if not amount:
                continue
            top = max(values[s] for s in eligible)
            winners = [s for s in eligible if values[s] == top]
            for s, v in divide(amount, winners).items():
                shares[s] = shares.get(s, 0) + v
            if i == 0:
                winners_all = winners
            if len(pools) > 1:
                label = "the main pool" if i == 0 else f"side pool {i}"
                events.append(
                    Event(
                        "pool",
                        f"{label} of {amount}: {', '.join(winners)}"
                        f" {'divide it' if len(winners) > 1 else 'wins it'} ({LAW_STAKES}; rules §6.4)",
                        law=[LAW_STAKES, "rules §6.4"],
                        data={"amount": amount, "winners": winners},
                    )
                )
        total = self.pot
        laws = [self._law]
        sentence = "wins the pool" if len(shares) == 1 else "shares the pool"
        events.extend(self._award(shares, sentence, law=laws))
        result = {"showdown": {s: format_cards(hands[s]) for s in live}, "pot": total, "won": dict(shares)}
        return events + self._end_deal(result, winner=winners_all[0] if winners_all else None)

    def _award(self, shares: Mapping[str, int], sentence: str, *, law: str | list[str] | None = None) -> list[Event]:
        law = law or self._law
        events = []
        for s, amount in shares.items():
            self._receive(s, amount)
            events.append(
                Event(
                    "payment",
                    f"{s} {sentence}: {amount}",
                    seat=s,
                    law=law,
                    data={"from": "pot", "to": s, "amount": amount},
                )
            )
        return events

    def _end_deal(self, result: dict[str, Any], *, winner: str | None = None, dealer_set: bool = False) -> list[Event]:
        """Settle the record, pass the deal, and set the next deal's antes (or end the sitting)."""
        entry = self._deal_entry
        assert entry is not None
        result["net"] = {s: self.net[s] for s in self.seats}
        entry["result"] = result
        self.deals_done += 1
        self.interval = None
        self.phase = "ante"
        if self.pot == 0:  # the pool was won (or the ante taken back): the next deal is an ordinary one
            self.jackpot_next = self.jackpot_again = False
            self.carried = 0
        self.paid = dict.fromkeys(self.seats, 0)
        self.dead = 0
        # What the table remembers of the deal once its cards are gathered: no card (design.md, "View").
        self.last_result = {k: v for k, v in result.items() if k not in ("showdown", "shown")}
        if "showdown" in result:
            self.last_result["showed"] = sorted(result["showdown"])
        if not dealer_set:
            if self.variant in ("straight", "stud") and winner is not None:
                self.dealer = self.seats.index(winner)  # the deal passes to the winner (003 Straight Poker, 4)
            else:
                self.dealer = self._left_of(self.dealer)
        events: list[Event] = []
        if self.deals_done >= self.deals_target and self.pot == 0:
            self._over = True
            self.phase = "over"
            events.append(
                Event(
                    "over",
                    "the sitting is over: " + ", ".join(f"{s} {self.net[s]:+d}" for s in self.seats),
                    data={"net": dict(self.net)},
                )
            )
            return events
        events.extend(self._set_antes())
        return events

    # ================================================================== Whiskey Poker

    def _do_whiskey(self, seat: str, action: Action) -> list[Event]:
        verb = action.verb
        events: list[Event] = []
        q = self.whiskey_queue
        q.pop(0)
        if self.phase == "widow":
            if verb == "take":
                self.widow_taken_by = seat
                old = self.hands[seat]
                self.hands[seat] = self.widow
                self.widow = old
                self.widow_exposed = True
                text = f"{seat} takes the widow and lays his own hand face upwards: {format_cards(old)}"
                events.append(
                    Event(
                        "widow",
                        text,
                        seat=seat,
                        law=LAW_WHISKEY,
                        data={"exposed": [str(c) for c in old]},
                        private={seat: {"hand": format_cards(self.hands[seat])}},
                    )
                )
                self.history.append(f"{seat} takes the widow")
                self.phase = "exchange"
                self.whiskey_queue = self._after(seat)
                return events
            if verb == "knock":
                self.knocker = seat
                self.widow_exposed = True
                text = (
                    f"{seat} knocks before the widow is taken: the widow is turned up, {format_cards(self.widow)},"
                    " and each other player has one draw from it"
                )
                events.append(
                    Event("widow", text, seat=seat, law=LAW_WHISKEY, data={"exposed": [str(c) for c in self.widow]})
                )
                self.history.append(f"{seat} knocks")
                self.phase = "last"
                self.whiskey_queue = [s for s in self._after(seat) if s != seat]
                return events + self._whiskey_next()
            # pass
            self.history.append(f"{seat} passes")
            events.append(Event("widow", f"{seat} passes", seat=seat, law=LAW_WHISKEY))
            if not q:
                self.widow_exposed = True
                text = (
                    "the round is made without anyone taking the widow: it is turned up,"
                    f" {format_cards(self.widow)}, and the players draw from it in rotation until one is content"
                )
                events.append(Event("widow", text, law=LAW_WHISKEY, data={"exposed": [str(c) for c in self.widow]}))
                self.phase = "exchange"
                self.whiskey_queue = list(self.dealt)
            return events
        if verb == "exchange":
            mine, theirs = _cards_arg(action)
            hand = self.hands[seat]
            hand[hand.index(mine)] = theirs
            self.widow[self.widow.index(theirs)] = mine
            text = f"{seat} takes {theirs} and lays down {mine}"
            events.append(
                Event("exchange", text, seat=seat, law=LAW_WHISKEY, data={"took": str(theirs), "laid": str(mine)})
            )
            self.history.append(f"{seat} exchanges a card")
            if self.phase == "exchange":
                q.append(seat)
        elif verb == "knock":
            self.knocker = seat
            events.append(
                Event(
                    "knock", f"{seat} knocks: each of the others may make one more exchange", seat=seat, law=LAW_WHISKEY
                )
            )
            self.history.append(f"{seat} knocks")
            self.phase = "last"
            self.whiskey_queue = [s for s in self._after(seat) if s != seat]
        else:  # pass, on the last round
            events.append(Event("exchange", f"{seat} stands on his hand", seat=seat, law=LAW_WHISKEY))
            self.history.append(f"{seat} stands")
        return events + self._whiskey_next()

    def _after(self, seat: str) -> list[str]:
        i = self.dealt.index(seat)
        return self.dealt[i + 1 :] + self.dealt[: i + 1]

    def _whiskey_next(self) -> list[Event]:
        if self.whiskey_queue:
            return []
        return self._showdown()

    # ================================================================== public state

    @property
    def over(self) -> bool:
        return self._over

    @property
    def scores(self) -> dict[str, int]:
        out = dict(self.net)
        pools = self._pools_now()
        if len(pools) <= 1:
            out["pot"] = self.pot
        else:
            out["pot"] = pools[0][0]
            for i, (amount, _) in enumerate(pools[1:], start=1):
                out[f"side pot {i}"] = amount
        return out

    def _pools_now(self) -> list[tuple[int, list[str]]]:
        if not self.table_stakes or self.phase in ("ante", "over") or not self.started:
            return [(self.pot, [])]
        live = self._contenders()
        all_in = [s for s in live if self._money(s) == 0]
        if not all_in or not live:
            return [(self.pot, live)]
        return layers(self.paid, live, all_in=all_in, carried=self.carried + self.dead)

    def places(self) -> dict[str, str]:
        if not self.started:
            return {str(c): "pack" for c in self.pack}
        out: dict[str, str] = {}
        for c in self.stock:
            out[str(c)] = "stock"
        for c in self.discards:
            out[str(c)] = "discards"
        for s, cards in self.hands.items():
            for c in cards:
                out[str(c)] = f"hand {s}"
        for s, cards in self.up.items():
            for c in cards:
                out[str(c)] = f"exposed {s}"
        for s, cards in self.shown.items():
            for c in cards:
                out[str(c)] = f"exposed {s}"
        for c in self.widow:
            out[str(c)] = "board" if self.widow_exposed else "widow"  # face up in the middle of the table
        return out

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now (``None``: a spectator, who sees no hand).

        Between deals (the ``ante`` phase) ``deal``, ``dealer`` and ``age`` speak of the coming deal,
        and ``last_deal`` of the one just played, whose shown cards still lie on the table.
        """
        if seat is not None and seat not in self.seats:
            self.seat_check(seat)
        between = self.phase in ("ante", "over")
        v: dict[str, Any] = {
            "game": self.game.name,
            "variant": self.variant,
            "seats": list(self.seats),
            "players": dict(self.players),
            "seat": seat,
            "deal": self.deals_done + (0 if self._over else 1),
            "deals": self.deals_target,
            "dealer": self.seats[self.dealer],
            "phase": self.phase,
            "to_act": self.to_act,
            "ante": self.ante_unit,
            "limit": self.limit,
            "scores": self.scores,
            "pot": self.pot,
            "over": self._over,
            "retired": list(self.retired),
            "hand_counts": {s: len(self.hands.get(s, [])) for s in self.seats},
        }
        if self.variant == "draw":
            if between:
                nxt = self._rotation(self.dealer + 1)
                v["age"] = None if self.jackpot_next or not nxt else nxt[0]
                v["jackpot"] = self.jackpot_next
            else:
                v["age"] = self.age
                v["jackpot"] = self.is_jackpot
        if self.variant in ("straight", "stud") and self.buck_rule:
            v["buck"] = self.seats[self.buck]
        if self.table_stakes:
            v["before_him"] = {s: self.stake + self.net[s] for s in self.seats}
        if self.phase == "ante" and self.antes_due:
            v["antes_due"] = [{"seat": s, "amount": a} for s, a, _ in self.antes_due]
        if self.started:
            table: dict[str, Any] = {
                "history": list(self.history),
                "in": [s for s in self.dealt if self.status.get(s) == "in"],
            }
            if self.drawn:
                table["drew"] = dict(self.drawn)
            if any(self.up.values()):
                table["up"] = {s: [str(c) for c in cards] for s, cards in self.up.items() if cards}
            if self.shown:
                table["shown"] = {s: [str(c) for c in cards] for s, cards in self.shown.items()}
            if self.variant == "whiskey":
                table["widow"] = [str(c) for c in self.widow] if self.widow_exposed else None
                table["widow_taken_by"] = self.widow_taken_by
                table["knocker"] = self.knocker
            if self.is_jackpot and self.opener:
                table["opener"] = self.opener
            if between:
                table["result"] = self.last_result
                v["last_deal"] = table
            else:
                table["staked"] = {s: self.paid.get(s, 0) for s in self.dealt}
                v.update(table)
        iv = self.interval
        if iv is not None and self.phase == "bet":
            v["betting"] = {
                "interval": self.interval_no,
                "level": iv.level,
                "put": dict(iv.put),
                "owes": {s: iv.owes(s) for s in iv.contenders()},
                "opened": iv.opened,
            }
        if seat is not None and self.hands.get(seat):
            v["hand"] = [str(c) for c in self.hands[seat]]
        return v


# ====================================================================== helpers


def _amount(action: Action) -> int:
    try:
        return int(action.arg)
    except ValueError:
        raise InvalidAction(f"{action}: say how many counters, e.g. '{action.verb} 2'") from None


def _cards_arg(action: Action) -> list[Card]:
    try:
        return list(parse(action.arg))
    except ValueError as exc:
        raise InvalidAction(f"{action}: {exc}") from None


@cache
def _draw_combinations(n: int) -> tuple[tuple[int, ...], ...]:
    """The discards a hand of ``n`` cards may make, as positions in the hand: every combination of one card, then of
    two, ... then of all ``n``, each size in :func:`itertools.combinations`' order."""
    return tuple(combo for k in range(1, n + 1) for combo in itertools.combinations(range(n), k))


def _showing(cards: Sequence[Card]) -> tuple[int, ...]:
    """The rank of the cards face up at Stud (one to four of them), to say who speaks first.

    Fours, threes, two pairs, a pair, then the highest cards; Mistigris showing counts as a card of
    the highest rank showing (an ace if alone).
    """
    ranks = [c.rank for c in cards if c != BLANK]
    if BLANK in cards:
        ranks.append(max(ranks) if ranks else 14)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = [n for n, _ in groups]
    cls = (
        4 if shape[:1] == [4] else 3 if shape[:1] == [3] else 2 if shape[:2] == [2, 2] else 1 if shape[:1] == [2] else 0
    )
    return (cls, *[r for _, r in groups])
