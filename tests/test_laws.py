"""Law mode under the English club code (000 §26–91): each law that carries a penalty or a right.

Strict mode's refusals are checked first: law mode must leave them as they were.  Deals are given (see
laws_helpers.MASTER: West deals and turns the 2S; North is the eldest hand and leads).
"""

from __future__ import annotations

import pytest

import hoyle
from hoyle import Action, IllegalAction
from laws_helpers import MASTER, SUITED, finish_hand, law_table, laws_of, play_on, rulings, steer, texts

# ---------------------------------------------------------------------------------------------- strict mode


def _strict() -> hoyle.Table:
    return hoyle.game("whist").table(deal={"dealer": "W", "turned": "2S", "hands": MASTER})


def test_strict_mode_refuses_an_act_out_of_turn_citing_the_laws() -> None:
    t = _strict()
    with pytest.raises(
        IllegalAction,
        match=r"it is N's turn, not E's \(leading or playing out of turn: "
        r"000 §62–68, 002 §24–26; law mode only\)",
    ):
        t.apply("E: play KH")
    assert t.to_act == "N" and t.actions == []


def test_strict_mode_refuses_a_renounce_citing_000_law_71() -> None:
    t = _strict()
    t.apply("play AH")
    with pytest.raises(IllegalAction, match=r"must follow suit: E holds hearts \(000 §71\)") as info:
        t.apply("play KD")
    assert info.value.law == "000 §71"


@pytest.mark.parametrize("text", ["throw down hand", "claim revoke", "call suit H", "deal", "expose AS", "waive"])
def test_strict_mode_refuses_the_acts_of_law_mode(text: str) -> None:
    t = _strict()
    with pytest.raises(IllegalAction, match="the only action in play is 'play CARD'"):
        t.apply(text)


@pytest.mark.parametrize("game", ["whist", "dummy", "double-dummy"])
def test_strict_mode_lists_no_irregularity_and_law_mode_is_an_option(game: str) -> None:
    t = hoyle.game(game).table(seed=1)
    assert all(t.irregular_actions(s) == [] for s in t.seats)
    law = hoyle.game(game, irregularities=True).table(seed=1)
    assert type(law).__name__ == ("LawWhistTable" if game == "whist" else "LawDummyTable")
    assert isinstance(law, type(t)) and [str(a) for a in law.legal_actions()] == [str(a) for a in t.legal_actions()]
    assert law.irregular_actions(law.to_act or "N")


# ---------------------------------------------------------------------------------------------- the deal


def _void(t: hoyle.Table, i: int = 0) -> str | None:
    """How deal ``i`` of the sitting was voided (misdeal, new deal, stopped), if it was."""
    result = t.record()["deals"][i].get("result") or {}
    return result.get("void")


def test_law_mode_deals_at_once_and_the_dealers_faults_can_be_done_until_the_first_lead() -> None:
    t = law_table()
    assert t.to_act == "N" and t.places()["2S"] == "turned" and t.view("N")["hand"][0] == "AS"
    assert "deal uncut" in texts(t.irregular_actions("W")) and "deal" in texts(t.irregular_actions("E"))
    t.apply("play AH")
    assert "deal uncut" not in texts(t.irregular_actions("W"))


def test_000_law_15_a_player_exposing_more_than_one_card_must_cut_again() -> None:
    """000 §15: "Should a player expose more than one card, he must cut again"; the table is formed by the cards."""
    t = hoyle.game("whist", irregularities=True).table(seed=7)
    t.apply("E: expose cards in cutting for partners")  # A, East, cut the 6D
    assert laws_of(t) == ["000 §15"]
    cuts = [e.data["cuts"] for e in t.events if e.kind == "cut"]
    assert cuts == [{"A": "6D", "B": "2S", "C": "7H", "D": "QC"}, {"A": "3S", "B": "2S", "C": "7H", "D": "QC"}]
    assert t.view(None)["players"] == {"N": "C", "E": "A", "S": "D", "W": "B"}  # the same partners still


def test_000_law_36_shuffling_after_the_cut_loses_the_deal() -> None:
    t = law_table()
    events = t.apply("W: shuffle after the cut")
    assert events[0].law == ["000 §36"] and _void(t) == "misdeal" and t.view(None)["dealer"] == "N"
    assert t.to_act == "E"


def test_000_law_37_a_card_faced_in_the_pack_a_new_deal_by_the_same_dealer() -> None:
    t = law_table()
    t.apply("W: deal with a card faced")
    assert laws_of(t) == ["000 §37 II"] and t.view(None)["dealer"] == "W" and t.to_act == "N"
    assert t.record()["deals"][0]["result"] == {"void": "new deal", "next dealer": "W"}


def test_000_law_38_a_card_exposed_in_dealing_the_adversaries_may_claim_a_new_deal() -> None:
    t = law_table()
    t.apply("W: deal exposing a card")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["claim new deal", "waive"]
    assert t.view(None)["decision"]["law"] == ["000 §38", "000 §39", "000 §40"]
    t.apply("claim new deal")
    assert _void(t) == "new deal" and t.view(None)["dealer"] == "W"


