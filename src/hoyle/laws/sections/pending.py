"""While a side chooses: what the others may do out of turn, and a right lost by a wrong demand or a
consultation (000 §84, Case X; 002 §39)."""

from __future__ import annotations

from ...cards import CARDS, Card
from ...engine.actions import PLAY, Action
from ...engine.events import Event
from ...rulebook.whist import SEATS
from ..decision import DecisionKey, Remedy, Verb, remedy_of, verb_of
from ..hand import bits
from .common import Decision, Section, card_text, law_action, side_of


class PendingLaw(Section):
    """While a side chooses: what the others may do out of turn, and a right lost (000 §84, Case X; 002 §39)."""

    def forfeit(self, d: Decision, by: int, key: str, why: str) -> list[Event]:
        """A right lost (000 §84, Case X; 002 §39): the irregularity goes without penalty.  A card exposed for the
        call goes back to its hand; two cards at once settle; a card omitted goes to the trick."""
        tab = self.t
        h = tab.hand
        off = d.offender
        events = [tab._ruling(key, why, seat=by, remedy="none: the right is lost")]
        if d.key == DecisionKey.CALL_EXPOSED and h is not None and off is not None:
            for a, _ in d.options:
                kind, rest = remedy_of(a)
                if kind is Remedy.CALL_CARD:
                    c = Card.from_text(rest)
                    if h.exposed[off] >> c & 1:
                        h.exposed[off] &= ~(1 << c)
                        h.hands[off] |= 1 << c
        elif d.key == DecisionKey.TWO_CARDS_AT_ONCE and off is not None:
            events.extend(tab.referee.exposed.two_cards_settle(off, d.context["cards"][0]))
        elif d.key == DecisionKey.OMITTED_TO_PLAY:
            events.extend(tab.referee.flow.surplus_to_trick())
        return events

    def decision_irregulars(self, s: int) -> list[Action]:
        """What ``s`` may do out of turn while a side chooses: the partner's choice, a consultation, a wrong demand."""
        tab = self.t
        d = tab._decisions[0]
        out: list[Action] = []
        h = tab.hand
        if s in d.side and s != d.seat and s not in tab._dummy_seats():
            out.extend(d.actions())
        if s in d.side and d.key not in _NO_CONSULTING and tab._rule("consultation").effect == "forfeit":
            out.append(law_action("consult"))
        if s == d.seat and d.key in _WRONG_DEMANDS and tab._rule("wrong penalty").effect == "forfeit":
            given = {a for a, _ in d.options}
            out.extend(Action.parse(wrong) for wrong in _WRONG_REQUIREMENTS if wrong not in given)
        if d.offender is not None and s == d.offender and h is not None and tab._phase == "play" and d.key in _PLAY_ON:
            out.extend(PLAY[c] for c in bits(h.holding(s)))
        if d.key == DecisionKey.CLAIM_REVOKE and s in d.context["accused"] and side_of(s) not in tab._mixed_by:
            out.append(law_action("mix", "tricks"))
        if tab._phase == "claims" and tab._cut_by is None and s == tab.dealer and not tab._over:
            out.append(law_action("cut"))
        if d.key == DecisionKey.ANSWER and s == d.seat and d.context["renounce"].in_error:
            out.append(law_action("answer", "none"))
        if d.key == DecisionKey.SHOW_TRUMP and s == d.seat and h is not None:
            out.extend(law_action("show", card_text(c)) for c in bits(h.hands[s]) if c != h.trump_card)
        return out

    def decision_act(self, who: int, action: Action) -> list[Event]:
        """An act out of turn during a penalty phase (see :meth:`_decision_irregulars`)."""
        tab = self.t
        d = tab._decisions[0]
        text = str(action)
        verb = verb_of(action)
        if verb is Verb.CONSULT:
            tab._decisions.pop(0)
            return self.forfeit(
                d,
                who,
                "consultation",
                f"{SEATS[who]} consults his partner on the penalty ({d.text}): they lose their right to it",
            )
        if action == _MIX_TRICKS:
            tab._mixed_by.add(side_of(who))
            return [
                tab._ruling(
                    "tricks mixed",
                    f"{SEATS[who]} mixes the cards before the claimants have examined"
                    " them: a revoke claimed will be established",
                    seat=who,
                    remedy="a revoke claimed is established",
                )
            ]
        if verb is Verb.CUT:
            return tab.referee.deal.premature_cut(who)
        if verb is Verb.PLAY and d.offender == who:
            h = tab.hand
            assert h is not None and action.card is not None
            c = action.card
            key = "did not await decision"
            if not tab.facts.penalty_is_a_point and tab._dummy_side(who):  # his card stays in his hand
                return [
                    tab._ruling(
                        "dummy partner",
                        f"{SEATS[who]} played the {CARDS[c].name} before the decision",
                        seat=who,
                        remedy="none",
                    )
                ]
            h.face_up(who, c)
            if tab.facts.penalty_is_a_point:  # 004 rule 19
                return [tab._point(key, who, f"{SEATS[who]} played on before the decision")]
            return [
                tab._ruling(
                    key,
                    f"{SEATS[who]} played the {CARDS[c].name} without awaiting the adversaries'"
                    " decision: it lies face up, liable to be called",
                    seat=who,
                    remedy="liable to be called",
                )
            ]
        if d.key == DecisionKey.ANSWER and action == _ANSWER_NONE:
            tab._decisions.pop(0)
            return tab._decide(d, action, who)
        if d.key == DecisionKey.SHOW_TRUMP and verb_of(action) is Verb.SHOW:
            tab._decisions.pop(0)
            return tab._decide(d, action, who)
        legit = str(action) in {a for a, _ in d.options} and who in d.side
        if legit and (
            d.chooser in ("either", "claimants", "adversaries", "adversaries of the dealer", "not in fault")
            or tab._rule("wrong adversary").effect != "forfeit"  # 002 §39
        ):
            tab._decisions.pop(0)
            return tab._decide(d, action, who)
        tab._decisions.pop(0)
        if legit:
            return self.forfeit(
                d,
                who,
                "wrong adversary",
                f"{SEATS[who]} demands {text}, but the penalty is {SEATS[d.seat]}'s to exact: none can be enforced",
            )
        return self.forfeit(
            d,
            who,
            "wrong penalty",
            f"{SEATS[who]} demands {text}, a penalty the law does not give here: none can be enforced",
        )


