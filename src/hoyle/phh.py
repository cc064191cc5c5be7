"""PHH (Poker Hand History) export and import for Draw, Straight and Stud Poker hands.

PHH (the TOML format of PokerKit's authors) describes the variants of the modern card room; it has
no code for five-card draw, straight or stud poker for high hands, nor for 003's limit, where each
bet or raise may be from one counter to the limit.  Following the format's rule that new variants
are new codes, the hands are written with PHH's required fields and action notation and three codes
of our own (``S`` for the spread limit, as ``F``, ``N`` and ``P`` name PHH's betting structures):

- ``S5CD``: five-card Draw Poker, high hands (003 Draw Poker);
- ``S5C``: five-card Straight Poker ("Bluff"), no draw (003 Straight Poker);
- ``S5CS``: five-card Stud Poker, high hands (003 Stud Poker).

The acts are written so that a PHH reader, replaying them, puts the same counters in the pool:

- the Age's ante counts towards his stake: it is a blind (``blinds_or_straddles``); every other ante
  (the buck's, a jack-pot's, Straight and Stud's) is dead (``antes``).  With two players PHH
  reverse-assigns both arrays, and so are they written;
- every act is written with the amount it brings the player's stake to: going in against the Age's
  blind is ``cbr 2`` (a raise from his one to two), making good the last raise is ``cc``; a raise is
  ``cbr`` and the player's whole stake in the interval; a pass that keeps the player in (Straight,
  Stud, a jack-pot not yet opened) is ``cc`` (a check), one that throws the hand up is ``f``;
- the Age holding the age is a check, ``p1 cc``: he puts nothing in and speaks again when the turn
  comes round to him, last (003 Draw Poker);
- a player excluded at Straight or Stud by a raise after his pass (003 Straight Poker, 5) folds
  (``f``) when PHH gives him the turn;
- the draw: every player's discard (``sd``) in turn, then the cards each receives (``d dh``).

What PHH cannot say goes in user-defined fields, whose names begin with an underscore:
``_limit`` (the most one raise may be: 003's spread limit), ``_seats`` (hoyle's seat of each PHH
player), ``_dealer``, ``_carried`` (money in the pool from earlier deals, won with the main pool:
PHH's pot starts empty), ``_carried_forward`` (the pool is not won: a jack-pot or a double header
carries it to the next deal; the act that ended the deal is written as a commentary, ``# p5 passes:
...``, so that a reader does not award the pool), ``_jackpot``, ``_mistigris`` (Mistigris, which PHH
has no card for, is written ``??``), ``_pool_left_to`` (at table stakes, who took what was left when
the sitting ended), ``_view``, ``_options`` (the game's options) and ``_notes`` (all this in words, for
the hand at hand).  PHH's own ``seats`` and ``seat_count`` give each player's seat, A being 1.  A
jack-pot opener's proof and the openers he split are commentaries, as PHH shows only whole hands; so
is an act PHH gives no turn for (``# p2 acts "open 5": ...``), which :func:`to_table` plays.  Whiskey
Poker has no betting and no PHH form: its record is hoyle's own.  docs/phh.md has the whole mapping.

The API follows the ``json`` module: :func:`dumps`/:func:`dump` write, :func:`loads`/:func:`load`
read (to a dict of fields), and :func:`to_table` plays the imported hand on a new hoyle table.

>>> import hoyle
>>> t = hoyle.game("poker").table(seed=5)
>>> while t.view(None)["deal"] == 1 and not t.over:
...     t.apply(t.legal_actions()[0]) and None
>>> text = dumps(t, deal=1)
>>> text.splitlines()[0]
'variant = "S5CD"'
>>> to_table(loads(text)).record()["deals"][0]["result"] == t.record()["deals"][0]["result"]
True
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from typing import IO, Any

from .cards import BLANK, Card, parse
from .engine.registry import game as make_game
from .engine.table import Table, rebuild
from .errors import HoyleError, RecordError

__all__ = ["VARIANT_CODES", "dump", "dumps", "hands", "load", "loads", "loads_all", "to_table"]

VARIANT_CODES = {"draw": "S5CD", "straight": "S5C", "stud": "S5CS"}
_VARIANTS = {v: k for k, v in VARIANT_CODES.items()}
_NAMES = {"S5CD": "003 Draw Poker", "S5C": "003 Straight Poker", "S5CS": "003 Stud Poker"}
_PHH_CODES = {  # PHH's own variants (the specification's table): not the old books' games
    "FT": "fixed-limit Texas hold 'em",
    "NT": "no-limit Texas hold 'em",
    "NS": "no-limit short-deck hold 'em",
    "PO": "pot-limit Omaha hold 'em",
    "FO/8": "fixed-limit Omaha hold 'em high/low eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
_UNKNOWN = "??"


def _card(c: Card | str) -> str:
    s = str(c)
    return _UNKNOWN if s == "MI" else s[0] + s[1].lower()  # Mistigris: PHH has no card for it


def _cards(cards: Sequence[Card | str]) -> str:
    return "".join(_card(c) for c in cards)


def _split(text: str) -> list[str]:
    if len(text) % 2:
        raise RecordError(f"PHH: cards come two characters each, as 'As' or '??': {text!r}")
    return [text[i : i + 2] for i in range(0, len(text), 2)]


# ------------------------------------------------------------------------------------------------ export


def hands(table: Table | Mapping[str, Any], *, view: str | None = "all") -> list[dict[str, Any]]:
    """Every deal of a sitting (a table or its record) as a dict of PHH fields.

    ``view="all"`` writes every card dealt (an omniscient history, as of a televised hand); a seat
    writes only its own cards and those shown; ``None`` only those shown (a spectator's history).
    Unseen cards are written ``??``.
    """
    record = table.record() if isinstance(table, Table) else table
    g = make_game(record["game"], **record["options"])
    if g.name != "poker":
        raise ValueError(f"PHH describes poker hands, not {g.name}")
    variant = g["variant"]
    if variant not in VARIANT_CODES:
        raise ValueError(
            f"hoyle writes PHH for Draw, Straight and Stud Poker, not {variant.title()} Poker, which"
            " has no betting and no PHH form: its hoyle record is the history"
        )
    t: Any = rebuild(record, game=g)  # the record's chance, as replay uses it
    if view is not None and view != "all" and view not in t.seats:
        raise ValueError(
            f"PHH view {view!r}: 'all' (every card), None (a spectator) or a seat, one of {', '.join(t.seats)}"
        )
    out: list[dict[str, Any]] = []
    cur: _Writer | None = None
    for text in record["actions"]:
        if t.phase == "ante" and (cur is None or cur.done):
            cur = _Writer(t, g, view)
            out.append(cur.fields)
        assert cur is not None
        cur.before(t, text)
        events = t.apply(text)
        cur.after(t, text, events)
    return [h for h in out if h["actions"]]


class _Writer:
    """Builds one hand's PHH fields while the deal is replayed."""

    def __init__(self, t: Any, g: Any, view: str | None) -> None:
        self.view = view
        self.done = False
        self.deals_before = t.deals_done
        self.stacks_before = {s: t._money(s) for s in t.seats}
        self.players: list[str] = []
        self.index: dict[str, int] = {}
        self.antes: list[tuple[str, int, str]] = []
        opts = dict(g.options)
        self.fields: dict[str, Any] = {
            "variant": VARIANT_CODES[g["variant"]],
            "antes": [],
            "blinds_or_straddles": [],
            "min_bet": 1,
            "starting_stacks": [],
            "actions": [],
            "hand": t.deals_done + 1,
            "players": [],
            "winnings": [],
            "seats": [],
            "seat_count": len(t.seats),
            "_limit": g["limit"],
            "_dealer": t.seats[t.dealer],
            "_seats": [],
            "_carried": t.pot,
            "_jackpot": bool(t.jackpot_next),
            "_mistigris": bool(g["mistigris"]),
            "_view": "all" if view == "all" else view or "public",
            "_options": opts,
        }
        # the betting interval as a PHH reader sees it
        self.iv: Any = None
        self.top = 0  # the highest stake in the interval (PHH's largest bet)
        self.queue: list[str] = []  # who PHH gives the turn to next, in order
        self.active: set[str] = set()  # not folded, for PHH
        self.excluded: set[str] = set()  # excluded by a raise, not yet folded for PHH
        self.act_line = -1  # the line of the last act
        self.drawn: list[tuple[str, list[Card]]] = []

    @property
    def acts(self) -> list[str]:
        acts: list[str] = self.fields["actions"]
        return acts

    def p(self, seat: str) -> str:
        return f"p{self.index[seat] + 1}"

    def hidden(self, seat: str, cards: Sequence[Card]) -> str:
        if self.view == "all" or self.view == seat:
            return _cards(cards)
        return _UNKNOWN * len(cards)

    # ------------------------------------------------------------------ one action

    def before(self, t: Any, text: str) -> None:
        self._seat = t.to_act
        self._phase = t.phase
        self._due = t.antes_due[0] if t.phase == "ante" else None
        iv = t.interval
        if iv is not None and iv is not self.iv:  # a new betting interval: PHH's turn goes round from its opener
            self.iv = iv
            self.top = max(iv.put.values(), default=0)  # the Age's blind
            # PHH leaves out a player with nothing to lose: no money left, or as much staked as any other could
            money = {s: math.inf if t._money(s) is None else t._money(s) for s in self.active}
            totals = sorted(money[s] + iv.put.get(s, 0) for s in self.active)
            second = totals[-2] if len(totals) > 1 else 0
            self.queue = [
                s for s in iv.order if s in self.active and min(money[s], max(0, second - iv.put.get(s, 0))) > 0
            ]
        self._states = dict(iv.state) if iv is not None else {}
        self._money = {s: t._money(s) for s in self.players}  # before the act, which may end the deal

    def after(self, t: Any, text: str, events: list[Any]) -> None:
        kinds = [e.kind for e in events]
        if self._phase == "ante":
            ev = next(e for e in events if e.kind == "ante")
            assert self._due is not None
            self.antes.append((ev.seat, int(ev.data["amount"]), self._due[2]))
            deal = next((e for e in events if e.kind == "deal"), None)
            if deal is None:
                return
            self._start(t, deal)
        else:
            seat = self._seat
            assert seat is not None
            if self._phase == "bet":
                self._bet(t, seat, text)
            elif self._phase == "draw":
                self._draw(t, seat, text, events)
        self._events(t, events)
        if t.phase in ("ante", "over") and t.deals_done > self.deals_before:
            self._finish(t, events, kinds)

    def _turn_to(self, t: Any, seat: str | None) -> None:
        """Write the acts PHH asks for before ``seat``'s (all it still asks for, if None), which hoyle's
        betting does not: the folds of the excluded, and the checks of a player whom nobody is left to
        answer."""
        while self.queue and self.queue[0] != seat and len(self.active) > 1:
            s = self.queue.pop(0)
            if s in self.excluded:
                self.excluded.discard(s)
                self.active.discard(s)
                self.acts.append(f"{self.p(s)} f # excluded: he passed, and another has raised (003 Straight Poker, 5)")
            elif seat is None:
                self.acts.append(f"{self.p(s)} cc # no one is left who could answer a bet: the betting is over")
            else:
                raise ValueError(f"PHH: {self.p(s)} ({s}) would speak before {seat} in PHH, but not in hoyle")

    def _bet(self, t: Any, seat: str, text: str) -> None:
        iv = self.iv
        self._turn_to(t, seat)
        p = self.p(seat)
        verb = text.split()[0]
        self.act_line = len(self.acts)
        if not self.queue or self.queue[0] != seat:
            # PHH gives no turn to a player whom nobody could answer (no one else can put in more)
            said = "passes" if verb == "pass" else f'acts "{text}"'
            self.acts.append(f"# {p} {said}: no one could answer him, and PHH gives him no turn")
            if iv.state[seat] == "out":
                self.active.discard(seat)
            return
        self.queue.pop(0)
        if verb == "hold":
            self.acts.append(f"{p} cc # holds the age: he puts in nothing and speaks last (003 Draw Poker)")
        elif verb == "pass":
            if iv.state[seat] == "out":
                self.acts.append(f"{p} f")
                self.active.discard(seat)
            else:
                self.acts.append(f"{p} cc")
        else:
            stake = iv.put[seat]
            if stake <= self.top:
                self.acts.append(f"{p} cc")
            elif self._can_be_met(t, seat):
                self.acts.append(f"{p} cbr {stake}")
                self.top = stake
                i = self.index[seat]
                n = len(self.players)
                after = [self.players[(i + k) % n] for k in range(1, n)]
                self.queue = [s for s in after if s in self.active and self._money[s] != 0]
            else:  # PHH allows no raise that nobody can meet: what he puts in over it comes back to him
                self.acts.append(
                    f'{p} cc # acts "{text}": more than any other player has; the excess comes back'
                    " to him (003 Table Stakes)"
                )
        for s, before in self._states.items():
            if s != seat and before == "waiting" and iv.state[s] == "out":
                self.excluded.add(s)
        if iv.over:
            self._turn_to(t, None)

    def _can_be_met(self, t: Any, seat: str) -> bool:
        iv = self.iv
        for s in iv.order:
            if s == seat or s not in self.active:
                continue
            money = self._money[s]
            if money is None or money + iv.put[s] > self.top:
                return True
        return False

    def _draw(self, t: Any, seat: str, text: str, events: list[Any]) -> None:
        p = self.p(seat)
        if text.split()[0] == "stand":
            self.acts.append(f"{p} sd")
        else:
            ev = next(e for e in events if e.kind == "draw")
            discards = list(parse(text.split(None, 1)[1].upper()))
            new = list(parse(ev.private[seat]["drew"]))
            self.acts.append(f"{p} sd {self.hidden(seat, discards)}")
            self.drawn.append((seat, new))
        if t.phase != "draw":  # every discard is written before any card is dealt (PHH)
            for s, new in self.drawn:
                self.acts.append(f"d dh {self.p(s)} {self.hidden(s, new)}")
            self.drawn = []

    def _events(self, t: Any, events: list[Any]) -> None:
        dead = {e.data["false openers"] for e in events if e.kind == "ruling" and "false openers" in (e.data or {})}
        for e in events:
            if e.kind == "card":
                for s, c in e.data["up"].items():
                    self.acts.append(f"d dh {self.p(s)} {_card(c)}")
            elif e.kind == "show":
                cards = _cards(e.data["cards"])
                if "split" in e.text:  # part of a hand: PHH shows whole hands only
                    self.acts.append(
                        f"# {self.p(e.seat)} shows the openers he split, {cards}, kept apart from"
                        " his discard (003 Jack-pots; rules §6.3)"
                    )
                elif "openers" in e.text:
                    self.acts.append(f"# {self.p(e.seat)} shows his openers {cards} (003 Jack-pots)")
                elif e.seat in dead:
                    self.acts.append(
                        f"{self.p(e.seat)} sm # shows {cards}: false openers, his hand is dead (rules §6.3.5)"
                    )
                else:
                    self.acts.append(f"{self.p(e.seat)} sm {cards}")
            elif e.kind == "payment" and e.data.get("from") == "pot":
                if "what is left in the pool" in e.text:  # after the deal: the sitting ends (table stakes)
                    self.fields["_pool_left_to"] = e.data["to"]
                else:
                    self.fields["winnings"][self.index[e.data["to"]]] += e.data["amount"]

    def _start(self, t: Any, deal: Any) -> None:
        dealt = list(t.dealt)
        self.players = dealt
        self.index = {s: i for i, s in enumerate(dealt)}
        n = len(dealt)
        antes = [0] * n
        blinds = [0] * n
        for s, paid, why in self.antes:
            if s in self.index:
                (blinds if why == "age" else antes)[self.index[s]] += paid
        if n == 2:  # PHH reverse-assigns antes and blinds between two players
            antes.reverse()
            blinds.reverse()
        f = self.fields
        f["antes"], f["blinds_or_straddles"] = antes, blinds
        f["starting_stacks"] = [math.inf if self.stacks_before[s] is None else self.stacks_before[s] for s in dealt]
        f["players"] = [t.players[s] for s in dealt]
        f["_seats"] = dealt
        f["seats"] = [t.seats.index(s) + 1 for s in dealt]  # PHH's seat numbers: A is 1
        f["_dealer"] = deal.data["dealer"]
        f["winnings"] = [0] * n
        f["hand"] = deal.data["deal"]
        self.active = set(dealt)
        f["_notes"] = self._notes()
        up = deal.data.get("up") or {}
        for s in dealt:  # from the deal itself: with nobody to bet against, the hands are shown at once
            down = list(parse(deal.private[s]["hand"]))
            self.acts.append(f"d dh {self.p(s)} {self.hidden(s, down)}{_card(up[s]) if s in up else ''}")

    def _finish(self, t: Any, events: list[Any], kinds: list[str]) -> None:
        self.done = True
        f = self.fields
        if not self.players:
            return
        won = any(e.kind == "payment" and e.data.get("from") == "pot" and "what is left" not in e.text for e in events)
        left = sum(e.data["amount"] for e in events if e.kind == "payment" and "what is left" in e.text)
        if not won and t.pot + left:  # the pool stays for the next deal: a reader must not award it
            f["_carried_forward"] = t.pot + left
            why = next((e.text for e in events if e.kind in ("jack-pot", "double header", "ruling")), "")
            m = re.match(r"(p\d+) (f|cc)\b", self.acts[self.act_line])
            if m:  # PHH asks for no act after it: the reader stops with the pool on the table
                del self.acts[self.act_line :]
                self.acts.append(f"# {m.group(1)} passes: {why}" if why else f"# {m.group(1)} passes")
        if any(v is not None for v in self.stacks_before.values()):
            f["finishing_stacks"] = [t._money(s) for s in self.players]
        f["_notes"] = self._notes()

    def _notes(self) -> list[str]:
        """In words, what this hand's PHH does not say exactly (docs/phh.md)."""
        f = self.fields
        notes = [
            f"003's spread limit: each bet or raise is from 1 to {f['_limit']} counters over the highest"
            " stake, whatever the last raise was (_limit)"
        ]
        if f["variant"] == "S5CD" and any(f["blinds_or_straddles"]):
            notes.append(
                "going in costs double the ante: the first to go in raises to it over the Age's ante,"
                " which is his blind"
            )
        if f["_carried"]:
            c = f["_carried"]
            many = c != 1
            notes.append(
                f"{c} counter{'s' if many else ''} in the pool from earlier deals (_carried)"
                f" {'are' if many else 'is'} not in PHH's pot: {'they go' if many else 'it goes'} with"
                " the main pool"
            )
        if f.get("_carried_forward"):
            notes.append(
                f"the pool of {f['_carried_forward']} is not won but stays for the next deal"
                " (_carried_forward): the pass that ended the deal is a commentary, so that readers do"
                " not award it"
            )
        if f.get("_pool_left_to"):
            notes.append(
                f"the sitting ended: {f['_pool_left_to']}, the last with money on the table, took what"
                " was left in the pool (_pool_left_to)"
            )
        if f["_mistigris"]:
            notes.append("Mistigris, which PHH has no card for, is written ?? (_mistigris)")
        return notes


def dumps(table: Table | Mapping[str, Any], deal: int | None = None, *, view: str | None = "all") -> str:
    """PHH text of deal ``deal`` (1 = the first) of a table or record; every deal (``[1]``, ``[2]``...) if None.

    ``view``: ``"all"`` writes every card, a seat its own cards and those shown, ``None`` those shown only.
    """
    all_hands = hands(table, view=view)
    if deal is not None:
        if not 1 <= deal <= len(all_hands):
            raise ValueError(f"the sitting has {len(all_hands)} hands with play in PHH; deal {deal} is not one")
        return _toml(all_hands[deal - 1])
    return "\n".join(f"[{i}]\n{_toml(h)}" for i, h in enumerate(all_hands, start=1))


def dump(table: Table | Mapping[str, Any], fp: IO[str], deal: int | None = None, *, view: str | None = "all") -> None:
    fp.write(dumps(table, deal, view=view))


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and math.isinf(v):
        return "inf"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {v!r} in TOML")


def _toml(fields: Mapping[str, Any]) -> str:
    lines = []
    for k, v in fields.items():
        if k == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_value(a)}," for a in v)
            lines.append("]")
        else:
            lines.append(f"{k} = {_value(v)}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------------ import


def loads(text: str) -> dict[str, Any]:
    """The fields of one PHH hand (a ``.phhs`` document of several: the first; see :func:`loads_all`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(f"PHH: not TOML: {exc}") from None
    if "variant" not in data and data and all(isinstance(v, dict) for v in data.values()):
        return dict(next(iter(data.values())))
    return data


def loads_all(text: str) -> list[dict[str, Any]]:
    """Every hand of a PHH document (``[1]``, ``[2]``... sections, or one hand)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(f"PHH: not TOML: {exc}") from None
    if "variant" in data:
        return [data]
    sections = [(k, v) for k, v in data.items() if isinstance(v, dict)]
    if not sections:
        raise RecordError("PHH: no hand: a hand has a 'variant' field, a .phhs file sections [1], [2]...")
    return [dict(v) for _, v in sorted(sections, key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0)]


def load(fp: IO[str]) -> dict[str, Any]:
    return loads(fp.read())


def _refuse_variant(code: Any) -> RecordError:
    ours = ", ".join(f"{c} ({n})" for c, n in _NAMES.items())
    if code in _PHH_CODES:
        return RecordError(
            f"PHH variant {code!r} is {_PHH_CODES[code]}, a game of the modern card room that the old"
            f" books do not describe; hoyle reads its own codes: {ours}"
        )
    return RecordError(f"PHH variant {code!r} is not one hoyle reads; hoyle reads {ours}")


def to_table(hand: Mapping[str, Any]) -> Table:
    """A hoyle table on which the PHH hand has been played: its first deal is the hand.

    The hand must be one of ours (``S5CD``, ``S5C`` or ``S5CS``), every card known, and it must start a
    sitting's money afresh: a jack-pot or double header carries money from earlier deals that PHH does
    not hold, and a new sitting of Straight or Stud Poker starts with the buck at the dealer, the last
    PHH player (use the hoyle record for the others).  Players ``p1``, ``p2``... sit at seats A, B...;
    the last deals.
    """
    code = hand.get("variant")
    if code not in _VARIANTS:
        raise _refuse_variant(code)
    if hand.get("_carried") or hand.get("_jackpot"):
        raise RecordError(
            "PHH: this hand plays for money carried from an earlier deal (a jack-pot or a double"
            " header); PHH holds one hand only: replay the hoyle record instead"
        )
    actions = hand.get("actions")
    stacks = hand.get("starting_stacks")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError('PHH: \'actions\' is an array of strings, e.g. ["d dh p1 AsKd9h7c2s", "p2 cbr 2"]')
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise RecordError("PHH: 'starting_stacks' is an array with one number for each player (two or more)")
    n = len(stacks)
    options = {k: v for k, v in dict(hand.get("_options") or {}).items() if k != "deals"}
    options.update(variant=_VARIANTS[code], players=n)
    if "_limit" in hand:
        options["limit"] = int(hand["_limit"])
    try:
        g = make_game("poker", **options)
    except (HoyleError, ValueError) as exc:
        raise RecordError(f"PHH: the hand's options are not a game of poker hoyle plays: {exc}") from None
    if g["table_stakes"] and any(x != g["stake"] for x in stacks):
        raise RecordError(
            "PHH: the players' starting stacks differ from the table stakes a new sitting starts with;"
            " replay the hoyle record instead"
        )
    seats = list("ABCDEFGHIJ"[:n])
    given = hand.get("_seats")
    if isinstance(given, list) and sorted(map(str, given)) == seats:
        seats = [str(x) for x in given]  # hoyle's own seats, p1 the dealer's left, the dealer last
    _check_forced_bets(hand, g, n)
    blank = g["mistigris"] and hand.get("_view", "all") == "all"

    def cards(text: str) -> list[Card]:
        out = []
        for c in _split(text):
            if c == _UNKNOWN:
                if not blank:
                    raise RecordError(
                        "PHH: the hand has unknown cards (??): hoyle can play only a hand whose cards are known"
                    )
                out.append(BLANK)  # Mistigris, which PHH has no card for
            else:
                try:
                    out.extend(parse(c.upper()))
                except ValueError:
                    raise RecordError(f"PHH: {c!r} is not a card") from None
        return out

    dealt: list[list[Card]] = [[] for _ in range(n)]
    later: list[Card] = []
    first_round = True
    for a in actions:
        words = a.split("#")[0].split()
        if words[:2] == ["d", "dh"] and len(words) == 4:
            i = _player(words[2], n, a)
            if first_round and not dealt[i]:
                dealt[i] = cards(words[3])
            else:
                later.extend(cards(words[3]))
        elif words:
            first_round = False
    seen = [c for h in dealt for c in h]
    if set(later) & set(seen) or len(set(later)) != len(later):
        raise RecordError(
            "PHH: a card is dealt again after the discards were gathered (the stock ran short); the"
            " reshuffle is the dealer's chance, which PHH does not hold: replay the hoyle record"
        )
    if g["variant"] == "stud":
        order = [dealt[i][0] for i in range(n)] + [dealt[i][1] for i in range(n)] + later
    else:
        order = [dealt[i][k] for k in range(5) for i in range(n)] + later
    names = [str(x) for x in hand.get("players") or seats]
    if len(names) != n or len(set(names)) != n:
        names = list(seats)
    by_seat = dict(zip(seats, names, strict=True))
    try:
        t: Any = g.table(
            players=[by_seat[s] for s in sorted(seats)],
            deal={"dealer": seats[-1], "order": " ".join(str(c) for c in order)},
        )
    except HoyleError as exc:
        raise RecordError(f"PHH: the cards dealt cannot be the hand's: {exc}") from None
    while t.to_act is not None and t.phase == "ante":
        t.apply("ante")  # the antes and the Age's blind, checked against the fields above
    for a in actions:
        words = a.split("#")[0].split()
        note = a.partition("#")[2].strip()
        if not words:
            # hoyle's acts that PHH has no turn for: the pass that ended a deal whose pool stays (so that
            # readers do not award it), and the acts of a player nobody could answer
            m = re.match(r"(p\d+) (?:passes\b|acts \"([^\"]+)\")", note)
            if m:
                _apply(t, a, seats[_player(m.group(1), n, a)], m.group(2) or "pass")
            continue
        if words[0] == "d":
            continue
        seat = seats[_player(words[0], n, a)]
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            continue
        if verb == "f" and t.to_act != seat and seat not in (t.view(None).get("in") or []):
            continue  # excluded already by the raise (003 Straight Poker 5)
        said = re.match(r'acts "([^"]+)"', note)
        if verb == "sd":
            text = "draw " + " ".join(str(c) for c in cards(words[2])) if len(words) > 2 else "stand pat"
        elif verb == "cc" and said:
            text = said.group(1)  # a raise PHH has no room for, that nobody could meet
        else:
            text = _action(t, verb, words[2:], a)
        _apply(t, a, seat, text)
    return t


def _player(word: str, n: int, act: str) -> int:
    m = re.fullmatch(r"p(\d+)", word)
    if not m or not 1 <= int(m.group(1)) <= n:
        raise RecordError(f"PHH: {act!r}: {word!r} is not a player (p1 to p{n})")
    return int(m.group(1)) - 1


def _apply(t: Any, act: str, seat: str, text: str) -> None:
    if t.to_act != seat:
        raise RecordError(f"PHH: {act!r}: it is {t.to_act}'s turn in hoyle, not {seat}'s")
    try:
        t.apply(text)
    except HoyleError as exc:
        raise RecordError(f"PHH: {act!r} ({text!r} in hoyle): {exc}") from None


def _check_forced_bets(hand: Mapping[str, Any], g: Any, n: int) -> None:
    """The antes and blinds of the file must be those a new hoyle sitting puts up (003)."""
    unit = g["ante"]
    antes, blinds = [0] * n, [0] * n
    if g["variant"] == "draw":
        blinds[0] = unit  # the Age, p1, puts up the ante, which counts towards his stake
    elif g["buck"]:
        antes[-1] = unit * n  # the buck starts with the dealer, who chips for all (003 Straight Poker, 2)
    else:
        antes = [unit] * n
    if n == 2:
        antes.reverse()
        blinds.reverse()
    got_antes = list(hand.get("antes") or [0] * n)
    got_blinds = list(hand.get("blinds_or_straddles") or [0] * n)
    if got_antes != antes or got_blinds != blinds:
        raise RecordError(
            f"PHH: antes {got_antes} and blinds_or_straddles {got_blinds} are not those a new sitting"
            f" of {_NAMES[VARIANT_CODES[g['variant']]]} puts up (antes {antes}, blinds {blinds}); the"
            " buck or the Age lies elsewhere in a later deal: replay the hoyle record"
        )


def _action(t: Any, verb: str, args: list[str], act: str) -> str:
    iv = t.interval
    if iv is None or t.phase != "bet":
        raise RecordError(f"PHH: {act!r}: there is no betting now in hoyle ({t.phase})")
    seat = t.to_act
    if verb == "f":
        return "pass"
    if verb == "cc":
        if iv.owes(seat):
            return str(iv.make_good_verb())
        if iv.hold == seat and iv.actions == 0:
            return "hold age"  # a check by the Age after the draw: he holds the age (003 Draw Poker)
        return "pass"  # a check: at Straight and Stud, and before a jack-pot is opened, he stays in
    if verb == "cbr":
        try:
            to = int(float(args[0]))
        except (IndexError, ValueError):
            raise RecordError(f"PHH: {act!r}: 'cbr' takes the amount the stake is brought to") from None
        if not iv.opened:
            return f"open {to}"
        if iv.straddle_seat == seat and to == 2 * iv.level:
            return "straddle"
        if to == iv.level and iv.owes(seat):
            return str(iv.make_good_verb())  # going in against the Age's blind
        return f"raise {to - iv.level}"
    raise RecordError(
        f"PHH: {act!r}: the act {verb!r} has no counterpart in 003's {t.variant} poker"
        + (" (there is no bring-in)" if verb == "pb" else "")
    )
