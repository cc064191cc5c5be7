"""Law mode under the American codes: the Congress code of 1893 (002 §8–39) and G.W.P.'s rules (004)."""

from __future__ import annotations

import pytest

import hoyle
from hoyle import Action
from laws_helpers import MASTER, SUITED, finish_hand, law_table, laws_of, play_on, rulings, steer, texts, void_of

A = "american-1893"
G = "american-gwp"

# ---------------------------------------------------------------------------------------------- 002: the deal


def _cut(t: hoyle.Table) -> list[str]:
    return [e.text for e in t.events if e.kind == "cut"]


def test_002_law_7_a_player_exposing_more_than_one_card_in_cutting_must_cut_again() -> None:
    """002 §7: "If a player exposes more than one card, he must cut again."  Until the first card of the deal
    after the cut for partners and deal is led, any seat may say that its player exposed more than one card in it:
    he cuts again, the others keeping their cards; the table is formed anew by the cards, and the deal is void."""
    t = hoyle.game("whist", irregularities=True, code=A).table(seed=7)
    assert _cut(t) == ["Cutting for partners (A 6D, B 2S, C 7H, D QC): B and A play against C and D; B deals."]
    assert Action.parse("expose cards in cutting for partners") in t.irregular_actions("N")
    t.apply("N: expose cards in cutting for partners")  # C, North, cut the 7H showing more than one card
    ruling = rulings(t)[0]
    assert ruling.law == ["002 §7"] and ruling.data["remedy"] == "cut again"
    assert ruling.text == "C (N) exposed more than one card in cutting for partners: he cuts again, the 3S (002 §7)"
    assert _cut(t)[1] == "Cutting for partners (A 6D, B 2S, C 3S, D QC): B and C play against A and D; B deals."
    assert t.view(None)["players"] == {"N": "A", "E": "C", "S": "D", "W": "B"}  # C is B's partner now
    assert void_of(t) == "cut again" and t.view(None)["dealer"] == "W" and t.phase == "play"
    r = hoyle.replay(t.record())  # the cut made again is in the record's cuts: the replay forms the same table
    assert r.record() == t.record() and [e.to_dict() for e in r.events] == [e.to_dict() for e in t.events]


def test_002_law_7_the_cut_again_is_past_once_the_first_card_is_led_and_absent_without_a_cut() -> None:
    t = hoyle.game("whist", irregularities=True, code=A).table(seed=7)
    t.apply(t.legal_actions()[0])
    assert not [a for a in t.irregular_actions("E") if "cutting" in str(a)]
    assert not [a for a in law_table(code=A).irregular_actions("E") if a.arg == "cards in cutting for partners"]


def test_004_rule_4_a_player_exposing_more_than_one_card_when_cutting_must_cut_again() -> None:
    """004 rule 4: "Should a player, when cutting, expose more than one card, he must cut again"."""
    t = hoyle.game("whist", irregularities=True, code=G).table(seed=7)
    t.apply("E: expose cards in cutting for partners")
    assert laws_of(t) == ["004 rule 4"]
    assert _cut(t)[1] == "Cutting for partners (A 3S, B 2S, C 7H, D QC): B and A play against C and D; B deals."


def test_002_law_11_a_card_exposed_in_cutting_the_pack_is_cut_again() -> None:
    t = law_table(code=A)
    t.apply("S: expose a card in cutting")
    assert rulings(t)[0].law == ["002 §11"] and void_of(t) == "new deal" and t.view(None)["dealer"] == "W"


def test_002_law_12_reshuffling_after_the_cut_loses_the_deal() -> None:
    t = law_table(code=A)
    t.apply("W: shuffle after the cut")
    assert laws_of(t) == ["002 §12"] and t.view(None)["dealer"] == "N"


def test_002_law_14_a_card_faced_in_the_pack_a_new_deal_by_the_same_dealer() -> None:
    t = law_table(code=A)
    t.apply("W: deal with a card faced")
    assert laws_of(t) == ["002 §14 I"] and void_of(t) == "new deal" and t.view(None)["dealer"] == "W"


