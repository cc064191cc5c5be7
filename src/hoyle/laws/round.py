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
from dataclasses import dataclass
from typing import Any, Protocol

from ..cards import CARD_TEXT as _TEXT
from ..cards import CARDS, SUIT_MASKS, SUIT_NAMES, SUITS, Card, mask_cards
from ..engine.actions import PLAY, Action, as_action
from ..engine.events import Event
from ..engine.table import Table
from ..errors import IllegalAction
from ..tricks import TrickPlay, trick_winner
from .decision import Decision as _Decision
from .decision import Remedy
from .hand import Renounce

__all__ = ["REMEDY_KINDS", "Decision", "RoundHooks", "RoundLawMixin", "RoundRule"]

REMEDY_KINDS = tuple(Remedy)
"""The remedies a round game's law may give (see :meth:`RoundLawMixin._law_rule`)."""

_WAIVE = Action.parse("waive")
_REQ_WORDS = {
    "highest": "his highest card of the suit led",
    "lowest": "his lowest card of the suit led",
    "win": "to win the trick",
    "not win": "not to win the trick",
    "trump": "to trump the trick",
    "not trump": "not to trump the trick (follow suit or pass the trick)",
}


def _A(text: str) -> Action:
    return Action.parse(text)


def _c(card: int) -> str:
    return _TEXT[card]


@dataclass(frozen=True)
class RoundRule:
    """What a game's law does with one irregularity: the laws, a plain clause, the remedies ``(kind, law)``."""

    laws: tuple[str, ...]
    text: str
    remedies: tuple[tuple[str, str], ...] = ()

    def kinds(self) -> list[str]:
        return [k for k, _ in self.remedies]

    def law_of(self, kind: str) -> str:
        return next((law for k, law in self.remedies if k == kind), self.laws[0] if self.laws else "")


Decision = _Decision[str, tuple[str, ...]]
"""A penalty phase at a round table: seats by name, a side as its seats."""


class RoundHooks(Protocol):
    """What a round game tells its law mode (:class:`RoundLawMixin`): the game's law class defines every method."""

    @abstractmethod
    def _law_declarers(self) -> list[str]:
        """The declaring side's seats (Solo: the caller, or proposer and acceptor; Boston: the bidder); empty while
        there is none (the auction; a general misère)."""

    @abstractmethod
    def _law_misere(self) -> bool:
        """Whether the contract is a misère (the caller may claim the stakes at once: 003 digest)."""

    @abstractmethod
    def _law_rule(self, key: str, offender: str) -> RoundRule:
        """The game's law for the irregularity ``key`` committed by ``offender``: the laws cited, a plain clause, and
        the remedies (each ``(kind, law)``, a :class:`~hoyle.laws.decision.Remedy`) the offended side may choose.

        Keys: ``exposed card``, ``call exposed`` and ``call exposed lead`` (an offender with liable cards is to play,
        or to lead; the mixin keeps the kinds that can bite), ``lead out of turn``, ``play out of turn``, ``trick
        looked at``, ``last trick looked at``, ``hand thrown down``.  No remedies: no penalty (the ruling says so)."""

    @abstractmethod
    def _law_before_first_call(self) -> bool:
        """Whether no call has been made yet (the dealer's irregular deals and a wrong hand found then give a new
        deal by the same dealer)."""

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
    def _law_revoke_settle(self, revokes: dict[str, int]) -> list[Event]:
        """Settle a hand with revokes established and claimed (both sides: the deal is void)."""

    @abstractmethod
    def _law_stakes(self, offender: str, key: str) -> list[Event]:
        """The misère caller claims the stakes for an adversary's irregularity ``key``."""

    @abstractmethod
    def _law_abandoned(self, abandoner: str, played_out_made: int | None) -> list[Event]:
        """Settle a hand thrown down (002 §27 Solo)."""

    @abstractmethod
    def _law_wrong_hands(self, wrong: list[str], final: bool) -> tuple[str, list[Event]]:
        """Hands of the wrong size found in the play (``final``: at the end of a hand played out on such a finding):
        the ruling word and the events.  The word ``"play on"`` (only when not ``final``) goes on with the play and
        settles at its end, as 002 §19 Solo wants when the caller's hand is wrong; any other word means the hook has
        settled the hand."""

    @abstractmethod
    def _law_redeal(self, text: str, laws: list[str]) -> list[Event]:
        """A new deal by the same dealer, no penalty (003 digest; 002 §14)."""

    @abstractmethod
    def _law_dealer(self) -> str:
        """The dealer's seat."""

    @abstractmethod
    def _law_in_play(self) -> bool:
        """Whether the cards are being played (the game's play phase)."""

    @abstractmethod
    def _law_hand_sizes(self) -> dict[str, int]:
        """The cards each active seat holds now (the mixin compares it with thirteen less the cards he has played, to
        find a hand of the wrong size)."""

    @abstractmethod
    def _law_move_card(self, giver: str, taker: str) -> None:
        """The dealer's ``deal a card too many to X``: move one card (not the turned card) from ``giver``'s hand to
        ``taker``'s."""


