"""000's eleven Cases and Decisions, each built at a law-mode table and decided as the book decides.

The letters of the book map to seats: A and B are one side, Y and Z the other; each test says which seats
they are.  Rules §10 scenarios 10 and 12–16 are here too.
"""

from __future__ import annotations

from laws_helpers import MASTER, SUITED, law_table, play_on, rulings, steer, texts


def _abandon(t, first: str) -> None:  # type: ignore[no-untyped-def]
    """``first`` throws down his hand, then the others in turn, so that the hands are abandoned (000 §59)."""
    for s in first + "".join(x for x in "NESW" if x != first):
        t.apply(f"{s}: throw down hand")


def test_case_i_a_card_on_the_floor_is_held_for_honours() -> None:
    """Case I: A B (N S) hold no honour; Y (E) plays with twelve cards, an honour lying on the floor.

    The hand is abandoned; Y Z score four by honours; A B's objection that they held only three fails.
    """
    hands = {
        "N": "AS KS QS JS TS 9S 2C 3C 4C 5C 6C 7C 8C",
        "E": "8S 7S 6S 5S AH KH QH TH 9H AD KD QD JD",
        "S": "9C TC JC QC KC AC 8H 7H 4D 5D 6D 7D 8D",
        "W": "4S 3S 2S 6H 5H 4H 3H 2H 9D TD 2D 3D JH",
    }
    t = law_table(hands, turned="JH")
    t.apply("E: drop QH")  # below the table: not an exposed card (000 §56)
    assert t.places()["QH"] == "floor"
    for trick in ("AS 5S 4D 2S", "KS 6S 5D 3S", "QS 7S 6D 4S", "JS 8S 7D 2D", "TS JD 8D 3D", "9S QD 9C 9D"):
        for c in trick.split():
            t.apply(f"play {c}")
    assert t.view(None)["hand_counts"]["E"] == 6  # Y plays with twelve cards
    _abandon(t, "N")  # A concedes: the remaining tricks go to Y Z
    assert any(e.data.get("irregularity") == "hands abandoned" for e in rulings(t))
    play_on(t, lambda t: t.legal_actions() and str(t.legal_actions()[0]) == "claim honours")
    assert t.to_act in ("E", "W")
    events = t.apply("claim honours")
    scores = [e.text for e in events if e.kind == "score"]
    assert "EW score 4 by honours (4 held) (000 §3, §5)" in scores
    game = next(e for e in events if e.kind == "game")
    assert game.data["side"] == "EW" and game.data["value"] == 3
    n = len(t.events)
    t.apply("N: dispute honours")
    ruling = rulings(t, n)[0]
    assert "000 Case I" in ruling.law and ruling.data["remedy"] == "refused"


def test_case_ii_claiming_the_game_claims_the_honours() -> None:
    """Case II: A B (N S) claim "the game" and score it; after the next trump card is turned, Y Z object."""
    t = law_table(score={"NS": 3, "EW": 0})
    steer(t, "NNNNNNN")  # N S take seven tricks: one by cards, four by honours wanted for the game
    t.apply("E: claim the rest")
    _abandon(t, "E")  # E, then the others: the rest go to E W, who claimed them
    play_on(t, lambda t: t.phase == "claims" and t.view(None)["decision"]["text"].startswith("NS hold"))
    assert texts(t.legal_actions()) == ["claim honours", "claim game", "waive"]
    events = t.apply("claim game")
    assert "000 Case II" in next(e for e in events if e.kind == "ruling").law
    assert next(e for e in events if e.kind == "game").data["side"] == "NS"
    # the next deal is dealt and its trump card turned up at once
    n = len(t.events)
    t.apply("E: dispute honours")
    ruling = rulings(t, n)[0]
    assert ruling.law == ["000 §7", "000 Case II"] and ruling.data["remedy"] == "refused"


