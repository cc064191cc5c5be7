"""Law mode for the round tables: one declaring side against the rest (Solo Whist, Boston).

:class:`RoundLawMixin` is the game-neutral part of law mode for a trick-taking table whose
state has the shape of :class:`~hoyle.rulebook.solo.SoloTable` and
:class:`~hoyle.rulebook.boston.BostonTable`: ``self.active`` (the seats in play, eldest
first), ``self.play`` (a :class:`~hoyle.tricks.TrickPlay`), a declaring side against the
others, a money ledger.  A game's law class puts it first among its bases
(``class LawSoloTable(RoundLawMixin, SoloTable)``) and supplies the hooks below; the game's
table names it in ``law_class``, and ``Table.__new__`` makes that class when
``game.options["irregularities"]`` is set (strict mode never imports this module).

How the table at law runs (laws-design.md):

- ``legal_actions()`` stays the lawful set of the seat to act, constrained by the calls in
  force on him (a called card, a forbidden card, a called suit, highest, lowest, win, not
  win, trump, not trump).  ``irregular_actions(seat)`` lists what ``seat`` may do wrongly now
  (and the rights it may exercise out of turn); ``apply("C: play QS")`` takes them, and the
  record keeps the seat prefix of every act out of turn.
- The acts: ``play C`` out of turn (a lead or a play out of turn: a card played early waits on
  the table and goes to the trick in its owner's turn), ``play C`` in turn not following suit
  while holding it (a renounce in error: a fact) or not complying with a call (002 §38),
  ``correct`` (a renounce in error, until the trick is quitted: 002 §28-29), ``expose C``,
  ``throw down hand``, ``look at trick N``, ``add C`` (a second card to the trick just
  completed: the hand is then a card short), ``claim misdeal`` (a hand of the wrong size),
  ``claim revoke`` (at the end of the hand, or at once where the game allows),
  ``mix tricks`` (the accused, after a claim: the revoke is established), ``consult`` (the
  partners consult on a penalty: it is lost); the dealer's ``deal with a card faced``,
  ``deal exposing a card``, ``deal a card too many to X`` before the first call.
- **Penalty phases**: when a law gives a side a choice, a :class:`Decision` is queued;
  ``to_act`` is the seat entitled to choose (the offended seat nearest the offender's right,
  the one whose turn the law names), ``legal_actions()`` is exactly the remedies and
  ``waive``, and ``remedies()`` gives each with its citation.  The other seats of the side may
  take the choice instead (003: "the partners ... may decide which of them shall exact the
  penalty"); a ``consult`` forfeits it, save on a revoke.
- **Exposed cards** lie face up before their owner (place ``exposed X``); a card liable to be
  called brings a decision each time its owner is to play and a remedy can bite (with
  ``public_calls``, Solo: may bite, on what the table sees); waived by one seat of the offended
  side, it passes to the next ("If he says nothing, B must await Z's decision": 002 §21 Solo),
  and waived by all, the right for that turn is lost ("penalties must be exacted ... in their
  proper turn": 002 §21).
- **A misère caller's claim at once** (a revoke against him: 003) settles the hand, unless he
  renounced too: then the play stops and his adversaries may claim in their turn.
- **The claims step**: at the end of the hand, each side whose adversaries renounced may
  claim a revoke (the tricks are then searched: 002 §32) or waive; skipped when nobody
  renounced.  Then the hand is settled, by the revoke, the wrong hands, the abandoned hand or
  the ordinary settlement.

Every irregularity and every remedy is an event of kind ``ruling`` naming its law, with a
plain sentence.

Hooks a game supplies: :class:`RoundHooks`, a typed Protocol whose methods the game's law class defines,
and wires three methods: its ``_new_deal`` calls :meth:`RoundLawMixin._law_reset` first;
its settlement at the end of the play (Solo's ``_settle``) returns
:meth:`RoundLawMixin._end_of_hand`; its ``view`` and ``places`` are patched by the mixin's
(:meth:`RoundLawMixin.view` calls ``super().view`` and adds ``phase``, ``exposed``,
``calls``, ``decision``).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Protocol

from ..cards import mask_cards
from ..engine.actions import PLAY, Action
from ..engine.events import Event
from ..errors import IllegalAction
from ..tricks import TrickPlay
from .codes import Rule
from .decision import ROUND_REMEDIES
from .families import RoundSections
from .hand import Renounce, card_text
from .lawtable import LawTable
from .sections import RoundReferee
from .sections.roundphases import Decision

__all__ = ["REMEDY_KINDS", "Decision", "RoundHooks", "RoundLawMixin"]

REMEDY_KINDS = ROUND_REMEDIES
"""The remedies a round game's law may give (see :meth:`RoundLawMixin._law_rule`)."""


