"""Revokes at Boston: a renounce corrected (002 §29 Boston), a revoke claimed at once, the hands then abandoned
(002 §30, §31 Boston), the claims step of every player for himself (002 §32, §33)."""

from __future__ import annotations

from ...cards import CARD_TEXT as _TEXT
from ...cards import CARDS, SUIT_MASKS
from ...engine.events import Event
from ..codes import by_remedy
from ..hand import Renounce, established_revokes
from .common import BostonSection

_B29 = "002 §29 Boston"


class BostonRevokeLaw(BostonSection):
    """Revokes at Boston (002 §28–§33 with the Boston lines)."""

    def correct(self, seat: int) -> list[Event]:
        """A renounce corrected in time (002 §28): 002 §29 Boston.  The bidder's: no penalty unless an adversary
        has played after him, when his card may be claimed as exposed, and the player who followed may amend his
        play.  An adversary's: the bidder may claim the card as exposed or call for his highest or lowest of the suit
        led.  The cards played after the renounce are taken back (002 §29)."""
        tab = self.t
        play = tab.play
        assert play is not None
        who = tab.seats[seat]
        r = tab.referee.revoke.open_renounce(seat)
        r.status = "corrected"
        after: set[int] = set()
        if tab._early.get(seat) == r.card:  # played out of turn, still waiting on the table for his turn
            del tab._early[seat]
            tab.referee.revoke.holds_add(seat, r.card)
        else:
            after = set(tab.referee.revoke.take_back(r)[1:])
            # the facts of the cards taken back go with them
            tab._renounces = [x for x in tab._renounces if not (x.trick == r.trick and x.seat in after)]
        card = CARDS[r.card].name
        followed = [tab.active[s] for s in sorted(after, key=lambda s: (s - r.seat) % 4)]
        back = f"; {' and '.join(followed)} may amend his play" if followed else ""
        if who == tab.bidder:
            if not followed:
                return [
                    tab._ruling(
                        "renounce corrected",
                        f"{who}, the bidder, corrects his renounce in trick"
                        f" {r.trick} in time: no penalty, for no adversary has played after him; the"
                        f" {card} goes back to his hand",
                        ["002 §28", _B29],
                        seat=seat,
                        remedy="none",
                    )
                ]
            text = (
                f"{who}, the bidder, corrects his renounce in trick {r.trick}"
                f" after an adversary has played: his {card} may be claimed as exposed{back}"
            )
            opts = [(f"call card {_TEXT[r.card]}", _B29)]
            note = f"{who} corrected a renounce with the {card}: it may be claimed as exposed"
            return self.corrected(r, seat, text, opts, note, "the adversaries' choice")
        text = (
            f"{who} corrects his renounce in trick {r.trick} in time: the"
            f" bidder may claim the {card} as exposed, or call on him for his highest or lowest of"
            f" the suit led{back}"
        )
        opts = [(f"call card {_TEXT[r.card]}", _B29)]
        if (play.hands[r.seat] & SUIT_MASKS[r.suit]).bit_count() >= 2:
            opts += [("require highest", _B29), ("require lowest", _B29)]
        return self.corrected(r, seat, text, opts, f"{who} corrected a renounce with the {card}", "the bidder's choice")

    def corrected(
        self, r: Renounce, who: int, text: str, opts: list[tuple[str, str]], note: str, remedy: str
    ) -> list[Event]:
        """The renounce corrected, and the offended side's choice of 002 §29 Boston."""
        tab = self.t
        events = [tab._ruling("renounce corrected", text, ["002 §28", _B29], seat=who, remedy=remedy)]
        tab._decision("renounce corrected", who, by_remedy((_B29,), ""), opts, note, card=r.card)
        return events

    def claim_at_once(self, who: int) -> list[Event]:
        """002 §30-31 Boston: a revoke claimed when it is discovered; the tricks are searched, and a revoke
        established abandons the hands."""
        tab = self.t
        accused = tab._offended(who)
        found = tab.referee.revoke.revokes_of(accused)
        if not found:
            return tab.referee.revoke.refused(who)  # (003's Solo digest is not cited at Boston)
        first = self.first_revoke(found)
        tab._proven = dict(found)
        return [
            tab._ruling(
                "revoke",
                f"{tab.seats[who]} claims a revoke; the tricks are searched: {tab.referee.revoke.revoke_text(first)}:"
                " a revoke established, and the hands are abandoned",
                ["002 §32", "002 §31 Boston"],
                seat=who,
                remedy="claim revoke",
                revokes={tab.seats[s]: n for s, n in found.items()},
            ),
            *tab._law_revoke_settle(found),
        ]

    def first_revoke(self, found: dict[int, int]) -> Renounce:
        tab = self.t
        return next(
            iter(established_revokes(tab.referee.revoke.accused(list(found)))),
            Renounce(tab._ring.index(next(iter(found))), 0, 0, 0, True),
        )

    def end_of_hand(self) -> list[Event]:
        """The play is over: the claims step (002 §32-33), then the settlement.  Every player may claim against his
        adversaries; at a misère partout, against each other player (002 §30 Boston)."""
        tab = self.t
        play = tab.play
        assert play is not None
        tab.referee.claims.close_play()
        tab._claims = True
        tab._decisions.clear()
        if tab.partout:
            ring = tab._ring
            sides = [([s], [ring[(ring.index(s) + k) % 4] for k in (1, 2, 3)]) for s in ring]
        else:
            assert tab.bidder is not None
            bidder = tab._seat(tab.bidder)
            adversaries = [tab._seat(s) for s in tab._adversaries()]
            sides = [([bidder], adversaries), (adversaries, [bidder])]
        for accused, claimants in sides:
            if tab.referee.play.suspected(accused):
                for claimant in claimants:  # each in turn, for himself: every player plays for himself at Boston
                    tab._decisions.append(tab.referee.revoke.claim_revoke(accused, [claimant]))
        if not tab._decisions:
            return tab.referee.claims.finish_hand()
        return []
