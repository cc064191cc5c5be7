"""Acts out of turn at a round table: a lead or a play out of turn (002 §24–§26)."""

from __future__ import annotations

from ...cards import CARDS, SUIT_MASKS
from ...engine.events import Event
from ..codes import Rule
from ..hand import Renounce, card_text
from .common import RoundSection


class RoundTurnLaw(RoundSection):
    """Acts out of turn at a round table: a lead or a play out of turn (002 §24–§26)."""

    def play_irregular(self, who: str, card: int) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None
        turn = tab.active[play.turn]
        if who == turn:  # a renounce in error, or a call not complied with: facts, ruled at the claims
            return tab.referee.play.put(who, card)
        i = tab.active.index(who)
        play.hands[i] &= ~(1 << card)
        for d in (tab._shown, tab._liable):
            if d.get(who, 0) >> card & 1:
                d[who] &= ~(1 << card)
        if not play.trick:
            return self.lead_out_of_turn(who, card)
        return self.play_out_of_turn(who, card)

    @staticmethod
    def played(who: str, card: int, text: str) -> Event:
        """The event of a card played out of turn."""
        return Event("play", text, seat=who, data={"card": card_text(card), "out of turn": True})

    def lead_out_of_turn(self, who: str, card: int) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None
        tab.referee.play.establish()
        tab._false_lead = (who, card)
        rightful = tab.active[play.turn]
        rule = tab._law_rule("lead out of turn", who)
        event = self.played(who, card, f"{who} leads {card_text(card)} out of turn ({rightful} was to lead)")
        if not rule.remedies:
            return [event, *self.false_lead_stands(rule, f"{who}'s lead out of turn: {rule.text}")]
        opts: list[tuple[str, str]] = []
        for kind, law in rule.options():
            opts.append((f"call card {card_text(card)}" if kind == "call card" else kind, law))
        note = f"{who} led the {CARDS[card].name} out of turn"
        text = f"{who} leads out of turn, {rightful} being to lead: {rule.text}"
        return [event, *self.offer("lead out of turn", who, rule, opts, note, text, card=card)]

    def false_lead_stands(self, rule: Rule, text: str) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None and tab._false_lead is not None
        who, card = tab._false_lead
        tab._false_lead = None
        i = tab.active.index(who)
        play.leader = play.turn = i
        play.hands[i] |= 1 << card
        return self.ruled("lead out of turn", who, rule, f"{text}; the lead stands") + tab.referee.play.put(
            who, card, early=True
        )

    def play_out_of_turn(self, who: str, card: int) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None
        lead = play.trick[0] // 13
        i = tab.active.index(who)
        if card // 13 != lead:
            holds = bool(play.hands[i] & SUIT_MASKS[lead])
            tab._renounces.append(Renounce(i, tab.referee.play.trick_no(), card, lead, holds, law=tab.renounce_law))
        tab._early[who] = card
        m = len(tab.active)
        skipped: list[str] = []
        for k in range(m):
            s = tab.active[(play.turn + k) % m]
            if s == who:
                break
            skipped.append(s)
        mine = tab._side_of(who)
        partners = [s for s in skipped if s in mine and s != who and s not in tab._early]
        rule = tab._law_rule("play out of turn", who)
        event = self.played(who, card, f"{who} plays {card_text(card)} out of turn, before {skipped[0]}")
        opts = [
            (k, law) for k, law in rule.options() if k == "claim the stakes" or (partners and k.startswith("require"))
        ]
        if not opts:
            why = rule.text if not rule.remedies else "none of his partners has been passed over"
            text = f"{who} plays before his turn: no penalty ({why}); the card stands played"
            return [event, *self.ruled("play out of turn", who, rule, text)]
        target = partners[0] if partners else None
        note = f"{who} played out of turn" + (f": {target}, who has not played, may be called upon" if target else "")
        text = f"{who} plays out of turn before {skipped[0]}: {rule.text}"
        return [event, *self.offer("play out of turn", who, rule, opts, note, text, target=target)]
