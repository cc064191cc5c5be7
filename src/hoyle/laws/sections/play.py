"""The play at law, one section for every law-mode game: the calls in force, the facts of the play, cards put to a
trick, the flow of the hand (000 §61–§71, §86; 002 §21–§28, §35, §38, with their Solo and Boston lines; 003 digest).

The law of the calls in force is one (:mod:`hoyle.laws.calls`), and so is this section's reading of it: the calls on a
seat (:meth:`PlayLaw.calls`, from the table's ``_lead_suit``, ``_require_word`` and ``_cards_called``), his lawful
cards under them (:meth:`PlayLaw.constrained`, from the table's ``_lawful_cards`` and the trick as the calls read it,
``_trick_state``), whether a card played under them shows itself complied with (:meth:`PlayLaw.doubtful`), what a
claim of a revoke may be offered on (:meth:`PlayLaw.suspected`) and the calls in words (:meth:`PlayLaw.calls_text`).
A card put to the trick is one act (:meth:`PlayLaw.put`), made in the family's hand (``HAND``: the Whist family's
:class:`~hoyle.laws.hand.LawHand`, whose trick the section keeps and quits; the round games' trick play, whose game
plays the card: :class:`RoundTrick` reads it for the calls, with the cards played early).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ...cards import CARDS, SUIT_MASKS, SUITS, mask_cards
from ...engine.actions import PLAY, Action
from ...engine.events import Event
from ...rulebook.whist import PLAY_EVENTS as _PLAY_EVENTS
from ...rulebook.whist import SEATS
from ...rulebook.whist import hand_texts as _hand_texts
from ...tricks import trick_winner
from ..calls import Calls, TrickState, calls_of, calls_text, doubtful, required
from ..codes import by_remedy
from ..decision import Decision, remedy_of
from ..hand import Renounce, card_text, claimable, establish
from ..referee import LawSection
from .common import SUIT_WORD

if TYPE_CHECKING:
    from ..round import RoundLawMixin
    from ..table import LawMixin

__all__ = ["PlayHooks", "PlayLaw", "RoundTrick"]


class PlayHooks(Protocol):
    """What the section asks of its table (a seat is its index in the table's seats)."""

    HAND: str
    _lead_suit: dict[int, int]
    _require: dict[int, Any]

    def _require_word(self, s: int) -> str | None: ...

    def _cards_called(self, s: int) -> tuple[int, ...]:
        """The cards called from ``s`` and kept as cards (the Whist family's, 000 §64; a round game calls a card by a
        requirement, ``card QS``)."""
        ...

    def _lawful_cards(self, s: int) -> int:
        """The cards ``s`` may play now by the rules of play alone (following suit)."""
        ...

    def _trick_state(self) -> TrickState:
        """The trick as the law of the calls reads it."""
        ...


class RoundTrick:
    """A round table's trick as the law of the calls reads it (:class:`hoyle.laws.calls.TrickState`): the game's
    trick play, with the cards played early beside it."""

    def __init__(self, t: RoundLawMixin) -> None:
        self.t = t

    @property
    def lead_suit(self) -> int | None:
        play = self.t.play
        assert play is not None
        return play.trick[0] // 13 if play.trick else None

    @property
    def trumps(self) -> int | None:
        play = self.t.play
        assert play is not None
        return play.trumps

    def played_cards(self) -> list[int]:
        play = self.t.play
        assert play is not None
        return [c for _, cards, _ in play.quitted for c in cards] + list(play.trick)

    def would_win(self, card: int) -> bool:
        """Whether ``card`` would win the trick as it stands, with the cards played early to it."""
        tab = self.t
        play = tab.play
        assert play is not None
        cards = list(play.trick) + list(tab._early.values())
        if not cards:
            return True
        if not play.trick:
            return False
        return trick_winner([*cards, card], play.trumps) == len(cards)


class PlayLaw(LawSection[Any]):
    """The play at law, for every law-mode game (see the module)."""

    def in_force(self, s: int) -> bool:
        """Whether any call is in force on ``s``."""
        tab: PlayHooks = self.t
        return s in tab._lead_suit or s in tab._require or bool(tab._cards_called(s))

    def calls(self, s: int) -> Calls:
        """The calls in force on ``s`` (:mod:`hoyle.laws.calls`: the law of them is one for every family; a round
        game's requirement ``card QS`` is a called card, ``not card QS`` a forbidden one)."""
        tab: PlayHooks = self.t
        return calls_of(tab._lead_suit.get(s), tab._require_word(s), tab._cards_called(s))

    def constrained(self, s: int) -> int:
        """The lawful cards of ``s`` under the calls in force on him (000 §61–66, §68, §76, §86; 002 §21–26, §35,
        §38: :func:`hoyle.laws.calls.required`)."""
        tab: PlayHooks = self.t
        m = tab._lawful_cards(s)
        if not self.in_force(s):
            return m  # no call in force on him: the common case, without building one
        return required(m, self.calls(s), tab._trick_state())

    def doubtful(self, s: int, card: int) -> bool:
        """Whether ``s`` playing ``card`` may, for all the table can see, fail to comply with a call in force on him
        (000 §61; 002 §38: :func:`hoyle.laws.calls.doubtful`)."""
        if not self.in_force(s):
            return False
        return doubtful(card, self.calls(s), self.t._trick_state())

    def suspected(self, side: Any) -> list[Renounce]:
        """The facts of ``side`` the table has seen (every renounce, and every play under a call not seen to comply),
        on which alone a claim of a revoke is offered: never a failure to comply itself, which only the search may
        bring to light (issue 13)."""
        return claimable(self.t.referee.revoke.accused(side))

    def call_suit(self, s: int, action: Action) -> int:
        """A suit called from ``s`` (``call suit H``; 000 §62–§66, 002 §24, §38, both families): he must lead one when
        next he leads, if he can (the call spent by his lead, :meth:`put`).  The suit, by its index."""
        tab: PlayHooks = self.t
        suit = SUITS.index(remedy_of(action)[1].split()[-1].upper())
        tab._lead_suit[s] = suit
        return suit

    def calls_text(self, s: int) -> str:
        """The calls in force on ``s``, in words."""
        tab: PlayHooks = self.t
        return calls_text(tab._cards_called(s), tab._lead_suit.get(s), tab._require_word(s))

    def put(self, s: int, card: int, *, failed: bool = False, early: bool = False) -> list[Event]:
        """``s`` plays ``card`` to the trick (the Whist family: in turn or not, ``failed`` a call not complied with;
        a round game: in turn, ``early`` the card he played early), in the family's hand (``HAND``)."""
        if self.t.HAND == "law hand":
            return self.put_in_hand(s, card, failed=failed)
        return self.put_in_play(s, card, early=early)

    # ================================================================== the Whist family's

    def put_in_hand(self, s: int, card: int, *, failed: bool = False) -> list[Event]:
        """``s`` plays ``card`` to the :class:`LawHand`'s trick on the table (in turn or not); the facts are recorded
        (000 §71; 002 §28; 004 rule 15): the trick quitted when complete."""
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        events: list[Event] = []
        tab._window = False
        if not h.trick:
            events.extend(self.t.referee.flow.quit_last())
        number = len(h.quitted) + 1
        if h.trick:
            led = h.trick[0][1] // 13
            if card // 13 != led:
                in_error = h.owns_suit(s, led)
                h.renounces.append(
                    Renounce(
                        s,
                        number,
                        card,
                        led,
                        in_error,
                        dummy=s in tab._dummy_seats(),
                        law=tab.facts.renounce_law,
                    )
                )
        if self.doubtful(s, card):
            # What the table sees: a play under a call that does not show itself complied with.  Whether he could
            # comply is what his concealed cards say, so a claim is offered on this, never on the fact (issue 13).
            h.renounces.append(
                Renounce(s, number, card, -1, False, status="established", kind="doubt", dummy=s in tab._dummy_seats())
            )
        if failed:
            h.renounces.append(
                Renounce(
                    s,
                    number,
                    card,
                    -1,
                    True,
                    status="established",
                    kind="failed",
                    dummy=s in tab._dummy_seats(),
                    law=tab._rule("failed to comply").laws[0],
                )
            )
        tab._origin[card] = bool(h.exposed[s] >> card & 1)
        h.take(s, card)
        if not h.trick:
            h.trick_leader = s
        h.trick.append((s, card))
        if h.trump_on_table and s == h.trump_holder and not h.quitted and not h.trump_left:
            h.trump_on_table = False  # taken up when he plays to the first trick (000 §52, 002 §18, 004 rule 10)
        tab._require.pop(s, None)
        tab._lead_suit.pop(s, None)
        if tab._called.get(s):
            # A called card played; or, if it could not be played without revoking, the call is spent at this
            # turn and the card stays liable (000 §64–65; 002 §21).
            del tab._called[s]
        if s in tab._trump_rights and (1 << card) & SUIT_MASKS[h.trumps] and tab._trump_rights[s].startswith("!"):
            del tab._trump_rights[s]  # the called trump is played: the liability ends (000 §55)
        events.append(_PLAY_EVENTS[s][card])
        if (
            tab.game.options.get("expose") == "lead"
            and tab._dummy_seats()
            and not tab._dummy_shown
            and len(h.trick) == 1
            and not h.quitted
        ):
            events.append(self.dummy_event())
        if h.complete():
            events.extend(self.t.referee.flow.quit_trick())
        return events

    def dummy_event(self) -> Event:
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        tab._dummy_shown = True
        hands = {SEATS[s]: " ".join(_hand_texts(h.hands[s])) for s in sorted(tab._dummy_seats())}
        names = " and ".join(f"{tab.players[SEATS[s]]} ({SEATS[s]})" for s in sorted(tab._dummy_seats()))
        return Event("expose", f"{names} laid face up on the table (000 Dummy)", law="000 Dummy", data={"hands": hands})

    def why_law(self, action: Action) -> str | None:
        """The law a play refused breaks: the renounce's, by the code (000 §71, 002 §28, 004 rule 15)."""
        tab: LawMixin = self.t
        h = tab.hand
        if action.verb == "play" and h is not None and h.trick and action.card is not None:
            s = h.turn
            if (
                action.card // 13 != h.lead_suit
                and h.holding(s) >> action.card & 1
                and h.lawful(s) & SUIT_MASKS[h.lead_suit or 0]
            ):
                return tab.facts.renounce_law
        return None

    def why_not(self, action: Action, s: int) -> str:
        """Why ``action`` is not open to seat ``s`` now, in one sentence citing the law where one applies."""
        tab: LawMixin = self.t
        who = SEATS[s]
        h = tab.hand
        if tab._decisions:
            return tab._choosing(action)
        if tab._phase == "deal" or h is None:
            return f"{action}: {SEATS[tab.dealer]} is to deal ('deal')"
        if action.verb == "play" and action.card is not None:
            c = action.card
            if not h.holding(s) >> c & 1:
                return f"{action}: {who} does not hold the {CARDS[c].name}"
            law = self.why_law(action)
            if law is not None:
                return (
                    f"{action}: must follow suit: {who} holds {SUIT_WORD[SUITS[h.lead_suit or 0]]} ({law});"
                    " in law mode a renounce is taken as an irregularity"
                )
            return f"{action}: a call is in force on {who}: {self.calls_text(s)}"
        return f"{action}: not an act {who} can take now; see irregular_actions('{who}')"

    # ================================================================== the round games'

    def holds(self, seat: int) -> int:
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        return play.hands[tab._ring.index(seat)]

    def trick_no(self) -> int:
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        return len(play.quitted) + 1

    def establish(self) -> None:
        """A card goes to a new trick: the renounces of the last one can no longer be corrected (002 §28)."""
        tab: RoundLawMixin = self.t
        n = self.trick_no()
        tab._open_last = False
        establish(tab._renounces, before=n)

    def fact(self, seat: int, card: int) -> None:
        """Record a renounce (a fact: 002 §28) and a call not complied with (002 §38) when ``seat`` plays ``card``."""
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        i = tab._ring.index(seat)
        lead = play.trick[0] if play.trick else None
        if lead is not None and card // 13 != lead // 13:
            holds = bool(play.hands[i] & SUIT_MASKS[lead // 13])
            tab._renounces.append(Renounce(i, self.trick_no(), card, lead // 13, holds, law=tab.renounce_law))
            if holds:
                return
        if self.doubtful(seat, card):
            # What the table sees: a play under a call that does not show itself complied with.  Whether he could
            # comply is what his concealed cards say, so the claims step is offered on this, not on the fact.
            tab._renounces.append(Renounce(i, self.trick_no(), card, -1, False, status="established", kind="doubt"))
        if not self.constrained(seat) >> card & 1:
            tab._renounces.append(
                Renounce(i, self.trick_no(), card, -1, True, status="established", kind="failed", law="002 §38")
            )

    def put_in_play(self, seat: int, card: int, *, early: bool = False) -> list[Event]:
        """``seat``, in turn, plays ``card`` (from his hand, or the card he played early) to the game's trick play: the
        facts recorded (002 §28, §38), the calls on him spent, the game's own play made."""
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        if not play.trick:
            self.establish()
        if not early:
            self.fact(seat, card)
        tab._require.pop(seat, None)
        tab._lead_suit.pop(seat, None)
        bit = 1 << card
        for d in (tab._shown, tab._liable):
            if d.get(seat, 0) & bit:
                d[seat] &= ~bit
        if early:
            play.hands[tab._ring.index(seat)] |= bit  # back for a moment: the game's play takes it
        n = len(play.quitted)
        events = tab._law_game_play(PLAY[card])
        if tab.play is play and len(play.quitted) > n and not tab.over:
            tab._open_last = True
        return events

    def law_after(self) -> list[Event]:
        """After every act: cards played early go in their turn; the offended side's rights fall due."""
        tab: RoundLawMixin = self.t
        events: list[Event] = []
        while not tab.over and not tab._decisions and tab._playing():
            play = tab.play
            assert play is not None
            seat = tab._ring[play.turn]
            if seat in tab._early and tab._false_lead is None:
                events.extend(self.put_in_play(seat, tab._early.pop(seat), early=True))
                continue
            if tab._false_lead is not None:
                break
            if not play.hands[play.turn]:
                if tab._wrong:  # played out as far as it can be (002 §19 Solo)
                    events.extend(tab._end_of_hand())
                    break
                events.extend(tab.referee.deal.wrong_number(f"{tab.seats[seat]} has no card to play"))
                continue
            if not play.trick and self.suit_right_due(seat):
                break
            tab._exposed_due(seat)
            break
        return events

    def suit_right_due(self, seat: int) -> bool:
        tab: RoundLawMixin = self.t
        for right in list(tab._suit_rights):
            if seat in right["from"]:
                tab._suit_rights.remove(right)
                rule = by_remedy(tuple(right["laws"]), "")
                opts = [(f"call suit {s}", right["laws"][0]) for s in self.suits_in_play()]
                tab._decisions.append(
                    Decision(
                        "call suit",
                        right["holder"],
                        tuple(right["side"]),
                        [*opts, ("waive", right["laws"][-1])],
                        list(rule.laws),
                        f"{tab.seats[seat]} is to lead: {tab.seats[right['holder']]} may call a suit from him"
                        f" ({right['why']})",
                        offender=seat,
                    )
                )
                return True
        return False

    def suits_in_play(self) -> list[str]:
        tab: RoundLawMixin = self.t
        play = tab.play
        assert play is not None
        held = 0
        for h in play.hands:
            held |= h
        return [s for i, s in enumerate(SUITS) if held & SUIT_MASKS[i]]

    def exposed_due(self, seat: int) -> None:
        """The owner of cards liable to be called is to play: the offended side may call them (002 §21; 003).

        With :attr:`public_calls` (Solo), the remedies offered are those the offended side may demand on what it
        can see (the exposed cards, the suit led, the cards left in his hand), not on what the offender holds:
        "Follow suit or play the —" is said without knowing whether he can follow, and neither the choices nor
        whether there is a choice at all may tell the table what is in his hand.  A demand he cannot obey does not
        bite ("If the owner of the exposed card has no other of the suit, the penalty is paid": 002 §21 Solo)."""
        tab: RoundLawMixin = self.t
        liable = tab._liable.get(seat, 0) & self.holds(seat)
        play = tab.play
        assert play is not None
        key = (tab.deal_no, len(play.quitted) * 8 + len(play.trick), seat)
        if not liable or tab._asked == key:
            return
        tab._asked = key
        leading = not play.trick
        rule = tab._law_rule("call exposed lead" if leading else "call exposed", seat)
        kinds = rule.remedies
        led = None if leading else play.trick[0] // 13
        opts: list[tuple[str, str]] = []
        trumps = SUIT_MASKS[play.trumps] if play.trumps is not None else 0
        if tab.public_calls:
            if self.holds(seat).bit_count() == 1:
                return  # his last card: he must play it, whatever is demanded (and all can count his cards)
            i, n = tab._ring.index(seat), self.trick_no()
            # He corrected a renounce in this trick: all know he holds the suit led, and must follow it (002 §29).
            follows = led is not None and any(
                r.seat == i and r.trick == n and r.status == "corrected" for r in tab._renounces
            )
            for c in mask_cards(liable):
                for kind in ("call card", "forbid card"):
                    if kind in kinds and (led is None or c // 13 == led or (kind == "call card" and not follows)):
                        opts.append((f"{kind} {card_text(c)}", rule.law_of(kind)))
            if led is not None and liable & SUIT_MASKS[led]:
                opts += [(k, rule.law_of(k)) for k in ("require highest", "require lowest") if k in kinds]
            may_ruff = not follows  # as far as the table can see
        else:
            lawful = self.constrained(seat)
            for c in mask_cards(liable & lawful):
                if lawful == 1 << c:
                    continue  # he must play it anyway: "the penalty is paid" (002 §21 Solo)
                for kind in ("call card", "forbid card"):
                    if kind in kinds and (kind == "call card" or led is None or c // 13 == led):
                        opts.append((f"{kind} {card_text(c)}", rule.law_of(kind)))
            if led is not None and liable & SUIT_MASKS[led] and (lawful & SUIT_MASKS[led]).bit_count() >= 2:
                opts += [(k, rule.law_of(k)) for k in ("require highest", "require lowest") if k in kinds]
            # void in the suit led, he holds a trump and a card that is not
            may_ruff = (
                led is not None and not lawful & SUIT_MASKS[led] and bool(lawful & trumps) and bool(lawful & ~trumps)
            )
        t = play.trumps
        if (
            led is not None
            and t is not None
            and led != t
            and liable & trumps
            and "require not trump" in kinds
            and may_ruff
        ):
            opts.append(("require not trump", rule.law_of("require not trump")))  # 002 §21 Boston, Solo
        if opts:
            shown = " ".join(card_text(c) for c in mask_cards(liable))
            tab._decision(
                "call exposed",
                seat,
                rule,
                opts,
                f"{tab.seats[seat]} is to play with {shown} exposed, liable to be called",
            )
