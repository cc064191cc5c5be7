"""Solo Whist (003 "SOLO WHIST"; 002's Solo lines; rules §5): the auction, the contracts, the play, the stakes.

The worked auctions of 003 (rules §10 scenario 6) and the payment examples (scenarios 4 and 5) are here with
their exact figures; the laws' settlements (scenario 7) are in test_solo_laws.py, the bot and the terminal in
test_solo_bot.py.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import IllegalAction, InvalidDeal
from hoyle.cards import PACK_40, PACK_52, Card, format_cards, parse
from hoyle.rulebook.contracts import Auction, contract_value, format_money, payments, seat_by_cutting
from hoyle.rulebook.solo import (
    ABONDANCE,
    ABONDANCE_DECLAREE,
    ABONDANCE_IN_TRUMPS,
    CALLS,
    MISERE,
    MISERE_OUVERTE,
    PROPOSAL,
    SCALES,
    SOLO,
    general_misere_payments,
)

PENCE = SCALES["6-12-18"]
FOSTER = SCALES["foster"]
ALL_CALLS = [
    "call solo",
    "call misere",
    "call abondance",
    "call abondance in trumps",
    "call misere ouverte",
    "call abondance declaree",
]

# One deal for the auctions: each player holds a suit; D deals and turns the two of clubs, so A is eldest.
SUITED = {
    "A": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "B": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "C": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "D": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}


def table(
    hands: dict[str, str] = SUITED, *, dealer: str = "D", turned: str = "2C", seed: int = 1, **options: Any
) -> hoyle.Table:
    return hoyle.game("solo", **options).table(deal={"dealer": dealer, "turned": turned, "hands": hands}, seed=seed)


def legal(t: hoyle.Table) -> list[str]:
    return [str(a) for a in t.legal_actions()]


def say(t: hoyle.Table, *actions: str) -> None:
    for a in actions:
        t.apply(a)


def finish_deal(t: hoyle.Table, script: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """Play the deal in hand to its settlement: scripted cards where given, else the first lawful card."""
    n = len(t._deal_log)
    script = {s: list(cs) for s, cs in (script or {}).items()}
    while "result" not in t._deal_log[n - 1]:
        seat = t.to_act
        if script.get(seat):
            t.apply(f"play {script[seat].pop(0)}")
        else:
            t.apply(t.legal_actions()[0])
    return t._deal_log[n - 1]["result"]


# ---------------------------------------------------------------------------------------------- the calls


def test_003_calls_lowest_to_highest() -> None:
    # 003: "Recapitulating them in due order of value".
    assert [c.name for c in CALLS] == [
        "proposal",
        "solo",
        "misere",
        "abondance",
        "abondance in trumps",
        "misere ouverte",
        "abondance declaree",
    ]
    assert [c.rank for c in CALLS] == sorted(c.rank for c in CALLS)
    assert (PROPOSAL.tricks, SOLO.tricks, ABONDANCE.tricks, ABONDANCE_IN_TRUMPS.tricks, ABONDANCE_DECLAREE.tricks) == (
        8,
        5,
        9,
        9,
        13,
    )
    assert MISERE.misere and MISERE_OUVERTE.misere and MISERE.trumps == MISERE_OUVERTE.trumps == "none"
    assert MISERE_OUVERTE.exposed and not MISERE.exposed
    assert ABONDANCE.trumps == ABONDANCE_DECLAREE.trumps == "named" and ABONDANCE_IN_TRUMPS.trumps == "turned"
    assert ABONDANCE_DECLAREE.declarer_leads and not any(c.declarer_leads for c in CALLS[:-1])


# ---------------------------------------------------------------------------------------------- 003's auctions


def test_003_auction_eldest_having_passed_accepts_the_proposal() -> None:
    """003: "suppose the eldest hand passes, the second proposes, the third and fourth pass, and the eldest
    hand accepts, then ... A, B would be partners against C, D ... B following A to the first trick"."""
    t = table()
    assert t.to_act == "A"
    assert legal(t) == ["pass", "propose", *ALL_CALLS]
    t.apply("pass")
    assert t.to_act == "B" and legal(t) == ["pass", "propose", *ALL_CALLS]
    t.apply("propose")
    assert t.to_act == "C" and legal(t) == ["pass", "accept", *ALL_CALLS]
    t.apply("pass")
    assert t.to_act == "D" and legal(t) == ["pass", "accept", *ALL_CALLS]
    t.apply("pass")
    # Only the eldest hand, having passed, may still accept: nothing else is open to him.
    assert t.to_act == "A" and legal(t) == ["pass", "accept"]
    events = t.apply("accept")
    v = t.view(None)
    assert v["contract"]["call"] == "proposal" and sorted(v["contract"]["declarers"]) == ["A", "B"]
    assert v["contract"]["adversaries"] == ["C", "D"]
    assert v["phase"] == "play" and v["trumps"] == "C"  # the turned suit is trumps
    assert t.to_act == "A"  # the eldest hand leads; B follows A
    assert any(e.kind == "contract" for e in events)


