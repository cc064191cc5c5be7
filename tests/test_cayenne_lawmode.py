"""Law mode at the Cayenne table: 002 §8–39 with the interlined Cayenne lines (docs/cayenne.md, "The laws").

Each test builds the situation at a law-mode table from a given deal and checks the ruling (its law and its
sentence) and the score to the point.  The table of values is rules §3's: with the seven of hearts cut from the
still pack, hearts are cayenne at 4 a trick, diamonds 3, clubs 2, spades 1; grand and nullo 8.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import IllegalAction, Table, bots
from hoyle.cards import PACK_52
from hoyle.laws.cayenne import LawCayenneTable
from hoyle.laws.judge import judge_lines
from hoyle.rulebook.cayenne import CayenneTable
from laws_helpers import bots_sit

PACK = frozenset(str(c) for c in PACK_52)

MASTER = {
    # Three or four of every suit in each hand; West deals, North is the eldest hand and leads.
    "N": "AS KS QS 4S AH 5H 2H AD 5D 2D AC 5C 2C",
    "E": "TS 9S 8S KH QH JH TH KD QD 4D KC QC 4C",
    "S": "JS 7S 6S 9H 8H 7H JD TD 9D 8D JC TC 9C",
    "W": "5S 3S 6H 4H 3H 7D 6D 3D 8C 7C 6C 3C 2S",
}
LONG = {
    # Twelve of one suit and a single card of another in each hand (North holds the five honours of spades).
    "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2C",
    "E": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2H",
    "S": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2D",
    "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2S",
}


def table(
    hands: dict[str, str] | None = None,
    *,
    dealer: str = "W",
    turned: str = "7H",
    score: dict[str, int] | None = None,
    **options: Any,
) -> Table:
    """A law-mode Cayenne table with a given first deal (the seven of hearts cut: hearts are cayenne)."""
    given: dict[str, Any] = {"dealer": dealer, "turned": turned, "hands": hands or MASTER}
    if score is not None:
        given["score"] = score
    return hoyle.game("cayenne", irregularities=True, **options).table(deal=given)


def play_out(t: Table) -> None:
    """The first lawful action until the claims step (or the end)."""
    for _ in range(500):
        if t.over or t.phase == "claims":
            return
        t.apply(t.legal_actions()[0])
    raise AssertionError("the hand did not end")


def waive_all(t: Table) -> None:
    while not t.over and t.phase == "claims":
        t.apply("waive")


def rulings(t: Table, since: int = 0) -> list[str]:
    return [e.text for e in t.events[since:] if e.kind == "ruling"]


def scores_of(t: Table, since: int = 0) -> list[str]:
    return [e.text for e in t.events[since:] if e.kind in ("score", "game")]


def result(t: Table, i: int = 0) -> dict[str, Any]:
    return dict(t.record()["deals"][i]["result"])


def texts(actions: list[Any]) -> list[str]:
    return [str(a) for a in actions]


def replays(t: Table) -> None:
    """The record replays to the same events, rulings and scores (design.md "Records and replay")."""
    r = hoyle.replay(t.record())
    assert [e.text for e in r.events] == [e.text for e in t.events]
    assert r.scores == t.scores and r.places() == t.places()


def revoke_by_south(declaration: str) -> Table:
    """North leads the ace of clubs; South, holding clubs, plays the nine of hearts (a renounce in error that
    stands: 002 §28); the hand is played out to the claims step, where NS first decline to claim."""
    t = table()
    t.apply(declaration)
    for a in ("play AC", "play 4C", "S: play 9H", "play 3C"):  # South, holding clubs, renounces
        t.apply(a)
    play_out(t)
    return t


# ---------------------------------------------------------------------------------------------- the table


def test_002_cayenne_law_mode_is_the_option_irregularities_and_strict_mode_is_unchanged() -> None:
    strict = hoyle.game("cayenne").table(seed=1)
    assert type(strict) is CayenneTable and strict.irregular_actions("N") == []
    t = hoyle.game("cayenne", irregularities=True).table(seed=1)
    assert isinstance(t, LawCayenneTable) and isinstance(t, CayenneTable)
    assert t.phase == "declare" and t.to_act == "W"
    v = t.view("N")
    assert v["code"] == "american-1893" and v["law_mode"] and v["decision"] is None
    assert v["exposed"] == {} and v["calls"] == {} and v["cut_card"] == strict.view("N")["cut_card"]
    assert t.view("N")["hand"] == strict.view("N")["hand"]  # the same seed deals the same cards


def test_002_18_cayenne_declaration_then_the_eldest_leads_and_no_trump_card_acts() -> None:
    """002 §18 Cayenne: the dealer declares or leaves it to his partner; §18 (the trump card) "does not apply to
    Boston, or Cayenne": there is no trump card to take up, leave, name or forget."""
    t = table()
    assert texts(t.legal_actions())[-1] == "pass"
    t.apply("pass")
    assert t.to_act == "E" and "pass" not in texts(t.legal_actions())
    try:
        t.apply("N: declare H")
    except IllegalAction as exc:
        assert "E's turn" in str(exc)
    t.apply("declare hearts")
    assert t.phase == "play" and t.to_act == "N" and t.view("N")["trumps"] == "H"
    assert t.view("N")["declaration"] == {"what": "H", "title": "hearts", "by": "E", "unit": 4, "side": "EW"}
    every = [str(a) for s in "NESW" for a in t.irregular_actions(s)]
    assert not [a for a in every if "trump" in a or a in ("remind", "interrupt")]
    try:
        t.apply("declare S")
    except IllegalAction as exc:
        assert "cannot be changed (002 §18 Cayenne)" in str(exc)
    replays(t)