class RoundLawMixin(Table, RoundHooks):
    """The law-mode part of a round table (one declaring side against the rest): see the module docstring."""

    active: list[str]
    play: TrickPlay | None
    deal_no: int
    _played_view: list[dict[str, str]]  # kept by Solo's and Boston's tables (see _rewind_views)
    _last_trick_view: dict[str, Any] | None

    renounce_law = "002 §28"
    """The law that defines a renounce in error (a game may cite its own)."""

    public_calls = False
    """Whether the calls offered on an exposed card are chosen on what the table can see (Solo), not on the
    offender's concealed hand (see :meth:`_exposed_due`)."""

    # ================================================================== state

    def _law_reset(self) -> None:
        """Forget the law's facts of the last deal (the game's ``_new_deal`` calls this first)."""
        self._decisions: list[Decision] = []
        self._shown: dict[str, int] = {}  # cards face up before their owner (place "exposed X")
        self._liable: dict[str, int] = {}  # of those, the ones liable to be called
        self._early: dict[str, int] = {}  # cards played out of turn, waiting for their owner's turn
        self._false_lead: tuple[str, int] | None = None
        self._require: dict[str, str] = {}  # one play: "highest", "not win", "card QS", "not card QS"...
        self._lead_suit: dict[str, int] = {}
        self._suit_rights: list[dict[str, Any]] = []
        self._renounces: list[Renounce] = []
        self._gathered: dict[int, str] = {}  # a second card played to a trick: gathered with it, out of its hand
        self._mixed: set[str] = set()
        self._abandoned: str | None = None
        self._claims = False
        self._proven: dict[str, int] = {}
        self._asked: tuple[int, int, str] | None = None
        self._wrong: list[str] = []
        self._open_last = False  # the last trick is complete but not yet turned and quitted (nothing played since)

    def _law_state(self) -> bool:
        return hasattr(self, "_decisions")

    # ================================================================== rulings and sides

    def _ruling(
        self,
        key: str,
        text: str,
        laws: list[str] | tuple[str, ...],
        *,
        seat: str | None = None,
        remedy: str | None = None,
        **data: Any,
    ) -> Event:
        """A ruling: what happened, the law(s), the remedy, one plain sentence."""
        cited = list(dict.fromkeys(laws))
        payload: dict[str, Any] = {"irregularity": key, "laws": cited}
        if remedy is not None:
            payload["remedy"] = remedy
        payload.update(data)
        return Event(
            "ruling",
            f"{text} ({', '.join(cited)})",
            seat=seat,
            law=cited[0] if len(cited) == 1 else cited,
            data=payload,
        )

    def _side_of(self, seat: str) -> list[str]:
        d = self._law_declarers()
        if not d:
            return [seat]
        return list(d) if seat in d else [s for s in self.active if s not in d]

    def _offended(self, seat: str) -> list[str]:
        """The seats against whom ``seat`` offends: the other side (everyone else when there is no side)."""
        mine = self._side_of(seat)
        return [s for s in self.active if s not in mine]

    def _chooser(self, offended: list[str], offender: str) -> str:
        """The offended seat nearest the offender's right (who plays before him: 002 §21, §24)."""
        m = len(self.active)
        i = self.active.index(offender)
        for k in range(1, m):
            s = self.active[(i - k) % m]
            if s in offended:
                return s
        return offended[0]

    def _decision(
        self,
        key: str,
        offender: str,
        rule: RoundRule,
        options: list[tuple[str, str]],
        text: str,
        *,
        chooser: str | None = None,
        side: list[str] | None = None,
        **context: Any,
    ) -> None:
        side = side if side is not None else self._offended(offender)
        seat = chooser or self._chooser(side, offender)
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

    @property
    def to_act(self) -> str | None:
        if self.over:
            return None
        if self._law_state() and self._decisions:
            return self._decisions[0].seat
        return super().to_act  # type: ignore[safe-super]

    @property
    def law_phase(self) -> str:
        """``penalty`` (a side chooses), ``claims`` (the hand is over), or the game's own phase."""
        if self.over:
            return "over"
        if self._decisions:
            return "claims" if self._claims else "penalty"
        return str(getattr(self, "phase", "play"))

    def remedies(self) -> list[tuple[Action, str]]:
        """The remedies of the penalty phase in hand, each with its citation (empty outside a penalty phase)."""
        return [] if self.over or not self._decisions else self._decisions[0].remedies()

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self._decisions:
            return self._decisions[0].actions()
        if self._playing():
            play = self.play
            assert play is not None
            return [PLAY[c] for c in mask_cards(self._constrained(self.active[play.turn]))]
        return super().legal_actions()  # type: ignore[safe-super]

    def _playing(self) -> bool:
        return self._law_in_play() and self.play is not None and not self._claims

    def _check(self, action: Action) -> None:
        if action.seat is not None and action.seat == self.to_act:
            action = action.by(None)
        if action in self.legal_actions():
            return
        if self._decisions:
            d = self._decisions[0]
            raise IllegalAction(
                f"{action}: {d.seat} is to choose ({d.text}); the choices are: {', '.join(a for a, _ in d.options)}"
            )
        if self._playing():
            super()._check(action)  # type: ignore[safe-super]  # the game's reason (not his card; must follow suit)
            raise IllegalAction(f"{action}: a call is in force on {self.to_act}: {self._calls_text(self.to_act or '')}")
        super()._check(action)  # type: ignore[safe-super]

    def apply(self, action: Action | str) -> list[Event]:
        """Take ``action`` for the seat to act, or for the seat it names (``"C: play QS"``).

        A lawful action of the seat to act is taken as in strict mode; any other act listed by
        :meth:`irregular_actions` for that seat is taken as the irregularity (or right out of
        turn) it is, and ruled on; anything else raises :class:`IllegalAction` and changes nothing.
        """
        act = action if type(action) is Action else as_action(action)
        if self.over:
            raise IllegalAction(f"{act}: the sitting is over; nothing more can be done")
        to_act = self.to_act
        who = act.seat or to_act
        if who not in self.seats:
            raise IllegalAction(f"{act}: there is no seat {who!r}; the seats are {', '.join(self.seats)}")
        plain = act.by(None)
        if who == to_act and plain in self.legal_actions():
            self.actions.append(plain)
            events = self._law_do(plain)
        elif plain in self.irregular_actions(who):
            self.actions.append(plain if who == to_act else plain.by(who))
            events = self._irregular(who, plain)
        elif who != to_act:
            raise IllegalAction(
                f"{act}: it is {to_act}'s turn, not {who}'s, and {plain} is not an act {who} can"
                f" take now (see irregular_actions('{who}'))"
            )
        else:
            self._check(plain)  # the game's reason, or none: the game's other words for a lawful act
            self.actions.append(plain)  # (``call abundance``, ``bid six in first preference``), taken as there
            events = self._law_do(plain)
        events.extend(self._law_after())
        return self._logged(events)  # with the deals' commitments and proofs (engine)

    def _apply_out_of_turn(self, action: Action) -> list[Event]:  # pragma: no cover - apply() routes everything
        return self.apply(action)

    def _do(self, action: Action) -> list[Event]:
        return self._law_do(action)

    def _law_do(self, action: Action) -> list[Event]:
        if self._decisions:
            d = self._decisions.pop(0)
            return self._decide(d, action, d.seat)
        if self._playing() and action.card is not None:
            play = self.play
            assert play is not None
            return self._put(self.active[play.turn], action.card)
        return super()._do(action)  # type: ignore[safe-super]

    # ================================================================== the play

    def _holds(self, seat: str) -> int:
        play = self.play
        assert play is not None
        return play.hands[self.active.index(seat)]

    def _trick_no(self) -> int:
        play = self.play
        assert play is not None
        return len(play.quitted) + 1

    def _constrained(self, seat: str) -> int:
        """The cards ``seat`` may lawfully play now, under the calls in force on him (002 §21, §24, §26, §38)."""
        play = self.play
        assert play is not None
        hand = self._holds(seat)
        m = hand
        if play.trick:
            follow = hand & SUIT_MASKS[play.trick[0] // 13]
            m = follow or hand
        elif seat in self._lead_suit:
            m = (hand & SUIT_MASKS[self._lead_suit[seat]]) or m
        req = self._require.get(seat)
        if req is not None:
            m = self._required(m, req)
        return m

    def _would_win(self, card: int) -> bool:
        play = self.play
        assert play is not None
        cards = list(play.trick) + list(self._early.values())
        if not cards:
            return True
        if not play.trick:
            return False
        return trick_winner([*cards, card], play.trumps) == len(cards)

    def _required(self, m: int, req: str) -> int:
        play = self.play
        assert play is not None
        cards = mask_cards(m)
        pick: list[int] = []
        if req.startswith("card "):
            c = _TEXT.index(req[5:])
            pick = [c] if m >> c & 1 else []
        elif req.startswith("not card "):
            c = _TEXT.index(req[9:])
            pick = [x for x in cards if x != c]
        elif req in ("highest", "lowest") and play.trick:
            led = play.trick[0] // 13
            suited = [x for x in cards if x // 13 == led]
            pick = [max(suited)] if suited and req == "highest" else [min(suited)] if suited else []
        elif req == "win":
            pick = [x for x in cards if self._would_win(x)]
        elif req == "not win":
            pick = [x for x in cards if not self._would_win(x)]
        elif req in ("trump", "not trump") and play.trumps is not None:
            t = play.trumps
            pick = [x for x in cards if (x // 13 == t) == (req == "trump")]
        out = 0
        for x in pick:
            out |= 1 << x
        return out or m

    def _establish(self) -> None:
        """A card goes to a new trick: the renounces of the last one can no longer be corrected (002 §28)."""
        n = self._trick_no()
        self._open_last = False
        for r in self._renounces:
            if r.status == "open" and r.trick < n:
                r.status = "established"

    def _fact(self, seat: str, card: int) -> None:
        """Record a renounce (a fact: 002 §28) and a call not complied with (002 §38) when ``seat`` plays ``card``."""
        play = self.play
        assert play is not None
        i = self.active.index(seat)
        lead = play.trick[0] if play.trick else None
        if lead is not None and card // 13 != lead // 13:
            holds = bool(play.hands[i] & SUIT_MASKS[lead // 13])
            self._renounces.append(Renounce(i, self._trick_no(), card, lead // 13, holds, law=self.renounce_law))
            if holds:
                return
        if self._doubtful(seat, card):
            # What the table sees: a play under a call that does not show itself complied with.  Whether he could
            # comply is what his concealed cards say, so the claims step is offered on this, not on the fact.
            self._renounces.append(Renounce(i, self._trick_no(), card, -1, False, status="established", kind="doubt"))
        if not self._constrained(seat) >> card & 1:
            self._renounces.append(
                Renounce(i, self._trick_no(), card, -1, True, status="established", kind="failed", law="002 §38")
            )

    def _doubtful(self, seat: str, card: int) -> bool:
        """Whether ``seat`` playing ``card`` under the calls in force on him may, for all the table can see, fail to
        comply with one (002 §38): judged on the calls, the card and the cards played, never on his hand."""
        play = self.play
        assert play is not None
        req = self._require.get(seat)
        if not play.trick:
            suit = self._lead_suit.get(seat)
            if suit is not None and card // 13 != suit:
                return True
            if req in ("highest", "lowest", "win", "not win"):
                return False  # nothing led: these bind no lead
        if req is None:
            return False
        if req.startswith("card "):
            called = _TEXT.index(req[5:])
            led = play.trick[0] // 13 if play.trick else None  # following suit, he could not play another
            return card != called and not (led is not None and card // 13 == led and called // 13 != led)
        if req.startswith("not card "):
            return card == _TEXT.index(req[9:])
        if req in ("highest", "lowest"):
            led = play.trick[0] // 13
            if card // 13 != led:
                return True
            seen = {c for _, cards, _ in play.quitted for c in cards} | set(play.trick)
            others = range(card + 1, 13 * led + 13) if req == "highest" else range(13 * led, card)
            return any(c not in seen for c in others)
        if req in ("win", "not win"):
            return self._would_win(card) != (req == "win")
        if req in ("trump", "not trump") and play.trumps is not None:
            return (card // 13 == play.trumps) != (req == "trump")
        return False

    def _claim_revoke(self, accused: list[str], claimants: list[str]) -> Decision:
        """The claimants' choice to claim a revoke against ``accused`` (the tricks then searched) or waive it
        (002 §32, §33)."""
        return Decision(
            "claim revoke",
            claimants[0],
            tuple(claimants),
            [("claim revoke", "002 §33"), ("waive", "002 §33")],
            ["002 §32", "002 §33"],
            f"{' and '.join(accused)} renounced in the hand: {' or '.join(claimants)} may claim a revoke, and the"
            " tricks are searched",
            context={"accused": list(accused)},
        )

    def _suspected(self, seats: list[str]) -> list[Renounce]:
        """The facts of ``seats`` that the table has seen (every renounce, and every play under a call not seen to
        comply), on which alone a claim of a revoke is offered: never the failures to comply themselves, which
        only the search may bring to light (issue 13)."""
        return [r for r in self._accused(seats) if r.kind != "failed"]

    def _put(self, seat: str, card: int, *, early: bool = False) -> list[Event]:
        """``seat``, in turn, plays ``card`` (from his hand, or the card he played early) to the trick."""
        play = self.play
        assert play is not None
        if not play.trick:
            self._establish()
        if not early:
            self._fact(seat, card)
        self._require.pop(seat, None)
        self._lead_suit.pop(seat, None)
        bit = 1 << card
        for d in (self._shown, self._liable):
            if d.get(seat, 0) & bit:
                d[seat] &= ~bit
        if early:
            play.hands[self.active.index(seat)] |= bit  # back for a moment: the game's play takes it
        n = len(play.quitted)
        events = self._law_game_play(PLAY[card])
        if self.play is play and len(play.quitted) > n and not self.over:
            self._open_last = True
        return events

    def _law_after(self) -> list[Event]:
        """After every act: cards played early go in their turn; the offended side's rights fall due."""
        events: list[Event] = []
        while not self.over and not self._decisions and self._playing():
            play = self.play
            assert play is not None
            seat = self.active[play.turn]
            if seat in self._early and self._false_lead is None:
                events.extend(self._put(seat, self._early.pop(seat), early=True))
                continue
            if self._false_lead is not None:
                break
            if not play.hands[play.turn]:
                if self._wrong:  # played out as far as it can be (002 §19 Solo)
                    events.extend(self._end_of_hand())
                    break
                events.extend(self._wrong_number(f"{seat} has no card to play"))
                continue
            if not play.trick and self._suit_right_due(seat):
                break
            self._exposed_due(seat)
            break
        return events

    def _suit_right_due(self, seat: str) -> bool:
        for right in list(self._suit_rights):
            if seat in right["from"]:
                self._suit_rights.remove(right)
                rule = RoundRule(tuple(right["laws"]), "")
                opts = [(f"call suit {s}", right["laws"][0]) for s in self._suits_in_play()]
                self._decisions.append(
                    Decision(
                        "call suit",
                        right["holder"],
                        tuple(right["side"]),
                        [*opts, ("waive", right["laws"][-1])],
                        list(rule.laws),
                        f"{seat} is to lead: {right['holder']} may call a suit from him ({right['why']})",
                        offender=seat,
                    )
                )
                return True
        return False

    def _suits_in_play(self) -> list[str]:
        play = self.play
        assert play is not None
        held = 0
        for h in play.hands:
            held |= h
        return [s for i, s in enumerate(SUITS) if held & SUIT_MASKS[i]]

    def _exposed_due(self, seat: str) -> None:
        """The owner of cards liable to be called is to play: the offended side may call them (002 §21; 003).

        With :attr:`public_calls` (Solo), the remedies offered are those the offended side may demand on what it
        can see (the exposed cards, the suit led, the cards left in his hand), not on what the offender holds:
        "Follow suit or play the —" is said without knowing whether he can follow, and neither the choices nor
        whether there is a choice at all may tell the table what is in his hand.  A demand he cannot obey does not
        bite ("If the owner of the exposed card has no other of the suit, the penalty is paid": 002 §21 Solo)."""
        liable = self._liable.get(seat, 0) & self._holds(seat)
        play = self.play
        assert play is not None
        key = (self.deal_no, len(play.quitted) * 8 + len(play.trick), seat)
        if not liable or self._asked == key:
            return
        self._asked = key
        leading = not play.trick
        rule = self._law_rule("call exposed lead" if leading else "call exposed", seat)
        kinds = rule.kinds()
        led = None if leading else play.trick[0] // 13
        opts: list[tuple[str, str]] = []
        if self.public_calls:
            if self._holds(seat).bit_count() == 1:
                return  # his last card: he must play it, whatever is demanded (and all can count his cards)
            i, n = self.active.index(seat), self._trick_no()
            # He corrected a renounce in this trick: all know he holds the suit led, and must follow it (002 §29).
            follows = led is not None and any(
                r.seat == i and r.trick == n and r.status == "corrected" for r in self._renounces
            )
            for c in mask_cards(liable):
                for kind in ("call card", "forbid card"):
                    if kind in kinds and (led is None or c // 13 == led or (kind == "call card" and not follows)):
                        opts.append((f"{kind} {_c(c)}", rule.law_of(kind)))
            if led is not None:
                if liable & SUIT_MASKS[led]:
                    opts += [(k, rule.law_of(k)) for k in ("require highest", "require lowest") if k in kinds]
                t = play.trumps
                if (
                    t is not None
                    and led != t
                    and liable & SUIT_MASKS[t]
                    and "require not trump" in kinds
                    and not follows
                ):
                    opts.append(("require not trump", rule.law_of("require not trump")))
        else:
            lawful = self._constrained(seat)
            for c in mask_cards(liable & lawful):
                if lawful == 1 << c:
                    continue  # he must play it anyway: "the penalty is paid" (002 §21 Solo)
                for kind in ("call card", "forbid card"):
                    if kind in kinds and (kind == "call card" or led is None or c // 13 == led):
                        opts.append((f"{kind} {_c(c)}", rule.law_of(kind)))
            if led is not None:
                if liable & SUIT_MASKS[led] and (lawful & SUIT_MASKS[led]).bit_count() >= 2:
                    opts += [(k, rule.law_of(k)) for k in ("require highest", "require lowest") if k in kinds]
                t = play.trumps
                if (
                    t is not None
                    and led != t
                    and liable & SUIT_MASKS[t]
                    and "require not trump" in kinds
                    and not lawful & SUIT_MASKS[led]
                    and lawful & ~SUIT_MASKS[t]
                    and lawful & SUIT_MASKS[t]
                ):
                    opts.append(("require not trump", rule.law_of("require not trump")))
        if opts:
            shown = " ".join(_c(c) for c in mask_cards(liable))
            self._decision(
                "call exposed", seat, rule, opts, f"{seat} is to play with {shown} exposed, liable to be called"
            )

    def _calls_text(self, seat: str) -> str:
        parts = []
        if seat in self._lead_suit:
            parts.append(f"must lead {SUIT_NAMES[SUITS[self._lead_suit[seat]]]}")
        if seat in self._require:
            parts.append(f"required to play {self._require[seat]}")
        return "; ".join(parts) or "none"

    # ================================================================== irregular acts

    def irregular_actions(self, seat: str) -> list[Action]:
        """What ``seat`` may do now besides the lawful actions of the seat to act: irregularities, and rights
        exercised out of turn (a partner's choice of penalty, a claim)."""
        self.seat_check(seat)
        if self.over or seat not in self.active:
            return []
        out: list[Action] = []
        if self._decisions:
            d = self._decisions[0]
            if seat in d.side and seat != d.seat:
                out.extend(d.actions())
                if d.key not in ("claim revoke", "search") and len(d.side) > 1:
                    out.append(_A("consult"))
            if d.key == "search" and seat in d.context["accused"] and not self._mixed & set(d.context["accused"]):
                out.append(_A("mix tricks"))
            if self._claims:
                return out
        if self._law_before_first_call():
            out.extend(self._deal_irregulars(seat))
        if not self._decisions and any(n != self._due(s) for s, n in self._law_hand_sizes().items()):
            out.append(_A("claim misdeal"))
        if not self._playing():
            return out
        play = self.play
        assert play is not None
        hand = self._holds(seat)
        turn = self.active[play.turn]
        if self._decisions:
            out += self._any_time(seat, hand)
            return out
        if seat == turn and self._false_lead is None:
            ok = self._constrained(seat)
            out += [PLAY[c] for c in mask_cards(hand & ~ok)]
        elif (
            seat not in self._early
            and (self._false_lead is None or self._false_lead[0] != seat)
            and not self._played(seat)
            and self._false_lead is None
        ):
            out += [PLAY[c] for c in mask_cards(hand)]
        out += self._any_time(seat, hand)
        if any(
            self.active[r.seat] == seat and r.status == "open" and r.in_error and r.kind == "renounce"
            for r in self._renounces
        ):
            out.append(_A("correct"))
        if not play.trick and not self._early and self._false_lead is None and hand and self._open_last:
            out += [_A(f"add {_c(c)}") for c in mask_cards(hand & ~self._shown.get(seat, 0))]
        if (
            self._law_misere()
            and seat in self._law_declarers()
            and any(self.active[r.seat] not in self._law_declarers() and r.kind != "failed" for r in self._renounces)
        ):
            out.append(_A("claim revoke"))
        return out

    def _any_time(self, seat: str, hand: int) -> list[Action]:
        """Acts a seat may commit at any moment of the play: expose a card, throw his hand down, look at a trick."""
        play = self.play
        assert play is not None
        out: list[Action] = []
        concealed = hand & ~self._shown.get(seat, 0) & ~self._turned_mask()
        out += [_A(f"expose {_c(c)}") for c in mask_cards(concealed)]
        if hand and self._abandoned is None and self._law_declarers() and concealed:
            out.append(_A("throw down hand"))
        out += [_A(f"look at trick {n}") for n in range(1, len(play.quitted) + 1)]
        return out

    def _turned_mask(self) -> int:
        """The card lying turned on the table (not to be exposed from the hand)."""
        return 0

    def _played(self, seat: str) -> bool:
        play = self.play
        assert play is not None
        m = len(self.active)
        return any(self.active[(play.leader + k) % m] == seat for k in range(len(play.trick)))

    def _deal_irregulars(self, seat: str) -> list[Action]:
        if seat != self._law_dealer():
            return []
        out = [_A("deal with a card faced"), _A("deal exposing a card")]
        out += [_A(f"deal a card too many to {s}") for s in self.active if s != seat]
        return out

    def _due(self, seat: str) -> int:
        """How many cards ``seat`` should hold now: thirteen less those he has played."""
        play = self.play
        if play is None:
            return 13
        i = self.active.index(seat)
        m = len(self.active)
        n = sum(1 for leader, cards, _ in play.quitted for k in range(len(cards)) if (leader + k) % m == i)
        n += sum(1 for k in range(len(play.trick)) if (play.leader + k) % m == i)
        n += 1 if seat in self._early else 0
        n += 1 if self._false_lead is not None and self._false_lead[0] == seat else 0
        return 13 - n

    def _irregular(self, who: str, action: Action) -> list[Event]:
        """Carry out an irregular act (validated by :meth:`irregular_actions`)."""
        text = str(action)
        if self._decisions:
            d = self._decisions[0]
            if who in d.side and who != d.seat and action in d.actions():
                self._decisions.pop(0)  # 003 digest: the partners may decide which of them shall exact it
                return self._decide(d, action, who)
            if text == "consult":
                self._decisions.pop(0)
                return [
                    self._ruling(
                        "consultation",
                        f"{who} consults his partner on the penalty ({d.text}): it is"
                        " lost, for the partners must not consult save in the case of a revoke",
                        ["003 Solo digest"],
                        seat=who,
                        remedy="none",
                    )
                ]
            if text == "mix tricks":
                self._mixed.add(who)
                return [
                    self._ruling(
                        "tricks mixed",
                        f"{who} mixes the tricks before the claimants have examined them:"
                        " the revoke claimed is established",
                        ["002 §32", "003 Solo digest"],
                        seat=who,
                        remedy="the revoke is established",
                    )
                ]
        verb, arg = action.verb, action.arg
        if verb == "deal":
            return self._deal_act(who, arg)
        if text == "claim misdeal":
            return self._claim_misdeal(who)
        if verb == "play" and action.card is not None:
            return self._play_irregular(who, action.card)
        if verb == "expose":
            return self._expose(who, [int(Card.from_text(arg))])
        if text == "throw down hand":
            return self._throw_down(who)
        if verb == "look":
            return self._look(who, int(arg.split()[-1]))
        if text == "correct":
            return self._correct(who)
        if verb == "add":
            return self._add(who, int(Card.from_text(arg)))
        if text == "claim revoke":
            return self._claim_at_once(who)
        raise IllegalAction(f"{action}: not an act of law mode")  # pragma: no cover

    # ------------------------------------------------------------------ the deal

    def _deal_act(self, who: str, arg: str) -> list[Event]:
        if arg in ("with a card faced", "exposing a card"):
            what = "a card faced in the pack" if arg == "with a card faced" else "a card exposed in dealing"
            return self._law_redeal(
                f"{who} deals with {what}: a fresh deal by the same dealer, no penalty",
                ["003 Solo digest", "002 §14", "002 §12 Solo"],
            )
        target = arg.split()[-1].upper()
        self._law_move_card(who, target)
        return [
            Event(
                "deal irregular",
                f"{who} deals {target} a card too many (the cards are dealt so)",
                seat=who,
                data={"to": target},
            )
        ]

    def _claim_misdeal(self, who: str) -> list[Event]:
        wrong = [s for s, n in self._law_hand_sizes().items() if n != self._due(s)]
        if self._law_before_first_call() or not self._law_declarers() or not self._playing():
            when = (
                " before the first call"
                if self._law_before_first_call()
                else " before the play has begun"
                if not self._playing()
                else ""
            )
            return self._law_redeal(
                f"{who} finds {' and '.join(wrong)} with the wrong number of cards{when}: a fresh"
                " deal by the same dealer, no penalty",
                ["003 Solo digest", "002 §12 Solo"],
            )
        return self._wrong_number(f"{who} counts the cards")

    def _wrong_number(self, how: str) -> list[Event]:
        wrong = [s for s, n in self._law_hand_sizes().items() if n != self._due(s)]
        word, events = self._law_wrong_hands(wrong, False)
        if word == "play on":
            self._wrong = wrong
        return events

    # ------------------------------------------------------------------ cards played wrongly

    def _play_irregular(self, who: str, card: int) -> list[Event]:
        play = self.play
        assert play is not None
        turn = self.active[play.turn]
        if who == turn:  # a renounce in error, or a call not complied with: facts, ruled at the claims
            return self._put(who, card)
        i = self.active.index(who)
        play.hands[i] &= ~(1 << card)
        for d in (self._shown, self._liable):
            if d.get(who, 0) >> card & 1:
                d[who] &= ~(1 << card)
        if not play.trick:
            return self._lead_out_of_turn(who, card)
        return self._play_out_of_turn(who, card)

    def _lead_out_of_turn(self, who: str, card: int) -> list[Event]:
        play = self.play
        assert play is not None
        self._establish()
        self._false_lead = (who, card)
        rightful = self.active[play.turn]
        rule = self._law_rule("lead out of turn", who)
        event = Event(
            "play",
            f"{who} leads {_c(card)} out of turn ({rightful} was to lead)",
            seat=who,
            data={"card": _c(card), "out of turn": True},
        )
        if not rule.remedies:
            return [event, *self._false_lead_stands(rule, f"{who}'s lead out of turn: {rule.text}")]
        opts: list[tuple[str, str]] = []
        for kind, law in rule.remedies:
            opts.append((f"call card {_c(card)}" if kind == "call card" else kind, law))
        self._decision("lead out of turn", who, rule, opts, f"{who} led the {CARDS[card].name} out of turn", card=card)
        return [
            event,
            self._ruling(
                "lead out of turn",
                f"{who} leads out of turn, {rightful} being to lead: {rule.text}",
                rule.laws,
                seat=who,
                remedy="the offended side's choice",
            ),
        ]

    def _false_lead_stands(self, rule: RoundRule, text: str) -> list[Event]:
        play = self.play
        assert play is not None and self._false_lead is not None
        who, card = self._false_lead
        self._false_lead = None
        i = self.active.index(who)
        play.leader = play.turn = i
        play.hands[i] |= 1 << card
        events = [self._ruling("lead out of turn", f"{text}; the lead stands", rule.laws, seat=who, remedy="none")]
        return events + self._put(who, card, early=True)

    def _play_out_of_turn(self, who: str, card: int) -> list[Event]:
        play = self.play
        assert play is not None
        lead = play.trick[0] // 13
        i = self.active.index(who)
        if card // 13 != lead:
            holds = bool(play.hands[i] & SUIT_MASKS[lead])
            self._renounces.append(Renounce(i, self._trick_no(), card, lead, holds, law=self.renounce_law))
        self._early[who] = card
        m = len(self.active)
        skipped: list[str] = []
        for k in range(m):
            s = self.active[(play.turn + k) % m]
            if s == who:
                break
            skipped.append(s)
        mine = self._side_of(who)
        partners = [s for s in skipped if s in mine and s != who and s not in self._early]
        rule = self._law_rule("play out of turn", who)
        event = Event(
            "play",
            f"{who} plays {_c(card)} out of turn, before {skipped[0]}",
            seat=who,
            data={"card": _c(card), "out of turn": True},
        )
        opts = [
            (k, law) for k, law in rule.remedies if k == "claim the stakes" or (partners and k.startswith("require"))
        ]
        if not opts:
            why = rule.text if not rule.remedies else "none of his partners has been passed over"
            return [
                event,
                self._ruling(
                    "play out of turn",
                    f"{who} plays before his turn: no penalty ({why}); the card stands played",
                    rule.laws,
                    seat=who,
                    remedy="none",
                ),
            ]
        target = partners[0] if partners else None
        self._decision(
            "play out of turn",
            who,
            rule,
            opts,
            f"{who} played out of turn" + (f": {target}, who has not played, may be called upon" if target else ""),
            target=target,
        )
        return [
            event,
            self._ruling(
                "play out of turn",
                f"{who} plays out of turn before {skipped[0]}: {rule.text}",
                rule.laws,
                seat=who,
                remedy="the offended side's choice",
            ),
        ]

    def _expose(self, who: str, cards: list[int]) -> list[Event]:
        bits = 0
        for c in cards:
            bits |= 1 << c
        self._shown[who] = self._shown.get(who, 0) | bits
        names = " ".join(_c(c) for c in cards)
        rule = self._law_rule("exposed card", who)
        event = Event("expose", f"{who} exposes {names}", seat=who, data={"cards": [_c(c) for c in cards]})
        if not rule.remedies:
            return [
                event,
                self._ruling(
                    "exposed card",
                    f"{who} exposes {names}: no penalty ({rule.text})",
                    rule.laws,
                    seat=who,
                    remedy="none",
                ),
            ]
        self._liable[who] = self._liable.get(who, 0) | bits
        out = [
            event,
            self._ruling(
                "exposed card", f"{who} exposes {names}: {rule.text}", rule.laws, seat=who, remedy="liable to be called"
            ),
        ]
        stakes = [(k, law) for k, law in rule.remedies if k == "claim the stakes"]
        if stakes:
            self._decision("exposed card", who, rule, stakes, f"{who} exposed {names} against the misère")
        return out

    def _throw_down(self, who: str) -> list[Event]:
        play = self.play
        assert play is not None
        hand = self._holds(who)
        rule = self._law_rule("hand thrown down", who)
        if who in self._law_declarers():  # settled at once: the cards are gathered (and not spelt out here)
            event = Event("expose", f"{who} throws his cards on the table face upwards", seat=who, data={})
            return [
                event,
                self._ruling(
                    "hand thrown down",
                    f"{who}, of the declaring side, abandons his hand: {rule.text}",
                    rule.laws,
                    seat=who,
                    remedy="settled",
                ),
                *self._law_abandoned(who, None),
            ]
        self._shown[who] = self._shown.get(who, 0) | hand
        shown = " ".join(_c(c) for c in mask_cards(hand))
        event = Event(
            "expose",
            f"{who} throws his cards on the table face upwards: {shown}",
            seat=who,
            data={"hands": {who: shown}},
        )
        partners = [s for s in self._side_of(who) if s != who]
        self._abandoned = who
        self._decision(
            "hand thrown down",
            who,
            rule,
            list(rule.remedies),
            f"{who} abandoned his hand",
            chooser=partners[0],
            side=partners,
        )
        return [
            event,
            self._ruling(
                "hand thrown down",
                f"{who} abandons his hand: {rule.text}",
                rule.laws,
                seat=who,
                remedy="his partners' choice",
            ),
        ]

    def _look(self, who: str, n: int) -> list[Event]:
        play = self.play
        assert play is not None
        last = n == len(play.quitted)
        key = "last trick looked at" if last else "trick looked at"
        rule = self._law_rule(key, who)
        if not rule.remedies:
            cards = play.quitted[n - 1][1]
            word = "may" if last else "may not"
            return [
                self._ruling(
                    key,
                    f"{who} looks at trick {n}: {rule.text}",
                    rule.laws,
                    seat=who,
                    remedy="none",
                    lawful=last and word == "may",
                    cards=[_c(c) for c in cards] if last else None,
                )
            ]
        opts = list(rule.remedies)
        self._decision(key, who, rule, opts, f"{who} looked at trick {n}")
        return [
            self._ruling(
                key,
                f"{who} looks at trick {n}, already turned and quitted: {rule.text}",
                rule.laws,
                seat=who,
                remedy="the offended side's choice",
            )
        ]

    def _add(self, who: str, card: int) -> list[Event]:
        play = self.play
        assert play is not None
        play.hands[self.active.index(who)] &= ~(1 << card)
        self._gathered[card] = who
        n = len(play.quitted)
        return [
            self._ruling(
                "second card to trick",
                f"{who} plays a second card to trick {n}, which is gathered with it: his hand is now a card short",
                ["002 §19 Solo", "002 §20 II"],
                seat=who,
                remedy="the hand is found wrong when it comes to light",
            )
        ]

    def _correct(self, who: str) -> list[Event]:
        """A renounce in error corrected before it is established (002 §28-29): the card played is liable."""
        play = self.play
        assert play is not None
        r = next(
            x
            for x in reversed(self._renounces)
            if self.active[x.seat] == who and x.status == "open" and x.in_error and x.kind == "renounce"
        )
        r.status = "corrected"
        if self._early.get(who) == r.card:  # played out of turn, still waiting on the table: taken back
            del self._early[who]
            self._holds_add(who, r.card)
            return [
                self._ruling(
                    "renounce corrected",
                    f"{who} corrects his renounce in trick {r.trick} before it"
                    f" is established: no revoke; the {CARDS[r.card].name} is taken back",
                    ["002 §28", "002 §29"],
                    seat=who,
                    remedy="the card is exposed",
                ),
                *self._expose(who, [r.card]),
            ]
        unquit = r.trick == len(play.quitted)  # the trick is complete, not yet turned and quitted
        if unquit:
            leader, cards, winner = play.quitted.pop()
            play.won[winner] -= 1
            play.trick = list(cards)
            play.leader = leader
            self._open_last = False
        m = len(self.active)
        pos = next(k for k in range(len(play.trick)) if (play.leader + k) % m == r.seat)
        taken = play.trick[pos:]
        del play.trick[pos:]
        for k, c in enumerate(taken):
            play.hands[(play.leader + pos + k) % m] |= 1 << c
        play.turn = r.seat
        self._law_rewind(len(taken), unquit)
        events = [
            self._ruling(
                "renounce corrected",
                f"{who} corrects his renounce in trick {r.trick} before it is"
                f" established: no revoke; the {CARDS[r.card].name} is taken back"
                + (", and those played after it may be changed" if len(taken) > 1 else ""),
                ["002 §28", "002 §29"],
                seat=who,
                remedy="the card is exposed",
            )
        ]
        return events + self._expose(who, [r.card])

    # ================================================================== deciding

    def _decide(self, d: Decision, action: Action, by: str) -> list[Event]:
        """The offended side's choice (``action``, by ``by``) in the penalty phase ``d``."""
        text = str(action)
        law = dict(d.options).get(text, "")
        laws = [law] if law else d.laws
        off = d.offender or ""
        if d.key in ("claim revoke", "search"):
            return self._decide_claim(d, text, by)
        if text == "claim the stakes":
            return [
                self._ruling(
                    d.key,
                    f"{by} claims the stakes: {d.text}; the offender pays for himself and his partners",
                    laws,
                    seat=by,
                    remedy=text,
                ),
                *self._law_stakes(off, d.key),
            ]
        if d.key == "lead out of turn":
            card = d.context["card"]
            if text == "waive":
                return self._false_lead_stands(
                    RoundRule(tuple(d.laws), ""), f"{by} waives the penalty for {off}'s lead out of turn"
                )
            self._false_lead = None
            self._holds_add(off, card)
            if text.startswith("call card"):
                self._shown[off] = self._shown.get(off, 0) | 1 << card
                self._liable[off] = self._liable.get(off, 0) | 1 << card
                return [
                    self._ruling(
                        d.key,
                        f"{by} treats {off}'s card led out of turn, the {CARDS[card].name}, as an"
                        " exposed card, liable to be called; the lead returns to its turn",
                        laws,
                        seat=by,
                        remedy=text,
                    )
                ]
            self._suit_rights.append(
                {
                    "holder": by,
                    "side": list(d.side),
                    "from": self._side_of(off),
                    "laws": laws,
                    "why": f"{off} led out of turn",
                }
            )
            return [
                self._ruling(
                    d.key,
                    f"{by} will call a suit from {off} or his partner when next either has to"
                    " lead; the card is taken back and the lead returns to its turn",
                    laws,
                    seat=by,
                    remedy=text,
                )
            ]
        if d.key in ("trick looked at", "last trick looked at") and text == "call suit":
            self._suit_rights.append(
                {
                    "holder": by,
                    "side": list(d.side),
                    "from": self._side_of(off),
                    "laws": laws,
                    "why": f"{off} looked at a quitted trick",
                }
            )
            return [
                self._ruling(
                    d.key,
                    f"{by} will call a suit from {off} or his partner when next either has to lead",
                    laws,
                    seat=by,
                    remedy=text,
                )
            ]
        if d.key == "call suit":
            if text == "waive":
                return [
                    self._ruling(
                        d.key,
                        f"{by} does not call a suit from {off}: the right is lost",
                        d.laws,
                        seat=by,
                        remedy="waived",
                    )
                ]
            suit = SUITS.index(action.arg.split()[-1])
            self._lead_suit[off] = suit
            return [
                self._ruling(
                    d.key,
                    f"{by} calls {SUIT_NAMES[SUITS[suit]]} from {off}: he must lead one if he can, on pain of a revoke",
                    [*laws, "002 §38"],
                    seat=by,
                    remedy=text,
                )
            ]
        if d.key == "hand thrown down":
            if text == "waive":
                self._abandoned = None
                return [
                    self._ruling(d.key, f"{by} does not demand the hand played out", d.laws, seat=by, remedy="waived"),
                    *self._law_abandoned(off, None),
                ]
            self._liable[off] = self._liable.get(off, 0) | self._holds(off)
            return [
                self._ruling(
                    d.key,
                    f"{by} demands the hand played out, {off}'s cards exposed and liable to be called",
                    laws,
                    seat=by,
                    remedy=text,
                )
            ]
        if text == "waive":
            declined = [*d.context.get("declined", []), by]
            left = [s for s in d.side if s not in declined]
            if d.key == "call exposed" and left:
                # 002 §21 Solo: "When Y plays he should say whether or not he wishes to call the exposed card. If he
                # says nothing, B must await Z's decision": each adversary in his turn, and only then is it lost.
                nxt = self._chooser(left, off)
                self._decisions.insert(
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
                return [
                    self._ruling(
                        d.key,
                        f"{by} does not call {off}'s exposed card; {off} must await {nxt}'s decision",
                        d.laws,
                        seat=by,
                        remedy="waived",
                    )
                ]
            return [
                self._ruling(
                    d.key,
                    f"{by} waives the penalty ({d.text}); the right is lost for this turn",
                    d.laws,
                    seat=by,
                    remedy="waived",
                )
            ]
        target = d.context.get("target") or off
        if text.startswith("call card") or text.startswith("forbid card"):
            card = action.arg.split()[-1].upper()
            self._require[target] = ("card " if text.startswith("call") else "not card ") + card
            what = "must play the" if text.startswith("call") else "may not play the"
            return [
                self._ruling(
                    d.key,
                    f"{by} calls the exposed card: {target} {what} {card} now"
                    + (" (follow suit or play it)" if text.startswith("call") else ""),
                    [*laws, "002 §38"],
                    seat=by,
                    remedy=text,
                )
            ]
        if text.startswith("require "):
            req = text[8:]
            self._require[target] = req
            return [
                self._ruling(
                    d.key,
                    f"{by} requires {target} to play {_REQ_WORDS.get(req, req)}",
                    [*laws, "002 §38"],
                    seat=by,
                    remedy=text,
                )
            ]
        raise IllegalAction(f"{action}: not a remedy of {d.key}")  # pragma: no cover

    def _holds_add(self, seat: str, card: int) -> None:
        play = self.play
        assert play is not None
        play.hands[self.active.index(seat)] |= 1 << card

    # ================================================================== revokes and the end of the hand

    def _accused(self, seats: list[str]) -> list[Renounce]:
        return [r for r in self._renounces if self.active[r.seat] in seats and r.status != "corrected"]

    def _rewind_views(self, k: int, unquit: bool) -> bool:
        """The part of :meth:`_law_rewind` common to tables that keep ``_played_view`` (the cards played, in order)
        and ``_last_trick_view`` (Solo, Boston): the last ``k`` plays forgotten, and the last trick shown again
        as it now is.  True when the first trick itself was taken back onto the table."""
        if k:
            del self._played_view[-k:]
        play = self.play
        assert play is not None
        if not unquit:
            return False
        if not play.quitted:
            self._last_trick_view = None
            return True
        leader, cards, winner = play.quitted[-1]
        m = len(self.active)
        order = [self.active[(leader + i) % m] for i in range(m)]
        self._last_trick_view = {
            "leader": order[0],
            "winner": self.active[winner],
            "cards": [{"seat": s, "card": _TEXT[c]} for s, c in zip(order, cards, strict=True)],
        }
        return False

    def _revokes_of(self, seats: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self._accused(seats):
            if r.in_error and r.status == "established":
                out[self.active[r.seat]] = out.get(self.active[r.seat], 0) + 1
        return out

    def _claim_at_once(self, who: str) -> list[Event]:
        """At a misère the caller claims a revoke as soon as it is made (003 digest): the tricks are searched."""
        accused = self._offended(who)
        found = self._revokes_of(accused)
        if not found:
            return [
                self._ruling(
                    "revoke",
                    f"{who} claims a revoke; the tricks are searched and bear no established"
                    " revoke out: the claim fails, and the play goes on",
                    ["002 §32", "003 Solo digest"],
                    seat=who,
                    remedy="refused",
                )
            ]
        offender = next(iter(found))
        events = [
            self._ruling(
                "revoke",
                f"{who} claims a revoke; the search shows {offender} revoked: the misère caller wins",
                ["003 Solo digest", "002 §31 Solo"],
                seat=who,
                remedy="claim revoke",
            )
        ]
        mine = self._side_of(who)
        if not self._suspected(mine):
            return events + self._law_revoke_settle(found)
        # He renounced too: the play is over, and his adversaries may claim his revoke in their turn (002 §33), for
        # "no revoking player ... can win a declaration" and revokes on both sides void the deal (003 digest).
        for s, n in found.items():
            self._proven[s] = self._proven.get(s, 0) + n
        self._close_play()
        self._claims = True
        self._decisions.clear()
        claimants = [s for s in self.active if s not in mine]
        self._decisions.append(self._claim_revoke(mine, claimants))
        return events

    def _close_play(self) -> None:
        """The play is over: cards played early go back to their hands; open renounces are established."""
        if self._false_lead is not None or self._early:
            for s, c in [*self._early.items(), *([self._false_lead] if self._false_lead else [])]:
                self._holds_add(s, c)
            self._early.clear()
            self._false_lead = None
        for r in self._renounces:
            if r.status == "open":
                r.status = "established"

    def _end_of_hand(self) -> list[Event]:
        """The play is over (the game's settlement calls this): the claims step, then the settlement."""
        events: list[Event] = []
        play = self.play
        assert play is not None
        self._close_play()  # the hand ended with cards played early: back to hand
        declarers = self._law_declarers()
        self._claims = True
        self._decisions.clear()
        adversaries = [s for s in self.active if s not in declarers]
        for accused, claimants in ((declarers, adversaries), (adversaries, declarers)):
            if declarers and self._suspected(accused):
                self._decisions.append(self._claim_revoke(accused, claimants))
        if self._law_misere() and any(play.hands):
            # 003 digest: "after a misère is defeated, ... the opposing hands be instantly exposed".  They lie face
            # up through the claims; with nothing to claim they are gathered at once (and not spelt out here).
            shown = {}
            for s in adversaries:
                if self._holds(s) and self._decisions:
                    self._shown[s] = self._shown.get(s, 0) | self._holds(s)
                    shown[s] = " ".join(_c(c) for c in mask_cards(self._holds(s)))
            events.append(
                Event(
                    "expose",
                    "The misère is defeated: the opposing hands are exposed to prove that no"
                    " revoke has been made (003 Solo digest)",
                    law="003 Solo digest",
                    data={"hands": shown},
                )
            )
        if not self._decisions:
            return events + self._finish_hand()
        return events

    def _decide_claim(self, d: Decision, text: str, by: str) -> list[Event]:
        accused = d.context["accused"]
        who = " and ".join(accused)
        events: list[Event] = []
        if d.key == "claim revoke":
            if text == "waive":
                events.append(
                    self._ruling(
                        "revoke",
                        f"{by} makes no claim of a revoke against {who}",
                        ["002 §33"],
                        seat=by,
                        remedy="waived",
                    )
                )
            else:
                self._decisions.insert(
                    0,
                    Decision(
                        "search",
                        by,
                        d.side,
                        [("search tricks", "002 §32")],
                        ["002 §32"],
                        f"{by} claims a revoke against {who}: the tricks are to be searched",
                        context=dict(d.context),
                    ),
                )
                return [
                    self._ruling(
                        "revoke",
                        f"{by} claims a revoke against {who}: the tricks are to be searched",
                        ["002 §32", "002 §33"],
                        seat=by,
                        remedy="claim revoke",
                    )
                ]
        else:
            # The search looks at the accused's cards still in hand as well as the tricks (a hand that ended before
            # all its tricks were played): they are laid face up, so that what the search finds is what the table
            # sees, not the referee's knowledge of concealed cards (issue 13).
            shown: dict[str, str] = {}
            for seat in accused:
                rest = self._holds(seat) & ~self._shown.get(seat, 0)
                if rest:
                    self._shown[seat] = self._shown.get(seat, 0) | rest
                    shown[seat] = " ".join(_c(c) for c in mask_cards(rest))
            if shown:
                events.append(
                    Event(
                        "expose",
                        f"{' and '.join(shown)} lay the cards still in hand face up for the search (002 §32)",
                        law="002 §32",
                        data={"hands": shown},
                    )
                )
            found = self._revokes_of(accused)
            mixed = [s for s in accused if s in self._mixed]
            if mixed and not found:
                culprit = next((self.active[r.seat] for r in self._accused(accused)), mixed[0])
                found = {culprit: 1}
            if found:
                detail = (
                    "; ".join(
                        self._revoke_text(r) for r in self._accused(accused) if r.in_error and r.status == "established"
                    )
                    or f"{', '.join(mixed)} mixed the tricks"
                )
                events.append(
                    self._ruling(
                        "revoke",
                        f"The tricks are searched: {detail}: a revoke established",
                        ["002 §28", "002 §32", "003 Solo digest"],
                        seat=by,
                        remedy="revoke",
                        revokes=dict(found),
                    )
                )
                for s, n in found.items():
                    self._proven[s] = self._proven.get(s, 0) + n
            else:
                events.append(
                    self._ruling(
                        "revoke",
                        f"The tricks are searched: no revoke by {who} is found; the claim fails",
                        ["002 §32"],
                        seat=by,
                        remedy="refused",
                    )
                )
        if not self._decisions:
            events.extend(self._finish_hand())
        return events

    def _revoke_text(self, r: Renounce) -> str:
        s = self.active[r.seat]
        if r.kind == "failed":
            return f"{s} failed to comply with a call in trick {r.trick} (002 §38)"
        return (
            f"{s} renounced {SUIT_NAMES[SUITS[r.suit]]} in trick {r.trick} with the {CARDS[r.card].name},"
            " holding the suit"
        )

    def _finish_hand(self) -> list[Event]:
        self._claims = False
        self._decisions.clear()
        if self._proven:
            return self._law_revoke_settle(dict(self._proven))
        if self._wrong:
            return self._law_wrong_hands(list(self._wrong), True)[1]
        if self._abandoned is not None:
            play = self.play
            assert play is not None
            made = sum(play.won[self.active.index(s)] for s in self._law_declarers())
            return self._law_abandoned(self._abandoned, made)
        return self._law_settle()

    # ================================================================== what each seat may see

    def _law_places(self, out: dict[str, str]) -> dict[str, str]:
        """Patch the game's places with the law's: exposed cards, cards played early, cards gathered."""
        if not self._law_state() or self.play is None:
            return out
        for s, m in self._shown.items():
            i = self.active.index(s)
            for c in mask_cards(m & self.play.hands[i]):
                out[_c(c)] = f"exposed {s}"
        for e in self._early.values():
            out[_c(e)] = "trick"
        if self._false_lead is not None:
            out[_c(self._false_lead[1])] = "trick"
        for g in self._gathered:
            out[_c(g)] = "gathered"
        return out

    def _law_view(self, v: dict[str, Any]) -> dict[str, Any]:
        """Patch the game's view: ``phase``, ``exposed``, ``calls``, ``decision``; cards played early in ``trick``."""
        v["phase"] = self.law_phase
        v["law_mode"] = True
        if self.play is not None:
            exposed = {k: list(x) for k, x in (v.get("exposed") or {}).items()}
            for s, m in self._shown.items():
                cards = m & self.play.hands[self.active.index(s)]
                if cards:
                    exposed[s] = sorted(
                        set(exposed.get(s, [])) | {_c(c) for c in mask_cards(cards)}, key=lambda t: _TEXT.index(t)
                    )
            v["exposed"] = exposed
            extra = [{"seat": s, "card": _c(c), "early": True} for s, c in self._early.items()]
            if self._false_lead is not None:
                extra.append({"seat": self._false_lead[0], "card": _c(self._false_lead[1]), "out of turn": True})
            if extra:
                v["trick"] = list(v.get("trick") or []) + extra
        calls: dict[str, Any] = {}
        for s in self.active:
            c: dict[str, Any] = {}
            if self.play is not None and self._liable.get(s, 0) & self.play.hands[self.active.index(s)]:
                c["liable"] = [_c(x) for x in mask_cards(self._liable[s] & self.play.hands[self.active.index(s)])]
            if s in self._lead_suit:
                c["lead"] = SUITS[self._lead_suit[s]]
            if s in self._require:
                c["require"] = self._require[s]
            if c:
                calls[s] = c
        for right in self._suit_rights:  # a suit to be called when next one of them leads (002 §24; 003 digest)
            for s in right["from"]:
                calls.setdefault(s, {})["suit to be called"] = {"by": right["holder"], "why": right["why"]}
        v["calls"] = calls
        d = self._decisions[0] if self._decisions else None
        v["decision"] = (
            None
            if d is None
            else {
                "key": d.key,
                "seat": d.seat,
                "side": list(d.side),
                "offender": d.offender,
                "text": d.text,
                "law": list(d.laws),
                "options": [{"action": a, "law": law} for a, law in d.options],
            }
        )
        return v
