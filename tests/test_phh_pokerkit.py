"""PokerKit reads every PHH hand hoyle writes, and replays it to the same stacks (issue 14).

PokerKit has none of 003's games, so the test builds PokerKit's state from PokerKit's own parts: the
streets of each game (five cards down, then a draw; five down; one down and one up, then three more up),
its positional opening (or the best cards showing at Stud), the antes and the blind, no-limit betting
held to 003's spread limit (each raise one counter to the limit over the last stake, as PokerKit's
no-limit raise is held to the last raise), cash-game showdowns, PokerKit's ``StandardHighHand`` where
003's hands are the standard ones, and a hand type backed by hoyle's evaluator for the Tiger, the
English laws and Mistigris, which PokerKit does not know.  PokerKit's own ``HandHistory`` reads each
file; ``pokerkit.notation.parse_action`` applies every act, and refuses any that PokerKit's state
does not allow in turn.

The one liberty: at an all-in before the last Stud card PokerKit turns the hands up at once, and hoyle
turns them up at the end; when PokerKit asks for them and the file deals on, the helper shows them,
and checks the file's ``sm`` against them later.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any, ClassVar

import pytest

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import (  # noqa: E402
    Automation,
    BettingStructure,
    Card,
    Deck,
    Hand,
    HandHistory,
    Mode,
    Opening,
    StandardHighHand,
    State,
    Street,
)
from pokerkit.notation import parse_action  # noqa: E402

import hoyle  # noqa: E402
from hoyle import poker  # noqa: E402
from hoyle.bots import make  # noqa: E402

BIG = 10**6  # a stack for a player without table stakes (PHH's ``inf``)
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class SpreadLimitState(State):
    """PokerKit's state with 003's limit: each raise from one counter to ``limit`` over the last stake.

    PokerKit's no-limit raise must be at least the last raise; 003's may be one counter.  The first
    interval of Draw Poker starts at the stake of going in (double the ante), above the Age's blind.
    """

    limit: int = 10
    going_in: int = 0

    @property
    def max_completion_betting_or_raising_to_amount(self) -> int | None:
        most = super().max_completion_betting_or_raising_to_amount
        if most is None:
            return None
        base = max(max(self.bets), self.going_in if self.street_index == 0 else 0)
        return min(most, base + self.limit)

    def complete_bet_or_raise_to(self, amount: int | None = None, *, commentary: str | None = None) -> Any:
        op = super().complete_bet_or_raise_to(amount, commentary=commentary)
        self.completion_betting_or_raising_amount = 0  # the next raise may again be of one counter
        return op


def _hoyle_card(c: Card) -> str:
    text = repr(c)
    return "MI" if "?" in text else text.upper()


def hoyle_hand(**options: bool) -> type[Hand]:
    """A PokerKit hand type ranked by hoyle's evaluator (the Tiger, the English laws, Mistigris).

    Mistigris is written ``??`` (PHH has no card for it): an unknown card, or a card missing from the
    five shown, is Mistigris.
    """

    class HoyleHand(Hand):
        low: ClassVar[bool] = False

        def __init__(self, cards: Any) -> None:
            self._hoyle = [_hoyle_card(c) for c in Card.clean(cards)]
            if len(self._hoyle) == 4:
                self._hoyle.append("MI")
            self._value = poker.strength(hoyle.cards.parse(self._hoyle), **options)

        @classmethod
        def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> HoyleHand:
            return cls(tuple(Card.clean(hole_cards)) + tuple(Card.clean(board_cards)))

        @property
        def cards(self) -> tuple[Card, ...]:
            return tuple(Card.clean("".join(c if c != "MI" else "??" for c in self._hoyle)))

        @property
        def entry(self) -> Any:
            return self._value

        def __eq__(self, other: object) -> bool:
            return isinstance(other, HoyleHand) and self._value == other._value

        def __lt__(self, other: Hand) -> bool:
            assert isinstance(other, HoyleHand)
            return self._value < other._value

        def __hash__(self) -> int:
            return hash(self._value)

    return HoyleHand


def pokerkit_state(hh: HandHistory) -> SpreadLimitState:
    """PokerKit's state for one of hoyle's games, built from PokerKit's parts."""
    code = hh.variant
    u = hh.user_defined_fields
    o = u["_options"]
    opening = Opening.HIGH_HAND if o.get("stud_first") == "best showing" else Opening.POSITION
    if code == "S5CD":
        streets = (
            Street(False, (False,) * 5, 0, False, Opening.POSITION, 1, None),
            Street(False, (), 0, True, Opening.POSITION, 1, None),
        )
    elif code == "S5C":
        streets = (Street(False, (False,) * 5, 0, False, Opening.POSITION, 1, None),)
    elif code == "S5CS":
        streets = (
            Street(False, (False, True), 0, False, opening, 1, None),
            *(Street(False, (True,), 0, False, opening, 1, None) for _ in range(3)),
        )
    else:
        raise AssertionError(code)
    rules = {"tiger": o["tiger"], "english": o["english_poker_laws"]}
    if o["mistigris"]:
        rules.update(five_of_a_kind=o["five_of_a_kind"], joker_wins_ties=o["joker_wins_ties"])
    hand_type = hoyle_hand(**rules) if any(rules.values()) or o["mistigris"] else StandardHighHand
    stacks = [BIG if s == float("inf") else int(s) for s in hh.starting_stacks]
    state = SpreadLimitState(
        AUTOMATIONS,
        Deck.STANDARD,
        (hand_type,),
        streets,
        BettingStructure.NO_LIMIT,
        False,
        hh.antes,
        hh.blinds_or_straddles or [0] * len(stacks),
        0,
        stacks,
        len(stacks),
        mode=Mode.CASH_GAME,
    )
    state.limit = u["_limit"]
    state.going_in = 2 * o["ante"] if any(hh.blinds_or_straddles or ()) else 0
    return state


