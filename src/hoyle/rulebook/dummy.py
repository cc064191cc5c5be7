"""Dummy and Double Dummy: whist for three and for two, with exposed hands (000, "Dummy", "Double Dummy").

"The laws are the same as those of Whist" (000 Dummy), so both are Whist
tables (:class:`~hoyle.rulebook.whist.WhistTable`, any of its codes) with:

- **Dummy**: three players; one hand, Dummy's, lies exposed on the table and is
  played by Dummy's partner.  Dummy deals at the commencement of each rubber
  (000 Dummy I).  The lowest cut has the choice and takes Dummy for the first
  rubber; Dummy passes to the next in the order of the cut each rubber
  (rules §2, the option ``rotation``).
- **Double Dummy**: two players, each with a Dummy for his partner (000 Double
  Dummy).

Seats: Dummy sits North and his partner South; at Double Dummy the second
player sits West with his Dummy East.  A Dummy's seat is ``to_act`` when it is
its turn; :meth:`controller` names the seat whose player decides for it.
Dummy's hand is exposed as soon as the deal is complete (rules §2; the option
``expose="lead"`` lays it down after the opening lead instead).  The laws'
exceptions for Dummy (his revoke, his partner's errors) are law mode's.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.registry import GameSpec, Option, register
from ..formation import Cutter, cut_order
from .whist import CODES, ENGLISH, SEATS, WhistTable, check_options, hand_texts

__all__ = ["DummyTable"]

_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}


class DummyTable(WhistTable):
    """A sitting of Dummy (three players) or Double Dummy (two)."""

    law_class = "hoyle.laws.table:LawDummyTable"  # irregularities=True: law mode with Dummy's exceptions

    # seat of each Dummy -> the seat of the player who plays it
    _dummies: dict[str, str]

    def __init__(self, game: Any, **kwargs: Any) -> None:
        double = game.name == "double-dummy"
        self._dummies = {"N": "S", "E": "W"} if double else {"N": "S"}
        self._dummy_turn = 0
        super().__init__(game, **kwargs)
        if not hasattr(self, "_order"):  # a given deal: the seats are as given
            self._order = (
                [self.players["S"], self.players["W"]]
                if double
                else [self.players["S"], self.players["E"], self.players["W"]]
            )

    @property
    def _double(self) -> bool:
        return self.game.name == "double-dummy"

    @property
    def _default_players(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("A", "B") if self._double else ("A", "B", "C")

    def _check_candidates(self, names: list[str]) -> None:
        n = 2 if self._double else 3
        if len(names) != n or len(set(names)) != n or not all(isinstance(x, str) and x for x in names):
            raise ValueError(f"{self.game.name} is played by {n} distinct players, not {names!r}")

    def _players(self, players: Any) -> dict[str, str]:
        """The seats of a given deal: the players' names (three, or two), seated as the cut would seat them."""
        names = list(players) if players else list(self._default_players)
        self._check_candidates(names)
        self._order = names
        dealer = self.dealer  # the given deal's dealer, not Dummy's first deal of a rubber
        self._seat()
        self.dealer = dealer
        return dict(self.players)

    def controller(self, seat: str) -> str:
        return self._dummies.get(seat, seat)

    # ------------------------------------------------------------------ forming the table

    def _form(self, names: Any, *, initial: bool = True, cutter: Cutter | None = None) -> list[Event]:
        """The players cut; the lowest has the choice and takes Dummy as partner (000 §13, rules §2)."""
        if initial:
            order, rounds = cut_order(names, cutter or self._cut_cards)
            self._order = list(order)
            self._dummy_turn = 0
            events = [
                Event("cut", r.text, law=r.law, data={"purpose": r.purpose, "cuts": {n: str(c) for n, c in r.cuts}})
                for r in rounds
            ]
        else:
            events = []
        return events + self._seat()

    def _seat(self) -> list[Event]:
        order = self._order
        if self._double:
            first, second = order
            self.players = {"N": f"{first}'s Dummy", "E": f"{second}'s Dummy", "S": first, "W": second}
            self._dummies = {"N": "S", "E": "W"}
            text = f"{first} sits South with his Dummy North; {second} West with his Dummy East (000 Double Dummy)"
            law = "000 Double Dummy"
        else:
            k = self._dummy_turn % 3
            dummy_player = order[k]
            others = [order[(k + 1) % 3], order[(k + 2) % 3]]
            self.players = {"N": "Dummy", "E": others[0], "S": dummy_player, "W": others[1]}
            self._dummies = {"N": "S"}
            text = f"{dummy_player} takes Dummy (North) and sits South; {others[0]} East, {others[1]} West (rules §2)"
            law = "rules §2"
        # Dummy deals at the commencement of each rubber (000 Dummy I).
        self.dealer = _SEAT_INDEX["N"]
        return [
            Event(
                "seating",
                text + "; Dummy deals first (000 Dummy I)",
                law=[law, "000 Dummy I"],
                data={"players": dict(self.players), "controllers": dict(self._dummies)},
            )
        ]

    def _shares(self) -> list[tuple[str, int]]:
        if self._double:  # two players, one stake: each wins or loses the points once
            return [(self.players["S"], 0), (self.players["W"], 1)]
        return super()._shares()  # Dummy's partner wins or loses against each adversary

    def _table_changes(self, rubber_over: bool) -> bool:
        return rubber_over

    def _change_table(self) -> list[Event]:
        """After a rubber Dummy passes to the next player (rules §2), and Dummy deals again (000 Dummy I)."""
        if not self._double and self.game["rotation"] == "rubber":
            self._dummy_turn += 1
        return self._seat()

    # ------------------------------------------------------------------ the deal and the views

    def _exposed(self) -> bool:
        play = self.play
        assert play is not None
        return self.game["expose"] == "deal" or bool(play.trick or play.quitted)

    def _do(self, action: Action) -> list[Event]:
        play = self.play
        assert play is not None
        before = bool(play.trick or play.quitted)
        events = super()._do(action)
        if self.game["expose"] == "lead" and not before and not self._over and len(play.quitted) == 0:
            events.insert(1, self._expose_event())
        return events

    _do_after_lead = _do  # after the deal's first card, WhistTable._do's: later cards go apply's short way

    def _new_deal(self) -> list[Event]:
        events = super()._new_deal()
        if self.game["expose"] == "deal":
            events.append(self._expose_event())
        return events

    def _expose_event(self) -> Event:
        play = self.play
        assert play is not None
        hands = {s: " ".join(hand_texts(play.hands[_SEAT_INDEX[s]])) for s in self._dummies}
        names = " and ".join(f"{self.players[s]} ({s})" for s in self._dummies)
        return Event("expose", f"{names} laid face up on the table (000 Dummy)", law="000 Dummy", data={"hands": hands})

    def view(self, seat: str | None) -> dict[str, Any]:
        v = super().view(seat)
        v["controllers"] = dict(self._dummies)
        play = self.play
        assert play is not None
        if self._exposed() and not self._over:
            v["exposed"] = {s: self._in_hand(s) for s in self._dummies}
        else:
            v["exposed"] = {}
        if seat is not None and seat in self._dummies and not self._over:
            # A Dummy knows what its partner knows: his own concealed hand too.
            v["partner_hand"] = self._in_hand(self._dummies[seat])
        return v

    def _in_hand(self, seat: str) -> list[str]:
        """The cards in ``seat``'s hand: the dealer's turned trump card lies on the table until he takes it up."""
        play = self.play
        assert play is not None
        cards = hand_texts(play.hands[_SEAT_INDEX[seat]])
        if self.trump_on_table and seat == SEATS[self.dealer]:
            cards.remove(self._turned_text)
        return cards