def test_002_law_15_a_card_exposed_in_dealing_the_side_not_in_fault_may_demand_a_new_deal() -> None:
    t = law_table(code=A)
    t.apply("W: deal exposing a card")
    assert texts(t.legal_actions()) == ["claim new deal", "waive"] and t.view(None)["decision"]["law"] == ["002 §15"]
    t2 = law_table(code=A)
    t2.apply("N: touch cards")
    t2.apply("W: deal exposing a card")
    assert t2.phase == "play" and rulings(t2)[0].data["remedy"] == "none"


def test_002_law_16_a_deal_with_the_adversaries_pack_not_stopped_is_valid_and_the_packs_remain_changed() -> None:
    t = law_table(code=A)
    t.apply("W: deal with the other pack")
    assert rulings(t)[0].law == ["002 §16"]
    t.apply("waive")
    finish_hand(t)
    assert [d["pack"] for d in t.record()["deals"]] == [1, 0]


def test_002_law_16_dealing_out_of_turn_may_be_stopped() -> None:
    t = law_table(code=A)
    t.apply("S: deal")
    assert texts(t.legal_actions()) == ["stop deal", "waive"] and t.to_act == "W"
    t.apply("stop deal")
    assert void_of(t) == "stopped" and t.view(None)["dealer"] == "W"


@pytest.mark.parametrize(
    ("act", "law"),
    [
        ("deal irregularly", "002 §17 II"),
        ("deal and count the cards", "002 §17 III"),
        ("deal trump card to e", "002 §17 IV"),
        ("deal looking at the trump card", "002 §17 V"),
        ("deal trump face down", "002 §17 VI"),
    ],
)
def test_002_law_17_misdeals(act: str, law: str) -> None:
    t = law_table(code=A)
    t.apply(f"W: {act}")
    assert law in laws_of(t) and void_of(t) == "misdeal" and t.view(None)["dealer"] == "N"


def test_002_law_17_i_the_pack_not_cut() -> None:
    t = law_table(code=A)
    t.apply("W: deal uncut")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["claim misdeal", "waive"]


def test_002_law_17_an_adversary_interrupting_the_dealer_saves_the_deal() -> None:
    t = law_table(code=A)
    t.apply("N: interrupt")
    t.apply("W: deal irregularly")
    assert "002 §17" in laws_of(t) and void_of(t) == "new deal" and t.view(None)["dealer"] == "W"


def test_002_law_17_iv_wrong_number_before_the_first_trick_is_complete_a_misdeal() -> None:
    t = law_table(code=A)
    t.apply("W: deal a card too many to e")
    t.apply("W: claim misdeal")
    assert "002 §17 IV" in laws_of(t) and void_of(t) == "misdeal"


def test_002_law_19_wrong_number_found_later_the_adversaries_choose() -> None:
    t = law_table(code=A)
    t.apply("W: deal a card too many to n")  # N 14, E 12: both sides wrong -> a new deal
    steer(t, "N")
    t.apply("W: claim misdeal")
    assert "002 §19" in laws_of(t) and void_of(t) == "new deal" and t.view(None)["dealer"] == "W"


def test_002_law_19_a_surplus_card_by_an_omission_the_adversaries_choose() -> None:
    t = law_table(code=A)
    t.apply("play AH")
    t.apply("omit")
    t.apply("play 9H")
    t.apply("play 3H")
    play_on(
        t,
        lambda t: (
            t.view(None)["decision"] is not None and t.view(None)["decision"]["text"].startswith("E has a card left")
        ),
    )
    assert texts(t.legal_actions()) == ["claim new deal", "waive"] and t.view(None)["decision"]["law"] == ["002 §19"]
    t.apply("claim new deal")
    assert void_of(t) == "new deal" and t.view(None)["dealer"] == "W"


# ---------------------------------------------------------------------------------------------- 002: the trump card


def test_002_law_18_the_trump_card_left_after_the_second_trick() -> None:
    t = law_table(code=A)
    t.apply("W: leave trump card")
    steer(t, "N")
    assert t.places()["2S"] == "turned"
    steer(t, "N")
    assert t.places()["2S"] == "exposed W" and rulings(t)[-1].law == ["002 §18"]


