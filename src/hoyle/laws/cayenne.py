"""Law mode at the Cayenne table: 002's laws with their interlined Cayenne lines (docs/cayenne.md, "The laws").

``hoyle.game("cayenne", irregularities=True)`` makes a :class:`LawCayenneTable`
(see ``CayenneTable.law_class``, :meth:`hoyle.engine.table.Table.__new__`).  Cayenne has Whist's
shape at law, four seats in two fixed sides under the Congress code, so the
play-time machinery is :class:`~hoyle.laws.table.LawMixin`'s, unchanged: the
irregular acts, the penalty phases, the facts of every renounce, the claims
step, the search.  What is Cayenne's is overridden here:

- **the deal** (002 §13 Cayenne): two packs, no trump turned, the card cut from
  the still pack naming the cayenne suit; the dealer's faults that make sense
  without a turned trump; a misdeal is never lost, "the misdealer deals again
  with the same cards" (002 §12, §17 Cayenne);
- **the declaration** (002 §18 Cayenne) between the deal and the first lead;
  grand and nullo have no trump suit;
- **the rules**: :data:`hoyle.laws.codes.CAYENNE` over the Congress code (the
  revoke of 002 §30 and §31 Cayenne, the deal never lost, the last trick seen
  by custom except at nullo, 002 §37 Cayenne);
- **the score**: :meth:`CayenneTable._score <hoyle.rulebook.cayenne.CayenneTable._score>`,
  fed the revoke penalties chosen (three tricks, or the value of three tricks
  deducted or added, at the declaration's unit), the revoking sides capped at
  nine with no slam or game (002 §30, §31 Cayenne).
"""

from __future__ import annotations

from typing import Any

from ..cards import CARD_TEXT as _TEXT
from ..cards import CARDS, PACK_52, SUITS, Card
from ..engine.actions import Action, as_action
from ..engine.events import Event
from ..errors import IllegalAction
from ..rulebook.boston import PATTERN
from ..rulebook.cayenne import DECLARE_ACTIONS as _DECLARE_ACTIONS
from ..rulebook.cayenne import DECLARE_WORDS as _DECLARE_WORDS
from ..rulebook.cayenne import (
    SEATS,
    SIDES,
    CayenneTable,
    honours_held,
    revoke_penalty,
)
from ..rulebook.whist import AMERICAN
from .codes import CAYENNE, Rule, rule
from .decision import DecisionKey
from .hand import LawHand
from .sections.common import VARIANT_KEY, Decision, parity, side_of
from .table import LawMixin

__all__ = ["LawCayenneTable"]

_PENALTY_CHOICE = {
    "penalty take three tricks": "take three tricks",
    "penalty deduct three": "deduct",
    "penalty add three": "add",
}
"""The revoke remedies (action notation) and :func:`~hoyle.rulebook.cayenne.revoke_penalty`'s words for them."""


