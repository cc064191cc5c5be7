"""PHH export and import (hoyle.phh): the defects of issue 14 and the encoding of 003's game in PHH.

PokerKit as a reader of every hand is tests/test_phh_pokerkit.py; here, the files themselves.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import hoyle
from hoyle.bots import make
from hoyle.phh import dumps, hands, loads, loads_all, to_table
from poker_narrative import AFTER_THE_DRAW, BEFORE_THE_DRAW, NARRATIVE, THE_DRAW


def narrative() -> Any:
    t = hoyle.game("poker").table(deal=NARRATIVE)
    for a in BEFORE_THE_DRAW + THE_DRAW + AFTER_THE_DRAW:
        t.apply(a)
    return t


def play(options: dict[str, Any], seed: int, how: str = "choice") -> Any:
    """A sitting played out: ``choice`` draws every action from one random.Random(seed); ``bots`` seats a
    random bot seeded ``seed`` at every seat; ``seats`` one seeded ``seed + i`` at the i-th seat."""
    t = hoyle.game("poker", **options).table(seed=seed)
    rnd = random.Random(seed)
    bots = {s: make("random", "poker", seed=seed + (i if how == "seats" else 0)) for i, s in enumerate(t.seats)}
    while not t.over:
        if how == "choice":
            t.apply(rnd.choice(t.legal_actions()))
        else:
            s = t.to_act
            t.apply(bots[s].choose(t.view(s), t.legal_actions()))
    return t


def cards_of(act: str) -> list[str]:
    words = act.split("#")[0].split()
    return re.findall(r"..", words[-1]) if len(words) >= 3 and words[-1] not in ("sd", "f", "cc") else []


# ---------------------------------------------------------------------------------------------- the narrative


def test_the_narrative_as_phh_readers_count_it() -> None:
    """003's deal: going in is a raise to two over the Age's blind; the Age holds the age with a check; every
    discard comes before the cards drawn; the pool PHH adds up is 003's, 36 before the draw and 101 after."""
    t = narrative()
    t.apply("see")
    fields = loads(dumps(t, deal=1))
    assert fields["variant"] == "S5CD" and fields["blinds_or_straddles"] == [1, 0, 0, 0, 0]  # the Age's ante
    assert fields["antes"] == [0, 0, 0, 0, 0] and fields["min_bet"] == 1 and fields["_limit"] == 10
    assert fields["players"] == ["B", "C", "D", "E", "A"] and fields["winnings"] == [101, 0, 0, 0, 0]
    acts = fields["actions"]
    assert acts[:5] == [
        "d dh p1 AhQd3dQc5s",
        "d dh p2 Ac3s4s9h2d",
        "d dh p3 Th8hTsJc8d",
        "d dh p4 8c3cKh4hJs",
        "d dh p5 2h6d7sKd9s",
    ]
    assert acts[5:13] == ["p2 cbr 2", "p3 cbr 6", "p4 cbr 9", "p5 f", "p1 cc", "p2 cc", "p3 cc", "p1 sd 3d5s"]
    assert acts[13:20] == ["p2 sd 9h", "p3 sd Jc", "p4 sd 3c", "d dh p1 Qh9d", "d dh p2 Jd", "d dh p3 5d", "d dh p4 As"]
    assert acts[20].startswith("p1 cc # holds the age")
    assert acts[21:] == [
        "p2 f",
        "p3 cbr 5",
        "p4 cbr 15",
        "p1 cbr 20",
        "p3 f",
        "p4 cbr 30",
        "p1 cc",
        "p1 sm QhQdQcAh9d",
        "p4 sm AsKhJs8c4h",
    ]
    stakes: dict[str, int] = {"p1": 1}  # the pool as a reader adds it up: each stake is what the act brings it to
    pool = 0
    for a in acts[5:]:
        words = a.split("#")[0].split()
        if not words or words[0] == "d":
            continue
        if words[1] == "sd" and stakes:
            pool += sum(stakes.values())
            stakes = {}
        elif words[1] == "cbr":
            stakes[words[0]] = int(words[2])
        elif words[1] == "cc":
            stakes[words[0]] = max(stakes.values(), default=0)
    pool += sum(stakes.values())
    assert pool == 101
    again = to_table(fields)
    assert again.scores == {"A": 0, "B": 62, "C": -9, "D": -14, "E": -39, "pot": 0}


