"""The Poker family as a game (003 Draw Poker and its variants; rules §6, §10 scenarios 1 and 3).

The 003 narrative with its exact figures and both endings; the lawful actions at each step; the
refusals that name their rule; jack-pots, the straddle, table stakes and side pools; Straight, Stud
and Whiskey Poker; conservation of the chips and replay, with Hypothesis; the rules bot; the terminal.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import hoyle
from hoyle import IllegalAction, InvalidAction
from hoyle.bots import make
from hoyle.bots.poker_rules import draw_advice
from hoyle.cards import PACK_52, format_cards, parse
from hoyle.cli import app
from hoyle.engine.actions import Action
from poker_narrative import AFTER_THE_DRAW, BEFORE_THE_DRAW, NARRATIVE, THE_DRAW

E_HAND = {"8C", "KH", "4H", "JS", "AS"}


def texts(t: hoyle.Table) -> list[str]:
    return [str(a) for a in t.legal_actions()]


def play(t: hoyle.Table, actions: list[str]) -> list[Any]:
    events = []
    for a in actions:
        events.extend(t.apply(a))
    return events


def narrative() -> hoyle.Table:
    t = hoyle.game("poker").table(deal=NARRATIVE)
    play(t, BEFORE_THE_DRAW + THE_DRAW + AFTER_THE_DRAW)
    return t


def cards_in(data: Any) -> set[str]:
    return set(re.findall(r"\b[2-9TJQKA][CDHS]\b", json.dumps(data)))


# ---------------------------------------------------------------------------------------------- the narrative


def test_003_narrative_before_the_draw() -> None:
    """rules §10.1: "after pre-draw betting each of B, C, D, E has 9 in, A 0, pot 36"."""
    t = hoyle.game("poker").table(deal=NARRATIVE)
    assert t.to_act == "B" and texts(t) == ["ante"]  # the Age puts up his ante before the deal
    t.apply("ante")
    assert t.scores == {"A": 0, "B": -1, "C": 0, "D": 0, "E": 0, "pot": 1}
    assert t.to_act == "C"  # "C is the first to declare"
    assert texts(t) == ["pass", "go in", *[f"raise {n}" for n in range(1, 11)]]
    stakes = []
    for a in BEFORE_THE_DRAW[1:]:
        t.apply(a)
        stakes.append(dict(t.scores))
    assert [-stakes[i][s] for i, s in enumerate("CDEABCD")] == [2, 6, 9, 0, 9, 9, 9]
    assert t.scores == {"A": 0, "B": -9, "C": -9, "D": -9, "E": -9, "pot": 36}
    assert t.to_act == "B" and t.view("B")["phase"] == "draw"  # "B has the first claim to draw"
    legal = texts(t)
    assert legal[0] == "stand pat" and len(legal) == 32  # stand pat, or discard any one to five


def test_003_narrative_the_draw_and_the_age() -> None:
    t = hoyle.game("poker").table(deal=NARRATIVE)
    play(t, BEFORE_THE_DRAW)
    events = play(t, THE_DRAW)
    assert [e.text for e in events if e.kind == "draw"] == [
        "B discards two and draws two",
        "C discards one and draws one",
        "D discards one and draws one",
        "E discards one and draws one",
    ]
    assert sorted(t.view("B")["hand"]) == sorted(["AH", "QD", "QC", "QH", "9D"])  # "He has now threes of queens"
    assert sorted(t.view("E")["hand"]) == sorted(E_HAND)
    assert hoyle.poker.hand_class(parse(t.view("E")["hand"])) == "highest card"  # "leaving his hand still worthless"
    assert t.to_act == "B" and "hold age" in texts(t)  # "he has the privilege ... of holding the age"
    t.apply("hold age")
    assert t.to_act == "C"  # "C, therefore, is the first to declare"
    assert "hold age" not in texts(t)


def test_003_narrative_b_sees_and_wins_101() -> None:
    """rules §10.1: B calls E's last raise and wins 101: B +62, D −14, E −39, C −9, A 0."""
    t = narrative()
    assert t.scores == {"A": 0, "B": -29, "C": -9, "D": -14, "E": -39, "pot": 91}
    assert texts(t) == ["pass", "see", *[f"raise {n}" for n in range(1, 11)]]
    events = t.apply("see")
    assert t.scores == {"A": 0, "B": 62, "C": -9, "D": -14, "E": -39, "pot": 0}
    pay = [e for e in events if e.kind == "payment"]
    assert [(e.data["to"], e.data["amount"]) for e in pay] == [("B", 101)]
    shown = {e.seat: e.data["class"] for e in events if e.kind == "show"}
    assert shown == {"B": "threes", "E": "highest card"}
    assert sum(t.scores.values()) == 0


