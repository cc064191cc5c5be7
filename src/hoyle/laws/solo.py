"""Solo Whist at law: ``hoyle.game("solo", irregularities=True)`` (003 "A Digest of the Laws"; 002's Solo lines).

:class:`LawSoloTable` is :class:`~hoyle.rulebook.solo.SoloTable` with the round tables' law
mode (:class:`~hoyle.laws.round.RoundLawMixin`).  What is Solo's own is here: which remedies
each irregularity gets and under which law (:meth:`LawSoloTable._law_rule`), and how a
penalty settles in money, through the tested functions of :mod:`hoyle.rulebook.contracts`
(``revoke_settlement``, ``misere_penalty``, ``incorrect_hands``, ``abandoned_hand``).  The
option ``law_code`` chooses whose rule settles revokes and wrong hands where 003's digest and
002's Solo lines differ (``"003"``, the default, or ``"002"``).  docs/solo.md, "The laws",
lists every law and its status.
"""

from __future__ import annotations

from typing import Any

from ..cards import mask_cards
from ..engine.actions import Action
from ..engine.events import Event
from ..rulebook.contracts import Payment, abandoned_hand, incorrect_hands, misere_penalty, revoke_settlement
from ..rulebook.solo import Contract, SoloTable
from .codes import ANY, SOLO_FACTS, Rule, SoloCodeFacts, by_remedy, role_rule
from .round import RoundLawMixin

__all__ = ["LawSoloTable"]

_DIGEST = "003 Solo digest"


_REQUIRES: tuple[tuple[str, str], ...] = (
    ("require highest", "002 §26 Solo"),
    ("require lowest", "002 §26 Solo"),
    ("require win", "002 §26 Solo"),
    ("require not win", "002 §26 Solo"),
    ("require trump", _DIGEST),
    ("require not trump", _DIGEST),
)
"""What the single player may require of the adversary passed over by a play out of turn; at a misère, where there
are no trumps to call for, the first four."""

_NO_PARTNER = by_remedy(
    ("002 §20 Solo", _DIGEST),
    "there is no penalty for cards exposed by the single player, for he has no partner to take advantage of the"
    " information",
)
_LEAD_BY_CALLER = by_remedy(
    ("002 §24", _DIGEST),
    "the adversaries may call a suit from him when next he has the lead (his card carries no penalty as an exposed"
    " card: 002 §20 Solo)",
    (("call suit", "002 §24"),),
)
_PLAY_BY_CALLER = by_remedy(("002 §26 Solo", "002 §25"), "the single player has no partner to profit by it")
_EXPOSED_LEAD_SINGLE = by_remedy(
    ("002 §21", _DIGEST),
    "the exposed card may be called",
    # "except against a solo or abondance, when he may be repeatedly prohibited"
    (("call card", "002 §21"), ("forbid card", _DIGEST)),
)
_THROWN_BY_CALLER = by_remedy(
    ("002 §27 Solo",),
    "he and his partner, if any, pay the stakes and settle for all over-tricks as if they had lost all the remaining"
    " tricks",
)

