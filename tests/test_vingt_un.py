"""Vingt-Un (003 "VINGT-UN"; rules §8): counting, naturals, the double, drawing and going over, going on both,
the dealer's draw, ties, twenty-ones, the end and passing of the deal, the pack gone through and re-made; the
worked example of rules §8 and the scenarios of rules §10 (21) with exact payments; conservation (Hypothesis).
French Vingt-Un is in tests/test_vingt_un_french.py."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import IllegalAction
from hoyle.bots import make as make_bot
from hoyle.cards import parse
from hoyle.engine.actions import Action
from hoyle.rulebook.vingt_un import (
    best_total,
    bust_chance,
    bust_chance_two_cards,
    dealer_outcomes,
    is_natural,
    natural_chance,
    pip,
    showdown,
)


def table(dealer: str, cards: str, players: int = 5, **options: Any) -> hoyle.Table:
    """A table whose first deal is dealt from ``cards`` (the top of the pack, in the order dealt)."""
    return hoyle.game("vingt-un", players=players, **options).table(deal={"dealer": dealer, "cards": cards}, seed=3)


def act(t: hoyle.Table, *script: str) -> list[Any]:
    """Apply ``"SEAT action"`` steps, checking that each is taken by the seat named."""
    events: list[Any] = []
    for step in script:
        seat, _, action = step.partition(" ")
        assert t.to_act == seat, f"{step!r}: {t.to_act} is to act, not {seat}"
        events.extend(t.apply(action))
    return events


def payments(events: list[Any]) -> dict[str, int]:
    net: dict[str, int] = {}
    for e in events:
        if e.kind == "pay" and e.data["amount"]:
            net[e.data["from"]] = net.get(e.data["from"], 0) - e.data["amount"]
            net[e.data["to"]] = net.get(e.data["to"], 0) + e.data["amount"]
    return net


def legal(t: hoyle.Table) -> list[str]:
    return [str(a) for a in t.legal_actions()]


# ---------------------------------------------------------------------------------------------- counting


def test_003_counting() -> None:
    """Court cards ten, an ace eleven or one at the holder's option, the rest their pips (003)."""
    assert [pip(c) for c in parse("KS QH JD TC 9S 2H AS")] == [10, 10, 10, 10, 9, 2, 1]
    assert best_total(parse("5H 6C TD")) == 21
    assert best_total(parse("AS 5H 7C 8D")) == 21  # 003's examples of twenty-one by three or more cards
    assert best_total(parse("AS 7H 3C")) == 21
    assert best_total(parse("AS 2H")) == 13 and best_total(parse("AS 2H 2C 7D")) == 12  # 003: "twenty-two, or twelve"
    assert is_natural(parse("AS KD")) and is_natural(parse("TC AH"))
    assert not is_natural(parse("AS 5D 5C")) and not is_natural(parse("KS QS"))


def test_rules_8_9_showdown() -> None:
    assert showdown(19, 19, 4) == -4  # ties to the dealer
    assert showdown(21, 21, 4) == -4  # twenty-ones included
    assert showdown(21, 18, 4) == 8  # a drawn twenty-one is paid double
    assert showdown(20, 21, 4) == -8  # the dealer's twenty-one collects double
    assert showdown(20, 18, 4) == 4 and showdown(15, 18, 4) == -4


# ---------------------------------------------------------------------------------------------- the worked example

# Five players, E deals: punters A (P1), B (P2), C (P3), D (P4); everyone stakes 2 and E doubles (rules §8).
FIRST = "TH TS 6C 8D 9S"  # the first card of A, B, C, D and the dealer E
SECOND_DEALER_19 = "AS 9H 5C 5D KD"  # A a natural; B 19; C 11; D 13; E 19
STAKES = ["A stake 2", "B stake 2", "C stake 2", "D stake 2", "E double"]


def test_rules_8_worked_example_dealer_stands_on_19() -> None:
    """P1's natural +8; P2 stands on 19, ties the dealer's 19 and pays 4; P3 draws to 6+5+10 = 21, +8;
    P4 goes over at 23 and pays 4 at once."""
    t = table("E", f"{FIRST} {SECOND_DEALER_19} TC KC")
    events = act(t, *STAKES)
    assert payments(events) == {"E": -8, "A": 8}  # the natural is paid at once (003)
    events += act(t, "B stand", "C card", "C stand")  # C draws TC: twenty-one, and says "Stand"
    over = act(t, "D card")  # KC: 23
    assert payments(over) == {"D": -4, "E": 4}
    assert any(e.kind == "card" and e.data["over"] and e.private == {"D": {"total": 23}} for e in over)
    assert t.to_act == "E" and legal(t) == ["card", "stand"]
    events += over + act(t, "E stand")
    assert payments(events) == {"A": 8, "B": -4, "C": 8, "D": -4, "E": -8}
    assert t.scores == {"A": 8, "B": -4, "C": 8, "D": -4, "E": -8}