_COMMON = (
    Option(
        name="code",
        default=ENGLISH,
        choices=CODES,
        doc="the code of laws: english-1864 (the Laws of Short Whist), american-1893 (the American Congress laws),"
        " american-gwp (G.W.P.'s American Whist)",
    ),
    Option(
        name="long",
        default=False,
        doc="Long Whist scoring (Cassell's Book of In-door Amusements; Hoyle's Games Improved)",
    ),
    Option(name="rubbers", default=1, minimum=1, maximum=1000, doc="rubbers in one sitting"),
    Option(
        name="rubber_bonus",
        default=0,
        minimum=0,
        maximum=100,
        doc="American codes: points to the side that wins the rubber (Foster's Complete Hoyle)",
    ),
    Option(
        name="expose",
        default="deal",
        choices=("deal", "lead"),
        doc="when Dummy's hand is laid down: when the deal is complete, or after the opening lead (no period text"
        " settles it: hoyle's choice)",
    ),
    Option(
        name="irregularities",
        default=False,
        doc="law mode: seats may err, and the laws of irregularities rule, with Dummy's exceptions (docs/laws.md)",
    ),
)

register(
    GameSpec(
        name="dummy",
        title="Dummy: whist for three, one hand exposed",
        source="the Laws of Short Whist (1864): Dummy, laws I–III",
        options=(
            *_COMMON,
            Option(
                name="rotation",
                default="rubber",
                choices=("rubber", "none"),
                doc="Dummy passes to the next player each rubber, or stays (no period text settles it: hoyle's choice)",
            ),
        ),
        table_class=DummyTable,
        rules_bot="hoyle.bots.whist_rules:WhistRulesBot",
        seats=lambda o: SEATS,
        pack_size=lambda o: 52,
        exposes_hands=True,
        # Every deal scores at least a point, so a game is at most 19 deals (Long Whist), a rubber three games, a
        # deal 52 cards; twice that, to be generous.
        max_actions=lambda o: 2 * o.get("rubbers", 1) * 3 * 19 * 52,
        variants=({"expose": "lead", "rotation": "none"}, {"irregularities": True}),
        validate=check_options,
    )
)

register(
    GameSpec(
        name="double-dummy",
        title="Double Dummy: whist for two, each with an exposed Dummy",
        source="the Laws of Short Whist (1864): Double Dummy",
        options=_COMMON,
        table_class=DummyTable,
        rules_bot="hoyle.bots.whist_rules:WhistRulesBot",
        seats=lambda o: SEATS,
        pack_size=lambda o: 52,
        exposes_hands=True,
        # Every deal scores at least a point, so a game is at most 19 deals (Long Whist), a rubber three games, a
        # deal 52 cards; twice that, to be generous.
        max_actions=lambda o: 2 * o.get("rubbers", 1) * 3 * 19 * 52,
        variants=({"expose": "lead", "long": True},),
        aliases=("double dummy",),
        validate=check_options,
    )
)