def test_003_auction_calls_superseded_and_the_abondance_names_its_trumps() -> None:
    """003: "A proposed, B passed, C called misère, and the fourth player (D) called an abondance. The calls of A
    and C would be superseded, unless, indeed, A should call an abondance in trumps ... or C should call a misère
    ouverte ... We will assume that D's call of abondance was left unchallenged, and in that case he would then,
    but not before, announce the suit that he made trumps, and A, the player on his left, would lead"."""
    t = table()
    say(t, "propose", "pass", "call misere", "call abondance")
    assert t.to_act == "A"  # overcalled, the proposer may raise
    assert legal(t) == ["pass", "call abondance in trumps", "call misere ouverte", "call abondance declaree"]
    with pytest.raises(IllegalAction, match="nugatory"):
        t.apply("call solo")
    t.apply("pass")
    assert t.to_act == "C"  # B has passed and is not asked again
    assert legal(t) == ["pass", "call abondance in trumps", "call misere ouverte", "call abondance declaree"]
    t.apply("pass")
    v = t.view(None)
    assert v["phase"] == "trumps" and t.to_act == "D" and v["trumps"] is None  # not before the auction is over
    assert legal(t) == ["trumps C", "trumps D", "trumps H", "trumps S"]
    with pytest.raises(IllegalAction):
        t.apply("play AC")
    t.apply("trumps S")
    assert t.view(None)["trumps"] == "S" and t.to_act == "A"


def test_003_a_passed_player_makes_no_further_call() -> None:
    # 003: "(1) that no player, after having "passed," can make an independent call or a proposition".
    t = table()
    say(t, "pass", "call solo", "pass", "pass")
    assert t.view(None)["contract"]["declarers"] == ["B"]  # A, having passed, was not asked again
    t = table()
    say(t, "pass", "call solo", "call misere", "pass")
    assert t.to_act == "B"  # the overcalled caller; A is out
    with pytest.raises(IllegalAction):
        hoyle.game("solo").table(deal={"dealer": "D", "turned": "2C", "hands": SUITED}).apply("accept")


def test_003_the_dealers_proposal_can_be_accepted_only_by_the_eldest_hand() -> None:
    # 003: the dealer "may propose, in which case only the eldest hand can accept".
    t = table()
    say(t, "pass", "pass", "pass", "propose")
    assert t.to_act == "A" and legal(t) == ["pass", "accept"]
    t.apply("pass")
    # Nobody else may accept; the proposer may amend his call or pass (003 digest; rules §5 (d)).
    assert t.to_act == "D" and legal(t) == ["pass", *ALL_CALLS]
    events = t.apply("pass")
    assert any(e.kind == "thrown in" for e in events)


def test_003_a_second_i_propose_cannot_become_an_acceptance() -> None:
    # 003 digest: "the second declaration cannot be amended to an acceptance, but any other player may accept".
    t = table()
    t.apply("propose")
    assert legal(t) == ["pass", "accept", *ALL_CALLS]
    with pytest.raises(IllegalAction, match="second 'I propose'"):
        t.apply("propose")
    say(t, "pass", "accept", "pass")
    assert sorted(t.view(None)["contract"]["declarers"]) == ["A", "C"]


def test_003_an_overcalled_caller_may_skip_to_any_higher_call() -> None:
    # 003: "should he propose, or even accept, and be overcalled by a solo, he would be at liberty to at once
    # call an abondance declarée".
    t = table()
    say(t, "propose", "accept", "call solo", "pass")
    assert t.to_act == "A" and legal(t) == ["pass", *ALL_CALLS[1:]]
    t.apply("call abondance declaree")
    assert t.to_act == "B" and legal(t) == ["pass"]  # nothing is higher
    say(t, "pass", "pass")
    assert t.view(None)["phase"] == "trumps" and t.to_act == "A"
    t.apply("trumps S")
    assert t.to_act == "A"


