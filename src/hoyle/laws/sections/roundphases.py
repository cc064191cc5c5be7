"""The round games' penalty phases: the handler of each kind, ruling on the offended side's choice; dispatched by the
one :class:`~hoyle.laws.sections.decide.DecideLaw` over :attr:`RoundPhases.PHASES` (a phase's own remedies by its key,
the rest by the remedy's kind)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...cards import CARDS, SUIT_NAMES, SUITS
from ...engine.actions import Action
from ...engine.events import Event
from ..codes import by_remedy
from ..decision import Decision as Decision
from ..decision import DecisionKey, Remedy, remedy_of
from ..referee import LawSection
from .decide import Handler, Phases

if TYPE_CHECKING:
    from ..round import RoundLawMixin  # noqa: F401 - the table a section rules, named in the base class


REQ_WORDS = {
    "highest": "his highest card of the suit led",
    "lowest": "his lowest card of the suit led",
    "win": "to win the trick",
    "not win": "not to win the trick",
    "trump": "to trump the trick",
    "not trump": "not to trump the trick (follow suit or pass the trick)",
}
"""What the offender is required to play, in the ruling's words."""


class RoundPhases(LawSection["RoundLawMixin"]):
    """The round games' penalty phases: one handler a kind of phase or of remedy, and the rulings on a choice
    (:meth:`chosen`, :meth:`waived`, :meth:`suit_right`)."""

    PHASES: ClassVar[Phases]
    """The round games' penalty phases, by key and by the remedy's kind (:class:`.decide.Phases`)."""

    def claim(self, d: Decision, action: Action, by: int) -> list[Event]:
        """A claim of a revoke, a search: the claims section's (through the table's ``_decide_claim``)."""
        return self.t._decide_claim(d, str(action), by)

    @staticmethod
    def laws_of(d: Decision, action: Action) -> list[str]:
        """The law of the remedy chosen, else the decision's laws."""
        law = dict(d.options).get(str(action), "")
        return [law] if law else d.laws

    def chosen(self, d: Decision, action: Action, by: int, text: str, *more: str) -> list[Event]:
        """The ruling on the remedy ``by`` chose: the remedy's law (and ``more``), the choice as the remedy."""
        return [self.t._ruling(d.key, text, [*self.laws_of(d, action), *more], seat=by, remedy=str(action))]

    def waived(self, d: Decision, by: int, text: str) -> list[Event]:
        """The ruling on a penalty let pass, citing the phase's laws."""
        return [self.t._ruling(d.key, text, d.laws, seat=by, remedy="waived")]

    def suit_right(self, d: Decision, action: Action, by: int, why: str, text: str) -> list[Event]:
        """``by`` keeps the right to call a suit from the offender's side when next it leads (002 §24, §37)."""
        tab = self.t
        off = self.offender(d)
        right = {"holder": by, "side": list(d.side), "from": tab._side_of(off), "laws": self.laws_of(d, action)}
        tab._suit_rights.append({**right, "why": f"{tab.seats[off]} {why}"})
        return self.chosen(d, action, by, text)

    def claim_the_stakes(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The misère caller claims the stakes for an adversary's irregularity (003 digest)."""
        text = f"{self.t.seats[by]} claims the stakes: {d.text}; the offender pays for himself and his partners"
        return [*self.chosen(d, action, by, text), *self.t._law_stakes(self.offender(d), d.key)]

    @staticmethod
    def offender(d: Decision) -> int:
        """The seat whose irregularity the phase is about."""
        assert d.offender is not None
        return d.offender

    @classmethod
    def target(cls, d: Decision) -> int:
        """The seat a call of the phase binds: its ``target`` (a partner passed over), else the offender."""
        target = d.context.get("target")
        return cls.offender(d) if target is None else int(target)

    def lead_out_of_turn(self, d: Decision, action: Action, by: int) -> list[Event] | None:
        """A lead out of turn: waived (the lead stands), the card treated as exposed, or a suit to be called."""
        tab = self.t
        off = self.offender(d)
        by_name, off_name = tab.seats[by], tab.seats[off]
        card = d.context["card"]
        kind = remedy_of(action)[0]
        if kind is Remedy.WAIVE:
            return tab.referee.turn.false_lead_stands(
                by_remedy(tuple(d.laws), ""), f"{by_name} waives the penalty for {off_name}'s lead out of turn"
            )
        tab._false_lead = None
        tab.referee.revoke.holds_add(off, card)
        if kind is Remedy.CALL_CARD:
            tab._lay_face_up(off, 1 << card, True)  # face up before him, liable to be called (002 §21)
            return self.chosen(
                d,
                action,
                by,
                f"{by_name} treats {off_name}'s card led out of turn, the {CARDS[card].name}, as an"
                " exposed card, liable to be called; the lead returns to its turn",
            )
        return self.suit_right(
            d,
            action,
            by,
            "led out of turn",
            f"{by_name} will call a suit from {off_name} or his partner when next either has to"
            " lead; the card is taken back and the lead returns to its turn",
        )

    def trick_looked_at(self, d: Decision, action: Action, by: int) -> list[Event] | None:
        """A quitted trick looked at: a suit to be called when next the offender's side leads (else the remedy's
        own handler)."""
        if remedy_of(action) != (Remedy.CALL_SUIT, ""):
            return None
        tab = self.t
        off = self.offender(d)
        return self.suit_right(
            d,
            action,
            by,
            "looked at a quitted trick",
            f"{tab.seats[by]} will call a suit from {tab.seats[off]} or his partner when next either has to lead",
        )

    def call_suit(self, d: Decision, action: Action, by: int) -> list[Event] | None:
        """A suit called from the offender when he is next to lead (002 §24, §38), or the right let go."""
        tab = self.t
        off = self.offender(d)
        by_name, off_name = tab.seats[by], tab.seats[off]
        kind = remedy_of(action)[0]
        if kind is Remedy.WAIVE:
            return self.waived(d, by, f"{by_name} does not call a suit from {off_name}: the right is lost")
        suit = tab.referee.play.call_suit(off, action)
        return self.chosen(
            d,
            action,
            by,
            f"{by_name} calls {SUIT_NAMES[SUITS[suit]]} from {off_name}: he must lead one if he can, on pain of a"
            " revoke",
            "002 §38",
        )

    def hand_thrown_down(self, d: Decision, action: Action, by: int) -> list[Event] | None:
        """A hand thrown down: the hand played out with the cards exposed, or settled as abandoned (002 §27 Solo)."""
        tab = self.t
        off = self.offender(d)
        if remedy_of(action)[0] is Remedy.WAIVE:
            tab._abandoned = None
            return [
                *self.waived(d, by, f"{tab.seats[by]} does not demand the hand played out"),
                *tab._law_abandoned(off, None),
            ]
        tab._liable[off] = tab._liable.get(off, 0) | tab.referee.play.holds(off)
        return self.chosen(
            d,
            action,
            by,
            f"{tab.seats[by]} demands the hand played out, {tab.seats[off]}'s cards exposed and liable to be called",
        )

    def waive(self, d: Decision, action: Action, by: int) -> list[Event] | None:
        """A penalty waived: lost for this turn; an exposed card's call passes first to the next adversary."""
        tab = self.t
        off = self.offender(d)
        by_name, off_name = tab.seats[by], tab.seats[off]
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
            return self.waived(
                d,
                by,
                f"{by_name} does not call {off_name}'s exposed card; {off_name} must await {tab.seats[nxt]}'s decision",
            )
        return self.waived(d, by, f"{by_name} waives the penalty ({d.text}); the right is lost for this turn")

    def call_card(self, d: Decision, action: Action, by: int) -> list[Event] | None:
        """An exposed card called, or forbidden, for this play (002 §21, §38)."""
        tab = self.t
        target = self.target(d)
        kind, rest = remedy_of(action)
        called = kind is Remedy.CALL_CARD
        card = rest.split()[-1].upper()
        tab._require[target] = ("card " if called else "not card ") + card
        what = "must play the" if called else "may not play the"
        follow = " (follow suit or play it)" if called else ""
        text = f"{tab.seats[by]} calls the exposed card: {tab.seats[target]} {what} {card} now{follow}"
        return self.chosen(d, action, by, text, "002 §38")

    def require(self, d: Decision, action: Action, by: int) -> list[Event] | None:
        """The offender required to play highest, lowest, to win or not, to trump or not (002 §26, §38)."""
        tab = self.t
        target = self.target(d)
        req = str(action).removeprefix("require ")
        tab._require[target] = req
        text = f"{tab.seats[by]} requires {tab.seats[target]} to play {REQ_WORDS.get(req, req)}"
        return self.chosen(d, action, by, text, "002 §38")


_BY_KEY: dict[DecisionKey, Handler] = {
    DecisionKey.LEAD_OUT_OF_TURN: RoundPhases.lead_out_of_turn,
    DecisionKey.TRICK_LOOKED_AT: RoundPhases.trick_looked_at,
    DecisionKey.LAST_TRICK_LOOKED_AT: RoundPhases.trick_looked_at,
    DecisionKey.CALL_SUIT: RoundPhases.call_suit,
    DecisionKey.HAND_THROWN_DOWN: RoundPhases.hand_thrown_down,
}
"""The phases with remedies of their own."""

_BY_REMEDY: dict[Remedy, Handler] = {
    Remedy.WAIVE: RoundPhases.waive,
    Remedy.CALL_CARD: RoundPhases.call_card,
    Remedy.FORBID_CARD: RoundPhases.call_card,
    **{kind: RoundPhases.require for kind in Remedy if kind.startswith("require ")},
}
"""The remedies every other phase may give: by kind."""


RoundPhases.PHASES = Phases(
    own={DecisionKey.CLAIM_REVOKE: RoundPhases.claim, DecisionKey.SEARCH: RoundPhases.claim},
    first={Remedy.CLAIM_THE_STAKES: RoundPhases.claim_the_stakes},
    chosen=_BY_KEY,
    by_remedy=_BY_REMEDY,
)