def test_the_secret_hand_stays_secret() -> None:
    t = narrative()
    t.apply("pass")  # E takes the pool uncalled: his hand is never shown
    public = dumps(t, deal=1, view=None)
    assert "p4 sm" not in public and not {"As", "Kh", "Js", "8c", "4h"} & set(re.findall(r"[2-9TJQKA][cdhs]", public))
    assert loads(public)["_view"] == "public"
    mine = loads(dumps(t, deal=1, view="B"))
    assert mine["actions"][0] == "d dh p1 AhQd3dQc5s" and mine["actions"][1] == "d dh p2 ??????????"


# ---------------------------------------------------------------------------------------------- issue 14's defects


def test_an_all_in_player_who_draws_is_written_with_his_discard_and_his_cards() -> None:
    """Issue 14: after an all-in player drew, the export wrote 'd dh p5 ' with no cards and a discard of the
    five cards he kept, because the showdown had already turned his hand up."""
    t = play({"variant": "draw", "table_stakes": True, "deals": 10}, 2)
    acts = loads(dumps(t, deal=1))["actions"]
    assert "p5 sd 6d6s5s5c" in acts and "d dh p5 8cAs2hJd" in acts
    for hand in hands(t):
        drew = {a.split()[0]: len(cards_of(a)) for a in hand["actions"] if " sd" in a}
        dealt = [a for a in hand["actions"] if a.startswith("d dh")][len(hand["players"]) :]
        for a in dealt:
            assert cards_of(a), a  # never a deal of no cards
            if hand["variant"] == "S5CD":
                assert len(cards_of(a)) == drew[a.split()[2]], a


def test_the_dealer_of_every_stud_hand_is_the_dealer_of_the_deal() -> None:
    """Issue 14: Stud at table stakes wrote the wrong _dealer (it was read before the deal, when a seat retired)."""
    for seed in range(12):
        t = play({"variant": "stud", "table_stakes": True, "deals": 10}, seed, "bots")
        dealers = {e.data["deal"]: e.data["dealer"] for e in t.events if e.kind == "deal"}
        for hand in hands(t):
            assert hand["_dealer"] == dealers[hand["hand"]], (seed, hand["hand"])
            assert hand["_seats"][-1] == hand["_dealer"]  # p1 is the dealer's left, the dealer the last (PHH)


def test_two_players_antes_are_reverse_assigned() -> None:
    """Issue 14: with two players PHH reverse-assigns the antes; the buck holder, A (p2), chipped 2 for both."""
    t = play({"variant": "stud", "table_stakes": True, "deals": 10}, 10, "seats")
    fields = loads(dumps(t, deal=6))
    assert fields["_seats"] == ["C", "A"] and fields["antes"] == [2, 0]
    assert fields["starting_stacks"] == [492, 8] and fields["finishing_stacks"] == [494, 6]


# ---------------------------------------------------------------------------------------------- what PHH cannot say


