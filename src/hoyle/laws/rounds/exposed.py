"""Exposed cards at a round table: a hand thrown down, a trick looked at, a card added (002 §20–§27)."""

from __future__ import annotations

from ...cards import mask_cards
from ...engine.events import Event
from ..sections.common import card_text
from .common import RoundSection


class RoundExposedLaw(RoundSection):
    """Exposed cards at a round table: a hand thrown down, a trick looked at, a card added (002 §20–§27)."""

    def throw_down(self, who: str) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None
        hand = tab.referee.play.holds(who)
        rule = tab._law_rule("hand thrown down", who)
        if who in tab._law_declarers():  # settled at once: the cards are gathered (and not spelt out here)
            event = Event("expose", f"{who} throws his cards on the table face upwards", seat=who, data={})
            return [
                event,
                tab._ruling(
                    "hand thrown down",
                    f"{who}, of the declaring side, abandons his hand: {rule.text}",
                    rule.laws,
                    seat=who,
                    remedy="settled",
                ),
                *tab._law_abandoned(who, None),
            ]
        tab._shown[who] = tab._shown.get(who, 0) | hand
        shown = " ".join(card_text(c) for c in mask_cards(hand))
        event = Event(
            "expose",
            f"{who} throws his cards on the table face upwards: {shown}",
            seat=who,
            data={"hands": {who: shown}},
        )
        partners = [s for s in tab._side_of(who) if s != who]
        tab._abandoned = who
        tab._decision(
            "hand thrown down",
            who,
            rule,
            list(rule.remedies),
            f"{who} abandoned his hand",
            chooser=partners[0],
            side=partners,
        )
        return [
            event,
            tab._ruling(
                "hand thrown down",
                f"{who} abandons his hand: {rule.text}",
                rule.laws,
                seat=who,
                remedy="his partners' choice",
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
            word = "may" if last else "may not"
            return [
                tab._ruling(
                    key,
                    f"{who} looks at trick {n}: {rule.text}",
                    rule.laws,
                    seat=who,
                    remedy="none",
                    lawful=last and word == "may",
                    cards=[card_text(c) for c in cards] if last else None,
                )
            ]
        opts = list(rule.remedies)
        tab._decision(key, who, rule, opts, f"{who} looked at trick {n}")
        return [
            tab._ruling(
                key,
                f"{who} looks at trick {n}, already turned and quitted: {rule.text}",
                rule.laws,
                seat=who,
                remedy="the offended side's choice",
            )
        ]

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