K = DecisionKey

_NO_CONSULTING = frozenset({K.CLAIM_REVOKE, K.REVOKE_PENALTY, K.POINT_PENALTY, K.HONOURS, K.ANSWER, K.SHOW_TRUMP})
"""The phases in which a consultation forfeits nothing (English code: 000 §84, Case X)."""

_WRONG_DEMANDS = frozenset(
    {K.FOURTH_BEFORE_SECOND, K.ATTENTION_CALLED, K.CALL_SUIT, K.CALL_EXPOSED, K.WINNING_CARDS_LED}
)
"""The phases in which the American code's chooser may demand a penalty the law does not give (002 §39)."""

_WRONG_REQUIREMENTS = (Remedy.REQUIRE_WIN, Remedy.REQUIRE_NOT_WIN, Remedy.REQUIRE_HIGHEST, Remedy.REQUIRE_LOWEST)

_PLAY_ON = frozenset(
    {
        K.CALL_EXPOSED,
        K.CALL_SUIT,
        K.TRUMP_CALL,
        K.FOURTH_BEFORE_SECOND,
        K.ATTENTION_CALLED,
        K.WINNING_CARDS_LED,
        K.RENOUNCE_CORRECTED,
    }
)
"""The phases in which the offender may play on without awaiting the decision (a card so played is exposed)."""

_ANSWER_NONE = Action.parse("answer none")
_MIX_TRICKS = Action.parse("mix tricks")
