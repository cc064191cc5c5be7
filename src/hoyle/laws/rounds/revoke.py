"""Revokes at a round table: the claim, the correction, the search (002 §28–§34)."""

from __future__ import annotations

from ...cards import CARD_TEXT as _TEXT
from ...cards import CARDS, SUIT_NAMES, SUITS
from ...engine.events import Event
from ..hand import Renounce, established_revokes, standing
from .common import Decision, RoundSection


class RoundRevokeLaw(RoundSection):
    """Revokes at a round table: the claim, the correction, the search (002 §28–§34)."""

    def claim_revoke(self, accused: list[str], claimants: list[str]) -> Decision:
        """The claimants' choice to claim a revoke against ``accused`` (the tricks then searched) or waive it
        (002 §32, §33)."""
        return Decision(
            "claim revoke",
            claimants[0],
            tuple(claimants),
            [("claim revoke", "002 §33"), ("waive", "002 §33")],
            ["002 §32", "002 §33"],
            f"{' and '.join(accused)} renounced in the hand: {' or '.join(claimants)} may claim a revoke, and the"
            " tricks are searched",
            context={"accused": list(accused)},
        )

    def open_renounce(self, who: str) -> Renounce:
        """``who``'s last renounce in error, still open to correction (002 §28)."""
        tab = self.t
        return next(
            x
            for x in reversed(tab._renounces)
            if tab.active[x.seat] == who and x.status == "open" and x.in_error and x.kind == "renounce"
        )

    def correct(self, who: str) -> list[Event]:
        """A renounce in error corrected before it is established (002 §28-29): the card played is liable."""
        tab = self.t
        play = tab.play
        assert play is not None
        r = self.open_renounce(who)
        r.status = "corrected"
        if tab._early.get(who) == r.card:  # played out of turn, still waiting on the table: taken back
            del tab._early[who]
            self.holds_add(who, r.card)
            more = ""
        else:
            more = ", and those played after it may be changed" if len(self.take_back(r)) > 1 else ""
        return [
            tab._ruling(
                "renounce corrected",
                f"{who} corrects his renounce in trick {r.trick} before it is"
                f" established: no revoke; the {CARDS[r.card].name} is taken back{more}",
                ["002 §28", "002 §29"],
                seat=who,
                remedy="the card is exposed",
            ),
            *tab._expose(who, [r.card]),
        ]

    def take_back(self, r: Renounce) -> list[int]:
        """The renounce ``r`` and the cards played after it in its trick taken back into their hands (002 §29; the
        trick unquitted first if it is complete but not yet turned and quitted), the game's bookkeeping rewound,
        the renouncer to play again: the seats (by index) whose cards were taken back, the renouncer first."""
        tab = self.t
        play = tab.play
        assert play is not None
        unquit = r.trick == len(play.quitted)  # the trick is complete, not yet turned and quitted
        if unquit:
            leader, cards, winner = play.quitted.pop()
            play.won[winner] -= 1
            play.trick = list(cards)
            play.leader = leader
            tab._open_last = False
        m = len(tab.active)
        pos = next(k for k in range(len(play.trick)) if (play.leader + k) % m == r.seat)
        taken = play.trick[pos:]
        del play.trick[pos:]
        seats = [(play.leader + pos + k) % m for k in range(len(taken))]
        for s, c in zip(seats, taken, strict=True):
            play.hands[s] |= 1 << c
        play.turn = r.seat
        tab._law_rewind(len(taken), unquit)
        return seats

    def refused(self, who: str) -> list[Event]:
        """A revoke claimed at once that the search does not bear out (002 §32): the play goes on."""
        return [
            self.t._ruling(
                "revoke",
                f"{who} claims a revoke; the tricks are searched and bear no established"
                " revoke out: the claim fails, and the play goes on",
                ["002 §32", "003 Solo digest"],
                seat=who,
                remedy="refused",
            )
        ]

    def holds_add(self, seat: str, card: int) -> None:
        tab = self.t
        play = tab.play
        assert play is not None
        play.hands[tab.active.index(seat)] |= 1 << card

    def accused(self, seats: list[str]) -> list[Renounce]:
        """The facts of the play of ``seats`` the adversaries may claim (:func:`hoyle.laws.hand.standing`)."""
        tab = self.t
        return standing(tab._renounces, {tab.active.index(s) for s in seats})

    def rewind_views(self, k: int, unquit: bool) -> bool:
        """The part of :meth:`_law_rewind` common to tables that keep ``_played_view`` (the cards played, in order)
        and ``_last_trick_view`` (Solo, Boston): the last ``k`` plays forgotten, and the last trick shown again
        as it now is.  True when the first trick itself was taken back onto the table."""
        tab = self.t
        if k:
            del tab._played_view[-k:]
        play = tab.play
        assert play is not None
        if not unquit:
            return False
        if not play.quitted:
            tab._last_trick_view = None
            return True
        leader, cards, winner = play.quitted[-1]
        m = len(tab.active)
        order = [tab.active[(leader + i) % m] for i in range(m)]
        tab._last_trick_view = {
            "leader": order[0],
            "winner": tab.active[winner],
            "cards": [{"seat": s, "card": _TEXT[c]} for s, c in zip(order, cards, strict=True)],
        }
        return False

    def revokes_of(self, seats: list[str]) -> dict[str, int]:
        tab = self.t
        out: dict[str, int] = {}
        for r in established_revokes(self.accused(seats)):
            out[tab.active[r.seat]] = out.get(tab.active[r.seat], 0) + 1
        return out

    def claim_at_once(self, who: str) -> list[Event]:
        """At a misère the caller claims a revoke as soon as it is made (003 digest): the tricks are searched."""
        tab = self.t
        accused = tab._offended(who)
        found = self.revokes_of(accused)
        if not found:
            return self.refused(who)
        offender = next(iter(found))
        events = [
            tab._ruling(
                "revoke",
                f"{who} claims a revoke; the search shows {offender} revoked: the misère caller wins",
                ["003 Solo digest", "002 §31 Solo"],
                seat=who,
                remedy="claim revoke",
            )
        ]
        mine = tab._side_of(who)
        if not tab.referee.play.suspected(mine):
            return events + tab._law_revoke_settle(found)
        # He renounced too: the play is over, and his adversaries may claim his revoke in their turn (002 §33), for
        # "no revoking player ... can win a declaration" and revokes on both sides void the deal (003 digest).
        for s, n in found.items():
            tab._proven[s] = tab._proven.get(s, 0) + n
        tab.referee.claims.close_play()
        tab._claims = True
        tab._decisions.clear()
        claimants = [s for s in tab.active if s not in mine]
        tab._decisions.append(self.claim_revoke(mine, claimants))
        return events

    def revoke_text(self, r: Renounce) -> str:
        tab = self.t
        s = tab.active[r.seat]
        if r.kind == "failed":
            return f"{s} failed to comply with a call in trick {r.trick} (002 §38)"
        return (
            f"{s} renounced {SUIT_NAMES[SUITS[r.suit]]} in trick {r.trick} with the {CARDS[r.card].name},"
            " holding the suit"
        )