def test_000_law_38_if_no_new_deal_the_exposed_card_cannot_be_called() -> None:
    t = law_table()
    t.apply("W: deal exposing a card")
    events = t.apply("waive")
    assert "cannot be called" in events[0].text and t.to_act == "N" and t.phase == "play"
    assert not any(p.startswith("exposed") for p in t.places().values())


def test_000_law_38_no_claim_for_the_side_that_touched_the_cards() -> None:
    t = law_table()
    t.apply("S: touch cards")
    t.apply("W: deal exposing a card")
    assert rulings(t)[0].data["remedy"] == "none" and t.phase == "play" and t.to_act == "N"


def test_000_law_39_touching_after_the_other_side_keeps_the_privilege() -> None:
    t = law_table()
    t.apply("E: touch cards")
    t.apply("S: touch cards")
    t.apply("W: deal exposing a card")
    assert texts(t.legal_actions()) == ["claim new deal", "waive"]


def test_000_law_38_a_card_exposed_by_an_adversary_gives_the_dealer_the_claim() -> None:
    t = law_table()
    t.apply("N: expose a card")
    assert t.to_act == "W" and texts(t.legal_actions()) == ["claim new deal", "waive"]


def test_000_law_41_the_dealer_looking_at_the_trump_card() -> None:
    t = law_table()
    t.apply("W: deal looking at the trump card")
    assert "2S" in rulings(t)[0].text and texts(t.legal_actions()) == ["claim new deal", "waive"]
    assert t.view(None)["decision"]["law"] == ["000 §41"]


@pytest.mark.parametrize(
    ("act", "law"),
    [
        ("deal irregularly", "000 §44 I"),
        ("deal trump face down", "000 §44 II"),
        ("deal trump card to e", "000 §44 III"),
        ("deal and count the cards", "000 §44 V"),
        ("deal two cards to s", "000 §44 VI"),
    ],
)
def test_000_law_43_44_misdeals_lose_the_deal(act: str, law: str) -> None:
    t = law_table()
    t.apply(f"W: {act}")
    assert law in laws_of(t) and "000 §43" in laws_of(t)
    assert _void(t) == "misdeal" and t.view(None)["dealer"] == "N" and t.to_act == "E"


def test_000_law_44_iv_a_hand_of_fourteen_is_a_misdeal_when_pointed_out() -> None:
    t = law_table()
    t.apply("W: deal a card too many to e")
    assert not rulings(t)  # nobody has noticed yet
    # W's turned trump card lies on the table until his turn to play (000 §52): not yet counted in his hand
    assert t.view(None)["hand_counts"] == {"N": 13, "E": 14, "S": 12, "W": 12}
    t.apply("play AS")
    assert "claim misdeal" in texts(t.irregular_actions("S"))
    t.apply("S: claim misdeal")
    assert "000 §44 IV" in laws_of(t) and _void(t) == "misdeal" and t.view(None)["dealer"] == "N"


def test_000_law_44_vii_the_pack_not_cut_the_adversaries_may_claim_a_misdeal() -> None:
    t = law_table()
    t.apply("W: deal uncut")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["claim misdeal", "waive"]
    t.apply("claim misdeal")
    assert _void(t) == "misdeal" and t.view(None)["dealer"] == "N"


def test_000_law_45_an_adversary_touching_first_saves_the_dealer() -> None:
    t = law_table()
    t.apply("N: touch cards")
    t.apply("E: touch cards")
    t.apply("W: deal irregularly")
    assert "000 §45" in laws_of(t) and _void(t) == "new deal" and t.view(None)["dealer"] == "W"


def test_000_law_45_the_dealers_partner_touching_first_the_deal_is_lost() -> None:
    t = law_table()
    t.apply("E: touch cards")
    t.apply("N: touch cards")
    t.apply("W: deal irregularly")
    assert _void(t) == "misdeal" and t.view(None)["dealer"] == "N"


def test_000_law_50_an_adversary_interrupting_the_dealer_he_deals_again() -> None:
    t = law_table()
    t.apply("S: interrupt")
    t.apply("W: deal trump face down")
    assert "000 §50" in laws_of(t) and t.view(None)["dealer"] == "W"


def test_000_law_48_dealing_out_of_turn_may_be_stopped() -> None:
    t = law_table()
    t.apply("N: deal")
    assert t.to_act == "E" and texts(t.legal_actions()) == ["stop deal", "waive"]
    assert t.view("E")["hand"] != law_table().view("E")["hand"]  # the cards came from N's hands
    t.apply("stop deal")
    assert _void(t) == "stopped" and t.view(None)["dealer"] == "W" and t.to_act == "N"


def test_000_law_48_a_deal_out_of_turn_not_stopped_stands() -> None:
    t = law_table()
    t.apply("N: deal")
    t.apply("waive")
    assert t.view(None)["dealer"] == "N" and t.to_act == "E"  # as if no mistake had been made
    play_on(t, lambda t: len(t.record()["deals"]) == 2)
    assert t.view(None)["dealer"] == "E"  # the deal goes on to the left of N