def test_rules_8_worked_example_dealer_goes_over() -> None:
    """The same, the dealer going over: P2 +4, P3 +8 (a drawn twenty-one is paid double either way), P4's
    loss stands."""
    t = table("E", f"{FIRST} AS 9H 5C 5D 5H TC KC QH")
    act(t, *STAKES, "B stand", "C card", "C stand", "D card")
    events = act(t, "E card")  # 9S 5H = 14, and the queen: over
    assert any("is over" in e.text for e in events)
    assert t.scores == {"A": 8, "B": 4, "C": 8, "D": -4, "E": -16}


def test_rules_10_21_dealer_natural_doubled_collects_four_times() -> None:
    """The dealer's natural, the stakes doubled: four times the stake from each punter; a punter's natural
    cancels it (003; rules §8.4)."""
    t = table("D", "9C 5S AH AS 8C 7D KC KD", players=4)
    events = act(t, "A stake 2", "B stake 3", "C stake 1", "D double")
    assert payments(events) == {"A": -8, "B": -12, "D": 20}  # C's natural (AH KC) cancels
    assert any(e.kind == "natural" and e.seat == "C" and "cancel" in e.text for e in events)
    assert t.view(None)["round"] == 2  # the dealer's natural does not end his deal


def test_rules_10_21_split_aces_settle_as_two_hands() -> None:
    """A pair of aces: A goes on both with an equal stake, a card face down on each; each hand is settled on
    its own merits (003): AS TH twenty-one against the dealer's 18 is paid double, AH 7C ties and pays."""
    t = table("C", "AS 9C 8D AH 2C TD TH 7C", players=3)
    act(t, "A stake 3", "B stake 1", "C pass")
    assert legal(t) == ["card", "stand", "split"]
    events = act(t, "A split")
    assert any(e.kind == "split" for e in events)
    boxes = t.view("A")["boxes"]["A"]
    assert [b["cards"] for b in boxes] == [["AS", "TH"], ["AH", "7C"]] and [b["stake"] for b in boxes] == [3, 3]
    assert boxes[0]["status"] == "open" and legal(t) == ["stand"]  # twenty-one: nothing to draw for; he says so
    assert t.view("B")["boxes"]["A"][1] == {"stake": 3, "up": [], "down": 2, "status": "open"}
    events = act(t, "A stand", "A stand", "B stand", "C stand")
    settled = [(e.data["from"], e.data["to"], e.data["amount"]) for e in events if e.kind == "pay"]
    assert settled == [("C", "A", 6), ("A", "C", 3), ("B", "C", 1)]
    assert t.scores == {"A": 3, "B": -1, "C": -2}


def test_split_pair_exact() -> None:
    """Two eights, split: 8 + T = 18 and 8 + 3 + T = 21 against a dealer standing on 19: -2 and +4."""
    t = table("B", "8S 9C 8H TD TC 3C TS", players=2)
    act(t, "A stake 2", "B pass", "A split")
    assert [b["cards"] for b in t.view("A")["boxes"]["A"]] == [["8S", "TC"], ["8H", "3C"]]
    act(t, "A stand", "A card", "A stand")  # 8H 3C and TS: twenty-one
    assert t.to_act == "B"
    events = act(t, "B stand")
    assert payments(events) == {"A": -2 + 4, "B": 2 - 4}
    assert t.scores == {"A": 2, "B": -2}


def test_split_again_on_a_third_like_card() -> None:
    """003: should the third card be the same as the first two, he can go on all three."""
    t = table("B", "8S 9C 8H TD 8C 2D 2H", players=2)
    act(t, "A stake 1", "B pass", "A split")
    assert "split" in legal(t)  # 8S and the third eight
    act(t, "A split")
    assert len(t.view(None)["boxes"]["A"]) == 3
    assert "split" not in legal(t) or len(t.view(None)["boxes"]["A"]) < 4