def test_a_jackpot_carried_and_won_says_so_in_user_fields() -> None:
    """Nobody goes in: the Age's ante stays for a jack-pot.  The last pass is a commentary, so that a reader does
    not award the pool; the jack-pot's hand says what it carries."""
    t = hoyle.game("poker", jackpots=True, deals=2).table(deal=NARRATIVE)
    for a in ["ante", "pass", "pass", "pass", "pass"]:
        t.apply(a)
    first = loads(dumps(t, deal=1))
    assert first["actions"][-4:] == [
        "p2 f",
        "p3 f",
        "p4 f",
        "# p5 passes: nobody goes in: instead of the Age"
        " withdrawing his ante, each of the other players puts up a like amount and"
        " the next deal is a jack-pot (003 Jack-pots)",
    ]
    assert first["_carried_forward"] == 1 and first["_carried"] == 0
    assert first["_notes"][0].startswith("003's spread limit: each bet or raise is from 1 to 10 counters")
    assert any("stays for the next deal" in n for n in first["_notes"])
    rnd = random.Random(4)
    while t.view(None)["deal"] == 2 and not t.over:
        t.apply(rnd.choice(t.legal_actions()))
    second = loads(dumps(t, deal=2))
    assert second["_jackpot"] is True and second["_carried"] == 1
    assert second["antes"] == [1, 1, 1, 1, 0]  # all but B, the Age of the first deal, now p5
    assert second["blinds_or_straddles"] == [0, 0, 0, 0, 0]
    assert any(n.startswith("1 counter in the pool from earlier deals") for n in second["_notes"])
    assert second["seats"] == [3, 4, 5, 1, 2] and second["seat_count"] == 5  # PHH's own fields: C D E A B
    with pytest.raises(hoyle.RecordError, match="carried from an earlier deal"):
        to_table(second)


def test_an_excluded_player_folds_when_phh_gives_him_the_turn() -> None:
    """Straight Poker: A passes and may come in again; B bets, C raises: A is excluded (003 Straight Poker, 5).
    PHH has no exclusion: he folds at his turn."""
    t = hoyle.game("poker", variant="straight", players=3, deals=1).table(seed=1)
    for a in ["ante", "pass", "raise 2", "raise 3", "see"]:  # B (p1) passes, C bets, A raises: B is out
        t.apply(a)
    acts = loads(dumps(t, deal=1))["actions"]
    assert acts[3:7] == [
        "p1 cc",
        "p2 cbr 2",
        "p3 cbr 5",
        "p1 f # excluded: he passed, and another has raised (003 Straight Poker, 5)",
    ]
    assert acts[7] == "p2 cc"


def test_mistigris_is_an_unknown_card() -> None:
    """PHH has no card for Mistigris: it is written ``??`` in an omniscient history (``_view = "all"``),
    and read back as Mistigris."""
    for seed in range(20):
        t = play({"variant": "draw", "mistigris": True, "deals": 5}, seed)
        for hand in hands(t):
            assert "MI" not in str(hand["actions"]) and hand["_mistigris"] is True and hand["_view"] == "all"
            if any("??" in a for a in hand["actions"]) and not hand["_carried"] and hand["hand"] == 1:
                back = to_table(hand)
                assert "MI" in back.record()["deals"][0]["order"]
                return
    raise AssertionError("no Mistigris dealt in a first deal of twenty sittings")


# ---------------------------------------------------------------------------------------------- import


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"variant": "straight"},
        {"variant": "stud"},
        {"straddle": True},
        {"mistigris": True},
        {"variant": "stud", "buck": False, "players": 7},
        {"players": 2},
        {"table_stakes": True, "stake": 30},
    ],
)
def test_every_importable_hand_plays_to_the_same_result(options: dict[str, Any]) -> None:
    checked = refused = 0
    for seed in range(6):
        t = play({**options, "deals": 4}, seed)
        record = t.record()
        for i, fields in enumerate(hands(t), start=1):
            if fields["_carried"] or fields["_jackpot"]:
                continue
            try:
                back = to_table(loads(dumps(record, deal=i)))
            except hoyle.RecordError as exc:
                assert "buck" in str(exc) or "starting stacks" in str(exc), exc
                refused += 1
                continue
            mine = [d for d in record["deals"] if "dealer" in d][fields["hand"] - 1]["result"]
            got = back.record()["deals"][0]["result"]
            assert {k: v for k, v in got.items() if k != "net"} == {k: v for k, v in mine.items() if k != "net"}
            checked += 1
    assert checked


