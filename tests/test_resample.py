"""``t.resample(seat, rng)``: worlds consistent with all a seat has seen, drawn uniformly among them."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

import hoyle
from hoyle import bots
from hoyle.cards import Card
from hoyle.engine import resample as rs

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("whist", {}),
    ("whist", {"code": "american-1893"}),
    ("dummy", {}),
    ("double-dummy", {}),
    ("solo", {}),
    ("solo", {"players": 3}),
    ("solo", {"players": 5}),
    ("boston", {}),
    ("cayenne", {}),
    ("whist", {"irregularities": True}),
    ("solo", {"irregularities": True}),
    ("boston", {"irregularities": True}),
    ("cayenne", {"irregularities": True}),
    ("dummy", {"irregularities": True}),
]


def hands_of(t: hoyle.Table) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for card, place in t.places().items():
        if place.startswith("hand "):
            out.setdefault(place[5:], set()).add(card)
    return {k: frozenset(v) for k, v in out.items()}


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=[f"{g}-{o}" for g, o in CONFIGS])
def test_the_seats_view_is_unchanged_and_the_concealed_cards_move(game: str, options: dict[str, Any]) -> None:
    t = hoyle.game(game, **options).table(seed=7)
    players = {s: bots.make("rules", game, seed=1) for s in t.seats}
    rng = random.Random(5)
    moved = 0
    for step in range(130):
        if t.over:
            break
        seat = t.to_act
        assert seat is not None
        if step % 9 == 4:
            before = t.record()
            world = t.resample(seat, rng)
            assert t.record() == before  # the table itself is untouched
            assert world.view(seat) == t.view(seat)
            assert world.to_act == t.to_act and world.legal_actions() == t.legal_actions()
            real, drawn = hands_of(t), hands_of(world)
            assert drawn.get(seat) == real.get(seat)
            assert sorted(c for h in drawn.values() for c in h) == sorted(c for h in real.values() for c in h)
            assert {s: len(h) for s, h in drawn.items()} == {s: len(h) for s, h in real.items()}
            moved += drawn != real
        t.apply(players[seat].choose(t.view(seat), t.legal_actions()))
    if game == "double-dummy":
        assert moved == 0  # each player sees three hands (his own, both Dummies): the fourth is the rest
    else:
        assert moved > 0


def test_a_renounced_suit_is_never_dealt_to_the_seat_that_renounced_it() -> None:
    t = hoyle.game("whist").table(seed=3)
    bot = bots.make("rules", "whist")
    for _ in range(44):
        t.apply(bot.choose(t.view(t.to_act), t.legal_actions()))
    seat = t.to_act
    assert seat is not None
    _, voids = rs.concealed(t, seat)
    assert voids  # this position has seats that have shown out
    rng = random.Random(1)
    for _ in range(60):
        world = t.resample(seat, rng)
        for s, suits in voids.items():
            held = {Card.from_text(c).suit for c, p in world.places().items() if p == f"hand {s}"}
            assert not held & suits


def _ending(seed: int, left: int) -> hoyle.Table:
    """A whist deal played by the rules bots until ``left`` cards remain in each hand, the next to lead."""
    t = hoyle.game("whist").table(seed=seed)
    bot = bots.make("rules", "whist")
    while len(t.view(None)["played"]) < 4 * (13 - left):
        t.apply(bot.choose(t.view(t.to_act), t.legal_actions()))
    return t


def _consistent_worlds(t: hoyle.Table, seat: str) -> set[frozenset[tuple[str, frozenset[str]]]]:
    """Every deal of the concealed cards the rules accept and the seat's view allows, by brute force: each way
    of dealing them to the hands of their sizes is replayed, and kept when the replay stands and shows the seat
    what the table shows it."""
    hidden, _ = rs.concealed(t, seat)
    owners = sorted(set(hidden.values()))
    sizes = [sum(1 for o in hidden.values() if o == x) for x in owners]
    cards = sorted(hidden)
    record = t.record()
    found = set()
    for labels in set(itertools.permutations([i for i, n in enumerate(sizes) for _ in range(n)])):
        hands = {o: [c for c, lab in zip(cards, labels, strict=True) if lab == i] for i, o in enumerate(owners)}
        world = rs._rebuild(t, record, hidden, hands, random.Random(0))
        if world is not None and world.view(seat) == t.view(seat):
            found.add(_key(world, owners))
    return found


def _key(world: hoyle.Table, owners: list[str]) -> frozenset[tuple[str, frozenset[str]]]:
    h = hands_of(world)
    return frozenset((o, h[o]) for o in owners)


@pytest.mark.parametrize("seed", [3, 7])
def test_every_consistent_world_appears_and_no_other(seed: int) -> None:
    """A small ending (two cards a hand): the worlds drawn are exactly the deals the rules and the view allow,
    each with about its share (a chi-square test, far from its critical value)."""
    t = _ending(seed, 2)
    seat = t.to_act
    assert seat is not None
    owners = sorted(set(rs.concealed(t, seat)[0].values()))
    allowed = _consistent_worlds(t, seat)
    assert len(allowed) >= 2
    rng = random.Random(seed)
    n = 25 * len(allowed)
    counts = Counter(_key(t.resample(seat, rng), owners) for _ in range(n))
    assert set(counts) == allowed
    expected = n / len(allowed)
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in allowed)
    dof = len(allowed) - 1
    assert chi2 < dof + 6 * (2 * dof) ** 0.5 + 10


def test_the_exact_sampler_is_uniform_under_tight_voids() -> None:
    """The suit-by-suit sampler (used when rejection fails) against exact enumeration: three hands, voids
    that leave few deals."""
    cards = [Card.from_text(c) for c in ("AS", "KS", "QS", "AH", "KH", "2C", "3C", "4D")]
    hidden = dict.fromkeys(cards, "")
    owners = ["E", "N", "W"]
    sizes = {"E": 3, "N": 3, "W": 2}
    bars = {"E": {3}, "N": {2}, "W": {0, 1}}
    for i, c in enumerate(cards):
        hidden[c] = owners[i % 3]
    allowed = set()
    for labels in set(itertools.permutations([o for o in owners for _ in range(sizes[o])])):
        hands = {o: frozenset(c for c, lab in zip(cards, labels, strict=True) if lab == o) for o in owners}
        if all(c.suit not in bars[o] for o in owners for c in hands[o]):
            allowed.add(frozenset(hands.items()))
    rng = random.Random(2)
    n = 100 * len(allowed)
    counts: Counter[frozenset[tuple[str, frozenset[Card]]]] = Counter()
    for _ in range(n):
        got = rs._exact(sorted(cards), owners, sizes, bars, rng)
        assert got is not None
        counts[frozenset((o, frozenset(cs)) for o, cs in got.items())] += 1
    assert set(counts) == allowed
    expected = n / len(allowed)
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in allowed)
    dof = len(allowed) - 1
    assert chi2 < dof + 6 * (2 * dof) ** 0.5 + 10


def test_two_tables_the_seat_cannot_tell_apart_give_the_same_worlds() -> None:
    """The worlds depend only on what the seat has seen: tables that differ only in cards concealed from it
    give, draw for draw, the same worlds."""
    t = _ending(5, 4)
    seat = t.to_act
    assert seat is not None
    other = t.resample(seat, random.Random(99))
    assert hands_of(other) != hands_of(t)
    a = [hands_of(t.resample(seat, random.Random(i))) for i in range(8)]
    b = [hands_of(other.resample(seat, random.Random(i))) for i in range(8)]
    assert a == b


def test_resample_names_the_games_it_serves() -> None:
    t = hoyle.game("poker").table(seed=1)
    with pytest.raises(ValueError, match="whist, dummy"):
        t.resample("A", random.Random(1))
    w = hoyle.game("whist").table(seed=1)
    with pytest.raises(ValueError, match="no seat"):
        w.resample("X", random.Random(1))
