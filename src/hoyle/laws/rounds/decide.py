"""Penalty phases at a round table: the offended side's choice carried out."""

from __future__ import annotations

from collections.abc import Callable

from ...cards import CARDS, SUIT_NAMES, SUITS
from ...engine.actions import Action
from ...engine.events import Event
from ...errors import IllegalAction
from ..decision import DecisionKey, Remedy, decision_key, remedy_of
from .common import REQ_WORDS, Decision, RoundRule, RoundSection


class RoundDecideLaw(RoundSection):
    """Penalty phases at a round table: the offended side's choice carried out."""

    def decide(self, d: Decision, action: Action, by: str) -> list[Event]:
        """The offended side's choice (``action``, by ``by``) in the penalty phase ``d``: a claim of revoke is the
        claims section's; the stakes claimed end the hand; else the handler of the phase's key, if it rules on this
        choice, or that of the remedy's kind (:data:`_BY_KEY`, :data:`_BY_REMEDY`)."""
        tab = self.t
        key = decision_key(d.key)
        kind = remedy_of(action)[0]
        if key in (DecisionKey.CLAIM_REVOKE, DecisionKey.SEARCH):
            return tab._decide_claim(d, str(action), by)
        if kind is Remedy.CLAIM_THE_STAKES:
            return self.claim_the_stakes(d, action, by)
        by_key = _BY_KEY.get(key) if key is not None else None
        events = by_key(self, d, action, by) if by_key is not None else None
        if events is not None:
            return events
        by_remedy = _BY_REMEDY.get(kind) if kind is not None else None
        if by_remedy is None:
            raise IllegalAction(f"{action}: not a remedy of {d.key}")  # pragma: no cover
        events = by_remedy(self, d, action, by)
        assert events is not None
        return events

    @staticmethod
    def laws_of(d: Decision, action: Action) -> list[str]:
        """The law of the remedy chosen, else the decision's laws."""
        law = dict(d.options).get(str(action), "")
        return [law] if law else d.laws

    def claim_the_stakes(self, d: Decision, action: Action, by: str) -> list[Event]:
        """The misère caller claims the stakes for an adversary's irregularity (003 digest)."""
        tab = self.t
        return [
            tab._ruling(
                d.key,
                f"{by} claims the stakes: {d.text}; the offender pays for himself and his partners",
                self.laws_of(d, action),
                seat=by,
                remedy=str(action),
            ),
            *tab._law_stakes(d.offender or "", d.key),
        ]

    def lead_out_of_turn(self, d: Decision, action: Action, by: str) -> list[Event] | None:
        """A lead out of turn: waived (the lead stands), the card treated as exposed, or a suit to be called."""
        tab = self.t
        off = d.offender or ""
        text = str(action)
        laws = self.laws_of(d, action)
        card = d.context["card"]
        kind = remedy_of(action)[0]
        if kind is Remedy.WAIVE:
            return tab.referee.turn.false_lead_stands(
                RoundRule(tuple(d.laws), ""), f"{by} waives the penalty for {off}'s lead out of turn"
            )
        tab._false_lead = None
        tab.referee.revoke.holds_add(off, card)
        if kind is Remedy.CALL_CARD:
            tab._shown[off] = tab._shown.get(off, 0) | 1 << card
            tab._liable[off] = tab._liable.get(off, 0) | 1 << card
            return [
                tab._ruling(
                    d.key,
                    f"{by} treats {off}'s card led out of turn, the {CARDS[card].name}, as an"
                    " exposed card, liable to be called; the lead returns to its turn",
                    laws,
                    seat=by,
                    remedy=text,
                )
            ]
        tab._suit_rights.append(
            {
                "holder": by,
                "side": list(d.side),
                "from": tab._side_of(off),
                "laws": laws,
                "why": f"{off} led out of turn",
            }
        )
        return [
            tab._ruling(
                d.key,
                f"{by} will call a suit from {off} or his partner when next either has to"
                " lead; the card is taken back and the lead returns to its turn",
                laws,
                seat=by,
                remedy=text,
            )
        ]

    def trick_looked_at(self, d: Decision, action: Action, by: str) -> list[Event] | None:
        """A quitted trick looked at: a suit to be called when next the offender's side leads (else the remedy's
        own handler)."""
        tab = self.t
        off = d.offender or ""
        if remedy_of(action) != (Remedy.CALL_SUIT, ""):
            return None
        laws = self.laws_of(d, action)
        tab._suit_rights.append(
            {
                "holder": by,
                "side": list(d.side),
                "from": tab._side_of(off),
                "laws": laws,
                "why": f"{off} looked at a quitted trick",
            }
        )
        return [
            tab._ruling(
                d.key,
                f"{by} will call a suit from {off} or his partner when next either has to lead",
                laws,
                seat=by,
                remedy=str(action),
            )
        ]

    def call_suit(self, d: Decision, action: Action, by: str) -> list[Event] | None:
        """A suit called from the offender when he is next to lead (002 §24, §38), or the right let go."""
        tab = self.t
        off = d.offender or ""
        kind, rest = remedy_of(action)
        if kind is Remedy.WAIVE:
            return [
                tab._ruling(
                    d.key, f"{by} does not call a suit from {off}: the right is lost", d.laws, seat=by, remedy="waived"
                )
            ]
        suit = SUITS.index(rest.split()[-1])
        tab._lead_suit[off] = suit
        return [
            tab._ruling(
                d.key,
                f"{by} calls {SUIT_NAMES[SUITS[suit]]} from {off}: he must lead one if he can, on pain of a revoke",
                [*self.laws_of(d, action), "002 §38"],
                seat=by,
                remedy=str(action),
            )
        ]

    def hand_thrown_down(self, d: Decision, action: Action, by: str) -> list[Event] | None:
        """A hand thrown down: the hand played out with the cards exposed, or settled as abandoned (002 §27 Solo)."""
        tab = self.t
        off = d.offender or ""
        if remedy_of(action)[0] is Remedy.WAIVE:
            tab._abandoned = None
            return [
                tab._ruling(d.key, f"{by} does not demand the hand played out", d.laws, seat=by, remedy="waived"),
                *tab._law_abandoned(off, None),
            ]
        tab._liable[off] = tab._liable.get(off, 0) | tab.referee.play.holds(off)
        return [
            tab._ruling(
                d.key,
                f"{by} demands the hand played out, {off}'s cards exposed and liable to be called",
                self.laws_of(d, action),
                seat=by,
                remedy=str(action),
            )
        ]

    def waive(self, d: Decision, action: Action, by: str) -> list[Event] | None:
        """A penalty waived: lost for this turn; an exposed card's call passes first to the next adversary."""
        tab = self.t
        off = d.offender or ""
        declined = [*d.context.get("declined", []), by]
        left = [s for s in d.side if s not in declined]
        if d.key == DecisionKey.CALL_EXPOSED and left:
            # 002 §21 Solo: "When Y plays he should say whether or not he wishes to call the exposed card. If he
            # says nothing, B must await Z's decision": each adversary in his turn, and only then is it lost.
            nxt = tab._chooser(left, off)
            tab._decisions.insert(
                0,
                Decision(
                    d.key,
                    nxt,
                    d.side,
                    list(d.options),
                    list(d.laws),
                    d.text,
                    offender=d.offender,
                    context={**d.context, "declined": declined},
                ),
            )
            return [
                tab._ruling(
                    d.key,
                    f"{by} does not call {off}'s exposed card; {off} must await {nxt}'s decision",
                    d.laws,
                    seat=by,
                    remedy="waived",
                )
            ]
        return [
            tab._ruling(
                d.key,
                f"{by} waives the penalty ({d.text}); the right is lost for this turn",
                d.laws,
                seat=by,
                remedy="waived",
            )
        ]

    def call_card(self, d: Decision, action: Action, by: str) -> list[Event] | None:
        """An exposed card called, or forbidden, for this play (002 §21, §38)."""
        tab = self.t
        target = d.context.get("target") or d.offender or ""
        kind, rest = remedy_of(action)
        called = kind is Remedy.CALL_CARD
        card = rest.split()[-1].upper()
        tab._require[target] = ("card " if called else "not card ") + card
        what = "must play the" if called else "may not play the"
        return [
            tab._ruling(
                d.key,
                f"{by} calls the exposed card: {target} {what} {card} now"
                + (" (follow suit or play it)" if called else ""),
                [*self.laws_of(d, action), "002 §38"],
                seat=by,
                remedy=str(action),
            )
        ]

    def require(self, d: Decision, action: Action, by: str) -> list[Event] | None:
        """The offender required to play highest, lowest, to win or not, to trump or not (002 §26, §38)."""
        tab = self.t
        target = d.context.get("target") or d.offender or ""
        req = str(action).removeprefix("require ")
        tab._require[target] = req
        return [
            tab._ruling(
                d.key,
                f"{by} requires {target} to play {REQ_WORDS.get(req, req)}",
                [*self.laws_of(d, action), "002 §38"],
                seat=by,
                remedy=str(action),
            )
        ]


Handler = Callable[[RoundDecideLaw, Decision, Action, str], "list[Event] | None"]
"""How the round referee rules on a choice: (the section, the phase, the choice, who chose); ``None``: not this
handler's to rule."""

_BY_KEY: dict[DecisionKey, Handler] = {
    DecisionKey.LEAD_OUT_OF_TURN: RoundDecideLaw.lead_out_of_turn,
    DecisionKey.TRICK_LOOKED_AT: RoundDecideLaw.trick_looked_at,
    DecisionKey.LAST_TRICK_LOOKED_AT: RoundDecideLaw.trick_looked_at,
    DecisionKey.CALL_SUIT: RoundDecideLaw.call_suit,
    DecisionKey.HAND_THROWN_DOWN: RoundDecideLaw.hand_thrown_down,
}
"""The phases with remedies of their own."""

_BY_REMEDY: dict[Remedy, Handler] = {
    Remedy.WAIVE: RoundDecideLaw.waive,
    Remedy.CALL_CARD: RoundDecideLaw.call_card,
    Remedy.FORBID_CARD: RoundDecideLaw.call_card,
    **{kind: RoundDecideLaw.require for kind in Remedy if kind.startswith("require ")},
}
"""The remedies every other phase may give: by kind."""
