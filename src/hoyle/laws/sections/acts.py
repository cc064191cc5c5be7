"""Irregular acts: what a seat may do wrongly now, and the carrying out of it."""

from __future__ import annotations

from collections.abc import Callable

from ...cards import CARDS, Card
from ...engine.actions import PLAY, Action
from ...engine.events import Event
from ...rulebook.whist import ENGLISH, SEATS, SIDES
from ..decision import Verb, verb_of
from ..hand import LawHand, bits
from ..referee import carry_out
from .common import ANY_TIME, THROW_DOWN, Section, card_text, law_action, partner_of, side_of


class ActsLaw(Section):
    """Irregular acts: what a seat may do wrongly now, and the carrying out of it."""

    def irregular_actions(self, seat: str) -> list[Action]:
        """What ``seat`` may do now besides the lawful actions of the seat to act: irregularities, and rights
        exercised out of turn (a partner's choice of penalty, a late claim of honours)."""
        tab = self.t
        tab.seat_check(seat)
        if tab._over:
            return []
        s = SEATS.index(seat)
        if tab._decisions:
            out = tab.referee.pending.decision_irregulars(s)
            if tab._phase == "play":
                out += [a for a in tab._general_irregulars(s) if a.verb in ANY_TIME or a == THROW_DOWN]
            return out
        return tab._general_irregulars(s)

    def general_irregulars(self, s: int) -> list[Action]:
        tab = self.t
        out: list[Action] = []
        if tab._phase == "deal" or tab.hand is None:
            return out
        if tab._window:
            out += tab._deal_irregulars(s)
        h = tab.hand
        if tab._phase != "play":
            return out
        holding = h.holding(s)
        turn = h.turn
        dummy = s in tab._dummy_seats()
        if s == turn:
            ok = tab.referee.play.constrained(s)
            out += [PLAY[c] for c in bits(holding & ~ok)]
            lawful = bits(h.lawful(s))
            if len(bits(holding)) >= 2 and not dummy:
                for c1 in lawful:
                    for c2 in bits(holding):
                        if c2 != c1:
                            out.append(law_action("throw", f"{card_text(c1)} {card_text(c2)}"))
            if h.trick and not h.omitted and len(h.trick) < 4:
                out.append(law_action("omit"))
        else:
            out += [PLAY[c] for c in bits(holding)]
            if not h.trick and h.open_last and h.quitted and any(seat == s for seat, _ in h.quitted[-1].plays):
                out += [law_action("add", card_text(c)) for c in bits(holding)]
        if not dummy:
            hand = bits(h.hands[s] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[s])
            for verb in ("expose", "drop", "name", "show", "detach"):
                out += [law_action(verb, card_text(c)) for c in hand]
            if h.quitted:
                out += [law_action("mix", card_text(c)) for c in hand]
            if len(hand) >= 2:
                out.append(law_action("lower", "hand"))
            if holding and s not in tab._thrown:
                out.append(law_action("throw", "down hand"))
            if tab._claim_rest is None:
                out.append(law_action("claim", "the rest"))
            if h.trick and h.played_to_trick(s) and not h.played_to_trick(partner_of(s)):
                out.append(law_action("call", "attention"))
            if tab._false is not None and side_of(s) != side_of(tab._false["offender"]):
                if tab.code == ENGLISH:
                    out.append(law_action("consult"))
                if s != turn:
                    out += [Action.parse(a) for a, _ in tab.referee.turn.false_remedies(s)]
            last = len(h.quitted) - (1 if tab.code == ENGLISH else 0)
            out += [law_action("look", f"at trick {n}") for n in range(1, last + 1)]
            p = partner_of(s)
            if any(r.seat == p and r.status == "open" and not r.questioned for r in h.renounces):
                out.append(law_action("ask", "having none"))
            if any(r.seat == s and r.status == "open" and r.in_error and r.kind == "renounce" for r in h.renounces):
                out.append(law_action("correct"))
            if not h.trump_on_table and (h.quitted or h.trick):
                out.append(law_action("name", "trump card"))
                if s == h.trump_holder:
                    out.append(law_action("forget", "trump card"))
            if h.trump_on_table and s == h.trump_holder and not h.played_to_trick(s) and not h.quitted:
                if not h.trump_left:
                    out.append(law_action("leave", "trump card"))
                if s != turn:
                    out.append(law_action("take", "up trump card"))
            if h.trump_on_table and h.trump_left and s == partner_of(h.trump_holder):
                out.append(law_action("remind"))
        elif any(r.seat == s and r.status == "open" and r.in_error for r in h.renounces):
            out.append(law_action("correct"))
        if any(h.surplus(t) for t in range(4)):
            out.append(law_action("claim", "misdeal"))
        if side_of(s) not in tab._early_claims and tab.referee.play.suspected(1 - side_of(s)) and not dummy:
            out.append(law_action("claim", "revoke"))
        out += tab.referee.score.late_claims(s)
        return out

    def irregular(self, who: int, action: Action) -> list[Event]:
        """Carry out an irregular act (validated by :meth:`irregular_actions`): an act out of turn in a penalty
        phase, a late claim of honours, an act of the deal while the deal may still be questioned, a remedy for a
        lead out of turn; else the handler of the act's verb (:data:`_ACTS`)."""
        tab = self.t
        if tab._decisions and action in tab.referee.pending.decision_irregulars(who):
            return tab.referee.pending.decision_act(who, action)
        verb = verb_of(action)
        if verb is Verb.CLAIM and action.arg in ("honours", "game"):
            return tab.referee.score.late_honours(who)
        if verb is Verb.DISPUTE:
            return tab.referee.score.dispute_honours(who)
        if tab._window and action in tab._deal_irregulars(who):
            return tab.referee.deal.deal_act(who, action)
        if tab._false is not None and str(action) in {a for a, _ in tab.referee.turn.false_remedies(who)}:
            return tab.referee.turn.false_remedy(who, action)
        return carry_out(_ACTS, self, who, action)

    def _hand(self) -> LawHand:
        h = self.t.hand
        assert h is not None
        return h

    def play(self, who: int, action: Action) -> list[Event] | None:
        return None if action.card is None else self.t.referee.turn.play_irregular(who, action.card)

    def throw(self, who: int, action: Action) -> list[Event] | None:
        if action == THROW_DOWN:
            return self.t.referee.exposed.throw_down(who)
        c1, c2 = (Card.from_text(x) for x in action.arg.split())
        return self.t.referee.exposed.two_cards(who, c1, c2)

    def expose(self, who: int, action: Action) -> list[Event] | None:
        """A card exposed, shown to the partner, or named (000 §55–§56; 002 §19–§20); or the trump card named after
        it was taken up (000 §53)."""
        if action.arg == "trump card":
            return self.t.referee.trump.trump_liability(
                who, "trump card named", f"{SEATS[who]} names the trump card after it was taken up"
            )
        card = Card.from_text(action.arg)
        key, what = _SHOWN[Verb(action.verb)]
        return self.t.referee.exposed.expose(who, [card], key, f"{SEATS[who]} {what.format(CARDS[card].name)}")

    def lower(self, who: int, action: Action) -> list[Event] | None:
        h = self._hand()
        return self.t.referee.exposed.expose(
            who,
            bits(h.hands[who] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[who]),
            "hand lowered",
            f"{SEATS[who]} lowers his hand so that his partner sees his cards",
        )

    def detach(self, who: int, action: Action) -> list[Event] | None:
        return self.t.referee.exposed.detach(who, Card.from_text(action.arg))

    def drop(self, who: int, action: Action) -> list[Event] | None:
        h = self._hand()
        card = Card.from_text(action.arg)
        h.hands[who] &= ~(1 << card)
        h.floor[card] = who
        return []

    def mix(self, who: int, action: Action) -> list[Event] | None:
        if action.arg == "tricks":
            return None
        h = self._hand()
        card = Card.from_text(action.arg)
        h.hands[who] &= ~(1 << card)
        h.mixed[card] = (who, len(h.quitted) - 1)
        h.quitted[-1].mixed.append(card)
        return []

    def add(self, who: int, action: Action) -> list[Event] | None:
        h = self._hand()
        card = Card.from_text(action.arg)
        return self.t.referee.exposed.expose(
            who,
            [card],
            "second card to trick",
            f"{SEATS[who]} plays the {CARDS[card].name} to trick {len(h.quitted)}, to which he had already played",
        )

    def omit(self, who: int, action: Action) -> list[Event] | None:
        h = self._hand()
        h.omitted.append(who)
        self.t._omissions.append((who, len(h.quitted) + 1))
        return self.t.referee.flow.quit_trick() if h.complete() else []

    def claim(self, who: int, action: Action) -> list[Event] | None:
        """A revoke claimed before the end of the hand, the rest of the tricks claimed, a misdeal claimed (a hand of
        the wrong number of cards found in the play)."""
        tab = self.t
        if action.arg == "revoke":
            tab._early_claims.add(side_of(who))
            r = tab._rule("revoke")
            return [
                tab._ruling(
                    "revoke",
                    f"{SEATS[who]} claims a revoke by {SIDES[1 - side_of(who)]}: it is decided"
                    " at the end of the hand, when the tricks are searched",
                    seat=who,
                    remedy="claim revoke",
                    laws=[r.laws[0], "000 §75", "000 §79"] if tab.code == ENGLISH else [r.laws[0]],
                )
            ]
        if action.arg == "the rest":
            return tab.referee.exposed.claim_the_rest(who)
        if action.arg == "misdeal":
            h = self._hand()
            over = [t for t in range(4) if h.surplus(t) > 0]
            return tab.referee.misdeal.wrong_number(who, over, discovered=SEATS[who])
        return None

    def call(self, who: int, action: Action) -> list[Event] | None:
        return self.t.referee.turn.attention(who) if action.arg == "attention" else None

    def look(self, who: int, action: Action) -> list[Event] | None:
        return self.t._look(who, int(action.arg.split()[-1]))

    def ask(self, who: int, action: Action) -> list[Event] | None:
        return self.t.referee.revoke.ask(who)

    def correct(self, who: int, action: Action) -> list[Event] | None:
        h = self._hand()
        ren = next(x for x in reversed(h.renounces) if x.seat == who and x.status == "open" and x.in_error)
        return self.t.referee.revoke.correct(who, ren)

    def forget(self, who: int, action: Action) -> list[Event] | None:
        return self.t.referee.trump.trump_liability(
            who, "trump card forgotten", f"{SEATS[who]} declares he cannot recollect the trump card"
        )

    def leave(self, who: int, action: Action) -> list[Event] | None:
        self._hand().trump_left = True
        return []

    def consult(self, who: int, action: Action) -> list[Event] | None:
        """The partners consult whether to exact a penalty for a lead out of turn: the right is lost (000 §63)."""
        tab = self.t
        f = tab._false
        if f is None:
            return None
        tab.referee.turn.take_back_trick()
        tab._false = None
        self._hand().leader = f["rightful"]
        return [
            tab._ruling(
                "consultation",
                f"{SEATS[who]} consults his partner whether to exact a penalty for"
                f" {SEATS[f['offender']]}'s lead out of turn: they lose their right to any penalty,"
                " and the cards are taken back",
                seat=who,
                remedy="none: the right is lost",
            )
        ]

    def take(self, who: int, action: Action) -> list[Event] | None:
        return self.t.referee.trump.take_up_early(who)

    def remind(self, who: int, action: Action) -> list[Event] | None:
        h = self._hand()
        h.trump_left = False
        h.trump_on_table = False
        return [
            Event(
                "ruling",
                f"{SEATS[who]} reminds his partner of the trump card, and he takes it up (000 §52)",
                seat=SEATS[who],
                law=["000 §52"],
                data={"irregularity": "trump card left", "code": self.t.code, "laws": ["000 §52"]},
            )
        ]