def test_003_narrative_b_passes_and_e_takes_91_unseen() -> None:
    """rules §10.1: B passes; E takes 91 and his cards appear in no view, event or result shown to another."""
    t = narrative()
    events = t.apply("pass")
    assert t.scores == {"A": 0, "B": -29, "C": -9, "D": -14, "E": 52, "pot": 0}
    assert [(e.data["to"], e.data["amount"]) for e in events if e.kind == "payment"] == [("E", 91)]
    assert not any(e.kind == "show" for e in events)
    for seat in ("A", "B", "C", "D", None):
        for e in t.events:
            assert not cards_in(e.visible_to(seat)) & E_HAND, (seat, e)
        assert not cards_in(t.view(seat)) & E_HAND
    assert set(t.view("E")["hand"]) >= E_HAND  # E still holds them, face down, until the next deal
    assert not cards_in(t.record()["deals"][0]["result"]) & E_HAND
    public = hoyle.phh.dumps(t, deal=1, view=None)  # a spectator's hand history
    assert not {c[0] + c[1].lower() for c in E_HAND} & set(re.findall(r"[2-9TJQKA][cdhs]", public))


def test_narrative_record_replays() -> None:
    t = narrative()
    t.apply("see")
    r = hoyle.replay(json.loads(json.dumps(t.record())))
    assert r.scores == t.scores and [str(a) for a in r.actions] == [str(a) for a in t.actions]


# ---------------------------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("setup", "action", "rule"),
    [
        ([], "go in", "ante"),
        (["ante"], "raise 0", "least raise is one counter"),
        (["ante"], "raise 11", "over the limit of 10"),
        (["ante"], "see", "before the draw a player goes in"),
        (["ante"], "open 2", "only a jack-pot is opened"),
        (["ante"], "straddle", "only the player to the left of the Age"),
        (["ante"], "hold age", "only the Age"),
        (["ante"], "draw 2D", "the draw comes when the betting before it is over"),
        (["ante", "go in", "go in", "go in", "go in", "go in"], "draw KS", "does not hold"),
        (["ante", "go in", "go in", "go in", "go in", "go in"], "raise 2", "it is the draw"),
    ],
)
def test_refusals_name_the_rule(setup: list[str], action: str, rule: str) -> None:
    t = hoyle.game("poker").table(deal=NARRATIVE)
    play(t, setup)
    before = json.dumps(t.record())
    with pytest.raises(IllegalAction, match=rule):
        t.apply(action)
    assert json.dumps(t.record()) == before  # unchanged


def test_malformed_actions() -> None:
    t = hoyle.game("poker").table(deal=NARRATIVE)
    t.apply("ante")
    for bad in ("raise four", "raise", "go out"):
        with pytest.raises(InvalidAction):
            t.apply(bad)


def test_go_in_with_nothing_to_make_good_is_refused_after_the_draw() -> None:
    t = hoyle.game("poker").table(deal=NARRATIVE)
    play(t, BEFORE_THE_DRAW + THE_DRAW)
    with pytest.raises(IllegalAction, match="a bet is seen"):
        t.apply("go in")
    with pytest.raises(IllegalAction, match="nothing to make good"):
        t.apply("see")


# ---------------------------------------------------------------------------------------------- jack-pots


def _fill(hands: dict[str, str], *, players: str = "ABCDE", stock: str = "") -> dict[str, str]:
    """Complete the hands not given with cards not used (nor in ``stock``), in the pack's order."""
    used = {c for h in [*hands.values(), stock] for c in parse(h)}
    rest = [c for c in PACK_52 if c not in used]
    out = dict(hands)
    for s in players:
        if s not in out:
            out[s] = format_cards(rest[:5])
            del rest[:5]
    return out


NOBODY_OPENS = {
    "C": "2C 5D 7H 9S TC",
    "D": "3C 6D 8H TS QC",
    "E": "4C 7D 9H JS KC",
    "A": "2D 4H 6S 8C TD",
    "B": "3D 5H 7S 9C KD",
}


