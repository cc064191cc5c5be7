"""American Whist: the 1893 Congress code (002 §1-13) and the G.W.P. rules (004 rules 1-20); rules §1.3, §1.4.

The scoring laws are checked on the pure functions of hoyle.rulebook.whist and at the table, a whole
rubber at a time from the first deal to its value.  The deals are built so that the number of tricks
each side takes does not depend on how the cards are played (see ``fixed``).  Forming the table is
checked with scripted cuts: a ``Script`` shuffler answers the table's calls for cuts and deals in order,
and every test compares the record's "cuts" with the script, so a script out of step cannot pass.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import Table, UnknownOption
from hoyle.cards import Card, SeededShuffler, parse
from hoyle.cli import app
from hoyle.rulebook.whist import game_target, game_value, rubber_value, score_hand

SEATS = ("N", "E", "S", "W")
RANKS = "AKQJT98765432"  # high to low
AMERICAN, GWP, ENGLISH = "american-1893", "american-gwp", "english-1864"

# --- helpers --------------------------------------------------------------------------------------------


def left_of(seat: str, k: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + k) % 4]


def fixed(dealer: str, k: int) -> dict[str, Any]:
    """A deal in which the dealer's side takes exactly ``k`` tricks (1 to 13) however the cards are played.

    Spades are trumps (the dealer turns his lowest spade).  The dealer holds the ``k`` highest spades and
    the ``13 - k`` lowest hearts; the eldest hand the ``13 - k`` lowest spades and the ``k`` highest
    hearts; the dealer's partner every diamond and the pone every club.  Only spades and hearts are ever
    led, so only the dealer or the eldest hand wins a trick, and the dealer wins exactly the tricks to
    which he plays a spade: a spade he leads or follows with beats the eldest's, and when he plays a
    heart the eldest hand wins it with a higher heart or a trump.
    """
    assert 1 <= k <= 13
    spades = [r + "S" for r in RANKS]
    hearts = [r + "H" for r in RANKS]
    hands = {
        dealer: spades[:k] + hearts[k:],
        left_of(dealer): spades[k:] + hearts[:k],
        left_of(dealer, 2): [r + "D" for r in RANKS],
        left_of(dealer, 3): [r + "C" for r in RANKS],
    }
    return {"dealer": dealer, "turned": spades[k - 1], "hands": {s: " ".join(hands[s]) for s in SEATS}}


def dealing_order(d: dict[str, Any]) -> str:
    """The pack order (top first) that deals the hands of ``d`` one at a time from the dealer's left, the
    turned card last to the dealer (002 §13)."""
    hands = {s: [str(c) for c in parse(d["hands"][s])] for s in SEATS}
    dealer = d["dealer"]
    hands[dealer].remove(d["turned"])
    hands[dealer].append(d["turned"])
    return " ".join(hands[left_of(dealer, k)][i] for i in range(13) for k in (1, 2, 3, 4))


def order(dealer: str, k: int) -> str:
    return dealing_order(fixed(dealer, k))


class Script:
    """A shuffler that answers the table's calls in order, then shuffles with a seed.

    A step of 52 cards is a deal: the pack is stacked so that the pone's cut at four cards (``randbelow``
    answers 0) gives that order.  A shorter step is a round of cutting: those cards come first off the
    fresh pack, one to each player cutting, in the order they cut.
    """

    def __init__(self, *steps: str) -> None:
        self.steps = list(steps)
        self.rest = SeededShuffler(0)

    def shuffle(self, cards: list[Card]) -> None:
        if not self.steps:
            self.rest.shuffle(cards)
            return
        step = list(parse(self.steps.pop(0)))
        if len(step) == 52:
            cards[:] = step[-4:] + step[:-4]
        else:
            cards[:] = step + [c for c in cards if c not in step]

    def randbelow(self, n: int) -> int:
        return 0


def cuts(*rounds: str) -> list[dict[str, str]]:
    """Rounds of cutting written "A 5C, B KH" as the record keeps them."""
    return [dict(pair.split() for pair in r.split(", ")) for r in rounds]


def play_out(t: Table) -> list[Any]:
    """Play to the end of the sitting, each time the lawful card of lowest index; return the events."""
    events: list[Any] = []
    while not t.over:
        events.extend(t.apply(min(t.legal_actions(), key=lambda a: a.card)))
    return events


def play_deal(t: Table) -> list[Any]:
    n = t.view(None)["deal"]
    events: list[Any] = []
    while not t.over and t.view(None)["deal"] == n:
        events.extend(t.apply(min(t.legal_actions(), key=lambda a: a.card)))
    return events


def kinds(events: list[Any], *wanted: str) -> list[Any]:
    return [e for e in events if e.kind in wanted]


def games_of(events: list[Any]) -> list[tuple[str, int, dict[str, int]]]:
    return [(e.data["side"], e.data["value"], dict(e.data["score"])) for e in kinds(events, "game")]


def rubber_table(code: str, deals: list[tuple[str, int]], **options: Any) -> Table:
    """A four-handed table (A North, B East, C South, D West) whose deals are ``fixed(dealer, k)``."""
    first, *rest = deals
    g = hoyle.game("whist", code=code, **options)
    return g.table(deal=fixed(*first), players=["A", "B", "C", "D"], shuffler=Script(*(order(*d) for d in rest)))


# --- the deals are what they claim ----------------------------------------------------------------------


@pytest.mark.parametrize("dealer", SEATS)
@pytest.mark.parametrize("k", [1, 3, 7, 12, 13])
def test_helper_fixed_deal_dealers_side_takes_exactly_k_tricks(dealer: str, k: int) -> None:
    """The dealer's side takes k tricks whichever lawful cards are played (random play, three seeds)."""
    import random

    side = "NS" if dealer in "NS" else "EW"
    other = "EW" if side == "NS" else "NS"
    for seed in range(3):
        rnd = random.Random(seed)
        t = hoyle.game("whist", code=AMERICAN).table(deal=fixed(dealer, k))
        assert t.view(None)["dealer"] == dealer and t.view(None)["trumps"] == "S"
        for _ in range(52):
            t.apply(rnd.choice(t.legal_actions()))
        result = t.view(None)["last_result"]
        assert result["tricks"] == {side: k, other: 13 - k}