RULES: dict[tuple[str, str], Rule] = {
    # (offence, the offender's role) -> a Rule: the laws, a plain clause, the remedies (kind, law) of the offended side.
    # Roles (:func:`role`): "caller" and "adversary" (a solo or abondance), "misere caller" and "misere adversary",
    # "pair" and "pair adversary" (proposal and acceptance), "general" (a general misère); ANY: every other role.
    (ANY, "general"): by_remedy(
        (_DIGEST,),
        "the texts give no penalty at a general misère, where each plays for himself;"
        " none where the offender cannot gain (000 Cases, principle)",
    ),
    # ---------------------------------------------------------------- exposed cards (002 §20, §21; 003)
    ("exposed card", "caller"): _NO_PARTNER,
    ("exposed card", "misere caller"): _NO_PARTNER,
    ("exposed card", "misere adversary"): by_remedy(
        (_DIGEST, "002 §20"),
        "an adversary of a misère exposes a card: the caller may claim the stakes at once, paid by the offender for"
        " himself and his partners; else the card is liable to be called",
        (("claim the stakes", _DIGEST), ("call card", "002 §21")),
    ),
    ("exposed card", ANY): by_remedy(
        ("002 §20", "002 §21", _DIGEST),
        "the card lies face up on the table, liable to be called by the other side",
        (("call card", "002 §21"),),
    ),
    ("call exposed", ANY): by_remedy(
        ("002 §21", "002 §21 Solo", _DIGEST),
        "the exposed card may be called",
        (
            ("call card", _DIGEST),
            ("forbid card", _DIGEST),
            ("require highest", "002 §21 Solo"),
            ("require lowest", "002 §21 Solo"),
            ("require not trump", "002 §21 Solo"),
        ),
    ),
    ("call exposed lead", "caller"): _EXPOSED_LEAD_SINGLE,
    ("call exposed lead", "adversary"): _EXPOSED_LEAD_SINGLE,
    ("call exposed lead", ANY): by_remedy(
        ("002 §21", _DIGEST), "the exposed card may be called", (("call card", "002 §21"),)
    ),
    # ---------------------------------------------------------------- a lead out of turn (002 §24; 003)
    ("lead out of turn", "misere adversary"): by_remedy(
        (_DIGEST, "002 §24 Solo"),
        "a lead out of turn against a misère: the caller may claim the stakes at once, the offender paying for"
        " himself and his partners",
        (("claim the stakes", "002 §24 Solo"), ("call suit", "002 §24"), ("call card", _DIGEST)),
    ),
    ("lead out of turn", "caller"): _LEAD_BY_CALLER,
    ("lead out of turn", "misere caller"): _LEAD_BY_CALLER,
    ("lead out of turn", ANY): by_remedy(
        ("002 §24", _DIGEST),
        "the card may be treated as an exposed card, or a suit called from the offender or his partner when next"
        " either of them has to lead",
        (("call card", _DIGEST), ("call suit", "002 §24")),
    ),
    # ---------------------------------------------------------------- a play out of turn (002 §25, §26 Solo)
    ("play out of turn", "misere adversary"): by_remedy(
        ("002 §26 Solo", _DIGEST),
        "an adversary of a misère plays out of turn: the caller may claim the stakes at once, the offender paying"
        " for himself and his partners",
        (("claim the stakes", "002 §26 Solo"), *_REQUIRES[:4]),
    ),
    ("play out of turn", "caller"): _PLAY_BY_CALLER,
    ("play out of turn", "misere caller"): _PLAY_BY_CALLER,
    ("play out of turn", "adversary"): by_remedy(
        ("002 §26 Solo", _DIGEST),
        "the bidder may call upon the adversary who has not played to play his highest or lowest of the suit led,"
        " or to win or not to win the trick",
        _REQUIRES,
    ),
    ("play out of turn", ANY): by_remedy(
        ("002 §26", _DIGEST),
        "the partner passed over may be compelled to play his highest or lowest, or to trump or not to trump",
        (
            ("require highest", "002 §26"),
            ("require lowest", "002 §26"),
            ("require trump", _DIGEST),
            ("require not trump", _DIGEST),
        ),
    ),
    # ---------------------------------------------------------------- quitted tricks (002 §37 Solo)
    ("last trick looked at", "misere caller"): by_remedy(
        ("002 §37 Solo", "002 §24"),
        "at a misère looking at a turned trick bears the penalty of a lead out of turn: a suit may be called from him",
        (("call suit", "002 §24"),),
    ),
    ("last trick looked at", "misere adversary"): by_remedy(
        ("002 §37 Solo", _DIGEST),
        "at a misère looking at a turned trick bears the penalty of a lead out of turn: the caller may claim the"
        " stakes",
        (("claim the stakes", "002 §37 Solo"), ("call suit", "002 §24")),
    ),
    ("last trick looked at", ANY): by_remedy(
        (_DIGEST, "002 §37 Solo"), "lawful: any player may ask to see the last trick, except at a misère"
    ),
    ("trick looked at", "misere adversary"): by_remedy(
        ("002 §37", "002 §37 Solo", _DIGEST),
        "a quitted trick other than the last may never be seen again; at a misère the caller may claim the stakes",
        (("claim the stakes", "002 §37 Solo"), ("call suit", "002 §24")),
    ),
    ("trick looked at", ANY): by_remedy(
        ("002 §37", _DIGEST),
        "a quitted trick other than the last may not be seen again: the offender's side bears the penalty of a lead"
        " out of turn, a suit called",
        (("call suit", "002 §37"),),
    ),
    # ---------------------------------------------------------------- a hand thrown down (002 §27 Solo)
    ("hand thrown down", "caller"): _THROWN_BY_CALLER,
    ("hand thrown down", "misere caller"): _THROWN_BY_CALLER,
    ("hand thrown down", "pair"): _THROWN_BY_CALLER,
    ("hand thrown down", ANY): by_remedy(
        ("002 §27 Solo",),
        "his partners may demand the hand played out with the abandoned hand exposed and liable to be called; else"
        " he pays the caller as if the call had succeeded",
        (("demand play out", "002 §27 Solo"),),
    ),
}
"""Solo's laws for each irregularity, by the offender's role (003 digest; 002 Solo lines), as data: the same shape as
Boston's (:data:`hoyle.laws.boston.RULES`), read by :func:`hoyle.laws.codes.role_rule`."""


