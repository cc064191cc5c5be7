"""PBN (Portable Bridge Notation) for deals of the whist family: ``loads``/``dumps`` in the manner of ``json``.

A deal is written with PBN's ``Board``, ``Dealer`` and ``Deal`` tags, the turned
trump card (which PBN has no tag for) in a ``TrumpCard`` tag of hoyle's own (PBN
allows tags of one's own; bridge programs keep or ignore them), and, once cards
have been played, the play in PBN's ``Play`` section with the ``Declarer``,
``Contract`` and ``Result`` that bridge programs need to read it::

    [Event "hoyle whist"]
    [Board "4"]
    [Dealer "W"]
    [Deal "W:KJT65.A.Q96.K732 ..."]
    [TrumpCard "JS"]
    [Declarer "W"]
    [Contract "1S"]
    [Play "N"]
    C8 C2 CQ C5
    ...

``Deal`` gives the four hands clockwise from the seat before the colon, each as
spades.hearts.diamonds.clubs with ranks ``AKQJT98765432``.  What maps to what,
and what cannot be written, is in ``docs/pbn.md``.

A deal read from PBN is a ``dict`` that ``hoyle.game(...).table(deal=...)``
plays as dealt; :func:`to_table` also plays its calls and its ``Play`` section
out, card for card.  Errors are :class:`PBNError`, naming the line and the tag.

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
from typing import TYPE_CHECKING, Any

from .cards import Card, parse
from .engine.actions import as_action
from .errors import HoyleError

if TYPE_CHECKING:
    from .engine.table import Table

__all__ = ["GAMES", "PBNError", "dumps", "from_record", "from_table", "loads", "to_table"]

SEATS = "NESW"
GAMES = ("whist", "dummy", "double-dummy", "cayenne", "solo", "boston")
"""The games whose deals PBN holds: four hands of thirteen, in four seats."""
_LEADS_LEFT_OF_DEALER = ("whist", "dummy", "double-dummy")  # the eldest hand leads: the whole deal is its hands
_TURNED_FROM_HAND = ("whist", "dummy", "double-dummy", "solo")  # the trump card is the dealer's (000 §44; 003)
_PBN_SUITS = "SHDC"  # PBN writes spades, hearts, diamonds, clubs
_RANKS = "AKQJT98765432"
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*(;.*|\{.*)?$')
_CONTRACT = re.compile(r"^([1-7])([SHDC]|NT)(X{0,2})$", re.IGNORECASE)
_SEATING = re.compile(r"seats ([A-Z]=[NESW](?:, [A-Z]=[NESW]){3})")


class PBNError(HoyleError):
    """A PBN text that is not a whist-family deal, or a table PBN cannot hold; the message says where and why."""


def _hand_pbn(cards: Iterable[Card]) -> str:
    by_suit: dict[str, list[str]] = {s: [] for s in _PBN_SUITS}
    for c in cards:
        by_suit[c.suit_letter].append(str(c)[0])
    return ".".join("".join(sorted(by_suit[s], key=_RANKS.index)) for s in _PBN_SUITS)


def _board_for(dealer: str, after: int) -> int:
    """The first board number above ``after`` whose dealer, as bridge numbers boards, is ``dealer``.

    Bridge programs (endplay among them) take the dealer from the board number when no contract is given:
    board 1 is North's, 2 East's, 3 South's, 4 West's, and so round.
    """
    n = after + 1
    while SEATS[(n - 1) % 4] != dealer:
        n += 1
    return n


# ---------------------------------------------------------------------------------------------- writing


def dumps(deals: Sequence[Mapping[str, Any]], *, event: str | None = None) -> str:
    """PBN text for deals, each ``{"dealer", "turned", "hands"}`` as ``table(deal=...)`` takes, in compass seats.

    A deal made by :func:`from_table` or :func:`from_record` also carries its game, the seating of round
    games, its calls and its play, which are written too.  Board numbers are chosen so that each board's
    number gives its dealer as bridge programs count (board 1 North, 2 East, ...); a deal's own ``board``
    is kept when it agrees with its dealer.
    """
    games = []
    board = 0
    for n, d in enumerate(deals, start=1):
        try:
            games.append(_deal_text(d, n, board, event))
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, PBNError):
                raise
            raise PBNError(
                f"deal {n}: not a deal PBN can hold ({_plain(exc)}); a deal is"
                " {'dealer': 'W', 'turned': '7H', 'hands': {'N': '...', 'E': ..., 'S': ..., 'W': ...}}"
            ) from None
        board = int(games[-1].split('[Board "', 1)[1].split('"', 1)[0])
    return "\n\n".join(games) + "\n"


def _plain(exc: BaseException) -> str:
    return f"missing {exc}" if isinstance(exc, KeyError) else str(exc)


def _deal_text(d: Mapping[str, Any], n: int, after: int, event: str | None) -> str:
    seating = d.get("seating") or {}
    dealer = str(seating.get(d["dealer"], d["dealer"])).upper()  # a round game's A-D, as loads gives them
    if dealer not in SEATS:
        raise PBNError(f"deal {n}: dealer {dealer!r} is not a compass seat (N, E, S or W)")
    hands_given = {str(seating.get(k, k)): v for k, v in d["hands"].items()}
    hands = [_hand_pbn(parse(hands_given[SEATS[(SEATS.index(dealer) + k) % 4]])) for k in range(4)]
    given = str(d.get("board", ""))
    board = (
        int(given)
        if given.isdigit() and int(given) > after and _board_for(dealer, int(given) - 1) == int(given)
        else _board_for(dealer, after)
    )
    game = str(d.get("game", "whist"))
    tags: list[tuple[str, str]] = [
        ("Event", event or f"hoyle {game}"),
        ("Board", str(board)),
        ("Dealer", dealer),
        ("Deal", f"{dealer}:{' '.join(hands)}"),
    ]
    if d.get("turned"):
        tags.append(("TrumpCard", str(Card.from_text(str(d["turned"])))))
    notes: list[str] = []
    if seating:
        notes.append("seats " + ", ".join(f"{k}={v}" for k, v in seating.items()))
    notes.extend(str(x) for x in d.get("notes", ()))
    if d.get("calls"):
        tags.append(("Calls", "; ".join(d["calls"])))
    contract = d.get("contract")
    if contract:
        tags.append(("Declarer", contract["declarer"]))
        tags.append(("Contract", f"1{contract['trumps'] or 'NT'}"))
        if d.get("result") is not None:
            tags.append(("Result", str(d["result"])))
    for k, note in enumerate(notes, start=1):
        tags.append(("Note", f"{k}:{note}"))
    lines = [f'[{k} "{_escape(v)}"]' for k, v in tags]
    play = d.get("play")
    if play and play.get("tricks"):
        lines.append(f'[Play "{play["leader"]}"]')
        for trick in play["tricks"]:
            lines.append(" ".join(_card_pbn(c) for c in trick))
    return "\n".join(lines)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _card_pbn(card: str | None) -> str:
    """A card as PBN's play section writes it, suit first (``SA``, ``HT``); ``-`` for a card not yet played."""
    if card is None:
        return "-"
    c = str(Card.from_text(card))
    return c[1] + c[0]


