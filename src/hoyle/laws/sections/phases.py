"""The Whist family's penalty phases: the handler of each kind, ruling on the entitled side's choice (laws-design.md
§3); dispatched by the one :class:`~hoyle.laws.sections.decide.DecideLaw` over :attr:`WhistPhases.PHASES`."""

from __future__ import annotations

from typing import ClassVar

from ...cards import CARDS, SUIT_MASKS, SUITS, Card
from ...engine.actions import Action
from ...engine.events import Event
from ...rulebook.whist import SEATS
from ..decision import DecisionKey, Remedy, decision_key, remedy_of
from .common import SUIT_WORD, Decision, Section, card_text, law_action, side_of, side_seats
from .decide import Handler, Phases


class WhistPhases(Section):
    """The Whist family's penalty phases: one handler a kind of phase (the deal's, the play's, the trump card's, the
    revokes', honours), and the rulings on a choice (:meth:`chose`, :meth:`done`)."""

    PHASES: ClassVar[Phases]
    """The Whist family's penalty phases, by key (:class:`~hoyle.laws.sections.decide.Phases`)."""

    def waived(self, d: Decision, action: Action, by: int) -> list[Event]:
        """A waiver in a phase of the play: one ruling (:meth:`waive`)."""
        return self.waive(d, by)

    def waive(self, d: Decision, by: int) -> list[Event]:
        """The entitled side waives the penalty (a waiver of two cards at once still settles which card is
        played; of the trump card's showing, the trump card is shown)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        off = d.offender if d.offender is not None else 0
        events = [
            tab._ruling(self.dkey(d), f"{SEATS[by]} waives the penalty", seat=off, remedy="waive", laws=list(d.laws))
        ]
        if d.key == DecisionKey.TWO_CARDS_AT_ONCE:
            events.extend(tab.referee.exposed.two_cards_settle(off, d.context["cards"][0]))
        if d.key == DecisionKey.SHOW_TRUMP:
            events.extend(tab._decide(d, law_action("show", f"{card_text(h.trump_card)}"), off))
        return events

    # ------------------------------------------------------------------ the deal

    def stop_deal(self, d: Decision, action: Action, by: int) -> list[Event]:
        """A deal out of turn, or with the other pack: stopped before the trump card is turned, or let stand."""
        tab = self.t
        if remedy_of(action)[0] is Remedy.STOP_DEAL:
            tab.deal_entry()["result"] = {"void": "stopped", "next dealer": SEATS[tab.dealer]}
            tab.deal_no += 1
            events = [
                tab._ruling(
                    d.key,
                    f"{SEATS[by]} stops the deal before {tab._turn_words[0]}: the cards"
                    f" are gathered and {SEATS[tab.dealer]} deals",
                    seat=d.offender,
                    remedy=str(action),
                )
            ]
            return events + tab._new_deal()
        return [
            tab._ruling(
                d.key,
                f"{SEATS[by]} lets the deal stand: the game proceeds as if no mistake had been made",
                seat=d.offender,
                remedy="waive",
            )
        ]

    def reshuffle(self, d: Decision, action: Action, by: int) -> list[Event]:
        """A card seen in shuffling: the shuffle again, or let stand."""
        tab = self.t
        if remedy_of(action)[0] is Remedy.REQUIRE_RESHUFFLE:
            return tab.referee.deal.deal_again(
                d.key,
                f"{SEATS[by]} requires {SEATS[tab.dealer]} to shuffle again",
                d.offender if d.offender is not None else tab.dealer,
            )
        return [tab._ruling(d.key, f"{SEATS[by]} lets the shuffle stand", seat=d.offender, remedy="waive")]

    def uncut(self, d: Decision, action: Action, by: int) -> list[Event]:
        """A deal uncut: the misdeal claimed, or the deal let stand."""
        tab = self.t
        if remedy_of(action)[0] is Remedy.CLAIM_MISDEAL:
            return tab._misdeal(
                "uncut", tab._actor, f"{SEATS[by]} claims the misdeal, discovered before {tab._turn_words[1]}"
            )
        return [tab._ruling(d.key, f"{SEATS[by]} lets the deal stand", seat=d.offender, remedy="waive")]

    def new_deal(self, d: Decision, action: Action, by: int) -> list[Event]:
        """A card exposed in dealing, the trump card looked at: a new deal claimed, or the deal let stand."""
        tab = self.t
        if remedy_of(action)[0] is Remedy.CLAIM_NEW_DEAL:
            return tab.referee.misdeal.void(
                "new deal", d.key, f"{SEATS[by]} claims a new deal: the same dealer deals again", tab._actor
            )
        return [
            tab._ruling(
                d.key,
                f"{SEATS[by]} lets the deal stand"
                + (": the exposed card cannot be called" if d.key == DecisionKey.EXPOSED_IN_DEALING else ""),
                seat=d.offender,
                remedy="waive",
            )
        ]

    # ------------------------------------------------------------------ the play: cards called, calls made

    def call_exposed(self, d: Decision, action: Action, by: int) -> list[Event]:
        """An exposed card called.  He cannot be compelled to play a card that would oblige him to revoke (000 §64;
        002 §21): then the call is spent at this turn, and the card stays liable to be called again (000 §65; 002
        §21).  The ruling is the same either way, and so is what the table is told: whether he can follow suit is
        his to show by his play, not the referee's to announce (issue 13).  The call lapses when he has played to
        this trick (:meth:`PlayLaw.put`)."""
        tab = self.t
        off = d.offender if d.offender is not None else 0
        c = Card.from_text(remedy_of(action)[1])
        tab._called.setdefault(off, []).append(c)
        laws = sorted({*d.laws, *tab.facts.card_called_laws}) if tab.facts.card_called_laws else list(d.laws)
        text = f"{SEATS[by]} calls the {CARDS[c].name} from {SEATS[off]}: he must play it, unless that would make him"
        return self.chose(d, f"{text} revoke", str(action), seat=off, key="exposed card", laws=laws)

    def call_suit(self, d: Decision, action: Action, by: int) -> list[Event]:
        """A suit called from the offender (the same ruling whether he holds the suit or not: issue 13)."""
        tab = self.t
        off = d.offender if d.offender is not None else 0
        word = SUIT_WORD[SUITS[tab.referee.play.call_suit(off, action)]]
        laws = list(d.laws)
        laws += [law for law in tab.facts.suit_called_laws if law not in laws]
        text = f"{SEATS[by]} calls {word} from {SEATS[off]}, who must lead one if he can"
        return self.chose(d, text + tab.referee.exposed.none_held(), str(action), seat=off, laws=laws)

    def trump_call(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The trump card named: the offender's highest or lowest trump called."""
        tab = self.t
        off = d.offender if d.offender is not None else 0
        which = "highest trump" if remedy_of(action)[0] is Remedy.REQUIRE_HIGHEST_TRUMP else "lowest trump"
        tab._require[off] = (which, list(d.laws))
        tab._trump_rights[off] = f"!{which.split()[0]}:{tab._trump_rights.get(off, 'named').split(':')[-1]}"
        return self.chose(
            d,
            f"{SEATS[by]} calls {SEATS[off]}'s {which}: he must play"
            " it, unless it would make him revoke; the call may be repeated but not changed",
            str(action),
            seat=off,
        )

    def require(self, d: Decision, action: Action, by: int) -> list[Event]:
        """A card played in error called, or the offender (or his partner) required to play highest, lowest, to
        win or not: under the American code, highest or lowest of a suit he has none of becomes trump or not."""
        tab = self.t
        h = tab.hand
        assert h is not None
        off = d.offender if d.offender is not None else 0
        text = str(action)
        kind, rest = remedy_of(action)
        if kind is Remedy.CALL_CARD:
            c = Card.from_text(rest)
            h.face_up(off, c)
            return self.chose(
                d,
                f"{SEATS[by]} calls the card played in error, the {CARDS[c].name}: it lies face up, liable to be"
                " called",
                text,
                seat=off,
            )
        target = d.context.get("target", off)
        req = text.removeprefix("require ")
        led = h.lead_suit
        if (
            tab.facts.highest_of_suit_not_held_is_trump_or_not
            and kind in (Remedy.REQUIRE_HIGHEST, Remedy.REQUIRE_LOWEST)
            and led is not None
            and not h.holding(target) & SUIT_MASKS[led]
        ):
            laws = list(d.laws)
            tab._decisions.insert(
                0,
                Decision(
                    DecisionKey.TRUMP_OR_NOT,
                    d.seat,
                    d.side,
                    [(Remedy.REQUIRE_TRUMP, laws[0]), (Remedy.REQUIRE_NOT_TRUMP, laws[0]), (Remedy.WAIVE, laws[0])],
                    laws,
                    f"{SEATS[target]} has none of the suit led",
                    offender=target,
                    chooser=d.chooser,
                    context={"target": target, "key": self.dkey(d)},
                ),
            )
            return self.chose(
                d,
                f"{SEATS[by]} requires {SEATS[target]} to play his {req} of the suit led;"
                " he has none, so he may be required to trump or not to trump",
                text,
                seat=target,
            )
        tab._require[target] = (req, list(d.laws))
        return self.chose(d, f"{SEATS[by]} requires {SEATS[target]} to play {self.req_words(req)}", text, seat=target)

    def two_cards(self, d: Decision, action: Action, by: int) -> list[Event]:
        """Two cards played at once: the offended side says which is played (the other is exposed)."""
        tab = self.t
        off = d.offender if d.offender is not None else 0
        c = Card.from_text(remedy_of(action)[1].split()[-1])
        return tab.referee.exposed.two_cards_settle(off, c, by=by, remedy=str(action))

    # ------------------------------------------------------------------ the trump card

    def trump_taken_early(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The trump card taken up early: the offender is desired to lay it on the table again."""
        tab = self.t
        h = tab.hand
        assert h is not None
        off = d.offender if d.offender is not None else 0
        tab._decisions.insert(
            0,
            Decision(
                DecisionKey.SHOW_TRUMP,
                off,
                side_seats(side_of(off)),
                [(f"{Remedy.SHOW} {card_text(h.trump_card)}", d.laws[0])],
                list(d.laws),
                f"{SEATS[off]} must lay the trump card on the table",
                offender=off,
            ),
        )
        return self.chose(
            d,
            f"{SEATS[by]} desires {SEATS[off]} to lay the trump card on the table",
            str(action),
            seat=off,
            key=d.key,
        )

    def show_trump(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The offender shows a card for the trump card: the right one goes back on the table; a wrong one is
        exposed, and he must still produce the trump card."""
        tab = self.t
        h = tab.hand
        assert h is not None
        off = d.offender if d.offender is not None else 0
        c = Card.from_text(remedy_of(action)[1])
        if c == h.trump_card:
            h.trump_on_table = True
            return self.done(
                d, "trump card taken early", off, f"{SEATS[off]} lays the trump card {card_text(c)} on the table again"
            )
        h.face_up(off, c)
        tab._decisions.insert(0, d)
        return self.chose(
            d,
            f"{SEATS[off]} shows a wrong card, the {CARDS[c].name}: it may be called, and he must still produce the"
            " trump card",
            "liable to be called",
            seat=off,
            key="trump card taken early",
        )

    # ------------------------------------------------------------------ revokes

    def answer(self, d: Decision, action: Action, by: int) -> list[Event]:
        """Asked whether he has none of the suit: he corrects his renounce, or answers that he has none."""
        tab = self.t
        off = d.offender if d.offender is not None else 0
        if remedy_of(action)[0] is Remedy.CORRECT:
            return tab.referee.revoke.correct(off, d.context["renounce"])
        return self.done(d, "asked having none", off, f"{SEATS[off]} answers that he has none")

    def detached(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.t.referee.exposed.decide_detached(d, action, by)

    def wrong_number(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.t.referee.misdeal.decide_new_deal(d, str(action), by)

    def claim_revoke(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.t.referee.claims.decide_claim(d, str(action), by)

    def revoke_penalty(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.t._revoke_penalty(d, str(action), by)

    def point_penalty(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.t.referee.revoke.point_penalty(d, str(action), by)

    def honours(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.t.referee.score.decide_honours(d, str(action), by)

    @staticmethod
    def dkey(d: Decision) -> str:
        """The catalogue key of the irregularity a decision is about."""
        key = decision_key(d.key)
        return str(d.context.get("key") or (_CATALOGUE_KEY.get(key) if key is not None else None) or d.key)

    @staticmethod
    def req_words(req: str) -> str:
        return {
            "highest": "his highest card of the suit led",
            "lowest": "his lowest card of the suit led",
            "win": "so as to win the trick, if he can",
            "not win": "so as not to win the trick, if he can",
            "trump": "a trump",
            "not trump": "no trump",
            "highest trump": "his highest trump",
            "lowest trump": "his lowest trump",
        }.get(req, req)

    def done(self, d: Decision, key: str, off: int, sentence: str) -> list[Event]:
        """The ruling on what the offender does as the phase ``d`` bids him (the trump card laid on the table, the
        answer that he has none): the decision's laws, the first named in the sentence, and no clause of the code."""
        return [
            Event(
                "ruling",
                f"{sentence} ({d.laws[0]})",
                seat=SEATS[off],
                law=list(d.laws),
                data={"irregularity": key, "code": self.t.code, "laws": list(d.laws)},
            )
        ]

    def chose(
        self,
        d: Decision,
        sentence: str,
        remedy: str,
        *,
        seat: int | None = None,
        key: str | None = None,
        laws: list[str] | None = None,
    ) -> list[Event]:
        """The ruling on a choice made in the penalty phase ``d``: what was chosen, under the decision's laws (or
        ``laws``)."""
        tab = self.t
        cited = laws if laws is not None else list(d.laws)
        return [tab._ruling(key or self.dkey(d), sentence, seat=seat, remedy=remedy, laws=cited)]


K = DecisionKey
_OWN_WAIVER: dict[DecisionKey, Handler] = {
    K.DEAL_OUT_OF_TURN: WhistPhases.stop_deal,
    K.OTHER_PACK: WhistPhases.stop_deal,
    K.SEEN_IN_SHUFFLING: WhistPhases.reshuffle,
    K.DETACHED_CARD: WhistPhases.detached,
    K.UNCUT: WhistPhases.uncut,
    K.EXPOSED_IN_DEALING: WhistPhases.new_deal,
    K.TRUMP_LOOKED_AT: WhistPhases.new_deal,
    K.OMITTED_TO_PLAY: WhistPhases.wrong_number,
    K.WRONG_NUMBER_LATE: WhistPhases.wrong_number,
    K.CLAIM_REVOKE: WhistPhases.claim_revoke,
    K.REVOKE_PENALTY: WhistPhases.revoke_penalty,
    K.POINT_PENALTY: WhistPhases.point_penalty,
    K.HONOURS: WhistPhases.honours,
}
"""The phases whose handler rules on a waiver too (the deal's, the claims')."""

_CHOSEN: dict[DecisionKey, Handler] = {
    K.CALL_EXPOSED: WhistPhases.call_exposed,
    K.CALL_SUIT: WhistPhases.call_suit,
    K.TRUMP_CALL: WhistPhases.trump_call,
    K.FOURTH_BEFORE_SECOND: WhistPhases.require,
    K.ATTENTION_CALLED: WhistPhases.require,
    K.WINNING_CARDS_LED: WhistPhases.require,
    K.RENOUNCE_CORRECTED: WhistPhases.require,
    K.TRUMP_OR_NOT: WhistPhases.require,
    K.TWO_CARDS_AT_ONCE: WhistPhases.two_cards,
    K.TRUMP_CARD_TAKEN_EARLY: WhistPhases.trump_taken_early,
    K.SHOW_TRUMP: WhistPhases.show_trump,
    K.ANSWER: WhistPhases.answer,
}
"""The phases of the play, where a waiver is one ruling (:meth:`WhistPhases.waive`)."""


_CATALOGUE_KEY: dict[DecisionKey, str] = {
    K.CALL_EXPOSED: "exposed card",
    K.TRUMP_OR_NOT: "fourth before second",
    K.SHOW_TRUMP: "trump card taken early",
    K.ANSWER: "asked having none",
    K.CLAIM_REVOKE: "revoke",
    K.REVOKE_PENALTY: "revoke",
    K.CALL_SUIT: "lead out of turn",
    K.TRUMP_CALL: "trump card named",
    K.HONOURS: "honours not claimed",
}
"""The catalogue's key of the irregularity a phase that follows from a choice is about (the others are their own)."""


WhistPhases.PHASES = Phases(own=_OWN_WAIVER, first={Remedy.WAIVE: WhistPhases.waived}, chosen=_CHOSEN, by_remedy={})
