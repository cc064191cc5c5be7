"""Revokes: asking, correcting, the search and the penalty (000 §70–§79; 002 §30–§34)."""

from __future__ import annotations

from ...cards import CARDS, SUITS
from ...engine.events import Event
from ...rulebook.whist import AMERICAN, ENGLISH, GWP, SEATS, SIDES
from ..hand import Renounce, established_revokes, standing
from .common import SUIT_WORD, Decision, Section, card_text, partner_of, side_of


class RevokeLaw(Section):
    """Revokes: asking, correcting, the search and the penalty (000 §70–§79; 002 §30–§34)."""

    def ask(self, who: int) -> list[Event]:
        tab = self.t
        h = tab.hand
        assert h is not None
        p = partner_of(who)
        r = next(r for r in reversed(h.renounces) if r.seat == p and r.status == "open")
        r.questioned = True
        key = "asked having none"
        what = f"{SEATS[who]} asks {SEATS[p]} whether he has none of the suit he renounced"
        events = [tab._point(key, who, what) if tab.code == GWP else tab._ruling(key, what, seat=who, remedy="none")]
        rr = tab._rule(key)
        answer = "correct" if r.in_error else "answer none"
        tab._decisions.append(
            Decision(
                "answer",
                p,
                side_of(p),
                [(answer, rr.laws[0])],
                list(rr.laws),
                what,
                offender=p,
                context={"renounce": r},
            )
        )
        return events

    def correct(self, who: int, r: Renounce) -> list[Event]:
        """A renounce in error corrected in time (000 §76, 002 §29, 004 rule 16; Dummy II)."""
        tab = self.t
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
        if tab.code == GWP:
            return [*events, tab._point(key, who, what)]
        rr = tab._rule(key)
        if rr.effect == "exposed":
            h.face_up(who, r.card)
            return [*events, tab._ruling(key, what, seat=who, remedy="liable to be called")]
        opts = [f"call card {card_text(r.card)}", "require highest", "require lowest"]
        tab._offer(key, tab._live((who + 3) % 4), rr, what, opts, offender=who, by_rule=False, target=who)
        return [*events, tab._ruling(key, what, seat=who)]

    def accused(self, side: int) -> list[Renounce]:
        """The renounces (and failures to comply) of ``side`` this hand that an adversary might claim as revokes."""
        tab = self.t
        h = tab.hand
        assert h is not None
        return standing(h.renounces, (side, side + 2))

    def search(self, d: Decision, by: int) -> list[Event]:
        """The claimants search the tricks (000 §75, §77; 002 §32; 004 rule 15)."""
        tab = self.t
        accused = d.context["accused"]
        claimants = d.side
        proved = established_revokes(self.accused(accused))
        events: list[Event] = []
        if accused in tab._mixed_by and not proved:
            proved = [Renounce(-1, 0, -1, -1, True, status="established", kind="mixed")]
        if not proved:
            return tab.referee.decide.chose(
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
                            "000 §73" if tab.code == ENGLISH else "002 §28" if tab.code == AMERICAN else "004 rule 15",
                        ],
                    )
                )
        key = "revoke in abandoned hand" if tab._abandoned else "revoke"
        rr = tab._rule(key)
        if tab.code != GWP:
            tab._capped.add(accused)
            if len(tab._capped) == 2:
                events.append(
                    Event(
                        "ruling",
                        f"both sides have revoked: neither can win the game by this hand"
                        f" ({'000 §81' if tab.code == ENGLISH else '002 §30'})",
                        law=["000 §81" if tab.code == ENGLISH else "002 §30"],
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
                    claimants,
                    opts,
                    list(rr.laws),
                    f"the penalty for revoke {i + 1} of {len(proved)} by {SIDES[accused]}",
                    chooser="claimants",
                    consult=True,
                    context={"accused": accused},
                ),
            )
        return events

    def revoke_penalty(self, d: Decision, text: str, by: int) -> list[Event]:
        tab = self.t
        accused = d.context["accused"]
        claimants = d.side
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
        tab = self.t
        offending = d.context["offending"]
        claimants = d.side
        if text == "waive":
            return tab.referee.decide.chose(
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
