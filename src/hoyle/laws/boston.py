"""Law mode at the Boston table: 002's laws with their interlined Boston lines (docs/boston.md, "The laws").

``hoyle.game("boston", irregularities=True)`` makes a :class:`LawBostonTable` (see
``BostonTable.law_class``,
:meth:`hoyle.engine.table.Table.__new__`).  Boston is a round table, one bidder
against three, so the play-time machinery is :class:`~hoyle.laws.round.RoundLawMixin`'s: the
irregular acts, the out-of-turn routing, exposed cards and calls in force, renounce facts,
penalty phases, the claims step and the search.  What is Boston's is here:

- **the remedies** (:data:`RULES`, data: offence and offender's role to the laws, a plain
  clause and the remedies the offended side may choose): 002 §20, §21, §24, §26, §37 Boston;
- **the deal at law**: a misdeal or a surplus card found costs the dealer a red counter to
  the pool and he deals again with the same cards, gathered and cut, not shuffled (002 §8,
  §11, §12, §17, §19 Boston); a card exposed in cutting: the pack is cut again, not
  shuffled (002 §11 Boston);
- **the settlements** (:func:`~hoyle.rulebook.boston.revoke_payments`,
  :func:`~hoyle.rulebook.boston.short_hand_payments`,
  :func:`~hoyle.rulebook.boston.misere_irregularity_payments`): a revoke claimed and proved
  abandons the hands (002 §30, §31 Boston); a short hand (002 §19 Boston); a misère lost by
  an adversary's irregularity (002 §24, §26, §37 Boston);
- **the acts** are those of every law-mode table (docs/laws.md): the seat to act plays a card
  it may not lawfully play with a plain ``play C`` (a renounce in error, 002 §28, or a call
  not complied with, 002 §38), and ``irregular_actions(seat)`` lists it;
- **Boston's own readings** where the mixin's default is another game's: a renounce corrected
  (002 §29 Boston), an exposed trump "not to be used for ruffing" (002 §21 Boston), the
  calls on an exposed card offered on what the bidder can see (``public_calls``), the
  bidder's lead out of turn, taken back or let stand by the player on his left (002 §24
  Boston), a card exposed by a misère's adversary (rules §4: the bidder may claim the
  stakes), the claims step at a misère partout, a claim of a revoke at any moment of the
  play (002 §30-31 Boston: the hands are then abandoned).
"""

from __future__ import annotations

from typing import Any

from ..cards import CARD_TEXT as _TEXT
from ..cards import CARDS, SUIT_MASKS, mask_cards, parse
from ..cards import mask_indices as _ordered
from ..engine.actions import Action
from ..engine.events import Event
from ..rulebook.boston import (
    POOL,
    SEATS,
    BostonTable,
    misdeal_payments,
    misere_irregularity_payments,
    revoke_payments,
    short_hand_payments,
)
from ..rulebook.contracts import Payment
from .hand import Renounce
from .round import Decision, RoundLawMixin, RoundRule
from .rounds.common import RoundSection, rule_for

__all__ = ["RULES", "LawBostonTable", "role"]

_B20 = "002 §20 Boston"
_B21 = "002 §21 Boston"
_B24 = "002 §24 Boston"
_B26 = "002 §26 Boston"
_B37 = "002 §37 Boston"
_R4 = "rules §4"  # FCH p.167: "any ... exposure by an adversary of a misère bidder": the bidder wins

_NO_PARTNER = "there are no penalties against the single player, who has no partner to take advantage of it"
_PARTOUT = "there is no penalty for leading out of turn in misère partout"