class LawCayenneTable(LawMixin, CayenneTable):  # type: ignore[misc, override]  # the bases differ by design
    """Cayenne at law (``hoyle.game("cayenne", irregularities=True)``): 002 §8–39 with the Cayenne lines."""

    _turn_words = ("the last card is dealt", "the adversaries looked at their cards")  # 002 §16, §17 I Cayenne

    def __init__(self, game: Any, **kwargs: Any) -> None:
        self.code = AMERICAN  # Cayenne is played under the Congress code (002), with its Cayenne lines
        self.long = False
        self._used_pack = 0
        super().__init__(game, **kwargs)

    # ================================================================== the rules

    def _rule(self, key: str) -> Rule:
        return rule(self.code, key, "cayenne")

    def controller(self, seat: str) -> str:
        """Each seat plays for itself."""
        return seat

    # ================================================================== the deal (002 §8–17 with the Cayenne lines)

    def _deal(self, actor: int, arg: str, *, again: bool = False) -> list[Event]:
        """Shuffle, cut, deal by fours, fours and fives, and cut the still pack for the cayenne (002 §13 Cayenne),
        by ``actor``, rightly or wrongly; then rule on what went wrong.  ``again``: the deal just made is found to
        have been made so (``W: deal uncut``, ``E: deal``): the same cards, dealt as the act says."""
        variant, target = self.referee.deal.deal_variant(arg)
        if again:
            order = self._order
            self._window = False
            entry = self.deal_entry()
        else:
            order, turned, entry = self._deal_packs(shuffle=True, turn=True)
            assert turned is not None
            self._order = order
            self._cut_card(turned)
        pack = 1 - self._pack_no if variant == "with the other pack" else self._pack_no
        hands = self.referee.deal.dealt(entry, order, PATTERN, actor, arg, pack)
        masks = [sum(1 << c for c in hands[s]) for s in range(4)]
        if variant in ("two cards to", "a card too many to") and target is not None:
            giver = (target + 1) % 4
            card = hands[giver][0]
            masks[giver] &= ~(1 << card)
            masks[target] |= 1 << card
        h = LawHand(masks, actor, 0)
        h.trump_card = -1  # no trump is turned (002 §13, §18 Cayenne): nothing lies on the table
        h.trump_on_table = False
        h.trumps = None  # type: ignore[assignment]  # until the declaration (002 §18 Cayenne)
        self.hand = h
        self.hands = list(masks)
        self._reset_declaration(actor)
        self._phase = "dealt"
        return [self._deal_event(entry, actor, masks, pack), *self.referee.deal.after_deal(actor, variant, target)]

    def _deal_irregulars(self, s: int) -> list[Action]:
        """The dealer's faults that make sense without a turned trump (002 §18: "This law does not apply to
        Boston, or Cayenne"); an adversary's interruption bears on nothing, the deal never being lost."""
        return [a for a in super()._deal_irregulars(s) if "trump" not in a.arg and a.verb != "interrupt"]

    def _judge_deal(self, actor: int, variant: str, target: int | None) -> list[Event]:
        key = {"two cards to": "two cards dealt"}.get(variant) or VARIANT_KEY.get(variant)
        if key is not None and self._rule(key).effect == "misdeal":
            return self._misdeal(key, actor, self.referee.misdeal.variant_text(actor, variant, target))
        return super()._judge_deal(actor, variant, target)

    def _misdeal(self, key: str, actor: int, what: str) -> list[Event]:
        """A misdeal: "the misdealer deals again with the same cards", the deal never lost (002 §12, §13, §17
        Cayenne).  The dealer whose deal it is deals again, with the same pack."""
        return self.referee.misdeal.void_to(
            "deals again",
            key,
            f"{what}: a misdeal; the deal is never lost, and {SEATS[self.dealer]} deals again with the same cards",
            actor,
            self.dealer,
            same_pack=True,
        )

    def _shuffle_after_cut(self, who: int) -> list[Event]:
        return self._misdeal("shuffled after cut", who, f"{SEATS[who]} shuffles the pack after it has been cut")

    def _start_play(self) -> list[Event]:
        """The deal stands (002 §16 Cayenne: "after that the deal is valid"): the dealer declares."""
        if self._actor != self.dealer:
            self.dealer = self._actor
        self._pack_no = self._used_pack  # "the packs, if changed, so remain" (002 §16)
        self._phase = "declare"
        self._reset_declaration(self.dealer)
        self._refresh_static()
        return []

    # ================================================================== the declaration (002 §18 Cayenne)

    def _law_to_act(self) -> str | None:
        if self._phase == "declare":
            return SEATS[self.declarer]
        return super()._law_to_act()

    def _law_legal(self) -> list[Action]:
        if self._phase == "declare":
            return self._declare_actions()
        return super()._law_legal()

    def apply(self, action: Action | str) -> list[Event]:
        """Take ``action`` as every law-mode table does (docs/laws.md), a declaration in words (``declare hearts``)
        read as the notation has it."""
        return super().apply(self._canonical(action if type(action) is Action else as_action(action)))

    def _canonical(self, act: Action) -> Action:
        """A declaration in words as the notation has it: 'declare hearts' is 'declare H' (as in strict mode)."""
        if act.verb == "declare" and self._phase == "declare" and not self._decisions and not self._over:
            what = _DECLARE_WORDS.get(act.arg.lower())
            if what is not None:
                return _DECLARE_ACTIONS[what].by(act.seat)
        return act

    def _check(self, action: Action) -> None:
        super()._check(self._canonical(action))

    def _law_act(self, action: Action) -> list[Event]:
        if self._phase == "declare":
            return self._do_declare(action)
        return super()._law_act(action)

    def _begin_play(self) -> list[Event]:
        """The declaration made: the honours as dealt are counted, and the eldest hand leads (rules §3)."""
        h = self.hand
        assert h is not None
        trumps = self._trump_index()
        h.trumps = trumps  # type: ignore[assignment]  # None at grand and nullo
        if trumps is not None:
            self.honours = honours_held(h.dealt, trumps)
        self._dealt_honours = self.honours
        self._window = False  # the declaration is made on the cards examined: the deal's faults are past claiming
        self._phase = "play"
        self._refresh_static()
        return [self._lead_event()]

    def _why_not(self, action: Action, s: int) -> str:
        if not self._decisions and self._phase == "declare":
            if action.verb in ("declare", "pass") and s == self.declarer:
                try:
                    self._declared(action)
                except IllegalAction as exc:
                    return str(exc)
            return (
                f"{action}: {SEATS[self.declarer]} is to declare: 'declare H' (any suit trumps), 'declare grand'"
                f" or 'declare nullo'{'' if self.passed else ', or pass to his partner'} (002 §18 Cayenne)"
            )
        if action.verb in ("declare", "pass"):
            return f"{action}: a declaration once made cannot be changed (002 §18 Cayenne)"
        return super()._why_not(action, s)

    # ================================================================== the play: what differs

    def _general_irregulars(self, s: int) -> list[Action]:
        # 002 §18 (naming the trump card) "does not apply to Boston, or Cayenne": no trump card is turned.
        return [a for a in super()._general_irregulars(s) if a.arg != "trump card"]

    def _decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        events = super()._decide(d, action, by)
        h = self.hand
        if (
            h is not None
            and h.trumps is None
            and self._decisions
            and self._decisions[0].key == "trump or not"
            and d.key != DecisionKey.TRUMP_OR_NOT
        ):
            spent = self._decisions.pop(0)
            target = spent.context.get("target", spent.offender)
            r = CAYENNE["no trumps"]
            events.append(
                self._ruling(
                    str(spent.context.get("key", "fourth before second")),
                    f"{SEATS[target]} has none of the suit led, and at {self.declaration} there"
                    " are no trumps: the call is spent",
                    seat=target,
                    remedy="none",
                    r=r,
                )
            )
        return events

    def _look(self, who: int, n: int) -> list[Event]:
        """A quitted trick looked at (002 §37): the last one by the Cayenne custom, except at nullo (hoyle takes
        nullo for the misère of 002 §37 Cayenne), where the penalty is that of a lead out of turn."""
        h = self.hand
        assert h is not None
        what = f"{SEATS[who]} looks at trick {n}, which has been turned and quitted"
        if n != len(h.quitted):
            return super()._look(who, n)
        if self.declaration != "nullo":
            return [
                self._ruling(
                    "trick looked at",
                    what + ", the last trick: permitted by the Cayenne custom",
                    seat=who,
                    remedy="none",
                    r=CAYENNE["last trick looked at"],
                )
            ]
        r = CAYENNE["nullo trick looked at"]
        self._suit_rights.append(
            {
                "side": side_of(who),
                "laws": list(r.laws),
                "key": "trick looked at",
                "chooser": r.chooser,
                "why": what + " at nullo",
            }
        )
        return [self._ruling("trick looked at", what + " at nullo", seat=who, remedy="a suit may be called", r=r)]

    # ================================================================== the revoke and the score

    def _revoke_penalty(self, d: Decision, text: str, by: int) -> list[Event]:
        """The claimants' choice for one revoke proved (002 §30 Cayenne), at the declaration's unit."""
        accused = parity(d.context["accused"])
        claimants = parity(d.side)
        choice = _PENALTY_CHOICE[text]
        unit = self.unit()
        if choice == "take three tricks":  # 002 §30 Cayenne: "take from him three tricks"
            self._transfers.append((accused, claimants, 3, d.laws[0]))
            sentence = f"{SIDES[claimants]} take three tricks from {SIDES[accused]}"
        else:  # 002 §30 Cayenne: "deduct the value of three tricks from his score" or "add ... to their own"
            self._penalties.extend(revoke_penalty({accused: choice}, (0, 0), unit).penalties)
            sentence = (
                f"{SIDES[claimants]} deduct the value of three tricks, {3 * unit}, from {SIDES[accused]}'s score"
                if choice == "deduct"
                else f"{SIDES[claimants]} add the value of three tricks, {3 * unit}, to their own score"
            )
        sentence += f"; {SIDES[accused]} cannot score slams or game this hand, and stop at nine"
        return [self._ruling("revoke", sentence, remedy=text, laws=list(d.laws))]

    def _taken(self) -> tuple[int, int]:
        """The tricks as taken (and, in abandoned hands, as claimed or admitted): slams are made independently
        of the revoke penalty (002 §30 Cayenne)."""
        saved, self._transfers = self._transfers, []
        try:
            t = self.referee.score.tricks_now()
        finally:
            self._transfers = saved
        return t[0], t[1]

    def _gathered(self) -> list[Card]:
        h = self.hand
        assert h is not None
        out = [CARDS[c] for q in h.quitted for _, c in q.plays]
        seen = set(out)
        return out + [c for c in PACK_52 if c not in seen]

    def _finished(self) -> None:
        """The rubber is over: the phase says so of itself (``over``)."""

    def _score_law(self) -> list[Event]:
        """Score the hand: the revoke penalties chosen, tricks, slams, honours (002 §1, §30, §31 Cayenne)."""
        events = [
            Event(
                "score",
                f"{n} tricks taken from {SIDES[frm]} by {SIDES[to]} ({law})",
                law=law,
                data={"side": SIDES[to], "tricks": n, "for": "revoke"},
            )
            for frm, to, n, law in self._transfers
        ]
        extra: dict[str, Any] = {
            "penalties": [{"side": SIDES[s], "points": p, "law": law} for s, p, law, _ in self._penalties],
            "transfers": [
                {"from": SIDES[f], "to": SIDES[t], "tricks": n, "law": law} for f, t, n, law in self._transfers
            ],
            "capped": [SIDES[s] for s in sorted(self._capped)],
            "abandoned": self._abandoned,
        }
        entry = self.deal_entry()
        # 002 §30 Cayenne: the revokers (self._capped, both sides if both revoked: 002 §30) score no slam or game
        # and stop at nine (002 §31 Cayenne); slams are judged on the tricks as taken.
        events.extend(
            self._score(
                penalties=self._penalties,
                capped=sorted(self._capped),
                tricks=self.referee.score.tricks_now(),
                slam_tricks=self._taken(),
            )
        )
        result = entry["result"]
        for k, v in extra.items():
            if v:
                result[k] = v
        return events

    # ================================================================== what each seat may see

    def _refresh_static(self) -> None:
        self._static_view = {"game": self.game.name, "code": self.code, "law_mode": True}

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now: the law-mode view (``phase``, ``exposed``, ``calls``, ``decision``) with
        Cayenne's (the cut card, the cayenne suit and values, the declaration, the games and the rubber).  The
        last trick may be seen, except at nullo (002 §37 Cayenne)."""
        v = super().view(seat)
        h = self.hand
        last = h.quitted[-1] if h is not None and h.quitted else None
        v.update(CayenneTable._public(self))
        v.update(
            {
                "trumps": SUITS[h.trumps] if h is not None and h.trumps is not None else None,
                "last_trick": None
                if last is None or self.declaration == "nullo" or self._over
                else {
                    "leader": SEATS[last.leader],
                    "winner": SEATS[last.winner],
                    "cards": [{"seat": SEATS[s], "card": _TEXT[c]} for s, c in last.plays],
                },
            }
        )
        return v