class RoundHooks(Protocol):
    """What a round game tells its law mode (:class:`RoundLawMixin`): the game's law class defines every method."""

    @abstractmethod
    def _law_declarers(self) -> list[int]:
        """The declaring side's seats (Solo: the caller, or proposer and acceptor; Boston: the bidder); empty while
        there is none (the auction; a general misère)."""

    @abstractmethod
    def _law_misere(self) -> bool:
        """Whether the contract is a misère (the caller may claim the stakes at once: 003 digest)."""

    @abstractmethod
    def _law_rule(self, key: str, offender: int) -> Rule:
        """The game's law for the irregularity ``key`` committed by ``offender``: the laws cited, a plain clause, and
        the remedies (each a :class:`~hoyle.laws.decision.Remedy` kind, citing its law: ``Rule.options()``) the offended
        side may choose (a :class:`~hoyle.laws.codes.Rule`, the one shape of every code and game).

        Keys: ``exposed card``, ``call exposed`` and ``call exposed lead`` (an offender with liable cards is to play,
        or to lead; the mixin keeps the kinds that can bite), ``lead out of turn``, ``play out of turn``, ``trick
        looked at``, ``last trick looked at``, ``hand thrown down``.  No remedies: no penalty (the ruling says so)."""

    @abstractmethod
    def _law_game_play(self, action: Action) -> list[Event]:
        """The game's own ``_do_play``: play the card of the seat in turn (lawful or not), with all its bookkeeping;
        the hand's end calls the game's settlement, which the law class routes to
        :meth:`RoundLawMixin._end_of_hand`."""

    @abstractmethod
    def _law_rewind(self, k: int, unquit: bool) -> None:
        """Undo the game's bookkeeping of the last ``k`` cards played (a renounce corrected: 002 §29), ``unquit`` when
        the last quitted trick was taken back onto the table (the mixin has already restored ``self.play``)."""

    @abstractmethod
    def _law_settle(self) -> list[Event]:
        """The ordinary settlement of the hand (the strict one)."""

    @abstractmethod
    def _law_revoke_settle(self, revokes: dict[int, int]) -> list[Event]:
        """Settle a hand with revokes established and claimed (both sides: the deal is void)."""

    @abstractmethod
    def _law_stakes(self, offender: int, key: str) -> list[Event]:
        """The misère caller claims the stakes for an adversary's irregularity ``key``."""

    @abstractmethod
    def _law_abandoned(self, abandoner: int, played_out_made: int | None) -> list[Event]:
        """Settle a hand thrown down (002 §27 Solo)."""

    @abstractmethod
    def _law_wrong_hands(self, wrong: list[int], final: bool) -> tuple[str, list[Event]]:
        """Hands of the wrong size found in the play (``final``: at the end of a hand played out on such a finding):
        the ruling word and the events.  The word ``"play on"`` (only when not ``final``) goes on with the play and
        settles at its end, as 002 §19 Solo wants when the caller's hand is wrong; any other word means the hook has
        settled the hand."""

    @abstractmethod
    def _law_redeal(self, text: str, laws: list[str]) -> list[Event]:
        """A new deal by the same dealer, no penalty (003 digest; 002 §14)."""

    @abstractmethod
    def _law_hand_sizes(self) -> dict[int, int]:
        """The cards each active seat holds now (the mixin compares it with thirteen less the cards he has played, to
        find a hand of the wrong size)."""

    @abstractmethod
    def _law_move_card(self, giver: int, taker: int) -> None:
        """The dealer's ``deal a card too many to X``: move one card (not the turned card) from ``giver``'s hand to
        ``taker``'s."""