def test_000_law_48_dealing_with_the_adversaries_pack() -> None:
    t = law_table()
    t.apply("W: deal with the other pack")
    assert texts(t.legal_actions()) == ["stop deal", "waive"] and rulings(t)[0].law == ["000 §48"]
    assert t.record()["deals"][0]["pack"] == 1


def test_000_law_51_taking_the_partners_deal_and_misdealing() -> None:
    t = law_table()
    t.apply("E: deal irregularly")
    assert "000 §51" in laws_of(t) and t.view(None)["dealer"] == "N"


# ---------------------------------------------------------------------------------------------- the trump card


def test_000_law_52_the_trump_card_left_on_the_table_is_liable_to_be_called() -> None:
    t = law_table()
    t.apply("W: leave trump card")
    steer(t, "N")
    assert t.places()["2S"] == "exposed W"
    assert rulings(t)[-1].law == ["000 §52"]


def test_000_law_52_the_partner_may_remind_the_dealer() -> None:
    t = law_table()
    t.apply("W: leave trump card")
    t.apply("E: remind")
    assert t.places()["2S"] == "hand W"


def test_000_law_53_naming_the_trump_card_the_highest_or_lowest_trump_may_be_called() -> None:
    t = law_table()
    steer(t, "N")
    t.apply("E: name trump card")
    assert rulings(t)[-1].law == ["000 §53", "000 §55"]
    play_on(t, lambda t: t.view(None)["decision"] is not None)
    d = t.view(None)["decision"]
    assert d["side"] == "NS" and [o["action"] for o in d["options"]] == [
        "require highest trump",
        "require lowest trump",
        "waive",
    ]


def test_000_law_53_55_the_trump_call_is_offered_whatever_he_holds_and_bites_only_without_a_revoke() -> None:
    """The highest or lowest trump "may be called at any time during that hand, and, unless it cause him to revoke,
    must be played" (000 §55): asked at his turn whether or not he could obey, so that the question tells nothing
    of his hand; E must follow hearts, so the call has no effect at this trick."""
    t = law_table()
    for a in ("play AH", "play KH", "play 9H", "play 3H", "play 5H"):  # N wins the first trick and leads again
        t.apply(a)
    t.apply("E: name trump card")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["require highest trump", "require lowest trump", "waive"]
    t.apply("require highest trump")
    assert t.to_act == "E" and texts(t.legal_actions()) == ["play TH", "play JH", "play QH"]


def test_000_law_54_the_trump_card_taken_up_before_time_and_a_wrong_card_shown() -> None:
    t = law_table()
    t.apply("W: take up trump card")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["require trump card", "waive"]
    t.apply("require trump card")
    assert t.to_act == "W" and texts(t.legal_actions()) == ["show 2S"]
    t.apply("W: show 3C")  # a wrong card: it may be called (000 §54)
    assert t.places()["3C"] == "exposed W" and t.to_act == "W"
    t.apply("show 2S")
    assert t.places()["2S"] == "turned" and t.to_act == "N"


def test_000_law_55_a_trump_call_may_be_repeated_but_not_changed() -> None:
    t = law_table()
    steer(t, "E")  # E leads next
    t.apply("W: forget trump card")
    play_on(t, lambda t: t.view(None)["decision"] is not None and t.view(None)["decision"]["text"].startswith("W"))
    t.apply("require lowest trump")
    assert t.view(None)["calls"]["W"]["require"] == "lowest trump"


# ---------------------------------------------------------------------------------------------- exposed cards


def test_000_law_56_an_exposed_card_is_liable_to_be_called_and_65_the_call_repeated() -> None:
    t = law_table()
    t.apply("E: expose KD")
    assert t.places()["KD"] == "exposed E" and rulings(t)[0].law == ["000 §56 II"]
    t.apply("play 2D")  # N leads a diamond: at E's turn N S may call the exposed king
    assert t.to_act == "N" and texts(t.legal_actions()) == ["call card KD", "waive"]
    t.apply("call card KD")
    assert t.to_act == "E" and texts(t.legal_actions()) == ["play KD"]


def test_000_law_56_a_card_dropped_on_the_floor_is_not_exposed() -> None:
    t = law_table()
    events = t.apply("E: drop KD")
    assert events == [] and t.places()["KD"] == "floor" and "KD" not in t.view("N")["exposed"].get("E", [])


def test_000_law_56_i_two_cards_played_at_once_the_adversaries_call_which_to_the_trick() -> None:
    t = law_table()
    t.apply("play 2H")
    t.apply("throw KH QH")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["call card KH", "call card QH", "waive"]
    t.apply("call card QH")
    assert t.view(None)["trick"][-1] == {"seat": "E", "card": "QH"} and t.places()["KH"] == "exposed E"


