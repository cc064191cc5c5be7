"""Solo's rules bot (calls by valuing its hand, the maxims of 003) and ``hoyle play solo`` at the terminal."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle.bots import make
from hoyle.bots.solo_rules import SoloRulesBot, misere_danger, playing_tricks
from hoyle.cards import PACK_52, parse
from hoyle.cli import app

runner = CliRunner()


def deal(hands: dict[str, str], turned: str, dealer: str = "D") -> hoyle.Table:
    return hoyle.game("solo").table(deal={"dealer": dealer, "turned": turned, "hands": hands}, seed=1)


def bot_action(t: hoyle.Table) -> str:
    return str(SoloRulesBot(seed=0).choose(t.view(t.to_act), t.legal_actions()))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_rules_bots_play_whole_sittings(players: int) -> None:
    for seed in range(3):
        t = hoyle.game("solo", players=players, general_misere=seed == 2).table(seed=seed)
        bots = {s: make("rules", "solo", seed=i) for i, s in enumerate(t.seats)}
        while not t.over:
            legal = t.legal_actions()
            action = bots[t.to_act].choose(t.view(t.to_act), legal)
            assert action in legal
            t.apply(action)
        assert sum(t.scores.values()) == 0 and len(t._deal_log) == players


def test_valuing_a_hand() -> None:
    hand = parse("AS KS QS JS TS 2H 3H 4H 2D 3D 4D 2C 3C")
    others = set(PACK_52) - set(hand)
    assert playing_tricks(hand, 3, others) == pytest.approx(5.0)  # five top trumps, nothing else
    assert playing_tricks(hand, 3, others, sure=True) == 5
    assert misere_danger(parse("2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C"), others) == 0
    assert misere_danger(parse("AS KS QS 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C"), others) == 3


def test_the_bot_calls_what_its_hand_is_worth() -> None:
    hands = {
        "A": "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C",
        "B": "AS KS QS JS AH KH QH JH AD KD QD JD AC",
        "C": "TS 9S 8S 7S TH 9H 8H 7H TD 9D 8D 7D KC",
        "D": "6S 5S 6H 5H 6D 5D QC JC TC 9C 8C 7C 6C",
    }
    t = deal(hands, "6C")
    assert bot_action(t) == "call misere ouverte"  # no card of A's can be forced to win
    t.apply("pass")
    # B: ace, king, queen, knave of three suits and the ace of the turned clubs: an abondance in spades or hearts or
    # diamonds, not the certain thirteen of abondance déclarée (the adversaries' nine spades may not fall in four).
    assert bot_action(t) == "call abondance"
    weak = deal({"A": hands["C"], "B": hands["A"], "C": hands["B"], "D": hands["D"]}, "6C")
    assert bot_action(weak) == "pass"


def test_the_bot_names_the_trumps_it_is_strongest_in() -> None:
    hands = {
        "A": "AH KH QH JH TH 9H 8H AS KS AD KD AC 2S",
        "B": "QS JS TS 9S 8S QD JD TD 9D KC QC JC TC",
        "C": "7H 6H 5H 7S 6S 5S 8D 7D 6D 9C 8C 7C 6C",
        "D": "4H 3H 2H 4S 3S 5D 4D 3D 2D 5C 4C 3C 2C",
    }
    t = deal(hands, "2C")
    t.apply("call abondance")
    for _ in range(3):
        t.apply("pass")
    assert bot_action(t) == "trumps H"


def test_003_maxim_against_a_misere_lead_a_medium_card_of_the_shortest_suit() -> None:
    """003: "If you have to commence the game against a misère, it is wise to lead from your shortest and weakest
    suit, and to lead a medium card if you have one—such as six or seven—and certainly not ... a deuce"."""
    hands = {
        "A": "AS KS 7S 2S AH KH QH JH TH AD KD QD JD",
        "B": "QS JS TS 9S 8S 9H 8H 7H 6H TD 9D 8D 7D",
        "C": "6S 5S 4S 3S 5H 4H 3H 2H 6D 5D 4D 3D 2D",
        "D": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    }
    t = deal(hands, "2C")
    t.apply("pass")
    t.apply("call misere")
    t.apply("pass")
    t.apply("pass")
    assert t.to_act == "A"
    assert bot_action(t) == "play 7S"  # spades, shortest and weakest (against diamonds, as short), a medium card


def test_003_maxim_no_trumps_led_against_a_solo() -> None:
    # 003: "Except under extreme circumstances do not lead trumps against a solo call."
    hands = {
        "A": "AH KH 2H AS KS QS JS 9D 8D 7D 3C 4C 5C",
        "B": "QH JH TH 9H 8H 7H AD KD QD AC KC QC JC",
        "C": "6H 5H 4H 3H TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "D": "JD TD 6D 5D 4D 3D 2D TC 9C 8C 7C 6C 2C",
    }
    t = deal(hands, "2C")
    t.apply("pass")
    t.apply("call solo")
    t.apply("pass")
    t.apply("pass")
    assert t.to_act == "A" and t.view(None)["trumps"] == "C"
    assert not bot_action(t).endswith("C")