def test_kings_and_queens_are_not_a_pair() -> None:
    t = table("B", "KS 9C QH TD", players=2)
    act(t, "A stake 1", "B pass")
    assert legal(t) == ["card", "stand"]
    with pytest.raises(IllegalAction, match="two like cards"):
        t.apply("split")


# ---------------------------------------------------------------------------------------------- actions


def test_exact_legal_actions() -> None:
    t = table("E", f"{FIRST} {SECOND_DEALER_19} TC KC")
    assert t.to_act == "A" and legal(t) == ["stake 1", "stake 2", "stake 3", "stake 4"]
    with pytest.raises(IllegalAction, match="1 to 4"):
        t.apply("stake 5")
    with pytest.raises(IllegalAction):
        t.apply("card")
    act(t, "A stake 2", "B stake 2", "C stake 2", "D stake 2")
    assert t.to_act == "E" and legal(t) == ["double", "pass"]
    assert hoyle.game("vingt-un", min_stake=2, max_stake=6).table(seed=1).apply("cut 10") is not None


def test_first_dealer_is_the_first_ace_and_the_pone_cuts() -> None:
    t = hoyle.game("vingt-un").table(seed=4)
    first = t.events[0]
    assert first.kind == "first dealer" and "the first ace falls to" in first.text
    dealer = first.data["dealer"]
    pone = t.seats[(t.seats.index(dealer) - 1) % 4]
    assert t.to_act == pone and legal(t) == [f"cut {k}" for k in range(4, 49)]


# ---------------------------------------------------------------------------------------------- the deal


# Round 1: A's natural (AS KD) is paid, B ties the dealer's 18; round 2: B's natural (AC JC) ends C's deal.
TWO_ROUNDS = "AS 9C 8D KD 9H TD " + "5S AC 8H 2D JC 9S"
TWO_ROUNDS_PLAY = [
    "A stake 1",
    "B stake 1",
    "C pass",
    "B stand",
    "C stand",
    "A stake 1",
    "B stake 1",
    "C pass",
    "A stand",
    "C stand",
]


def test_003_natural_ends_the_deal_except_in_the_first_round() -> None:
    t = table("C", TWO_ROUNDS, players=3)
    events = act(t, *TWO_ROUNDS_PLAY[:5])
    assert payments(events) == {"A": 2, "B": -1, "C": -1}
    assert t.view(None)["round"] == 2 and t.view(None)["dealer"] == "C"  # the grace of the first round
    events = act(t, *TWO_ROUNDS_PLAY[5:])
    assert payments(events) == {"A": -1, "B": 2, "C": -1}
    assert any(e.kind == "deal over" and "natural ends the deal" in e.text for e in events)
    assert t.view(None)["dealer"] == "A"  # the deal passes in rotation (003)
    assert t.to_act == "C" and legal(t)[0] == "cut 4"  # A's pone cuts


def test_rules_8_2_natural_takes_the_deal() -> None:
    t = table("C", TWO_ROUNDS, players=3, natural_takes_deal=True)
    act(t, *TWO_ROUNDS_PLAY)
    assert t.view(None)["dealer"] == "B"  # the holder of the natural
    assert t.to_act == "A"


