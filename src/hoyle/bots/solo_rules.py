"""A Solo Whist player by rules of thumb and the maxims of 003 ("A Few Maxims"), reading only its seat's view.

Calling.  The bot values its hand for each call and makes the highest call the hand is worth and the
auction allows:

- the playing tricks of a suit contract (:func:`playing_tricks`): a card is a trick when no more cards
  above it are out against it than it has cards of its own above it; a guarded king is nearly half a
  trick; low trumps are tricks once the adversaries' are likely drawn, plain winners after the first
  round only if they are, and long plain suits then half a trick a card; short suits are worth ruffs
  while trumps are to spare;
- a misère hand (:func:`misere_danger`): card for card from the bottom, the bot's cards must lie low
  enough among the cards out against it that the adversaries cannot lead under them round after
  round; the misère ouverte, where the adversaries see the cards, asks for more room;
- proposal and acceptance: a proposer wants three and a half of the eight tricks, an acceptor two and a
  half;
- "the safest places in which to call are as first or last player, while a long way the most dangerous
  place is when you are the second player" (003): the second player asks half a trick more.

An abondance names the suit in which the hand is worth most.

Playing (003, "A Few Maxims"; the rest whist practice):

- Against a misère, first "lead from your shortest and weakest suit ... a medium card ... such as six or
  seven—and certainly not ... a deuce, unless, indeed, it is a single card"; later, lead low in the suit
  where the caller has shown he is high; against a misère ouverte, lead under the caller's lowest card in
  a suit where he has no card low enough.  Follow low while the caller has still to play, under him when
  he has the trick, and throw high cards when a partner has it.
- The misère caller plays his highest card that still loses the trick, and discards his most dangerous.
- "Against other declarations it is well to commence with your longest suit"; "Except under extreme
  circumstances do not lead trumps against a solo call"; return your partner's suit; "in propositions
  and acceptances ... trumps should be used to draw trumps in order to establish plain suits"; a lone
  caller draws trumps and makes his winners.
- Second hand low (cover an honour with an honour), but "never finesse in a lead coming from" a partner
  on your right (003); third hand high but no higher than needed, yet "if your partner and then an
  adversary have to play after you, you should win the trick with the highest of a sequence" (003);
  the last hand wins as cheaply as it can; trump an adversary's winning card, and "your discards should
  be from your weakest and shortest suits. You should not, however, leave a king unguarded" (003).
- At a general misère each plays for himself to avoid the last trick (or the most tricks): throw the
  high cards while others win the tricks, keep low cards for the end.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..cards import Card
from ..engine.actions import PLAY, Action
from .trick_play import Knowledge, against_misere, beats, duck, follow, lead, winning

__all__ = ["SoloRulesBot", "losers", "misere_danger", "playing_tricks"]

_SUITS = "CDHS"


# ---------------------------------------------------------------------------------------------- valuing a hand


def playing_tricks(
    hand: Iterable[Card], trumps: int | None, others: Iterable[Card], *, sure: bool = False, adversaries: int = 3
) -> float:
    """How many tricks ``hand`` is worth with ``trumps``, playing alone against the holders of ``others``.

    A card is a winner when no more cards above it are out against it than it has cards of its own
    above it; a lower trump is a trick once the adversaries' trumps are likely gone (their longest
    holding is about a third of those out, a half at three players), and a king (queen) guarded is
    worth something.  Winners of a plain suit are worth less from the second round on, when an
    adversary may trump them, unless the trumps can be drawn; ruffs count while trumps are to spare.
    ``sure``: only the winners from the top, and trumps below them once the adversaries' are out.

    >>> from hoyle.cards import parse, PACK_52
    >>> h = parse("AS KS QS JS TS 9S AH KH QH AD KD AC KC")
    >>> playing_tricks(h, 3, set(PACK_52) - set(h))
    13.0
    """
    return _playing_tricks(frozenset(hand), trumps, frozenset(others), sure, adversaries)


@lru_cache(maxsize=8192)
def _playing_tricks(
    hand: frozenset[Card], trumps: int | None, others: frozenset[Card], sure: bool, adversaries: int
) -> float:
    """:func:`playing_tricks`, remembered: a hand is valued for several trumps and calls in one auction, and
    again by the search bot weighing its worlds by the calls made (the same hands, the same question)."""
    mine = sorted(hand, reverse=True)
    by_suit: dict[int, list[Card]] = {s: [c for c in mine if c.suit == s] for s in range(4)}
    out_ranks = _ranks_by_suit(set(others) - set(mine))

    def above(c: Card) -> int:
        ranks = out_ranks[c.suit]
        return len(ranks) - bisect_right(ranks, c.rank)

    total = 0.0
    control = trumps is None
    if trumps is not None:
        cards = by_suit[trumps]
        theirs = len(out_ranks[trumps])
        longest = theirs / adversaries + 0.5  # the rounds it takes to draw the adversaries' trumps
        counted = 0.0
        for i, c in enumerate(cards):
            if above(c) <= i or i >= longest:
                counted += 1
            elif not sure and i < 2 and len(cards) > i + 1 and above(c) == i + 1:
                counted += 0.5
        # Whether the adversaries' trumps can be drawn: in the rounds their longest holding likely takes, or
        # (``sure``) even were they all in one hand.
        control = counted >= (theirs if sure else longest) or theirs == 0
        total += counted
    for s, cards in by_suit.items():
        if s == trumps:
            continue
        counted = 0.0
        for i, c in enumerate(cards):
            if above(c) <= i:
                counted += 1.0 if i == 0 or control else (0.6 if i == 1 else 0.3)
            elif sure:
                continue
            elif i < 2 and len(cards) > i + 1 and above(c) == i + 1:
                counted += 0.4
            elif i >= 3 and counted >= 2 and control:
                counted += 0.5
        total += counted
    if trumps is not None and not sure and len(by_suit[trumps]) >= 3:
        spare = len(by_suit[trumps]) - 3
        ruffs = sum(max(0, 2 - len(by_suit[s])) for s in range(4) if s != trumps)
        total += min(spare, ruffs) * 0.7
    # Never more than the tricks there are, less the hand's sure losers (issue 16: a one-ace hand valued at 11.2
    # for an abondance, a Boston hand at 14.7 of 13).
    return min(total, len(mine) - losers(mine, others))


def losers(hand: Iterable[Card], others: Iterable[Card]) -> int:
    """The hand's losing tricks, counted as at whist: in each suit, of its top one, two or three cards (as many as
    it holds), each place not filled by one of the suit's highest cards still in play is a loser; a void or a
    suit's fourth card onward loses nothing here.

    >>> from hoyle.cards import parse, PACK_52
    >>> h = parse("AD QD JD TD 4D KH JH TH 9H 7H 6H JC 5C")
    >>> losers(h, set(PACK_52) - set(h))
    5
    """
    mine = set(hand)
    held_by = _ranks_by_suit(mine)
    out_by = _ranks_by_suit(set(others) - mine)
    total = 0
    for s in range(4):
        held = held_by[s]
        if not held:
            continue
        places = min(len(held), 3)
        live = sorted([*held, *out_by[s]], reverse=True)[:places]
        total += places - sum(1 for r in held if r in live)
    return total


def misere_danger(hand: Iterable[Card], others: Iterable[Card], *, slack: int = 2) -> int:
    """How many of ``hand``'s cards are unsafe at a misère: none in a safe hand.

    The adversaries lead low, round after round, and the caller must each time find a card under the
    highest played: his ``i``-th lowest card of a suit is unsafe when more than ``i + slack`` of the
    adversaries' cards of the suit lie under it.  (Measured on the bot's own play: with none unsafe
    at ``slack=2`` it wins about six misères in seven; with one, about three in five.)

    >>> from hoyle.cards import parse, PACK_52
    >>> h = parse("2S 4S 2H 3H 5H 2C 4C 6C 2D 3D 5D 7D 8D")
    >>> misere_danger(h, set(PACK_52) - set(h))
    0
    """
    return _misere_danger(frozenset(hand), frozenset(others), slack)


@lru_cache(maxsize=8192)
def _misere_danger(hand: frozenset[Card], others: frozenset[Card], slack: int) -> int:
    mine = sorted(hand)
    out_ranks = _ranks_by_suit(set(others) - set(mine))
    danger = 0
    for s in range(4):
        for i, c in enumerate(x for x in mine if x.suit == s):
            if bisect_left(out_ranks[s], c.rank) > i + slack:
                danger += 1
    return danger


def _ranks_by_suit(cards: Iterable[Card]) -> list[list[int]]:
    out: list[list[int]] = [[], [], [], []]
    for c in cards:
        out[c // 13].append(c % 13 + 2)
    for ranks in out:
        ranks.sort()
    return out


# ---------------------------------------------------------------------------------------------- the bot


class SoloRulesBot:
    """Calls by valuing its hand, plays every contract (misères included) by the maxims above.

    Deterministic: the seed is kept for the interface (``bots.make``).
    """

    ABONDANCE = 10.5
    """What a hand must be worth (:func:`playing_tricks`, capped by its losers) to call nine tricks."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._turn_up: tuple[int, str, Card] | None = None  # (deal, dealer, card): remembered once seen

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        if view.get("turned"):
            self._turn_up = (view["deal"], view["dealer"], Card.from_text(view["turned"]))
        if len(legal) == 1:
            return legal[0]
        turn_up = self._turn_up[2] if self._turn_up and self._turn_up[0] == view["deal"] else None
        if view.get("decision"):
            return _at_law(view, legal)
        k = Knowledge(view, turn_up)
        phase = view["phase"]
        if phase == "auction":
            return self._call(k, legal)
        if phase == "trumps":
            return self._name_trumps(k, legal)
        cards = [a.card for a in legal if a.card is not None]
        if len(cards) != len(legal):
            return legal[0]
        if view.get("trick") and any(p.get("early") or p.get("out of turn") for p in view["trick"]):
            k.trick = [t for t in k.trick if t[0] in {p["seat"] for p in view["trick"] if not p.get("early")}]
        return PLAY[self._card(k, cards)]

    # ---------------------------------------------------------------- the auction

    def _values(self, k: Knowledge) -> dict[str, float]:
        turned_suit = None
        if k.view.get("turned"):
            turned_suit = Card.from_text(k.view["turned"]).suit
        elif k.turn_up is not None:
            turned_suit = k.turn_up.suit
        n = len(k.active) - 1
        in_turned = playing_tricks(k.hand, turned_suit, k.others, adversaries=n) if turned_suit is not None else 0.0
        best_suit = max(k.suits, key=lambda s: playing_tricks(k.hand, s, k.others, adversaries=n))
        return {
            "turned": in_turned,
            "best": playing_tricks(k.hand, best_suit, k.others, adversaries=n),
            "sure": playing_tricks(k.hand, best_suit, k.others, sure=True, adversaries=n),
            "misere": misere_danger(k.hand, k.others, slack=n - 1),
            "ouverte": misere_danger(k.hand, k.others, slack=n - 2),
        }

    def _call(self, k: Knowledge, legal: Sequence[Action]) -> Action:
        texts = {str(a): a for a in legal}
        v = self._values(k)
        order = k.active
        position = order.index(k.seat)
        # 003: "the safest places in which to call are as first or last player ... the most dangerous ... second".
        m = 0.5 if position == 1 else 0.0
        wants: list[str] = []
        if v["sure"] >= 13:
            wants.append("call abondance declaree")
        if v["misere"] == 0 and v["ouverte"] <= 2:
            wants.append("call misere ouverte")
        if v["turned"] >= self.ABONDANCE + m:
            wants.append("call abondance in trumps")
        if v["best"] >= self.ABONDANCE + m:
            wants.append("call abondance")
        if v["misere"] <= (0 if position == 1 else 1):
            wants.append("call misere")
        if v["turned"] >= 4.5 + m:
            wants.append("call solo")
        if "accept" in texts and v["turned"] >= 2.5:
            wants.append("accept")
        if "propose" in texts and v["turned"] >= 3.5 + m:
            wants.append("propose")
        for w in wants:
            if w in texts:
                return texts[w]
        return texts.get("pass", legal[0])

    def _name_trumps(self, k: Knowledge, legal: Sequence[Action]) -> Action:
        def worth(a: Action) -> float:
            return playing_tricks(k.hand, _SUITS.index(a.arg.upper()), k.others, adversaries=len(k.active) - 1)

        return max(legal, key=worth)

    # ---------------------------------------------------------------- the play

    def _card(self, k: Knowledge, legal: list[Card]) -> Card:
        contract = k.view["contract"] or {}
        if contract.get("call") == "general misere":
            return duck(k, legal, everyone=True)
        declarers = contract.get("declarers", [])
        if contract.get("misere"):
            if k.seat in declarers:
                return duck(k, legal, everyone=False)
            return against_misere(k, legal, declarers[0])
        friends = (
            [s for s in declarers if s != k.seat]
            if k.seat in declarers
            else [s for s in k.active if s not in declarers and s != k.seat]
        )
        if not k.trick:
            return lead(k, legal, declarers, friends, bool(contract.get("joint")))
        return follow(k, legal, friends)