def test_003_abondance_declaree_leads_from_the_callers_seat() -> None:
    # 003: "in the case of this declaration, and this only, he leads, wherever he may chance to sit".
    t = table()
    say(t, "pass", "call abondance declaree", "pass", "pass", "trumps H")
    assert t.to_act == "B" and t.view(None)["leader"] == "B"


def test_a_proposer_who_finds_no_acceptor_may_amend() -> None:
    # rules §5 (d): "a proposer who finds no acceptor may amend to solo" (FCH); 003 digest: "the original
    # proposer may amend his call to anything better".
    t = table()
    say(t, "propose", "pass", "pass", "pass")
    assert t.to_act == "A" and legal(t) == ["pass", *ALL_CALLS]
    t.apply("call solo")
    assert t.view(None)["contract"] == {**t.view(None)["contract"], "call": "solo", "declarers": ["A"]}


def test_auction_actions_accept_accents_and_the_books_spellings() -> None:
    t = table()
    say(t, "pass", "call misère", "call abundance", "pass")
    t.apply("call misère ouverte")
    assert t.view(None)["bid"] == {"call": "misere ouverte", "seat": "B", "partner": None}
    assert [b["said"] for b in t.view(None)["auction"]] == ["pass", "misere", "abondance", "pass", "misere ouverte"]


def test_three_players_have_no_proposal() -> None:
    # 003: "There is in this no proposal and acceptance, the solo being the lowest call."
    t = hoyle.game("solo", players=3).table(seed=4)
    assert legal(t) == ["pass", *ALL_CALLS]
    with pytest.raises(IllegalAction, match="no proposal"):
        t.apply("propose")


def test_the_auction_machine_for_boston_style_ladders() -> None:
    """contracts.Auction is configured, not copied: a ladder without a proposal, misères open after a pass."""
    low, high = SOLO, MISERE
    a = Auction(["A", "B", "C"], [low, high], after_pass=["misere"])
    a.say("pass")
    a.say("call", low)
    a.say("pass")
    assert a.to_speak == "A" and a.options() == [("pass", None), ("call", high)]  # only the misère after a pass
    a.say("pass")
    assert a.closed and a.result == (low, ("B",))


# ---------------------------------------------------------------------------------------------- the deal and views


def test_the_deal_in_threes_the_last_four_singly_the_turned_card_the_dealers() -> None:
    # 003: "dealt round ... three cards at a time, until there are only four remaining. Then these are dealt singly,
    # the last card being turned up as the trump, and being the property of the dealer."
    t = hoyle.game("solo").table(seed=11)
    order = parse(t._deal_log[-1]["order"])
    dealer = t._deal_log[-1]["dealer"]
    seats = t.view(None)["active"]
    assert seats[-1] == dealer
    first = seats[0]
    expected = order[0:3] + order[12:15] + order[24:27] + order[36:39] + (order[48],)
    held = set(t.view(first)["hand"])
    assert held == {str(c) for c in expected}
    turned = str(order[51])
    assert t.view(None)["turned"] == turned and t.places()[turned] == "turned"
    assert turned not in t.view(dealer)["hand"]  # it lies face up, seen by all, until the first trick is turned
    for s in seats:
        assert (turned in json.dumps(t.view(s))) and len(t.view(s)["hand"]) == (12 if s == dealer else 13)


def test_the_trump_card_lies_until_the_first_trick_is_turned_and_the_dealer_may_play_it() -> None:
    # 003 digest: "The trump card must be left exposed on the table until after the first trick is turned and
    # quitted, but the dealer may play it to the first trick if he can legally do so."
    hands = dict(SUITED)
    t = table(hands)
    say(t, "call solo", "pass", "pass", "pass")
    t.apply("play 2S")  # A leads a spade; B, C and the dealer have none
    t.apply("play 2H")
    t.apply("play 2D")
    assert t.view(None)["turned"] == "2C" and "play 2C" in legal(t)
    t.apply("play 2C")  # the dealer plays the turned card itself: it trumps the trick
    assert t.places()["2C"] == "quitted 1" and t.view(None)["turned"] is None
    t = table()
    say(t, "call solo", "pass", "pass", "pass", "play 2S", "play 2H", "play 2D", "play 3C")
    assert t.view(None)["turned"] is None and t.places()["2C"] == "hand D" and "2C" in t.view("D")["hand"]