def test_rules_10_3_jack_pot_procedure() -> None:
    """All decline; each but the Age antes; nobody holds knaves or better, all ante again; D opens with
    JS JH, nobody comes in: he takes the pool and shows his openers (003 Jack-pots; rules §6.3)."""
    deal = dict(NARRATIVE)
    deal["next"] = [{"hands": NOBODY_OPENS}, {"hands": _fill({"D": "JS JH 4D 8D 2S"})}]
    t = hoyle.game("poker", jackpots=True).table(deal=deal)
    play(t, ["ante", "pass", "pass", "pass", "pass"])  # C, D, E, A decline: B does not speak
    assert t.scores == {"A": 0, "B": -1, "C": 0, "D": 0, "E": 0, "pot": 1}  # the Age does not withdraw
    assert t.view(None)["jackpot"] is True and t.view(None)["age"] is None
    assert [a["seat"] for a in t.view(None)["antes_due"]] == ["C", "D", "E", "A"]  # each of the others
    play(t, ["ante"] * 4)
    assert t.scores["pot"] == 5 and t.view(None)["dealer"] == "B"
    assert t.to_act == "C" and texts(t) == ["pass"]  # C holds no openers
    play(t, ["pass"] * 5)
    assert [a["seat"] for a in t.view(None)["antes_due"]] == ["D", "E", "A", "B", "C"]  # each puts another chip
    play(t, ["ante"] * 5)
    assert t.scores["pot"] == 10 and t.view(None)["dealer"] == "C"
    assert t.to_act == "D" and texts(t) == ["pass", *[f"open {n}" for n in range(1, 11)]]
    t.apply("open 3")
    assert texts(t) == ["pass", "go in", *[f"raise {n}" for n in range(1, 11)]]
    events = play(t, ["pass"] * 4)
    shown = [e for e in events if e.kind == "show"]
    assert len(shown) == 1 and shown[0].data["cards"] == ["JS", "JH"]  # only the openers are shown
    assert t.scores == {"A": -2, "B": -2, "C": -2, "D": 8, "E": -2, "pot": 0}
    assert t.places()["JS"] == "exposed D" and t.places()["4D"] == "hand D"


def test_jack_pot_players_who_declined_may_come_in_and_split_openers_are_shown() -> None:
    """Those who declined to open may come in once it is opened; the opener may split his openers to draw
    to a straight flush, keeping the discard apart to prove them (rules §6.3)."""
    deal = dict(NARRATIVE)
    deal["next"] = [
        {"hands": _fill({"E": "JS JH TH 9H 8H", "C": "2C 2D 7C 9S 4D"}, stock="KS 3S 5C QH"), "stock": "KS 3S 5C QH"}
    ]
    t = hoyle.game("poker", jackpots=True).table(deal=deal)
    play(t, ["ante", "pass", "pass", "pass", "pass", "ante", "ante", "ante", "ante"])
    assert t.to_act == "C" and texts(t) == ["pass"]
    play(t, ["pass", "pass"])  # C and D decline to open
    t.apply("open 2")  # E opens with his knaves
    play(t, ["pass", "pass"])  # A and B throw up
    assert t.to_act == "C" and texts(t)[:2] == ["pass", "go in"]  # C, who declined to open, may come in
    play(t, ["go in", "pass"])  # C comes in, D throws up
    assert t.to_act == "C" and t.view(None)["phase"] == "draw"
    t.apply("draw 7C 9S 4D")
    events = t.apply("draw JS")  # E splits his openers to draw to the straight flush
    assert "splitting his openers" in events[-1].text and "JS" not in events[-1].text
    assert sorted(t.view("E")["hand"]) == sorted(["QH", "JH", "TH", "9H", "8H"])
    assert t.places()["JS"] == "discards"
    play(t, ["raise 2", "see"])  # no Age in a jack-pot: C, left of the dealer, speaks first
    shown = [e.text for e in t.events if e.kind == "show"]
    assert any("openers he split: JS JH" in x for x in shown)
    assert t.places()["JS"] == "exposed E"  # the discard kept apart proves the openers
    assert t.record()["deals"][1]["result"]["won"] == {"E": 13}  # 5 of antes, 2 each, 2 each


def test_rules_6_3_5_false_openers_uncalled() -> None:
    """Law mode: D opens without openers and nobody comes in; bound to show them he cannot: he forfeits what he
    put in, the pool stays for the next deal, and he antes for everyone (rules §6.3.5)."""
    deal = dict(NARRATIVE)
    deal["next"] = [{"hands": NOBODY_OPENS}]
    t = hoyle.game("poker", jackpots=True, irregularities=True).table(deal=deal)
    play(t, ["ante", "pass", "pass", "pass", "pass", "ante", "ante", "ante", "ante"])
    assert t.to_act == "C" and texts(t) == ["pass"]  # the lawful acts do not change in law mode
    assert [str(a) for a in t.irregular_actions("C")][:2] == ["open 1", "open 2"]
    play(t, ["pass", "open 3"])  # D opens on a queen high
    assert "false" not in " ".join(e.text for e in t.events[-2:])  # nobody knows yet
    events = play(t, ["pass", "pass", "pass", "pass"])
    ruling = [e for e in events if e.kind == "ruling"]
    assert ruling and "false openers" in ruling[0].text and ruling[0].seat == "D"
    assert t.scores["pot"] == 8 and t.scores["D"] == -4  # his 3 and his ante stay in the pool
    assert t.view(None)["antes_due"] == [{"seat": "D", "amount": 5}]  # he antes for everyone
    assert t.view(None)["jackpot"] is True
    t.apply("ante")
    assert t.scores["pot"] == 13 and t.scores["D"] == -9


