"""Irregular acts at a round table: what a seat may do wrongly now, and the carrying out of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...cards import Card, mask_cards
from ...engine.actions import PLAY, Action
from ...engine.events import Event
from ..decision import Verb, verb_of
from ..hand import card_text
from ..referee import carry_out
from .common import RoundSection

if TYPE_CHECKING:
    from ..round import RoundLawMixin


class RoundActsLaw(RoundSection):
    """Irregular acts at a round table: what a seat may do wrongly now, and the carrying out of it."""

    def irregular_actions(self, seat: str) -> list[Action]:
        """What ``seat`` may do now besides the lawful actions of the seat to act: irregularities, and rights
        exercised out of turn (a partner's choice of penalty, a claim)."""
        tab = self.t
        tab.seat_check(seat)
        if tab.over or seat not in tab.active:
            return []
        out: list[Action] = []
        if tab._decisions:
            d = tab._decisions[0]
            if seat in d.side and seat != d.seat:
                out.extend(d.actions())
                if d.key not in ("claim revoke", "search") and len(d.side) > 1:
                    out.append(Action.parse("consult"))
            if d.key == "search" and seat in d.context["accused"] and not tab._mixed & set(d.context["accused"]):
                out.append(Action.parse("mix tricks"))
            if tab._claims:
                return out
        if tab._law_before_first_call():
            out.extend(tab._deal_irregulars(seat))
        if not tab._decisions and any(n != self.due(s) for s, n in tab._law_hand_sizes().items()):
            out.append(Action.parse("claim misdeal"))
        if not tab._playing():
            return out
        play = tab.play
        assert play is not None
        hand = tab.referee.play.holds(seat)
        turn = tab.active[play.turn]
        if tab._decisions:
            out += self.any_time(seat, hand)
            return out
        if seat == turn and tab._false_lead is None:
            ok = tab.referee.play.constrained(seat)
            out += [PLAY[c] for c in mask_cards(hand & ~ok)]
        elif (
            seat not in tab._early
            and (tab._false_lead is None or tab._false_lead[0] != seat)
            and not self.played(seat)
            and tab._false_lead is None
        ):
            out += [PLAY[c] for c in mask_cards(hand)]
        out += self.any_time(seat, hand)
        if any(
            tab.active[r.seat] == seat and r.status == "open" and r.in_error and r.kind == "renounce"
            for r in tab._renounces
        ):
            out.append(Action.parse("correct"))
        if not play.trick and not tab._early and tab._false_lead is None and hand and tab._open_last:
            out += [Action.parse(f"add {card_text(c)}") for c in mask_cards(hand & ~tab._shown.get(seat, 0))]
        if (
            tab._law_misere()
            and seat in tab._law_declarers()
            and any(tab.active[r.seat] not in tab._law_declarers() and r.kind != "failed" for r in tab._renounces)
        ):
            out.append(Action.parse("claim revoke"))
        return out

    def any_time(self, seat: str, hand: int) -> list[Action]:
        """Acts a seat may commit at any moment of the play: expose a card, throw his hand down, look at a trick."""
        tab = self.t
        play = tab.play
        assert play is not None
        out: list[Action] = []
        concealed = hand & ~tab._shown.get(seat, 0) & ~tab._turned_mask()
        out += [Action.parse(f"expose {card_text(c)}") for c in mask_cards(concealed)]
        if hand and tab._abandoned is None and tab._law_declarers() and concealed:
            out.append(Action.parse("throw down hand"))
        out += [Action.parse(f"look at trick {n}") for n in range(1, len(play.quitted) + 1)]
        return out

    def played(self, seat: str) -> bool:
        tab = self.t
        play = tab.play
        assert play is not None
        m = len(tab.active)
        return any(tab.active[(play.leader + k) % m] == seat for k in range(len(play.trick)))

    def deal_irregulars(self, seat: str) -> list[Action]:
        tab = self.t
        if seat != tab._law_dealer():
            return []
        out = [Action.parse("deal with a card faced"), Action.parse("deal exposing a card")]
        out += [Action.parse(f"deal a card too many to {s}") for s in tab.active if s != seat]
        return out

    def due(self, seat: str) -> int:
        """How many cards ``seat`` should hold now: thirteen less those he has played."""
        tab = self.t
        play = tab.play
        if play is None:
            return 13
        i = tab.active.index(seat)
        m = len(tab.active)
        n = sum(1 for leader, cards, _ in play.quitted for k in range(len(cards)) if (leader + k) % m == i)
        n += sum(1 for k in range(len(play.trick)) if (play.leader + k) % m == i)
        n += 1 if seat in tab._early else 0
        n += 1 if tab._false_lead is not None and tab._false_lead[0] == seat else 0
        return 13 - n

    def irregular(self, who: str, action: Action) -> list[Event]:
        """Carry out an irregular act (validated by :meth:`irregular_actions`)."""
        tab = self.t
        if tab._decisions:
            d = tab._decisions[0]
            if who in d.side and who != d.seat and action in d.actions():
                tab._decisions.pop(0)  # 003 digest: the partners may decide which of them shall exact it
                return tab._decide(d, action, who)
            if verb_of(action) is Verb.CONSULT:
                tab._decisions.pop(0)
                return [
                    tab._ruling(
                        "consultation",
                        f"{who} consults his partner on the penalty ({d.text}): it is"
                        " lost, for the partners must not consult save in the case of a revoke",
                        ["003 Solo digest"],
                        seat=who,
                        remedy="none",
                    )
                ]
            if action == _MIX_TRICKS:
                tab._mixed.add(who)
                return [
                    tab._ruling(
                        "tricks mixed",
                        f"{who} mixes the tricks before the claimants have examined them:"
                        " the revoke claimed is established",
                        ["002 §32", "003 Solo digest"],
                        seat=who,
                        remedy="the revoke is established",
                    )
                ]
        return carry_out(_ACTS, tab, who, action)


Act = Callable[["RoundLawMixin", str, Action], "list[Event] | None"]
"""How the round referee carries out one kind of act: (the table, the seat, the act); ``None``: no act of law mode."""

_MIX_TRICKS = Action.parse("mix tricks")
_THROW_DOWN = Action.parse("throw down hand")
_CLAIM_MISDEAL = Action.parse("claim misdeal")
_CLAIM_REVOKE = Action.parse("claim revoke")


def _claim(t: RoundLawMixin, who: str, action: Action) -> list[Event] | None:
    if action == _CLAIM_MISDEAL:
        return t._claim_misdeal(who)
    return t._claim_at_once(who) if action == _CLAIM_REVOKE else None


_ACTS: dict[Verb, Act] = {
    Verb.DEAL: lambda t, who, a: t.referee.deal.deal_act(who, a),
    Verb.CLAIM: _claim,
    Verb.PLAY: lambda t, who, a: None if a.card is None else t.referee.turn.play_irregular(who, a.card),
    Verb.EXPOSE: lambda t, who, a: t._expose(who, [int(Card.from_text(a.arg))]),
    Verb.THROW: lambda t, who, a: t.referee.exposed.throw_down(who) if a == _THROW_DOWN else None,
    Verb.LOOK: lambda t, who, a: t.referee.exposed.look(who, int(a.arg.split()[-1])),
    Verb.CORRECT: lambda t, who, a: t._correct(who) if not a.arg else None,
    Verb.ADD: lambda t, who, a: t.referee.exposed.add(who, int(Card.from_text(a.arg))),
}
"""The irregular acts at a round table, by verb: one handler each."""
