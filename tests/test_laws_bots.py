"""Bots at a law-mode table: they choose among lawful actions only; the rules bot claims the revokes its memory
of the play proves and exacts the penalty worth most."""

from __future__ import annotations

import pytest

import hoyle
from hoyle import bots
from laws_helpers import bots_sit, law_table, play_on, texts

CONFIGS = [
    (g, c) for g in ("whist", "dummy", "double-dummy") for c in ("english-1864", "american-1893", "american-gwp")
]


@pytest.mark.parametrize(("game", "code"), CONFIGS)
@pytest.mark.parametrize("kind", ["rules", "random"])
def test_bots_play_a_law_mode_sitting_to_its_end(game: str, code: str, kind: str) -> None:
    t = hoyle.game(game, irregularities=True, code=code).table(seed=11)
    bots_sit(t, kind)


def _bot_choice(t: hoyle.Table) -> str:
    seat = t.to_act
    assert seat is not None
    return str(bots.make("rules", "whist").choose(t.view(seat), t.legal_actions()))


def test_the_rules_bot_claims_a_revoke_its_memory_shows() -> None:
    t = law_table()
    for c in ("2C", "4C", "JC", "8C"):
        t.apply(f"play {c}")
    t.apply("play 9H")
    t.apply("play 3H")
    t.apply("play AS")  # N, holding hearts, renounces ...
    t.apply("play KH")
    t.apply("play 5H")  # ... and leads a heart: he had one
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("NS renounced"):
        t.apply("waive")
    assert _bot_choice(t) == "claim revoke"
    t.apply("claim revoke")
    assert _bot_choice(t).startswith("penalty")


def test_the_rules_bot_does_not_claim_without_evidence() -> None:
    t = law_table()
    play_on(t, lambda t: t.phase == "claims")
    assert texts(t.legal_actions()) == ["claim revoke", "waive"]
    assert _bot_choice(t) == "waive"


def test_the_rules_bot_adds_three_when_it_makes_the_game() -> None:
    hands = {
        "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2C",
        "W": "2D AS KS QS JS TS 9S 8S 3C 4C 5C 6C 7C",
        "N": "7S 6S 5S 4S 3S 2S 8C 9C TC JC QC KC AC",
    }
    t = law_table(hands, dealer="E", turned="2H", score={"NS": 2, "EW": 0})
    t.apply("play AD")
    t.apply("play AS")  # W renounces holding the 2D, and plays it later
    play_on(t, lambda t: t.phase == "claims")
    while not t.view(None)["decision"]["text"].startswith("EW renounced"):
        t.apply("waive")
    assert _bot_choice(t) == "claim revoke"
    t.apply("claim revoke")
    assert _bot_choice(t) == "penalty add three"


def test_the_rules_bot_exacts_the_penalty_for_a_lead_out_of_turn() -> None:
    t = law_table()
    t.apply("E: play KH")
    assert _bot_choice(t) == "call suit"