class RoundLawMixin(LawTable, RoundSections, RoundHooks):
    """The law-mode part of a round table (one declaring side against the rest): see the module docstring."""

    referee: RoundReferee
    active: list[str]
    play: TrickPlay | None
    deal_no: int
    dealer: int
    phase: str
    auction: Any  # the game's auction (its ``bids`` so far)
    _played_view: list[dict[str, str]]  # kept by Solo's and Boston's tables (see _rewind_views)
    _last_trick_view: dict[str, Any] | None

    renounce_law = "002 §28"
    """The law that defines a renounce in error (a game may cite its own)."""

    public_calls = False
    """Whether the calls offered on an exposed card are chosen on what the table can see (Solo), not on the
    offender's concealed hand (see :meth:`_exposed_due`)."""

    def __init__(self, game: Any, **kwargs: Any) -> None:
        self.referee = RoundReferee(self)
        super().__init__(game, **kwargs)

    # ================================================================== the game's state, as the laws read it

    def _law_before_first_call(self) -> bool:
        """Whether no call has been made yet (the dealer's irregular deals and a wrong hand found then give a new
        deal by the same dealer): the game's auction has no bid."""
        return self.phase == "auction" and not self.auction.bids

    def _law_in_play(self) -> bool:
        """Whether the cards are being played (the game's play phase)."""
        return self.phase == "play"

    def _law_dealer(self) -> int:
        """The dealer's seat."""
        return self.dealer

    # ================================================================== state

    def _law_reset(self) -> None:
        """Forget the law's facts of the last deal (the game's ``_new_deal`` calls this first)."""
        self._decisions: list[Decision] = []
        self._shown: dict[int, int] = {}  # cards face up before their owner (place "exposed X")
        self._liable: dict[int, int] = {}  # of those, the ones liable to be called
        self._early: dict[int, int] = {}  # cards played out of turn, waiting for their owner's turn
        self._false_lead: tuple[int, int] | None = None
        self._require: dict[int, str] = {}  # one play: "highest", "not win", "card QS", "not card QS"...
        self._lead_suit: dict[int, int] = {}
        self._suit_rights: list[dict[str, Any]] = []
        self._renounces: list[Renounce] = []
        self._gathered: dict[int, int] = {}  # a second card played to a trick: gathered with it, out of its hand
        self._mixed: set[int] = set()
        self._abandoned: int | None = None
        self._claims = False
        self._proven: dict[int, int] = {}
        self._asked: tuple[int, int, int] | None = None
        self._wrong: list[int] = []
        self._open_last = False  # the last trick is complete but not yet turned and quitted (nothing played since)

    # ================================================================== rulings and sides

    def _ruling(
        self,
        key: str,
        text: str,
        laws: list[str] | tuple[str, ...],
        *,
        seat: int | None = None,
        remedy: str | None = None,
        **data: Any,
    ) -> Event:
        """A ruling: what happened, the law(s), the remedy, one plain sentence (the seat named as the engine names
        it)."""
        cited = list(dict.fromkeys(self._cite(laws)))
        payload: dict[str, Any] = {"irregularity": key, "laws": cited}
        if remedy is not None:
            payload["remedy"] = remedy
        payload.update(data)
        return Event(
            "ruling",
            f"{text} ({', '.join(cited)})",
            seat=None if seat is None else self.seats[seat],
            law=cited[0] if len(cited) == 1 else cited,
            data=payload,
        )

    def _ruled(self, key: str, who: int, rule: Rule, text: str, remedy: str = "none", **data: object) -> list[Event]:
        """The ruling on ``who``'s irregularity ``key``, citing the game's ``rule`` (no penalty, unless ``remedy``)."""
        return [self._ruling(key, text, rule.laws, seat=who, remedy=remedy, **data)]

    def _offered(
        self,
        key: str,
        who: int,
        rule: Rule,
        options: list[tuple[str, str]],
        note: str,
        text: str,
        *,
        remedy: str = "the offended side's choice",
        chooser: int | None = None,
        side: list[int] | None = None,
        **context: object,
    ) -> list[Event]:
        """A penalty phase for ``who``'s irregularity ``key`` (the ``options`` of ``rule``; ``note``, what the choice
        is about), and the ruling that says so."""
        self._decision(key, who, rule, options, note, chooser=chooser, side=side, **context)
        return self._ruled(key, who, rule, text, remedy)

    def _cite(self, laws: list[str] | tuple[str, ...]) -> list[str]:
        """The laws a ruling cites, as the game reads them (Boston: its own lines of the shared Solo citations)."""
        return list(laws)

    @property
    def _ring(self) -> tuple[int, ...]:
        """The seats in play (``active``, the game's names), eldest first, as the laws count them: each its index
        in the table's seats (``play.hands[i]`` is the hand of ``_ring[i]``)."""
        names = tuple(self.active)
        if self._ring_of[0] != names:
            self._ring_of = (names, tuple(self.seats.index(n) for n in names))
        return self._ring_of[1]

    _ring_of: tuple[tuple[str, ...], tuple[int, ...]] = ((), ())

    def _seat(self, name: str) -> int:
        """A seat named as the engine names it, as the laws count it (its index in the table's seats)."""
        return self.seats.index(name)

    def _names(self, seats: list[int] | tuple[int, ...]) -> list[str]:
        """Seats as the engine names them."""
        return [self.seats[s] for s in seats]

    def _side_of(self, seat: int) -> list[int]:
        d = self._law_declarers()
        if not d:
            return [seat]
        return list(d) if seat in d else [s for s in self._ring if s not in d]

    def _offended(self, seat: int) -> list[int]:
        """The seats against whom ``seat`` offends: the other side (everyone else when there is no side)."""
        mine = self._side_of(seat)
        return [s for s in self._ring if s not in mine]

    def _chooser(self, offended: list[int], offender: int) -> int:
        """The offended seat nearest the offender's right (who plays before him: 002 §21, §24)."""
        ring = self._ring
        m = len(ring)
        i = ring.index(offender)
        for k in range(1, m):
            s = ring[(i - k) % m]
            if s in offended:
                return s
        return offended[0]

    def _law_chooser(self, key: str, offender: int) -> int | None:
        """The seat a game's law names to choose the penalty for ``key`` (Boston: the bidder's left-hand adversary,
        after his lead out of turn); ``None``: the offended seat nearest the offender's right (:meth:`_chooser`)."""
        return None

    def _decision(
        self,
        key: str,
        offender: int,
        rule: Rule,
        options: list[tuple[str, str]],
        text: str,
        *,
        chooser: int | None = None,
        side: list[int] | None = None,
        **context: Any,
    ) -> None:
        side = side if side is not None else self._offended(offender)
        if chooser is None:
            chooser = self._law_chooser(key, offender)
        seat = chooser if chooser is not None else self._chooser(side, offender)
        waive = ("waive", rule.laws[-1] if rule.laws else "")  # the penalty let pass: the law that gave it
        self._decisions.append(
            Decision(
                key,
                seat,
                tuple(side),
                [*options, waive],
                list(rule.laws),
                text,
                offender=offender,
                context=dict(context),
            )
        )

    # ================================================================== the engine interface

    def _seat_name(self, seat: int) -> str:
        return self.seats[seat]

    def _law_to_act(self) -> str | None:
        return super(LawTable, self).to_act  # type: ignore[safe-super]  # the game's own (after LawTable in the MRO)

    @property
    def law_phase(self) -> str:
        """``penalty`` (a side chooses), ``claims`` (the hand is over), or the game's own phase."""
        if self.over:
            return "over"
        if self._decisions:
            return "claims" if self._claims else "penalty"
        return str(getattr(self, "phase", "play"))

    def _law_legal(self) -> list[Action]:
        if self._playing():
            play = self.play
            assert play is not None
            return [PLAY[c] for c in mask_cards(self.referee.play.constrained(self._ring[play.turn]))]
        return super(LawTable, self).legal_actions()  # type: ignore[safe-super]  # the game's own

    def _playing(self) -> bool:
        return self._law_in_play() and self.play is not None and not self._claims

    def _check(self, action: Action) -> None:
        if self._legal_now(action):
            return
        if self._decisions:
            raise IllegalAction(self._choosing(action))
        if self._playing():
            super()._check(action)  # type: ignore[safe-super]  # the game's reason (not his card; must follow suit)
            raise IllegalAction(
                f"{action}: a call is in force on {self.to_act}:"
                f" {self.referee.play.calls_text(self._seat(self.to_act or ''))}"
            )
        super()._check(action)  # type: ignore[safe-super]

    def _law_irregular(self, who: str, action: Action) -> list[Event]:
        return self._irregular(self._seat(who), action)

    def _law_unlisted(self, action: Action) -> list[Event]:
        self._check(action)  # the game's reason, or none: the game's other words for a lawful act
        self.actions.append(action)  # (``call abundance``, ``bid six in first preference``), taken as there
        return self._law_do(action)

    def _law_after(self) -> list[Event]:
        return self.referee.play.law_after()

    def _do(self, action: Action) -> list[Event]:
        return self._law_do(action)

    def _law_act(self, action: Action) -> list[Event]:
        if self._playing() and action.card is not None:
            play = self.play
            assert play is not None
            return self.referee.play.put(self._ring[play.turn], action.card)
        return super()._do(action)  # type: ignore[safe-super]

    # ================================================================== the play

    def _exposed_due(self, seat: int) -> None:
        return self.referee.play.exposed_due(seat)

    # ================================================================== irregular acts

    def irregular_actions(self, seat: str) -> list[Action]:
        return self.referee.offered.irregular_actions(seat)

    def _turned_mask(self) -> int:
        """The card lying turned on the table (not to be exposed from the hand)."""
        return 0

    def _deal_irregulars(self, seat: int) -> list[Action]:
        return self.referee.offered.deal_irregulars(seat)

    def _irregular(self, who: int, action: Action) -> list[Event]:
        return self.referee.acts.irregular(who, action)

    # ------------------------------------------------------------------ the deal

    def _claim_misdeal(self, who: int) -> list[Event]:
        return self.referee.deal.claim_misdeal(who)

    # ------------------------------------------------------------------ cards played wrongly

    def _expose(self, who: int, cards: list[int]) -> list[Event]:
        return self.referee.exposed.expose(who, cards)

    def _correct(self, who: int) -> list[Event]:
        return self.referee.revoke.correct(who)

    # ================================================================== deciding

    def _decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        return self.referee.decide.decide(d, action, by)

    # ================================================================== revokes and the end of the hand

    def _claim_at_once(self, who: int) -> list[Event]:
        return self.referee.revoke.claim_at_once(who)

    def _end_of_hand(self) -> list[Event]:
        return self.referee.claims.end_of_hand()

    def _decide_claim(self, d: Decision, text: str, by: int) -> list[Event]:
        return self.referee.claims.decide_claim(d, text, by)

    # ================================================================== what each seat may see

    def places(self) -> dict[str, str]:
        """The game's places, with the law's: exposed cards, cards played early, cards gathered."""
        out: dict[str, str] = super().places()  # type: ignore[safe-super]
        if not self._law_state() or self.play is None:
            return out
        for s, m in self._shown.items():
            for c in mask_cards(m & self.play.hands[self._ring.index(s)]):
                out[card_text(c)] = f"exposed {self.seats[s]}"
        for e in self._early.values():
            out[card_text(e)] = "trick"
        if self._false_lead is not None:
            out[card_text(self._false_lead[1])] = "trick"
        for g in self._gathered:
            out[card_text(g)] = "gathered"
        return out

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.referee.seen.view(seat)

    # ------------------------------------------------------------------ the seen section's base view (SeenHooks)

    def _seen_base(self, seat: str | None) -> tuple[dict[str, Any], bool]:
        """The game's view, law mode's ``phase``, and the cards played early (or out of turn) beside the trick."""
        v: dict[str, Any] = super().view(seat)  # type: ignore[safe-super]
        v["phase"] = self.law_phase
        v["law_mode"] = True
        if self.play is not None:
            extra = [{"seat": self.seats[s], "card": card_text(c), "early": True} for s, c in self._early.items()]
            if self._false_lead is not None:
                s, c = self._false_lead
                extra.append({"seat": self.seats[s], "card": card_text(c), "out of turn": True})
            if extra:
                v["trick"] = list(v.get("trick") or []) + extra
        return v, True

    # ================================================================== wiring: the settlement

    def _settle(self) -> list[Event]:
        """The play is over: the claims step first (the game's own settlement is :meth:`RoundHooks._law_settle`)."""
        return self._end_of_hand()
