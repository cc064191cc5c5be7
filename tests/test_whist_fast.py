"""The private fast path of Short Whist agrees with the public WhistTable, card for card and point for point.

Checked against the table: the deal (000 §44 I, III, §52), the lawful cards
(follow suit: 000 §71), each trick's cards and winner (000 §2), the tricks of
each side, the honours (000 §3) and the hand's score (000 §2-5), games and
rubbers (000 §1, §8-10).  No timing here: speed is measured by bench/playout.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import hoyle
from hoyle.cards import CARDS, format_cards, parse
from hoyle.rulebook.whist import SEATS, honours_held, score_hand
from hoyle.rulebook.whist_fast import (
    _SCORE,
    _deal,
    _ns_honours,
    _play_chosen,
    _play_deal,
    _play_random,
    _playouts,
    _score_index,
)

_SEAT = {s: i for i, s in enumerate(SEATS)}


def _public_sittings(min_deals: int) -> Iterator[dict[str, Any]]:
    """Whole rubbers played at random through the public API; one dict per deal, as the table saw it."""
    g = hoyle.game("whist")
    seed = 0
    seen = 0
    while seen < min_deals:
        t = g.table(seed=seed)
        rng = random.Random(10_000 + seed)
        deals: list[dict[str, Any]] = []
        while not t.over:
            k = t.deal_no
            if k == len(deals):
                deals.append({"before": (t.scores["NS"], t.scores["EW"]), "steps": [], "tricks": []})
            legal = t.legal_actions()
            i = rng.randrange(len(legal))
            deals[k]["steps"].append((t.to_act, [str(a.card) for a in legal], i))
            for e in t.apply(legal[i]):
                if e.kind == "trick" and len(deals[k]["tricks"]) < 13:
                    d = e.data
                    deals[k]["tricks"].append((d["leader"], list(d["cards"]), d["winner"]))
        rec = t.record()
        dealt = [e for e in t.events if e.kind == "deal"]
        assert len(rec["deals"]) == len(deals) == len(dealt)
        for k, d in enumerate(deals):
            d["order"] = parse(rec["deals"][k]["order"])
            d["dealer"] = _SEAT[rec["deals"][k]["dealer"]]
            d["result"] = rec["deals"][k]["result"]
            d["hands"] = {s: set(parse(dealt[k].private[s]["hand"])) for s in SEATS}
            d["where"] = f"seed {seed}, deal {k + 1}"
            yield d
        seen += len(deals)
        seed += 1


@pytest.fixture(scope="module")
def public_deals() -> list[dict[str, Any]]:
    return list(_public_sittings(240))


def test_fast_path_agrees_with_whist_table_trick_for_trick(public_deals: list[dict[str, Any]]) -> None:
    """Same pack order, same choices: same lawful cards, tricks, winners, tricks per side, honours and score."""
    assert len(public_deals) >= 200
    for d in public_deals:
        steps = iter(d["steps"])

        def choose(seat: int, lawful: list[int], steps: Iterator[Any] = steps, where: str = d["where"]) -> int:
            to_act, legal, i = next(steps)
            assert SEATS[seat] == to_act, where
            assert [str(CARDS[c]) for c in lawful] == legal, where  # follow suit (000 §71), lowest first
            return i

        r = _play_deal(d["order"], d["dealer"], choose, d["before"])
        assert next(steps, None) is None, d["where"]
        tricks = [(SEATS[lead], [str(CARDS[c]) for c in cards], SEATS[win]) for lead, cards, win in r.tricks]
        assert tricks == d["tricks"], d["where"]
        res = d["result"]
        assert r.won == (res["tricks"]["NS"], res["tricks"]["EW"]), d["where"]
        assert r.honours == (res["honours"]["NS"], res["honours"]["EW"]), d["where"]
        before = d["before"]
        assert r.score == (before[0] + res["points"]["NS"], before[1] + res["points"]["EW"]), d["where"]


def test_fast_path_agrees_given_only_the_choice_indices(public_deals: list[dict[str, Any]]) -> None:
    for d in public_deals[:50]:
        r = _play_deal(d["order"], d["dealer"], [i for _, _, i in d["steps"]], d["before"])
        assert [SEATS[w] for _, _, w in r.tricks] == [w for _, _, w in d["tricks"]], d["where"]


def test_every_card_is_played_once_by_the_seat_dealt_it(public_deals: list[dict[str, Any]]) -> None:
    """000 §44: one card at a time from the dealer's left, the turned card the dealer's; 52 cards, 13 tricks."""
    for d in public_deals:
        r = _play_deal(d["order"], d["dealer"], [i for _, _, i in d["steps"]], d["before"])
        assert len(r.tricks) == 13
        played = [c for _, cards, _ in r.tricks for c in cards]
        assert sorted(played) == list(range(52)), d["where"]
        by_seat: dict[str, set[int]] = {s: set() for s in SEATS}
        for lead, cards, _ in r.tricks:
            for j, c in enumerate(cards):
                by_seat[SEATS[(lead + j) % 4]].add(c)
        assert by_seat == d["hands"], d["where"]
        assert d["order"][51] in d["hands"][SEATS[d["dealer"]]]


def test_playouts_equal_a_public_sitting_fed_the_same_random_stream() -> None:
    """``_playouts(n, seed)`` counts what a WhistTable counts when given the same deals and the same choices.

    The table's first deal is given (``table(deal=...)``); the later ones come
    from a shuffler that shuffles the same pack with the same generator (and
    cuts at four, compensated, so the pack order is the one dealt); each card
    is chosen with the same ``int(rng.random() * n)``.
    """
    n, seed = 300, 2026
    rng = random.Random(seed)
    pack = list(range(52))
    orders: list[list[int]] = []

    class SameStream:
        def shuffle(self, cards: list[Any]) -> None:
            rng.shuffle(pack)
            orders.append(list(pack))
            cards[:] = [CARDS[c] for c in pack[-4:] + pack[:-4]]  # the cut at four puts them back in order

        def randbelow(self, m: int) -> int:
            return 0

    rng.shuffle(pack)
    orders.append(list(pack))
    first = {
        "dealer": "W",
        "turned": str(CARDS[pack[51]]),
        "hands": {SEATS[k]: format_cards(pack[k::4]) for k in range(4)},  # W deals: N is eldest
    }
    t = hoyle.game("whist", rubbers=1000).table(deal=first, shuffler=SameStream())
    while t.deal_no < n:
        legal = t.legal_actions()
        t.apply(legal[int(rng.random() * len(legal))])
    deals = t.record()["deals"][:n]
    assert [parse(d["order"]) for d in deals] == [tuple(CARDS[c] for c in o) for o in orders[:n]]
    results = [d["result"] for d in deals]
    sides = ("NS", "EW")
    games = [r["game"]["side"] for r in results if "game" in r]
    rubbers = [r["rubber"] for r in results if "rubber" in r]
    net = [0, 0]
    for rub in rubbers:
        w = sides.index(rub["side"])
        net[w] += rub["points"]
        net[1 - w] -= rub["points"]

    s = _playouts(n, seed)
    assert s.deals == n
    assert s.tricks == tuple(sum(r["tricks"][x] for r in results) for x in sides)
    assert s.points == tuple(sum(r["points"][x] for r in results) for x in sides)
    assert s.games == tuple(games.count(x) for x in sides)
    assert s.rubbers == tuple(sum(1 for r in rubbers if r["side"] == x) for x in sides)
    assert s.net == (net[0], net[1])
    assert sum(s.rubbers) >= 10  # the sitting went through many rubbers, so games and rubbers were compared


def test_random_play_is_the_chosen_play_fed_the_same_stream() -> None:
    """``_play_random`` (the loop of ``_playouts``) and ``_play_chosen`` play the same cards."""
    for seed in range(300):
        deal_rng = random.Random(seed)
        order = list(range(52))
        deal_rng.shuffle(order)
        dealer = seed % 4
        a, b = random.Random(seed), random.Random(seed)
        hands, trumps, eldest = _deal(order, dealer)
        ns = _play_random(hands, trumps, eldest, a.random)
        assert hands == [[], [], [], []]
        hands, trumps, eldest = _deal(order, dealer)
        tricks = _play_chosen(hands, trumps, eldest, lambda seat, lawful, rnd=b.random: int(rnd() * len(lawful)))
        assert ns == sum(1 for _, _, w in tricks if w % 2 == 0), seed
        assert a.getstate() == b.getstate(), seed  # one draw a card in both


def test_honours_as_whist_counts_them() -> None:
    """000 §3: the ace, king, queen and knave of trumps, held by one side or the other."""
    rng = random.Random(7)
    for _ in range(500):
        order = list(range(52))
        rng.shuffle(order)
        dealer = rng.randrange(4)
        hands, trumps, _ = _deal(order, dealer)
        masks = [sum(1 << c for c in h) for h in hands]
        assert _ns_honours(hands, trumps) == honours_held(masks, trumps)[0]
        assert trumps == order[51] // 13


@pytest.mark.parametrize("before", [(b0, b1) for b0 in range(5) for b1 in range(5)])
def test_score_table_is_score_hand(before: tuple[int, int]) -> None:
    """Every hand's score (000 §2-5, a side at four cannot score honours: §4) as ``score_hand`` gives it."""
    for t0 in range(14):
        for h0 in range(5):
            want = score_hand(before, (t0, 13 - t0), (h0, 4 - h0)).score
            assert _SCORE[_score_index(before, t0, h0)] == want


def test_play_deal_refuses_what_is_not_a_deal_or_a_choice() -> None:
    with pytest.raises(ValueError, match="52 cards"):
        _play_deal([*range(51), 0], 0, [0] * 52)
    with pytest.raises(ValueError, match="not an index"):
        _play_deal(range(52), 0, [13] + [0] * 51)
    with pytest.raises(ValueError, match=r"0\.\.4"):
        _play_deal(range(52), 0, [0] * 52, before=(5, 0))
    with pytest.raises(TypeError, match="seed"):
        _playouts(1)
