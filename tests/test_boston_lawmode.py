"""Law mode at the Boston table: 002 §8-39 with their Boston lines (docs/boston.md, "The laws").

Each test builds its situation from a given deal, commits the irregularity as an action (``"C: play KH"`` out of
turn, a renounce ``"play AH"``) and checks the ruling (the law it names) and the counters to the white counter.  Every
scenario also checks that each card is in one place, that the counters (seats and pool) sum to nothing, and that the
record replays to the same record.  The property test at the end injects random irregular acts into random sittings.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import Event, IllegalAction
from hoyle.laws.boston import RULES, LawBostonTable

# A holds six top trumps (hearts, first preference) and seven low spades; D holds every club.
SIX = {
    "A": "AH KH QH JH TH 9H 2S 3S 4S 5S 6S 7S 8S",
    "B": "8H 7H 6H 5H 4H 3H 2H 9S TS AD KD QD JD",
    "C": "JS QS KS AS TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "D": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}
# A holds the low cards of every suit: a grand misère.
MISERE = {
    "A": "2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C",
    "B": "AS KS QS JS AH KH QH 5D 6D 7D 4C 5C 6C",
    "C": "TS 9S 8S 7S JH TH 9H 8D 9D TD 7C 8C 9C",
    "D": "6S AD KD QD JD 6H 7H 8H TC JC QC KC AC",
}
# All pass: a misère partout (rules §10 scenario 18's hands).
PARTOUT = {
    "A": "AS KS QS JS 2H 3H 4H 5H 2D 3D 4D 2C 3C",
    "B": "2S 3S 4S AH KH QH 5D 6D 7D 4C 5C 6C 7C",
    "C": "5S 6S 7S AD KD QD 8D 6H 7H 8H 8C 9C TC",
    "D": "8S 9S TS AC KC QC JC 9H TH JH 9D TD JD",
}
SIX_FIRST = ("bid 6 first", "pass", "pass", "pass")  # A plays six in first preference (hearts) against B, C and D
GRAND_MISERE = ("bid grand misere", "pass", "pass", "pass")
ALL_PASS = ("pass", "pass", "pass", "pass")


def law(hands: dict[str, str], *, dealer: str = "D", turned: str = "5H", **options: Any) -> hoyle.Table:
    t = hoyle.game("boston", irregularities=True, **options).table(
        deal={"dealer": dealer, "turned": turned, "hands": hands}, seed=1
    )
    assert isinstance(t, LawBostonTable)
    return t


def say(t: hoyle.Table, *actions: str) -> list[Event]:
    events: list[Event] = []
    for a in actions:
        events += t.apply(a)
    return events


def rulings(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "ruling"]


def legal(t: hoyle.Table) -> list[str]:
    return [str(a) for a in t.legal_actions()]


def paid(events: list[Event]) -> list[tuple[str, str, int]]:
    return [(e.data["payer"], e.data["payee"], e.data["amount"]) for e in events if e.kind == "payment"]


def check(t: hoyle.Table) -> None:
    """Every card in one place, the counters conserved, the record replayed to itself."""
    assert len(t.places()) == 52
    assert sum(t.scores.values()) == 0
    assert hoyle.replay(t.record()).record() == t.record()


# ---------------------------------------------------------------------------------------------- strict mode


def test_strict_boston_is_untouched_by_law_mode() -> None:
    t = hoyle.game("boston").table(deal={"dealer": "D", "turned": "5H", "hands": SIX}, seed=1)
    assert type(t).__name__ == "BostonTable"
    say(t, *SIX_FIRST)
    with pytest.raises(IllegalAction, match="law mode only"):
        t.apply("C: play AS")


def test_law_mode_takes_the_strict_tables_other_words_for_a_bid() -> None:
    t = law(SIX)
    say(t, "bid six in first preference", "pass", "pass", "pass")
    assert t.view(None)["contract"]["call"] == "6 first" and t.to_act == "A"
    check(t)


def test_the_remedies_table_names_a_boston_law_for_every_offence() -> None:
    for (key, who), rule in RULES.items():
        assert rule.laws and rule.text, (key, who)
        for _, cited in rule.options():
            assert cited.startswith("002") or cited == "rules §4", (key, who)  # rules §4: FCH p.167's misère line


# ---------------------------------------------------------------------------------------------- revokes (§28-33)


def test_002_30_boston_the_bidder_revokes_put_in_for_one_trick_and_four_red_to_the_next_pool() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C", "play KS", "play 3C")
    say(t, "play AH")  # A holds spades: a renounce in error, taken as a fact (002 §28)
    say(t, "play TS", "play KH")  # A leads to the next trick: the revoke is established
    events = t.apply("B: claim revoke")
    r = rulings(events)
    assert r[0].law == ["002 §32", "002 §31 Boston"] and "A renounced spades in trick 2" in r[0].text
    head = next(e for e in events if e.kind == "result")
    assert "put in for one trick" in head.text and head.law == ["002 §30 Boston", "002 §31 Boston"]
    # put in for one at six: 15 to each adversary; the pool (10) doubled; 40 more into the next pool
    assert paid(events)[:5] == [("A", "B", 15), ("A", "C", 15), ("A", "D", 15), ("A", "pool", 10), ("A", "pool", 40)]
    assert t.view(None)["last_result"]["scores"] == {"A": -95, "B": 15, "C": 15, "D": 5, "pool": 60}
    # the next deal's pool holds the four red counters, and A's stake as the next dealer
    assert t.view(None)["deal"] == 2 and t.view(None)["pool"] == 70
    check(t)


def test_002_28_a_renounce_is_a_plain_play_of_the_seat_to_act() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S")
    assert "play AD" in [str(a) for a in t.irregular_actions("B")] and "play AD" not in legal(t)
    with pytest.raises(IllegalAction, match=r"B does not hold"):
        t.apply("play AS")  # not his card: no act at all, refused, nothing changes
    assert t.to_act == "B" and t.places()["AD"] == "hand B"
    say(t, "play AD")  # B holds spades: a renounce in error, taken as a fact (002 §28); nobody is told
    assert t.record()["actions"][-1] == "play AD" and t.places()["AD"] == "trick"
    assert not rulings(t.events[-2:])
    check(t)


def test_002_30_boston_an_adversary_revokes_pays_four_red_and_all_pay_as_if_successful() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "B: play AD")  # B holds 9S TS: a renounce in error
    say(t, "play AS", "play 2C", "play KS", "play 3C", "play 3S", "play TS", "play QS", "play 4C", "play 4S")
    events = t.apply("A: claim revoke")
    assert "B renounced spades in trick 1" in rulings(events)[0].text
    head = next(e for e in events if e.kind == "result")
    assert "as if he had been successful" in head.text
    # six as bid: 15 from each adversary (none taken yet), the pool (10) to A, 40 from B to the next pool
    assert paid(events)[:5] == [("B", "A", 15), ("C", "A", 15), ("D", "A", 15), ("pool", "A", 10), ("B", "pool", 40)]
    assert t.view(None)["last_result"]["scores"] == {"A": 55, "B": -55, "C": -15, "D": -25, "pool": 40}
    check(t)


def test_002_30_boston_a_revoke_in_misere_partout_five_red_to_each() -> None:
    t = law(PARTOUT)
    say(t, *ALL_PASS, "play AS", "B: play 4C")  # B holds spades
    say(t, "play 5S", "play 8S", "play KS")
    events = t.apply("C: claim revoke")
    head = next(e for e in events if e.kind == "result")
    assert "Misère partout: B revoked" in head.text and "002 §30" in head.text
    assert paid(events)[:4] == [("B", "A", 50), ("B", "C", 50), ("B", "D", 50), ("B", "pool", 40)]
    check(t)


def test_002_32_33_boston_a_revoke_claimed_at_the_end_of_the_hand_is_searched() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "B: play AD", "play AS", "play 2C")  # B renounces, holding spades
    while t.view(None)["phase"] == "play":
        t.apply(t.legal_actions()[0])
    assert t.view(None)["phase"] == "claims"
    # each side whose adversaries renounced may claim (A ruffed spades: the adversaries may claim against him too)
    assert legal(t) == ["claim revoke", "waive"]
    while t.to_act != "A":
        say(t, "waive")
    say(t, "claim revoke")
    events = t.apply("search tricks")
    assert rulings(events)[0].data["revokes"] == {"B": 1}
    assert paid(events)[:5][-1] == ("B", "pool", 40)
    check(t)


def test_002_32_boston_a_claim_the_tricks_do_not_bear_out_is_refused() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C", "play KS")
    events = t.apply("A: claim revoke")  # D renounced, but held no spade
    assert rulings(events)[0].data["remedy"] == "refused"
    assert t.view(None)["phase"] == "play" and t.to_act == "D"
    check(t)


# ---------------------------------------------------------------------------------------------- corrected (§29)


def test_002_29_boston_the_bidder_corrects_in_time_no_adversary_after_him_no_penalty() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C", "play KS", "play 3C", "A: play AH")
    events = t.apply("A: correct")
    r = rulings(events)[0]
    assert r.law == ["002 §28", "002 §29 Boston"] and "no penalty" in r.text
    assert t.to_act == "A" and t.places()["AH"] == "hand A"
    say(t, "play 3S")
    check(t)


def test_002_29_boston_the_bidder_corrects_after_an_adversary_played_his_card_may_be_claimed_exposed() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C", "play KS", "play 3C", "A: play AH", "play TS")
    events = t.apply("A: correct")
    assert "may be claimed as exposed" in rulings(events)[0].text
    assert t.places()["TS"] == "hand B"  # the player who followed him may amend his play
    assert t.view(None)["decision"]["key"] == "renounce corrected" and t.to_act in ("B", "C", "D")
    assert legal(t) == ["call card AH", "waive"]
    events = t.apply("call card AH")
    assert rulings(events)[0].law == "002 §29 Boston"
    assert t.places()["AH"] == "exposed A" and t.view("C")["exposed"]["A"] == ["AH"]
    assert t.to_act == "A" and "play AH" not in legal(t)  # he must follow suit
    check(t)


def test_002_29_boston_an_adversary_corrects_the_bidder_calls_for_his_lowest() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "B: play AD")
    events = t.apply("B: correct")
    assert "the bidder may claim the ace of diamonds as exposed" in rulings(events)[0].text
    assert t.to_act == "A" and legal(t) == ["call card AD", "require highest", "require lowest", "waive"]
    say(t, "require lowest")
    assert t.to_act == "B" and legal(t) == ["play 9S"]
    say(t, "play 9S")
    check(t)


def test_002_29_boston_an_adversary_corrects_the_bidder_claims_the_card_exposed() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "B: play AD", "B: correct", "call card AD")
    assert t.places()["AD"] == "exposed B" and t.view("A")["exposed"]["B"] == ["AD"]
    check(t)


# ---------------------------------------------------------------------------------------------- leads out of turn (§24)


def test_002_24_boston_an_adversary_leads_out_of_turn_the_bidder_calls_a_suit_from_the_rightful_leader() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C")  # C won: C is to lead
    events = t.apply("D: play AC")
    r = rulings(events)[0]
    assert r.law == "002 §24 Boston" and t.to_act == "A"
    assert legal(t) == ["call suit", "call card AC", "waive"]
    say(t, "call suit")
    assert t.places()["AC"] == "hand D"  # taken back
    assert t.to_act == "A" and t.view(None)["decision"]["key"] == "call suit"
    assert legal(t) == ["call suit C", "call suit D", "call suit H", "call suit S", "waive"]
    say(t, "call suit D")
    assert t.to_act == "C" and all(a.startswith("play ") and a.endswith("D") for a in legal(t))
    check(t)


def test_002_24_boston_an_adversary_leads_when_the_bidder_was_to_lead_a_suit_when_they_next_lead() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST)
    say(t, "B: play AD")  # A, the bidder, was to lead
    say(t, "call suit")
    assert t.to_act == "A" and t.view(None)["decision"] is None  # the right waits for the adversaries' lead
    say(t, "play 2S", "play 9S", "play AS", "play 2C")
    assert t.view(None)["decision"]["key"] == "call suit" and t.to_act == "A"
    say(t, "call suit H")
    assert t.to_act == "C" and legal(t) == [
        f"play {c}" for c in ("2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JS", "QS", "KS")
    ]
    check(t)  # C holds no heart: no penalty can be enforced (002 §24)


def test_002_24_boston_an_adversary_leads_out_of_turn_the_bidder_claims_the_card_as_exposed() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "B: play AD", "call card AD")
    assert t.places()["AD"] == "exposed B" and t.to_act == "A"
    check(t)


def test_002_24_boston_once_the_bidder_has_played_to_the_false_lead_it_stands() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C")
    say(t, "B: play AD", "waive")  # the bidder plays on: the error cannot be rectified
    assert t.view(None)["trick"][0] == {"seat": "B", "card": "AD"} and t.to_act == "C"
    check(t)


def test_002_24_boston_in_a_misere_an_adversary_leading_out_of_turn_loses_the_game() -> None:
    t = law(MISERE)
    say(t, *GRAND_MISERE)
    events = t.apply("C: play TS")
    assert rulings(events)[0].law == "002 §24 Boston" and t.to_act == "A"
    assert legal(t) == ["claim the stakes", "waive"]
    events = t.apply("claim the stakes")
    # grand misère: 40 from each adversary, the pool (10) to A, and C 40 to the next pool (rules §4)
    assert paid(events)[:5] == [("B", "A", 40), ("C", "A", 40), ("D", "A", 40), ("pool", "A", 10), ("C", "pool", 40)]
    assert t.view(None)["last_result"]["won"] is True
    check(t)


def test_002_24_boston_the_bidder_leads_out_of_turn_and_his_left_hand_player_follows_it_stands() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C")  # C is to lead
    events = t.apply("A: play KH")
    assert rulings(events)[0].law == ["002 §24 Boston", "002 §20 Boston"]
    assert legal(t) == ["take back", "waive"]
    events = t.apply("waive")
    text = rulings(events)[0].text
    assert "on the bidder's left, follows" in text and "cannot be corrected" in text
    assert t.view(None)["trick"][0] == {"seat": "A", "card": "KH"} and t.to_act == "B"
    check(t)


def test_002_24_boston_the_bidder_leads_out_of_turn_the_player_on_his_left_decides_by_following() -> None:
    """002 §24 Boston: "Should the bidder lead out of turn, and the player on his left follow the erroneous lead, the
    error cannot be corrected": the choice is the left-hand player's (B's, A being the bidder), who is next to play,
    not the right-hand adversary's (D's), and the ruling names the seat that followed."""
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C")  # C is to lead
    t.apply("A: play KH")
    assert t.to_act == "B" and t.view(None)["decision"]["seat"] == "B" and legal(t) == ["take back", "waive"]
    events = t.apply("waive")
    r = rulings(events)[0]
    assert r.seat == "A" and "B, on the bidder's left, follows A's erroneous lead" in r.text
    assert t.to_act == "B" and t.view(None)["trick"] == [{"seat": "A", "card": "KH"}]
    check(t)


def test_rules_4_an_adversary_of_a_misere_exposing_a_card_the_bidder_may_claim_the_stakes() -> None:
    """rules §4 (FCH p.167): "Any lead/play out of turn or exposure by an adversary of a misère bidder -> bidder
    immediately wins pool and stakes (offender usually pays 4 red to next pool)"."""
    t = law(MISERE)
    say(t, *GRAND_MISERE)
    events = t.apply("B: expose AS")
    assert "rules §4" in rulings(events)[0].law and t.to_act == "A"
    assert legal(t) == ["claim the stakes", "waive"]
    events = t.apply("claim the stakes")
    assert paid(events)[:5] == [("B", "A", 40), ("C", "A", 40), ("D", "A", 40), ("pool", "A", 10), ("B", "pool", 40)]
    head = next(e for e in events if e.kind == "result")
    assert head.law == ["002 §21 Boston", "rules §4"] and t.view(None)["last_result"]["won"] is True
    check(t)


