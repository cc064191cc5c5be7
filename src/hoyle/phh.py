"""PHH (Poker Hand History) export and import for Draw and Stud Poker hands.

PHH (the TOML format of PokerKit's authors) describes the variants of the modern card room; it has
no code for five-card draw for high or five-card stud, nor for 003's limit, where each raise may be
from one counter to the limit.  Following the format's rule that new variants are new codes, the
hands are written with the required fields and the action notation of PHH and two codes of our own:

- ``S5CD``: five-card Draw Poker, high hands, spread limit (003 Draw Poker);
- ``S5CS``: five-card Stud Poker, high hands, spread limit (003 Stud Poker).

What PHH cannot say goes in user-defined fields, whose names begin with an underscore: ``_limit``,
``_seats`` (hoyle's seat of each PHH player), ``_dealer``, ``_carried`` (dead money from an earlier
deal), ``_jackpot``, ``_options`` (the game's options).  The Age's ante counts towards his stake, as a
blind does, and is written in ``blinds_or_straddles``; the antes of a jack-pot, of the buck and of
Straight and Stud Poker are dead and are written in ``antes``.  Holding the age, which PHH has no
word for, is a commentary: ``# p1 holds the age``.  A player excluded at Straight or Stud Poker by a
raise after his pass (003 Straight Poker, 5) folds, with a commentary.  Whiskey Poker has no betting
and no PHH form: its record is hoyle's own.

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
import tomllib
from collections.abc import Mapping, Sequence
from typing import IO, Any

from .cards import Card, parse
from .engine.registry import game as make_game
from .engine.table import Table
from .errors import RecordError

__all__ = ["VARIANT_CODES", "dump", "dumps", "hands", "load", "loads", "to_table"]

VARIANT_CODES = {"draw": "S5CD", "stud": "S5CS"}
_VARIANTS = {v: k for k, v in VARIANT_CODES.items()}


def _card(c: Card | str) -> str:
    s = str(c)
    return s if s == "MI" else s[0] + s[1].lower()


def _cards(cards: Sequence[Card | str]) -> str:
    return "".join(_card(c) for c in cards)


def _parse_cards(text: str) -> list[Card]:
    if len(text) % 2:
        raise ValueError(f"PHH cards come two characters each: {text!r}")
    return list(parse([text[i:i + 2] for i in range(0, len(text), 2)]))


# ------------------------------------------------------------------------------------------------ export


def hands(table: Table | Mapping[str, Any], *, view: str | None = "all") -> list[dict[str, Any]]:
    """Every deal of a sitting (a table or its record) as a dict of PHH fields.

    ``view="all"`` writes every card dealt (an omniscient history, as of a televised hand); a seat
    writes only its own cards and those shown; ``None`` only those shown (a spectator's history).
    Unseen cards are written ``??``.
    """
    from .engine.table import _NoShuffle  # the record's chance, as replay uses it

    record = table.record() if isinstance(table, Table) else table
    g = make_game(record["game"], **record["options"])
    if g.name != "poker":
        raise ValueError(f"PHH describes poker hands, not {g.name}")
    variant = g["variant"]
    if variant not in VARIANT_CODES:
        raise ValueError(f"hoyle writes PHH for Draw and Stud Poker, not {variant.title()} Poker, which PHH does"
                         " not describe: its hoyle record is the history")
    t: Any = g.spec.table_class(g, shuffler=_NoShuffle(), players=None, deal=None, _start=record.get("start") or {},
                                _script=[dict(d) for d in record["deals"]], _cuts=[])
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
        self.carried = t.pot
        self.stacks_before = {s: t._money(s) for s in t.seats}
        self.net_before = dict(t.net)
        self.players: list[str] = []
        self.index: dict[str, int] = {}
        self.antes: dict[str, int] = {}
        self.blinds: dict[str, int] = {}
        self.shown: set[str] = set()
        opts = dict(g.options)
        self.fields: dict[str, Any] = {
            "variant": VARIANT_CODES[g["variant"]],
            "antes": [], "blinds_or_straddles": [], "min_bet": 1, "starting_stacks": [], "actions": [],
            "hand": t.deals_done + 1,
            "players": [], "winnings": [],
            "_limit": g["limit"], "_dealer": t.seats[t.dealer], "_seats": [], "_carried": self.carried,
            "_jackpot": bool(t.jackpot_next), "_options": opts,
        }
        self._pending_ante: list[tuple[str, int, str]] = []

    def p(self, seat: str) -> str:
        return f"p{self.index[seat] + 1}"

    def hidden(self, seat: str, cards: Sequence[Card]) -> str:
        if self.view == "all" or self.view == seat:
            return _cards(cards)
        return "??" * len(cards)

    def before(self, t: Any, text: str) -> None:
        self._seat = t.to_act
        self._phase = t.phase
        self._hand = list(t.hands.get(self._seat, [])) if self._seat else []
        iv = t.interval
        self._level = iv.level if iv is not None else 0
        self._state = dict(iv.state) if iv is not None else {}
        if t.phase == "ante":
            self._pending_ante.append(t.antes_due[0])

    def after(self, t: Any, text: str, events: list[Any]) -> None:
        acts: list[str] = self.fields["actions"]
        seat = self._seat
        kinds = [e.kind for e in events]
        if self._phase == "ante":
            if "deal" in kinds:
                self._start(t, events)
            return
        verb = text.split()[0]
        if self._phase == "bet":
            if verb == "hold":
                acts.append(f"# {self.p(seat)} holds the age")
            elif verb == "pass":
                bet = next(e for e in events if e.kind == "bet")
                stays = "may come in again" in bet.text or "does not open" in bet.text  # a check
                acts.append(f"{self.p(seat)} {'cc' if stays else 'f'}")
            elif verb in ("go", "see"):
                acts.append(f"{self.p(seat)} cc")
            else:  # raise, open, straddle: "raise to" the seat's stake in this interval
                ev = next(e for e in events if e.kind == "bet")
                to = self._level + int(ev.data.get("raised", 0))
                note = {"open": " # opens the jack-pot", "straddle": " # straddles"}.get(verb, "")
                acts.append(f"{self.p(seat)} cbr {to}{note}")
            for e in events:
                if e.kind == "bet" and "is excluded" in e.text and e.seat:
                    acts.append(f"{self.p(e.seat)} f # excluded: he passed and another raised (003 Straight Poker 5)")
        elif self._phase == "draw":
            if verb == "stand":
                acts.append(f"{self.p(seat)} sd")
            else:
                discards = [c for c in self._hand if c not in set(t.hands[seat])]
                new = [c for c in t.hands[seat] if c not in set(self._hand)]
                acts.append(f"{self.p(seat)} sd {self.hidden(seat, discards)}")
                acts.append(f"d dh {self.p(seat)} {self.hidden(seat, new)}")
        for e in events:
            if e.kind == "card":
                for s, c in e.data["up"].items():
                    acts.append(f"d dh {self.p(s)} {_card(c)}")
            if e.kind == "show":
                s = e.seat
                cards = e.data["cards"]
                note = " # his openers" if "openers" in e.text else ""
                acts.append(f"{self.p(s)} sm {_cards(cards)}{note}")
            if e.kind == "payment" and e.data.get("from") == "pot":
                self.fields["winnings"][self.index[e.data["to"]]] += e.data["amount"]
        if t.phase in ("ante", "over") or "deal" in kinds:
            self._finish(t)

    def _start(self, t: Any, events: list[Any]) -> None:
        dealt = list(t.dealt)
        self.players = dealt
        self.index = {s: i for i, s in enumerate(dealt)}
        n = len(dealt)
        antes = [0] * n
        blinds = [0] * n
        for s, amount, why in self._pending_ante:
            money = self.stacks_before.get(s)
            paid = amount if money is None else min(amount, money)
            if s not in self.index:
                continue
            if why == "age":
                blinds[self.index[s]] += paid
            else:
                antes[self.index[s]] += paid
        f = self.fields
        f["antes"], f["blinds_or_straddles"] = antes, blinds
        f["starting_stacks"] = [math.inf if self.stacks_before[s] is None else self.stacks_before[s] for s in dealt]
        f["players"] = [t.players[s] for s in dealt]
        f["_seats"] = dealt
        f["winnings"] = [0] * n
        f["hand"] = t.deals_done + 1
        acts: list[str] = f["actions"]
        for s in dealt:
            cards = list(t.hands[s])
            if t.variant == "stud":
                acts.append(f"d dh {self.p(s)} {self.hidden(s, cards)}{_cards(t.up[s])}")
            else:
                acts.append(f"d dh {self.p(s)} {self.hidden(s, cards)}")

    def _finish(self, t: Any) -> None:
        if not self.players or self.done:
            return
        if t.phase in ("ante", "over"):
            self.done = True
            f = self.fields
            if any(v is not None for v in self.stacks_before.values()):
                f["finishing_stacks"] = [t._money(s) for s in self.players]


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
    data = tomllib.loads(text)
    if "variant" in data:
        return [data]
    return [dict(v) for _, v in sorted(data.items(), key=lambda kv: int(kv[0]))]


def load(fp: IO[str]) -> dict[str, Any]:
    return loads(fp.read())


def to_table(hand: Mapping[str, Any]) -> Table:
    """A hoyle table on which the PHH hand has been played: its first deal is the hand.

    The hand must be one of ours (``S5CD`` or ``S5CS``) and start a sitting's money afresh: a jack-pot
    or double header carries money from earlier deals that PHH does not hold (use the hoyle record).
    """
    code = hand.get("variant")
    if code not in _VARIANTS:
        raise RecordError(f"PHH variant {code!r}: hoyle reads {', '.join(sorted(_VARIANTS))} (Draw and Stud Poker)")
    if hand.get("_carried") or hand.get("_jackpot"):
        raise RecordError("PHH: this hand plays for money carried from an earlier deal (a jack-pot or a double"
                          " header); PHH holds one hand only: replay the hoyle record instead")
    actions = list(hand.get("actions") or [])
    n = len(hand.get("antes") or hand.get("starting_stacks") or [])
    options = dict(hand.get("_options") or {})
    options.update(variant=_VARIANTS[code], players=n)
    if "_limit" in hand:
        options["limit"] = int(hand["_limit"])
    options.pop("deals", None)
    g = make_game("poker", **options)
    stacks = list(hand.get("starting_stacks") or [])
    if g["table_stakes"] and any(x != g["stake"] for x in stacks):
        raise RecordError("PHH: the players' starting stacks differ from the table stakes a new sitting starts with;"
                          " replay the hoyle record instead")
    seats = "ABCDEFGHIJ"[:n]
    dealer = str(hand.get("_dealer") or seats[-1])
    if dealer not in seats:
        raise RecordError(f"PHH: _dealer {dealer!r} is not one of {seats}")
    d = seats.index(dealer)
    order_seats = [seats[(d + k) % n] for k in range(1, n + 1)]  # p1 is the dealer's left
    if any("??" in a for a in actions):
        raise RecordError("PHH: the hand has unknown cards (??): hoyle can play only a hand whose cards are known")
    dealt: list[list[Card]] = [[] for _ in range(n)]
    later: list[Card] = []
    first_round = True
    for a in actions:
        words = a.split("#")[0].split()
        if words[:2] == ["d", "dh"]:
            i = int(words[2][1:]) - 1
            cards = _parse_cards(words[3]) if len(words) > 3 else []
            if first_round and not dealt[i]:
                dealt[i] = cards
            else:
                later.extend(cards)
        elif words:
            first_round = False
    if g["variant"] == "stud":
        order = [dealt[i][0] for i in range(n)] + [dealt[i][1] for i in range(n)] + later
    else:
        order = [dealt[i][k] for k in range(5) for i in range(n)] + later
    names = list(hand.get("players") or order_seats)
    players = [names[order_seats.index(s)] or s for s in seats]
    t = g.table(players=players, deal={"dealer": dealer, "order": " ".join(str(c) for c in order)})
    while t.to_act is not None and t.phase == "ante":  # type: ignore[attr-defined]
        t.apply("ante")  # the antes of the hand (the fields antes and blinds_or_straddles)
    for a in actions:
        words = a.split("#")[0].split()
        note = a.partition("#")[2].strip()
        if not words:
            if note.endswith("holds the age"):
                t.apply("hold age")
            continue
        if words[0] == "d":
            continue
        seat = order_seats[int(words[0][1:]) - 1]
        verb = words[1]
        if verb == "sm":
            continue
        if t.to_act != seat:
            if verb == "f" and seat not in (t.view(None).get("in") or []):
                continue  # excluded already by the raise (003 Straight Poker 5)
            raise RecordError(f"PHH: {a!r}: it is {t.to_act}'s turn in hoyle, not {seat}'s")
        t.apply(_action(t, verb, words[2:]))
    return t


def _action(t: Any, verb: str, args: list[str]) -> str:
    iv = t.interval
    if verb == "f":
        return "pass"
    if verb == "cc":
        owes = iv.owes(t.to_act) if iv is not None else 0
        if owes:
            return iv.make_good_verb()
        return "pass"
    if verb == "cbr":
        to = int(float(args[0]))
        if not iv.opened:
            return f"open {to}"
        if iv.straddle_seat == t.to_act and to == 2 * iv.level:
            return "straddle"
        return f"raise {to - iv.level}"
    if verb == "sd":
        return "draw " + " ".join(str(c) for c in _parse_cards(args[0])) if args else "stand pat"
    raise RecordError(f"PHH: action {verb!r} has no counterpart in {t.variant} poker")
