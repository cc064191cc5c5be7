"""Acts out of turn, one section for every law-mode game: a card played wrongly, a lead or a play out of turn, a
false lead's remedies, attention called (000 §61–§65; 002 §24–§26, with its Solo and Boston lines; 003 digest).

One dispatch takes a card played wrongly (:meth:`TurnLaw.play_irregular`): in turn, a renounce or a call not
complied with (a fact, ruled at the claims); to a trick he has played to, a second card; else a lead or a play out of
turn.  The families differ there by hooks of the table (:class:`TurnHooks`: whose turn it is, how a card is played in
turn, whether the trick is begun, the card lifted from the hand) and, where the laws themselves differ, by data
naming the law that applies (``FALSE_LEAD``: where a card led out of turn goes, into the trick as its first card,
000 §63 and 002 §24, or beside it, 002 §24 Solo; ``EARLY_PLAY``: a play before one's turn judged by position, 000 §65
and 002 §26, or by the partner passed over, 002 §26 Solo).  A seat is its index in the table's seats, in every
family (:meth:`~hoyle.laws.lawtable.LawTable._seat_name` names it in the rulings' words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol

from ...cards import CARDS, SUIT_MASKS, SUITS
from ...engine.actions import Action
from ...engine.events import Event
from ...rulebook.whist import SEATS
from ..codes import Rule
from ..decision import DecisionKey
from ..hand import Renounce, card_text
from ..referee import LawSection
from .common import POSITION, SUIT_WORD, Decision, partner_of, side_of, side_seats

if TYPE_CHECKING:
    from ..round import RoundLawMixin
    from ..table import LawMixin

__all__ = ["TurnHooks", "TurnLaw"]


class TurnHooks(Protocol):
    """What the section asks of its table (a seat is its index in the table's seats)."""

    FALSE_LEAD: Literal["trick", "beside"]
    """Where a card led out of turn goes: the trick's first card (000 §63; 002 §24), or beside the trick, treated as
    exposed (002 §24 Solo)."""
    EARLY_PLAY: Literal["position", "partner"]
    """How a play before one's turn is judged: by the positions passed (000 §65; 002 §26), or by a partner passed
    over (002 §26 Solo; 003 digest)."""

    def _in_turn(self, s: int) -> bool:
        """Whether it is ``s``'s turn to play."""
        ...

    def _play_in_turn(self, s: int, card: int) -> list[Event]:
        """``s`` plays ``card`` in turn, wrongly (a renounce, a call not complied with): a fact recorded."""
        ...

    def _trick_begun(self) -> bool:
        """Whether a card has been led to the trick on the table."""
        ...

    def _played_to_trick(self, s: int) -> bool:
        """Whether ``s`` has already played to the trick on the table."""
        ...

    def _lift(self, s: int, card: int) -> None:
        """``card`` leaves ``s``'s hand (and his cards face up) before it is placed out of turn; nothing where placing
        it does so."""
        ...


class TurnLaw(LawSection[Any]):
    """Acts out of turn, for every law-mode game (see the module)."""

    def play_irregular(self, who: int, card: int) -> list[Event]:
        """A card played wrongly: a renounce or a call not complied with, a second card, a lead or a play out of turn
        (``who``, the seat's index)."""
        tab: TurnHooks = self.t
        if tab._in_turn(who):
            return tab._play_in_turn(who, card)
        if tab._played_to_trick(who):
            return self.second_card(who, card)
        tab._lift(who, card)
        if not tab._trick_begun():
            return self.lead_into_trick(who, card) if tab.FALSE_LEAD == "trick" else self.lead_beside(who, card)
        return (
            self.play_before_turn(who, card) if tab.EARLY_PLAY == "position" else self.play_passing_partner(who, card)
        )

    # ================================================================== the Whist family's laws

    def false_remedies(self, s: int) -> list[tuple[str, str]]:
        """At an adversary's turn in a trick led out of turn: the remedies he may exact instead of playing to it."""
        tab: LawMixin = self.t
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
            if rightful == partner_of(f["offender"]) and (
                not tab.facts.suit_called_by_adversary_on_right or s == (rightful + 3) % 4
            ):
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
        tab: LawMixin = self.t
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
            tab.facts.suit_called_by_adversary_on_right
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
                    laws=[r.laws[0], *tab.facts.false_lead_card_called_laws],
                )
            ]
        if action.arg.startswith("suit "):  # named at once, from the right leader, the offender's partner
            rightful = f["rightful"]
            taken = "; the cards played to the false lead are taken back"
            # Whether he holds the suit is his to show by his lead, not the referee's to announce (issue 13): the
            # ruling is the same either way; having none, he leads what he likes and the penalty is paid (000 §66).
            word = SUIT_WORD[SUITS[tab.referee.play.call_suit(rightful, action)]]
            return [
                tab._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} calls {word} from {SEATS[rightful]}, the right"
                    f" leader, at once: he must lead one if he can{tab.referee.exposed.none_held()}{taken}",
                    seat=off,
                    remedy=str(action),
                    laws=[*r.laws, *tab.facts.suit_called_laws] if tab.facts.suit_called_laws else None,
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
                " taken back" + (" and are not liable to be called" if tab.facts.false_lead_cards_not_liable else ""),
                seat=off,
                remedy="call suit",
            )
        ]

    def take_back_trick(self) -> None:
        """Every card on the table goes back to its player: face up if it came from his exposed cards."""
        tab: LawMixin = self.t
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

    def offer_suit(self, s: int, laws: list[str], why: str, key: str, chooser: str = "either") -> None:
        """A suit may be called from ``s`` (his side led wrongly), by the adversary on his right (000 §62, fn 27;
        002 §24, §37)."""
        tab: LawMixin = self.t
        seat = tab._live((s + 3) % 4)
        opts = [(f"call suit {x}", laws[0]) for x in SUITS] + [("waive", laws[0])]
        tab._decisions.append(
            Decision(
                DecisionKey.CALL_SUIT,
                seat,
                side_seats(side_of(seat)),
                opts,
                laws,
                why,
                offender=s,
                chooser=chooser,
                context={"key": key},
            )
        )

    def lead_into_trick(self, who: int, card: int) -> list[Event]:
        """A lead out of turn that is the trick's first card: the others may play to it, and the adversaries
        exact a remedy at their turn or let it stand (000 §61–§63; 002 §24; a Dummy's side: 000 Dummy III)."""
        tab: LawMixin = self.t
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
        if tab.facts.penalty_is_a_point:  # 004 rule 12, rule 19
            return [tab._point("lead out of turn", who, what + "; the card is taken back")]
        events = tab.referee.play.put(who, card)
        tab._false = {"offender": who, "rightful": rightful}
        events.append(tab._ruling("lead out of turn", what, seat=who))
        return events

    def play_before_turn(self, who: int, card: int) -> list[Event]:
        """A card played to the trick before a seat whose turn came first, by position (000 §65; 002 §26)."""
        tab: LawMixin = self.t
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
        if tab.facts.penalty_is_a_point:  # 004 rule 12, rule 19
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
        tab: LawMixin = self.t
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
        if key == "winning cards led" and not tab.facts.penalty_is_a_point and not tab._dummy_side(who):
            r = tab._rule(key)
            tab._offer(key, tab._live((p + 3) % 4), r, what, ["require win"], offender=p, by_rule=False, target=p)
        return events

    def attention(self, who: int) -> list[Event]:
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        p = partner_of(who)
        what = f"{SEATS[who]} calls attention to the trick before {SEATS[p]} has played"
        key = "attention called"
        exempt, r = tab._exempt(who, key, what), tab._rule(key)
        if exempt is not None:
            return exempt
        advs = [(who + 1) % 4, (who + 3) % 4]
        last = max(advs, key=lambda a: (a - h.trick_leader) % 4)
        tab._offer(key, tab._live(last), r, what, offender=p, target=p)
        return [tab._ruling(key, what, seat=who)]

    # ================================================================== the round games' laws

    @staticmethod
    def played(who: str, card: int, text: str) -> Event:
        """The event of a card played out of turn (``who`` named as the engine names him)."""
        return Event("play", text, seat=who, data={"card": card_text(card), "out of turn": True})

    def lead_beside(self, who: int, card: int) -> list[Event]:
        """A lead out of turn that waits beside the trick, treated as exposed, the remedy chosen at once (002 §24
        Solo; 003 digest): the lead stands where the game gives none."""
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        tab.referee.play.establish()
        tab._false_lead = (who, card)
        name, rightful = tab.seats[who], tab.seats[tab._ring[play.turn]]
        rule = tab._law_rule("lead out of turn", who)
        event = self.played(name, card, f"{name} leads {card_text(card)} out of turn ({rightful} was to lead)")
        if not rule.remedies:
            return [event, *self.false_lead_stands(rule, f"{name}'s lead out of turn: {rule.text}")]
        opts: list[tuple[str, str]] = []
        for kind, law in rule.options():
            opts.append((f"call card {card_text(card)}" if kind == "call card" else kind, law))
        note = f"{name} led the {CARDS[card].name} out of turn"
        text = f"{name} leads out of turn, {rightful} being to lead: {rule.text}"
        return [event, *tab._offered("lead out of turn", who, rule, opts, note, text, card=card)]

    def false_lead_stands(self, rule: Rule, text: str) -> list[Event]:
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None and tab._false_lead is not None
        who, card = tab._false_lead
        tab._false_lead = None
        i = tab._ring.index(who)
        play.leader = play.turn = i
        play.hands[i] |= 1 << card
        return tab._ruled("lead out of turn", who, rule, f"{text}; the lead stands") + tab.referee.play.put(
            who, card, early=True
        )

    def play_passing_partner(self, who: int, card: int) -> list[Event]:
        """A card played before the seats between the one in turn and him: a partner passed over may be called upon
        (002 §26 Solo; 003 digest); the card stands played, waiting for his turn."""
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        lead = play.trick[0] // 13
        ring = tab._ring
        i = ring.index(who)
        if card // 13 != lead:
            holds = bool(play.hands[i] & SUIT_MASKS[lead])
            tab._renounces.append(Renounce(i, tab.referee.play.trick_no(), card, lead, holds, law=tab.renounce_law))
        tab._early[who] = card
        m = len(ring)
        skipped: list[int] = []
        for k in range(m):
            s = ring[(play.turn + k) % m]
            if s == who:
                break
            skipped.append(s)
        mine = tab._side_of(who)
        partners = [s for s in skipped if s in mine and s != who and s not in tab._early]
        rule = tab._law_rule("play out of turn", who)
        name, first = tab.seats[who], tab.seats[skipped[0]]
        event = self.played(name, card, f"{name} plays {card_text(card)} out of turn, before {first}")
        opts = [
            (k, law) for k, law in rule.options() if k == "claim the stakes" or (partners and k.startswith("require"))
        ]
        if not opts:
            why = rule.text if not rule.remedies else "none of his partners has been passed over"
            text = f"{name} plays before his turn: no penalty ({why}); the card stands played"
            return [event, *tab._ruled("play out of turn", who, rule, text)]
        target = partners[0] if partners else None
        called = f": {tab.seats[target]}, who has not played, may be called upon" if target is not None else ""
        note = f"{name} played out of turn" + called
        text = f"{name} plays out of turn before {first}: {rule.text}"
        return [event, *tab._offered("play out of turn", who, rule, opts, note, text, target=target)]