def replay(text: str) -> tuple[HandHistory, list[int]]:
    """PokerKit reads the hand and plays every act; returns its stacks at the end."""
    hh = HandHistory.loads(text)
    state = pokerkit_state(hh)
    shown: dict[int, list[str]] = {}
    for act in hh.actions:
        words = act.split("#")[0].split()
        if words[:1] == ["d"] and state.showdown_index is not None:  # an all-in: PokerKit turns them up now
            while state.showdown_index is not None:
                i = state.showdown_index
                shown[i] = sorted(map(repr, state.hole_cards[i]))
                state.show_or_muck_hole_cards(True, i)
        if len(words) == 3 and words[1] == "sm" and int(words[0][1:]) - 1 in shown:
            assert set(shown[int(words[0][1:]) - 1]) <= set(map(repr, Card.clean(words[2]))), act
            continue
        try:
            parse_action(state, act)
        except ValueError as exc:
            raise AssertionError(f"PokerKit refuses {act!r}: {exc}\n{text}") from None
    return hh, list(state.stacks)


class TimidBot:
    """Passes two times in three when it may, so that jack-pots form and go unopened; at law, opens on
    false openers now and then (rules §6.3.5)."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)

    def choose(self, t: Any, seat: str) -> Any:
        legal = t.legal_actions()
        irregular = t.irregular_actions(seat)
        if irregular and self.rnd.random() < 0.3:
            return self.rnd.choice(irregular)
        passes = [a for a in legal if str(a) == "pass"]
        if passes and self.rnd.random() < 0.67:
            return passes[0]
        return self.rnd.choice(legal)


def play_sitting(options: dict[str, Any], seed: int, bots: str) -> tuple[Any, dict[int, dict[str, int]]]:
    """Play a sitting with bots; return the table and each deal's net change per seat."""
    t = hoyle.game("poker", **options).table(seed=seed)
    players = {
        s: TimidBot(seed * 31 + i) if bots == "timid" else make(bots, "poker", seed=seed * 31 + i)
        for i, s in enumerate(t.seats)
    }
    change: dict[int, dict[str, int]] = {}
    before = dict(t.net)
    while not t.over:
        s = t.to_act
        done = t.deals_done
        bot = players[s]
        t.apply(bot.choose(t, s) if isinstance(bot, TimidBot) else bot.choose(t.view(s), t.legal_actions()))
        if t.deals_done > done:
            change[t.deals_done] = {k: t.net[k] - before[k] for k in t.seats}
            before = dict(t.net)
    return t, change


OPTIONS: list[dict[str, Any]] = [
    {"variant": "draw"},
    {"variant": "draw", "jackpots": True},
    {"variant": "draw", "straddle": True},
    {"variant": "draw", "table_stakes": True, "stake": 12},
    {"variant": "draw", "jackpots": True, "table_stakes": True, "stake": 15, "players": 7},
    {"variant": "draw", "players": 2, "table_stakes": True, "stake": 20},
    {"variant": "draw", "mistigris": True},
    {"variant": "draw", "tiger": True, "english_poker_laws": True},
    {"variant": "draw", "jackpots": True, "irregularities": True},
    {"variant": "straight"},
    {"variant": "straight", "table_stakes": True, "stake": 10},
    {"variant": "straight", "buck": False, "players": 2},
    {"variant": "stud"},
    {"variant": "stud", "table_stakes": True, "stake": 12},
    {"variant": "stud", "stud_first": "best showing"},
    {"variant": "stud", "mistigris": True, "tiger": True},
    {"variant": "stud", "players": 2, "table_stakes": True, "stake": 15},
]
CHECKED: Counter[str] = Counter()


def _name(o: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in o.items())