def test_002_law_18_naming_the_trump_card() -> None:
    t = law_table(code=A)
    steer(t, "N")
    t.apply("S: name trump card")
    assert rulings(t)[-1].law == ["002 §18"] and t.view(None)["calls"]["S"]["trump liable"]


# ---------------------------------------------------------------------------------------------- 002: cards liable


@pytest.mark.parametrize(
    ("act", "law"), [("expose KD", "002 §20 I"), ("show KD", "002 §20 III"), ("name KD", "002 §20 V")]
)
def test_002_law_20_cards_liable_to_be_called(act: str, law: str) -> None:
    t = law_table(code=A)
    t.apply(f"E: {act}")
    assert t.places()["KD"] == "exposed E" and law in rulings(t)[0].law


def test_002_law_20_iv_a_hand_lowered_every_card_liable() -> None:
    t = law_table(code=A)
    t.apply("E: lower hand")
    assert sum(1 for p in t.places().values() if p == "exposed E") == 13


def test_002_law_20_ii_two_cards_thrown_the_player_indicates_the_one_played() -> None:
    t = law_table(code=A)
    t.apply("play 2H")
    t.apply("throw KH QH")
    assert t.to_act == "E" and texts(t.legal_actions()) == ["play KH", "play QH"]
    t.apply("play KH")
    assert t.places()["QH"] == "exposed E"


def test_002_law_21_a_liable_card_called_must_be_played_and_cannot_be_prevented() -> None:
    t = law_table(code=A)
    t.apply("E: expose KD")
    t.apply("play 2D")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["call card KD", "waive"]
    assert "call card KD" in texts(t.irregular_actions("S"))  # either adversary
    t.apply("waive")
    assert "play KD" in texts(t.legal_actions())  # he may play it of his own accord


def test_002_law_22_a_winning_card_led_and_another_the_partner_may_be_called_to_take_the_trick() -> None:
    t = law_table(code=A)
    t.apply("play AH")
    t.apply("N: play AD")
    assert rulings(t)[0].law == ["002 §22"] and texts(t.legal_actions()) == ["require win", "waive"]


def test_002_law_23_a_card_played_before_the_decision_is_also_liable() -> None:
    t = law_table(code=A)
    t.apply("E: expose KD")
    t.apply("play 2D")
    assert t.view(None)["decision"]["text"].startswith("E has exposed")
    t.apply("E: play QD")
    assert t.places()["QD"] == "exposed E" and "002 §23" in rulings(t)[-1].law


# ---------------------------------------------------------------------------------------------- 002: out of turn


def test_002_law_24_a_lead_out_of_turn_the_cards_are_taken_back_not_liable() -> None:
    t = law_table(code=A)
    t.apply("E: play KH")
    assert texts(t.legal_actions())[-2:] == ["call suit", "waive"] and "call card KH" not in texts(t.legal_actions())
    t.apply("play 7H")
    t.apply("play 3H")
    t.apply("call suit")
    assert t.places()["KH"] == "hand E" and t.places()["7H"] == "hand S"
    # the right is public: every view shows from whom a suit is to be called, and by which side
    pending = {"suit to be called": {"by": "NS", "why": "E led out of turn"}}
    assert t.view(None)["calls"] == {"E": pending, "W": pending} == t.view("N")["calls"]


def test_002_law_24_only_the_adversary_on_the_right_may_call_the_suit() -> None:
    t = law_table(code=A)
    t.apply("E: play KH")
    t.apply("call suit")
    steer(t, "E")  # E W win; the suit is called from the leader by the adversary on his right
    d = t.view(None)["decision"]
    leader = "NESW".index(d["text"].split("from ")[1][0])
    right = "NESW"[(leader + 3) % 4]
    assert t.to_act == right
    left = "NESW"[(leader + 1) % 4]
    t.apply(f"{left}: call suit C")  # the wrong adversary demands: none can be enforced (002 §39)
    assert rulings(t)[-1].law == ["002 §39"] and t.view(None)["calls"] == {}