def from_record(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The deals of a record, for :func:`dumps`: the record is replayed and each deal read from the table's log.

    Raises :class:`hoyle.RecordError` if the record does not replay, and :class:`PBNError` if its game is not
    one PBN holds (four hands of thirteen): Poker, Vingt-Un, Pope Joan, three- and five-hand Solo.
    """
    from .engine.table import replay

    _check_game(str(record.get("game")), record.get("seats"))
    reader = _Reader()
    table = replay(record, before=reader.before)
    reader.absorb(table)
    return reader.finish(table)


def from_table(table: Table) -> list[dict[str, Any]]:
    """The deals of a table so far, for :func:`dumps` (the table's record, replayed: see :func:`from_record`)."""
    return from_record(table.record())


def _check_game(game: str, seats: Any) -> None:
    if game not in GAMES:
        raise PBNError(
            f"PBN holds deals of the whist family ({', '.join(GAMES)}), not {game!r}"
            + ("; poker hands are written as PHH (hoyle.phh)" if game == "poker" else "")
        )
    if not isinstance(seats, list) or len(seats) != 4:
        n = len(seats) if isinstance(seats, list) else "?"
        raise PBNError(
            f"PBN holds four hands in the compass seats; this {game} deals to {n} players"
            " (three- and five-hand Solo cannot be written in PBN)"
        )


class _Reader:
    """Reads each deal of a replayed table from its log: the hands dealt, the calls, the tricks as played."""

    def __init__(self) -> None:
        self.deals: list[dict[str, Any]] = []
        self.dealt = 0  # deal events read
        self.skipped: list[str] = []  # misdeals not written, for the next board's notes
        self.seen = 0
        self.compass: dict[str, str] = {}

    def before(self, table: Table, action: str) -> None:
        self.absorb(table)
        if not self.deals:
            return
        d = self.deals[-1]
        if d.get("skip"):
            return
        act = as_action(action)
        if act.verb != "play" and not d["plays"] and act.seat is None:
            d["calls"].append(action)  # the calls before the first card: Solo, Boston, Cayenne

    def absorb(self, table: Table) -> None:
        if not self.compass:
            self.compass = dict(zip(table.seats, SEATS, strict=True))
        for e in table.events[self.seen :]:
            self._event(e.kind, e.seat, dict(e.data), e.private)
        self.seen = len(table.events)

    def _event(self, kind: str, seat: str | None, data: dict[str, Any], private: Any) -> None:
        c = self.compass
        if kind == "deal":
            hands = {c[s]: str(v["hand"]) for s, v in (private or {}).items()}
            turned = data.get("turned")
            if isinstance(turned, Mapping):  # Cayenne and Boston describe the card cut from the still pack
                turned = f"{turned['rank']}{turned['suit']}"
            if turned is not None:
                turned = str(Card.from_text(str(turned)))
                dealer = c[str(data["dealer"])]
                held = " ".join(hands.values()).split()
                if len(held) == 51 and turned not in held and dealer in hands:
                    hands[dealer] += f" {turned}"  # Solo: the turned card lies on the table, the dealer's (003)
            self.dealt += 1
            if sorted(hands) != sorted(SEATS) or any(len(h.split()) != 13 for h in hands.values()):
                # A misdeal at law (a hand of twelve or fourteen): not a deal PBN can hold; the next board says so.
                self.skipped.append(
                    f"a misdeal (deal {self.dealt} as dealt: not four hands of thirteen) is not written"
                )
                self.deals.append({"skip": True})
                return
            self.deals.append(
                {
                    "dealer": c[str(data["dealer"])],
                    "turned": turned,
                    "hands": hands,
                    "calls": [],
                    "plays": [],
                    "tricks": [],
                    "leader": None,
                    "trumps": None,
                    "declarers": None,
                    "notes": list(self.skipped),
                }
            )
            self.skipped.clear()
            return
        if not self.deals or self.deals[-1].get("skip"):
            return
        d = self.deals[-1]
        if kind == "play" and seat is not None:
            if d["leader"] is None:
                d["leader"] = c[seat]
            d["plays"].append((c[seat], str(data["card"])))
        elif kind == "trick":
            d["tricks"].append((c[str(data["winner"])], len(d["plays"])))
        elif kind == "lead":
            if "trumps" in data:
                d["trumps"] = data["trumps"]
            d["leader"] = c[str(data["leader"])]
        elif kind == "declare" and "declaration" in data and seat is not None:
            what = str(data["declaration"])
            d["trumps"] = what if what in _PBN_SUITS else None  # grand and nullo are played without trumps
            d["declarers"] = [c[seat]]
            d["notes"].append(f"{seat} declares {what}")
        elif kind == "contract" and data.get("declarers"):
            d["declarers"] = [c[s] for s in data["declarers"]]
            d["notes"].append(f"contract: {_untranslated(data.get('call'))} by {', '.join(data['declarers'])}")
        elif kind == "result" and "made" in data:
            d["notes"].append(f"made {data['made']} tricks: {'won' if data.get('won') else 'lost'}")

    def finish(self, table: Table) -> list[dict[str, Any]]:
        game = table.game.name
        seating = {} if tuple(table.seats) == tuple(SEATS) else dict(self.compass)
        out = []
        kept = [d for d in self.deals if not d.get("skip")]
        if self.skipped and kept:  # misdeals after the last deal written: said on it
            kept[-1]["notes"].extend(self.skipped)
        for i, d in enumerate(kept):
            deal: dict[str, Any] = {"game": game, "dealer": d["dealer"], "turned": d["turned"], "hands": d["hands"]}
            if seating:
                deal["seating"] = seating
            if d["calls"]:
                deal["calls"] = list(d["calls"])
            trumps = d["trumps"]
            if game in _LEADS_LEFT_OF_DEALER:
                trumps = str(d["turned"])[1]
                d["declarers"] = [d["dealer"]]  # no contract at whist: the dealer's side, whose left leads
            if d["plays"]:
                deal["play"] = _play_table(d)
                if d["declarers"]:
                    deal["contract"] = {"declarer": d["declarers"][0], "trumps": trumps}
                    complete = len(d["tricks"]) == 13
                    side = _side_of(d["declarers"], game not in ("solo", "boston"))
                    if complete and side is not None:
                        deal["result"] = sum(1 for winner, _ in d["tricks"] if winner in side)
            last = i == len(kept) - 1 and not self.deals[-1].get("skip")
            if last and not table.over and len(d["tricks"]) < 13:  # the position the record reached
                to_act = table.to_act
                seat = self.compass.get(to_act, to_act) if to_act in self.compass else None
                if d["plays"]:
                    where = f"; {seat} to play" if seat else ""
                    d["notes"].append(f"in play: {len(d['plays'])} cards played{where}")
                else:
                    d["notes"].append("before the first card" + (f": {seat} to act" if seat else ""))
            if d["notes"]:
                deal["notes"] = list(d["notes"])
            out.append(deal)
        return out


def _untranslated(call: Any) -> str:
    return str(call) if call is not None else "?"


def _side_of(declarers: Sequence[str], fixed: bool) -> set[str] | None:
    """The compass partnership of the declaring side, if the side is one (PBN's Result counts its tricks).

    In the games of fixed partners (Whist, Dummy, Double Dummy, Cayenne) it always is; in Solo and Boston
    only when the two who declared sit opposite each other.
    """
    first = declarers[0]
    side = {first, SEATS[(SEATS.index(first) + 2) % 4]}
    return side if fixed or set(declarers) == side else None


def _play_table(d: Mapping[str, Any]) -> dict[str, Any]:
    """The tricks as PBN's play section writes them: one row a trick, columns the seats from the first leader."""
    leader = d["leader"] or d["plays"][0][0]
    first = SEATS.index(leader)
    rows: list[list[str | None]] = []
    start = 0
    ends = [end for _, end in d["tricks"]]
    if not ends or ends[-1] < len(d["plays"]):
        ends.append(len(d["plays"]))
    for end in ends:
        row: list[str | None] = [None] * 4
        for seat, card in d["plays"][start:end]:
            row[(SEATS.index(seat) - first) % 4] = card
        rows.append(row)
        start = end
    return {"leader": leader, "tricks": rows}


# ---------------------------------------------------------------------------------------------- reading


def loads(text: str, *, game: str | None = None) -> list[dict[str, Any]]:
    """The deals in a PBN text, each ready for ``table(deal=...)``; :class:`PBNError` on bad input.

    ``game`` is the game the deals are for (by default the game an ``[Event "hoyle GAME"]`` tag names, else
    Whist).  Solo and Boston seat their players A B C D: the hands are given in those seats, by the
    mapping in the file's ``seats`` note or else A North, B East, C South, D West.
    """
    deals: list[dict[str, Any]] = []
    tags: dict[str, tuple[str, int]] = {}
    previous: dict[str, tuple[str, int]] = {}
    notes: list[tuple[str, int]] = []
    play: list[tuple[str, int]] = []
    section: str | None = None
    in_comment = False

    def finish() -> None:
        nonlocal section
        section = None
        if tags:
            for name, (value, n) in list(tags.items()):
                if value == "#":  # PBN: "as in the previous game"
                    if name not in previous:
                        raise PBNError(f"line {n}, {name}: '#' repeats the previous game's tag, but there is none")
                    tags[name] = (previous[name][0], n)
            deals.append(_deal_from_tags(tags, notes, play, game))
            previous.clear()
            previous.update(tags)
            tags.clear()
            notes.clear()
            play.clear()

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
            if section == "Play":
                play.append((_strip_comment(line), n))
            continue  # the auction and the tables of scores are not the deal's
        m = _TAG.match(line)
        if m is None:
            raise PBNError(f'line {n}: not a PBN tag: {line!r} (write [Name "value"], then any comment)')
        name, value, comment = m.group(1), m.group(2), m.group(3) or ""
        if comment.startswith("{") and "}" not in comment:
            in_comment = True
        value = value.replace('\\"', '"').replace("\\\\", "\\")
        if name == "Event" and tags and "Deal" in tags:
            finish()
        if name == "Note":
            notes.append((value, n))
            continue
        section = name if name in ("Play", "Auction") else None
        if name == "Play":
            play.append(("", n))
        if name not in tags:  # PBN: a tag repeated in one game is ignored
            tags[name] = (value, n)
    finish()
    if not deals:
        raise PBNError('no deal found: a deal needs a [Deal "..."] tag')
    return deals


def _strip_comment(line: str) -> str:
    for mark in (";", "{"):
        if mark in line:
            line = line.split(mark, 1)[0]
    return line


def _game_of(tags: Mapping[str, tuple[str, int]], game: str | None) -> str:
    if game is not None:
        if game not in GAMES:
            raise PBNError(f"PBN holds deals of {', '.join(GAMES)}; not {game!r}")
        return game
    event = tags.get("Event", ("", 0))[0].split()
    if len(event) == 2 and event[0] == "hoyle" and event[1] in GAMES:
        return event[1]
    return "whist"


def _deal_from_tags(
    tags: Mapping[str, tuple[str, int]],
    notes: Sequence[tuple[str, int]],
    play: Sequence[tuple[str, int]],
    game_given: str | None,
) -> dict[str, Any]:
    if "Deal" not in tags:
        first_line = min(n for _, n in tags.values())
        raise PBNError(f"line {first_line}: a game without a [Deal] tag")
    game = _game_of(tags, game_given)
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
    deal: dict[str, Any] = {"game": game, "hands": hands}
    if "Dealer" not in tags:
        raise PBNError(f"line {line}: a whist deal needs a [Dealer] tag")
    dealer, dline = tags["Dealer"]
    if dealer.strip().upper() not in ("N", "E", "S", "W"):
        raise PBNError(f"line {dline}, Dealer: {dealer!r} is not a seat (N, E, S or W)")
    deal["dealer"] = dealer.strip().upper()
    contract = _contract(tags)
    if contract is not None and game in _LEADS_LEFT_OF_DEALER and contract["declarer"] != deal["dealer"]:
        # At whist the eldest hand, the dealer's left, leads; in PBN the declarer's left does.  The player
        # who deals at whist is therefore PBN's declarer (docs/pbn.md).
        deal["dealer"] = contract["declarer"]
    if "TrumpCard" in tags:
        turned, tline = tags["TrumpCard"]
        try:
            card = Card.from_text(turned)
        except ValueError as exc:
            raise PBNError(f"line {tline}, TrumpCard: {exc}") from None
        if game in _TURNED_FROM_HAND and str(card) not in hands[deal["dealer"]].split():
            raise PBNError(
                f"line {tline}, TrumpCard: {card} is not in the dealer's ({deal['dealer']}) hand"
                " (the turned card is the dealer's: 000 §44 III)"
            )
        if contract is not None and game in _LEADS_LEFT_OF_DEALER and contract["trumps"] != card.suit_letter:
            raise PBNError(
                f"line {tags['Contract'][1]}, Contract: {tags['Contract'][0]!r} does not name the suit"
                f" of the turned card {card}, which is trumps at whist"
            )
        deal["turned"] = str(card)
    elif contract is not None and game in _LEADS_LEFT_OF_DEALER and contract["trumps"]:
        # A bridge deal has no turned card: the lowest trump of the player whose left leads is taken as turned.
        suit = contract["trumps"]
        held = [c for c in parse(hands[deal["dealer"]]) if c.suit_letter == suit]
        if not held:
            raise PBNError(
                f"line {tags['Contract'][1]}, Contract: {deal['dealer']} holds no {suit} to turn up;"
                " give the turned card in a [TrumpCard] tag"
            )
        deal["turned"] = str(min(held, key=lambda c: -_RANKS.index(str(c)[0])))
    elif contract is not None and game in _LEADS_LEFT_OF_DEALER:
        raise PBNError(
            f"line {tags['Contract'][1]}, Contract: whist is always played with trumps;"
            f" {tags['Contract'][0]!r} names none and there is no [TrumpCard]"
        )
    else:
        raise PBNError(f"line {line}: a whist deal needs the turned trump, in a [TrumpCard] tag")
    if "Board" in tags:
        deal["board"] = tags["Board"][0]
    seating = _seating(notes, game)
    if seating:
        deal["seating"] = seating
        back = {v: k for k, v in seating.items()}
        deal["hands"] = {back[s]: h for s, h in hands.items()}
        deal["dealer"] = back[deal["dealer"]]
    if contract is not None:
        deal["contract"] = contract
        result = tags.get("Result", ("", 0))[0].strip()
        if result.isdigit() and int(result) <= 13:
            deal["result"] = int(result)
    others = [v.split(":", 1)[1] if re.match(r"\d+:", v) else v for v, _ in notes if not _SEATING.search(v)]
    if others:
        deal["notes"] = others
    if "Calls" in tags:
        value, cline = tags["Calls"]
        deal["calls"] = [c.strip() for c in value.split(";") if c.strip()]
        deal["calls_line"] = cline
    if play:
        deal["play"] = _read_play(play, tags["Play"])
    return deal


def _contract(tags: Mapping[str, tuple[str, int]]) -> dict[str, Any] | None:
    if "Contract" not in tags:
        return None
    value, cline = tags["Contract"]
    value = value.strip()
    if value in ("", "?") or value.lower() == "pass":
        return None
    m = _CONTRACT.match(value)
    if m is None:
        raise PBNError(
            f"line {cline}, Contract: {value!r} is not a contract (a level 1-7 and S, H, D, C or NT, e.g. '4S')"
        )
    declarer, dline = tags.get("Declarer", ("", cline))
    declarer = declarer.strip().upper()
    if declarer not in ("N", "E", "S", "W"):
        raise PBNError(f"line {dline}, Declarer: {declarer!r} is not a seat (N, E, S or W); a contract needs one")
    strain = m.group(2).upper()
    return {"declarer": declarer, "trumps": None if strain == "NT" else strain}


def _seating(notes: Sequence[tuple[str, int]], game: str) -> dict[str, str] | None:
    for value, n in notes:
        m = _SEATING.search(value)
        if m:
            pairs = dict(p.split("=") for p in m.group(1).split(", "))
            if sorted(pairs.values()) != sorted(SEATS):
                raise PBNError(f"line {n}, Note: the seats {m.group(1)!r} do not fill N, E, S and W once each")
            return pairs
    if game in ("solo", "boston"):
        return dict(zip("ABCD", SEATS, strict=True))
    return None


def _read_play(play: Sequence[tuple[str, int]], tag: tuple[str, int]) -> dict[str, Any]:
    value, line = tag
    leader = value.strip().upper()
    if leader not in ("N", "E", "S", "W"):
        raise PBNError(f"line {line}, Play: {value!r} is not a seat (N, E, S or W): the seat of the first lead")
    tokens: list[tuple[str | None, int]] = []
    for text, n in play:
        for tok in text.split():
            if re.fullmatch(r"=\d+=|\$\d+", tok):
                continue  # a note or an annotation on the card before
            if tok == "*":  # the rest was claimed: the play ends here
                break
            if tok in ("-", "+"):
                tokens.append((None, n))
                continue
            card = tok.rstrip("!?")
            if len(card) < 2 or card[0].upper() not in _PBN_SUITS:
                raise PBNError(f"line {n}, Play: {tok!r} is not a card (PBN writes the suit first: SA, HT, D2)")
            try:
                tokens.append((str(Card.from_text(card[1:] + card[0])), n))
            except ValueError:
                raise PBNError(
                    f"line {n}, Play: {tok!r} is not a card (PBN writes the suit first: SA, HT, D2)"
                ) from None
    rows = [tokens[i : i + 4] for i in range(0, len(tokens), 4)]
    return {
        "leader": leader,
        "tricks": [[c for c, _ in row] + [None] * (4 - len(row)) for row in rows],
        "lines": [row[0][1] for row in rows],
        "line": line,
    }


def to_table(deal: Mapping[str, Any], *, game: str | None = None, seed: int | None = None, **options: Any) -> Table:
    """A table dealt ``deal`` (as :func:`loads` gives it), its calls made and its ``Play`` section played out.

    Every card is applied in turn as the game's own rules order the play (the winner of each trick leads to
    the next), each from its seat's column; a card that is not lawful, or a column with no card for the seat
    to play, is a :class:`PBNError` naming the line.
    """
    from .engine.registry import game as make_game

    name = game or str(deal.get("game") or "whist")
    try:
        table = make_game(name, **options).table(deal=deal, seed=seed)
    except HoyleError as exc:
        raise PBNError(f"the deal cannot be dealt at {name}: {exc}") from None
    seating = deal.get("seating") or {s: s for s in SEATS}
    for call in deal.get("calls", ()):
        try:
            table.apply(call)
        except HoyleError as exc:
            raise PBNError(f"line {deal.get('calls_line', '?')}, Calls: {call!r}: {exc}") from None
    play = deal.get("play")
    if not play:
        return table
    first = SEATS.index(play["leader"])
    lines = play.get("lines") or []
    for k, row in enumerate(play["tricks"]):
        where = f"line {lines[k]}, Play" if k < len(lines) else "Play"
        for _ in range(sum(1 for c in row if c is not None)):
            seat = table.to_act
            if seat is None or seat not in seating:
                raise PBNError(f"{where}: trick {k + 1}: no seat is to play a card now")
            card = row[(SEATS.index(seating[seat]) - first) % 4]
            if card is None:
                raise PBNError(
                    f"{where}: trick {k + 1}: {seating[seat]} is to play, but the row has no card"
                    f" in {seating[seat]}'s column"
                )
            try:
                table.apply(f"play {card}")
            except HoyleError as exc:
                raise PBNError(f"{where}: trick {k + 1}: {seating[seat]}'s {card}: {exc}") from None
    return table
