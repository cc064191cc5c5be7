"""Penalty phases: the entitled side's choice, and what is done out of turn meanwhile (laws-design.md §3)."""

from __future__ import annotations

from ...cards import CARDS, SUIT_MASKS, SUITS, Card
from ...engine.actions import PLAY, Action
from ...engine.events import Event
from ...errors import IllegalAction
from ...rulebook.whist import AMERICAN, ENGLISH, GWP, SEATS
from ..hand import bits
from .common import SUIT_WORD, Decision, Section, card_text, law_action, side_of


class DecideLaw(Section):
    """Penalty phases: the entitled side's choice, and what is done out of turn meanwhile (laws-design.md §3)."""

    def decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The entitled side chooses (``d`` is already taken off the queue)."""
        tab = self.t
        text = str(action)
        h = tab.hand
        key = d.key
        if key in ("deal out of turn", "other pack"):
            if text == "stop deal":
                tab._deal_log[-1]["result"] = {"void": "stopped", "next dealer": SEATS[tab.dealer]}
                tab.deal_no += 1
                events = [
                    tab._ruling(
                        key,
                        f"{SEATS[by]} stops the deal before {tab._turn_words[0]}: the cards"
                        f" are gathered and {SEATS[tab.dealer]} deals",
                        seat=d.offender,
                        remedy=text,
                    )
                ]
                return events + tab._new_deal()
            return [
                tab._ruling(
                    key,
                    f"{SEATS[by]} lets the deal stand: the game proceeds as if no mistake had been made",
                    seat=d.offender,
                    remedy="waive",
                )
            ]
        if key == "seen in shuffling":
            if text == "require reshuffle":
                return tab.referee.deal.deal_again(
                    key,
                    f"{SEATS[by]} requires {SEATS[tab.dealer]} to shuffle again",
                    d.offender if d.offender is not None else tab.dealer,
                )
            return [tab._ruling(key, f"{SEATS[by]} lets the shuffle stand", seat=d.offender, remedy="waive")]
        if key == "detached card":
            return tab.referee.exposed.decide_detached(d, action, by)
        if key == "uncut":
            if text == "claim misdeal":
                return tab._misdeal(
                    "uncut", tab._actor, f"{SEATS[by]} claims the misdeal, discovered before {tab._turn_words[1]}"
                )
            return [tab._ruling(key, f"{SEATS[by]} lets the deal stand", seat=d.offender, remedy="waive")]
        if key in ("exposed in dealing", "trump looked at"):
            if text == "claim new deal":
                return tab.referee.deal.void(
                    "new deal", key, f"{SEATS[by]} claims a new deal: the same dealer deals again", tab._actor
                )
            return [
                tab._ruling(
                    key,
                    f"{SEATS[by]} lets the deal stand"
                    + (": the exposed card cannot be called" if key == "exposed in dealing" else ""),
                    seat=d.offender,
                    remedy="waive",
                )
            ]
        if key in ("omitted to play", "wrong number late"):
            return tab.referee.deal.decide_new_deal(d, text, by)
        if key == "claim revoke":
            return tab.referee.claims.decide_claim(d, text, by)
        if key == "revoke penalty":
            return tab._revoke_penalty(d, text, by)
        if key == "point penalty":
            return tab.referee.revoke.point_penalty(d, text, by)
        if key == "honours":
            return tab.referee.claims.decide_honours(d, text, by)
        assert h is not None
        off = d.offender if d.offender is not None else 0
        if text == "waive":
            events = [
                tab._ruling(
                    self.dkey(d), f"{SEATS[by]} waives the penalty", seat=off, remedy="waive", laws=list(d.laws)
                )
            ]
            if key == "two cards at once":
                events.extend(tab.referee.exposed.two_cards_settle(off, d.context["cards"][0]))
            if key == "show trump":
                events.extend(tab._decide(d, law_action("show", f"{card_text(h.trump_card)}"), off))
            return events
        if key == "call exposed":
            c = Card.from_text(action.arg.split()[-1])
            # He cannot be compelled to play a card that would oblige him to revoke (000 §64; 002 §21): then the
            # call is spent at this turn, and the card stays liable to be called again (000 §65; 002 §21).  The
            # ruling is the same either way, and so is what the table is told: whether he can follow suit is
            # his to show by his play, not the referee's to announce (issue 13).  The call lapses when he has
            # played to this trick (_put).
            tab._called.setdefault(off, []).append(c)
            laws = sorted({*d.laws, "000 §64"}) if tab.code == ENGLISH else list(d.laws)
            return [
                tab._ruling(
                    "exposed card",
                    f"{SEATS[by]} calls the {CARDS[c].name} from {SEATS[off]}: he must"
                    " play it, unless that would make him revoke",
                    seat=off,
                    remedy=text,
                    laws=laws,
                )
            ]
        if key == "call suit":
            suit = SUITS.index(action.arg.split()[-1].upper())
            word = SUIT_WORD[SUITS[suit]]
            # The same ruling whether he holds the suit or not (issue 13): see the call at once above.
            tab._lead_suit[off] = suit
            laws = list(d.laws)
            if tab.code == ENGLISH and "000 §66" not in laws:
                laws.append("000 §66")
            return [
                tab._ruling(
                    self.dkey(d),
                    f"{SEATS[by]} calls {word} from {SEATS[off]}, who must lead one if he can"
                    + tab.referee.exposed.none_held(),
                    seat=off,
                    remedy=text,
                    laws=laws,
                )
            ]
        if key == "trump call":
            which = "highest trump" if "highest" in text else "lowest trump"
            tab._require[off] = (which, list(d.laws))
            tab._trump_rights[off] = f"!{which.split()[0]}:{tab._trump_rights.get(off, 'named').split(':')[-1]}"
            return self.chose(
                d,
                f"{SEATS[by]} calls {SEATS[off]}'s {which}: he must play"
                " it, unless it would make him revoke; the call may be repeated but not changed",
                text,
                seat=off,
            )
        if key in (
            "fourth before second",
            "attention called",
            "winning cards led",
            "renounce corrected",
            "trump or not",
        ):
            if text.startswith("call card"):
                c = Card.from_text(action.arg.split()[-1])
                h.hands[off] &= ~(1 << c)
                h.exposed[off] |= 1 << c
                return self.chose(
                    d,
                    f"{SEATS[by]} calls the card played in error, the"
                    f" {CARDS[c].name}: it lies"
                    " face up, liable to be called",
                    text,
                    seat=off,
                )
            target = d.context.get("target", off)
            req = text.removeprefix("require ")
            led = h.lead_suit
            if (
                tab.code == AMERICAN
                and req in ("highest", "lowest")
                and led is not None
                and not h.holding(target) & SUIT_MASKS[led]
            ):
                laws = list(d.laws)
                tab._decisions.insert(
                    0,
                    Decision(
                        "trump or not",
                        d.seat,
                        d.side,
                        [("require trump", laws[0]), ("require not trump", laws[0]), ("waive", laws[0])],
                        laws,
                        f"{SEATS[target]} has none of the suit led",
                        offender=target,
                        chooser=d.chooser,
                        context={"target": target, "key": self.dkey(d)},
                    ),
                )
                return [
                    tab._ruling(
                        self.dkey(d),
                        f"{SEATS[by]} requires {SEATS[target]} to play his {req} of"
                        " the suit led;"
                        " he has none, so he may be required to trump or not to trump",
                        seat=target,
                        remedy=text,
                        laws=laws,
                    )
                ]
            tab._require[target] = (req, list(d.laws))
            return self.chose(
                d,
                f"{SEATS[by]} requires {SEATS[target]} to play {self.req_words(req)}",
                text,
                seat=target,
            )
        if key == "two cards at once":
            c = Card.from_text(action.arg.split()[-1])
            return tab.referee.exposed.two_cards_settle(off, c, by=by, remedy=text)
        if key == "trump card taken early":
            tab._decisions.insert(
                0,
                Decision(
                    "show trump",
                    off,
                    side_of(off),
                    [(f"show {card_text(h.trump_card)}", d.laws[0])],
                    list(d.laws),
                    f"{SEATS[off]} must lay the trump card on the table",
                    offender=off,
                ),
            )
            return self.chose(
                d,
                f"{SEATS[by]} desires {SEATS[off]} to lay the trump card on the table",
                text,
                seat=off,
                key=key,
            )
        if key == "show trump":
            c = Card.from_text(action.arg.split()[-1])
            if c == h.trump_card:
                h.trump_on_table = True
                return [
                    Event(
                        "ruling",
                        f"{SEATS[off]} lays the trump card {card_text(c)} on the table again ({d.laws[0]})",
                        seat=SEATS[off],
                        law=list(d.laws),
                        data={"irregularity": "trump card taken early", "code": tab.code, "laws": list(d.laws)},
                    )
                ]
            h.hands[off] &= ~(1 << c)
            h.exposed[off] |= 1 << c
            tab._decisions.insert(0, d)
            return self.chose(
                d,
                f"{SEATS[off]} shows a wrong card, the {CARDS[c].name}:"
                " it may be called, and he must still produce the trump card",
                "liable to be called",
                seat=off,
                key="trump card taken early",
            )
        if key == "answer":
            r = d.context["renounce"]
            if text == "correct":
                return tab.referee.revoke.correct(off, r)
            return [
                Event(
                    "ruling",
                    f"{SEATS[off]} answers that he has none ({d.laws[0]})",
                    seat=SEATS[off],
                    law=list(d.laws),
                    data={"irregularity": "asked having none", "code": tab.code, "laws": list(d.laws)},
                )
            ]
        raise IllegalAction(f"{action}: nothing to decide")  # pragma: no cover

    @staticmethod
    def dkey(d: Decision) -> str:
        """The catalogue key of the irregularity a decision is about."""
        return str(
            d.context.get("key")
            or {
                "call exposed": "exposed card",
                "trump or not": "fourth before second",
                "show trump": "trump card taken early",
                "answer": "asked having none",
                "claim revoke": "revoke",
                "revoke penalty": "revoke",
                "call suit": "lead out of turn",
                "trump call": "trump card named",
                "honours": "honours not claimed",
            }.get(d.key, d.key)
        )

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

    def chose(
        self, d: Decision, sentence: str, remedy: str, *, seat: int | None = None, key: str | None = None
    ) -> list[Event]:
        """The ruling on a choice made in the penalty phase ``d``: what was chosen, under the decision's laws."""
        tab = self.t
        return [tab._ruling(key or self.dkey(d), sentence, seat=seat, remedy=remedy, laws=list(d.laws))]

    def forfeit(self, d: Decision, by: int, key: str, why: str) -> list[Event]:
        """A right lost (000 §84, Case X; 002 §39): the irregularity goes without penalty."""
        tab = self.t
        h = tab.hand
        off = d.offender
        events = [tab._ruling(key, why, seat=by, remedy="none: the right is lost")]
        if d.key == "call exposed" and h is not None and off is not None:
            for a, _ in d.options:
                if a.startswith("call card"):
                    c = Card.from_text(a.split()[-1])
                    if h.exposed[off] >> c & 1:
                        h.exposed[off] &= ~(1 << c)
                        h.hands[off] |= 1 << c
        elif d.key == "two cards at once" and off is not None:
            events.extend(tab.referee.exposed.two_cards_settle(off, d.context["cards"][0]))
        elif (
            d.key
            in (
                "deal out of turn",
                "other pack",
                "uncut",
                "exposed in dealing",
                "trump looked at",
                "omitted to play",
                "wrong number late",
            )
            and d.key != "omitted to play"
        ):
            pass
        elif d.key == "omitted to play":
            events.extend(tab.referee.play.surplus_to_trick())
        elif d.key == "answer":
            pass
        return events

    def decision_irregulars(self, s: int) -> list[Action]:
        """What ``s`` may do out of turn while a side chooses: the partner's choice, a consultation, a wrong demand."""
        tab = self.t
        d = tab._decisions[0]
        out: list[Action] = []
        h = tab.hand
        if side_of(s) == d.side and s != d.seat and s not in tab._dummy_seats():
            out.extend(d.actions())
        if (
            side_of(s) == d.side
            and d.key not in ("claim revoke", "revoke penalty", "point penalty", "honours", "answer", "show trump")
            and tab.code == ENGLISH
        ):
            out.append(law_action("consult"))
        if (
            tab.code == AMERICAN
            and s == d.seat
            and d.key in ("fourth before second", "attention called", "call suit", "call exposed", "winning cards led")
        ):
            given = {a for a, _ in d.options}
            for wrong in ("require win", "require not win", "require highest", "require lowest"):
                if wrong not in given:
                    out.append(Action.parse(wrong))
        if (
            d.offender is not None
            and s == d.offender
            and h is not None
            and tab._phase == "play"
            and d.key
            in (
                "call exposed",
                "call suit",
                "trump call",
                "fourth before second",
                "attention called",
                "winning cards led",
                "renounce corrected",
            )
        ):
            out.extend(PLAY[c] for c in bits(h.holding(s)))
        if d.key == "claim revoke" and side_of(s) == d.context["accused"] and side_of(s) not in tab._mixed_by:
            out.append(law_action("mix", "tricks"))
        if tab._phase == "claims" and tab._cut_by is None and s == tab.dealer and not tab._over:
            out.append(law_action("cut"))
        if d.key == "answer" and s == d.seat and d.context["renounce"].in_error:
            out.append(law_action("answer", "none"))
        if d.key == "show trump" and s == d.seat and h is not None:
            out.extend(law_action("show", card_text(c)) for c in bits(h.hands[s]) if c != h.trump_card)
        return out

    def decision_act(self, who: int, action: Action) -> list[Event]:
        """An act out of turn during a penalty phase (see :meth:`_decision_irregulars`)."""
        tab = self.t
        d = tab._decisions[0]
        text = str(action)
        if text == "consult":
            tab._decisions.pop(0)
            return self.forfeit(
                d,
                who,
                "consultation",
                f"{SEATS[who]} consults his partner on the penalty ({d.text}): they lose their right to it",
            )
        if text == "mix tricks":
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
        if text == "cut":
            return tab.referee.deal.premature_cut(who)
        if action.verb == "play" and d.offender == who:
            h = tab.hand
            assert h is not None and action.card is not None
            c = action.card
            h.hands[who] &= ~(1 << c)
            h.exposed[who] |= 1 << c
            key = "did not await decision"
            if tab.code == GWP:
                return [tab._point(key, who, f"{SEATS[who]} played on before the decision")]
            if tab._dummy_side(who):
                h.exposed[who] &= ~(1 << c)
                h.hands[who] |= 1 << c
                return [
                    tab._ruling(
                        "dummy partner",
                        f"{SEATS[who]} played the {CARDS[c].name} before the decision",
                        seat=who,
                        remedy="none",
                    )
                ]
            return [
                tab._ruling(
                    key,
                    f"{SEATS[who]} played the {CARDS[c].name} without awaiting the adversaries'"
                    " decision: it lies face up, liable to be called",
                    seat=who,
                    remedy="liable to be called",
                )
            ]
        if d.key == "answer" and str(action) == "answer none":
            tab._decisions.pop(0)
            return tab._decide(d, action, who)
        if d.key == "show trump" and action.verb == "show":
            tab._decisions.pop(0)
            return tab._decide(d, action, who)
        legit = str(action) in {a for a, _ in d.options} and side_of(who) == d.side
        if legit and (
            d.chooser in ("either", "claimants", "adversaries", "adversaries of the dealer", "not in fault")
            or tab.code != AMERICAN
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