def test_case_iii_honours_claimed_after_the_next_trump_card_is_turned_are_refused() -> None:
    """Case III: Y (N) throws down his hand claiming the game; he then marks four (tricks only); after the
    trump card of the next deal is turned up he claims his honours: refused (000 §6)."""
    t = law_table()
    steer(t, "NNNNNNNEEE")  # seven to N S, three to E W
    t.apply("N: claim the rest")
    _abandon(t, "N")  # Y throws down his hand claiming; B contradicts; all throw down
    play_on(t, lambda t: t.phase == "claims" and t.view(None)["decision"]["text"].startswith("NS hold"))
    events = t.apply("waive")  # Y marks four and says nothing of honours
    assert next(e for e in events if e.kind == "score").text.startswith("NS score 4 by cards")
    assert t.scores == {"NS": 4, "EW": 0}  # the next trump card is turned up at once
    n = len(t.events)
    t.apply("N: claim honours")
    ruling = rulings(t, n)[0]
    assert ruling.law == ["000 §6", "000 Case III"] and ruling.data["remedy"] == "refused"
    assert t.scores == {"NS": 4, "EW": 0}


def test_000_law_6_7_honours_called_at_the_end_of_the_hand_are_scored() -> None:
    t = law_table()
    steer(t, "NNNNNNNEEE")
    t.apply("N: claim the rest")
    _abandon(t, "N")
    play_on(t, lambda t: t.phase == "claims" and t.view(None)["decision"]["text"].startswith("NS hold"))
    events = t.apply("claim honours")
    assert any(e.text.startswith("NS score 1 by honours") for e in events if e.kind == "score")  # 4 + 1 = game
    assert t.view(None)["games"] == [{"side": "NS", "value": 3}]


def test_case_iv_the_trump_card_to_the_wrong_hand_is_a_misdeal() -> None:
    """Case IV: the trump card comes to the hand on the dealer's left: a misdeal, the dealer's fault."""
    t = law_table()
    events = t.apply("W: deal trump card to n")
    misdeal = next(e for e in events if e.kind == "ruling")
    assert "000 Case IV" in misdeal.law and "000 §44 III" in misdeal.law
    assert t.record()["deals"][0]["result"]["void"] == "misdeal"
    assert t.view(None)["dealer"] == "N"  # the deal is lost (000 §43)


def test_case_v_a_player_who_keeps_his_hand_is_not_bound_by_his_partner() -> None:
    """Case V: Y (E) throws down his cards ("We have lost"); A (N) and B (S) do the same; Z (W) keeps his hand."""
    t = law_table()
    steer(t, "NE")
    for s in "ENS":
        t.apply(f"{s}: throw down hand")
    places = t.places()
    for s in "NES":
        assert all(p != f"hand {s}" for p in places.values()), f"{s}'s cards are exposed"
    assert any(p == "hand W" for p in places.values())
    assert not any(e.data.get("irregularity") == "hands abandoned" for e in rulings(t))
    assert all("000 §58" in e.law and "000 Case V" in e.law for e in rulings(t))
    # Each player's exposed cards are called by his adversary: at North's turn, E W may call them.
    play_on(t, lambda t: t.view(None)["decision"] is not None and t.view(None)["decision"]["text"].startswith("N "))
    d = t.view(None)["decision"]
    assert d["side"] == "EW" and all(
        o["action"].startswith("call card") or o["action"] == "waive" for o in d["options"]
    )


def test_case_vi_a_the_leader_has_no_card_and_another_two_a_misdeal() -> None:
    """Case VI (a): a card too many dealt to E and one short to S, unnoticed; at the last trick S has no card
    while E has two: a misdeal (000 §44 IV)."""
    t = law_table()
    t.apply("W: deal a card too many to e")
    # W's turned trump card lies on the table until his turn to play (000 §52): not yet counted in his hand
    assert t.view(None)["hand_counts"] == {"N": 13, "E": 14, "S": 12, "W": 12}
    n = len(t.events)
    play_on(
        t, lambda t: any(e.kind == "misdeal" or e.data.get("irregularity") == "case vi misdeal" for e in t.events[n:])
    )
    ruling = next(e for e in rulings(t, n) if e.data["irregularity"] == "case vi misdeal")
    assert "000 Case VI" in ruling.law and "000 §44 IV" in ruling.law
    assert t.view(None)["dealer"] == "N"  # W loses the deal