# ---------------------------------------------------------------------------------------------- the deal


def test_002_17_cayenne_a_misdeal_is_dealt_again_by_the_same_dealer() -> None:
    """002 §17 II and the Cayenne line: "the misdealer deals again with the same cards"; the deal is never lost."""
    t = hoyle.game("cayenne", irregularities=True).table(seed=5)
    n = len(t.events)
    t.apply("W: deal irregularly")
    assert rulings(t, n) == [
        "W did not deal the cards one at a time in rotation: a misdeal; the deal is never lost,"
        " and W deals again with the same cards (002 §17 II, 002 §17 Cayenne)"
    ]
    assert result(t, 0) == {"void": "deals again", "next dealer": "W"}
    assert t.view(None)["dealer"] == "W" and t.phase == "declare" and t.to_act == "W"
    assert t.record()["deals"][1]["pack"] == t.record()["deals"][0]["pack"]  # the same pack
    replays(t)


def test_002_12_cayenne_a_dealer_who_shuffles_after_the_cut_deals_again() -> None:
    t = hoyle.game("cayenne", irregularities=True).table(seed=6)
    n = len(t.events)
    t.apply("W: shuffle after the cut")
    assert rulings(t, n) == [
        "W shuffles the pack after it has been cut: a misdeal; the deal is never lost, and W"
        " deals again with the same cards (002 §12, 002 §12 Cayenne)"
    ]
    assert t.view(None)["dealer"] == "W" and t.view(None)["deal"] == 2


def test_002_17_i_cayenne_a_deal_uncut_claimed_as_a_misdeal_is_dealt_again() -> None:
    t = hoyle.game("cayenne", irregularities=True).table(seed=7)
    t.apply("W: deal uncut")
    assert t.phase == "penalty" and t.to_act == "N"
    assert texts(t.legal_actions()) == ["claim misdeal", "waive"]
    n = len(t.events)
    t.apply("claim misdeal")
    assert rulings(t, n) == [
        "N claims the misdeal, discovered before the adversaries looked at their cards: a"
        " misdeal; the deal is never lost, and W deals again with the same cards (002 §17 I,"
        " 002 §17 Cayenne)"
    ]
    assert t.view(None)["dealer"] == "W" and t.phase == "declare"


def test_002_16_cayenne_a_deal_out_of_turn_stopped_or_valid() -> None:
    """002 §16 and the Cayenne line: one dealing out of turn must be stopped before the last card is dealt;
    after that the deal is valid (and he declares)."""
    t = hoyle.game("cayenne", irregularities=True).table(seed=8)
    u = t.clone()
    t.apply("E: deal")
    assert t.to_act == "S" and texts(t.legal_actions()) == ["stop deal", "waive"]
    t.apply("stop deal")
    assert rulings(t)[-1] == (
        "S stops the deal before the last card is dealt: the cards are gathered and W deals (002 §16, 002 §16 Cayenne)"
    )
    assert t.view(None)["dealer"] == "W" and t.to_act == "W"
    u.apply("E: deal")
    u.apply("waive")
    assert u.view(None)["dealer"] == "E" and u.phase == "declare" and u.to_act == "E"
    assert u.view(None)["eldest"] == "S"
    replays(t)
    replays(u)


def test_002_16_cayenne_the_other_pack_not_stopped_the_packs_so_remain() -> None:
    t = hoyle.game("cayenne", irregularities=True).table(seed=9)
    assert t.record()["deals"][0]["pack"] == 0
    t.apply("W: deal with the other pack")
    assert rulings(t) == [
        "W dealt with the other pack: one dealing with his adversaries' pack must be stopped before"
        " the last card is dealt; after that the deal is valid and the packs, changed, so remain"
        " (002 §16, 002 §16 Cayenne)"
    ]
    assert t.to_act == "N" and texts(t.legal_actions()) == ["stop deal", "waive"]
    t.apply("waive")
    t.apply("declare H")
    while t.view(None)["deal"] == 1:
        t.apply(t.legal_actions()[0])
    assert [d["pack"] for d in t.record()["deals"]] == [1, 0]  # the packs, changed, so remain
    replays(t)


