"""Worlds consistent with what one seat has seen: :meth:`Table.resample` (OpenSpiel's ``resample_from_infostate``).

A world is a copy of the table at the same point of the deal in which every card concealed from the seat is
dealt afresh.  What the seat has seen stays where it is: its own hand, every card played, the trump card (still
in the dealer's hand once taken up), exposed hands and exposed cards, and anything the deal's events have
shown it.  What it has inferred stays true: a seat that has renounced a suit is given none of it, and each
hand keeps its size.  Among the deals that satisfy all that, the world is drawn uniformly.

How: the concealed cards are dealt to the hands that hold them now, by rejection (a shuffle, kept when no
renounced suit lands in a hand that showed out of it) and, when that fails often, by exact sampling suit by
suit (the number of completions of each split counted by dynamic programming); the pack order of the deal is
rewritten so that the game's own deal gives those hands, and the sitting is replayed, action for action, from
its record.  The replay checks every act again, so a world is always a table the rules accept; and the seat's
view of it is checked to be the seat's view of the table.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Mapping
from math import factorial
from typing import TYPE_CHECKING, Any

from ..cards import Card, SeededShuffler, format_cards, parse

if TYPE_CHECKING:
    from .table import Table

__all__ = ["FAMILY", "concealed", "resample"]

FAMILY = ("whist", "dummy", "double-dummy", "solo", "boston", "cayenne")
"""The games a table can be resampled in: the whist family, where every card is in a hand or face up."""

_CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][CDHS])(?![0-9A-Za-z])")


def _tokens(data: Any) -> set[str]:
    return set(_CARD.findall(json.dumps(data, default=str)))


def _deal_start(t: Table) -> int:
    """The index in ``t.events`` of the current deal's deal event."""
    for i in range(len(t.events) - 1, -1, -1):
        if t.events[i].kind == "deal":
            return i
    return 0


def concealed(t: Table, seat: str) -> tuple[dict[Card, str], dict[str, set[int]]]:
    """The cards concealed from ``seat`` with the hands that hold them, and the suits each hand has shown out of.

    Seen: every card named in the seat's view or in what the deal's events showed it (its own hand, the
    trump card, the cards played, exposed cards).  Shown out: a seat that played another suit to a trick led
    in a suit (the deal's play events, trick by trick).
    """
    start = _deal_start(t)
    events = t.events[start:]
    seen = _tokens(t.view(seat)) | _tokens([e.visible_to(seat) for e in events])
    hidden: dict[Card, str] = {}
    for text, place in t.places().items():
        if place.startswith("hand ") and text not in seen:
            owner = place[5:]
            if owner != seat:
                hidden[Card.from_text(text)] = owner
    voids: dict[str, set[int]] = {}
    led: int | None = None
    for e in events:
        if e.kind == "trick":
            led = None
        elif e.kind == "play" and e.seat is not None and "card" in e.data and not e.data.get("out of turn"):
            card = Card.from_text(e.data["card"])
            if led is None:
                led = card.suit
            elif card.suit != led:
                voids.setdefault(e.seat, set()).add(led)
    return hidden, voids


