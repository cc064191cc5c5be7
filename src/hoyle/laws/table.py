"""Law mode: a whist table where people err, notice, claim and choose (laws-design.md).

:class:`LawWhistTable` and :class:`LawDummyTable` are the law-mode classes of a
Whist and a Dummy table; the game's option ``irregularities=True`` makes
``hoyle.game(...).table()`` one (``law_class``, :meth:`hoyle.engine.table.Table.__new__`).  Strict mode does not
import this module.

The shape of a hand at law:

- **The deal** is made at once, as in strict mode.  Until the first card is
  led, what went wrong in dealing may still be done: the dealer's ``W: deal
  uncut``, ``W: deal trump card to N``... (the same cards, dealt so), a deal
  out of turn (``E: deal``), others touching the cards or interrupting; the
  rulings follow from the code (:mod:`hoyle.laws.codes`).
- **The play**: ``legal_actions()`` is the lawful set of the seat to act,
  constrained by any call in force (a called card, a called suit, highest,
  lowest, win, not win).  ``irregular_actions(seat)`` lists what that seat
  may do wrongly now, and rights it may exercise out of turn; ``apply("E:
  play QS")`` takes them.
- **Penalty phases**: when a law gives a side a choice, ``to_act`` is the
  seat entitled to choose and ``legal_actions()`` is exactly the remedies the
  code allows (``remedies()`` gives each with its citation).
- **The claims step** at the end of each hand: revokes (the claim, then
  at once the search and the penalties), G.W.P.'s one-point penalties,
  honours called (English code); skipped when nothing can be claimed.
  Then the hand is scored.

Every irregularity and every remedy is an event of kind ``ruling`` naming
its law, with a plain sentence.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..cards import Card
from ..engine.actions import PLAY, Action, as_action
from ..engine.events import Event
from ..errors import IllegalAction
from ..formation import Cutter
from ..rulebook.dummy import DummyTable
from ..rulebook.whist import (
    SEATS,
    WhistTable,
)
from .codes import FACTS, PRINCIPLE, CodeFacts, Rule, rule
from .families import WhistSections
from .hand import LawHand, bits, card_text
from .lawtable import LawTable
from .sections import Referee
from .sections.common import (
    Decision,
    law_action,
    partner_of,
    side_of,
    side_seats,
)

__all__ = ["Decision", "LawDummyTable", "LawMixin", "LawWhistTable", "WhistHooks"]

if TYPE_CHECKING:

    class _LawBase(LawTable, WhistTable): ...

else:  # at run time a true mixin: the play-time machinery also serves Cayenne (hoyle.laws.cayenne)
    _LawBase = LawTable


class WhistHooks(Protocol):
    """What a game of the Whist family may change in its law mode: the hooks the referee's sections call on the
    table, each a method of :class:`LawMixin` handing the common part to its section, which a game's law class
    overrides (Cayenne: :class:`hoyle.laws.cayenne.LawCayenneTable`; besides :class:`~hoyle.laws.lawtable.LawTable`'s
    ``_law_to_act``, ``_law_legal`` and ``_law_act`` for its declaration).  Seats are by index (N E S W: 0..3)."""

    @abstractmethod
    def _deal(self, actor: int, arg: str, *, again: bool = False) -> list[Event]:
        """The deal made (at once) by ``actor``, as ``arg`` says it was made (``uncut``, ``trump card to N``...)."""

    @abstractmethod
    def _judge_deal(self, actor: int, variant: str, target: int | None) -> list[Event]:
        """The law on a deal made irregularly (``variant``, to ``target``): a misdeal, a new deal, a claim."""

    @abstractmethod
    def _misdeal(self, key: str, actor: int, what: str) -> list[Event]:
        """A misdeal by ``actor``: the deal lost (000 §44), or, where the game says so, dealt again."""

    @abstractmethod
    def _deal_irregulars(self, s: int) -> list[Action]:
        """The deal's irregular acts open to ``s`` until the first card is led."""

    @abstractmethod
    def _shuffle_after_cut(self, who: int) -> list[Event]:
        """The pack shuffled after the cut (000 §34; 002 §12)."""

    @abstractmethod
    def _start_play(self) -> list[Event]:
        """The deal stands: the play (or the game's declaration) begins."""

    @abstractmethod
    def _general_irregulars(self, s: int) -> list[Action]:
        """The irregular acts open to ``s`` outside a penalty phase."""

    @abstractmethod
    def _why_not(self, action: Action, s: int) -> str:
        """Why ``action`` is not open to ``s`` now, in one sentence citing the law where one applies."""

    @abstractmethod
    def _decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The choice ``action`` made by ``by`` in the penalty phase ``d``, carried out."""

    @abstractmethod
    def _look(self, who: int, n: int) -> list[Event]:
        """``who`` looks at quitted trick ``n`` (000 §91; 002 §37)."""

    @abstractmethod
    def _in_sight(self) -> int:
        """The cards in sight of the whole table (the secrecy of a detached card's call: 000 §60, issue 13)."""

    @abstractmethod
    def _revoke_penalty(self, d: Decision, text: str, by: int) -> list[Event]:
        """The revoke penalty chosen (``text``) by ``by`` for the phase ``d`` (000 §72; 002 §30)."""

    @abstractmethod
    def _score_law(self) -> list[Event]:
        """The hand scored at law (the penalties first, then the tricks and honours)."""


class LawMixin(_LawBase, WhistSections, WhistHooks):
    """The law-mode part of a whist table; combined with :class:`WhistTable` or a Dummy table (``law_class``),
    and with :class:`~hoyle.rulebook.cayenne.CayenneTable` by :class:`hoyle.laws.cayenne.LawCayenneTable` (which
    overrides the deal, the declaration and the score)."""

    _turn_words = ("the trump card is turned", "the trump card was turned")
    """When a claim of the deal comes in time (000 §48; 002 §16, §17 I): Cayenne turns no trump card."""

    def __init__(self, game: Any, **kwargs: Any) -> None:
        self.referee = Referee(self)
        self.hand: LawHand | None = None
        self._phase = "deal"
        self._decisions: list[Decision] = []
        self._pack = 0
        self._prev: dict[str, Any] | None = None
        super().__init__(game, **kwargs)

    # ================================================================== helpers

    def _rule(self, key: str) -> Rule:
        return rule(self.code, key)

    @property
    def facts(self) -> CodeFacts:
        """What this table's code of laws says beyond its rules (:data:`hoyle.laws.codes.FACTS`)."""
        return FACTS[self.code]

    def _dummy_seats(self) -> set[int]:
        return {SEATS.index(s) for s in getattr(self, "_dummies", {})}

    def _dummy_side(self, s: int) -> bool:
        """Whether ``s`` belongs to a side with a Dummy (whose partner cannot profit by his errors: 000 Dummy III)."""
        d = self._dummy_seats()
        return s in d or partner_of(s) in d

    def _live(self, s: int) -> int:
        """The seat that decides for ``s``: a Dummy's partner decides for him."""
        return partner_of(s) if s in self._dummy_seats() else s

    def _ruling(
        self,
        key: str,
        text: str,
        *,
        seat: int | None = None,
        laws: list[str] | None = None,
        remedy: str | None = None,
        r: Rule | None = None,
        **data: Any,
    ) -> Event:
        """A ruling: what happened, the code, the law(s), the remedy, one plain sentence."""
        r = r if r is not None else self._rule(key)
        cited = laws if laws is not None else list(r.laws)
        sentence = text
        if r.silent and "silent" not in sentence:
            sentence += f"; {r.text}" if r.text else "; the code is silent"
        elif r.text and remedy is None and r.text not in sentence:
            sentence += f": {r.text}"
        sentence += f" ({', '.join(cited)})"
        payload: dict[str, Any] = {"irregularity": key, "code": self.code, "laws": cited}
        if remedy is not None:
            payload["remedy"] = remedy
        if r.silent:
            payload["silent"] = True
            payload["principle"] = PRINCIPLE
        payload.update(data)
        return Event("ruling", sentence, seat=None if seat is None else SEATS[seat], law=cited, data=payload)

    def _offer(
        self,
        key: str,
        chooser: int,
        r: Rule,
        what: str,
        options: list[str] | tuple[str, ...] | None = None,
        *,
        offender: int | None,
        waive: bool = True,
        by_rule: bool = True,
        **context: Any,
    ) -> None:
        """A penalty phase: ``chooser`` chooses for his side among ``options`` (the code's remedies unless given),
        each under the rule's first law, and ``waive`` where the law says "may"; ``by_rule``: who of the side may
        choose is the code's ``chooser`` (else either adversary)."""
        law = r.laws[0]
        opts = [(o, law) for o in (r.remedies if options is None else options)] + ([("waive", law)] if waive else [])
        chosen_by = r.chooser if by_rule else "either"
        side = side_seats(side_of(chooser))
        d = Decision(key, chooser, side, opts, list(r.laws), what, offender, chosen_by, context=context)
        self._decisions.append(d)

    def _exempt(self, who: int, key: str, what: str) -> list[Event] | None:
        """The ruling that stands in for the code's penalty, if any: none at a dummy's side (000 Dummy I–III), one
        point under G.W.P. (004); ``None`` when the code's own rule applies."""
        if self._dummy_side(who):
            return [self._ruling("dummy partner", what, seat=who, remedy="none")]
        if self.facts.penalty_is_a_point:  # 004 rule 19
            return [self._point(key, who, what)]
        return None

    def _point(self, key: str, s: int, what: str) -> Event:
        """G.W.P.: an infringement costs one point, chosen by the adversaries at the close of the hand (004 rule 19)."""
        r = self._rule(key)
        self._points.append({"side": side_of(s), "key": key, "laws": list(r.laws), "what": what})
        return self._ruling(key, f"{what}", seat=s, remedy="one point at the close of the hand")

    # ================================================================== the deal

    def _new_deal(self) -> list[Event]:
        """The next deal, dealt at once as in strict mode; until the first card is led, what went wrong in
        dealing may still be done (``W: deal uncut``, ``N: touch cards``...) and ruled on."""
        self._recut_open, self._formed = self._formed, None
        self._reset_hand()
        self._refresh_static()
        return self._deal(self.dealer, "")

    def _reset_hand(self) -> None:
        """Forget the last hand's facts, calls and claims: a new deal begins."""
        self._phase = "deal"
        self.hand = None
        self.play = None
        self._decisions = []
        self._flags: dict[str, list[int]] = {"touched": [], "interrupted": [], "exposers": []}
        self._window = True
        self._order: list[Card] = []
        self._called: dict[int, list[int]] = {}
        self._lead_suit: dict[int, int] = {}
        self._require: dict[int, tuple[str, list[str]]] = {}
        self._trump_rights: dict[int, str] = {}
        self._suit_rights: list[dict[str, Any]] = []
        self._false: dict[str, Any] | None = None
        self._origin: dict[int, bool] = {}
        self._asked: set[tuple[Any, ...]] = set()
        self._points: list[dict[str, Any]] = []
        self._thrown: list[int] = []
        self._claim_rest: int | None = None
        self._abandoned = False
        self._counted_against: int | None = None
        self._claims_stage = 0
        self._penalties: list[tuple[int, int, str, str]] = []
        self._transfers: list[tuple[int, int, int, str]] = []
        self._capped: set[int] = set()
        self._honours_claim: dict[int, str] = {}
        self._cut_by: int | None = None
        self._mixed_by: set[int] = set()
        self._early_claims: set[int] = set()
        self._short_ok = False
        self._omissions: list[tuple[int, int]] = []
        self._dummy_shown = False
        self._actor = self.dealer
        self._used_pack = self._pack
        self.honours = (0, 0)
        self._dealt_honours = (0, 0)

    def _deal(self, actor: int, arg: str, *, again: bool = False) -> list[Event]:
        return self.referee.deal.deal(actor, arg, again=again)

    _formed: tuple[list[str], bool, dict[str, str]] | None = None
    """The cut for partners and deal just made (the candidates, whether it formed the table, the cards cut in its
    first round), until the deal that follows it is made; then ``_recut_open`` until the next deal."""
    _recut_open: tuple[list[str], bool, dict[str, str]] | None = None

    def _judge_deal(self, actor: int, variant: str, target: int | None) -> list[Event]:
        return self.referee.misdeal.judge_deal(actor, variant, target)

    def _misdeal(self, key: str, actor: int, what: str) -> list[Event]:
        return self.referee.misdeal.misdeal(key, actor, what)

    # ================================================================== the engine interface

    def _seat_name(self, seat: int) -> str:
        return SEATS[seat]

    def _law_to_act(self) -> str | None:
        if self._phase == "deal" or self.hand is None:
            return SEATS[self.dealer]
        return SEATS[self.hand.turn]

    @property
    def phase(self) -> str:
        """``deal`` (the dealer is to deal), ``play``, ``penalty`` (a side chooses) or ``claims`` (the hand is over)."""
        if self._over:
            return "over"
        if self._decisions:
            return "claims" if self._phase == "claims" else "penalty"
        return "deal" if self._phase in ("deal", "dealt") else self._phase

    def _law_legal(self) -> list[Action]:
        if self._phase == "deal" or self.hand is None:
            return [law_action("deal")]
        s = self.hand.turn
        acts = [PLAY[c] for c in bits(self.referee.play.constrained(s))]
        acts.extend(as_action(a) for a, _ in self.referee.turn.false_remedies(s))
        return acts

    def _check(self, action: Action) -> None:
        if self._legal_now(action):
            return
        raise IllegalAction(
            self._why_not(action, SEATS.index(self.to_act or "N")), law=self.referee.play.why_law(action)
        )

    def _why_not(self, action: Action, s: int) -> str:
        """Why ``action`` is not open to seat ``s`` now (:meth:`PlayLaw.why_not`; Cayenne's hook)."""
        return self.referee.play.why_not(action, s)

    def _law_irregular(self, who: str, action: Action) -> list[Event]:
        return self.referee.acts.irregular(SEATS.index(who), action)

    def _law_unlisted(self, action: Action) -> list[Event]:
        raise IllegalAction(
            self._why_not(action, SEATS.index(self.to_act or "N")), law=self.referee.play.why_law(action)
        )

    def _law_after(self) -> list[Event]:
        return self.referee.flow.settle()

    def _do(self, action: Action) -> list[Event]:
        return self._law_do(action) + self._law_after()

    def _law_act(self, action: Action) -> list[Event]:
        if self._phase == "deal" or self.hand is None:
            return self._deal(self.dealer, "")
        if action.verb == "play" and action.card is not None:
            return self.referee.play.put(self.hand.turn, action.card)
        return self.referee.turn.false_remedy(self.hand.turn, action)

    # ================================================================== the play

    # ------------------------------------------------------------------ the flow

    def _start_play(self) -> list[Event]:
        return self.referee.flow.start_play()

    # ------------------------------------------------------------------ a lead out of turn (000 §62–63, 002 §24)

    # ================================================================== penalty phases

    def _decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.referee.decide.decide(d, action, by)

    # ================================================================== irregular acts

    def irregular_actions(self, seat: str) -> list[Action]:
        return self.referee.offered.irregular_actions(seat)

    def _deal_irregulars(self, s: int) -> list[Action]:
        return self.referee.deal.deal_irregulars(s)

    def _general_irregulars(self, s: int) -> list[Action]:
        return self.referee.offered.general_irregulars(s)

    # ------------------------------------------------------------------ irregularities of the play

    def _look(self, who: int, n: int) -> list[Event]:
        return self.referee.exposed.look(who, n)

    def _in_sight(self) -> int:
        """The cards the chooser of a detached card's call may see (000 §60; issue 13): the secrecy hook."""
        return self.referee.exposed.in_sight()

    def _shuffle_after_cut(self, who: int) -> list[Event]:
        return self.referee.deal.shuffle_after_cut(who)

    # ================================================================== the end of the hand: claims

    def _revoke_penalty(self, d: Decision, text: str, by: int) -> list[Event]:
        return self.referee.revoke.revoke_penalty(d, text, by)

    def _score_law(self) -> list[Event]:
        return self.referee.score.score_law()

    # ------------------------------------------------------------------ honours called late (000 §6, Cases I–III)

    # ================================================================== what each seat may see

    def places(self) -> dict[str, str]:
        """Where each card is (:meth:`LawHand.places`)."""
        h = self.hand
        if h is None:
            return {card_text(c): "pack" for c in range(52)}
        return {card_text(c): p for c, p in sorted(h.places(SEATS).items())}

    def _refresh_static(self) -> None:
        """What every seat sees of the table between changes (kept as ``_static_view``)."""
        h = self.hand
        self._static_view = {
            "game": self.game.name,
            "code": self.code,
            "law_mode": True,
            **self._table_view(h.trumps if h is not None else None),
        }

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.referee.seen.view(seat)


class LawWhistTable(LawMixin, WhistTable):
    """Whist at law (``hoyle.game("whist", irregularities=True)``)."""

    def _form(self, names: Sequence[str], *, initial: bool = True, cutter: Cutter | None = None) -> list[Event]:
        events = super()._form(names, initial=initial, cutter=cutter)
        first = next(e for e in events if e.kind == "cut")  # its first round: every one of them cut
        self._formed = (list(names), initial, dict(first.data["cuts"]))
        return events


class LawDummyTable(LawMixin, DummyTable):
    """Dummy and Double Dummy at law, with their exceptions (000 Dummy I–III, Double Dummy)."""
