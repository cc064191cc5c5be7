"""The end of the hand, one section for every law-mode game: the claims of a revoke, honours, and the score or
settlement at law (000 §4–§8, §72–§78; 002 §30–§38, with their Solo and Boston lines; 003 digest).

A claim of a revoke is one handler for both families (:meth:`ClaimsLaw.decide_claim`): waived, or made and the
tricks searched.  Its rulings are the family's words as data (``CLAIM_WORDS``: the sentence, the laws, the remedy
and whether the ruling names the claimant), its sides named by a hook (``_side_words``), and when the search
follows is data naming the law (``SEARCH``: at once, 000 §75 and §77, the accused able to mix the cards only while
the claim is open; or when the claimant asks, 002 §32 Solo, after the accused has had his chance).  The kinds one
family has are this section's too: the Whist family's claims step in stages (its honours and score at law are
:mod:`.score`); the round games' close of the play, claims step and settlement.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ...cards import mask_cards
from ...engine.events import Event
from ...rulebook.whist import SIDES
from ..decision import Decision, DecisionKey
from ..hand import card_text, establish, established_revokes
from ..referee import LawSection
from .common import side_of, side_seats

if TYPE_CHECKING:
    from ..round import RoundLawMixin
    from ..table import LawMixin

__all__ = ["ClaimsHooks", "ClaimsLaw"]


class ClaimsHooks(Protocol):
    """What the section asks of its table (a seat is its index in the table's seats)."""

    CLAIM_WORDS: Mapping[str, tuple[str, tuple[str, ...] | None, str, bool]]
    """A claim of a revoke waived (``waive``) or made (``claim``), in the family's words: the sentence (``{by}``, the
    claimant; ``{side}``, his side; ``{accused}``), the laws cited (``None``: the claims step's own), the remedy, and
    whether the ruling names the claimant."""
    SEARCH: Literal["at once", "on demand"]
    """When the tricks are searched after a claim: at once (000 §75, §77), or when the claimant asks (002 §32 Solo)."""

    _decisions: list[Any]

    def _seat_name(self, seat: int) -> str: ...

    def _side_words(self, side: Any) -> str:
        """A side in a ruling's words (``NS``; ``A and C``)."""
        ...

    def _ruling(self, key: str, text: str, *, laws: list[str], seat: int | None, remedy: str) -> Event: ...

    def _claims_done(self) -> list[Event]:
        """What follows a claim waived: the settlement, when no claim is left to make; or nothing (the claims step
        goes on of itself)."""
        ...


class ClaimsLaw(LawSection[Any]):
    """The end of the hand, for every law-mode game (see the module)."""

    def decide_claim(self, d: Decision, text: str, by: int) -> list[Event]:
        """The claimants' choice in a claim of a revoke (``claim revoke`` or ``waive``), or the search they asked for
        (000 §75–§78; 002 §32–§33)."""
        tab: ClaimsHooks = self.t
        if d.key == DecisionKey.SEARCH:
            events = self.search_laid_open(d, by)
            return events + (self.finish_hand() if not tab._decisions else [])
        kind = "waive" if text == "waive" else "claim"
        words, laws, remedy, names_claimant = tab.CLAIM_WORDS[kind]
        sentence = words.format(
            by=tab._seat_name(by), side=tab._side_words(d.side), accused=tab._side_words(d.context["accused"])
        )
        seat = by if names_claimant else None
        event = tab._ruling("revoke", sentence, laws=list(laws or d.laws), seat=seat, remedy=remedy)
        if kind == "waive":
            return [event, *tab._claims_done()]
        if tab.SEARCH == "at once":
            return [event, *self.t.referee.revoke.search(d, by)]
        tab._decisions.insert(
            0,
            Decision(
                DecisionKey.SEARCH,
                by,
                d.side,
                [("search tricks", "002 §32")],
                ["002 §32"],
                sentence,
                context=dict(d.context),
            ),
        )
        return [event]

    # ================================================================== the Whist family's

    def next_claims(self) -> list[Event]:
        """The claims step, in order: revokes, G.W.P.'s points, honours; then the hand is scored."""
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        stage = tab._claims_stage
        tab._claims_stage += 1
        events: list[Event] = []
        eldest = (tab._actor + 1) % 4
        if stage == 0:
            for accused in (side_of(eldest), 1 - side_of(eldest)):
                claimants = 1 - accused
                if not tab.referee.play.suspected(accused) and accused not in tab._mixed_by:
                    continue
                if tab._cut_by is not None and side_of(tab._cut_by) == claimants:
                    continue
                seat = tab._live(eldest if side_of(eldest) == claimants else (eldest + 1) % 4)
                r = tab._rule("revoke")
                laws = [*r.laws, *tab.facts.revoke_claim_laws]
                d = Decision(
                    "claim revoke",
                    seat,
                    side_seats(claimants),
                    [("claim revoke", laws[0]), ("waive", laws[0])],
                    laws,
                    f"{SIDES[accused]} renounced this hand; {SIDES[claimants]} may claim a revoke",
                    offender=None,
                    chooser="claimants",
                    consult=True,
                    context={"accused": side_seats(accused)},
                )
                if claimants in tab._early_claims:  # claimed during the play: the tricks are searched now
                    events.extend(tab.referee.revoke.search(d, seat))
                else:
                    tab._decisions.append(d)
            return events
        if stage == 1:
            for p in tab._points:
                claimants = 1 - p["side"]
                seat = tab._live(eldest if side_of(eldest) == claimants else (eldest + 1) % 4)
                tab._decisions.append(
                    Decision(
                        "point penalty",
                        seat,
                        side_seats(claimants),
                        [
                            ("penalty deduct one", "004 rule 19"),
                            ("penalty add one", "004 rule 19"),
                            ("waive", "004 rule 19"),
                        ],
                        [*p["laws"]],
                        p["what"],
                        chooser="claimants",
                        consult=True,
                        context={"offending": p["side"], "key": p["key"]},
                    )
                )
            return events
        if stage == 2:
            if tab.facts.honours_must_be_called and not tab._over:
                for side in (side_of(eldest), 1 - side_of(eldest)):
                    n = tab._dealt_honours[side]
                    if (
                        n < 3
                        or (not tab.long and tab.game_score[side] == 4)
                        or (tab.long and tab.game_score[side] >= 9)
                    ):
                        continue
                    if not tab.referee.score.honours_count(side):
                        continue  # the game is decided before honours: nothing to claim (000 §5)
                    seat = tab._live(eldest if side_of(eldest) == side else (eldest + 1) % 4)
                    opts = [("claim honours", "000 §7")]
                    if tab.referee.score.game_by_honours(side):
                        opts.append(("claim game", "000 §7"))
                    opts.append(("waive", "000 §7"))
                    tab._decisions.append(
                        Decision(
                            "honours",
                            seat,
                            side_seats(side),
                            opts,
                            ["000 §6", "000 §7"],
                            f"{SIDES[side]} hold {n} honours: they must be called to be scored",
                            chooser="claimants",
                            context={"count": n},
                        )
                    )
            return events
        return tab._score_law()

    # ================================================================== the round games'

    def close_play(self) -> None:
        """The play is over: cards played early go back to their hands; open renounces are established."""
        tab: RoundLawMixin = self.t
        if tab._false_lead is not None or tab._early:
            for s, c in [*tab._early.items(), *([tab._false_lead] if tab._false_lead else [])]:
                tab.referee.revoke.holds_add(s, c)
            tab._early.clear()
            tab._false_lead = None
        establish(tab._renounces)

    def end_of_hand(self) -> list[Event]:
        """The play is over (the game's settlement calls this): the claims step, then the settlement."""
        tab: RoundLawMixin = self.t
        events: list[Event] = []
        play = tab.play
        assert play is not None
        self.close_play()  # the hand ended with cards played early: back to hand
        declarers = tab._law_declarers()
        tab._claims = True
        tab._decisions.clear()
        adversaries = [s for s in tab._ring if s not in declarers]
        for accused, claimants in ((declarers, adversaries), (adversaries, declarers)):
            if declarers and tab.referee.play.suspected(accused):
                tab._decisions.append(tab.referee.revoke.claim_revoke(accused, claimants))
        if tab._law_misere() and any(play.hands):
            # 003 digest: "after a misère is defeated, ... the opposing hands be instantly exposed".  They lie face
            # up through the claims; with nothing to claim they are gathered at once (and not spelt out here).
            shown = {}
            for s in adversaries:
                if tab.referee.play.holds(s) and tab._decisions:
                    tab._lay_face_up(s, tab.referee.play.holds(s), False)
                    shown[tab.seats[s]] = " ".join(card_text(c) for c in mask_cards(tab.referee.play.holds(s)))
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

    def finish_hand(self) -> list[Event]:
        tab: RoundLawMixin = self.t
        tab._claims = False
        tab._decisions.clear()
        if tab._proven:
            return tab._law_revoke_settle(dict(tab._proven))
        if tab._wrong:
            return tab._law_wrong_hands(list(tab._wrong), True)[1]
        if tab._abandoned is not None:
            play = tab.play
            assert play is not None
            made = sum(play.won[tab._ring.index(s)] for s in tab._law_declarers())
            return tab._law_abandoned(tab._abandoned, made)
        return tab._law_settle()

    def search_laid_open(self, d: Decision, by: int) -> list[Event]:
        """The claimant has the tricks searched (002 §32): the accused's cards still in hand laid face up first, so
        that what the search finds is what the table sees (issue 13); a revoke established, or the claim fails."""
        tab: RoundLawMixin = self.t
        accused = d.context["accused"]
        who = " and ".join(tab._names(accused))
        events: list[Event] = []
        # The search looks at the accused's cards still in hand as well as the tricks (a hand that ended before
        # all its tricks were played): they are laid face up, so that what the search finds is what the table
        # sees, not the referee's knowledge of concealed cards (issue 13).
        shown: dict[str, str] = {}
        for seat in accused:
            rest = tab.referee.play.holds(seat) & ~tab._shown.get(seat, 0)
            if rest:
                tab._lay_face_up(seat, rest, False)
                shown[tab.seats[seat]] = " ".join(card_text(c) for c in mask_cards(rest))
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
            culprit = next((tab._ring[r.seat] for r in tab.referee.revoke.accused(accused)), mixed[0])
            found = {culprit: 1}
        if found:
            detail = (
                "; ".join(
                    tab.referee.revoke.revoke_text(r) for r in established_revokes(tab.referee.revoke.accused(accused))
                )
                or f"{', '.join(tab._names(mixed))} mixed the tricks"
            )
            events.append(
                tab._ruling(
                    "revoke",
                    f"The tricks are searched: {detail}: a revoke established",
                    ["002 §28", "002 §32", "003 Solo digest"],
                    seat=by,
                    remedy="revoke",
                    revokes={tab.seats[s]: n for s, n in found.items()},
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
        return events
