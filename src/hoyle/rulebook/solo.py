"""Solo Whist for three, four and five players (003 "SOLO WHIST"; 002's Solo lines; rules §5).

Every deal is a game of its own, settled at once in money (003: "every hand is a separate game,
upon which stakes are won and lost"; 002 §1 Solo).  The auction, the contracts and the stakes
are the family machinery of :mod:`hoyle.rulebook.contracts`, configured here with Solo's calls,
"six, twelve and eighteen" (003) or Foster's counters (rules §5).

The deal (003 Solo; 002 §13 Solo): three at a time until four remain, those singly; the last
card is turned for trumps and belongs to the dealer; it lies face up until the first trick is
turned and quitted, and the dealer may play it to that trick (003 digest).  At five the player
on the dealer's right sits out the deal and neither pays nor receives; at three there is no
proposal, the twos, threes and fours are thrown out and the fortieth card, turned for trumps,
belongs to nobody (003, "Solo Whist for three players").

A sitting is one round, every player dealing once, unless ``deals=N`` (design.md).  ``scores``
is the ledger of money, by seat, summing to nothing.

Law mode (``irregularities=True``): :class:`hoyle.laws.solo.LawSoloTable`, named by
``SoloTable.law_class``; strict mode does not import it (docs/solo.md, "The laws").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..cards import (
    CARD_TEXT,
    CARDS,
    PACK_40,
    PACK_52,
    SUIT_MASKS,
    SUIT_NAMES,
    SUITS,
    Card,
    Pack,
    deal_masks,
    format_cards,
    mask_cards,
    parse,
)
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.registry import GameSpec, Option, register
from ..engine.table import Table
from ..errors import IllegalAction, InvalidDeal
from ..tricks import TrickPlay
from .contracts import (
    Auction,
    Contract,
    Outcome,
    Payment,
    Scale,
    contract_value,
    format_money,
    payments,
    seat_by_cutting,
)
from .whist import SeatedTrickData, SeatHands, hand_texts, lean_card, play_actions, play_event, played_entry

__all__ = [
    "ABONDANCE",
    "ABONDANCE_DECLAREE",
    "ABONDANCE_IN_TRUMPS",
    "CALLS",
    "MISERE",
    "MISERE_OUVERTE",
    "PROPOSAL",
    "SCALES",
    "SEATS",
    "SOLO",
    "SoloTable",
    "general_misere_payments",
]

SEATS = ("A", "B", "C", "D", "E")
_PATTERN = (3, 3, 3, 3, 1)  # three at a time, the last four singly (003 Solo; 002 §13 Solo)

# ---------------------------------------------------------------------------------------------- the calls (003)

PROPOSAL = Contract(name="proposal", title="proposal and acceptance", rank=0, stake="proposal", tricks=8, joint=True)
"""Two players, wherever they sit, undertake eight tricks; the turned suit is trumps (003)."""
SOLO = Contract(name="solo", title="solo", rank=1, stake="solo", tricks=5)
"""Five tricks alone against the three, the suit turned up being trumps (003)."""
MISERE = Contract(
    name="misere", title="misère", rank=2, stake="misere", tricks=0, misere=True, trumps="none", under_tricks=False
)
"""To lose all thirteen tricks; "all the four suits are equal, the trump suit being annulled" (003)."""
ABONDANCE = Contract(
    name="abondance", title="abondance", rank=3, stake="abondance", tricks=9, trumps="named", double_over=True
)
"""Nine tricks, "making whatever suit he likes trumps", named after the auction (003)."""
ABONDANCE_IN_TRUMPS = Contract(
    name="abondance in trumps", title="abondance in trumps", rank=4, stake="abondance", tricks=9, double_over=True
)
"""Nine tricks with the trump suit as it stands; supersedes abondance, of the same money value (003)."""
MISERE_OUVERTE = Contract(
    name="misere ouverte",
    title="misère ouverte",
    rank=5,
    stake="misere ouverte",
    tricks=0,
    misere=True,
    trumps="none",
    exposed=True,
    under_tricks=False,
)
"""A misère with the caller's cards exposed "as soon as the first trick is played to and turned" (003)."""
ABONDANCE_DECLAREE = Contract(
    name="abondance declaree",
    title="abondance déclarée",
    rank=6,
    stake="abondance declaree",
    tricks=13,
    trumps="named",
    declarer_leads=True,
    under_tricks=False,
)
"""All thirteen tricks, the caller's own trumps, and he leads to the first trick (003)."""

CALLS: tuple[Contract, ...] = (
    PROPOSAL,
    SOLO,
    MISERE,
    ABONDANCE,
    ABONDANCE_IN_TRUMPS,
    MISERE_OUVERTE,
    ABONDANCE_DECLAREE,
)
"""The calls, lowest to highest (003: "Recapitulating them in due order of value")."""
_LADDER = CALLS[1:]

