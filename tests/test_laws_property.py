"""Property tests of law mode: random sittings with irregularities injected at random.

Whatever is done wrongly, every deal ends settled (or is voided by the law), each card of the pack is in
exactly one place at every step, the sitting ends, and replaying its record reproduces every ruling.  The
injector is a test helper (not a bot): at random moments a random seat commits a random act from
``irregular_actions(seat)``; otherwise the seat to act takes a random lawful action.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hoyle
from hoyle.cards import PACK_52
from hoyle.records import dumps, replay_text

PACK = frozenset(str(c) for c in PACK_52)
CONFIGS = [
    (g, c) for g in ("whist", "dummy", "double-dummy") for c in ("english-1864", "american-1893", "american-gwp")
]


class Injector:
    """Plays a law-mode table to its end, committing a random irregularity with probability ``rate``."""

    def __init__(self, seed: int, rate: float) -> None:
        self.rng = random.Random(seed)
        self.rate = rate
        self.injected = 0

    def step(self, t: hoyle.Table) -> None:
        if self.rng.random() < self.rate:
            seat = self.rng.choice(t.seats)
            irregular = t.irregular_actions(seat)
            if irregular:
                a = self.rng.choice(irregular)
                self.injected += 1
                t.apply(f"{seat}: {a}")
                return
        legal = t.legal_actions()
        t.apply(legal[self.rng.randrange(len(legal))])


def check(t: hoyle.Table) -> None:
    places = t.places()
    assert set(places) == PACK, "the pack in play is not the 52 cards"
    assert t.over or (t.to_act in t.seats and t.legal_actions())
    for p in places.values():
        assert p in ("pack", "turned", "trick", "floor") or p.split(" ")[0] in ("hand", "exposed", "quitted"), p


def play(game: str, code: str, seed: int, rate: float, cap: int = 8000) -> tuple[hoyle.Table, Injector]:
    t = hoyle.game(game, irregularities=True, code=code).table(seed=seed)
    inj = Injector(seed, rate)
    check(t)
    steps = 0
    while not t.over:
        steps += 1
        assert steps < cap, "the sitting does not end"
        inj.step(t)
        check(t)
    return t, inj


def _rulings(t: hoyle.Table) -> list[dict[str, Any]]:
    return [e.to_dict() for e in t.events if e.kind == "ruling"]


@pytest.mark.parametrize(("game", "code"), CONFIGS)
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_random_irregularities_always_end_settled_with_cards_conserved_and_replay(
    game: str, code: str, seed: int
) -> None:
    t, _inj = play(game, code, seed, rate=0.06)
    assert t.over and t.to_act is None and t.legal_actions() == []
    record = t.record()
    json.dumps(record)
    for d in record["deals"]:
        assert "result" in d, "a deal left unsettled"
    again = replay_text(dumps(record))
    assert _rulings(again) == _rulings(t)
    assert again.scores == t.scores and [str(a) for a in again.actions] == record["actions"]


@given(seed=st.integers(0, 2**32 - 1), at=st.integers(0, 300))
@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_a_law_mode_table_replayed_or_cloned_midway_goes_on_identically(seed: int, at: int) -> None:
    t = hoyle.game("whist", irregularities=True).table(seed=seed)
    inj = Injector(seed, 0.1)
    for _ in range(at):
        if t.over:
            break
        inj.step(t)
    r = hoyle.replay(t.record())
    c = t.clone()
    assert r.places() == t.places() == c.places() and _rulings(r) == _rulings(t)
    assert [str(a) for a in r.legal_actions()] == [str(a) for a in t.legal_actions()]
    for s in t.seats:
        assert r.irregular_actions(s) == t.irregular_actions(s) == c.irregular_actions(s)
        assert r.view(s) == t.view(s)


def test_the_injector_commits_irregularities_of_every_stage() -> None:
    seen: set[str] = set()
    for seed in range(6):
        t, _ = play("whist", "english-1864", seed, rate=0.15)
        seen |= {e.data["irregularity"] for e in t.events if e.kind == "ruling"}
    assert len(seen) >= 15, sorted(seen)


@pytest.mark.parametrize(("game", "code"), CONFIGS)
def test_law_mode_played_lawfully_passes_the_conformance_harness(game: str, code: str) -> None:
    conformance = pytest.importorskip("test_conformance")
    case = conformance.Case(game, {"irregularities": True, "code": code})
    for seed in range(2):
        t = case.table(seed)
        rnd = random.Random(seed)
        checker = conformance.Checker(case, t)
        state = checker.check_state(t)
        while not t.over:
            state = checker.step(t, rnd, state)