def test_rules_6_3_5_false_openers_called_hand_is_dead() -> None:
    """Law mode: a false opener who is called has a dead hand; the others play on for the pool."""
    deal = dict(NARRATIVE)
    deal["next"] = [{"hands": NOBODY_OPENS}]
    t = hoyle.game("poker", jackpots=True, irregularities=True).table(deal=deal)
    play(t, ["ante", "pass", "pass", "pass", "pass", "ante", "ante", "ante", "ante"])
    play(t, ["pass", "pass", "open 2", "pass", "pass", "pass", "go in"])  # E opens on a king high; D comes in
    play(t, ["stand pat", "stand pat", "raise 1", "see"])
    result = t.record()["deals"][1]["result"]
    assert result["won"] == {"D": 11}  # D's queen high wins: E's better hand is dead
    assert any(e.kind == "ruling" and e.seat == "E" for e in t.events)


# ---------------------------------------------------------------------------------------------- the straddle


def test_003_the_straddle() -> None:
    """The player left of the Age straddles (4), the next straddles the straddler (8); 16 would overpass the
    limit; once a player omits it the right is gone; no raising before the draw."""
    t = hoyle.game("poker", straddle=True).table(deal=NARRATIVE)
    t.apply("ante")
    assert texts(t) == ["pass", "go in", "straddle"]
    t.apply("straddle")
    assert t.scores["C"] == -4
    assert texts(t) == ["pass", "go in", "straddle"]
    t.apply("straddle")
    assert t.scores["D"] == -8
    assert texts(t) == ["pass", "go in"]  # E: 16 would overpass the limit of 10
    with pytest.raises(IllegalAction, match="over the limit of 10"):
        t.apply("straddle")
    with pytest.raises(IllegalAction, match="no going better before the draw"):
        t.apply("raise 2")
    play(t, ["go in", "pass", "go in", "go in"])  # E makes good 8, A passes, the Age makes good, C makes good
    assert t.scores == {"A": 0, "B": -8, "C": -8, "D": -8, "E": -8, "pot": 32}
    assert t.view(None)["phase"] == "draw"


def test_straddle_right_lapses_when_declined() -> None:
    t = hoyle.game("poker", straddle=True, limit=100).table(deal=NARRATIVE)
    play(t, ["ante", "go in"])  # C omits the straddle
    assert texts(t) == ["pass", "go in"]  # D may no longer straddle
    with pytest.raises(IllegalAction, match="extinguished"):
        t.apply("straddle")


# ---------------------------------------------------------------------------------------------- table stakes


def test_003_table_stakes_and_side_pools() -> None:
    """Nobody is made to bet more than he has before him; he sees for what he has; side pools form."""
    deal = {
        "dealer": "A",
        "hands": {"A": "2C 2D 5H 7S 9C", "B": "AS AD KC QH 3S", "C": "KS KD 4C 6H 8S"},
        "stock": "JH JD 9H 9D TS TD JC",
    }
    g = hoyle.game("poker", players=3, table_stakes=True, stake=10)
    t = g.table(deal=deal)
    play(t, ["ante", "raise 3"])  # B the Age antes; C goes in for 2 and 3 better: 5
    assert t.scores["C"] == -5 and t.view("A")["before_him"]["C"] == 5
    with pytest.raises(IllegalAction, match="beyond table stakes"):
        t.apply("raise 6")  # A has 10: 5 to make good and 6 better is 11
    play(t, ["raise 5"])  # A: all he has
    assert t.view(None)["before_him"]["A"] == 0
    play(t, ["go in", "go in"])  # B makes good 9 (all he has), C makes good 5 (all he has)
    assert t.scores == {"A": -10, "B": -10, "C": -10, "pot": 30}
    assert t.view(None)["phase"] == "draw"
    play(t, ["stand pat", "stand pat", "stand pat"])
    # No one can bet after the draw: the hands are shown at once; B's aces win.
    assert t.scores == {"A": -10, "B": 20, "C": -10, "pot": 0}
    # A and C have nothing on the table: they retire, and with one player left the sitting is over.
    assert t.over and t.view(None)["retired"] == ["A", "C"]


