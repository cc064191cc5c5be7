"""Law mode at the Boston table: 002's laws with their interlined Boston lines (docs/boston.md, "The laws").

``hoyle.game("boston", irregularities=True)`` makes a :class:`LawBostonTable` (see
``BostonTable.law_class``,
:meth:`hoyle.engine.table.Table.__new__`).  Boston is a round table, one bidder
against three, so the play-time machinery is :class:`~hoyle.laws.round.RoundLawMixin`'s: the
irregular acts, the out-of-turn routing, exposed cards and calls in force, renounce facts,
penalty phases, the claims step and the search.  What is Boston's is here:

- **the remedies** (:data:`RULES`, data: offence and offender's role to the laws, a plain
  clause and the remedies the offended side may choose): 002 §20, §21, §24, §26, §37 Boston;
- **the deal at law**: a misdeal or a surplus card found costs the dealer a red counter to
  the pool and he deals again with the same cards, gathered and cut, not shuffled (002 §8,
  §11, §12, §17, §19 Boston); a card exposed in cutting: the pack is cut again, not
  shuffled (002 §11 Boston);
- **the settlements** (:func:`~hoyle.rulebook.boston.revoke_payments`,
  :func:`~hoyle.rulebook.boston.short_hand_payments`,
  :func:`~hoyle.rulebook.boston.misere_irregularity_payments`): a revoke claimed and proved
  abandons the hands (002 §30, §31 Boston); a short hand (002 §19 Boston); a misère lost by
  an adversary's irregularity (002 §24, §26, §37 Boston);
- **the acts** are those of every law-mode table (docs/laws.md): the seat to act plays a card
  it may not lawfully play with a plain ``play C`` (a renounce in error, 002 §28, or a call
  not complied with, 002 §38), and ``irregular_actions(seat)`` lists it;
- **Boston's own readings** where the mixin's default is another game's: a renounce corrected
  (002 §29 Boston), an exposed trump "not to be used for ruffing" (002 §21 Boston), the
  calls on an exposed card offered on what the bidder can see (``public_calls``), the
  bidder's lead out of turn, taken back or let stand by the player on his left (002 §24
  Boston), a card exposed by a misère's adversary (rules §4: the bidder may claim the
  stakes), the claims step at a misère partout, a claim of a revoke at any moment of the
  play (002 §30-31 Boston: the hands are then abandoned).
"""

from __future__ import annotations

from typing import Any

from ..cards import CARD_TEXT as _TEXT
from ..cards import SUIT_MASKS, mask_cards
from ..cards import mask_indices as _ordered
from ..engine.actions import Action
from ..engine.events import Event
from ..rulebook.boston import BostonTable
from ..rulebook.contracts import Payment
from .bostons import BostonLaw
from .bostons.common import B20 as _B20
from .bostons.common import B21 as _B21
from .bostons.common import B24 as _B24
from .bostons.common import B26 as _B26
from .bostons.common import B37 as _B37
from .bostons.common import R4 as _R4
from .codes import Rule, by_remedy, role_rule
from .decision import DecisionKey
from .round import Decision, RoundLawMixin

__all__ = ["RULES", "BostonLaw", "LawBostonTable", "role"]


_NO_PARTNER = "there are no penalties against the single player, who has no partner to take advantage of it"
_PARTOUT = "there is no penalty for leading out of turn in misère partout"

