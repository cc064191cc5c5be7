"""Boston (002's Boston lines; rules §4): the deal, the auction, the contracts, the card of prices, the pool.

The worked examples of rules §4 and rules §10 scenario 18 are here with their exact figures; the laws'
settlements (002 §17, §19, §24, §26, §30 Boston) are in test_boston_laws.py, the bot and the terminal in
test_boston_bot.py.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import IllegalAction, InvalidDeal, RecordError
from hoyle.cards import PACK_52, Card, parse
from hoyle.cards import cut as cut_pack
from hoyle.rulebook.boston import (
    BOSTON_TABLE,
    FAILURE,
    LADDER,
    MISERES,
    SUCCESS,
    bid,
    ladder,
    misere_partout_payments,
    preferences,
)
from hoyle.rulebook.contracts import format_money, pool_payments, table_value

# ---------------------------------------------------------------------------------------------- helpers

# rules §10 scenario 18, misère partout: A takes four tricks, B, C and D three each (see test below).
PARTOUT = {
    "A": "AS KS QS JS 2H 3H 4H 5H 2D 3D 4D 2C 3C",
    "B": "2S 3S 4S AH KH QH 5D 6D 7D 4C 5C 6C 7C",
    "C": "5S 6S 7S AD KD QD 8D 6H 7H 8H 8C 9C TC",
    "D": "8S 9S TS AC KC QC JC 9H TH JH 9D TD JD",
}
PARTOUT_PLAY = [  # each trick from its leader
    "AS 2S 5S 8S",
    "KS 3S 6S 9S",
    "QS 4S 7S TS",
    "JS 4C 8D JC",
    "2H QH 6H 9H",
    "KH 7H TH 3H",
    "AH 8H JH 4H",
    "5D QD 9D 2D",
    "KD TD 3D 6D",
    "AD JD 4D 7D",
    "8C QC 2C 5C",
    "KC 3C 6C 9C",
    "AC 5H 7C TC",
]

# A holds six top trumps (hearts, first preference) and seven low spades: he takes exactly six tricks.
SIX_TRUMPS = {
    "A": "AH KH QH JH TH 9H 2S 3S 4S 5S 6S 7S 8S",
    "B": "8H 7H 6H 5H 4H 3H 2H 9S TS AD KD QD JD",
    "C": "JS QS KS AS TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "D": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}
# A holds eight top trumps and five low spades: he takes exactly eight.
EIGHT_TRUMPS = {
    "A": "AH KH QH JH TH 9H 8H 7H 2S 3S 4S 5S 6S",
    "B": "6H 5H 4H 3H 2H 7S 8S AD KD QD JD TD 9D",
    "C": "9S TS JS QS KS AS 8D 7D 6D 5D 4D 3D 2D",
    "D": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}
SUITED = {
    "A": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "B": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "C": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "D": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}


def table(
    hands: dict[str, str], *, dealer: str = "D", turned: str = "5H", seed: int = 1, **options: Any
) -> hoyle.Table:
    return hoyle.game("boston", **options).table(deal={"dealer": dealer, "turned": turned, "hands": hands}, seed=seed)


def legal(t: hoyle.Table) -> list[str]:
    return [str(a) for a in t.legal_actions()]


def say(t: hoyle.Table, *actions: str) -> list[hoyle.Event]:
    events: list[hoyle.Event] = []
    for a in actions:
        events += t.apply(a)
    return events


def play_tricks(t: hoyle.Table, tricks: list[str]) -> list[hoyle.Event]:
    events: list[hoyle.Event] = []
    for trick in tricks:
        for card in trick.split():
            events += t.apply(f"play {card}")
    return events


def play_out(t: hoyle.Table, policy: dict[str, str] | None = None) -> list[hoyle.Event]:
    """Play the deal in hand to its settlement: each seat its highest legal card ('high') or its lowest ('low')."""
    policy = policy or {}
    events: list[hoyle.Event] = []
    deal = t.view(None)["deal"]
    while not t.over and t.view(None)["deal"] == deal:
        seat = t.to_act
        cards = [a for a in t.legal_actions() if a.card is not None]
        assert cards, legal(t)
        high = policy.get(seat) == "high"
        events += t.apply(max(cards, key=lambda a: a.card.rank) if high else min(cards, key=lambda a: a.card.rank))
    return events


def result(t: hoyle.Table) -> dict[str, Any]:
    return t.view(None)["last_result"]


# ---------------------------------------------------------------------------------------------- the bids


def test_rules_4_the_ladder_of_bids_lowest_first() -> None:
    names = [c.name for c in LADDER]
    assert names[:10] == [
        "5",
        "5 second",
        "5 first",
        "6",
        "6 second",
        "6 first",
        "7",
        "7 second",
        "7 first",
        "little misere",
    ]
    misere_places = [names.index(m) for m in ("little misere", "grand misere", "little spread", "grand spread")]
    assert [names[i - 1] for i in misere_places] == ["7 first", "9 first", "11 first", "12 first"]
    assert [names[i + 1] for i in misere_places] == ["8", "10", "12", "13"]
    assert names[-1] == "13 first" and len(names) == 31
    ranks = [c.rank for c in LADDER]
    assert ranks == sorted(ranks) and len(set(ranks)) == 31
    assert bid("6 first").trumps == "turned" and bid("6 second").trumps == "second" and bid("6").trumps == "named"
    assert bid("little spread").exposed and bid("grand misere").misere and not bid("grand misere").exposed


def test_rules_4_preferences_from_the_turned_card() -> None:
    assert preferences("S") == {"first": "S", "second": "C", "plain": ["D", "H"]}
    assert preferences("D") == {"first": "D", "second": "H", "plain": ["C", "S"]}


def test_fontainebleau_ladder_spades_clubs_hearts_diamonds_grand() -> None:
    names = [c.name for c in ladder("fontainebleau")]
    assert names[:6] == ["5 spades", "5 clubs", "5 hearts", "5 diamonds", "5 grand", "6 spades"]
    assert bid("7 diamonds", "fontainebleau").suit == "D" and bid("7 grand", "fontainebleau").trumps == "none"


# ---------------------------------------------------------------------------------------------- the card of prices


def test_rules_4_failure_and_success_tables() -> None:
    assert [len(FAILURE[n]) for n in range(5, 14)] == list(range(5, 14))
    assert [len(BOSTON_TABLE.success[n]) for n in range(5, 14)] == list(range(9, 0, -1))
    assert SUCCESS[6][2] == 16 and BOSTON_TABLE.success[10][0] == 42
    assert FAILURE[8][1] == 35 and FAILURE[13][12] == 450 and FAILURE[5][0] == 10
    assert MISERES == {"little misere": 20, "grand misere": 40, "little spread": 80, "grand spread": 160}


def test_rules_4_worked_example_six_in_first_preference_taking_eight() -> None:
    o = table_value(bid("6 first"), 8, BOSTON_TABLE)
    assert o.won and o.value == 16 and 3 * o.value == 48
    assert pool_payments(o, "A", 10) == [("pool", "A", 10)]


def test_rules_4_worked_example_eight_bid_six_taken_put_in_for_two() -> None:
    o = table_value(bid("8"), 6, BOSTON_TABLE)
    assert not o.won and o.under == 2 and o.value == 35 and 3 * o.value == 105
    assert pool_payments(o, "A", 30) == [("A", "pool", 30)]  # the pool doubled
    assert pool_payments(o, "A", 30, failure="match") == [("A", "pool", 35)]  # Fontainebleau (FCH p.170)


def test_rules_4_worked_example_little_misere_lost() -> None:
    o = table_value(bid("little misere"), 1, BOSTON_TABLE)
    assert not o.won and o.value == 20 and 3 * o.value == 60


def test_rules_10_scenario_18_misere_partout_four_three_three_three() -> None:
    assert misere_partout_payments({"A": 4, "B": 3, "C": 3, "D": 3}) == [("A", "B", 10), ("A", "C", 10), ("A", "D", 10)]
    pays = misere_partout_payments({"A": 7, "B": 2, "C": 2, "D": 2})  # rules §4: 4·7 − 13 = 15 red
    assert sum(p[2] for p in pays) == 150 and {p[2] for p in pays} == {50}
    # Equal for the most: each pays those below, nothing between themselves (rules §4's default).
    assert misere_partout_payments({"A": 4, "B": 4, "C": 3, "D": 2}) == [
        ("A", "C", 10),
        ("A", "D", 20),
        ("B", "C", 10),
        ("B", "D", 20),
    ]


def test_counters_are_written_in_red_and_white() -> None:
    assert format_money(35, "white counters", red=10) == "3 red 5 white"
    assert format_money(10, "white counters", red=10) == "1 red"
    assert format_money(12, "white counters") == "2 red 2 white"  # Solo's five to the red (rules §5)


def test_open_success_rows_are_options() -> None:
    t = hoyle.game("boston", success_13="200").table(seed=1)
    assert t.prices.success[13] == (200,)
    with pytest.raises(hoyle.UnknownOption, match="success_12"):
        hoyle.game("boston", success_12="117")
    with pytest.raises(hoyle.UnknownOption):
        hoyle.game("boston", variant="french")


# ---------------------------------------------------------------------------------------------- the deal


def test_002_13_boston_deal_by_fours_fours_and_fives_and_the_still_pack_turned() -> None:
    t = hoyle.game("boston").table(seed=5)
    entry = t.record()["deals"][0]
    order = parse(entry["order"])
    hands = {s: set(t.view(s)["hand"]) for s in "ABCD"}
    eldest = t.view(None)["eldest"]
    first = [str(c) for c in order[:4]]
    assert set(first) <= hands[eldest]  # four at a time from the dealer's left
    assert {str(c) for c in order[48:]} <= hands[t.view(None)["dealer"]]  # the last five to the dealer
    assert all(len(h) == 13 for h in hands.values())
    still = parse(entry["still"])
    assert str(still[entry["turn cut"]]) == entry["turned"]  # the top card of the part left on the table
    assert 4 <= entry["turn cut"] <= 48 and 4 <= entry["cut"] <= 48
    v = t.view("A")
    turned = Card.from_text(entry["turned"])
    assert v["cut_card"] == {"rank": entry["turned"][0], "suit": entry["turned"][1], "name": turned.name}
    assert v["preferences"]["first"] == entry["turned"][1]
    assert entry["turned"] not in json.dumps(t.view(None))  # the other pack's card is never in the pack's notation
    assert "turned" not in t.places().values()  # it is no card of the pack in play


def test_002_8_boston_no_shuffling_after_the_first_deal() -> None:
    t = hoyle.game("boston").table(seed=3)
    rnd = random.Random(3)
    while t.view(None)["deal"] < 4:
        t.apply(rnd.choice(t.legal_actions()))
    deals = t.record()["deals"]
    for k in (2, 3):  # the third and fourth deals: the packs of the first and second, gathered and cut
        before, now = deals[k - 2], deals[k]
        gathered = parse(deals[k - 1]["still"])  # the pack of deal k-2, as gathered, was deal k-1's still pack
        after_turn = cut_pack(gathered, deals[k - 1]["turn cut"])
        assert parse(now["order"]) == tuple(cut_pack(after_turn, now["cut"]))
        assert now["pack"] == before["pack"]
    # Deal 2's still pack is deal 1's pack gathered trick by trick, each as played.
    tricks = [e for e in t.events if e.kind == "trick" and e.data["trick"]]
    first_deal = tricks[: next(i for i, e in enumerate(tricks[1:], 1) if e.data["trick"] == 1)]
    gathered = [c for e in first_deal for c in e.data["cards"]]
    assert [str(c) for c in parse(deals[1]["still"])][: len(gathered)] == gathered


def test_shuffle_option_shuffles_every_deal() -> None:
    t = hoyle.game("boston", shuffle=True, deals=3).table(seed=3)
    rnd = random.Random(3)
    while not t.over:
        t.apply(rnd.choice(t.legal_actions()))
    assert "not shuffled" not in " ".join(e.text for e in t.events if e.kind == "deal")


def test_a_replayed_record_must_deal_the_pack_gathered() -> None:
    t = hoyle.game("boston", deals=3).table(seed=4)
    rnd = random.Random(4)
    while not t.over:
        t.apply(rnd.choice(t.legal_actions()))
    record = t.record()
    assert hoyle.replay(record).scores == t.scores
    bad = json.loads(json.dumps(record))
    order = bad["deals"][2]["order"].split()
    order[0], order[1] = order[1], order[0]
    bad["deals"][2]["order"] = " ".join(order)
    with pytest.raises(RecordError, match="gathered"):
        hoyle.replay(bad)


# ---------------------------------------------------------------------------------------------- the auction


def test_rules_4_exact_legal_bids_at_the_start_and_after_a_bid() -> None:
    t = table(SUITED)
    assert t.to_act == "A"
    assert legal(t) == ["pass", *[f"bid {c.name}" for c in LADDER]]
    say(t, "bid 6 first")
    above = [f"bid {c.name}" for c in LADDER if c.rank > bid("6 first").rank]
    assert legal(t) == ["pass", *above] and len(above) == 25
    assert above[:5] == ["bid 7", "bid 7 second", "bid 7 first", "bid little misere", "bid 8"]
    with pytest.raises(IllegalAction, match="rules §4"):
        t.apply("bid 6 second")
    with pytest.raises(IllegalAction, match="rules §4"):
        t.apply("bid 6 first")


def test_rules_4_a_player_who_has_passed_may_bid_only_a_misere() -> None:
    t = table(SUITED)
    say(t, "pass", "bid 7", "pass", "pass")
    assert t.to_act == "A"  # A passed, but the bid has risen since: he may bid a misère above it
    assert legal(t) == ["pass", "bid little misere", "bid grand misere", "bid little spread", "bid grand spread"]
    with pytest.raises(IllegalAction, match="may now call only"):
        t.apply("bid 8")
    say(t, "pass")
    assert t.view(None)["contract"]["declarers"] == ["B"]
    # Without the rule, a passed player is not asked again.
    t = table(SUITED, passed_may_bid_misere=False)
    say(t, "pass", "bid 7", "pass", "pass")
    assert t.view(None)["contract"]["call"] == "7"


def test_an_overcalled_bidder_may_raise() -> None:
    t = table(SUITED)
    say(t, "bid 5", "bid 6", "pass", "pass")
    assert t.to_act == "A" and "bid 6 second" in legal(t) and "bid 5 first" not in legal(t)
    say(t, "bid 8 first", "pass")
    assert t.to_act == "C" and legal(t) == ["pass", "bid grand misere", "bid little spread", "bid grand spread"]
    say(t, "pass", "pass")
    assert t.view(None)["contract"] == {
        "call": "8 first",
        "title": "eight in first preference",
        "declarers": ["A"],
        "adversaries": ["B", "C", "D"],
        "misere": False,
        "tricks": 8,
        "joint": False,
        "exposed": False,
    }


def test_rules_4_a_plain_suit_bidder_names_one_of_the_plain_suits() -> None:
    t = table(SUITED, turned="5H")  # hearts first, diamonds second, clubs and spades plain
    say(t, "bid 6", "pass", "pass", "pass")
    assert t.to_act == "A" and legal(t) == ["trumps C", "trumps S"]
    with pytest.raises(IllegalAction, match="plain suit"):
        t.apply("trumps h")
    say(t, "trumps spades")
    assert t.view(None)["trumps"] == "S" and t.view(None)["phase"] == "play"


def test_preference_bids_fix_the_trumps() -> None:
    t = table(SUITED, turned="5H")
    say(t, "bid 5 second", "pass", "pass", "pass")
    assert t.view(None)["trumps"] == "D"
    t = table(SUITED, turned="5C")
    say(t, "bid 5 first", "pass", "pass", "pass")
    assert t.view(None)["trumps"] == "C"


# ---------------------------------------------------------------------------------------------- the deals settled


def test_rules_10_scenario_18_misere_partout_at_the_table() -> None:
    t = table(PARTOUT, turned="7H")
    events = say(t, "pass", "pass", "pass", "pass")
    assert any(e.kind == "contract" and e.data["call"] == "misere partout" for e in events)
    assert t.view(None)["trumps"] is None and t.view(None)["contract"]["call"] == "misere partout"
    events = play_tricks(t, PARTOUT_PLAY)
    r = result(t)
    assert r["tricks"] == {"A": 4, "B": 3, "C": 3, "D": 3}
    assert r["payments"] == [["A", "B", 10], ["A", "C", 10], ["A", "D", 10]]  # one red to each
    payments = [e.data for e in events if e.kind == "payment"]
    assert payments[:3] == [{"payer": "A", "payee": s, "amount": 10} for s in "BCD"]
    # D staked the first pool; it stands (no one wins it at a misère partout); A deals the next and stakes.
    assert t.scores == {"A": -30 - 10, "B": 10, "C": 10, "D": 10 - 10, "pool": 20}
    assert sum(t.scores.values()) == 0


def test_rules_10_scenario_18_eight_bid_six_taken_pays_35_each_and_doubles_the_pool() -> None:
    t = table(SIX_TRUMPS, turned="5H", deals=1)
    say(t, "bid 8 first", "pass", "pass", "pass")
    assert t.view(None)["trumps"] == "H"
    events = play_out(t, {"A": "high"})
    r = result(t)
    assert r["made"] == 6 and not r["won"] and r["value"] == 35
    assert [e.data for e in events if e.kind == "payment"] == [
        {"payer": "A", "payee": s, "amount": 35} for s in "BCD"
    ] + [{"payer": "A", "payee": "pool", "amount": 10}]
    assert t.scores == {"A": -115, "B": 35, "C": 35, "D": 25, "pool": 20} and t.over
    text = next(e.text for e in events if e.kind == "result")
    assert "put in for 2: 3 red 5 white" in text and "doubles the pool" in text


def test_rules_4_six_in_first_preference_taking_eight_is_paid_16_each_and_takes_the_pool() -> None:
    t = table(EIGHT_TRUMPS, turned="5H", deals=1)
    say(t, "bid 6 first", "pass", "pass", "pass")
    events = play_out(t, {"A": "high"})
    assert result(t)["made"] == 8 and result(t)["value"] == 16
    assert [e.data for e in events if e.kind == "payment"] == [
        {"payer": s, "payee": "A", "amount": 16} for s in "BCD"
    ] + [{"payer": "pool", "payee": "A", "amount": 10}]
    assert t.scores == {"A": 58, "B": -16, "C": -16, "D": -26, "pool": 0}


def test_rules_10_scenario_18_misdeal_the_same_dealer_deals_again_after_a_red_counter() -> None:
    hands = dict(SUITED)
    hands["A"], hands["B"] = SUITED["A"] + " AH", " ".join(SUITED["B"].split()[1:])  # A has 14, B 12
    t = table(hands, dealer="D")
    kinds = [e.kind for e in t.events]
    assert kinds.index("misdeal") < kinds.index("deal")
    misdeal = next(e for e in t.events if e.kind == "misdeal")
    assert "002 §17 Boston" in misdeal.law and misdeal.data["counts"] == {"A": 14, "B": 12, "C": 13, "D": 13}
    pays = [e.data for e in t.events if e.kind == "payment"]
    assert pays == [{"payer": "D", "payee": "pool", "amount": 10}, {"payer": "D", "payee": "pool", "amount": 10}]
    assert t.view(None)["dealer"] == "D" and t.scores == {"A": 0, "B": 0, "C": 0, "D": -20, "pool": 20}
    assert all(len(t.view(s)["hand"]) == 13 for s in "ABCD")
    # "with the same cards" (002 §17 Boston), gathered and cut, not shuffled (002 §8, §11 Boston).
    gathered = [c for s in "ABCD" for c in parse(hands[s])]
    entry = t.record()["deals"][0]
    assert parse(entry["order"]) == tuple(cut_pack(gathered, entry["cut"]))
    assert hoyle.replay(t.record()).scores == t.scores


def test_grand_misere_ends_with_the_first_trick_the_bidder_takes() -> None:
    t = table(SUITED, turned="5H", deals=1)
    say(t, "bid grand misere", "pass", "pass", "pass")
    events = play_out(t)  # A leads a spade and nobody else holds one
    r = result(t)
    assert r["made"] == 1 and not r["won"] and r["tricks"]["A"] == 1 and sum(r["tricks"].values()) == 1
    assert [e.data["amount"] for e in events if e.kind == "payment"] == [40, 40, 40, 10]  # and the pool doubled
    assert t.scores["pool"] == 20 and t.over


def test_little_misere_every_player_discards_one_card_face_down() -> None:
    t = table(SUITED, turned="5H", deals=1)
    say(t, "pass", "bid little misere", "pass", "pass", "pass")
    assert t.view(None)["phase"] == "discard" and t.to_act == "A"
    assert legal(t) == [f"discard {c}" for c in SUITED["A"].split()[::-1]]
    say(t, "discard AS")
    assert t.places()["AS"] == "discards"
    assert "AS" not in json.dumps(t.view("A")) and "AS" not in json.dumps(t.view("B"))
    assert t.view("A")["discarded"] == 1 and len(t.view("A")["hand"]) == 12
    with pytest.raises(IllegalAction, match="does not hold"):
        t.apply("discard 2S")  # B's turn: he holds hearts
    say(t, "discard AH", "discard AD", "discard AC")
    assert t.view(None)["phase"] == "play" and t.to_act == "A"
    play_out(t, {"B": "low"})
    r = result(t)
    assert sum(r["tricks"].values()) <= 12 and r["call"] == "little misere"


def test_little_spread_is_exposed_once_the_first_trick_is_turned() -> None:
    hands = {
        "A": "2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C",
        "B": "AS KS QS JS AH KH QH 5D 6D 7D 4C 5C 6C",
        "C": "TS 9S 8S 7S JH TH 9H AD KD QD JD 7C 8C",
        "D": "6S 8H 7H 6H TD 9D 8D AC KC QC JC TC 9C",
    }
    t = table(hands, turned="5H")
    say(t, "bid little spread", "pass", "pass", "pass", "discard 2S", "discard 5D", "discard 7C", "discard 6S")
    assert t.view(None)["exposed"] == {}
    say(t, "play 2H", "play QH", "play JH", "play 8H")
    exposed = t.view(None)["exposed"]["A"]
    assert len(exposed) == 11 and all(t.places()[c] == "exposed A" for c in exposed)
    assert t.view("C")["exposed"] == t.view(None)["exposed"]
    early = table(hands, turned="5H", spread_exposed="before the lead")
    say(early, "bid little spread", "pass", "pass", "pass", "discard 2S", "discard 5D", "discard 7C", "discard 6S")
    assert len(early.view("B")["exposed"]["A"]) == 12


def test_the_last_trick_may_not_be_seen_at_a_misere() -> None:
    t = table(PARTOUT, turned="7H")
    say(t, "pass", "pass", "pass", "pass")
    play_tricks(t, PARTOUT_PLAY[:1])
    assert t.view("B")["last_trick"] is None and t.view("B")["may_see_last_trick"] is False
    t = table(SIX_TRUMPS, turned="5H")
    say(t, "bid 8 first", "pass", "pass", "pass")
    play_out_one = ["AH 8H JS AC"]
    play_tricks(t, play_out_one)
    assert t.view("B")["last_trick"]["winner"] == "A"


def test_views_show_no_other_hand_and_the_spectator_none() -> None:
    t = hoyle.game("boston").table(seed=2)
    for s in "ABCD":
        v = t.view(s)
        others = set().union(*(set(t.view(x)["hand"]) for x in "ABCD" if x != s))
        assert not others & set(json.dumps(v).replace('"', " ").replace(",", " ").split())
    assert "hand" not in t.view(None)


# ---------------------------------------------------------------------------------------------- the sitting


def test_rules_10_scenario_18_twelve_deals_then_the_game_ends() -> None:
    t = hoyle.game("boston").table(seed=11)
    rnd = random.Random(11)
    dealers = []
    while not t.over:
        events = t.apply(rnd.choice(t.legal_actions()))
        dealers += [e.data["dealer"] for e in events if e.kind == "deal"]
    assert len(t.record()["deals"]) == 12 and t.to_act is None and t.legal_actions() == []
    assert any(e.kind == "over" and "002 §1 Boston" in e.law for e in t.events)
    first = t.record()["deals"][0]["dealer"]
    seats = "ABCD"
    assert [first, *dealers] == [seats[(seats.index(first) + k) % 4] for k in range(12)]  # the deal passes left
    assert sum(t.scores.values()) == 0 and set(t.scores) == {"A", "B", "C", "D", "pool"}
    with pytest.raises(IllegalAction):
        t.apply("pass")


def test_fontainebleau_no_card_turned_five_to_the_pool_and_failure_matched() -> None:
    hands = SIX_TRUMPS
    t = hoyle.game("boston", variant="fontainebleau", deals=1).table(deal={"dealer": "D", "hands": hands}, seed=1)
    assert t.view(None)["cut_card"] is None and t.view(None)["preferences"] is None
    assert t.scores["pool"] == 5  # "each dealer in his turn placing five counters" (FCH p.170)
    assert legal(t)[1:6] == ["bid 5 spades", "bid 5 clubs", "bid 5 hearts", "bid 5 diamonds", "bid 5 grand"]
    say(t, "bid 8 hearts", "pass", "pass", "pass")
    events = play_out(t, {"A": "high"})
    # put in for 2: 35 to each, and 35 into the pool, not the pool doubled (FCH p.170)
    assert [e.data["amount"] for e in events if e.kind == "payment"] == [35, 35, 35, 35]
    assert t.scores["pool"] == 40


def test_given_deals_are_checked() -> None:
    with pytest.raises(InvalidDeal, match="turned"):
        hoyle.game("boston").table(deal={"dealer": "D", "hands": SUITED})
    bad = dict(SUITED, A=SUITED["B"])
    with pytest.raises(InvalidDeal, match="not the pack"):
        table(bad)
    with pytest.raises(ValueError, match="four distinct"):
        hoyle.game("boston").table(players=["x", "y", "z"])


@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(["boston", "fontainebleau"]),
    shuffle=st.booleans(),
)
@settings(max_examples=8, deadline=None)
def test_counters_and_pool_are_conserved(seed: int, choices: int, variant: str, shuffle: bool) -> None:
    """One ledger: every seat's counters and the pool sum to nothing after every action (design.md)."""
    t = hoyle.game("boston", variant=variant, shuffle=shuffle, deals=4).table(seed=seed)
    rnd = random.Random(choices)
    assert sum(t.scores.values()) == 0
    while not t.over:
        events = t.apply(rnd.choice(t.legal_actions()))
        assert sum(t.scores.values()) == 0
        moved = sum(e.data["amount"] for e in events if e.kind == "payment")
        assert moved >= 0
    assert t.scores["pool"] >= 0 and len(t.record()["deals"]) == 4
    assert sorted(t.places()) == sorted(str(c) for c in PACK_52)