def test_002_15_a_card_exposed_in_dealing_gives_the_side_not_in_fault_a_new_deal() -> None:
    t = table()
    t.apply("W: deal exposing a card")
    assert t.to_act == "N" and texts(t.legal_actions()) == ["claim new deal", "waive"]
    t.apply("claim new deal")
    assert rulings(t)[-1] == "N claims a new deal: the same dealer deals again (002 §15)"
    assert t.view(None)["dealer"] == "W" and t.view(None)["deal"] == 2 and t.phase == "declare"


def test_002_11_14_a_card_exposed_in_cutting_or_faced_in_the_pack_the_same_dealer_deals_again() -> None:
    t = table()
    t.apply("S: expose a card in cutting")
    assert rulings(t) == ["S exposes a card in cutting: W shuffles, has the pack cut and deals again (002 §11)"]
    u = table()
    u.apply("W: deal with a card faced")
    assert rulings(u) == ["a card was found faced in the pack as W dealt (002 §14 I)"]
    assert t.view(None)["dealer"] == u.view(None)["dealer"] == "W"


def test_002_19_a_wrong_number_found_after_the_first_trick_both_sides_a_new_deal() -> None:
    """002 §19: found after all have played to the first trick; the adversaries also wrong: a new deal."""
    t = table()
    t.apply("W: deal a card too many to N")  # unnoticed: North holds fourteen, East twelve
    t.apply("declare H")
    for c in ("AC", "4C", "9C", "3C"):
        t.apply(f"play {c}")
    assert "claim misdeal" in texts(t.irregular_actions("E"))
    t.apply("E: claim misdeal")
    assert rulings(t)[-1] == "E points out that the hands are wrong (N 14, E 12 cards dealt) (002 §19)"
    assert result(t) == {"void": "new deal", "next dealer": "W"} and t.phase == "declare"


def test_002_22_winning_cards_led_the_partner_may_be_called_on_to_win() -> None:
    t = table()
    t.apply("declare H")
    t.apply("play AC")
    t.apply("N: play AD")
    assert t.places()["AD"] == "exposed N"
    assert t.to_act == "E" and texts(t.legal_actions()) == ["require win", "waive"]


def test_002_35_attention_called_the_last_adversary_requires_the_lowest() -> None:
    t = table()
    t.apply("declare H")
    t.apply("play AC")
    t.apply("play 4C")
    t.apply("N: call attention")
    assert t.to_act == "W" and texts(t.legal_actions()) == ["require highest", "require lowest", "waive"]
    t.apply("require lowest")
    assert rulings(t)[-1] == "W requires S to play his lowest card of the suit led (002 §35)"
    assert texts(t.legal_actions()) == ["play 9C"]


def test_002_38_failing_to_comply_with_a_call_bears_the_cayenne_revoke_penalty() -> None:
    t = table()
    t.apply("declare H")
    t.apply("E: expose KC")
    t.apply("play AC")
    t.apply("call card KC")
    n = len(t.events)
    t.apply("E: play QC")  # East keeps the called king back: a fact for the search, told to nobody (issue 13)
    assert rulings(t, n) == []
    play_out(t)
    t.apply("waive")  # EW do not claim against NS
    t.apply("claim revoke")
    assert rulings(t)[-1] == (
        "the search confirms that E failed to comply with a call in trick 1 (002 §38, 002 §30 Cayenne)"
    )
    assert texts(t.legal_actions()) == ["penalty take three tricks", "penalty deduct three", "penalty add three"]


def test_002_28_a_renounce_is_a_plain_play_of_the_seat_to_act() -> None:
    """As at every law-mode table, the seat to act plays a card he may not lawfully play with a plain ``play 9H``:
    a renounce in error (002 §28), a fact nobody is told of; a card he does not hold is refused and changes
    nothing."""
    t = table()
    t.apply("declare H")
    t.apply("play AC")
    t.apply("play 4C")
    before = t.record()
    assert "play 9H" in [str(a) for a in t.irregular_actions("S")] and "play 9H" not in [
        str(a) for a in t.legal_actions()
    ]
    try:
        t.apply("play AS")
    except IllegalAction as exc:
        assert "S does not hold" in str(exc)
    else:
        raise AssertionError("a card not held was taken")
    assert t.record() == before
    events = t.apply("play 9H")
    assert [e.kind for e in events] == ["play"] and t.places()["9H"] == "trick"
    assert t.record()["actions"][-1] == "play 9H"
    replays(t)


# ---------------------------------------------------------------------------------------------- the revoke