@pytest.mark.parametrize("options", OPTIONS, ids=_name)
@pytest.mark.parametrize("bots", ["random", "rules", "timid"])
def test_pokerkit_replays_every_hand(options: dict[str, Any], bots: str) -> None:
    for seed in range(8):
        t, change = play_sitting({**options, "deals": 6}, seed, bots)
        for fields in hoyle.phh.hands(t):
            text = hoyle.phh._toml(fields)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                hh, stacks = replay(text)
            start = [BIG if s == float("inf") else int(s) for s in hh.starting_stacks]
            got = {s: stacks[i] - start[i] for i, s in enumerate(fields["_seats"])}
            want = {s: change[fields["hand"]][s] for s in fields["_seats"]}
            if "_pool_left_to" in fields:  # the sitting ended and the last with money took what was left
                want[fields["_pool_left_to"]] -= fields["_carried_forward"]
            carried = fields["_carried"]
            if carried and not fields.get("_carried_forward"):
                # PHH's pot starts empty: the money carried from earlier deals goes to the main pool's winners
                extra = {s: want[s] - got[s] for s in got}
                assert all(v >= 0 for v in extra.values()) and sum(extra.values()) == carried, (text, want, got)
                winners = {s for s, w in zip(fields["_seats"], fields["winnings"], strict=True) if w}
                assert {s for s, v in extra.items() if v} <= winners, (text, want, got)
            else:
                assert got == want, (text, want, got)
                if "_pool_left_to" not in fields:
                    assert stacks == fields.get("finishing_stacks", stacks)
            CHECKED[fields["variant"]] += 1
    assert CHECKED


def test_whiskey_has_no_phh_form() -> None:
    t, _ = play_sitting({"variant": "whiskey", "deals": 1}, 1, "random")
    with pytest.raises(ValueError, match="no betting and no PHH form"):
        hoyle.phh.dumps(t)


def test_report_counts() -> None:
    """The number of hands PokerKit replayed, per variant (``pytest -s`` prints it)."""
    print("PokerKit replayed:", dict(CHECKED))


class HoyleHandHistory(HandHistory):
    """PokerKit's hand history, told the required fields of hoyle's codes, so that PokerKit writes them."""

    required_field_names: ClassVar[dict[str, tuple[str, ...]]] = {
        **HandHistory.required_field_names,
        **{
            code: ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")
            for code in hoyle.phh.VARIANT_CODES.values()
        },
    }


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "draw"},
        {"variant": "straight"},
        {"variant": "stud"},
        {"variant": "draw", "table_stakes": True, "stake": 40, "straddle": True},
    ],
    ids=_name,
)
def test_hoyle_reads_what_pokerkit_writes(options: dict[str, Any]) -> None:
    """PokerKit reads a hand and writes it again, in its own style (single quotes, its order of fields, the
    user-defined fields last); hoyle reads PokerKit's file and plays the hand to the same result."""
    read = 0
    for seed in range(5):
        t, _ = play_sitting({**options, "deals": 1}, seed, "random")
        fields = hoyle.phh.hands(t)[0]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            written = HoyleHandHistory.loads(hoyle.phh._toml(fields)).dumps()
        assert "variant = '" in written  # PokerKit's style, not hoyle's
        back = hoyle.phh.to_table(hoyle.phh.loads(written))
        mine = next(d for d in t.record()["deals"] if "dealer" in d)["result"]
        got = back.record()["deals"][0]["result"]
        assert {k: v for k, v in got.items() if k != "net"} == {k: v for k, v in mine.items() if k != "net"}
        read += 1
    assert read == 5


def test_hoyle_refuses_pokerkits_own_games_by_name() -> None:
    """A hand PokerKit writes of one of its own games: hold 'em is not in the old books."""
    game = pokerkit.NoLimitTexasHoldem(AUTOMATIONS, True, 0, (1, 2), 2, mode=Mode.CASH_GAME)
    state = game((200, 200, 200), 3)
    for cards in ("AsKs", "7h2c", "QdQc"):
        state.deal_hole(cards)
    state.complete_bet_or_raise_to(6)
    state.fold()
    state.fold()
    text = HandHistory.from_game_state(game, state).dumps()
    assert "variant = 'NT'" in text
    with pytest.raises(hoyle.RecordError, match=r"'NT' is no-limit Texas hold 'em.*S5CD \(003 Draw Poker\)"):
        hoyle.phh.to_table(hoyle.phh.loads(text))


def test_pokerkit_counts_003s_pool() -> None:
    """003's narrative deal, read by PokerKit: B +62, C -9, D -14, E -39 (A passed at once), a pool of 101."""
    from test_phh import narrative

    t = narrative()
    t.apply("see")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, stacks = replay(hoyle.phh.dumps(t, deal=1))
    assert [s - BIG for s in stacks] == [62, -9, -14, -39, 0]  # p1 is B, the Age; p5 is A, the dealer