def test_views_show_no_other_hand() -> None:
    t = hoyle.game("solo").table(seed=5)
    for seat in t.seats:
        mine = set(t.view(seat)["hand"])
        for other in t.seats:
            if other != seat:
                assert not mine & set(t.view(other)["hand"])
    assert "hand" not in t.view(None)


def test_misere_no_trumps_exposed_hand_and_no_last_trick() -> None:
    """Misère ouverte: no trumps (003: "the trump suit being annulled"), the caller's cards exposed once the
    first trick is turned (003), and no looking at the last trick (003 digest: "except a misère")."""
    hands = {
        "A": "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C",
        "B": "AS KS QS JS AH KH QH JH AD KD QD JD AC",
        "C": "TS 9S 8S 7S TH 9H 8H 7H TD 9D 8D 7D KC",
        "D": "6S 5S 6H 5H 6D 5D QC JC TC 9C 8C 7C 6C",
    }
    t = table(hands, turned="6C")
    say(t, "call misere ouverte", "pass", "pass", "pass")
    v = t.view(None)
    assert v["trumps"] is None and v["contract"]["misere"] and v["exposed"] == {}
    t.apply("play 2S")
    say(t, "play AS", "play TS", "play 6S")
    v = t.view("C")
    assert v["exposed"] == {"A": ["4S", "3S", "4H", "3H", "2H", "5C", "4C", "3C", "2C", "4D", "3D", "2D"]}
    assert all(t.places()[c] == "exposed A" for c in v["exposed"]["A"])
    assert v["last_trick"] is None and v["may_see_last_trick"] is False
    assert set(t.view("A")["hand"]) == set(v["exposed"]["A"])  # his own cards, though on the table
    result = finish_deal(t)
    assert result["won"] and result["made"] == 0
    assert t.scores == {"A": 72, "B": -24, "C": -24, "D": -24}  # misère ouverte: double a misère, 2s each (003)


def test_a_misere_is_defeated_directly_the_caller_takes_a_trick() -> None:
    # 003: "the misère having to be played right out to win, and being defeated directly the caller has to take
    # a trick"; rules §10 scenario 5: "misère lost → pays 3s total".
    t = table(seed=2)
    say(t, "call misere", "pass", "pass", "pass")
    events = t.apply("play AS")
    for _ in range(3):
        events = t.apply(t.legal_actions()[0])
    assert [e.kind for e in events][:2] == ["play", "trick"]
    assert any(e.kind == "result" and "loses the misère" in e.text for e in events)
    assert t._deal_log[0]["result"]["made"] == 1
    assert t.scores == {"A": -36, "B": 12, "C": 12, "D": 12}
    assert format_money(-t.scores["A"], "pence") == "3s"


# ---------------------------------------------------------------------------------------------- stakes (003)


def test_003_proposal_and_acceptance_stakes() -> None:
    """rules §10 scenario 4: partners take 8 → each +6d; 9 → +7d; 13 → +1s 4d each; 6 → each pays 8d."""
    assert contract_value(PROPOSAL, 8, PENCE).value == 6
    assert contract_value(PROPOSAL, 9, PENCE).value == 7
    slam = contract_value(PROPOSAL, 13, PENCE)
    assert slam.won and slam.value == 16 and format_money(slam.value, "pence") == "1s 4d" and slam.trick_price == 2
    lost = contract_value(PROPOSAL, 6, PENCE)
    assert not lost.won and lost.value == 8 and lost.under == 2
    # "It will be seen that they can each win the 6d. exactly, but if they lose they must lose 7d. each, or more."
    assert contract_value(PROPOSAL, 7, PENCE).value == 7
    # "A pays to or receives from C, and B pays to or receives from D."
    assert payments(contract_value(PROPOSAL, 9, PENCE), ["A", "B"], ["C", "D"]) == [("C", "A", 7), ("D", "B", 7)]
    assert payments(lost, ["A", "B"], ["C", "D"]) == [("A", "C", 8), ("B", "D", 8)]