def test_002_30_cayenne_revoke_take_three_tricks_at_the_cayenne_suit() -> None:
    """002 §30 Cayenne: "the adversaries of the revoking player may take from him three tricks".  NS took seven
    tricks, EW six; EW take three: ten tricks, four over the book at hearts (cayenne, 4): 12; with four honours
    16 more: 28, two games of ten and eight towards the third.  NS cannot score (they revoked)."""
    t = revoke_by_south("declare H")
    assert t.view(None)["tricks"] == {"NS": 7, "EW": 6}
    assert t.to_act == "E" and texts(t.legal_actions()) == ["claim revoke", "waive"]
    n = len(t.events)
    t.apply("claim revoke")
    assert texts(t.legal_actions()) == ["penalty take three tricks", "penalty deduct three", "penalty add three"]
    assert t.view("N")["decision"]["law"] == ["002 §30 Cayenne", "002 §31 Cayenne"]
    t.apply("penalty take three tricks")
    waive_all(t)
    assert rulings(t, n)[:3] == [
        "E claims a revoke against NS, and the tricks are searched (002 §30 Cayenne, 002 §31 Cayenne, 002 §32,"
        " 002 §33)",
        "the search proves a revoke: in trick 1 S played the nine of hearts holding clubs (002 §30 Cayenne, 002 §28)",
        "EW take three tricks from NS; NS cannot score slams or game this hand, and stop at nine (002 §30 Cayenne,"
        " 002 §31 Cayenne)",
    ]
    r = result(t)
    assert r["points"] == {"NS": 0, "EW": 28} and r["games"] == ["EW", "EW"] and r["score"] == {"NS": 0, "EW": 8}
    assert r["transfers"] == [{"from": "NS", "to": "EW", "tricks": 3, "law": "002 §30 Cayenne"}]
    assert r["capped"] == ["NS"]
    replays(t)


def test_002_30_cayenne_revoke_deduct_the_value_of_three_tricks_from_the_revokers() -> None:
    """002 §30 Cayenne: "may deduct the value of three tricks from his score": at hearts 3 × 4 = 12, taken from
    NS's six (down to nothing, design.md), before the hand's points (the penalty first, as 000 §5); NS then score
    their odd trick, 4; EW's four honours without the odd trick stop at nine (002 §1 Cayenne)."""
    t = table(score={"NS": 6, "EW": 0})
    t.apply("declare H")
    for a in ("play AC", "play 4C", "S: play 9H", "play 3C"):  # South, holding clubs, renounces
        t.apply(a)
    play_out(t)
    t.apply("claim revoke")
    t.apply("penalty deduct three")
    waive_all(t)
    assert scores_of(t)[:3] == [
        "the value of three tricks, 12, is deducted from NS's score for their revoke (002 §30 Cayenne)",
        "NS score 4 by cards, 7 tricks (1 over the book at 4) (002 §1 Cayenne; rules §3)",
        "EW score 9 by honours (4 held: 4 at 4; 7 lost: without the odd trick they stop at nine) (002 §1 Cayenne;"
        " rules §3)",
    ]
    r = result(t)
    assert r["points"] == {"NS": -2, "EW": 9} and r["score"] == {"NS": 4, "EW": 9} and r["games"] == []
    assert r["penalties"] == [{"side": "NS", "points": -12, "law": "002 §30 Cayenne"}]


def test_002_30_cayenne_revoke_add_the_value_of_three_tricks_at_grand() -> None:
    """002 §30 Cayenne at grand (8 a trick): EW add 24 to their score: two games and four over."""
    t = revoke_by_south("declare grand")
    tricks = t.view(None)["tricks"]
    t.apply("claim revoke")
    n = len(t.events)
    t.apply("penalty add three")
    waive_all(t)
    assert rulings(t, n)[0] == (
        "EW add the value of three tricks, 24, to their own score; NS cannot score slams or"
        " game this hand, and stop at nine (002 §30 Cayenne, 002 §31 Cayenne)"
    )
    # The penalty first: EW 24, two games and four; NS begin the new game at nothing and score their trick over
    # the book, 8 (under nine: the cap does not bite).
    assert tricks == {"NS": 7, "EW": 6}
    r = result(t)
    assert r["games"] == ["EW", "EW"] and r["points"] == {"NS": 8, "EW": 24} and r["score"] == {"NS": 8, "EW": 4}


def test_002_30_cayenne_revoke_at_nullo_each_choice() -> None:
    """At nullo the adversaries score the tricks over the book (002 §1 Cayenne).  Taking three tricks is read
    literally (they pass from the revokers to the claimants, which at nullo helps the revokers); deducting or
    adding is the value of three tricks at 8: 24."""
    base = revoke_by_south("declare nullo")
    assert base.view(None)["tricks"] == {"NS": 7, "EW": 6}
    base.apply("claim revoke")
    got = {}
    for choice in ("penalty take three tricks", "penalty deduct three", "penalty add three"):
        t = base.clone()
        t.apply(choice)
        waive_all(t)
        got[choice] = (result(t)["points"], result(t)["score"])
    # Taken: NS 4, EW 9: EW's three over the book are NS's 24 — but NS revoked and stop at nine.
    assert got["penalty take three tricks"] == ({"NS": 9, "EW": 0}, {"NS": 9, "EW": 0})
    # NS's one over the book scores 8 to EW; the deduction from NS's nothing is nothing.
    assert got["penalty deduct three"] == ({"NS": 0, "EW": 8}, {"NS": 0, "EW": 8})
    # EW add 24 (two games and four), then 8 for NS's trick over the book: three games and two.
    assert got["penalty add three"] == ({"NS": 0, "EW": 32}, {"NS": 0, "EW": 2})