RULES: dict[tuple[str, str], Rule] = {
    # (offence, the offender's role) -> a Rule: the laws, a plain clause, the remedies (kind, law) of the offended side.
    # Roles: "adversary" (of a trick bid), "misere" (an adversary of a misère), "bidder", "partout".
    # ---------------------------------------------------------------- a lead out of turn (002 §24 Boston)
    ("lead out of turn", "adversary"): by_remedy(
        (_B24,),
        "the bidder, who has not played to the trick, may call a suit from the player whose turn it was to"
        " lead (if the lead was his own, when the adversaries next obtain the lead), or claim the card as exposed",
        (("call suit", _B24), ("call card", _B24)),
    ),
    ("lead out of turn", "misere"): by_remedy(
        (_B24,), "in misères a lead out of turn by the bidder's adversary loses the game", (("claim the stakes", _B24),)
    ),
    ("lead out of turn", "bidder"): by_remedy(
        (_B24, _B20),
        "the card is taken back without penalty, unless the player on his left follows the erroneous"
        " lead: then the error cannot be corrected",
        (("take back", _B24),),
    ),
    ("lead out of turn", "partout"): by_remedy((_B24,), _PARTOUT + "; the lead stands"),
    # ---------------------------------------------------------------- a play out of turn (002 §26 Boston)
    ("play out of turn", "adversary"): by_remedy(
        (_B26,),
        "the bidder may call upon the adversary who has not played to play his highest or lowest of the suit"
        " led, or to win or not to win the trick",
        (("require highest", _B26), ("require lowest", _B26), ("require win", _B26), ("require not win", _B26)),
    ),
    ("play out of turn", "misere"): by_remedy(
        (_B26,),
        "if the adversary of a misère player plays out of turn, the bidder may immediately claim the stakes",
        (("claim the stakes", _B26),),
    ),
    ("play out of turn", "bidder"): by_remedy((_B26, _B20), _NO_PARTNER),
    ("play out of turn", "partout"): by_remedy((_B26, _B24), "no penalty in misère partout"),
    # ---------------------------------------------------------------- exposed cards (002 §20, §21 Boston)
    ("exposed card", "adversary"): by_remedy(
        ("002 §20", _B21), "the card lies face up, liable to be called by the bidder", (("call card", _B21),)
    ),
    ("exposed card", "misere"): by_remedy(
        ("002 §20", _B21, _R4),
        "a card exposed by an adversary of a misère bidder loses the misère: the bidder may"
        " claim the stakes; else the card lies face up, liable to be called by him",
        (("claim the stakes", _R4), ("call card", _B21)),
    ),
    ("exposed card", "bidder"): by_remedy((_B20,), _NO_PARTNER + "; the card, seen by all, is not liable to be called"),
    ("exposed card", "partout"): by_remedy(
        ("002 §20", "002 §21"), "the card lies face up, liable to be called", (("call card", "002 §21"),)
    ),
    ("call exposed", "adversary"): by_remedy(
        (_B21,),
        "the bidder may demand that the exposed card be played or not played, or the highest or lowest of"
        " the suit; an exposed trump, that it be not used for ruffing",
        (
            ("call card", _B21),
            ("forbid card", _B21),
            ("require highest", _B21),
            ("require lowest", _B21),
            ("require not trump", _B21),
        ),
    ),
    ("call exposed", "bidder"): by_remedy(
        ("002 §29 Boston", "002 §21"),
        "the bidder's card claimed as exposed is liable to be called",
        (("call card", "002 §21"), ("forbid card", _B21), ("require highest", _B21), ("require lowest", _B21)),
    ),
    ("call exposed", "partout"): by_remedy(("002 §21",), "the exposed card may be called", (("call card", "002 §21"),)),
    ("call exposed lead", "adversary"): by_remedy(
        ("002 §21",), "the exposed card may be called to the lead", (("call card", "002 §21"),)
    ),
    ("call exposed lead", "bidder"): by_remedy(
        ("002 §21",), "the exposed card may be called to the lead", (("call card", "002 §21"),)
    ),
    ("call exposed lead", "partout"): by_remedy(
        ("002 §21",), "the exposed card may be called to the lead", (("call card", "002 §21"),)
    ),
    # ---------------------------------------------------------------- quitted tricks (002 §37 Boston)
    ("last trick looked at", "adversary"): by_remedy(
        (_B37,), "it is still the custom to permit looking at the last trick, except in misères"
    ),
    ("last trick looked at", "bidder"): by_remedy(
        (_B37,),
        "it is still the custom to permit looking at the last trick, except in misères, where the penalty is"
        " that of a lead out of turn, which the law does not exact from the bidder",
    ),
    ("last trick looked at", "misere"): by_remedy(
        (_B37, _B24),
        "in a misère the penalty is the same as for a lead out of turn, which loses the game",
        (("claim the stakes", _B37),),
    ),
    ("last trick looked at", "partout"): by_remedy(
        (_B37, _B24), "in a misère the penalty is that of a lead out of turn, and there is none in misère partout"
    ),
    ("trick looked at", "adversary"): by_remedy(
        ("002 §37", _B24),
        "a quitted trick may not be seen again until the hand is played: the penalty is that of a"
        " lead out of turn, a suit called when the adversaries next obtain the lead",
        (("call suit", "002 §37"),),
    ),
    ("trick looked at", "misere"): by_remedy(
        ("002 §37", _B37),
        "in a misère the penalty is the same as for a lead out of turn, which loses the game",
        (("claim the stakes", _B37),),
    ),
    ("trick looked at", "bidder"): by_remedy(
        ("002 §37", _B24), "the penalty of a lead out of turn, which the law does not exact from the bidder: no penalty"
    ),
    ("trick looked at", "partout"): by_remedy(("002 §37", _B24), _PARTOUT),
    # ---------------------------------------------------------------- not an act at the Boston table
    ("hand thrown down", "adversary"): by_remedy(("002 §27",), "no Boston law; not taken at this table"),
}


