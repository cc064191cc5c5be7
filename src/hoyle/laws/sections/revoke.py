"""Revokes, one section for every law-mode game: asking, correcting, the claim, the search and the penalty
(000 §70–§79; 002 §28–§34, with their Solo and Boston lines; 003 digest; 004 rules 15–16).

The facts of the play an adversary may claim are one handler (:meth:`RevokeLaw.accused`, over the table's
``_facts`` and ``_seats_of``: every renounce and failure to comply is a :class:`~hoyle.laws.hand.Renounce` with its
seat by index, in both families).  A renounce corrected is one act (:meth:`RevokeLaw.correct`), whose cards come back
from the family's hand (``HAND``: the Whist family's :class:`~hoyle.laws.hand.LawHand`, whose trick the renouncer
and those after him take their cards back from, 000 §76; the round games' trick play, rewound by the game's hooks,
002 §29).  The kinds one family has (the Whist family's question "having none?", search and penalties in tricks or
points; the round games' claim at once at a misère, the refusal, the views rewound) are this section's too.
"""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ...cards import CARD_TEXT as _TEXT
from ...cards import CARDS, SUIT_NAMES, SUITS
from ...engine.events import Event
from ...rulebook.whist import SEATS, SIDES
from ..decision import Decision
from ..hand import Renounce, established_revokes, standing
from ..referee import LawSection
from .common import SUIT_WORD, card_text, parity, partner_of, side_of, side_seats

if TYPE_CHECKING:
    from ..round import RoundLawMixin
    from ..table import LawMixin

__all__ = ["RevokeHooks", "RevokeLaw"]


class RevokeHooks(Protocol):
    """What the section asks of its table, in the family's side (a seat is its index in the table's seats)."""

    HAND: Literal["law hand", "trick play"]
    """The hand the cards of a renounce corrected come back from (see the module)."""

    def _facts(self) -> list[Renounce]:
        """Every renounce, failure to comply and doubt of this hand, in order."""
        ...

    def _seats_of(self, side: Any) -> Container[int]:
        """The seats of ``side`` (the Whist family's side by parity; a round game's seats), as the hand counts them
        (the Whist family's index; a round game's place in ``_ring``)."""
        ...