def test_002_30_31_cayenne_the_revokers_score_no_slam_and_no_game_they_stop_at_nine() -> None:
    """002 §30 Cayenne: "The revoking players cannot score slams or game that hand. All slams must be made
    independently of the revoke penalty"; §31 Cayenne: "the revoking players must stop at nine".  NS stand at
    seven, take twelve tricks at spades (1 a trick) and hold the five honours, but North revoked in the first
    trick: EW add 3; NS's six by cards stop at nine, the slam (20 by option) and the honours are lost."""
    t = table(LONG, dealer="S", score={"NS": 7, "EW": 0}, slam_little=20, slam_grand=40)
    t.apply("declare S")
    for a in ("play AC", "N: play 3S", "play 3D", "play 3H"):  # North trumps the ace of clubs holding the two
        t.apply(a)
    play_out(t)
    assert t.view(None)["tricks"] == {"NS": 12, "EW": 1}
    assert t.to_act == "N"
    t.apply("waive")  # NS do not claim (EW renounced only lawfully)
    t.apply("claim revoke")
    t.apply("penalty add three")
    waive_all(t)
    assert scores_of(t) == [
        "EW add the value of three tricks, 3, for NS's revoke (002 §30 Cayenne)",
        "NS score 2 by cards, 12 tricks (6 over the book at 1; 4 lost: a side that revoked stops at nine)"
        " (002 §1 Cayenne; rules §3)",
        "NS made a little slam but revoked: no slam (002 §30 Cayenne)",
        "NS score 0 by honours (5 held: 6 at 1; 6 lost: a side that revoked stops at nine) (002 §1 Cayenne; rules §3)",
    ]
    r = result(t)
    assert r["score"] == {"NS": 9, "EW": 3} and r["games"] == [] and r["capped"] == ["NS"]
    replays(t)


def test_002_30_both_sides_revoke_neither_wins_the_game_and_each_penalty_is_chosen() -> None:
    """002 §30: "if both sides revoke, neither can win the game in that hand"; each side's adversaries choose
    their penalty (002 §30 Cayenne)."""
    t = table()
    t.apply("declare H")
    for a in ("play AC", "play 4C", "S: play 9H", "play 3C"):  # South renounces in error
        t.apply(a)
    for a in ("play JD", "W: play 2S", "play 2D", "play 4D"):  # West renounces in error, holding diamonds
        t.apply(a)
    play_out(t)
    n = len(t.events)
    assert t.to_act == "E"  # first the claim against the eldest hand's side (NS)
    t.apply("claim revoke")
    t.apply("penalty add three")
    t.apply("claim revoke")
    t.apply("penalty add three")
    waive_all(t)
    assert "both sides have revoked: neither can win the game by this hand (002 §30)" in rulings(t, n)
    r = result(t)
    assert r["capped"] == ["NS", "EW"]
    assert r["games"] == [] and max(r["score"].values()) == 9
    assert r["penalties"] == [
        {"side": "EW", "points": 12, "law": "002 §30 Cayenne"},
        {"side": "NS", "points": 12, "law": "002 §30 Cayenne"},
    ]
    replays(t)


def test_002_32_the_search_with_the_tricks_mixed_establishes_the_revoke() -> None:
    """002 §32: "no proof is necessary and the revoke is established, if, after it has been claimed, the accused
    player or his partner mixes the cards before they have been examined"."""
    t = table()
    t.apply("declare H")
    play_out(t)  # lawful play: no renounce in error
    assert t.to_act == "E" and "mix tricks" in texts(t.irregular_actions("S"))
    n = len(t.events)
    t.apply("S: mix tricks")
    t.apply("claim revoke")
    assert rulings(t, n)[:3] == [
        "S mixes the cards before the claimants have examined them: a revoke claimed will be established (002 §32)",
        "E claims a revoke against NS, and the tricks are searched (002 §30 Cayenne, 002 §31 Cayenne, 002 §32,"
        " 002 §33)",
        "NS mixed the cards before they were examined: the revoke is established (002 §32)",
    ]
    assert texts(t.legal_actions()) == ["penalty take three tricks", "penalty deduct three", "penalty add three"]


def test_002_32_a_claim_the_search_does_not_bear_out_fails() -> None:
    t = table()
    t.apply("declare H")
    play_out(t)
    t.apply("claim revoke")
    assert rulings(t)[-1] == (
        "the search shows no revoke by NS: the claim fails (002 §30 Cayenne, 002 §31 Cayenne, 002 §32, 002 §33)"
    )
    waive_all(t)
    assert "penalties" not in result(t)