RULES: dict[tuple[str, str], RoundRule] = {
    # (offence, the offender's role) -> the laws, a plain clause, the remedies (kind, law) of the offended side.
    # Roles: "adversary" (of a trick bid), "misere" (an adversary of a misère), "bidder", "partout".
    # ---------------------------------------------------------------- a lead out of turn (002 §24 Boston)
    ("lead out of turn", "adversary"): RoundRule(
        (_B24,),
        "the bidder, who has not played to the trick, may call a suit from the player whose turn it was to"
        " lead (if the lead was his own, when the adversaries next obtain the lead), or claim the card as exposed",
        (("call suit", _B24), ("call card", _B24)),
    ),
    ("lead out of turn", "misere"): RoundRule(
        (_B24,), "in misères a lead out of turn by the bidder's adversary loses the game", (("claim the stakes", _B24),)
    ),
    ("lead out of turn", "bidder"): RoundRule(
        (_B24, _B20),
        "the card is taken back without penalty, unless the player on his left follows the erroneous"
        " lead: then the error cannot be corrected",
        (("take back", _B24),),
    ),
    ("lead out of turn", "partout"): RoundRule((_B24,), _PARTOUT + "; the lead stands"),
    # ---------------------------------------------------------------- a play out of turn (002 §26 Boston)
    ("play out of turn", "adversary"): RoundRule(
        (_B26,),
        "the bidder may call upon the adversary who has not played to play his highest or lowest of the suit"
        " led, or to win or not to win the trick",
        (("require highest", _B26), ("require lowest", _B26), ("require win", _B26), ("require not win", _B26)),
    ),
    ("play out of turn", "misere"): RoundRule(
        (_B26,),
        "if the adversary of a misère player plays out of turn, the bidder may immediately claim the stakes",
        (("claim the stakes", _B26),),
    ),
    ("play out of turn", "bidder"): RoundRule((_B26, _B20), _NO_PARTNER),
    ("play out of turn", "partout"): RoundRule((_B26, _B24), "no penalty in misère partout"),
    # ---------------------------------------------------------------- exposed cards (002 §20, §21 Boston)
    ("exposed card", "adversary"): RoundRule(
        ("002 §20", _B21), "the card lies face up, liable to be called by the bidder", (("call card", _B21),)
    ),
    ("exposed card", "misere"): RoundRule(
        ("002 §20", _B21, _R4),
        "a card exposed by an adversary of a misère bidder loses the misère: the bidder may"
        " claim the stakes; else the card lies face up, liable to be called by him",
        (("claim the stakes", _R4), ("call card", _B21)),
    ),
    ("exposed card", "bidder"): RoundRule((_B20,), _NO_PARTNER + "; the card, seen by all, is not liable to be called"),
    ("exposed card", "partout"): RoundRule(
        ("002 §20", "002 §21"), "the card lies face up, liable to be called", (("call card", "002 §21"),)
    ),
    ("call exposed", "adversary"): RoundRule(
        (_B21,),
        "the bidder may demand that the exposed card be played or not played, or the highest or lowest of"
        " the suit; an exposed trump, that it be not used for ruffing",
        (
            ("call card", _B21),
            ("forbid card", _B21),
            ("require highest", _B21),
            ("require lowest", _B21),
            ("require not trump", _B21),
        ),
    ),
    ("call exposed", "bidder"): RoundRule(
        ("002 §29 Boston", "002 §21"),
        "the bidder's card claimed as exposed is liable to be called",
        (("call card", "002 §21"), ("forbid card", _B21), ("require highest", _B21), ("require lowest", _B21)),
    ),
    ("call exposed", "partout"): RoundRule(("002 §21",), "the exposed card may be called", (("call card", "002 §21"),)),
    ("call exposed lead", "adversary"): RoundRule(
        ("002 §21",), "the exposed card may be called to the lead", (("call card", "002 §21"),)
    ),
    ("call exposed lead", "bidder"): RoundRule(
        ("002 §21",), "the exposed card may be called to the lead", (("call card", "002 §21"),)
    ),
    ("call exposed lead", "partout"): RoundRule(
        ("002 §21",), "the exposed card may be called to the lead", (("call card", "002 §21"),)
    ),
    # ---------------------------------------------------------------- quitted tricks (002 §37 Boston)
    ("last trick looked at", "adversary"): RoundRule(
        (_B37,), "it is still the custom to permit looking at the last trick, except in misères"
    ),
    ("last trick looked at", "bidder"): RoundRule(
        (_B37,),
        "it is still the custom to permit looking at the last trick, except in misères, where the penalty is"
        " that of a lead out of turn, which the law does not exact from the bidder",
    ),
    ("last trick looked at", "misere"): RoundRule(
        (_B37, _B24),
        "in a misère the penalty is the same as for a lead out of turn, which loses the game",
        (("claim the stakes", _B37),),
    ),
    ("last trick looked at", "partout"): RoundRule(
        (_B37, _B24), "in a misère the penalty is that of a lead out of turn, and there is none in misère partout"
    ),
    ("trick looked at", "adversary"): RoundRule(
        ("002 §37", _B24),
        "a quitted trick may not be seen again until the hand is played: the penalty is that of a"
        " lead out of turn, a suit called when the adversaries next obtain the lead",
        (("call suit", "002 §37"),),
    ),
    ("trick looked at", "misere"): RoundRule(
        ("002 §37", _B37),
        "in a misère the penalty is the same as for a lead out of turn, which loses the game",
        (("claim the stakes", _B37),),
    ),
    ("trick looked at", "bidder"): RoundRule(
        ("002 §37", _B24), "the penalty of a lead out of turn, which the law does not exact from the bidder: no penalty"
    ),
    ("trick looked at", "partout"): RoundRule(("002 §37", _B24), _PARTOUT),
    # ---------------------------------------------------------------- not an act at the Boston table
    ("hand thrown down", "adversary"): RoundRule(("002 §27",), "no Boston law; not taken at this table"),
}


def role(offender: str, bidder: str | None, *, misere: bool, partout: bool) -> str:
    """The offender's role for :data:`RULES`: ``partout``, ``bidder``, ``misere`` (a misère's adversary) or
    ``adversary``."""
    if partout or bidder is None:
        return "partout"
    if offender == bidder:
        return "bidder"
    return "misere" if misere else "adversary"