_CALL_WORDS: dict[str, Contract] = {
    "solo": SOLO,
    "misere": MISERE,
    "abondance": ABONDANCE,
    "abundance": ABONDANCE,  # 002's spelling
    "abondance in trumps": ABONDANCE_IN_TRUMPS,
    "abundance in trumps": ABONDANCE_IN_TRUMPS,
    "misere ouverte": MISERE_OUVERTE,
    "open misere": MISERE_OUVERTE,
    "spread": MISERE_OUVERTE,  # rules §5
    "abondance declaree": ABONDANCE_DECLAREE,
    "abundance declared": ABONDANCE_DECLAREE,
    "slam": ABONDANCE_DECLAREE,  # rules §5
}
_SUIT_WORDS = {
    **{s: s for s in SUITS},
    **{s.lower(): s for s in SUITS},
    **{w: s for s, w in SUIT_NAMES.items()},
    **{w[:-1]: s for s, w in SUIT_NAMES.items()},
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
}

PASS = Action("pass")
PROPOSE = Action("propose")
ACCEPT = Action("accept")
CALL_ACTIONS = {c.name: Action.parse(f"call {c.name}") for c in _LADDER}
_TRUMPS_ACTIONS = {s: Action.parse(f"trumps {s}") for s in SUITS}  # the engine's notation: "trumps s" today

# ---------------------------------------------------------------------------------------------- the stakes

SCALES: dict[str, Scale] = {
    "6-12-18": Scale(
        name="6-12-18",
        unit="pence",
        trick=1,
        general_misere=6,
        law="003 Solo, The Stakes",
        base={"proposal": 6, "solo": 6, "misere": 12, "abondance": 18, "misere ouverte": 24, "abondance declaree": 36},
    ),
    # 003: "or you can make them 1s., 2s., and 3s. respectively, with 3d. each for over-tricks".
    "1s-2s-3s": Scale(
        name="1s-2s-3s",
        unit="pence",
        trick=3,
        general_misere=12,
        law="003 Solo, The Stakes",
        base={
            "proposal": 12,
            "solo": 12,
            "misere": 24,
            "abondance": 36,
            "misere ouverte": 48,
            "abondance declaree": 72,
        },
    ),
    # rules §5 (FCH p.146): one red counter is five white; prop 1 red, solo 2, misère 3, abundance 4,
    # spread 6, slam 8; each over- or under-trick one white.
    "foster": Scale(
        name="foster",
        unit="white counters",
        trick=1,
        general_misere=10,
        law="rules §5",
        base={"proposal": 5, "solo": 10, "misere": 15, "abondance": 20, "misere ouverte": 30, "abondance declaree": 40},
    ),
}

_THREE_HAND_PACKS: dict[str, Pack] = {
    "40": PACK_40,
    **{
        f"no {SUIT_NAMES[s]}": Pack(f"39 without the {SUIT_NAMES[s]}", (c for c in PACK_52 if c.suit_letter != s))
        for s in SUITS
    },
}
_PACKS: dict[str, Pack] = {"52": PACK_52, **_THREE_HAND_PACKS}

_CALL_EVENTS: dict[tuple[str, str, str | None, str | None], Event] = {}
"""The event of each seat's call, pass, proposal or acceptance (of each proposer's): made once and shared."""


def _pack_facts(pack: Pack) -> tuple[tuple[str, ...], tuple[int, int, str]]:
    """A pack's suits (in SUITS' order) and what the view says of it: its size, its lowest rank and its suits."""
    suits = tuple(s for s in SUITS if any(c.suit_letter == s for c in pack))
    return suits, (len(pack), min(c.rank for c in pack), "".join(suits))


_PACK_FACTS = {name: _pack_facts(pack) for name, pack in _PACKS.items()}
"""Each pack's suits and view facts, worked out once (a new table took 15 us to work them out)."""


def general_misere_payments(
    tricks: Mapping[str, int], last: str, stake: int, *, pays: str = "last trick"
) -> tuple[list[Payment], str]:
    """Who pays whom after a general misère, and the rule applied.

    003: "the player who takes the last or thirteenth trick pays an agreed stake, equal as a
    rule to the stake of a solo, to each of his adversaries".  ``pays="most tricks"`` (rules §5,
    EB1911): the player who takes the most tricks pays each other player; players equal for the
    most each pay every player with fewer, nothing between themselves (hoyle's choice: the texts
    are silent on a tie).

    >>> general_misere_payments({"A": 4, "B": 3, "C": 3, "D": 3}, "B", 6)[0]
    [('B', 'A', 6), ('B', 'C', 6), ('B', 'D', 6)]
    """
    if pays == "last trick":
        return [(last, s, stake) for s in tricks if s != last], f"{last} took the last trick (003 Solo)"
    if pays != "most tricks":
        raise ValueError(f"pays={pays!r}: 'last trick' or 'most tricks'")
    top = max(tricks.values())
    losers = [s for s in tricks if tricks[s] == top]
    out = [(loser, s, stake) for loser in losers for s in tricks if tricks[s] < top]
    who = " and ".join(losers)
    return out, f"{who} took the most tricks, {top} (rules §5)"


# ---------------------------------------------------------------------------------------------- the table