def resample(t: Table, seat: str, rng: random.Random, *, tries: int = 20) -> Table:
    """A world: a copy of ``t`` in which every card concealed from ``seat`` is dealt afresh (module docstring)."""
    t.seat_check(seat)
    if seat is None:
        raise ValueError("resample needs a seat: a spectator's worlds are every deal of the unseen cards")
    if t.game.name not in FAMILY:
        raise ValueError(f"{t.game.name} tables cannot be resampled; the games that can: {', '.join(FAMILY)}")
    hidden, voids = concealed(t, seat)
    if not hidden:
        return t.clone()
    record = t.record()
    want = t.view(seat)
    for attempt in range(tries):
        hands = _deal(hidden, voids if attempt < tries // 2 else {}, rng)
        if hands is None:
            hands = _deal(hidden, {}, rng)
        assert hands is not None
        world = _rebuild(t, record, hidden, hands, rng)
        if world is not None and world.view(seat) == want:
            return world
    raise RuntimeError(f"no world consistent with {seat}'s view could be rebuilt in {tries} tries")


def _deal(
    hidden: Mapping[Card, str], voids: Mapping[str, set[int]], rng: random.Random
) -> dict[str, list[Card]] | None:
    """The hidden cards dealt uniformly among the deals that give each hand its size and no renounced suit."""
    owners = sorted(set(hidden.values()))
    sizes = {o: sum(1 for x in hidden.values() if x == o) for o in owners}
    cards = sorted(hidden)
    bars = {o: voids.get(o, set()) for o in owners}
    if not any(bars[o] & {c.suit for c in cards} for o in owners):
        rng.shuffle(cards)
        return _split(cards, owners, sizes)
    for _ in range(64):  # rejection: uniform over the deals that pass
        pool = cards[:]
        rng.shuffle(pool)
        hands = _split(pool, owners, sizes)
        if all(c.suit not in bars[o] for o, cs in hands.items() for c in cs):
            return hands
    return _exact(cards, owners, sizes, bars, rng)


def _split(cards: list[Card], owners: list[str], sizes: Mapping[str, int]) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {}
    i = 0
    for o in owners:
        out[o] = cards[i : i + sizes[o]]
        i += sizes[o]
    return out


def _exact(
    cards: list[Card], owners: list[str], sizes: Mapping[str, int], bars: Mapping[str, set[int]], rng: random.Random
) -> dict[str, list[Card]] | None:
    """Exact uniform sampling, suit by suit: a split of each suit among the hands is drawn with weight the number
    of ways to deal it (a multinomial) times the number of completions of the other suits."""
    suits = sorted({c.suit for c in cards})
    by_suit = {s: [c for c in cards if c.suit == s] for s in suits}
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def splits(n: int, room: tuple[int, ...], allowed: tuple[bool, ...]) -> Iterable[tuple[int, ...]]:
        if len(room) == 1:
            if n <= room[0] and (n == 0 or allowed[0]):
                yield (n,)
            return
        top = min(n, room[0]) if allowed[0] else 0
        for k in range(top + 1):
            for rest in splits(n - k, room[1:], allowed[1:]):
                yield (k, *rest)

    def ways(n: int, split: tuple[int, ...]) -> int:
        w = factorial(n)
        for k in split:
            w //= factorial(k)
        return w

    def count(i: int, room: tuple[int, ...]) -> int:
        if i == len(suits):
            return 1 if not any(room) else 0
        key = (i, room)
        if key not in memo:
            s = suits[i]
            n = len(by_suit[s])
            allowed = tuple(s not in bars[o] for o in owners)
            memo[key] = sum(
                ways(n, k) * count(i + 1, tuple(r - x for r, x in zip(room, k, strict=True)))
                for k in splits(n, room, allowed)
            )
        return memo[key]

    room = tuple(sizes[o] for o in owners)
    if count(0, room) == 0:
        return None
    out: dict[str, list[Card]] = {o: [] for o in owners}
    for i, s in enumerate(suits):
        n = len(by_suit[s])
        allowed = tuple(s not in bars[o] for o in owners)
        options = []
        for k in splits(n, room, allowed):
            rest = tuple(r - x for r, x in zip(room, k, strict=True))
            w = ways(n, k) * count(i + 1, rest)
            if w:
                options.append((k, rest, w))
        pick = rng.randrange(sum(w for _, _, w in options))
        chosen = options[-1]
        for option in options:
            if pick < option[2]:
                chosen = option
                break
            pick -= option[2]
        k, rest, _ = chosen
        pool = by_suit[s][:]
        rng.shuffle(pool)
        j = 0
        for o, x in zip(owners, k, strict=True):
            out[o].extend(pool[j : j + x])
            j += x
        room = rest
    return out


def _rebuild(
    t: Table, record: Mapping[str, Any], hidden: Mapping[Card, str], hands: Mapping[str, list[Card]], rng: random.Random
) -> Table | None:
    """The sitting replayed from ``record`` with the current deal's pack order rewritten to give ``hands``."""
    from ..errors import HoyleError
    from .table import rebuild

    deals = [dict(d) for d in record["deals"]]
    order = list(parse(deals[-1]["order"]))
    where = {c: i for i, c in enumerate(order)}
    for owner, cards in hands.items():
        places = sorted(where[c] for c, o in hidden.items() if o == owner)
        fresh = list(cards)
        rng.shuffle(fresh)
        for p, c in zip(places, fresh, strict=True):
            order[p] = c
    deals[-1]["order"] = format_cards(order)
    if "still" in deals[-1]:
        # Boston does not shuffle after the first deal (002 §8): a replay checks that the pack dealt is the last
        # pack gathered, cut.  The seat has not that pack's order in mind (no view keeps a deal's cards after
        # it), so a world's pack is given as dealt, without its cut, which the check does not look at.
        deals[-1]["cut"] = None
    try:
        world = rebuild({**record, "deals": deals}, game=t.game)
        for a in record["actions"]:
            world.apply(a)
    except (HoyleError, ValueError, KeyError):
        return None
    world._cut_script = None
    world._shuffler = SeededShuffler(rng.getrandbits(62))
    return world
