"""A whist player by the classic precepts, reading only its seat's view.

What it remembers is what a player at the table may: the cards played this
hand, in order (the view's ``played``), and so which seats have shown out of
a suit.

Leading:

- Lead trumps from strength (five or more) while the adversaries may still hold any.
- Make your winners: once the first round is past, lead a card that is master (no higher card out against
  you) in a suit no adversary will trump, from the longest such suit; the best trump once theirs are out.
- Return your partner's lead (his first plain suit), unless an adversary will trump it: a master or the
  higher of two cards left, else the lowest.
- Lead from your strong suit: the longest plain suit that no adversary is known to trump; the top of a head
  sequence (ace from ace-king, king from king-queen), a master card, else the fourth best.

Following:

- Second hand low; but cover an honour with an honour, and with a sequence of honours headed by the ace or
  king, win with the lowest of it (the king from ace-king, the queen from king-queen) when a low card is led.
- Third hand high, but no higher than needed (the lowest of equal cards), and not over a partner whose card
  is already master.
- Fourth hand wins as cheaply as it can, unless the partner has the trick.
- With none of the suit: trump (as low as wins) when an adversary has the trick, or the partner's card may
  still be beaten by the fourth hand; otherwise discard the lowest card of the weakest suit, keeping
  winners and guarded honours.
- Attend to the score: when the trick would win the game for the side, take it with the best card.

Ties never arise (every rule names one card), so the bot is deterministic; the seed is kept for the
interface and any future rule that must choose at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..engine.actions import PLAY, Action

__all__ = ["WhistRulesBot", "revoke_shown"]

_SEATS = "NESW"


def _partner(seat: str) -> str:
    return _SEATS[(_SEATS.index(seat) + 2) % 4]


def _adversaries(seat: str) -> tuple[str, str]:
    i = _SEATS.index(seat)
    return _SEATS[(i + 1) % 4], _SEATS[(i + 3) % 4]


class _Memory:
    """What a player at the table knows in this hand: the cards gone and who has shown out of which suit."""

    __slots__ = ("before", "gone", "hand", "trumps", "void")

    def __init__(self, view: dict[str, Any], hand: list[Card], trumps: int) -> None:
        self.hand = hand
        self.trumps = trumps
        played = [(p["seat"], Card.from_text(p["card"])) for p in view["played"]]
        self.gone = {c for _, c in played}
        # The cards gone before this trick: a card on the table in the current trick is still to be beaten, so
        # it does not make two of our cards equal (issue 16: with QH 10H over East's JH, the 10H is not as good).
        self.before = self.gone - {Card.from_text(p["card"]) for p in view.get("trick") or []}
        self.void: dict[str, set[int]] = {s: set() for s in _SEATS}
        for trick in _tricks(view):
            led = trick[0][1].suit
            for s, c in trick[1:]:
                if c.suit != led:
                    self.void[s].add(led)

    def out(self, suit: int) -> int:
        """How many cards of ``suit`` are still in the other three hands."""
        return 13 - sum(1 for c in self.gone if c.suit == suit) - sum(1 for c in self.hand if c.suit == suit)

    def may_hold(self, seat: str, suit: int) -> bool:
        return suit not in self.void[seat] and self.out(suit) > 0

    def master(self, card: Card) -> bool:
        return _is_master(card, self.gone, self.hand)


class WhistRulesBot:
    """Plays whist by the precepts above, from its seat's view and the lawful actions only."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        cards = [a.card for a in legal if a.card is not None]
        if len(legal) == 1:
            return legal[0]
        if len(cards) != len(legal):
            return self._at_law(view, legal, cards)
        card = self._card(view, cards)
        return PLAY[card]

    # ---------------------------------------------------------------- law mode (docs/laws.md)

    def _at_law(self, view: dict[str, Any], legal: Sequence[Action], cards: list[Card]) -> Action:
        """A penalty phase or a claim: claim a revoke the memory proves, exact the penalty that hurts most."""
        texts = [str(a) for a in legal]
        by_text = dict(zip(texts, legal, strict=True))
        seat = view["seat"]
        decision = view.get("decision") or {}
        side = decision.get("side") or ("NS" if seat in "NS" else "EW")
        other = "EW" if side == "NS" else "NS"
        if "claim revoke" in by_text:
            dummies = set((view.get("controllers") or {}).keys())
            accused = [s for s in _SEATS if (s in "NS") == (other == "NS") and s not in dummies]
            return by_text["claim revoke" if revoke_shown(view, accused) else "waive"]
        for choice in ("claim honours", "call suit", "require highest trump"):
            if choice in by_text:
                return by_text[choice]
        if any(t.startswith("penalty") for t in texts):
            return by_text[_best_penalty(view, texts, side, other)]
        if any(t.startswith("call suit ") for t in texts):
            return by_text[f"call suit {_strong_suit(view)}"]
        ours_winning = _ours_winning(view, seat)
        for want, alt in (
            ("require win", "require not win"),
            ("require highest", "require lowest"),
            ("require trump", "require not trump"),
        ):
            if want in by_text:
                return by_text[alt if ours_winning and alt in by_text else want]
        calls = [t for t in texts if t.startswith("call card ")]
        if calls:
            trick = view.get("trick") or []
            losing = [t for t in calls if trick and not _would_win(view, Card.from_text(t.split()[-1]))]
            if losing:
                return by_text[losing[0]]
            if not trick:
                return by_text[min(calls, key=lambda t: Card.from_text(t.split()[-1]).rank)]
        if cards and all(t.startswith("play ") for t in texts):
            return PLAY[self._card(view, cards)]
        return by_text.get("waive", legal[0])

    # ---------------------------------------------------------------- following

    def _card(self, view: dict[str, Any], legal: list[Card]) -> Card:
        seat = view["seat"]
        trumps = "CDHS".index(view["trumps"])
        own = list(view["hand"])
        own += [c for c in (view.get("exposed") or {}).get(seat, []) if c not in own]  # law mode: face up
        hand = [Card.from_text(c) for c in own]
        mem = _Memory(view, hand, trumps)
        trick = [(p["seat"], Card.from_text(p["card"])) for p in view["trick"]]
        if not trick:
            return self._lead(view, mem, legal)
        led = trick[0][1].suit
        win_seat, win_card = _winning(trick, trumps)
        partner = _partner(seat)
        partner_winning = win_seat == partner
        following = [c for c in legal if c.suit == led]
        position = len(trick) + 1  # 2nd, 3rd or 4th hand
        fourth = _adversaries(seat)[0]
        # The partner has the trick with a card that none left to play in the suit can beat.
        partner_high = partner_winning and (position == 4 or mem.master(win_card))
        # ... and that the fourth hand cannot trump either.
        partner_safe = partner_winning and (position == 4 or _safe_from(fourth, win_card, led, mem))
        if following:
            low = min(following)
            beating = [c for c in following if _beats(c, win_card, trumps)]
            if self._game_in_reach(view, seat) and beating and not partner_high:
                return max(beating)
            if position == 2:
                lead_card = trick[0][1]
                if lead_card.rank >= 11:
                    covers = [c for c in beating if c.rank >= 11]
                    if covers:  # cover an honour with an honour
                        return min(covers)
                    return low
                top = max(following)
                # With a sequence of honours at the head (king-queen, ace-king), win with the lowest of them.
                seq = _lowest_equal(top, following, mem.before)
                if top.rank >= 13 and seq != top and seq.rank >= 12 and _beats(seq, win_card, trumps):
                    return seq
                return low
            if partner_high:
                return low
            if beating:
                if position == 3:
                    # third hand high, but only as high as needed: the lowest of a sequence with the top
                    return _lowest_equal(max(following), following, mem.before)
                return min(beating)
            return low
        # cannot follow suit
        trump_cards = [c for c in legal if c.suit == trumps]
        if not partner_safe and trump_cards and led != trumps:
            winners = [c for c in trump_cards if _beats(c, win_card, trumps)]
            # An adversary still to play who has shown out of the suit and may hold trumps will over-ruff a low
            # trump: ruff with a trump none out can beat, or not at all (with trumps only, high), when the partner
            # has the trick or still plays after him (issue 16, seeds 118 and 59).
            after = _SEATS[_SEATS.index(seat) + 1 :] + _SEATS[: _SEATS.index(seat)]
            after = after[: 4 - position]
            over = [a for a in after if a in _adversaries(seat) and led in mem.void[a] and mem.may_hold(a, trumps)]
            if over and winners and (partner_winning or position == 2):
                masters = [c for c in winners if mem.master(c)]
                if not masters and len(trump_cards) == len(legal):
                    return max(winners)  # nothing else to play: ruff high
                winners = masters
            if winners:
                return min(winners)
        return _discard(legal, mem)

    # ---------------------------------------------------------------- leading

    def _lead(self, view: dict[str, Any], mem: _Memory, legal: list[Card]) -> Card:
        """The card to lead, among ``legal``: at law a penalty (a called suit, 002 §20) may leave only part of
        the hand lawful, so every choice is made among the lawful cards, while the memory counts the whole hand."""
        seat = view["seat"]
        partner = _partner(seat)
        advs = _adversaries(seat)
        trumps = mem.trumps
        hand = legal
        played = view["played"]
        by_suit: dict[int, list[Card]] = {}
        for c in hand:
            by_suit.setdefault(c.suit, []).append(c)
        for cs in by_suit.values():
            cs.sort(reverse=True)
        my_trumps = by_suit.get(trumps, [])
        adv_trumps = any(mem.may_hold(a, trumps) for a in advs)
        partner_leads = [trick[0][1].suit for trick in _tricks(view) if trick[0][0] == partner]

        def ruffed(suit: int) -> bool:
            """An adversary is out of ``suit`` and may still trump it."""
            return suit != trumps and any(suit in mem.void[a] and mem.may_hold(a, trumps) for a in advs)

        # Lead trumps from strength, while the adversaries may hold any.
        if adv_trumps and len(my_trumps) >= 5:
            return _lead_card(my_trumps, mem)
        # Make your winners, once the first round is past.
        if len(played) >= 4:
            masters = [c for c in hand if c.suit != trumps and mem.master(c) and not ruffed(c.suit)]
            if my_trumps and not adv_trumps and mem.master(my_trumps[0]):
                masters.append(my_trumps[0])
            if masters:
                return max(masters, key=lambda c: (len(by_suit[c.suit]), c.rank))
        # Return your partner's lead: his first plain suit, if we hold it and no adversary will trump it.
        for suit in partner_leads:
            if suit != trumps:
                if suit in by_suit and not ruffed(suit):
                    return _return_card(by_suit[suit], mem)
                break

        def strength(suit: int) -> tuple[int, int, int]:
            cs = by_suit[suit]
            return (not ruffed(suit), len(cs), sum(c.rank for c in cs[:3]))

        plain = [s for s in by_suit if s != trumps]
        if not plain:
            return _lead_card(my_trumps, mem)
        best = max(plain, key=strength)
        if ruffed(best) and my_trumps and mem.master(my_trumps[0]):
            # Every plain suit would be trumped: draw the adversaries' last trumps rather than lead into a
            # certain ruff (issue 16, seeds 2 and 53).
            return _lead_card(my_trumps, mem)
        return _lead_card(by_suit[best], mem)

    @staticmethod
    def _game_in_reach(view: dict[str, Any], seat: str) -> bool:
        side = "NS" if seat in "NS" else "EW"
        target = view.get("target", 5)
        have = view["tricks"][side]
        return view["score"][side] + (have + 1 - 6) >= target and have + 1 > 6


