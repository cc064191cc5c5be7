"""Boston's settlements at law: a revoke (002 §30, §31 Boston), a short hand (002 §19 Boston), a misère won by an
adversary's irregularity (002 §24, §26, §37 Boston; rules §4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.events import Event
from ...rulebook.boston import (
    POOL,
    Outcome,
    misere_irregularity_payments,
    revoke_payments,
    short_hand_payments,
)
from ...rulebook.contracts import Payment
from .common import B21, B24, B26, B37, R4, BostonSection

Payments = Callable[..., "tuple[Outcome | None, list[Payment]]"]
"""A Boston settlement of :mod:`hoyle.rulebook.boston` (``revoke_payments``, ``short_hand_payments``)."""


class BostonSettleLaw(BostonSection):
    """Boston's settlements at law, in counters."""

    def pools(self, pays: list[Payment], keep: int = 0) -> list[Payment]:
        """At a misère the pool is settled only with the option ``misere_pool`` (rules §4); ``keep`` fines last."""
        tab = self.t
        c = tab.contract
        if c is None or not c.misere or tab.misere_pool or tab.partout:
            return pays
        head, tail = (pays[:-keep], pays[-keep:]) if keep else (pays, [])
        return [p for p in head if POOL not in p[:2]] + tail

    def result(self, made: int, outcome: Any, **more: Any) -> dict[str, Any]:
        tab = self.t
        c = tab.contract
        assert c is not None
        result: dict[str, Any] = {
            "call": c.name,
            "bidder": tab.bidder,
            "made": made,
            "won": outcome.won,
            "value": outcome.value,
            **more,
        }
        if tab.named is not None:
            result["trumps"] = tab.named
        return result

    def made(self) -> int:
        """The tricks the bidder has won."""
        tab = self.t
        play = tab.play
        assert play is not None and tab.bidder is not None
        return play.won[tab.active.index(tab.bidder)]

    def payments(self, pay: Payments, **who: Any) -> tuple[Outcome | None, list[Payment]]:
        """The settlement ``pay`` for the offender ``who`` (``revoker=``, ``short=``...): at a misère partout, each
        other player paid; else for the bidder's contract and the tricks he has made."""
        tab = self.t
        common = {"players": tab.active, "pool": tab.ledger[POOL]}
        if tab.partout:
            return pay(None, 0, tab.prices, bidder=None, **common, **who)
        c = tab.contract
        assert c is not None
        return pay(c, self.made(), tab.prices, bidder=tab.bidder, failure=tab.failure_rule, **common, **who)

    def partout(self, head: Event, pays: list[Payment], **result: Any) -> list[Event]:
        """A misère partout settled by an irregularity: the hands are abandoned."""
        return self.t._finish(head, pays, {"call": "misere partout", **result, "abandoned": True})

    def revoke(self, revokes: dict[int, int]) -> list[Event]:
        """002 §30 Boston, the hands abandoned (002 §31 Boston).  Where more than one player revoked, the first
        revoke made settles the hand: claimed when it was made, it would have ended the hand there."""
        tab = self.t
        revoker = tab.active[tab.boston.revoke.first_revoke(revokes).seat]
        outcome, pays = self.payments(revoke_payments, revoker=revoker)
        laws = ["002 §30 Boston", "002 §31 Boston"]
        if tab.partout:
            head = Event(
                "result",
                f"Misère partout: {revoker} revoked; he pays five red counters to each other player,"
                " four into the next pool, and the hands are abandoned (002 §30, §31 Boston; rules §4)",
                seat=revoker,
                law=laws,
                data={"call": "misere partout", "revoke": revoker},
            )
            return self.partout(head, pays, revoke=revoker)
        bidder = tab.bidder
        assert outcome is not None
        pays = self.pools(pays, keep=1)
        if revoker == bidder:
            what = (
                f"{bidder}, the bidder, revoked: he is put in for one trick ({outcome.text} to each adversary) and"
                " pays four red counters into the next pool"
            )
        else:
            what = (
                f"{revoker} revoked: he pays four red counters into the next pool, and he and his partners pay"
                f" {bidder} as if he had been successful ({outcome.text} each)"
            )
        head = Event(
            "result",
            f"{what}; the hands are abandoned (002 §30 Boston, 002 §31 Boston)",
            seat=revoker,
            law=laws,
            data={"revoke": revoker},
        )
        return tab._finish(head, pays, self.result(self.made(), outcome, revoke=revoker, abandoned=True))

    def stakes(self, seat: int, key: str) -> list[Event]:
        """The misère bidder claims the stakes (002 §24, §26, §37 Boston): each adversary pays his own stake; the
        offender four red counters to the next pool (rules §4)."""
        tab = self.t
        offender = tab.seats[seat]
        c, bidder = tab.contract, tab.bidder
        assert c is not None and bidder is not None
        outcome, pays = misere_irregularity_payments(
            c, tab.prices, bidder=bidder, offender=offender, players=tab.active, pool=tab.ledger[POOL]
        )
        pays = self.pools(pays, keep=1)
        law = {"lead out of turn": B24, "play out of turn": B26, "exposed card": R4}.get(key, B37)
        laws = [law, R4] if law != R4 else [B21, R4]
        head = Event(
            "result",
            f"{bidder} wins his {c.title} by {offender}'s irregularity: {outcome.text} from each"
            f" adversary; {offender} pays four red counters into the next pool ({'; '.join(laws)})",
            seat=bidder,
            law=laws,
            data={"offender": offender},
        )
        return tab._finish(head, pays, self.result(self.made(), outcome, irregularity=key, offender=offender))

    def short(self, seat: int, played_out_made: int | None) -> list[Event]:
        """A short hand settled (002 §19 Boston): at a misère partout five red counters to each other player; else
        the bidder's contract won or lost as the rule has it."""
        tab = self.t
        short = tab.seats[seat]
        if tab.partout:
            _, pays = self.payments(short_hand_payments, short=short)
            head = Event(
                "result",
                f"Misère partout: {short} has less than his proper number of cards and forfeits five"
                " red counters to each other player; the hands are abandoned (002 §19 Boston)",
                seat=short,
                law="002 §19 Boston",
                data={"short": short},
            )
            return self.partout(head, pays, short=short)
        c = tab.contract
        assert c is not None
        outcome, pays = self.payments(short_hand_payments, short=short, played_out_made=played_out_made)
        assert outcome is not None
        pays = self.pools(pays)
        each = "from each adversary" if outcome.won else "to each adversary"
        head = Event(
            "result",
            f"{short} has less than his proper number of cards: {c.title}"
            f" {'won' if outcome.won else 'lost'}, {outcome.text} {each} (002 §19 Boston)",
            seat=short,
            law="002 §19 Boston",
            data={"short": short},
        )
        return tab._finish(
            head, pays, self.result(self.made(), outcome, short=short, abandoned=played_out_made is None)
        )
