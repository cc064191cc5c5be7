"""Boston's own penalty phases: a short bidder (002 §19 Boston), a renounce corrected (002 §29 Boston), the
bidder's lead out of turn (002 §24 Boston), the stakes claimed (002 §24, §26, §37 Boston; rules §4)."""

from __future__ import annotations

from collections.abc import Callable

from ...cards import CARDS
from ...engine.actions import Action
from ...engine.events import Event
from ..codes import by_remedy
from ..decision import DecisionKey, Remedy, remedy_of
from ..sections.roundphases import Decision
from .common import B20, B24, BostonSection


class BostonDecideLaw(BostonSection):
    """Boston's own penalty phases; every other is the round referee's
    (:class:`~hoyle.laws.sections.roundphases.RoundPhases`)."""

    def decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The handler of the phase's key (:data:`_BY_KEY`) if it rules on this choice; the stakes claimed; else
        the round referee's."""
        tab = self.t
        text = str(action)
        handler = _BY_KEY.get(d.key)
        events = handler(self, d, text, by) if handler is not None else None
        if events is not None:
            return events
        if remedy_of(text)[0] is Remedy.CLAIM_THE_STAKES:
            return self.claim_the_stakes(d, text, by)
        return tab.referee.decide.decide(d, action, by)

    def offender(self, d: Decision) -> int:
        """The seat whose irregularity the phase is about (the round referee's reading)."""
        return self.t.referee.phases.offender(d)

    def chose(self, d: Decision, by: int, text: str, laws: list[str], remedy: str) -> list[Event]:
        return [self.t._ruling(d.key, text, laws, seat=by, remedy=remedy)]

    def short_bidder(self, d: Decision, text: str, by: int) -> list[Event] | None:
        """002 §19 Boston: the adversaries of a short bidder demand the hand played out, or he is put in at once."""
        tab = self.t
        off = self.offender(d)
        if remedy_of(text)[0] is Remedy.WAIVE:
            return [
                tab._ruling(
                    "short hand",
                    f"{tab.seats[by]} does not demand the hand played out: {tab.seats[off]} is put in for one trick",
                    ["002 §19 Boston"],
                    seat=by,
                    remedy="put in for one trick",
                ),
                *tab.boston.settle.short(off, None),
            ]
        tab._wrong = [off]
        return [
            tab._ruling(
                "short hand",
                f"{tab.seats[by]} demands the hand played out, to put {tab.seats[off]} in for over-tricks",
                ["002 §19 Boston"],
                seat=by,
                remedy="demand play out",
            )
        ]

    def renounce_corrected(self, d: Decision, text: str, by: int) -> list[Event] | None:
        """002 §29 Boston: the corrected card claimed as exposed, or the highest or lowest of the suit led."""
        tab = self.t
        off = self.offender(d)
        by_name, off_name = tab.seats[by], tab.seats[off]
        card = d.context["card"]
        kind = remedy_of(text)[0]
        if kind is Remedy.WAIVE:
            return self.chose(
                d, by, f"{by_name} exacts no penalty for {off_name}'s corrected renounce", ["002 §29 Boston"], "waived"
            )
        if kind is Remedy.CALL_CARD:
            tab._lay_face_up(off, 1 << card, True)  # face up before him, liable to be called (002 §21)
            return self.chose(
                d,
                by,
                f"{by_name} claims {off_name}'s {CARDS[card].name} as exposed: it lies face up, liable to be called",
                ["002 §29 Boston"],
                text,
            )
        tab._require[off] = text[8:]
        return self.chose(
            d,
            by,
            f"{by_name} calls on {off_name} for his {text[8:]} of the suit led",
            ["002 §29 Boston", "002 §38"],
            text,
        )

    def bidder_lead(self, d: Decision, text: str, by: int) -> list[Event] | None:
        """002 §24 Boston: the bidder's lead out of turn taken back without penalty, or followed by the player on
        his left, when it stands (any other lead out of turn is the round referee's)."""
        tab = self.t
        off = self.offender(d)
        if text not in ("take back", "waive") or tab.seats[off] != tab.bidder:
            return None
        if text == "waive":
            ring = tab._ring
            left = tab.seats[ring[(ring.index(off) + 1) % 4]]
            return tab.referee.turn.false_lead_stands(
                by_remedy((B24,), ""),
                f"{left}, on the bidder's left, follows {tab.seats[off]}'s erroneous lead: the error cannot be"
                " corrected",
            )
        card = d.context["card"]
        tab._false_lead = None
        tab.referee.revoke.holds_add(off, card)
        return self.chose(
            d,
            by,
            f"{tab.seats[by]} has the bidder's card led out of turn, the"
            f" {CARDS[card].name}, taken back: no penalty (the single player has no partner); the"
            " lead returns to its turn",
            [B24, B20],
            text,
        )

    def claim_the_stakes(self, d: Decision, text: str, by: int) -> list[Event]:
        """The misère bidder claims the stakes: his misère is won, each adversary paying his own stake."""
        tab = self.t
        c = tab.contract
        assert c is not None
        return [
            *self.chose(
                d,
                by,
                f"{tab.seats[by]} claims the stakes: {d.text}; his {c.title} is won, each adversary paying his own"
                " stake",
                d.laws,
                text,
            ),
            *tab._law_stakes(self.offender(d), d.key),
        ]


Handler = Callable[[BostonDecideLaw, Decision, str, int], "list[Event] | None"]
"""How Boston rules on a choice: (the section, the phase, the choice, who chose); ``None``: not this handler's."""

_BY_KEY: dict[str, Handler] = {
    "short bidder": BostonDecideLaw.short_bidder,
    DecisionKey.RENOUNCE_CORRECTED: BostonDecideLaw.renounce_corrected,
    DecisionKey.LEAD_OUT_OF_TURN: BostonDecideLaw.bidder_lead,
}
"""Boston's own phases, by key (the Boston lines that differ from the round games' law)."""
