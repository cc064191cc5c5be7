"""Whist: Short Whist under the English club code of 1864 (000), and Long Whist as an option.

The rubber, the score, honours, game values and rubber points are 000 §1–10;
cutting and forming the table 000 §13–20 (:mod:`hoyle.formation`); the deal
000 §29–34, §44, §52; the play 000 §71 (follow suit) and §91 (the last
trick).  Long Whist (ten up, calling at eight, honours dead at nine) is
``rules §1.2``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from ..cards import (
    CARD_TEXT,
    CARDS,
    PACK_52,
    SUIT_MASKS,
    SUITS,
    Card,
    SeededShuffler,
    SystemShuffler,
    format_cards,
    parse,
)
from ..engine.actions import PLAY, Action
from ..engine.events import Event
from ..engine.registry import GameSpec, Option, register
from ..engine.table import Table
from ..errors import IllegalAction, InvalidDeal, UnknownOption
from ..formation import CutRound, Cutter, cut_out, form_table
from ..tricks import TrickPlay, trick_winner

__all__ = [
    "SEATS",
    "SIDES",
    "HandScore",
    "RubberValue",
    "WhistTable",
    "game_value",
    "honour_points",
    "honours_held",
    "rubber_value",
    "score_hand",
]

SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
_SUIT_WORD = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
DEAL_PATTERN = (1,) * 13  # one card at a time, from the dealer's left (000 §44 I)
_BIT = tuple(1 << i for i in range(52))
_SUIT_OF = tuple(c // 13 for c in range(52))
"""Each card's suit (0 to 3), by its index."""
_SUIT_MASK_OF = tuple(SUIT_MASKS[c // 13] for c in range(52))
"""The bit set of each card's suit, by the card's index."""
_NEXT_SEAT = (1, 2, 3, 0)
"""The seat on each seat's left."""
_SUIT_SHIFT = (0, 13, 26, 39)
"""Where each suit's thirteen bits begin in a hand's bit set."""
_INDICES: tuple[Any, ...] = tuple(range(52))
"""The 52 cards' indices: a pack shuffled as plain ints (see WhistTable._new_deal)."""
_PLAIN_SHUFFLERS = (SeededShuffler, SystemShuffler)
"""The shufflers that move cards without looking at them, so that a pack of plain ints is shuffled as the pack of
Cards would be; another (a stacked pack in a test) is given the Cards."""
_HONOUR_RANKS = (14, 13, 12, 11)  # ace, king, queen, knave of trumps (000 §3)


def honours_held(hands: Sequence[int], trumps: int) -> tuple[int, int]:
    """How many honours (A K Q J of trumps) each side holds, separately or jointly (000 §3)."""
    shift = trumps * 13 + 9  # the knave's bit; the queen, king and ace follow (_HONOUR_RANKS)
    ns = (hands[0] | hands[2]) >> shift & 15
    ew = (hands[1] | hands[3]) >> shift & 15
    return ns.bit_count(), (ew & ~ns).bit_count()


def honour_points(count: int) -> int:
    """Four honours score four, three score two, two nothing (000 §3)."""
    return 4 if count == 4 else 2 if count == 3 else 0


ENGLISH, AMERICAN, GWP = "english-1864", "american-1893", "american-gwp"
CODES = (ENGLISH, AMERICAN, GWP)
"""The codes of laws: 000 (English club code, 1864), 002 (American Whist League, 1893), 004 (G.W.P.)."""


def game_target(code: str = ENGLISH, *, long: bool = False) -> int:
    """Points to win a game: five (000 §2), ten at Long Whist (rules §1.2), seven (002 §1, 004 rule 2)."""
    if code == ENGLISH:
        return 10 if long else 5
    return 7


def game_value(losers_score: int, *, long: bool = False, code: str = ENGLISH) -> int:
    """What a game is worth to its winners.

    Short Whist: a treble (3) if the losers have not scored, a double (2) if
    they have less than three, a single (1) if they have three or four
    (000 §8).  Long Whist: a double if the losers have less than five, else a
    single (rules §1.2).  American Whist: seven less the losers' score
    (002 §1; for 004, which gives no value, the same: rules §1.3).

    >>> game_value(3, code="american-1893")   # 002 §1: seven to three is worth four
    4
    """
    if code != ENGLISH:
        return 7 - losers_score
    if long:
        return 2 if losers_score < 5 else 1
    return 3 if losers_score == 0 else 2 if losers_score < 3 else 1


@dataclass(frozen=True, slots=True)
class HandScore:
    """What one hand adds to the game score.

    ``items`` are ``(side, what, points, law, sentence)`` in the order scored;
    ``score`` is the game score after the hand; ``winner`` the side that
    reached the game, if any.
    """

    items: tuple[tuple[int, str, int, str, str], ...]
    score: tuple[int, int]
    winner: int | None


def score_hand(
    before: Sequence[int],
    tricks: Sequence[int],
    honours: Sequence[int],
    *,
    long: bool = False,
    code: str = ENGLISH,
    penalties: Sequence[tuple[int, int, str, str]] = (),
    capped: Sequence[int] = (),
) -> HandScore:
    """Score one hand of Short (or Long) Whist, or of American Whist.

    Tricks score before honours (000 §5): each trick above six counts one
    (000 §2); four honours score four and three score two (000 §3).  As soon
    as a side reaches the game (five; ten at Long Whist) the game ends and
    what would have been scored after is not (surplus points are lost:
    rules §1.1).  A side at four when the deal began cannot score honours
    (000 §4); at Long Whist honours are dead at nine (rules §1.2).  American
    Whist counts tricks only, to seven (002 §1, 004 rule 2).

    Law mode adds ``penalties``, ``(side, points, law, sentence)`` scored
    before everything else (000 §5, §72 V): positive points are added to
    ``side``, negative ones deducted from it (a score stops at nothing); and
    ``capped``, the sides that revoked, which cannot win the game by that
    hand and stop one short of it (000 §81–82, 002 §30–31).

    >>> score_hand([3, 0], [6, 7], [3, 1]).score   # A-B 3, honours; Y-Z by cards
    (5, 1)
    >>> score_hand([2, 0], [0, 13], [0, 4], penalties=[(0, 3, "000 §72", "add three")], capped=[1]).score
    (5, 0)
    """
    target = game_target(code, long=long)
    trick_law = "000 §2" if code == ENGLISH else "002 §1" if code == AMERICAN else "004 rule 2"
    score = list(before)
    items: list[tuple[int, str, int, str, str]] = []
    top = [target - 1 if s in capped else target for s in (0, 1)] if capped else (target, target)

    def add(side: int, points: int) -> int:
        got = max(0, min(points, top[side] - score[side]))
        score[side] += got
        return got

    for side, points, law, text in penalties:
        if max(score) >= target:
            break
        if points >= 0:
            got = add(side, points)
        else:
            got = -min(-points, score[side])
            score[side] += got
        items.append((side, "penalty", got, law, text))

    for side in (0, 1):
        odd = tricks[side] - 6
        if odd > 0 and max(score) < target:
            got = add(side, odd)
            lost = (
                ""
                if got == odd
                else (
                    f", {odd - got} lost: a side that revoked cannot win the game by this hand"
                    if side in capped
                    else f", {odd - got} lost beyond the game"
                )
            )
            items.append(
                (
                    side,
                    "tricks",
                    got,
                    trick_law,
                    f"{SIDES[side]} score {got} by cards ({tricks[side]} tricks{lost}) ({trick_law})",
                )
            )
    for side in (0, 1):
        if code != ENGLISH:
            break  # no honours in American Whist (002 §1, 004 rule 2)
        pts = honour_points(honours[side])
        if not pts or max(score) >= target:
            continue
        if not long and before[side] == 4:
            items.append(
                (
                    side,
                    "honours",
                    0,
                    "000 §4",
                    f"{SIDES[side]} hold {honours[side]} honours but stood at"
                    " four when the deal began: they cannot score honours (000 §4)",
                )
            )
            continue
        if long and before[side] >= 9:
            items.append(
                (
                    side,
                    "honours",
                    0,
                    "rules §1.2",
                    f"{SIDES[side]} hold {honours[side]} honours but stood at nine: honours do not count (rules §1.2)",
                )
            )
            continue
        got = add(side, pts)
        lost = (
            f"; {pts - got} lost: a side that revoked cannot win the game by this hand"
            if got < pts and side in capped
            else ""
        )
        items.append(
            (
                side,
                "honours",
                got,
                "000 §3",
                f"{SIDES[side]} score {got} by honours ({honours[side]} held{lost}) (000 §3, §5)",
            )
        )
    winner = next((s for s in (0, 1) if score[s] >= target), None)
    return HandScore(tuple(items), (score[0], score[1]), winner)


@dataclass(frozen=True, slots=True)
class RubberValue:
    """The rubber's result: the winning side, its net points, the sentence and the laws."""

    winner: int
    points: int
    text: str
    laws: tuple[str, ...]


def rubber_value(games: Sequence[tuple[int, int]], *, code: str = ENGLISH, bonus: int = 0) -> RubberValue | None:
    """The rubber's value once a side has won two games, else ``None``.

    The rubber is the best of three (000 §1, 004 rule 1).  Under the English
    code its winners gain two rubber points besides the value of their games
    (000 §9), and if it went to three games the losers' game is deducted
    (000 §10).  Under the American codes the rubber is worth the games the
    winners won less the games the losers won, plus ``bonus`` if one is agreed
    (rules §1.3).

    >>> rubber_value([(0, 1), (1, 2), (0, 3)]).points   # single, lost double, treble
    4
    >>> rubber_value([(0, 1), (1, 7), (0, 1)], code="american-1893").points   # 1 + 1 − 7
    -5
    """
    wins = [sum(1 for w, _ in games if w == s) for s in (0, 1)]
    if max(wins) < 2:
        return None
    winner = 0 if wins[0] >= 2 else 1
    won = sum(v for w, v in games if w == winner)
    lost = sum(v for w, v in games if w != winner)
    if code == ENGLISH:
        laws: tuple[str, ...] = ("000 §1", "000 §9") + (("000 §10",) if lost else ())
        text = f"games {won} + rubber points 2" + (f" − the losers' game {lost}" if lost else "")
        total = won + 2 - lost
    else:
        laws = ("002 §1" if code == AMERICAN else "004 rule 1", "rules §1.3")
        text = f"games {won}" + (f" − the losers' game {lost}" if lost else "") + (f" + bonus {bonus}" if bonus else "")
        total = won - lost + bonus
    return RubberValue(winner, total, f"{text} = {total} ({', '.join(laws)})", laws)


def _rules_part(i: int, doc: str) -> Any:
    """A property of :class:`WhistTable` reading (and, for law mode's sake, writing) part ``i`` of ``_rules``."""

    def get(self: WhistTable) -> Any:
        return self._rules[i]

    def put(self: WhistTable, value: Any) -> None:
        r: list[Any] = list(self._rules)
        r[i] = value
        self._rules = (r[0], r[1], r[2], r[3], r[4])

    return property(get, put, doc=doc)


_NO_STATIC: dict[str, Any] = {}
"""An empty static view (see WhistTable._static_view): never changed, only replaced."""


class WhistTable(Table):
    """A sitting of Whist: one rubber by default (``rubbers=N`` for more)."""

    seats = SEATS
    _out_of_turn_law = " (leading or playing out of turn: 000 §62–68, 002 §24–26; law mode only)"

    law_class = "hoyle.laws.table:LawWhistTable"  # irregularities=True: law mode (Table.__new__)

    def _setup(
        self, game: Any, *, players: Sequence[str] | None, deal: Mapping[str, Any] | None, start: dict[str, Any]
    ) -> None:
        if not _SUIT_ACTIONS:
            _build_tables()
        code: str = game["code"]
        long: bool = game["long"]
        # code, long, rubber_bonus, the game's target (000 §2; rules §1.2; 002 §1; 004 rule 2), rubbers: one
        # attribute (see _rules), read as code, long, bonus, target, rubbers_to_play.
        self._rules = (code, long, game["rubber_bonus"], game_target(code, long=long), game["rubbers"])
        self.game_score = [0, 0]  # points of the game in play, by side
        self.games: list[tuple[int, int]] = []  # games of the rubber in play: (winning side, value)
        self.rubber_results: list[dict[str, Any]] = []
        self.net = [0, 0]  # net rubber points by side over the sitting
        self.deal_no = 0
        self.play: TrickPlay | None = None
        self.trump_card: Card | None = None
        self.trump_on_table = False
        self.honours = (0, 0)
        self._over = False
        self.standings: dict[str, int] = {}  # each player's net rubber points over the sitting
        self.consecutive: dict[str, int] = {}  # consecutive rubbers (000 §20) or games (002 §5) each has played
        self.waiting: list[str] = []  # those who belong to the table and wait to enter (000 §17)
        if deal is not None or "players" in start:  # a given deal, or its replay
            if deal is not None:
                self.dealer = self._given_deal(deal)
                self._start = {"dealer": SEATS[self.dealer], "players": self._players(players)}
                if deal.get("score") is not None:
                    self._start["score"] = self._given_score(deal["score"])
            else:
                self._start = start
                self.dealer = _SEAT_INDEX[start["dealer"]]
            if "score" in self._start:
                self.game_score = list(self._given_score(self._start["score"]).values())
            self.players = dict(self._start["players"])
            names = list(dict.fromkeys(self.players[self.controller(s)] for s in SEATS))
            self.standings = dict.fromkeys(names, 0)
            self.consecutive = dict.fromkeys(names, 0)
        else:
            names = list(start.get("candidates") or players or self._default_players)
            self._check_candidates(names)
            self._start = {"candidates": names}
            self.standings = dict.fromkeys(names, 0)
            self.consecutive = dict.fromkeys(names, 0)
            self.players = {}
            self.events.extend(self._form(names))
        self.events.extend(self._new_deal())

    _rules: tuple[str, bool, int, int, int]
    """The sitting's rules from its options: (code, long, rubber bonus, target, rubbers to play).  Kept in one
    attribute, read by the properties below: a table's instance dict stays under CPython's 30 keys, so that it
    shares its keys with every other table's (a few hundred bytes less a table)."""

    games_played = 0
    """Games finished in the sitting (an instance's own count from the first)."""
    _last_result: dict[str, Any] | None = None
    """The last deal's result, for the view (None before the first deal ends)."""

    code: str = _rules_part(0, "The code of laws: english-1864 (000), american-1893 (002), american-gwp (004).")
    long: bool = _rules_part(1, "Long Whist (rules §1.2).")
    bonus: int = _rules_part(2, "The American codes' rubber bonus (rules §1.3).")
    target: int = _rules_part(3, "Points to win a game (000 §2; rules §1.2; 002 §1; 004 rule 2).")
    rubbers_to_play: int = _rules_part(4, "Rubbers in the sitting.")

    # ------------------------------------------------------------------ forming the table

    _default_players: tuple[str, ...] = ("A", "B", "C", "D")

    def _check_candidates(self, names: list[str]) -> None:
        if len(names) < 4 or len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
            raise ValueError(f"{self.game.name} needs four or more distinct players, not {names!r}")

    def _table_changes(self, rubber_over: bool) -> bool:
        """Whether the table is formed again after this game: candidates wait to enter."""
        return bool(self.waiting) and (rubber_over or self.code == AMERICAN)

    def _given_score(self, score: Any) -> dict[str, int]:
        """The points of the game in play when a given deal is dealt: ``{"NS": 2, "EW": 0}``, each short of game."""
        try:
            out = {side: score[side] for side in SIDES}
        except (KeyError, TypeError):
            raise InvalidDeal(f"a given deal's 'score' is {{'NS': n, 'EW': n}}, not {score!r}") from None
        for side, n in out.items():
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < self.target:
                raise InvalidDeal(f"given deal: score {side} {n!r} is not 0..{self.target - 1}")
        return out

    def _players(self, players: Sequence[str] | None) -> dict[str, str]:
        """The seats of a given deal: four names, North, East, South, West."""
        names = list(players) if players else list(SEATS)
        if len(names) != 4 or len(set(names)) != 4:
            raise InvalidDeal(f"a given deal seats exactly four distinct players, not {names!r}")
        return dict(zip(SEATS, names, strict=True))

    def _form(self, names: Sequence[str], *, initial: bool = True, cutter: Cutter | None = None) -> list[Event]:
        """Cut for partners and deal: the two lowest play against the two highest, the lowest deals.

        English code (000 §13–19): with more than four candidates the four
        lowest play and cut again for partners (§16), the next two wait
        (§17).  American code (002 §2–4): those first in the room play, the
        table is complete with six, and the four cut for partners.  G.W.P.
        (004 rule 20): one cut, the four lowest play, partners as they cut.
        The dealer takes the West seat and his partner the East; the two
        highest sit North and South, so the eldest hand is North.
        """
        code = self.code
        cutter = cutter or self._cut_cards  # (law mode: a cut made again, 000 §15, 002 §7, 004 rule 4)
        if code == AMERICAN and len(names) > 4:
            formation = form_table(names[:4], cutter)  # 002 §2: preference by arrival
            waiting, law = list(names[4:6]), "002 §2"
        else:
            formation = form_table(names, cutter, recut_for_partners=code != GWP)
            waiting = list(formation.waiting)
            law = "004 rule 20" if code == GWP else "000 §16"
        if code == AMERICAN and len(names) <= 4:
            law = "002 §2"
        (dealer, dealer_partner), (high1, high2) = formation.partners
        self.players = {"N": high1, "E": dealer_partner, "S": high2, "W": dealer}
        self.dealer = _SEAT_INDEX["W"]
        if initial:
            self.waiting = waiting
        events = [_cut_event(r, code) for r in formation.rounds]
        wait_text = f"; waiting to enter: {', '.join(self.waiting)}" if self.waiting else ""
        events.append(
            Event(
                "seating",
                f"{dealer} deals and sits West with {dealer_partner} East; {high1} North, {high2} South"
                f" ({law}){wait_text}",
                law=law,
                data={"players": dict(self.players), "waiting": list(self.waiting)},
            )
        )
        return events

    def _change_table(self) -> list[Event]:
        """Candidates waiting enter; the new four cut again for partners and deal.

        English code: at the end of a rubber, those who have played the most
        consecutive rubbers go out, equal ones cutting and the highest going
        (000 §20).  American code: the same at the end of every game, by
        consecutive games (002 §5).  G.W.P.: at the end of a rubber the five
        or six cut again and the lowest four play (004 rule 20).
        """
        four = [self.players[s] for s in SEATS]
        if self.code == GWP:
            everyone = four + self.waiting
            events = [
                Event(
                    "cut out",
                    f"the rubber is over and {', '.join(self.waiting)} wish to play: all"
                    " cut again and the lowest four play (004 rule 20)",
                    law="004 rule 20",
                    data={"candidates": everyone},
                )
            ]
            for name in everyone:
                self.consecutive[name] = 0
            return events + self._form(everyone)
        law = "002 §5" if self.code == AMERICAN else "000 §20"
        entering = min(2, len(self.waiting))
        out, rounds = cut_out(four, self.consecutive, entering, self._cut_cards)
        events = [_cut_event(r, self.code) for r in rounds]
        comers = self.waiting[:entering]
        self.waiting = self.waiting[entering:] + list(out)
        for name in out:
            self.consecutive[name] = 0
        events.append(
            Event(
                "cut out",
                f"{', '.join(out)} {'go' if len(out) > 1 else 'goes'} out and"
                f" {', '.join(comers)} {'enter' if len(comers) > 1 else 'enters'} ({law})",
                law=law,
                data={"out": list(out), "in": comers},
            )
        )
        events.extend(self._form([n for n in four if n not in out] + comers, initial=False))
        return events

    def _given_deal(self, deal: Mapping[str, Any]) -> int:
        """Turn a given first deal (hands and turned card) into the order it would be dealt in."""
        try:
            dealer = _SEAT_INDEX[str(deal["dealer"]).upper()]
            hands_text = deal["hands"]
            turned = Card.from_text(str(deal["turned"]))
            hands = {s: list(parse(hands_text[s])) for s in SEATS}
        except KeyError as exc:
            raise InvalidDeal(
                f"a given deal needs 'dealer' (N E S W), 'turned' and 'hands' for N E S W; missing {exc}"
            ) from None
        except ValueError as exc:
            raise InvalidDeal(f"given deal: {exc}") from None
        for s in SEATS:
            if len(hands[s]) != 13:
                raise InvalidDeal(f"given deal: {s} has {len(hands[s])} cards; each hand has thirteen")
        if turned not in hands[SEATS[dealer]]:
            raise InvalidDeal(
                f"given deal: the turned card {turned} must be one of the dealer's ({SEATS[dealer]}) (000 §44 III)"
            )
        hands[SEATS[dealer]].remove(turned)
        hands[SEATS[dealer]].append(turned)
        order: list[Card] = []
        for i in range(13):
            for k in range(1, 5):
                order.append(hands[SEATS[(dealer + k) % 4]][i])
        if len(set(order)) != 52:
            twice = sorted(c for c, n in Counter(order).items() if n > 1)
            raise InvalidDeal(f"given deal: cards given twice: {format_cards(twice)}")
        self._script_first({"order": format_cards(order), "cut": None})
        return dealer

    # ------------------------------------------------------------------ the deal

    def _new_deal(self) -> list[Event]:
        dealer = self.dealer
        d = SEATS[dealer]
        deal_no = self.deal_no
        pack = deal_no & 1  # two packs used alternately (000 §30)
        if self._script:  # a given deal, or a replay's
            order = self._draw_deal(PACK_52)
            entry = self._deal_log[-1]
            entry["dealer"] = d
            entry["pack"] = pack
            bits = itemgetter(*order)(_BIT)
        else:
            # Table._draw_deal, inlined: shuffled, then cut by the pone leaving four cards at least (000 §34).
            # The pack's cards as plain ints (the same draws move them as they would the pack's Cards): indexing a
            # tuple by an exact int is the interpreter's fast path, by a Card (an int subclass) its slow one.
            shuffler = self._shuffler
            cards = list(_INDICES) if type(shuffler) in _PLAIN_SHUFFLERS else list(PACK_52)
            shuffler.shuffle(cards)
            at = 4 + shuffler.randbelow(45)
            order = cards[at:] + cards[:at]
            # (The pack's texts and bits picked out by one itemgetter: a call in C instead of one a card.)
            pick = itemgetter(*order)
            entry = {"order": " ".join(pick(CARD_TEXT)), "cut": at, "dealer": d, "pack": pack}
            self._deal_log.append(entry)
            bits = pick(_BIT)
        eldest = (dealer + 1) & 3
        # One card at a time from the dealer's left (000 §44 I): each hand is every fourth card, the first to the
        # eldest hand.
        masks = [0, 0, 0, 0]
        masks[eldest] = sum(bits[0:52:4])
        masks[(eldest + 1) & 3] = sum(bits[1:52:4])
        masks[(eldest + 2) & 3] = sum(bits[2:52:4])
        masks[dealer] = sum(bits[3:52:4])
        turned = order[-1]  # the last card comes to the dealer and is turned up (000 §44 III, §52)
        trumps = turned // 13
        self.trump_card = CARDS[turned]
        self.trump_on_table = True
        self.honours = honours_held(masks, trumps)
        self.play = TrickPlay(masks, trumps, eldest)
        if self._vc is not None:
            self._vc = None  # the view's parts kept through the deal: made by its first view (see _ViewParts)
        if self._thrown_in:
            self._thrown_in = ()
        turned_text = CARD_TEXT[turned]
        cut = entry.get("cut")
        deal_laws = _DEAL_LAWS[self.code]
        events = [
            _new_event(
                Event,
                (
                    "deal",
                    f"deal {deal_no + 1}: {d} deals from the {'second' if pack else 'first'} pack shuffled by his"
                    f" partner{f', the pone ({SEATS[(dealer + 3) & 3]}) cut at {cut}' if cut else ''}"
                    f" ({deal_laws[0]}, {deal_laws[1]}); trump card {turned_text},"
                    f" {_SUIT_WORD[SUITS[trumps]]} are trumps ({deal_laws[3]})",
                    d,
                    _DEAL_LAW_LISTS[self.code],
                    {"deal": deal_no + 1, "dealer": d, "pack": pack, "turned": turned_text},
                    DealtHands(masks),
                ),
            )
        ]
        if self._static_view:
            self._static_view = _NO_STATIC  # built by the first view of the deal (empty until then)
        if self.long:
            events.extend(self._long_whist_call())
        return events

    def _long_whist_call(self) -> list[Event]:
        """A side at eight holding three honours calls and wins the game at once (rules §1.2)."""
        for side in (0, 1):
            if self.game_score[side] == 8 and self.honours[side] >= 3:
                assert self.play is not None
                # The hands are shown and thrown in, not played (rules §1.2).
                self._thrown_in = self.play.hands
                self.play.hands = [0, 0, 0, 0]
                self.trump_on_table = False
                events = [
                    Event(
                        "call",
                        f"{SIDES[side]} stand at eight and hold {self.honours[side]} honours: they call and"
                        " win the game without playing the hand (rules §1.2)",
                        law="rules §1.2",
                        data={"side": SIDES[side]},
                    )
                ]
                before = list(self.game_score)
                self.game_score[side] = self.target
                events.extend(self._finish_deal(before, [0, 0], called=side))
                return events
        return []

    # ------------------------------------------------------------------ the engine interface

    @property
    def to_act(self) -> str | None:
        if self._over:
            return None
        assert self.play is not None
        return SEATS[self.play.turn]

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        play = self.play
        assert play is not None
        hand = play.hands[play.turn]
        t = _SUIT_ACTIONS
        trick = play.trick
        if trick:  # follow suit if he can (000 §71)
            s = _SUIT_OF[trick[0]]
            follow = t[s][hand >> _SUIT_SHIFT[s] & 0x1FFF]
            if follow:
                return [*follow]
        return [*t[0][hand & 0x1FFF], *t[1][hand >> 13 & 0x1FFF], *t[2][hand >> 26 & 0x1FFF], *t[3][hand >> 39]]

    def _legal_ids(self) -> list[int] | None:
        """legal_action_ids() from the same tables: a card's action id is its index (docs/research.md)."""
        return [] if self._over else self._lawful(_SUIT_IDS)

    def _lawful(self, t: list[tuple[tuple[Any, ...], ...]]) -> list[Any]:
        """The lawful cards of the seat to play, as ``t`` gives each suit's cards (actions or ids), lowest first."""
        play = self.play
        assert play is not None
        hand = play.hands[play.turn]
        if play.trick:  # follow suit if he can (000 §71)
            s = play.trick[0] // 13
            follow = t[s][hand >> (13 * s) & 0x1FFF]
            if follow:
                return list(follow)
        return [*t[0][hand & 0x1FFF], *t[1][hand >> 13 & 0x1FFF], *t[2][hand >> 26 & 0x1FFF], *t[3][hand >> 39]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The short way of apply() below plays a card as WhistTable._check and _do would; a table class that
        # changes either (Dummy's exposed hand, a per-deal episode, law mode) goes the long way.
        # Dummy's _do adds the exposed hand to the deal's first card only: its later cards go the short way too.
        same = cls._check is WhistTable._check and cls.apply is WhistTable.apply
        cls._lean_lead = same and cls._do is WhistTable._do
        cls._lean = cls._lean_lead or (same and cls._do is cls._do_after_lead)

    _lean = True
    _lean_lead = True
    """Whether the first card of a deal may go the short way too (see _do_after_lead)."""
    _do_after_lead: Any = None
    """A subclass's ``_do`` that does as :meth:`_do` after the first card of a deal (Dummy's: it exposes the hand at
    the first card)."""

    def apply(self, action: Action | str) -> list[Event]:
        """As :meth:`Table.apply`.  A lawful card goes the short way: checked here, and played here unless it turns
        the trick; nothing of chance can be due before the deal's end, so until then the log only grows by the
        card's events.  Anything else (text, a seat named, an unlawful card) goes the long way, which refuses it."""
        card = _PLAY_CARD.get(id(action))  # one of the 52 actions ``play CARD`` (no seat): the short way
        if card is not None and self._lean and not self._over:
            play = self.play
            assert play is not None
            turn = play.turn
            hands = play.hands
            hand = hands[turn]
            trick = play.trick
            bit = _BIT[card]
            # (Suits and bits by table lookups, not // and <<: a tuple indexed by an int is one of the interpreter's
            # specialised fast paths, integer division and shifts are not.)
            if (
                hand & bit
                and (not trick or bit & _SUIT_MASK_OF[trick[0]] or not hand & _SUIT_MASK_OF[trick[0]])
                and (trick or self._lean_lead or play.quitted)
            ):
                # Lawful, as _check has it: he holds the card and follows suit if he can (000 §71).
                act: Action = action  # type: ignore[assignment]  # one of PLAY (its card found by identity)
                self.actions.append(act)
                if len(trick) == 3:  # the card turns the trick
                    quitted = play.quitted
                    n = len(quitted) + 1
                    # As _do: the trick's winner takes it and leads (the last trick: the hand is scored, and the next
                    # deal dealt, below).
                    hands[turn] = hand ^ bit
                    leader = play.leader
                    c0, c1, c2 = trick
                    cards = (c0, c1, c2, card)
                    # trick_winner, inlined: the highest trump, else the highest card of the suit led (000 §2).
                    trumps = play.trumps
                    suit = _SUIT_OF
                    best_suit = suit[c0]
                    best = c0
                    won = 0
                    s = suit[c1]
                    if s == best_suit:
                        if c1 > best:
                            best, won = c1, 1
                    elif s == trumps:
                        best, won, best_suit = c1, 1, s
                    s = suit[c2]
                    if s == best_suit:
                        if c2 > best:
                            best, won = c2, 2
                    elif s == trumps:
                        best, won, best_suit = c2, 2, s
                    s = suit[card]
                    if (s == best_suit and card > best) or (s != best_suit and s == trumps):
                        won = 3
                    winner = (leader + won) & 3
                    quitted.append((leader, cards, winner))
                    play.won[winner] += 1
                    play.trick = []
                    play.leader = play.turn = winner
                    self.trump_on_table = False
                    # TrickData(n, leader, cards, winner), without the call's cost: its one int set directly
                    data = _new_object(TrickData)
                    data._k = n | leader << 4 | winner << 6 | c0 << 8 | c1 << 14 | c2 << 20 | card << 26
                    data._d = None
                    events = [
                        PLAY_EVENTS[turn][card],
                        _new_event(
                            Event,
                            (
                                "trick",
                                _trick_text(n, winner, cards[won]),
                                SEATS[winner],
                                None,
                                data,
                                None,
                            ),
                        ),
                    ]
                    if n == 13:  # the last trick: scored, the next deal dealt; chance's commitments and proofs now due
                        events += self._score_hand()
                        return self._logged(events)
                    self.events += events
                    return events
                # As _do, for a card that does not turn the trick.
                hands[turn] = hand ^ bit
                trick.append(card)
                play.turn = nxt = _NEXT_SEAT[turn]
                if self.trump_on_table and nxt == self.dealer and not play.quitted:
                    self.trump_on_table = False  # the dealer takes up the trump card at his turn (000 §52)
                event = PLAY_EVENTS[turn][card]
                self.events.append(event)
                return [event]
        return super().apply(action)

    def apply_id(self, i: int) -> list[Event]:
        """As :meth:`Table.apply_id`; a card's id is its index (docs/research.md), and the card goes the short way of
        :meth:`apply`."""
        if self._lean and type(i) is int and 0 <= i < 52:
            sp = self.__dict__.get("_space")
            if sp is None:
                sp = self._action_space()
            act = sp._slots[i]
            if type(act) is Action and act.seat is None:
                return self.apply(act)
        return super().apply_id(i)

    def _check(self, action: Action) -> None:
        if action.verb != "play":
            raise IllegalAction(f"{action}: at whist the only action in play is 'play CARD', e.g. 'play QS'")
        play = self.play
        assert play is not None and action.card is not None
        card = action.card
        hand = play.hands[play.turn]
        if card >= 52 or not hand >> card & 1:
            raise IllegalAction(f"{action}: {SEATS[play.turn]} does not hold the {card.name}")
        if play.trick:
            led = play.trick[0] // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                raise IllegalAction(
                    f"{action}: must follow suit: {SEATS[play.turn]} holds {_SUIT_WORD[SUITS[led]]} (000 §71)",
                    law="000 §71",
                )

    def _do(self, action: Action) -> list[Event]:
        play = self.play
        assert play is not None and action.card is not None
        seat = play.turn
        card = action.card
        # TrickPlay.play, inlined: the card leaves the hand for the trick (000 §71 was checked).
        play.hands[seat] &= ~(1 << card)
        trick = play.trick
        trick.append(card)
        if len(trick) < 4:
            play.turn = turn = (seat + 1) & 3
            if self.trump_on_table and turn == self.dealer and not play.quitted:
                # The dealer takes the trump card into his hand when it is his turn to play to the first trick
                # (000 §52; 004 rule 10: it stays until three have played).
                self.trump_on_table = False
            return [PLAY_EVENTS[seat][card]]
        leader = play.leader
        cards = tuple(trick)
        winner = (leader + trick_winner(trick, play.trumps)) & 3
        play.quitted.append((leader, cards, winner))
        play.won[winner] += 1
        play.trick = []
        play.leader = play.turn = winner
        self.trump_on_table = False
        n = len(play.quitted)
        events = [PLAY_EVENTS[seat][card], _trick_event(n, leader, cards, winner)]
        if n == 13:
            events.extend(self._score_hand())
        return events

    # ------------------------------------------------------------------ scoring

    def _score_hand(self) -> list[Event]:
        play = self.play
        assert play is not None
        won = play.won
        tricks = [won[0] + won[2], won[1] + won[3]]
        before = self.game_score
        honours = self.honours
        # A hand's score and its events follow from these alone: each is worked out once and kept (events are
        # immutable, their data read-only).
        key = (self.code, self.long, before[0], before[1], tricks[0], tricks[1], honours[0], honours[1])
        scored = _SCORED.get(key)
        if scored is None:
            hs = score_hand(before, tricks, honours, long=self.long, code=self.code)
            scored = _SCORED[key] = (
                hs.score,
                tuple(
                    Event(
                        "score", text, law=law, data=MappingProxyType({"side": SIDES[side], "points": pts, "for": what})
                    )
                    for side, what, pts, law, text in hs.items
                ),
            )
        self.game_score = list(scored[0])
        events = list(scored[1])
        events += self._finish_deal(list(before), tricks)
        return events

    def _finish_deal(self, before: list[int], tricks: list[int], called: int | None = None) -> list[Event]:
        events: list[Event] = []
        score = self.game_score
        honours = self.honours
        result: dict[str, Any] = {
            "tricks": {"NS": tricks[0], "EW": tricks[1]},
            "honours": {"NS": honours[0], "EW": honours[1]},
            "points": {"NS": score[0] - before[0], "EW": score[1] - before[1]},
        }
        if called is not None:
            result["called"] = SIDES[called]
        target = self.target
        winner = 0 if score[0] >= target else 1 if score[1] >= target else None
        change = False
        if winner is not None:
            events.append(self._finish_game(winner, result))
            rubber = rubber_value(self.games, code=self.code, bonus=self.bonus)
            if rubber is not None:
                events.append(self._finish_rubber(rubber))
                result["rubber"] = dict(self.rubber_results[-1])
            if self.code == AMERICAN and self.games_played >= 3 * self.rubbers_to_play:
                self._over = True  # a table that changes after every game (002 §5) plays 3 games a rubber
            change = self._table_changes(rubber is not None)
        self._deal_log[-1]["result"] = result
        self._last_result = result
        self.deal_no += 1
        if not self._over:
            self.dealer = (self.dealer + 1) & 3  # the deal goes to the left (000 §33, 002 §13, 004 rule 7)
            if change:
                if self.games:
                    events.append(
                        Event(
                            "rubber",
                            "the table changes after the game (002 §5): the rubber in play"
                            " ends without a rubber value; its games stand",
                            law="002 §5",
                            data={"abandoned": True},
                        )
                    )
                    self.games = []
                events.extend(self._change_table())
            events += self._new_deal()
        else:
            self._refresh_static()
        return events

    def _finish_game(self, winner: int, result: dict[str, Any]) -> Event:
        loser_score = self.game_score[1 - winner]
        value = game_value(loser_score, long=self.long, code=self.code)
        self.games.append((winner, value))
        self.games_played += 1
        if self.code == ENGLISH:
            law = "rules §1.2" if self.long else "000 §8"
            worth = f"{ {3: 'a treble', 2: 'a double', 1: 'a single'}[value] } ({value})"
        else:
            law = "002 §1" if self.code == AMERICAN else "rules §1.3"
            worth = f"worth {value}, seven less the losers' {loser_score}"
        if self.code == AMERICAN:
            # The value of each game is scored as it is won (002 §1); the rubber adds only its bonus (rules §1.3).
            self._credit(winner, value, count_for="game")
        result["game"] = {"side": SIDES[winner], "value": value}
        score = {SIDES[s]: self.game_score[s] for s in (0, 1)}
        self.game_score = [0, 0]
        return Event(
            "game",
            f"{SIDES[winner]} win the game, {score[SIDES[winner]]} to {loser_score}: {worth} ({law})",
            seat=SIDES[winner],
            law=law,
            data={"side": SIDES[winner], "value": value, "score": score},
        )

    def _credit(self, winner: int, points: int, count_for: str) -> None:
        """Add to the sides' net points and the players' standings; count consecutive rubbers or games."""
        self.net[winner] += points
        self.net[1 - winner] -= points
        if self.standings:
            for name, side in self._shares():
                self.standings[name] += points if side == winner else -points
                if (count_for == "game") == (self.code == AMERICAN):
                    self.consecutive[name] += 1

    def _shares(self) -> list[tuple[str, int]]:
        """Who wins or loses the side's points: each seat's player (a Dummy's partner takes Dummy's share)."""
        return [(self.players[self.controller(s)], i % 2) for i, s in enumerate(SEATS)]

    def _finish_rubber(self, rubber: RubberValue) -> Event:
        winner = rubber.winner
        if self.code == AMERICAN:
            self._credit(winner, self.bonus, count_for="rubber")
        else:
            self._credit(winner, rubber.points, count_for="rubber")
        self.rubber_results.append(
            {
                "side": SIDES[winner],
                "points": rubber.points,
                "games": [{"side": SIDES[w], "value": v} for w, v in self.games],
            }
        )
        self.games = []
        if len(self.rubber_results) >= self.rubbers_to_play:
            self._over = True
        return Event(
            "rubber",
            f"{SIDES[winner]} win the rubber: {rubber.text}",
            seat=SIDES[winner],
            law=list(rubber.laws),
            data={"side": SIDES[winner], "points": rubber.points},
        )

    # ------------------------------------------------------------------ public state

    @property
    def over(self) -> bool:
        return self._over

    @property
    def scores(self) -> dict[str, int]:
        """Net rubber points by side once the sitting is over; the points of the game in play before."""
        if self._over:
            return {"NS": self.net[0], "EW": self.net[1]}
        return {"NS": self.game_score[0], "EW": self.game_score[1]}

    def places(self) -> dict[str, str]:
        play = self.play
        assert play is not None
        out: dict[str, str] = {}
        for n, (_, cards, _) in enumerate(play.quitted, start=1):
            for c in cards:
                out[str(CARDS[c])] = f"quitted {n}"
        for c in play.trick:
            out[str(CARDS[c])] = "trick"
        for s in range(4):
            m = play.hands[s]
            while m:
                low = m & -m
                out[str(CARDS[low.bit_length() - 1])] = f"hand {SEATS[s]}"
                m ^= low
        for m in self._thrown_in:
            while m:
                low = m & -m
                out[str(CARDS[low.bit_length() - 1])] = "gathered"
                m ^= low
        if self.trump_on_table and self.trump_card is not None:
            out[str(self.trump_card)] = "turned"
        return out

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now (``None``: a spectator, who sees no hand).

        A new dict each call, built from the play's state when asked for; the lists and dicts inside it may be
        shared with later views of the same deal (the entries of ``played`` with every table's views), so copy
        before changing them.
        """
        if seat is not None and seat not in _SEAT_INDEX:
            self.seat_check(seat)
        play = self.play
        assert play is not None
        quitted = play.quitted
        trick = play.trick
        nq = len(quitted)
        n = len(trick)
        vc = self._vc
        if vc is None:
            vc = self._vc = _ViewParts()
        played = vc.played
        k = len(played)
        if k < 4 * nq + n:
            if k + 1 == 4 * nq + n:  # one card played since the last view (the common case): as _played
                if n:
                    played.append(PLAYED_ENTRIES[(play.leader + n - 1) & 3][trick[-1]])
                else:
                    last_leader, last_cards, _ = quitted[-1]
                    played.append(PLAYED_ENTRIES[(last_leader + 3) & 3][last_cards[3]])
            else:
                played = self._played()
        over = self._over
        hands = play.hands
        on_table = self.trump_on_table and not over
        per_trick = vc.per_trick
        if per_trick is None or per_trick[0] != nq:
            # The last trick and the tricks won change only when a trick is turned: made then, shared till the next.
            if quitted:
                leader, _, winner = quitted[-1]
                k = 4 * nq
                last = {"leader": SEATS[leader], "winner": SEATS[winner], "cards": played[k - 4 : k]}
            else:
                last = None
            won = play.won
            vc.per_trick = per_trick = (nq, last, {"NS": won[0] + won[2], "EW": won[1] + won[3]})
        template = vc.template
        if template is None or template[0] is not self._static_view or not template[0]:
            template = vc.template = self._make_template()
        # A copy of a dict holding every key already, in the view's order: its values are replaced, no key added
        # (but the hand, last).
        v: dict[str, Any] = template[1].copy()
        v["seat"] = seat
        v["to_act"] = None if over else SEATS[play.turn]
        v["leader"] = SEATS[play.leader]
        v["turned"] = CARD_TEXT[self.trump_card] if on_table else None  # type: ignore[index]
        v["trick"] = played[-n:] if n else []
        v["played"] = played[:]
        v["last_trick"] = per_trick[1]
        v["tricks"] = per_trick[2]
        # Each hand holds thirteen less the tricks turned, less one if it has played to the trick on the table
        # (none once thrown in).
        v["hand_counts"] = counts = (
            {"N": 0, "E": 0, "S": 0, "W": 0} if self._thrown_in else _HAND_COUNTS[nq][play.leader][n].copy()
        )
        if seat is not None and not over:
            i = _SEAT_INDEX[seat]
            m = hands[i]
            if on_table and i == self.dealer:
                m &= ~(1 << self.trump_card)  # type: ignore[operator]
            kept = vc.hands[i]
            if kept is None or kept[0] != m:
                # A hand changes only when its seat plays: its list is kept till then (shared by the views).  One
                # card gone since (the common case): the list without it, else made again.
                gone = m ^ kept[0] if kept is not None else 0
                if gone and not gone & (gone - 1) and not gone & m:
                    texts = kept[1].copy()  # type: ignore[index]
                    texts.remove(CARD_TEXT[gone.bit_length() - 1])
                else:
                    texts = hand_texts(m)
                kept = vc.hands[i] = (m, texts)
            v["hand"] = kept[1]
        if on_table:
            # The trump card lies on the table until the dealer takes it up at his turn (000 §52): it is not yet
            # in his hand.
            counts[SEATS[self.dealer]] -= 1
        return v

    _static_view: dict[str, Any] = _NO_STATIC
    """The part of the view that changes only between deals (empty until a deal's first view makes it)."""
    _vc: _ViewParts | None = None
    """The view's parts kept through a deal (None until its first view)."""
    _thrown_in: Sequence[int] = ()
    """Hands shown and thrown in without play (a call at Long Whist): their bit sets, for :meth:`places`."""

    @property
    def _turned_text(self) -> str:
        """The trump card's text."""
        return CARD_TEXT[self.trump_card]  # type: ignore[index]

    def _make_template(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The view's part that changes only between deals, and a dict of every key of a view in order, those values
        filled in (see :meth:`view`)."""
        if not self._static_view:
            self._refresh_static()
        static = self._static_view
        return (static, {**static, **dict.fromkeys(_VIEW_KEYS)})

    def _played(self) -> list[dict[str, str]]:
        """The deal's cards played, ``{"seat", "card"}`` in order: extended from the play when a view asks."""
        vc = self._vc
        if vc is None:
            vc = self._vc = _ViewParts()
        pv = vc.played
        play = self.play
        assert play is not None
        quitted = play.quitted
        k = len(pv)
        if k < 4 * len(quitted) + len(play.trick):
            for t in range(k >> 2, len(quitted)):
                leader, cards, _ = quitted[t]
                for j in range(k - 4 * t, 4):
                    pv.append(PLAYED_ENTRIES[(leader + j) & 3][cards[j]])
                k = 4 * t + 4
            leader = play.leader
            for j, c in enumerate(play.trick[k - 4 * len(quitted) :], start=k - 4 * len(quitted)):
                pv.append(PLAYED_ENTRIES[(leader + j) & 3][c])
        return pv

    def _refresh_static(self) -> None:
        """The part of the view that changes only between deals."""
        play = self.play
        assert play is not None
        self._static_view = {"game": self.game.name, **self._table_view(play.trumps)}

    def _table_view(self, trumps: int | None) -> dict[str, Any]:
        """The view's part about the table and the score, the same at law (:mod:`hoyle.laws.sections.seen`):
        who sits where, the dealer, the deal, the trump suit (``trumps``), games and rubbers."""
        return {
            "seats": list(SEATS),
            "players": dict(self.players),
            "waiting": list(self.waiting),
            "standings": dict(self.standings),
            "dealer": SEATS[self.dealer],
            "deal": self.deal_no + (0 if self._over else 1),
            "trumps": SUITS[trumps] if trumps is not None else None,
            "score": {"NS": self.game_score[0], "EW": self.game_score[1]},
            "target": self.target,
            "games": [{"side": SIDES[w], "value": v} for w, v in self.games],
            "rubbers": [dict(r, games=[dict(g) for g in r["games"]]) for r in self.rubber_results],
            "scores": self.scores,
            "last_result": copy_result(self._last_result),
            "over": self._over,
        }


class _ViewParts:
    """What :meth:`WhistTable.view` keeps through a deal, made by the deal's first view (a table never viewed keeps
    none): the cards played as the view lists them, the part made when a trick is turned (the tricks turned, the
    last trick, the tricks won), the template (see :meth:`WhistTable._make_template`), and each seat's hand (its bit
    set and its texts)."""

    __slots__ = ("hands", "per_trick", "played", "template")

    def __init__(self) -> None:
        self.played: list[dict[str, str]] = []
        self.per_trick: tuple[int, dict[str, Any] | None, dict[str, int]] | None = None
        self.template: tuple[dict[str, Any], dict[str, Any]] | None = None
        self.hands: list[tuple[int, list[str]] | None] = [None, None, None, None]


_HAND_COUNTS = tuple(
    tuple(
        tuple({s: 13 - nq - (1 if (seat - leader) & 3 < n else 0) for seat, s in enumerate(SEATS)} for n in range(4))
        for leader in range(4)
    )
    for nq in range(14)
)
"""The cards each seat holds (the view's ``hand_counts``) by the tricks turned, the leader and the cards on the
table: a deal of thirteen each, played one card a seat a trick."""

_VIEW_KEYS = ("seat", "to_act", "leader", "turned", "trick", "played", "last_trick", "tricks", "hand_counts")
"""The keys of a view after its part that changes only between deals, in order."""


class _Lazy(Mapping[str, Any]):
    """A part of an event made into its plain dict when first read (:meth:`_all`), then kept: equal to that dict,
    read-only, shared by copies of the event (deep-copied as itself), pickled as the dict.  A subclass names its
    keys (``_KEYS``, in order) and makes the dict."""

    __slots__ = ()
    _KEYS: tuple[str, ...] = ()

    @abstractmethod
    def _all(self) -> dict[str, Any]:
        """The plain dict, made on the first call and kept."""

    def __getitem__(self, key: str) -> Any:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._KEYS)

    def __len__(self) -> int:
        return len(self._KEYS)

    def __contains__(self, key: object) -> bool:
        return key in self._KEYS

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._all() == (other._all() if isinstance(other, _Lazy) else dict(other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._all())

    def __deepcopy__(self, memo: dict[int, object]) -> _Lazy:
        return self  # part of an immutable event

    def __reduce__(self) -> Any:
        return (dict, (self._all(),))


class DealtHands(_Lazy):
    """The private part of a deal event, ``{seat: {"hand": "AS KS ..."}}`` for N, E, S, W: the hands' texts are made
    when first read (most deals' events are never read), then kept.  Equal to the plain dict of the same hands."""

    __slots__ = ("_masks", "_texts")
    _KEYS = SEATS

    def __init__(self, masks: Sequence[int]) -> None:
        # The four 52-card bit sets in one int (208 bits): a sitting keeps every deal's event.
        self._masks = masks[0] | masks[1] << 52 | masks[2] << 104 | masks[3] << 156
        self._texts: dict[str, dict[str, str]] | None = None

    def _all(self) -> dict[str, dict[str, str]]:
        texts = self._texts
        if texts is None:
            k = self._masks
            full = (1 << 52) - 1
            m = (k & full, k >> 52 & full, k >> 104 & full, k >> 156)
            texts = self._texts = {
                "N": {"hand": " ".join(hand_texts(m[0]))},
                "E": {"hand": " ".join(hand_texts(m[1]))},
                "S": {"hand": " ".join(hand_texts(m[2]))},
                "W": {"hand": " ".join(hand_texts(m[3]))},
            }
        return texts


class SeatHands(_Lazy):
    """The private part of a deal event at Solo, Boston, Cayenne and Pope Joan, ``{seat: {"hand": "AS KS ..."}}`` for
    the seats given, in their order, each hand's cards as :func:`hand_texts` (or the game's ``order``) lists them:
    made when first read (most deals' events are never read), then kept.  Equal to the plain dict of the same hands."""

    __slots__ = ("_KEYS", "_masks", "_order", "_texts")

    def __init__(
        self, seats: Sequence[str], masks: Sequence[int], order: Callable[[int], Sequence[str]] | None = None
    ) -> None:
        self._KEYS = tuple(seats)  # each instance's own keys (a slot, over the class default)
        self._masks = tuple(masks)
        self._order = order  # a game's own order of a hand's cards (Pope Joan's, ace low); None: hand_texts
        self._texts: dict[str, dict[str, str]] | None = None

    def _all(self) -> dict[str, dict[str, str]]:
        texts = self._texts
        if texts is None:
            order = self._order or hand_texts
            texts = self._texts = {
                s: {"hand": " ".join(order(m))} for s, m in zip(self._KEYS, self._masks, strict=True)
            }
        return texts


class SeatedTrickData(_Lazy):
    """The data of a trick event at Solo, Boston and Cayenne, ``{"trick": n, "leader": seat, "seats": [seats in the
    order they played], "cards": [cards], "winner": seat}``: made when first read (most tricks' events are never
    read), then kept.  Equal to the plain dict."""

    __slots__ = ("_cards", "_d", "_n", "_seats", "_winner")
    _KEYS = ("trick", "leader", "seats", "cards", "winner")

    def __init__(self, n: int, seats: Sequence[str], cards: Sequence[int], winner: str) -> None:
        self._n = n
        self._seats = tuple(seats)
        self._cards = tuple(cards)
        self._winner = winner
        self._d: dict[str, Any] | None = None

    def _all(self) -> dict[str, Any]:
        d = self._d
        if d is None:
            t = CARD_TEXT
            d = self._d = {
                "trick": self._n,
                "leader": self._seats[0],
                "seats": list(self._seats),
                "cards": [t[c] for c in self._cards],
                "winner": self._winner,
            }
        return d


def copy_result(d: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy two levels deep (the deal's result: its values are dicts of numbers)."""
    return None if d is None else {k: dict(v) if isinstance(v, dict) else v for k, v in d.items()}


PLAY_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(
        Event("play", f"{s} plays {CARD_TEXT[c]}", seat=s, data=MappingProxyType({"card": CARD_TEXT[c]}))
        for c in range(52)
    )
    for s in SEATS
)
"""The event of each card played by each seat: events are immutable, so one of each serves every table."""

PLAYED_ENTRIES: tuple[tuple[dict[str, str], ...], ...] = tuple(
    tuple({"seat": s, "card": CARD_TEXT[c]} for c in range(52)) for s in SEATS
)
"""A view's entry of each card played by each seat, ``{"seat": "N", "card": "QS"}``: one of each, shared by every
table's views (a view's lists and dicts are shared, not to be changed: see :meth:`WhistTable.view`)."""


_SCORED: dict[tuple[Any, ...], tuple[tuple[int, int], tuple[Event, ...]]] = {}
"""A hand's score and score events by (code, long, the score before, the tricks, the honours held):
what :meth:`WhistTable._score_hand` would work out each time (a few hundred keys in all)."""

_TRICK_HEADS = tuple(tuple(f"trick {n}: {w} wins with " for w in SEATS) for n in range(14))
_TRICK_TEXTS: list[str | None] = [None] * (14 * 4 * 52)
"""Each trick event's text by (trick, winner, winning card), made when first met and shared by every table's events
(a sitting's memory grows by a pointer a trick for it, not by a string)."""


def _trick_text(n: int, winner: int, card: int) -> str:
    """``"trick N: W wins with QS"``: the text of the ``n``-th trick's event, won by ``winner`` with ``card``."""
    k = (n * 4 + winner) * 52 + card
    text = _TRICK_TEXTS[k]
    if text is None:
        text = _TRICK_TEXTS[k] = _TRICK_HEADS[n][winner] + CARD_TEXT[card]
    return text


_new_event = tuple.__new__
_new_object = object.__new__


def _trick_event(n: int, leader: int, cards: tuple[int, ...], winner: int) -> Event:
    """The event of the ``n``-th trick turned: its cards, led by ``leader``, won by ``winner``.

    Made as ``Event("trick", text, seat=w, data=...)`` would make it, without the keywords' cost; its data made when
    first read (:class:`TrickData`)."""
    return _new_event(
        Event,
        (
            "trick",
            _trick_text(n, winner, cards[(winner - leader) & 3]),
            SEATS[winner],
            None,
            TrickData(n, leader, cards, winner),
            None,
        ),
    )


class TrickData(_Lazy):
    """The data of a trick event, ``{"trick": n, "leader": seat, "cards": [4 cards], "winner": seat}``: made when
    first read (most tricks' events are never read), then kept.  Equal to the plain dict.  Until read, the trick is
    one int (the trick's number, leader, winner and four cards in 32 bits): a sitting keeps every trick's event."""

    __slots__ = ("_d", "_k")
    _KEYS = ("trick", "leader", "cards", "winner")

    def __init__(self, n: int, leader: int, cards: tuple[int, ...], winner: int) -> None:
        self._k = n | leader << 4 | winner << 6 | cards[0] << 8 | cards[1] << 14 | cards[2] << 20 | cards[3] << 26
        self._d: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        """The trick's number in the deal, from 1."""
        return self._k & 15

    @property
    def leader(self) -> int:
        """The seat that led it (0 to 3: N, E, S, W)."""
        return self._k >> 4 & 3

    @property
    def winner(self) -> int:
        """The seat that won it."""
        return self._k >> 6 & 3

    @property
    def cards(self) -> tuple[int, int, int, int]:
        """Its cards in the order played, from the leader's."""
        k = self._k
        return (k >> 8 & 63, k >> 14 & 63, k >> 20 & 63, k >> 26 & 63)

    def _all(self) -> dict[str, Any]:
        d = self._d
        if d is None:
            t = CARD_TEXT
            k = self._k
            d = self._d = {
                "trick": k & 15,
                "leader": SEATS[k >> 4 & 3],
                "cards": [t[k >> 8 & 63], t[k >> 14 & 63], t[k >> 20 & 63], t[k >> 26 & 63]],
                "winner": SEATS[k >> 6 & 3],
            }
        return d


_DEAL_LAWS = {
    # the still pack made up by the dealer's partner, the cut, the deal one at a time, the trump card
    ENGLISH: ("000 §30", "000 §34", "000 §44", "000 §52"),
    AMERICAN: ("002 §8", "002 §10", "002 §13", "002 §18"),
    GWP: ("004 rule 5", "004 rule 8", "004 rule 9", "004 rule 10"),
}
_DEAL_LAW_LISTS = {code: list(laws) for code, laws in _DEAL_LAWS.items()}
"""Each code's deal laws as the deal event's ``law`` list: one list a code, shared by every deal event (events are
immutable: not to be changed)."""
_CUT_LAWS = {
    # formation.py cites 000; the same rules stand in 002 and 004 under these numbers
    AMERICAN: {
        "000 §13": "002 §7",
        "000 §16": "002 §2",
        "000 §17": "002 §2",
        "000 §18": "002 §3",
        "000 §19": "002 §4",
        "000 §20": "002 §5",
    },
    GWP: {
        "000 §13": "004 rule 3",
        "000 §16": "004 rule 20",
        "000 §17": "004 rule 20",
        "000 §18": "004 rule 20",
        "000 §19": "004 rule 20",
        "000 §20": "004 rule 20",
    },
}


def _cut_event(r: CutRound, code: str = ENGLISH) -> Event:
    law = _CUT_LAWS.get(code, {}).get(r.law, r.law)
    return Event("cut", r.text, law=law, data={"purpose": r.purpose, "cuts": {n: CARD_TEXT[c] for n, c in r.cuts}})


_SUIT_TEXTS: list[tuple[tuple[str, ...], ...]] = []
_SUIT_IDS: list[tuple[tuple[int, ...], ...]] = []
"""The same as card indices, which are the cards' action ids (docs/research.md): legal_action_ids without a loop."""
_SUIT_ACTIONS: list[tuple[tuple[Action, ...], ...]] = []
"""The play actions of each suit's 13-bit mask, lowest first: legal_actions without a loop (built on first use)."""


def _build_tables() -> None:
    # Each mask's entry is the entry of the mask without its lowest card, with that card put first (actions, ids:
    # lowest first) or last (texts: highest first): one tuple joined a mask instead of a pass over thirteen ranks
    # (the first table of a trick game builds these: about 20 ms of CPU instead of 100 or more).
    size = 1 << 13
    lowest = [0] * size
    for bits in range(1, size):
        lowest[bits] = (bits & -bits).bit_length() - 1
    for s in range(4):
        one_act = [(PLAY[s * 13 + r],) for r in range(13)]
        one_id = [(s * 13 + r,) for r in range(13)]
        one_text = [(CARD_TEXT[s * 13 + r],) for r in range(13)]
        acts: list[tuple[Action, ...]] = [()] * size
        ids: list[tuple[int, ...]] = [()] * size
        texts: list[tuple[str, ...]] = [()] * size
        for bits in range(1, size):
            r = lowest[bits]
            rest = bits & (bits - 1)  # the mask without its lowest card
            acts[bits] = one_act[r] + acts[rest]
            ids[bits] = one_id[r] + ids[rest]
            texts[bits] = texts[rest] + one_text[r]
        _SUIT_ACTIONS.append(tuple(acts))
        _SUIT_IDS.append(tuple(ids))
        _SUIT_TEXTS.append(tuple(texts))


def play_actions(m: int) -> list[Action]:
    """``play CARD`` for each card of the 52-card bit set ``m``, lowest index first (as ``mask_cards``), from the
    suit tables: the lawful cards of the trick games without a loop over the cards."""
    if not _SUIT_ACTIONS:
        _build_tables()
    t = _SUIT_ACTIONS
    return [*t[0][m & 0x1FFF], *t[1][m >> 13 & 0x1FFF], *t[2][m >> 26 & 0x1FFF], *t[3][m >> 39 & 0x1FFF]]


_PLAY_CARD: dict[int, int] = {id(a): c for c, a in enumerate(PLAY[:52])}
"""The card of each of the 52 actions ``play CARD`` (no seat), by the action's identity: what :meth:`WhistTable.apply`
recognises without reading the action's fields (``legal_actions``, ``Action.parse`` and ids give these very
objects)."""

_SEAT_PLAYS: dict[str, list[Event | None]] = {}
"""Each seat's play events, by card (made when first played), for :func:`play_event`."""


def play_event(seat: str, card: int) -> Event:
    """The event of ``seat`` playing ``card``: made once for each seat and card, and shared (events are immutable)."""
    row = _SEAT_PLAYS.get(seat)
    if row is None:
        row = _SEAT_PLAYS[seat] = [None] * len(CARD_TEXT)
    ev = row[card]
    if ev is None:
        text = CARD_TEXT[card]
        ev = row[card] = Event("play", f"{seat} plays {text}", seat=seat, data=MappingProxyType({"card": text}))
    return ev


_PLAYED_ENTRIES: dict[str, tuple[dict[str, str], ...]] = {}
"""Each seat's view entries, by card, for :func:`played_entry`."""


def played_entry(seat: str, card: int) -> dict[str, str]:
    """A view's entry of ``seat`` playing ``card``, ``{"seat": seat, "card": "QS"}``: made once for each seat and card
    and shared by every table's views (not to be changed), as :data:`PLAYED_ENTRIES` are for Whist's seats."""
    row = _PLAYED_ENTRIES.get(seat)
    if row is None:
        row = _PLAYED_ENTRIES[seat] = tuple({"seat": seat, "card": t} for t in CARD_TEXT)
    return row[card]


def lean_card(t: Table, action: Action | str, seats: Sequence[str]) -> list[Event] | None:
    """The short way of a card at Solo, Boston and Cayenne (their ``apply`` in the play): a lawful card, checked as the
    game's ``_check`` would have it (he holds the card and follows suit if he can, 000 §71, 002 §28).  One that
    completes no trick is played here as ``_do_play`` would play it (the card leaves the hand for the trick, the turn
    passes, the view's played card is noted), its shared event logged and returned: it changes nothing of chance, so
    the log grows only by its event.  One that completes the trick goes to the game's ``_do_play`` and the log's
    ``_logged``, as :meth:`Table.apply` would send it (the hand may end there).  ``None`` for anything else, which
    goes the long way.  ``seats`` are the seats in play by index (``play.turn``)."""
    card = _PLAY_CARD.get(id(action))  # one of the 52 actions ``play CARD`` (no seat)
    if card is None:
        return None
    play: TrickPlay = t.play  # type: ignore[attr-defined]
    trick = play.trick
    turn = play.turn
    hand = play.hands[turn]
    bit = _BIT[card]
    if not hand & bit or (trick and not bit & _SUIT_MASK_OF[trick[0]] and hand & _SUIT_MASK_OF[trick[0]]):
        return None
    n = play.n
    t.actions.append(action)  # type: ignore[arg-type]  # one of PLAY (its card found by identity)
    if len(trick) >= n - 1:
        return t._logged(t._do_play(action))  # type: ignore[attr-defined]
    play.hands[turn] = hand ^ bit
    trick.append(card)
    play.turn = (turn + 1) % n
    seat = seats[turn]
    t._played_view.append(played_entry(seat, card))  # type: ignore[attr-defined]
    event = play_event(seat, card)
    t.events.append(event)
    return [event]


def hand_texts(m: int) -> list[str]:
    """A hand's cards in notation, by suit (spades, hearts, clubs, diamonds: colours alternate), high first."""
    if not _SUIT_TEXTS:
        _build_tables()
    t = _SUIT_TEXTS
    return [*t[3][m >> 39 & 0x1FFF], *t[2][m >> 26 & 0x1FFF], *t[0][m & 0x1FFF], *t[1][m >> 13 & 0x1FFF]]


def _sorted(m: int) -> list[Card]:
    """A hand's cards in the order of :func:`hand_texts`."""
    return [CARDS[i] for i in _hand_index(m)]


def _hand_index(m: int) -> list[int]:
    out: list[int] = []
    for s in (3, 2, 0, 1):
        part = m & SUIT_MASKS[s]
        cards = []
        while part:
            low = part & -part
            cards.append(low.bit_length() - 1)
            part ^= low
        out.extend(reversed(cards))
    return out


def check_options(options: Mapping[str, Any]) -> None:
    if options["long"] and options["code"] != ENGLISH:
        raise UnknownOption(f"long=True is Long Whist, an English game: it goes with code={ENGLISH!r} only")
    if options["rubber_bonus"] and options["code"] == ENGLISH:
        raise UnknownOption("rubber_bonus is for the American codes; the English code has its two rubber points")


SPEC = register(
    GameSpec(
        name="whist",
        title="Whist: Short Whist, Long Whist and American Whist",
        source="the Laws of Short Whist, club code of 1864 (laws 1–91, Cases I–XI); the American Congress laws of"
        " 1893 (§1–39); G.W.P.'s American Whist (rules 1–20)",
        options=(
            Option(
                name="code",
                default=ENGLISH,
                choices=CODES,
                doc="the code of laws: english-1864 (the Laws of Short Whist), american-1893 (the American"
                " Congress laws), american-gwp (G.W.P.'s American Whist)",
            ),
            Option(
                name="long",
                default=False,
                doc="Long Whist: ten up, calling honours at eight, honours dead at nine (Cassell's Book of In-door"
                " Amusements; Hoyle's Games Improved)",
            ),
            Option(
                name="rubbers",
                default=1,
                minimum=1,
                maximum=1000,
                doc="rubbers in one sitting (each the best of three games: Laws of Short Whist, law 1)",
            ),
            Option(
                name="rubber_bonus",
                default=0,
                minimum=0,
                maximum=100,
                doc="American codes: points added to the side that wins the rubber (Foster's Complete Hoyle)",
            ),
            Option(
                name="irregularities",
                default=False,
                doc="law mode: seats may err, and the code's laws of irregularities rule (docs/laws.md)",
            ),
        ),
        table_class=WhistTable,
        rules_bot="hoyle.bots.whist_rules:WhistRulesBot",
        seats=lambda o: SEATS,
        pack_size=lambda o: 52,
        # Every deal scores at least a point, so a game is at most 19 deals (Long Whist), a rubber three games, a
        # deal 52 cards; twice that, to be generous.
        max_actions=lambda o: 2 * o.get("rubbers", 1) * 3 * 19 * 52,
        variants=(
            {"long": True},
            {"rubbers": 2, "players": ["A", "B", "C", "D", "E", "F"]},  # waiting candidates cut out (000 §20)
            {"code": "american-1893", "rubber_bonus": 10},
            {"code": "american-gwp"},
            {"irregularities": True},  # law mode (docs/laws.md), played by its legal actions
            {"irregularities": True, "code": "american-1893"},
        ),
        aliases=(
            "english whist",
            "short whist",
            ("long whist", {"long": True}),
            ("american whist", {"code": AMERICAN}),
            ("gwp", {"code": GWP}),
        ),
        validate=check_options,
    )
)