def test_002_law_24_all_having_played_to_the_false_lead_no_penalty() -> None:
    t = law_table(code=A)
    t.apply("E: play KH")
    for c in ("7H", "3H", "2H"):
        t.apply(f"play {c}")
    assert rulings(t)[-1].data["remedy"] == "the trick stands" and rulings(t)[-1].law == ["002 §24"]


def test_002_law_25_26_the_fourth_hand_before_the_second() -> None:
    t = law_table(code=A)
    t.apply("play 2D")
    t.apply("W: play 7D")
    assert t.to_act == "S" and texts(t.legal_actions()) == ["require highest", "require lowest", "waive"]
    t.apply("N: require highest")  # N is not the third hand: the penalty is lost (002 §26, §39)
    assert rulings(t)[-1].law == ["002 §39"]


def test_002_law_26_having_none_of_the_suit_to_trump_or_not() -> None:
    t = law_table(SUITED, dealer="E", turned="2H", code=A)
    t.apply("play AD")  # S leads; W second, N third, E fourth
    t.apply("E: play 2H")
    assert t.to_act == "N"  # the third hand calls on W, the second
    t.apply("require highest")
    assert texts(t.legal_actions()) == ["require trump", "require not trump", "waive"]


def test_002_law_27_abandoned_hands_the_result_as_claimed_with_the_revoke_penalty() -> None:
    t = law_table(code=A)
    t.apply("play AH")
    t.apply("play KD")  # E renounces in error
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AD")
    t.apply("N: claim the rest")
    for s in "NESW":
        t.apply(f"{s}: throw down hand")
    play_on(t, lambda t: t.view(None)["decision"] and t.view(None)["decision"]["text"].startswith("EW renounced"))
    events = t.apply("claim revoke")
    assert any("2 tricks are transferred" in e.text for e in events)


# ---------------------------------------------------------------------------------------------- 002: the revoke


def _revoke(t):  # type: ignore[no-untyped-def]
    t.apply("play AH")
    t.apply("play KD")
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AD")


def test_002_law_28_29_a_renounce_corrected_the_card_is_liable_the_later_cards_withdrawn() -> None:
    t = law_table(code=A)
    t.apply("play AH")
    t.apply("play KD")
    t.apply("play 9H")
    t.apply("E: correct")
    assert t.places()["KD"] == "exposed E" and t.places()["9H"] == "hand S"
    assert rulings(t)[0].law == ["002 §29"]
    # the liable card may be called at E's turn (002 §21), asked whatever E holds; N, on his right, chooses
    assert t.to_act == "N" and texts(t.legal_actions()) == ["call card KD", "waive"]


def test_002_law_30_two_tricks_a_revoke_and_31_up_to_six() -> None:
    t = law_table(code=A, score={"NS": 0, "EW": 6})
    _revoke(t)
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    t.apply("claim revoke")
    finish_hand(t)
    result = t.record()["deals"][0]["result"]
    assert result["transfers"] == [{"from": "EW", "to": "NS", "tricks": 2, "law": "002 §30"}]
    assert t.scores["EW"] <= 6  # the revoking side cannot win the game by that hand (002 §30, §31)


def test_002_law_32_mixing_the_cards_after_a_claim() -> None:
    t = law_table(SUITED, dealer="E", turned="2H", code=A)
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    t.apply("E: mix tricks")
    events = t.apply("claim revoke")
    assert any(e.law == ["002 §32"] for e in events)


def test_002_law_33_a_cut_before_the_claim() -> None:
    t = law_table(SUITED, dealer="E", turned="2H", code=A)
    play_on(t, lambda t: t.phase == "claims")
    t.apply("E: cut")  # E is the next pone
    assert rulings(t)[-1].law == ["002 §33", "000 Case VIII"] and rulings(t)[-1].data["silent"]


def test_002_law_35_attention_called_the_adversary_last_to_play_requires() -> None:
    t = law_table(code=A)
    t.apply("play AH")
    t.apply("N: call attention")
    assert t.to_act == "W" and texts(t.legal_actions()) == ["require highest", "require lowest", "waive"]


