"""What a seat may do wrongly now: the irregular acts offered, and those ruled before the act's verb, in each family's
state of the hand (the Whist family's :class:`~hoyle.laws.hand.LawHand`, the round games' ``TrickPlay`` and the
table's ``_shown``, ``_early``, ``_false_lead``).  How an act is carried out, by its verb, is one section for every
law-mode game (:mod:`.acts`); what may be done wrongly is the family's, declared by its referee as ``offered``: the
Whist family's :class:`WhistOffered` (the deal's window, the trump card, a false lead's remedies offered at each
adversary's turn, honours), the round games' :class:`RoundOffered` (a partner taking the choice, a consultation, the
claim at once at a misère)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import mask_cards
from ...engine.actions import PLAY, Action
from ...engine.events import Event
from ...rulebook.whist import SEATS
from ..decision import DecisionKey, Verb, verb_of
from ..hand import bits, card_text
from ..referee import LawSection
from .common import ANY_TIME, THROW_DOWN, Section, law_action, partner_of, side_of

if TYPE_CHECKING:
    from ..round import RoundLawMixin  # noqa: F401 - the table a section rules, named in the base class

__all__ = ["RoundOffered", "WhistOffered"]


class WhistOffered(Section):
    """What a seat of the Whist family may do wrongly now, and the acts ruled before the verb's handler."""

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
                if tab._rule("consultation").effect == "forfeit":  # 000 §84: consulting is an irregularity
                    out.append(law_action("consult"))
                if s != turn:
                    out += [Action.parse(a) for a, _ in tab.referee.turn.false_remedies(s)]
            last = len(h.quitted) - (1 if tab.facts.last_trick_may_be_seen else 0)
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

    def first(self, who: int, action: Action) -> list[Event] | None:
        """An act ruled before the handler of its verb (:mod:`.acts`): an act out of turn in a penalty phase, a late
        claim of honours, an act of the deal while the deal may still be questioned, a remedy for a lead out of turn;
        else ``None``."""
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
        return None


class RoundOffered(LawSection["RoundLawMixin"]):
    """What a seat at a round table may do wrongly now, and the acts ruled before the verb's handler."""

    def irregular_actions(self, name: str) -> list[Action]:
        """What the seat ``name`` may do now besides the lawful actions of the seat to act: irregularities, and
        rights exercised out of turn (a partner's choice of penalty, a claim)."""
        tab = self.t
        tab.seat_check(name)
        if tab.over or name not in tab.active:
            return []
        seat = tab._seat(name)
        out: list[Action] = []
        if tab._decisions:
            d = tab._decisions[0]
            if seat in d.side and seat != d.seat:
                out.extend(d.actions())
                if d.key not in (DecisionKey.CLAIM_REVOKE, DecisionKey.SEARCH) and len(d.side) > 1:
                    out.append(Action.parse("consult"))
            if (
                d.key == DecisionKey.SEARCH
                and seat in d.context["accused"]
                and not tab._mixed & set(d.context["accused"])
            ):
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
        turn = tab._ring[play.turn]
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
            tab._ring[r.seat] == seat and r.status == "open" and r.in_error and r.kind == "renounce"
            for r in tab._renounces
        ):
            out.append(Action.parse("correct"))
        if not play.trick and not tab._early and tab._false_lead is None and hand and tab._open_last:
            out += [Action.parse(f"add {card_text(c)}") for c in mask_cards(hand & ~tab._shown.get(seat, 0))]
        if (
            tab._law_misere()
            and seat in tab._law_declarers()
            and any(tab._ring[r.seat] not in tab._law_declarers() and r.kind != "failed" for r in tab._renounces)
        ):
            out.append(Action.parse("claim revoke"))
        return out

    def any_time(self, seat: int, hand: int) -> list[Action]:
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

    def played(self, seat: int) -> bool:
        tab = self.t
        play = tab.play
        assert play is not None
        ring = tab._ring
        m = len(ring)
        return any(ring[(play.leader + k) % m] == seat for k in range(len(play.trick)))

    def deal_irregulars(self, seat: int) -> list[Action]:
        tab = self.t
        if seat != tab._law_dealer():
            return []
        out = [Action.parse("deal with a card faced"), Action.parse("deal exposing a card")]
        out += [Action.parse(f"deal a card too many to {tab.seats[s]}") for s in tab._ring if s != seat]
        return out

    def due(self, seat: int) -> int:
        """How many cards ``seat`` should hold now: thirteen less those he has played."""
        tab = self.t
        play = tab.play
        if play is None:
            return 13
        i = tab._ring.index(seat)
        m = len(tab._ring)
        n = sum(1 for leader, cards, _ in play.quitted for k in range(len(cards)) if (leader + k) % m == i)
        n += sum(1 for k in range(len(play.trick)) if (play.leader + k) % m == i)
        n += 1 if seat in tab._early else 0
        n += 1 if tab._false_lead is not None and tab._false_lead[0] == seat else 0
        return 13 - n

    def first(self, who: int, action: Action) -> list[Event] | None:
        """An act ruled before the handler of its verb (:mod:`.acts`), in a penalty phase: the choice taken by the
        chooser's partner, a consultation, the tricks mixed before a search; else ``None``."""
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
                        f"{tab.seats[who]} consults his partner on the penalty ({d.text}): it is"
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
                        f"{tab.seats[who]} mixes the tricks before the claimants have examined them:"
                        " the revoke claimed is established",
                        ["002 §32", "003 Solo digest"],
                        seat=who,
                        remedy="the revoke is established",
                    )
                ]
        return None


_MIX_TRICKS = Action.parse("mix tricks")
