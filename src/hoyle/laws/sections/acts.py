"""Irregular acts: how an act is carried out, by its verb, one section for every law-mode game.

What a seat may do wrongly now (the acts offered, and those ruled before the verb, such as an act in a penalty
phase) is the family's section ``offered`` (:mod:`.offered`); what it offered is carried out here, by the handler of
its :class:`~hoyle.laws.decision.Verb` (:data:`_ACTS`, through :func:`~hoyle.laws.referee.carry_out`).  The verbs both
families have (``play``, ``expose``, ``throw``, ``look``, ``correct``, ``add``, ``claim``, ``deal``) are one handler,
the family's mechanics a hook of its table (:class:`ActsHooks`: a card exposed, a trick looked at, a renounce
corrected, a misdeal claimed), and where the laws differ the family's data names the law: ``ADDED``, a card added to
a quitted trick is exposed (000 §57) or gathered with it, the hand a card short (002 §19 Solo, §20 II);
``REVOKE_CLAIMED``, a revoke claimed in the play is decided when the tricks are searched at the end (000 §75, §79;
002 §32) or, at a misère, at once (002 §31–32 Solo).  The verbs only the Whist family has (two cards at once, a
detached card, the trump card, a consultation) are handlers of the same section."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol

from ...cards import CARDS, Card
from ...engine.actions import Action
from ...engine.events import Event
from ...rulebook.whist import SEATS, SIDES
from ..decision import Verb
from ..hand import LawHand, bits
from ..referee import LawSection, carry_out
from .common import THROW_DOWN, side_of

__all__ = ["ActsHooks", "ActsLaw"]


class ActsHooks(Protocol):
    """What the acts section asks of a family's table (:class:`~hoyle.laws.families.WhistSections`,
    :class:`~hoyle.laws.families.RoundSections`, and the game's own overrides)."""

    ADDED: Literal["exposed", "gathered"]
    REVOKE_CLAIMED: Literal["at the end", "at once"]

    def _expose_card(self, who: int, card: int, key: str, what: str) -> list[Event]:
        """``card`` exposed by ``who`` (the catalogue's ``key``; ``what``, the Whist family's words for the act)."""
        ...

    def _look(self, who: int, n: int) -> list[Event]:
        """``who`` looks at quitted trick ``n``."""
        ...

    def _correct(self, who: int) -> list[Event]:
        """``who`` corrects his renounce in error."""
        ...

    def _claim_misdeal(self, who: int) -> list[Event]:
        """``who`` claims a misdeal: a hand of the wrong number of cards found in the play."""
        ...


class ActsLaw(LawSection[Any]):
    """Irregular acts: how an act offered (``referee.offered``) is carried out, by its verb."""

    def irregular(self, who: int, action: Action) -> list[Event]:
        """Carry out an irregular act (validated by ``referee.offered.irregular_actions``): one the family rules
        before the verb (``referee.offered.first``), else the handler of the act's verb (:data:`_ACTS`)."""
        events: list[Event] | None = self.t.referee.offered.first(who, action)
        if events is not None:
            return events
        return carry_out(_ACTS, self, who, action)

    # ------------------------------------------------------------------ the verbs both families have

    def play(self, who: int, action: Action) -> list[Event] | None:
        return None if action.card is None else self.t.referee.turn.play_irregular(who, action.card)

    def throw(self, who: int, action: Action) -> list[Event] | None:
        if action == THROW_DOWN:
            return self.t.referee.exposed.throw_down(who)
        c1, c2 = (Card.from_text(x) for x in action.arg.split())
        return self.t.referee.exposed.two_cards(who, c1, c2)

    def expose(self, who: int, action: Action) -> list[Event] | None:
        """A card exposed, shown to the partner, or named (000 §55–§56; 002 §19–§20; 002 §20 Solo); or the trump card
        named after it was taken up (000 §53)."""
        tab: ActsHooks = self.t
        if action.arg == "trump card":
            return self.t.referee.trump.trump_liability(
                who, "trump card named", f"{SEATS[who]} names the trump card after it was taken up"
            )
        card = Card.from_text(action.arg)
        key, what = _SHOWN[Verb(action.verb)]
        return tab._expose_card(who, card, key, f"{self.t._seat_name(who)} {what.format(CARDS[card].name)}")

    def look(self, who: int, action: Action) -> list[Event] | None:
        tab: ActsHooks = self.t
        return tab._look(who, int(action.arg.split()[-1]))

    def correct(self, who: int, action: Action) -> list[Event] | None:
        tab: ActsHooks = self.t
        return None if action.arg else tab._correct(who)

    def add(self, who: int, action: Action) -> list[Event] | None:
        """A card added to a quitted trick: exposed (000 §57, ``ADDED`` ``exposed``) or gathered with it (002 §19
        Solo, §20 II, ``gathered``)."""
        tab: ActsHooks = self.t
        card = Card.from_text(action.arg)
        if tab.ADDED == "gathered":
            return self.t.referee.exposed.add(who, int(card))
        h = self._hand()
        return self.t.referee.exposed.expose(
            who,
            [card],
            "second card to trick",
            f"{SEATS[who]} plays the {CARDS[card].name} to trick {len(h.quitted)}, to which he had already played",
        )

    def claim(self, who: int, action: Action) -> list[Event] | None:
        """A revoke claimed before the end of the hand (``REVOKE_CLAIMED``), the rest of the tricks claimed, a misdeal
        claimed (a hand of the wrong number of cards found in the play)."""
        tab: ActsHooks = self.t
        if action.arg == "misdeal":
            return tab._claim_misdeal(who)
        if action.arg == "revoke":
            return self.claim_revoke(who) if tab.REVOKE_CLAIMED == "at the end" else self.t._claim_at_once(who)
        if action.arg == "the rest":
            return self.t.referee.exposed.claim_the_rest(who)
        return None

    def deal(self, who: int, action: Action) -> list[Event] | None:
        return self.t.referee.deal.deal_act(who, action)

    # ------------------------------------------------------------------ the Whist family's own

    def claim_revoke(self, who: int) -> list[Event]:
        """A revoke claimed in the play: decided at the end of the hand, when the tricks are searched (000 §75, §79;
        002 §32)."""
        tab = self.t
        tab._early_claims.add(side_of(who))
        r = tab._rule("revoke")
        return [
            tab._ruling(
                "revoke",
                f"{SEATS[who]} claims a revoke by {SIDES[1 - side_of(who)]}: it is decided"
                " at the end of the hand, when the tricks are searched",
                seat=who,
                remedy="claim revoke",
                laws=[r.laws[0], *tab.facts.revoke_claimed_laws],
            )
        ]

    def _hand(self) -> LawHand:
        h = self.t.hand
        assert h is not None
        return h

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

    def omit(self, who: int, action: Action) -> list[Event] | None:
        h = self._hand()
        h.omitted.append(who)
        self.t._omissions.append((who, len(h.quitted) + 1))
        return self.t.referee.flow.quit_trick() if h.complete() else []

    def call(self, who: int, action: Action) -> list[Event] | None:
        return self.t.referee.turn.attention(who) if action.arg == "attention" else None

    def ask(self, who: int, action: Action) -> list[Event] | None:
        return self.t.referee.revoke.ask(who)

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


Act = Callable[[ActsLaw, Any, Action], "list[Event] | None"]
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
    Verb.DEAL: ActsLaw.deal,
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
"""The irregular acts of every law-mode game, by verb: one handler each (the round games offer ``deal``, ``claim``,
``play``, ``expose``, ``throw``, ``look``, ``correct`` and ``add``)."""
