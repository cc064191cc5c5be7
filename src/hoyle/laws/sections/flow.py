"""The flow of a hand at law: tricks quitted, the play begun and ended, a card omitted, a call due."""

from __future__ import annotations

from typing import Any

from ...cards import CARDS
from ...engine.events import Event
from ...rulebook.whist import SEATS, SIDES
from ..hand import bits, establish
from .common import Decision, Section, card_text, side_of, side_seats


class FlowLaw(Section):
    """The flow of a hand at law: tricks quitted, the play begun and ended, a card omitted, a call due."""

    def quit_last(self) -> list[Event]:
        """The first card of a trick is played: the last trick is quitted, and its renounces are established
        (000 §73, 002 §28)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        events: list[Event] = []
        if h.open_last:
            h.open_last = False
            n = len(h.quitted)
            for r in h.renounces:
                if r.trick == n and r.status == "open":
                    r.status = "established"
                    if r.dummy and r.in_error:
                        events.append(
                            tab._ruling(
                                "dummy revoke",
                                f"Dummy ({SEATS[r.seat]}) renounced in error in"
                                f" trick {n} and it was not discovered before the trick was"
                                " quitted: it stands good",
                                seat=r.seat,
                                remedy="none",
                            )
                        )
        return events

    def quit_trick(self) -> list[Event]:
        tab = self.t
        h = tab.hand
        assert h is not None
        q = h.quit()
        events = [
            Event(
                "trick",
                f"trick {q.number}: {SEATS[q.winner]} wins with"
                f" {card_text(next(c for s, c in q.plays if s == q.winner))}",
                seat=SEATS[q.winner],
                data={
                    "trick": q.number,
                    "leader": SEATS[q.leader],
                    "cards": [card_text(c) for _, c in q.plays],
                    "seats": [SEATS[s] for s, _ in q.plays],
                    "winner": SEATS[q.winner],
                },
            )
        ]
        tab._require.clear()
        tab._origin.clear()
        if tab._false is not None:
            f = tab._false
            tab._false = None
            events.append(
                tab._ruling(
                    "lead out of turn",
                    f"all having followed {SEATS[f['offender']]}'s lead out of"
                    f" turn, trick {q.number} stands and the error cannot be rectified",
                    seat=f["offender"],
                    remedy="the trick stands",
                    laws=list(tab.facts.false_lead_stands_laws),
                )
            )
        # The trump card left on the table is liable to be called after the first trick (000 §52), the second
        # (002 §18), or never (004 rule 10): the code's rule says after how many.
        left = tab._rule("trump card left").effect
        limit = int(left.removeprefix("exposed after ")) if left.startswith("exposed after ") else 99
        if h.trump_on_table and len(h.quitted) >= limit:
            holder = h.trump_holder
            h.trump_on_table = False
            h.trump_left = False
            card = h.trump_card
            if h.hands[holder] >> card & 1:
                h.face_up(holder, card)
                key = "trump card left"
                if tab._dummy_side(holder):
                    h.hands[holder] |= 1 << card
                    h.exposed[holder] &= ~(1 << card)
                    events.append(
                        tab._ruling(
                            "dummy partner",
                            f"{SEATS[holder]} left the trump card on the table past his time",
                            seat=holder,
                            remedy="none",
                        )
                    )
                else:
                    events.append(
                        tab._ruling(
                            key,
                            f"{SEATS[holder]} left the trump card {card_text(card)} on the table"
                            f" after trick {len(h.quitted)} was quitted: it is an exposed card",
                            seat=holder,
                            remedy="liable to be called",
                        )
                    )
        return events

    def settle(self) -> list[Event]:
        """After an act: move the hand on until someone has to act (a penalty phase, a claim, a play, a deal)."""
        tab = self.t
        events: list[Event] = []
        for _ in range(500):
            if tab._over or tab._decisions or tab._phase in ("deal", "declare"):  # declare: Cayenne's
                break
            if tab._phase == "dealt":
                events.extend(tab._start_play())
                continue
            if tab._phase == "claims":
                events.extend(tab.referee.claims.next_claims())
                continue
            h = tab.hand
            assert h is not None
            if (len(h.quitted) >= 13 and not h.trick) or tab._abandoned or tab._counted_against is not None:
                events.extend(self.end_of_play())
                continue
            s = h.turn
            if not h.holding(s):
                events.extend(self.nothing_to_play(s))
                continue
            more = self.interject(s)
            if more is None:
                break
            events.extend(more)
        return events

    def start_play(self) -> list[Event]:
        """The deal stands: the trump card is turned up, Dummy laid down, and the eldest hand leads."""
        tab = self.t
        h = tab.hand
        assert h is not None
        tab._phase = "play"
        events: list[Event] = []
        if tab._actor != tab.dealer:
            tab.dealer = tab._actor  # the deal stands: the game proceeds as if no mistake had been made (000 §48)
        tab._refresh_static()
        if tab._dummy_seats() and tab.game.options.get("expose") == "deal":
            events.append(self.t.referee.play.dummy_event())
        if tab.long:
            for side in (0, 1):
                if tab.game_score[side] == 8 and tab._dealt_honours[side] >= 3:
                    events.append(
                        Event(
                            "call",
                            f"{SIDES[side]} stand at eight and hold {tab._dealt_honours[side]}"
                            " honours: they call and win the game without playing the hand (rules §1.2)",
                            law="rules §1.2",
                            data={"side": SIDES[side]},
                        )
                    )
                    before = list(tab.game_score)
                    tab.game_score[side] = tab.target
                    tab.honours = tab._dealt_honours
                    tab._phase = "over hand"
                    tab._pack = 1 - tab._used_pack
                    events.extend(tab._finish_deal(before, [0, 0], called=side))
                    return events
        return events

    def nothing_to_play(self, s: int) -> list[Event]:
        """It is ``s``'s turn and he has no card (000 Case VI)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        if tab._short_ok:
            h.omitted.append(s)  # the hand is played out with the missing card not counted (002 §19)
            if h.complete():
                return self.quit_trick()
            if not h.trick:
                h.leader = (s + 1) % 4
            return []
        over = [t for t in range(4) if h.surplus(t) > 0]
        if over:
            return tab.referee.misdeal.wrong_number(s, over, discovered="case vi")
        missing = [c for c, owner in h.floor.items() if owner == s] + [c for c, (o, _) in h.mixed.items() if o == s]
        if missing:
            c = missing[0]
            where = "on the floor" if c in h.floor else f"in trick {h.mixed[c][1] + 1}"
            h.floor.pop(c, None)
            if c in h.mixed:
                _, k = h.mixed.pop(c)
                (h.quitted[k].mixed if k < len(h.quitted) else h.trick_mixed).remove(c)
            h.hands[s] |= 1 << c
            events = [
                tab._ruling(
                    "case vi found",
                    f"{SEATS[s]} has no card to play: the missing card, the"
                    f" {CARDS[c].name}, is found {where} and assigned to him",
                    seat=s,
                    remedy="the card is restored",
                )
            ]
            for key in ("card mixed",) if where != "on the floor" else ():
                if tab._rule(key).effect == "point" or tab.facts.penalty_is_a_point:
                    events.append(tab._point(key, s, f"{SEATS[s]} mixed a card with a quitted trick"))
            return events
        # Nothing can be found (cannot happen with a perfect pack): end the hand as it stands.
        tab._counted_against = -1
        return []

    def interject(self, s: int) -> list[Event] | None:
        """Before ``s`` plays: the penalties the adversaries may exact now (a called suit, a trump, an exposed card)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        at = (len(h.quitted), len(h.trick), s)
        # A suit may be called from the side that led out of turn, when either of them first has the lead.
        if not h.trick and (at, "suit") not in tab._asked:
            for right in tab._suit_rights:
                if right["side"] == side_of(s):
                    tab._asked.add((at, "suit"))
                    tab._suit_rights.remove(right)
                    return self.suit_decision(s, right)
        # Asked at each of his turns whatever he holds ("at any time during that hand": 000 §53, §55), so that the
        # question tells nothing of his trumps; a call he cannot obey without revoking does not bite (000 §55, §64).
        if (
            s in tab._trump_rights
            and (at, "trump") not in tab._asked
            and h.trumps is not None
            and s not in tab._require
        ):
            tab._asked.add((at, "trump"))
            fixed = tab._trump_rights[s]
            key = "trump card named" if fixed.endswith("named") else "trump card forgotten"
            r = tab._rule(key)
            opts = ["require highest trump", "require lowest trump"]
            if fixed.startswith("!"):
                opts = [f"require {fixed[1:].split(':')[0]} trump"]
            chooser = tab._live((s + 3) % 4)
            tab._decisions.append(
                Decision(
                    "trump call",
                    chooser,
                    side_seats(side_of(chooser)),
                    [(o, r.laws[-1]) for o in opts] + [("waive", r.laws[-1])],
                    list(r.laws),
                    f"{SEATS[s]} is liable to have his highest or lowest trump called",
                    offender=s,
                    context={"key": key},
                )
            )
            return []
        # Offered whenever he has cards face up, lawful to play now or not: the adversaries see only the cards, and
        # whether a call were offered must not tell them whether he can follow suit.  A call he cannot obey without
        # revoking does not bite now (000 §56; 002 §21), and stands until the card is played.
        exposed = h.exposed[s]
        laws = list(tab.facts.exposed_card_called_laws)
        if exposed and (at, "exposed") not in tab._asked and laws and not tab._called.get(s):
            tab._asked.add((at, "exposed"))
            chooser = tab._live((s + 3) % 4)
            calls = [(f"call card {card_text(c)}", laws[0]) for c in bits(exposed)] + [("waive", laws[-1])]
            tab._decisions.append(
                Decision(
                    "call exposed",
                    chooser,
                    side_seats(side_of(chooser)),
                    calls,
                    laws,
                    f"{SEATS[s]} has exposed cards liable to be called",
                    offender=s,
                )
            )
            return []
        return None

    def suit_decision(self, s: int, right: dict[str, Any]) -> list[Event]:
        """The right to call a suit from ``s``, whose side led out of turn (000 §62, fn 27; 002 §24, §37)."""
        self.t.referee.turn.offer_suit(
            s,
            right["laws"],
            f"a suit may be called from {SEATS[s]}: {right['why']}",
            right["key"],
            right.get("chooser", "either"),
        )
        return []

    def end_of_play(self) -> list[Event]:
        """The hand is played out (or abandoned): the last trick is quitted, and the claims step begins."""
        tab = self.t
        h = tab.hand
        assert h is not None
        events: list[Event] = []
        establish(h.renounces)
        h.open_last = False
        tab._phase = "claims"
        tab._claims_stage = 0
        if tab._abandoned or tab._counted_against is not None:
            return events
        for t, n in tab._omissions:
            if not h.holding(t):
                continue
            om = tab._rule("omitted to play")
            what = f"{SEATS[t]} has a card left at the end of the hand: he omitted to play to trick {n}"
            if tab._dummy_side(t):
                events.append(tab._ruling("dummy partner", what, seat=t, remedy="none"))
                events.extend(self.surplus_to_trick())
            elif om.effect == "point":
                events.append(tab._point("omitted to play", t, what))
                events.extend(self.surplus_to_trick())
            else:
                chooser = tab._live((t + 1) % 4)
                tab._decisions.append(
                    Decision(
                        "omitted to play",
                        chooser,
                        side_seats(side_of(chooser)),
                        [("claim new deal", om.laws[0]), ("waive", om.laws[0])],
                        list(om.laws),
                        what,
                        offender=t,
                        chooser="adversaries",
                    )
                )
                events.append(tab._ruling("omitted to play", what, seat=t))
            break
        return events

    def surplus_to_trick(self) -> list[Event]:
        """The surplus card is taken as played to the imperfect trick, and is no revoke there (000 §69)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        events = []
        for t, n in tab._omissions:
            for c in bits(h.holding(t)):
                h.take(t, c)
                h.quitted[n - 1].surplus.append((t, c))
                events.append(
                    Event(
                        "ruling",
                        f"{SEATS[t]}'s surplus card, the {CARDS[c].name}, is taken as played to"
                        f" trick {n} and is no revoke there ({tab._rule('omitted to play').laws[0]})",
                        seat=SEATS[t],
                        law=list(tab._rule("omitted to play").laws),
                        data={
                            "irregularity": "omitted to play",
                            "code": tab.code,
                            "laws": list(tab._rule("omitted to play").laws),
                        },
                    )
                )
                break
        return events