# --- 002 §1, 004 rules 1-2: the game and its value ------------------------------------------------------


def test_002_law_1_seven_to_three_is_worth_four() -> None:
    assert game_value(3, code=AMERICAN) == 4
    assert game_value(3, code=GWP) == 4
    # At the table: EW score three (nine tricks), then NS take all thirteen: seven to three.
    t = rubber_table(AMERICAN, [("W", 9), ("N", 13)])
    events = play_deal(t)
    assert [e.text for e in kinds(events, "score")] == ["EW score 3 by cards (9 tricks) (002 §1)"]
    events = play_deal(t)
    assert games_of(events) == [("NS", 4, {"NS": 7, "EW": 3})]
    (game,) = kinds(events, "game")
    assert game.text == "NS win the game, 7 to 3: worth 4, seven less the losers' 3 (002 §1)"
    assert game.law == "002 §1"


@pytest.mark.parametrize("code", [AMERICAN, GWP])
@pytest.mark.parametrize(("losers", "value"), [(0, 7), (1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_002_law_1_value_is_seven_less_the_losers_score(code: str, losers: int, value: int) -> None:
    assert game_value(losers, code=code) == value


@pytest.mark.parametrize(("code", "law"), [(AMERICAN, "002 §1"), (GWP, "004 rule 2")])
def test_002_law_1_004_rule_2_game_of_seven_points(code: str, law: str) -> None:
    assert game_target(code) == 7
    assert hoyle.game("whist", code=code).table(seed=1).view(None)["target"] == 7
    hs = score_hand([0, 0], [10, 3], [0, 0], code=code)
    assert hs.score == (4, 0) and hs.winner is None
    assert hs.items == ((0, "tricks", 4, law, f"NS score 4 by cards (10 tricks) ({law})"),)


@pytest.mark.parametrize("code", [AMERICAN, GWP])
def test_002_law_1_tricks_only_no_honours(code: str) -> None:
    """Four honours count four at Short Whist (000 §3); in American Whist nothing."""
    hs = score_hand([0, 0], [5, 8], [4, 0], code=code)
    assert hs.score == (0, 2)
    assert [(side, what, pts) for side, what, pts, _, _ in hs.items] == [(1, "tricks", 2)]
    assert score_hand([0, 0], [5, 8], [4, 0]).score == (4, 2)  # the English code, for contrast
    # Honours cannot make the game either: six to three honours at four.
    assert score_hand([6, 4], [6, 7], [3, 1], code=code).score == (6, 5)


def test_002_law_1_no_honours_at_the_table() -> None:
    """EW hold all four honours and take six tricks: NS score one by cards, EW nothing."""
    t = rubber_table(AMERICAN, [("W", 6)])
    events = play_deal(t)
    assert [e.text for e in kinds(events, "score")] == ["NS score 1 by cards (7 tricks) (002 §1)"]
    assert t.view(None)["score"] == {"NS": 1, "EW": 0}
    assert t.view(None)["last_result"]["honours"] == {"NS": 0, "EW": 4}  # held, not scored
    assert t.view(None)["last_result"]["points"] == {"NS": 1, "EW": 0}


@pytest.mark.parametrize("code", [AMERICAN, GWP])
def test_002_law_1_a_game_at_seven_surplus_lost(code: str) -> None:
    hs = score_hand([4, 2], [12, 1], [0, 0], code=code)
    assert hs.score == (7, 2) and hs.winner == 0
    assert hs.items[0][2] == 3 and "3 lost beyond the game" in hs.items[0][4]
    # The surplus is not carried to the next game (rules §1.3: no carry-over as at Cayenne).
    t = rubber_table(code, [("N", 10), ("E", 1)])
    events = play_deal(t) + play_deal(t)  # NS 4, then 12 tricks: 7 and 3 lost
    assert [e.text.split(" (")[0] for e in kinds(events, "score")] == ["NS score 4 by cards", "NS score 3 by cards"]
    assert games_of(events) == [("NS", 7, {"NS": 7, "EW": 0})]
    assert t.view(None)["score"] == {"NS": 0, "EW": 0}


def test_002_law_1_six_tricks_is_the_book() -> None:
    assert score_hand([2, 3], [6, 7], [0, 0], code=AMERICAN).score == (2, 4)
    assert score_hand([2, 3], [7, 6], [0, 0], code=AMERICAN).score == (3, 3)


# --- a rubber under each code, from the first deal to its value -----------------------------------------

# NS win 7-3 (worth 4); EW 7-0 (7); NS 7-2 (5), the last deal's surplus of three lost.
RUBBER = [("W", 9), ("N", 13), ("E", 13), ("S", 10), ("W", 8), ("N", 12)]


@pytest.mark.parametrize(
    ("code", "game_law", "rubber_laws"),
    [
        (AMERICAN, "002 §1", ["002 §1", "rules §1.3"]),
        (GWP, "rules §1.3", ["004 rule 1", "rules §1.3"]),
    ],
)
def test_rules_1_3_rubber_under_each_american_code_from_first_deal_to_value(
    code: str, game_law: str, rubber_laws: list[str]
) -> None:
    t = rubber_table(code, RUBBER)
    play_out(t)
    events = list(t.events)
    trick_law = "002 §1" if code == AMERICAN else "004 rule 2"
    assert [e.text for e in kinds(events, "score")] == [
        f"EW score 3 by cards (9 tricks) ({trick_law})",
        f"NS score 7 by cards (13 tricks) ({trick_law})",
        f"EW score 7 by cards (13 tricks) ({trick_law})",
        f"NS score 4 by cards (10 tricks) ({trick_law})",
        f"EW score 2 by cards (8 tricks) ({trick_law})",
        f"NS score 3 by cards (12 tricks, 3 lost beyond the game) ({trick_law})",
    ]
    assert games_of(events) == [
        ("NS", 4, {"NS": 7, "EW": 3}),
        ("EW", 7, {"NS": 0, "EW": 7}),
        ("NS", 5, {"NS": 7, "EW": 2}),
    ]
    assert all(e.law == game_law for e in kinds(events, "game"))
    (rubber,) = kinds(events, "rubber")
    assert rubber.text == f"NS win the rubber: games 9 − the losers' game 7 = 2 ({', '.join(rubber_laws)})"
    assert rubber.law == rubber_laws and rubber.data == {"side": "NS", "points": 2}
    assert t.over and t.scores == {"NS": 2, "EW": -2}
    assert len(t.record()["deals"]) == 6
    v = t.view(None)
    assert v["rubbers"] == [
        {
            "side": "NS",
            "points": 2,
            "games": [{"side": "NS", "value": 4}, {"side": "EW", "value": 7}, {"side": "NS", "value": 5}],
        }
    ]
    assert hoyle.replay(t.record()).scores == {"NS": 2, "EW": -2}


@pytest.mark.parametrize("code", [AMERICAN, GWP])
def test_rules_1_3_rubber_bonus_is_added_to_the_winners(code: str) -> None:
    t = rubber_table(code, RUBBER, rubber_bonus=3)
    events = play_out(t)
    (rubber,) = kinds(events, "rubber")
    assert rubber.data == {"side": "NS", "points": 5}
    assert "games 9 − the losers' game 7 + bonus 3 = 5" in rubber.text
    assert t.scores == {"NS": 5, "EW": -5}
    assert rubber_value([(0, 4), (1, 7), (0, 5)], code=code, bonus=3).points == 5


# NS win 7-6 (1); EW 7-0 (7); NS 7-6 (1): the rubber is worth 1 + 1 - 7 to its winners.
NEGATIVE = [("W", 12), ("N", 13), ("E", 13), ("S", 12), ("W", 12), ("N", 7)]


@pytest.mark.parametrize("code", [AMERICAN, GWP])
def test_rules_1_3_one_plus_one_less_seven_is_a_negative_rubber(code: str) -> None:
    r = rubber_value([(0, 1), (1, 7), (0, 1)], code=code)
    assert r is not None and (r.winner, r.points) == (0, -5)
    assert rubber_value([(0, 1), (1, 7), (0, 1)], code=code, bonus=3).points == -2  # type: ignore[union-attr]
    t = rubber_table(code, NEGATIVE)
    events = play_out(t)
    assert games_of(events) == [
        ("NS", 1, {"NS": 7, "EW": 6}),
        ("EW", 7, {"NS": 0, "EW": 7}),
        ("NS", 1, {"NS": 7, "EW": 6}),
    ]
    (rubber,) = kinds(events, "rubber")
    assert rubber.data == {"side": "NS", "points": -5}
    assert t.scores == {"NS": -5, "EW": 5}


def test_rules_1_3_rubber_value_is_games_won_less_games_lost() -> None:
    assert rubber_value([(1, 4), (1, 2)], code=AMERICAN).points == 6  # type: ignore[union-attr]
    assert rubber_value([(1, 4), (0, 2), (1, 3)], code=GWP).points == 5  # type: ignore[union-attr]
    assert rubber_value([(1, 4), (0, 2)], code=AMERICAN) is None  # one game each: no rubber yet
    assert rubber_value([(0, 7), (0, 7)], code=AMERICAN, bonus=0).points == 14  # type: ignore[union-attr]


def test_004_rules_1_2_two_games_won_straight_third_not_played() -> None:
    """EW 7-2 (worth 5) and 7-0 (worth 7): the rubber is theirs in two games and five deals, worth 12."""
    t = rubber_table(GWP, [("W", 9), ("N", 8), ("E", 11), ("S", 1), ("W", 10)])
    events = play_out(t)
    assert [e.text for e in kinds(events, "score")] == [
        "EW score 3 by cards (9 tricks) (004 rule 2)",
        "NS score 2 by cards (8 tricks) (004 rule 2)",
        "EW score 4 by cards (11 tricks, 1 lost beyond the game) (004 rule 2)",
        "EW score 6 by cards (12 tricks) (004 rule 2)",
        "EW score 1 by cards (10 tricks, 3 lost beyond the game) (004 rule 2)",
    ]
    assert games_of(events) == [("EW", 5, {"NS": 2, "EW": 7}), ("EW", 7, {"NS": 0, "EW": 7})]
    assert kinds(events, "rubber")[0].text == "EW win the rubber: games 12 = 12 (004 rule 1, rules §1.3)"
    assert t.over and t.scores == {"NS": -12, "EW": 12}
    assert len(t.record()["deals"]) == 5


def test_000_rubber_from_first_deal_to_value_for_contrast() -> None:
    """The same kind of rubber under the English code: honours count, games are worth 3, 2 or 1, and the
    rubber adds two points and deducts the losers' game (000 §2-10)."""
    t = rubber_table(ENGLISH, [("W", 9), ("N", 3), ("E", 1), ("S", 13)])
    events = play_out(t)
    assert [e.text for e in kinds(events, "score")] == [
        "EW score 3 by cards (9 tricks) (000 §2)",
        "EW score 2 by honours (4 held) (000 §3, §5)",
        "EW score 4 by cards (10 tricks) (000 §2)",
        "NS score 2 by honours (3 held) (000 §3, §5)",
        "NS score 3 by cards (12 tricks, 3 lost beyond the game) (000 §2)",
        "NS score 5 by cards (13 tricks, 2 lost beyond the game) (000 §2)",
    ]
    assert games_of(events) == [
        ("EW", 3, {"NS": 0, "EW": 5}),
        ("NS", 1, {"NS": 5, "EW": 4}),
        ("NS", 3, {"NS": 5, "EW": 0}),
    ]
    assert kinds(events, "rubber")[0].text == (
        "NS win the rubber: games 4 + rubber points 2 − the losers' game 3 = 3 (000 §1, 000 §9, 000 §10)"
    )
    assert t.scores == {"NS": 3, "EW": -3}


def test_rules_1_3_standings_follow_the_players() -> None:
    """Each player wins or loses the side's points (view(None)["standings"])."""
    g = hoyle.game("whist", code=AMERICAN)
    steps = ["2C 5D 7H JS", *(order(*d) for d in RUBBER)]
    t = g.table(players=["A", "B", "C", "D"], shuffler=Script(*steps))
    assert t.record()["cuts"] == cuts("A 2C, B 5D, C 7H, D JS")
    assert t.view(None)["players"] == {"N": "C", "E": "B", "S": "D", "W": "A"}
    play_out(t)
    assert t.scores == {"NS": 2, "EW": -2}
    assert t.view(None)["standings"] == {"A": -2, "B": -2, "C": 2, "D": 2}


# --- 004 rule 10: the trump card ------------------------------------------------------------------------


def test_004_rule_10_the_trump_card_stays_on_the_table_until_three_have_played() -> None:
    t = hoyle.game("whist", code=GWP).table(deal=fixed("W", 7))
    assert t.to_act == "N"
    seen = [t.view(None)["turned"]]
    where = [t.places()["8S"]]
    for _ in range(4):
        t.apply(min(t.legal_actions(), key=lambda a: a.card))
        seen.append(t.view(None)["turned"])
        where.append(t.places()["8S"])
    # N, E and S have played: the dealer (W) takes the card up before his own play.
    assert seen == ["8S", "8S", "8S", None, None]
    assert where == ["turned", "turned", "turned", "hand W", "hand W"]


# --- options checked together ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["whist", "dummy", "double-dummy"])
@pytest.mark.parametrize("code", [AMERICAN, GWP])
def test_long_whist_is_english_only(game: str, code: str) -> None:
    with pytest.raises(UnknownOption, match="english-1864"):
        hoyle.game(game, code=code, long=True)


@pytest.mark.parametrize("game", ["whist", "dummy", "double-dummy"])
def test_rubber_bonus_is_for_the_american_codes_only(game: str) -> None:
    with pytest.raises(UnknownOption, match="rubber_bonus"):
        hoyle.game(game, rubber_bonus=2)
    with pytest.raises(UnknownOption, match="rubber_bonus"):
        hoyle.game(game, code=ENGLISH, rubber_bonus=2)
    assert hoyle.game(game, code=AMERICAN, rubber_bonus=2)["rubber_bonus"] == 2
    assert hoyle.game(game, code=ENGLISH, long=True)["long"] is True


def test_unknown_code_lists_the_codes() -> None:
    with pytest.raises(UnknownOption) as err:
        hoyle.game("whist", code="american-1894")
    for code in (ENGLISH, AMERICAN, GWP):
        assert code in str(err.value)


# --- 002 §2-5: forming the table by arrival, cutting out after each game ------------------------------


def american(names: str, *steps: str) -> Table:
    return hoyle.game("whist", code=AMERICAN).table(players=list(names), shuffler=Script(*steps))


def seating(t: Table) -> tuple[dict[str, str], list[str]]:
    v = t.view(None)
    return v["players"], v["waiting"]


@pytest.mark.parametrize(("names", "waiting"), [("ABCDE", ["E"]), ("ABCDEF", ["E", "F"]), ("ABCDEFG", ["E", "F"])])
def test_002_law_2_the_first_four_in_the_room_play_the_table_is_complete_with_six(
    names: str, waiting: list[str]
) -> None:
    """Preference by arrival: A B C D play without cutting for the table; they cut for partners only; E and F
    belong to the table; a seventh does not."""
    t = american(names, "5C KH 2D 9S")
    assert t.record()["cuts"] == cuts("A 5C, B KH, C 2D, D 9S")
    # C (two) and A (five) lowest against D and B; C deals (West), his partner East.
    assert seating(t) == ({"N": "D", "E": "A", "S": "B", "W": "C"}, waiting)
    assert t.view(None)["dealer"] == "W" and t.to_act == "N"
    (seat,) = kinds(t.events, "seating")
    assert seat.law == "002 §2"
    assert seat.data["waiting"] == waiting
    assert "G" not in json.dumps(seat.data)


def test_002_law_2_four_candidates_highest_two_against_lowest_two() -> None:
    t = american("ABCD", "KC 3D 9H 4S")
    assert seating(t) == ({"N": "C", "E": "D", "S": "A", "W": "B"}, [])
    assert t.view(None)["dealer"] == "W"


def test_002_law_3_intermediate_equal_cards_the_lower_of_the_new_cut_plays_with_the_lowest() -> None:
    t = american("ABCD", "2C 7H 7D KS", "9C 4H")
    assert t.record()["cuts"] == cuts("A 2C, B 7H, C 7D, D KS", "B 9C, C 4H")
    assert seating(t) == ({"N": "B", "E": "C", "S": "D", "W": "A"}, [])  # A deals with C


def test_002_law_4_three_equal_fourth_highest_two_lowest_of_new_cut_partners_lowest_deals() -> None:
    t = american("ABCD", "5C 5D 5H KS", "8C 3D JH")
    assert t.record()["cuts"] == cuts("A 5C, B 5D, C 5H, D KS", "A 8C, B 3D, C JH")
    assert seating(t) == ({"N": "C", "E": "A", "S": "D", "W": "B"}, [])  # B deals, A his partner


def test_002_law_4_three_equal_fourth_lowest_deals_two_highest_of_new_cut_partners() -> None:
    t = american("ABCD", "2C 9C 9D 9H", "QC 4D 8H")
    assert t.record()["cuts"] == cuts("A 2C, B 9C, C 9D, D 9H", "B QC, C 4D, D 8H")
    assert seating(t) == ({"N": "D", "E": "C", "S": "B", "W": "A"}, [])  # A deals with C; D and B (queen)


W13 = order("W", 13)  # the dealer's side (EW: the dealer sits West after a cut) wins 7-0 in one deal


@pytest.mark.parametrize("names", ["ABCDEF", "ABCDEFG"])
def test_002_law_5_six_after_each_game_the_most_consecutive_games_retire(names: str) -> None:
    """Six (and a seventh, who does not belong to the table and never plays)."""
    t = american(names, "5C KH 2D 9S", W13, "3H QC 7S KD", "4C 8H 2S JD", W13, "2C 3C 4C 5C", W13)
    play_out(t)
    events = list(t.events)
    # Game 1: C and A (EW) win 7-0.  All four have played one game: they cut, the two highest retire.
    # Game 2: D and B have played two, E and F one: D and B retire without cutting; C and A enter.
    assert t.record()["cuts"] == cuts(
        "A 5C, B KH, C 2D, D 9S", "D 3H, A QC, B 7S, C KD", "D 4C, B 8H, E 2S, F JD", "F 2C, E 3C, C 4C, A 5C"
    )
    out = kinds(events, "cut out")
    assert [(e.data["out"], e.data["in"], e.law) for e in out] == [
        (["C", "A"], ["E", "F"], "002 §5"),
        (["B", "D"], ["C", "A"], "002 §5"),
    ]
    assert [e.data["players"] for e in kinds(events, "seating")] == [
        {"N": "D", "E": "A", "S": "B", "W": "C"},
        {"N": "B", "E": "D", "S": "F", "W": "E"},
        {"N": "C", "E": "E", "S": "A", "W": "F"},
    ]
    assert [e.data["waiting"] for e in kinds(events, "seating")] == [["E", "F"], ["C", "A"], ["B", "D"]]
    assert games_of(events) == [("EW", 7, {"NS": 0, "EW": 7})] * 3
    assert t.over
    expected = {"A": 0, "B": -14, "C": 0, "D": 0, "E": 14, "F": 0}
    assert t.view(None)["standings"] == expected | ({"G": 0} if "G" in names else {})
    assert not any("G" in e.data["players"].values() for e in kinds(events, "seating"))
    replayed = hoyle.replay(t.record())
    assert replayed.view(None)["standings"] == t.view(None)["standings"]


def test_002_law_5_five_a_newcomer_has_the_preference_over_those_with_more_games() -> None:
    t = american("ABCDE", "5C KH 2D 9S", W13, "3H QC 7S KD", "4C 8H 2S JD", W13, "9C 5H 6D", "2H 3H 4H 5H", W13)
    play_out(t)
    events = list(t.events)
    # After game 1 all have played one: C cuts highest and retires; E enters.  After game 2 E has played one
    # game, A, B and D two: only they cut, and A (nine) retires; C enters.
    assert t.record()["cuts"] == cuts(
        "A 5C, B KH, C 2D, D 9S",
        "D 3H, A QC, B 7S, C KD",
        "D 4C, A 8H, B 2S, E JD",
        "A 9C, D 5H, B 6D",
        "D 2H, E 3H, B 4H, C 5H",
    )
    assert [(e.data["out"], e.data["in"]) for e in kinds(events, "cut out")] == [(["C"], ["E"]), (["A"], ["C"])]
    assert [e.data["waiting"] for e in kinds(events, "seating")] == [["E"], ["C"], ["A"]]
    assert t.view(None)["standings"] == {"A": 0, "B": -7, "C": 0, "D": 7, "E": 0}


def test_002_law_5_the_rubber_in_play_ends_when_the_table_changes() -> None:
    t = american("ABCDE", "5C KH 2D 9S", W13, "3H QC 7S KD", "4C 8H 2S JD")
    events = play_deal(t)
    (abandoned,) = kinds(events, "rubber")
    assert abandoned.law == "002 §5" and abandoned.data == {"abandoned": True}
    assert t.view(None)["games"] == [] and t.view(None)["score"] == {"NS": 0, "EW": 0}


def test_002_laws_2_to_5_cuts_cite_the_american_code() -> None:
    t = american("ABCDE", "2C 7H 7D KS", "9C 4H", W13, "3H QC 7S KD", "4C 8H 2S JD")
    play_deal(t)
    events = list(t.events)
    assert t.record()["cuts"] == cuts(
        "A 2C, B 7H, C 7D, D KS", "B 9C, C 4H", "B 3H, C QC, D 7S, A KD", "B 4C, C 8H, D 2S, E JD"
    )
    assert [e.data["out"] for e in kinds(events, "cut out")] == [["A"]]
    laws = [e.law for e in kinds(events, "cut")]
    assert laws == ["002 §2", "002 §3", "002 §5", "002 §2"]


# --- 004 rule 20: one cut, partners as they cut, the table held for a rubber -------------------------


def gwp(names: str, *steps: str, rubbers: int = 1) -> Table:
    return hoyle.game("whist", code=GWP, rubbers=rubbers).table(players=list(names), shuffler=Script(*steps))


@pytest.mark.parametrize(
    ("names", "cut", "waiting"),
    [
        ("ABCDE", "A 9C, B 3D, C KH, D AS, E 6H", ["C"]),
        ("ABCDEF", "A 9C, B 3D, C KH, D AS, E 6H, F QD", ["F", "C"]),
        ("ABCDEFG", "A 9C, B 3D, C KH, D AS, E 6H, F QD, G TS", ["G", "F"]),
    ],
)
def test_004_rule_20_the_four_lowest_of_one_cut_play_and_are_partners_as_they_cut(
    names: str, cut: str, waiting: list[str]
) -> None:
    """D (ace) and B (three) against E (six) and A (nine); D deals; no second cut for partners."""
    t = gwp(names, " ".join(pair.split()[1] for pair in cut.split(", ")))
    assert t.record()["cuts"] == cuts(cut)
    assert seating(t) == ({"N": "E", "E": "B", "S": "A", "W": "D"}, waiting)
    (seat,) = kinds(t.events, "seating")
    assert seat.law == "004 rule 20"


def test_004_rule_20_table_held_for_a_rubber_then_the_six_cut_again() -> None:
    steps = ["9C 3D KH AS 6H QD", W13, order("N", 1), order("E", 13), "TC 2C 3C 4C 5C 6C"]
    t = gwp("ABCDEF", *steps, rubbers=2)
    events = play_deal(t)  # game 1 to EW: the table is held, nobody cuts
    assert games_of(events) == [("EW", 7, {"NS": 0, "EW": 7})]
    assert not kinds(events, "cut", "cut out", "seating")
    assert seating(t) == ({"N": "E", "E": "B", "S": "A", "W": "D"}, ["F", "C"])
    events = play_deal(t) + play_deal(t)  # EW 6, then 7: the rubber, 7 + 7
    assert kinds(events, "rubber")[0].data == {"side": "EW", "points": 14}
    (out,) = kinds(events, "cut out")
    assert out.law == "004 rule 20" and out.data == {"candidates": ["E", "B", "A", "D", "F", "C"]}
    assert t.record()["cuts"] == cuts("A 9C, B 3D, C KH, D AS, E 6H, F QD", "E TC, B 2C, A 3C, D 4C, F 5C, C 6C")
    # B, A, D, F the four lowest: B and A against D and F; B deals; C and E (ten) wait, in the order of the cut.
    assert seating(t) == ({"N": "D", "E": "A", "S": "F", "W": "B"}, ["C", "E"])
    assert t.view(None)["dealer"] == "W"
    assert t.view(None)["standings"] == {"A": -14, "B": 14, "C": 0, "D": 14, "E": -14, "F": 0}


def test_004_rule_20_the_cut_cites_rule_20() -> None:
    t = gwp("ABCDEFG", "9C 3D KH AS 6H QD TS")
    assert seating(t) == ({"N": "E", "E": "B", "S": "A", "W": "D"}, ["G", "F"])
    assert [e.law for e in kinds(t.events, "cut")] == ["004 rule 20"]


# --- 000 §20 for contrast: cutting out after a rubber ---------------------------------------------------


def test_000_law_20_after_a_rubber_the_highest_of_equal_rubbers_goes_out() -> None:
    g = hoyle.game("whist", rubbers=2)
    steps = ["9C 3D KH AS 6H", "2C 5D 7H JS", W13, order("N", 1), "4S QH 8C 2H", "2D 3D 4D 5D"]
    t = g.table(players=list("ABCDE"), shuffler=Script(*steps))
    assert seating(t) == ({"N": "D", "E": "B", "S": "E", "W": "A"}, ["C"])
    events = play_deal(t)
    assert not kinds(events, "cut out")  # the English table changes only after a rubber
    events = play_deal(t)
    assert kinds(events, "rubber")[0].data == {"side": "EW", "points": 8}
    assert [(e.data["out"], e.data["in"], e.law) for e in kinds(events, "cut out")] == [(["B"], ["C"], "000 §20")]
    assert t.record()["cuts"] == cuts(
        "A 9C, B 3D, C KH, D AS, E 6H", "A 2C, B 5D, D 7H, E JS", "D 4S, B QH, E 8C, A 2H", "D 2D, E 3D, A 4D, C 5D"
    )
    assert seating(t) == ({"N": "A", "E": "E", "S": "C", "W": "D"}, ["B"])


# --- the terminal -----------------------------------------------------------------------------------------

runner = CliRunner()


def test_cli_play_american_1893_then_replay_confirms(tmp_path: Path) -> None:
    path = tmp_path / "american.json"
    args = ["play", "whist", "--code", "american-1893", "--seats", "rules,rules,rules,rules", "--seed", "1"]
    result = runner.invoke(app, [*args, "--record", str(path)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "The sitting is over." in text
    assert "seven less the losers'" in text and "(002 §1)" in text
    assert "by honours" not in text
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["options"]["code"] == AMERICAN and record["over"] is True
    assert record["scores"]["NS"] == -record["scores"]["EW"]
    table = hoyle.replay(record)
    value = kinds(table.events, "rubber")[-1].data
    games = [e.data for e in kinds(table.events, "game")]
    won = sum(g["value"] for g in games if g["side"] == value["side"])
    lost = sum(g["value"] for g in games if g["side"] != value["side"])
    assert value["points"] == won - lost
    assert record["scores"][value["side"]] == won - lost
    assert all(max(g["score"].values()) == 7 and g["value"] == 7 - min(g["score"].values()) for g in games)
    replay = runner.invoke(app, ["replay", str(path)])
    assert replay.exit_code == 0, replay.output
    said = " ".join(replay.output.split())
    ns, ew = record["scores"]["NS"], record["scores"]["EW"]
    assert "record confirmed" in said and f"over; scores NS {ns:+d}, EW {ew:+d}" in said


class SpyBot:
    """Wraps a bot of one kind and notes, at each choice, whose seat it plays (the player at the controller)."""

    def __init__(self, kind: str, inner: Any, log: list[tuple[str, str]]) -> None:
        self.kind, self.inner, self.log = kind, inner, log

    def choose(self, view: dict[str, Any], legal: Any) -> Any:
        seat = view["seat"]
        controller = (view.get("controllers") or {}).get(seat, seat)
        self.log.append((self.kind, view["players"][controller]))
        return self.inner.choose(view, legal)


def test_cli_002_law_5_each_player_keeps_his_own_kind_when_the_table_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    from hoyle import bots

    log: list[tuple[str, str]] = []
    make = bots.make
    monkeypatch.setattr(bots, "make", lambda kind, game, seed=None: SpyBot(kind, make(kind, game, seed=seed), log))
    args = ["play", "whist", "--code", AMERICAN, "--seats", "rules,random,random,random,random", "--seed", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "go out and" in " ".join(result.output.split()) or "goes out and" in " ".join(result.output.split())
    # the bots sit under the authorities' names, in the order of --seats: Cavendish rules, the others random
    kind_of = {
        "Cavendish": "rules",
        "Mrs Battle": "random",
        "Deschapelles": "random",
        "Clay": "random",
        "Pole": "random",
    }
    wrong = [(kind, player) for kind, player in log if kind_of[player] != kind]
    assert len(log) > 52 and wrong == []


@pytest.mark.parametrize(("code", "prefix"), [(AMERICAN, "002 §"), (GWP, "004 rule")])
def test_002_laws_8_10_13_004_rules_5_8_the_deal_cites_the_code_in_play(code: str, prefix: str) -> None:
    t = hoyle.game("whist", code=code).table(seed=1)
    (deal,) = kinds(t.events, "deal")
    laws = deal.law if isinstance(deal.law, list) else [deal.law]
    assert laws and all(law.startswith(prefix) for law in laws), laws


def test_american_whist_alias_is_an_american_code() -> None:
    assert hoyle.game("american whist")["code"] in (AMERICAN, GWP)


def test_rules_1_3_standings_of_a_given_deal_follow_the_players() -> None:
    t = rubber_table(AMERICAN, RUBBER)
    play_out(t)
    assert t.scores == {"NS": 2, "EW": -2}
    assert t.view(None)["standings"] == {"A": 2, "B": -2, "C": 2, "D": -2}