# ---------------------------------------------------------------------------------------------- law mode


def _at_law(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """A penalty phase or a claim at a law-mode table (docs/solo.md, "The laws").

    Claim the stakes of a misère whenever the law gives them; claim a revoke only when the bot's memory of
    the play proves one (an accused seat renounced a suit and later played a card of it), and search the
    tricks once claimed; take the right to call a suit, and call the suit the bot is longest in; require
    the seat passed over not to win (to win, against a misère caller), his lowest card (his highest against
    a misère); call an exposed card that will not win the trick, or forbid one that would; do not demand an
    abandoned hand played out (the abandoner pays for all if it is not).
    """
    by_text = {str(a): a for a in legal}
    texts = list(by_text)
    seat = view["seat"]
    decision = view.get("decision") or {}
    contract = view.get("contract") or {}
    misere = bool(contract.get("misere"))
    caller_side = seat in (contract.get("declarers") or [])
    for sure in ("claim the stakes", "search tricks"):
        if sure in by_text:
            return by_text[sure]
    if "claim revoke" in by_text:
        accused = [s for s in view["active"] if s not in decision.get("side", [])]
        return by_text["claim revoke" if _revoke_shown(view, accused) else "waive"]
    if "demand play out" in by_text:
        return by_text["waive"]
    if "call suit" in by_text:
        return by_text["call suit"]
    suits = [t for t in texts if t.startswith("call suit ")]
    if suits:
        hand = view.get("hand") or []
        return by_text[max(suits, key=lambda t: sum(1 for c in hand if c[-1] == t[-1]))]
    # Against a misère the caller wants the adversaries high and winning; otherwise low and losing.
    want_high = misere and caller_side
    for want, other in (
        ("require not win", "require win"),
        ("require lowest", "require highest"),
        ("require not trump", "require trump"),
    ):
        pick = other if want_high else want
        if pick in by_text:
            return by_text[pick]
    calls = [t for t in texts if t.startswith("call card ") or t.startswith("forbid card ")]
    if calls:
        trick = view.get("trick") or []
        trumps = view.get("trumps")
        trumps_i = _SUITS.index(trumps) if trumps else None
        for t in calls:
            card = Card.from_text(t.split()[-1])
            wins = not trick or beats(
                card, winning([(p["seat"], Card.from_text(p["card"])) for p in trick], trumps_i)[1], trumps_i
            )
            good = wins == want_high
            if t.startswith("call card ") and good:
                return by_text[t]
            if t.startswith("forbid card ") and not good:
                return by_text[t]
    return by_text.get("waive", legal[0])


def _revoke_shown(view: dict[str, Any], accused: list[str]) -> bool:
    """Whether the cards played show one of ``accused`` renouncing a suit and later playing a card of it."""
    m = len(view["active"])
    played = [(p["seat"], Card.from_text(p["card"])) for p in view.get("played", [])]
    shown_out: dict[str, set[int]] = {s: set() for s in view["active"]}
    for i in range(0, len(played), m):
        trick = played[i : i + m]
        for s, c in trick:
            if s in accused and c.suit in shown_out[s]:
                return True
        led = trick[0][1].suit
        for s, c in trick[1:]:
            if c.suit != led:
                shown_out[s].add(led)
    return False
