"""The deal at law at Boston: the same cards dealt again; a misdeal's forfeit; a hand of the wrong number (002 §8,
§11, §12, §14, §15, §17, §19 Boston)."""

from __future__ import annotations

from ...cards import CARDS, parse
from ...cards import mask_indices as _ordered
from ...engine.events import Event
from ...rulebook.boston import SEATS, misdeal_payments
from ...rulebook.contracts import Payment
from ..codes import by_remedy
from .common import BostonSection


class BostonDealLaw(BostonSection):
    """The deal at law at Boston (002 §8–§19 Boston)."""

    def gather_now(self) -> list[int]:
        """Every card of the deal in play, gathered as it lies (quitted tricks, trick, hands, the rest)."""
        tab = self.t
        play = tab.play
        rest = [c for c, _ in sorted(tab._gathered.items())]
        rest += [c for c in tab._early.values()]
        if tab._false_lead is not None:
            rest.append(tab._false_lead[1])
        if play is None:
            return [c for i in range(4) for c in _ordered(tab.hands[i])] + list(tab.discards) + rest
        cards = [
            int(c)
            for c in tab._gather(
                play.quitted, play.trick, *[_ordered(play.hands[i]) for i in range(4)], tab.discards, rest
            )
        ]
        return cards

    def again(
        self, text: str, laws: list[str], *, who: int | None = None, pays: list[Payment] | None = None
    ) -> list[Event]:
        """The same dealer deals the same cards again, gathered and cut, not shuffled (002 §8, §11, §12, §17
        Boston); ``pays`` his forfeit, if it was a misdeal."""
        tab = self.t
        d = SEATS[tab.dealer]
        events = [
            tab._ruling(
                "misdeal" if pays else "new deal",
                text,
                laws,
                seat=tab.dealer if who is None else who,
                remedy="the same dealer deals again" + (", forfeiting a red counter to the pool" if pays else ""),
            )
        ]
        if pays:
            events += tab._transfer(pays, law="002 §17 Boston")
        gathered = self.gather_now()
        entry = tab.deal_entry()
        entry["result"] = {
            "void": "misdeal" if pays else "new deal",
            "dealer": d,
            "payments": [list(p) for p in pays or []],
            "scores": dict(tab.ledger),
        }
        tab._last_result = dict(entry["result"])
        tab._to_deal = [CARDS[c] for c in gathered]
        tab._to_still = list(parse(entry["still"]))
        return events + tab._new_deal(stake=False)

    def misdeal_now(self, text: str, laws: list[str]) -> list[Event]:
        """A misdeal (002 §17 Boston) or a surplus card found (002 §19 Boston): a red counter to the pool, and the
        misdealer deals again with the same cards."""
        tab = self.t
        d = SEATS[tab.dealer]
        return self.again(
            f"{text}: {d}, the misdealer, forfeits a red counter to the pool and deals again with the same cards",
            [*laws, "002 §17 Boston"],
            pays=misdeal_payments(d, tab.red),
        )

    def long_hands(self) -> str:
        """The seats found with more than their proper number of cards (``and``-joined; empty: none)."""
        tab = self.t
        sizes = tab._law_hand_sizes()
        return " and ".join(tab.seats[s] for s, n in sizes.items() if n > tab.referee.offered.due(s))

    def claim_misdeal(self, who: int) -> list[Event]:
        """The cards counted (002 §19 Boston): a hand too many is a misdeal; else the round law of a wrong number."""
        tab = self.t
        long = self.long_hands()
        if long:
            return self.misdeal_now(
                f"{tab.seats[who]} finds {long} with more than his proper number of cards: a misdeal",
                ["002 §19 Boston"],
            )
        return tab.referee.deal.wrong_number(f"{tab.seats[who]} counts the cards")

    def wrong_hands(self, wrong: list[int], final: bool) -> tuple[str, list[Event]]:
        """002 §19 Boston: more cards than his due is a misdeal; fewer: an adversary of the bidder and his partners
        pay the bidder for his bid and over-tricks; the bidder is put in for one trick at least, the adversaries
        may demand the hand played out; at a misère partout five red counters to each, the hands abandoned."""
        tab = self.t
        long = self.long_hands()
        if long:
            return "misdeal", self.misdeal_now(
                f"{long} is found with more than his proper number of cards: a misdeal", ["002 §19 Boston"]
            )
        sizes = tab._law_hand_sizes()
        short = [s for s in wrong if sizes[s] < tab.referee.offered.due(s)] or list(wrong)
        seat = short[0]
        who = tab.seats[seat]
        if final or tab.partout or who != tab.bidder or (tab.contract is not None and tab.contract.misere):
            rule = (
                "five red counters to each of the other players, and the hands are abandoned"
                if tab.partout
                else "he is put in for one trick at least"
                if who == tab.bidder
                else "he and his partners pay the bidder for his bid and all over-tricks"
            )
            ruling = tab._ruling(
                "short hand",
                f"{who} has less than his proper number of cards: {rule}",
                ["002 §19 Boston"],
                seat=seat,
                remedy="settled",
            )
            play = tab.play
            made = (
                play.won[tab.active.index(tab.bidder)]
                if play is not None and tab.bidder in tab.active and final
                else None
            )
            return "settled", [ruling, *tab.boston.settle.short(seat, made)]
        tab._decision(
            "short bidder",
            seat,
            by_remedy(("002 §19 Boston",), ""),
            [("demand play out", "002 §19 Boston")],
            f"{who}, the bidder, has less than his proper number of cards: he is put in for one trick at"
            " least, and the adversaries may demand the hand played out to put him in for over-tricks",
        )
        return "decide", [
            tab._ruling(
                "short hand",
                f"{who}, the bidder, has less than his proper number of cards: he"
                " is put in for one trick at least; the adversaries may demand the hand played"
                " out",
                ["002 §19 Boston"],
                seat=seat,
                remedy="the adversaries' choice",
            )
        ]