def test_002_law_36_the_rest_claimed_the_partners_cards_are_laid_down() -> None:
    t = law_table(code=A)
    t.apply("N: claim the rest")
    assert rulings(t)[0].law == ["002 §36"]
    assert sum(1 for p in t.places().values() if p == "exposed S") == 13


def test_002_law_37_a_quitted_trick_looked_at_the_penalty_of_a_lead_out_of_turn() -> None:
    t = law_table(code=A)
    steer(t, "E")
    assert "look at trick 1" in texts(t.irregular_actions("N"))  # even the last trick (002 §37)
    t.apply("N: look at trick 1")
    assert rulings(t)[-1].law == ["002 §37", "002 §24"]
    steer(t, "N")
    assert t.view(None)["decision"]["text"].startswith("a suit may be called from")


def test_002_law_38_failing_to_lead_the_called_suit_the_penalty_of_a_revoke() -> None:
    t = law_table(code=A)
    t.apply("S: play JD")
    assert "call suit C" in texts(t.legal_actions())
    assert "call suit" in texts(t.irregular_actions("E")) and "call suit C" in texts(t.irregular_actions("E"))
    # (E may say it, but he is the wrong adversary: none could then be enforced, 002 §24, §39)
    t.apply("call suit C")  # W, N's right-hand adversary, calls clubs from N at once
    n = len(t.events)
    t.apply("play AH")  # N leads a heart instead: a fact, told to nobody until the search (issue 13)
    assert [e for e in t.events[n:] if e.kind == "ruling"] == []
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("NS renounced"):
        t.apply("waive")
    events = t.apply("claim revoke")
    assert any(e.data.get("irregularity") == "failed to comply" for e in events)


def test_002_law_39_the_first_demand_is_final() -> None:
    t = law_table(code=A)
    t.apply("E: expose KD")
    t.apply("play 2D")
    t.apply("S: call card KD")  # S, not N who was asked: either adversary may (002 §21)
    assert texts(t.legal_actions()) == ["play KD"]


# ---------------------------------------------------------------------------------------------- 004


def test_004_rule_9_a_card_exposed_while_dealing_loses_the_deal() -> None:
    t = law_table(code=G)
    t.apply("W: deal exposing a card")
    assert "004 rule 9" in laws_of(t) and void_of(t) == "misdeal" and t.view(None)["dealer"] == "N"


def test_004_rules_12_19_a_lead_out_of_turn_costs_a_point_chosen_at_the_close_of_the_hand() -> None:
    t = law_table(code=G)
    t.apply("E: play KH")
    assert rulings(t)[0].law == ["004 rule 12", "004 rule 19"] and t.places()["KH"] == "hand E"
    assert t.to_act == "N"
    play_on(t, lambda t: t.view(None)["decision"] and t.view(None)["decision"]["text"].startswith("E leads"))
    assert texts(t.legal_actions()) == ["penalty deduct one", "penalty add one", "waive"]
    t.apply("penalty add one")
    finish_hand(t)
    assert {"side": "NS", "points": 1, "law": "004 rule 19"} in t.record()["deals"][0]["result"]["penalties"]


def test_004_rule_14_no_cards_are_called() -> None:
    t = law_table(code=G)
    t.apply("E: expose KD")
    assert t.places()["KD"] == "hand E" and rulings(t)[0].law == ["004 rule 12", "004 rule 19"]
    t.apply("play 2D")
    assert t.view(None)["decision"] is None


def test_004_rule_13_cards_thrown_down_the_hand_counted_against_them() -> None:
    t = law_table(code=G)
    steer(t, "NN")
    t.apply("E: throw down hand")
    finish_hand(t)
    assert t.record()["deals"][0]["result"]["tricks"] == {"NS": 13, "EW": 0}


def test_004_rule_15_the_revoke_three_points_at_the_adversaries_will() -> None:
    t = law_table(code=G)
    _revoke(t)
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    t.apply("claim revoke")
    assert texts(t.legal_actions()) == ["penalty deduct three", "penalty add three"]
    assert t.view(None)["decision"]["law"] == ["004 rule 15"]


