"""The play at a round table at law: calls in force, facts of the play, cards put to a trick, exposed cards due."""

from __future__ import annotations

from ...cards import CARD_TEXT as _TEXT
from ...cards import SUIT_MASKS, SUITS, mask_cards
from ...engine.actions import PLAY
from ...engine.events import Event
from ...tricks import trick_winner
from ..calls import Calls, calls_text, doubtful, required
from ..codes import by_remedy
from ..hand import Renounce, card_text, claimable, establish
from .common import Decision, RoundSection


class RoundPlayLaw(RoundSection):
    """The play at a round table at law: calls in force, facts of the play, cards put to a trick, exposed cards due."""

    def holds(self, seat: str) -> int:
        tab = self.t
        play = tab.play
        assert play is not None
        return play.hands[tab.active.index(seat)]

    def trick_no(self) -> int:
        tab = self.t
        play = tab.play
        assert play is not None
        return len(play.quitted) + 1

    def constrained(self, seat: str) -> int:
        """The cards ``seat`` may lawfully play now, under the calls in force on him (002 §21, §24, §26, §38:
        :func:`hoyle.laws.calls.required`)."""
        tab = self.t
        play = tab.play
        assert play is not None
        hand = self.holds(seat)
        follow = hand & SUIT_MASKS[play.trick[0] // 13] if play.trick else 0
        if seat not in tab._lead_suit and seat not in tab._require:
            return follow or hand  # no call in force on him: the common case, without building one
        return required(follow or hand, self.calls(seat), self)

    def calls(self, seat: str) -> Calls:
        """The calls in force on ``seat`` (:mod:`hoyle.laws.calls`): his requirement ``card QS`` is a called card,
        ``not card QS`` a forbidden one."""
        tab = self.t
        req = tab._require.get(seat)
        lead = tab._lead_suit.get(seat)
        if req is not None and req.startswith("card "):
            return Calls(lead, (_TEXT.index(req[5:]),))
        if req is not None and req.startswith("not card "):
            return Calls(lead, forbidden=_TEXT.index(req[9:]))
        return Calls(lead, req=req)

    # The trick as the law of the calls reads it (:class:`hoyle.laws.calls.TrickState`).

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

    def establish(self) -> None:
        """A card goes to a new trick: the renounces of the last one can no longer be corrected (002 §28)."""
        tab = self.t
        n = self.trick_no()
        tab._open_last = False
        establish(tab._renounces, before=n)

    def fact(self, seat: str, card: int) -> None:
        """Record a renounce (a fact: 002 §28) and a call not complied with (002 §38) when ``seat`` plays ``card``."""
        tab = self.t
        play = tab.play
        assert play is not None
        i = tab.active.index(seat)
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

    def doubtful(self, seat: str, card: int) -> bool:
        """Whether ``seat`` playing ``card`` may, for all the table can see, fail to comply with a call in force on
        him (002 §38: :func:`hoyle.laws.calls.doubtful`)."""
        tab = self.t
        if seat not in tab._lead_suit and seat not in tab._require:
            return False
        return doubtful(card, self.calls(seat), self)

    def suspected(self, seats: list[str]) -> list[Renounce]:
        """The facts of ``seats`` that the table has seen (every renounce, and every play under a call not seen to
        comply), on which alone a claim of a revoke is offered: never the failures to comply themselves, which
        only the search may bring to light (issue 13)."""
        return claimable(self.t.referee.revoke.accused(seats))

    def put(self, seat: str, card: int, *, early: bool = False) -> list[Event]:
        """``seat``, in turn, plays ``card`` (from his hand, or the card he played early) to the trick."""
        tab = self.t
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
            play.hands[tab.active.index(seat)] |= bit  # back for a moment: the game's play takes it
        n = len(play.quitted)
        events = tab._law_game_play(PLAY[card])
        if tab.play is play and len(play.quitted) > n and not tab.over:
            tab._open_last = True
        return events

    def law_after(self) -> list[Event]:
        """After every act: cards played early go in their turn; the offended side's rights fall due."""
        tab = self.t
        events: list[Event] = []
        while not tab.over and not tab._decisions and tab._playing():
            play = tab.play
            assert play is not None
            seat = tab.active[play.turn]
            if seat in tab._early and tab._false_lead is None:
                events.extend(self.put(seat, tab._early.pop(seat), early=True))
                continue
            if tab._false_lead is not None:
                break
            if not play.hands[play.turn]:
                if tab._wrong:  # played out as far as it can be (002 §19 Solo)
                    events.extend(tab._end_of_hand())
                    break
                events.extend(tab.referee.deal.wrong_number(f"{seat} has no card to play"))
                continue
            if not play.trick and self.suit_right_due(seat):
                break
            tab._exposed_due(seat)
            break
        return events

    def suit_right_due(self, seat: str) -> bool:
        tab = self.t
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
                        f"{seat} is to lead: {right['holder']} may call a suit from him ({right['why']})",
                        offender=seat,
                    )
                )
                return True
        return False

    def suits_in_play(self) -> list[str]:
        tab = self.t
        play = tab.play
        assert play is not None
        held = 0
        for h in play.hands:
            held |= h
        return [s for i, s in enumerate(SUITS) if held & SUIT_MASKS[i]]

    def exposed_due(self, seat: str) -> None:
        """The owner of cards liable to be called is to play: the offended side may call them (002 §21; 003).

        With :attr:`public_calls` (Solo), the remedies offered are those the offended side may demand on what it
        can see (the exposed cards, the suit led, the cards left in his hand), not on what the offender holds:
        "Follow suit or play the —" is said without knowing whether he can follow, and neither the choices nor
        whether there is a choice at all may tell the table what is in his hand.  A demand he cannot obey does not
        bite ("If the owner of the exposed card has no other of the suit, the penalty is paid": 002 §21 Solo)."""
        tab = self.t
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
            i, n = tab.active.index(seat), self.trick_no()
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
                "call exposed", seat, rule, opts, f"{seat} is to play with {shown} exposed, liable to be called"
            )

    def calls_text(self, seat: str) -> str:
        tab = self.t
        return calls_text((), tab._lead_suit.get(seat), tab._require.get(seat))