def test_000_law_57_winning_cards_led_the_partner_may_be_called_to_win() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("N: play AD")  # led again, not waiting for S
    assert t.places()["AD"] == "exposed N" and rulings(t)[0].law == ["000 §57"]
    assert t.to_act == "E" and texts(t.legal_actions()) == ["require win", "waive"]
    t.apply("require win")
    t.apply("play KH")
    assert t.to_act == "S" and t.view(None)["calls"]["S"]["require"] == "win"
    assert texts(t.legal_actions()) == ["play 7H", "play 8H", "play 9H"]  # none can win: any heart


def test_000_law_58_59_all_four_hands_thrown_down_are_abandoned_and_a_revoke_costs_three_points() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("play KD")  # E renounces in error
    t.apply("play 9H")
    t.apply("play 3H")  # N wins; the renounce is established when N leads
    t.apply("play AD")
    for s in "NESW":
        t.apply(f"{s}: throw down hand")
    play_on(t, lambda t: t.view(None)["decision"] and t.view(None)["decision"]["text"].startswith("EW renounced"))
    t.apply("claim revoke")
    assert texts(t.legal_actions()) == ["penalty deduct three", "penalty add three"]
    assert t.view(None)["decision"]["law"] == ["000 §59"]


def test_000_law_60_a_detached_card_named_rightly_or_wrongly() -> None:
    t = law_table()
    t.apply("E: detach KD")
    assert (
        t.to_act == "S"
        and "call card KD" in texts(t.legal_actions())
        and "call card 2S" not in texts(t.legal_actions())
    )  # S names any card not in sight (the 2S lies turned on the table)
    assert "call card JS" in texts(t.legal_actions())  # his own card too: a wrong name, and no leak of his hand
    t.apply("call card KD")
    assert t.places()["KD"] == "exposed E"
    t2 = law_table()
    t2.apply("E: detach KD")
    t2.apply("call card QD")
    assert t2.places()["KD"] == "hand E" and "wrong card" in rulings(t2)[-1].text


def test_000_law_60_the_choice_of_a_detached_card_reveals_no_hand() -> None:
    """Issue 13: the decision is in every view, so its options depend on no concealed card. Two deals that differ
    only by a card swapped between South's and West's hands show the spectator the same decision."""
    swapped = dict(MASTER, S=MASTER["S"].replace("JS", "5S"), W=MASTER["W"].replace("5S", "JS"))
    seen = []
    for hands in (MASTER, swapped):
        t = law_table(hands)
        t.apply("E: detach KD")
        seen.append((t.view(None)["decision"], [e.visible_to(None) for e in t.events]))
        assert t.view(None)["decision"] == t.view("N")["decision"] == t.view("W")["decision"]
    assert seen[0] == seen[1]
    opts = [o["action"] for o in seen[0][0]["options"]]
    assert len(opts) == 51 + 1 and "call card JS" in opts and "call card 5S" in opts and opts[-1] == "waive"


def test_000_law_60_case_ix_a_named_card_is_exposed() -> None:
    t = law_table()
    t.apply("E: name KD")
    assert t.places()["KD"] == "exposed E" and rulings(t)[0].law == ["000 §60", "000 Case IX"]


# ---------------------------------------------------------------------------------------------- out of turn


def test_000_law_62_a_lead_out_of_turn_exact_remedies_at_the_next_adversarys_turn() -> None:
    t = law_table()
    t.apply("E: play KH")
    assert t.to_act == "S"
    assert texts(t.legal_actions()) == ["play 7H", "play 8H", "play 9H", "call card KH", "call suit", "waive"]
    assert "call card KH" in texts(t.irregular_actions("N"))  # either adversary (000 §84)


def test_000_law_62_the_card_led_out_of_turn_called() -> None:
    t = law_table()
    t.apply("E: play KH")
    t.apply("call card KH")
    assert t.places()["KH"] == "exposed E" and t.to_act == "N" and t.view(None)["trick"] == []


def test_000_law_62_a_suit_called_when_next_the_offenders_side_leads() -> None:
    t = law_table()
    t.apply("E: play KH")
    t.apply("call suit")
    steer(t, "E")  # E W win the trick N leads
    d = t.view(None)["decision"]
    assert (
        d is not None
        and d["side"] == "NS"
        and [o["action"] for o in d["options"]] == ["call suit C", "call suit D", "call suit H", "call suit S", "waive"]
    )
    t.apply("call suit D")
    leader = t.to_act
    assert leader in ("E", "W") and all(a.card is not None and a.card.suit == 1 for a in t.legal_actions())


def test_000_law_62_footnote_27_the_partner_of_the_rightful_leader_a_suit_called_at_once() -> None:
    t = law_table()
    t.apply("S: play JD")  # N should lead; his partner leads
    assert t.to_act == "W" and texts(t.legal_actions())[-6:] == [
        "call card JD",
        "call suit C",
        "call suit D",
        "call suit H",
        "call suit S",
        "waive",
    ]
    t.apply("call suit H")  # called at once from the right leader
    assert t.to_act == "N" and texts(t.legal_actions()) == ["play 2H", "play 5H", "play AH"]
    assert t.places()["JD"] == "hand S"


