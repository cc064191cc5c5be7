"""The deal at a round table: the dealer's irregular deals, hands of the wrong size (002 §12–§19)."""

from __future__ import annotations

from ...engine.events import Event
from .common import RoundSection


class RoundDealLaw(RoundSection):
    """The deal at a round table: the dealer's irregular deals, hands of the wrong size (002 §12–§19)."""

    def deal_act(self, who: str, arg: str) -> list[Event]:
        tab = self.t
        if arg in ("with a card faced", "exposing a card"):
            what = "a card faced in the pack" if arg == "with a card faced" else "a card exposed in dealing"
            return tab._law_redeal(
                f"{who} deals with {what}: a fresh deal by the same dealer, no penalty",
                ["003 Solo digest", "002 §14", "002 §12 Solo"],
            )
        target = arg.split()[-1].upper()
        tab._law_move_card(who, target)
        return [
            Event(
                "deal irregular",
                f"{who} deals {target} a card too many (the cards are dealt so)",
                seat=who,
                data={"to": target},
            )
        ]

    def claim_misdeal(self, who: str) -> list[Event]:
        tab = self.t
        wrong = [s for s, n in tab._law_hand_sizes().items() if n != tab.referee.acts.due(s)]
        if tab._law_before_first_call() or not tab._law_declarers() or not tab._playing():
            when = (
                " before the first call"
                if tab._law_before_first_call()
                else " before the play has begun"
                if not tab._playing()
                else ""
            )
            return tab._law_redeal(
                f"{who} finds {' and '.join(wrong)} with the wrong number of cards{when}: a fresh"
                " deal by the same dealer, no penalty",
                ["003 Solo digest", "002 §12 Solo"],
            )
        return self.wrong_number(f"{who} counts the cards")

    def wrong_number(self, how: str) -> list[Event]:
        tab = self.t
        wrong = [s for s, n in tab._law_hand_sizes().items() if n != tab.referee.acts.due(s)]
        word, events = tab._law_wrong_hands(wrong, False)
        if word == "play on":
            tab._wrong = wrong
        return events
