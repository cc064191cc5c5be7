"""Law mode at Dummy and Double Dummy: their exceptions to the laws (000 Dummy I–III, Double Dummy)."""

from __future__ import annotations

from laws_helpers import law_table, laws_of, play_on, rulings, texts


def _dummy(**kw):  # type: ignore[no-untyped-def]
    return law_table(game="dummy", dealer="N", turned="2C", **kw)


def test_dummy_i_dummy_deals_first_at_law_too() -> None:
    t = _dummy()
    assert t.view(None)["dealer"] == "N" and t.to_act == "E" and t.view(None)["controllers"] == {"N": "S"}
    assert "deal uncut" in texts(t.irregular_actions("N"))


def test_dummy_ii_dummys_revoke_not_discovered_before_the_trick_is_quitted_stands() -> None:
    t = _dummy()
    t.apply("play KH")  # E leads; S, W, then Dummy
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AS")  # Dummy (N) renounces: he holds AH 5H 2H (clubs are trumps)
    t.apply("play KD")  # E won and leads: the trick is quitted
    r = [e for e in rulings(t) if e.data["irregularity"] == "dummy revoke"]
    assert r and r[0].law == ["000 Dummy II"] and "stands good" in r[0].text
    play_on(t, lambda t: t.phase == "claims")
    while (d := t.view(None)["decision"]) and not d["text"].startswith("NS renounced"):
        t.apply("waive")
    if t.view(None)["decision"]:
        events = t.apply("claim revoke")
        assert "N" not in [e.seat for e in events if e.data.get("remedy") == "revoke proved"]


def test_dummy_ii_dummys_renounce_corrected_in_time_without_penalty() -> None:
    t = _dummy()
    t.apply("play KH")
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AS")
    t.apply("N: correct")
    assert t.places()["AS"] == "hand N" and rulings(t)[-1].law == ["000 Dummy II"] and t.to_act == "N"


def test_dummy_iii_dummys_partner_exposing_cards_incurs_no_penalty() -> None:
    t = _dummy()
    t.apply("S: expose JS")
    r = rulings(t)[0]
    assert r.law == ["000 Dummy III"] and r.data["remedy"] == "none" and t.places()["JS"] == "hand S"
    t.apply("S: claim the rest")
    assert rulings(t)[-1].law == ["000 Dummy III"]


def test_dummy_iii_leading_from_the_wrong_hand_a_suit_may_be_called_from_the_right_one() -> None:
    t = _dummy()
    for c in ("KH", "9H", "3H", "AH"):  # Dummy wins and should lead
        t.apply(f"play {c}")
    assert t.to_act == "N"
    t.apply("S: play JS")  # from his own hand instead of Dummy's
    assert rulings(t)[0].law == ["000 Dummy III"] and t.places()["JS"] == "hand S"
    assert t.view(None)["decision"]["side"] == "EW"
    assert texts(t.legal_actions()) == ["call suit C", "call suit D", "call suit H", "call suit S", "waive"]
    t.apply("call suit D")
    assert t.to_act == "N" and all(a.card is not None and a.card.suit == 1 for a in t.legal_actions())


def test_dummy_footnote_39_dummys_partner_revoking_is_liable_to_the_usual_penalty() -> None:
    t = _dummy()
    t.apply("play KH")
    t.apply("play JS")  # S renounces in error: he holds 9H 8H 7H
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("NS renounced"):
        t.apply("waive")
    events = t.apply("claim revoke")
    assert [e.seat for e in events if e.data.get("remedy") == "revoke proved"] == ["S"]


def test_dummy_an_adversarys_exposed_card_is_called_by_dummys_partner() -> None:
    t = _dummy()
    t.apply("W: expose 7D")
    assert t.places()["7D"] == "exposed W"
    t.apply("play KD")  # E leads a diamond; S, then W
    t.apply("play JD")
    d = t.view(None)["decision"]
    assert d is not None and d["side"] == "NS" and t.to_act == "S"


def test_double_dummy_there_is_no_misdeal() -> None:
    t = law_table(game="double-dummy", dealer="N", turned="2C")
    t.apply("N: deal irregularly")
    assert "000 Double Dummy" in laws_of(t) and t.view(None)["dealer"] == "N"
    assert t.record()["deals"][0]["result"]["void"] == "new deal"


def test_double_dummy_both_players_errors_go_unpunished_where_they_cannot_gain() -> None:
    t = law_table(game="double-dummy", dealer="N", turned="2C")
    t.apply("W: expose 7D")
    assert rulings(t)[0].law == ["000 Dummy III"]