def test_003_solo_stakes() -> None:
    """rules §10 scenario 5: a solo made with five earns 1s 6d; made with four it costs 1s 9d."""
    made = contract_value(SOLO, 5, PENCE)
    pays = payments(made, ["A"], ["B", "C", "D"])
    assert pays == [("B", "A", 6), ("C", "A", 6), ("D", "A", 6)]
    assert format_money(sum(p[2] for p in pays), "pence") == "1s 6d"
    lost = payments(contract_value(SOLO, 4, PENCE), ["A"], ["B", "C", "D"])
    assert lost == [("A", "B", 7), ("A", "C", 7), ("A", "D", 7)]
    assert format_money(sum(p[2] for p in lost), "pence") == "1s 9d"
    assert contract_value(SOLO, 7, PENCE).value == 8  # rules §5: seven tricks, each adversary pays 8d (2s in all)
    assert contract_value(SOLO, 13, PENCE).value == 6 + 8  # a solo's over-tricks are not doubled


def test_003_misere_stakes() -> None:
    # "The misère costs 1s., neither more nor less, therefore the caller risks losing 3s."
    assert contract_value(MISERE, 0, PENCE).value == 12 and contract_value(MISERE, 0, PENCE).won
    lost = contract_value(MISERE, 1, PENCE)
    assert not lost.won and lost.value == 12
    assert sum(p[2] for p in payments(lost, ["A"], ["B", "C", "D"])) == 36
    # "the misère ouverte is double the price of the ordinary misère"
    assert contract_value(MISERE_OUVERTE, 0, PENCE).value == 24


def test_003_abondance_stakes() -> None:
    """rules §10 scenario 5: "abondance 10 tricks with doubled over-tricks → 1s 8d from each; abondance with 8 →
    pays 1s 7d each"."""
    ten = contract_value(ABONDANCE, 10, PENCE, double_over=True)
    assert ten.won and format_money(ten.value, "pence") == "1s 8d"
    eight = contract_value(ABONDANCE, 8, PENCE, double_over=True)
    assert not eight.won and format_money(eight.value, "pence") == "1s 7d"  # under-tricks are not doubled
    assert contract_value(ABONDANCE, 10, PENCE).value == 19  # without the arrangement
    assert contract_value(ABONDANCE_IN_TRUMPS, 10, PENCE, double_over=True).value == 20  # "of the same money value"


def test_003_abondance_declaree_stakes() -> None:
    # "the abondance declarée double the price of the ordinary abondance. There are no under-tricks".
    assert contract_value(ABONDANCE_DECLAREE, 13, PENCE).value == 36
    lost = contract_value(ABONDANCE_DECLAREE, 12, PENCE)
    assert not lost.won and lost.value == 36 and lost.under == 0


def test_foster_counters_scale() -> None:
    """rules §5: "Foster: solo with 7 tricks → each adversary pays 2 red + 2 white" (one red is five white)."""
    v = contract_value(SOLO, 7, FOSTER)
    assert v.value == 12 and format_money(v.value, FOSTER.unit) == "2 red 2 white"
    base = {c.name: contract_value(c, c.tricks, FOSTER).value for c in CALLS if not c.misere}
    assert base == {"proposal": 5, "solo": 10, "abondance": 20, "abondance in trumps": 20, "abondance declaree": 40}
    assert contract_value(MISERE, 0, FOSTER).value == 15 and contract_value(MISERE_OUVERTE, 0, FOSTER).value == 30


def test_the_shilling_scale() -> None:
    # 003: "or you can make them 1s., 2s., and 3s. respectively, with 3d. each for over-tricks".
    scale = SCALES["1s-2s-3s"]
    assert contract_value(SOLO, 6, scale).value == 15 and contract_value(MISERE, 0, scale).value == 24
    assert contract_value(ABONDANCE, 9, scale).value == 36


def test_general_misere_payments() -> None:
    # 003: "the player who takes the last or thirteenth trick pays an agreed stake, equal as a rule to the stake of
    # a solo, to each of his adversaries"; rules §5: EB1911, "the player who takes the most tricks".
    tricks = {"A": 5, "B": 3, "C": 3, "D": 2}
    assert general_misere_payments(tricks, "D", 6)[0] == [("D", "A", 6), ("D", "B", 6), ("D", "C", 6)]
    assert general_misere_payments(tricks, "D", 6, pays="most tricks")[0] == [
        ("A", "B", 6),
        ("A", "C", 6),
        ("A", "D", 6),
    ]
    tied = general_misere_payments({"A": 4, "B": 4, "C": 3, "D": 2}, "C", 6, pays="most tricks")[0]
    assert tied == [("A", "C", 6), ("A", "D", 6), ("B", "C", 6), ("B", "D", 6)]


# ---------------------------------------------------------------------------------------------- played to settlement