def test_000_law_63_84_the_lead_out_of_turn_let_stand() -> None:
    t = law_table()
    t.apply("E: play KH")
    t.apply("waive")
    assert t.to_act == "S" and texts(t.legal_actions()) == ["play 7H", "play 8H", "play 9H"]
    t.apply("play 7H")
    t.apply("play 3H")
    assert "call suit" not in texts(t.legal_actions())  # the first decision is final (000 §84)


def test_000_law_63_all_three_following_a_lead_out_of_turn_the_trick_stands() -> None:
    t = law_table()
    t.apply("E: play KH")
    t.apply("play 7H")
    t.apply("play 3H")
    t.apply("play 2H")
    assert rulings(t)[-1].data["remedy"] == "the trick stands" and rulings(t)[-1].law == ["000 §63"]
    assert t.view(None)["tricks"] == {"NS": 0, "EW": 1}


def test_000_law_63_the_cards_played_to_a_false_lead_are_taken_back() -> None:
    t = law_table()
    t.apply("E: play KH")
    t.apply("play 7H")
    t.apply("play 3H")
    assert "call suit" in texts(t.legal_actions())  # N may still exact the penalty
    t.apply("call card KH")
    assert t.places()["7H"] == "hand S" and t.places()["3H"] == "hand W" and t.places()["KH"] == "exposed E"


def test_000_law_66_a_suit_called_from_a_player_who_has_none_the_penalty_is_paid() -> None:
    t = law_table({**MASTER, "E": "TS 9S 8S KH QH JH TH KD QD 4D KC QC 4C"})
    t.apply("S: play JD")
    t.apply("call suit C")
    assert all(a.card is not None and a.card.suit == 0 for a in t.legal_actions())


def test_000_law_67_the_third_hand_before_the_second_no_penalty() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("S: play 9H")
    r = rulings(t)[0]
    assert r.law == ["000 §67"] and r.data["remedy"] == "none" and t.to_act == "E"
    assert "W: play 3H" not in [str(a) for a in t.legal_actions()]
    t.apply("W: play 3H")  # the fourth may then play before his partner
    assert rulings(t)[-1].law == ["000 §67"]


def test_000_law_68_the_fourth_hand_before_his_partner_may_be_called_on_to_win_or_not() -> None:
    t = law_table()
    t.apply("play 2D")
    t.apply("W: play 7D")
    assert t.to_act == "S" and texts(t.legal_actions()) == ["require win", "require not win", "waive"]
    assert "require win" in texts(t.irregular_actions("N"))  # either adversary (000 §84)
    t.apply("require not win")
    assert t.to_act == "E" and texts(t.legal_actions()) == ["play 4D"]


def test_000_law_69_a_player_who_omitted_to_play_the_adversaries_may_claim_a_new_deal() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("omit")  # E does not play to the trick
    t.apply("play 9H")
    t.apply("play 3H")
    assert t.view(None)["tricks"] == {"NS": 1, "EW": 0}
    play_on(
        t,
        lambda t: (
            t.view(None)["decision"] is not None and t.view(None)["decision"]["text"].startswith("E has a card left")
        ),
    )
    assert texts(t.legal_actions()) == ["claim new deal", "waive"]
    events = t.apply("waive")
    assert any("is no revoke there" in e.text for e in events)


def test_000_law_70_a_card_mixed_with_a_trick_is_restored_when_found() -> None:
    t = law_table()
    steer(t, "N")
    t.apply("E: mix KD")
    assert t.places()["KD"] == "quitted 1"
    play_on(t, lambda t: t.phase == "claims")
    assert any(e.data.get("irregularity") == "case vi found" for e in rulings(t))


# ---------------------------------------------------------------------------------------------- the revoke


def _revoke(t: hoyle.Table) -> None:
    """E renounces in error in the first trick (he holds hearts), and N leads to the next: established."""
    t.apply("play AH")
    t.apply("play KD")
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AD")


def test_000_law_71_73_a_renounce_is_established_when_the_next_trick_is_led() -> None:
    t = law_table()
    t.apply("play AH")
    assert "play KD" in texts(t.irregular_actions("E")) and "play KD" not in texts(t.legal_actions())
    t.apply("play KD")
    assert not rulings(t)  # nobody knows yet
    assert "correct" in texts(t.irregular_actions("E"))
    t.apply("play 9H")
    t.apply("play 3H")
    assert "correct" in texts(t.irregular_actions("E"))  # turned, not yet quitted
    t.apply("play AD")
    assert "correct" not in texts(t.irregular_actions("E"))


