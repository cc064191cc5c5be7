"""Penalty phases at a round table: the offended side's choice carried out."""

from __future__ import annotations

from ...cards import CARDS, SUIT_NAMES, SUITS
from ...engine.actions import Action
from ...engine.events import Event
from ...errors import IllegalAction
from .common import REQ_WORDS, Decision, RoundRule, RoundSection


class RoundDecideLaw(RoundSection):
    """Penalty phases at a round table: the offended side's choice carried out."""

    def decide(self, d: Decision, action: Action, by: str) -> list[Event]:
        """The offended side's choice (``action``, by ``by``) in the penalty phase ``d``."""
        tab = self.t
        text = str(action)
        law = dict(d.options).get(text, "")
        laws = [law] if law else d.laws
        off = d.offender or ""
        if d.key in ("claim revoke", "search"):
            return tab._decide_claim(d, text, by)
        if text == "claim the stakes":
            return [
                tab._ruling(
                    d.key,
                    f"{by} claims the stakes: {d.text}; the offender pays for himself and his partners",
                    laws,
                    seat=by,
                    remedy=text,
                ),
                *tab._law_stakes(off, d.key),
            ]
        if d.key == "lead out of turn":
            card = d.context["card"]
            if text == "waive":
                return tab.referee.turn.false_lead_stands(
                    RoundRule(tuple(d.laws), ""), f"{by} waives the penalty for {off}'s lead out of turn"
                )
            tab._false_lead = None
            tab.referee.revoke.holds_add(off, card)
            if text.startswith("call card"):
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
        if d.key in ("trick looked at", "last trick looked at") and text == "call suit":
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
                    remedy=text,
                )
            ]
        if d.key == "call suit":
            if text == "waive":
                return [
                    tab._ruling(
                        d.key,
                        f"{by} does not call a suit from {off}: the right is lost",
                        d.laws,
                        seat=by,
                        remedy="waived",
                    )
                ]
            suit = SUITS.index(action.arg.split()[-1])
            tab._lead_suit[off] = suit
            return [
                tab._ruling(
                    d.key,
                    f"{by} calls {SUIT_NAMES[SUITS[suit]]} from {off}: he must lead one if he can, on pain of a revoke",
                    [*laws, "002 §38"],
                    seat=by,
                    remedy=text,
                )
            ]
        if d.key == "hand thrown down":
            if text == "waive":
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
                    laws,
                    seat=by,
                    remedy=text,
                )
            ]
        if text == "waive":
            declined = [*d.context.get("declined", []), by]
            left = [s for s in d.side if s not in declined]
            if d.key == "call exposed" and left:
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
        target = d.context.get("target") or off
        if text.startswith("call card") or text.startswith("forbid card"):
            card = action.arg.split()[-1].upper()
            tab._require[target] = ("card " if text.startswith("call") else "not card ") + card
            what = "must play the" if text.startswith("call") else "may not play the"
            return [
                tab._ruling(
                    d.key,
                    f"{by} calls the exposed card: {target} {what} {card} now"
                    + (" (follow suit or play it)" if text.startswith("call") else ""),
                    [*laws, "002 §38"],
                    seat=by,
                    remedy=text,
                )
            ]
        if text.startswith("require "):
            req = text[8:]
            tab._require[target] = req
            return [
                tab._ruling(
                    d.key,
                    f"{by} requires {target} to play {REQ_WORDS.get(req, req)}",
                    [*laws, "002 §38"],
                    seat=by,
                    remedy=text,
                )
            ]
        raise IllegalAction(f"{action}: not a remedy of {d.key}")  # pragma: no cover
