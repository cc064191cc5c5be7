"""Exposed and called cards: cards exposed, shown, named, detached, thrown down (000 §55–§60; 002 §19–§23)."""

from __future__ import annotations

from ...cards import CARDS, Card
from ...engine.actions import Action
from ...engine.events import Event
from ...rulebook.whist import AMERICAN, ENGLISH, GWP, SEATS, SIDES
from ..hand import bits, establish
from .common import Decision, Section, card_text, partner_of, side_of


class ExposedLaw(Section):
    """Exposed and called cards: cards exposed, shown, named, detached, thrown down (000 §55–§60; 002 §19–§23)."""

    def expose(self, who: int, cards: list[int], key: str, what: str) -> list[Event]:
        """Cards face up before their owner, liable to be called; or no penalty, or G.W.P.'s point."""
        tab = self.t
        h = tab.hand
        assert h is not None
        exempt, r = self.fault(who, key, what)
        if exempt is not None:
            return exempt
        for c in cards:
            if h.hands[who] >> c & 1:
                h.face_up(who, c)
        return [
            tab._ruling(
                key,
                what,
                seat=who,
                remedy="liable to be called" if r.effect == "exposed" else None,
                cards=[card_text(c) for c in cards],
            )
        ]

    def two_cards(self, who: int, c1: int, c2: int) -> list[Event]:
        """Two cards played at once (000 §56 I and footnote 23; 002 §20 II; 004 rule 12)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        what = f"{SEATS[who]} plays two cards at once, the {CARDS[c1].name} and the {CARDS[c2].name}"
        key = "two cards at once"
        if tab._dummy_side(who) or tab.code == GWP:
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
        if tab.code == ENGLISH:  # the adversary calls one to the trick; else the offender plays which he will
            chooser, opts, waive = tab._live((who + 3) % 4), [f"call card {card_text(c)}" for c in lawful], True
        else:
            chooser, opts, waive = who, [f"play {card_text(c)}" for c in lawful], False
        tab._offer(key, chooser, r, what, opts, offender=who, waive=waive, by_rule=False, cards=lawful)
        return events

    def two_cards_settle(self, who: int, c: int, *, by: int | None = None, remedy: str | None = None) -> list[Event]:
        """The one of two cards played at once that goes to the trick; the other stays face up."""
        tab = self.t
        events = []
        if by is not None and tab.code == ENGLISH:
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

    def throw_down(self, who: int) -> list[Event]:
        """A player throws his cards on the table face upwards (000 §58–59, Cases V and VII; 002 §27; 004 rule 13)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        events: list[Event] = []
        establish(h.renounces, seats=(side_of(who), side_of(who) + 2))  # an act of play: 000 Case VII, §73
        tab._thrown.append(who)
        if tab._claim_rest is None and len(tab._thrown) == 1 and tab._dummy_side(who) is False:
            pass
        if tab.code == GWP:
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
            tab._decisions = [d for d in tab._decisions if d.key in ("claim revoke", "revoke penalty")]
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

    def detach(self, who: int, card: int) -> list[Event]:
        """A card detached from the hand, face down: liable if an adversary names it rightly (000 §60, footnote 22)."""
        tab = self.t
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
        tab = self.t
        return (
            " (having none, the penalty is paid)"
            if tab.code == ENGLISH
            else " (having none, no penalty can be enforced)"
        )

    def in_sight(self) -> int:
        """The cards of this hand every seat can see (the spectator's view): those played, those exposed, a Dummy's
        hand once it lies face up, the trump card while it lies on the table.  What a public decision may depend on."""
        tab = self.t
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
        tab = self.t
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
        tab = self.t
        h = tab.hand
        assert h is not None
        tab._claim_rest = side_of(who)
        what = f"{SEATS[who]} says the rest are his side's"
        if tab._dummy_side(who):
            return [tab._ruling("dummy partner", what, seat=who, remedy="none")]
        if tab.code == GWP:
            return [tab._point("claimed the rest", who, what)]
        if tab.code == AMERICAN:
            p = partner_of(who)
            return self.expose(
                p,
                bits(h.hands[p] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[p]),
                "claimed the rest",
                what + f": {SEATS[p]}'s cards are laid upon the table",
            )
        return [tab._ruling("claimed the rest", what, seat=who, remedy="none")]

    def look(self, who: int, n: int) -> list[Event]:
        tab = self.t
        what = f"{SEATS[who]} looks at trick {n}, which has been turned and quitted"
        key = "trick looked at"
        exempt, r = self.fault(who, key, what)
        if exempt is not None:
            return exempt
        if r.effect == "suit right":
            tab._suit_rights.append(
                {"side": side_of(who), "laws": list(r.laws), "key": key, "chooser": r.chooser, "why": what}
            )
            return [tab._ruling(key, what, seat=who, remedy="a suit may be called")]
        return [tab._ruling(key, what, seat=who, remedy="none")]