class RevokeLaw(LawSection[Any]):
    """Revokes, for every law-mode game (see the module)."""

    def accused(self, side: Any) -> list[Renounce]:
        """The renounces (and failures to comply) of ``side`` this hand that an adversary might claim as revokes
        (:func:`hoyle.laws.hand.standing`)."""
        tab: RevokeHooks = self.t
        return standing(tab._facts(), tab._seats_of(side))

    def correct(self, who: int, r: Renounce | None = None) -> list[Event]:
        """``who`` corrects his renounce in error ``r`` (a round game's: his last one still open) before it is
        established (000 §76; 002 §28–29; 004 rule 16; Dummy II)."""
        if self.t.HAND == "law hand":
            assert r is not None
            return self.correct_in_hand(who, r)
        return self.correct_in_play(who, r if r is not None else self.open_renounce(who))

    # ================================================================== the Whist family's

    def correct_in_hand(self, who: int, r: Renounce) -> list[Event]:
        """A renounce in error corrected in time, the cards taken back from the :class:`LawHand`'s trick (000 §76,
        002 §29, 004 rule 16; Dummy II): the code's penalty, or none at a Dummy's side."""
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        events: list[Event] = []
        if not h.trick and h.quitted and r.trick == len(h.quitted):
            q = h.unquit()
            events.append(
                Event(
                    "trick",
                    f"trick {q.number} is taken back to correct the renounce",
                    seat=SEATS[who],
                    data={"trick": q.number, "taken back": True},
                )
            )
        idx = next(i for i, (s, c) in enumerate(h.trick) if s == who and c == r.card)
        later = h.trick[idx + 1 :]
        h.trick = h.trick[:idx]
        for s, c in later:
            if tab._origin.get(c):
                h.exposed[s] |= 1 << c
            else:
                h.hands[s] |= 1 << c
            h.renounces = [x for x in h.renounces if not (x.seat == s and x.card == c and x.status == "open")]
        if tab._origin.get(r.card):
            h.exposed[who] |= 1 << r.card
        else:
            h.hands[who] |= 1 << r.card
        r.status = "corrected"
        h.renounces.remove(r)
        withdrawn = f"; {', '.join(SEATS[s] for s, _ in later)} take back their cards" if later else ""
        what = f"{SEATS[who]} corrects his renounce, the {CARDS[r.card].name}, before it is established{withdrawn}"
        key = "renounce corrected"
        if who in tab._dummy_seats():
            return [*events, tab._ruling("dummy revoke", what, seat=who, remedy="none", laws=["000 Dummy II"])]
        if tab._dummy_side(who):
            return [*events, tab._ruling("dummy partner", what, seat=who, remedy="none")]
        if tab.facts.penalty_is_a_point:  # 004 rule 19
            return [*events, tab._point(key, who, what)]
        rr = tab._rule(key)
        if rr.effect == "exposed":
            h.face_up(who, r.card)
            return [*events, tab._ruling(key, what, seat=who, remedy="liable to be called")]
        opts = [f"call card {card_text(r.card)}", "require highest", "require lowest"]
        tab._offer(key, tab._live((who + 3) % 4), rr, what, opts, offender=who, by_rule=False, target=who)
        return [*events, tab._ruling(key, what, seat=who)]

    def ask(self, who: int) -> list[Event]:
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        p = partner_of(who)
        r = next(r for r in reversed(h.renounces) if r.seat == p and r.status == "open")
        r.questioned = True
        key = "asked having none"
        what = f"{SEATS[who]} asks {SEATS[p]} whether he has none of the suit he renounced"
        events = [
            tab._point(key, who, what)
            if tab.facts.penalty_is_a_point
            else tab._ruling(key, what, seat=who, remedy="none")
        ]
        rr = tab._rule(key)
        answer = "correct" if r.in_error else "answer none"
        tab._decisions.append(
            Decision(
                "answer",
                p,
                side_seats(side_of(p)),
                [(answer, rr.laws[0])],
                list(rr.laws),
                what,
                offender=p,
                context={"renounce": r},
            )
        )
        return events

    def search(self, d: Decision, by: int) -> list[Event]:
        """The claimants search the tricks (000 §75, §77; 002 §32; 004 rule 15)."""
        tab: LawMixin = self.t
        accused = parity(d.context["accused"])
        claimants = parity(d.side)
        proved = established_revokes(self.accused(accused))
        events: list[Event] = []
        if accused in tab._mixed_by and not proved:
            proved = [Renounce(-1, 0, -1, -1, True, status="established", kind="mixed")]
        if not proved:
            return tab.referee.phases.chose(
                d,
                f"the search shows no revoke by {SIDES[accused]}: the claim fails",
                "none",
                key="revoke",
            )
        for r in proved:
            if r.kind == "mixed":
                events.append(
                    tab._ruling(
                        "tricks mixed",
                        f"{SIDES[accused]} mixed the cards before they were examined: the revoke is established",
                        remedy="revoke established",
                    )
                )
            elif r.kind == "failed":
                events.append(
                    tab._ruling(
                        "failed to comply",
                        f"the search confirms that {SEATS[r.seat]} failed to comply with a call in trick {r.trick}",
                        seat=r.seat,
                        remedy="the penalty of a revoke",
                    )
                )
            else:
                events.append(
                    tab._ruling(
                        "revoke",
                        f"the search proves a revoke: in trick {r.trick}"
                        f" {SEATS[r.seat]} played the {CARDS[r.card].name} holding"
                        f" {SUIT_WORD[SUITS[r.suit]]}",
                        seat=r.seat,
                        remedy="revoke proved",
                        laws=[
                            tab._rule("revoke").laws[0],
                            tab.facts.revoke_proved_law,
                        ],
                    )
                )
        key = "revoke in abandoned hand" if tab._abandoned else "revoke"
        rr = tab._rule(key)
        if tab.facts.revoking_side_cannot_win_game:
            tab._capped.add(accused)
            if len(tab._capped) == 2:
                events.append(
                    Event(
                        "ruling",
                        f"both sides have revoked: neither can win the game by this hand"
                        f" ({tab.facts.both_revoked_law})",
                        law=[tab.facts.both_revoked_law],
                        data={"irregularity": "revoke", "code": tab.code},
                    )
                )
        if rr.effect == "two tricks":
            for _ in proved:
                tab._transfers.append((accused, claimants, 2, rr.laws[0]))
            events.append(
                tab._ruling(
                    key,
                    f"{len(proved) * 2} tricks are transferred from {SIDES[accused]} to {SIDES[claimants]}",
                    remedy="two tricks a revoke",
                )
            )
            return events
        for i in range(len(proved)):
            opts = [(f"penalty {o}", rr.laws[0]) for o in rr.remedies]
            tab._decisions.insert(
                i,
                Decision(
                    "revoke penalty",
                    d.seat,
                    side_seats(claimants),
                    opts,
                    list(rr.laws),
                    f"the penalty for revoke {i + 1} of {len(proved)} by {SIDES[accused]}",
                    chooser="claimants",
                    consult=True,
                    context={"accused": side_seats(accused)},
                ),
            )
        return events

    def revoke_penalty(self, d: Decision, text: str, by: int) -> list[Event]:
        tab: LawMixin = self.t
        accused = parity(d.context["accused"])
        claimants = parity(d.side)
        law = d.laws[0]
        choice = text.removeprefix("penalty ")
        if choice == "take three tricks":
            tab._transfers.append((accused, claimants, 3, law))
            sentence = f"{SIDES[claimants]} take three tricks from {SIDES[accused]}"
        elif choice == "deduct three":
            tab._penalties.append((accused, -3, law, f"three deducted from {SIDES[accused]} for the revoke ({law})"))
            sentence = f"{SIDES[claimants]} deduct three from {SIDES[accused]}'s score"
        else:
            tab._penalties.append((claimants, 3, law, f"{SIDES[claimants]} add three for the revoke ({law})"))
            sentence = f"{SIDES[claimants]} add three to their score"
        return [tab._ruling("revoke", sentence, remedy=text, laws=list(d.laws))]

    def point_penalty(self, d: Decision, text: str, by: int) -> list[Event]:
        tab: LawMixin = self.t
        offending = d.context["offending"]
        claimants = parity(d.side)
        if text == "waive":
            return tab.referee.phases.chose(
                d,
                f"{SIDES[claimants]} waive the point for: {d.text}",
                "waive",
                key=d.context["key"],
            )
        if text == "penalty deduct one":
            tab._penalties.append((offending, -1, "004 rule 19", f"one deducted from {SIDES[offending]} (004 rule 19)"))
            sentence = f"one point deducted from {SIDES[offending]} for: {d.text}"
        else:
            tab._penalties.append((claimants, 1, "004 rule 19", f"{SIDES[claimants]} add one (004 rule 19)"))
            sentence = f"one point added to {SIDES[claimants]} for: {d.text}"
        return [tab._ruling(d.context["key"], sentence, remedy=text, laws=list(d.laws))]

    # ================================================================== the round games'

    def correct_in_play(self, who: int, r: Renounce) -> list[Event]:
        """A renounce in error corrected before it is established, the cards taken back from the game's trick play
        (002 §28-29): the card played is exposed, as the game's rule says."""
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
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
                f"{tab.seats[who]} corrects his renounce in trick {r.trick} before it is"
                f" established: no revoke; the {CARDS[r.card].name} is taken back{more}",
                ["002 §28", "002 §29"],
                seat=who,
                remedy="the card is exposed",
            ),
            *tab._expose(who, [r.card]),
        ]

    def claim_revoke(self, accused: list[int], claimants: list[int]) -> Decision:
        """The claimants' choice to claim a revoke against ``accused`` (the tricks then searched) or waive it
        (002 §32, §33)."""
        tab: RoundLawMixin = self.t
        return Decision(
            "claim revoke",
            claimants[0],
            tuple(claimants),
            [("claim revoke", "002 §33"), ("waive", "002 §33")],
            ["002 §32", "002 §33"],
            f"{' and '.join(tab._names(accused))} renounced in the hand: {' or '.join(tab._names(claimants))} may"
            " claim a revoke, and the"
            " tricks are searched",
            context={"accused": list(accused)},
        )

    def open_renounce(self, who: int) -> Renounce:
        """``who``'s last renounce in error, still open to correction (002 §28)."""
        tab: RoundLawMixin = self.t
        return next(
            x
            for x in reversed(tab._renounces)
            if tab._ring[x.seat] == who and x.status == "open" and x.in_error and x.kind == "renounce"
        )

    def take_back(self, r: Renounce) -> list[int]:
        """The renounce ``r`` and the cards played after it in its trick taken back into their hands (002 §29; the
        trick unquitted first if it is complete but not yet turned and quitted), the game's bookkeeping rewound,
        the renouncer to play again: the seats (by index) whose cards were taken back, the renouncer first."""
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        unquit = r.trick == len(play.quitted)  # the trick is complete, not yet turned and quitted
        if unquit:
            leader, cards, winner = play.quitted.pop()
            play.won[winner] -= 1
            play.trick = list(cards)
            play.leader = leader
            tab._open_last = False
        m = len(tab._ring)
        pos = next(k for k in range(len(play.trick)) if (play.leader + k) % m == r.seat)
        taken = play.trick[pos:]
        del play.trick[pos:]
        seats = [(play.leader + pos + k) % m for k in range(len(taken))]
        for s, c in zip(seats, taken, strict=True):
            play.hands[s] |= 1 << c
        play.turn = r.seat
        tab._law_rewind(len(taken), unquit)
        return seats

    def refused(self, who: int) -> list[Event]:
        """A revoke claimed at once that the search does not bear out (002 §32): the play goes on."""
        tab: RoundLawMixin = self.t
        return [
            tab._ruling(
                "revoke",
                f"{tab.seats[who]} claims a revoke; the tricks are searched and bear no established"
                " revoke out: the claim fails, and the play goes on",
                ["002 §32", "003 Solo digest"],
                seat=who,
                remedy="refused",
            )
        ]

    def holds_add(self, seat: int, card: int) -> None:
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        play.hands[tab._ring.index(seat)] |= 1 << card

    def rewind_views(self, k: int, unquit: bool) -> bool:
        """The part of :meth:`_law_rewind` common to tables that keep ``_played_view`` (the cards played, in order)
        and ``_last_trick_view`` (Solo, Boston): the last ``k`` plays forgotten, and the last trick shown again
        as it now is.  True when the first trick itself was taken back onto the table."""
        tab: RoundLawMixin = self.t
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

    def revokes_of(self, seats: list[int]) -> dict[int, int]:
        tab: RoundLawMixin = self.t
        out: dict[int, int] = {}
        for r in established_revokes(self.accused(seats)):
            s = tab._ring[r.seat]
            out[s] = out.get(s, 0) + 1
        return out

    def claim_at_once(self, who: int) -> list[Event]:
        """At a misère the caller claims a revoke as soon as it is made (003 digest): the tricks are searched."""
        tab: RoundLawMixin = self.t
        accused = tab._offended(who)
        found = self.revokes_of(accused)
        if not found:
            return self.refused(who)
        offender = next(iter(found))
        events = [
            tab._ruling(
                "revoke",
                f"{tab.seats[who]} claims a revoke; the search shows {tab.seats[offender]} revoked: the misère caller"
                " wins",
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
        claimants = [s for s in tab._ring if s not in mine]
        tab._decisions.append(self.claim_revoke(mine, claimants))
        return events

    def revoke_text(self, r: Renounce) -> str:
        tab: RoundLawMixin = self.t
        s = tab.seats[tab._ring[r.seat]]
        if r.kind == "failed":
            return f"{s} failed to comply with a call in trick {r.trick} (002 §38)"
        return (
            f"{s} renounced {SUIT_NAMES[SUITS[r.suit]]} in trick {r.trick} with the {CARDS[r.card].name},"
            " holding the suit"
        )
