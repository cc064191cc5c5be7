"""Observations: a seat's view as a fixed-length float32 array, and the decoder that reads it back.

``t.observation(seat)`` is computed from ``t.view(seat)`` and nothing else, so it can hold no more than the view
holds: no concealed card of another seat can reach it.  Every game's array is a sequence of named *blocks*
(:class:`Layout`); seats are counted from the observer, clockwise (block row 0 is the observer, row 1 the seat on
his left, ...), so that one policy serves every seat.  ``docs/research.md`` prints each game's layout.

>>> import hoyle
>>> g = hoyle.game("whist")
>>> t = g.table(seed=1)
>>> obs = t.observation(t.to_act)
>>> obs.shape == g.observation_shape, obs.dtype.name
(True, 'float32')
>>> sorted(decode(g, obs)["hand"]) == sorted(t.view(t.to_act)["hand"])
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import Card
from .spaces import space

if TYPE_CHECKING:
    from ..engine.registry import Game
    from ..engine.table import Table

__all__ = ["Block", "Layout", "decode", "encode", "layout"]

CARD_SLOTS = 53  # the 52 cards and Mistigris (003), by card index
_SUITS = ("C", "D", "H", "S")


@dataclass(frozen=True, slots=True)
class Block:
    """A named run of the observation: ``rows`` × ``width`` floats from ``offset``."""

    name: str
    offset: int
    rows: int
    width: int
    meaning: str

    @property
    def size(self) -> int:
        return self.rows * self.width


@dataclass(frozen=True, slots=True)
class Layout:
    """One game's observation: its blocks in order, and what scales its numbers."""

    game: str
    seats: int
    blocks: tuple[Block, ...]
    phases: tuple[str, ...]
    calls: tuple[str, ...]
    scale: float

    @property
    def size(self) -> int:
        return sum(b.size for b in self.blocks)

    def block(self, name: str) -> Block:
        for b in self.blocks:
            if b.name == name:
                return b
        raise KeyError(name)


_PHASES: dict[str, tuple[str, ...]] = {
    "whist": ("play",),
    "dummy": ("play",),
    "double-dummy": ("play",),
    "cayenne": ("declare", "play"),
    "solo": ("auction", "trumps", "play"),
    "boston": ("auction", "trumps", "discard", "play"),
    "pope-joan": ("cut", "lead", "play"),
    "vingt-un": ("cut", "stake", "declare", "double", "play", "dealer"),
    "poker": ("ante", "bet", "draw", "widow", "exchange"),
}


def _game_key(g: Game) -> str:
    return "pope-joan" if g.name in ("pope joan", "pope-joan") else g.name


def _seat_count(g: Game) -> int:
    o = g.options
    if "players" in o:
        return int(o["players"])
    return 4


def _scale(g: Game) -> float:
    """A typical size of the game's scores, so that the floats stay near the unit."""
    o = g.options
    key = _game_key(g)
    if key == "poker":
        return float(max(1, int(o["limit"]) * 10))
    if key == "vingt-un":
        return float(max(1, int(o["max_stake"]) * 4))
    if key in ("solo", "boston"):
        return 100.0
    if key == "pope-joan":
        return 20.0
    return 10.0


def _build(g: Game) -> Layout:
    key = _game_key(g)
    n = _seat_count(g)
    sp = space(g)
    calls = (
        tuple(sp.describe(i) for i in range(len(sp)) if not sp.describe(i).startswith(("play ", "discard ", "cut ")))
        if key in ("solo", "boston", "cayenne")
        else ()
    )
    phases = (*_PHASES.get(key, ()), "other")
    specs: list[tuple[str, int, int, str]] = [
        ("hand", 1, CARD_SLOTS, "the observer's own concealed cards, by card index (52 is Mistigris)"),
        ("played", n, CARD_SLOTS, "cards each seat has played or shown face up this deal, row 0 the observer"),
        ("trick", n, CARD_SLOTS, "the trick on the table (or the run in progress), by the seat that played each card"),
        (
            "exposed",
            n,
            CARD_SLOTS,
            "cards lying face up in front of each seat (a dummy, an open misère, stud's"
            " up cards, a box's face-up cards)",
        ),
        ("turned", 1, CARD_SLOTS, "the trump card turned, Boston's and Cayenne's cut card, the dealer's up cards"),
        ("widow", 1, CARD_SLOTS, "the widow's cards where they lie face up (Whiskey Poker)"),
        ("trumps", 1, 5, "the trump suit C, D, H, S, or none"),
        ("to_act", 1, n, "the seat to act, relative to the observer"),
        ("dealer", 1, n, "the dealer (or banker), relative to the observer"),
        ("phase", 1, len(phases), "the phase: " + ", ".join(phases)),
        ("hand_counts", 1, n, "cards in each seat's hand, divided by 13"),
        ("tricks", 1, n, "tricks won this deal by each seat (a side's tricks on each of its seats), divided by 13"),
        ("scores", 1, n, f"each seat's standing (a side's on each of its seats), divided by {_scale(g):g}"),
        ("in_deal", 1, n, "1 for each seat still in the deal (not out, not passed, not retired)"),
    ]
    if calls:
        specs += [
            ("calls", n, len(calls), "every call each seat has made in this deal's auction: " + "; ".join(calls)),
            ("contract", 1, len(calls), "the call that stands (the contract or declaration)"),
            ("declarer", 1, n, "the declaring seats, relative to the observer"),
        ]
    if key == "poker":
        specs += [
            (
                "money",
                1,
                4 + 2 * n,
                "pot, level, limit and ante, then each seat's stake in the pot and what it owes, divided by the scale",
            ),
        ]
    if key == "vingt-un":
        specs += [
            ("boxes", n, 4, "each seat's box: stake / scale, cards face down / 5, total shown / 21, stood or over"),
        ]
    if key == "pope-joan":
        specs += [("board", 1, 8, "counters in each compartment of the board, divided by the scale")]
    blocks = []
    off = 0
    for name, rows, width, meaning in specs:
        blocks.append(Block(name, off, rows, width, meaning))
        off += rows * width
    return Layout(key, n, tuple(blocks), phases, calls, _scale(g))