def test_rules_4_the_misere_bidder_waiving_the_stakes_the_exposed_card_stays_liable() -> None:
    t = law(MISERE)
    say(t, *GRAND_MISERE, "B: expose AS", "waive")
    assert t.to_act == "A" and t.places()["AS"] == "exposed B" and t.view(None)["calls"] == {"B": {"liable": ["AS"]}}
    check(t)


def test_002_24_boston_the_bidder_leads_out_of_turn_the_card_taken_back_without_penalty() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C", "A: play KH")
    events = t.apply("take back")
    assert "no penalty" in rulings(events)[0].text
    assert t.places()["KH"] == "hand A" and t.to_act == "C" and t.scores["A"] == 0
    check(t)


def test_002_24_boston_no_penalty_for_leading_out_of_turn_in_misere_partout() -> None:
    t = law(PARTOUT)
    events = say(t, *ALL_PASS, "C: play 5S")
    assert "no penalty for leading out of turn in misère partout" in rulings(events)[0].text
    assert t.view(None)["decision"] is None and t.to_act == "D"
    check(t)


# ---------------------------------------------------------------------------------------------- plays out of turn (§26)


def test_002_26_boston_an_adversary_plays_out_of_turn_the_bidder_calls_for_the_lowest() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S")
    events = t.apply("C: play AS")  # before B
    assert rulings(events)[0].law == "002 §26 Boston" and t.to_act == "A"
    assert legal(t) == ["require highest", "require lowest", "require win", "require not win", "waive"]
    say(t, "require lowest")
    assert t.to_act == "B" and legal(t) == ["play 9S"]
    say(t, "play 9S")
    assert t.to_act == "D" and t.view(None)["trick"][-1] == {"seat": "C", "card": "AS"}
    check(t)