def role(offender: str, declarers: list[str], contract: Contract | None, *, general: bool) -> str:
    """The offender's role for :data:`RULES`."""
    if general or contract is None:
        return "general"
    caller = offender in declarers
    if contract.misere:
        return "misere caller" if caller else "misere adversary"
    if len(declarers) != 1:
        return "pair" if caller else "pair adversary"
    return "caller" if caller else "adversary"


class LawSoloTable(RoundLawMixin, SoloTable):
    """Solo Whist at law (``hoyle.game("solo", irregularities=True)``)."""

    public_calls = True  # the calls on an exposed card offered on what the table sees, not on his hand

    def __init__(self, game: Any, **kwargs: Any) -> None:
        self.law_code: str = game["law_code"]
        self.facts: SoloCodeFacts = SOLO_FACTS[self.law_code]
        """What the chosen code says beyond the rules (:data:`hoyle.laws.codes.SOLO_FACTS`)."""
        super().__init__(game, **kwargs)

    # ================================================================== wiring

    def _new_deal(self) -> list[Event]:
        self._law_reset()
        return super()._new_deal()

    # ================================================================== the hooks: the table

    def _law_declarers(self) -> list[int]:
        if self.general or self.contract is None:
            return []
        return [self._seat(s) for s in self.declarers]

    def _law_misere(self) -> bool:
        return self.contract is not None and self.contract.misere and not self.general

    def _law_hand_sizes(self) -> dict[int, int]:
        return {s: self.hands[i].bit_count() for i, s in enumerate(self._ring)}

    def _law_move_card(self, giver: int, taker: int) -> None:
        g, t = self._ring.index(giver), self._ring.index(taker)
        cards = [c for c in mask_cards(self.hands[g]) if c != self.turned or self.turned_owner != g]
        card = cards[0]
        self.hands[g] &= ~(1 << card)
        self.hands[t] |= 1 << card

    def _turned_mask(self) -> int:
        return 1 << self.turned if self.turned_on_table and self.turned_owner is not None else 0

    def _law_game_play(self, action: Action) -> list[Event]:
        return SoloTable._do_play(self, action)

    def _law_settle(self) -> list[Event]:
        return SoloTable._settle(self)

    def _law_rewind(self, k: int, unquit: bool) -> None:
        if self.referee.revoke.rewind_views(k, unquit):
            self.turned_on_table = True  # the first trick is back on the table: the trump card lies there again
            if self.contract is not None and self.contract.exposed:
                self.exposed = None  # misère ouverte: the caller's cards are laid down when the first trick is turned

    # ================================================================== the hooks: the laws

    def _law_rule(self, key: str, offender: int) -> Rule:
        """The remedies Solo's laws give for ``key`` committed by ``offender`` (:data:`RULES`)."""
        r = role(self.seats[offender], self._names(self._law_declarers()), self.contract, general=self.general)
        return role_rule(RULES, key, (r,)) or by_remedy((_DIGEST,), "the texts are silent")

    # ================================================================== the hooks: the money

    def _law_pay(self, text: str, laws: list[str], pays: list[Payment], result: dict[str, Any]) -> list[Event]:
        seat = self.declarers[0] if self.declarers else None
        return self._pay(
            Event("result", f"{text} ({', '.join(laws)})", seat=seat, law=laws, data=dict(result)), pays, result
        )

    def _made(self) -> int:
        play = self.play
        assert play is not None
        return sum(play.won[self.active.index(s)] for s in self.declarers)

    def _ordered(self) -> list[str]:
        return sorted(self.declarers, key=self.active.index)

    def _result(self, **more: Any) -> dict[str, Any]:
        c = self.contract
        assert c is not None
        return {"call": c.name, "declarers": list(self.declarers), "made": self._made(), **more}

    def _law_revoke_settle(self, revoked: dict[int, int]) -> list[Event]:
        revokes = {self.seats[s]: n for s, n in revoked.items()}
        c = self.contract
        assert c is not None
        outcome, pays = revoke_settlement(
            c,
            self._made(),
            self.scale,
            revokes=revokes,
            declarers=self._ordered(),
            adversaries=self._adversaries(),
            code=self.law_code,
            double_over=self.double_over,
        )
        who = " and ".join(f"{s} ({n})" if n > 1 else s for s, n in revokes.items())
        if outcome is None:
            return self._law_pay(
                f"Revokes on both sides ({who}): the deal is void, nothing is paid",
                [_DIGEST],
                [],
                self._result(won=None, value=0, void="revokes on both sides", revokes=dict(revokes)),
            )
        verdict = "wins" if outcome.won else "loses"
        text = f"{who} revoked: {' and '.join(self.declarers)} {verdict} the {c.title}: {outcome.text}"
        return self._law_pay(
            text, list(outcome.law), pays, self._result(won=outcome.won, value=outcome.value, revokes=dict(revokes))
        )

    def _law_stakes(self, offender_seat: int, key: str) -> list[Event]:
        offender = self.seats[offender_seat]
        c = self.contract
        assert c is not None
        outcome, pays = misere_penalty(
            c, self.scale, caller=self.declarers[0], offender=offender, adversaries=self._adversaries()
        )
        text = (
            f"{self.declarers[0]} wins the {c.title} by {offender}'s irregularity ({key}): {outcome.text}, paid by"
            f" {offender} for himself and his partners"
        )
        return self._law_pay(
            text, list(outcome.law), pays, self._result(won=True, value=outcome.value, penalty=key, offender=offender)
        )

    def _law_abandoned(self, abandoner_seat: int, played_out_made: int | None) -> list[Event]:
        abandoner = self.seats[abandoner_seat]
        c = self.contract
        play = self.play
        assert c is not None and play is not None
        remaining = 13 - len(play.quitted)
        outcome, pays = abandoned_hand(
            c,
            self._made(),
            remaining,
            self.scale,
            abandoner=abandoner,
            declarers=self._ordered(),
            adversaries=self._adversaries(),
            played_out_made=played_out_made,
            double_over=self.double_over,
        )
        text = (
            f"{abandoner} abandoned his hand: {' and '.join(self.declarers)} {'win' if outcome.won else 'lose'}"
            f" the {c.title}: {outcome.text}"
        )
        return self._law_pay(
            text, list(outcome.law), pays, self._result(won=outcome.won, value=outcome.value, abandoned=abandoner)
        )

    def _law_wrong_hands(self, wrong_seats: list[int], final: bool) -> tuple[str, list[Event]]:
        wrong = self._names(wrong_seats)
        c = self.contract
        if c is None or self.general:
            return "new deal", self._law_redeal(
                f"{' and '.join(wrong)} found with the wrong number of cards: a fresh deal by the same dealer",
                [_DIGEST, "002 §19"],
            )
        # 003 digest: the partnership with the wrong cards "must ... lose the stake": found before the hand is
        # played out, the stake alone, no under-tricks counted for the tricks never played.
        word, outcome, pays = incorrect_hands(
            c,
            self._made(),
            self.scale,
            declarers=self._ordered(),
            adversaries=self._adversaries(),
            wrong=wrong,
            code=self.law_code,
            double_over=self.double_over,
            played_out=final,
        )
        who = " and ".join(wrong)
        laws = list(self.facts.wrong_number_laws)
        if word == "new deal":
            return word, self._law_redeal(f"{who} found with the wrong number of cards: a new deal", laws)
        if self.facts.declarers_wrong_number_played_out and not final and set(wrong) & set(self.declarers):
            return "play on", [
                self._ruling(
                    "wrong number",
                    f"{who} found with the wrong number of cards: the deal stands good and the hand must be played out",
                    laws,
                    remedy="play on",
                )
            ]
        assert outcome is not None
        ruling = self._ruling("wrong number", f"{who} found with the wrong number of cards: {word}", laws, remedy=word)
        return word, [
            ruling,
            *self._law_pay(
                f"{who} held the wrong number of cards: {outcome.text}",
                list(outcome.law),
                pays,
                self._result(won=outcome.won, value=outcome.value, wrong=list(wrong)),
            ),
        ]

    def _law_redeal(self, text: str, laws: list[str]) -> list[Event]:
        events = [self._ruling("new deal", text, laws, remedy="new deal by the same dealer")]
        self.deal_entry()["result"] = {"void": "new deal", "dealer": self.seats[self.dealer]}
        self._last_result = {"void": "new deal"}
        return events + self._new_deal()
