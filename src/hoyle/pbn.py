"""PBN (Portable Bridge Notation) for whist deals: ``loads``/``dumps`` in the manner of the ``json`` module.

A whist deal is written with PBN's ``Dealer`` and ``Deal`` tags, and the
turned trump card, which PBN has no tag for, in a ``TrumpCard`` tag (PBN
allows tags of one's own; bridge programs ignore it)::

    [Event "hoyle whist"]
    [Board "1"]
    [Dealer "W"]
    [TrumpCard "7H"]
    [Deal "N:AKQ2.T98.J65.432 ..."]

``Deal`` gives the four hands clockwise from the seat before the colon, each
as spades.hearts.diamonds.clubs with ranks ``AKQJT98765432``.  A deal read
from PBN is a ``dict`` that ``hoyle.game("whist").table(deal=...)`` plays as
dealt.  Errors are :class:`PBNError`, naming the line and the tag.

>>> deal = {"dealer": "W", "turned": "2C", "hands": {
...     "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
...     "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"}}
>>> text = dumps([deal])
>>> '[Deal "W:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."]' in text
True
>>> loads(text)[0]["hands"]["W"].split()[0]
'AC'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cards import CARDS, PACK_52, Card, parse
from .errors import HoyleError

__all__ = ["PBNError", "dumps", "from_record", "loads"]

SEATS = "NESW"
_PBN_SUITS = "SHDC"  # PBN writes spades, hearts, diamonds, clubs
_RANKS = "AKQJT98765432"
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


class PBNError(HoyleError):
    """A PBN text that is not a whist deal; the message names the line and the tag."""


def _hand_pbn(cards: Iterable[Card]) -> str:
    by_suit: dict[str, list[str]] = {s: [] for s in _PBN_SUITS}
    for c in cards:
        by_suit[c.suit_letter].append(str(c)[0])
    return ".".join("".join(sorted(by_suit[s], key=_RANKS.index)) for s in _PBN_SUITS)


def dumps(deals: Sequence[Mapping[str, Any]], *, event: str = "hoyle whist") -> str:
    """PBN text for whist deals (each ``{"dealer", "turned", "hands"}``, as ``table(deal=...)`` takes)."""
    games = []
    for n, d in enumerate(deals, start=1):
        dealer = str(d["dealer"]).upper()
        first = dealer  # the hands clockwise from the dealer's, as PBN programs usually write them
        hands = [_hand_pbn(parse(d["hands"][SEATS[(SEATS.index(first) + k) % 4]])) for k in range(4)]
        tags = [("Event", event), ("Board", str(d.get("board", n))), ("Dealer", dealer)]
        if d.get("turned"):
            tags.append(("TrumpCard", str(Card.from_text(str(d["turned"])))))
        tags.append(("Deal", f"{first}:{' '.join(hands)}"))
        games.append("\n".join(f'[{k} "{v}"]' for k, v in tags))
    return "\n\n".join(games) + "\n"


def loads(text: str) -> list[dict[str, Any]]:
    """The whist deals in a PBN text, each ready for ``table(deal=...)``; :class:`PBNError` on bad input."""
    deals: list[dict[str, Any]] = []
    tags: dict[str, tuple[str, int]] = {}
    in_comment = False

    def finish() -> None:
        if tags:
            deals.append(_deal_from_tags(tags))
            tags.clear()

    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_comment:
            in_comment = "}" not in line
            continue
        if line.startswith("{"):
            in_comment = "}" not in line
            continue
        if not line:
            finish()
            continue
        if line.startswith(";") or line.startswith("%"):
            continue
        if not line.startswith("["):
            continue  # the play and auction sections of bridge PBN are not whist's
        m = _TAG.match(line)
        if m is None:
            raise PBNError(f"line {n}: not a PBN tag: {line!r} (write [Name \"value\"])")
        name, value = m.group(1), m.group(2)
        if name == "Event" and tags and "Deal" in tags:
            finish()
        tags[name] = (value, n)
    finish()
    if not deals:
        raise PBNError("no deal found: a whist deal needs a [Deal \"...\"] tag")
    return deals


def _deal_from_tags(tags: Mapping[str, tuple[str, int]]) -> dict[str, Any]:
    if "Deal" not in tags:
        first_line = min(n for _, n in tags.values())
        raise PBNError(f"line {first_line}: a game without a [Deal] tag")
    value, line = tags["Deal"]
    m = re.fullmatch(r"([NESWnesw]):(.*)", value.strip())
    if m is None:
        raise PBNError(f"line {line}, Deal: {value!r} must start with the first hand's seat and a colon, e.g. 'N:'")
    first = m.group(1).upper()
    parts = m.group(2).split()
    if len(parts) != 4:
        raise PBNError(f"line {line}, Deal: four hands are needed, found {len(parts)}")
    hands: dict[str, str] = {}
    seen: set[Card] = set()
    for k, part in enumerate(parts):
        seat = SEATS[(SEATS.index(first) + k) % 4]
        suits = part.split(".")
        if len(suits) != 4:
            raise PBNError(f"line {line}, Deal: {seat}'s hand {part!r} needs four suits separated by dots")
        cards: list[Card] = []
        for suit, ranks in zip(_PBN_SUITS, suits, strict=True):
            for r in ranks.upper():
                if r not in _RANKS:
                    raise PBNError(f"line {line}, Deal: {seat} has {r!r}, which is not a rank (AKQJT98765432)")
                c = Card.from_text(r + suit)
                if c in seen:
                    raise PBNError(f"line {line}, Deal: {c} is dealt twice")
                seen.add(c)
                cards.append(c)
        if len(cards) != 13:
            raise PBNError(f"line {line}, Deal: {seat} has {len(cards)} cards; a whist hand has thirteen")
        hands[seat] = " ".join(str(c) for c in cards)
    deal: dict[str, Any] = {"hands": hands}
    if "Dealer" in tags:
        dealer, dline = tags["Dealer"]
        if dealer.strip().upper() not in ("N", "E", "S", "W"):
            raise PBNError(f"line {dline}, Dealer: {dealer!r} is not a seat (N, E, S or W)")
        deal["dealer"] = dealer.strip().upper()
    else:
        raise PBNError(f"line {line}: a whist deal needs a [Dealer] tag")
    if "TrumpCard" in tags:
        turned, tline = tags["TrumpCard"]
        try:
            card = Card.from_text(turned)
        except ValueError as exc:
            raise PBNError(f"line {tline}, TrumpCard: {exc}") from None
        if str(card) not in hands[deal["dealer"]].split():
            raise PBNError(f"line {tline}, TrumpCard: {card} is not in the dealer's ({deal['dealer']}) hand"
                           " (the turned card is the dealer's: 000 §44 III)")
        deal["turned"] = str(card)
    else:
        raise PBNError(f"line {line}: a whist deal needs the turned trump, in a [TrumpCard] tag")
    if "Board" in tags:
        deal["board"] = tags["Board"][0]
    return deal


def from_record(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The deals of a whist record (Whist, Dummy, Double Dummy) as dicts for :func:`dumps`."""
    out = []
    for i, d in enumerate(record["deals"], start=1):
        order = parse(d["order"])
        if len(order) != len(PACK_52):
            raise PBNError(f"deals[{i - 1}] is not a whist deal of 52 cards")
        dealer = d["dealer"]
        eldest = (SEATS.index(dealer) + 1) % 4
        hands: dict[str, list[str]] = {s: [] for s in SEATS}
        for k, c in enumerate(order):  # one at a time from the dealer's left (000 §44 I)
            hands[SEATS[(eldest + k) % 4]].append(str(CARDS[c]))
        out.append({"board": str(i), "dealer": dealer, "turned": str(order[-1]),
                    "hands": {s: " ".join(h) for s, h in hands.items()}})
    return out