layout = cache(_build)
"""``layout(g)``: the observation layout of game ``g``, built once per game and options."""


def _card_index(text: str) -> int:
    return int(Card.from_text(text))


def _cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        c = value.get("card")
        if isinstance(c, str):
            return [c]
        r, s = value.get("rank"), value.get("suit")
        if isinstance(r, str | int) and isinstance(s, str):
            return [f"{r}{s}"]
        return []
    if isinstance(value, Sequence):
        return [x for v in value for x in _cards(v)]
    return []


def encode(t: Table, seat: str | None) -> np.ndarray:
    """The observation of ``seat`` (``None``: a spectator) at table ``t``: see the module's docstring."""
    g = t.game
    lay = layout(g)
    v = t.view(seat)
    out = np.zeros(lay.size, dtype=np.float32)
    seats = list(t.seats)
    n = lay.seats
    me = seats.index(seat) if seat in seats else 0

    def rel(s: Any) -> int | None:
        if not isinstance(s, str) or s not in seats:
            return None
        return (seats.index(s) - me) % len(seats)

    def sides(key: str) -> list[int]:
        if key in seats:
            r = rel(key)
            return [] if r is None else [r]
        if len(key) > 1 and all(ch in seats for ch in key):
            return [r for ch in key if (r := rel(ch)) is not None]
        return []

    def put_cards(name: str, row: int, cards: Sequence[str]) -> None:
        b = lay.block(name)
        if row >= b.rows:
            return
        base = b.offset + row * b.width
        for c in cards:
            try:
                out[base + _card_index(c)] = 1.0
            except ValueError:
                continue

    def put(name: str, row: int, col: int, value: float) -> None:
        b = lay.block(name)
        if 0 <= row < b.rows and 0 <= col < b.width:
            out[b.offset + row * b.width + col] = value

    put_cards("hand", 0, _cards(v.get("hand", [])))
    for entry in v.get("played") or []:
        r = rel(entry.get("seat")) if isinstance(entry, Mapping) else None
        if r is not None:
            put_cards("played", r, _cards(entry))
    for s, cards in (v.get("face_up") or {}).items():
        r = rel(s)
        if r is not None:
            put_cards("played", r, _cards(cards))
    trick = v.get("trick") or []
    if isinstance(trick, Sequence):
        for entry in trick:
            r = rel(entry.get("seat")) if isinstance(entry, Mapping) else None
            if r is not None:
                put_cards("trick", r, _cards(entry))
    for run in (v.get("runs") or [])[-1:]:
        for entry in run.get("cards", []) if isinstance(run, Mapping) else []:
            r = rel(entry.get("seat")) if isinstance(entry, Mapping) else None
            if r is not None:
                put_cards("trick", r, _cards(entry))
    for key in ("exposed", "up"):
        for s, cards in (v.get(key) or {}).items():
            r = rel(s)
            if r is not None:
                put_cards("exposed", r, _cards(cards))
    for s, boxes in (v.get("boxes") or {}).items():
        r = rel(s)
        if r is None:
            continue
        for box in boxes:
            put_cards("exposed", r, _cards(box.get("up", [])))
            if "boxes" in {b.name for b in lay.blocks}:
                put("boxes", r, 0, float(box.get("stake") or 0) / lay.scale)
                put("boxes", r, 1, float(box.get("down") or 0) / 5)
                put("boxes", r, 2, float(box.get("total") or 0) / 21)
                put("boxes", r, 3, 1.0 if box.get("status") in ("stood", "over") else 0.0)
    for key in ("turned", "cut_card"):
        put_cards("turned", 0, _cards(v.get(key)))
    box = v.get("dealer_box")
    if isinstance(box, Mapping):
        put_cards("turned", 0, _cards(box.get("up", [])))
    put_cards("widow", 0, _cards(v.get("widow") or []))
    trumps = v.get("trumps")
    put("trumps", 0, _SUITS.index(trumps) if trumps in _SUITS else 4, 1.0)
    for key, block in (("to_act", "to_act"), ("dealer", "dealer")):
        r = rel(v.get(key))
        if r is not None:
            put(block, 0, r, 1.0)
    phase = v.get("phase", "play" if lay.phases[0] == "play" else "other")
    put("phase", 0, lay.phases.index(phase) if phase in lay.phases else len(lay.phases) - 1, 1.0)
    counts = v.get("hand_counts") or v.get("cards_left") or {}
    for s, k in counts.items():
        r = rel(s)
        if r is not None and isinstance(k, int | float):
            put("hand_counts", 0, r, float(k) / 13)
    if isinstance(v.get("hand"), list) and seat in seats and not counts:
        put("hand_counts", 0, 0, len(v["hand"]) / 13)
    for s, k in (v.get("tricks") or {}).items():
        if isinstance(k, int | float):
            for r in sides(s):
                put("tricks", 0, r, float(k) / 13)
    for s, k in (v.get("scores") or {}).items():
        if isinstance(k, int | float):
            for r in sides(s):
                put("scores", 0, r, float(k) / lay.scale)
    in_deal = v.get("in") or v.get("active")
    for s in seats:
        r = rel(s)
        if r is None:
            continue
        if in_deal is None or s in in_deal:
            put("in_deal", 0, r, 1.0)
    passed = v.get("passed")
    for s in passed if isinstance(passed, list) else []:
        r = rel(s) if isinstance(s, str) else None
        if r is not None:
            put("in_deal", 0, r, 0.0)
    if lay.calls:
        _encode_calls(v, lay, put, rel)
    if lay.game == "poker":
        money = lay.block("money")
        betting = v.get("betting") or {}
        base = [v.get("pot", 0), betting.get("level", 0), v.get("limit", 0), v.get("ante", 0)]
        for i, x in enumerate(base):
            put("money", 0, i, float(x or 0) / lay.scale)
        for s, k in (v.get("staked") or {}).items():
            r = rel(s)
            if r is not None:
                put("money", 0, 4 + r, float(k) / lay.scale)
        for s, k in (betting.get("owes") or {}).items():
            r = rel(s)
            if r is not None:
                put("money", 0, 4 + n + r, float(k) / lay.scale)
        del money
    if lay.game == "pope-joan":
        for i, k in enumerate((v.get("board") or {}).values()):
            put("board", 0, i, float(k) / lay.scale)
    return out