def test_deal_of_agreed_rounds() -> None:
    t = hoyle.game("vingt-un", players=3, deal_ends="rounds", rounds=2).table(seed=8)
    bots = {s: make_bot("rules", "vingt-un", seed=1) for s in t.seats}
    rounds = []
    while not t.over:
        v = t.view(None)
        rounds.append((v["deal"], v["round"]))
        t.apply(bots[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
    assert {r for d, r in rounds if d} <= {0, 1, 2}
    assert max(d for d, _ in rounds) == 3  # one deal each


def test_003_pack_gone_through_is_remade_and_cut() -> None:
    """The dealer goes through the pack: he faces the last card; the pone gathers and shuffles the used cards,
    cuts them, and the dealer deals on (003).  With deal_ends='pack' his deal then ends with the round."""
    t = hoyle.game("vingt-un", players=4, deal_ends="pack").table(seed=21)
    bots = {s: make_bot("rules", "vingt-un", seed=2) for s in t.seats}
    while not t.over:
        events = t.apply(bots[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
        out = [e for e in events if e.kind == "pack out"]
        if out:
            break
    else:  # pragma: no cover
        pytest.fail("the pack never ran out")
    v = t.view(None)
    faced = out[0].data["faced"]
    assert t.places()[faced] == "turned" and v["faced"] == faced and v["pack_count"] == 0
    assert v["phase"] == "cut" and t.to_act == v["pone"]
    m = v["gathered_count"]
    lo = min(4, m // 2)
    assert legal(t) == [f"cut {k}" for k in range(lo, m - lo + 1)]
    dealer, deal = v["dealer"], v["deal"]
    events = t.apply(f"cut {lo}")
    assert any(e.kind == "deal" and "re-made" in e.text for e in events)
    assert t.record()["deals"][-1]["re-made"] is True
    while not t.over and t.view(None)["deal"] == deal:
        t.apply(bots[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
    assert t.over or t.view(None)["dealer"] != dealer


def test_sitting_every_player_holds_the_bank_once() -> None:
    t = hoyle.game("vingt-un", players=5).table(seed=2)
    bots = {s: make_bot("rules", "vingt-un", seed=3) for s in t.seats}
    dealers = []
    while not t.over:
        d = t.view(None)["dealer"]
        if not dealers or dealers[-1] != d:
            dealers.append(d)
        t.apply(bots[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
    assert len(dealers) == 5 and len(set(dealers)) == 5
    r = hoyle.replay(t.record())
    assert r.scores == t.scores


def test_views_hide_other_punters_hole_cards() -> None:
    t = table("E", f"{FIRST} {SECOND_DEALER_19} TC KC")
    act(t, "A stake 2")
    v = t.view("B")
    assert v["hand"] == ["TS"] and v["boxes"]["A"][0] == {"stake": 2, "up": [], "down": 1, "status": "open"}
    assert "hand" not in t.view(None)
    assert "TH" not in str(t.view("B")) and "9S" not in str(t.view("B"))


# ---------------------------------------------------------------------------------------------- odds


def test_odds_exact() -> None:
    assert natural_chance() == Fraction(32, 663)
    assert natural_chance(11) == Fraction(16, 51) and natural_chance(10) == Fraction(4, 51)
    assert bust_chance(12) == Fraction(16, 52) and bust_chance(21) == Fraction(1)
    assert bust_chance_two_cards(20) == Fraction(46, 50)  # two tenth cards held: all but the four aces
    assert bust_chance_two_cards(3) is None
    outcomes = dealer_outcomes(17)
    assert sum(outcomes.values()) == 1 and outcomes["natural"] == natural_chance()
    assert Fraction(28, 100) < outcomes["over"] < Fraction(29, 100)


def test_natural_chance_by_enumeration() -> None:
    pack = parse(" ".join(r + s for r in "23456789TJQKA" for s in "CDHS"))
    pairs = [(a, b) for i, a in enumerate(pack) for b in pack[i + 1 :]]
    assert Fraction(sum(1 for a, b in pairs if is_natural([a, b])), len(pairs)) == natural_chance()


# ---------------------------------------------------------------------------------------------- conservation


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    players=st.integers(2, 8),
    french=st.booleans(),
    ends=st.sampled_from(["natural", "pack", "rounds"]),
)
def test_chips_conserved(seed: int, choices: int, players: int, french: bool, ends: str) -> None:
    """Every step the seats' winnings sum to nought, and each change is a payment event between two seats."""
    g = hoyle.game("vingt-un", players=players, french=french, deal_ends=ends, rounds=3, deals=min(players, 3))
    t = g.table(seed=seed)
    rnd = random.Random(choices)
    while not t.over:
        before = dict(t.scores)
        events = t.apply(rnd.choice(t.legal_actions()))
        assert sum(t.scores.values()) == 0
        moved = payments(events)
        assert {s: t.scores[s] - before[s] for s in t.seats} == {s: moved.get(s, 0) for s in t.seats}
        places = t.places()
        assert len(places) == 52 and sum(1 for p in places.values() if p == "turned") <= 1


# ---------------------------------------------------------------------------------------------- the rules bot


def test_rules_bot_follows_003() -> None:
    bot = make_bot("rules", "vingt-un", seed=1)
    t = table("C", "AS 9C 8D AH 2C TD TH 7C", players=3)
    assert str(bot.choose(t.view("A"), t.legal_actions())) == "stake 4"  # an ace: the maximum
    t.apply("stake 4")
    t.apply("stake 1")
    assert str(bot.choose(t.view("C"), t.legal_actions())) == "double"  # an eight: double (003)
    t.apply("pass")
    assert str(bot.choose(t.view("A"), t.legal_actions())) == "split"  # two aces: go on both
    t = table("C", "5S 9C 6D 9D 2C TD", players=3)
    act(t, "A stake 1", "B stake 1")
    assert str(bot.choose(t.view("C"), t.legal_actions())) == "pass"  # a six: no double
    t.apply("pass")
    assert str(bot.choose(t.view("A"), t.legal_actions())) == "card"  # 5 and 9: fourteen, below sixteen
    t.apply("stand")
    assert str(bot.choose(t.view("B"), t.legal_actions())) == "card"  # 9 and 2: eleven, draw


def test_a_punters_total_is_told_to_him_alone() -> None:
    """Issue 13: his first cards lie face down, so the table hears "C stands" and "C draws TC", never his total
    (003: he says only "Stand"); the total is in the event for him alone, and in his view."""
    t = table("E", f"{FIRST} {SECOND_DEALER_19} TC KC")
    events = act(t, *STAKES)
    events = act(t, "B stand", "C card")
    for e in events:
        for seat in ("A", "D", "E", None):
            told = e.visible_to(seat)
            assert (
                "total" not in told
                and " on " not in told["text"]
                and not any(ch.isdigit() for ch in told["text"].replace("TC", ""))
            ), told
    stand = next(e for e in events if e.kind == "stand")
    assert stand.text == "B stands" and stand.visible_to("B")["total"] == 19
    draw = next(e for e in events if e.kind == "card")
    assert draw.text == "C draws TC" and draw.visible_to("C")["total"] == 21


def test_a_known_lawful_action_goes_as_its_text_goes() -> None:
    """VingtUnTable.apply takes an action found among the lawful ones kept since the last act (legal_actions'
    tuple) straight to _do: the same events, record and view as the same act said as text (parsed and checked),
    for Vingt-Un and French Vingt-Un; an unlawful act is still refused with the table unchanged, and what was
    lawful is forgotten at the act (a stake is lawful at the stake, not after it)."""
    for options in ({}, {"french": True}):
        g = hoyle.game("vingt-un", **options)
        for seed in range(3):
            fast, slow = g.table(seed=seed), g.table(seed=seed)
            rng = random.Random(seed)
            while not fast.over:
                acts = fast.legal_actions()
                assert acts == slow.legal_actions()
                a = rng.choice(acts)
                assert fast.apply(a) == slow.apply(str(a))
            assert [e.to_dict() for e in fast.events] == [e.to_dict() for e in slow.events]
            assert fast.record() == slow.record()
            assert fast.view(None) == slow.view(None)
    t = hoyle.game("vingt-un").table(seed=1)
    assert t.stage == "cut"
    cut = t.legal_actions()[0]
    t.apply(cut)
    assert t.stage != "cut"
    before = (len(t.events), t.record())
    with pytest.raises(IllegalAction):
        t.apply(cut)
    with pytest.raises(IllegalAction):
        t.apply(Action("split"))
    assert (len(t.events), t.record()) == before


def test_a_boxs_count_is_kept_with_its_cards() -> None:
    """Each box's count (Box.pips, Box.aces) is kept as cards are added, and counted again where they are taken
    off (going on both, going over) or gathered: at every step of seeded random sittings, Vingt-Un's and the
    French game's (Imaginary Tens adds ten), the table's total of every box is best_total of its cards, splits
    and boxes over among them."""
    seen = {"split": 0, "over": 0, "tens": 0}
    for options in ({}, {"french": True}, {"players": 2, "five_cards": True}):
        g = hoyle.game("vingt-un", **options)
        for seed in range(8):
            t = g.table(seed=seed)
            rng = random.Random(seed)
            while not t.over:
                extra = 10 if t.kind == "imaginary tens" else 0
                boxes = [b for bs in t.boxes.values() for b in bs] + [t.dealer_box]
                for b in boxes:
                    assert (b.pips, b.aces) == (sum(pip(c) for c in b.cards), sum(c % 13 == 12 for c in b.cards))
                    assert t._total(b) == best_total(b.cards, extra)
                    seen["over"] += b.status == "over" and bool(b.cards)
                    seen["tens"] += bool(extra and b.cards)
                seen["split"] += sum(len(bs) > 1 for bs in t.boxes.values())
                t.apply(rng.choice(t.legal_actions()))
    assert all(seen.values()), seen