class LawBostonTable(RoundLawMixin, BostonTable):
    """Boston at law (``hoyle.game("boston", irregularities=True)``): 002 §8–39 with the Boston lines."""

    def __init__(self, game: Any, **kwargs: Any) -> None:
        self.boston = BostonLaw(self)
        super().__init__(game, **kwargs)

    public_calls = True
    """The calls on an exposed card are offered on what the bidder can see, not on the owner's concealed hand: 002
    §21 Boston's "the card be played or not played; or that the highest or lowest of the suit be played" are said
    before he plays, and neither the choices nor whether there is a choice may tell the table that he can or cannot
    follow suit (see :meth:`RoundLawMixin._exposed_due`)."""

    # ================================================================== wiring (round.py's three)

    def _new_deal(self, *, stake: bool = True) -> list[Event]:
        self._law_reset()
        return super()._new_deal(stake=stake)

    def _settle_partout(self) -> list[Event]:
        return self._end_of_hand()

    def _expose(self, who: str | None = None, cards: list[int] | None = None) -> Any:
        """The spread's hand laid on the table (the strict table's, without arguments), or cards exposed at law."""
        if who is None:
            return BostonTable._expose(self)
        assert cards is not None
        return RoundLawMixin._expose(self, who, cards)

    def _cite(self, laws: list[str] | tuple[str, ...]) -> list[str]:
        """Boston's laws: the shared machinery's Solo citations become the Boston lines of the same laws (002 §19
        Solo -> 002 §19 Boston), and 003's Solo digest, which does not govern Boston, is dropped."""
        cited = [
            law.replace(" Solo", " Boston") if law.startswith("002") else law
            for law in laws
            if "Solo digest" not in law
        ]
        return cited or ["002"]

    def _law_chooser(self, key: str, offender: str) -> str | None:
        """002 §24 Boston: "Should the bidder lead out of turn, and the player on his left follow the erroneous
        lead, the error cannot be corrected": whether the false lead stands is the choice of the player on his
        left, whose act (following it, or not) decides it; not the right-hand adversary's, as a called suit is."""
        if key == "lead out of turn" and offender == self.bidder and not self.partout:
            return self.active[(self.active.index(offender) + 1) % 4]
        return None

    # ================================================================== the hooks: the state

    def _law_declarers(self) -> list[str]:
        if self.partout or self.bidder is None or self.phase not in ("play", "discard", "trumps"):
            return []
        return [self.bidder]

    def _law_misere(self) -> bool:
        return not self.partout and self.contract is not None and self.contract.misere

    def _law_before_first_call(self) -> bool:
        return self.phase == "auction" and not self.auction.bids

    def _law_in_play(self) -> bool:
        return self.phase == "play"

    def _law_dealer(self) -> str:
        return SEATS[self.dealer]

    def _law_hand_sizes(self) -> dict[str, int]:
        hands = self.play.hands if self.play is not None else self.hands
        # a card discarded face down before a little misère was not lost from the hand (rules §4)
        return {s: hands[i].bit_count() + (1 if i < len(self.discards) else 0) for i, s in enumerate(self.active)}

    def _law_move_card(self, giver: str, taker: str) -> None:
        gi, ti = self.active.index(giver), self.active.index(taker)
        card = _ordered(self.hands[gi])[-1]
        self.hands[gi] &= ~(1 << card)
        self.hands[ti] |= 1 << card

    def _law_game_play(self, action: Action) -> list[Event]:
        return BostonTable._do_play(self, action)

    def _law_rewind(self, k: int, unquit: bool) -> None:
        self.referee.revoke.rewind_views(k, unquit)

    def _law_settle(self) -> list[Event]:
        if self.partout:
            return BostonTable._settle_partout(self)
        return BostonTable._settle(self)

    def _role(self, offender: str) -> str:
        return role(offender, self.bidder, misere=self._law_misere(), partout=self.partout)

    def _law_rule(self, key: str, offender: str) -> RoundRule:
        r = self._role(offender)
        # An adversary of a misère bears an adversary's penalty where the misère changes nothing.
        return rule_for(RULES, key, (r, "adversary") if r == "misere" else (r,)) or RoundRule(
            ("002",), "no Boston law gives a penalty"
        )

    # ================================================================== the deal at law (002 §8-19 Boston)

    def _deal_irregulars(self, seat: str) -> list[Action]:
        out = super()._deal_irregulars(seat)
        if seat == SEATS[self.dealer]:
            out.append(Action.parse("deal irregularly"))
        if seat == SEATS[(self.dealer + 3) % 4]:  # the pone, who cut the pack in play (002 §10)
            out.append(Action.parse("expose a card in cutting"))
        return out

    def _irregular(self, who: str, action: Action) -> list[Event]:
        text = str(action)
        if text == "expose a card in cutting":
            return self.boston.again(
                f"{who} exposes a card in cutting the pack: in Boston the pack must be cut again, but"
                " not shuffled; the same dealer deals the same cards again, no penalty",
                ["002 §11 Boston"],
                who=who,
            )
        if text == "deal irregularly":
            return self.boston.misdeal_now(f"{who} deals a card incorrectly and deals on: a misdeal", ["002 §17 II"])
        return super()._irregular(who, action)

    def _law_redeal(self, text: str, laws: list[str]) -> list[Event]:
        """A card faced in the pack, or exposed in dealing: a new deal by the same dealer (002 §14, §15); at Boston
        with the same cards, not shuffled (002 §8, §11 Boston), and no forfeit: it is not a misdeal."""
        return self.boston.again(text, ["002 §15" if "exposed in dealing" in text else "002 §14", "002 §8 Boston"])

    def _claim_misdeal(self, who: str) -> list[Event]:
        sizes = self._law_hand_sizes()
        if any(n > self.referee.acts.due(s) for s, n in sizes.items()):
            long = " and ".join(s for s, n in sizes.items() if n > self.referee.acts.due(s))
            return self.boston.misdeal_now(
                f"{who} finds {long} with more than his proper number of cards: a misdeal", ["002 §19 Boston"]
            )
        return self.referee.deal.wrong_number(f"{who} counts the cards")

    # ================================================================== Boston's readings of the play

    def _exposed_due(self, seat: str) -> None:
        """002 §21 Boston: an exposed trump "may be called upon ... not to use it for ruffing": the card, not every
        trump, is forbidden (the mixin's ``require not trump`` becomes ``forbid card``)."""
        n = len(self._decisions)
        super()._exposed_due(seat)
        if len(self._decisions) == n:
            return
        d = self._decisions[-1]
        play = self.play
        assert play is not None
        if any(a == "require not trump" for a, _ in d.options) and play.trumps is not None:
            liable = self._liable.get(seat, 0) & self.referee.play.holds(seat) & SUIT_MASKS[play.trumps]
            extra = [(f"forbid card {_TEXT[c]}", _B21) for c in mask_cards(liable)]
            opts = [o for o in d.options if o[0] != "require not trump" and o[0] not in dict(extra)]
            waive = [o for o in opts if o[0] == "waive"]
            d.options = [o for o in opts if o[0] != "waive"] + extra + waive

    def _correct(self, who: str) -> list[Event]:
        return self.boston.correct(who)

    def irregular_actions(self, seat: str) -> list[Action]:
        # Not acts of the Boston table: a single hand thrown down has no Boston law (002 §27 is for all four), and
        # the Congress code does not forbid consulting on a penalty (002 §39: "with or without his partner's consent").
        out = [a for a in super().irregular_actions(seat) if str(a) not in ("throw down hand", "consult")]
        if self.exposed is not None and self.active[self.exposed] == seat:  # a spread: his hand lies face up already
            out = [a for a in out if a.verb != "expose"]
        claim = Action.parse("claim revoke")
        # 002 §30-31 Boston: a revoke may be claimed when it is discovered; the hands are then abandoned.
        if (
            claim not in out
            and not self._decisions
            and self._playing()
            and not self._claims
            and self.referee.play.suspected(self._offended(seat))
        ):
            out.append(claim)
        return out

    def _claim_at_once(self, who: str) -> list[Event]:
        return self.boston.claim_at_once(who)

    def _end_of_hand(self) -> list[Event]:
        return self.boston.end_of_hand()

    # ================================================================== deciding

    def _decide_claim(self, d: Decision, text: str, by: str) -> list[Event]:
        if d.key == "search":  # the tricks are searched once: the others' claims against the same players lapse
            self._decisions = [
                x
                for x in self._decisions
                if not (x.key == "claim revoke" and x.context.get("accused") == d.context["accused"])
            ]
        return super()._decide_claim(d, text, by)

    def _decide(self, d: Decision, action: Action, by: str) -> list[Event]:
        return self.boston.decide(d, action, by)

    # ================================================================== settlements

    def _law_revoke_settle(self, revokes: dict[str, int]) -> list[Event]:
        return self.boston.law_revoke_settle(revokes)

    def _law_stakes(self, offender: str, key: str) -> list[Event]:
        return self.boston.law_stakes(offender, key)

    def _law_abandoned(self, abandoner: str, played_out_made: int | None) -> list[Event]:  # pragma: no cover
        # ``throw down hand`` is not an act at the Boston table (see irregular_actions); settle as played.
        return self._law_settle()

    def _law_wrong_hands(self, wrong: list[str], final: bool) -> tuple[str, list[Event]]:
        return self.boston.law_wrong_hands(wrong, final)

    def _finish(self, head: Event, pays: list[Payment], result: dict[str, Any]) -> list[Event]:
        """Settle as the strict table does, the cards played early or gathered with a trick back in the pack first."""
        play = self.play
        if self._law_state() and play is not None:
            for s, c in [*self._early.items(), *([self._false_lead] if self._false_lead else [])]:
                play.hands[self.active.index(s)] |= 1 << c
            self._early.clear()
            self._false_lead = None
            self.discards.extend(c for c, _ in sorted(self._gathered.items()))
            self._gathered.clear()
        self._decisions.clear()
        self._claims = False
        return super()._finish(head, pays, result)