def test_004_rule_16_a_renounce_corrected_costs_a_point() -> None:
    t = law_table(code=G)
    t.apply("play AH")
    t.apply("play KD")
    t.apply("E: correct")
    assert rulings(t)[0].law == ["004 rule 16", "004 rule 19"] and t.places()["KD"] == "hand E"


def test_004_rule_18_a_trick_looked_at_costs_a_point() -> None:
    t = law_table(code=G)
    steer(t, "N")
    t.apply("W: look at trick 1")
    assert rulings(t)[0].law == ["004 rule 18", "004 rule 19"]


def test_004_rule_11_touching_the_cards_before_the_trump_card_is_turned() -> None:
    t = law_table(code=G)
    t.apply("N: touch cards")
    assert rulings(t)[0].law == ["004 rule 11", "004 rule 19"]


def test_004_the_question_having_none_is_condemned() -> None:
    t = law_table(code=G)
    t.apply("play AH")
    t.apply("play KD")
    t.apply("W: ask having none")
    assert rulings(t)[0].law == ["004 rule 14", "004 rule 19"] and MASTER


def test_002_law_39_a_wrong_penalty_demanded_none_can_be_enforced() -> None:
    t = law_table(code=A)
    t.apply("play 2D")
    t.apply("W: play 7D")
    assert "require win" in texts(t.irregular_actions("S"))
    t.apply("S: require win")  # 002 §26 gives highest or lowest, not win
    assert rulings(t)[-1].law == ["002 §39"] and t.view(None)["calls"] == {} and t.to_act == "E"


def test_002_law_34_each_card_on_the_table_is_shown_before_its_player() -> None:
    t = law_table(code=A)
    t.apply("play 2D")
    t.apply("W: play 7D")
    assert t.view("E")["trick"] == [{"seat": "N", "card": "2D"}, {"seat": "W", "card": "7D"}]


DEAL_A = {
    "N": "AS KS QS JS TS 9S 8S 7S QH JH 4H 3H 2H",
    "E": "6S 5S 4S 3S 2S AD KD QD JD TD 9D 8D 7D",
    "S": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "W": "AH KH TH 9H 8H 7H 6H 5H 6D 5D 4D 3D 2D",
}


@pytest.mark.parametrize("demand", ["call suit", "call suit D"])
def test_002_law_24_39_a_suit_due_at_once_demanded_by_the_wrong_adversary(demand: str) -> None:
    """Issue 14: S leads out of turn when N should lead, so the suit is due at once from N, and only W, on N's
    right, may call it (002 §24). E demanding it is the wrong adversary: none can be enforced (002 §39). It used to
    rule "E exacts a suit from S or his partner" and then offer W the call."""
    t = law_table(DEAL_A, code=A, turned="7H")
    t.apply("S: play QC")  # N's lead
    assert t.to_act == "W" and "call suit C" in texts(t.legal_actions())  # W may call at once
    n = len(t.events)
    t.apply(f"E: {demand}")
    (ruling,) = rulings(t, n)
    assert ruling.law == ["002 §24", "002 §39"] and ruling.data["remedy"] == "none: the right is lost"
    assert ruling.text.startswith("E demands a suit from N, but only W, the adversary on his right, may call it")
    assert t.phase == "play" and t.to_act == "N" and t.view(None)["decision"] is None
    assert t.view(None)["calls"] == {} and t.places()["QC"] == "hand S" and t.view(None)["trick"] == []
    assert len(t.legal_actions()) == 13 and all(a.startswith("play") for a in texts(t.legal_actions()))  # any card
    replayed = hoyle.replay(t.record())
    assert [e.text for e in rulings(replayed)] == [e.text for e in rulings(t)]


def test_002_law_24_the_right_adversary_calls_the_suit_at_once() -> None:
    t = law_table(DEAL_A, code=A, turned="7H")
    t.apply("S: play QC")
    t.apply("call suit S")  # W, on N's right
    assert t.to_act == "N" and all(a.card is not None and a.card.suit == 3 for a in t.legal_actions())
