"""What each family tells the sections shared by every law-mode game (:mod:`hoyle.laws.sections`: the deal, the
play, acts out of turn, exposed cards, revokes, claims, what each seat sees): each section's Protocol of hooks and
data (``SeenHooks``, ``TurnHooks``, ``ExposedHooks``, ``ClaimsHooks``, ``RevokeHooks``, ``PlayHooks``), implemented
once for the Whist family (:class:`WhistSections`, a base of :class:`~hoyle.laws.table.LawMixin`) and once for the
round games (:class:`RoundSections`, a base of :class:`~hoyle.laws.round.RoundLawMixin`); in both a seat is its
index in the table's seats (a round table's ``_ring`` orders those in play).  A mechanical difference is a hook,
the wording and the choice of law are data; see ``docs/laws.md``, "How one section serves both families".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import SUIT_MASKS, mask_cards
from ..engine.events import Event
from ..rulebook.whist import SEATS, SIDES, hand_texts
from .codes import Rule
from .hand import LawHand, Renounce, bits, card_text, count
from .sections.common import parity, partner_of, side_of
from .sections.play import RoundTrick

if TYPE_CHECKING:
    from .round import RoundLawMixin
    from .table import LawMixin

__all__ = ["RoundSections", "WhistSections"]


if TYPE_CHECKING:  # for the type checker, the table these hooks are a base of (a mixin cannot name its subclass)

    def _whist(table: object) -> LawMixin: ...

    def _round(table: object) -> RoundLawMixin: ...

else:  # at run time the table itself, without typing.cast's call

    def _whist(table):
        return table

    _round = _whist


class WhistSections:
    """The Whist family's hooks and data for the shared sections (a base of :class:`~hoyle.laws.table.LawMixin`)."""

    # ------------------------------------------------------------------ the turn section's hooks (TurnHooks)

    FALSE_LEAD = "trick"  # a lead out of turn is the trick's first card; the others may play to it (000 §63)
    EARLY_PLAY = "position"  # a play before one's turn is judged by the positions passed (000 §65; 002 §26)

    def _in_turn(self, s: int) -> bool:
        t = _whist(self)
        assert t.hand is not None
        return s == t.hand.turn

    def _play_in_turn(self, s: int, card: int) -> list[Event]:
        # A call not complied with while he could comply is recorded as a fact, like a renounce in error, and told
        # to nobody: that he could comply is what his concealed cards say, and the adversaries learn it when they
        # claim and the tricks are searched at the end of the hand (000 §61, §75; 002 §38; issue 13).
        t = _whist(self)
        assert t.hand is not None
        return t.referee.play.put(s, card, failed=bool(t.hand.lawful(s) >> card & 1))

    def _trick_begun(self) -> bool:
        t = _whist(self)
        return bool(t.hand is not None and t.hand.trick)

    def _played_to_trick(self, s: int) -> bool:
        t = _whist(self)
        return t.hand is not None and t.hand.played_to_trick(s)

    def _lift(self, s: int, card: int) -> None:
        return None  # the card leaves his hand as it is put to the trick (referee.play.put)

    # ------------------------------------------------------------------ the exposed section's hooks (ExposedHooks)

    THROWN_DOWN = "exposed"  # a hand thrown down is exposed; all thrown down, abandoned (000 §58–59; 002 §27)
    LOOK_WORDS = "{who} looks at trick {n}, which has been turned and quitted"

    def _fault(self, who: int, key: str, what: str) -> tuple[list[Event] | None, Rule]:
        t = _whist(self)
        return t._exempt(who, key, what), t._rule(key)

    def _liable_by(self, rule: Rule) -> bool:
        return rule.effect == "exposed"

    def _lay_face_up(self, who: int, cards: int, liable: bool) -> None:
        t = _whist(self)
        h = t.hand
        assert h is not None
        for c in bits(cards & h.hands[who]):  # every card face up is liable to be called where the code says so
            h.face_up(who, c)

    def _exposed_ruled(self, who: int, cards: list[int], key: str, what: str, rule: Rule, liable: bool) -> list[Event]:
        t = _whist(self)
        remedy = "liable to be called" if liable else None
        return [t._ruling(key, what, seat=who, remedy=remedy, cards=[card_text(c) for c in cards])]

    def _look_key(self, n: int) -> str:
        return "trick looked at"  # the codes rule every quitted trick looked at alike (000 §91; 002 §37)

    def _look_stands(self, who: int, n: int, key: str, rule: Rule, what: str) -> list[Event]:
        t = _whist(self)
        return [t._ruling(key, what, seat=who, remedy="none")]

    def _suit_right(self, who: int, rule: Rule, key: str, what: str) -> list[Event]:
        t = _whist(self)
        t._suit_rights.append(
            {"side": side_of(who), "laws": list(rule.laws), "key": key, "chooser": rule.chooser, "why": what}
        )
        return [t._ruling(key, what, seat=who, remedy="a suit may be called")]

    # ------------------------------------------------------------------ the claims section's hooks (ClaimsHooks)

    CLAIM_WORDS: ClassVar[Mapping[str, tuple[str, tuple[str, ...] | None, str, bool]]] = {
        "waive": ("{side} do not claim a revoke", None, "waive", False),
        "claim": ("{by} claims a revoke against {accused}, and the tricks are searched", None, "claim revoke", False),
    }
    SEARCH = "at once"  # the search follows the claim (000 §75, §77); the accused may mix only while it is open

    def _side_words(self, side: tuple[int, ...]) -> str:
        return SIDES[parity(side)]

    def _claims_done(self) -> list[Event]:
        return []  # the claims step goes on of itself (referee.flow)

    # ------------------------------------------------------------------ the acts section's hooks (ActsHooks)

    ADDED = "exposed"  # a card added to a quitted trick is exposed (the codes' "second card to trick")
    REVOKE_CLAIMED = "at the end"  # a revoke claimed in the play is decided at the search (000 §75, §79)

    def _expose_card(self, who: int, card: int, key: str, what: str) -> list[Event]:
        return _whist(self).referee.exposed.expose(who, [card], key, what)

    def _correct(self, who: int) -> list[Event]:
        t = _whist(self)
        h = t.hand
        assert h is not None
        ren = next(x for x in reversed(h.renounces) if x.seat == who and x.status == "open" and x.in_error)
        return t.referee.revoke.correct(who, ren)

    def _claim_misdeal(self, who: int) -> list[Event]:
        t = _whist(self)
        h = t.hand
        assert h is not None
        over = [s for s in range(4) if h.surplus(s) > 0]
        return t.referee.misdeal.wrong_number(who, over, discovered=SEATS[who])

    # ------------------------------------------------------------------ the deal section's data

    DEALT_SO = "judged"  # the same cards, dealt as the act says; the code rules on it (000 §44; 002 §17)

    # ------------------------------------------------------------------ the revoke section's hooks (RevokeHooks)

    HAND = "law hand"

    def _facts(self) -> list[Renounce]:
        t = _whist(self)
        assert t.hand is not None
        return t.hand.renounces

    def _seats_of(self, side: int) -> tuple[int, int]:
        return (side, side + 2)

    # ------------------------------------------------------------------ the play section's hooks (PlayHooks)

    def _cards_called(self, s: int) -> tuple[int, ...]:
        t = _whist(self)
        return tuple(t._called.get(s, ()))

    def _lawful_cards(self, s: int) -> int:
        t = _whist(self)
        assert t.hand is not None
        return t.hand.lawful(s)

    def _trick_state(self) -> LawHand:
        t = _whist(self)
        assert t.hand is not None
        return t.hand

    # ------------------------------------------------------------------ the seen section's hooks (SeenHooks)

    CALLED_KEY = "called"
    DECISION_VIEW = ("seat", "side", "text", "law", "options")

    def _seen_base(self, seat: str | None) -> tuple[dict[str, Any], bool]:
        """The view of the cards, as in strict mode, from the :class:`LawHand`: ``played`` entries carry their trick
        number; a Dummy's partner sees his hand."""
        t = _whist(self)
        t.seat_check(seat)
        h = t.hand
        v: dict[str, Any] = {**t._static_view, "seat": seat, "to_act": t.to_act, "phase": t.phase}
        dummies = t._dummy_seats()
        if h is None:
            v.update(
                {
                    "leader": SEATS[(t.dealer + 1) % 4],
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
            if seat is not None and not t._over:
                v["hand"] = []
            if dummies:
                v["controllers"] = dict(getattr(self, "_dummies", {}))
            return v, False
        on_table = 1 << h.trump_card if h.trump_on_table else 0  # not yet in the dealer's hand (000 §52)
        played = [{"seat": SEATS[s], "card": card_text(c), "trick": q.number} for q in h.quitted for s, c in q.plays]
        played += [{"seat": SEATS[s], "card": card_text(c), "trick": len(h.quitted) + 1} for s, c in h.trick]
        last = h.quitted[-1] if h.quitted else None
        v.update(
            {
                "leader": SEATS[h.trick_leader if h.trick else h.leader],
                "turn": SEATS[h.turn] if t._phase == "play" else None,
                "turned": card_text(h.trump_card) if h.trump_on_table and not t._over else None,
                "trick": [{"seat": SEATS[s], "card": card_text(c)} for s, c in h.trick],
                "played": played,
                # Only the English code lets the last trick be seen again (000 §91; 002 §37, 004 rule 18).
                "last_trick": None
                if last is None or not t.facts.last_trick_may_be_seen
                else {
                    "leader": SEATS[last.leader],
                    "winner": SEATS[last.winner],
                    "cards": [{"seat": SEATS[s], "card": card_text(c)} for s, c in last.plays],
                },
                "tricks": {"NS": h.won[0] + h.won[2], "EW": h.won[1] + h.won[3]},
                "hand_counts": {SEATS[s]: count(h.holding(s) & ~on_table) for s in range(4)},
                "exposed": None,  # the law's (SeenLaw), in their place
                "calls": None,
                "decision": None,
            }
        )
        if seat is not None and not t._over:
            v["hand"] = hand_texts(h.hands[SEATS.index(seat)] & ~on_table)
        if dummies:
            v["controllers"] = dict(getattr(self, "_dummies", {}))
            if seat is not None and SEATS.index(seat) in dummies and not t._over:
                v["partner_hand"] = hand_texts(h.hands[partner_of(SEATS.index(seat))] & ~on_table)
        return v, True

    def _seen_seats(self) -> range:
        return range(4)

    def _seats_with_calls(self) -> set[int]:
        t = _whist(self)
        return {*t._called, *t._require, *t._trump_rights, *t._lead_suit}

    def _faces_up(self) -> dict[int, int]:
        t = _whist(self)
        h = t.hand
        assert h is not None
        dummies = t._dummy_seats()
        if not dummies:
            return dict(enumerate(h.exposed))  # the cards exposed, seat by seat
        show_dummy = t.game.options.get("expose") == "deal" or t._dummy_shown
        out = {}
        for s in range(4):
            cards = h.exposed[s]
            if s in dummies and show_dummy and not t._over:
                cards |= h.hands[s] & ~(1 << h.trump_card if h.trump_on_table else 0)
            out[s] = cards
        return out

    def _cards_text(self, m: int) -> list[str]:
        return hand_texts(m)

    def _called_cards(self, s: int) -> list[int]:
        t = _whist(self)
        return t._called.get(s) or []

    def _require_word(self, s: int) -> str | None:
        t = _whist(self)
        return t._require[s][0] if s in t._require else None

    def _trump_liable(self, s: int) -> bool:
        t = _whist(self)
        return s in t._trump_rights

    def _suit_right_seats(self, right: dict[str, Any]) -> list[tuple[int, str]]:
        return [(s, SIDES[1 - right["side"]]) for s in range(4) if side_of(s) == right["side"]]

    def _side_name(self, side: tuple[int, ...]) -> str:
        return SIDES[parity(side)]


class RoundSections:
    """The round games' hooks and data for the shared sections (a base of :class:`~hoyle.laws.round.RoundLawMixin`)."""

    # ------------------------------------------------------------------ the turn section's hooks (TurnHooks)

    FALSE_LEAD = "beside"  # a lead out of turn waits beside the trick, treated as exposed (002 §24 Solo)
    EARLY_PLAY = "partner"  # a play before one's turn: a partner passed over may be called upon (002 §26 Solo)

    def _in_turn(self, s: int) -> bool:
        t = _round(self)
        assert t.play is not None
        return s == t._ring[t.play.turn]

    def _play_in_turn(self, s: int, card: int) -> list[Event]:
        t = _round(self)
        return t.referee.play.put(s, card)  # a renounce in error, or a call not complied with: facts

    def _trick_begun(self) -> bool:
        t = _round(self)
        return bool(t.play is not None and t.play.trick)

    def _played_to_trick(self, s: int) -> bool:
        return False  # a second card to a trick is its own act here, ``add C`` (002 §20 II)

    def _lift(self, s: int, card: int) -> None:
        t = _round(self)
        assert t.play is not None
        t.play.hands[t._ring.index(s)] &= ~(1 << card)
        for d in (t._shown, t._liable):
            if d.get(s, 0) >> card & 1:
                d[s] &= ~(1 << card)

    # ------------------------------------------------------------------ the exposed section's hooks (ExposedHooks)

    THROWN_DOWN = "partners"  # a hand thrown down: the partners choose (002 §27 Solo; 003 digest)
    LOOK_WORDS = "{who} looks at trick {n}, already turned and quitted"

    def _fault(self, who: int, key: str, what: str) -> tuple[list[Event] | None, Rule]:
        t = _round(self)
        return None, t._law_rule(key, who)

    def _liable_by(self, rule: Rule) -> bool:
        return bool(rule.remedies)

    def _lay_face_up(self, who: int, cards: int, liable: bool) -> None:
        t = _round(self)
        t._shown[who] = t._shown.get(who, 0) | cards
        if liable:
            t._liable[who] = t._liable.get(who, 0) | cards

    def _exposed_ruled(self, who: int, cards: list[int], key: str, what: str, rule: Rule, liable: bool) -> list[Event]:
        t = _round(self)
        names = " ".join(card_text(c) for c in cards)
        name = t.seats[who]
        event = Event("expose", f"{name} exposes {names}", seat=name, data={"cards": [card_text(c) for c in cards]})
        if not liable:
            return [event, *t._ruled(key, who, rule, f"{name} exposes {names}: no penalty ({rule.text})")]
        stakes = [(k, law) for k, law in rule.options() if k == "claim the stakes"]  # at a misère, at once
        if stakes:
            t._decision(key, who, rule, stakes, f"{name} exposed {names} against the misère")
        return [event, *t._ruled(key, who, rule, f"{name} exposes {names}: {rule.text}", "liable to be called")]

    def _look_key(self, n: int) -> str:
        t = _round(self)
        assert t.play is not None
        return "last trick looked at" if n == len(t.play.quitted) else "trick looked at"

    def _look_stands(self, who: int, n: int, key: str, rule: Rule, what: str) -> list[Event]:
        t = _round(self)
        assert t.play is not None
        last = n == len(t.play.quitted)
        cards = [card_text(c) for c in t.play.quitted[n - 1][1]] if last else None
        return t._ruled(key, who, rule, f"{t.seats[who]} looks at trick {n}: {rule.text}", lawful=last, cards=cards)

    # ------------------------------------------------------------------ the claims section's hooks (ClaimsHooks)

    CLAIM_WORDS: ClassVar[Mapping[str, tuple[str, tuple[str, ...] | None, str, bool]]] = {
        "waive": ("{by} makes no claim of a revoke against {accused}", ("002 §33",), "waived", True),
        "claim": (
            "{by} claims a revoke against {accused}: the tricks are to be searched",
            ("002 §32", "002 §33"),
            "claim revoke",
            True,
        ),
    }
    SEARCH = "on demand"  # the claimant has the tricks searched when he asks (002 §32)

    def _side_words(self, side: list[int] | tuple[int, ...]) -> str:
        return " and ".join(_round(self)._names(side))

    def _claims_done(self) -> list[Event]:
        t = _round(self)
        return t.referee.claims.finish_hand() if not t._decisions else []

    # ------------------------------------------------------------------ the acts section's hooks (ActsHooks)

    ADDED = "gathered"  # a card added to a quitted trick is gathered with it (002 §19 Solo, §20 II)
    REVOKE_CLAIMED = "at once"  # the declarer at a misère claims a revoke at once (RevokeLaw.claim_at_once)

    def _expose_card(self, who: int, card: int, key: str, what: str) -> list[Event]:
        return _round(self)._expose(who, [card])  # the round games' words are _exposed_ruled's

    def _look(self, who: int, n: int) -> list[Event]:
        return _round(self).referee.exposed.look(who, n)

    # ------------------------------------------------------------------ the deal section's data

    DEALT_SO = "redealt"  # a fresh deal by the same dealer, or the card moved (002 §12 Solo; 003 digest)

    # ------------------------------------------------------------------ the revoke section's hooks (RevokeHooks)

    HAND = "trick play"

    def _facts(self) -> list[Renounce]:
        t = _round(self)
        return t._renounces

    def _seats_of(self, side: list[int]) -> set[int]:
        t = _round(self)
        return {t._ring.index(s) for s in side}

    # ------------------------------------------------------------------ the play section's hooks (PlayHooks)

    def _cards_called(self, s: int) -> tuple[int, ...]:
        return ()  # a card is called by a requirement, ``card QS`` (002 §21)

    def _lawful_cards(self, s: int) -> int:
        t = _round(self)
        play = t.play
        assert play is not None
        hand = play.hands[t._ring.index(s)]
        return (hand & SUIT_MASKS[play.trick[0] // 13] if play.trick else 0) or hand

    def _trick_state(self) -> RoundTrick:
        return RoundTrick(_round(self))

    # ------------------------------------------------------------------ the seen section's hooks (SeenHooks)

    CALLED_KEY = "liable"
    DECISION_VIEW = ("key", "seat", "side", "offender", "text", "law", "options")

    def _seen_seats(self) -> list[int]:
        t = _round(self)
        return list(t._ring)

    def _seats_with_calls(self) -> set[int]:
        t = _round(self)
        return {*t._liable, *t._require, *t._lead_suit}

    def _faces_up(self) -> dict[int, int] | None:
        t = _round(self)
        play = t.play
        if play is None:
            return None
        return {s: m & play.hands[t._ring.index(s)] for s, m in t._shown.items()}

    def _cards_text(self, m: int) -> list[str]:
        return [card_text(c) for c in mask_cards(m)]

    def _called_cards(self, s: int) -> list[int]:
        t = _round(self)
        if t.play is None:
            return []
        return bits(t._liable.get(s, 0) & t.play.hands[t._ring.index(s)])

    def _require_word(self, s: int) -> str | None:
        t = _round(self)
        return t._require.get(s)

    def _trump_liable(self, s: int) -> bool:
        return False  # no trump card is turned

    def _suit_right_seats(self, right: dict[str, Any]) -> list[tuple[int, str]]:
        holder = _round(self).seats[right["holder"]]
        return [(s, holder) for s in right["from"]]

    def _side_name(self, side: tuple[int, ...]) -> list[str]:
        return _round(self)._names(side)