def test_002_26_boston_in_a_misere_an_adversary_playing_out_of_turn_the_bidder_claims_the_stakes() -> None:
    t = law(MISERE)
    say(t, *GRAND_MISERE, "play 2S")
    say(t, "D: play 6S")  # before B and C
    assert legal(t) == ["claim the stakes", "waive"]
    events = t.apply("claim the stakes")
    assert paid(events)[:5] == [("B", "A", 40), ("C", "A", 40), ("D", "A", 40), ("pool", "A", 10), ("D", "pool", 40)]
    check(t)


def test_002_38_a_call_not_complied_with_bears_the_penalty_of_a_revoke() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "C: play AS", "require lowest")
    assert legal(t) == ["play 9S"]
    say(t, "B: play TS")  # not his lowest: he fails to comply with a lawful call
    say(t, "play 2C")  # D; C's card goes in its turn, and C wins
    events = t.apply("A: claim revoke")
    assert "B failed to comply with a call in trick 1 (002 §38)" in rulings(events)[0].text
    assert paid(events)[:5] == [("B", "A", 15), ("C", "A", 15), ("D", "A", 15), ("pool", "A", 10), ("B", "pool", 40)]
    check(t)


# ---------------------------------------------------------------------------------------------- exposed cards (§20-21)


def _spades_out(t: hoyle.Table) -> None:
    """Three rounds of spades, C winning each: B is void in spades at the third.  With a card of B's exposed the
    bidder is asked at each of B's turns (002 §21: "The call may be repeated at each trick"); he waives the first
    two."""
    say(
        t,
        "play 2S",
        "waive",
        "play 9S",
        "play AS",
        "play 2C",
        "play KS",
        "play 3C",
        "play 3S",
        "waive",
        "play TS",
        "play QS",
        "play 4C",
        "play 4S",
    )