SOLO_FIVE = {
    "A": "AS KS QS JS TS 2H 3H 4H 2D 3D 4D 2C 3C",
    "B": "9S 8S 7S AH KH QH JH AD KD QD AC KC QC",
    "C": "6S 5S 4S TH 9H 8H JD TD 9D 8D JC TC 9C",
    "D": "3S 2S 7H 6H 5H 7D 6D 5D 8C 7C 6C 5C 4C",
}


def test_a_solo_made_with_five_is_paid_one_and_six() -> None:
    t = table(SOLO_FIVE, turned="2S")
    say(t, "call solo", "pass", "pass", "pass")
    events_before = len(t.events)
    result = finish_deal(t)
    assert result["made"] == 5 and result["won"]
    assert result["payments"] == [["B", "A", 6], ["C", "A", 6], ["D", "A", 6]]
    assert t.scores == {"A": 18, "B": -6, "C": -6, "D": -6} and format_money(t.scores["A"], "pence") == "1s 6d"
    payments_logged = [e.data for e in t.events[events_before:] if e.kind == "payment"]
    assert payments_logged == [{"payer": p, "payee": q, "amount": n} for p, q, n in result["payments"]]


def test_a_proposal_slam_is_paid_double_over_tricks() -> None:
    hands = {
        "A": "AH KH QH JH TH 9H 8H AS KS QS AD KD AC",
        "B": "JS TS 9S 8S 7S QD JD TD 9D KC QC JC TC",
        "C": "7H 6H 5H 6S 5S 4S 8D 7D 6D 9C 8C 7C 6C",
        "D": "4H 3H 2H 3S 2S 5D 4D 3D 2D 5C 4C 3C 2C",
    }
    t = table(hands, turned="2H")
    say(t, "propose", "accept", "pass", "pass")
    result = finish_deal(t, {"A": ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "AS", "KS", "QS", "AD", "KD", "AC"]})
    assert result["made"] == 13
    assert t.scores == {"A": 16, "B": 16, "C": -16, "D": -16}  # 1s 4d to each partner, A from C, B from D


def test_an_abondance_declaree_made_and_beaten_by_its_first_lost_trick() -> None:
    t = table()
    say(t, "pass", "call abondance declaree", "pass", "pass", "trumps H")
    finish_deal(t)
    assert t.scores == {"A": -36, "B": 108, "C": -36, "D": -36}  # 3s from each
    hands = dict(SUITED, B="AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S", A="AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H")
    t = table(hands)
    say(t, "pass", "call abondance declaree", "pass", "pass", "trumps H")
    events = []
    for card in ("2S", "2D", "3C", "3S"):  # B leads his spade and A wins the trick with the three
        events = t.apply(f"play {card}")
    assert any(e.kind == "result" for e in events) and t._deal_log[0]["result"]["made"] == 0
    assert t.scores == {"A": 36, "B": -108, "C": 36, "D": 36}


def test_abondance_with_doubled_over_tricks_and_abondance_in_trumps_played_out() -> None:
    # 003: abondance "making whatever suit he likes trumps"; over-tricks doubled by arrangement; "An abondance in
    # trumps is of the same money value as another abondance".
    t = table(abondance_double_over=True)
    say(t, "pass", "call abondance", "pass", "pass", "trumps H")
    result = finish_deal(t)
    assert result["made"] == 13 and result["trumps"] == "H"
    assert t.scores == {"A": -26, "B": 78, "C": -26, "D": -26}  # 1s 6d and four over-tricks at 2d, from each
    t = table()
    say(t, "pass", "pass", "pass", "call abondance in trumps")
    assert t.view(None)["phase"] == "play" and t.view(None)["trumps"] == "C" and t.to_act == "A"
    finish_deal(t)
    assert t.scores == {"A": -22, "B": -22, "C": -22, "D": 66}


def test_the_general_misere_when_all_pass() -> None:
    t = hoyle.game("solo", general_misere=True).table(seed=9)
    for _ in range(4):
        t.apply("pass")
    v = t.view(None)
    assert v["contract"]["call"] == "general misere" and v["trumps"] is None and t.to_act == v["eldest"]
    n = len(t._deal_log)
    while "result" not in t._deal_log[n - 1]:
        t.apply(t.legal_actions()[0])
    result = t._deal_log[n - 1]["result"]
    last = result["last"]
    assert result["payments"] == [[last, s, 6] for s in v["active"] if s != last]
    assert t.scores[last] == -18