def test_000_law_72_revoke_options_claimed_at_the_end_of_the_hand() -> None:
    t = law_table()
    _revoke(t)
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    d = t.view(None)["decision"]
    assert d["side"] == "NS" and texts(t.legal_actions()) == ["claim revoke", "waive"]
    partner = "NESW"[("NESW".index(t.to_act) + 2) % 4]
    assert "claim revoke" in texts(t.irregular_actions(partner))  # partners may consult on a revoke (000 §84)
    assert "mix tricks" in texts(t.irregular_actions("E"))  # the accused may mix the cards (000 §77)
    t.apply("claim revoke")
    assert texts(t.legal_actions()) == ["penalty take three tricks", "penalty deduct three", "penalty add three"]
    assert [o["law"] for o in t.view(None)["decision"]["options"]] == ["000 §72"] * 3


def test_000_law_72_taking_three_tricks() -> None:
    t = law_table()
    _revoke(t)
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    t.apply("claim revoke")
    tricks = t.view(None)["tricks"]
    events = t.apply("penalty take three tricks")
    finish_hand(t)
    result = t.record()["deals"][0]["result"]
    moved = min(3, tricks["EW"])
    assert result["tricks"] == {"NS": tricks["NS"] + moved, "EW": tricks["EW"] - moved}
    assert result["transfers"] == [{"from": "EW", "to": "NS", "tricks": 3, "law": "000 §72"}]
    assert events


def test_000_law_75_a_claim_the_search_does_not_bear_out_fails() -> None:
    t = law_table(SUITED, dealer="E", turned="2H")  # every side renounces, none in error
    play_on(t, lambda t: t.phase == "claims")
    failed = 0
    while (d := t.view(None)["decision"]) and d["text"].endswith("may claim a revoke"):
        events = t.apply("claim revoke")
        failed += any("the claim fails" in e.text for e in events)
    assert failed == 2


def test_000_law_76_a_renounce_corrected_the_adversaries_choose() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("play KD")
    t.apply("play 9H")
    t.apply("E: correct")
    assert t.places()["9H"] == "hand S"  # the card played after him is taken back
    assert t.to_act == "N" and texts(t.legal_actions()) == [
        "call card KD",
        "require highest",
        "require lowest",
        "waive",
    ]
    t.apply("require lowest")
    assert t.to_act == "E" and texts(t.legal_actions()) == ["play TH"]


def test_000_law_76_correction_after_the_trick_is_turned_but_not_quitted() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("play KD")
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("E: correct")
    assert t.view(None)["tricks"] == {"NS": 0, "EW": 0} and t.places()["3H"] == "hand W"
    t.apply("call card KD")
    assert t.places()["KD"] == "exposed E"
    # At E's turn the exposed king may be called (000 §56), asked whether or not he could obey, so that the
    # question tells nobody what he holds; he must follow hearts, so the call has no effect now (000 §64).
    assert t.to_act == "N" and texts(t.legal_actions()) == ["call card KD", "waive"]
    t.apply("waive")
    assert t.to_act == "E"


def test_000_law_74_asking_having_none_the_renouncer_answers() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("play KD")
    t.apply("W: ask having none")
    assert t.to_act == "E" and texts(t.legal_actions()) == ["correct"]
    assert "answer none" in texts(t.irregular_actions("E"))
    t.apply("correct")
    assert t.to_act == "N" and texts(t.legal_actions())[0] == "call card KD"


def test_000_law_77_mixing_the_tricks_after_a_claim_establishes_the_revoke() -> None:
    t = law_table(SUITED, dealer="E", turned="2H")
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    t.apply("W: mix tricks")
    events = t.apply("claim revoke")
    assert any(e.law == ["000 §77"] for e in events)
    assert texts(t.legal_actions())[0] == "penalty take three tricks"


def test_000_law_81_both_sides_revoke_neither_can_win_the_game() -> None:
    t = law_table(score={"NS": 4, "EW": 4})
    t.apply("play AH")
    t.apply("play KD")  # E renounces in error
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AD")
    t.apply("play QD")
    t.apply("play JD")
    t.apply("play 3D")
    t.apply("play 2C")  # N leads clubs
    t.apply("play KC")
    t.apply("play 7S")  # S renounces in error (he holds clubs)
    play_on(t, lambda t: t.phase == "claims")
    while (d := t.view(None)["decision"]) and d["text"].endswith("may claim a revoke"):
        t.apply("claim revoke")
        t.apply("penalty add three")
    finish_hand(t)
    assert t.scores == {"NS": 4, "EW": 4} and "both sides have revoked" in " ".join(e.text for e in rulings(t))


# ---------------------------------------------------------------------------------------------- general rules


def test_000_law_84_either_adversary_may_exact_and_the_first_demand_is_final() -> None:
    t = law_table()
    t.apply("E: play KH")
    assert t.to_act == "S"
    t.apply("N: call card KH")  # N, not S, exacts: lawful under 000 §84
    assert t.places()["KH"] == "exposed E" and t.to_act == "N"


def test_000_law_85_the_trick_shows_who_played_each_card() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("S: play 9H")
    assert t.view("W")["trick"] == [{"seat": "N", "card": "AH"}, {"seat": "S", "card": "9H"}]