def test_side_pools_with_exact_figures() -> None:
    """A, with 3 before him, can win 9 of what is staked; B, with 9, the next 12; C's last counter is his own."""
    first = {
        "dealer": "A",
        "hands": {"A": "2C 3D 5H 7S 9C", "B": "AS AD KC QH 3S", "C": "KS KD 4C 6H 8S"},
        "next": [{"hands": {"A": "TC TH TS 8C 8D", "B": "AC AH 2S 4D 6C", "C": "KH QS 2H 3H 7D"}}],
    }
    t = hoyle.game("poker", players=3, table_stakes=True, stake=10).table(deal=first)
    play(t, ["ante", "raise 5", "go in", "pass"])  # C goes in and 5 better (7); A makes good; B, the Age, passes
    play(t, ["stand pat", "stand pat", "raise 1", "pass"])  # after the draw C goes 1, A passes
    assert t.scores == {"A": -7, "B": -1, "C": 8, "pot": 0}
    play(t, ["ante"])  # C is the Age of the second deal
    assert t.view(None)["before_him"] == {"A": 3, "B": 9, "C": 17}  # C: 10 and 8 won, less his ante
    play(t, ["go in", "raise 5", "raise 3"])  # A 2; B 7; C makes good 6 and goes 3 better (10 in all)
    play(t, ["go in", "go in"])  # A sees for his last 1 (3 in all), B for his last 2 (9 in all)
    assert t.view(None)["before_him"] == {"A": 0, "B": 0, "C": 8}
    assert t.scores == {"A": -10, "B": -10, "C": -2, "pot": 9, "side pot 1": 12, "side pot 2": 1}
    play(t, ["stand pat"] * 3)  # nobody can bet after the draw: the hands are shown
    assert t.record()["deals"][1]["result"]["won"] == {"A": 9, "B": 12, "C": 1}
    assert t.scores == {"A": -1, "B": 2, "C": -1, "pot": 0}


def test_table_stakes_a_player_with_nothing_retires() -> None:
    rnd = random.Random(5)
    t = hoyle.game("poker", players=3, table_stakes=True, stake=3, deals=12).table(seed=11)
    while not t.over:
        t.apply(rnd.choice(t.legal_actions()))
    v = t.view(None)
    assert all(n >= 0 for n in v["before_him"].values())
    assert sum(t.scores.values()) == 0


# ---------------------------------------------------------------------------------------------- Straight Poker


def test_003_straight_poker() -> None:
    """The buck chips for all; the elder hand speaks first; a pass may come in again unless someone raises;
    all pass: a double header and the elder hand deals; the deal passes to the winner (003 Straight Poker)."""
    hands = {
        "A": "2C 3D 5H 7S 9C",
        "B": "AS AD KC QH 3S",
        "C": "KS KD 4C 6H 8S",
        "D": "2D 4D 6D 8D TD",
        "E": "3C 5C 7C 9D JH",
    }
    deal = {"dealer": "A", "hands": hands, "next": [{"hands": hands}]}
    t = hoyle.game("poker", variant="straight").table(deal=deal)
    assert t.view(None)["buck"] == "A"
    t.apply("ante")
    assert t.scores["A"] == -5 and t.scores["pot"] == 5 and t.view(None)["buck"] == "B"
    assert t.to_act == "B"  # the elder hand: no privilege
    assert texts(t) == ["pass", *[f"raise {n}" for n in range(1, 11)]]
    play(t, ["pass"] * 5)  # all pass: a double header
    assert t.view(None)["dealer"] == "B" and t.scores["pot"] == 5
    assert t.to_act == "B"  # the next holder of the buck chips for all again
    t.apply("ante")
    assert t.scores["pot"] == 10
    assert t.to_act == "C"
    play(t, ["pass", "raise 2"])  # C passes, D bets 2
    play(t, ["see"])  # E sees
    assert t.to_act == "A"
    t.apply("raise 3")  # A raises: C, who passed, is now excluded
    assert "C" not in t.view(None)["in"]
    play(t, ["pass", "see", "pass"])  # B throws up, D sees, E passes
    assert t.over is False
    res = t.record()["deals"][1]["result"]
    assert set(res["showdown"]) == {"A", "D"} and res["won"] == {"D": 22}  # 10 carried, D 5, E 2, A 5
    assert t.view(None)["dealer"] == "D"  # the deal passes to the winner


def test_straight_pass_may_come_in_again() -> None:
    hands = {"A": "2C 3D 5H 7S 9C", "B": "AS AD KC QH 3S", "C": "KS KD 4C 6H 8S"}
    t = hoyle.game("poker", variant="straight", players=3).table(deal={"dealer": "A", "hands": hands})
    play(t, ["ante", "pass", "raise 2"])  # B passes, C goes 2
    assert t.to_act == "A"
    t.apply("see")
    assert t.to_act == "B" and texts(t)[:2] == ["pass", "see"]  # B comes in again: nobody raised
    t.apply("see")  # the interval is over: B's aces win the 9
    assert t.scores == {"A": -5, "B": 7, "C": -2, "pot": 0}
    assert t.view(None)["dealer"] == "B"  # the deal passes to the winner