def test_002_21_boston_the_call_offered_does_not_tell_the_bidder_whether_the_owner_can_follow() -> None:
    """The bidder's choices on an exposed card are made before its owner plays, on what the table can see: the same
    choices whether B still holds the suit led (first round of spades) or is void (third round), so that the
    decision does not reveal B's concealed hand."""
    t = law(SIX)
    say(t, *SIX_FIRST, "B: expose 2H", "play 2S")
    assert t.to_act == "A" and t.places()["9S"] == "hand B"  # B holds spades
    first = legal(t)
    say(
        t,
        "waive",
        "play 9S",
        "play AS",
        "play 2C",
        "play KS",
        "play 3C",
        "play 3S",
        "waive",
        "play TS",
        "play QS",
        "play 4C",
        "play 4S",
    )
    assert not any(w.startswith("hand B") and c.endswith("S") for c, w in t.places().items())  # B is void
    assert first == legal(t) == ["call card 2H", "forbid card 2H", "waive"]
    say(t, "call card 2H")  # he cannot follow: he must ruff with it
    assert legal(t) == ["play 2H"]
    check(t)


def test_002_21_boston_a_call_the_owner_cannot_obey_does_not_bite() -> None:
    """The exposed trump called while its owner holds the suit led: he must follow suit (002 §21: "provided he can
    do so without revoking")."""
    t = law(SIX)
    say(t, *SIX_FIRST, "B: expose 2H", "play 2S", "call card 2H")
    assert legal(t) == ["play 9S", "play TS"]
    check(t)