def _encode_calls(v: Mapping[str, Any], lay: Layout, put: Any, rel: Any) -> None:
    index = {c: i for i, c in enumerate(lay.calls)}

    def call_index(said: str) -> int | None:
        for text in (said, f"call {said}", f"bid {said}", f"declare {said}"):
            if text in index:
                return index[text]
        return None

    for entry in v.get("auction") or []:
        r = rel(entry.get("seat"))
        i = call_index(str(entry.get("said", "")))
        if r is not None and i is not None:
            put("calls", r, i, 1.0)
    contract = v.get("contract") or v.get("declaration")
    if isinstance(contract, Mapping):
        said = contract.get("call") or contract.get("what")
        i = call_index(str(said)) if said is not None else None
        if i is not None:
            put("contract", 0, i, 1.0)
        who = contract.get("declarers") or ([contract["by"]] if contract.get("by") else [])
        for s in who:
            r = rel(s)
            if r is not None:
                put("declarer", 0, r, 1.0)
    elif v.get("declarer") is not None:
        r = rel(v.get("declarer"))
        if r is not None:
            put("declarer", 0, r, 1.0)


def decode(g: Game, obs: np.ndarray) -> dict[str, Any]:
    """The blocks of an observation by name: card blocks as lists of card texts (per row), others as arrays."""
    from ..cards import CARDS

    lay = layout(g)
    names = [str(c) for c in CARDS]
    out: dict[str, Any] = {}
    for b in lay.blocks:
        part = np.asarray(obs[b.offset : b.offset + b.size]).reshape(b.rows, b.width)
        if b.width == CARD_SLOTS:
            rows = [[names[i] for i in np.flatnonzero(row)] for row in part]
            out[b.name] = rows[0] if b.rows == 1 else rows
        else:
            out[b.name] = part[0] if b.rows == 1 else part
    return out
