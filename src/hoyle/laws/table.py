"""Law mode: a whist table where people err, notice, claim and choose (laws-design.md).

:class:`LawWhistTable` and :class:`LawDummyTable` are the law-mode classes of a
Whist and a Dummy table; the game's option ``irregularities=True`` makes
``hoyle.game(...).table()`` one (``law_class``, :meth:`hoyle.engine.table.Table.__new__`).  Strict mode does not
import this module.

The shape of a hand at law:

- **The deal** is made at once, as in strict mode.  Until the first card is
  led, what went wrong in dealing may still be done: the dealer's ``W: deal
  uncut``, ``W: deal trump card to N``... (the same cards, dealt so), a deal
  out of turn (``E: deal``), others touching the cards or interrupting; the
  rulings follow from the code (:mod:`hoyle.laws.codes`).
- **The play**: ``legal_actions()`` is the lawful set of the seat to act,
  constrained by any call in force (a called card, a called suit, highest,
  lowest, win, not win).  ``irregular_actions(seat)`` lists what that seat
  may do wrongly now, and rights it may exercise out of turn; ``apply("E:
  play QS")`` takes them.
- **Penalty phases**: when a law gives a side a choice, ``to_act`` is the
  seat entitled to choose and ``legal_actions()`` is exactly the remedies the
  code allows (``remedies()`` gives each with its citation).
- **The claims step** at the end of each hand: revokes (the claim, then
  at once the search and the penalties), G.W.P.'s one-point penalties,
  honours called (English code); skipped when nothing can be claimed.
  Then the hand is scored.

Every irregularity and every remedy is an event of kind ``ruling`` naming
its law, with a plain sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import CARD_TEXT as _TEXT
from ..cards import CARDS, PACK_52, SUIT_MASKS, SUITS, Card
from ..cards import deal as deal_cards
from ..engine.actions import PLAY, Action, as_action
from ..engine.events import Event
from ..engine.table import Table
from ..errors import IllegalAction
from ..formation import Cutter
from ..rulebook.dummy import DummyTable
from ..rulebook.whist import (
    AMERICAN,
    ENGLISH,
    GWP,
    SEATS,
    SIDES,
    WhistTable,
    honours_held,
    score_hand,
)
from ..rulebook.whist import DEAL_PATTERN as _PATTERN
from ..rulebook.whist import PLAY_EVENTS as _PLAY_EVENTS
from ..rulebook.whist import copy_result as _copy2
from ..rulebook.whist import hand_texts as _hand_texts
from .codes import PRINCIPLE, Rule, rule
from .decision import Decision as _Decision
from .hand import LawHand, Renounce, bits, count

__all__ = ["Decision", "LawDummyTable", "LawMixin", "LawWhistTable"]

_SUIT_WORD = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_POS = {1: "second", 2: "third", 3: "fourth"}

DEAL_VARIANTS = (
    "deal uncut",
    "deal exposing a card",
    "deal irregularly",
    "deal trump face down",
    "deal with a card faced",
    "deal with the other pack",
    "deal and count the cards",
    "deal looking at the trump card",
)
"""The dealer's irregular deals that name no seat (besides ``deal trump card to X``, ``deal two cards to X``,
``deal a card too many to X``)."""

_VARIANT_KEY = {
    "uncut": "uncut",
    "exposing a card": "exposed in dealing",
    "irregularly": "dealt irregularly",
    "trump face down": "trump face down",
    "with a card faced": "faced in pack",
    "with the other pack": "other pack",
    "and count the cards": "cards counted",
    "looking at the trump card": "trump looked at",
}


_ANY_TIME = frozenset({"expose", "drop", "name", "show", "lower", "look", "mix", "dispute"})
"""Irregular acts a seat may commit even while a side is choosing a penalty."""


def _A(verb: str, arg: str = "") -> Action:
    """An action in its canonical notation (as ``Action.parse`` gives it)."""
    return Action.parse(f"{verb} {arg}".strip())


_THROW_DOWN = Action.parse("throw down hand")


def _card(c: int) -> str:
    return _TEXT[c]


def _side(s: int) -> int:
    return s % 2


def _partner(s: int) -> int:
    return (s + 2) % 4


Decision = _Decision[int, int]
"""A penalty phase at a Whist-family table: seats by index, sides by parity."""


def _laws(r: Rule, *more: str) -> list[str]:
    out = list(r.laws)
    for m in more:
        if m not in out:
            out.append(m)
    return out


if TYPE_CHECKING:
    _LawBase = WhistTable
else:  # at run time a true mixin: the play-time machinery also serves Cayenne (hoyle.laws.cayenne)
    _LawBase = Table


class LawMixin(_LawBase):
    """The law-mode part of a whist table; combined with :class:`WhistTable` or a Dummy table (``law_class``),
    and with :class:`~hoyle.rulebook.cayenne.CayenneTable` by :class:`hoyle.laws.cayenne.LawCayenneTable` (which
    overrides the deal, the declaration and the score)."""

    _turn_words = ("the trump card is turned", "the trump card was turned")
    """When a claim of the deal comes in time (000 §48; 002 §16, §17 I): Cayenne turns no trump card."""

    def __init__(self, game: Any, **kwargs: Any) -> None:
        self.hand: LawHand | None = None
        self._phase = "deal"
        self._decisions: list[Decision] = []
        self._pack = 0
        self._prev: dict[str, Any] | None = None
        super().__init__(game, **kwargs)

    # ================================================================== helpers

    def _rule(self, key: str) -> Rule:
        return rule(self.code, key)

    def _dummy_seats(self) -> set[int]:
        return {SEATS.index(s) for s in getattr(self, "_dummies", {})}

    def _dummy_side(self, s: int) -> bool:
        """Whether ``s`` belongs to a side with a Dummy (whose partner cannot profit by his errors: 000 Dummy III)."""
        d = self._dummy_seats()
        return s in d or _partner(s) in d

    def _live(self, s: int) -> int:
        """The seat that decides for ``s``: a Dummy's partner decides for him."""
        return _partner(s) if s in self._dummy_seats() else s

    def _ruling(
        self,
        key: str,
        text: str,
        *,
        seat: int | None = None,
        laws: list[str] | None = None,
        remedy: str | None = None,
        r: Rule | None = None,
        **data: Any,
    ) -> Event:
        """A ruling: what happened, the code, the law(s), the remedy, one plain sentence."""
        r = r if r is not None else self._rule(key)
        cited = laws if laws is not None else list(r.laws)
        sentence = text
        if r.silent and "silent" not in sentence:
            sentence += f"; {r.text}" if r.text else "; the code is silent"
        elif r.text and remedy is None and r.text not in sentence:
            sentence += f": {r.text}"
        sentence += f" ({', '.join(cited)})"
        payload: dict[str, Any] = {"irregularity": key, "code": self.code, "laws": cited}
        if remedy is not None:
            payload["remedy"] = remedy
        if r.silent:
            payload["silent"] = True
            payload["principle"] = PRINCIPLE
        payload.update(data)
        return Event("ruling", sentence, seat=None if seat is None else SEATS[seat], law=cited, data=payload)

    def _offer(
        self,
        key: str,
        chooser: int,
        r: Rule,
        what: str,
        options: list[str] | tuple[str, ...] | None = None,
        *,
        offender: int | None,
        waive: bool = True,
        by_rule: bool = True,
        **context: Any,
    ) -> None:
        """A penalty phase: ``chooser`` chooses for his side among ``options`` (the code's remedies unless given),
        each under the rule's first law, and ``waive`` where the law says "may"; ``by_rule``: who of the side may
        choose is the code's ``chooser`` (else either adversary)."""
        law = r.laws[0]
        opts = [(o, law) for o in (r.remedies if options is None else options)] + ([("waive", law)] if waive else [])
        chosen_by = r.chooser if by_rule else "either"
        d = Decision(key, chooser, _side(chooser), opts, list(r.laws), what, offender, chosen_by, context=context)
        self._decisions.append(d)

    def _point(self, key: str, s: int, what: str) -> Event:
        """G.W.P.: an infringement costs one point, chosen by the adversaries at the close of the hand (004 rule 19)."""
        r = self._rule(key)
        self._points.append({"side": _side(s), "key": key, "laws": list(r.laws), "what": what})
        return self._ruling(key, f"{what}", seat=s, remedy="one point at the close of the hand")

    # ================================================================== the deal

    def _new_deal(self) -> list[Event]:
        """The next deal, dealt at once as in strict mode; until the first card is led, what went wrong in
        dealing may still be done (``W: deal uncut``, ``N: touch cards``...) and ruled on."""
        self._recut_open, self._formed = self._formed, None
        self._reset_hand()
        self._refresh_static()
        return self._deal(self.dealer, "")

    def _reset_hand(self) -> None:
        """Forget the last hand's facts, calls and claims: a new deal begins."""
        self._phase = "deal"
        self.hand = None
        self.play = None
        self._decisions = []
        self._flags: dict[str, list[int]] = {"touched": [], "interrupted": [], "exposers": []}
        self._window = True
        self._order: list[Card] = []
        self._called: dict[int, list[int]] = {}
        self._lead_suit: dict[int, int] = {}
        self._require: dict[int, tuple[str, list[str]]] = {}
        self._trump_rights: dict[int, str] = {}
        self._suit_rights: list[dict[str, Any]] = []
        self._false: dict[str, Any] | None = None
        self._origin: dict[int, bool] = {}
        self._asked: set[tuple[Any, ...]] = set()
        self._points: list[dict[str, Any]] = []
        self._thrown: list[int] = []
        self._claim_rest: int | None = None
        self._abandoned = False
        self._counted_against: int | None = None
        self._claims_stage = 0
        self._penalties: list[tuple[int, int, str, str]] = []
        self._transfers: list[tuple[int, int, int, str]] = []
        self._capped: set[int] = set()
        self._honours_claim: dict[int, str] = {}
        self._cut_by: int | None = None
        self._mixed_by: set[int] = set()
        self._early_claims: set[int] = set()
        self._short_ok = False
        self._omissions: list[tuple[int, int]] = []
        self._dummy_shown = False
        self._actor = self.dealer
        self._used_pack = self._pack
        self.honours = (0, 0)
        self._dealt_honours = (0, 0)

    @staticmethod
    def _deal_variant(arg: str) -> tuple[str, int | None]:
        """``deal trump card to n`` -> ("trump card to", 0); ``deal uncut`` -> ("uncut", None)."""
        for prefix in ("trump card to ", "two cards to ", "a card too many to "):
            if arg.startswith(prefix):
                rest = arg[len(prefix) :].strip().upper()
                if rest not in SEATS:
                    raise IllegalAction(f"deal {arg}: name a seat, N, E, S or W")
                return prefix.strip(), SEATS.index(rest)
        return arg, None

    def _dealt(
        self, entry: dict[str, Any], order: Sequence[Any], pattern: Any, actor: int, arg: str, pack: int
    ) -> list[list[Any]]:
        """The deal of ``order`` by ``actor`` (``deal ARG``) from ``pack``, noted in the record: each seat's cards."""
        entry["dealer"] = SEATS[actor]
        entry["pack"] = pack
        if self._deal_variant(arg)[0] or actor != self.dealer:
            entry["irregular"] = f"{SEATS[actor]}: deal {arg}".strip()
        self._actor = actor
        self._used_pack = pack
        return deal_cards(order, 4, pattern, first=(actor + 1) % 4)

    def _deal(self, actor: int, arg: str, *, again: bool = False) -> list[Event]:
        """Shuffle, cut and deal (by ``actor``, rightly or wrongly), then rule on what went wrong.

        ``again``: the deal just made is found to have been made so (``W: deal uncut``, ``E: deal``): the
        same cards, dealt as the act says.
        """
        variant, target = self._deal_variant(arg)
        pack = 1 - self._pack if variant == "with the other pack" else self._pack
        if again:
            order = self._order
            self._window = False
        else:
            order = self._draw_deal(PACK_52)
            self._order = order
        entry = self._deal_log[-1]
        hands = self._dealt(entry, order, _PATTERN, actor, arg, pack)
        masks = [0, 0, 0, 0]
        for s in range(4):
            for c in hands[s]:
                masks[s] |= 1 << c
        turned = order[-1]
        holder = actor
        if variant == "trump card to" and target is not None and target != actor:
            masks[actor] &= ~(1 << turned)
            masks[target] |= 1 << turned
            holder = target
        elif variant in ("two cards to", "a card too many to") and target is not None:
            giver = (target + 1) % 4
            card = next(c for c in hands[giver] if c != turned)
            masks[giver] &= ~(1 << card)
            masks[target] |= 1 << card
        h = LawHand(masks, actor, turned, trump_holder=holder)
        self.hand = h
        self._dealt_honours = honours_held(masks, turned // 13)
        self._phase = "dealt"
        pone = SEATS[(actor + 3) % 4]
        cut_text = (
            " without the cut"
            if variant == "uncut"
            else (f", the pone ({pone}) cut at {entry['cut']}" if entry.get("cut") else "")
        )
        events = [
            Event(
                "deal",
                f"deal {self.deal_no + 1}: {SEATS[actor]} deals from the {'first' if pack == 0 else 'second'} pack"
                f"{cut_text}; trump card {_card(turned)}, {_SUIT_WORD[SUITS[turned // 13]]} are trumps",
                seat=SEATS[actor],
                law=["000 §30", "000 §34", "000 §44", "000 §52"]
                if self.code == ENGLISH
                else (
                    ["002 §8", "002 §10", "002 §13"]
                    if self.code == AMERICAN
                    else ["004 rule 5", "004 rule 8", "004 rule 9"]
                ),
                data={"deal": self.deal_no + 1, "dealer": SEATS[actor], "pack": pack, "turned": _card(turned)},
                private={SEATS[s]: {"hand": " ".join(_hand_texts(masks[s]))} for s in range(4)},
            )
        ]
        return events + self._after_deal(actor, variant, target)

    def _after_deal(self, actor: int, variant: str, target: int | None) -> list[Event]:
        """The deal is made: the code rules on what went wrong in it, and the play starts unless a side must choose."""
        self._refresh_static()
        events = self._judge_deal(actor, variant, target) if variant or actor != self.dealer else []
        if self._phase == "dealt" and not self._decisions:
            events.extend(self._start_play())
        return events

    def _deal_act(self, who: int, action: Action) -> list[Event]:
        """An irregularity of the deal, done before the first card is led (see :meth:`_deal_irregulars`)."""
        h = self.hand
        assert h is not None
        verb, arg = action.verb, action.arg
        if verb == "deal":
            return self._deal(who, arg, again=True)
        if verb == "shuffle":
            return self._shuffle_after_cut(who)
        if verb == "touch":
            self._flags["touched"].append(who)
            if self.code == GWP:
                return [
                    self._point(
                        "touched cards", who, f"{SEATS[who]} touched the cards before the trump card was turned"
                    )
                ]
            return []
        if verb == "interrupt":
            self._flags["interrupted"].append(who)
            if self.code == GWP:
                return [self._point("interrupted dealer", who, f"{SEATS[who]} interrupted the dealer")]
            return [Event("interrupt", f"{SEATS[who]} interrupts the dealer, questioning the deal", seat=SEATS[who])]
        if verb == "expose" and arg == "cards in cutting for partners":
            return self._cut_again(who)
        if verb == "expose" and arg == "a card in cutting":
            return self._deal_again("exposed in cutting", f"{SEATS[who]} exposes a card in cutting", who)
        if verb == "show":
            r = self._rule("seen in shuffling")
            what = f"a card is seen as {SEATS[who]} shuffles"
            if not r.remedies:
                return self._deal_again("seen in shuffling", what, who)
            self._offer("seen in shuffling", self._live((who + 1) % 4), r, what, ["require reshuffle"], offender=who)
            return [self._ruling("seen in shuffling", what, seat=who)]
        # A card exposed by another player while the cards were dealt (000 §38, 002 §15, 004 rule 9).
        self._flags["exposers"].append(who)
        cards = bits(h.hands[who] & ~(1 << h.trump_card if h.trump_on_table else 0))
        what = f"{SEATS[who]} exposed the {CARDS[cards[0]].name} while the cards were being dealt"
        return self._deal_claim("exposed in dealing", who, what)

    _formed: tuple[list[str], bool, dict[str, str]] | None = None
    """The cut for partners and deal just made (the candidates, whether it formed the table, the cards cut in its
    first round), until the deal that follows it is made; then ``_recut_open`` until the next deal."""
    _recut_open: tuple[list[str], bool, dict[str, str]] | None = None

    def _cut_again(self, who: int) -> list[Event]:
        """``who`` exposed more than one card in cutting for partners and deal: he must cut again (000 §15, 002 §7,
        004 rule 4).  His card is cut afresh, the others keep theirs, the table is formed anew by the cards (partners,
        seats, the deal), and the deal made is void: the new dealer deals."""
        assert self._recut_open is not None
        key = "exposed in cutting for partners"
        names, initial, first = self._recut_open
        name = self.players[SEATS[who]]
        fresh = self._cut_cards([name])[name]
        cuts = {n: Card.from_text(c) for n, c in first.items()} | {name: fresh}
        pending = [cuts]

        def cutter(ns: Sequence[str]) -> dict[str, Card]:  # the first round as cut, with his new card; then afresh
            if pending and set(ns) == set(pending[0]):
                done = pending.pop()
                return {n: done[n] for n in ns}
            return self._cut_cards(ns)

        what = f"{name} ({SEATS[who]}) exposed more than one card in cutting for partners: he cuts again, the {fresh}"
        ruled = [self._ruling(key, what, seat=who, remedy=self._rule(key).effect)]
        ruled += self._form(names, initial=initial, cutter=cutter)
        return self._void_to("cut again", key, what, who, self.dealer, same_pack=True, ruled=ruled)

    def _deal_again(self, key: str, what: str, who: int) -> list[Event]:
        """The pack is shuffled or cut again: the same dealer deals again (000 §32, §34; 002 §11)."""
        return self._void_to(
            "new deal",
            key,
            what + f": {SEATS[self.dealer]} shuffles, has the pack cut and deals again",
            who,
            self.dealer,
            same_pack=True,
        )

    def _misdeal_exception(self) -> str | None:
        """000 §45, §50; 002 §17: an adversary of the dealer touched the cards first, or interrupted him."""
        d = self._actor
        touched = self._flags["touched"]
        first_adv = next((i for i, s in enumerate(touched) if _side(s) != _side(d)), None)
        first_partner = next((i for i, s in enumerate(touched) if s == _partner(d)), None)
        if first_adv is not None and (first_partner is None or first_adv < first_partner):
            return "misdeal saved"
        if any(_side(s) != _side(d) for s in self._flags["interrupted"]):
            return "misdeal after interruption"
        return None

    def _judge_deal(self, actor: int, variant: str, target: int | None) -> list[Event]:
        """What the code makes of the deal just made: void it, open a claim, or let it stand."""
        events: list[Event] = []
        rightful = self.dealer
        code = self.code
        double = self.game.name == "double-dummy"
        key = {"trump card to": "trump to wrong hand", "two cards to": "two cards dealt"}.get(
            variant
        ) or _VARIANT_KEY.get(variant)
        automatic = key is not None and self._rule(key).effect in ("misdeal", "new deal")
        if automatic and key is not None:
            r = self._rule(key)
            what = self._variant_text(actor, variant, target)
            if r.effect == "new deal":
                return events + self._void("new deal", key, what, actor)
            if actor != rightful and actor == _partner(rightful):
                rr = self._rule("partner's misdeal")
                events.append(self._ruling(key, what, seat=actor, remedy="misdeal"))
                return events + self._void_to(
                    "misdeal",
                    "partner's misdeal",
                    f"{SEATS[actor]} took his partner's deal and misdealt: {SEATS[rightful]}"
                    f" loses the deal and {SEATS[(rightful + 1) % 4]} deals",
                    actor,
                    (rightful + 1) % 4,
                    r=rr,
                )
            if actor != rightful:
                events.append(self._ruling(key, what, seat=actor, remedy="misdeal"))
                return events + self._void_to(
                    "stopped",
                    "deal out of turn",
                    f"{SEATS[actor]} dealt out of turn and"
                    f" misdealt: the code is silent; the deal was not his to lose, so"
                    f" {SEATS[rightful]} deals",
                    actor,
                    rightful,
                    r=Rule(("000 §48",) if code == ENGLISH else ("002 §16",), "", silent=True),
                )
            if double and code != GWP:
                events.append(self._ruling(key, what, seat=actor))
                return events + self._void(
                    "new deal", "double dummy misdeal", f"{SEATS[actor]} misdealt at Double Dummy", actor
                )
            return events + self._misdeal(key, actor, what)
        claim_keys = ("other pack", "uncut", "trump looked at", "exposed in dealing")
        if key is not None and key not in claim_keys and self._rule(key).effect == "point":
            events.append(self._point(key, actor, self._variant_text(actor, variant, target)))
        elif key is not None and key not in claim_keys and self._rule(key).effect == "none":
            events.append(self._ruling(key, self._variant_text(actor, variant, target), seat=actor, remedy="none"))
        # Dealing out of turn, or with the other pack: may be stopped before the trump card is turned (000 §48).
        if actor != rightful or variant == "with the other pack":
            k = "other pack" if actor == rightful else "deal out of turn"
            r = self._rule(k)
            what = (
                f"{SEATS[actor]} dealt out of turn: it was {SEATS[rightful]}'s deal"
                if actor != rightful
                else f"{SEATS[actor]} dealt with the other pack"
            )
            if r.effect == "point":
                events.append(self._point(k, actor, what))
            else:
                self._offer(k, self._live_chooser((actor + 1) % 4), r, what, ["stop deal"], offender=actor)
                events.append(self._ruling(k, what, seat=actor))
        # Claims the side not in fault may make before the trump card is turned.
        for k, offender, what in self._deal_claims(actor, variant):
            deal_no = self.deal_no
            events.extend(self._deal_claim(k, offender, what))
            if self.deal_no != deal_no:
                break
        return events

    def _deal_claim(self, k: str, offender: int, what: str) -> list[Event]:
        """A fault of the deal that gives the side not in fault a claim (000 §38, §41, §44 VII; 002 §15, §17 I)."""
        actor = self._actor
        touched = self._flags["touched"]
        r = self._rule(k)
        if r.effect == "point":
            return [self._point(k, offender, what)]
        if r.effect == "misdeal":
            return self._misdeal(k, actor, what)
        if not r.remedies:
            return [self._ruling(k, what, seat=offender, remedy="none")]
        claimants = 1 - _side(offender)
        first = next((i for i, x in enumerate(touched) if _side(x) == claimants), None)
        if k == "exposed in dealing" and first is not None and not any(_side(x) != claimants for x in touched[:first]):
            return [
                self._ruling(
                    k,
                    what + f"; but {SIDES[claimants]} had touched the cards, so they have no claim"
                    " and the card cannot be called",
                    seat=offender,
                    remedy="none",
                )
            ]
        option = r.remedies[0]
        if _side(offender) != _side(actor):  # an adversary exposed a card: the claim is the dealer's (000 §38)
            seat = self._live_chooser(actor)
        else:
            seat = self._live_chooser(
                (offender + 1) % 4 if _side((offender + 1) % 4) == claimants else (offender + 3) % 4
            )
        self._decisions.append(
            Decision(
                k,
                seat,
                claimants,
                [(option, r.laws[0]), ("waive", r.laws[0])],
                list(r.laws),
                what,
                offender=offender,
                chooser=r.chooser,
            )
        )
        return [self._ruling(k, what, seat=offender)]

    def _deal_claims(self, actor: int, variant: str) -> list[tuple[str, int, str]]:
        out: list[tuple[str, int, str]] = []
        h = self.hand
        assert h is not None
        if variant == "uncut":
            out.append(("uncut", actor, f"{SEATS[actor]} dealt without having the pack cut"))
        if variant == "looking at the trump card":
            out.append(
                (
                    "trump looked at",
                    actor,
                    f"{SEATS[actor]} looked at the trump card while dealing; it is {_card(h.trump_card)}",
                )
            )
        if variant == "exposing a card":
            first = (actor + 1) % 4
            card = min(bits(h.hands[first]), key=lambda c: c)
            out.append(
                (
                    "exposed in dealing",
                    actor,
                    f"{SEATS[actor]} exposed a card in dealing, the {CARDS[card].name} to {SEATS[first]}",
                )
            )
        return out

    def _variant_text(self, actor: int, variant: str, target: int | None) -> str:
        who = SEATS[actor]
        return {
            "trump card to": f"{who} dealt the trump card to {SEATS[target or 0]}, not to himself",
            "two cards to": f"{who} dealt two cards to {SEATS[target or 0]} and dealt on",
            "irregularly": f"{who} did not deal the cards one at a time in rotation",
            "trump face down": f"{who} placed the trump card face downwards",
            "with a card faced": f"a card was found faced in the pack as {who} dealt",
            "and count the cards": f"{who} counted the cards while dealing",
            "looking at the trump card": f"{who} looked at the trump card while dealing",
            "uncut": f"{who} dealt without having the pack cut",
            "exposing a card": f"{who} exposed a card in dealing",
            "with the other pack": f"{who} dealt with the other pack",
        }.get(variant, f"{who} dealt")

    def _live_chooser(self, s: int) -> int:
        return self._live(s)

    def _misdeal(self, key: str, actor: int, what: str) -> list[Event]:
        """A misdeal by the dealer: he loses the deal, unless the adversaries interfered (000 §45, §50; 002 §17)."""
        events = [self._ruling(key, what, seat=actor, remedy="misdeal")]
        if self.game.name == "double-dummy" and self.code != GWP:
            return events + self._void(
                "new deal",
                "double dummy misdeal",
                f"there is no misdeal at Double Dummy: {SEATS[actor]} deals again",
                actor,
            )
        exception = self._misdeal_exception() if self.code != GWP else None
        if exception is not None:
            return events + self._void("new deal", exception, f"{SEATS[actor]} deals again", actor)
        return events + self._void_to(
            "misdeal", key, f"{SEATS[actor]} loses the deal", actor, (actor + 1) % 4, quiet=True
        )

    def _void(self, how: str, key: str, what: str, actor: int) -> list[Event]:
        """A new deal by the same dealer (000 §37 and footnote 11): the dealer whose deal it is."""
        return self._void_to(how, key, what, actor, self.dealer, same_pack=True)

    def _void_to(
        self,
        how: str,
        key: str,
        what: str,
        actor: int,
        next_dealer: int,
        *,
        r: Rule | None = None,
        quiet: bool = False,
        same_pack: bool = False,
        ruled: list[Event] | None = None,
    ) -> list[Event]:
        """The deal is void: the cards are gathered and ``next_dealer`` deals (``ruled``: the ruling, made already)."""
        events = ruled if ruled is not None else [] if quiet else [self._ruling(key, what, seat=actor, r=r, remedy=how)]
        if quiet:
            events.append(
                Event(
                    "misdeal",
                    what,
                    seat=SEATS[actor],
                    law=list(self._rule(key).laws),
                    data={"void": how, "next dealer": SEATS[next_dealer]},
                )
            )
        self._deal_log[-1]["result"] = {"void": how, "next dealer": SEATS[next_dealer]}
        self.deal_no += 1
        if how != "stopped":
            self._pack = self._used_pack if same_pack else 1 - self._used_pack
        self.dealer = next_dealer
        events.extend(self._new_deal())
        return events

    # ================================================================== the engine interface

    @property
    def to_act(self) -> str | None:
        if self._over:
            return None
        if self._decisions:
            return SEATS[self._decisions[0].seat]
        if self._phase == "deal" or self.hand is None:
            return SEATS[self.dealer]
        return SEATS[self.hand.turn]

    @property
    def phase(self) -> str:
        """``deal`` (the dealer is to deal), ``play``, ``penalty`` (a side chooses) or ``claims`` (the hand is over)."""
        if self._over:
            return "over"
        if self._decisions:
            return "claims" if self._phase == "claims" else "penalty"
        return "deal" if self._phase in ("deal", "dealt") else self._phase

    def remedies(self) -> list[tuple[Action, str]]:
        """The remedies of the penalty phase in hand, each with its citation (empty outside a penalty phase)."""
        return [] if self._over or not self._decisions else self._decisions[0].remedies()

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        if self._decisions:
            return self._decisions[0].actions()
        if self._phase == "deal" or self.hand is None:
            return [_A("deal")]
        s = self.hand.turn
        acts = [PLAY[c] for c in bits(self._constrained(s))]
        acts.extend(as_action(a) for a, _ in self._false_remedies(s))
        return acts

    def _check(self, action: Action) -> None:
        if action.seat is not None and action.seat == self.to_act:
            action = action.by(None)
        if action in self.legal_actions():
            return
        raise IllegalAction(self._why_not(action, SEATS.index(self.to_act or "N")), law=self._why_law(action))

    def _why_law(self, action: Action) -> str | None:
        h = self.hand
        if action.verb == "play" and h is not None and h.trick and action.card is not None:
            s = h.turn
            if (
                action.card // 13 != h.lead_suit
                and h.holding(s) >> action.card & 1
                and h.lawful(s) & SUIT_MASKS[h.lead_suit or 0]
            ):
                return "000 §71" if self.code == ENGLISH else "002 §28" if self.code == AMERICAN else "004 rule 15"
        return None

    def _why_not(self, action: Action, s: int) -> str:
        """Why ``action`` is not open to seat ``s`` now, in one sentence citing the law where one applies."""
        who = SEATS[s]
        h = self.hand
        if self._decisions:
            d = self._decisions[0]
            opts = ", ".join(a for a, _ in d.options)
            return f"{action}: {SEATS[d.seat]} is to choose ({d.text}); the choices are: {opts}"
        if self._phase == "deal" or h is None:
            return f"{action}: {SEATS[self.dealer]} is to deal ('deal')"
        if action.verb == "play" and action.card is not None:
            c = action.card
            if not h.holding(s) >> c & 1:
                return f"{action}: {who} does not hold the {CARDS[c].name}"
            law = self._why_law(action)
            if law is not None:
                return (
                    f"{action}: must follow suit: {who} holds {_SUIT_WORD[SUITS[h.lead_suit or 0]]} ({law});"
                    " in law mode a renounce is taken as an irregularity"
                )
            return f"{action}: a call is in force on {who}: {self._call_text(s)}"
        return f"{action}: not an act {who} can take now; see irregular_actions('{who}')"

    def _call_text(self, s: int) -> str:
        parts = []
        if self._called.get(s):
            parts.append("called card " + ", ".join(_card(c) for c in self._called[s]))
        if s in self._lead_suit:
            parts.append(f"must lead {_SUIT_WORD[SUITS[self._lead_suit[s]]]}")
        if s in self._require:
            parts.append(f"required to play {self._require[s][0]}")
        return "; ".join(parts) or "none"

    def apply(self, action: Action | str) -> list[Event]:
        """Take ``action`` for the seat to act, or for the seat it names (``"E: play QS"``).

        A lawful action of the seat to act is taken as in strict mode.  Any
        other act listed by :meth:`irregular_actions` for that seat is taken as
        the irregularity (or out-of-turn right) it is, and ruled on.  Anything
        else raises :class:`IllegalAction` and changes nothing.
        """
        act = action if type(action) is Action else as_action(action)
        if self._over:
            raise IllegalAction(f"{act}: the sitting is over; nothing more can be done")
        to_act = SEATS.index(self.to_act or "N")
        who = to_act
        if act.seat is not None:
            if act.seat not in SEATS:
                raise IllegalAction(f"{act}: there is no seat {act.seat!r}; the seats are {', '.join(SEATS)}")
            who = SEATS.index(act.seat)
        plain = act.by(None)
        if who == to_act and plain in self.legal_actions():
            self.actions.append(plain)
            events = self._do(plain)
        else:
            if plain not in self.irregular_actions(SEATS[who]):
                if who != to_act:
                    raise IllegalAction(
                        f"{act}: it is {SEATS[to_act]}'s turn, not {SEATS[who]}'s, and"
                        f" {plain} is not an act {SEATS[who]} can take now"
                        f" (see irregular_actions('{SEATS[who]}'))"
                    )
                raise IllegalAction(self._why_not(plain, who), law=self._why_law(plain))
            self.actions.append(plain if who == to_act else plain.by(SEATS[who]))
            events = self._irregular(who, plain)
            events.extend(self._settle())
        return self._logged(events)  # with the deals' commitments and proofs (engine)

    def _apply_out_of_turn(self, action: Action) -> list[Event]:  # pragma: no cover - apply() routes everything
        return self.apply(action)

    def _do(self, action: Action) -> list[Event]:
        events: list[Event]
        if self._decisions:
            d = self._decisions.pop(0)
            events = self._decide(d, action, d.seat)
        elif self._phase == "deal" or self.hand is None:
            events = self._deal(self.dealer, "")
        elif action.verb == "play" and action.card is not None:
            events = self._put(self.hand.turn, action.card)
        else:
            events = self._false_remedy(self.hand.turn, action)
        events.extend(self._settle())
        return events

    # ================================================================== the play

    def _constrained(self, s: int) -> int:
        """The lawful cards of ``s`` under the calls in force on him (000 §61–66, §68, §76, §86; 002 §21–26, §35)."""
        h = self.hand
        assert h is not None
        m = h.lawful(s)
        if not h.trick and s in self._lead_suit:
            suited = m & SUIT_MASKS[self._lead_suit[s]]
            if suited:
                m = suited
        if s in self._require:
            m = self._required(s, m, self._require[s][0])
        called = [c for c in self._called.get(s, []) if m >> c & 1]
        if called:
            m = 1 << called[0]
        return m

    def _required(self, s: int, m: int, req: str) -> int:
        h = self.hand
        assert h is not None
        trumps = SUIT_MASKS[h.trumps] if h.trumps is not None else 0  # None: no trumps (Cayenne's grand, nullo)
        led = h.lead_suit
        cards = bits(m)
        pick: list[int] = []
        if req in ("highest", "lowest") and led is not None:
            pick = [c for c in cards if c // 13 == led]
            if pick:
                pick = [max(pick)] if req == "highest" else [min(pick)]
        elif req == "win":
            pick = [c for c in cards if h.would_win(c)]
        elif req == "not win":
            pick = [c for c in cards if not h.would_win(c)]
        elif req == "trump":
            pick = [c for c in cards if (1 << c) & trumps]
        elif req == "not trump":
            pick = [c for c in cards if not (1 << c) & trumps]
        elif req in ("highest trump", "lowest trump"):
            pick = [c for c in cards if (1 << c) & trumps]
            if pick:
                pick = [max(pick)] if req == "highest trump" else [min(pick)]
        out = 0
        for c in pick:
            out |= 1 << c
        return out or m

    def _put(self, s: int, card: int, *, failed: bool = False) -> list[Event]:
        """``s`` plays ``card`` to the trick on the table (in turn or not); the facts are recorded."""
        h = self.hand
        assert h is not None
        events: list[Event] = []
        self._window = False
        if not h.trick:
            events.extend(self._quit_last())
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
                        dummy=s in self._dummy_seats(),
                        law="000 §71"
                        if self.code == ENGLISH
                        else "002 §28"
                        if self.code == AMERICAN
                        else "004 rule 15",
                    )
                )
        if self._doubtful(s, card):
            # What the table sees: a play under a call that does not show itself complied with.  Whether he could
            # comply is what his concealed cards say, so a claim is offered on this, never on the fact (issue 13).
            h.renounces.append(
                Renounce(s, number, card, -1, False, status="established", kind="doubt", dummy=s in self._dummy_seats())
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
                    dummy=s in self._dummy_seats(),
                    law=self._rule("failed to comply").laws[0],
                )
            )
        self._origin[card] = bool(h.exposed[s] >> card & 1)
        h.take(s, card)
        if not h.trick:
            h.trick_leader = s
        h.trick.append((s, card))
        if h.trump_on_table and s == h.trump_holder and not h.quitted and not h.trump_left:
            h.trump_on_table = False  # taken up when he plays to the first trick (000 §52, 002 §18, 004 rule 10)
        self._require.pop(s, None)
        self._lead_suit.pop(s, None)
        if self._called.get(s):
            # A called card played; or, if it could not be played without revoking, the call is spent at this
            # turn and the card stays liable (000 §64–65; 002 §21).
            del self._called[s]
        if s in self._trump_rights and (1 << card) & SUIT_MASKS[h.trumps] and self._trump_rights[s].startswith("!"):
            del self._trump_rights[s]  # the called trump is played: the liability ends (000 §55)
        events.append(_PLAY_EVENTS[s][card])
        if (
            self.game.options.get("expose") == "lead"
            and self._dummy_seats()
            and not self._dummy_shown
            and len(h.trick) == 1
            and not h.quitted
        ):
            events.append(self._dummy_event())
        if h.complete():
            events.extend(self._quit_trick())
        return events

    def _doubtful(self, s: int, card: int) -> bool:
        """Whether ``s`` playing ``card`` under the calls in force on him may, for all the table can see, fail to
        comply with one (000 §61; 002 §38): judged on the calls, the card and the cards played, never on his hand."""
        h = self.hand
        assert h is not None
        led = h.lead_suit
        if led is None and card // 13 != self._lead_suit.get(s, card // 13):
            return True
        for c in self._called.get(s, []):  # following suit, he could not play a called card of another
            if card != c and not (led is not None and card // 13 == led and c // 13 != led):
                return True
        req = self._require[s][0] if s in self._require else None
        if req is None or led is None:
            return req in ("trump", "not trump", "highest trump", "lowest trump") and self._off_trump(req, card)
        if req in ("win", "not win"):
            return h.would_win(card) != (req == "win")
        if req in ("highest", "lowest"):
            return card // 13 != led or self._unseen_beyond(card, req == "highest")
        return self._off_trump(req, card)

    def _off_trump(self, req: str, card: int) -> bool:
        """Whether ``card`` may not answer a call to trump or not to trump (or the highest or lowest trump)."""
        h = self.hand
        assert h is not None
        if h.trumps is None or req not in ("trump", "not trump", "highest trump", "lowest trump"):
            return False
        trump = card // 13 == h.trumps
        if req == "not trump":
            return trump
        return not trump or (req != "trump" and self._unseen_beyond(card, req == "highest trump"))

    def _unseen_beyond(self, card: int, higher: bool) -> bool:
        """Whether a card of ``card``'s suit above it (``higher``) or below it has not been played this hand."""
        h = self.hand
        assert h is not None
        seen = {c for q in h.quitted for _, c in q.plays} | {c for _, c in h.trick}
        suit = card // 13
        others = range(card + 1, 13 * suit + 13) if higher else range(13 * suit, card)
        return any(c not in seen for c in others)

    def _suspected(self, side: int) -> list[Renounce]:
        """The facts of ``side`` the table has seen (every renounce, and every play under a call not seen to comply),
        on which alone a claim of a revoke is offered: never a failure to comply itself, which only the search may
        bring to light (issue 13)."""
        return [r for r in self._accused(side) if r.kind != "failed"]

    def _dummy_event(self) -> Event:
        h = self.hand
        assert h is not None
        self._dummy_shown = True
        hands = {SEATS[s]: " ".join(_hand_texts(h.hands[s])) for s in sorted(self._dummy_seats())}
        names = " and ".join(f"{self.players[SEATS[s]]} ({SEATS[s]})" for s in sorted(self._dummy_seats()))
        return Event("expose", f"{names} laid face up on the table (000 Dummy)", law="000 Dummy", data={"hands": hands})

    def _quit_last(self) -> list[Event]:
        """The first card of a trick is played: the last trick is quitted, and its renounces are established
        (000 §73, 002 §28)."""
        h = self.hand
        assert h is not None
        events: list[Event] = []
        if h.open_last:
            h.open_last = False
            n = len(h.quitted)
            for r in h.renounces:
                if r.trick == n and r.status == "open":
                    r.status = "established"
                    if r.dummy and r.in_error:
                        events.append(
                            self._ruling(
                                "dummy revoke",
                                f"Dummy ({SEATS[r.seat]}) renounced in error in"
                                f" trick {n} and it was not discovered before the trick was"
                                " quitted: it stands good",
                                seat=r.seat,
                                remedy="none",
                            )
                        )
        return events

    def _quit_trick(self) -> list[Event]:
        h = self.hand
        assert h is not None
        q = h.quit()
        events = [
            Event(
                "trick",
                f"trick {q.number}: {SEATS[q.winner]} wins with {_card(next(c for s, c in q.plays if s == q.winner))}",
                seat=SEATS[q.winner],
                data={
                    "trick": q.number,
                    "leader": SEATS[q.leader],
                    "cards": [_card(c) for _, c in q.plays],
                    "seats": [SEATS[s] for s, _ in q.plays],
                    "winner": SEATS[q.winner],
                },
            )
        ]
        self._require.clear()
        self._origin.clear()
        if self._false is not None:
            f = self._false
            self._false = None
            r = self._rule("lead out of turn")
            events.append(
                self._ruling(
                    "lead out of turn",
                    f"all having followed {SEATS[f['offender']]}'s lead out of"
                    f" turn, trick {q.number} stands and the error cannot be rectified",
                    seat=f["offender"],
                    remedy="the trick stands",
                    laws=[r.laws[-1]] if self.code == ENGLISH else list(r.laws),
                )
            )
        limit = 1 if self.code == ENGLISH else 2 if self.code == AMERICAN else 99
        if h.trump_on_table and len(h.quitted) >= limit:
            holder = h.trump_holder
            h.trump_on_table = False
            h.trump_left = False
            card = h.trump_card
            if h.hands[holder] >> card & 1:
                h.hands[holder] &= ~(1 << card)
                h.exposed[holder] |= 1 << card
                key = "trump card left"
                if self._dummy_side(holder):
                    h.hands[holder] |= 1 << card
                    h.exposed[holder] &= ~(1 << card)
                    events.append(
                        self._ruling(
                            "dummy partner",
                            f"{SEATS[holder]} left the trump card on the table past his time",
                            seat=holder,
                            remedy="none",
                        )
                    )
                else:
                    events.append(
                        self._ruling(
                            key,
                            f"{SEATS[holder]} left the trump card {_card(card)} on the table"
                            f" after trick {len(h.quitted)} was quitted: it is an exposed card",
                            seat=holder,
                            remedy="liable to be called",
                        )
                    )
        return events

    # ------------------------------------------------------------------ the flow

    def _settle(self) -> list[Event]:
        """After an act: move the hand on until someone has to act (a penalty phase, a claim, a play, a deal)."""
        events: list[Event] = []
        for _ in range(500):
            if self._over or self._decisions or self._phase in ("deal", "declare"):  # declare: Cayenne's
                break
            if self._phase == "dealt":
                events.extend(self._start_play())
                continue
            if self._phase == "claims":
                events.extend(self._next_claims())
                continue
            h = self.hand
            assert h is not None
            if (len(h.quitted) >= 13 and not h.trick) or self._abandoned or self._counted_against is not None:
                events.extend(self._end_of_play())
                continue
            s = h.turn
            if not h.holding(s):
                events.extend(self._nothing_to_play(s))
                continue
            more = self._interject(s)
            if more is None:
                break
            events.extend(more)
        return events

    def _start_play(self) -> list[Event]:
        """The deal stands: the trump card is turned up, Dummy laid down, and the eldest hand leads."""
        h = self.hand
        assert h is not None
        self._phase = "play"
        events: list[Event] = []
        if self._actor != self.dealer:
            self.dealer = self._actor  # the deal stands: the game proceeds as if no mistake had been made (000 §48)
        self._refresh_static()
        if self._dummy_seats() and self.game.options.get("expose") == "deal":
            events.append(self._dummy_event())
        if self.long:
            for side in (0, 1):
                if self.game_score[side] == 8 and self._dealt_honours[side] >= 3:
                    events.append(
                        Event(
                            "call",
                            f"{SIDES[side]} stand at eight and hold {self._dealt_honours[side]}"
                            " honours: they call and win the game without playing the hand (rules §1.2)",
                            law="rules §1.2",
                            data={"side": SIDES[side]},
                        )
                    )
                    before = list(self.game_score)
                    self.game_score[side] = self.target
                    self.honours = self._dealt_honours
                    self._phase = "over hand"
                    self._pack = 1 - self._used_pack
                    events.extend(self._finish_deal(before, [0, 0], called=side))
                    return events
        return events

    def _nothing_to_play(self, s: int) -> list[Event]:
        """It is ``s``'s turn and he has no card (000 Case VI)."""
        h = self.hand
        assert h is not None
        if self._short_ok:
            h.omitted.append(s)  # the hand is played out with the missing card not counted (002 §19)
            if h.complete():
                return self._quit_trick()
            if not h.trick:
                h.leader = (s + 1) % 4
            return []
        over = [t for t in range(4) if h.surplus(t) > 0]
        if over:
            return self._wrong_number(s, over, discovered="case vi")
        missing = [c for c, owner in h.floor.items() if owner == s] + [c for c, (o, _) in h.mixed.items() if o == s]
        if missing:
            c = missing[0]
            where = "on the floor" if c in h.floor else f"in trick {h.mixed[c][1] + 1}"
            h.floor.pop(c, None)
            if c in h.mixed:
                _, k = h.mixed.pop(c)
                (h.quitted[k].mixed if k < len(h.quitted) else h.trick_mixed).remove(c)
            h.hands[s] |= 1 << c
            events = [
                self._ruling(
                    "case vi found",
                    f"{SEATS[s]} has no card to play: the missing card, the"
                    f" {CARDS[c].name}, is found {where} and assigned to him",
                    seat=s,
                    remedy="the card is restored",
                )
            ]
            for key in ("card mixed",) if where != "on the floor" else ():
                if self._rule(key).effect == "point" or (self.code == GWP):
                    events.append(self._point(key, s, f"{SEATS[s]} mixed a card with a quitted trick"))
            return events
        # Nothing can be found (cannot happen with a perfect pack): end the hand as it stands.
        self._counted_against = -1
        return []

    def _interject(self, s: int) -> list[Event] | None:
        """Before ``s`` plays: the penalties the adversaries may exact now (a called suit, a trump, an exposed card)."""
        h = self.hand
        assert h is not None
        at = (len(h.quitted), len(h.trick), s)
        # A suit may be called from the side that led out of turn, when either of them first has the lead.
        if not h.trick and (at, "suit") not in self._asked:
            for right in self._suit_rights:
                if right["side"] == _side(s):
                    self._asked.add((at, "suit"))
                    self._suit_rights.remove(right)
                    return self._suit_decision(s, right)
        # Asked at each of his turns whatever he holds ("at any time during that hand": 000 §53, §55), so that the
        # question tells nothing of his trumps; a call he cannot obey without revoking does not bite (000 §55, §64).
        if (
            s in self._trump_rights
            and (at, "trump") not in self._asked
            and h.trumps is not None
            and s not in self._require
        ):
            self._asked.add((at, "trump"))
            fixed = self._trump_rights[s]
            key = "trump card named" if fixed.endswith("named") else "trump card forgotten"
            r = self._rule(key)
            opts = ["require highest trump", "require lowest trump"]
            if fixed.startswith("!"):
                opts = [f"require {fixed[1:].split(':')[0]} trump"]
            chooser = self._live((s + 3) % 4)
            self._decisions.append(
                Decision(
                    "trump call",
                    chooser,
                    _side(chooser),
                    [(o, r.laws[-1]) for o in opts] + [("waive", r.laws[-1])],
                    list(r.laws),
                    f"{SEATS[s]} is liable to have his highest or lowest trump called",
                    offender=s,
                    context={"key": key},
                )
            )
            return []
        # Offered whenever he has cards face up, lawful to play now or not: the adversaries see only the cards, and
        # whether a call were offered must not tell them whether he can follow suit.  A call he cannot obey without
        # revoking does not bite now (000 §56; 002 §21), and stands until the card is played.
        exposed = h.exposed[s]
        if exposed and (at, "exposed") not in self._asked and self.code != GWP and not self._called.get(s):
            self._asked.add((at, "exposed"))
            laws = ["000 §56", "000 §65"] if self.code == ENGLISH else ["002 §21"]
            chooser = self._live((s + 3) % 4)
            calls = [(f"call card {_card(c)}", laws[0]) for c in bits(exposed)] + [("waive", laws[-1])]
            self._decisions.append(
                Decision(
                    "call exposed",
                    chooser,
                    _side(chooser),
                    calls,
                    laws,
                    f"{SEATS[s]} has exposed cards liable to be called",
                    offender=s,
                )
            )
            return []
        return None

    def _suit_decision(self, s: int, right: dict[str, Any]) -> list[Event]:
        """The right to call a suit from ``s``, whose side led out of turn (000 §62, fn 27; 002 §24, §37)."""
        chooser = self._live((s + 3) % 4)
        law = right["laws"][0]
        opts = [(f"call suit {x}", law) for x in SUITS] + [("waive", law)]
        self._decisions.append(
            Decision(
                "call suit",
                chooser,
                _side(chooser),
                opts,
                right["laws"],
                f"a suit may be called from {SEATS[s]}: {right['why']}",
                offender=s,
                chooser=right.get("chooser", "either"),
                context={"key": right["key"]},
            )
        )
        return []

    # ------------------------------------------------------------------ a lead out of turn (000 §62–63, 002 §24)

    def _false_remedies(self, s: int) -> list[tuple[str, str]]:
        """At an adversary's turn in a trick led out of turn: the remedies he may exact instead of playing to it."""
        f = self._false
        h = self.hand
        if f is None or h is None or _side(s) == _side(f["offender"]) or not h.trick:
            return []
        r = self._rule("lead out of turn")
        out = []
        if "call card" in r.remedies:
            out.append((f"call card {_card(h.trick[0][1])}", r.laws[0]))
        if "call suit" in r.remedies:
            rightful = f["rightful"]
            if rightful == _partner(f["offender"]) and (self.code == ENGLISH or s == (rightful + 3) % 4):
                # The right leader is the offender's partner: the suit is called from him at once (000 §62 fn 27).
                out.extend((f"call suit {x}", r.laws[0]) for x in SUITS)
            elif rightful == _partner(f["offender"]):
                # 002 §24: the suit is due at once, from the right leader, and only the adversary on his right may
                # call it.  The other adversary may still demand it, wrongly: none can then be enforced (002 §39).
                out.extend([("call suit", "002 §39"), *((f"call suit {x}", "002 §39") for x in SUITS)])
            else:
                out.append(("call suit", r.laws[0]))
        out.append(("waive", r.laws[-1]))  # the lead stands; no penalty can then be exacted (000 §63, §84)
        return [(str(Action.parse(a)), law) for a, law in out]

    def _false_remedy(self, by: int, action: Action) -> list[Event]:
        """The adversaries exact the penalty for the lead out of turn: the cards played to it are taken back."""
        h = self.hand
        f = self._false
        assert h is not None and f is not None
        off = f["offender"]
        r = self._rule("lead out of turn")
        if str(action) == "waive":
            self._false = None
            return [
                self._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} lets {SEATS[off]}'s lead out of turn stand: the trick goes on from it",
                    seat=off,
                    remedy="waive",
                )
            ]
        led = h.trick[0][1]
        self._take_back_trick()
        self._false = None
        h.leader = f["rightful"]
        right = (f["rightful"] + 3) % 4
        if (
            self.code == AMERICAN
            and action.verb == "call"
            and action.arg.startswith("suit")
            and f["rightful"] == _partner(off)
            and by != right
        ):
            return [
                self._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} demands a suit from {SEATS[f['rightful']]}, but only"
                    f" {SEATS[right]}, the adversary on his right, may call it: none can be enforced;"
                    " the cards played to the false lead are taken back",
                    seat=by,
                    remedy="none: the right is lost",
                    laws=["002 §24", "002 §39"],
                )
            ]
        if action.verb == "call" and action.arg.startswith("card"):
            h.hands[off] &= ~(1 << led)
            h.exposed[off] |= 1 << led
            return [
                self._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} calls the card led out of turn, the"
                    f" {CARDS[led].name}: it is taken back face upwards, liable to be called; the cards"
                    " played to the false lead are taken back",
                    seat=off,
                    remedy=str(action),
                    laws=[r.laws[0]] + (["000 §63"] if self.code == ENGLISH else []),
                )
            ]
        if action.arg.startswith("suit "):  # named at once, from the right leader, the offender's partner
            rightful = f["rightful"]
            suit = SUITS.index(action.arg.split()[-1].upper())
            word = _SUIT_WORD[SUITS[suit]]
            taken = "; the cards played to the false lead are taken back"
            # Whether he holds the suit is his to show by his lead, not the referee's to announce (issue 13): the
            # ruling is the same either way; having none, he leads what he likes and the penalty is paid (000 §66).
            self._lead_suit[rightful] = suit
            return [
                self._ruling(
                    "lead out of turn",
                    f"{SEATS[by]} calls {word} from {SEATS[rightful]}, the right"
                    f" leader, at once: he must lead one if he can{self._none_held()}{taken}",
                    seat=off,
                    remedy=str(action),
                    laws=[*r.laws, "000 §66"] if self.code == ENGLISH else None,
                )
            ]
        self._suit_rights.append(
            {
                "side": _side(off),
                "laws": list(r.laws),
                "key": "lead out of turn",
                "chooser": r.chooser,
                "why": f"{SEATS[off]} led out of turn",
            }
        )
        return [
            self._ruling(
                "lead out of turn",
                f"{SEATS[by]} exacts a suit from {SEATS[off]} or his partner, to be"
                " called when next either of them has the lead; the cards played to the false lead are"
                " taken back" + (" and are not liable to be called" if self.code == AMERICAN else ""),
                seat=off,
                remedy="call suit",
            )
        ]

    def _take_back_trick(self) -> None:
        """Every card on the table goes back to its player: face up if it came from his exposed cards."""
        h = self.hand
        assert h is not None
        for seat, c in h.trick:
            if self._origin.get(c):
                h.exposed[seat] |= 1 << c
            else:
                h.hands[seat] |= 1 << c
            self._origin.pop(c, None)
            h.renounces = [r for r in h.renounces if not (r.seat == seat and r.card == c and r.status == "open")]
        h.trick = []
        h.omitted = []

    # ================================================================== penalty phases

    def _decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        """The entitled side chooses (``d`` is already taken off the queue)."""
        text = str(action)
        h = self.hand
        key = d.key
        if key in ("deal out of turn", "other pack"):
            if text == "stop deal":
                self._deal_log[-1]["result"] = {"void": "stopped", "next dealer": SEATS[self.dealer]}
                self.deal_no += 1
                events = [
                    self._ruling(
                        key,
                        f"{SEATS[by]} stops the deal before {self._turn_words[0]}: the cards"
                        f" are gathered and {SEATS[self.dealer]} deals",
                        seat=d.offender,
                        remedy=text,
                    )
                ]
                return events + self._new_deal()
            return [
                self._ruling(
                    key,
                    f"{SEATS[by]} lets the deal stand: the game proceeds as if no mistake had been made",
                    seat=d.offender,
                    remedy="waive",
                )
            ]
        if key == "seen in shuffling":
            if text == "require reshuffle":
                return self._deal_again(
                    key,
                    f"{SEATS[by]} requires {SEATS[self.dealer]} to shuffle again",
                    d.offender if d.offender is not None else self.dealer,
                )
            return [self._ruling(key, f"{SEATS[by]} lets the shuffle stand", seat=d.offender, remedy="waive")]
        if key == "detached card":
            return self._decide_detached(d, action, by)
        if key == "uncut":
            if text == "claim misdeal":
                return self._misdeal(
                    "uncut", self._actor, f"{SEATS[by]} claims the misdeal, discovered before {self._turn_words[1]}"
                )
            return [self._ruling(key, f"{SEATS[by]} lets the deal stand", seat=d.offender, remedy="waive")]
        if key in ("exposed in dealing", "trump looked at"):
            if text == "claim new deal":
                return self._void(
                    "new deal", key, f"{SEATS[by]} claims a new deal: the same dealer deals again", self._actor
                )
            return [
                self._ruling(
                    key,
                    f"{SEATS[by]} lets the deal stand"
                    + (": the exposed card cannot be called" if key == "exposed in dealing" else ""),
                    seat=d.offender,
                    remedy="waive",
                )
            ]
        if key in ("omitted to play", "wrong number late"):
            return self._decide_new_deal(d, text, by)
        if key == "claim revoke":
            return self._decide_claim(d, text, by)
        if key == "revoke penalty":
            return self._revoke_penalty(d, text, by)
        if key == "point penalty":
            return self._point_penalty(d, text, by)
        if key == "honours":
            return self._decide_honours(d, text, by)
        assert h is not None
        off = d.offender if d.offender is not None else 0
        if text == "waive":
            events = [
                self._ruling(
                    self._dkey(d), f"{SEATS[by]} waives the penalty", seat=off, remedy="waive", laws=list(d.laws)
                )
            ]
            if key == "two cards at once":
                events.extend(self._two_cards_settle(off, d.context["cards"][0]))
            if key == "show trump":
                events.extend(self._decide(d, _A("show", f"{_card(h.trump_card)}"), off))
            return events
        if key == "call exposed":
            c = Card.from_text(action.arg.split()[-1])
            # He cannot be compelled to play a card that would oblige him to revoke (000 §64; 002 §21): then the
            # call is spent at this turn, and the card stays liable to be called again (000 §65; 002 §21).  The
            # ruling is the same either way, and so is what the table is told: whether he can follow suit is
            # his to show by his play, not the referee's to announce (issue 13).  The call lapses when he has
            # played to this trick (_put).
            self._called.setdefault(off, []).append(c)
            laws = sorted({*d.laws, "000 §64"}) if self.code == ENGLISH else list(d.laws)
            return [
                self._ruling(
                    "exposed card",
                    f"{SEATS[by]} calls the {CARDS[c].name} from {SEATS[off]}: he must"
                    " play it, unless that would make him revoke",
                    seat=off,
                    remedy=text,
                    laws=laws,
                )
            ]
        if key == "call suit":
            suit = SUITS.index(action.arg.split()[-1].upper())
            word = _SUIT_WORD[SUITS[suit]]
            # The same ruling whether he holds the suit or not (issue 13): see the call at once above.
            self._lead_suit[off] = suit
            laws = list(d.laws)
            if self.code == ENGLISH and "000 §66" not in laws:
                laws.append("000 §66")
            return [
                self._ruling(
                    self._dkey(d),
                    f"{SEATS[by]} calls {word} from {SEATS[off]}, who must lead one if he can{self._none_held()}",
                    seat=off,
                    remedy=text,
                    laws=laws,
                )
            ]
        if key == "trump call":
            which = "highest trump" if "highest" in text else "lowest trump"
            self._require[off] = (which, list(d.laws))
            self._trump_rights[off] = f"!{which.split()[0]}:{self._trump_rights.get(off, 'named').split(':')[-1]}"
            return self._chose(
                d,
                f"{SEATS[by]} calls {SEATS[off]}'s {which}: he must play"
                " it, unless it would make him revoke; the call may be repeated but not changed",
                text,
                seat=off,
            )
        if key in (
            "fourth before second",
            "attention called",
            "winning cards led",
            "renounce corrected",
            "trump or not",
        ):
            if text.startswith("call card"):
                c = Card.from_text(action.arg.split()[-1])
                h.hands[off] &= ~(1 << c)
                h.exposed[off] |= 1 << c
                return self._chose(
                    d,
                    f"{SEATS[by]} calls the card played in error, the"
                    f" {CARDS[c].name}: it lies"
                    " face up, liable to be called",
                    text,
                    seat=off,
                )
            target = d.context.get("target", off)
            req = text.removeprefix("require ")
            led = h.lead_suit
            if (
                self.code == AMERICAN
                and req in ("highest", "lowest")
                and led is not None
                and not h.holding(target) & SUIT_MASKS[led]
            ):
                laws = list(d.laws)
                self._decisions.insert(
                    0,
                    Decision(
                        "trump or not",
                        d.seat,
                        d.side,
                        [("require trump", laws[0]), ("require not trump", laws[0]), ("waive", laws[0])],
                        laws,
                        f"{SEATS[target]} has none of the suit led",
                        offender=target,
                        chooser=d.chooser,
                        context={"target": target, "key": self._dkey(d)},
                    ),
                )
                return [
                    self._ruling(
                        self._dkey(d),
                        f"{SEATS[by]} requires {SEATS[target]} to play his {req} of"
                        " the suit led;"
                        " he has none, so he may be required to trump or not to trump",
                        seat=target,
                        remedy=text,
                        laws=laws,
                    )
                ]
            self._require[target] = (req, list(d.laws))
            return self._chose(
                d,
                f"{SEATS[by]} requires {SEATS[target]} to play {self._req_words(req)}",
                text,
                seat=target,
            )
        if key == "two cards at once":
            c = Card.from_text(action.arg.split()[-1])
            return self._two_cards_settle(off, c, by=by, remedy=text)
        if key == "trump card taken early":
            self._decisions.insert(
                0,
                Decision(
                    "show trump",
                    off,
                    _side(off),
                    [(f"show {_card(h.trump_card)}", d.laws[0])],
                    list(d.laws),
                    f"{SEATS[off]} must lay the trump card on the table",
                    offender=off,
                ),
            )
            return self._chose(
                d,
                f"{SEATS[by]} desires {SEATS[off]} to lay the trump card on the table",
                text,
                seat=off,
                key=key,
            )
        if key == "show trump":
            c = Card.from_text(action.arg.split()[-1])
            if c == h.trump_card:
                h.trump_on_table = True
                return [
                    Event(
                        "ruling",
                        f"{SEATS[off]} lays the trump card {_card(c)} on the table again ({d.laws[0]})",
                        seat=SEATS[off],
                        law=list(d.laws),
                        data={"irregularity": "trump card taken early", "code": self.code, "laws": list(d.laws)},
                    )
                ]
            h.hands[off] &= ~(1 << c)
            h.exposed[off] |= 1 << c
            self._decisions.insert(0, d)
            return self._chose(
                d,
                f"{SEATS[off]} shows a wrong card, the {CARDS[c].name}:"
                " it may be called, and he must still produce the trump card",
                "liable to be called",
                seat=off,
                key="trump card taken early",
            )
        if key == "answer":
            r = d.context["renounce"]
            if text == "correct":
                return self._correct(off, r)
            return [
                Event(
                    "ruling",
                    f"{SEATS[off]} answers that he has none ({d.laws[0]})",
                    seat=SEATS[off],
                    law=list(d.laws),
                    data={"irregularity": "asked having none", "code": self.code, "laws": list(d.laws)},
                )
            ]
        raise IllegalAction(f"{action}: nothing to decide")  # pragma: no cover

    @staticmethod
    def _dkey(d: Decision) -> str:
        """The catalogue key of the irregularity a decision is about."""
        return str(
            d.context.get("key")
            or {
                "call exposed": "exposed card",
                "trump or not": "fourth before second",
                "show trump": "trump card taken early",
                "answer": "asked having none",
                "claim revoke": "revoke",
                "revoke penalty": "revoke",
                "call suit": "lead out of turn",
                "trump call": "trump card named",
                "honours": "honours not claimed",
            }.get(d.key, d.key)
        )

    @staticmethod
    def _req_words(req: str) -> str:
        return {
            "highest": "his highest card of the suit led",
            "lowest": "his lowest card of the suit led",
            "win": "so as to win the trick, if he can",
            "not win": "so as not to win the trick, if he can",
            "trump": "a trump",
            "not trump": "no trump",
            "highest trump": "his highest trump",
            "lowest trump": "his lowest trump",
        }.get(req, req)

    def _chose(
        self, d: Decision, sentence: str, remedy: str, *, seat: int | None = None, key: str | None = None
    ) -> list[Event]:
        """The ruling on a choice made in the penalty phase ``d``: what was chosen, under the decision's laws."""
        return [self._ruling(key or self._dkey(d), sentence, seat=seat, remedy=remedy, laws=list(d.laws))]

    def _forfeit(self, d: Decision, by: int, key: str, why: str) -> list[Event]:
        """A right lost (000 §84, Case X; 002 §39): the irregularity goes without penalty."""
        h = self.hand
        off = d.offender
        events = [self._ruling(key, why, seat=by, remedy="none: the right is lost")]
        if d.key == "call exposed" and h is not None and off is not None:
            for a, _ in d.options:
                if a.startswith("call card"):
                    c = Card.from_text(a.split()[-1])
                    if h.exposed[off] >> c & 1:
                        h.exposed[off] &= ~(1 << c)
                        h.hands[off] |= 1 << c
        elif d.key == "two cards at once" and off is not None:
            events.extend(self._two_cards_settle(off, d.context["cards"][0]))
        elif (
            d.key
            in (
                "deal out of turn",
                "other pack",
                "uncut",
                "exposed in dealing",
                "trump looked at",
                "omitted to play",
                "wrong number late",
            )
            and d.key != "omitted to play"
        ):
            pass
        elif d.key == "omitted to play":
            events.extend(self._surplus_to_trick())
        elif d.key == "answer":
            pass
        return events

    def _decision_irregulars(self, s: int) -> list[Action]:
        """What ``s`` may do out of turn while a side chooses: the partner's choice, a consultation, a wrong demand."""
        d = self._decisions[0]
        out: list[Action] = []
        h = self.hand
        if _side(s) == d.side and s != d.seat and s not in self._dummy_seats():
            out.extend(d.actions())
        if (
            _side(s) == d.side
            and d.key not in ("claim revoke", "revoke penalty", "point penalty", "honours", "answer", "show trump")
            and self.code == ENGLISH
        ):
            out.append(_A("consult"))
        if (
            self.code == AMERICAN
            and s == d.seat
            and d.key in ("fourth before second", "attention called", "call suit", "call exposed", "winning cards led")
        ):
            given = {a for a, _ in d.options}
            for wrong in ("require win", "require not win", "require highest", "require lowest"):
                if wrong not in given:
                    out.append(Action.parse(wrong))
        if (
            d.offender is not None
            and s == d.offender
            and h is not None
            and self._phase == "play"
            and d.key
            in (
                "call exposed",
                "call suit",
                "trump call",
                "fourth before second",
                "attention called",
                "winning cards led",
                "renounce corrected",
            )
        ):
            out.extend(PLAY[c] for c in bits(h.holding(s)))
        if d.key == "claim revoke" and _side(s) == d.context["accused"] and _side(s) not in self._mixed_by:
            out.append(_A("mix", "tricks"))
        if self._phase == "claims" and self._cut_by is None and s == self.dealer and not self._over:
            out.append(_A("cut"))
        if d.key == "answer" and s == d.seat and d.context["renounce"].in_error:
            out.append(_A("answer", "none"))
        if d.key == "show trump" and s == d.seat and h is not None:
            out.extend(_A("show", _card(c)) for c in bits(h.hands[s]) if c != h.trump_card)
        return out

    def _decision_act(self, who: int, action: Action) -> list[Event]:
        """An act out of turn during a penalty phase (see :meth:`_decision_irregulars`)."""
        d = self._decisions[0]
        text = str(action)
        if text == "consult":
            self._decisions.pop(0)
            return self._forfeit(
                d,
                who,
                "consultation",
                f"{SEATS[who]} consults his partner on the penalty ({d.text}): they lose their right to it",
            )
        if text == "mix tricks":
            self._mixed_by.add(_side(who))
            return [
                self._ruling(
                    "tricks mixed",
                    f"{SEATS[who]} mixes the cards before the claimants have examined"
                    " them: a revoke claimed will be established",
                    seat=who,
                    remedy="a revoke claimed is established",
                )
            ]
        if text == "cut":
            return self._premature_cut(who)
        if action.verb == "play" and d.offender == who:
            h = self.hand
            assert h is not None and action.card is not None
            c = action.card
            h.hands[who] &= ~(1 << c)
            h.exposed[who] |= 1 << c
            key = "did not await decision"
            if self.code == GWP:
                return [self._point(key, who, f"{SEATS[who]} played on before the decision")]
            if self._dummy_side(who):
                h.exposed[who] &= ~(1 << c)
                h.hands[who] |= 1 << c
                return [
                    self._ruling(
                        "dummy partner",
                        f"{SEATS[who]} played the {CARDS[c].name} before the decision",
                        seat=who,
                        remedy="none",
                    )
                ]
            return [
                self._ruling(
                    key,
                    f"{SEATS[who]} played the {CARDS[c].name} without awaiting the adversaries'"
                    " decision: it lies face up, liable to be called",
                    seat=who,
                    remedy="liable to be called",
                )
            ]
        if d.key == "answer" and str(action) == "answer none":
            self._decisions.pop(0)
            return self._decide(d, action, who)
        if d.key == "show trump" and action.verb == "show":
            self._decisions.pop(0)
            return self._decide(d, action, who)
        legit = str(action) in {a for a, _ in d.options} and _side(who) == d.side
        if legit and (
            d.chooser in ("either", "claimants", "adversaries", "adversaries of the dealer", "not in fault")
            or self.code != AMERICAN
        ):
            self._decisions.pop(0)
            return self._decide(d, action, who)
        self._decisions.pop(0)
        if legit:
            return self._forfeit(
                d,
                who,
                "wrong adversary",
                f"{SEATS[who]} demands {text}, but the penalty is {SEATS[d.seat]}'s to exact: none can be enforced",
            )
        return self._forfeit(
            d,
            who,
            "wrong penalty",
            f"{SEATS[who]} demands {text}, a penalty the law does not give here: none can be enforced",
        )

    # ================================================================== irregular acts

    def irregular_actions(self, seat: str) -> list[Action]:
        """What ``seat`` may do now besides the lawful actions of the seat to act: irregularities, and rights
        exercised out of turn (a partner's choice of penalty, a late claim of honours)."""
        self.seat_check(seat)
        if self._over:
            return []
        s = SEATS.index(seat)
        if self._decisions:
            out = self._decision_irregulars(s)
            if self._phase == "play":
                out += [a for a in self._general_irregulars(s) if a.verb in _ANY_TIME or a == _THROW_DOWN]
            return out
        return self._general_irregulars(s)

    def _deal_irregulars(self, s: int) -> list[Action]:
        """What went wrong in dealing may still be done until the first card is led (see :meth:`_new_deal`)."""
        out: list[Action] = []
        dealer = self.dealer
        targets = [t for t in range(4) if t != s]
        deals = [_A("deal", v[5:]) for v in DEAL_VARIANTS]
        deals += [_A("deal", f"trump card to {SEATS[t]}") for t in targets]
        deals += [_A("deal", f"two cards to {SEATS[t]}") for t in targets]
        deals += [_A("deal", f"a card too many to {SEATS[t]}") for t in targets]
        if s == dealer:
            out += [*deals, _A("shuffle", "after the cut"), _A("show", "a card in shuffling")]
        else:
            if s == (dealer + 3) % 4:
                out.append(_A("expose", "a card in cutting"))
            out += [_A("deal"), *deals, _A("touch", "cards")]
            if _side(s) != _side(dealer):
                out.append(_A("interrupt"))
            if s not in self._flags["exposers"] and s not in self._dummy_seats():
                out.append(_A("expose", "a card"))
        if self._recut_open is not None:  # the first deal after the cut for partners and deal (000 §15, 002 §7)
            out.append(_A("expose", "cards in cutting for partners"))
        return out

    def _general_irregulars(self, s: int) -> list[Action]:
        out: list[Action] = []
        if self._phase == "deal" or self.hand is None:
            return out
        if self._window:
            out += self._deal_irregulars(s)
        h = self.hand
        if self._phase != "play":
            return out
        holding = h.holding(s)
        turn = h.turn
        dummy = s in self._dummy_seats()
        if s == turn:
            ok = self._constrained(s)
            out += [PLAY[c] for c in bits(holding & ~ok)]
            lawful = bits(h.lawful(s))
            if len(bits(holding)) >= 2 and not dummy:
                for c1 in lawful:
                    for c2 in bits(holding):
                        if c2 != c1:
                            out.append(_A("throw", f"{_card(c1)} {_card(c2)}"))
            if h.trick and not h.omitted and len(h.trick) < 4:
                out.append(_A("omit"))
        else:
            out += [PLAY[c] for c in bits(holding)]
            if not h.trick and h.open_last and h.quitted and any(seat == s for seat, _ in h.quitted[-1].plays):
                out += [_A("add", _card(c)) for c in bits(holding)]
        if not dummy:
            hand = bits(h.hands[s] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[s])
            for verb in ("expose", "drop", "name", "show", "detach"):
                out += [_A(verb, _card(c)) for c in hand]
            if h.quitted:
                out += [_A("mix", _card(c)) for c in hand]
            if len(hand) >= 2:
                out.append(_A("lower", "hand"))
            if holding and s not in self._thrown:
                out.append(_A("throw", "down hand"))
            if self._claim_rest is None:
                out.append(_A("claim", "the rest"))
            if h.trick and h.played_to_trick(s) and not h.played_to_trick(_partner(s)):
                out.append(_A("call", "attention"))
            if self._false is not None and _side(s) != _side(self._false["offender"]):
                if self.code == ENGLISH:
                    out.append(_A("consult"))
                if s != turn:
                    out += [Action.parse(a) for a, _ in self._false_remedies(s)]
            last = len(h.quitted) - (1 if self.code == ENGLISH else 0)
            out += [_A("look", f"at trick {n}") for n in range(1, last + 1)]
            p = _partner(s)
            if any(r.seat == p and r.status == "open" and not r.questioned for r in h.renounces):
                out.append(_A("ask", "having none"))
            if any(r.seat == s and r.status == "open" and r.in_error and r.kind == "renounce" for r in h.renounces):
                out.append(_A("correct"))
            if not h.trump_on_table and (h.quitted or h.trick):
                out.append(_A("name", "trump card"))
                if s == h.trump_holder:
                    out.append(_A("forget", "trump card"))
            if h.trump_on_table and s == h.trump_holder and not h.played_to_trick(s) and not h.quitted:
                if not h.trump_left:
                    out.append(_A("leave", "trump card"))
                if s != turn:
                    out.append(_A("take", "up trump card"))
            if h.trump_on_table and h.trump_left and s == _partner(h.trump_holder):
                out.append(_A("remind"))
        elif any(r.seat == s and r.status == "open" and r.in_error for r in h.renounces):
            out.append(_A("correct"))
        if any(h.surplus(t) for t in range(4)):
            out.append(_A("claim", "misdeal"))
        if _side(s) not in self._early_claims and self._suspected(1 - _side(s)) and not dummy:
            out.append(_A("claim", "revoke"))
        out += self._late_claims(s)
        return out

    def _irregular(self, who: int, action: Action) -> list[Event]:
        """Carry out an irregular act (validated by :meth:`irregular_actions`)."""
        if self._decisions and action in self._decision_irregulars(who):
            return self._decision_act(who, action)
        verb, arg = action.verb, action.arg
        if verb == "claim" and arg in ("honours", "game"):
            return self._late_honours(who)
        if verb == "dispute":
            return self._dispute_honours(who)
        if self._window and action in self._deal_irregulars(who):
            return self._deal_act(who, action)
        h = self.hand
        assert h is not None
        card = (
            Card.from_text(arg)
            if verb in ("expose", "drop", "name", "show", "mix", "add", "detach")
            and arg not in ("trump card", "tricks", "a card")
            else None
        )
        if verb == "play" and action.card is not None:
            return self._play_irregular(who, action.card)
        if verb == "throw" and arg == "down hand":
            return self._throw_down(who)
        if verb == "throw":
            c1, c2 = (Card.from_text(x) for x in arg.split())
            return self._two_cards(who, c1, c2)
        if verb in ("expose", "show", "name") and card is not None:
            key = {"expose": "exposed card", "show": "shown to partner", "name": "named card"}[verb]
            what = {
                "expose": "drops the {} face upwards on the table",
                "show": "holds the {} so that his partner sees it",
                "name": "names the {}, a card of his hand",
            }[verb].format(CARDS[card].name)
            return self._expose(who, [card], key, f"{SEATS[who]} {what}")
        if verb == "lower":
            return self._expose(
                who,
                bits(h.hands[who] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[who]),
                "hand lowered",
                f"{SEATS[who]} lowers his hand so that his partner sees his cards",
            )
        if verb == "detach" and card is not None:
            return self._detach(who, card)
        if verb == "drop" and card is not None:
            h.hands[who] &= ~(1 << card)
            h.floor[card] = who
            return []
        if verb == "mix" and card is not None:
            h.hands[who] &= ~(1 << card)
            h.mixed[card] = (who, len(h.quitted) - 1)
            h.quitted[-1].mixed.append(card)
            return []
        if verb == "add" and card is not None:
            return self._expose(
                who,
                [card],
                "second card to trick",
                f"{SEATS[who]} plays the {CARDS[card].name} to trick {len(h.quitted)}, to which he had already played",
            )
        if verb == "omit":
            h.omitted.append(who)
            self._omissions.append((who, len(h.quitted) + 1))
            return self._quit_trick() if h.complete() else []
        if verb == "claim" and arg == "revoke":
            self._early_claims.add(_side(who))
            r = self._rule("revoke")
            return [
                self._ruling(
                    "revoke",
                    f"{SEATS[who]} claims a revoke by {SIDES[1 - _side(who)]}: it is decided"
                    " at the end of the hand, when the tricks are searched",
                    seat=who,
                    remedy="claim revoke",
                    laws=[r.laws[0], "000 §75", "000 §79"] if self.code == ENGLISH else [r.laws[0]],
                )
            ]
        if verb == "claim" and arg == "the rest":
            return self._claim_the_rest(who)
        if verb == "claim" and arg == "misdeal":
            over = [t for t in range(4) if h.surplus(t) > 0]
            return self._wrong_number(who, over, discovered=SEATS[who])
        if verb == "call" and arg == "attention":
            return self._attention(who)
        if verb == "look":
            return self._look(who, int(arg.split()[-1]))
        if verb == "ask":
            return self._ask(who)
        if verb == "correct":
            ren = next(x for x in reversed(h.renounces) if x.seat == who and x.status == "open" and x.in_error)
            return self._correct(who, ren)
        if verb == "name" and arg == "trump card":
            return self._trump_liability(
                who, "trump card named", f"{SEATS[who]} names the trump card after it was taken up"
            )
        if verb == "forget":
            return self._trump_liability(
                who, "trump card forgotten", f"{SEATS[who]} declares he cannot recollect the trump card"
            )
        if verb == "leave":
            h.trump_left = True
            return []
        if self._false is not None and str(action) in {a for a, _ in self._false_remedies(who)}:
            return self._false_remedy(who, action)
        if verb == "consult" and self._false is not None:
            f = self._false
            self._take_back_trick()
            self._false = None
            h.leader = f["rightful"]
            return [
                self._ruling(
                    "consultation",
                    f"{SEATS[who]} consults his partner whether to exact a penalty for"
                    f" {SEATS[f['offender']]}'s lead out of turn: they lose their right to any penalty,"
                    " and the cards are taken back",
                    seat=who,
                    remedy="none: the right is lost",
                )
            ]
        if verb == "take":
            return self._take_up_early(who)
        if verb == "remind":
            h.trump_left = False
            h.trump_on_table = False
            return [
                Event(
                    "ruling",
                    f"{SEATS[who]} reminds his partner of the trump card, and he takes it up (000 §52)",
                    seat=SEATS[who],
                    law=["000 §52"],
                    data={"irregularity": "trump card left", "code": self.code, "laws": ["000 §52"]},
                )
            ]
        raise IllegalAction(f"{action}: not an act of law mode")  # pragma: no cover

    # ------------------------------------------------------------------ irregularities of the play

    def _play_irregular(self, who: int, card: int) -> list[Event]:
        """A card played wrongly: a renounce or a call not complied with, a lead or play out of turn, a second card."""
        h = self.hand
        assert h is not None
        if who == h.turn:
            # A call not complied with while he could comply is recorded as a fact, like a renounce in error, and
            # told to nobody: that he could comply is what his concealed cards say, and the adversaries learn it
            # when they claim and the tricks are searched at the end of the hand (000 §61, §75; 002 §38; issue 13).
            failed = bool(h.lawful(who) >> card & 1)
            return self._put(who, card, failed=failed)
        if not h.trick:
            return self._lead_out_of_turn(who, card)
        if h.played_to_trick(who):
            return self._second_card(who, card)
        return self._play_early(who, card)

    def _lead_out_of_turn(self, who: int, card: int) -> list[Event]:
        h = self.hand
        assert h is not None
        rightful = h.leader
        what = f"{SEATS[who]} leads the {CARDS[card].name} out of turn (it was {SEATS[rightful]}'s lead)"
        if self._dummy_side(who):
            if _partner(who) == rightful:
                r = self._rule("wrong hand led")
                chooser = self._live((rightful + 3) % 4)
                opts = [(f"call suit {x}", r.laws[0]) for x in SUITS] + [("waive", r.laws[0])]
                self._decisions.append(
                    Decision(
                        "call suit",
                        chooser,
                        _side(chooser),
                        opts,
                        list(r.laws),
                        f"{SEATS[who]} led from the wrong hand",
                        offender=rightful,
                        context={"key": "wrong hand led"},
                    )
                )
                return [self._ruling("wrong hand led", what + "; the card is taken back", seat=who)]
            return [self._ruling("dummy partner", what + "; the card is taken back", seat=who, remedy="none")]
        if self.code == GWP:
            return [self._point("lead out of turn", who, what + "; the card is taken back")]
        events = self._put(who, card)
        self._false = {"offender": who, "rightful": rightful}
        events.append(self._ruling("lead out of turn", what, seat=who))
        return events

    def _play_early(self, who: int, card: int) -> list[Event]:
        h = self.hand
        assert h is not None
        lead = h.trick_leader
        pos = (who - lead) % 4
        done = {(s - lead) % 4 for s, _ in h.trick}
        turn = h.turn
        what = f"{SEATS[who]}, {_POS.get(pos, '')} hand, plays the {CARDS[card].name} before {SEATS[turn]}"
        events = self._put(who, card)
        if self._dummy_side(who):
            return [*events, self._ruling("dummy partner", what, seat=who, remedy="none")]
        if pos == 2 and 1 not in done:
            key = "third before second"
        elif pos == 3 and 1 not in done and 2 not in done:
            key = "fourth before second"
        elif pos == 3 and 1 not in done:
            key = "third before second"
            what += ", the third having played before the second"
        else:
            key = "fourth before third"
        if self.code == GWP:
            return [*events, self._point(key, who, what)]
        r = self._rule(key)
        events.append(self._ruling(key, what, seat=who, remedy=None if r.remedies else "none"))
        if r.remedies and not h.complete() and h.trick:
            target = (lead + 1) % 4
            chooser = self._live((lead + 2) % 4)
            self._offer(key, chooser, r, what, offender=target, target=target)
        return events

    def _second_card(self, who: int, card: int) -> list[Event]:
        """A second card played to the trick on the table (000 §56 I, §57; 002 §20, §22)."""
        h = self.hand
        assert h is not None
        mine = next(c for s, c in h.trick if s == who)
        p = _partner(who)
        suit = mine // 13
        higher = sum(1 << c for c in range(mine + 1, (suit + 1) * 13))
        # "A card better than any the adversaries hold of that suit" (000 §57; 002 §22), as the table can see it:
        # his card wins the trick as it lies and every higher card of the suit has been played or lies face up.
        # Deciding it by the adversaries' concealed cards would tell the whole table what they hold (issue 13).
        winning = h.winning(h.trick) == who and not higher & ~self._in_sight()
        if winning and not h.played_to_trick(p):
            key = "winning cards led"
            what = (
                f"{SEATS[who]} plays the {CARDS[card].name} after his winning {CARDS[mine].name}, without waiting"
                f" for {SEATS[p]} to play"
            )
        else:
            key = "exposed card"
            what = f"{SEATS[who]} plays a second card, the {CARDS[card].name}, to the trick"
        events = self._expose(who, [card], key, what)
        if key == "winning cards led" and self.code != GWP and not self._dummy_side(who):
            r = self._rule(key)
            self._offer(key, self._live((p + 3) % 4), r, what, ["require win"], offender=p, by_rule=False, target=p)
        return events

    def _expose(self, who: int, cards: list[int], key: str, what: str) -> list[Event]:
        """Cards face up before their owner, liable to be called; or no penalty, or G.W.P.'s point."""
        h = self.hand
        assert h is not None
        if self._dummy_side(who):
            return [self._ruling("dummy partner", what, seat=who, remedy="none")]
        if self.code == GWP:
            return [self._point(key, who, what)]
        for c in cards:
            if h.hands[who] >> c & 1:
                h.hands[who] &= ~(1 << c)
                h.exposed[who] |= 1 << c
        r = self._rule(key)
        return [
            self._ruling(
                key,
                what,
                seat=who,
                remedy="liable to be called" if r.effect == "exposed" else None,
                cards=[_card(c) for c in cards],
            )
        ]

    def _two_cards(self, who: int, c1: int, c2: int) -> list[Event]:
        """Two cards played at once (000 §56 I and footnote 23; 002 §20 II; 004 rule 12)."""
        h = self.hand
        assert h is not None
        what = f"{SEATS[who]} plays two cards at once, the {CARDS[c1].name} and the {CARDS[c2].name}"
        key = "two cards at once"
        if self._dummy_side(who) or self.code == GWP:
            events = (
                self._expose(who, [], key, what)
                if self._dummy_side(who)
                else [self._point(key, who, what + "; the first is played")]
            )
            return events + self._put(who, c1, failed=False)
        for c in (c1, c2):
            if h.hands[who] >> c & 1:
                self._origin[c] = False
                h.hands[who] &= ~(1 << c)
                h.exposed[who] |= 1 << c
        r = self._rule(key)
        lawful = [c for c in (c1, c2) if h.lawful(who) >> c & 1]
        events = [self._ruling(key, what, seat=who, cards=[_card(c1), _card(c2)])]
        if not lawful:
            return events
        if self.code == ENGLISH:  # the adversary calls one to the trick; else the offender plays which he will
            chooser, opts, waive = self._live((who + 3) % 4), [f"call card {_card(c)}" for c in lawful], True
        else:
            chooser, opts, waive = who, [f"play {_card(c)}" for c in lawful], False
        self._offer(key, chooser, r, what, opts, offender=who, waive=waive, by_rule=False, cards=lawful)
        return events

    def _two_cards_settle(self, who: int, c: int, *, by: int | None = None, remedy: str | None = None) -> list[Event]:
        """The one of two cards played at once that goes to the trick; the other stays face up."""
        events = []
        if by is not None and self.code == ENGLISH:
            events.append(
                self._ruling(
                    "two cards at once",
                    f"{SEATS[by]} calls the {CARDS[c].name} to the trick; the other card remains exposed",
                    seat=who,
                    remedy=remedy,
                )
            )
        elif by is not None:
            events.append(
                self._ruling(
                    "two cards at once",
                    f"{SEATS[who]} indicates the {CARDS[c].name} as the card"
                    " played; the other remains liable to be called",
                    seat=who,
                    remedy=remedy,
                )
            )
        return events + self._put(who, c)

    def _throw_down(self, who: int) -> list[Event]:
        """A player throws his cards on the table face upwards (000 §58–59, Cases V and VII; 002 §27; 004 rule 13)."""
        h = self.hand
        assert h is not None
        events: list[Event] = []
        for r in h.renounces:  # an act of play: it establishes his side's renounce (000 Case VII, §73)
            if r.status == "open" and _side(r.seat) == _side(who):
                r.status = "established"
        self._thrown.append(who)
        if self._claim_rest is None and len(self._thrown) == 1 and self._dummy_side(who) is False:
            pass
        if self.code == GWP:
            self._counted_against = _side(who)
            return [
                self._ruling(
                    "hand thrown down",
                    f"{SEATS[who]} throws down his cards",
                    seat=who,
                    remedy="the rest of the hand counted against his side",
                )
            ]
        cards = bits(h.hands[who] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[who])
        events.extend(
            self._expose(who, cards, "hand thrown down", f"{SEATS[who]} throws his cards on the table face upwards")
        )
        live = [s for s in range(4) if s not in self._dummy_seats()]
        if all(s in self._thrown for s in live):
            self._abandoned = True
            self._decisions = [d for d in self._decisions if d.key in ("claim revoke", "revoke penalty")]
            claimant = self._claim_rest if self._claim_rest is not None else 1 - _side(self._thrown[0])
            events.append(
                self._ruling(
                    "hands abandoned",
                    f"all have thrown their cards on the table: the hands are"
                    f" abandoned, the remaining tricks going to {SIDES[claimant]} as claimed or"
                    " admitted",
                    remedy="abandoned",
                )
            )
        return events

    def _detach(self, who: int, card: int) -> list[Event]:
        """A card detached from the hand, face down: liable if an adversary names it rightly (000 §60, footnote 22)."""
        h = self.hand
        assert h is not None
        what = f"{SEATS[who]} detaches a card from his hand"
        key = "detached card"
        r = self._rule(key)
        if self._dummy_side(who):
            return [self._ruling("dummy partner", what, seat=who, remedy="none")]
        if not r.remedies:
            return [self._ruling(key, what, seat=who, remedy="none")]
        chooser = self._live((who + 1) % 4)
        # The chooser may name any card that is not in sight of the whole table: the options are public (every
        # view shows the decision), so they must not depend on any concealed card, the chooser's own hand
        # included; a card he names from his own hand is simply a wrong card (000 §60).
        seen = self._in_sight()
        opts = [f"call card {_card(c)}" for c in range(52) if not seen >> c & 1]
        self._offer(key, chooser, r, what, opts, offender=who, by_rule=False, card=card)
        return [self._ruling(key, what, seat=who)]

    def _none_held(self) -> str:
        """What a called suit that he does not hold comes to, under this code (000 §66; 002 §24)."""
        return (
            " (having none, the penalty is paid)"
            if self.code == ENGLISH
            else " (having none, no penalty can be enforced)"
        )

    def _in_sight(self) -> int:
        """The cards of this hand every seat can see (the spectator's view): those played, those exposed, a Dummy's
        hand once it lies face up, the trump card while it lies on the table.  What a public decision may depend on."""
        h = self.hand
        assert h is not None
        seen = sum(1 << c for _, c in h.trick) | sum(1 << c for q in h.quitted for _, c in q.plays)
        dummies = self._dummy_seats()
        show_dummy = bool(dummies) and (self.game.options.get("expose") == "deal" or self._dummy_shown)
        for s in range(4):
            seen |= h.exposed[s]
            if s in dummies and show_dummy:
                seen |= h.hands[s]
        if h.trump_on_table:
            seen |= 1 << h.trump_card
        return seen

    def _decide_detached(self, d: Decision, action: Action, by: int) -> list[Event]:
        h = self.hand
        assert h is not None and d.offender is not None
        off = d.offender
        card = d.context["card"]
        if str(action) == "waive" or not h.hands[off] >> card & 1:
            return [
                self._ruling(
                    "detached card",
                    f"{SEATS[by]} names no card; the detached card goes back to the hand",
                    seat=off,
                    remedy="waive",
                )
            ]
        named = Card.from_text(action.arg.split()[-1])
        if named == card:
            h.hands[off] &= ~(1 << card)
            h.exposed[off] |= 1 << card
            return [
                self._ruling(
                    "detached card",
                    f"{SEATS[by]} names the detached card, the {CARDS[card].name}: it is liable to be called",
                    seat=off,
                    remedy=str(action),
                )
            ]
        self._suit_rights.append(
            {
                "side": _side(by),
                "laws": list(d.laws),
                "key": "detached card",
                "chooser": "either",
                "why": f"{SEATS[by]} named a wrong card",
            }
        )
        return [
            self._ruling(
                "detached card",
                f"{SEATS[by]} names the {CARDS[named].name}, a wrong card: his side is"
                " liable to have a suit called when either of them first has the lead",
                seat=by,
                remedy="a suit may be called",
            )
        ]

    def _claim_the_rest(self, who: int) -> list[Event]:
        h = self.hand
        assert h is not None
        self._claim_rest = _side(who)
        what = f"{SEATS[who]} says the rest are his side's"
        if self._dummy_side(who):
            return [self._ruling("dummy partner", what, seat=who, remedy="none")]
        if self.code == GWP:
            return [self._point("claimed the rest", who, what)]
        if self.code == AMERICAN:
            p = _partner(who)
            return self._expose(
                p,
                bits(h.hands[p] & ~(1 << h.trump_card) if h.trump_on_table else h.hands[p]),
                "claimed the rest",
                what + f": {SEATS[p]}'s cards are laid upon the table",
            )
        return [self._ruling("claimed the rest", what, seat=who, remedy="none")]

    def _attention(self, who: int) -> list[Event]:
        h = self.hand
        assert h is not None
        p = _partner(who)
        what = f"{SEATS[who]} calls attention to the trick before {SEATS[p]} has played"
        key = "attention called"
        if self._dummy_side(who):
            return [self._ruling("dummy partner", what, seat=who, remedy="none")]
        if self.code == GWP:
            return [self._point(key, who, what)]
        r = self._rule(key)
        advs = [(who + 1) % 4, (who + 3) % 4]
        last = max(advs, key=lambda a: (a - h.trick_leader) % 4)
        self._offer(key, self._live(last), r, what, offender=p, target=p)
        return [self._ruling(key, what, seat=who)]

    def _look(self, who: int, n: int) -> list[Event]:
        what = f"{SEATS[who]} looks at trick {n}, which has been turned and quitted"
        key = "trick looked at"
        if self._dummy_side(who):
            return [self._ruling("dummy partner", what, seat=who, remedy="none")]
        if self.code == GWP:
            return [self._point(key, who, what)]
        r = self._rule(key)
        if r.effect == "suit right":
            self._suit_rights.append(
                {"side": _side(who), "laws": list(r.laws), "key": key, "chooser": r.chooser, "why": what}
            )
            return [self._ruling(key, what, seat=who, remedy="a suit may be called")]
        return [self._ruling(key, what, seat=who, remedy="none")]

    def _ask(self, who: int) -> list[Event]:
        h = self.hand
        assert h is not None
        p = _partner(who)
        r = next(r for r in reversed(h.renounces) if r.seat == p and r.status == "open")
        r.questioned = True
        key = "asked having none"
        what = f"{SEATS[who]} asks {SEATS[p]} whether he has none of the suit he renounced"
        events = [self._point(key, who, what) if self.code == GWP else self._ruling(key, what, seat=who, remedy="none")]
        rr = self._rule(key)
        answer = "correct" if r.in_error else "answer none"
        self._decisions.append(
            Decision(
                "answer", p, _side(p), [(answer, rr.laws[0])], list(rr.laws), what, offender=p, context={"renounce": r}
            )
        )
        return events

    def _correct(self, who: int, r: Renounce) -> list[Event]:
        """A renounce in error corrected in time (000 §76, 002 §29, 004 rule 16; Dummy II)."""
        h = self.hand
        assert h is not None
        events: list[Event] = []
        if not h.trick and h.quitted and r.trick == len(h.quitted):
            q = h.unquit()
            events.append(
                Event(
                    "trick",
                    f"trick {q.number} is taken back to correct the renounce",
                    seat=SEATS[who],
                    data={"trick": q.number, "taken back": True},
                )
            )
        idx = next(i for i, (s, c) in enumerate(h.trick) if s == who and c == r.card)
        later = h.trick[idx + 1 :]
        h.trick = h.trick[:idx]
        for s, c in later:
            if self._origin.get(c):
                h.exposed[s] |= 1 << c
            else:
                h.hands[s] |= 1 << c
            h.renounces = [x for x in h.renounces if not (x.seat == s and x.card == c and x.status == "open")]
        if self._origin.get(r.card):
            h.exposed[who] |= 1 << r.card
        else:
            h.hands[who] |= 1 << r.card
        r.status = "corrected"
        h.renounces.remove(r)
        withdrawn = f"; {', '.join(SEATS[s] for s, _ in later)} take back their cards" if later else ""
        what = f"{SEATS[who]} corrects his renounce, the {CARDS[r.card].name}, before it is established{withdrawn}"
        key = "renounce corrected"
        if who in self._dummy_seats():
            return [*events, self._ruling("dummy revoke", what, seat=who, remedy="none", laws=["000 Dummy II"])]
        if self._dummy_side(who):
            return [*events, self._ruling("dummy partner", what, seat=who, remedy="none")]
        if self.code == GWP:
            return [*events, self._point(key, who, what)]
        rr = self._rule(key)
        if rr.effect == "exposed":
            h.hands[who] &= ~(1 << r.card)
            h.exposed[who] |= 1 << r.card
            return [*events, self._ruling(key, what, seat=who, remedy="liable to be called")]
        opts = [f"call card {_card(r.card)}", "require highest", "require lowest"]
        self._offer(key, self._live((who + 3) % 4), rr, what, opts, offender=who, by_rule=False, target=who)
        return [*events, self._ruling(key, what, seat=who)]

    def _trump_liability(self, who: int, key: str, what: str) -> list[Event]:
        if self._dummy_side(who):
            return [self._ruling("dummy partner", what, seat=who, remedy="none")]
        if self.code == GWP:
            return [self._point(key, who, what)]
        r = self._rule(key)
        if not r.remedies:
            return [self._ruling(key, what, seat=who, remedy="none")]
        self._trump_rights.setdefault(who, "named" if key == "trump card named" else "forgotten")
        return [self._ruling(key, what, seat=who, remedy="highest or lowest trump may be called")]

    def _take_up_early(self, who: int) -> list[Event]:
        h = self.hand
        assert h is not None
        h.trump_on_table = False
        what = f"{SEATS[who]} takes the trump card into his hand before his turn to play"
        key = "trump card taken early"
        if self._dummy_side(who):
            return [self._ruling("dummy partner", what, seat=who, remedy="none")]
        if self.code == GWP:
            return [self._point(key, who, what)]
        r = self._rule(key)
        if not r.remedies:
            return [self._ruling(key, what, seat=who, remedy="none")]
        self._offer(key, self._live((who + 1) % 4), r, what, ["require trump card"], offender=who, by_rule=False)
        return [self._ruling(key, what, seat=who)]

    def _shuffle_after_cut(self, who: int) -> list[Event]:
        key = "shuffled after cut"
        r = self._rule(key)
        what = f"{SEATS[who]} shuffles the pack after it has been cut"
        if r.effect != "misdeal":
            return [self._ruling(key, what, seat=who, remedy="none")]
        if self.game.name == "double-dummy":
            return self._void("new deal", "double dummy misdeal", what + f": {SEATS[who]} deals again", who)
        return self._void_to(
            "misdeal", key, what + f": he loses the deal and {SEATS[(who + 1) % 4]} deals", who, (who + 1) % 4
        )

    def _wrong_number(self, who: int, over: list[int], *, discovered: str) -> list[Event]:
        """A hand with a card too many, and another short: a misdeal, or under 002 §19 the adversaries' choice."""
        h = self.hand
        assert h is not None
        short = [t for t in range(4) if h.surplus(t) < 0]
        wrong = sorted(set(over) | set(short))
        counts = ", ".join(f"{SEATS[t]} {count(h.cards_of(t)) + h.played_count(t)}" for t in wrong)
        case = discovered == "case vi"
        what = (
            f"{SEATS[who]} has no card to play, and another has a card too many ({counts} cards dealt)"
            if case
            else f"{discovered} points out that the hands are wrong ({counts} cards dealt)"
        )
        if self.code == AMERICAN and h.quitted:
            sides = {_side(t) for t in wrong}
            if len(sides) == 2:
                return self._void("new deal", "wrong number both", what, self._actor)
            side = sides.pop()
            r = self._rule("wrong number late")
            chooser = self._live((wrong[0] + 1) % 4)
            self._decisions.append(
                Decision(
                    "wrong number late",
                    chooser,
                    1 - side,
                    [("claim new deal", r.laws[0]), ("waive", r.laws[0])],
                    list(r.laws),
                    what,
                    offender=wrong[0],
                    chooser="adversaries",
                )
            )
            return [self._ruling("wrong number late", what, seat=wrong[0])]
        key = "case vi misdeal" if case else "wrong number"
        if self.game.name == "double-dummy" and self.code != GWP:
            return self._void("new deal", "double dummy misdeal", what, self._actor)
        if self._rule(key).effect == "new deal":
            return self._void("new deal", key, what, self._actor)
        return self._misdeal(key, self._actor, what)

    def _premature_cut(self, who: int) -> list[Event]:
        """The pack for the next deal is cut before it is presented (000 Case VIII)."""
        self._cut_by = who
        events = [
            self._ruling(
                "premature cut",
                f"{SEATS[who]} cuts the pack for the next deal before it is"
                " presented: it is now too late for his side to claim a revoke",
                seat=who,
                remedy="no revoke claim for his side",
            )
        ]
        keep = []
        for d in self._decisions:
            if d.key == "claim revoke" and d.side == _side(who):
                continue
            keep.append(d)
        self._decisions = keep
        return events

    # ================================================================== the end of the hand: claims

    def _end_of_play(self) -> list[Event]:
        """The hand is played out (or abandoned): the last trick is quitted, and the claims step begins."""
        h = self.hand
        assert h is not None
        events: list[Event] = []
        for r in h.renounces:
            if r.status == "open":
                r.status = "established"
        h.open_last = False
        self._phase = "claims"
        self._claims_stage = 0
        if self._abandoned or self._counted_against is not None:
            return events
        for t, n in self._omissions:
            if not h.holding(t):
                continue
            om = self._rule("omitted to play")
            what = f"{SEATS[t]} has a card left at the end of the hand: he omitted to play to trick {n}"
            if self._dummy_side(t):
                events.append(self._ruling("dummy partner", what, seat=t, remedy="none"))
                events.extend(self._surplus_to_trick())
            elif om.effect == "point":
                events.append(self._point("omitted to play", t, what))
                events.extend(self._surplus_to_trick())
            else:
                chooser = self._live((t + 1) % 4)
                self._decisions.append(
                    Decision(
                        "omitted to play",
                        chooser,
                        _side(chooser),
                        [("claim new deal", om.laws[0]), ("waive", om.laws[0])],
                        list(om.laws),
                        what,
                        offender=t,
                        chooser="adversaries",
                    )
                )
                events.append(self._ruling("omitted to play", what, seat=t))
            break
        return events

    def _surplus_to_trick(self) -> list[Event]:
        """The surplus card is taken as played to the imperfect trick, and is no revoke there (000 §69)."""
        h = self.hand
        assert h is not None
        events = []
        for t, n in self._omissions:
            for c in bits(h.holding(t)):
                h.take(t, c)
                h.quitted[n - 1].surplus.append((t, c))
                events.append(
                    Event(
                        "ruling",
                        f"{SEATS[t]}'s surplus card, the {CARDS[c].name}, is taken as played to"
                        f" trick {n} and is no revoke there ({self._rule('omitted to play').laws[0]})",
                        seat=SEATS[t],
                        law=list(self._rule("omitted to play").laws),
                        data={
                            "irregularity": "omitted to play",
                            "code": self.code,
                            "laws": list(self._rule("omitted to play").laws),
                        },
                    )
                )
                break
        return events

    def _decide_new_deal(self, d: Decision, text: str, by: int) -> list[Event]:
        if text == "claim new deal":
            return self._void(
                "new deal", d.key, f"{SEATS[by]} claims a new deal: the same dealer deals again", self._actor
            )
        events = [self._ruling(d.key, f"{SEATS[by]} lets the deal stand", seat=d.offender, remedy="waive")]
        if d.key == "omitted to play":
            events.extend(self._surplus_to_trick())
        else:
            self._short_ok = True
        return events

    def _accused(self, side: int) -> list[Renounce]:
        """The renounces (and failures to comply) of ``side`` this hand that an adversary might claim as revokes."""
        h = self.hand
        assert h is not None
        return [r for r in h.renounces if _side(r.seat) == side and r.status != "corrected" and not r.dummy]

    def _next_claims(self) -> list[Event]:
        """The claims step, in order: revokes, G.W.P.'s points, honours; then the hand is scored."""
        h = self.hand
        assert h is not None
        stage = self._claims_stage
        self._claims_stage += 1
        events: list[Event] = []
        eldest = (self._actor + 1) % 4
        if stage == 0:
            for accused in (_side(eldest), 1 - _side(eldest)):
                claimants = 1 - accused
                if not self._suspected(accused) and accused not in self._mixed_by:
                    continue
                if self._cut_by is not None and _side(self._cut_by) == claimants:
                    continue
                seat = self._live(eldest if _side(eldest) == claimants else (eldest + 1) % 4)
                r = self._rule("revoke")
                laws = (
                    [*r.laws, "000 §75", "000 §78"]
                    if self.code == ENGLISH
                    else ([*r.laws, "002 §32", "002 §33"] if self.code == AMERICAN else list(r.laws))
                )
                d = Decision(
                    "claim revoke",
                    seat,
                    claimants,
                    [("claim revoke", laws[0]), ("waive", laws[0])],
                    laws,
                    f"{SIDES[accused]} renounced this hand; {SIDES[claimants]} may claim a revoke",
                    offender=None,
                    chooser="claimants",
                    consult=True,
                    context={"accused": accused},
                )
                if claimants in self._early_claims:  # claimed during the play: the tricks are searched now
                    events.extend(self._search(d, seat))
                else:
                    self._decisions.append(d)
            return events
        if stage == 1:
            for p in self._points:
                claimants = 1 - p["side"]
                seat = self._live(eldest if _side(eldest) == claimants else (eldest + 1) % 4)
                self._decisions.append(
                    Decision(
                        "point penalty",
                        seat,
                        claimants,
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
            if self.code == ENGLISH and not self._over:
                for side in (_side(eldest), 1 - _side(eldest)):
                    n = self._dealt_honours[side]
                    if (
                        n < 3
                        or (not self.long and self.game_score[side] == 4)
                        or (self.long and self.game_score[side] >= 9)
                    ):
                        continue
                    if not self._honours_count(side):
                        continue  # the game is decided before honours: nothing to claim (000 §5)
                    seat = self._live(eldest if _side(eldest) == side else (eldest + 1) % 4)
                    opts = [("claim honours", "000 §7")]
                    if self._game_by_honours(side):
                        opts.append(("claim game", "000 §7"))
                    opts.append(("waive", "000 §7"))
                    self._decisions.append(
                        Decision(
                            "honours",
                            seat,
                            side,
                            opts,
                            ["000 §6", "000 §7"],
                            f"{SIDES[side]} hold {n} honours: they must be called to be scored",
                            chooser="claimants",
                            context={"count": n},
                        )
                    )
            return events
        return self._score_law()

    def _tricks_now(self) -> list[int]:
        h = self.hand
        assert h is not None
        tricks = [h.won[0] + h.won[2], h.won[1] + h.won[3]]
        remaining = 13 - len(h.quitted)
        if self._counted_against in (0, 1):
            tricks[1 - self._counted_against] += remaining
        elif self._abandoned:
            claimant = self._claim_rest if self._claim_rest is not None else 1 - _side(self._thrown[0])
            tricks[claimant] += remaining
        for frm, to, n, _ in self._transfers:
            m = min(n, tricks[frm])
            tricks[frm] -= m
            tricks[to] += m
        return tricks

    def _honours_count(self, side: int) -> bool:
        """Whether calling its honours would change ``side``'s score this hand (they score last: 000 §5)."""
        tricks = self._tricks_now()
        honours = [0, 0]
        honours[side] = self._dealt_honours[side]
        kw: dict[str, Any] = {
            "long": self.long,
            "code": self.code,
            "penalties": self._penalties,
            "capped": sorted(self._capped),
        }
        return (
            score_hand(self.game_score, tricks, honours, **kw).score
            != score_hand(self.game_score, tricks, [0, 0], **kw).score
        )

    def _game_by_honours(self, side: int) -> bool:
        tricks = self._tricks_now()
        hs = score_hand(
            self.game_score,
            tricks,
            [0, 0],
            long=self.long,
            code=self.code,
            penalties=self._penalties,
            capped=sorted(self._capped),
        )
        pts = 4 if self._dealt_honours[side] == 4 else 2
        return hs.winner is None and hs.score[side] + pts >= self.target and side not in self._capped

    def _decide_claim(self, d: Decision, text: str, by: int) -> list[Event]:
        accused = d.context["accused"]
        if text == "waive":
            return [self._ruling("revoke", f"{SIDES[d.side]} do not claim a revoke", remedy="waive", laws=list(d.laws))]
        events = [
            self._ruling(
                "revoke",
                f"{SEATS[by]} claims a revoke against {SIDES[accused]}, and the tricks are searched",
                remedy="claim revoke",
                laws=list(d.laws),
            )
        ]
        return events + self._search(d, by)

    def _search(self, d: Decision, by: int) -> list[Event]:
        """The claimants search the tricks (000 §75, §77; 002 §32; 004 rule 15)."""
        accused = d.context["accused"]
        claimants = d.side
        proved = [r for r in self._accused(accused) if r.in_error and r.status == "established"]
        events: list[Event] = []
        if accused in self._mixed_by and not proved:
            proved = [Renounce(-1, 0, -1, -1, True, status="established", kind="mixed")]
        if not proved:
            return self._chose(
                d,
                f"the search shows no revoke by {SIDES[accused]}: the claim fails",
                "none",
                key="revoke",
            )
        for r in proved:
            if r.kind == "mixed":
                events.append(
                    self._ruling(
                        "tricks mixed",
                        f"{SIDES[accused]} mixed the cards before they were examined: the revoke is established",
                        remedy="revoke established",
                    )
                )
            elif r.kind == "failed":
                events.append(
                    self._ruling(
                        "failed to comply",
                        f"the search confirms that {SEATS[r.seat]} failed to comply with a call in trick {r.trick}",
                        seat=r.seat,
                        remedy="the penalty of a revoke",
                    )
                )
            else:
                events.append(
                    self._ruling(
                        "revoke",
                        f"the search proves a revoke: in trick {r.trick}"
                        f" {SEATS[r.seat]} played the {CARDS[r.card].name} holding"
                        f" {_SUIT_WORD[SUITS[r.suit]]}",
                        seat=r.seat,
                        remedy="revoke proved",
                        laws=[
                            self._rule("revoke").laws[0],
                            "000 §73"
                            if self.code == ENGLISH
                            else "002 §28"
                            if self.code == AMERICAN
                            else "004 rule 15",
                        ],
                    )
                )
        key = "revoke in abandoned hand" if self._abandoned else "revoke"
        rr = self._rule(key)
        if self.code != GWP:
            self._capped.add(accused)
            if len(self._capped) == 2:
                events.append(
                    Event(
                        "ruling",
                        f"both sides have revoked: neither can win the game by this hand"
                        f" ({'000 §81' if self.code == ENGLISH else '002 §30'})",
                        law=["000 §81" if self.code == ENGLISH else "002 §30"],
                        data={"irregularity": "revoke", "code": self.code},
                    )
                )
        if rr.effect == "two tricks":
            for _ in proved:
                self._transfers.append((accused, claimants, 2, rr.laws[0]))
            events.append(
                self._ruling(
                    key,
                    f"{len(proved) * 2} tricks are transferred from {SIDES[accused]} to {SIDES[claimants]}",
                    remedy="two tricks a revoke",
                )
            )
            return events
        for i in range(len(proved)):
            opts = [(f"penalty {o}", rr.laws[0]) for o in rr.remedies]
            self._decisions.insert(
                i,
                Decision(
                    "revoke penalty",
                    d.seat,
                    claimants,
                    opts,
                    list(rr.laws),
                    f"the penalty for revoke {i + 1} of {len(proved)} by {SIDES[accused]}",
                    chooser="claimants",
                    consult=True,
                    context={"accused": accused},
                ),
            )
        return events

    def _revoke_penalty(self, d: Decision, text: str, by: int) -> list[Event]:
        accused = d.context["accused"]
        claimants = d.side
        law = d.laws[0]
        choice = text.removeprefix("penalty ")
        if choice == "take three tricks":
            self._transfers.append((accused, claimants, 3, law))
            sentence = f"{SIDES[claimants]} take three tricks from {SIDES[accused]}"
        elif choice == "deduct three":
            self._penalties.append((accused, -3, law, f"three deducted from {SIDES[accused]} for the revoke ({law})"))
            sentence = f"{SIDES[claimants]} deduct three from {SIDES[accused]}'s score"
        else:
            self._penalties.append((claimants, 3, law, f"{SIDES[claimants]} add three for the revoke ({law})"))
            sentence = f"{SIDES[claimants]} add three to their score"
        return [self._ruling("revoke", sentence, remedy=text, laws=list(d.laws))]

    def _point_penalty(self, d: Decision, text: str, by: int) -> list[Event]:
        offending = d.context["offending"]
        claimants = d.side
        if text == "waive":
            return self._chose(
                d,
                f"{SIDES[claimants]} waive the point for: {d.text}",
                "waive",
                key=d.context["key"],
            )
        if text == "penalty deduct one":
            self._penalties.append(
                (offending, -1, "004 rule 19", f"one deducted from {SIDES[offending]} (004 rule 19)")
            )
            sentence = f"one point deducted from {SIDES[offending]} for: {d.text}"
        else:
            self._penalties.append((claimants, 1, "004 rule 19", f"{SIDES[claimants]} add one (004 rule 19)"))
            sentence = f"one point added to {SIDES[claimants]} for: {d.text}"
        return [self._ruling(d.context["key"], sentence, remedy=text, laws=list(d.laws))]

    def _decide_honours(self, d: Decision, text: str, by: int) -> list[Event]:
        side = d.side
        if text == "waive":
            return [
                Event(
                    "ruling",
                    f"{SIDES[side]} do not call their honours, which therefore cannot be scored (000 §7)",
                    seat=SIDES[side],
                    law=["000 §6", "000 §7"],
                    data={"irregularity": "honours not claimed", "code": self.code, "laws": ["000 §6", "000 §7"]},
                )
            ]
        how = "game" if text == "claim game" else "honours"
        self._honours_claim[side] = how
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
                data={"irregularity": "honours", "code": self.code, "laws": law, "remedy": text},
            )
        ]

    def _score_law(self) -> list[Event]:
        """Score the hand: revoke penalties first, then tricks, then honours called (000 §5, §72; 002 §30)."""
        h = self.hand
        assert h is not None
        tricks = self._tricks_now()
        events: list[Event] = []
        for frm, to, n, law in self._transfers:
            events.append(
                Event(
                    "score",
                    f"{n} tricks transferred from {SIDES[frm]} to {SIDES[to]} ({law})",
                    law=law,
                    data={"side": SIDES[to], "tricks": n, "for": "revoke"},
                )
            )
        honours = [self._dealt_honours[s] if s in self._honours_claim else 0 for s in (0, 1)]
        before = list(self.game_score)
        hs = score_hand(
            before,
            tricks,
            honours,
            long=self.long,
            code=self.code,
            penalties=self._penalties,
            capped=sorted(self._capped),
        )
        self.game_score = list(hs.score)
        for side, what, pts, law, text in hs.items:
            events.append(Event("score", text, law=law, data={"side": SIDES[side], "points": pts, "for": what}))
        self.honours = (honours[0], honours[1])
        unclaimed = next(
            (
                s
                for s in (0, 1)
                if self.code == ENGLISH
                and self._dealt_honours[s] >= 3
                and s not in self._honours_claim
                and before[s] != 4
            ),
            None,
        )
        floor_honour = any(c // 13 == h.trumps and c % 13 >= 9 for c in h.floor) or any(
            c // 13 == h.trumps and c % 13 >= 9 for c in h.mixed
        )
        self._prev = {
            "unclaimed": unclaimed,
            "claims": dict(self._honours_claim),
            "decided": hs.winner is not None,
            "honours": list(self._dealt_honours),
            "late": False,
            "disputed": False,
            "floor": floor_honour,
            "before": before,
        }
        extra: dict[str, Any] = {
            "penalties": [{"side": SIDES[s], "points": p, "law": law} for s, p, law, _ in self._penalties],
            "transfers": [
                {"from": SIDES[f], "to": SIDES[t], "tricks": n, "law": law} for f, t, n, law in self._transfers
            ],
        }
        if self._abandoned or self._counted_against is not None:
            extra["abandoned"] = True
        entry = self._deal_log[-1]
        self._pack = 1 - self._used_pack
        events.extend(self._finish_deal(before, tricks))
        result = entry["result"]
        for k, v in extra.items():
            if v:
                result[k] = v
        return events

    # ------------------------------------------------------------------ honours called late (000 §6, Cases I–III)

    def _late_claims(self, s: int) -> list[Action]:
        prev = self._prev
        if prev is None or self.code != ENGLISH:
            return []
        out = []
        if prev["unclaimed"] == _side(s) and not prev["late"]:
            out.append(_A("claim", "honours"))
        claimed = [side for side in prev["claims"] if side != _side(s)]
        if claimed and not prev["disputed"]:
            out.append(_A("dispute", "honours"))
        return out

    def _late_honours(self, who: int) -> list[Event]:
        """Honours not called in the claims step: the next trump card is turned, too late (000 §6, Case III)."""
        prev = self._prev
        assert prev is not None
        prev["late"] = True
        return [
            self._ruling(
                "honours not claimed",
                f"{SEATS[who]} claims the honours of the last hand after the"
                " trump card of this deal was turned up: too late, they cannot be scored",
                seat=who,
                remedy="refused",
                laws=["000 §6", "000 Case III"],
            )
        ]

    def _dispute_honours(self, who: int) -> list[Event]:
        prev = self._prev
        assert prev is not None
        prev["disputed"] = True
        side = 1 - _side(who)
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
            self._ruling(
                "honours not claimed",
                f"{SEATS[who]} objects to {SIDES[side]}'s honours: the objection fails, {why}",
                seat=who,
                remedy="refused",
                laws=laws,
            )
        ]

    # ================================================================== what each seat may see

    def places(self) -> dict[str, str]:
        h = self.hand
        if h is None:
            return {_card(c): "pack" for c in range(52)}
        return {_card(c): p for c, p in sorted(h.places(SEATS).items())}

    def _refresh_static(self) -> None:
        h = self.hand
        self._static_view = {
            "game": self.game.name,
            "code": self.code,
            "law_mode": True,
            "seats": list(SEATS),
            "players": dict(self.players),
            "waiting": list(self.waiting),
            "standings": dict(self.standings),
            "dealer": SEATS[self.dealer],
            "deal": self.deal_no + (0 if self._over else 1),
            "trumps": SUITS[h.trumps] if h is not None else None,
            "score": {"NS": self.game_score[0], "EW": self.game_score[1]},
            "target": self.target,
            "games": [{"side": SIDES[w], "value": v} for w, v in self.games],
            "rubbers": [dict(r, games=[dict(g) for g in r["games"]]) for r in self.rubber_results],
            "scores": self.scores,
            "last_result": _copy2(self._last_result),
            "over": self._over,
        }

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now: as in strict mode, with the law's facts that are public.

        Besides the strict view: ``phase``; ``exposed`` (the cards face up
        before each seat, liable to be called; and a Dummy's hand); ``calls``
        (the calls in force); ``decision`` (who is choosing which penalty, the
        options and their laws); ``played`` entries carry their trick number.
        """
        self.seat_check(seat)
        h = self.hand
        v: dict[str, Any] = {**self._static_view, "seat": seat, "to_act": self.to_act, "phase": self.phase}
        dummies = self._dummy_seats()
        if h is None:
            v.update(
                {
                    "leader": SEATS[(self.dealer + 1) % 4],
                    "turned": None,
                    "trick": [],
                    "played": [],
                    "last_trick": None,
                    "tricks": {"NS": 0, "EW": 0},
                    "hand_counts": dict.fromkeys(SEATS, 0),
                    "exposed": {},
                    "calls": {},
                    "decision": None,
                }
            )
            if seat is not None and not self._over:
                v["hand"] = []
            if dummies:
                v["controllers"] = dict(getattr(self, "_dummies", {}))
            return v
        played = [{"seat": SEATS[s], "card": _card(c), "trick": q.number} for q in h.quitted for s, c in q.plays]
        played += [{"seat": SEATS[s], "card": _card(c), "trick": len(h.quitted) + 1} for s, c in h.trick]
        last = h.quitted[-1] if h.quitted else None
        exposed: dict[str, list[str]] = {}
        show_dummy = bool(dummies) and (self.game.options.get("expose") == "deal" or self._dummy_shown)
        for s in range(4):
            cards = h.exposed[s]
            if s in dummies and show_dummy and not self._over:
                cards |= h.hands[s] & ~(1 << h.trump_card if h.trump_on_table else 0)
            if cards:
                exposed[SEATS[s]] = _hand_texts(cards)
        calls: dict[str, Any] = {}
        for s in range(4):
            c: dict[str, Any] = {}
            if self._called.get(s):
                c["called"] = [_card(x) for x in self._called[s]]
            if s in self._lead_suit:
                c["lead"] = SUITS[self._lead_suit[s]]
            if s in self._require:
                c["require"] = self._require[s][0]
            if s in self._trump_rights:
                c["trump liable"] = True
            for right in self._suit_rights:  # a suit to be called when next his side leads (000 §62; 002 §24)
                if right["side"] == _side(s):
                    c["suit to be called"] = {"by": SIDES[1 - right["side"]], "why": right["why"]}
            if c:
                calls[SEATS[s]] = c
        d = self._decisions[0] if self._decisions else None
        v.update(
            {
                "leader": SEATS[h.trick_leader if h.trick else h.leader],
                "turn": SEATS[h.turn] if self._phase == "play" else None,
                "turned": _card(h.trump_card) if h.trump_on_table and not self._over else None,
                "trick": [{"seat": SEATS[s], "card": _card(c)} for s, c in h.trick],
                "played": played,
                # Only the English code lets the last trick be seen again (000 §91; 002 §37, 004 rule 18).
                "last_trick": None
                if last is None or self.code != ENGLISH
                else {
                    "leader": SEATS[last.leader],
                    "winner": SEATS[last.winner],
                    "cards": [{"seat": SEATS[s], "card": _card(c)} for s, c in last.plays],
                },
                "tricks": {"NS": h.won[0] + h.won[2], "EW": h.won[1] + h.won[3]},
                # The trump card on the table is not yet in the dealer's hand (000 §52), as in strict mode.
                "hand_counts": {
                    SEATS[s]: count(h.holding(s) & ~(1 << h.trump_card if h.trump_on_table else 0)) for s in range(4)
                },
                "exposed": exposed,
                "calls": calls,
                "decision": None
                if d is None
                else {
                    "seat": SEATS[d.seat],
                    "side": SIDES[d.side],
                    "text": d.text,
                    "law": list(d.laws),
                    # A player's answer to "having none?" is his own to give: others do not see it beforehand.
                    "options": [{"action": a, "law": law} for a, law in d.options]
                    if d.key != "answer" or seat in (SEATS[d.seat], self.controller(SEATS[d.seat]))
                    else [],
                },
            }
        )
        if seat is not None and not self._over:
            s = SEATS.index(seat)
            own = h.hands[s] & ~(1 << h.trump_card if h.trump_on_table else 0)
            v["hand"] = _hand_texts(own)
        if dummies:
            v["controllers"] = dict(getattr(self, "_dummies", {}))
            if seat is not None and SEATS.index(seat) in dummies and not self._over:
                p = _partner(SEATS.index(seat))
                v["partner_hand"] = _hand_texts(h.hands[p] & ~(1 << h.trump_card if h.trump_on_table else 0))
        return v


class LawWhistTable(LawMixin, WhistTable):
    """Whist at law (``hoyle.game("whist", irregularities=True)``)."""

    def _form(self, names: Sequence[str], *, initial: bool = True, cutter: Cutter | None = None) -> list[Event]:
        events = super()._form(names, initial=initial, cutter=cutter)
        first = next(e for e in events if e.kind == "cut")  # its first round: every one of them cut
        self._formed = (list(names), initial, dict(first.data["cuts"]))
        return events


class LawDummyTable(LawMixin, DummyTable):
    """Dummy and Double Dummy at law, with their exceptions (000 Dummy I–III, Double Dummy)."""
