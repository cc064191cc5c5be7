"""Exposed cards at a round table: a hand thrown down, a trick looked at, a card added (002 §20–§27)."""

from __future__ import annotations

from ...cards import mask_cards
from ...engine.events import Event
from ..hand import card_text
from .common import RoundSection


class RoundExposedLaw(RoundSection):
    """Exposed cards at a round table: a hand thrown down, a trick looked at, a card added (002 §20–§27)."""

    def expose(self, who: str, cards: list[int]) -> list[Event]:
        """Cards exposed (002 §20): face up before ``who``, liable to be called where the game's rule says so; at a
        misère, the caller may claim the stakes at once."""
        tab = self.t
        bits = 0
        for c in cards:
            bits |= 1 << c
        self.face_up(who, bits)
        names = " ".join(card_text(c) for c in cards)
        rule = tab._law_rule("exposed card", who)
        event = Event("expose", f"{who} exposes {names}", seat=who, data={"cards": [card_text(c) for c in cards]})
        if not rule.remedies:
            return [event, *self.ruled("exposed card", who, rule, f"{who} exposes {names}: no penalty ({rule.text})")]
        self.face_up(who, bits, liable=True)
        text = f"{who} exposes {names}: {rule.text}"
        stakes = [(k, law) for k, law in rule.options() if k == "claim the stakes"]
        if stakes:
            tab._decision("exposed card", who, rule, stakes, f"{who} exposed {names} against the misère")
        return [event, *self.ruled("exposed card", who, rule, text, "liable to be called")]

    def throw_down(self, who: str) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None
        hand = tab.referee.play.holds(who)
        rule = tab._law_rule("hand thrown down", who)
        if who in tab._law_declarers():  # settled at once: the cards are gathered (and not spelt out here)
            event = Event("expose", f"{who} throws his cards on the table face upwards", seat=who, data={})
            text = f"{who}, of the declaring side, abandons his hand: {rule.text}"
            return [event, *self.ruled("hand thrown down", who, rule, text, "settled"), *tab._law_abandoned(who, None)]
        self.face_up(who, hand)
        shown = " ".join(card_text(c) for c in mask_cards(hand))
        event = Event(
            "expose",
            f"{who} throws his cards on the table face upwards: {shown}",
            seat=who,
            data={"hands": {who: shown}},
        )
        partners = [s for s in tab._side_of(who) if s != who]
        tab._abandoned = who
        return [
            event,
            *self.offer(
                "hand thrown down",
                who,
                rule,
                rule.options(),
                f"{who} abandoned his hand",
                f"{who} abandons his hand: {rule.text}",
                remedy="his partners' choice",
                chooser=partners[0],
                side=partners,
            ),
        ]

    def look(self, who: str, n: int) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None
        last = n == len(play.quitted)
        key = "last trick looked at" if last else "trick looked at"
        rule = tab._law_rule(key, who)
        if not rule.remedies:
            cards = play.quitted[n - 1][1]
            return self.ruled(
                key,
                who,
                rule,
                f"{who} looks at trick {n}: {rule.text}",
                lawful=last,
                cards=[card_text(c) for c in cards] if last else None,
            )
        text = f"{who} looks at trick {n}, already turned and quitted: {rule.text}"
        return self.offer(key, who, rule, rule.options(), f"{who} looked at trick {n}", text)

    def add(self, who: str, card: int) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None
        play.hands[tab.active.index(who)] &= ~(1 << card)
        tab._gathered[card] = who
        n = len(play.quitted)
        return [
            tab._ruling(
                "second card to trick",
                f"{who} plays a second card to trick {n}, which is gathered with it: his hand is now a card short",
                ["002 §19 Solo", "002 §20 II"],
                seat=who,
                remedy="the hand is found wrong when it comes to light",
            )
        ]