class SoloTable(Table):
    """A sitting of Solo Whist: one round of deals (``deals=N`` for more), settled in money after each."""

    seats: tuple[str, ...]
    _out_of_turn_law = " (003 Solo, digest of the laws; 002 §24-26 Solo)"

    law_class = "hoyle.laws.solo:LawSoloTable"  # irregularities=True: law mode (Table.__new__)

    def _setup(
        self, game: Any, *, players: Sequence[str] | None, deal: Mapping[str, Any] | None, start: dict[str, Any]
    ) -> None:
        self.n: int = game["players"]
        self.seats = SEATS[: self.n]
        self.scale: Scale = SCALES[game["stakes"]]
        pack_name = game["three_hand_pack"] if self.n == 3 else "52"
        self.pack: Pack = _PACKS[pack_name]  # 003: 40 cards at three
        # What the view says of the pack, worked out once a pack: the pack never changes in a sitting (issue 17).
        suits, self._pack_facts = _PACK_FACTS[pack_name]
        self._pack_suits = list(suits)
        self.deals_to_play: int = game["deals"] or self.n
        self.double_over: bool = game["abondance_double_over"]
        self.general_misere: bool = game["general_misere"]
        self.general_misere_pays: str = game["general_misere_pays"]
        self.ledger: dict[str, int] = dict.fromkeys(self.seats, 0)
        self._money_shown: tuple[tuple[tuple[str, int], ...], dict[str, str]] = ((), {})  # the view's money, by ledger
        self.deal_no = 0
        self._over = False
        self._last_result: dict[str, Any] | None = None
        if deal is not None:
            self.players = self._named(players)
            dealer = self._given_deal(deal)
            self._start = {"dealer": dealer, "players": dict(self.players)}
        elif "players" in start:  # a replay of a given deal
            self._start = start
            self.players = dict(start["players"])
            dealer = str(start["dealer"])
        else:
            names = list(start.get("candidates") or players or self.seats)
            if len(names) != self.n or len(set(names)) != self.n or not all(isinstance(x, str) and x for x in names):
                raise ValueError(
                    f"solo for {self.n} players needs {self.n} distinct names, not {names!r}"
                    " (hoyle.game('solo', players=3|4|5) sets the number)"
                )
            self._start = {"candidates": names}
            seating = seat_by_cutting(names, self.seats, self._cut_cards)
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
                    f"{self.players[dealer]}, lowest, deals first from seat {dealer}; {where} (002 §2 Solo)",
                    law="002 §2",
                    data={"players": dict(self.players)},
                )
            )
        self.dealer = self.seats.index(dealer)
        self.events.extend(self._new_deal())

    # ------------------------------------------------------------------ seats and given deals

    def _named(self, players: Sequence[str] | None) -> dict[str, str]:
        names = list(players) if players else list(self.seats)
        if len(names) != self.n or len(set(names)) != self.n:
            raise InvalidDeal(f"a given deal seats exactly {self.n} distinct players, not {names!r}")
        return dict(zip(self.seats, names, strict=True))

    def _active(self, dealer: int) -> list[int]:
        """The seats dealt to, eldest hand first and dealer last (at five the dealer's right sits out: 003)."""
        n = self.n
        out = (dealer - 1) % n if n == 5 else None
        return [(dealer + k) % n for k in range(1, n + 1) if (dealer + k) % n != out]

    def _given_deal(self, deal: Mapping[str, Any]) -> str:
        """Turn a given first deal (hands and turned card) into the order it would be dealt in."""
        try:
            dealer = str(deal["dealer"]).upper()
            turned = Card.from_text(str(deal["turned"]))
            given = deal["hands"]
            if dealer not in self.seats:
                raise InvalidDeal(f"given deal: dealer {dealer!r} is not one of {', '.join(self.seats)}")
            active = [self.seats[i] for i in self._active(self.seats.index(dealer))]
            hands = {s: list(parse(given[s])) for s in active}
        except KeyError as exc:
            raise InvalidDeal(
                f"a given deal needs 'dealer', 'turned' and 'hands' for each player dealt to; missing {exc}"
            ) from None
        except ValueError as exc:
            raise InvalidDeal(f"given deal: {exc}") from None
        for s in self.seats:
            if s not in active and given.get(s):
                raise InvalidDeal(f"given deal: {s} sits out this deal (003: the dealer's right) and holds no cards")
        for s in active:
            if len(hands[s]) != 13:
                raise InvalidDeal(f"given deal: {s} has {len(hands[s])} cards; each hand has thirteen")
        nobody = len(self.pack) == 13 * len(active) + 1  # three-hand: the fortieth card belongs to nobody (003)
        if nobody:
            if any(turned in h for h in hands.values()):
                raise InvalidDeal(f"given deal: the turned card {turned} is the fortieth and belongs to nobody (003)")
        else:
            if turned not in hands[dealer]:
                raise InvalidDeal(f"given deal: the turned card {turned} must be one of the dealer's ({dealer}) (003)")
            hands[dealer].remove(turned)
            hands[dealer].append(turned)
        order: list[Card] = []
        taken = dict.fromkeys(active, 0)
        for size in _PATTERN:
            for s in active:
                order.extend(hands[s][taken[s] : taken[s] + size])
                taken[s] += size
        if nobody:
            order.append(turned)
        if len(set(order)) != len(order) or set(order) != set(self.pack):
            twice = sorted(c for c, n in Counter(order).items() if n > 1)
            foreign = sorted(set(order) - set(self.pack))
            raise InvalidDeal(
                f"given deal: not the pack of {len(self.pack)}: given twice"
                f" {format_cards(twice) or 'none'}; not in the pack {format_cards(foreign) or 'none'}"
            )
        self._script_first({"order": format_cards(order), "cut": None})
        return dealer

    # ------------------------------------------------------------------ the deal

    def _new_deal(self) -> list[Event]:
        dealer = self.dealer
        d = self.seats[dealer]
        active = self._active(dealer)
        self.active: list[str] = [self.seats[i] for i in active]
        self.out: str | None = self.seats[(dealer - 1) % self.n] if self.n == 5 else None
        m = len(active)
        pone = self.seats[(dealer - 1) % self.n]
        order = self._draw_deal(self.pack)
        entry = self._deal_log[-1]
        entry["dealer"] = d
        self.hands: list[int] = deal_masks(order, m, _PATTERN, first=0)
        nobody = len(order) == 13 * m + 1
        self.turned: Card = order[-1]
        self.turned_owner: int | None = None if nobody else m - 1
        self.turned_on_table = True
        self.phase = "auction"
        self.auction = Auction(self.active, _LADDER, joint=PROPOSAL if m == 4 else None, eldest_accepts=True)
        self.contract: Contract | None = None
        self.declarers: tuple[str, ...] = ()
        self.named: str | None = None  # the suit named by an abondance caller
        self.play: TrickPlay | None = None
        self.exposed: int | None = None
        self.general = False
        self._played_view: list[dict[str, str]] = []
        self._last_trick_view: dict[str, Any] | None = None
        turned = str(self.turned)
        owner = "belongs to nobody (003, three players)" if nobody else "the dealer's"
        cut = f"; {pone} cut at {entry['cut']}" if entry.get("cut") else ""
        out = f"; {self.out} sits out and neither pays nor receives (003, five players)" if self.out else ""
        return [
            Event(
                "deal",
                f"deal {self.deal_no + 1} of {self.deals_to_play}: {d} deals by threes and the last round singly"
                f"{cut}{out}; trump card {turned}, {SUIT_NAMES[turned[1]]}, {owner}; {self.active[0]}, the eldest"
                f" hand, speaks first (003 Solo)",
                seat=d,
                law=["003 Solo", "002 §13 Solo"],
                data={
                    "deal": self.deal_no + 1,
                    "dealer": d,
                    "eldest": self.active[0],
                    "out": self.out,
                    "turned": turned,
                },
                private=SeatHands(self.active, [self._concealed(i) for i in range(m)]),
            )
        ]

    # ------------------------------------------------------------------ the engine interface

    @property
    def to_act(self) -> str | None:
        if self._over:
            return None
        if self.phase == "auction":
            return self.auction.to_speak
        if self.phase == "trumps":
            return self.declarers[0]
        assert self.play is not None
        return self.active[self.play.turn]

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        if self.phase == "auction":
            out = []
            for said, contract in self.auction.options():
                if said == "call":
                    assert contract is not None
                    out.append(CALL_ACTIONS[contract.name])
                else:
                    out.append({"pass": PASS, "propose": PROPOSE, "accept": ACCEPT}[said])
            return out
        if self.phase == "trumps":
            return [_TRUMPS_ACTIONS[s] for s in self._suits()]
        play = self.play
        assert play is not None
        return play_actions(play.legal_mask())

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
        if self.phase == "auction":
            said, contract = self._call(action)
            reason = self.auction.why_not(said, contract)
            if reason is not None:
                raise IllegalAction(f"{action}: {reason}", law="003 Solo")
            return
        if action.verb in ("pass", "propose", "prop", "accept", "cop", "call") or action.verb in _CALL_WORDS:
            raise IllegalAction(f"{action}: the auction is over (003 Solo)", law="003 Solo")
        if self.phase == "trumps":
            self._suit(action)
            return
        if action.verb != "play" or action.card is None:
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
                    f"{action}: must follow suit: {seat} holds {SUIT_NAMES[SUITS[led]]} (003 Solo: tricks are"
                    " made as at Whist; 002 §28)",
                    law="002 §28",
                )

    def _call(self, action: Action) -> tuple[str, Contract | None]:
        """What an auction action says: ``("pass", None)``, ``("propose", PROPOSAL)``, ``("call", SOLO)``..."""
        verb, arg = action.verb, action.arg
        if verb in ("pass", "propose", "prop", "accept", "cop") and not arg:
            said = {"prop": "propose", "cop": "accept"}.get(verb, verb)
            return said, (PROPOSAL if said in ("propose", "accept") else None)
        if verb == "play":
            raise IllegalAction(
                f"{action}: the auction is not over; the first card is led when the calls are settled (003 Solo)",
                law="003 Solo",
            )
        if verb == "trumps":
            raise IllegalAction(
                f"{action}: an abondance names its trumps after the auction, not before (003 Solo)", law="003 Solo"
            )
        words = arg if verb == "call" else f"{verb} {arg}".strip()
        contract = _CALL_WORDS.get(words)
        if contract is None:
            calls = ", ".join(f"'call {c.name}'" for c in _LADDER)
            raise IllegalAction(f"{action}: in the auction say 'pass', 'propose', 'accept' or {calls} (003 Solo)")
        return "call", contract

    def _suits(self) -> list[str]:
        return self._pack_suits

    def _suit(self, action: Action) -> str:
        suit = _SUIT_WORDS.get(action.arg) if action.verb == "trumps" else None
        if suit is None or suit not in self._suits():
            choices = ", ".join(f"'trumps {s.lower()}'" for s in self._suits())
            raise IllegalAction(
                f"{action}: {self.declarers[0]} names the trump suit for his {self.contract}: {choices} (003 Solo)",
                law="003 Solo",
            )
        return suit

    def _do(self, action: Action) -> list[Event]:
        if self.phase == "auction":
            return self._do_call(action)
        if self.phase == "trumps":
            suit = self._suit(action)
            self.named = suit
            seat = self.declarers[0]
            events = [
                Event(
                    "trumps",
                    f"{seat} names {SUIT_NAMES[suit]} trumps, after the auction and before the"
                    " first card is led (003 Solo)",
                    seat=seat,
                    law="003 Solo",
                    data={"trumps": suit},
                )
            ]
            return events + self._start_play()
        return self._do_play(action)

    # ------------------------------------------------------------------ the auction

    def _do_call(self, action: Action) -> list[Event]:
        said, contract = self._call(action)
        auction = self.auction
        seat = auction.to_speak
        assert seat is not None
        standing = auction.holder
        auction.say(said, contract)
        key = (seat, said, None if contract is None else contract.name, standing if said == "accept" else None)
        call = _CALL_EVENTS.get(key)
        if call is None:  # made once for each seat, call (and proposer accepted) and shared (events are immutable)
            if said == "pass":
                text = f"{seat} passes"
            elif said == "propose":
                text = f"{seat} proposes"
            elif said == "accept":
                text = f"{seat} accepts {standing}'s proposal"
            else:
                assert contract is not None
                text = f"{seat} calls {contract.title}"
            canonical = f"call {contract.name}" if said == "call" and contract is not None else said
            call = _CALL_EVENTS[key] = Event(
                "call", text + " (003 Solo)", seat=seat, law="003 Solo", data=MappingProxyType({"said": canonical})
            )
        events = [call]
        if not auction.closed:
            return events
        result = auction.result
        if result is None:
            return events + self._all_pass()
        self.contract, self.declarers = result
        events.append(self._contract_event())
        if self.contract.trumps == "named":
            self.phase = "trumps"
            return events
        return events + self._start_play()

    def _adversaries(self) -> list[str]:
        return [s for s in self.active if s not in self.declarers]

    def _contract_event(self) -> Event:
        c = self.contract
        assert c is not None
        who = " and ".join(self.declarers)
        against = _join(self._adversaries())
        if c.misere:
            aim = "to lose every trick, no trumps"
        elif c.trumps == "named":
            aim = f"{c.tricks} tricks, trumps of {'his' if len(self.declarers) == 1 else 'their'} choosing"
        else:
            aim = f"{c.tricks} tricks, {SUIT_NAMES[self.turned.suit_letter]} trumps"
        return Event(
            "contract",
            f"{who} {'play' if c.joint else 'plays'} {c.title} against {against}: {aim} (003 Solo)",
            seat=self.declarers[0],
            law="003 Solo",
            data={"call": c.name, "declarers": list(self.declarers), "adversaries": self._adversaries()},
        )

    def _all_pass(self) -> list[Event]:
        if not self.general_misere:
            nxt = self.seats[(self.dealer + 1) % self.n]
            text = "All pass: the cards are thrown up" + (
                f" and {nxt} deals (003 Solo)" if self.deal_no + 1 < self.deals_to_play else " (003 Solo)"
            )
            events = [Event("thrown in", text, law="003 Solo", data={})]
            self._deal_log[-1]["result"] = {"thrown in": True}
            self._last_result = {"thrown in": True}
            return events + self._next_deal()
        self.general = True
        events = [
            Event(
                "general misere",
                "All pass: a general misère is played, no trumps; the player who takes"
                f" {'the last trick' if self.general_misere_pays == 'last trick' else 'the most tricks'}"
                f" pays each of the others {self._money(self.scale.general_misere)} (003 Solo)",
                law="003 Solo",
                data={"pays": self.general_misere_pays},
            )
        ]
        return events + self._start_play()

    # ------------------------------------------------------------------ the play

    def _trumps(self) -> int | None:
        c = self.contract
        if self.general or c is None or c.trumps == "none":
            return None  # 003: at misère "the trump suit being annulled"; a general misère has none
        if c.trumps == "named":
            assert self.named is not None
            return SUITS.index(self.named)
        return self.turned.suit

    def _start_play(self) -> list[Event]:
        c = self.contract
        leader = 0  # 003: "the original lead to the first trick in all other cases coming from the eldest hand"
        if c is not None and c.declarer_leads:
            leader = self.active.index(self.declarers[0])  # abondance déclarée: the caller leads (003)
        self.play = TrickPlay(self.hands, self._trumps(), leader, n=len(self.active))
        self.phase = "play"
        trumps = self.play.trumps
        word = SUIT_NAMES[SUITS[trumps]] if trumps is not None else "no trumps"
        return [
            Event(
                "lead",
                f"{self.active[leader]} leads to the first trick; {word}"
                f"{' are trumps' if trumps is not None else ''} (003 Solo)",
                seat=self.active[leader],
                law="003 Solo",
                data={"leader": self.active[leader], "trumps": SUITS[trumps] if trumps is not None else None},
            )
        ]

    def _do_play(self, action: Action) -> list[Event]:
        play = self.play
        assert play is not None and action.card is not None
        idx = play.turn
        seat = self.active[idx]
        winner = play.play(action.card)
        self._played_view.append(played_entry(seat, action.card))
        events = [play_event(seat, action.card)]
        if winner is None:
            return events
        leader, cards, _ = play.quitted[-1]
        m = len(self.active)
        n = len(play.quitted)
        order = [self.active[(leader + i) % m] for i in range(m)]
        self._last_trick_view = {
            "leader": order[0],
            "winner": self.active[winner],
            "cards": [played_entry(s, c) for s, c in zip(order, cards, strict=True)],
        }
        best = CARDS[cards[(winner - leader) % m]]
        events.append(
            Event(
                "trick",
                f"trick {n}: {self.active[winner]} wins with {best}",
                seat=self.active[winner],
                data=SeatedTrickData(n, order, cards, self.active[winner]),
            )
        )
        if n == 1:
            self.turned_on_table = False  # taken up once the first trick is turned and quitted (003 digest)
        c = self.contract
        if self.general:
            if play.finished:
                events.extend(self._settle_general())
            return events
        assert c is not None
        won_by_declarer = self.active[winner] in self.declarers
        if play.finished or (c.misere and won_by_declarer) or (c.tricks == 13 and not won_by_declarer):
            # A misère is "defeated directly the caller has to take a trick"; abondance déclarée's caller
            # "is beaten directly he loses a trick" (003): the hand ends there.
            return events + self._settle()
        if n == 1 and c.exposed:
            i = self.active.index(self.declarers[0])
            self.exposed = i
            shown = hand_texts(play.hands[i])
            events.append(
                Event(
                    "expose",
                    f"{self.declarers[0]} exposes his cards on the table: {' '.join(shown)} (003 Solo: misère ouverte)",
                    seat=self.declarers[0],
                    law="003 Solo",
                    data={"hands": {self.declarers[0]: " ".join(shown)}},
                )
            )
        return events

    # ------------------------------------------------------------------ settling

    def _money(self, amount: int) -> str:
        return format_money(amount, self.scale.unit)

    def _reckon(self, made: int) -> tuple[Outcome, list[Payment]]:
        """The value of the contract and its payments, the declaring side having taken ``made`` tricks.

        The one place a deal's money is worked out: law mode applies the digest's penalties here, with
        :func:`~hoyle.rulebook.contracts.revoke_settlement`, :func:`~hoyle.rulebook.contracts.misere_penalty`...
        """
        c = self.contract
        assert c is not None
        outcome = contract_value(c, made, self.scale, double_over=self.double_over, fmt=self._money)
        # Partners in seat order, so that A settles with C and B with D when A and B play against C and D (003).
        return outcome, payments(outcome, sorted(self.declarers, key=self.active.index), self._adversaries())

    def _settle(self) -> list[Event]:
        play, c = self.play, self.contract
        assert play is not None and c is not None
        made = sum(play.won[self.active.index(s)] for s in self.declarers)
        outcome, pays = self._reckon(made)
        who = " and ".join(self.declarers)
        if c.misere:
            verdict = f"{who} {'wins' if outcome.won else 'loses'} the {c.title}"
        else:
            verdict = (
                f"{who} {'make' if c.joint else 'makes'} {made} trick{'s' if made != 1 else ''}"
                f" of {c.tricks}: {c.title} {'won' if outcome.won else 'lost'}"
            )
        if c.joint:  # 003: "A pays to or receives from C, and B pays to or receives from D"
            each = f", paid {'to each partner by' if outcome.won else 'by each partner to'} his adversary"
        else:
            each = " from each adversary" if outcome.won else " to each adversary"
        text = f"{verdict}: {outcome.text}{each} ({', '.join(outcome.law)})"
        result = {
            "call": c.name,
            "declarers": list(self.declarers),
            "made": made,
            "won": outcome.won,
            "value": outcome.value,
        }
        return self._pay(
            Event("result", text, seat=self.declarers[0], law=list(outcome.law), data=dict(result)), pays, result
        )

    def _settle_general(self) -> list[Event]:
        play = self.play
        assert play is not None
        tricks = {s: play.won[i] for i, s in enumerate(self.active)}
        last = self.active[play.quitted[-1][2]]
        pays, why = general_misere_payments(tricks, last, self.scale.general_misere, pays=self.general_misere_pays)
        text = f"General misère: {why}; each loser pays {self._money(self.scale.general_misere)} to each other player"
        result = {"call": "general misere", "tricks": tricks, "last": last}
        return self._pay(Event("result", text, law="003 Solo", data=dict(result)), pays, result)

    def _pay(self, head: Event, pays: list[Payment], result: dict[str, Any]) -> list[Event]:
        """Settle the deal: every payment an event, the ledger moved, the result logged, the next deal dealt."""
        play = self.play
        assert play is not None
        events = [head]
        for payer, payee, amount in pays:
            self.ledger[payer] -= amount
            self.ledger[payee] += amount
            events.append(
                Event(
                    "payment",
                    f"{payer} pays {payee} {self._money(amount)}",
                    seat=payer,
                    data={"payer": payer, "payee": payee, "amount": amount},
                )
            )
        result = {
            **result,
            "tricks": {s: play.won[i] for i, s in enumerate(self.active)},
            "payments": [list(p) for p in pays],
            "scores": dict(self.ledger),
        }
        if self.named is not None:
            result["trumps"] = self.named
        self._deal_log[-1]["result"] = result
        self._last_result = result
        return events + self._next_deal()

    def _next_deal(self) -> list[Event]:
        self.deal_no += 1
        if self.deal_no >= self.deals_to_play:
            self._over = True
            self.phase = "over"
            return [Event("over", f"The sitting is over: {self._standing()}", data={"scores": dict(self.ledger)})]
        self.dealer = (self.dealer + 1) % self.n  # the deal passes to the left (002 §13)
        return self._new_deal()

    def _standing(self) -> str:
        return ", ".join(
            f"{s} ({self.players[s]}) {'+' if v > 0 else ''}{self._money(v)}" for s, v in self.ledger.items()
        )

    # ------------------------------------------------------------------ public state

    @property
    def over(self) -> bool:
        return self._over

    @property
    def scores(self) -> dict[str, int]:
        """Each seat's money won (plus) or lost (minus) over the sitting, in the scale's unit; the sum is nothing."""
        return dict(self.ledger)

    def _concealed(self, i: int) -> int:
        """The cards of the ``i``-th seat in the deal that lie in his hand, unseen by the others."""
        m = self.hands[i]
        if self.turned_on_table and self.turned_owner == i:
            m &= ~(1 << self.turned)
        if self.exposed == i:
            return 0
        return m

    def places(self) -> dict[str, str]:
        out: dict[str, str] = {}
        if self.play is not None:
            for k, (_, cards, _) in enumerate(self.play.quitted, start=1):
                for c in cards:
                    out[CARD_TEXT[c]] = f"quitted {k}"
            for c in self.play.trick:
                out[CARD_TEXT[c]] = "trick"
        for i, s in enumerate(self.active):
            m = self.hands[i]
            place = f"exposed {s}" if self.exposed == i else f"hand {s}"
            for c in mask_cards(m):
                out[CARD_TEXT[c]] = place
        if self.turned_on_table and (self.turned_owner is None or self.hands[self.turned_owner] >> self.turned & 1):
            out[CARD_TEXT[self.turned]] = "turned"  # until played to the first trick or taken up (003 digest)
        elif self.turned_owner is None:
            out[CARD_TEXT[self.turned]] = (
                "pack"  # the fortieth card, nobody's, laid aside once the first trick is turned
            )
        return out

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The view's part kept through the play (see view) is for the strict table's own view: a class that changes
        # the view or what the play does (law mode) builds every view afresh.
        cls._keeps_view = cls.view is SoloTable.view and cls._do_play is SoloTable._do_play
        cls._lean_cards = (
            cls.apply is SoloTable.apply
            and cls._check is SoloTable._check
            and cls._do is SoloTable._do
            and cls._do_play is SoloTable._do_play
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
        key = (play, self.contract, self.general, self.exposed, ledger, self._last_result, self.turned_owner)
        kept = self._view_kept
        if kept is None or kept[0] != key or kept[0][0] is not play:
            kept = self._view_kept = (key, self._view(None))
        v = kept[1].copy()
        # As _view has them: the parts that change as cards are played.
        c = self.contract
        misere = self.general or (c is not None and c.misere)
        hands = self.hands
        active = self.active
        v["seat"] = seat
        v["to_act"] = self.to_act
        v["turned"] = CARD_TEXT[self.turned] if self.turned_on_table else None
        v["leader"] = active[play.leader]
        v["trick"] = self._played_view[-len(play.trick) :] if play.trick else []
        v["played"] = list(self._played_view)
        v["last_trick"] = None if misere else self._last_trick_view
        won = play.won
        v["tricks"] = {s: won[i] for i, s in enumerate(active)}
        if self.exposed is not None:
            v["exposed"] = {active[self.exposed]: hand_texts(hands[self.exposed])}
        v["cards_left"] = {s: hands[i].bit_count() for i, s in enumerate(active)}
        if seat is not None and seat in active:
            i = active.index(seat)
            v["hand"] = hand_texts(hands[i] if self.exposed == i else self._concealed(i))
        return v

    def _view(self, seat: str | None) -> dict[str, Any]:
        """The view made afresh (see :meth:`view`)."""
        if seat is not None:
            self.seat_check(seat)
        play = self.play
        auction = self.auction
        c = self.contract
        trumps = play.trumps if play is not None else None
        misere = self.general or (c is not None and c.misere)
        pack = self._pack_facts
        money = self._money_shown
        if money[0] != (ledger := tuple(self.ledger.items())):  # the money changes only when a deal is settled
            money = self._money_shown = (ledger, {s: self._money(x) for s, x in ledger})
        v: dict[str, Any] = {
            "game": self.game.name,
            "seat": seat,
            "seats": list(self.seats),
            "players": dict(self.players),
            "deal": self.deal_no + (0 if self._over else 1),
            "deals": self.deals_to_play,
            "dealer": self.seats[self.dealer],
            "eldest": self.active[0],
            "out": self.out,
            "active": list(self.active),
            "phase": self.phase,
            "to_act": self.to_act,
            "auction": [{"seat": b.seat, "said": b.said} for b in auction.bids],
            "bid": (
                {"call": auction.best.name, "seat": auction.holder, "partner": auction.partner}
                if auction.best is not None and not auction.closed
                else None
            ),
            "passed": sorted(auction.passed),
            "contract": None,
            "trumps": SUITS[trumps] if trumps is not None else None,
            "turned": CARD_TEXT[self.turned] if self.turned_on_table else None,
            "turned_owner": (self.active[self.turned_owner] if self.turned_owner is not None else None),
            "leader": self.active[play.leader] if play is not None else None,
            "trick": self._played_view[-len(play.trick) :] if play is not None and play.trick else [],
            "played": list(self._played_view),
            # 003 digest: "This demand to see the last trick holds good at all declarations except a misère."
            "last_trick": None if misere else self._last_trick_view,
            "may_see_last_trick": not misere,
            "tricks": {s: (play.won[i] if play is not None else 0) for i, s in enumerate(self.active)},
            "exposed": (
                {self.active[self.exposed]: hand_texts(self.hands[self.exposed])} if self.exposed is not None else {}
            ),
            "cards_left": {s: self.hands[i].bit_count() for i, s in enumerate(self.active)},
            "scores": dict(self.ledger),
            "unit": self.scale.unit,
            "pack": {"cards": pack[0], "lowest": pack[1], "suits": pack[2]},
            "money": dict(money[1]),
            "last_result": self._last_result,
            "over": self._over,
        }
        if self.general:
            v["contract"] = {
                "call": "general misere",
                "title": "general misère",
                "declarers": [],
                "adversaries": list(self.active),
                "misere": True,
                "tricks": 0,
                "pays": self.general_misere_pays,
            }
        elif c is not None:
            v["contract"] = {
                "call": c.name,
                "title": c.title,
                "declarers": list(self.declarers),
                "adversaries": self._adversaries(),
                "misere": c.misere,
                "tricks": c.tricks,
                "joint": c.joint,
                "exposed": c.exposed,
            }
        if seat is not None and seat in self.active:
            i = self.active.index(seat)
            # His own cards: those in his hand and, at misère ouverte, those he has exposed; not the turned
            # card while it lies on the table (it is in "turned", as everyone sees it).
            v["hand"] = hand_texts(self.hands[i] if self.exposed == i else self._concealed(i))
        return v


def _join(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


SPEC = register(
    GameSpec(
        name="solo",
        title="Solo Whist, for three, four or five players",
        source="Hoffmann, Hoyle's Games Modernized (1909): Solo Whist (calls, stakes, digest of laws, three- and"
        " five-hand games); the American Congress laws of 1893 (Solo lines); Foster's Complete Hoyle",
        options=(
            Option(
                name="players",
                default=4,
                minimum=3,
                maximum=5,
                doc="three (no proposal, 40 cards), four, or five (the dealer's right sits out) (Hoyle's Games"
                " Modernized)",
            ),
            Option(
                name="deals",
                default=0,
                minimum=0,
                maximum=1000,
                doc="deals in the sitting; 0 is one round, every player dealing once",
            ),
            Option(
                name="stakes",
                default="6-12-18",
                choices=tuple(SCALES),
                doc="6-12-18 pence or 1s-2s-3s with 3d tricks (Hoyle's Games Modernized), or Foster's counters"
                " (Foster's Complete Hoyle)",
            ),
            Option(
                name="abondance_double_over",
                default=False,
                doc="over-tricks at abondance paid double, under-tricks not ('a matter of arrangement': Hoyle's"
                " Games Modernized)",
            ),
            Option(
                name="general_misere",
                default=False,
                doc="when all pass, play a general misère instead of throwing the cards up (Hoyle's Games Modernized)",
            ),
            Option(
                name="general_misere_pays",
                default="last trick",
                choices=("last trick", "most tricks"),
                doc="who pays at a general misère: the taker of the last trick (Hoyle's Games Modernized) or of"
                " the most (Foster's Complete Hoyle)",
            ),
            Option(
                name="three_hand_pack",
                default="40",
                choices=tuple(_THREE_HAND_PACKS),
                doc="three players: 40 cards without twos, threes, fours, or three suits only (Hoyle's Games"
                " Modernized)",
            ),
            Option(
                name="irregularities",
                default=False,
                doc="law mode: seats may err; Hoyle's Games Modernized's digest and the American Congress laws'"
                " Solo lines rule (docs/solo.md)",
            ),
            Option(
                name="law_code",
                default="003",
                choices=("003", "002"),
                doc="law mode: whose rule settles revokes and wrong hands: Hoyle's Games Modernized's digest or"
                " the American Congress laws' Solo lines",
            ),
        ),
        table_class=SoloTable,
        rules_bot="hoyle.bots.solo_rules:SoloRulesBot",
        seats=lambda o: SEATS[: o["players"]],
        money=True,
        pack_size=lambda o: 40 if o.get("players") == 3 else 52,  # 003: forty cards at three
        exposes_hands=True,
        variants=(
            {"irregularities": True, "players": 5, "law_code": "002", "general_misere": True},
            {"irregularities": True, "players": 3},
            {"players": 3},
            {"players": 5, "stakes": "foster"},
            {"general_misere": True, "abondance_double_over": True, "deals": 6},
            {"irregularities": True},  # law mode (docs/solo.md, "The laws"), played by its legal actions
        ),
        aliases=("solo whist",),
    )
)