def test_the_bot_plays_a_misere_ouverte_by_leading_under_the_callers_cards() -> None:
    hands = {
        "A": "9S 8S 3S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C",
        "B": "AS KS QS JS AH KH QH JH AD KD QD JD AC",
        "C": "TS 2S 7S 6S TH 9H 8H 7H TD 9D 8D 7D KC",
        "D": "5S 4S 6H 5H 6D 5D QC JC TC 9C 8C 7C 6C",
    }
    t = deal(hands, "6C")
    for a in ("call misere ouverte", "pass", "pass", "pass", "play 2C", "play AC", "play KC", "play 6C"):
        t.apply(a)
    assert t.view(None)["exposed"]["A"]
    # B wins the first trick and leads under A's lowest spade, which A cannot get under: A must win the trick.
    hands = dict(hands, B="7S KS QS JS AH KH QH JH AD KD QD JD AC", C="TS 2S AS 6S TH 9H 8H 7H TD 9D 8D 7D KC")
    t2 = deal(hands, "6C")
    for a in ("call misere ouverte", "pass", "pass", "pass", "play 3S", "play JS", "play 2S", "play 4S"):
        t2.apply(a)
    assert t2.to_act == "B" and t2.view("B")["exposed"]["A"][:2] == ["9S", "8S"]
    assert bot_action(t2) == "play 7S"


def fill(partial: dict[str, str], dealer: str, turned: str) -> hoyle.Table:
    """A deal with the given cards in the given hands and the rest dealt out round the table."""
    hands = {s: list(parse(partial.get(s, ""))) for s in "ABCD"}
    rest = [c for c in PACK_52 if not any(c in h for h in hands.values())]
    for c in rest:
        hands[min("ABCD", key=lambda s: len(hands[s]))].append(c)
    return deal({s: " ".join(str(c) for c in h) for s, h in hands.items()}, turned, dealer)


def test_003_maxim_the_highest_of_a_sequence_when_partner_then_adversary_follow() -> None:
    # 003: "if your partner and then an adversary have to play after you, you should win the trick with the highest
    # of a sequence; i.e. holding king, queen, put on the king, otherwise your partner will think the king is against
    # you."  A and B against C and D; D leads; A, with the ace and king, puts on the ace.
    t = fill({"A": "AH KH 2H", "D": "3H 4H", "C": "2C"}, dealer="C", turned="2C")
    for a in ("pass", "propose", "accept", "pass", "play 3H"):
        t.apply(a)
    assert t.to_act == "A" and bot_action(t) == "play AH"


def test_003_maxim_never_finesse_in_a_lead_from_the_partner_on_your_right() -> None:
    # 003: "you should never finesse in a lead coming from him if he be sitting on your right": B leads, C holding
    # king, knave puts on the king (not the knave, nor second hand low).
    t = fill({"B": "3H 4H", "C": "KH JH 2H", "A": "2C"}, dealer="A", turned="2C")
    for a in ("propose", "accept", "pass", "pass", "play 3H"):
        t.apply(a)
    assert t.to_act == "C" and bot_action(t) == "play KH"


def test_the_bot_reads_only_its_view() -> None:
    t = hoyle.game("solo").table(seed=3)
    seat = t.to_act
    view = t.view(seat)
    assert "hands" not in view and all(k != "hand" or v == view["hand"] for k, v in view.items())
    a = SoloRulesBot(seed=1).choose(view, t.legal_actions())
    assert a in t.legal_actions()


# ---------------------------------------------------------------------------------------------- the terminal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hoyle_play_solo_with_bots(players: int) -> None:
    seats = ",".join(["rules"] * players)
    result = runner.invoke(
        app, ["play", "solo", "--players", str(players), "--seats", seats, "--seed", "1"], terminal_width=200
    )
    assert result.exit_code == 0, result.output
    text = result.output
    assert f"deal {players} of {players}" in text and "The sitting is over" in text
    assert re.search(r"trick\s+1:", text)
    if players == 5:
        assert "sits out" in text


def test_hoyle_play_solo_shows_a_human_the_auction() -> None:
    result = runner.invoke(
        app,
        ["play", "solo", "--seats", "human,rules,rules,rules", "--seed", "3"],
        input="pass\nquit\n",
        terminal_width=200,
    )
    assert result.exit_code == 0, result.output
    assert "The auction" in result.output and "your call" in result.output
    assert "Your hand" in result.output and "You leave the table" in result.output