def test_thrown_in_when_all_pass_and_the_next_deals() -> None:
    t = hoyle.game("solo").table(seed=9)
    dealer = t.view(None)["dealer"]
    events = []
    for _ in range(4):
        events = t.apply("pass")
    assert any(e.kind == "thrown in" for e in events)
    assert t.view(None)["dealer"] == "ABCD"[("ABCD".index(dealer) + 1) % 4]
    assert t.scores == dict.fromkeys("ABCD", 0)


# ---------------------------------------------------------------------------------------------- three and five players


def test_three_players_forty_cards_the_fortieth_turned_belongs_to_nobody() -> None:
    # 003: "throw out the twos, threes, and fours ... and to turn up the fortieth card as trump, but not regarding
    # that card as belonging to any individual. The tricks, of course, consist of three cards each."
    t = hoyle.game("solo", players=3).table(seed=2)
    places = t.places()
    assert set(places) == {str(c) for c in PACK_40}
    turned = t.view(None)["turned"]
    assert places[turned] == "turned" and t.view(None)["turned_owner"] is None
    assert all(len(t.view(s)["hand"]) == 13 for s in "ABC")
    say(t, "call solo", "pass", "pass")
    for _ in range(3):
        t.apply(t.legal_actions()[0])
    assert sum(1 for p in t.places().values() if p == "quitted 1") == 3
    assert t.places()[turned] == "pack" and t.view(None)["turned"] is None


def test_three_players_three_suits() -> None:
    # 003: "The other plan is to play with three suits only, leaving the fourth suit out altogether."
    t = hoyle.game("solo", players=3, three_hand_pack="no clubs").table(seed=2)
    assert len(t.places()) == 39 and not any(c.endswith("C") for c in t.places())
    say(t, "call abondance", "pass", "pass")
    assert legal(t) == ["trumps D", "trumps H", "trumps S"]


def test_three_hand_given_deal() -> None:
    pack = [str(c) for c in sorted(PACK_40)]
    hands = {"A": " ".join(pack[0:13]), "B": " ".join(pack[13:26]), "C": " ".join(pack[26:39])}
    t = hoyle.game("solo", players=3).table(deal={"dealer": "C", "turned": pack[39], "hands": hands}, seed=1)
    assert set(t.view("A")["hand"]) == set(pack[0:13]) and t.view(None)["turned"] == pack[39]
    with pytest.raises(InvalidDeal, match="nobody"):
        bad = dict(hands, A=" ".join([*pack[1:13], pack[39]]))
        hoyle.game("solo", players=3).table(deal={"dealer": "C", "turned": pack[39], "hands": bad})


def test_five_players_the_dealers_right_sits_out() -> None:
    # 003: "one man stands out every round, the person chosen being he who sits to the dealer's right. The person
    # standing out neither pays nor receives on that round."
    t = hoyle.game("solo", players=5).table(seed=3)
    for _ in range(5):
        v = t.view(None)
        dealer = v["dealer"]
        out = "ABCDE"[("ABCDE".index(dealer) - 1) % 5]
        assert v["out"] == out and out not in v["active"] and len(v["active"]) == 4
        assert "hand" not in t.view(out) and not any(p == f"hand {out}" for p in t.places().values())
        before = t.scores[out]
        deal = len(t._deal_log)
        while not t.over and len(t._deal_log) == deal:
            assert t.to_act != out
            t.apply(t.legal_actions()[-1] if t.view(None)["phase"] == "auction" else t.legal_actions()[0])
        assert t.scores[out] == before
    assert t.over and sum(t.scores.values()) == 0


def test_five_hand_given_deal_holds_no_cards_for_the_player_out() -> None:
    hands = dict(SUITED)
    hands = {"E": hands["A"], "A": hands["B"], "B": hands["C"], "D": hands["D"]}
    t = hoyle.game("solo", players=5).table(deal={"dealer": "D", "turned": "2C", "hands": hands}, seed=1)
    assert t.view(None)["out"] == "C" and t.view(None)["active"] == ["E", "A", "B", "D"]
    with pytest.raises(InvalidDeal, match="sits out"):
        hoyle.game("solo", players=5).table(deal={"dealer": "D", "turned": "2C", "hands": {**hands, "C": "3C"}})


# ---------------------------------------------------------------------------------------------- the sitting


