"""Acts out of turn: a lead or play out of turn, a false lead's remedies, attention (000 §61–§65; 002 §24–§26)."""

from __future__ import annotations

from ...cards import CARDS, SUITS
from ...engine.actions import Action
from ...engine.events import Event
from ...rulebook.whist import AMERICAN, ENGLISH, GWP, SEATS
from ..decision import DecisionKey
from .common import POSITION, SUIT_WORD, Decision, Section, card_text, partner_of, side_of


class TurnLaw(Section):
    """Acts out of turn: a lead or play out of turn, a false lead's remedies, attention (000 §61–§65; 002 §24–§26)."""

    def false_remedies(self, s: int) -> list[tuple[str, str]]:
        """At an adversary's turn in a trick led out of turn: the remedies he may exact instead of playing to it."""
        tab = self.t
        f = tab._false
        h = tab.hand
        if f is None or h is None or side_of(s) == side_of(f["offender"]) or not h.trick:
            return []
        r = tab._rule("lead out of turn")
        out = []
        if "call card" in r.remedies:
            out.append((f"call card {card_text(h.trick[0][1])}", r.laws[0]))
        if "call suit" in r.remedies:
            rightful = f["rightful"]
            if rightful == partner_of(f["offender"]) and (tab.code == ENGLISH or s == (rightful + 3) % 4):
                # The right leader is the offender's partner: the suit is called from him at once (000 §62 fn 27).
                out.extend((f"call suit {x}", r.laws[0]) for x in SUITS)
            elif rightful == partner_of(f["offender"]):
                # 002 §24: the suit is due at once, from the right leader, and only the adversary on his right may
                # call it.  The other adversary may still demand it, wrongly: none can then be enforced (002 §39).
                out.extend([("call suit", "002 §39"), *((f"call suit {x}", "002 §39") for x in SUITS)])
            else:
                out.append(("call suit", r.laws[0]))
        out.append(("waive", r.laws[-1]))  # the lead stands; no penalty can then be exacted (000 §63, §84)
        return [(str(Action.parse(a)), law) for a, law in out]

    def false_remedy(self, by: int, action: Action) -> list[Event]:
        """The adversaries exact the penalty for the lead out of turn: the cards played to it are taken back."""
        tab = self.t
        h = tab.hand
        f = tab._false
        assert h is not None and f is not None
        off = f["offender"]
        r = tab._rule("lead out of turn")
        if str(action) == "waive":
            tab._false = None
            return [
                tab._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} lets {SEATS[off]}'s lead out of turn stand: the trick goes on from it",
                    seat=off,
                    remedy="waive",
                )
            ]
        led = h.trick[0][1]
        self.take_back_trick()
        tab._false = None
        h.leader = f["rightful"]
        right = (f["rightful"] + 3) % 4
        if (
            tab.code == AMERICAN
            and action.verb == "call"
            and action.arg.startswith("suit")
            and f["rightful"] == partner_of(off)
            and by != right
        ):
            return [
                tab._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} demands a suit from {SEATS[f['rightful']]}, but only"
                    f" {SEATS[right]}, the adversary on his right, may call it: none can be enforced;"
                    " the cards played to the false lead are taken back",
                    seat=by,
                    remedy="none: the right is lost",
                    laws=["002 §24", "002 §39"],
                )
            ]
        if action.verb == "call" and action.arg.startswith("card"):
            h.face_up(off, led)
            return [
                tab._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} calls the card led out of turn, the"
                    f" {CARDS[led].name}: it is taken back face upwards, liable to be called; the cards"
                    " played to the false lead are taken back",
                    seat=off,
                    remedy=str(action),
                    laws=[r.laws[0]] + (["000 §63"] if tab.code == ENGLISH else []),
                )
            ]
        if action.arg.startswith("suit "):  # named at once, from the right leader, the offender's partner
            rightful = f["rightful"]
            suit = SUITS.index(action.arg.split()[-1].upper())
            word = SUIT_WORD[SUITS[suit]]
            taken = "; the cards played to the false lead are taken back"
            # Whether he holds the suit is his to show by his lead, not the referee's to announce (issue 13): the
            # ruling is the same either way; having none, he leads what he likes and the penalty is paid (000 §66).
            tab._lead_suit[rightful] = suit
            return [
                tab._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} calls {word} from {SEATS[rightful]}, the right"
                    f" leader, at once: he must lead one if he can{tab.referee.exposed.none_held()}{taken}",
                    seat=off,
                    remedy=str(action),
                    laws=[*r.laws, "000 §66"] if tab.code == ENGLISH else None,
                )
            ]
        tab._suit_rights.append(
            {
                "side": side_of(off),
                "laws": list(r.laws),
                "key": "lead out of turn",
                "chooser": r.chooser,
                "why": f"{SEATS[off]} led out of turn",
            }
        )
        return [
            tab._ruling(
                "lead out of turn",
                f"{SEATS[by]} exacts a suit from {SEATS[off]} or his partner, to be"
                " called when next either of them has the lead; the cards played to the false lead are"
                " taken back" + (" and are not liable to be called" if tab.code == AMERICAN else ""),
                seat=off,
                remedy="call suit",
            )
        ]

    def take_back_trick(self) -> None:
        """Every card on the table goes back to its player: face up if it came from his exposed cards."""
        tab = self.t
        h = tab.hand
        assert h is not None
        for seat, c in h.trick:
            if tab._origin.get(c):
                h.exposed[seat] |= 1 << c
            else:
                h.hands[seat] |= 1 << c
            tab._origin.pop(c, None)
            h.renounces = [r for r in h.renounces if not (r.seat == seat and r.card == c and r.status == "open")]
        h.trick = []
        h.omitted = []

    def play_irregular(self, who: int, card: int) -> list[Event]:
        """A card played wrongly: a renounce or a call not complied with, a lead or play out of turn, a second card."""
        tab = self.t
        h = tab.hand
        assert h is not None
        if who == h.turn:
            # A call not complied with while he could comply is recorded as a fact, like a renounce in error, and
            # told to nobody: that he could comply is what his concealed cards say, and the adversaries learn it
            # when they claim and the tricks are searched at the end of the hand (000 §61, §75; 002 §38; issue 13).
            failed = bool(h.lawful(who) >> card & 1)
            return tab.referee.play.put(who, card, failed=failed)
        if not h.trick:
            return self.lead_out_of_turn(who, card)
        if h.played_to_trick(who):
            return self.second_card(who, card)
        return self.play_early(who, card)

    def offer_suit(self, s: int, laws: list[str], why: str, key: str, chooser: str = "either") -> None:
        """A suit may be called from ``s`` (his side led wrongly), by the adversary on his right (000 §62, fn 27;
        002 §24, §37)."""
        tab = self.t
        seat = tab._live((s + 3) % 4)
        opts = [(f"call suit {x}", laws[0]) for x in SUITS] + [("waive", laws[0])]
        tab._decisions.append(
            Decision(
                DecisionKey.CALL_SUIT,
                seat,
                side_of(seat),
                opts,
                laws,
                why,
                offender=s,
                chooser=chooser,
                context={"key": key},
            )
        )

    def lead_out_of_turn(self, who: int, card: int) -> list[Event]:
        tab = self.t
        h = tab.hand
        assert h is not None
        rightful = h.leader
        what = f"{SEATS[who]} leads the {CARDS[card].name} out of turn (it was {SEATS[rightful]}'s lead)"
        if tab._dummy_side(who):
            if partner_of(who) == rightful:
                r = tab._rule("wrong hand led")
                self.offer_suit(rightful, list(r.laws), f"{SEATS[who]} led from the wrong hand", "wrong hand led")
                return [tab._ruling("wrong hand led", what + "; the card is taken back", seat=who)]
            return [tab._ruling("dummy partner", what + "; the card is taken back", seat=who, remedy="none")]
        if tab.code == GWP:
            return [tab._point("lead out of turn", who, what + "; the card is taken back")]
        events = tab.referee.play.put(who, card)
        tab._false = {"offender": who, "rightful": rightful}
        events.append(tab._ruling("lead out of turn", what, seat=who))
        return events

    def play_early(self, who: int, card: int) -> list[Event]:
        tab = self.t
        h = tab.hand
        assert h is not None
        lead = h.trick_leader
        pos = (who - lead) % 4
        done = {(s - lead) % 4 for s, _ in h.trick}
        turn = h.turn
        what = f"{SEATS[who]}, {POSITION.get(pos, '')} hand, plays the {CARDS[card].name} before {SEATS[turn]}"
        events = tab.referee.play.put(who, card)
        if tab._dummy_side(who):
            return [*events, tab._ruling("dummy partner", what, seat=who, remedy="none")]
        if pos == 2 and 1 not in done:
            key = "third before second"
        elif pos == 3 and 1 not in done and 2 not in done:
            key = "fourth before second"
        elif pos == 3 and 1 not in done:
            key = "third before second"
            what += ", the third having played before the second"
        else:
            key = "fourth before third"
        if tab.code == GWP:
            return [*events, tab._point(key, who, what)]
        r = tab._rule(key)
        events.append(tab._ruling(key, what, seat=who, remedy=None if r.remedies else "none"))
        if r.remedies and not h.complete() and h.trick:
            target = (lead + 1) % 4
            chooser = tab._live((lead + 2) % 4)
            tab._offer(key, chooser, r, what, offender=target, target=target)
        return events

    def second_card(self, who: int, card: int) -> list[Event]:
        """A second card played to the trick on the table (000 §56 I, §57; 002 §20, §22)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        mine = next(c for s, c in h.trick if s == who)
        p = partner_of(who)
        suit = mine // 13
        higher = sum(1 << c for c in range(mine + 1, (suit + 1) * 13))
        # "A card better than any the adversaries hold of that suit" (000 §57; 002 §22), as the table can see it:
        # his card wins the trick as it lies and every higher card of the suit has been played or lies face up.
        # Deciding it by the adversaries' concealed cards would tell the whole table what they hold (issue 13).
        winning = h.winning(h.trick) == who and not higher & ~tab._in_sight()
        if winning and not h.played_to_trick(p):
            key = "winning cards led"
            what = (
                f"{SEATS[who]} plays the {CARDS[card].name} after his winning {CARDS[mine].name}, without waiting"
                f" for {SEATS[p]} to play"
            )
        else:
            key = "exposed card"
            what = f"{SEATS[who]} plays a second card, the {CARDS[card].name}, to the trick"
        events = tab.referee.exposed.expose(who, [card], key, what)
        if key == "winning cards led" and tab.code != GWP and not tab._dummy_side(who):
            r = tab._rule(key)
            tab._offer(key, tab._live((p + 3) % 4), r, what, ["require win"], offender=p, by_rule=False, target=p)
        return events

    def attention(self, who: int) -> list[Event]:
        tab = self.t
        h = tab.hand
        assert h is not None
        p = partner_of(who)
        what = f"{SEATS[who]} calls attention to the trick before {SEATS[p]} has played"
        key = "attention called"
        exempt, r = self.fault(who, key, what)
        if exempt is not None:
            return exempt
        advs = [(who + 1) % 4, (who + 3) % 4]
        last = max(advs, key=lambda a: (a - h.trick_leader) % 4)
        tab._offer(key, tab._live(last), r, what, offender=p, target=p)
        return [tab._ruling(key, what, seat=who)]