def _tricks(view: dict[str, Any]) -> list[list[tuple[str, Card]]]:
    """The cards played this hand, trick by trick (by the entries' trick numbers at law, else four by four)."""
    played = view["played"]
    groups: dict[int, list[tuple[str, Card]]] = {}
    for i, p in enumerate(played):
        groups.setdefault(p.get("trick", i // 4 + 1), []).append((p["seat"], Card.from_text(p["card"])))
    return [groups[k] for k in sorted(groups)]


def revoke_shown(view: dict[str, Any], accused: list[str]) -> bool:
    """Whether the play shows one of ``accused`` renouncing a suit and later playing a card of it."""
    shown_out: dict[str, set[int]] = {s: set() for s in _SEATS}
    for trick in _tricks(view):
        led = trick[0][1].suit
        for s, c in trick:
            if s in accused and c.suit in shown_out[s]:
                return True
        for s, c in trick[1:]:
            if c.suit != led:
                shown_out[s].add(led)
    return False


def _best_penalty(view: dict[str, Any], texts: list[str], side: str, other: str) -> str:
    """The revoke (or G.W.P. point) penalty worth most to ``side``: what it gains plus what the others lose."""
    target = view.get("target", 5)
    ours, theirs = view["score"][side], view["score"][other]
    tricks_ours, tricks_theirs = view["tricks"][side], view["tricks"][other]

    def odd(n: int) -> int:
        return max(0, n - 6)

    def worth(t: str) -> int:
        n = 3 if t.endswith("three") or t.endswith("tricks") else 1
        if "add" in t:
            return n + (10 if ours + n >= target else 0)
        if "deduct" in t:
            return min(n, theirs)
        moved = min(n, tricks_theirs)
        return odd(tricks_ours + moved) - odd(tricks_ours) + odd(tricks_theirs) - odd(tricks_theirs - moved)

    penalties = [t for t in texts if t.startswith("penalty")]
    return max(penalties, key=lambda t: (worth(t), "add" in t))


def _strong_suit(view: dict[str, Any]) -> str:
    """The plain suit a called lead should come in: where this hand is strongest."""
    hand = [Card.from_text(c) for c in view.get("hand", [])]
    trumps = view.get("trumps")

    def strength(suit: str) -> tuple[int, int]:
        cs = [c for c in hand if c.suit_letter == suit]
        return (sum(1 for c in cs if c.rank >= 12), len(cs))

    plain = [x for x in "CDHS" if x != trumps] or list("CDHS")
    return max(plain, key=strength)


def _ours_winning(view: dict[str, Any], seat: str) -> bool:
    trick = [(p["seat"], Card.from_text(p["card"])) for p in view.get("trick") or []]
    if not trick or not view.get("trumps"):
        return False
    win_seat, _ = _winning(trick, "CDHS".index(view["trumps"]))
    return win_seat in (seat, _partner(seat))


def _would_win(view: dict[str, Any], card: Card) -> bool:
    trick = [(p["seat"], Card.from_text(p["card"])) for p in view.get("trick") or []]
    if not trick or not view.get("trumps"):
        return True
    _, best = _winning(trick, "CDHS".index(view["trumps"]))
    return _beats(card, best, "CDHS".index(view["trumps"]))


def _safe_from(fourth: str, card: Card, led: int, mem: _Memory) -> bool:
    """Whether the fourth hand cannot beat ``card``, the partner's, the third hand to play."""
    if card.suit != led:  # he has trumped: never trump over the partner
        return True
    if led == mem.trumps:
        return mem.master(card) or not mem.may_hold(fourth, led)
    if mem.may_hold(fourth, led):
        return mem.master(card)  # he must follow, and only a higher card of the suit beats it
    return not mem.may_hold(fourth, mem.trumps)


def _lead_card(cs: list[Card], mem: _Memory) -> Card:
    """The card to lead from a suit (``cs`` high first): top of a head sequence or a master, else fourth best."""
    if len(cs) >= 2 and cs[0].rank == 14 and cs[1].rank == 13:
        return cs[0]  # ace from ace-king
    if len(cs) >= 2 and cs[0].rank >= 12 and cs[0].rank - cs[1].rank == 1:
        return cs[0]  # top of a head sequence
    if mem.master(cs[0]):
        return cs[0]
    return cs[3] if len(cs) >= 4 else cs[-1]  # fourth best, else the lowest


def _return_card(cs: list[Card], mem: _Memory) -> Card:
    """Returning a suit (``cs`` high first): a master, else the higher of two, else the lowest."""
    if mem.master(cs[0]) or len(cs) <= 2:
        return cs[0]
    return cs[-1]


def _winning(trick: list[tuple[str, Card]], trumps: int) -> tuple[str, Card]:
    seat, best = trick[0]
    for s, c in trick[1:]:
        if _beats(c, best, trumps):
            seat, best = s, c
    return seat, best


def _beats(c: Card, best: Card, trumps: int) -> bool:
    if c.suit == best.suit:
        return c.rank > best.rank
    return c.suit == trumps


def _is_master(card: Card, gone: set[Card], hand: Sequence[Card]) -> bool:
    """No higher card of its suit is still out against us."""
    for r in range(card.rank + 1, 15):
        higher = Card.of(r, card.suit)
        if higher not in gone and higher not in hand:
            return False
    return True


def _lowest_equal(top: Card, following: list[Card], gone: set[Card]) -> Card:
    """The lowest card that is as good as ``top`` (cards between them all played or ours)."""
    best = top
    for c in sorted(following, reverse=True)[1:]:
        if all(Card.of(r, c.suit) in gone or Card.of(r, c.suit) in following for r in range(c.rank + 1, best.rank)):
            best = c
        else:
            break
    return best


def _discard(legal: list[Card], mem: _Memory) -> Card:
    """The lowest card of the weakest plain suit, keeping winners and guarded honours; trumps last."""
    trumps = mem.trumps
    plain = [c for c in legal if c.suit != trumps] or legal
    by_suit: dict[int, list[Card]] = {}
    for c in plain:
        by_suit.setdefault(c.suit, []).append(c)

    def value(c: Card) -> tuple[int, int, int]:
        cs = by_suit[c.suit]
        keep = any(mem.master(x) or (x.rank >= 12 and len(cs) >= 2) for x in cs)
        return (keep, len(cs), c.rank)

    return min(plain, key=value)
