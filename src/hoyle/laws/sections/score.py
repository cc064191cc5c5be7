"""Honours and the score at law, the Whist family's (000 §4–§8, Cases I–III; 002 §30; 004 rule 19): the tricks as
they stand at law, whether honours called would count, the score of the hand with its penalties first, and honours
called late or disputed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.actions import Action
from ...engine.events import Event
from ...rulebook.whist import SEATS, SIDES, score_hand
from .common import Decision, Section, law_action, parity, side_of

if TYPE_CHECKING:
    from ..table import LawMixin  # noqa: F401 - the table a section rules, named in the base class

__all__ = ["ScoreLaw"]


class ScoreLaw(Section):
    """Honours and the score at law (000 §4–§8; 002 §30; 004 rule 19)."""

    def tricks_now(self) -> list[int]:
        tab = self.t
        h = tab.hand
        assert h is not None
        tricks = [h.won[0] + h.won[2], h.won[1] + h.won[3]]
        remaining = 13 - len(h.quitted)
        if tab._counted_against in (0, 1):
            tricks[1 - tab._counted_against] += remaining
        elif tab._abandoned:
            claimant = tab._claim_rest if tab._claim_rest is not None else 1 - side_of(tab._thrown[0])
            tricks[claimant] += remaining
        for frm, to, n, _ in tab._transfers:
            m = min(n, tricks[frm])
            tricks[frm] -= m
            tricks[to] += m
        return tricks

    def honours_count(self, side: int) -> bool:
        """Whether calling its honours would change ``side``'s score this hand (they score last: 000 §5)."""
        tab = self.t
        tricks = self.tricks_now()
        honours = [0, 0]
        honours[side] = tab._dealt_honours[side]
        kw: dict[str, Any] = {
            "long": tab.long,
            "code": tab.code,
            "penalties": tab._penalties,
            "capped": sorted(tab._capped),
        }
        return (
            score_hand(tab.game_score, tricks, honours, **kw).score
            != score_hand(tab.game_score, tricks, [0, 0], **kw).score
        )

    def game_by_honours(self, side: int) -> bool:
        tab = self.t
        tricks = self.tricks_now()
        hs = score_hand(
            tab.game_score,
            tricks,
            [0, 0],
            long=tab.long,
            code=tab.code,
            penalties=tab._penalties,
            capped=sorted(tab._capped),
        )
        pts = 4 if tab._dealt_honours[side] == 4 else 2
        return hs.winner is None and hs.score[side] + pts >= tab.target and side not in tab._capped

    def decide_honours(self, d: Decision, text: str, by: int) -> list[Event]:
        tab = self.t
        side = parity(d.side)
        if text == "waive":
            return [
                Event(
                    "ruling",
                    f"{SIDES[side]} do not call their honours, which therefore cannot be scored (000 §7)",
                    seat=SIDES[side],
                    law=["000 §6", "000 §7"],
                    data={"irregularity": "honours not claimed", "code": tab.code, "laws": ["000 §6", "000 §7"]},
                )
            ]
        how = "game" if text == "claim game" else "honours"
        tab._honours_claim[side] = how
        law = ["000 §7", "000 Case II"] if how == "game" else ["000 §7"]
        sentence = (
            f"{SEATS[by]} claims the game, which claims the honours within the meaning of the law"
            if how == "game"
            else f"{SEATS[by]} calls {d.context['count']} honours"
        )
        return [
            Event(
                "ruling",
                f"{sentence} ({', '.join(law)})",
                seat=SIDES[side],
                law=law,
                data={"irregularity": "honours", "code": tab.code, "laws": law, "remedy": text},
            )
        ]

    def score_law(self) -> list[Event]:
        """Score the hand: revoke penalties first, then tricks, then honours called (000 §5, §72; 002 §30)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        tricks = self.tricks_now()
        events: list[Event] = []
        for frm, to, n, law in tab._transfers:
            events.append(
                Event(
                    "score",
                    f"{n} tricks transferred from {SIDES[frm]} to {SIDES[to]} ({law})",
                    law=law,
                    data={"side": SIDES[to], "tricks": n, "for": "revoke"},
                )
            )
        honours = [tab._dealt_honours[s] if s in tab._honours_claim else 0 for s in (0, 1)]
        before = list(tab.game_score)
        hs = score_hand(
            before,
            tricks,
            honours,
            long=tab.long,
            code=tab.code,
            penalties=tab._penalties,
            capped=sorted(tab._capped),
        )
        tab.game_score = list(hs.score)
        for side, what, pts, law, text in hs.items:
            events.append(Event("score", text, law=law, data={"side": SIDES[side], "points": pts, "for": what}))
        tab.honours = (honours[0], honours[1])
        unclaimed = next(
            (
                s
                for s in (0, 1)
                if tab.facts.honours_must_be_called
                and tab._dealt_honours[s] >= 3
                and s not in tab._honours_claim
                and before[s] != 4
            ),
            None,
        )
        floor_honour = any(c // 13 == h.trumps and c % 13 >= 9 for c in h.floor) or any(
            c // 13 == h.trumps and c % 13 >= 9 for c in h.mixed
        )
        tab._prev = {
            "unclaimed": unclaimed,
            "claims": dict(tab._honours_claim),
            "decided": hs.winner is not None,
            "honours": list(tab._dealt_honours),
            "late": False,
            "disputed": False,
            "floor": floor_honour,
            "before": before,
        }
        extra: dict[str, Any] = {
            "penalties": [{"side": SIDES[s], "points": p, "law": law} for s, p, law, _ in tab._penalties],
            "transfers": [
                {"from": SIDES[f], "to": SIDES[t], "tricks": n, "law": law} for f, t, n, law in tab._transfers
            ],
        }
        if tab._abandoned or tab._counted_against is not None:
            extra["abandoned"] = True
        entry = tab.deal_entry()
        tab._pack = 1 - tab._used_pack
        events.extend(tab._finish_deal(before, tricks))
        result = entry["result"]
        for k, v in extra.items():
            if v:
                result[k] = v
        return events

    def late_claims(self, s: int) -> list[Action]:
        tab = self.t
        prev = tab._prev
        if prev is None or not tab.facts.honours_must_be_called:
            return []
        out = []
        if prev["unclaimed"] == side_of(s) and not prev["late"]:
            out.append(law_action("claim", "honours"))
        claimed = [side for side in prev["claims"] if side != side_of(s)]
        if claimed and not prev["disputed"]:
            out.append(law_action("dispute", "honours"))
        return out

    def late_honours(self, who: int) -> list[Event]:
        """Honours not called in the claims step: the next trump card is turned, too late (000 §6, Case III)."""
        tab = self.t
        prev = tab._prev
        assert prev is not None
        prev["late"] = True
        return [
            tab._ruling(
                "honours not claimed",
                f"{SEATS[who]} claims the honours of the last hand after the"
                " trump card of this deal was turned up: too late, they cannot be scored",
                seat=who,
                remedy="refused",
                laws=["000 §6", "000 Case III"],
            )
        ]

    def dispute_honours(self, who: int) -> list[Event]:
        tab = self.t
        prev = tab._prev
        assert prev is not None
        prev["disputed"] = True
        side = 1 - side_of(who)
        how = prev["claims"].get(side)
        if prev["floor"]:
            laws, why = (
                ["000 §3", "000 Case I", "000 §59"],
                (
                    "a card on the floor is still held by the player it was"
                    " dealt to, who is not obliged to play with his cards in"
                    " his hand"
                ),
            )
        elif how == "game":
            laws = ["000 §7", "000 Case II"]
            why = "the claim of the game claimed the honours within the meaning of the law"
        else:
            laws, why = ["000 §7"], "the honours were called at the end of the hand"
        return [
            tab._ruling(
                "honours not claimed",
                f"{SEATS[who]} objects to {SIDES[side]}'s honours: the objection fails, {why}",
                seat=who,
                remedy="refused",
                laws=laws,
            )
        ]