def test_a_sitting_is_one_round_unless_deals_is_given() -> None:
    for players in (3, 4, 5):
        t = hoyle.game("solo", players=players).table(seed=players)
        dealers = []
        while not t.over:
            if t.view(None)["dealer"] not in dealers[-1:]:
                dealers.append(t.view(None)["dealer"])
            t.apply(random.Random(len(t.actions)).choice(t.legal_actions()))
        assert len(t._deal_log) == players and sorted(dealers) == sorted("ABCDE"[:players])
    t = hoyle.game("solo", deals=6).table(seed=1)
    while not t.over:
        t.apply(t.legal_actions()[0])
    assert len(t._deal_log) == 6


def test_seating_by_cutting_002_s2() -> None:
    """002 §2 (Solo): "the lowest has the choice of seats and cards, and the two highest sit opposite each other";
    equal cuts where they matter are cut again (002 §3)."""
    cuts = iter([{"w": "QS", "x": "JC", "y": "KH", "z": "JD"}, {"x": "2S", "z": "QD"}])

    def cutter(names: Any) -> dict[str, Card]:
        return {n: Card.from_text(c) for n, c in next(cuts).items()}

    seating = seat_by_cutting(["w", "x", "y", "z"], "ABCD", cutter)
    assert seating.dealer == "D" and seating.players == {"A": "w", "B": "z", "C": "y", "D": "x"}
    assert len(seating.rounds) == 2


def test_given_deal_errors() -> None:
    with pytest.raises(InvalidDeal, match="thirteen"):
        table(dict(SUITED, A="AS KS"))
    with pytest.raises(InvalidDeal, match="dealer's"):
        table(turned="2S")
    with pytest.raises(InvalidDeal, match="twice"):
        table(dict(SUITED, A="AH KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))


def test_record_and_replay_of_a_sitting_with_bots() -> None:
    from hoyle.bots import make

    for opts in ({}, {"players": 3}, {"players": 5, "general_misere": True}):
        t = hoyle.game("solo", **opts).table(seed=21)
        bots = {s: make("rules", "solo", seed=i) for i, s in enumerate(t.seats)}
        while not t.over:
            t.apply(bots[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
        rec = t.record()
        assert hoyle.replay(json.loads(json.dumps(rec))).record() == rec


def test_clone_plays_on_independently() -> None:
    t = hoyle.game("solo", players=3).table(seed=4)
    say(t, "call solo", "pass", "pass")
    for _ in range(10):
        t.apply(t.legal_actions()[0])
    c = t.clone()
    assert c.record() == t.record()
    c.apply(c.legal_actions()[0])
    assert c.record() != t.record()


def test_unknown_options_and_player_counts() -> None:
    with pytest.raises(hoyle.UnknownOption):
        hoyle.game("solo", players=6)
    with pytest.raises(hoyle.UnknownOption):
        hoyle.game("solo", stakes="guineas")
    with pytest.raises(ValueError, match="needs 3"):
        hoyle.game("solo", players=3).table(players=["a", "b", "c", "d"])


# ---------------------------------------------------------------------------------------------- the ledger


@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    players=st.sampled_from([3, 4, 5]),
    general=st.booleans(),
    stakes=st.sampled_from(sorted(SCALES)),
    double=st.booleans(),
)
@settings(max_examples=25, deadline=None, derandomize=True)
def test_the_ledger_sums_to_nothing_after_every_action(
    seed: int, choices: int, players: int, general: bool, stakes: str, double: bool
) -> None:
    """One ledger (design.md): the money never changes in sum, and each deal's payments are its events."""
    t = hoyle.game("solo", players=players, general_misere=general, stakes=stakes, abondance_double_over=double).table(
        seed=seed
    )
    rnd = random.Random(choices)
    before = dict(t.scores)
    while not t.over:
        events = t.apply(rnd.choice(t.legal_actions()))
        assert sum(t.scores.values()) == 0
        moved = {s: 0 for s in t.seats}
        for e in events:
            if e.kind == "payment":
                moved[e.data["payer"]] -= e.data["amount"]
                moved[e.data["payee"]] += e.data["amount"]
        assert {s: t.scores[s] - before[s] for s in t.seats} == moved
        before = dict(t.scores)


def test_pack_order_of_a_given_deal_is_recorded() -> None:
    t = table(SOLO_FIVE, turned="2S")
    order = parse(t._deal_log[0]["order"])
    assert sorted(order) == sorted(PACK_52) and format_cards(order[-1:]) == "2S"