def test_002_21_boston_an_exposed_trump_called_not_to_be_used_for_ruffing() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST)
    events = t.apply("B: expose 2H")
    assert rulings(events)[0].law == ["002 §20", "002 §21 Boston"] and t.places()["2H"] == "exposed B"
    _spades_out(t)
    assert t.to_act == "A" and t.view(None)["decision"]["key"] == "call exposed"
    assert legal(t) == ["call card 2H", "forbid card 2H", "waive"]
    events = t.apply("forbid card 2H")
    assert "002 §21 Boston" in rulings(events)[0].law
    assert t.to_act == "B" and "play 2H" not in legal(t) and "play 3H" in legal(t)
    check(t)


def test_002_21_boston_a_penalty_not_exacted_in_proper_turn_is_lost() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "B: expose 2H")
    _spades_out(t)
    events = t.apply("waive")
    assert "the right is lost for this turn" in rulings(events)[0].text
    assert t.to_act == "B" and "play 2H" in legal(t) and t.view(None)["decision"] is None
    assert "forbid card 2H" not in [str(a) for a in t.irregular_actions("A")]  # too late now
    say(t, "play 2H")
    check(t)


def test_002_20_boston_no_penalty_for_a_card_exposed_by_the_single_player() -> None:
    t = law(SIX)
    events = say(t, *SIX_FIRST, "A: expose KH")
    r = rulings(events)[0]
    assert r.law == "002 §20 Boston" and "no penalty" in r.text
    assert t.view(None)["calls"] == {} and t.view("B")["exposed"] == {"A": ["KH"]}
    assert "play KH" in legal(t)  # A leads: he may play it or not, as he likes
    check(t)