# ---------------------------------------------------------------------------------------------- Stud Poker


def test_003_stud_poker() -> None:
    """One card face down and four up, an interval after each; the hole card is seen by its holder only."""
    hands = {"A": "2C 3D 5H 7S 9C", "B": "AS AD KC QH 3S", "C": "KS KD 4C 6H 8S"}
    t = hoyle.game("poker", variant="stud", players=3).table(deal={"dealer": "A", "hands": hands})
    events = t.apply("ante")
    assert t.scores["pot"] == 3
    v = t.view("B")
    assert v["hand"] == ["AS"] and v["up"] == {"B": ["AD"], "C": ["KD"], "A": ["3D"]}
    assert "AS" not in json.dumps(t.view("C")) and "AS" not in json.dumps(events[-1].visible_to("C"))
    assert t.places()["AD"] == "exposed B" and t.places()["AS"] == "hand B"
    for interval, acts in enumerate([["raise 1", "see", "see"], ["pass"] * 3, ["pass"] * 3], start=1):
        assert t.view(None)["betting"]["interval"] == interval
        assert t.to_act == "B"  # the elder hand speaks first in each interval (003)
        play(t, acts)
        assert [len(v) for v in t.view(None)["up"].values()] == [interval + 1] * 3
    assert t.view(None)["betting"]["interval"] == 4
    play(t, ["raise 1", "see", "pass"])
    shown = {e.seat for e in t.events if e.kind == "show"}
    assert shown == {"B", "C"}
    assert t.scores["pot"] == 0 and sum(t.scores.values()) == 0


def test_stud_best_showing_speaks_first() -> None:
    hands = {"A": "2C 3D 5H 7S 9C", "B": "AS 4D KC QH 3S", "C": "KS KD 4C 6H 8S"}
    t = hoyle.game("poker", variant="stud", players=3, stud_first="best showing").table(
        deal={"dealer": "A", "hands": hands}
    )
    t.apply("ante")
    assert t.to_act == "C"  # KD showing beats 4D and 3D (rules §6.6)


# ---------------------------------------------------------------------------------------------- Whiskey Poker


def test_003_whiskey_poker_widow_exchanges_knock() -> None:
    hands = {"A": "2C 3D 5H 7S 9C", "B": "AS AD KC QH 3S", "C": "KS KD 4C 6H 8S", "widow": "QS QD QC 2H 2S"}
    t = hoyle.game("poker", variant="whiskey", players=3).table(deal={"dealer": "A", "hands": hands})
    play(t, ["ante", "ante", "ante"])
    assert t.scores["pot"] == 3 and t.to_act == "B"
    assert texts(t) == ["knock", "pass", "take widow"]
    assert t.places()["QS"] == "widow"
    t.apply("pass")
    t.apply("take widow")  # C takes it and lays his own hand face upwards
    assert sorted(t.view("C")["hand"]) == sorted(["QS", "QD", "QC", "2H", "2S"])
    assert t.places()["KS"] == "board" and t.view("A")["widow"] == ["KS", "KD", "4C", "6H", "8S"]
    assert t.to_act == "A" and "exchange 2C KS" in texts(t) and "knock" in texts(t)
    t.apply("exchange 2C KS")
    assert t.places()["KS"] == "hand A" and t.places()["2C"] == "board"
    t.apply("knock")  # B is content
    assert t.to_act == "C" and texts(t)[0] == "pass"  # each of the others one more exchange
    t.apply("pass")
    t.apply("exchange 3D KD")
    assert t.over is False and t.scores["pot"] == 0
    assert t.record()["deals"][0]["result"]["won"] == {"C": 3}


def test_whiskey_knock_before_the_widow_is_taken() -> None:
    hands = {"A": "2C 3D 5H 7S 9C", "B": "AS AD KC QH 3S", "C": "KS KD 4C 6H 8S", "widow": "QS QD QC 2H 2S"}
    t = hoyle.game("poker", variant="whiskey", players=3).table(deal={"dealer": "A", "hands": hands})
    play(t, ["ante"] * 3)
    events = t.apply("knock")
    assert "widow is turned up" in events[0].text and t.places()["QS"] == "board"
    assert t.to_act == "C"
    play(t, ["exchange 4C QS", "exchange 2C QD"])  # C and A each have one draw from it; then the show
    assert t.record()["deals"][0]["result"]["won"] == {"B": 3}  # B's aces


# ---------------------------------------------------------------------------------------------- invariants