Act = Callable[[ActsLaw, int, Action], "list[Event] | None"]
"""How the referee carries out one kind of act: (the section, the seat, the act); ``None`` if it is no act of law
mode."""

_SHOWN: dict[Verb, tuple[str, str]] = {
    Verb.EXPOSE: ("exposed card", "drops the {} face upwards on the table"),
    Verb.SHOW: ("shown to partner", "holds the {} so that his partner sees it"),
    Verb.NAME: ("named card", "names the {}, a card of his hand"),
}
"""A card shown: the catalogue's key, and what the ruling says was done."""

_ACTS: dict[Verb, Act] = {
    Verb.PLAY: ActsLaw.play,
    Verb.THROW: ActsLaw.throw,
    Verb.EXPOSE: ActsLaw.expose,
    Verb.SHOW: ActsLaw.expose,
    Verb.NAME: ActsLaw.expose,
    Verb.LOWER: ActsLaw.lower,
    Verb.DETACH: ActsLaw.detach,
    Verb.DROP: ActsLaw.drop,
    Verb.MIX: ActsLaw.mix,
    Verb.ADD: ActsLaw.add,
    Verb.OMIT: ActsLaw.omit,
    Verb.CLAIM: ActsLaw.claim,
    Verb.CALL: ActsLaw.call,
    Verb.LOOK: ActsLaw.look,
    Verb.ASK: ActsLaw.ask,
    Verb.CORRECT: ActsLaw.correct,
    Verb.FORGET: ActsLaw.forget,
    Verb.LEAVE: ActsLaw.leave,
    Verb.CONSULT: ActsLaw.consult,
    Verb.TAKE: ActsLaw.take,
    Verb.REMIND: ActsLaw.remind,
}
"""The irregular acts of the play, by verb: one handler each."""