# ---------------------------------------------------------------------------------------------- the hands (§19)


def test_002_19_boston_an_adversary_short_pays_the_bidder_for_his_bid() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C")
    say(t, "B: add JD")  # a second card to the trick just turned: B is a card short
    events = t.apply("A: claim misdeal")
    assert rulings(events)[0].law == "002 §19 Boston" and "B has less than his proper number" in rulings(events)[0].text
    assert paid(events)[:4] == [("B", "A", 15), ("C", "A", 15), ("D", "A", 15), ("pool", "A", 10)]
    check(t)


def test_002_19_boston_the_bidder_short_is_put_in_for_one_trick() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C", "A: add 8S", "B: claim misdeal")
    assert t.view(None)["decision"]["key"] == "short bidder" and legal(t) == ["demand play out", "waive"]
    events = t.apply("waive")
    assert paid(events)[:4] == [("A", "B", 15), ("A", "C", 15), ("A", "D", 15), ("A", "pool", 10)]
    check(t)


def test_002_19_boston_the_bidder_short_the_hand_played_out_puts_him_in_for_over_tricks() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C", "A: add 8S", "B: claim misdeal", "demand play out")
    assert t.view(None)["phase"] == "play"
    rng = random.Random(3)
    while t.view(None)["deal"] == 1:
        t.apply(rng.choice(t.legal_actions()))
    result = t.view(None)["last_result"]
    assert result["short"] == "A" and result["won"] is False
    check(t)