OPTION_SETS = [
    {},
    {"variant": "straight"},
    {"variant": "stud"},
    {"variant": "whiskey"},
    {"jackpots": True},
    {"straddle": True, "jackpots": True},
    {"table_stakes": True, "stake": 25},
    {"mistigris": True, "tiger": True},
    {"variant": "stud", "table_stakes": True, "stake": 15, "stud_first": "best showing"},
    {"variant": "straight", "buck": False, "players": 6},
    {"players": 7},
    {"players": 2, "table_stakes": True, "stake": 12},
]


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_chips_are_conserved_and_replay_agrees(case: dict[str, Any], seed: int, choices: int) -> None:
    """At every step the scores (chips and pools) sum to nothing; refused bets change nothing; replay agrees."""
    t = hoyle.game("poker", **case).table(seed=seed)
    rnd = random.Random(choices)
    steps = 0
    while not t.over:
        legal = t.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if steps % 7 == 0:
            for bad in ("raise 0", f"raise {t.view(None)['limit'] + 1}", "open 0"):
                with pytest.raises((IllegalAction, InvalidAction)):
                    t.apply(bad)
        t.apply(rnd.choice(legal))
        steps += 1
        assert sum(t.scores.values()) == 0, t.scores
        assert all(v >= 0 for k, v in t.scores.items() if "pot" in k)
    r = hoyle.replay(t.record())
    assert r.scores == t.scores


def test_sitting_is_one_round() -> None:
    t = hoyle.game("poker", variant="whiskey").table(seed=3)
    rnd = random.Random(1)
    while not t.over:
        t.apply(rnd.choice(t.legal_actions()))
    assert len(t.record()["deals"]) == 5


# ---------------------------------------------------------------------------------------------- bots


def test_003_draw_maxims() -> None:
    """003: hold the pair and an ace or court card; draw one to four of a flush or straight; one to threes;
    the odd card of two pairs; with fours the odd card is exchanged; a pat hand stands."""
    assert draw_advice(parse("AH QD 3D QC 5S")) == [*parse("3D 5S")]
    assert draw_advice(parse("7H 7D 3D 9C 5S")) == [*parse("3D 9C 5S")]
    assert draw_advice(parse("KH 2H 7H 9H 5S")) == [*parse("5S")]
    assert draw_advice(parse("QD QC QH AH 9D")) == [*parse("9D")]
    assert draw_advice(parse("TH TS 8H 8D 5D")) == [*parse("5D")]
    assert draw_advice(parse("9S 9H 9D 9C 2S")) == [*parse("2S")]
    assert draw_advice(parse("9C 8D 7H 6S 5C")) == []
    assert draw_advice(parse("8C 3C KH 4H JS"), bluff=True) == [*parse("3C")]  # E's one-card bluff


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"variant": "stud"},
        {"variant": "straight"},
        {"variant": "whiskey"},
        {"jackpots": True, "straddle": True},
        {"table_stakes": True},
    ],
)
def test_rules_bots_play_whole_sittings(options: dict[str, Any]) -> None:
    for seed in range(3):
        t = hoyle.game("poker", **options).table(seed=seed)
        bots = {s: make("rules", "poker", seed=seed * 10 + i) for i, s in enumerate(t.seats)}
        while not t.over:
            s = t.to_act
            assert s is not None
            t.apply(bots[s].choose(t.view(s), t.legal_actions()))
        assert sum(t.scores.values()) == 0


def test_rules_bots_beat_random_bots_at_draw() -> None:
    total = 0
    for seed in range(12):
        t = hoyle.game("poker").table(seed=seed)
        bots = {
            s: make("rules" if s in "ACE" else "random", "poker", seed=seed * 10 + i) for i, s in enumerate(t.seats)
        }
        while not t.over:
            s = t.to_act
            t.apply(bots[s].choose(t.view(s), t.legal_actions()))
        total += sum(t.scores[s] for s in "ACE")
    assert total > 0


# ---------------------------------------------------------------------------------------------- the terminal


@pytest.mark.parametrize(
    "flags",
    [
        [],
        ["--variant", "stud"],
        ["--variant", "whiskey"],
        ["--variant", "straight"],
        ["--jackpots", "--straddle"],
        ["--table-stakes", "--mistigris", "--tiger"],
    ],
)
def test_cli_play_poker_transcript(flags: list[str]) -> None:
    result = CliRunner().invoke(
        app, ["play", "poker", "--seats", "rules,rules,rules,rules,rules", "--seed", "1", *flags]
    )
    assert result.exit_code == 0, result.output
    assert "The sitting is over" in result.output and "deal 5" in result.output


def test_cli_human_at_poker() -> None:
    moves = "\n".join(["help", "raise 99", "go in"] + ["stand pat"] + ["pass"] * 40) + "\n"
    result = CliRunner().invoke(app, ["play", "poker", "--seats", "rules,human,rules", "--seed", "2"], input=moves)
    assert "your action" in result.output and "Your hand" in result.output
    assert "over the limit" in result.output or "raise 1..10" in result.output


