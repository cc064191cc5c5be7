"""Issue 17's floor: what a Whist deal must cost whatever the engine, beside OpenSpiel's plain loop in the same run.

``bench/playout.py``'s headline compares hoyle's public API with OpenSpiel's fastest plain loop.  This script
asks how much of a deal's time is work the referee promises and the prototype of the issue skipped (the cut for
partners, the record's deal entry and its commitment, the events), and how much is the caller's own loop
(``random.choice`` over the lawful actions, 52 times).  Each part is timed alone, by the very functions the
table calls (or made as it makes them, where it makes them inline: the deal's events, the result), with the same
inputs a random sitting gives them; the sum is a floor under a deal's time that no
change to the card-by-card engine can go below, since the parts stay whatever the engine does between them.
Beside it, :class:`Bare` plays a deal's 52 cards doing the least an object API can (the lawful cards, the check,
the play, the trick): the floor and ``Bare`` together are about what the fastest referee keeping hoyle's promises
and its API's shape could take in CPython.  :class:`BareViewed` adds the least a view with the keys of
``WhistTable.view`` can cost, read before each card as in ``playout.py``'s loop with a view: the floor, ``Bare`` and
those views are the least for that loop.

    python bench/floor.py [--runs R] [--n N]

Figures are CPU microseconds a deal (best of R runs of N repetitions), and each part's share of OpenSpiel's
bridge deal by its plain loop in the same run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import hoyle
from hoyle.cards import CARD_TEXT, SeededShuffler
from hoyle.engine import fairness
from hoyle.engine.events import Event
from hoyle.engine.table import Table
from hoyle.formation import form_table, pack_cutter
from hoyle.rulebook import whist
from hoyle.rulebook.whist import _trick_event

clock = time.process_time


class Bare:
    """The least a referee behind an object API can do a card, in CPython: no scoring, no record, no events of its
    own but one shared event a card, no views; the lawful cards as a fresh list from tables made once (as
    hoyle's legal_actions), and ``apply`` checking the card is held and follows suit, playing it, keeping it and
    turning the trick (its winner leads).  Its cards are ints; ``deal`` sets four hands of bit sets.  Not a
    referee anyone could use: a measure of what the interpreter's calls, lists and attributes cost at the least."""

    __slots__ = ("actions", "events", "hands", "leader", "trick", "trumps", "turn")

    def __init__(self) -> None:
        self.actions: list[int] = []
        self.events: list[object] = []

    def deal(self, hands: list[int], trumps: int) -> None:
        self.hands, self.trumps, self.leader, self.turn, self.trick = hands, trumps, 0, 0, []

    def legal_actions(self) -> list[int]:
        hand = self.hands[self.turn]
        t = whist._SUIT_IDS
        trick = self.trick
        if trick:
            s = whist._SUIT_OF[trick[0]]
            follow = t[s][hand >> whist._SUIT_SHIFT[s] & 0x1FFF]
            if follow:
                return [*follow]
        return [*t[0][hand & 0x1FFF], *t[1][hand >> 13 & 0x1FFF], *t[2][hand >> 26 & 0x1FFF], *t[3][hand >> 39]]

    def apply(self, card: int) -> list[object]:
        turn = self.turn
        hand = self.hands[turn]
        trick = self.trick
        bit = whist._BIT[card]
        mask = whist._SUIT_MASK_OF
        if not (hand & bit and (not trick or bit & mask[trick[0]] or not hand & mask[trick[0]])):
            raise ValueError(card)
        self.actions.append(card)
        self.hands[turn] = hand ^ bit
        trick.append(card)
        event = whist.PLAY_EVENTS[turn][card]
        self.events.append(event)
        if len(trick) < 4:
            self.turn = whist._NEXT_SEAT[turn]
            return [event]
        suit = whist._SUIT_OF
        best, won = trick[0], 0
        for k in (1, 2, 3):
            c = trick[k]
            if (suit[c] == suit[best] and c > best) or (suit[c] == self.trumps != suit[best]):
                best, won = c, k
        self.leader = self.turn = (self.leader + won) & 3
        self.trick = []
        return [event]


class BareViewed(Bare):
    """:class:`Bare` with the least a view having the keys of ``WhistTable.view`` can cost (:meth:`view`), and what its
    ``apply`` must keep for it: the cards played as the view lists them (shared entries), the last trick and the
    tricks won (made when a trick is turned), each seat's hand texts (made by its first view, then the list less the
    card played)."""

    __slots__ = ("kept", "last", "nq", "played", "template", "won")

    def __init__(self, template: dict[str, Any]) -> None:
        super().__init__()
        # a real view's part that changes only between deals, then every other key of a view, in its order
        self.template = {**template, **dict.fromkeys(whist._VIEW_KEYS)}

    def deal(self, hands: list[int], trumps: int) -> None:
        super().deal(hands, trumps)
        self.nq, self.played, self.last, self.won = 0, [], None, {"NS": 0, "EW": 0}
        self.kept: list[tuple[int, list[str]] | None] = [None, None, None, None]

    def view(self, seat: int) -> dict[str, Any]:
        v = self.template.copy()  # a fresh dict holding every key: its values replaced, no key added (but the hand)
        v["seat"] = whist.SEATS[seat]
        v["to_act"] = whist.SEATS[self.turn]
        v["leader"] = whist.SEATS[self.leader]
        v["turned"] = None
        n = len(self.trick)
        played = self.played
        v["trick"] = played[-n:] if n else []
        v["played"] = played[:]
        v["last_trick"] = self.last
        v["tricks"] = self.won
        v["hand_counts"] = whist._HAND_COUNTS[self.nq][self.leader][n].copy()
        m = self.hands[seat]
        kept = self.kept[seat]
        if kept is None:
            kept = self.kept[seat] = (m, whist.hand_texts(m))
        elif kept[0] != m:
            texts = kept[1].copy()
            texts.remove(CARD_TEXT[(kept[0] ^ m).bit_length() - 1])
            kept = self.kept[seat] = (m, texts)
        v["hand"] = kept[1]
        return v

    def apply(self, card: int) -> list[object]:
        # Bare.apply written out again with the view's bookkeeping added, not Bare.apply called and then the
        # bookkeeping: a call more a card would be counted as the view's cost, and this measures the least.
        turn = self.turn
        hand = self.hands[turn]
        trick = self.trick
        bit = whist._BIT[card]
        mask = whist._SUIT_MASK_OF
        if not (hand & bit and (not trick or bit & mask[trick[0]] or not hand & mask[trick[0]])):
            raise ValueError(card)
        self.actions.append(card)
        self.hands[turn] = hand ^ bit
        trick.append(card)
        event = whist.PLAY_EVENTS[turn][card]
        self.events.append(event)
        self.played.append(whist.PLAYED_ENTRIES[turn][card])
        if len(trick) < 4:
            self.turn = whist._NEXT_SEAT[turn]
            return [event]
        suit = whist._SUIT_OF
        best, won = trick[0], 0
        for k in (1, 2, 3):
            c = trick[k]
            if (suit[c] == suit[best] and c > best) or (suit[c] == self.trumps != suit[best]):
                best, won = c, k
        leader = self.leader
        self.leader = self.turn = winner = (leader + won) & 3
        self.trick = []
        k = 4 * self.nq
        self.nq += 1
        self.last = {"leader": whist.SEATS[leader], "winner": whist.SEATS[winner], "cards": self.played[k : k + 4]}
        w = self.won
        self.won = {"NS": w["NS"] + (winner & 1 == 0), "EW": w["EW"] + (winner & 1)}
        return [event]


def best(f: Callable[[int], object], n: int, runs: int) -> float:
    """The least CPU time of ``runs`` calls of ``f(n)``, in microseconds per repetition."""
    times = []
    for _ in range(runs):
        start = clock()
        f(n)
        times.append(clock() - start)
    return min(times) / n * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--n", type=int, default=2000, help="repetitions a run (deals, or sittings)")
    args = ap.parse_args(argv)
    n, runs = args.n, args.runs

    g = hoyle.game("whist")
    rng = random.Random(1)
    choice = rng.choice

    # A random sitting's shape: its deals, and the lawful-action lists its 52 choices are made from.
    deals = 0
    lists: list[list[object]] = []
    for s in range(200):
        t = g.table(seed=s)
        while not t.over:
            la = t.legal_actions()
            if len(lists) < 52 * 50:
                lists.append(la)
            t.apply(choice(la))
        deals += t.deal_no
    per_sitting = deals / 200

    def caller(k: int) -> None:  # the caller's draw, 52 a deal
        for _ in range(k):
            for la in lists[:52]:
                choice(la)

    def whole_api(k: int) -> None:  # hoyle's public API, view not read: the loop the headline times
        sitting, done = 0, 0
        t = g.table(seed=sitting)
        while done < k:
            d = t.deal_no
            while t.deal_no == d:
                t.apply(choice(t.legal_actions()))
            done += 1
            if t.over:
                sitting += 1
                t = g.table(seed=sitting)

    def shuffle(k: int) -> None:  # the deal's shuffle and cut, the same draws as random.Random.shuffle (records)
        sh = SeededShuffler(7)
        for _ in range(k):
            cards = list(range(52))
            sh.shuffle(cards)  # type: ignore[arg-type]
            at = 4 + sh.randbelow(45)
            cards[at:] + cards[:at]
            sh.calls.clear()

    order = " ".join(CARD_TEXT[c] for c in range(52))

    def record(k: int) -> None:  # the record's deal entry: the order's text, the salt, the commitment
        t = CARD_TEXT
        cards = list(range(52))
        for i in range(k):
            {"order": " ".join([t[c] for c in cards]), "cut": 4, "dealer": "N", "pack": 0}
            fairness.commitment(order, fairness.seeded_salt(7, i))

    def events(k: int) -> None:  # the deal's 13 trick events (its 52 play events are made once, shared by all)
        for _ in range(k):
            for trick in range(1, 14):
                _trick_event(trick, 0, (0, 1, 2, 3), 3)

    masks = [sum(1 << c for c in range(i, 52, 4)) for i in range(4)]
    sealed = fairness.commitment(order, fairness.seeded_salt(7, 0))
    proved = {"order": order, "salt": fairness.seeded_salt(7, 0), "commitment": sealed}

    def deal_events(k: int) -> None:  # the deal's own events, made as the table makes them (the least of each)
        for i in range(k):
            # the deal: one sentence, public data, the four hands private (made into texts only when read)
            Event.__new__(
                Event,
                "deal",
                f"deal {i + 1}: W deals from the first pack shuffled by his partner, the pone (S) cut at 7"
                " (000 §33, §34); trump card QS, spades are trumps (000 §44)",
                seat="W",
                data={"deal": i + 1, "dealer": "W", "pack": 0, "turned": "QS"},
                private=whist.DealtHands(masks),
            )
            # the pack's commitment, and the last deal's proof
            Event.__new__(
                Event,
                "commit",
                f"the pack for deal {i + 1} of the record is shuffled and sealed: SHA-256 {sealed}",
                data={"deal": i, "commitment": sealed, "scheme": fairness.SCHEME},
            )
            Table._reveal_event(i, proved)

    scored = whist.score_hand([2, 1], [7, 6], (2, 0))

    def result(k: int) -> None:  # the hand's score (worked out once, as the table keeps it) and the record's result
        kept = {}
        key = ("english-1864", False, 2, 1, 7, 6, 2, 0)
        kept[key] = (scored.score, ())
        for _ in range(k):
            won = [4, 3, 3, 3]
            tricks = [won[0] + won[2], won[1] + won[3]]
            s = kept[key]
            {
                "tricks": {"NS": tricks[0], "EW": tricks[1]},
                "honours": {"NS": 2, "EW": 0},
                "points": {"NS": s[0][0] - 2, "EW": s[0][1] - 1},
            }

    def formation(k: int) -> None:  # the cut for partners, once a sitting (000 §14-§16)
        sh = SeededShuffler(7)
        cutter = pack_cutter(sh)
        names = ("A", "B", "C", "D")
        for _ in range(k):
            form_table(names, cutter)

    bare = Bare()
    whist._build_tables()
    deck = list(range(52))

    def bare_cards(k: int) -> None:  # the 52 cards of a deal through Bare, the caller's random.choice included
        for _ in range(k):
            random.shuffle(deck)
            bare.deal([sum(1 << c for c in deck[i::4]) for i in range(4)], deck[-1] // 13)
            for _ in range(52):
                bare.apply(choice(bare.legal_actions()))
            bare.actions.clear()
            bare.events.clear()

    template = dict(list(g.table(seed=0).view("N").items())[: -len(whist._VIEW_KEYS) - 1])  # the unchanging part
    viewed = BareViewed(template)

    def bare_viewed(k: int) -> None:  # the same, a view read before each card (as playout.py's loop with a view)
        for _ in range(k):
            random.shuffle(deck)
            viewed.deal([sum(1 << c for c in deck[i::4]) for i in range(4)], deck[-1] // 13)
            for _ in range(52):
                viewed.view(viewed.turn)
                viewed.apply(choice(viewed.legal_actions()))
            viewed.actions.clear()
            viewed.events.clear()

    def whole_api_viewed(k: int) -> None:  # hoyle's public API, a view read each turn (playout.py's headline loop)
        sitting, done = 0, 0
        t = g.table(seed=sitting)
        while done < k:
            d = t.deal_no
            while t.deal_no == d:
                t.view(t.to_act)
                t.apply(choice(t.legal_actions()))
            done += 1
            if t.over:
                sitting += 1
                t = g.table(seed=sitting)

    def bare_deals(k: int) -> None:  # the deal Bare is given (not its cost): taken off bare_cards
        for _ in range(k):
            random.shuffle(deck)
            [sum(1 << c for c in deck[i::4]) for i in range(4)]

    budget = None
    try:
        from playout import openspiel_plain

        plain = openspiel_plain("bridge", {"use_double_dummy_result": False})
        if plain is not None:
            budget = 1e6 / max(plain(1.0, s) for s in range(runs))
    except ImportError:
        pass

    parts = [
        ("the caller's random.choice, 52 a deal", best(caller, n // 10, runs)),
        ("the shuffle and cut (seeded, random.Random's draws)", best(shuffle, n, runs)),
        ("the record's entry and its commitment (SHA-256)", best(record, n, runs)),
        ("the trick events", best(events, n, runs)),
        ("the deal's events: the deal, its commitment, the last proof", best(deal_events, n, runs)),
        ("the hand's score and the record's result", best(result, n, runs)),
        (f"the cut for partners, once in {per_sitting:.1f} deals", best(formation, n, runs) / per_sitting),
    ]
    api = best(whole_api, n, runs)
    given = best(bare_deals, n, runs)
    least = best(bare_cards, n, runs) - given - parts[0][1]
    least_viewed = best(bare_viewed, n, runs) - given - parts[0][1]
    api_viewed = best(whole_api_viewed, n, runs)
    print(f"hoyle {hoyle.__version__}; CPU microseconds a Whist deal, least of {runs} runs")
    width = max(len(p) for p, _ in parts) + 2
    floor = sum(us for _, us in parts)
    for name, us in parts:
        share = f"   {us / budget:5.1%} of OpenSpiel's deal" if budget else ""
        print(f"  {name:<{width}}{us:7.1f}{share}")
    print(f"  {'the floor (their sum)':<{width}}{floor:7.1f}" + (f"   {floor / budget:5.1%}" if budget else ""))
    print(f"  {'hoyle public API, view not read, a deal':<{width}}{api:7.1f}")
    if budget:
        print(f"  {'OpenSpiel bridge, plain loop, a deal':<{width}}{budget:7.1f}")
        print(f"  left to the engine's 52 cards, deal end and new tables at 1.0x: {budget - floor:.1f} us")
        print(f"  hoyle spends there now: {api - floor:.1f} us ({(api - floor) / (budget - floor):.2f}x it)")
    print("  the least 52 cards can cost through an object API in CPython (class Bare, the caller's choice not")
    print(
        f"  counted): {least:.1f} us; with the floor: {least + floor:.1f} us a deal"
        + (
            f", {(least + floor) / budget:.2f} of OpenSpiel's deal: at best {budget / (least + floor):.2f}x its rate"
            f" without a view; hoyle {budget / api:.2f}x"
            if budget
            else ""
        )
    )
    views = least_viewed - least
    print(f"  {'hoyle public API, a view read each turn, a deal':<{width}}{api_viewed:7.1f}")
    print(
        "  the least 52 views with the keys of WhistTable.view can cost (class BareViewed, over Bare):"
        f" {views:.1f} us, {views / 52:.2f} us a view"
    )
    print(
        f"  Bare, its views and the floor: {least_viewed + floor:.1f} us a deal"
        + (
            f", {(least_viewed + floor) / budget:.2f} of OpenSpiel's deal:"
            f" at best {budget / (least_viewed + floor):.2f}x its rate with a view each turn"
            f" (the target, 0.8x, is {budget / 0.8:.1f} us a deal); hoyle {budget / api_viewed:.2f}x"
            if budget
            else ""
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