def test_case_vi_b_the_missing_card_found_is_assigned_and_its_holder_answers_for_a_revoke() -> None:
    """Case VI (b): E's king of hearts lies on the floor; he renounces hearts meanwhile; at his last turn he has
    no card, the king is found and given him, and he answers for the renounce as a revoke (000 §46)."""
    hands = dict(MASTER, S="JS 7S 6S 9H 8H 7H 3H JD TD 9D 8D JC TC", W="5S 3S 6H 4H 7D 6D 3D 8C 7C 6C 3C 9C 2S")
    t = law_table(hands)
    t.apply("E: drop KH")
    for trick in ("AH TH 3H 4H", "2H JH 7H 6H", "QH 8H 3C 5H", "4C JC 8C 2C", "9H 7C 5C 4D"):
        for c in trick.split():
            t.apply(f"play {c}")
    n = len(t.events)
    play_on(t, lambda t: t.phase == "claims")
    found = [e for e in rulings(t, n) if e.data["irregularity"] == "case vi found"]
    assert len(found) == 1 and found[0].law == ["000 Case VI", "000 §46", "000 §70"]
    assert t.places()["KH"].startswith("quitted")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    events = t.apply("claim revoke")
    proved = [e for e in events if e.data.get("remedy") == "revoke proved"]
    assert [e.seat for e in proved] == ["E"] and "trick 5" in proved[0].text


def test_case_vii_a_the_ace_of_trumps_played_and_the_hand_thrown_down_is_a_revoke() -> None:
    """Case VII: a heart is led; the third hand (N), holding hearts, lays down the ace of trumps and throws
    his hand on the table.  Played to the trick, it is a revoke: throwing down is an act of play (000 §73)."""
    t = law_table()
    for c in ("2C", "4C", "JC", "8C"):  # S wins the first trick and leads a heart
        t.apply(f"play {c}")
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AS")  # N holds AH 5H 2H: a renounce in error
    t.apply("N: throw down hand")  # the hand thrown down: the renounce is established
    play_on(t, lambda t: t.phase == "claims")
    assert texts(t.legal_actions()) == ["claim revoke", "waive"] and t.to_act in ("E", "W")
    events = t.apply("claim revoke")
    proved = [e for e in events if e.data.get("remedy") == "revoke proved"]
    assert proved and proved[0].seat == "N"
    assert texts(t.legal_actions()) == ["penalty take three tricks", "penalty deduct three", "penalty add three"]


def test_case_vii_b_the_ace_of_trumps_exposed_to_save_time_is_no_revoke() -> None:
    t = law_table()
    for c in ("2C", "4C", "JC", "8C"):
        t.apply(f"play {c}")
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("N: expose AS")  # laid down to save time, not played
    t.apply("N: throw down hand")
    assert t.places()["AS"] == "exposed N"
    assert t.to_act in ("E", "W") and t.view(None)["decision"]["text"].startswith("N has exposed cards")


def test_case_viii_a_premature_cut_bars_only_the_cutter_and_his_partner() -> None:
    """Case VIII: W, the next pone, cuts before the pack is presented: too late for E W to claim N's revoke,
    not too late for N S to claim E's."""
    t = law_table()
    for c in ("2C", "KC", "JC", "8C"):  # E wins; E leads hearts
        t.apply(f"play {c}")
    t.apply("play KH")
    t.apply("play 9H")
    t.apply("play 6H")
    t.apply("play AS")  # N renounces in error (he holds AH 5H 2H) and wins the trick
    t.apply("play 2D")
    t.apply("play TS")  # E renounces in error (he holds KD QD 4D)
    t.apply("play JD")
    t.apply("play 7D")
    play_on(t, lambda t: t.phase == "claims")
    assert t.to_act in ("E", "W") and t.view(None)["decision"]["text"].startswith("NS renounced")
    n = len(t.events)
    t.apply("W: cut")
    assert "000 Case VIII" in rulings(t, n)[0].law
    d = t.view(None)["decision"]
    assert d["side"] == "NS" and d["text"].startswith("EW renounced")  # N S may still claim
    events = t.apply("claim revoke")
    assert [e.seat for e in events if e.data.get("remedy") == "revoke proved"] == ["E"]