def test_002_19_boston_short_in_misere_partout_five_red_to_each() -> None:
    t = law(PARTOUT)
    say(t, *ALL_PASS, "play AS", "play 2S", "play 5S", "play 8S", "C: add 6S")
    events = t.apply("D: claim misdeal")
    assert rulings(events)[0].law == "002 §19 Boston" and "five red counters to each" in rulings(events)[0].text
    assert paid(events)[:3] == [("C", "A", 50), ("C", "B", 50), ("C", "D", 50)]
    check(t)


def test_002_19_boston_a_surplus_card_is_a_misdeal_a_red_counter_to_the_pool() -> None:
    t = law(SIX)
    say(t, "D: deal a card too many to B")
    assert t.view("B")["cards_left"]["B"] == 14
    events = t.apply("C: claim misdeal")
    r = rulings(events)[0]
    assert r.law == ["002 §19 Boston", "002 §17 Boston"] and "forfeits a red counter" in r.text
    assert paid(events) == [("D", "pool", 10)]
    v = t.view(None)
    assert v["deal"] == 1 and v["dealer"] == "D" and v["pool"] == 20 and set(v["cards_left"].values()) == {13}
    check(t)


def test_002_17_boston_a_misdeal_the_misdealer_forfeits_a_red_counter_and_deals_again() -> None:
    t = law(SIX)
    events = t.apply("D: deal irregularly")
    assert "002 §17 Boston" in rulings(events)[0].law and paid(events) == [("D", "pool", 10)]
    assert t.view(None)["dealer"] == "D" and t.scores == {"A": 0, "B": 0, "C": 0, "D": -20, "pool": 20}
    check(t)


def test_002_11_boston_a_card_exposed_in_cutting_the_pack_is_cut_again_not_shuffled() -> None:
    t = law(SIX)
    events = t.apply("C: expose a card in cutting")
    assert rulings(events)[0].law == "002 §11 Boston" and paid(events) == []
    assert t.view(None)["dealer"] == "D" and t.scores["pool"] == 10
    check(t)


def test_002_14_a_card_faced_in_the_pack_a_new_deal_by_the_same_dealer_no_forfeit() -> None:
    t = law(SIX)
    events = t.apply("D: deal with a card faced")
    assert rulings(events)[0].law == ["002 §14", "002 §8 Boston"] and paid(events) == []
    assert t.view(None)["dealer"] == "D" and t.scores == {"A": 0, "B": 0, "C": 0, "D": -10, "pool": 10}
    check(t)


# ---------------------------------------------------------------------------------------------- quitted tricks (§37)


def test_002_37_boston_looking_at_the_last_trick_is_the_custom() -> None:
    t = law(SIX)
    events = say(t, *SIX_FIRST, "play 2S", "play 9S", "play AS", "play 2C", "B: look at trick 1")
    r = rulings(events)[-1]
    assert r.law == "002 §37 Boston" and t.view(None)["decision"] is None
    check(t)


