"""Short Whist under the club code of 1864 (000), and Long Whist (rules §1.2).

Scoring laws are checked on the pure functions of hoyle.rulebook.whist (score_hand, game_value,
rubber_value, honours_held); the deal, the play and the views on tables with given deals.  Where the play
of a deal matters, either every card is scripted, or the deal is a "rout" whose winners do not depend on
how the cards are played (one side holds every trump that can win a trick).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import IllegalAction, InvalidDeal, Table
from hoyle.cards import PACK_52, RANKS, SUITS, Card, SeededShuffler, mask, parse
from hoyle.rulebook.whist import game_value, honour_points, honours_held, rubber_value, score_hand
from hoyle.tricks import trick_winner

SEATS = ("N", "E", "S", "W")
WHIST = hoyle.game("whist")
LONG = hoyle.game("whist", long=True)
CARD_TOKEN = re.compile(r"\b(?:[2-9TJQKA][CDHS]|MI)\b")

# --- helpers --------------------------------------------------------------------------------------------


def held(t: Any, seat: str) -> list[str]:
    """The cards ``seat`` holds: its view's hand, and the dealer's turned trump card while it lies on the table."""
    v = t.view(None)
    return t.view(seat)["hand"] + ([v["turned"]] if v["turned"] and seat == v["dealer"] else [])


def left_of(seat: str, k: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + k) % 4]


def dealing_order(d: dict[str, Any]) -> str:
    """The pack order (top first) that deals the hands of ``d`` one card at a time from the dealer's left,
    the turned card coming last to the dealer (000 §44 I, III)."""
    hands = {s: [str(c) for c in parse(d["hands"][s])] for s in SEATS}
    dealer = d["dealer"]
    hands[dealer].remove(d["turned"])
    hands[dealer].append(d["turned"])
    return " ".join(hands[left_of(dealer, k)][i] for i in range(13) for k in (1, 2, 3, 4))


class Stacked:
    """A shuffler that stacks the given orders for the next deals (the pone's cut is then at four cards),
    and shuffles with a seed afterwards."""

    def __init__(self, *orders: str) -> None:
        self.orders = list(orders)
        self.rest = SeededShuffler(0)

    def shuffle(self, cards: list[Card]) -> None:
        if self.orders:
            order = list(parse(self.orders.pop(0)))
            cards[:] = order[-4:] + order[:-4]  # so that the cut at 4 (000 §34) restores ``order``
        else:
            self.rest.shuffle(cards)

    def randbelow(self, n: int) -> int:
        return 0


def rout(dealer: str, winners: str) -> dict[str, Any]:
    """A deal that the side ``winners`` wins by twelve or thirteen tricks however the cards are played.

    Spades are trumps.  If the dealer is of the winning side he holds all thirteen (the two turned); else
    he holds only the turned two and the eldest hand holds the other twelve trumps.
    """
    others = [str(c) for c in PACK_52 if str(c)[1] != "S"]
    spades = [r + "S" for r in RANKS]
    hands: dict[str, list[str]] = {}
    if dealer in winners:
        hands[dealer] = spades
    else:
        hands[dealer] = ["2S", *others[:12]]
        hands[left_of(dealer)] = [*spades[1:], others[12]]
        others = others[13:]
    for s in SEATS:
        if s not in hands:
            hands[s], others = others[:13], others[13:]
    assert not others
    return {"dealer": dealer, "turned": "2S", "hands": {s: " ".join(h) for s, h in hands.items()}}


def play_deal(t: Table) -> list[Any]:
    """Play the deal in progress to its end, each time with the lawful card of lowest index (clubs before
    diamonds, hearts, spades; two to ace); return its events."""
    n = t.view(None)["deal"]
    events: list[Any] = []
    while not t.over and t.view(None)["deal"] == n:
        events.extend(t.apply(min(t.legal_actions(), key=lambda a: a.card)))
    return events


def play_script(t: Table, tricks: list[tuple[str, str, str]]) -> list[Any]:
    """Play the cards of ``tricks`` in order; return the events."""
    events: list[Any] = []
    for cards, _, _ in tricks:
        for card in cards.split():
            events.extend(t.apply(f"play {card}"))
    return events


def kinds(events: list[Any], *wanted: str) -> list[Any]:
    return [e for e in events if e.kind in wanted]


def tokens(view: dict[str, Any]) -> set[str]:
    """Every card named anywhere in a view."""
    return set(CARD_TOKEN.findall(json.dumps(view)))


# A given deal played out card by card below.  Hearts are trumps (the seven turned by West, the dealer).
# Honours: North Q J, West A K: two each, so neither side scores them (000 §3 III).
DEAL_A = {
    "dealer": "W",
    "turned": "7H",
    "hands": {
        "N": "AS KS QS JS TS 9S 8S 7S QH JH 4H 3H 2H",
        "E": "6S 5S 4S 3S 2S AD KD QD JD TD 9D 8D 7D",
        "S": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
        "W": "AH KH TH 9H 8H 7H 6H 5H 6D 5D 4D 3D 2D",
    },
}
# (cards in order of play, leader, winner): highest trump, else highest of the suit led.
DEAL_A_TRICKS = [
    ("AS 2S 2C 7H", "N", "W"),  # West trumps the ace
    ("AH 2H 7D 3C", "W", "W"),
    ("KH 3H 8D 4C", "W", "W"),
    ("5H QH 9D 5C", "W", "N"),  # the queen is the highest trump played
    ("KS 3S 6C 6H", "N", "W"),
    ("6D 4H TD 7C", "W", "N"),  # North, void in diamonds, trumps with the four
    ("JH JD 8C 8H", "N", "N"),
    ("QS 4S 9C 9H", "N", "W"),
    ("2D 7S QD TC", "W", "E"),  # no trump: the queen, highest of the suit led
    ("AD JC 3D 8S", "E", "E"),
    ("KD QC 4D 9S", "E", "E"),
    ("5S KC 5D TS", "E", "N"),  # the king of clubs, a higher card of another suit, does not win
    ("JS 6S AC TH", "N", "W"),
]

# North holds the king to the two of trumps (hearts) and the ace of spades; West, the dealer, holds only the
# turned ace of trumps.  Played with the lowest lawful card each time (play_deal), North and South take twelve
# tricks: West's ace wins the first, on North's lead of the two; North trumps West's club lead and then leads
# trumps, his ace of spades last.
DEAL_B = {
    "dealer": "W",
    "turned": "AH",
    "hands": {
        "N": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AS",
        "E": "AC KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "S": "AD KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "W": "AH KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    },
}

# North deals and turns the two of hearts; North-South hold ace, king (N) and queen (S) of trumps.
DEAL_C = {
    "dealer": "N",
    "turned": "2H",
    "hands": {
        "N": "AH KH 2H JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
        "E": "JH 5H 4H 3H AC KC QC 7D 6D 5D 4D 3D 2D",
        "S": "QH 8H 7H 6H AD KD QD JD TD 9D 8D 3S 2S",
        "W": "TH 9H AS KS QS JS TS 9S 8S 7S 6S 5S 4S",
    },
}


def test_helpers_build_whole_deals() -> None:
    for d in (DEAL_A, DEAL_B, DEAL_C, *(rout(s, side) for s in SEATS for side in ("NS", "EW"))):
        cards = [c for s in SEATS for c in parse(d["hands"][s])]
        assert sorted(cards) == list(PACK_52)
        assert Card.from_text(d["turned"]) in parse(d["hands"][d["dealer"]])
        assert sorted(parse(dealing_order(d))) == list(PACK_52)


# --- 000 §2: tricks above six; game at five; surplus lost -----------------------------------------------


def test_000_law_2_each_trick_above_six_counts_one() -> None:
    # 000 §2: "A game consists of five points. Each trick, above six, counts one point."
    assert score_hand([0, 0], [7, 6], [0, 0]).score == (1, 0)
    assert score_hand([0, 0], [6, 7], [0, 0]).score == (0, 1)
    assert score_hand([0, 0], [9, 4], [0, 0]).score == (3, 0)
    assert score_hand([1, 2], [5, 8], [0, 0]).score == (1, 4)
    hs = score_hand([0, 0], [8, 5], [2, 2])
    assert hs.items == ((0, "tricks", 2, "000 §2", "NS score 2 by cards (8 tricks) (000 §2)"),)
    assert hs.winner is None


def test_000_law_2_game_at_five_and_surplus_lost() -> None:
    # 000 §2 and rules §1.1 (4): the game ends at five; points beyond it are not carried.
    hs = score_hand([0, 0], [13, 0], [0, 0])
    assert hs.score == (5, 0) and hs.winner == 0
    assert hs.items[0][:4] == (0, "tricks", 5, "000 §2")
    assert "2 lost beyond the game" in hs.items[0][4]
    hs = score_hand([3, 1], [1, 12], [0, 4])
    assert hs.score == (3, 5) and hs.winner == 1
    assert [i[:3] for i in hs.items] == [(1, "tricks", 4)]  # honours not reached: the game is over
    assert score_hand([4, 4], [7, 6], [0, 0]).score == (5, 4)


def test_000_law_2_no_score_for_six_tricks_each_side_of_book() -> None:
    hs = score_hand([2, 2], [6, 7], [2, 2])
    assert hs.score == (2, 3)
    assert [i[:3] for i in hs.items] == [(1, "tricks", 1)]


# --- 000 §3: honours ------------------------------------------------------------------------------------


def test_000_law_3_honour_points() -> None:
    # 000 §3: "I. The four honours, they score four points. II. Any three honours, they score two points.
    # III. Only two honours, they do not score."
    assert [honour_points(n) for n in range(5)] == [0, 0, 0, 2, 4]


@pytest.mark.parametrize(
    ("holders", "expected"),
    [
        ({"N": "AS KS QS JS"}, (4, 0)),  # four held by one player
        ({"N": "AS KS", "S": "QS JS"}, (4, 0)),  # four held jointly
        ({"E": "AS", "W": "KS QS JS"}, (0, 4)),
        ({"N": "AS", "S": "KS", "W": "QS JS"}, (2, 2)),  # two each
        ({"N": "AS KS QS", "E": "JS"}, (3, 1)),
        ({"N": "AS", "S": "KS", "E": "QS", "W": "JS"}, (2, 2)),
        ({"S": "JS", "E": "AS KS QS"}, (1, 3)),
    ],
)
def test_000_law_3_honours_held_separately_or_jointly(holders: dict[str, str], expected: tuple[int, int]) -> None:
    # 000 §3: "If a player and his partner, either separately or conjointly, hold ...".  Spades are trumps.
    hands = {s: list(parse(holders.get(s, ""))) for s in SEATS}
    held = {c for h in hands.values() for c in h}
    rest = [c for c in PACK_52 if c not in held]
    for s in SEATS:
        while len(hands[s]) < 13:
            hands[s].append(rest.pop())  # from the top: the knave of spades goes to W when not given
    masks = [mask(hands[s]) for s in SEATS]
    assert honours_held(masks, trumps=3) == expected


def test_000_law_3_honours_scored_after_tricks() -> None:
    hs = score_hand([0, 0], [7, 6], [4, 0])
    assert hs.score == (5, 0)
    assert [i[:4] for i in hs.items] == [(0, "tricks", 1, "000 §2"), (0, "honours", 4, "000 §3")]
    hs = score_hand([0, 0], [7, 6], [1, 3])
    assert hs.score == (1, 2)
    assert [i[:4] for i in hs.items] == [(0, "tricks", 1, "000 §2"), (1, "honours", 2, "000 §3")]
    assert hs.items[1][4] == "EW score 2 by honours (3 held) (000 §3, §5)"
    hs = score_hand([0, 0], [7, 6], [2, 2])
    assert hs.score == (1, 0)
    assert [i[1] for i in hs.items] == ["tricks"]


# --- 000 §4: at four, no honours; at three, out by honours ---------------------------------------------


def test_000_law_4_no_honours_at_four() -> None:
    # 000 §4: "Those players, who, at the commencement of a deal, are at the score of four, cannot score
    # honours."  Rules §10 scenario 9: a side at four holding four honours and losing the tricks scores nothing.
    hs = score_hand([4, 0], [5, 8], [4, 0])
    assert hs.score == (4, 2)
    assert hs.winner is None
    assert [i[:4] for i in hs.items] == [(1, "tricks", 2, "000 §2"), (0, "honours", 0, "000 §4")]
    assert "000 §4" in hs.items[1][4]


def test_000_law_4_at_four_three_honours_and_six_tricks_score_nothing() -> None:
    hs = score_hand([0, 4], [7, 6], [1, 3])
    assert hs.score == (1, 4)
    assert [i[:3] for i in hs.items] == [(0, "tricks", 1), (1, "honours", 0)]


def test_000_law_4_the_other_side_is_not_barred() -> None:
    # Only those at four are barred; their adversaries at two score honours as usual.
    hs = score_hand([4, 2], [6, 7], [0, 4])
    assert hs.score == (4, 5) and hs.winner == 1


def test_000_law_4_a_side_at_three_may_go_out_by_honours() -> None:
    # rules §1.1 (3): "a side at 3 may go out on honours".
    hs = score_hand([3, 0], [6, 7], [4, 0])
    assert hs.score == (5, 1) and hs.winner == 0
    assert [i[:3] for i in hs.items] == [(1, "tricks", 1), (0, "honours", 2)]  # two of the four are lost
    assert game_value(hs.score[1]) == 2
    hs = score_hand([3, 0], [6, 7], [3, 1])
    assert hs.score == (5, 1) and hs.winner == 0


# --- 000 §5: tricks before honours (rules §10 scenario 8) ----------------------------------------------


def test_000_law_5_scenario_8_honours_after_adversaries_tricks_single() -> None:
    # rules §10 scenario 8: A-B 3, Y-Z 0.  A-B two by honours, Y-Z three by cards: Y-Z score first (3),
    # then A-B's honours (2): A-B reach five, Y-Z have three: a single (000 §5, §8 III).
    hs = score_hand([3, 0], [4, 9], [3, 1])
    assert [i[:4] for i in hs.items] == [(1, "tricks", 3, "000 §2"), (0, "honours", 2, "000 §3")]
    assert hs.score == (5, 3)
    assert hs.winner == 0
    assert game_value(hs.score[1 - hs.winner]) == 1


def test_000_law_5_scenario_8_reversed_tricks_out_first_treble() -> None:
    # Reversed: A-B two by cards, Y-Z four by honours.  A-B's tricks put them out first: a treble; Y-Z's
    # honours are never counted (000 §5, §8 I).
    hs = score_hand([3, 0], [8, 5], [0, 4])
    assert [i[:4] for i in hs.items] == [(0, "tricks", 2, "000 §2")]
    assert hs.score == (5, 0)
    assert hs.winner == 0
    assert game_value(hs.score[1 - hs.winner]) == 3


# --- 000 §8: treble, double, single ---------------------------------------------------------------------


@pytest.mark.parametrize(("losers", "value"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_000_law_8_game_values(losers: int, value: int) -> None:
    # 000 §8: "I. A treble ... when their adversaries have not scored. II. A double ... when their
    # adversaries have scored less than three. III. A single ... when their adversaries have scored three,
    # or four."
    assert game_value(losers) == value


# --- 000 §1, §9, §10: the rubber (rules §10 scenario 11) -----------------------------------------------


def test_000_law_9_10_scenario_11_single_lost_double_treble_net_four() -> None:
    # rules §10 scenario 11: A-B win a single, Y-Z a double, A-B a treble: 1 + 3 + 2 rubber points - 2 = 4.
    rv = rubber_value([(0, 1), (1, 2), (0, 3)])
    assert rv is not None
    assert (rv.winner, rv.points) == (0, 4)
    assert rv.laws == ("000 §1", "000 §9", "000 §10")


def test_000_law_9_two_straight_trebles_eight() -> None:
    # 000 §1, §9: two games won straight, no third; 3 + 3 + 2 = 8 (the most a rubber can be worth).
    rv = rubber_value([(1, 3), (1, 3)])
    assert rv is not None
    assert (rv.winner, rv.points) == (1, 8)
    assert rv.laws == ("000 §1", "000 §9")


@pytest.mark.parametrize(
    ("games", "winner", "points"),
    [
        ([(0, 1), (0, 1)], 0, 4),
        ([(0, 2), (0, 1)], 0, 5),
        ([(1, 1), (0, 3), (1, 1)], 1, 1),  # the least a rubber can be worth: 1 + 1 + 2 - 3
        ([(1, 3), (0, 1), (1, 1)], 1, 5),
        ([(0, 3), (1, 3), (0, 3)], 0, 5),
        ([(1, 2), (0, 2), (0, 2)], 0, 4),
    ],
)
def test_000_law_10_losers_game_deducted(games: list[tuple[int, int]], winner: int, points: int) -> None:
    rv = rubber_value(games)
    assert rv is not None
    assert (rv.winner, rv.points) == (winner, points)
    assert ("000 §10" in rv.laws) == (len(games) == 3)


@pytest.mark.parametrize("games", [[], [(0, 3)], [(0, 3), (1, 1)]])
def test_000_law_1_no_rubber_before_two_games_won(games: list[tuple[int, int]]) -> None:
    assert rubber_value(games) is None


# --- Long Whist (rules §1.2) ----------------------------------------------------------------------------


def test_rules_1_2_long_whist_ten_up() -> None:
    hs = score_hand([0, 0], [12, 1], [4, 0], long=True)  # 6 by cards + 4 by honours = 10
    assert hs.score == (10, 0) and hs.winner == 0
    hs = score_hand([5, 0], [10, 3], [0, 0], long=True)
    assert hs.score == (9, 0) and hs.winner is None
    hs = score_hand([0, 0], [13, 0], [0, 0], long=True)
    assert hs.score == (7, 0) and hs.winner is None


@pytest.mark.parametrize(("losers", "value"), [(0, 2), (1, 2), (4, 2), (5, 1), (9, 1)])
def test_rules_1_2_long_whist_double_if_losers_under_five_else_single(losers: int, value: int) -> None:
    assert game_value(losers, long=True) == value


def test_rules_1_2_long_whist_honours_dead_at_nine() -> None:
    hs = score_hand([9, 0], [6, 7], [4, 0], long=True)
    assert hs.score == (9, 1)
    assert [i[:4] for i in hs.items] == [(1, "tricks", 1, "000 §2"), (0, "honours", 0, "rules §1.2")]
    # a side at eight scores its honours (when the hand is played); at four it is not barred as in short whist
    assert score_hand([4, 0], [6, 7], [4, 0], long=True).score == (8, 1)
    assert score_hand([8, 0], [6, 7], [4, 0], long=True).score == (10, 1)


# --- the table: dealing (000 §44, §52, §33, §30) --------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_000_law_44_dealt_one_at_a_time_from_the_dealers_left(seed: int) -> None:
    # 000 §44 I: "dealt into four packets, one at a time in regular rotation, beginning with the player to the
    # dealer's left"; III: the trump card (the last) comes in its regular order to the dealer.
    t = WHIST.table(shuffler=SeededShuffler(seed))
    d = t.record()["deals"][0]
    dealer = d["dealer"]
    assert t.view(None)["dealer"] == dealer
    order = d["order"].split()
    assert len(order) == 52 and 4 <= d["cut"] <= 48  # 000 §34
    for k in range(4):
        seat = left_of(dealer, k + 1)
        hand = held(t, seat)
        assert len(hand) == 13
        assert set(hand) == set(order[k::4])
    assert order[-1] == t.view(None)["turned"]
    # the trump card is the dealer's, lying on the table until his turn to play (000 §44 III, §52)
    assert order[-1] not in t.view(dealer)["hand"] and order[-1] in held(t, dealer)
    assert t.view(None)["trumps"] == order[-1][1]


def test_000_law_44_given_deal_is_dealt_in_the_same_order() -> None:
    t = WHIST.table(deal=DEAL_A)
    assert t.record()["deals"][0]["order"] == dealing_order(DEAL_A)
    for s in SEATS:
        assert sorted(parse(held(t, s))) == sorted(parse(DEAL_A["hands"][s]))


@pytest.mark.parametrize("dealer", SEATS)
def test_eldest_hand_leads_first(dealer: str) -> None:
    t = WHIST.table(deal=rout(dealer, "NS"))
    eldest = left_of(dealer)
    assert t.to_act == eldest
    assert t.view(None)["leader"] == eldest
    assert {str(a.card) for a in t.legal_actions()} == set(t.view(eldest)["hand"])


def test_000_law_44_given_deal_turned_card_must_be_the_dealers() -> None:
    bad = {**DEAL_A, "turned": "AS"}  # North's card
    with pytest.raises(InvalidDeal, match="000 §44 III"):
        WHIST.table(deal=bad)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"N": "AS KS QS JS TS 9S 8S 7S QH JH 4H 3H"}, "N has 12 cards"),
        ({"N": "AS KS QS JS TS 9S 8S 7S QH JH 4H 3H 2D"}, "cards given twice: 2D"),
        ({"S": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C ZZ"}, "'ZZ'"),
    ],
)
def test_given_deal_must_be_a_deal(change: dict[str, str], needle: str) -> None:
    bad = {**DEAL_A, "hands": {**DEAL_A["hands"], **change}}
    with pytest.raises(InvalidDeal, match=re.escape(needle)):
        WHIST.table(deal=bad)


def test_000_law_52_trump_card_shown_until_the_dealers_turn_to_play() -> None:
    # 000 §52: "The dealer, when it is his turn to play to the first trick, should take the trump card into
    # his hand".  Until then every view shows it; afterwards none does, though the trump suit stays known.
    t = WHIST.table(deal=DEAL_A)
    for card in ("AS", "2S", "2C"):
        assert all(t.view(s)["turned"] == "7H" for s in (*SEATS, None))
        t.apply(f"play {card}")
    assert t.to_act == "W"
    assert all(t.view(s)["turned"] is None for s in (*SEATS, None))
    assert all(t.view(s)["trumps"] == "H" for s in (*SEATS, None))
    assert "7H" in t.view("W")["hand"]
    assert "7H" not in tokens(t.view("N")) | tokens(t.view(None))
    t.apply("play 7H")
    assert t.view(None)["turned"] is None


def test_000_law_33_the_deal_goes_to_the_left_and_law_30_packs_alternate() -> None:
    # 000 §33: "the right of dealing goes to the left"; 000 §30: two packs, the dealer's partner collecting
    # one while the other is dealt, so the packs are used alternately.
    t = WHIST.table(seed=2)
    dealers = [t.view(None)["dealer"]]
    while not t.over:
        play_deal(t)
        if not t.over:
            dealers.append(t.view(None)["dealer"])
            assert t.to_act == left_of(dealers[-1])
    deals = t.record()["deals"]
    assert len(deals) == len(dealers) >= 2
    assert [d["dealer"] for d in deals] == dealers
    assert dealers == [left_of(dealers[0], k) for k in range(len(dealers))]
    assert [d["pack"] for d in deals] == [k % 2 for k in range(len(deals))]


# --- the table: the play (000 §71), trick winners --------------------------------------------------------


def test_000_law_71_follow_suit_exact_legal_sets() -> None:
    # 000 §71: a player holding a card of the suit led must play one.
    t = WHIST.table(deal=DEAL_A)
    assert sorted(str(a) for a in t.legal_actions()) == sorted(f"play {c}" for c in DEAL_A["hands"]["N"].split())
    t.apply("play AS")
    assert [str(a) for a in t.legal_actions()] == ["play 2S", "play 3S", "play 4S", "play 5S", "play 6S"]
    with pytest.raises(IllegalAction, match="000 §71") as info:
        t.apply("play AD")
    assert info.value.law == "000 §71"
    assert "E holds spades" in str(info.value)
    t.apply("play 2S")
    # South and West hold no spade: any card
    assert [str(a.card) for a in t.legal_actions()] == [r + "C" for r in RANKS]
    t.apply("play 2C")
    assert sorted(str(a.card) for a in t.legal_actions()) == sorted(DEAL_A["hands"]["W"].split())
    t.apply("play 7H")
    # West won and leads anything; then North must follow hearts
    assert t.to_act == "W"
    assert len(t.legal_actions()) == 12
    t.apply("play AH")
    assert sorted(str(a.card) for a in t.legal_actions()) == sorted(["QH", "JH", "4H", "3H", "2H"])
    with pytest.raises(IllegalAction, match="000 §71"):
        t.apply("play KS")


def test_a_card_already_played_cannot_be_played_again() -> None:
    t = WHIST.table(deal=DEAL_A)
    for c in ("AS", "2S", "2C", "7H", "AH"):
        t.apply(f"play {c}")
    with pytest.raises(IllegalAction, match="N does not hold the ace of spades"):
        t.apply("play AS")


def test_complete_given_deal_played_out() -> None:
    # DEAL_A played card by card: West and East take nine tricks, North-South four.  East-West score three
    # by cards (000 §2); honours are two and two and do not score (000 §3 III).  The deal passes to North
    # (000 §33), who deals from the second pack (000 §30); the game goes on at 0 to 3.
    t = WHIST.table(deal=DEAL_A)
    events: list[Any] = []
    for n, (cards, leader, winner) in enumerate(DEAL_A_TRICKS, start=1):
        assert t.to_act == leader
        assert t.view(None)["leader"] == leader
        for k, card in enumerate(cards.split()):
            assert t.to_act == left_of(leader, k)
            events.extend(t.apply(f"play {card}"))
        trick = kinds(events, "trick")[-1]
        assert trick.data == {"trick": n, "leader": leader, "cards": cards.split(), "winner": winner}
        assert trick.seat == winner
        if n < 13:
            assert t.to_act == winner  # the winner of a trick leads to the next
    plays = kinds(events, "play")
    assert len(plays) == 52
    assert [e.seat for e in plays[:4]] == ["N", "E", "S", "W"]
    assert [e.kind for e in events if e.kind != "play"] == ["trick"] * 13 + ["score", "commit", "deal"]  # issue 13
    (score,) = kinds(events, "score")
    assert score.law == "000 §2"
    assert score.data == {"side": "EW", "points": 3, "for": "tricks"}
    assert "3 by cards" in score.text
    assert not kinds(events, "game", "rubber")
    (deal,) = kinds(events, "deal")
    assert (deal.seat, deal.data["deal"], deal.data["dealer"], deal.data["pack"]) == ("N", 2, "N", 1)
    assert "000 §52" in deal.law and "000 §44" in deal.law
    # the state after the hand
    assert t.scores == {"NS": 0, "EW": 3}
    assert not t.over
    assert t.to_act == "E"
    v = t.view(None)
    assert v["score"] == {"NS": 0, "EW": 3}
    assert v["games"] == []
    assert (v["dealer"], v["deal"]) == ("N", 2)
    assert v["tricks"] == {"NS": 0, "EW": 0}
    record = t.record()
    assert record["deals"][0]["result"] == {
        "tricks": {"NS": 4, "EW": 9},
        "honours": {"NS": 2, "EW": 2},
        "points": {"NS": 0, "EW": 3},
    }
    assert [d["pack"] for d in record["deals"]] == [0, 1]
    assert record["actions"] == [f"play {c}" for cards, _, _ in DEAL_A_TRICKS for c in cards.split()]
    assert hoyle.replay(record).record() == record


def test_tricks_won_counted_by_side_during_the_play() -> None:
    t = WHIST.table(deal=DEAL_A)
    play_script(t, DEAL_A_TRICKS[:4])
    assert t.view("S")["tricks"] == {"NS": 1, "EW": 3}
    assert t.view(None)["hand_counts"] == {"N": 9, "E": 9, "S": 9, "W": 9}


def test_trick_winner_highest_trump_else_highest_of_suit_led() -> None:
    def win(cards: str, trumps: str | None) -> int:
        return trick_winner(list(parse(cards)), SUITS.index(trumps) if trumps else None)

    assert win("AS 2S 2C 7H", "H") == 3
    assert win("5S KC 5D TS", "H") == 3
    assert win("2D 7S QD TC", "H") == 2
    assert win("2D 3H 4H AD", "H") == 2  # the higher of two trumps
    assert win("KC AC 2S QC", None) == 1
    assert win("KC 2D 2S QC", None) == 0


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_000_law_71_random_play_legal_sets_and_winners(seed: int) -> None:
    # For random deals and random lawful play: the lawful cards are exactly the cards of the suit led when
    # the player holds any, else his whole hand (000 §71); the winner of each trick, found independently,
    # leads to the next.
    rng = random.Random(seed)
    t = WHIST.table(seed=seed)
    trumps = t.view(None)["trumps"]
    for _ in range(52):
        seat = t.to_act
        hand = t.view(seat)["hand"]
        trick = t.view(None)["trick"]
        led = trick[0]["card"][1] if trick else None
        follow = [c for c in hand if c[1] == led]
        legal = sorted(str(a.card) for a in t.legal_actions())
        assert legal == sorted(follow or hand)
        events = t.apply(rng.choice(t.legal_actions()))
        done = kinds(events, "trick")
        if done:
            cards = done[0].data["cards"]
            suit = trumps if any(c[1] == trumps for c in cards) else cards[0][1]
            best = max((c for c in cards if c[1] == suit), key=lambda c: RANKS.index(c[0]))
            winner = left_of(done[0].data["leader"], cards.index(best))
            assert done[0].data["winner"] == winner
            if not kinds(events, "deal"):
                assert t.to_act == winner
    assert len(t.record()["deals"]) == 2 and not t.over


# --- the table: views -----------------------------------------------------------------------------------


def test_views_show_own_hand_only() -> None:
    t = WHIST.table(deal=DEAL_A)
    for s in SEATS:
        v = t.view(s)
        assert v["seat"] == s
        assert sorted(parse(held(t, s))) == sorted(parse(DEAL_A["hands"][s]))
        assert tokens(v) == set(DEAL_A["hands"][s].split()) | {"7H"}
    spectator = t.view(None)
    assert "hand" not in spectator
    assert tokens(spectator) == {"7H"}
    # the dealer (W) holds twelve: his thirteenth, the trump card, lies on the table (000 §52)
    assert spectator["hand_counts"] == {**dict.fromkeys(SEATS, 13), "W": 12}


def test_views_during_the_play_show_only_the_cards_played() -> None:
    t = WHIST.table(deal=DEAL_A)
    played: set[str] = set()
    for cards, _, _ in DEAL_A_TRICKS[:6]:
        for card in cards.split():
            t.apply(f"play {card}")
            played.add(card)
            for s in SEATS:
                hand = set(t.view(s)["hand"])
                assert tokens(t.view(s)) <= hand | played | {"7H"}
            assert tokens(t.view(None)) <= played | {"7H"}


def test_000_law_91_last_trick_only() -> None:
    # 000 §91: "Any player may demand to see the last trick turned, and no more."
    t = WHIST.table(deal=DEAL_A)
    assert t.view(None)["last_trick"] is None
    for card in DEAL_A_TRICKS[0][0].split():
        t.apply(f"play {card}")
    first = {
        "leader": "N",
        "winner": "W",
        "cards": [{"seat": s, "card": c} for s, c in zip(SEATS, ["AS", "2S", "2C", "7H"], strict=True)],
    }
    assert t.view("E")["last_trick"] == first
    assert t.view(None)["trick"] == []
    for card in DEAL_A_TRICKS[1][0].split():
        t.apply(f"play {card}")
    t.apply("play KH")
    for s in (*SEATS, None):
        v = t.view(s)
        assert v["last_trick"] == {
            "leader": "W",
            "winner": "W",
            "cards": [
                {"seat": s2, "card": c} for s2, c in zip(("W", "N", "E", "S"), ["AH", "2H", "7D", "3C"], strict=True)
            ],
        }
        assert v["trick"] == [{"seat": "W", "card": "KH"}]


def test_no_previous_deals_cards_once_the_next_is_dealt() -> None:
    t = WHIST.table(deal=DEAL_A)
    play_script(t, DEAL_A_TRICKS)
    turned = t.view(None)["turned"]
    assert t.view(None)["dealer"] == "N"
    for s in SEATS:
        v = t.view(s)
        assert tokens(v) == set(v["hand"]) | {turned}
        assert v["last_trick"] is None and v["played"] == [] and v["trick"] == []
    assert tokens(t.view(None)) == {turned}
    assert t.view(None)["last_result"] == {
        "tricks": {"NS": 4, "EW": 9},
        "honours": {"NS": 2, "EW": 2},
        "points": {"NS": 0, "EW": 3},
    }


# --- the table: scoring, games and the rubber ----------------------------------------------------------


def test_000_law_2_surplus_lost_at_the_table_and_no_honours_after_the_game() -> None:
    # DEAL_B: North-South take twelve tricks, six by cards: five make the game and the sixth is lost
    # (000 §2); their three honours come after the tricks (000 §5) and are not scored.  A treble (000 §8 I).
    t = WHIST.table(deal=DEAL_B)
    events = play_deal(t)
    (score,) = kinds(events, "score")
    assert score.data == {"side": "NS", "points": 5, "for": "tricks"}
    assert "12 tricks, 1 lost beyond the game" in score.text
    (game,) = kinds(events, "game")
    assert game.law == "000 §8"
    assert game.data == {"side": "NS", "value": 3, "score": {"NS": 5, "EW": 0}}
    assert t.record()["deals"][0]["result"] == {
        "tricks": {"NS": 12, "EW": 1},
        "honours": {"NS": 3, "EW": 1},
        "points": {"NS": 5, "EW": 0},
        "game": {"side": "NS", "value": 3},
    }
    assert t.scores == {"NS": 0, "EW": 0}  # a new game begins
    assert t.view(None)["games"] == [{"side": "NS", "value": 3}]
    assert not t.over


def test_000_law_1_two_games_won_straight_end_the_sitting() -> None:
    # 000 §1: "If the first two games be won by the same players, the third game is not played."
    # West deals a rout for East-West (treble), then North deals one in which East-West take twelve tricks
    # at least (treble): 3 + 3 + 2 rubber points = 8 (000 §9).
    t = WHIST.table(deal=rout("W", "EW"), shuffler=Stacked(dealing_order(rout("N", "EW"))))
    first = play_deal(t)
    assert [e.data for e in kinds(first, "game")] == [{"side": "EW", "value": 3, "score": {"NS": 0, "EW": 5}}]
    assert t.scores == {"NS": 0, "EW": 0} and not t.over
    second = play_deal(t)
    (game,) = kinds(second, "game")
    assert game.data["side"] == "EW" and game.data["value"] == 3
    (rubber,) = kinds(second, "rubber")
    assert rubber.law == ["000 §1", "000 §9"]
    assert rubber.data == {"side": "EW", "points": 8}
    assert not kinds(second, "deal")  # no third game: nothing more is dealt
    assert t.over
    assert t.to_act is None and t.legal_actions() == []
    assert t.scores == {"NS": -8, "EW": 8}
    record = t.record()
    assert len(record["deals"]) == 2
    assert record["deals"][1]["result"]["rubber"] == {
        "side": "EW",
        "points": 8,
        "games": [{"side": "EW", "value": 3}, {"side": "EW", "value": 3}],
    }
    assert record["over"] is True and record["scores"] == {"NS": -8, "EW": 8}
    with pytest.raises(IllegalAction, match="the sitting is over"):
        t.apply("play AS")
    assert hoyle.replay(record).scores == {"NS": -8, "EW": 8}


def test_000_law_10_three_games_losers_game_deducted_at_the_table() -> None:
    # East-West win a treble (W deals), North-South a treble (N deals), East-West a treble (E deals):
    # 3 + 3 + 2 - 3 = 5 to East-West (000 §9, §10).
    t = WHIST.table(
        deal=rout("W", "EW"), shuffler=Stacked(dealing_order(rout("N", "NS")), dealing_order(rout("E", "EW")))
    )
    values = []
    while not t.over:
        values += [(e.data["side"], e.data["value"]) for e in kinds(play_deal(t), "game")]
    assert values == [("EW", 3), ("NS", 3), ("EW", 3)]
    rubber = kinds(t.events, "rubber")[-1]
    assert rubber.law == ["000 §1", "000 §9", "000 §10"]
    assert rubber.data == {"side": "EW", "points": 5}
    assert t.scores == {"NS": -5, "EW": 5}
    assert [d["dealer"] for d in t.record()["deals"]] == ["W", "N", "E"]


def test_scores_are_the_game_in_play_then_net_rubber_points() -> None:
    t = WHIST.table(deal=DEAL_A, shuffler=Stacked(dealing_order(rout("N", "EW"))))
    play_script(t, DEAL_A_TRICKS)
    assert t.scores == {"NS": 0, "EW": 3}  # the current game's points while playing
    events = play_deal(t)
    assert kinds(events, "game")[0].data == {"side": "EW", "value": 3, "score": {"NS": 0, "EW": 5}}
    assert t.scores == {"NS": 0, "EW": 0}
    assert t.view(None)["games"] == [{"side": "EW", "value": 3}]


def test_two_rubbers_option_plays_on() -> None:
    game = hoyle.game("whist", rubbers=2)
    orders = [dealing_order(rout(d, "EW")) for d in ("N", "E", "S")]
    t = game.table(deal=rout("W", "EW"), shuffler=Stacked(*orders))
    play_deal(t)
    play_deal(t)
    assert not t.over
    assert t.view(None)["rubbers"] == [
        {"side": "EW", "points": 8, "games": [{"side": "EW", "value": 3}, {"side": "EW", "value": 3}]}
    ]
    assert t.view(None)["dealer"] == "E"  # the deal still goes to the left (000 §33)
    play_deal(t)
    play_deal(t)
    assert t.over
    assert t.scores == {"NS": -16, "EW": 16}


# --- Long Whist at the table (rules §1.2) --------------------------------------------------------------


def test_rules_1_2_long_whist_eight_then_calling_wins_at_once() -> None:
    # DEAL_B at Long Whist: North-South six by cards and two by three honours: eight, not yet the game (ten).
    # North then deals DEAL_C: standing at eight with three honours (A K in North's hand, Q in South's), they
    # call and win the game at once, without playing: a double, since East-West have less than five.
    t = LONG.table(deal=DEAL_B, shuffler=Stacked(dealing_order(DEAL_C)))
    assert t.view(None)["target"] == 10
    events = play_deal(t)
    scores = kinds(events, "score")
    assert [(e.data["side"], e.data["for"], e.data["points"]) for e in scores] == [
        ("NS", "tricks", 6),
        ("NS", "honours", 2),
    ]
    # the last card of DEAL_B scores it, deals DEAL_C, in which North-South call, and deals the next
    assert [e.kind for e in events if e.kind not in ("play", "commit", "reveal")] == ["trick"] * 13 + [
        "score",
        "score",
        "deal",
        "call",
        "game",
        "deal",
    ]  # (commit, reveal: the proofs of each deal, issue 13)
    (call,) = kinds(events, "call")
    assert call.law == "rules §1.2" and call.data == {"side": "NS"}
    (game,) = kinds(events, "game")
    assert game.law == "rules §1.2"
    assert game.data == {"side": "NS", "value": 2, "score": {"NS": 10, "EW": 0}}
    deals = kinds(events, "deal")
    assert [d.data["dealer"] for d in deals] == ["N", "E"]  # DEAL_C dealt, then the next deal at once
    record = t.record()
    assert record["deals"][0]["result"]["points"] == {"NS": 8, "EW": 0}
    assert record["deals"][1]["result"] == {
        "tricks": {"NS": 0, "EW": 0},
        "honours": {"NS": 3, "EW": 1},
        "points": {"NS": 2, "EW": 0},
        "called": "NS",
        "game": {"side": "NS", "value": 2},
    }
    assert len(record["actions"]) == 52  # no card of DEAL_C was played
    assert t.scores == {"NS": 0, "EW": 0}
    assert t.to_act == "S"
    assert hoyle.replay(record).record() == record


def test_rules_1_2_long_whist_at_eight_without_three_honours_no_call() -> None:
    swapped = {**DEAL_C, "hands": {**DEAL_C["hands"]}}
    # South's queen of trumps changes places with East's five: North-South hold two honours, A K.
    swapped["hands"]["S"] = DEAL_C["hands"]["S"].replace("QH", "5H")
    swapped["hands"]["E"] = DEAL_C["hands"]["E"].replace("5H", "QH")
    t = LONG.table(deal=DEAL_B, shuffler=Stacked(dealing_order(swapped)))
    events = play_deal(t)
    assert not kinds(events, "call", "game")
    assert t.scores == {"NS": 8, "EW": 0}
    assert t.to_act == "E"
    assert len(t.view("E")["hand"]) == 13


def test_rules_1_2_short_whist_knows_no_calling() -> None:
    t = WHIST.table(deal=DEAL_C)
    assert not kinds(t.events, "call")
    assert t.to_act == "E"
    assert t.view(None)["target"] == 5