def test_case_ix_a_card_named_in_explanation_is_constructively_exposed() -> None:
    """Case IX: having revoked, N says the card was hidden behind his ace of diamonds: that card may be called."""
    t = law_table()
    for c in ("2C", "4C", "JC", "8C"):
        t.apply(f"play {c}")
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AS")  # the revoke
    t.apply("play KH")
    n = len(t.events)
    t.apply("N: name AD")
    ruling = rulings(t, n)[0]
    assert "000 Case IX" in ruling.law and ruling.data["remedy"] == "liable to be called"
    assert t.places()["AD"] == "exposed N"


def test_case_x_asking_whether_to_call_a_suit_is_consultation_and_loses_the_right() -> None:
    """Case X: Y (E) leads out of turn; B (S) asks his partner "Shall we call a suit or not?": a consultation
    within 000 §84, and the right to a penalty is lost."""
    t = law_table()
    t.apply("E: play KH")
    assert "call suit" in texts(t.legal_actions()) and t.to_act == "S"
    n = len(t.events)
    t.apply("S: consult")
    ruling = rulings(t, n)[0]
    assert ruling.law == ["000 §84", "000 Case X"]
    assert t.to_act == "N" and t.places()["KH"] == "hand E"  # the card is taken back, not liable to be called
    assert all(not a.startswith("call") for a in texts(t.legal_actions()))


def test_case_xi_a_second_card_to_a_complete_trick_is_only_an_exposed_card() -> None:
    """Case XI: A (N) leads, the others follow; A plays another card to that trick: it is an exposed card,
    not a lead out of turn."""
    t = law_table()
    for c in ("2C", "KC", "JC", "8C"):  # E wins the trick
        t.apply(f"play {c}")
    n = len(t.events)
    t.apply("N: add 5C")
    ruling = rulings(t, n)[0]
    assert ruling.data["irregularity"] == "second card to trick" and "000 Case XI" in ruling.law
    assert t.places()["5C"] == "exposed N" and t.to_act == "E"
    assert t.view(None)["trick"] == []


def test_rules_scenario_10_revoke_penalty_takes_precedence_treble() -> None:
    """000 §72 V: claimants at two add three for a revoke and win a treble, though the revoking side made
    thirteen tricks and held four honours (rules §10 scenario 10)."""
    hands = {
        "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2C",
        "W": "2D AS KS QS JS TS 9S 8S 3C 4C 5C 6C 7C",
        "N": "7S 6S 5S 4S 3S 2S 8C 9C TC JC QC KC AC",
    }
    t = law_table(hands, dealer="E", turned="2H", score={"NS": 2, "EW": 0})
    t.apply("play AD")
    t.apply("play AS")  # W holds the 2D: a renounce in error
    play_on(t, lambda t: t.phase == "claims")
    assert t.view(None)["tricks"] == {"NS": 0, "EW": 13}
    while t.view(None)["decision"]["text"].startswith("NS renounced"):
        t.apply("waive")
    assert t.view(None)["decision"]["side"] == "NS"
    t.apply("claim revoke")
    events = t.apply("penalty add three")
    events += t.apply("claim honours") if t.view(None)["decision"] else []
    game = next(e for e in t.events if e.kind == "game")
    assert game.data["side"] == "NS" and game.data["value"] == 3
    assert t.record()["deals"][0]["result"]["points"] == {"NS": 3, "EW": 0}


def test_000_law_82_the_revoking_side_stops_at_four() -> None:
    hands = {
        "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2C",
        "W": "2D AS KS QS JS TS 9S 8S 3C 4C 5C 6C 7C",
        "N": "7S 6S 5S 4S 3S 2S 8C 9C TC JC QC KC AC",
    }
    t = law_table(hands, dealer="E", turned="2H", score={"NS": 2, "EW": 0})
    t.apply("play AD")
    t.apply("play AS")
    play_on(t, lambda t: t.phase == "claims")
    while t.view(None)["decision"]["text"].startswith("NS renounced"):
        t.apply("waive")
    t.apply("claim revoke")
    t.apply("penalty deduct three")
    result = t.record()["deals"][0]["result"]
    assert result["points"] == {"NS": 0, "EW": 4} and "game" not in result
    assert t.scores == {"NS": 2, "EW": 4}  # three deducted from nothing is nothing; 13 tricks stop at four


def test_suited_deal_is_a_deal() -> None:
    t = law_table(SUITED, dealer="E", turned="2H")
    assert t.view(None)["trumps"] == "H" and MASTER
