"""The play at law: calls in force, cards put to a trick, tricks quitted, the flow of the hand."""

from __future__ import annotations

from ...cards import CARDS, SUIT_MASKS, SUITS
from ...engine.actions import Action
from ...engine.events import Event
from ...rulebook.whist import AMERICAN, ENGLISH, SEATS
from ...rulebook.whist import PLAY_EVENTS as _PLAY_EVENTS
from ...rulebook.whist import hand_texts as _hand_texts
from ..calls import Calls, calls_text, doubtful, required
from ..hand import Renounce, claimable
from .common import SUIT_WORD, Section


class PlayLaw(Section):
    """The play at law: calls in force, cards put to a trick, tricks quitted, the flow of the hand."""

    def constrained(self, s: int) -> int:
        """The lawful cards of ``s`` under the calls in force on him (000 §61–66, §68, §76, §86; 002 §21–26, §35)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        m = h.lawful(s)
        if s not in tab._lead_suit and s not in tab._require and not tab._called.get(s):
            return m  # no call in force on him: the common case, without building one
        return required(m, self.calls(s), h)

    def calls(self, s: int) -> Calls:
        """The calls in force on ``s`` (:mod:`hoyle.laws.calls`: the law of them is one for every family)."""
        tab = self.t
        req = tab._require.get(s)
        return Calls(tab._lead_suit.get(s), tuple(tab._called.get(s, ())), None, req[0] if req else None)

    def put(self, s: int, card: int, *, failed: bool = False) -> list[Event]:
        """``s`` plays ``card`` to the trick on the table (in turn or not); the facts are recorded."""
        tab = self.t
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
                        law="000 §71" if tab.code == ENGLISH else "002 §28" if tab.code == AMERICAN else "004 rule 15",
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

    def doubtful(self, s: int, card: int) -> bool:
        """Whether ``s`` playing ``card`` may, for all the table can see, fail to comply with a call in force on him
        (000 §61; 002 §38: :func:`hoyle.laws.calls.doubtful`)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        if s not in tab._lead_suit and s not in tab._require and not tab._called.get(s):
            return False
        return doubtful(card, self.calls(s), h)

    def suspected(self, side: int) -> list[Renounce]:
        """The facts of ``side`` the table has seen (every renounce, and every play under a call not seen to comply),
        on which alone a claim of a revoke is offered: never a failure to comply itself, which only the search may
        bring to light (issue 13)."""
        return claimable(self.t.referee.revoke.accused(side))

    def dummy_event(self) -> Event:
        tab = self.t
        h = tab.hand
        assert h is not None
        tab._dummy_shown = True
        hands = {SEATS[s]: " ".join(_hand_texts(h.hands[s])) for s in sorted(tab._dummy_seats())}
        names = " and ".join(f"{tab.players[SEATS[s]]} ({SEATS[s]})" for s in sorted(tab._dummy_seats()))
        return Event("expose", f"{names} laid face up on the table (000 Dummy)", law="000 Dummy", data={"hands": hands})

    def why_law(self, action: Action) -> str | None:
        """The law a play refused breaks: the renounce's, by the code (000 §71, 002 §28, 004 rule 15)."""
        tab = self.t
        h = tab.hand
        if action.verb == "play" and h is not None and h.trick and action.card is not None:
            s = h.turn
            if (
                action.card // 13 != h.lead_suit
                and h.holding(s) >> action.card & 1
                and h.lawful(s) & SUIT_MASKS[h.lead_suit or 0]
            ):
                return "000 §71" if tab.code == ENGLISH else "002 §28" if tab.code == AMERICAN else "004 rule 15"
        return None

    def why_not(self, action: Action, s: int) -> str:
        """Why ``action`` is not open to seat ``s`` now, in one sentence citing the law where one applies."""
        tab = self.t
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
            return f"{action}: a call is in force on {who}: {self.call_text(s)}"
        return f"{action}: not an act {who} can take now; see irregular_actions('{who}')"

    def call_text(self, s: int) -> str:
        """The calls in force on ``s``, in words."""
        tab = self.t
        req = tab._require.get(s)
        return calls_text(tab._called.get(s, ()), tab._lead_suit.get(s), req[0] if req else None)