def test_002_33_a_revoke_cannot_be_claimed_once_the_pack_is_cut_for_the_next_deal() -> None:
    """002 §33: the claim must come "before the cards have been presented and cut for the following deal".  West,
    the next deal's pone, cuts before the claims are done: it is too late for his side (000 Case VIII)."""
    t = table()
    t.apply("declare H")
    for a in ("play 5C", "play KC", "S: play 9H", "play 3C"):  # South renounces in error in the first trick
        t.apply(a)
    play_out(t)
    assert t.to_act == "E" and "cut" in texts(t.irregular_actions("W"))
    n = len(t.events)
    t.apply("W: cut")
    assert rulings(t, n) == [
        "W cuts the pack for the next deal before it is presented: it is now too late for his"
        " side to claim a revoke; the code is silent on a cut made before the pack is presented;"
        " as 000 Case VIII decides, it is too late for the cutter's side only (002 §33, 000 Case"
        " VIII)"
    ]
    waive_all(t)  # NS may still claim
    assert t.phase == "declare" and t.view(None)["deal"] == 2  # EW had no chance to claim S's revoke
    assert "penalties" not in result(t) and "transfers" not in result(t)


def test_002_29_a_renounce_corrected_in_time_the_card_is_liable_to_be_called() -> None:
    """002 §29: the card improperly played is liable to be called; those who played after him may withdraw."""
    t = table()
    t.apply("declare H")
    for a in ("play AC", "play 4C", "S: play 9H"):
        t.apply(a)
    assert "correct" in texts(t.irregular_actions("S"))
    n = len(t.events)
    t.apply("S: correct")
    assert rulings(t, n) == ["S corrects his renounce, the nine of hearts, before it is established (002 §29)"]
    assert t.places()["9H"] == "exposed S" and t.view("E")["exposed"] == {"S": ["9H"]}
    # the liable card may be called at S's turn (002 §21), asked whatever S holds; he must follow clubs, so a
    # call would have no effect now, and E waives it
    assert t.to_act == "E" and texts(t.legal_actions()) == ["call card 9H", "waive"]
    t.apply("waive")
    assert t.to_act == "S" and texts(t.legal_actions()) == ["play 9C", "play TC", "play JC"]
    t.apply("play JC")
    t.apply("play 3C")
    play_out(t)
    waive_all(t)
    assert "penalties" not in result(t) and "transfers" not in result(t)


# ---------------------------------------------------------------------------------------------- the play


def test_002_24_a_lead_out_of_turn_and_the_suit_called_by_the_right_hand_adversary() -> None:
    """002 §24: a suit may be called from the offender or his partner the first time either has the lead, by the
    adversary on the right of that player; the cards played to the false lead are taken back."""
    t = table()
    t.apply("declare H")
    t.apply("E: play KC")
    assert t.to_act == "S" and "call suit" in texts(t.legal_actions())
    n = len(t.events)
    t.apply("call suit")
    assert rulings(t, n) == [
        "S exacts a suit from E or his partner, to be called when next either of them has the"
        " lead; the cards played to the false lead are taken back and are not liable to be"
        " called (002 §24)"
    ]
    assert t.places()["KC"] == "hand E" and t.to_act == "N"
    for c in ("5C", "QC", "9C", "3C"):  # East wins and is to lead: North, on his right, calls the suit
        t.apply(f"play {c}")
    assert t.phase == "penalty" and t.to_act == "N"
    assert texts(t.legal_actions()) == ["call suit C", "call suit D", "call suit H", "call suit S", "waive"]
    assert "call suit S" in texts(t.irregular_actions("S"))  # the wrong adversary may say it (and forfeit: §39)
    t.apply("call suit S")
    assert rulings(t)[-1] == (
        "N calls spades from E, who must lead one if he can (having none, no penalty can be enforced) (002 §24)"
    )
    assert t.view("E")["calls"] == {"E": {"lead": "S"}}
    assert texts(t.legal_actions()) == ["play 8S", "play 9S", "play TS"]
    replays(t)


def test_002_39_the_wrong_adversary_calling_the_suit_forfeits_it() -> None:
    t = table()
    t.apply("declare H")
    t.apply("E: play KC")
    t.apply("call suit")
    for c in ("5C", "QC", "9C", "3C"):
        t.apply(f"play {c}")
    n = len(t.events)
    t.apply("S: call suit S")
    assert rulings(t, n) == ["S demands call suit S, but the penalty is N's to exact: none can be enforced (002 §39)"]
    assert t.phase == "play" and t.to_act == "E" and t.view("E")["calls"] == {}