def test_000_law_86_attention_called_to_the_trick() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("N: call attention")
    assert rulings(t)[0].law == ["000 §86"]
    assert t.to_act == "W" and texts(t.legal_actions()) == [
        "require highest",
        "require lowest",
        "require win",
        "require not win",
        "waive",
    ]
    t.apply("require highest")
    t.apply("play KH")
    assert texts(t.legal_actions()) == ["play 9H"]


def test_000_law_87_the_offender_who_plays_before_the_decision_exposes_the_card() -> None:
    t = law_table()
    t.apply("play 2H")
    t.apply("W: play 6H")  # fourth before second: S N to decide on E
    assert t.view(None)["decision"]["side"] == "NS"
    t.apply("E: play KH")
    assert t.places()["KH"] == "exposed E" and "000 §87" in rulings(t)[-1].law


def test_000_law_91_looking_at_an_earlier_trick_the_code_names_no_penalty() -> None:
    t = law_table()
    steer(t, "NN")
    assert texts(t.irregular_actions("E")).count("look at trick 1") == 1
    assert "look at trick 2" not in texts(t.irregular_actions("E"))  # the last trick may be seen
    t.apply("E: look at trick 1")
    r = rulings(t)[0]
    assert r.law == ["000 §91"] and r.data["silent"] and "silent on the penalty" in r.text


def test_every_ruling_names_its_law() -> None:
    t = law_table()
    _revoke(t)
    t.apply("S: expose JS")
    t.apply("W: name trump card")
    finish_hand(t)
    assert rulings(t) and all(e.law for e in rulings(t))


def test_strict_hot_path_is_untouched_by_law_mode() -> None:
    t = hoyle.game("whist").table(seed=3)
    assert type(t).__name__ == "WhistTable" and not hasattr(t, "_decisions")
    assert Action("deal") not in t.legal_actions()


# ---------------------------------------------------------------------------------------------- more of 000


def test_000_law_32_a_card_seen_in_the_dealers_shuffle_he_may_be_made_to_shuffle_again() -> None:
    t = law_table()
    t.apply("W: show a card in shuffling")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["require reshuffle", "waive"]
    t.apply("require reshuffle")
    assert rulings(t)[-1].law == ["000 §32"] and _void(t) == "new deal" and t.view(None)["dealer"] == "W"


def test_000_law_34_a_card_exposed_in_cutting_a_fresh_cut() -> None:
    t = law_table()
    assert "expose a card in cutting" in texts(t.irregular_actions("S"))  # S is the pone
    t.apply("S: expose a card in cutting")
    assert rulings(t)[0].law == ["000 §34"] and _void(t) == "new deal" and t.view(None)["dealer"] == "W"


def test_000_law_61_failing_to_lead_the_suit_called_incurs_the_penalty_of_a_revoke() -> None:
    t = law_table()
    t.apply("S: play JD")  # N's lead
    t.apply("call suit C")
    assert texts(t.legal_actions()) == ["play 2C", "play 5C", "play AC"]
    n = len(t.events)
    t.apply("play AH")  # N holds clubs and leads a heart: a fact, told to nobody until the search (issue 13)
    assert rulings(t, n) == []
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("NS renounced"):
        t.apply("waive")
    events = t.apply("claim revoke")
    assert any(e.data.get("irregularity") == "failed to comply" and e.law == ["000 §61"] for e in events)


def test_000_law_64_65_an_exposed_card_called_bites_only_when_it_can_be_played_and_may_be_called_again() -> None:
    t = law_table()
    t.apply("E: expose KD")
    t.apply("play AS")
    # The call is offered at E's turn whatever he holds (asking only when he could obey would tell N that E is
    # void of spades); E must follow with a spade, so the call has no effect (000 §64) and the king stays liable.
    assert t.to_act == "N" and texts(t.legal_actions()) == ["call card KD", "waive"]
    n = len(t.events)
    t.apply("call card KD")
    # The ruling is the same whether he can obey or not: the table is not told whether E can follow (issue 13).
    assert [e.text for e in rulings(t, n)] == [
        "N calls the king of diamonds from E: he must play it, unless that"
        " would make him revoke (000 §56, 000 §64, 000 §65)"
    ]
    assert rulings(t, n)[0].law == ["000 §56", "000 §64", "000 §65"]
    assert t.to_act == "E" and "play KD" not in texts(t.legal_actions()) and t.places()["KD"] == "exposed E"
    t.apply("play 8S")
    assert t.view(None)["calls"].get("E", {}).get("called") is None  # the call is spent at this turn
    t.apply("play 6S")
    t.apply("play 3S")
    t.apply("play 2D")  # N leads a diamond: now it may be called
    assert texts(t.legal_actions()) == ["call card KD", "waive"]
    t.apply("waive")
    t.apply("play 4D")
    t.apply("play 8D")
    t.apply("play 3D")
    steer(t, "N")
    play_on(t, lambda t: (d := t.view(None)["decision"]) is not None and d["text"].startswith("E has exposed"))
    assert "call card KD" in texts(t.legal_actions())  # the call may be made again at a later trick


