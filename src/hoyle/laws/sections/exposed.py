"""Exposed and called cards, one section for every law-mode game: cards exposed, shown, named, detached, thrown
down, a quitted trick looked at, a card added to a trick (000 §55–§60, §91; 002 §19–§27, §37, with their Solo and
Boston lines; 003 digest).

The kinds both families have are one handler each: :meth:`ExposedLaw.expose` (the cards laid face up before their
owner, liable to be called where the rule says so), :meth:`ExposedLaw.look` (a quitted trick looked at: a suit
right, the offended side's choice at once, or no penalty, as the rule's shape says) and :meth:`ExposedLaw.throw_down`.
What differs is a hook of the table (:class:`ExposedHooks`): the rule for an offender and whether he is exempt
(``_fault``: a Dummy's side, G.W.P.'s point), how cards are laid face up, whether an exposed card is liable, the
rulings in the family's words (``LOOK_WORDS``, ``_exposed_ruled``, ``_look_stands``), and, where the laws differ, data
naming the law (``THROWN_DOWN``: the cards exposed, 000 §58–59, or the partners' choice, 002 §27 Solo).  The kinds
one family has (two cards at once, a detached card, the rest claimed: the Whist family's; a card added to a quitted
trick: the round games') are handlers of this section too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol

from ...cards import CARDS, Card, mask_cards
from ...engine.actions import Action
from ...engine.events import Event
from ...rulebook.whist import SEATS, SIDES
from ..codes import Rule
from ..decision import DecisionKey
from ..hand import bits, card_text, establish
from ..referee import LawSection
from .common import Decision, partner_of, side_of

if TYPE_CHECKING:
    from ..round import RoundLawMixin
    from ..table import LawMixin

__all__ = ["ExposedHooks", "ExposedLaw"]


class ExposedHooks(Protocol):
    """What the section asks of its table (a seat is its index in the table's seats)."""

    THROWN_DOWN: Literal["exposed", "partners"]
    """What a hand thrown down comes to: its cards exposed (000 §58–59; 002 §27), or the partners' choice (002 §27
    Solo)."""
    LOOK_WORDS: str
    """A quitted trick looked at, in the family's words (``{who}``, ``{n}``)."""

    def _seat_name(self, seat: int) -> str: ...

    def _fault(self, who: int, key: str, what: str) -> tuple[list[Event] | None, Rule]:
        """The rule for ``who``'s fault ``key``, and the ruling already made if he is exempt from it (else ``None``)."""
        ...

    def _liable_by(self, rule: Rule) -> bool:
        """Whether cards exposed under ``rule`` are liable to be called (000 §56: the code's effect; 002 §20 Solo:
        where the game's rule gives remedies)."""
        ...

    def _lay_face_up(self, who: int, cards: int, liable: bool) -> None:
        """``cards`` of ``who``'s hand laid face up before him (place ``exposed X``), liable to be called if so."""
        ...

    def _exposed_ruled(self, who: int, cards: list[int], key: str, what: str, rule: Rule, liable: bool) -> list[Event]:
        """The events and ruling of cards exposed (``what``, the act's words where the family gives them)."""
        ...

    def _look_key(self, n: int) -> str:
        """The irregularity of looking at quitted trick ``n`` (the last trick may have its own law)."""
        ...

    def _look_stands(self, who: int, n: int, key: str, rule: Rule, what: str) -> list[Event]:
        """The ruling of a quitted trick looked at without penalty."""
        ...

    def _suit_right(self, who: int, rule: Rule, key: str, what: str) -> list[Event]:
        """A right to call a suit from ``who``'s side when next it leads (002 §37), kept as the family keeps it, and
        its ruling (the Whist family's codes; the round games' rules give remedies, not this effect)."""
        ...

    def _offered(
        self, key: str, who: int, rule: Rule, options: list[tuple[str, str]], note: str, text: str
    ) -> list[Event]:
        """A penalty phase for ``who``'s irregularity ``key``, and the ruling that says so."""
        ...


class ExposedLaw(LawSection[Any]):
    """Exposed and called cards, for every law-mode game (see the module)."""

    def expose(self, who: int, cards: list[int], key: str = "exposed card", what: str = "") -> list[Event]:
        """Cards face up before their owner (000 §56; 002 §20), liable to be called where the rule says so; or no
        penalty, or G.W.P.'s point (the offender's seat; ``what``, the act in the Whist
        family's words)."""
        tab: ExposedHooks = self.t
        exempt, rule = tab._fault(who, key, what)
        if exempt is not None:
            return exempt
        liable = tab._liable_by(rule)
        m = 0
        for c in cards:
            m |= 1 << c
        tab._lay_face_up(who, m, liable)
        return tab._exposed_ruled(who, cards, key, what, rule, liable)

    def throw_down(self, who: int) -> list[Event]:
        """A player throws his cards on the table face upwards (000 §58–59; 002 §27, its Solo line; 004 rule 13)."""
        if self.t.THROWN_DOWN == "exposed":
            return self.throw_down_exposed(who)
        return self.throw_down_to_partners(who)

    def look(self, who: int, n: int) -> list[Event]:
        """``who`` looks at quitted trick ``n`` (000 §91; 002 §37, its Solo and Boston lines; 004 rule 18): a suit
        may be called from his side, or the offended side chooses a penalty at once, or none follows."""
        tab: ExposedHooks = self.t
        key = tab._look_key(n)
        what = tab.LOOK_WORDS.format(who=tab._seat_name(who), n=n)
        exempt, rule = tab._fault(who, key, what)
        if exempt is not None:
            return exempt
        if rule.effect == "suit right":  # when next his side leads (002 §37)
            return tab._suit_right(who, rule, key, what)
        if rule.remedies:  # the offended side chooses at once (002 §37 Solo; 003 digest)
            note = f"{tab._seat_name(who)} looked at trick {n}"
            return tab._offered(key, who, rule, rule.options(), note, f"{what}: {rule.text}")
        return tab._look_stands(who, n, key, rule, what)

    # ================================================================== the Whist family's

    def throw_down_exposed(self, who: int) -> list[Event]:
        """A player throws his cards on the table face upwards: they are exposed, and when all have, the hands are
        abandoned (000 §58–59, Cases V and VII; 002 §27; 004 rule 13)."""
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        events: list[Event] = []
        establish(h.renounces, seats=(side_of(who), side_of(who) + 2))  # an act of play: 000 Case VII, §73
        tab._thrown.append(who)
        if tab._claim_rest is None and len(tab._thrown) == 1 and tab._dummy_side(who) is False:
            pass
        if tab._rule("hand thrown down").effect == "counted against":  # 004 rule 13
            tab._counted_against = side_of(who)
            return [
                tab._ruling(
                    "hand thrown down",
                    f"{SEATS[who]} throws down his cards",
                    seat=who,
                    remedy="the rest of the hand counted against his side",
                )
            ]
        cards = bits(h.hands[who] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[who])
        events.extend(
            self.expose(who, cards, "hand thrown down", f"{SEATS[who]} throws his cards on the table face upwards")
        )
        live = [s for s in range(4) if s not in tab._dummy_seats()]
        if all(s in tab._thrown for s in live):
            tab._abandoned = True
            tab._decisions = [
                d for d in tab._decisions if d.key in (DecisionKey.CLAIM_REVOKE, DecisionKey.REVOKE_PENALTY)
            ]
            claimant = tab._claim_rest if tab._claim_rest is not None else 1 - side_of(tab._thrown[0])
            events.append(
                tab._ruling(
                    "hands abandoned",
                    f"all have thrown their cards on the table: the hands are"
                    f" abandoned, the remaining tricks going to {SIDES[claimant]} as claimed or"
                    " admitted",
                    remedy="abandoned",
                )
            )
        return events

    def two_cards(self, who: int, c1: int, c2: int) -> list[Event]:
        """Two cards played at once (000 §56 I and footnote 23; 002 §20 II; 004 rule 12)."""
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        what = f"{SEATS[who]} plays two cards at once, the {CARDS[c1].name} and the {CARDS[c2].name}"
        key = "two cards at once"
        if tab._dummy_side(who) or tab.facts.penalty_is_a_point:
            events = (
                self.expose(who, [], key, what)
                if tab._dummy_side(who)
                else [tab._point(key, who, what + "; the first is played")]
            )
            return events + tab.referee.play.put(who, c1, failed=False)
        for c in (c1, c2):
            if h.hands[who] >> c & 1:
                tab._origin[c] = False
                h.face_up(who, c)
        r = tab._rule(key)
        lawful = [c for c in (c1, c2) if h.lawful(who) >> c & 1]
        events = [tab._ruling(key, what, seat=who, cards=[card_text(c1), card_text(c2)])]
        if not lawful:
            return events
        # 000 §56 I: the adversary calls one to the trick; else (002 §20 II) the offender plays which he will
        if tab.facts.two_cards_adversary_calls:
            chooser, opts, waive = tab._live((who + 3) % 4), [f"call card {card_text(c)}" for c in lawful], True
        else:
            chooser, opts, waive = who, [f"play {card_text(c)}" for c in lawful], False
        tab._offer(key, chooser, r, what, opts, offender=who, waive=waive, by_rule=False, cards=lawful)
        return events

    def two_cards_settle(self, who: int, c: int, *, by: int | None = None, remedy: str | None = None) -> list[Event]:
        """The one of two cards played at once that goes to the trick; the other stays face up."""
        tab: LawMixin = self.t
        events = []
        if by is not None and tab.facts.two_cards_adversary_calls:
            events.append(
                tab._ruling(
                    "two cards at once",
                    f"{SEATS[by]} calls the {CARDS[c].name} to the trick; the other card remains exposed",
                    seat=who,
                    remedy=remedy,
                )
            )
        elif by is not None:
            events.append(
                tab._ruling(
                    "two cards at once",
                    f"{SEATS[who]} indicates the {CARDS[c].name} as the card"
                    " played; the other remains liable to be called",
                    seat=who,
                    remedy=remedy,
                )
            )
        return events + tab.referee.play.put(who, c)

    def detach(self, who: int, card: int) -> list[Event]:
        """A card detached from the hand, face down: liable if an adversary names it rightly (000 §60, footnote 22)."""
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        what = f"{SEATS[who]} detaches a card from his hand"
        key = "detached card"
        r = tab._rule(key)
        if tab._dummy_side(who):
            return [tab._ruling("dummy partner", what, seat=who, remedy="none")]
        if not r.remedies:
            return [tab._ruling(key, what, seat=who, remedy="none")]
        chooser = tab._live((who + 1) % 4)
        # The chooser may name any card that is not in sight of the whole table: the options are public (every
        # view shows the decision), so they must not depend on any concealed card, the chooser's own hand
        # included; a card he names from his own hand is simply a wrong card (000 §60).
        seen = tab._in_sight()
        opts = [f"call card {card_text(c)}" for c in range(52) if not seen >> c & 1]
        tab._offer(key, chooser, r, what, opts, offender=who, by_rule=False, card=card)
        return [tab._ruling(key, what, seat=who)]

    def none_held(self) -> str:
        """What a called suit that he does not hold comes to, under this code (000 §66; 002 §24)."""
        tab: LawMixin = self.t
        return (
            " (having none, the penalty is paid)"
            if tab.facts.suit_not_held_penalty_paid
            else " (having none, no penalty can be enforced)"
        )

    def in_sight(self) -> int:
        """The cards of this hand every seat can see (the spectator's view): those played, those exposed, a Dummy's
        hand once it lies face up, the trump card while it lies on the table.  What a public decision may depend on."""
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        seen = sum(1 << c for _, c in h.trick) | sum(1 << c for q in h.quitted for _, c in q.plays)
        dummies = tab._dummy_seats()
        show_dummy = bool(dummies) and (tab.game.options.get("expose") == "deal" or tab._dummy_shown)
        for s in range(4):
            seen |= h.exposed[s]
            if s in dummies and show_dummy:
                seen |= h.hands[s]
        if h.trump_on_table:
            seen |= 1 << h.trump_card
        return seen

    def decide_detached(self, d: Decision, action: Action, by: int) -> list[Event]:
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None and d.offender is not None
        off = d.offender
        card = d.context["card"]
        if str(action) == "waive" or not h.hands[off] >> card & 1:
            return [
                tab._ruling(
                    "detached card",
                    f"{SEATS[by]} names no card; the detached card goes back to the hand",
                    seat=off,
                    remedy="waive",
                )
            ]
        named = Card.from_text(action.arg.split()[-1])
        if named == card:
            h.face_up(off, card)
            return [
                tab._ruling(
                    "detached card",
                    f"{SEATS[by]} names the detached card, the {CARDS[card].name}: it is liable to be called",
                    seat=off,
                    remedy=str(action),
                )
            ]
        tab._suit_rights.append(
            {
                "side": side_of(by),
                "laws": list(d.laws),
                "key": "detached card",
                "chooser": "either",
                "why": f"{SEATS[by]} named a wrong card",
            }
        )
        return [
            tab._ruling(
                "detached card",
                f"{SEATS[by]} names the {CARDS[named].name}, a wrong card: his side is"
                " liable to have a suit called when either of them first has the lead",
                seat=by,
                remedy="a suit may be called",
            )
        ]

    def claim_the_rest(self, who: int) -> list[Event]:
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        tab._claim_rest = side_of(who)
        what = f"{SEATS[who]} says the rest are his side's"
        if tab._dummy_side(who):
            return [tab._ruling("dummy partner", what, seat=who, remedy="none")]
        if tab.facts.penalty_is_a_point:  # 004 rule 14
            return [tab._point("claimed the rest", who, what)]
        if tab._rule("claimed the rest").effect == "partner exposed":  # 002 §36
            p = partner_of(who)
            return self.expose(
                p,
                bits(h.hands[p] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[p]),
                "claimed the rest",
                what + f": {SEATS[p]}'s cards are laid upon the table",
            )
        return [tab._ruling("claimed the rest", what, seat=who, remedy="none")]

    # ================================================================== the round games'

    def throw_down_to_partners(self, who: int) -> list[Event]:
        """A player abandons his hand: of the declaring side, it is settled at once; else his cards lie face up and
        his partners choose (002 §27 Solo; 003 digest)."""
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        hand = tab.referee.play.holds(who)
        rule = tab._law_rule("hand thrown down", who)
        name = tab.seats[who]
        if who in tab._law_declarers():  # settled at once: the cards are gathered (and not spelt out here)
            event = Event("expose", f"{name} throws his cards on the table face upwards", seat=name, data={})
            text = f"{name}, of the declaring side, abandons his hand: {rule.text}"
            return [event, *tab._ruled("hand thrown down", who, rule, text, "settled"), *tab._law_abandoned(who, None)]
        tab._lay_face_up(who, hand, False)
        shown = " ".join(card_text(c) for c in mask_cards(hand))
        event = Event(
            "expose",
            f"{name} throws his cards on the table face upwards: {shown}",
            seat=name,
            data={"hands": {name: shown}},
        )
        partners = [s for s in tab._side_of(who) if s != who]
        tab._abandoned = who
        return [
            event,
            *tab._offered(
                "hand thrown down",
                who,
                rule,
                rule.options(),
                f"{name} abandoned his hand",
                f"{name} abandons his hand: {rule.text}",
                remedy="his partners' choice",
                chooser=partners[0],
                side=partners,
            ),
        ]

    def add(self, who: int, card: int) -> list[Event]:
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        play.hands[tab._ring.index(who)] &= ~(1 << card)
        tab._gathered[card] = who
        n = len(play.quitted)
        return [
            tab._ruling(
                "second card to trick",
                f"{tab.seats[who]} plays a second card to trick {n}, which is gathered with it: his hand is now a card"
                " short",
                ["002 §19 Solo", "002 §20 II"],
                seat=who,
                remedy="the hand is found wrong when it comes to light",
            )
        ]
