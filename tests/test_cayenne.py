"""Cayenne (002's Cayenne lines; rules §3): the declaration, the table of values, tricks, honours, the game of ten
carried over, the rubber of four games; the revoke penalties (002 §30, §31 Cayenne) as pure functions.

The worked examples of rules §3 and rules §10 scenario 19 are here with their exact figures, as pure functions and
played at the table.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import IllegalAction, InvalidDeal
from hoyle.bots import make
from hoyle.bots.cayenne_rules import CayenneRulesBot
from hoyle.cards import PACK_52, Card
from hoyle.cli import app
from hoyle.rulebook.cayenne import honour_points, revoke_penalty, rubber_value, score_hand, suit_values

runner = CliRunner()

# W deals and declares diamonds with hearts cayenne (diamonds 3 a trick); EW take nine tricks and hold the ace,
# king, queen and knave of trumps, NS the ten (rules §3, the first worked example).
NINE = {
    "W": "AD KD QD JD 9D 8D 7D 6D 5D 2C 3C 4C 5C",
    "N": "TD 4D 3D 2D 6C 7C 8C 9C TC JC QC KC AC",
    "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "S": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
}
# The same honours, but EW take only six tricks and NS the odd trick (the second worked example).
SIX = {
    "W": "AD KD QD JD 9D 8D 2C 3C 4C 5C 6C 7C 8C",
    "N": "TD 7D 6D 5D 4D 3D 2D 9C TC JC QC KC AC",
    "E": NINE["E"],
    "S": NINE["S"],
}
# EW take eight tricks (no trumps): at nullo NS score them; at grand with ten clubs EW take ten.
EIGHT = {
    "W": "AC KC QC JC TC 9C 8C 7C 6D 5D 4D 3D 2D",
    "N": "6C 5C 4C 3C 2C AD KD QD JD TD 9D 8D 7D",
    "E": NINE["E"],
    "S": NINE["S"],
}
TEN = {
    "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4D 3D 2D",
    "N": "4C 3C 2C AD KD QD JD TD 9D 8D 7D 6D 5D",
    "E": NINE["E"],
    "S": NINE["S"],
}
HIGH = dict.fromkeys("NESW", "high")  # each plays his highest legal card (by card number): NINE and SIX
LOW = dict.fromkeys("NESW", "low")  # each plays his lowest: EIGHT and TEN


def table(
    hands: dict[str, str], *, dealer: str = "W", turned: str = "7H", score: dict[str, int] | None = None, **options: Any
) -> hoyle.Table:
    deal: dict[str, Any] = {"dealer": dealer, "turned": turned, "hands": hands}
    if score is not None:
        deal["score"] = score
    return hoyle.game("cayenne", **options).table(deal=deal, seed=1)


def legal(t: hoyle.Table) -> list[str]:
    return [str(a) for a in t.legal_actions()]


def play_out(t: hoyle.Table, policy: dict[str, str]) -> list[hoyle.Event]:
    """Play the hand to its end: each seat its highest legal card ('high') or lowest ('low') by card number."""
    events: list[hoyle.Event] = []
    deal = t.view(None)["deal"]
    while not t.over and t.view(None)["deal"] == deal:
        seat = t.to_act
        cards = [a for a in t.legal_actions() if a.card is not None]
        pick = max if policy[seat] == "high" else min
        events += t.apply(pick(cards, key=lambda a: int(a.card)))
    return events


def last(t: hoyle.Table) -> dict[str, Any]:
    return t.view(None)["last_result"]


# ---------------------------------------------------------------------------------------------- the values


def test_rules_3_table_of_values() -> None:
    assert suit_values("H") == {"H": 4, "D": 3, "C": 2, "S": 1}
    assert suit_values("D") == {"D": 4, "H": 3, "C": 2, "S": 1}
    assert suit_values("C") == {"C": 4, "S": 3, "H": 2, "D": 1}
    assert suit_values("S") == {"S": 4, "C": 3, "H": 2, "D": 1}
    assert suit_values("S", order="SCDH") == {"S": 4, "C": 3, "D": 2, "H": 1}
    assert [honour_points(n) for n in range(6)] == [0, 0, 0, 2, 4, 6]
    t = table(NINE)
    assert t.view("N")["values"] == {"H": 4, "D": 3, "C": 2, "S": 1, "grand": 8, "nullo": 8}
    assert t.view("N")["cayenne"] == "H"


def test_rules_3_honours_are_the_five_ace_to_ten() -> None:
    from hoyle.cards import mask, parse
    from hoyle.rulebook.cayenne import honours_held

    hands = [mask(parse(NINE[s])) for s in "NESW"]
    assert honours_held(hands, 1) == (1, 4)  # NS the ten of diamonds, EW the ace, king, queen, knave


# ---------------------------------------------------------------------------------------------- the worked examples


def test_rules_3_example_21_points_two_games_and_one_carried() -> None:
    h = score_hand([0, 0], [9, 4], [4, 1], unit=3)
    assert [pts for _, _, pts, _, _ in h.items] == [9, 12]
    assert h.games == (0, 0) and h.score == (1, 0) and h.points == (21, 0)


def test_rules_10_scenario_19_a_side_reaching_21_wins_two_games_and_carries_one_at_the_table() -> None:
    t = table(NINE)
    assert legal(t) == ["declare C", "declare D", "declare H", "declare S", "declare grand", "declare nullo", "pass"]
    t.apply("declare D")
    events = play_out(t, HIGH)
    r = last(t)
    assert r["tricks"] == {"NS": 4, "EW": 9} and r["honours"] == {"NS": 1, "EW": 4} and r["unit"] == 3
    assert r["points"] == {"NS": 0, "EW": 21} and r["games"] == ["EW", "EW"] and r["score"] == {"NS": 0, "EW": 1}
    assert [e.data["side"] for e in events if e.kind == "game"] == ["EW", "EW"]
    assert t.scores == {"NS": 0, "EW": 1} and t.view(None)["games_won"] == {"NS": 0, "EW": 2}


def test_rules_3_example_no_odd_trick_honours_stop_at_nine() -> None:
    h = score_hand([7, 0], [6, 7], [4, 1], unit=3)
    assert h.score == (9, 3) and h.points == (2, 3) and not h.games


def test_rules_10_scenario_19_a_side_at_seven_without_the_odd_trick_stops_at_nine_at_the_table() -> None:
    t = table(SIX, score={"NS": 0, "EW": 7})
    t.apply("declare D")
    events = play_out(t, HIGH)
    r = last(t)
    assert r["tricks"] == {"NS": 7, "EW": 6} and r["honours"] == {"NS": 1, "EW": 4}
    assert r["points"] == {"NS": 3, "EW": 2} and r["score"] == {"NS": 3, "EW": 9} and not r["games"]
    text = next(e.text for e in events if e.kind == "score" and e.data["for"] == "honours")
    assert "stop at nine" in text


def test_rules_10_scenario_19_going_out_by_cards_prevents_the_adversaries_honours() -> None:
    h = score_hand([7, 0], [7, 6], [1, 4], unit=3)  # NS 7 + 3 = 10 by cards: EW's four honours are lost
    assert h.games == (0,) and h.points == (3, 0) and h.score == (0, 0)
    assert [what for _, what, _, _, _ in h.items] == ["tricks", "honours"] and h.items[1][2] == 0
    t = table(SIX, score={"NS": 7, "EW": 0})
    t.apply("declare D")
    events = play_out(t, HIGH)
    assert last(t)["points"] == {"NS": 3, "EW": 0} and last(t)["games"] == ["NS"]
    assert any("went out by cards: no honours" in e.text for e in events if e.kind == "score")
    # Without going out, the same honours stop at nine.
    assert score_hand([2, 0], [7, 6], [1, 4], unit=3).score == (5, 9)


def test_rules_10_scenario_19_nullo_tricks_are_scored_by_the_adversaries() -> None:
    h = score_hand([0, 0], [5, 8], [0, 0], unit=8, kind="nullo")  # EW declared and took eight: NS score 16
    assert h.points == (16, 0) and h.games == (0,) and h.score == (6, 0)
    assert score_hand([0, 0], [8, 5], [0, 0], unit=8, kind="nullo").points == (0, 16)
    t = table(EIGHT)
    t.apply("declare nullo")
    assert t.view(None)["trumps"] is None
    play_out(t, LOW)
    assert last(t)["tricks"] == {"NS": 5, "EW": 8}
    assert last(t)["points"] == {"NS": 16, "EW": 0} and last(t)["games"] == ["NS"] and t.scores == {"NS": 6, "EW": 0}


def test_rules_3_example_grand_ten_tricks_three_games_and_two() -> None:
    h = score_hand([0, 0], [3, 10], [0, 5], unit=8, kind="grand")  # no honours at grand
    assert h.points == (0, 32) and h.games == (1, 1, 1) and h.score == (0, 2)
    t = table(TEN)
    t.apply("declare grand")
    play_out(t, LOW)
    assert last(t)["tricks"] == {"NS": 3, "EW": 10} and last(t)["points"] == {"NS": 0, "EW": 32}
    assert t.view(None)["games_won"] == {"NS": 0, "EW": 3} and t.scores == {"NS": 0, "EW": 2}


def test_rules_3_example_rubber_value() -> None:
    assert rubber_value([47, 21], 0) == 34
    assert rubber_value([21, 47], 1) == 34


def test_slams_are_options_and_count_towards_game() -> None:
    assert score_hand([0, 0], [13, 0], [5, 0], unit=1, slam_grand=20).points == (7 + 20 + 6, 0)
    assert score_hand([0, 0], [12, 1], [0, 0], unit=1, kind="grand", slam_little=10).points == (16, 0)
    assert score_hand([0, 0], [13, 0], [5, 0], unit=1).points == (13, 0)  # none by default (rules §3)


# ---------------------------------------------------------------------------------------------- the revoke


def test_002_30_cayenne_revoke_add_the_value_of_three_tricks() -> None:
    p = revoke_penalty({1: "add"}, [7, 6], 3)  # EW revoked: NS add 9, then 3 by cards: out, so EW's honours lost
    h = score_hand([0, 0], p.tricks, [0, 4], unit=3, penalties=p.penalties, capped=p.capped, slam_tricks=p.slam_tricks)
    assert h.points == (9 + 3, 0) and h.games == (0,) and h.score == (2, 0)
    p = revoke_penalty({1: "add"}, [6, 7], 3)  # EW revoked but won the odd trick: their honours stop at nine
    h = score_hand([0, 0], p.tricks, [0, 4], unit=3, penalties=p.penalties, capped=p.capped)
    assert h.points == (9, 9) and not h.games and h.score == (9, 9)


def test_002_30_cayenne_revoke_deduct_and_stop_at_nine() -> None:
    p = revoke_penalty({0: "deduct"}, [10, 3], 2)  # NS revoked at 8: 6 deducted, and they cannot go out
    h = score_hand([8, 0], p.tricks, [4, 1], unit=2, penalties=p.penalties, capped=p.capped)
    assert h.score == (9, 0) and not h.games and h.points == (-6 + 7, 0)
    p = revoke_penalty({0: "deduct"}, [7, 6], 2)
    assert score_hand([2, 0], p.tricks, [0, 0], unit=2, penalties=p.penalties, capped=p.capped).score == (2, 0)


def test_002_30_cayenne_revoke_take_three_tricks_and_no_slam() -> None:
    p = revoke_penalty({1: "take three tricks"}, [10, 3], 1)  # EW revoked: NS take three of theirs
    assert p.tricks == (13, 0) and p.slam_tricks == (10, 3)
    h = score_hand(
        [0, 0],
        p.tricks,
        [0, 0],
        unit=1,
        penalties=p.penalties,
        capped=p.capped,
        slam_tricks=p.slam_tricks,
        slam_grand=20,
    )
    assert h.points == (7, 0)  # the slam is not made independently of the penalty (002 §30)
    p = revoke_penalty({0: "take three tricks"}, [13, 0], 1)  # NS revoked: a slam, but no slam for revokers
    h = score_hand([0, 0], p.tricks, [5, 0], unit=1, capped=p.capped, slam_tricks=p.slam_tricks, slam_grand=20)
    assert h.score == (9, 0) and not h.games
    with pytest.raises(ValueError, match="penalties"):
        revoke_penalty({0: "forgive"}, [7, 6], 1)


# ---------------------------------------------------------------------------------------------- the table


def test_002_18_cayenne_the_dealer_may_leave_the_declaration_to_his_partner_who_must_decide() -> None:
    t = table(NINE)
    assert t.to_act == "W"
    t.apply("pass")
    assert t.to_act == "E" and legal(t) == [
        "declare C",
        "declare D",
        "declare H",
        "declare S",
        "declare grand",
        "declare nullo",
    ]
    with pytest.raises(IllegalAction, match="must decide"):
        t.apply("pass")
    t.apply("declare hearts")
    assert t.view(None)["declaration"] == {"what": "H", "title": "hearts", "by": "E", "unit": 4, "side": "EW"}
    assert t.to_act == "N"  # the eldest hand leads (rules §3)
    with pytest.raises(IllegalAction, match="cannot be changed"):
        t.apply("declare S")


def test_002_13_cayenne_the_deal_and_the_turned_card() -> None:
    t = hoyle.game("cayenne").table(seed=9)
    entry = t.record()["deals"][0]
    assert entry["turned"] and entry["still"].split()[entry["turn cut"]] == entry["turned"]
    assert t.view("N")["cayenne"] == entry["turned"][1]
    assert entry["turned"] not in json.dumps(t.view(None)) and "hand" not in t.view(None)
    assert sorted(t.places()) == sorted(str(c) for c in PACK_52)
    assert all(len(t.view(s)["hand"]) == 13 for s in "NESW")
    name = Card.from_text(entry["turned"]).name
    assert name in next(e.text for e in t.events if e.kind == "deal")


def test_a_misdeal_is_dealt_again_by_the_same_dealer() -> None:
    hands = dict(NINE)
    hands["W"], hands["N"] = NINE["W"] + " AC", NINE["N"].replace(" AC", "")
    t = table(hands)
    assert [e.kind for e in t.events][:3] == ["misdeal", "commit", "deal"] and t.view(None)["dealer"] == "W"
    assert all(len(t.view(s)["hand"]) == 13 for s in "NESW")
    assert hoyle.replay(t.record()).scores == t.scores


def test_given_deals_are_checked() -> None:
    with pytest.raises(InvalidDeal, match="turned"):
        hoyle.game("cayenne").table(deal={"dealer": "W", "hands": NINE})
    with pytest.raises(InvalidDeal, match="score"):
        table(NINE, score={"NS": 10, "EW": 0})
    with pytest.raises(hoyle.UnknownOption, match="suit_order"):
        hoyle.game("cayenne", suit_order="HDC")


def test_the_rubber_is_won_by_the_first_side_to_win_four_games() -> None:
    for seed in range(3):
        t = hoyle.game("cayenne").table(seed=seed)
        rnd = random.Random(seed)
        while not t.over:
            t.apply(rnd.choice(t.legal_actions()))
        v = t.view(None)
        rubber = v["rubber"]
        winner, loser = rubber["side"], "EW" if rubber["side"] == "NS" else "NS"
        assert v["games_won"][winner] == 4 and v["games_won"][loser] < 4
        assert rubber["points"] == v["totals"][winner] + 8 - v["totals"][loser]
        assert t.scores == {winner: rubber["points"], loser: -rubber["points"]}
        assert hoyle.replay(t.record()).scores == t.scores


# ---------------------------------------------------------------------------------------------- bots and terminal


def test_rules_bots_play_a_rubber() -> None:
    for seed in range(3):
        t = hoyle.game("cayenne").table(seed=seed)
        players = {s: make("rules", "cayenne", seed=i) for i, s in enumerate(t.seats)}
        while not t.over:
            s = t.to_act
            assert s is not None
            t.apply(players[s].choose(t.view(s), t.legal_actions()))
        assert t.over and t.view(None)["rubber"] is not None


def test_the_bot_declares_its_strength_or_leaves_it_to_its_partner() -> None:
    t = table(NINE)
    assert str(CayenneRulesBot().choose(t.view("W"), t.legal_actions())) in ("declare D", "declare grand")
    weak = {
        "W": "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2H 3H 4H",
        "N": "7C 8C 9C TC JC QC KC AC 7D 8D 9D TD JD",
        "E": "QD KD AD 5H 6H 7H 8H 9H TH JH QH KH AH",
        "S": NINE["S"],
    }
    t = table(weak, turned="2S")
    assert str(CayenneRulesBot().choose(t.view("W"), t.legal_actions())) in ("pass", "declare nullo")


def test_hoyle_play_cayenne_with_four_bots() -> None:
    result = runner.invoke(
        app, ["play", "cayenne", "--seats", "rules,rules,rules,rules", "--seed", "1"], terminal_width=200
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "are cayenne" in out and "declares" in out and "by honours" in out and "win the rubber" in out
    assert "The sitting is over." in out


def test_hoyle_play_cayenne_a_human_declares() -> None:
    result = runner.invoke(app, ["play", "cayenne", "--seed", "2"], input="pass\n", terminal_width=200)
    out = result.output
    assert "W to declare" in out and "Cayenne" in out and "leaves the declaration to his partner" in out