class BostonLaw(RoundSection):
    """Boston's own law at the table (002 Boston lines): the corrections, claims, decisions and settlements that
    differ from the round games' common law; held by the Boston table (``table.boston``)."""

    t: LawBostonTable

    def gather_now(self) -> list[int]:
        """Every card of the deal in play, gathered as it lies (quitted tricks, trick, hands, the rest)."""
        tab = self.t
        play = tab.play
        rest = [c for c, _ in sorted(tab._gathered.items())]
        rest += [c for c in tab._early.values()]
        if tab._false_lead is not None:
            rest.append(tab._false_lead[1])
        if play is None:
            return [c for i in range(4) for c in _ordered(tab.hands[i])] + list(tab.discards) + rest
        cards = [
            int(c)
            for c in tab._gather(
                play.quitted, play.trick, *[_ordered(play.hands[i]) for i in range(4)], tab.discards, rest
            )
        ]
        return cards

    def again(
        self, text: str, laws: list[str], *, who: str | None = None, pays: list[Payment] | None = None
    ) -> list[Event]:
        """The same dealer deals the same cards again, gathered and cut, not shuffled (002 §8, §11, §12, §17
        Boston); ``pays`` his forfeit, if it was a misdeal."""
        tab = self.t
        d = SEATS[tab.dealer]
        events = [
            tab._ruling(
                "misdeal" if pays else "new deal",
                text,
                laws,
                seat=who or d,
                remedy="the same dealer deals again" + (", forfeiting a red counter to the pool" if pays else ""),
            )
        ]
        if pays:
            events += tab._transfer(pays, law="002 §17 Boston")
        gathered = self.gather_now()
        entry = tab._deal_log[-1]
        entry["result"] = {
            "void": "misdeal" if pays else "new deal",
            "dealer": d,
            "payments": [list(p) for p in pays or []],
            "scores": dict(tab.ledger),
        }
        tab._last_result = dict(entry["result"])
        tab._to_deal = [CARDS[c] for c in gathered]
        tab._to_still = list(parse(entry["still"]))
        return events + tab._new_deal(stake=False)

    def misdeal_now(self, text: str, laws: list[str]) -> list[Event]:
        """A misdeal (002 §17 Boston) or a surplus card found (002 §19 Boston): a red counter to the pool, and the
        misdealer deals again with the same cards."""
        tab = self.t
        d = SEATS[tab.dealer]
        return self.again(
            f"{text}: {d}, the misdealer, forfeits a red counter to the pool and deals again with the same cards",
            [*laws, "002 §17 Boston"],
            pays=misdeal_payments(d, tab.red),
        )

    def correct(self, who: str) -> list[Event]:
        """A renounce corrected in time (002 §28): 002 §29 Boston.  The bidder's: no penalty unless an adversary
        has played after him, when his card may be claimed as exposed, and the player who followed may amend his
        play.  An adversary's: the bidder may claim the card as exposed or call for his highest or lowest of the suit
        led.  The cards played after the renounce are taken back (002 §29)."""
        tab = self.t
        play = tab.play
        assert play is not None
        r = tab.referee.revoke.open_renounce(who)
        r.status = "corrected"
        after: set[int] = set()
        if tab._early.get(who) == r.card:  # played out of turn, still waiting on the table for his turn
            del tab._early[who]
            play.hands[r.seat] |= 1 << r.card
        else:
            unquit = r.trick == len(play.quitted)
            if unquit:
                leader, cards, winner = play.quitted.pop()
                play.won[winner] -= 1
                play.trick = list(cards)
                play.leader = leader
                tab._open_last = False
            pos = next(k for k in range(len(play.trick)) if (play.leader + k) % 4 == r.seat)
            taken = play.trick[pos:]
            del play.trick[pos:]
            for k, c in enumerate(taken):
                play.hands[(play.leader + pos + k) % 4] |= 1 << c
            play.turn = r.seat
            tab._law_rewind(len(taken), unquit)
            # the facts of the cards taken back go with them
            after = {(play.leader + pos + k) % 4 for k in range(1, len(taken))}
            tab._renounces = [x for x in tab._renounces if not (x.trick == r.trick and x.seat in after)]
        card = CARDS[r.card].name
        followed = [tab.active[s] for s in sorted(after, key=lambda s: (s - r.seat) % 4)]
        back = f"; {' and '.join(followed)} may amend his play" if followed else ""
        if who == tab.bidder:
            if not followed:
                return [
                    tab._ruling(
                        "renounce corrected",
                        f"{who}, the bidder, corrects his renounce in trick"
                        f" {r.trick} in time: no penalty, for no adversary has played after him; the"
                        f" {card} goes back to his hand",
                        ["002 §28", "002 §29 Boston"],
                        seat=who,
                        remedy="none",
                    )
                ]
            events = [
                tab._ruling(
                    "renounce corrected",
                    f"{who}, the bidder, corrects his renounce in trick {r.trick}"
                    f" after an adversary has played: his {card} may be claimed as exposed{back}",
                    ["002 §28", "002 §29 Boston"],
                    seat=who,
                    remedy="the adversaries' choice",
                )
            ]
            tab._decision(
                "renounce corrected",
                who,
                RoundRule(("002 §29 Boston",), ""),
                [(f"call card {_TEXT[r.card]}", "002 §29 Boston")],
                f"{who} corrected a renounce with the {card}: it may be claimed as exposed",
                card=r.card,
            )
            return events
        events = [
            tab._ruling(
                "renounce corrected",
                f"{who} corrects his renounce in trick {r.trick} in time: the"
                f" bidder may claim the {card} as exposed, or call on him for his highest or lowest of"
                f" the suit led{back}",
                ["002 §28", "002 §29 Boston"],
                seat=who,
                remedy="the bidder's choice",
            )
        ]
        opts = [(f"call card {_TEXT[r.card]}", "002 §29 Boston")]
        if (play.hands[r.seat] & SUIT_MASKS[r.suit]).bit_count() >= 2:
            opts += [("require highest", "002 §29 Boston"), ("require lowest", "002 §29 Boston")]
        tab._decision(
            "renounce corrected",
            who,
            RoundRule(("002 §29 Boston",), ""),
            opts,
            f"{who} corrected a renounce with the {card}",
            card=r.card,
        )
        return events

    def claim_at_once(self, who: str) -> list[Event]:
        tab = self.t
        accused = tab._offended(who)
        found = tab.referee.revoke.revokes_of(accused)
        if not found:
            return [
                tab._ruling(
                    "revoke",
                    f"{who} claims a revoke; the tricks are searched and bear no established"
                    " revoke out: the claim fails, and the play goes on",
                    ["002 §32"],
                    seat=who,
                    remedy="refused",
                )
            ]
        first = self.first_revoke(found)
        tab._proven = dict(found)
        return [
            tab._ruling(
                "revoke",
                f"{who} claims a revoke; the tricks are searched: {tab.referee.revoke.revoke_text(first)}:"
                " a revoke established, and the hands are abandoned",
                ["002 §32", "002 §31 Boston"],
                seat=who,
                remedy="claim revoke",
                revokes=dict(found),
            ),
            *tab._law_revoke_settle(found),
        ]

    def first_revoke(self, found: dict[str, int]) -> Renounce:
        tab = self.t
        return next(
            (r for r in tab._renounces if tab.active[r.seat] in found and r.in_error and r.status == "established"),
            Renounce(tab.active.index(next(iter(found))), 0, 0, 0, True),
        )

    def end_of_hand(self) -> list[Event]:
        """The play is over: the claims step (002 §32-33), then the settlement.  Every player may claim against his
        adversaries; at a misère partout, against each other player (002 §30 Boston)."""
        tab = self.t
        play = tab.play
        assert play is not None
        tab.referee.claims.close_play()
        tab._claims = True
        tab._decisions.clear()
        if tab.partout:
            sides = [([s], [tab.active[(tab.active.index(s) + k) % 4] for k in (1, 2, 3)]) for s in tab.active]
        else:
            assert tab.bidder is not None
            adversaries = tab._adversaries()
            sides = [([tab.bidder], adversaries), (adversaries, [tab.bidder])]
        for accused, claimants in sides:
            if tab.referee.play.suspected(accused):
                who = " and ".join(accused)
                for claimant in claimants:  # each in turn, for himself: every player plays for himself at Boston
                    tab._decisions.append(
                        Decision(
                            "claim revoke",
                            claimant,
                            (claimant,),
                            [("claim revoke", "002 §33"), ("waive", "002 §33")],
                            ["002 §32", "002 §33"],
                            f"{who} renounced in the hand: {claimant} may claim a revoke, and the tricks are searched",
                            context={"accused": list(accused)},
                        )
                    )
        if not tab._decisions:
            return tab.referee.claims.finish_hand()
        return []

    def decide(self, d: Decision, action: Action, by: str) -> list[Event]:
        tab = self.t
        text = str(action)
        off = d.offender or ""
        if d.key == "short bidder":
            if text == "waive":
                return [
                    tab._ruling(
                        "short hand",
                        f"{by} does not demand the hand played out: {off} is put in for one trick",
                        ["002 §19 Boston"],
                        seat=by,
                        remedy="put in for one trick",
                    ),
                    *self.short_settle(off, None),
                ]
            tab._wrong = [off]
            return [
                tab._ruling(
                    "short hand",
                    f"{by} demands the hand played out, to put {off} in for over-tricks",
                    ["002 §19 Boston"],
                    seat=by,
                    remedy="demand play out",
                )
            ]
        if d.key == "renounce corrected":
            card = d.context["card"]
            if text == "waive":
                return [
                    tab._ruling(
                        "renounce corrected",
                        f"{by} exacts no penalty for {off}'s corrected renounce",
                        ["002 §29 Boston"],
                        seat=by,
                        remedy="waived",
                    )
                ]
            if text.startswith("call card"):
                tab._shown[off] = tab._shown.get(off, 0) | 1 << card
                tab._liable[off] = tab._liable.get(off, 0) | 1 << card
                return [
                    tab._ruling(
                        "renounce corrected",
                        f"{by} claims {off}'s {CARDS[card].name} as exposed: it lies face up, liable to be called",
                        ["002 §29 Boston"],
                        seat=by,
                        remedy=text,
                    )
                ]
            tab._require[off] = text[8:]
            return [
                tab._ruling(
                    "renounce corrected",
                    f"{by} calls on {off} for his {text[8:]} of the suit led",
                    ["002 §29 Boston", "002 §38"],
                    seat=by,
                    remedy=text,
                )
            ]
        if d.key == "lead out of turn" and text in ("take back", "waive") and off == tab.bidder:
            if text == "waive":
                left = tab.active[(tab.active.index(off) + 1) % 4]
                return tab.referee.turn.false_lead_stands(
                    RoundRule((_B24,), ""),
                    f"{left}, on the bidder's left, follows {off}'s erroneous lead: the error cannot be corrected",
                )
            card = d.context["card"]
            tab._false_lead = None
            tab.referee.revoke.holds_add(off, card)
            return [
                tab._ruling(
                    "lead out of turn",
                    f"{by} has the bidder's card led out of turn, the"
                    f" {CARDS[card].name}, taken back: no penalty (the single player has no partner); the"
                    " lead returns to its turn",
                    [_B24, _B20],
                    seat=by,
                    remedy=text,
                )
            ]
        if text == "claim the stakes":
            c = tab.contract
            assert c is not None
            return [
                tab._ruling(
                    d.key,
                    f"{by} claims the stakes: {d.text}; his {c.title} is won, each adversary paying his own stake",
                    d.laws,
                    seat=by,
                    remedy=text,
                ),
                *tab._law_stakes(off, d.key),
            ]
        return RoundLawMixin._decide(tab, d, action, by)

    def pools(self, pays: list[Payment], keep: int = 0) -> list[Payment]:
        """At a misère the pool is settled only with the option ``misere_pool`` (rules §4); ``keep`` fines last."""
        tab = self.t
        c = tab.contract
        if c is None or not c.misere or tab.misere_pool or tab.partout:
            return pays
        head, tail = (pays[:-keep], pays[-keep:]) if keep else (pays, [])
        return [p for p in head if POOL not in p[:2]] + tail

    def result(self, made: int, outcome: Any, **more: Any) -> dict[str, Any]:
        tab = self.t
        c = tab.contract
        assert c is not None
        result: dict[str, Any] = {
            "call": c.name,
            "bidder": tab.bidder,
            "made": made,
            "won": outcome.won,
            "value": outcome.value,
            **more,
        }
        if tab.named is not None:
            result["trumps"] = tab.named
        return result

    def law_revoke_settle(self, revokes: dict[str, int]) -> list[Event]:
        """002 §30 Boston, the hands abandoned (002 §31 Boston).  Where more than one player revoked, the first
        revoke made settles the hand: claimed when it was made, it would have ended the hand there."""
        tab = self.t
        play = tab.play
        assert play is not None
        revoker = tab.active[self.first_revoke(revokes).seat]
        if tab.partout:
            _, pays = revoke_payments(
                None, 0, tab.prices, bidder=None, revoker=revoker, players=tab.active, pool=tab.ledger[POOL]
            )
            head = Event(
                "result",
                f"Misère partout: {revoker} revoked; he pays five red counters to each other player,"
                " four into the next pool, and the hands are abandoned (002 §30, §31 Boston; rules §4)",
                seat=revoker,
                law=["002 §30 Boston", "002 §31 Boston"],
                data={"call": "misere partout", "revoke": revoker},
            )
            return tab._finish(head, pays, {"call": "misere partout", "revoke": revoker, "abandoned": True})
        c, bidder = tab.contract, tab.bidder
        assert c is not None and bidder is not None
        made = play.won[tab.active.index(bidder)]
        outcome, pays = revoke_payments(
            c,
            made,
            tab.prices,
            bidder=bidder,
            revoker=revoker,
            players=tab.active,
            pool=tab.ledger[POOL],
            failure=tab.failure_rule,
        )
        assert outcome is not None
        pays = self.pools(pays, keep=1)
        if revoker == bidder:
            what = (
                f"{bidder}, the bidder, revoked: he is put in for one trick ({outcome.text} to each adversary) and"
                " pays four red counters into the next pool"
            )
        else:
            what = (
                f"{revoker} revoked: he pays four red counters into the next pool, and he and his partners pay"
                f" {bidder} as if he had been successful ({outcome.text} each)"
            )
        head = Event(
            "result",
            f"{what}; the hands are abandoned (002 §30 Boston, 002 §31 Boston)",
            seat=revoker,
            law=["002 §30 Boston", "002 §31 Boston"],
            data={"revoke": revoker},
        )
        return tab._finish(head, pays, self.result(made, outcome, revoke=revoker, abandoned=True))

    def law_stakes(self, offender: str, key: str) -> list[Event]:
        """The misère bidder claims the stakes (002 §24, §26, §37 Boston): each adversary pays his own stake; the
        offender four red counters to the next pool (rules §4)."""
        tab = self.t
        c, bidder = tab.contract, tab.bidder
        play = tab.play
        assert c is not None and bidder is not None and play is not None
        outcome, pays = misere_irregularity_payments(
            c, tab.prices, bidder=bidder, offender=offender, players=tab.active, pool=tab.ledger[POOL]
        )
        pays = self.pools(pays, keep=1)
        law = {"lead out of turn": _B24, "play out of turn": _B26, "exposed card": _R4}.get(key, _B37)
        laws = [law, _R4] if law != _R4 else [_B21, _R4]
        head = Event(
            "result",
            f"{bidder} wins his {c.title} by {offender}'s irregularity: {outcome.text} from each"
            f" adversary; {offender} pays four red counters into the next pool ({'; '.join(laws)})",
            seat=bidder,
            law=laws,
            data={"offender": offender},
        )
        made = play.won[tab.active.index(bidder)]
        return tab._finish(head, pays, self.result(made, outcome, irregularity=key, offender=offender))

    def law_wrong_hands(self, wrong: list[str], final: bool) -> tuple[str, list[Event]]:
        """002 §19 Boston: more cards than his due is a misdeal; fewer: an adversary of the bidder and his partners
        pay the bidder for his bid and over-tricks; the bidder is put in for one trick at least, the adversaries
        may demand the hand played out; at a misère partout five red counters to each, the hands abandoned."""
        tab = self.t
        sizes = tab._law_hand_sizes()
        if any(sizes[s] > tab.referee.acts.due(s) for s in sizes):
            long = " and ".join(s for s in sizes if sizes[s] > tab.referee.acts.due(s))
            return "misdeal", self.misdeal_now(
                f"{long} is found with more than his proper number of cards: a misdeal", ["002 §19 Boston"]
            )
        short = [s for s in wrong if sizes[s] < tab.referee.acts.due(s)] or list(wrong)
        who = short[0]
        if final or tab.partout or who != tab.bidder or (tab.contract is not None and tab.contract.misere):
            rule = (
                "five red counters to each of the other players, and the hands are abandoned"
                if tab.partout
                else "he is put in for one trick at least"
                if who == tab.bidder
                else "he and his partners pay the bidder for his bid and all over-tricks"
            )
            ruling = tab._ruling(
                "short hand",
                f"{who} has less than his proper number of cards: {rule}",
                ["002 §19 Boston"],
                seat=who,
                remedy="settled",
            )
            play = tab.play
            made = (
                play.won[tab.active.index(tab.bidder)]
                if play is not None and tab.bidder in tab.active and final
                else None
            )
            return "settled", [ruling, *self.short_settle(who, made)]
        tab._decision(
            "short bidder",
            who,
            RoundRule(("002 §19 Boston",), ""),
            [("demand play out", "002 §19 Boston")],
            f"{who}, the bidder, has less than his proper number of cards: he is put in for one trick at"
            " least, and the adversaries may demand the hand played out to put him in for over-tricks",
        )
        return "decide", [
            tab._ruling(
                "short hand",
                f"{who}, the bidder, has less than his proper number of cards: he"
                " is put in for one trick at least; the adversaries may demand the hand played"
                " out",
                ["002 §19 Boston"],
                seat=who,
                remedy="the adversaries' choice",
            )
        ]

    def short_settle(self, short: str, played_out_made: int | None) -> list[Event]:
        tab = self.t
        play = tab.play
        assert play is not None
        if tab.partout:
            _, pays = short_hand_payments(
                None, 0, tab.prices, bidder=None, short=short, players=tab.active, pool=tab.ledger[POOL]
            )
            head = Event(
                "result",
                f"Misère partout: {short} has less than his proper number of cards and forfeits five"
                " red counters to each other player; the hands are abandoned (002 §19 Boston)",
                seat=short,
                law="002 §19 Boston",
                data={"short": short},
            )
            return tab._finish(head, pays, {"call": "misere partout", "short": short, "abandoned": True})
        c, bidder = tab.contract, tab.bidder
        assert c is not None and bidder is not None
        made = play.won[tab.active.index(bidder)]
        outcome, pays = short_hand_payments(
            c,
            made,
            tab.prices,
            bidder=bidder,
            short=short,
            players=tab.active,
            pool=tab.ledger[POOL],
            played_out_made=played_out_made,
            failure=tab.failure_rule,
        )
        assert outcome is not None
        pays = self.pools(pays)
        each = "from each adversary" if outcome.won else "to each adversary"
        head = Event(
            "result",
            f"{short} has less than his proper number of cards: {c.title}"
            f" {'won' if outcome.won else 'lost'}, {outcome.text} {each} (002 §19 Boston)",
            seat=short,
            law="002 §19 Boston",
            data={"short": short},
        )
        return tab._finish(head, pays, self.result(made, outcome, short=short, abandoned=played_out_made is None))