@pytest.mark.parametrize("code", ["english-1864", "american-1893"])
def test_the_call_of_an_exposed_card_tells_nobody_whether_its_owner_can_follow(code: str) -> None:
    """Issue 13: the ruling on a call that cannot bite (he must follow suit) used to differ from one that does, so
    the table learnt whether E held the suit led before he played. Two deals differing by E's spades and
    diamonds show every seat but E the same."""
    void = dict(MASTER, E="KH QH JH TH KD QD 4D KC QC 4C JD TD 9D", S="JS 7S 6S 9H 8H 7H TS 9S 8S 8D JC TC 9C")
    seen = []
    for hands in (MASTER, void):
        t = law_table(hands, code=code)
        t.apply("E: expose KD")
        t.apply("play AS")
        t.apply("call card KD")
        seen.append([(t.view(s), [e.visible_to(s) for e in t.events]) for s in ("N", "W", None)])
    assert seen[0] == seen[1]


@pytest.mark.parametrize("code", ["english-1864", "american-1893"])
def test_a_called_suit_tells_nobody_whether_the_leader_holds_it(code: str) -> None:
    """Issue 13: "who has none: the penalty is paid" told the table N's clubs before he led. The ruling is now the
    same whether N holds clubs or not, and his failure to lead them is told to nobody until the search."""
    no_clubs = dict(MASTER, N="AS KS QS 4S AH 5H 2H AD 5D 2D 6H 4H 3H", W="5S 3S AC 5C 2C 7D 6D 3D 8C 7C 6C 3C 2S")
    seen = []
    for hands in (MASTER, no_clubs):
        t = law_table(hands, code=code)
        t.apply("S: play JD")  # N should lead; his partner leads
        t.apply("call suit C")  # called at once from N
        t.apply("play AH")  # N leads a heart: lawful without clubs, a failure to comply with them
        seen.append([(t.view(s), [e.visible_to(s) for e in t.events]) for s in ("E", None)])
    assert seen[0] == seen[1]


def test_000_law_72_ii_a_penalty_for_each_revoke() -> None:
    t = law_table()
    t.apply("play AH")
    t.apply("play KD")  # E renounces in error
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play 5H")  # N leads hearts again
    t.apply("play QD")  # and again
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    t.apply("claim revoke")
    t.apply("penalty add three")
    d = t.view(None)["decision"]
    assert d["text"] == "the penalty for revoke 2 of 2 by EW"
    assert texts(t.legal_actions()) == ["penalty take three tricks", "penalty deduct three", "penalty add three"]


def test_hoyle_judge_prints_a_hand_with_its_rulings(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from hoyle.cli import app
    from hoyle.records import dumps

    t = law_table()
    t.apply("E: play KH")
    t.apply("call card KH")
    finish_hand(t)
    path = tmp_path / "law.json"
    path.write_text(dumps(t.record()), encoding="utf-8")
    result = CliRunner().invoke(app, ["judge", str(path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "RULING 1: E leads the king of hearts out of turn" in result.output and "000 §62" in result.output
    assert "RULING 2: S calls the card led out of turn" in result.output
    bad = CliRunner().invoke(app, ["judge", str(tmp_path / "missing.json")])
    assert bad.exit_code == 2


def test_000_law_72_79_a_revoke_claimed_during_the_play_is_decided_at_the_end() -> None:
    t = law_table()
    _revoke(t)
    assert "claim revoke" in texts(t.irregular_actions("S"))
    t.apply("S: claim revoke")
    assert rulings(t)[-1].law == ["000 §72", "000 §75", "000 §79"]
    play_on(t, lambda t: (d := t.view(None)["decision"]) is not None and d["text"].startswith("the penalty"))
    assert texts(t.legal_actions()) == ["penalty take three tricks", "penalty deduct three", "penalty add three"]


def test_one_catalogue_and_a_remedy_for_every_irregularity_in_every_code() -> None:
    from hoyle.laws import CATALOGUE, CODES

    for code, table in CODES.items():
        missing = [k for k in CATALOGUE if k not in table]
        assert not missing, f"{code} has no rule for {missing}"
        for key, r in table.items():
            assert r.laws and all(law.split()[0] in ("000", "002", "004", "rules") for law in r.laws), (code, key)
            assert not r.silent or "silent" in r.text, (code, key)


def test_every_ruling_is_of_a_known_irregularity() -> None:
    import random

    from hoyle.laws import CODES

    known = set().union(*(set(t) for t in CODES.values())) | {"honours"}
    for seed in range(4):
        t = hoyle.game("whist", irregularities=True).table(seed=seed)
        rng = random.Random(seed)
        while not t.over:
            if rng.random() < 0.15 and (acts := t.irregular_actions(s := rng.choice("NESW"))):
                t.apply(f"{s}: {rng.choice(acts)}")
            else:
                t.apply(rng.choice(t.legal_actions()))
        keys = {e.data["irregularity"] for e in rulings(t)}
        assert keys <= known, keys - known
