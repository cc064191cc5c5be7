"""Boston's rules bot, and ``hoyle play boston`` at the terminal."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle.bots import make
from hoyle.bots.boston_rules import BostonRulesBot
from hoyle.cli import app

runner = CliRunner()

SUITED = {
    "A": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "B": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "C": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "D": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}


def bots_play(t: hoyle.Table) -> None:
    players = {s: make("rules", "boston", seed=i) for i, s in enumerate(t.seats)}
    while not t.over:
        s = t.to_act
        assert s is not None
        t.apply(players[s].choose(t.view(s), t.legal_actions()))


@pytest.mark.parametrize("variant", ["boston", "fontainebleau"])
def test_rules_bots_play_whole_games(variant: str) -> None:
    for seed in range(2):
        t = hoyle.game("boston", variant=variant).table(seed=seed)
        bots_play(t)
        assert t.over and len(t.record()["deals"]) == 12 and sum(t.scores.values()) == 0
        assert hoyle.replay(t.record()).scores == t.scores


def test_the_bot_bids_what_its_hand_is_worth() -> None:
    t = hoyle.game("boston").table(deal={"dealer": "D", "turned": "5S", "hands": SUITED}, seed=1)
    bot = BostonRulesBot()
    # Thirteen spades, spades first preference: thirteen in first preference, the top of the ladder.
    assert str(bot.choose(t.view("A"), t.legal_actions())) == "bid 13 first"


def test_the_bot_bids_a_misere_on_a_safe_low_hand() -> None:
    hands = {
        "A": "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C",
        "B": "AS KS QS JS AH KH QH 5D 6D 7D 5C 6C 7C",
        "C": "TS 9S 8S 7S JH TH 9H AD KD QD JD 8C 9C",
        "D": "6S 5S 8H 7H 6H TD 9D 8D AC KC QC JC TC",
    }
    t = hoyle.game("boston").table(deal={"dealer": "D", "turned": "5H", "hands": hands}, seed=1)
    said = str(BostonRulesBot().choose(t.view("A"), t.legal_actions()))
    assert said in ("bid grand misere", "bid little spread", "bid grand spread")


def test_the_bot_reads_only_its_view() -> None:
    t = hoyle.game("boston").table(seed=4)
    bot = BostonRulesBot()
    view = t.view(t.to_act)
    before = json.dumps(view, sort_keys=True)
    bot.choose(view, t.legal_actions())
    assert json.dumps(view, sort_keys=True) == before


def test_hoyle_play_boston_with_four_bots_shows_preferences_bids_pool_and_counters() -> None:
    result = runner.invoke(
        app, ["play", "boston", "--seats", "rules,rules,rules,rules", "--seed", "1"], terminal_width=200
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "deal 12 of 12" in out and "The game is over after 12 deals (002 §1 Boston)" in out
    assert "first preference" in out and "bids" in out and "into the pool" in out
    assert "pool" in out.splitlines()[-1]


def test_hoyle_play_boston_a_human_bids_at_the_terminal() -> None:
    result = runner.invoke(app, ["play", "boston", "--seed", "3"], input="help\npass\n", terminal_width=200)
    out = " ".join(result.output.split())  # a sentence broken by the terminal's width reads whole
    assert "First preference" in out and "Pool:" in out and "the bids rank as listed" in out
    assert "D passes" in out
