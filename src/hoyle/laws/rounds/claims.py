"""The end of a hand at law at a round table: the claims step and the settlement."""

from __future__ import annotations

from ...cards import mask_cards
from ...engine.events import Event
from ..hand import card_text, establish, established_revokes
from .common import Decision, RoundSection


class RoundClaimsLaw(RoundSection):
    """The end of a hand at law at a round table: the claims step and the settlement."""

    def close_play(self) -> None:
        """The play is over: cards played early go back to their hands; open renounces are established."""
        tab = self.t
        if tab._false_lead is not None or tab._early:
            for s, c in [*tab._early.items(), *([tab._false_lead] if tab._false_lead else [])]:
                tab.referee.revoke.holds_add(s, c)
            tab._early.clear()
            tab._false_lead = None
        establish(tab._renounces)

    def end_of_hand(self) -> list[Event]:
        """The play is over (the game's settlement calls this): the claims step, then the settlement."""
        tab = self.t
        events: list[Event] = []
        play = tab.play
        assert play is not None
        self.close_play()  # the hand ended with cards played early: back to hand
        declarers = tab._law_declarers()
        tab._claims = True
        tab._decisions.clear()
        adversaries = [s for s in tab.active if s not in declarers]
        for accused, claimants in ((declarers, adversaries), (adversaries, declarers)):
            if declarers and tab.referee.play.suspected(accused):
                tab._decisions.append(tab.referee.revoke.claim_revoke(accused, claimants))
        if tab._law_misere() and any(play.hands):
            # 003 digest: "after a misère is defeated, ... the opposing hands be instantly exposed".  They lie face
            # up through the claims; with nothing to claim they are gathered at once (and not spelt out here).
            shown = {}
            for s in adversaries:
                if tab.referee.play.holds(s) and tab._decisions:
                    self.face_up(s, tab.referee.play.holds(s))
                    shown[s] = " ".join(card_text(c) for c in mask_cards(tab.referee.play.holds(s)))
            events.append(
                Event(
                    "expose",
                    "The misère is defeated: the opposing hands are exposed to prove that no"
                    " revoke has been made (003 Solo digest)",
                    law="003 Solo digest",
                    data={"hands": shown},
                )
            )
        if not tab._decisions:
            return events + self.finish_hand()
        return events

    def decide_claim(self, d: Decision, text: str, by: str) -> list[Event]:
        tab = self.t
        accused = d.context["accused"]
        who = " and ".join(accused)
        events: list[Event] = []
        if d.key == "claim revoke":
            if text == "waive":
                events.append(
                    tab._ruling(
                        "revoke",
                        f"{by} makes no claim of a revoke against {who}",
                        ["002 §33"],
                        seat=by,
                        remedy="waived",
                    )
                )
            else:
                tab._decisions.insert(
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
                    tab._ruling(
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
                rest = tab.referee.play.holds(seat) & ~tab._shown.get(seat, 0)
                if rest:
                    self.face_up(seat, rest)
                    shown[seat] = " ".join(card_text(c) for c in mask_cards(rest))
            if shown:
                events.append(
                    Event(
                        "expose",
                        f"{' and '.join(shown)} lay the cards still in hand face up for the search (002 §32)",
                        law="002 §32",
                        data={"hands": shown},
                    )
                )
            found = tab.referee.revoke.revokes_of(accused)
            mixed = [s for s in accused if s in tab._mixed]
            if mixed and not found:
                culprit = next((tab.active[r.seat] for r in tab.referee.revoke.accused(accused)), mixed[0])
                found = {culprit: 1}
            if found:
                detail = (
                    "; ".join(
                        tab.referee.revoke.revoke_text(r)
                        for r in established_revokes(tab.referee.revoke.accused(accused))
                    )
                    or f"{', '.join(mixed)} mixed the tricks"
                )
                events.append(
                    tab._ruling(
                        "revoke",
                        f"The tricks are searched: {detail}: a revoke established",
                        ["002 §28", "002 §32", "003 Solo digest"],
                        seat=by,
                        remedy="revoke",
                        revokes=dict(found),
                    )
                )
                for s, n in found.items():
                    tab._proven[s] = tab._proven.get(s, 0) + n
            else:
                events.append(
                    tab._ruling(
                        "revoke",
                        f"The tricks are searched: no revoke by {who} is found; the claim fails",
                        ["002 §32"],
                        seat=by,
                        remedy="refused",
                    )
                )
        if not tab._decisions:
            events.extend(self.finish_hand())
        return events

    def finish_hand(self) -> list[Event]:
        tab = self.t
        tab._claims = False
        tab._decisions.clear()
        if tab._proven:
            return tab._law_revoke_settle(dict(tab._proven))
        if tab._wrong:
            return tab._law_wrong_hands(list(tab._wrong), True)[1]
        if tab._abandoned is not None:
            play = tab.play
            assert play is not None
            made = sum(play.won[tab.active.index(s)] for s in tab._law_declarers())
            return tab._law_abandoned(tab._abandoned, made)
        return tab._law_settle()
