"""Every bot, at every game and in law mode where the game has it, chooses only among ``legal_actions()``.

At a law-mode table a seat sometimes errs (one of its ``irregular_actions``), so that penalty phases, called
suits, exposed cards and claims arise and restrict what the bots may lawfully do (issue 14: the whist rules bot
led a card outside ``legal_actions()`` when a suit called under 002 §20 II restricted its lead).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import bots

WHIST_CODES = ("english-1864", "american-1893", "american-gwp")
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *[(g, {"code": c}) for g in ("whist", "dummy", "double-dummy") for c in WHIST_CODES],
    *[("solo", {"players": n}) for n in (3, 4, 5)],
    ("boston", {}),
    ("cayenne", {}),
    *[("poker", {"variant": v}) for v in ("draw", "straight", "stud", "whiskey")],
    ("pope joan", {}),
    ("vingt-un", {}),
    ("vingt-un", {"french": True}),
]
LAW_GAMES = {"whist", "dummy", "double-dummy", "solo", "boston", "cayenne"}
FAST_KINDS = [k for k in bots.kinds() if k != "search"]


def sit(game: str, options: dict[str, Any], kinds: list[str], seed: int, *, law: bool, acts: int) -> None:
    """Bots of ``kinds`` (by seat) act at a seeded table for up to ``acts`` acts; at law a seat errs now and then."""
    opts = dict(options)
    if law:
        opts["irregularities"] = True
    t = hoyle.game(game, **opts).table(seed=seed)
    players = {s: bots.make(kinds[i % len(kinds)], game, seed=seed + i) for i, s in enumerate(t.seats)}
    rnd = random.Random(seed)
    for _ in range(acts):
        if t.over:
            return
        act_or_err(
            t,
            rnd,
            0.04 if law else 0.0,
            lambda seat: players[seat].choose(t.view(seat), t.legal_actions()),
            f"{game} {options} law={law}: {kinds} bot",
        )


def act_or_err(t: hoyle.Table, rnd: random.Random, rate: float, choose: Any, who: str) -> None:
    """One act: with chance ``rate`` a random seat commits one of its irregularities, else the seat to act's bot
    chooses, and its choice must be one of ``legal_actions()``."""
    if rate and rnd.random() < rate:
        seat = rnd.choice(t.seats)
        wrong = t.irregular_actions(seat)
        if wrong:
            t.apply(f"{seat}: {rnd.choice(wrong)}")
            return
    seat = t.to_act
    assert seat is not None
    legal = t.legal_actions()
    action = choose(seat)
    assert action in legal, f"{who} at {seat} chose {action}, not in {legal}"
    t.apply(action)


@pytest.mark.parametrize(
    ("game", "options"), CONFIGS, ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in CONFIGS]
)
@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    kinds=st.lists(st.sampled_from(FAST_KINDS), min_size=1, max_size=5),
    law=st.booleans(),
)
def test_every_bot_chooses_a_lawful_action(
    game: str, options: dict[str, Any], seed: int, kinds: list[str], law: bool
) -> None:
    sit(game, options, kinds, seed, law=law and game in LAW_GAMES, acts=250)


@pytest.mark.parametrize("game", ["whist", "dummy", "double-dummy"])
def test_the_rules_bot_leads_only_a_lawful_card_under_a_called_suit(game: str) -> None:
    """Issue 14: American code, seed 2: a suit called under 002 §20 II restricts the lead; the rules bot led
    outside ``legal_actions()`` (AD or 7C where only diamonds, or only 7D 9D, were lawful)."""
    sit(game, {"code": "american-1893"}, ["rules"], 2, law=True, acts=3000)
    for seed in range(6):
        sit(game, {"code": "american-1893"}, ["rules"], seed, law=True, acts=400)


@pytest.mark.parametrize(
    ("game", "options"),
    [("whist", {"code": "american-1893"}), ("dummy", {}), ("solo", {}), ("boston", {}), ("cayenne", {})],
)
def test_the_search_bot_chooses_a_lawful_action_at_law(game: str, options: dict[str, Any]) -> None:
    """The search bot (a small budget: two worlds, solving the last two tricks) through a deal at a law-mode
    table where seats err now and then: it too chooses only among the lawful actions."""
    t = hoyle.game(game, irregularities=True, **options).table(seed=2)
    players = {s: bots.make("search", game, seed=i, worlds=2, ms=None, depth=2) for i, s in enumerate(t.seats)}
    rnd = random.Random(2)
    deal = t.view(None).get("deal")
    for _ in range(400):
        if t.over or t.view(None).get("deal") != deal:
            return
        act_or_err(t, rnd, 0.03, lambda seat: bots.decide(players[seat], t), f"{game}: the search bot")