def test_refusals_name_the_problem() -> None:
    with pytest.raises(hoyle.RecordError, match=r"no-limit Texas hold 'em.*S5CD"):
        to_table({"variant": "NT", "actions": [], "starting_stacks": [100, 100]})
    with pytest.raises(hoyle.RecordError, match="deuce-to-seven lowball triple draw"):
        to_table({"variant": "F2L3D", "actions": [], "starting_stacks": [100, 100, 100, 100]})
    with pytest.raises(hoyle.RecordError, match="'XX' is not one hoyle reads"):
        to_table({"variant": "XX"})
    t = narrative()
    t.apply("pass")
    spectator = loads(dumps(t, deal=1, view=None))
    with pytest.raises(hoyle.RecordError, match="unknown cards"):
        to_table(spectator)
    good = loads(dumps(t, deal=1))
    with pytest.raises(hoyle.RecordError, match=r"p9.*not a player"):
        to_table({**good, "actions": [*good["actions"][:5], "p9 f"]})
    with pytest.raises(hoyle.RecordError, match="turn"):
        to_table({**good, "actions": [*good["actions"][:5], "p3 f"]})
    with pytest.raises(hoyle.RecordError, match=r"no counterpart.*bring-in"):
        to_table({**good, "actions": [*good["actions"][:5], "p2 pb"]})
    with pytest.raises(hoyle.RecordError, match="antes"):
        to_table({**good, "blinds_or_straddles": [0, 0, 0, 0, 0], "antes": [1, 1, 1, 1, 1]})
    with pytest.raises(hoyle.RecordError, match="not TOML"):
        loads("variant = ")
    with pytest.raises(ValueError, match="no betting and no PHH form"):
        dumps(hoyle.game("poker", variant="whiskey").table(seed=1))
    with pytest.raises(ValueError, match=r"view 'Z'.*one of A, B, C, D, E"):
        dumps(t, view="Z")


def test_a_document_of_hands() -> None:
    t = play({"deals": 3}, 1)
    text = dumps(t)
    assert text.startswith("[1]\n") and len(loads_all(text)) == len(hands(t))


def test_replay_writes_the_hands_as_phh(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from hoyle.cli import app

    t = play({"variant": "stud", "deals": 2}, 3)
    record = tmp_path / "stud.json"
    record.write_text(json.dumps(t.record()))
    out = tmp_path / "stud.phhs"
    result = CliRunner().invoke(app, ["replay", str(record), "--phh", str(out)])
    assert result.exit_code == 0, result.output
    assert "written to" in result.output and loads_all(out.read_text())[0]["variant"] == "S5CS"
    whist = tmp_path / "whist.json"
    w = hoyle.game("whist").table(seed=1)
    whist.write_text(json.dumps(w.record()))
    result = CliRunner().invoke(app, ["replay", str(whist), "--phh", str(tmp_path / "w.phhs")])
    assert result.exit_code != 0 and "cannot be written as PHH" in result.output


# ---------------------------------------------------------------------------------------------- the table


@pytest.mark.parametrize("variant", ["draw", "straight", "stud"])
def test_a_player_nobody_could_answer_is_not_asked_to_bet(variant: str) -> None:
    """003 Table Stakes: a player who has put in all he has "takes no further part in the betting", whether
    he staked it in an ante or in an earlier interval; and the one player left with money, who has put in
    as much as anyone, is not asked to make good the stake of going in that nobody could put up.  PHH gives
    neither a turn; hoyle asked both (found by PokerKit reading hoyle's hands)."""
    asked = 0
    for seed in range(25):
        t = hoyle.game("poker", variant=variant, table_stakes=True, stake=6, players=3, deals=8).table(seed=seed)
        rnd = random.Random(seed)
        while not t.over:
            if t.phase == "bet":
                iv, s = t.interval, t.to_act
                assert t._money(s) > 0, (seed, s)
                live = iv.contenders()
                able = [x for x in live if t._money(x) > 0]
                if able == [s] and iv.actions:
                    assert iv.put[s] < max(iv.put[x] for x in live) or not iv.opened, (seed, s)
                asked += 1
            t.apply(rnd.choice(t.legal_actions()))
    assert asked