def test_002_37_boston_looking_at_the_last_trick_in_a_misere_is_penalised_as_a_lead_out_of_turn() -> None:
    t = law(MISERE)
    say(t, *GRAND_MISERE, "play 2S", "play AS", "play TS", "play 6S")  # B takes the trick
    assert t.view("C")["last_trick"] is None  # not shown at a misère (002 §37 Boston)
    say(t, "C: look at trick 1")
    assert t.to_act == "A" and legal(t) == ["claim the stakes", "waive"]
    events = t.apply("claim the stakes")
    assert paid(events)[:5] == [("B", "A", 40), ("C", "A", 40), ("D", "A", 40), ("pool", "A", 10), ("C", "pool", 40)]
    check(t)


# ---------------------------------------------------------------------------------------------- the table at law


def test_law_mode_views_add_phase_exposed_calls_decision_and_hide_hands() -> None:
    t = law(SIX)
    say(t, *SIX_FIRST, "B: expose 2H")
    v = t.view("C")
    assert {"phase", "exposed", "calls", "decision"} <= set(v)
    assert v["exposed"] == {"B": ["2H"]} and v["calls"] == {"B": {"liable": ["2H"]}}
    assert "hand" in v and set(v["hand"]).isdisjoint(SIX["B"].split())
    t.apply("C: play AS")  # a lead out of turn
    assert t.view(None)["decision"]["seat"] == "A" and t.view(None)["phase"] == "penalty"
    assert t.record()["actions"][-1] == "C: play AS"
    check(t)


def test_the_boston_bot_claims_a_revoke_its_memory_proves_and_waives_one_it_does_not() -> None:
    from hoyle.bots.boston_rules import BostonRulesBot

    bot = BostonRulesBot(seed=0)
    t = law(SIX)
    say(t, *SIX_FIRST, "play 2S", "B: play AD", "play AS", "play 2C")  # B renounces spades, holding TS and 9S
    while t.view(None)["phase"] == "play":
        t.apply(t.legal_actions()[0])
    choices = {}
    while t.view(None)["phase"] == "claims" and t.view(None)["decision"]["key"] == "claim revoke":
        seat = t.to_act
        assert seat is not None
        choice = bot.choose(t.view(seat), t.legal_actions())
        choices[seat] = str(choice)
        t.apply(choice)
    # the adversaries saw A ruff spades lawfully (he had none left); A saw B play a spade after renouncing them
    assert choices == {"B": "waive", "C": "waive", "D": "waive", "A": "claim revoke"}
    t.apply("search tricks")
    assert t.view(None)["last_result"]["revoke"] == "B"
    check(t)


def test_the_boston_bot_plays_a_law_mode_sitting_choosing_remedies_and_claiming_revokes() -> None:
    from hoyle.bots.boston_rules import BostonRulesBot

    t = hoyle.game("boston", irregularities=True, deals=2).table(seed=5)
    bots = {s: BostonRulesBot(seed=i) for i, s in enumerate("ABCD")}
    rng = random.Random(5)
    decided = 0
    while not t.over:
        if rng.random() < 0.1:
            s = rng.choice("ABCD")
            irr = [a for a in t.irregular_actions(s) if a.verb in ("play", "expose", "look")]
            if irr:
                t.apply(f"{s}: {rng.choice(irr)}")
                continue
        seat = t.to_act
        assert seat is not None
        v = t.view(seat)
        decided += v["decision"] is not None
        t.apply(bots[seat].choose(v, t.legal_actions()))
    assert decided > 0
    check(t)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), rate=st.floats(0.02, 0.2))
def test_property_random_irregular_acts_keep_places_counters_and_replay(seed: int, rate: float) -> None:
    t = hoyle.game("boston", irregularities=True, deals=2).table(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not t.over and steps < 1500:
        steps += 1
        s = rng.choice("ABCD")
        irr = t.irregular_actions(s) if rng.random() < rate else []
        if irr:
            t.apply(f"{s}: {rng.choice(irr)}")
        else:
            t.apply(rng.choice(t.legal_actions()))
        places = t.places()
        assert len(places) == 52
        assert sum(t.scores.values()) == 0
    assert t.over
    assert hoyle.replay(t.record()).record() == t.record()
