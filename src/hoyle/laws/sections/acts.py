"""Irregular acts: what a seat may do wrongly now, and the carrying out of it."""

from __future__ import annotations

from ...cards import CARDS, Card
from ...engine.actions import PLAY, Action
from ...engine.events import Event
from ...errors import IllegalAction
from ...rulebook.whist import ENGLISH, SEATS, SIDES
from ..hand import bits
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
            out = tab.referee.decide.decision_irregulars(s)
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
        out += tab.referee.claims.late_claims(s)
        return out

    def irregular(self, who: int, action: Action) -> list[Event]:
        """Carry out an irregular act (validated by :meth:`irregular_actions`)."""
        tab = self.t
        if tab._decisions and action in tab.referee.decide.decision_irregulars(who):
            return tab.referee.decide.decision_act(who, action)
        verb, arg = action.verb, action.arg
        if verb == "claim" and arg in ("honours", "game"):
            return tab.referee.claims.late_honours(who)
        if verb == "dispute":
            return tab.referee.claims.dispute_honours(who)
        if tab._window and action in tab._deal_irregulars(who):
            return tab.referee.deal.deal_act(who, action)
        h = tab.hand
        assert h is not None
        card = (
            Card.from_text(arg)
            if verb in ("expose", "drop", "name", "show", "mix", "add", "detach")
            and arg not in ("trump card", "tricks", "a card")
            else None
        )
        if verb == "play" and action.card is not None:
            return tab.referee.turn.play_irregular(who, action.card)
        if verb == "throw" and arg == "down hand":
            return tab.referee.exposed.throw_down(who)
        if verb == "throw":
            c1, c2 = (Card.from_text(x) for x in arg.split())
            return tab.referee.exposed.two_cards(who, c1, c2)
        if verb in ("expose", "show", "name") and card is not None:
            key = {"expose": "exposed card", "show": "shown to partner", "name": "named card"}[verb]
            what = {
                "expose": "drops the {} face upwards on the table",
                "show": "holds the {} so that his partner sees it",
                "name": "names the {}, a card of his hand",
            }[verb].format(CARDS[card].name)
            return tab.referee.exposed.expose(who, [card], key, f"{SEATS[who]} {what}")
        if verb == "lower":
            return tab.referee.exposed.expose(
                who,
                bits(h.hands[who] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[who]),
                "hand lowered",
                f"{SEATS[who]} lowers his hand so that his partner sees his cards",
            )
        if verb == "detach" and card is not None:
            return tab.referee.exposed.detach(who, card)
        if verb == "drop" and card is not None:
            h.hands[who] &= ~(1 << card)
            h.floor[card] = who
            return []
        if verb == "mix" and card is not None:
            h.hands[who] &= ~(1 << card)
            h.mixed[card] = (who, len(h.quitted) - 1)
            h.quitted[-1].mixed.append(card)
            return []
        if verb == "add" and card is not None:
            return tab.referee.exposed.expose(
                who,
                [card],
                "second card to trick",
                f"{SEATS[who]} plays the {CARDS[card].name} to trick {len(h.quitted)}, to which he had already played",
            )
        if verb == "omit":
            h.omitted.append(who)
            tab._omissions.append((who, len(h.quitted) + 1))
            return tab.referee.play.quit_trick() if h.complete() else []
        if verb == "claim" and arg == "revoke":
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
        if verb == "claim" and arg == "the rest":
            return tab.referee.exposed.claim_the_rest(who)
        if verb == "claim" and arg == "misdeal":
            over = [t for t in range(4) if h.surplus(t) > 0]
            return tab.referee.deal.wrong_number(who, over, discovered=SEATS[who])
        if verb == "call" and arg == "attention":
            return tab.referee.turn.attention(who)
        if verb == "look":
            return tab._look(who, int(arg.split()[-1]))
        if verb == "ask":
            return tab.referee.revoke.ask(who)
        if verb == "correct":
            ren = next(x for x in reversed(h.renounces) if x.seat == who and x.status == "open" and x.in_error)
            return tab.referee.revoke.correct(who, ren)
        if verb == "name" and arg == "trump card":
            return tab.referee.trump.trump_liability(
                who, "trump card named", f"{SEATS[who]} names the trump card after it was taken up"
            )
        if verb == "forget":
            return tab.referee.trump.trump_liability(
                who, "trump card forgotten", f"{SEATS[who]} declares he cannot recollect the trump card"
            )
        if verb == "leave":
            h.trump_left = True
            return []
        if tab._false is not None and str(action) in {a for a, _ in tab.referee.turn.false_remedies(who)}:
            return tab.referee.turn.false_remedy(who, action)
        if verb == "consult" and tab._false is not None:
            f = tab._false
            tab.referee.turn.take_back_trick()
            tab._false = None
            h.leader = f["rightful"]
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
        if verb == "take":
            return tab.referee.trump.take_up_early(who)
        if verb == "remind":
            h.trump_left = False
            h.trump_on_table = False
            return [
                Event(
                    "ruling",
                    f"{SEATS[who]} reminds his partner of the trump card, and he takes it up (000 §52)",
                    seat=SEATS[who],
                    law=["000 §52"],
                    data={"irregularity": "trump card left", "code": tab.code, "laws": ["000 §52"]},
                )
            ]
        raise IllegalAction(f"{action}: not an act of law mode")  # pragma: no cover