# ---------------------------------------------------------------------------------------------- the harness


@pytest.mark.parametrize(
    "options", OPTION_SETS[:10], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "draw"
)
def test_conformance_harness_on_the_variants(options: dict[str, Any]) -> None:
    """tests/test_conformance.py's checker (one seat to act, places, views and events that leak nothing,
    conservation) on a random sitting of each variant."""
    harness = pytest.importorskip("test_conformance")
    case = harness.Case("poker", options)
    t = case.table(3)
    rnd = random.Random(4)
    checker = harness.Checker(case, t)
    state = checker.check_state(t)
    while not t.over:
        state = checker.step(t, rnd, state)


def test_stock_runs_short_in_the_draw_and_the_discards_are_reshuffled() -> None:
    """Seven players each drawing five want 35 cards of a stock of 17: the discards are gathered, shuffled and
    dealt on from (a chance event of the record; the texts are silent)."""
    t = hoyle.game("poker", players=7).table(seed=9)
    play(t, ["ante"] + ["go in"] * 7)
    while t.view(None)["phase"] == "draw":
        hand = t.view(t.to_act)["hand"]
        t.apply("draw " + " ".join(hand))
    assert any(e.kind == "reshuffle" for e in t.events)
    hands = [c for s in t.seats for c in t.view(s).get("hand", [])]
    assert len(hands) == len(set(hands)) == 35
    while not t.over:
        t.apply(t.legal_actions()[0])
    r = hoyle.replay(json.loads(json.dumps(t.record())))
    assert r.scores == t.scores and sum(t.scores.values()) == 0


def test_the_shared_store_of_actions_is_bounded_and_forgetting_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A draw names cards, so a long-running room meets millions of draw actions: the module's store of actions
    made starts again past its bound, and a sitting played across that is the same, record for record."""
    from hoyle.rulebook.poker import table as poker_table

    def sitting() -> dict[str, object]:
        t = hoyle.game("poker").table(seed=5)
        rnd = random.Random(5)
        while not t.over and len(t.actions) < 300:
            t.apply(rnd.choice(t.legal_actions()))
        return t.record()

    want = sitting()
    monkeypatch.setattr(poker_table, "_KEPT", 40)
    poker_table._ACTIONS.clear()
    assert sitting() == want
    assert len(poker_table._ACTIONS) <= 40


def _events_of(t: Any) -> list[dict[str, Any]]:
    return [e.to_dict() for e in t.events]


@pytest.mark.parametrize(
    "options",
    [{}, {"variant": "straight"}, {"variant": "stud"}, {"jackpots": True}, {"straddle": True}, {"table_stakes": True}],
)
def test_a_lawful_bet_by_its_action_goes_as_its_text_goes(options: dict[str, Any]) -> None:
    """PokerTable.apply's short way (a lawful Action of the betting, known by the interval's key) and the long way
    (the same act as text: parsed, checked by _check, then _do) leave the same events, record and view, act by
    act, whether legal_actions was asked first or not."""
    g = hoyle.game("poker", **options)
    for seed in range(4):
        fast, slow = g.table(seed=seed), g.table(seed=seed)
        rng = random.Random(seed)
        n = 0
        while not fast.over:
            acts = fast.legal_actions()
            assert [str(a) for a in acts] == [str(a) for a in slow.legal_actions()]
            a = rng.choice(acts)
            if n % 3 == 2:  # the key worked out again in apply: legal_actions asked of a copy only
                fast = fast.clone()
            assert fast.apply(a) == slow.apply(str(a))
            n += 1
            assert fast.to_act == slow.to_act
        assert slow.over
        assert _events_of(fast) == _events_of(slow)
        assert fast.record() == slow.record()
        assert fast.view(None) == slow.view(None)


def test_an_unlawful_bet_action_is_refused_and_changes_nothing() -> None:
    """The short way takes only the lawful acts: a raise over the limit, a bet said by another seat and an
    act of another phase go the long way, and are refused as before with the table unchanged."""
    t = hoyle.game("poker").table(seed=3)
    while t.phase != "bet":
        t.apply(t.legal_actions()[0])
    seat = t.to_act
    before = (len(t.events), t.record(), t.view(None))
    limit = t.limit
    t.legal_actions()
    with pytest.raises(IllegalAction, match="over the limit"):
        t.apply(Action("raise", str(limit + 1)))
    with pytest.raises(IllegalAction, match="turn"):
        t.apply(Action("pass", seat=next(s for s in t.seats if s != seat)))
    with pytest.raises(IllegalAction, match="the draw comes when the betting before it is over"):
        t.apply(Action("stand", "pat"))
    assert (len(t.events), t.record(), t.view(None)) == before
    assert t.to_act == seat