def test_002_20_21_an_exposed_card_is_called() -> None:
    """002 §20 I, §21: a card faced on the table is liable to be called, and must be played when called if it can
    be without revoking."""
    t = table()
    t.apply("declare H")
    n = len(t.events)
    t.apply("E: expose KC")
    assert rulings(t, n) == ["E drops the king of clubs face upwards on the table (002 §20 I, 002 §21)"]
    assert t.places()["KC"] == "exposed E" and t.view("S")["exposed"] == {"E": ["KC"]}
    t.apply("play AC")
    assert t.phase == "penalty" and t.to_act == "N"
    assert texts(t.legal_actions()) == ["call card KC", "waive"]
    t.apply("call card KC")
    assert (
        rulings(t)[-1] == "N calls the king of clubs from E: he must play it, unless that would make him revoke"
        " (002 §21)"
    )
    assert texts(t.legal_actions()) == ["play KC"]
    t.apply("play KC")
    assert t.places()["KC"] == "trick"
    replays(t)


def test_002_26_the_fourth_hand_playing_before_the_second() -> None:
    """002 §26: the third hand may call on the second to play his highest or lowest of the suit led."""
    t = table()
    t.apply("declare H")
    t.apply("play AD")
    n = len(t.events)
    t.apply("W: play 3D")
    assert rulings(t, n) == [
        "W, fourth hand, plays the three of diamonds before E: the fourth hand played before"
        " the second, the third not having played: the third hand may call on the second to play"
        " his highest or lowest of the suit led, or, having none, to trump or not to trump"
        " (002 §26)"
    ]
    assert t.to_act == "S" and texts(t.legal_actions()) == ["require highest", "require lowest", "waive"]
    t.apply("require highest")
    assert rulings(t)[-1] == "S requires E to play his highest card of the suit led (002 §26)"
    assert texts(t.legal_actions()) == ["play KD"]


def test_002_26_at_grand_the_choice_to_trump_or_not_is_spent() -> None:
    """002 §26 "or, if he has none, to trump or not to trump": at grand there is no trump suit (002 §18 Cayenne),
    so a second hand void of the suit led is under no call."""
    t = table(LONG, dealer="E")
    t.apply("declare grand")
    t.apply("play 2D")  # South leads his diamond; West, second, has none
    t.apply("E: play AD")  # the fourth hand plays before the second
    t.apply("require lowest")
    assert rulings(t)[-2:] == [
        "N requires W to play his lowest of the suit led; he has none, so he may be required to trump or not to"
        " trump (002 §26)",
        "W has none of the suit led, and at grand there are no trumps: the call is spent (002 §26, 002 §35,"
        " 002 §18 Cayenne)",
    ]
    assert t.phase == "play" and t.to_act == "W" and len(t.legal_actions()) == 13


def test_002_37_cayenne_the_last_trick_may_be_seen_but_not_an_earlier_one() -> None:
    """002 §37 Cayenne: "it is still the custom to permit looking at the last trick, except in Misères"; an
    earlier trick seen subjects the offender's side to the penalty for a lead out of turn (002 §37, §24)."""
    t = table()
    t.apply("declare H")
    for c in ("AC", "4C", "9C", "3C", "AD", "4D", "8D", "3D"):
        t.apply(f"play {c}")
    assert t.view("E")["last_trick"]["cards"][0] == {"seat": "N", "card": "AD"}
    n = len(t.events)
    t.apply("E: look at trick 2")
    assert rulings(t, n) == [
        "E looks at trick 2, which has been turned and quitted, the last trick: permitted by"
        " the Cayenne custom (002 §37 Cayenne)"
    ]
    t.apply("E: look at trick 1")
    assert rulings(t)[-1] == "E looks at trick 1, which has been turned and quitted (002 §37, 002 §24)"
    # N leads; when EW next have the lead a suit may be called from them.
    for c in ("2C", "QC", "JC", "6C"):
        t.apply(f"play {c}")
    assert t.phase == "penalty" and t.to_act == "N" and t.view(None)["decision"]["law"] == ["002 §37", "002 §24"]


def test_002_37_cayenne_at_nullo_the_last_trick_is_not_to_be_seen() -> None:
    """hoyle takes nullo for 002 §37 Cayenne's misère: "The penalty in a misère game is the same as for a lead out
    of turn"; the view does not show the last trick at nullo."""
    t = table()
    t.apply("declare nullo")
    for c in ("AC", "4C", "9C", "3C"):
        t.apply(f"play {c}")
    assert t.view("E")["last_trick"] is None
    n = len(t.events)
    t.apply("E: look at trick 1")
    assert rulings(t, n) == [
        "E looks at trick 1, which has been turned and quitted at nullo (002 §37 Cayenne, 002 §24)"
    ]


