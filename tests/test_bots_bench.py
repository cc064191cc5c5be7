"""bench/bots.py: the same seeds give the same margins whatever the number of worker processes."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture
def bench_bots() -> object:
    sys.path.insert(0, str(BENCH))  # the workers (spawned) inherit the path and import the module by name
    try:
        yield importlib.import_module("bots")
    finally:
        sys.path.remove(str(BENCH))


def test_one_worker_or_two_give_the_same_margins(bench_bots: object, capsys: pytest.CaptureFixture[str]) -> None:
    """Search against rules at whist, the search bot solving the last two tricks of each world (quick), three
    deals: the margins deal by deal are the same in this process and in two worker processes."""
    match = bench_bots.match  # type: ignore[attr-defined]
    one = match("whist", "search", "rules", 3, 5, 1, 3, 2)
    two = match("whist", "search", "rules", 3, 5, 2, 3, 2)
    assert one == two
    assert len(one) == 3 and all(len(m) == 1 for m in one)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all("3 deals" in line and "tricks" in line for line in lines)


def test_a_round_game_is_measured_against_the_rules_bot_in_self_play(
    bench_bots: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """Solo: the rules bot against itself, seat by seat, is no margin at all."""
    margins = bench_bots.match("solo", "rules", "rules", 2, 1, 1, 2, 2)  # type: ignore[attr-defined]
    assert margins == [[0.0], [0.0]]
    assert "money" in capsys.readouterr().out