def role(offender: str, bidder: str | None, *, misere: bool, partout: bool) -> str:
    """The offender's role for :data:`RULES`: ``partout``, ``bidder``, ``misere`` (a misère's adversary) or
    ``adversary``."""
    if partout or bidder is None:
        return "partout"
    if offender == bidder:
        return "bidder"
    return "misere" if misere else "adversary"


class LawBostonTable(RoundLawMixin, BostonTable):
    """Boston at law (``hoyle.game("boston", irregularities=True)``): 002 §8–39 with the Boston lines."""

    def __init__(self, game: Any, **kwargs: Any) -> None:
        self.boston = BostonLaw(self)
        super().__init__(game, **kwargs)

    public_calls = True
    """The calls on an exposed card are offered on what the bidder can see, not on the owner's concealed hand: 002
    §21 Boston's "the card be played or not played; or that the highest or lowest of the suit be played" are said
    before he plays, and neither the choices nor whether there is a choice may tell the table that he can or cannot
    follow suit (see :meth:`RoundLawMixin._exposed_due`)."""

    # ================================================================== wiring (round.py's three)

    def _new_deal(self, *, stake: bool = True) -> list[Event]:
        self._law_reset()
        return super()._new_deal(stake=stake)

    def _settle_partout(self) -> list[Event]:
        return self._end_of_hand()

    def _expose(self, who: int | None = None, cards: list[int] | None = None) -> Any:
        """The spread's hand laid on the table (the strict table's, without arguments), or cards exposed at law."""
        if who is None:
            return BostonTable._expose(self)
        assert cards is not None
        return RoundLawMixin._expose(self, who, cards)

    def _cite(self, laws: list[str] | tuple[str, ...]) -> list[str]:
        """Boston's laws: the shared machinery's Solo citations become the Boston lines of the same laws (002 §19
        Solo -> 002 §19 Boston), and 003's Solo digest, which does not govern Boston, is dropped."""
        cited = [
            law.replace(" Solo", " Boston") if law.startswith("002") else law
            for law in laws
            if "Solo digest" not in law
        ]
        return cited or ["002"]

    def _law_chooser(self, key: str, offender: int) -> int | None:
        """002 §24 Boston: "Should the bidder lead out of turn, and the player on his left follow the erroneous
        lead, the error cannot be corrected": whether the false lead stands is the choice of the player on his
        left, whose act (following it, or not) decides it; not the right-hand adversary's, as a called suit is."""
        if key == "lead out of turn" and self.seats[offender] == self.bidder and not self.partout:
            ring = self._ring
            return ring[(ring.index(offender) + 1) % 4]
        return None

    # ================================================================== the hooks: the state

    def _law_declarers(self) -> list[int]:
        if self.partout or self.bidder is None or self.phase not in ("play", "discard", "trumps"):
            return []
        return [self._seat(self.bidder)]

    def _law_misere(self) -> bool:
        return not self.partout and self.contract is not None and self.contract.misere

    def _law_hand_sizes(self) -> dict[int, int]:
        hands = self.play.hands if self.play is not None else self.hands
        # a card discarded face down before a little misère was not lost from the hand (rules §4)
        return {s: hands[i].bit_count() + (1 if i < len(self.discards) else 0) for i, s in enumerate(self._ring)}

    def _law_move_card(self, giver: int, taker: int) -> None:
        gi, ti = self._ring.index(giver), self._ring.index(taker)
        card = _ordered(self.hands[gi])[-1]
        self.hands[gi] &= ~(1 << card)
        self.hands[ti] |= 1 << card

    def _law_game_play(self, action: Action) -> list[Event]:
        return BostonTable._do_play(self, action)

    def _law_rewind(self, k: int, unquit: bool) -> None:
        self.referee.revoke.rewind_views(k, unquit)

    def _law_settle(self) -> list[Event]:
        if self.partout:
            return BostonTable._settle_partout(self)
        return BostonTable._settle(self)

    def _role(self, offender: int) -> str:
        return role(self.seats[offender], self.bidder, misere=self._law_misere(), partout=self.partout)

    def _law_rule(self, key: str, offender: int) -> Rule:
        r = self._role(offender)
        # An adversary of a misère bears an adversary's penalty where the misère changes nothing.
        return role_rule(RULES, key, (r, "adversary") if r == "misere" else (r,)) or by_remedy(
            ("002",), "no Boston law gives a penalty"
        )

    # ================================================================== the deal at law (002 §8-19 Boston)

    def _deal_irregulars(self, seat: int) -> list[Action]:
        out = super()._deal_irregulars(seat)
        if seat == self.dealer:
            out.append(Action.parse("deal irregularly"))
        if seat == (self.dealer + 3) % 4:  # the pone, who cut the pack in play (002 §10)
            out.append(Action.parse("expose a card in cutting"))
        return out

    def _irregular(self, who: int, action: Action) -> list[Event]:
        text = str(action)
        if text == "expose a card in cutting":
            return self.boston.deal.again(
                f"{self.seats[who]} exposes a card in cutting the pack: in Boston the pack must be cut again, but"
                " not shuffled; the same dealer deals the same cards again, no penalty",
                ["002 §11 Boston"],
                who=who,
            )
        if text == "deal irregularly":
            return self.boston.deal.misdeal_now(
                f"{self.seats[who]} deals a card incorrectly and deals on: a misdeal", ["002 §17 II"]
            )
        return super()._irregular(who, action)

    def _law_redeal(self, text: str, laws: list[str]) -> list[Event]:
        """A card faced in the pack, or exposed in dealing: a new deal by the same dealer (002 §14, §15); at Boston
        with the same cards, not shuffled (002 §8, §11 Boston), and no forfeit: it is not a misdeal."""
        return self.boston.deal.again(text, ["002 §15" if "exposed in dealing" in text else "002 §14", "002 §8 Boston"])

    def _claim_misdeal(self, who: int) -> list[Event]:
        return self.boston.deal.claim_misdeal(who)

    # ================================================================== Boston's readings of the play

    def _exposed_due(self, seat: int) -> None:
        """002 §21 Boston: an exposed trump "may be called upon ... not to use it for ruffing": the card, not every
        trump, is forbidden (the mixin's ``require not trump`` becomes ``forbid card``)."""
        n = len(self._decisions)
        super()._exposed_due(seat)
        if len(self._decisions) == n:
            return
        d = self._decisions[-1]
        play = self.play
        assert play is not None
        if any(a == "require not trump" for a, _ in d.options) and play.trumps is not None:
            liable = self._liable.get(seat, 0) & self.referee.play.holds(seat) & SUIT_MASKS[play.trumps]
            extra = [(f"forbid card {_TEXT[c]}", _B21) for c in mask_cards(liable)]
            opts = [o for o in d.options if o[0] != "require not trump" and o[0] not in dict(extra)]
            waive = [o for o in opts if o[0] == "waive"]
            d.options = [o for o in opts if o[0] != "waive"] + extra + waive

    def _correct(self, who: int) -> list[Event]:
        return self.boston.revoke.correct(who)

    def irregular_actions(self, seat: str) -> list[Action]:
        # Not acts of the Boston table: a single hand thrown down has no Boston law (002 §27 is for all four), and
        # the Congress code does not forbid consulting on a penalty (002 §39: "with or without his partner's consent").
        out = [a for a in super().irregular_actions(seat) if str(a) not in ("throw down hand", "consult")]
        if self.exposed is not None and self.active[self.exposed] == seat:  # a spread: his hand lies face up already
            out = [a for a in out if a.verb != "expose"]
        claim = Action.parse("claim revoke")
        # 002 §30-31 Boston: a revoke may be claimed when it is discovered; the hands are then abandoned.
        if (
            claim not in out
            and not self._decisions
            and self._playing()
            and not self._claims
            and self.referee.play.suspected(self._offended(self._seat(seat)))
        ):
            out.append(claim)
        return out

    def _claim_at_once(self, who: int) -> list[Event]:
        return self.boston.revoke.claim_at_once(who)

    def _end_of_hand(self) -> list[Event]:
        return self.boston.revoke.end_of_hand()

    # ================================================================== deciding

    def _decide_claim(self, d: Decision, text: str, by: int) -> list[Event]:
        if (
            d.key == DecisionKey.SEARCH
        ):  # the tricks are searched once: the others' claims against the same players lapse
            self._decisions = [
                x
                for x in self._decisions
                if not (x.key == DecisionKey.CLAIM_REVOKE and x.context.get("accused") == d.context["accused"])
            ]
        return super()._decide_claim(d, text, by)

    def _decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.boston.decide.decide(d, action, by)

    # ================================================================== settlements

    def _law_revoke_settle(self, revokes: dict[int, int]) -> list[Event]:
        return self.boston.settle.revoke(revokes)

    def _law_stakes(self, offender: int, key: str) -> list[Event]:
        return self.boston.settle.stakes(offender, key)

    def _law_abandoned(self, abandoner: int, played_out_made: int | None) -> list[Event]:  # pragma: no cover
        # ``throw down hand`` is not an act at the Boston table (see irregular_actions); settle as played.
        return self._law_settle()

    def _law_wrong_hands(self, wrong: list[int], final: bool) -> tuple[str, list[Event]]:
        return self.boston.deal.wrong_hands(wrong, final)

    def _finish(self, head: Event, pays: list[Payment], result: dict[str, Any]) -> list[Event]:
        """Settle as the strict table does, the cards played early or gathered with a trick back in the pack first."""
        play = self.play
        if self._law_state() and play is not None:
            for s, c in [*self._early.items(), *([self._false_lead] if self._false_lead else [])]:
                play.hands[self._ring.index(s)] |= 1 << c
            self._early.clear()
            self._false_lead = None
            self.discards.extend(c for c, _ in sorted(self._gathered.items()))
            self._gathered.clear()
        self._decisions.clear()
        self._claims = False
        return super()._finish(head, pays, result)