def test_002_27_36_abandoned_hands_go_as_claimed_and_the_revoke_penalty_attaches() -> None:
    """002 §36: "The rest are ours": the partner's cards are laid on the table, liable to be called; 002 §27: all
    four throw their cards down: the result as claimed is established, "provided that, if a revoke is
    discovered, the revoke penalty attaches"."""
    t = table()
    t.apply("declare H")
    for a in ("play AC", "play 4C", "S: play 9H", "play 3C"):  # South renounces in error and wins the trick
        t.apply(a)
    n = len(t.events)
    t.apply("S: claim the rest")
    assert rulings(t, n) == [
        "S says the rest are his side's: N's cards are laid upon the table: one who says the rest"
        " are his side's: his partner's cards must be laid upon the table and are liable to be"
        " called (002 §36)"
    ]
    assert len(t.view("E")["exposed"]["N"]) == 12
    for s in "NESW":
        t.apply(f"{s}: throw down hand")
    assert rulings(t)[-1] == (
        "all have thrown their cards on the table: the hands are abandoned, the remaining tricks"
        " going to NS as claimed or admitted (002 §27)"
    )
    assert t.phase == "claims" and t.to_act == "E"
    t.apply("claim revoke")
    assert t.view(None)["decision"]["law"] == ["002 §27", "002 §30 Cayenne"]
    t.apply("penalty take three tricks")
    waive_all(t)
    r = result(t)
    # NS had the thirteen tricks as claimed; EW take three: NS ten (four over the book at 4: 16, stopped at nine,
    # 002 §31 Cayenne); EW's four honours (16) without the odd trick stop at nine too (002 §1 Cayenne).
    assert r["abandoned"] and r["points"] == {"NS": 9, "EW": 9} and r["games"] == []
    replays(t)


# ---------------------------------------------------------------------------------------------- records, judge, bots


def test_a_cayenne_law_record_replays_and_is_judged() -> None:
    t = revoke_by_south("declare H")
    t.apply("claim revoke")
    t.apply("penalty add three")
    waive_all(t)
    lines = judge_lines(t.record())
    assert lines[0] == "cayenne, code american-1893 (002 with its Cayenne lines)"
    assert any(line.startswith("  RULING 3: EW add the value of three tricks, 12") for line in lines)
    assert any("W declares hearts trumps" in line for line in lines)
    replays(t)


def _bot_choice(t: Table) -> str:
    seat = t.to_act
    assert seat is not None
    return str(bots.make("rules", "cayenne").choose(t.view(seat), t.legal_actions()))


def test_the_cayenne_bot_claims_a_revoke_its_memory_shows_and_exacts_the_best_penalty() -> None:
    t = table()
    t.apply("declare H")
    for a in ("play AC", "play 4C", "S: play 9H", "play 3C"):  # South, holding clubs, renounces
        t.apply(a)
    play_out(t)
    # South renounced clubs in trick 1 and played a club later: East claims.
    assert t.to_act == "E" and _bot_choice(t) == "claim revoke"
    t.apply("claim revoke")
    # Adding 12 reaches a game (worth 22 to the bot); three tricks taken are worth 12 + 4 (EW gain three over the
    # book, NS lose one); deducting from NS's nothing is worth nothing.
    assert _bot_choice(t) == "penalty add three"
    t.apply("penalty add three")
    assert t.to_act == "N" and _bot_choice(t) == "waive"  # EW renounced only when void: nothing shown


def test_the_cayenne_bot_prefers_the_penalty_that_makes_the_game() -> None:
    t = revoke_by_south("declare grand")
    t.apply("claim revoke")
    assert _bot_choice(t) == "penalty add three"  # 24 at grand: two games


def test_cayenne_bots_play_a_law_mode_sitting_to_its_end() -> None:
    for kind in ("rules", "random"):
        t = hoyle.game("cayenne", irregularities=True).table(seed=3)
        bots_sit(t, kind, cap=3000)
        if kind == "rules":  # it claims no revoke it cannot prove
            assert not any("the claim fails" in r for r in rulings(t))


# ---------------------------------------------------------------------------------------------- properties


def _check(t: Table) -> None:
    places = t.places()
    assert set(places) == PACK
    for p in places.values():
        assert p in ("trick", "floor") or p.split(" ")[0] in ("hand", "exposed", "quitted"), p
    assert t.over or (t.to_act in t.seats and t.legal_actions())
    for seat in t.seats:  # a concealed card is seen by its holder only
        v = t.view(seat)
        for other, where in places.items():
            if where.startswith("hand ") and where != f"hand {seat}":
                assert other not in v.get("hand", [])


@given(seed=st.integers(0, 2**32 - 1), rate=st.sampled_from([0.05, 0.2]))
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_random_irregularities_keep_every_card_in_one_place_and_replay_equal(seed: int, rate: float) -> None:
    rng = random.Random(seed)
    t = hoyle.game("cayenne", irregularities=True).table(seed=seed)
    for _ in range(350):
        if t.over:
            break
        _check(t)
        if rng.random() < rate:
            seat = rng.choice(t.seats)
            acts = t.irregular_actions(seat)
            if acts:
                t.apply(f"{seat}: {rng.choice(acts)}")
                continue
        legal = t.legal_actions()
        t.apply(legal[rng.randrange(len(legal))])
    _check(t)
    replays(t)
